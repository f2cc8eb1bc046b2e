/* Host unit tests of the emulated Xeon E5-2600 PCI boxes
 * (pmu/emu/snbep/pci.c) behind the emulated backend, two packages, each
 * named by the statement it checks (spec xeon-e5-2600-uncore.md S-47..S-58),
 * and of each PCI defect breaking its statement. Constants are the
 * spec's, never the model's tables. */
#include "host/host.h"
#include "pmu/emu/faults.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"
#include "tests/pmu/emu/test_fault_rows.h"

#define UCLK_KHZ 1600000u /* so the 800 MHz DRAM clock (OQ-S24) is half of it */
#define BUS0 0x7F         /* OQ-S27: two sockets */
#define BUS1 0xFF
#define HA(b)     ((struct pci_fn){ .bus = b, .dev = 14, .fn = 1 })
#define IMC(b, c) ((struct pci_fn){ .bus = b, .dev = 16, .fn = (c) < 2 ? (c) : (c) + 2 })
#define QPI(b, p) ((struct pci_fn){ .bus = b, .dev = 8 + (p), .fn = 2 })
#define QPIF(b, p) ((struct pci_fn){ .bus = b, .dev = 8 + (p), .fn = 6 })
#define R2(b)     ((struct pci_fn){ .bus = b, .dev = 19, .fn = 1 })
#define R3(b, l)  ((struct pci_fn){ .bus = b, .dev = 19, .fn = 5 + (l) })
#define UBOX(b)   ((struct pci_fn){ .bus = b, .dev = 11 })
#define BOX_CTL 0xF4
#define CTL(k) (0xD8 + 4 * (k))
#define CTR(k) (0xA0 + 8 * (k))
#define EN (1u << 22)
#define INV (1u << 23)
#define EDGE (1u << 18)
#define THRESH(t) ((uint32_t)(t) << 24)

static void machine(emu_faults_t f)
{
	struct emu_fault_set fs = { .fam = { [EMU_FAM_SNBEP] = f } };
	struct emu_cfg c = { .gen = uncore_gen_by_name("snbep"), .faults = &fs,
			     .uclk_khz = UCLK_KHZ, .lower = &below_no_msr, .clock = manual_clock,
			     .cpu_model = 0x2D };

	host_machine(4, 2);
	host_pci_reset();
	emu_start(&c, 0xF0);
}

static uint64_t ctr(struct pci_fn f, unsigned k)
{
	uint64_t v = 0;

	assert_int_equal(pci_cfg_read64(f, CTR(k), &v), 0);
	return v;
}

/* Counter 0 of f counting event ev, zeroed by writing 0 (S-49: no rst). */
static void count(struct pci_fn f, uint32_t ctl)
{
	wr32(f, BOX_CTL, 0);
	wr32(f, CTL(0), ctl);
	assert_int_equal(pci_cfg_write64(f, CTR(0), 0), 0);
}

static void s48_functions_on_each_sockets_bus(void **state)
{
	static const struct {
		unsigned dev, fn;
		uint16_t did;
	} want[] = {
		{ .dev = 14, .fn = 1, .did = 0x3C46 },
		{ .dev = 16, .fn = 0, .did = 0x3CB0 },
		{ .dev = 16, .fn = 1, .did = 0x3CB1 },
		{ .dev = 16, .fn = 4, .did = 0x3CB4 },
		{ .dev = 16, .fn = 5, .did = 0x3CB5 },
		{ .dev = 8, .fn = 2, .did = 0x3C41 },
		{ .dev = 9, .fn = 2, .did = 0x3C42 },
		{ .dev = 8, .fn = 6, .did = 0x3C86 },
		{ .dev = 9, .fn = 6, .did = 0x3C96 },
		{ .dev = 19, .fn = 1, .did = 0x3C43 },
		{ .dev = 19, .fn = 5, .did = 0x3C44 },
		{ .dev = 19, .fn = 6, .did = 0x3C45 },
		{ .dev = 11, .fn = 0, .did = 0x3CE0 },
	};
	uint32_t v;
	unsigned i;

	(void)state;
	machine(0);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		assert_int_equal(rd32((struct pci_fn){ .bus = BUS0, .dev = want[i].dev,
				.fn = want[i].fn }, 0),
				 (uint32_t)want[i].did << 16 | 0x8086);
		assert_int_equal(rd32((struct pci_fn){ .bus = BUS1, .dev = want[i].dev,
				.fn = want[i].fn }, 0),
				 (uint32_t)want[i].did << 16 | 0x8086);
	}
	/* absent on the uncore bus: a master abort; QEMU's own device answers */
	assert_int_equal(pci_cfg_read((struct pci_fn){ .bus = BUS0, .dev = 16, .fn = 2 }, 0, 4, &v),
			 PLAT_EABORT);
	assert_int_equal(v, 0xFFFFFFFFu);
	assert_int_equal(pci_cfg_read((struct pci_fn){ .bus = 0x3F, .dev = 14, .fn = 1 }, 0, 4, &v),
			 PLAT_EABORT);
	assert_int_equal(rd32((struct pci_fn){ 0 }, 0), 0x29C08086);
	assert_int_equal(pci_cfg_read(HA(BUS0), 2, 2, &v), 0);
	assert_int_equal(v, 0x3C46);
}

