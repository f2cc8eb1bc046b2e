/* Host unit tests of the emulated E5 v2, v3 and v4 PCI boxes
 * (pmu/emu/snbep/pci.c on the rows of pmu/emu/snbep/pci_gens.c) behind the
 * emulated backend, two packages, each named by the statement it checks
 * (spec xeon-e5-v2-v4-uncore.md V-33..V-40), and of each pciv2- defect
 * breaking its statement. Constants are the spec's, never the model's
 * tables. */
#include "host/host.h"
#include "pmu/backend/space.h"
#include "pmu/emu/faults.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"
#include "tests/pmu/emu/test_fault_rows.h"

#define UCLK_KHZ 1600000u /* so the 800 MHz DRAM clock (OQ-V21) is half of it */
#define BUS0 0x7F         /* OQ-S27: two sockets */
#define BUS1 0xFF
#define FN(b, d, f) ((struct pci_fn){ .bus = b, .dev = d, .fn = f })
/* §4 and OQ-V17's places */
#define IVB_HA(b)    FN(b, 14, 1)
#define IVB_IMC(b, c) FN(b, (c) < 4 ? 16 : 30, ((c) & 3) < 2 ? 4 + ((c) & 1) : (c) & 1)
#define IVB_R2(b)    FN(b, 19, 1)
#define IVB_R3(b, l) FN(b, (l) < 2 ? 19 : 18, (l) < 2 ? 5 + (l) : 5)
#define HSX_HA(b, h) FN(b, 18, 1 + 4 * (h))
#define HSX_IMC(b, c) FN(b, 20 + (c) / 2 + ((c) >= 4), (c) & 1)
#define HSX_QPI(b, p) FN(b, 8 + (p), 2)
#define HSX_R2(b)    FN(b, 16, 1)
#define HSX_R3(b, l) FN(b, 11, (l) < 2 ? 1 + (l) : 5)
#define BOX_CTL 0xF4
#define STATUS 0xF8
#define CTL(k) (0xD8 + 4 * (k))
#define CTR(k) (0xA0 + 8 * (k))
#define FIXED_CTL 0xF0
#define FIXED_CTR 0xD0
#define EN (1u << 22)
#define OV_EN (1u << 20)
#define INV (1u << 23)
#define THRESH(t) ((uint32_t)(t) << 24)

/* gen on two packages of ncpus / 2 cores each. */
static void machine_of(const char *gen, uint32_t model, unsigned ncpus, emu_faults_t f)
{
	struct emu_fault_set fs = { { [EMU_FAM_SNBEP] = f } };
	struct emu_cfg c = { .gen = uncore_gen_by_name(gen), .faults = &fs,
			     .uclk_khz = UCLK_KHZ, .lower = &below_no_msr, .clock = manual_clock,
			     .cpu_model = model };

	host_machine(ncpus, 2);
	host_pci_reset();
	emu_start(&c, 0xF0);
}

static void ivb(emu_faults_t f)
{
	machine_of("ivbep", 0x3E, 4, f);
}

/* 2 cores a package: the 8-core die (OQ-V15, OQ-V22). */
static void hsx(emu_faults_t f)
{
	machine_of("hswep", 0x3F, 4, f);
}

static uint64_t ctr(struct pci_fn f, unsigned k)
{
	uint64_t v = 0;

	assert_int_equal(pci_cfg_read64(f, CTR(k), &v), 0);
	return v;
}

static bool absent(struct pci_fn f)
{
	uint32_t v;

	return pci_cfg_read(f, 0, 4, &v) == PLAT_EABORT && v == 0xFFFFFFFFu;
}

/* Counter 0 of f counting with ctl, zeroed. */
static void count(struct pci_fn f, uint32_t ctl)
{
	wr32(f, BOX_CTL, 0);
	wr32(f, CTL(0), ctl);
	assert_int_equal(pci_cfg_write64(f, CTR(0), 0), 0);
}

/* V-33, V-39: §4's device ids on each socket's bus; V-23: the U-box
 * function's node id (OQ-V17's places). */
static void v33_v23_functions_and_ids(void **state)
{
	(void)state;
	ivb(0);
	assert_int_equal(rd32(IVB_HA(BUS1), 0), 0x0E308086u);
	assert_int_equal(rd32(FN(BUS0, 28, 1), 0), 0x0E388086u);
	assert_int_equal(rd32(IVB_IMC(BUS0, 0), 0), 0x0EB48086u);
	assert_int_equal(rd32(IVB_IMC(BUS0, 7), 0), 0x0EF18086u);
	assert_int_equal(rd32(FN(BUS0, 24, 2), 0), 0x0E3A8086u);
	assert_int_equal(rd32(IVB_R3(BUS1, 2), 0), 0x0E3E8086u);
	assert_int_equal(rd32(FN(BUS1, 11, 0), 0), 0x0E1E8086u);
	assert_int_equal(rd32(FN(BUS1, 11, 0), 0x40), 1);
	assert_true(absent(FN(BUS0, 30, 3))); /* no PCU function 3 on the E5 v2 */
	hsx(0);
	assert_int_equal(rd32(HSX_IMC(BUS1, 3), 0), 0x2FB58086u);
	assert_int_equal(rd32(HSX_R2(BUS0), 0), 0x2F348086u);
	assert_int_equal(rd32(FN(BUS0, 16, 5), 0), 0x2F1E8086u);
	assert_int_equal(rd32(FN(BUS0, 30, 3), 0), 0x2FC08086u); /* beside them (V-31) */
}

