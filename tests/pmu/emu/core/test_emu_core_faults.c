/* Host tests of the core PMU's injectable defects (pmu/emu/faults.h, the
 * core- ones and the counting filter's that both PMUs share, implemented in
 * pmu/emu/core/model.c): a table with one documented behaviour per defect, which
 * the clean model shows and the model with that defect does not; every
 * such defect has its row. Also the defect
 * names as a whole: parse, describe, no collisions. */
#include "tests/pmu/emu/core/test_emu_core.h"
#include "tests/pmu/emu/core/test_emu_core_v4.h"
#include "tests/pmu/emu/test_fault_rows.h"

static const struct ref cycles = { .ev = CORE_EV_CYCLES };

/* General counter 0 programmed with event select `sel` and GLOBAL_CTRL
 * `gctl` from cycle 0: its count at cycle `at`. */
static uint64_t count_with(emu_faults_t faults, uint64_t sel, uint64_t gctl, uint64_t at)
{
	struct core_pmu u;

	init(&u, &core_shape_nhm, faults);
	wr(&u, SEL(0), sel, 0);
	wr(&u, GCTL, gctl, 0);
	return rd(&u, PMC(0), at);
}

/* Each returns whether the behaviour holds, for the model with `f`. */

static bool usr_counts_nothing_os_counts(emu_faults_t f) /* C-09, C-22 */
{
	struct core_pmu u;
	uint64_t fixed;

	init(&u, &core_shape_nhm, f);
	wr(&u, FIXED_CTL, FC(1, 2, 0), 0);
	wr(&u, GCTL, G_FIXED(1), 0);
	fixed = rd(&u, FIXED(1), 100);
	return count_with(f, ref_sel(&cycles, USR | EN), 1, 100) == 0 &&
	       count_with(f, ref_sel(&cycles, OS | EN), 1, 100) == 100 && fixed == 0;
}

static bool en_0_counts_nothing(emu_faults_t f) /* C-09 */
{
	return count_with(f, ref_sel(&cycles, OS), 1, 100) == 0;
}

static bool global_ctrl_0_counts_nothing(emu_faults_t f) /* C-09 */
{
	return count_with(f, ref_sel(&cycles, OS | EN), 0, 100) == 0;
}

static bool fixed_en_0_counts_nothing(emu_faults_t f) /* C-22 */
{
	struct core_pmu u;

	init(&u, &core_shape_nhm, f);
	wr(&u, GCTL, G_FIXED(1), 0);
	return rd(&u, FIXED(1), 100) == 0;
}

static bool edge_counts_fewer_than_level(emu_faults_t f) /* C-16 */
{
	const struct ref edge = { .ev = CORE_EV_INST, .cmask = 1, .edge = true };
	const struct ref lvl = { .ev = CORE_EV_INST, .cmask = 1 };

	return model_count(&core_shape_nhm, f, &edge, 0, P) < model_count(&core_shape_nhm, f, &lvl, 0, P);
}

static bool edge_counts_entries(emu_faults_t f) /* C-16, OQ-C13 */
{
	uint64_t c[2];

	edge_dir_counts(f, false, c);
	return c[0] == 1 && c[1] == 0;
}

/* Instructions Retired through the filter (cmask, inv, edge) counts over
 * one period what the C-16 reference says. */
static bool filters_as_reference(emu_faults_t f, uint8_t cmask, bool inv, bool edge)
{
	const struct ref r = { .ev = CORE_EV_INST, .cmask = cmask, .inv = inv, .edge = edge };

	return model_count(&core_shape_nhm, f, &r, 0, P) == ref_count(&r, 0, P);
}

static bool cmask_counts_cycles_at_or_above(emu_faults_t f) /* C-16 */
{
	return filters_as_reference(f, 2, false, false);
}

static bool inv_counts_cycles_below(emu_faults_t f) /* C-16 */
{
	return filters_as_reference(f, 2, true, false);
}

/* CMASK is 8 bits: 128 + 1 is not 1 (no cycle retires 129: 0) */
static bool cmask_top_bit_counts(emu_faults_t f) /* C-16 */
{
	return filters_as_reference(f, 129, false, false);
}

