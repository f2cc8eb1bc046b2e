/* lib/platform.h's PCI configuration space and MMIO on UEFI.
 *
 * Configuration space: ECAM for every segment and bus range the
 * firmware's ACPI MCFG table lists (efi/platform/acpi.c; the table found
 * from the ACPI 2.0 RSDP of the UEFI configuration table). Where no MCFG entry covers
 * a function, the legacy mechanism (0xCF8 address, 0xCFC data: PCI Local
 * Bus 3.0 3.2.2.3.2) reaches segment 0 below offset 0x100, and nothing
 * reaches the rest (PLAT_EUNSUPPORTED).
 *
 * MMIO: only inside the ranges the firmware's GCD memory space map (DXE
 * services, PI 1.7 vol. 2 7.2) gives as memory-mapped I/O and whose
 * attributes are uncached or unset (the firmware maps them uncached), each
 * access fault-catching; the ECAM windows themselves are reached here too.
 * Read once, at the first access, on the BSP (boot services). */
#include "efi/efi.h"
#include "lib/platform.h"
#include "efi/platform/acpi.h"
#include "arch/fault.h"
#include "arch/io.h"

#define MAX_ECAM 8
#define MAX_MMIO 64

static const EFI_GUID dxe_services_guid = { 0x05ad34ba, 0x6f02, 0x4214,
					    { 0x95, 0x2e, 0x4d, 0xa0, 0x39, 0x8e, 0x2b, 0xb9 } };

struct gcd_desc { /* EFI_GCD_MEMORY_SPACE_DESCRIPTOR */
	uint64_t base, length, capabilities, attributes;
	uint32_t type; /* 3: EfiGcdMemoryTypeMemoryMappedIo */
	void *image, *device;
};
typedef EFI_STATUS(EFIAPI *get_space_map_fn)(UINTN *n, struct gcd_desc **map);
#define GCD_MMIO 3
#define GCD_MAP_SLOT 6 /* GetMemorySpaceMap: the 7th service after the header */
#define MEM_CACHE_BITS 0x101Full /* EFI_MEMORY_UC, WC, WT, WB, UCE, WP */

static struct {
	bool done;
	unsigned necam, nmmio;
	struct ecam_range ecam[MAX_ECAM];
	struct {
		uint64_t base, end; /* [base, end) */
	} mmio[MAX_MMIO];
	char why[120];
	volatile int cf8_lock;
} pci;

static void read_mcfg(void)
{
	EFI_GUID acpi20 = ACPI_20_TABLE_GUID;
	const void *rsdp = NULL;
	int n;

	for (UINTN k = 0; k < g_st->NumberOfTableEntries; k++)
		if (!memcmp(&g_st->ConfigurationTable[k].VendorGuid, &acpi20, sizeof(acpi20)))
			rsdp = g_st->ConfigurationTable[k].VendorTable;
	n = acpi_mcfg(rsdp, pci.ecam, MAX_ECAM);
	pci.necam = n > 0 ? (unsigned)n : 0;
	if (n < 0 || !n)
		snprintf(pci.why, sizeof(pci.why), "%s",
			 n == -1 ? "no ACPI 2.0 RSDP in the UEFI configuration table" :
			 n == -2 ? "no ACPI MCFG table" : "an ACPI MCFG table with no entry");
}

static void read_mmio_ranges(void)
{
	void *dxe = NULL;
	struct gcd_desc *map = NULL;
	UINTN n = 0, i;

	for (UINTN k = 0; k < g_st->NumberOfTableEntries; k++)
		if (!memcmp(&g_st->ConfigurationTable[k].VendorGuid, &dxe_services_guid,
			    sizeof(dxe_services_guid)))
			dxe = g_st->ConfigurationTable[k].VendorTable;
	if (!dxe)
		return;
	if (EFI_ERROR(((get_space_map_fn *)((uint8_t *)dxe + sizeof(EFI_TABLE_HEADER)))
		      [GCD_MAP_SLOT](&n, &map)))
		return;
	for (i = 0; i < n && pci.nmmio < MAX_MMIO; i++) {
		uint64_t cache = map[i].attributes & MEM_CACHE_BITS;

		if (map[i].type != GCD_MMIO || (cache && cache != 1 /* EFI_MEMORY_UC */))
			continue;
		pci.mmio[pci.nmmio].base = map[i].base;
		pci.mmio[pci.nmmio++].end = map[i].base + map[i].length;
	}
	g_bs->FreePool(map);
}

static void init(void)
{
	if (pci.done)
		return;
	pci.done = true;
	read_mcfg();
	read_mmio_ranges();
}

