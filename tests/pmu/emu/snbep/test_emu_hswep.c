/* Host tests of the emulated Xeon E5 v3 and v4 (Haswell-EP, Broadwell-EP
 * and -DE) uncore: the E5 family's model on snbep_gen_hswep, snbep_gen_bdx
 * and snbep_gen_bdx_de (pmu/emu/snbep/gens.c, hswep.c, global.c), named by
 * the statements of spec xeon-e5-v2-v4-uncore.md, with expected counts
 * from the statements alone (clockticks: one per UCLK, the model's time
 * unit), and one row per hswep- defect that breaks its behaviour. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "tests/pmu/emu/test_fault_rows.h"

/* §2.2 of the digest: the v3 map (V-05, V-13, V-19, V-20) */
#define G_CTL 0x700u
#define G_STATUS 0x701u
#define U3_FIXED_CTL 0x703u
#define U3_FIXED_CTR 0x704u
#define U3_CTL(k) (0x705u + (k))
#define U3_CTR(k) (0x709u + (k))
#define U3_FILTER 0x707u
#define U3_STATUS 0x708u
#define P3_BOX_CTL 0x710u
#define P3_CTL(k) (0x711u + (k))
#define P3_CTR(k) (0x717u + (k))
#define S_BOX_CTL(n) (0x720u + 10u * (n))
#define S_CTL(n, k) (0x721u + 10u * (n) + (k))
#define S_STATUS(n) (0x725u + 10u * (n))
#define S_CTR(n, k) (0x726u + 10u * (n) + (k))
#define C3_BOX_CTL(n) (0xE00u + 0x10u * (n))
#define C3_CTL(n, k) (0xE01u + 0x10u * (n) + (k))
#define C3_FILTER0(n) (0xE05u + 0x10u * (n))
#define C3_FILTER1(n) (0xE06u + 0x10u * (n))
#define C3_STATUS(n) (0xE07u + 0x10u * (n))
#define C3_CTR(n, k) (0xE08u + 0x10u * (n) + (k))
#define FRZ_ALL (1ull << 31)
#define UNFRZ_ALL (1ull << 29)
#define OV_EN (1ull << 20)
#define GS_CBOX 0x4ull   /* OQ-V1 */
#define GS_SBOX 0x10ull  /* OQ-V16 */
/* V-31, OQ-V14: the PCU's function 3 */
#define PCU3_DEV 30
#define PCU3_FN 3
#define CAPID4 0x94

static struct snbep_uncore u;

static void init_m(emu_faults_t f, unsigned ncores, uint32_t model)
{
	const struct emu_model *m = model == 0x3F ? &hswep_model : &bdx_model;

	m->init(&u, f, ncores, model, UCLK, 0);
	m->pci->init(&u, f, 0, 1, UCLK, 0); /* as the emulated backend does after it */
}

static void init(emu_faults_t f)
{
	init_m(f, NCORES, 0x3F);
}

static int wr_rc(uint32_t msr, uint64_t v, uint64_t now)
{
	return snbep_wrmsr(&u, 0, msr, v, now);
}

/* V-31: CAPID4's chop and the PCU function's device id, as software
 * reads them (LNX hswep_get_chop). */
static unsigned chop(void)
{
	uint32_t v = 0;

	assert_int_equal(hswep_model.pci->read(&u, PCU3_DEV, PCU3_FN, CAPID4, 4, 0, &v), 0);
	return v >> 6 & 3;
}

static uint32_t pcu3_id(void)
{
	uint32_t v = 0;

	assert_int_equal(hswep_model.pci->read(&u, PCU3_DEV, PCU3_FN, 0, 4, 0, &v), 0);
	return v;
}

/* SBOX s running: frz_en alone, one bit added (V-10). */
static void sbox_run(unsigned s, uint64_t now)
{
	wr(&u, S_BOX_CTL(s), RUNNING, now);
}