/* V-39, OQ-V22: the 8-core die has one controller: HA 1, iMC 4..7, QPI 2
 * and R3QPI 2 read all-ones; the 18-core die has them. */
static void v39_boxes_as_the_die_has_them(void **state)
{
	(void)state;
	hsx(0);
	assert_true(absent(HSX_HA(BUS0, 1)));
	assert_true(absent(HSX_IMC(BUS0, 4)));
	assert_true(absent(HSX_QPI(BUS1, 2)));
	assert_true(absent(HSX_R3(BUS1, 2)));
	assert_false(absent(HSX_IMC(BUS0, 3)));
	machine_of("hswep", 0x3F, 20, 0); /* 10 cores a package */
	assert_int_equal(rd32(HSX_HA(BUS0, 1), 0), 0x2F388086u);
	assert_int_equal(rd32(HSX_IMC(BUS1, 7), 0), 0x2FD58086u);
	assert_int_equal(rd32(HSX_R3(BUS1, 2), 0), 0x2F3E8086u);
}

/* V-33: R2PCIe 44 bits on IVB-EP, 48 on HSX; R3QPI 44 on both, 48 on BDX. */
static unsigned width_of(struct pci_fn f, uint32_t clk)
{
	unsigned w;

	for (w = 44; w <= 48; w += 4) {
		count(f, EN | clk);
		assert_int_equal(pci_cfg_write64(f, CTR(0), (1ull << w) - 1), 0);
		clock_now += 2;
		if (ctr(f, 0) == 1)
			return w;
	}
	return 0;
}

static void v33_widths(void **state)
{
	(void)state;
	ivb(0);
	assert_int_equal(width_of(IVB_R2(BUS0), 0x01), 44);
	assert_int_equal(width_of(IVB_R3(BUS0, 0), 0x01), 44);
	assert_int_equal(width_of(IVB_HA(BUS0), 0x00), 48);
	hsx(0);
	assert_int_equal(width_of(HSX_R2(BUS0), 0x01), 48);
	assert_int_equal(width_of(HSX_R3(BUS0, 1), 0x01), 44);
	machine_of("bdx", 0x4F, 4, 0);
	assert_int_equal(width_of(FN(BUS0, 11, 1), 0x01), 48);
}

/* V-34: rst_ctrs and rst_ctrl on the HA and iMC too; frz with frz_en its
 * own box only. */
static bool resets_on_ha(emu_faults_t f)
{
	ivb(f);
	count(IVB_HA(BUS0), EN);
	clock_now += 10;
	wr32(IVB_HA(BUS0), BOX_CTL, 0x10102);
	if (ctr(IVB_HA(BUS0), 0))
		return false;
	wr32(IVB_HA(BUS0), BOX_CTL, 0x10101);
	return rd32(IVB_HA(BUS0), CTL(0)) == 0;
}

static void v34_resets_and_freeze(void **state)
{
	(void)state;
	assert_true(resets_on_ha(0));
	hsx(0);
	count(HSX_IMC(BUS0, 1), EN);
	count(HSX_HA(BUS0, 0), EN);
	wr32(HSX_IMC(BUS0, 1), BOX_CTL, 0x10100);
	clock_now += 100;
	assert_int_equal(ctr(HSX_IMC(BUS0, 1), 0), 0);
	assert_int_equal(ctr(HSX_HA(BUS0, 0), 0), 100);
	wr32(HSX_IMC(BUS0, 1), BOX_CTL, 0x10001);
	assert_int_equal(rd32(HSX_IMC(BUS0, 1), CTL(0)), 0);
}

/* V-35: invert is kept and inverts on HSX; IVB-EP drops bit 23 (V-12);
 * ov_en (20) is kept on both. */
static void v35_invert_and_ov_en(void **state)
{
	(void)state;
	ivb(0);
	wr32(IVB_R2(BUS0), CTL(0), EN | INV | OV_EN | THRESH(2) | 0x01);
	assert_int_equal(rd32(IVB_R2(BUS0), CTL(0)), EN | OV_EN | THRESH(2) | 0x01);
	hsx(0);
	count(HSX_R2(BUS0), EN | INV | THRESH(2) | 0x01);
	clock_now += 10;
	assert_int_equal(rd32(HSX_R2(BUS0), CTL(0)), EN | INV | THRESH(2) | 0x01);
	assert_int_equal(ctr(HSX_R2(BUS0), 0), 10); /* x = 1 < 2 every cycle */
}