/* E with CMASK 2: rising edges of "count >= 2", not of the event itself */
static bool edge_follows_cmask(emu_faults_t f) /* C-16 */
{
	return filters_as_reference(f, 2, false, true);
}

/* E with INV: rising edges of "count < CMASK", not its cycles */
static bool edge_with_inv_counts_edges(emu_faults_t f) /* C-16 */
{
	return filters_as_reference(f, 1, true, true);
}

static bool inv_ignored_without_cmask(emu_faults_t f) /* C-16 */
{
	const struct ref inv0 = { .ev = CORE_EV_INST, .inv = true };

	return model_count(&core_shape_nhm, f, &inv0, 0, P) == CORE_PERIOD_INST;
}

/* Counter 0 preset 1 - n with INT, counting cycles from 0, read at `at`. */
static void overflowing(struct core_pmu *u, emu_faults_t f, uint64_t n, uint64_t at)
{
	init(u, &core_shape_nhm, f);
	wr(u, PMC(0), 1 - n, 0);
	wr(u, SEL(0), ref_sel(&cycles, OS | EN | INT), 0);
	wr(u, GCTL, 1, 0);
	core_advance(u, at);
}

static bool int_requests_a_pmi(emu_faults_t f) /* C-10 */
{
	struct core_pmu u;

	overflowing(&u, f, 10, 100);
	return u.npmi == 1;
}

static bool overflow_sets_status(emu_faults_t f) /* C-10 */
{
	struct core_pmu u;

	overflowing(&u, f, 10, 100);
	return rd(&u, STATUS, 100) == 1;
}

static bool ovf_ctrl_clears(emu_faults_t f) /* C-07 */
{
	struct core_pmu u;

	overflowing(&u, f, 10, 100);
	wr(&u, OVF, 1, 100);
	return rd(&u, STATUS, 100) == 0 && rd(&u, STATUS, 10) == 0;
}

static bool ovf_ctrl_clears_each_bit_alone(emu_faults_t f) /* C-07 */
{
	struct core_pmu u;

	overflowing(&u, f, 10, 0);
	wr(&u, PMC(1), (uint64_t)-5, 0);
	wr(&u, SEL(1), ref_sel(&cycles, OS | EN), 0);
	wr(&u, GCTL, 3, 0);
	core_advance(&u, 100);
	wr(&u, OVF, 2, 100);
	return rd(&u, STATUS, 100) == 1;
}

static bool counter_at_max_overflows_on_one_event(emu_faults_t f) /* OQ-C12 */
{
	struct core_pmu u;

	overflowing(&u, f, 2, 0); /* preset -1: 0xFFFFFFFF, 2^48 - 1 sign-extended */
	return rd(&u, STATUS, 0) == 0 && rd(&u, STATUS, 1) == 1;
}

static bool counter_is_48_bits(emu_faults_t f) /* C-11, C-12 */
{
	struct core_pmu u;

	init(&u, &core_shape_nhm, f);
	return core_wrmsr(&u, FIXED(0), 1ull << 40, 0) == 0 && rd(&u, FIXED(0), 0) == 1ull << 40;
}

static bool pmc_write_sign_extends(emu_faults_t f) /* C-17 */
{
	struct core_pmu u;

	init(&u, &core_shape_nhm, f);
	wr(&u, PMC(0), 0x80000000ull, 0);
	return rd(&u, PMC(0), 0) == 0xFFFF80000000ull;
}

static bool a_pmc_needs_fw_write(emu_faults_t f) /* C-18 */
{
	struct core_pmu u;
	uint64_t v;

	init(&u, &core_shape_nhm, f);
	return core_rdmsr(&u, A_PMC(0), 0, &v) == VEC_GP;
}

static bool reserved_bits_gp(emu_faults_t f) /* C-14, C-23 */
{
	struct core_pmu u;

	init(&u, &core_shape_nhm, f);
	return core_wrmsr(&u, SEL(0), 1ull << 32, 0) == VEC_GP &&
	       core_wrmsr(&u, FIXED(0), 1ull << 48, 0) == VEC_GP;
}