/* V-20, V-16, V-30: HSX's map: the U-box fixed counter at 0x704, the C-boxes
 * from 0xE00 at stride 0x10 (48 bits), the PCU at 0x710, the SBOXes from
 * 0x720 at stride 10 (44 bits); clockticks count one per UCLK in each. */
static void v20_hswep_map_counts(void **state)
{
	(void)state;
	init(0);
	wr(&u, U3_FIXED_CTL, CTL_EN, 0);
	wr(&u, C3_CTL(3, 0), CTL_EN, 0);
	wr(&u, C3_BOX_CTL(3), RUNNING, 0);
	wr(&u, P3_CTL(0), CTL_EN, 0);
	wr(&u, P3_BOX_CTL, RUNNING, 0);
	wr(&u, S_CTL(1, 2), CTL_EN, 0);
	sbox_run(1, 0);
	assert_int_equal(rd(&u, U3_FIXED_CTR, 500), 500);
	assert_int_equal(rd(&u, C3_CTR(3, 0), 500), 500);
	assert_int_equal(rd(&u, P3_CTR(0), 500), 500);
	assert_int_equal(rd(&u, S_CTR(1, 2), 500), 500);
	wr(&u, C3_CTR(0, 0), ~0ull, 500);
	wr(&u, S_CTR(0, 0), ~0ull, 500);
	wr(&u, U3_CTR(0), ~0ull, 500);
	assert_int_equal(rd(&u, C3_CTR(0, 0), 500), M48);
	assert_int_equal(rd(&u, S_CTR(0, 0), 500), M44);
	assert_int_equal(rd(&u, U3_CTR(0), 500), M44);
}

/* V-16: BDX's counters are all 48 bits. */
static void v16_bdx_widths(void **state)
{
	(void)state;
	init_m(0, 12, 0x4F);
	wr(&u, S_CTR(0, 0), ~0ull, 0);
	wr(&u, U3_CTR(0), ~0ull, 0);
	assert_int_equal(rd(&u, S_CTR(0, 0), 0), M48);
	assert_int_equal(rd(&u, U3_CTR(0), 0), M48);
}

/* V-31, OQ-V15: four cores fit the smallest die: chop 0, two SBOXes on
 * HSX (SBOX 2 reads 0 and drops writes, OQ-V14), none on BDX; twelve do
 * not: chop 3, four; model 0x56 none on either. */
static bool sbox_counts(unsigned s)
{
	uint64_t t = u.now;

	wr(&u, S_CTL(s, 0), CTL_EN, t);
	sbox_run(s, t);
	return rd(&u, S_CTR(s, 0), t + 100) == 100;
}

static bool small_die_holds(emu_faults_t f)
{
	init_m(f, NCORES, 0x3F);
	return chop() == 0 && pcu3_id() == 0x2FC08086u && sbox_counts(1) && !sbox_counts(2);
}

static bool chop_holds(emu_faults_t f)
{
	init_m(f, NCORES, 0x3F);
	return chop() == 0;
}

static void v31_dies_and_capid4(void **state)
{
	(void)state;
	assert_true(small_die_holds(0));
	init_m(0, 12, 0x3F);
	assert_int_equal(chop(), 3);
	assert_true(sbox_counts(3));
	init_m(0, NCORES, 0x4F);
	assert_int_equal(chop(), 0);
	assert_int_equal(pcu3_id(), 0x6FC08086u);
	assert_false(sbox_counts(0));
	init_m(0, 12, 0x4F);
	assert_int_equal(chop(), 3);
	assert_true(sbox_counts(3));
	init_m(0, 12, 0x56);
	assert_false(sbox_counts(0));
	assert_int_equal(hswep_model.pci->read(&u, 30, 0, 0, 4, 0, &(uint32_t){ 0 }), -1);
}

