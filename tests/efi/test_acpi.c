/* Host unit tests of efi/platform/acpi.c: the MCFG's ECAM ranges found
 * from an RSDP through the XSDT, and a function's ECAM address
 * (PCI Express Base 3.0 7.2.2), on tables built here in memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "efi/platform/acpi.h"

static uint8_t rsdp[36], xsdt[36 + 16], mcfg[44 + 32], fadt[36];

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* An RSDP of revision rev (2: with the XSDT; below 2 its RSDT address is
 * 0: a host's pointers do not fit the RSDT's 32 bits), the XSDT listing a
 * FACP and, if with_mcfg, an MCFG of two ranges: segment 0 buses 0-0xff
 * at 0xB0000000, segment 1 buses 0x80-0x8f at 0x4000000000. */
static const void *tables(unsigned rev, bool with_mcfg)
{
	memset(rsdp, 0, sizeof(rsdp));
	memcpy(rsdp, "RSD PTR ", 8);
	rsdp[15] = (uint8_t)rev;
	memcpy(fadt, "FACP", 4);
	put32(fadt + 4, sizeof(fadt));
	memcpy(mcfg, "MCFG", 4);
	put32(mcfg + 4, sizeof(mcfg));
	put64(mcfg + 44, 0xB0000000ull);
	mcfg[44 + 11] = 0xFF;
	put64(mcfg + 60, 0x4000000000ull);
	mcfg[60 + 8] = 1;
	mcfg[60 + 10] = 0x80;
	mcfg[60 + 11] = 0x8F;
	memcpy(xsdt, "XSDT", 4);
	put32(xsdt + 4, with_mcfg ? 36 + 16 : 36 + 8);
	put64(xsdt + 36, (uintptr_t)fadt);
	put64(xsdt + 44, (uintptr_t)mcfg);
	if (rev >= 2)
		put64(rsdp + 24, (uintptr_t)xsdt);
	return rsdp;
}

static void mcfg_through_the_xsdt(void **state)
{
	struct ecam_range r[4];

	(void)state;
	assert_int_equal(acpi_mcfg(tables(2, true), r, 4), 2);
	assert_int_equal(r[0].base, 0xB0000000ull);
	assert_int_equal(r[0].seg, 0);
	assert_int_equal(r[0].start, 0);
	assert_int_equal(r[0].end, 0xFF);
	assert_int_equal(r[1].base, 0x4000000000ull);
	assert_int_equal(r[1].seg, 1);
	assert_int_equal(r[1].start, 0x80);
	assert_int_equal(r[1].end, 0x8F);
	assert_int_equal(acpi_mcfg(tables(2, true), r, 1), 1); /* at most max */
}

/* No MCFG (-2), no RSDP (-1): the platform's "legacy ports only" line. */
static void missing_tables(void **state)
{
	struct ecam_range r[4];

	(void)state;
	assert_int_equal(acpi_mcfg(tables(2, false), r, 4), -2);
	assert_int_equal(acpi_mcfg(tables(0, true), r, 4), -2); /* no RSDT, no XSDT */
	tables(2, true);
	rsdp[0] = 'X';
	assert_int_equal(acpi_mcfg(rsdp, r, 4), -1);
	assert_int_equal(acpi_mcfg(NULL, r, 4), -1);
}

static void ecam_addresses(void **state)
{
	struct ecam_range r[4];
	int n;

	(void)state;
	n = acpi_mcfg(tables(2, true), r, 4);
	assert_int_equal(ecam_address(r, (unsigned)n,
				      (struct pci_fn){ .bus = 0x7f, .dev = 16, .fn = 4 }, 0xF4),
			 0xB0000000ull + (0x7full << 20 | 16 << 15 | 4 << 12 | 0xF4));
	assert_int_equal(ecam_address(r, (unsigned)n, (struct pci_fn){ .seg = 1, .bus = 0x81 },
				      0x100),
			 0x4000000000ull + (1ull << 20 | 0x100));
	assert_int_equal(ecam_address(r, (unsigned)n, (struct pci_fn){ .seg = 1, .bus = 0x90 }, 0), 0);
	assert_int_equal(ecam_address(r, (unsigned)n, (struct pci_fn){ .seg = 2 }, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mcfg_through_the_xsdt),
		cmocka_unit_test(missing_tables),
		cmocka_unit_test(ecam_addresses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
