/* Host tests of the emulated Xeon E5 v2 (Ivy Bridge-EP) uncore: the E5
 * family's model on snbep_gen_ivbep (pmu/emu/snbep/gens.c, global.c),
 * named by the statements of spec xeon-e5-v2-v4-uncore.md, with expected
 * counts from the statements alone (clockticks: one per UCLK, the model's
 * time unit), and one row per ivbep- defect that breaks its behaviour. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "tests/pmu/emu/test_fault_rows.h"

/* §2.1, V-03, V-04, V-13, V-18 */
#define G_CTL 0xC00u
#define G_STATUS 0xC01u
#define G_CONFIG 0xC06u
#define U_STATUS 0xC15u
#define P_STATUS 0xC35u
#define C_FILTER1(n) (0xD1Au + 0x20u * (n))
#define FRZ_ALL (1ull << 31)
#define UNFRZ_ALL (1ull << 29)
#define WK_ON_PMI (1ull << 30)
#define OV_EN (1ull << 20)
/* OQ-V1 model choice */
#define GS_U_FIXED 0x2ull
#define GS_CBOX 0x4ull
#define GS_PCU 0x8ull

static struct snbep_uncore u;

static void init_n(emu_faults_t f, unsigned ncores)
{
	ivbep_model.init(&u, f, ncores, 0x3E, UCLK, 0);
}

static void init(emu_faults_t f)
{
	init_n(f, NCORES);
}

static int rd_rc(unsigned core, uint32_t msr, uint64_t *v)
{
	return snbep_rdmsr(&u, core, msr, 0, v);
}

/* C-box 0 and the PCU count clockticks, C-box 1 too but without frz_en,
 * the UCLK fixed counter runs; all from 0. */
static void all_clk(emu_faults_t f)
{
	static const struct clk_regs r = {
		.slice_ctl = { C_CTL(0, 0), C_CTL(1, 0) }, .pcu_ctl = PCU_CTL(0),
		.fixed_ctl = U_FIXED_CTL, .slice_box_ctl = { C_BOX_CTL(0), C_BOX_CTL(1) },
		.pcu_box_ctl = PCU_BOX_CTL,
	};

	init(f);
	start_clocks(&u, &r);
}

/* V-03: pmi_core_sel and wk_on_pmi are read-write, the freeze bits
 * write-only; GLOBAL_CONFIG is storage (OQ-V1). */
static bool global_ctl_holds(emu_faults_t f)
{
	init(f);
	wr(&u, G_CTL, 0x4001 | WK_ON_PMI | UNFRZ_ALL, 0);
	wr(&u, G_CONFIG, 0x5A, 0);
	return rd(&u, G_CTL, 0) == (0x4001 | WK_ON_PMI) && rd(&u, G_CONFIG, 0) == 0x5A;
}

static void v03_global_ctl_fields(void **state)
{
	(void)state;
	assert_true(global_ctl_holds(0));
}

/* V-06: frz_all at 1000 holds C-box 0, the PCU and (OQ-V13) the UCLK fixed
 * counter; C-box 1 without frz_en counts on (OQ-V10); unfrz_all at 2000
 * restarts them, so at 3000 they have counted 2000 UCLKs (the PCU: 2000
 * UCLKs of pclk, S-44, here at the same rate). */
static uint64_t frz_read(emu_faults_t f, uint32_t msr, bool unfreeze)
{
	all_clk(f);
	wr(&u, G_CTL, FRZ_ALL, 1000);
	if (unfreeze)
		wr(&u, G_CTL, UNFRZ_ALL, 2000);
	return rd(&u, msr, 3000);
}

static bool frz_all_holds(emu_faults_t f)
{
	return frz_read(f, C_CTR(0, 0), false) == 1000 && frz_read(f, PCU_CTR(0), false) == 1000;
}

static bool unfrz_all_holds(emu_faults_t f)
{
	return frz_read(f, C_CTR(0, 0), true) == 2000 && frz_read(f, U_FIXED_CTR, true) == 2000;
}

static bool frz_en_gates_holds(emu_faults_t f)
{
	return frz_read(f, C_CTR(1, 0), false) == 3000;
}

static bool ubox_frozen_holds(emu_faults_t f)
{
	return frz_read(f, U_FIXED_CTR, false) == 1000;
}

static void v06_frz_all_and_unfrz_all(void **state)
{
	(void)state;
	assert_true(frz_all_holds(0));
	assert_true(unfrz_all_holds(0));
	assert_true(frz_en_gates_holds(0));
	assert_true(ubox_frozen_holds(0));
}