static void s58_node_id_maps_bus_to_socket(void **state)
{
	uint32_t map;
	unsigned s;

	(void)state;
	machine(0);
	map = rd32(UBOX(BUS1), 0x54);
	for (s = 0; s < 8 && ((map >> (3 * s)) & 7) != (rd32(UBOX(BUS1), 0x40) & 7); s++)
		;
	assert_int_equal(s, 1);
	for (s = 0; s < 8 && ((map >> (3 * s)) & 7) != (rd32(UBOX(BUS0), 0x40) & 7); s++)
		;
	assert_int_equal(s, 0);
}

/* S-56: clockticks at the box clock; S-52: the DRAM clock. */
static void s56_s52_clockticks_and_dram_clock(void **state)
{
	(void)state;
	machine(0);
	count(HA(BUS0), EN | 0x00);
	count(QPI(BUS0, 1), EN | 0x14);
	count(R3(BUS1, 0), EN | 0x01);
	wr32(IMC(BUS0, 2), 0xF0, EN | (1u << 19));
	clock_now += 1000;
	assert_int_equal(ctr(HA(BUS0), 0), 1000);
	assert_int_equal(ctr(QPI(BUS0, 1), 0), 1000);
	assert_int_equal(ctr(R3(BUS1, 0), 0), 1000);
	assert_int_equal(rd32(IMC(BUS0, 2), 0xD0), 500); /* 800 of 1600 MHz */
	assert_int_equal(rd32(IMC(BUS0, 2), 0xF0), EN);  /* rst reads 0 */
	wr32(QPI(BUS0, 1), CTL(0), EN | 0x14 | (1u << 21)); /* ev_sel_ext: another event */
	clock_now += 1000;
	assert_int_equal(ctr(QPI(BUS0, 1), 0), 1000);
}

static void s50_freeze_resume_and_resets(void **state)
{
	(void)state;
	machine(0);
	count(R2(BUS0), EN | 0x01);
	count(HA(BUS0), EN);
	wr32(R2(BUS0), BOX_CTL, 0x10100);
	clock_now += 100;
	assert_int_equal(ctr(R2(BUS0), 0), 0);
	assert_int_equal(ctr(HA(BUS0), 0), 100); /* S-14: its own box only */
	wr32(R2(BUS0), BOX_CTL, 0x100); /* frz without frz_en: S-12 */
	clock_now += 100;
	assert_int_equal(ctr(R2(BUS0), 0), 100);
	wr32(R2(BUS0), BOX_CTL, 0x2); /* rst_ctrs */
	assert_int_equal(ctr(R2(BUS0), 0), 0);
	wr32(R2(BUS0), BOX_CTL, 0x1); /* rst_ctrl */
	assert_int_equal(rd32(R2(BUS0), CTL(0)), 0);
	wr32(HA(BUS0), BOX_CTL, 0x3); /* HA: bits 1:0 reserved */
	assert_int_equal(ctr(HA(BUS0), 0), 200);
	assert_int_equal(rd32(HA(BUS0), CTL(0)), EN);
	assert_int_equal(rd32(HA(BUS0), BOX_CTL), 0); /* OQ-S02 */
}

