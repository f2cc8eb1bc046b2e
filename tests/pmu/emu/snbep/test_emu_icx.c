/* Host tests of the emulated Xeon Scalable third generation (Ice Lake-SP
 * and -D) uncore: the E5 family's model on snbep_gen_icx
 * (pmu/emu/snbep/gens.c, global.c, capid.c, icx.c), named by the
 * statements of spec xeon-sp-uncore.md §8, with addresses from the
 * digest's lists and expected counts from the statements alone
 * (clockticks: one per UCLK, the model's time unit), and one row per icx-
 * defect that breaks its behaviour. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "tests/pmu/emu/test_fault_rows.h"

/* K-61, K-62, K-60 */
#define G_CTL 0x700u
#define G_STATUS1 0x70Eu
#define G_STATUS2 0x70Fu
#define X_PCU_BOX_CTL 0x710u
#define X_PCU_CTL(k) (0x711u + (k))
#define X_PCU_CTR(k) (0x717u + (k))
#define UNFRZ_ALL (1ull << 61)
#define OV_EN (1ull << 20)
/* K-64, OQ-K31 */
#define PCU_DEV 30
#define PCU_FN 3
#define CAPID6 0x9C
#define CAPID7 0xA0
/* K-66: the I/O boxes at 0xA40 (M2PCIe), 0xA4A (IRP), 0xA50 (IIO) plus */
static const uint32_t io_off[6] = { 0x00, 0x20, 0x40, 0x90, 0xB0, 0xD0 };
/* OQ-K30 model choice */
#define GS2_PCU 0x4ull
#define GS2_IIO(n) (1ull << (3 + (n)))

static struct snbep_uncore u;

/* K-63: the digest's CHA list. */
static uint32_t cha(unsigned n)
{
	return n <= 17 ? 0xE00 + 0xE * n
	       : n <= 33 ? 0xF0A + 0xE * (n - 18) : 0xB60 + 0xE * (n - 34);
}

static void init_n(emu_faults_t f, unsigned ncores)
{
	icx_model.init(&u, f, ncores, 0x6A, UCLK, 0);
}

static uint32_t cfg(uint16_t off)
{
	uint32_t v = 0;

	assert_int_equal(icx_model.pci->read(&u, PCU_DEV, PCU_FN, off, 4, 0, &v), 0);
	return v;
}

static bool rd_ok(uint32_t msr, uint64_t now, uint64_t *v)
{
	return snbep_rdmsr(&u, 0, msr, now, v) == 0;
}

static bool wr_ok(uint32_t msr, uint64_t val, uint64_t now)
{
	return snbep_wrmsr(&u, 0, msr, val, now) == 0;
}

/* K-63: on the 40-CHA die every CHA counts its clockticks under its own
 * BOX_CTL at the list's address, CHA n frozen at 100 * (n + 1); the
 * skipped set answers nothing. */
static bool offsets_hold(emu_faults_t f)
{
	uint64_t v;
	unsigned n;

	init_n(f, 30);
	for (n = 0; n < 40; n++)
		if (!wr_ok(cha(n) + 1, CTL_EN, 0) || !wr_ok(cha(n), RUNNING, 0))
			return false;
	for (n = 0; n < 40; n++)
		if (!wr_ok(cha(n), FROZEN, 100 * (n + 1)))
			return false;
	for (n = 0; n < 40; n++)
		if (!rd_ok(cha(n) + 8, 5000, &v) || v != 100 * (n + 1))
			return false;
	return !rd_ok(0xEFC, 5000, &v);
}

static void k63_cha_offset_table(void **state)
{
	(void)state;
	assert_true(offsets_hold(0));
}

/* K-64, OQ-K31: 4 cores sit on the 26-CHA die, its CAPID bits 12:0 of
 * CAPID6 and of CAPID7; 30 on the 40-CHA die; the CHAs beyond the count
 * fault; the function is 8086:345B. */