/* V-21: one C-box per core of the part, up to 18 (HSX) and 24 (BDX). */
static void v21_cbox_count(void **state)
{
	uint64_t v;

	(void)state;
	init_m(0, 18, 0x3F);
	assert_int_equal(snbep_rdmsr(&u, 0, C3_CTL(17, 0), 0, &v), 0);
	init_m(0, NCORES, 0x3F);
	assert_int_equal(snbep_rdmsr(&u, 0, C3_CTL(NCORES, 0), 0, &v), VEC_GP);
	init_m(0, 24, 0x4F);
	assert_int_equal(snbep_rdmsr(&u, 0, C3_CTL(23, 0), 0, &v), 0);
}

/* V-10, OQ-V9: an SBOX BOX_CTL write that adds two of rst_ctrl, rst_ctrs
 * and frz_en faults; one at a time does not; the C-box's takes all at
 * once (V-09). */
static bool sbox_bits_hold(emu_faults_t f)
{
	init(f);
	return wr_rc(S_BOX_CTL(0), FRZ_EN | RST_CTRL | RST_CTRS, 0) == VEC_GP &&
	       wr_rc(S_BOX_CTL(0), RST_CTRL, 0) == 0 &&
	       wr_rc(S_BOX_CTL(0), RST_CTRL | RST_CTRS, 0) == 0 &&
	       wr_rc(S_BOX_CTL(0), FRZ_EN | RST_CTRL | RST_CTRS, 0) == 0 &&
	       wr_rc(C3_BOX_CTL(0), FRZ_EN | RST_CTRL | RST_CTRS, 0) == 0;
}

static void v10_sbox_one_bit_at_a_time(void **state)
{
	(void)state;
	assert_true(sbox_bits_hold(0));
}

/* V-06: frz_all holds SBOX 0 (frz_en) from 100; unfrz_all at 200 restarts
 * it: 200 at 300. */
static bool sbox_frz_holds(emu_faults_t f)
{
	init(f);
	wr(&u, S_CTL(0, 0), CTL_EN, 0);
	sbox_run(0, 0);
	wr(&u, G_CTL, FRZ_ALL, 100);
	if (rd(&u, S_CTR(0, 0), 200) != 100)
		return false;
	wr(&u, G_CTL, UNFRZ_ALL, 200);
	return rd(&u, S_CTR(0, 0), 300) == 200;
}

static void v06_frz_all_stops_the_sboxes(void **state)
{
	(void)state;
	assert_true(sbox_frz_holds(0));
}

/* V-32: counter 0 of SBOX 0 (and of C-box 0) at its wrap - 100 with ov_en
 * wraps at 100: its status bit 0 and GLOBAL_STATUS's box-type bit are set
 * (OQ-V1, OQ-V16), the PCU (frz_en) holds from then; written 1 clears. */
static bool ov_holds(emu_faults_t f, bool sbox)
{
	uint32_t ctl = sbox ? S_CTL(0, 0) : C3_CTL(0, 0), ctr = sbox ? S_CTR(0, 0) : C3_CTR(0, 0);
	uint32_t st = sbox ? S_STATUS(0) : C3_STATUS(0);
	uint64_t gs, a;

	init(f);
	wr(&u, P3_CTL(0), CTL_EN, 0);
	wr(&u, P3_BOX_CTL, RUNNING, 0);
	wr(&u, ctl, CTL_EN | OV_EN, 0);
	wr(&u, ctr, (sbox ? M44 : M48) - 99, 0);
	if (sbox)
		sbox_run(0, 0);
	else
		wr(&u, C3_BOX_CTL(0), RUNNING, 0);
	gs = rd(&u, G_STATUS, 200);
	a = rd(&u, P3_CTR(0), 200);
	if (rd(&u, st, 200) != 1 || gs != (sbox ? GS_SBOX : GS_CBOX) ||
	    rd(&u, P3_CTR(0), 500) != a)
		return false;
	wr(&u, st, 1, 500);
	return rd(&u, st, 500) == 0;
}

static bool sbox_ov_holds(emu_faults_t f)
{
	return ov_holds(f, true);
}

static bool cbox_ov_holds(emu_faults_t f)
{
	return ov_holds(f, false);
}

static void v32_overflow_to_the_box_status(void **state)
{
	(void)state;
	assert_true(sbox_ov_holds(0));
	assert_true(cbox_ov_holds(0));
}