const char *plat_pci_mechanism(void)
{
	static char line[160];
	unsigned i;
	size_t n;

	init();
	if (!pci.necam) {
		snprintf(line, sizeof(line), "legacy 0xCF8/0xCFC only (segment 0, offsets below 0x100): %s",
			 pci.why);
		return line;
	}
	n = (size_t)snprintf(line, sizeof(line), "ECAM from ACPI MCFG:");
	for (i = 0; i < pci.necam && n < sizeof(line); i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, " segment %u buses 0x%02x-0x%02x at 0x%llx;",
				      pci.ecam[i].seg, pci.ecam[i].start, pci.ecam[i].end,
				      (unsigned long long)pci.ecam[i].base);
	if (n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, " %u MMIO ranges", pci.nmmio);
	return line;
}

static int check(struct pci_fn f, uint16_t off, unsigned bytes, uint64_t *ecam)
{
	init();
	if ((bytes != 1 && bytes != 2 && bytes != 4) || (off & (bytes - 1)) || off >= 0x1000 ||
	    f.dev > 31 || f.fn > 7)
		return PLAT_EINVAL;
	*ecam = ecam_address(pci.ecam, pci.necam, f, off);
	if (!*ecam && (f.seg || off >= 0x100))
		return PLAT_EUNSUPPORTED;
	return PLAT_OK;
}

static uint32_t cf8(struct pci_fn f, uint16_t off)
{
	return 0x80000000u | (uint32_t)f.bus << 16 | (uint32_t)f.dev << 11 | (uint32_t)f.fn << 8 |
	       (off & 0xFC);
}

int plat_pci_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val)
{
	uint64_t a, flags;
	int rc = check(f, off, bytes, &a), vec = 0;
	uint8_t b;
	uint16_t w;

	*val = bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1;
	if (rc)
		return rc;
	if (a) {
		if (bytes == 1 && !(vec = mmio_read8_safe(a, &b)))
			*val = b;
		else if (bytes == 2 && !(vec = mmio_read16_safe(a, &w)))
			*val = w;
		else if (bytes == 4)
			vec = mmio_read32_safe(a, val);
		return vec ? PLAT_EFAULT : PLAT_OK;
	}
	flags = plat_lock(&pci.cf8_lock);
	outl(0xCF8, cf8(f, off));
	*val = bytes == 4 ? inl(0xCFC) : bytes == 2 ? inw(0xCFC + (off & 2)) : inb(0xCFC + (off & 3));
	plat_unlock(&pci.cf8_lock, flags);
	return PLAT_OK;
}

int plat_pci_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val)
{
	uint64_t a, flags;
	int rc = check(f, off, bytes, &a), vec;

	if (rc)
		return rc;
	if (a) {
		vec = bytes == 1 ? mmio_write8_safe(a, (uint8_t)val) :
		      bytes == 2 ? mmio_write16_safe(a, (uint16_t)val) : mmio_write32_safe(a, val);
		return vec ? PLAT_EFAULT : PLAT_OK;
	}
	flags = plat_lock(&pci.cf8_lock);
	outl(0xCF8, cf8(f, off));
	if (bytes == 4)
		outl(0xCFC, val);
	else if (bytes == 2)
		outw(0xCFC + (off & 2), (uint16_t)val);
	else
		outb(0xCFC + (off & 3), (uint8_t)val);
	plat_unlock(&pci.cf8_lock, flags);
	return PLAT_OK;
}

int plat_mmio_range(uint64_t phys, uint64_t len)
{
	unsigned i;

	init();
	for (i = 0; i < pci.nmmio; i++)
		if (phys >= pci.mmio[i].base && phys < pci.mmio[i].end &&
		    len <= pci.mmio[i].end - phys)
			return PLAT_OK;
	return PLAT_ERANGE;
}

static int mmio_check(uint64_t phys, unsigned bytes)
{
	if ((bytes != 4 && bytes != 8) || (phys & (bytes - 1)))
		return PLAT_EINVAL;
	return plat_mmio_range(phys, bytes);
}

int plat_mmio_read(uint64_t phys, unsigned bytes, uint64_t *val)
{
	uint32_t v32;
	int rc = mmio_check(phys, bytes), vec;

	*val = 0;
	if (rc)
		return rc;
	if (bytes == 8)
		return mmio_read64_safe(phys, val);
	vec = mmio_read32_safe(phys, &v32);
	*val = vec ? 0 : v32;
	return vec;
}

int plat_mmio_write(uint64_t phys, unsigned bytes, uint64_t val)
{
	int rc = mmio_check(phys, bytes);

	if (rc)
		return rc;
	return bytes == 8 ? mmio_write64_safe(phys, val) : mmio_write32_safe(phys, (uint32_t)val);
}
