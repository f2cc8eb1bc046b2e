/* Host tests of the emulated Xeon Scalable (Skylake-SP, Cascade Lake)
 * uncore: the E5 family's model on snbep_gen_skx (pmu/emu/snbep/gens.c,
 * global.c, skx.c), named by the statements of spec xeon-sp-uncore.md,
 * with expected counts from the statements alone (clockticks: one per
 * UCLK, the model's time unit), and one row per skx- defect that breaks
 * its behaviour. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "tests/pmu/emu/test_fault_rows.h"

/* §2, K-03, K-08, K-11 */
#define G_CTL 0x700u
#define G_STATUS 0x701u
#define X_FIXED_CTL 0x703u
#define X_FIXED_CTR 0x704u
#define X_PCU_BOX_CTL 0x710u
#define X_PCU_CTL(k) (0x711u + (k))
#define X_PCU_CTR(k) (0x717u + (k))
#define CHA_BOX_CTL(n) (0xE00u + 0x10u * (n))
#define CHA_CTL(n, k) (0xE01u + 0x10u * (n) + (k))
#define CHA_F0(n) (0xE05u + 0x10u * (n))
#define CHA_F1(n) (0xE06u + 0x10u * (n))
#define CHA_STATUS(n) (0xE07u + 0x10u * (n))
#define CHA_CTR(n, k) (0xE08u + 0x10u * (n) + (k))
#define FRZ_ALL (1ull << 63)
#define UNFRZ_ALL (1ull << 61)
#define OV_EN (1ull << 20)
#define TID_EN (1ull << 19)
/* K-14, §4 */
#define PCU_DEV 30
#define PCU_FN 3
#define CAPID6 0x9C
/* OQ-K1 model choice */
#define GS_CBOX 0x4ull
/* a CHA event with traffic in the model's streams: LLC_LOOKUP, any state */
#define LOOKUP ctl(0x34, 0x11, 0, CTL_EN)

static struct snbep_uncore u;

static void init_n(emu_faults_t f, unsigned ncores)
{
	skx_model.init(&u, f, ncores, 0x55, UCLK, 0);
	skx_model.pci->init(&u, f, 0, 1, UCLK, 0); /* as the emulated backend does after it */
}

static void init(emu_faults_t f)
{
	init_n(f, NCORES);
}

/* CHA 0 counts clockticks with frz_en, CHA 1 too without it, the PCU and
 * the UCLK fixed counter run; all from 0. */
static void all_clk(emu_faults_t f)
{
	static const struct clk_regs r = {
		.slice_ctl = { CHA_CTL(0, 0), CHA_CTL(1, 0) }, .pcu_ctl = X_PCU_CTL(0),
		.fixed_ctl = X_FIXED_CTL, .slice_box_ctl = { CHA_BOX_CTL(0), CHA_BOX_CTL(1) },
		.pcu_box_ctl = X_PCU_BOX_CTL,
	};

	init(f);
	start_clocks(&u, &r);
}

/* K-03, K-04: frz_all (63) at 1000 holds CHA 0, the PCU and the UCLK
 * fixed counter, CHA 1 without frz_en counts on; unfrz_all (61) at 2000
 * restarts them, so at 3000 they have counted 2000. IVB-EP's bit 31 at
 * 3000 freezes nothing (OQ-K3): 4000 at 4000. */
static bool freeze_bits_hold(emu_faults_t f)
{
	all_clk(f);
	wr(&u, G_CTL, FRZ_ALL, 1000);
	if (rd(&u, CHA_CTR(0, 0), 2000) != 1000 || rd(&u, X_FIXED_CTR, 2000) != 1000 ||
	    rd(&u, CHA_CTR(1, 0), 2000) != 2000 || rd(&u, X_PCU_CTR(0), 2000) != 1000)
		return false;
	wr(&u, G_CTL, UNFRZ_ALL, 2000);
	if (rd(&u, CHA_CTR(0, 0), 3000) != 2000 || rd(&u, X_FIXED_CTR, 3000) != 2000)
		return false;
	wr(&u, G_CTL, 1ull << 31, 3000);
	return rd(&u, CHA_CTR(0, 0), 4000) == 3000 && rd(&u, G_CTL, 4000) == 0;
}

static void k03_frz_all_63_unfrz_all_61(void **state)
{
	(void)state;
	assert_true(freeze_bits_hold(0));
}

/* K-08, K-10: CHA 0's counter 0 preset 10 below 2^48 with ov_en wraps by
 * 100, sets bit 0 of its box status and the CHAs' bit of GLOBAL_STATUS
 * (OQ-K1), freezes (as V-08); writing 1 clears the box status. */