/* V-36, OQ-V21: the fixed counter at 800 MHz of the 1600 MHz U-clock. */
static void v36_dram_clock(void **state)
{
	(void)state;
	hsx(0);
	wr32(HSX_IMC(BUS1, 2), FIXED_CTL, EN | (1u << 19));
	clock_now += 1000;
	assert_int_equal(rd32(HSX_IMC(BUS1, 2), FIXED_CTR), 500);
	assert_int_equal(rd32(HSX_IMC(BUS1, 2), FIXED_CTL), EN);
}

/* V-38, OQ-V18: an ov_en wrap sets counter k's bit (k + 1 on the iMC, bit
 * 0 its fixed counter); a wrap without ov_en none; write 1 clears. */
static bool status_set(emu_faults_t f)
{
	ivb(f);
	count(IVB_R3(BUS0, 0), EN | OV_EN | 0x01);
	wr32(IVB_R3(BUS0, 0), CTL(1), EN | 0x01);
	assert_int_equal(pci_cfg_write64(IVB_R3(BUS0, 0), CTR(0), (1ull << 44) - 1), 0);
	assert_int_equal(pci_cfg_write64(IVB_R3(BUS0, 0), CTR(1), (1ull << 44) - 1), 0);
	count(IVB_IMC(BUS0, 2), EN | OV_EN);
	assert_int_equal(pci_cfg_write64(IVB_IMC(BUS0, 2), CTR(0), (1ull << 48) - 1), 0);
	wr32(IVB_IMC(BUS0, 2), FIXED_CTL, EN | OV_EN);
	assert_int_equal(pci_cfg_write64(IVB_IMC(BUS0, 2), FIXED_CTR, (1ull << 48) - 1), 0);
	clock_now += 4;
	return rd32(IVB_R3(BUS0, 0), STATUS) == 0x1 && rd32(IVB_IMC(BUS0, 2), STATUS) == 0x3;
}

static bool status_clears(emu_faults_t f)
{
	if (!status_set(f & ~EMU_F(PCIV2_STATUS_LOST)))
		return false;
	wr32(IVB_IMC(BUS0, 2), STATUS, 0x2);
	return rd32(IVB_IMC(BUS0, 2), STATUS) == 0x1;
}

static void v38_overflow_status(void **state)
{
	(void)state;
	assert_true(status_set(0));
	assert_true(status_clears(0));
}

static void declare(void *arg)
{
	uint64_t *a = arg;

	pmu_traffic(a[0], a[1], a[2]);
}

/* V-37, V-40: the declaring CPU's socket counts its lines over the
 * channels present: eight on IVB-EP, four on HSX's 8-core die. */
static uint64_t cas_sum(unsigned n, struct pci_fn (*at)(unsigned c), uint64_t lines)
{
	uint64_t rd[3] = { 0x100000, 64 * lines, 0 }, sum = 0;
	unsigned c;

	for (c = 0; c < n; c++)
		count(at(c), EN | 0x04 | 0x03 << 8);
	plat_run_on(2, declare, rd, 0, NULL); /* CPU 2: package 1 */
	for (c = 0; c < n; c++)
		sum += ctr(at(c), 0);
	return sum;
}

static struct pci_fn ivb_imc1(unsigned c)
{
	return IVB_IMC(BUS1, c);
}

static struct pci_fn hsx_imc1(unsigned c)
{
	return HSX_IMC(BUS1, c);
}

static void v37_v40_cas_over_the_channels(void **state)
{
	(void)state;
	ivb(0);
	assert_int_equal(cas_sum(8, ivb_imc1, 1003), 1003);
	assert_int_equal(ctr(IVB_IMC(BUS1, 7), 0), 125); /* 1003 / 8, line 0 on channel 0 */
	hsx(0);
	assert_int_equal(cas_sum(4, hsx_imc1, 1003), 1003);
}

static const struct hold_row rows[] = {
	HOLD_ROW(PCIV2_RST_RESERVED, resets_on_ha),
	HOLD_ROW(PCIV2_STATUS_LOST, status_set),
	HOLD_ROW(PCIV2_STATUS_STICKY, status_clears),
};

static void every_pciv2_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "pciv2-", 6));
	ASSERT_ROWS_HOLD(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v33_v23_functions_and_ids),
		cmocka_unit_test(v39_boxes_as_the_die_has_them),
		cmocka_unit_test(v33_widths),
		cmocka_unit_test(v34_resets_and_freeze),
		cmocka_unit_test(v35_invert_and_ov_en),
		cmocka_unit_test(v36_dram_clock),
		cmocka_unit_test(v38_overflow_status),
		cmocka_unit_test(v37_v40_cas_over_the_channels),
		cmocka_unit_test(every_pciv2_defect_breaks_its_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