static unsigned popcount64(uint64_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static bool count_holds(emu_faults_t f)
{
	uint64_t v;

	init_n(f, 4);
	if (popcount64((uint64_t)cfg(CAPID7) << 32 | cfg(CAPID6)) != 26 || !rd_ok(cha(25), 0, &v) ||
	    rd_ok(cha(26) + 8, 0, &v))
		return false;
	init_n(f, 30);
	return popcount64((uint64_t)cfg(CAPID7) << 32 | cfg(CAPID6)) == 40 &&
	       rd_ok(cha(39) + 8, 0, &v);
}

static void k64_cha_count_from_capid6_and_7(void **state)
{
	(void)state;
	assert_true(count_holds(0));
	init_n(0, 4);
	assert_int_equal(cfg(0), 0x345B8086);
	assert_int_equal(cfg(CAPID6), 0x1FFF);
	assert_int_equal(cfg(CAPID7), 0x1FFF);
}

/* K-62, OQ-K30: CHA 25 preset 10 below 2^48 with ov_en wraps by 100 and
 * sets bit 25 of STATUS1; after unfrz_all the PCU's wrap sets STATUS2's
 * PCU bit and IIO 5's its bit, STATUS1 kept; each clears written 1. */
static bool status_holds(emu_faults_t f)
{
	uint32_t iio5 = 0xA50 + io_off[5];
	bool ok;

	init_n(f, 4);
	wr(&u, cha(25) + 8, M48 - 9, 0);
	wr(&u, cha(25) + 1, CTL_EN | OV_EN, 0);
	wr(&u, cha(25), RUNNING, 0);
	ok = rd(&u, G_STATUS1, 100) == 1ull << 25 && rd(&u, G_STATUS2, 100) == 0;
	wr(&u, G_CTL, UNFRZ_ALL, 100);
	wr(&u, X_PCU_CTR(0), M48 - 9, 100);
	wr(&u, X_PCU_CTL(0), CTL_EN | OV_EN, 100);
	wr(&u, X_PCU_BOX_CTL, RUNNING, 100);
	wr(&u, iio5 + 1, M48 - 9, 100);
	wr(&u, iio5 + 8, 0x01 | CTL_EN | OV_EN, 100);
	wr(&u, iio5, RUNNING, 100);
	ok = ok && rd(&u, G_STATUS2, 1000) == (GS2_PCU | GS2_IIO(5)) &&
	     rd(&u, G_STATUS1, 1000) == 1ull << 25;
	wr(&u, G_STATUS1, 1ull << 25, 1000);
	ok = ok && rd(&u, G_STATUS1, 1000) == 0 &&
	     rd(&u, G_STATUS2, 1000) == (GS2_PCU | GS2_IIO(5));
	wr(&u, G_STATUS2, GS2_PCU, 1000);
	return ok && rd(&u, G_STATUS2, 1000) == GS2_IIO(5);
}

static void k62_two_global_status_registers(void **state)
{
	(void)state;
	assert_true(status_holds(0));
}

/* K-66, K-67: M2PCIe 3, IRP 5 and IIO 4 at their list addresses count
 * their clockticks (0x01) under their own box control, 48 bits. */
static void k66_io_boxes_count(void **state)
{
	uint32_t m = 0xA40 + io_off[3], i = 0xA4A + io_off[5], o = 0xA50 + io_off[4];

	(void)state;
	init_n(0, 4);
	wr(&u, m + 6 + 3, 0x01 | CTL_EN, 0);
	wr(&u, i + 3 + 1, 0x01 | CTL_EN, 0);
	wr(&u, o + 8 + 2, 0x01 | CTL_EN, 0);
	wr(&u, m, RUNNING, 0);
	wr(&u, i, RUNNING, 0);
	wr(&u, o, RUNNING, 0);
	wr(&u, i, FROZEN, 600);
	assert_true(rd(&u, m + 1 + 3, 1000) == 1000);
	assert_true(rd(&u, i + 1 + 1, 1000) == 600);
	assert_true(rd(&u, o + 1 + 2, 1000) == 1000);
	wr(&u, m + 1, ~0ull, 1000);
	assert_true(rd(&u, m + 1, 1000) == M48);
}

/* K-68, OQ-K33: the I/O clock counts the U-clock, 48 bits, and takes no
 * write; the bandwidth counters are not modelled: they fault. */
static void oqk33_free_running(void **state)
{
	uint64_t v;

	(void)state;
	init_n(0, 4);
	assert_true(rd(&u, 0xA55 + io_off[5], 1234) == 1234);
	assert_true(rd(&u, 0xA55, (1ull << 48) + 7) == 7);
	assert_int_equal(snbep_wrmsr(&u, 0, 0xA55, 0, 0), VEC_GP);
	assert_int_equal(snbep_rdmsr(&u, 0, 0xAA0, 0, &v), VEC_GP);
	assert_int_equal(snbep_rdmsr(&u, 0, 0xAA0 + 0xB0 + 7, 0, &v), VEC_GP);
}

static const struct hold_row rows[] = {
	HOLD_ROW(ICX_CHA_NO_GAP, offsets_hold),
	HOLD_ROW(ICX_CAPID7_ZERO, count_holds),
	HOLD_ROW(ICX_CHA_BIT_SHIFTED, status_holds),
	HOLD_ROW(ICX_GSTATUS2_STICKY, status_holds),
};

static void every_icx_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROWS_HOLD(rows);
}

static void every_icx_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "icx-", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(k63_cha_offset_table),
		cmocka_unit_test(k64_cha_count_from_capid6_and_7),
		cmocka_unit_test(k62_two_global_status_registers),
		cmocka_unit_test(k66_io_boxes_count),
		cmocka_unit_test(oqk33_free_running),
		cmocka_unit_test(every_icx_defect_breaks_its_row),
		cmocka_unit_test(every_icx_defect_has_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