static bool cha_status_holds(emu_faults_t f)
{
	bool ok;

	init(f);
	wr(&u, CHA_CTR(0, 0), M48 - 9, 0);
	wr(&u, CHA_CTL(0, 0), CTL_EN | OV_EN, 0);
	wr(&u, CHA_BOX_CTL(0), RUNNING, 0);
	ok = rd(&u, CHA_STATUS(0), 100) == 1 && rd(&u, G_STATUS, 100) == GS_CBOX &&
	     rd(&u, CHA_CTR(0, 0), 100) < 100;
	wr(&u, CHA_STATUS(0), 1, 200);
	return ok && rd(&u, CHA_STATUS(0), 200) == 0;
}

static void k08_cha_box_status(void **state)
{
	(void)state;
	assert_true(cha_status_holds(0));
}

/* K-10: a CHA counter keeps 48 bits of a write. */
static void k10_widths_48(void **state)
{
	(void)state;
	init(0);
	wr(&u, CHA_CTR(3, 2), ~0ull, 0);
	wr(&u, X_PCU_CTR(1), ~0ull, 0);
	wr(&u, X_FIXED_CTR, ~0ull, 0);
	assert_true(rd(&u, CHA_CTR(3, 2), 0) == M48);
	assert_true(rd(&u, X_PCU_CTR(1), 0) == M48);
	assert_true(rd(&u, X_FIXED_CTR, 0) == M48);
}

/* K-13, OQ-K8: LLC_LOOKUP with tid_en and FILTER0.tid naming core 0
 * counts what it counts without tid_en; naming a core the package lacks
 * (tid = NCORES << 3) it counts nothing. */
static uint64_t lookups(emu_faults_t f, uint64_t tid, bool tid_en)
{
	init(f);
	wr(&u, CHA_F0(0), tid, 0);
	wr(&u, CHA_CTL(0, 0), LOOKUP | (tid_en ? TID_EN : 0), 0);
	wr(&u, CHA_BOX_CTL(0), RUNNING, 0);
	return rd(&u, CHA_CTR(0, 0), 4 * P);
}

static bool tid_holds(emu_faults_t f)
{
	uint64_t all = lookups(f, 0, false);

	return all > 0 && lookups(f, 0, true) == all && lookups(f, NCORES << 3, true) == 0 &&
	       lookups(f, NCORES << 3, false) == all;
}

static void k13_tid_filter(void **state)
{
	(void)state;
	assert_true(tid_holds(0));
}

/* K-12: the filters keep their fields alone. */
static void k12_cha_filters(void **state)
{
	(void)state;
	init(0);
	wr(&u, CHA_F0(2), ~0ull, 0);
	wr(&u, CHA_F1(2), ~0ull, 0);
	assert_true(rd(&u, CHA_F0(2), 0) == (0x1FFull | 0xFull << 9 | 0x3FFull << 17));
	assert_true(rd(&u, CHA_F1(2), 0) == 0xFFFFFE3Bull);
}

/* K-14, OQ-K9: 4 cores sit on the 10-CHA die, 12 on the 28-CHA die; the
 * CHAs beyond fault; CAPID6 names the present ones. */
static uint32_t cfg(unsigned dev, unsigned fn, uint16_t off)
{
	uint32_t v = 0;

	assert_int_equal(skx_model.pci->read(&u, dev, fn, off, 4, 0, &v), 0);
	return v;
}

static bool count_holds(emu_faults_t f)
{
	uint64_t v;

	init_n(f, 4);
	if (snbep_rdmsr(&u, 0, CHA_CTR(9, 3), 0, &v) || snbep_rdmsr(&u, 0, CHA_CTR(10, 0), 0, &v) !=
	    VEC_GP || cfg(PCU_DEV, PCU_FN, CAPID6) != 0x3FF)
		return false;
	init_n(f, 12);
	return !snbep_rdmsr(&u, 0, CHA_CTR(27, 3), 0, &v) && cfg(PCU_DEV, PCU_FN, CAPID6) == 0xFFFFFFF;
}

static void k14_cha_count_from_the_die(void **state)
{
	uint32_t v;

	(void)state;
	assert_true(count_holds(0));
	assert_int_equal(cfg(PCU_DEV, PCU_FN, 0), 0x20838086);
	assert_int_equal(skx_model.pci->read(&u, PCU_DEV, 0, 0, 4, 0, &v), -1);
	assert_int_equal(skx_model.pci->write(&u, PCU_DEV, PCU_FN, CAPID6, 4, 0, 0), 0);
	assert_int_equal(cfg(PCU_DEV, PCU_FN, CAPID6), 0xFFFFFFF);
}

