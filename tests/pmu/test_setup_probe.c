/* Host unit tests of pmu_setup's hardware probe for a part no registry
 * row names (pmu/setup.c, docs/spec/xeon-discovery.md D-60): on the
 * hardware backend a GenuineIntel family-6 CPU whose model is in no row
 * is the discovery generation when a table answers, through MSR 0x201E
 * (D-06) or a PMON capability on an Intel PCI function (D-01..D-04), and
 * otherwise no generation. The "hardware" is a backend this file builds:
 * a few MSRs and PCI functions, every other function absent. */
#include "pmu/setup.h"
#include "pmu/registry.h"
#include <setjmp.h>
#include <cmocka.h>

#define MSR_DISC 0x201E /* D-06 */
#define FAULT_GP 13     /* #GP */

static uint64_t msr_201e; /* 0: the MSR faults */
/* One Intel function at 0x7E:00.0 (device 0x09A7, D-01), with or
 * without a PMON capability (id 0x23, D-01; DVSEC id 1, D-03) at 0x100
 * whose BAR 0 holds the table's address. */
static bool has_fn, fn_cap;

static int fake_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)cpu;
	if (msr == MSR_DISC && msr_201e)
		return *val = msr_201e, 0;
	return FAULT_GP;
}

static int fake_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)cpu, (void)msr, (void)val;
	return FAULT_GP;
}

static uint32_t fn_dword(uint16_t off)
{
	switch (off) {
	case 0x00:
		return 0x8086u | 0x09A7u << 16;
	case 0x10: /* BAR 0 */
		return 0xD0000000u;
	case 0x100: /* extended capability 0x23, version 1, last */
		return fn_cap ? 0x23u | 1u << 16 : 0;
	case 0x108: /* DVSEC id 1: PMON */
		return fn_cap ? 1 : 0;
	default:
		return 0;
	}
}

static int fake_pci_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val)
{
	uint32_t d;

	if (f.seg)
		return PLAT_EUNSUPPORTED;
	if (!has_fn || f.bus != 0x7E || f.dev != 0 || f.fn != 0) {
		*val = bytes == 4 ? ~0u : (1u << (8 * bytes)) - 1;
		return 0;
	}
	d = fn_dword(off & ~3u) >> 8 * (off & 3);
	*val = bytes == 4 ? d : d & ((1u << (8 * bytes)) - 1);
	return 0;
}

static int fake_mmio_read(uint64_t phys, unsigned bytes, uint64_t *val)
{
	(void)phys, (void)bytes;
	*val = 0;
	return PLAT_ERANGE;
}

static const struct msr_backend fake_hw = {
	.name = "hw", .read = fake_read, .write = fake_write, .pci_read = fake_pci_read,
	.mmio_read = fake_mmio_read,
};

static int setup(void **state)
{
	(void)state;
	msr_201e = 0;
	has_fn = fn_cap = false;
	return 0;
}

/* pmu_setup on the hardware backend for cpu; its choice's generation name,
 * or NULL. It never runs the emulated backend. */
static const char *probe(const char *vendor, uint32_t family, uint32_t model,
			 struct pmu_choice *ch)
{
	struct pmu_cpu cpu = { .vendor = vendor, .family = family, .model = model,
			.pmu_version = 5 };
	struct pmu_opts o = { .backend = PMU_BACKEND_HW, .uncore = "auto", .uclk_mhz = 2133,
			       .core_ebx = -1 };

	assert_false(pmu_setup(&cpu, &o, &fake_hw, 0, ch));
	return ch->gen ? ch->gen->name : NULL;
}

/* D-60, D-06: model 0xD0, in no row, whose MSR 0x201E gives a table
 * address, is the discovery generation, and the choice says why. */
static void d60_d06_unlisted_model_by_msr(void **state)
{
	struct pmu_choice ch;

	(void)state;
	msr_201e = 0xD0000000;
	assert_string_equal(probe("GenuineIntel", 6, 0xD0, &ch), "disc");
	assert_non_null(strstr(ch.why, "0xd0"));
	assert_non_null(strstr(ch.why, "D-60"));
	assert_false(ch.emulated);
}

/* D-60, D-01..D-04: with MSR 0x201E faulting, a PMON capability on an
 * Intel function answers; the function without the capability does not. */
static void d60_d01_unlisted_model_by_pci(void **state)
{
	struct pmu_choice ch;

	(void)state;
	has_fn = true;
	assert_null(probe("GenuineIntel", 6, 0xD0, &ch));
	fn_cap = true;
	assert_string_equal(probe("GenuineIntel", 6, 0xD0, &ch), "disc");
}

/* D-60: without a table (MSR 0x201E faults, no capability) the part has no
 * generation; a listed model keeps its row whatever the table; another
 * vendor or family is never the discovery generation. */
static void d60_only_unlisted_family_6_intel_with_a_table(void **state)
{
	struct pmu_choice ch;

	(void)state;
	assert_null(probe("GenuineIntel", 6, 0xD0, &ch));
	msr_201e = 0xD0000000;
	assert_string_equal(probe("GenuineIntel", 6, 0x8F, &ch), "spr");
	assert_null(probe("AuthenticAMD", 6, 0xD0, &ch));
	assert_null(probe("GenuineIntel", 19, 0x01, &ch));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(d60_d06_unlisted_model_by_msr, setup),
		cmocka_unit_test_setup(d60_d01_unlisted_model_by_pci, setup),
		cmocka_unit_test_setup(d60_only_unlisted_family_6_intel_with_a_table, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