static const struct {
	unsigned bit;
	bool (*holds)(emu_faults_t faults);
} rows[] = {
	{ .bit = EMU_FAULT_BIT_CORE_USR_OS_SWAPPED, .holds = usr_counts_nothing_os_counts },
	{ .bit = EMU_FAULT_BIT_CORE_LOCAL_EN_IGNORED, .holds = en_0_counts_nothing },
	{ .bit = EMU_FAULT_BIT_CORE_GLOBAL_CTRL_IGNORED, .holds = global_ctrl_0_counts_nothing },
	{ .bit = EMU_FAULT_BIT_CORE_FIXED_EN_IGNORED, .holds = fixed_en_0_counts_nothing },
	{ .bit = EMU_FAULT_BIT_CORE_EDGE_IGNORED, .holds = edge_counts_fewer_than_level },
	{ .bit = EMU_FAULT_BIT_CORE_EDGE_FALLING, .holds = edge_counts_entries },
	{ .bit = EMU_FAULT_BIT_EDGE_BEFORE_CMASK, .holds = edge_follows_cmask },
	{ .bit = EMU_FAULT_BIT_EDGE_INV_LEVEL, .holds = edge_with_inv_counts_edges },
	{ .bit = EMU_FAULT_BIT_CORE_CMASK_OFF_BY_ONE, .holds = cmask_counts_cycles_at_or_above },
	{ .bit = EMU_FAULT_BIT_CMASK_7_BITS, .holds = cmask_top_bit_counts },
	{ .bit = EMU_FAULT_BIT_CORE_INV_IGNORED, .holds = inv_counts_cycles_below },
	{ .bit = EMU_FAULT_BIT_CORE_INV_WITHOUT_CMASK, .holds = inv_ignored_without_cmask },
	{ .bit = EMU_FAULT_BIT_CORE_INT_IGNORED, .holds = int_requests_a_pmi },
	{ .bit = EMU_FAULT_BIT_CORE_STATUS_NOT_SET, .holds = overflow_sets_status },
	{ .bit = EMU_FAULT_BIT_CORE_OVF_CTRL_NOCLEAR, .holds = ovf_ctrl_clears },
	{ .bit = EMU_FAULT_BIT_CORE_OVF_CTRL_CLEARS_ALL, .holds = ovf_ctrl_clears_each_bit_alone },
	{ .bit = EMU_FAULT_BIT_CORE_OVF_LATE, .holds = counter_at_max_overflows_on_one_event },
	{ .bit = EMU_FAULT_BIT_CORE_WIDTH_32, .holds = counter_is_48_bits },
	{ .bit = EMU_FAULT_BIT_CORE_PMC_NO_SIGN_EXTEND, .holds = pmc_write_sign_extends },
	{ .bit = EMU_FAULT_BIT_CORE_A_PMC_ALWAYS, .holds = a_pmc_needs_fw_write },
	{ .bit = EMU_FAULT_BIT_CORE_RESERVED_ACCEPTED, .holds = reserved_bits_gp },
	/* version 4 (test_emu_core_v4.h) */
	{ .bit = EMU_FAULT_BIT_CORE_STATUS_SET_IGNORED, .holds = v4_set_sets_exactly },
	{ .bit = EMU_FAULT_BIT_CORE_STATUS_SET_ALL, .holds = v4_set_sets_exactly },
	{ .bit = EMU_FAULT_BIT_CORE_RESET_FRZ_IGNORED, .holds = v4_reset_clears_freeze_bits },
	{ .bit = EMU_FAULT_BIT_CORE_INUSE_FROM_EN, .holds = v4_inuse_follows_event_select },
	{ .bit = EMU_FAULT_BIT_CORE_INUSE_NO_PMI, .holds = v4_inuse_pmi },
	{ .bit = EMU_FAULT_BIT_CORE_FREEZE_IGNORED, .holds = v4_freeze_stops_all },
	{ .bit = EMU_FAULT_BIT_CORE_FREEZE_LEGACY, .holds = v4_freeze_stops_all },
	{ .bit = EMU_FAULT_BIT_CORE_FREEZE_PARTIAL, .holds = v4_freeze_stops_all },
	{ .bit = EMU_FAULT_BIT_CORE_FREEZE_WITHOUT_INT, .holds = v4_no_freeze_without_int },
	{ .bit = EMU_FAULT_BIT_CORE_LBR_FRZ_IGNORED, .holds = v4_lbr_frz_alone },
};