/* K-06, K-07: the CHA's box control as the E5 family's: rst_ctrs zeroes,
 * rst_ctrl clears the controls, frz with frz_en holds; invert is kept. */
static void k06_cha_box_control(void **state)
{
	(void)state;
	all_clk(0);
	wr(&u, CHA_BOX_CTL(0), FROZEN, 500);
	assert_true(rd(&u, CHA_CTR(0, 0), 900) == 500);
	wr(&u, CHA_BOX_CTL(0), RUNNING | RST_CTRS, 900);
	assert_true(rd(&u, CHA_CTR(0, 0), 1000) == 100);
	wr(&u, CHA_CTL(0, 1), CTL_EN | CTL_INV | THRESH(3), 1000);
	assert_true(rd(&u, CHA_CTL(0, 1), 1000) == (CTL_EN | CTL_INV | THRESH(3)));
	wr(&u, CHA_BOX_CTL(0), RUNNING | RST_CTRL, 1000);
	assert_true(rd(&u, CHA_CTL(0, 1), 1000) == 0);
}

/* K-16: IIO n at 0xA40 + 0x20n and IRP n at 0xA58 + 0x20n count their
 * clockticks (event 0x01) under their own box control, event 0 nothing;
 * K-10: 48 bits. */
#define IIO_BOX_CTL(n) (0xA40u + 0x20u * (n))
#define IIO_CTR(n, k) (0xA41u + 0x20u * (n) + (k))
#define IIO_CTL(n, k) (0xA48u + 0x20u * (n) + (k))
#define IRP_BOX_CTL(n) (0xA58u + 0x20u * (n))
#define IRP_CTR(n, k) (0xA59u + 0x20u * (n) + (k))
#define IRP_CTL(n, k) (0xA5Bu + 0x20u * (n) + (k))
static bool io_clk_holds(emu_faults_t f)
{
	init(f);
	wr(&u, IIO_CTL(0, 3), 0x01 | CTL_EN, 0);
	wr(&u, IIO_CTL(0, 0), CTL_EN, 0);
	wr(&u, IRP_CTL(5, 1), 0x01 | CTL_EN, 0);
	wr(&u, IIO_BOX_CTL(0), RUNNING, 0);
	wr(&u, IRP_BOX_CTL(5), RUNNING, 0);
	wr(&u, IRP_BOX_CTL(5), FROZEN, 600);
	return rd(&u, IIO_CTR(0, 3), 1000) == 1000 && rd(&u, IIO_CTR(0, 0), 1000) == 0 &&
	       rd(&u, IRP_CTR(5, 1), 1000) == 600;
}

static void k16_iio_irp_clockticks(void **state)
{
	(void)state;
	assert_true(io_clk_holds(0));
	wr(&u, IRP_CTR(5, 0), ~0ull, 1000);
	assert_true(rd(&u, IRP_CTR(5, 0), 1000) == M48);
}

/* K-17, K-42, K-43, OQ-K41: IIO n's I/O clock counts the U-clock, each
 * port's bandwidth one 4-byte count every 8 U-clocks, its utilisation 3
 * U-clocks of 4; 36 bits; a write faults and leaves them. */
#define FREE_IOCLK(n) (0xA45u + 0x20u * (n))
#define FREE_BW(n, p) (0xB00u + 0x10u * (n) + (p))
#define FREE_UTIL(n, p) (0xB08u + 0x10u * (n) + (p))
#define W36 ((1ull << 36) - 1)
static bool free_holds(emu_faults_t f)
{
	uint64_t v;

	init(f);
	if (rd(&u, FREE_IOCLK(5), 8000) != 8000 || rd(&u, FREE_BW(0, 7), 8000) != 1000 ||
	    rd(&u, FREE_UTIL(5, 0), 8000) != 6000 || rd(&u, FREE_BW(3, 0), 8000) != 1000)
		return false;
	if (snbep_wrmsr(&u, 0, FREE_BW(0, 0), 0, 9000) != VEC_GP ||
	    snbep_wrmsr(&u, 0, FREE_IOCLK(0), 0, 9000) != VEC_GP)
		return false;
	return rd(&u, FREE_BW(0, 0), 16000) == 2000 && !snbep_rdmsr(&u, 0, FREE_UTIL(5, 7), 16000, &v)
	       && v == 12000;
}