static void s51_widths(void **state)
{
	(void)state;
	machine(0);
	count(R3(BUS0, 1), EN | 0x01);
	count(HA(BUS0), EN);
	wr32(R3(BUS0, 1), BOX_CTL, 0x10100);
	wr32(HA(BUS0), BOX_CTL, 0x10100);
	assert_int_equal(pci_cfg_write64(R3(BUS0, 1), CTR(0), (1ull << 44) - 5), 0);
	assert_int_equal(pci_cfg_write64(HA(BUS0), CTR(0), (1ull << 48) - 5), 0);
	wr32(R3(BUS0, 1), BOX_CTL, 0x10000);
	wr32(HA(BUS0), BOX_CTL, 0x10000);
	clock_now += 8;
	assert_int_equal(ctr(R3(BUS0, 1), 0), 3);
	assert_int_equal(ctr(HA(BUS0), 0), 3);
}

/* S-47: a running counter's two dwords come from two moments. */
static void s47_two_dword_reads_tear(void **state)
{
	uint32_t lo, hi;

	(void)state;
	machine(0);
	count(HA(BUS0), EN);
	assert_int_equal(pci_cfg_write64(HA(BUS0), CTR(0), 0xFFFFFFF0ull), 0);
	lo = rd32(HA(BUS0), CTR(0));
	clock_now += 0x20;
	hi = rd32(HA(BUS0), CTR(0) + 4);
	assert_int_equal((uint64_t)hi << 32 | lo, 0x1FFFFFFF0ull); /* torn: neither value */
}

static void s49_thresh_invert_edge(void **state)
{
	(void)state;
	machine(0);
	count(HA(BUS0), EN | THRESH(2) | INV);
	wr32(HA(BUS0), CTL(1), EN | THRESH(1) | EDGE);
	wr32(HA(BUS0), CTL(2), EN | THRESH(2));
	clock_now += 50;
	assert_int_equal(ctr(HA(BUS0), 0), 50); /* x = 1 < 2 every cycle */
	assert_int_equal(ctr(HA(BUS0), 1), 1);  /* one rising edge */
	assert_int_equal(ctr(HA(BUS0), 2), 0);
}

static void declare(void *arg)
{
	uint64_t *a = arg;

	pmu_traffic(a[0], a[1], a[2]);
}

/* S-53, S-55: the declaring CPU's socket counts its lines over 4 channels. */
static void s53_s55_cas_counts(void **state)
{
	uint64_t rd[3] = { 0x100040, 64 * 1001, 0 }, wr[3] = { 0x200000, 64 * 400, 1 }, sum = 0;
	unsigned c;

	(void)state;
	machine(0);
	for (c = 0; c < 4; c++) {
		count(IMC(BUS1, c), EN | 0x04 | 0x03 << 8);
		wr32(IMC(BUS1, c), CTL(1), EN | 0x04 | 0x0C << 8);
		count(IMC(BUS0, c), EN | 0x04 | 0x0F << 8);
	}
	plat_run_on(2, declare, rd, 0, NULL); /* CPU 2: package 1 */
	plat_run_on(3, declare, wr, 0, NULL);
	for (c = 0; c < 4; c++) {
		sum += ctr(IMC(BUS1, c), 0);
		assert_int_equal(ctr(IMC(BUS1, c), 1), 100);
		assert_int_equal(ctr(IMC(BUS0, c), 0), 0);
	}
	assert_int_equal(sum, 1001);
	assert_int_equal(ctr(IMC(BUS1, 1), 0), 251); /* line 0 at bits 7:6 = 1 */
}

static void s57_match_mask_read_back(void **state)
{
	(void)state;
	machine(0);
	wr32(QPIF(BUS0, 1), 0x228, 0x12345);
	wr32(QPIF(BUS0, 1), 0x23C, 0xFFFFFFFF);
	assert_int_equal(rd32(QPIF(BUS0, 1), 0x228), 0x12340); /* reserved 2:0 read 0 */
	assert_int_equal(rd32(QPIF(BUS0, 1), 0x23C), 0xF000F); /* rds 19:16, rnid_3_0 3:0 */
	assert_int_equal(rd32(QPIF(BUS0, 0), 0x228), 0);
}

/* Each PCI defect breaks its statement: a row per defect, each saying
 * whether the statement holds on the model with mask f. */