static bool is_core(unsigned bit)
{
	return !strncmp(emu_fault_name(bit), "core-", 5);
}

/* The counting filter's defects both PMUs share (C-16 as N-16..N-19). */
static bool shared_filter(unsigned bit)
{
	return bit == EMU_FAULT_BIT_CMASK_7_BITS || bit == EMU_FAULT_BIT_EDGE_BEFORE_CMASK ||
	       bit == EMU_FAULT_BIT_EDGE_INV_LEVEL;
}

static void each_core_defect_breaks_its_behaviour(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const char *name = emu_fault_name(rows[i].bit);

		assert_true(is_core(rows[i].bit) || shared_filter(rows[i].bit));
		if (!rows[i].holds(0))
			fail_msg("the clean model fails the row of %s", name);
		if (rows[i].holds(emu_fault_mask(rows[i].bit)))
			fail_msg("%s does not break its row's behaviour", name);
	}
}

static void every_core_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, is_core(bit_) || shared_filter(bit_));
}

/* The core model gets its own family's mask and the shared filter's
 * (pmu/backend/emu.c, emu_faults_for): every other defect named leaves
 * every core behaviour whole. */
static void uncore_defects_do_not_touch_the_core(void **state)
{
	struct emu_fault_set others = { { 0 } };
	unsigned bit, i;

	(void)state;
	for (bit = 0; bit < EMU_FAULT_COUNT; bit++)
		if (!is_core(bit) && !shared_filter(bit))
			emu_faults_add(&others, bit);
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		assert_true(rows[i].holds(emu_faults_for(&others, EMU_FAM_CORE)));
}

/* ---- the names ---- */

static void names_are_unique_and_round_trip(void **state)
{
	char buf[8192], bad[32]; /* every name of every PMU, comma-separated */
	struct emu_fault_set all = { { 0 } }, one, mask;
	unsigned a, b;

	(void)state;
	for (a = 0; a < EMU_FAULT_COUNT; a++) {
		for (b = a + 1; b < EMU_FAULT_COUNT; b++)
			assert_string_not_equal(emu_fault_name(a), emu_fault_name(b));
		assert_int_equal(emu_faults_parse(emu_fault_name(a), &mask, bad, sizeof(bad)), 0);
		one = (struct emu_fault_set){ { 0 } };
		emu_faults_add(&one, a);
		assert_memory_equal(&mask, &one, sizeof(mask));
		for (b = 0; b < EMU_FAULT_COUNT; b++) /* that defect and no other */
			assert_int_equal(emu_faults_has(&mask, b), a == b);
		emu_faults_add(&all, a);
	}
	emu_faults_describe(&all, buf, sizeof(buf));
	assert_int_equal(emu_faults_parse(buf, &mask, bad, sizeof(bad)), 0);
	assert_memory_equal(&mask, &all, sizeof(mask));
}

static void core_names_parse_beside_uncore_ones(void **state)
{
	char buf[128], bad[32];
	struct emu_fault_set mask;

	(void)state;
	assert_int_equal(emu_faults_parse("edge-ignored,core-edge-ignored,core-reserved-accepted",
					  &mask, bad, sizeof(bad)),
			 0);
	/* Each in its family's mask: the uncore's and the core's. */
	assert_true(mask.fam[EMU_FAM_UNCORE] == EMU_FF(UNCORE, EDGE_IGNORED));
	assert_true(mask.fam[EMU_FAM_CORE] ==
		    (EMU_FF(CORE, CORE_EDGE_IGNORED) | EMU_FF(CORE, CORE_RESERVED_ACCEPTED)));
	emu_faults_describe(&mask, buf, sizeof(buf));
	assert_string_equal(buf, "edge-ignored,core-edge-ignored,core-reserved-accepted");
	assert_int_equal(emu_faults_parse("core-edge", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "core-edge");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_core_defect_breaks_its_behaviour),
		cmocka_unit_test(every_core_defect_has_a_row),
		cmocka_unit_test(uncore_defects_do_not_touch_the_core),
		cmocka_unit_test(names_are_unique_and_round_trip),
		cmocka_unit_test(core_names_parse_beside_uncore_ones),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