static void k42_free_running(void **state)
{
	(void)state;
	assert_true(free_holds(0));
	init(0);
	assert_true(rd(&u, FREE_IOCLK(0), (1ull << 36) + 7) == 7);
	assert_true(rd(&u, FREE_BW(1, 2), (1ull << 40) + 80) == ((1ull << 37) + 10) % (W36 + 1));
}

/* OQ-K40, K-08, OQ-K2: IIO 2's counter 1 and IRP 3's counter 0 preset 10
 * below 2^48 counting clockticks (0x01) with ov_en set bit 1 and bit 0 of
 * their box status and bit 4 of GLOBAL_STATUS, as HSX's SBOXes (OQ-V16). */
#define GS_IO 0x10ull
#define IIO_STATUS(n) (0xA47u + 0x20u * (n))
#define IRP_STATUS(n) (0xA5Fu + 0x20u * (n))
static bool io_status_holds(emu_faults_t f)
{
	init(f);
	wr(&u, 0xA41u + 0x20u * 2 + 1, M48 - 9, 0);
	wr(&u, 0xA48u + 0x20u * 2 + 1, 0x01 | CTL_EN | OV_EN, 0);
	wr(&u, 0xA40u + 0x20u * 2, RUNNING, 0);
	if (rd(&u, IIO_STATUS(2), 100) != 2 || rd(&u, G_STATUS, 100) != GS_IO)
		return false;
	wr(&u, G_STATUS, GS_IO, 100);
	wr(&u, G_CTL, UNFRZ_ALL, 100);
	wr(&u, 0xA59u + 0x20u * 3, M48 - 9, 100);
	wr(&u, 0xA5Bu + 0x20u * 3, 0x01 | CTL_EN | OV_EN, 100);
	wr(&u, 0xA58u + 0x20u * 3, RUNNING, 100);
	return rd(&u, IRP_STATUS(3), 200) == 1 && rd(&u, G_STATUS, 200) == GS_IO;
}

static void oqk40_io_overflow_gstatus_bit4(void **state)
{
	(void)state;
	assert_true(io_status_holds(0));
}

/* K-25: MSR 0x300 gives the one package's six stack buses (OQ-K13: one
 * socket's at 0xFA..0xFF), a byte each from stack 0 up, and bit 63. */
static bool busno_holds(emu_faults_t f)
{
	uint64_t v = 0, want = 1ull << 63;
	unsigned s;

	init(f);
	for (s = 0; s < 6; s++)
		want |= (uint64_t)(0xFA + s) << (8 * s);
	return skx_model.rdmsr(&u, 0, 0x300, 0, &v) == 0 && v == want;
}

static void k25_cpu_bus_number(void **state)
{
	(void)state;
	assert_true(busno_holds(0));
}

static const struct hold_row rows[] = {
	HOLD_ROW(SKX_FRZ_AT_31, freeze_bits_hold),
	HOLD_ROW(SKX_CHA_PER_CORE, count_holds),
	HOLD_ROW(SKX_CAPID6_ALL, count_holds),
	HOLD_ROW(SKX_CHA_STATUS_LOST, cha_status_holds),
	HOLD_ROW(SKX_TID_IGNORED, tid_holds),
	HOLD_ROW(SKX_IO_CLK_EV0, io_clk_holds),
	HOLD_ROW(SKX_IO_GSTATUS_CHA, io_status_holds),
	HOLD_ROW(SKX_FREE_BW_STUCK, free_holds),
	HOLD_ROW(SKX_IOCLK_HALF_RATE, free_holds),
	HOLD_ROW(SKX_UTIL_DOUBLE, free_holds),
	HOLD_ROW(SKX_FREE_WRITABLE, free_holds),
	HOLD_ROW(SKX_BUSNO_INVALID, busno_holds),
	HOLD_ROW(SKX_BUSNO_SWAPPED, busno_holds),
};

static void every_skx_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROWS_HOLD(rows);
}

static void every_skx_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "skx-", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(k03_frz_all_63_unfrz_all_61),
		cmocka_unit_test(k25_cpu_bus_number),
		cmocka_unit_test(k06_cha_box_control),
		cmocka_unit_test(k08_cha_box_status),
		cmocka_unit_test(k10_widths_48),
		cmocka_unit_test(k12_cha_filters),
		cmocka_unit_test(k13_tid_filter),
		cmocka_unit_test(k14_cha_count_from_the_die),
		cmocka_unit_test(k16_iio_irp_clockticks),
		cmocka_unit_test(k42_free_running),
		cmocka_unit_test(oqk40_io_overflow_gstatus_bit4),
		cmocka_unit_test(every_skx_defect_breaks_its_row),
		cmocka_unit_test(every_skx_defect_has_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