static bool frz_holds(emu_faults_t f)
{
	machine(f);
	count(R2(BUS0), EN | 0x01);
	wr32(R2(BUS0), BOX_CTL, 0x10100);
	clock_now += 10;
	return ctr(R2(BUS0), 0) == 0;
}

/* S-05: a frozen box's counter takes a write. */
static bool frozen_ctr_written(emu_faults_t f)
{
	machine(f);
	count(HA(BUS0), EN);
	wr32(HA(BUS0), BOX_CTL, 0x10100);
	assert_int_equal(pci_cfg_write64(HA(BUS0), CTR(0), 0x123456789ull), 0);
	return ctr(HA(BUS0), 0) == 0x123456789ull;
}

static bool frz_own_box(emu_faults_t f)
{
	machine(f);
	count(R2(BUS0), EN | 0x01);
	count(R3(BUS0, 0), EN | 0x01);
	wr32(R2(BUS0), BOX_CTL, 0x10100);
	clock_now += 10;
	return ctr(R3(BUS0, 0), 0) == 10;
}

static bool rst_ctrs_zeroes(emu_faults_t f)
{
	machine(f);
	count(QPI(BUS0, 0), EN | 0x14);
	clock_now += 10;
	wr32(QPI(BUS0, 0), BOX_CTL, 0x10102);
	return ctr(QPI(BUS0, 0), 0) == 0;
}

static bool width_44(emu_faults_t f)
{
	machine(f);
	count(R2(BUS0), EN | 0x01);
	assert_int_equal(pci_cfg_write64(R2(BUS0), CTR(0), (1ull << 44) - 1), 0);
	clock_now += 2;
	return ctr(R2(BUS0), 0) == 1;
}

static bool invert_counts(emu_faults_t f)
{
	machine(f);
	count(HA(BUS0), EN | THRESH(2) | INV);
	clock_now += 10;
	return ctr(HA(BUS0), 0) == 10;
}

static bool dclk_rate(emu_faults_t f)
{
	machine(f);
	wr32(IMC(BUS0, 0), 0xF0, EN | (1u << 19));
	clock_now += 1000;
	return rd32(IMC(BUS0, 0), 0xD0) == 500;
}

static bool cas_reads_summed(emu_faults_t f)
{
	uint64_t rd[3] = { 0, 64 * 400, 0 }, sum = 0;
	unsigned c;

	machine(f);
	for (c = 0; c < 4; c++)
		count(IMC(BUS0, c), EN | 0x04 | 0x03 << 8);
	declare(rd);
	for (c = 0; c < 4; c++)
		sum += ctr(IMC(BUS0, c), 0);
	return sum == 400;
}

static const struct hold_row rows[] = {
	HOLD_ROW(SNBEP_PCI_FRZ_IGNORED, frz_holds),
	HOLD_ROW(SNBEP_PCI_FRZ_LEAKS, frz_own_box),
	HOLD_ROW(SNBEP_PCI_RST_CTRS_IGNORED, rst_ctrs_zeroes),
	HOLD_ROW(SNBEP_PCI_WIDTH_48, width_44),
	HOLD_ROW(SNBEP_PCI_INVERT_IGNORED, invert_counts),
	HOLD_ROW(SNBEP_PCI_DCLK_HALF, dclk_rate),
	HOLD_ROW(SNBEP_PCI_IMC_CHAN_LOST, cas_reads_summed),
	HOLD_ROW(SNBEP_PCI_IMC_RW_SWAPPED, cas_reads_summed),
	HOLD_ROW(SNBEP_PCI_FROZEN_CTR_RO, frozen_ctr_written),
};

static void every_pci_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "snbep-pci-", 10));
	ASSERT_ROWS_HOLD(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s48_functions_on_each_sockets_bus),
		cmocka_unit_test(s58_node_id_maps_bus_to_socket),
		cmocka_unit_test(s56_s52_clockticks_and_dram_clock),
		cmocka_unit_test(s50_freeze_resume_and_resets),
		cmocka_unit_test(s51_widths),
		cmocka_unit_test(s47_two_dword_reads_tear),
		cmocka_unit_test(s49_thresh_invert_edge),
		cmocka_unit_test(s53_s55_cas_counts),
		cmocka_unit_test(s57_match_mask_read_back),
		cmocka_unit_test(every_pci_defect_breaks_its_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