/* V-08: C-box 0 counter 0 at 2^44 - 100 with (or without) ov_en wraps at
 * UCLK 100; the first access after it sees the overflow. With ov_en:
 * GLOBAL_STATUS has the C-box bit, every box with frz_en holds from then
 * (the PCU reads at 500 what it read at 200); without: nothing. */
struct ov_seen {
	uint64_t gs, pcu_a, pcu_b, pst;
};

static struct ov_seen ov_run(emu_faults_t f, uint32_t ctl, uint32_t ctr, uint64_t preset,
			     bool ov)
{
	struct ov_seen s;

	all_clk(f);
	wr(&u, ctl, CTL_EN | (ov ? OV_EN : 0), 0);
	wr(&u, ctr, preset, 0);
	s.pcu_a = rd(&u, PCU_CTR(0), 200);
	s.gs = rd(&u, G_STATUS, 200);
	s.pst = rd(&u, P_STATUS, 200);
	s.pcu_b = rd(&u, PCU_CTR(0), 500);
	return s;
}

static bool ov_freezes_holds(emu_faults_t f)
{
	struct ov_seen s = ov_run(f, C_CTL(0, 0), C_CTR(0, 0), M44 + 1 - 100, true);

	return s.gs == GS_CBOX && s.pcu_a == 200 && s.pcu_b == 200;
}

static bool ov_needs_en_holds(emu_faults_t f)
{
	struct ov_seen s = ov_run(f, C_CTL(0, 0), C_CTR(0, 0), M44 + 1 - 100, false);

	return s.gs == 0 && s.pcu_b == 500;
}

/* V-13: the PCU's counter 0 overflowing sets bit 0 of its status; the
 * UCLK fixed counter's sets ov_u_fixed (OQ-V1). */
static bool box_status_holds(emu_faults_t f)
{
	struct ov_seen s = ov_run(f, PCU_CTL(0), PCU_CTR(0), M48 + 1 - 100, true);

	return s.pst == 1 && s.gs == GS_PCU;
}

static bool fixed_ov_holds(emu_faults_t f)
{
	struct ov_seen s = ov_run(f, U_FIXED_CTL, U_FIXED_CTR, M48 + 1 - 100, true);

	return s.gs == GS_U_FIXED && s.pcu_b == 200;
}

/* V-04, V-13: written 1 clears; V-08: unfrz_all then restarts. */
static bool w1c_holds(emu_faults_t f)
{
	ov_run(f, PCU_CTL(0), PCU_CTR(0), M48 + 1 - 100, true);
	wr(&u, G_STATUS, GS_PCU, 600);
	wr(&u, P_STATUS, 1, 600);
	wr(&u, G_CTL, UNFRZ_ALL, 600);
	return rd(&u, G_STATUS, 700) == 0 && rd(&u, P_STATUS, 700) == 0 &&
	       rd(&u, C_CTR(0, 0), 700) == 200 + 100;
}

/* V-07, OQ-V3: the overflow's PMI goes to the cores of pmi_core_sel,
 * once; with none selected there is none. */
static unsigned pmi_to(emu_faults_t f, uint64_t sel, uint16_t *cores)
{
	struct emu_pmi_req out[4];
	unsigned n;

	all_clk(f);
	wr(&u, G_CTL, sel, 0);
	wr(&u, C_CTL(0, 0), CTL_EN | OV_EN, 0);
	wr(&u, C_CTR(0, 0), M44 + 1 - 100, 0);
	n = ivbep_model.take_pmi(&u, 500, out, 4);
	*cores = n ? out[0].cores : 0;
	return n;
}

static bool pmi_holds(emu_faults_t f)
{
	uint16_t c;

	return pmi_to(f, 0x2, &c) == 1 && c == 0x2;
}

static bool pmi_sel_holds(emu_faults_t f)
{
	uint16_t c;

	return pmi_to(f, 0, &c) == 0 && pmi_to(f, 0x1 | 1ull << 14, &c) == 1 && c == 0x1;
}

static void v07_pmi_to_the_selected_cores(void **state)
{
	(void)state;
	assert_true(pmi_holds(0));
	assert_true(pmi_sel_holds(0));
}

/* V-08: a new freeze only once the bits of the last are cleared. C-box 0
 * counter 0 wraps at 100 and the access at 200 sees it: everything holds
 * from 200 (the model acts on a wrap at the first access after it);
 * unfrz_all at 300 with GLOBAL_STATUS still set; counter 1, 400 below its
 * wrap at 0 and held for 100 cycles, wraps at 500, seen at 550; the PCU
 * counts on to 600 (300 more after the restart). Clearing the bit first
 * makes that overflow freeze at 550 (250 after the restart). */