/* V-19: the U-box filter keeps tid and cid, drops the rest; V-18: the
 * C-box's FILTER0 and FILTER1 at +5 and +6 keep §3.3's fields apart. */
static bool ufilter_holds(emu_faults_t f)
{
	init(f);
	wr(&u, U3_FILTER, 0xFFFFFFFFull, 0);
	return rd(&u, U3_FILTER, 0) == 0x3F;
}

static void v19_ubox_filter(void **state)
{
	(void)state;
	assert_true(ufilter_holds(0));
	wr(&u, C3_FILTER0(2), 0xFFFFFFFFull, 0);
	wr(&u, C3_FILTER1(2), 0xFFFFFFFFull, 0);
	assert_int_equal(rd(&u, C3_FILTER0(2), 0), 0x3Full | 0xFull << 6 | 0x7Full << 17);
	assert_int_equal(rd(&u, C3_FILTER1(2), 0), 0xFFFFull | 0x1FFull << 20 | 0x7ull << 29);
}

/* V-29: the PCU's counter control keeps ev_sel_ext and invert. */
static void v29_pcu_ext_and_invert(void **state)
{
	(void)state;
	init(0);
	wr(&u, P3_CTL(1), CTL_EXT | CTL_INV | CTL_EN | THRESH(1), 0);
	assert_int_equal(rd(&u, P3_CTL(1), 0), CTL_EXT | CTL_INV | CTL_EN | THRESH(1));
	wr(&u, U3_CTL(0), CTL_INV | CTL_EN, 0);
	assert_int_equal(rd(&u, U3_CTL(0), 0), CTL_INV | CTL_EN);
}

/* ---- one row per hswep- defect ---- */

static const struct hold_row rows[] = {
	HOLD_ROW(HSWEP_SBOX_CTL_ANY, sbox_bits_hold),
	HOLD_ROW(HSWEP_SBOX_COUNT_MAX, small_die_holds),
	HOLD_ROW(HSWEP_SBOX_NO_FREEZE, sbox_frz_holds),
	HOLD_ROW(HSWEP_CBOX_STATUS_LOST, cbox_ov_holds),
	HOLD_ROW(HSWEP_UFILTER_DROPPED, ufilter_holds),
	HOLD_ROW(HSWEP_CHOP_LARGE, chop_holds),
};

static void every_hswep_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROWS_HOLD(rows);
}

static void every_hswep_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "hswep-", 6));
}

/* The E5 v2's model keeps none of it: no SBOX answers (its MSRs are not
 * IVB-EP's, V-20), no PCU function 3 (V-31), and the hswep- defects
 * change nothing there. */
static void ivbep_unchanged(void **state)
{
	uint64_t v;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		ivbep_model.init(&u, emu_fault_mask(rows[i].bit), NCORES, 0x3E, UCLK, 0);
		ivbep_model.pci->init(&u, emu_fault_mask(rows[i].bit), 0, 1, UCLK, 0);
		assert_int_equal(snbep_rdmsr(&u, 0, S_BOX_CTL(0), 0, &v), -1);
		assert_int_equal(ivbep_model.pci->read(&u, 30, 3, 0, 4, 0, &(uint32_t){ 0 }), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v06_frz_all_stops_the_sboxes),
		cmocka_unit_test(v10_sbox_one_bit_at_a_time),
		cmocka_unit_test(v16_bdx_widths),
		cmocka_unit_test(v19_ubox_filter),
		cmocka_unit_test(v20_hswep_map_counts),
		cmocka_unit_test(v21_cbox_count),
		cmocka_unit_test(v29_pcu_ext_and_invert),
		cmocka_unit_test(v31_dies_and_capid4),
		cmocka_unit_test(v32_overflow_to_the_box_status),
		cmocka_unit_test(every_hswep_defect_breaks_its_row),
		cmocka_unit_test(every_hswep_defect_has_a_row),
		cmocka_unit_test(ivbep_unchanged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