static uint64_t second_ov(bool clear)
{
	all_clk(0);
	wr(&u, C_CTL(0, 0), CTL_EN | OV_EN, 0);
	wr(&u, C_CTL(0, 1), CTL_EN | OV_EN, 0);
	wr(&u, C_CTR(0, 0), M44 + 1 - 100, 0);
	wr(&u, C_CTR(0, 1), M44 + 1 - 400, 0);
	rd(&u, G_STATUS, 200);
	if (clear)
		wr(&u, G_STATUS, GS_CBOX, 300);
	wr(&u, G_CTL, UNFRZ_ALL, 300);
	rd(&u, C_CTR(0, 1), 550);
	return rd(&u, PCU_CTR(0), 600);
}

static void v08_overflow_sets_status_and_freezes(void **state)
{
	(void)state;
	assert_true(ov_freezes_holds(0));
	assert_true(ov_needs_en_holds(0));
	assert_true(fixed_ov_holds(0));
	/* the first freeze at 100 was seen at 200: the PCU held 200 */
	assert_int_equal(second_ov(false), 200 + 300);
	assert_int_equal(second_ov(true), 200 + 250);
}

static void v13_box_status(void **state)
{
	(void)state;
	assert_true(box_status_holds(0));
}

static void v04_status_w1c(void **state)
{
	(void)state;
	assert_true(w1c_holds(0));
}

/* V-12, OQ-V2: bit 23 is dropped, and thresh 1 with it counts clockticks
 * whole (x = 1 >= 1 in every cycle). */
static bool no_invert_holds(emu_faults_t f)
{
	init(f);
	wr(&u, C_CTL(0, 0), CTL_EN | THRESH(1) | CTL_INV, 0);
	wr(&u, C_BOX_CTL(0), RUNNING, 0);
	return rd(&u, C_CTL(0, 0), 0) == (CTL_EN | THRESH(1)) && rd(&u, C_CTR(0, 0), 300) == 300;
}

static void v12_no_invert(void **state)
{
	(void)state;
	assert_true(no_invert_holds(0));
}

/* V-18: FILTER0 keeps tid 4:0 and state 22:17, FILTER1 nid, opc, nc, isoc
 * (OQ-V12: LNX's link and c6 bits dropped); the two are apart. */
static bool filters_holds(emu_faults_t f)
{
	init(f);
	wr(&u, C_FILTER(2), 0xFFFFFFFF, 0);
	wr(&u, C_FILTER1(2), 0xFFFFFFFF, 0);
	return rd(&u, C_FILTER(2), 0) == (0x1F | 0x3Full << 17) &&
	       rd(&u, C_FILTER1(2), 0) == (0xFFFF | 0x1FFull << 20 | 3ull << 30);
}

static void v18_cbox_filters(void **state)
{
	(void)state;
	assert_true(filters_holds(0));
}

/* V-21, OQ-V6: one C-box per core, up to fifteen; two die sizes. */
static bool count_holds(emu_faults_t f)
{
	uint64_t v;

	init_n(f, 6);
	if (rd_rc(0, C_CTL(5, 0), &v) || rd_rc(0, C_CTL(6, 0), &v) != VEC_GP)
		return false;
	init_n(f, 15);
	if (rd_rc(0, C_CTL(14, 0), &v))
		return false;
	init_n(f, 20); /* more cores than slices: the fifteen */
	return rd_rc(0, C_CTL(15, 0), &v) == -1 && !rd_rc(0, C_CTL(14, 0), &v);
}

static void v21_cbox_count_from_the_part(void **state)
{
	(void)state;
	assert_true(count_holds(0));
}

/* V-24: LLC_LOOKUP (0x34) may count on counters 0 and 1, TOR_OCCUPANCY
 * (0x36) on counter 0 alone; on the others they count nothing (OQ-S30),
 * while on their own counters the model's streams move. ctr: the counts
 * of C-box 0 after 3000 UCLKs with LLC_LOOKUP on counters 0 and 2, TOR
 * on 1 and 3: counter 0 alone counts. */
static void v24_counts(emu_faults_t f, uint64_t ctr[SNBEP_NCTR])
{
	unsigned k;

	init(f);
	wr(&u, C_CTL(0, 0), ctl(0x34, 0x03, 0, CTL_EN), 0);
	wr(&u, C_CTL(0, 1), ctl(0x36, 0x08, 0, CTL_EN), 0);
	wr(&u, C_CTL(0, 2), ctl(0x34, 0x03, 0, CTL_EN), 0);
	wr(&u, C_CTL(0, 3), ctl(0x36, 0x08, 0, CTL_EN), 0);
	wr(&u, C_BOX_CTL(0), RUNNING, 0);
	for (k = 0; k < SNBEP_NCTR; k++)
		ctr[k] = rd(&u, C_CTR(0, k), 3000);
}

static bool restrictions_hold(emu_faults_t f)
{
	uint64_t c[SNBEP_NCTR];

	v24_counts(f, c);
	return c[0] > 0 && !c[1] && !c[2] && !c[3];
}

static void v24_counter_restrictions(void **state)
{
	(void)state;
	assert_true(restrictions_hold(0));
	assert_false(restrictions_hold(emu_fault_mask(EMU_FAULT_BIT_SNBEP_CONSTRAINT_IGNORED)));
}

/* V-20: the E5-2600's addresses, so its registers answer as there; V-11
 * (§6 item 7): the PCU keeps ev_sel_ext. */
static void v20_shared_addresses(void **state)
{
	(void)state;
	init(0);
	wr(&u, PCU_CTL(1), CTL_EN | CTL_EXT, 0);
	assert_int_equal(rd(&u, PCU_CTL(1), 0), CTL_EN | CTL_EXT);
	wr(&u, U_CTL(1), CTL_EN | 0x44, 0);
	assert_int_equal(rd(&u, U_CTL(1), 0), CTL_EN | 0x44);
}

/* ---- one row per ivbep- defect ---- */

static const struct hold_row rows[] = {
	HOLD_ROW(IVBEP_UNFRZ_ALL_IGNORED, unfrz_all_holds),
	HOLD_ROW(IVBEP_FRZ_ALL_IGNORES_EN, frz_en_gates_holds),
	HOLD_ROW(IVBEP_FRZ_ALL_SKIPS_UBOX, ubox_frozen_holds),
	HOLD_ROW(IVBEP_INVERT_KEPT, no_invert_holds),
	HOLD_ROW(IVBEP_OV_NO_FREEZE, ov_freezes_holds),
	HOLD_ROW(IVBEP_OV_IGNORES_EN, ov_needs_en_holds),
	HOLD_ROW(IVBEP_BOX_STATUS_LOST, box_status_holds),
	HOLD_ROW(IVBEP_GSTATUS_STICKY, w1c_holds),
	HOLD_ROW(IVBEP_CBOX_COUNT_MAX, count_holds),
	HOLD_ROW(IVBEP_FILTER1_ALIASES, filters_holds),
	HOLD_ROW(IVBEP_PMI_SEL_DROPPED, global_ctl_holds),
	HOLD_ROW(IVBEP_PMI_LOST, pmi_holds),
	HOLD_ROW(IVBEP_PMI_IGNORES_SEL, pmi_sel_holds),
};

static void every_ivbep_defect_breaks_its_row(void **state)
{
	(void)state;
	ASSERT_ROWS_HOLD(rows);
}

static void every_ivbep_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "ivbep-", 6));
}

/* The E5-2600's model keeps none of it (S-03): its global registers fault
 * and the ivbep- defects change nothing there. */
static void e5_unchanged(void **state)
{
	uint64_t v;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		snbep_init(&u, emu_fault_mask(rows[i].bit), NCORES, 0x2D, UCLK, 0);
		assert_int_equal(snbep_rdmsr(&u, 0, G_CTL, 0, &v), VEC_GP);
		assert_int_equal(snbep_rdmsr(&u, 0, C_CTL(NCORES, 0), 0, &v), VEC_GP);
		wr(&u, C_CTL(0, 0), CTL_EN | CTL_INV | THRESH(2), 0);
		assert_int_equal(rd(&u, C_CTL(0, 0), 0), CTL_EN | CTL_INV | THRESH(2));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v03_global_ctl_fields),
		cmocka_unit_test(v04_status_w1c),
		cmocka_unit_test(v06_frz_all_and_unfrz_all),
		cmocka_unit_test(v07_pmi_to_the_selected_cores),
		cmocka_unit_test(v08_overflow_sets_status_and_freezes),
		cmocka_unit_test(v12_no_invert),
		cmocka_unit_test(v13_box_status),
		cmocka_unit_test(v18_cbox_filters),
		cmocka_unit_test(v20_shared_addresses),
		cmocka_unit_test(v21_cbox_count_from_the_part),
		cmocka_unit_test(v24_counter_restrictions),
		cmocka_unit_test(every_ivbep_defect_breaks_its_row),
		cmocka_unit_test(every_ivbep_defect_has_a_row),
		cmocka_unit_test(e5_unchanged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
