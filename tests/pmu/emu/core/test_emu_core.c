/* Host tests of the emulated core PMU (pmu/emu/core/model.c): the counting gates
 * and the ring-0 choice (C-09, C-22), the synthetic streams of the
 * pre-defined events and their documented invariants (C-21, C-24, C-11),
 * and the counting filter (C-16). Expected counts come from the per-cycle
 * reference of test_emu_core.h. Each test name starts with the statement it
 * checks. */
#include "tests/pmu/emu/core/test_emu_core.h"

static const struct ref cycles = { .ev = CORE_EV_CYCLES };
static const struct ref inst = { .ev = CORE_EV_INST };

/* ---- gates (C-09, C-22) ---- */

static void c09_counts_only_with_en_global_en_and_os(void **state)
{
	static const struct {
		uint64_t sel_flags, gctl;
		bool counts;
	} rows[] = {
		{ .sel_flags = OS | EN, .gctl = 1, .counts = true },
		{ .sel_flags = OS | USR | EN, .gctl = 1, .counts = true },
		{ .sel_flags = OS, .gctl = 1, .counts = false },      /* EN = 0 */
		{ .sel_flags = OS | EN, .gctl = 0, .counts = false }, /* EN_PMC0 = 0 */
		/* USR only: the model's activity is all at ring 0 */
		{ .sel_flags = USR | EN, .gctl = 1, .counts = false },
		{ .sel_flags = EN, .gctl = 1, .counts = false }, /* neither ring */
	};
	struct core_pmu u;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		init(&u, &core_shape_nhm, 0);
		wr(&u, SEL(0), ref_sel(&cycles, rows[i].sel_flags), 100);
		wr(&u, GCTL, rows[i].gctl, 100);
		assert_int_equal(rd(&u, PMC(0), 600), rows[i].counts ? 500 : 0);
	}
}

static void c09_each_counter_has_its_own_global_bit(void **state)
{
	struct core_pmu u;
	unsigned n;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	for (n = 0; n < 4; n++)
		wr(&u, SEL(n), ref_sel(&cycles, OS | EN), 0);
	wr(&u, FIXED_CTL, FC(0, 3, 0) | FC(1, 3, 0) | FC(2, 3, 0), 0);
	wr(&u, GCTL, 0x5 | G_FIXED(1), 0); /* PMC0, PMC2, FIXED_CTR1 */
	assert_int_equal(rd(&u, PMC(0), 1000), 1000);
	assert_int_equal(rd(&u, PMC(1), 1000), 0);
	assert_int_equal(rd(&u, PMC(2), 1000), 1000);
	assert_int_equal(rd(&u, PMC(3), 1000), 0);
	assert_int_equal(rd(&u, FIXED(0), 1000), 0);
	assert_int_equal(rd(&u, FIXED(1), 1000), 1000);
	assert_int_equal(rd(&u, FIXED(2), 1000), 0);
	wr(&u, GCTL, 0, 1000); /* all stop */
	assert_int_equal(rd(&u, PMC(0), 5000), 1000);
	assert_int_equal(rd(&u, FIXED(1), 5000), 1000);
}

static void c09_version_1_has_no_global_gate(void **state)
{
	static const struct core_shape v1 = { .version = 1, .ngp = 2, .gp_width = 40, .ebx_len = 7 };
	struct core_pmu u;

	(void)state;
	init(&u, &v1, 0);
	wr(&u, SEL(1), ref_sel(&cycles, OS | EN), 10);
	assert_int_equal(rd(&u, PMC(1), 110), 100);
}

static const unsigned fixed_ev[3] = { CORE_EV_INST, CORE_EV_CYCLES, CORE_EV_REF }; /* C-21 */

static void c22_fixed_en_field_by_ring(void **state)
{
	/* EN 0 off, 1 ring 0, 2 ring > 0, 3 all; the model runs at ring 0. */
	struct core_pmu u;
	unsigned en, j;

	(void)state;
	for (j = 0; j < 3; j++)
		for (en = 0; en < 4; en++) {
			struct ref r = { .ev = fixed_ev[j] };

			init(&u, &core_shape_nhm, 0);
			wr(&u, FIXED_CTL, FC(j, en, 0), 0);
			wr(&u, GCTL, G_FIXED(j), 0);
			assert_int_equal(rd(&u, FIXED(j), 700), en & 1 ? ref_count(&r, 0, 700) : 0);
		}
}

static void c22_writing_en_0_stops_the_counter(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, FIXED_CTL, FC(1, 1, 0), 0);
	wr(&u, GCTL, G_FIXED(1), 0);
	wr(&u, FIXED_CTL, 0, 400);
	assert_int_equal(rd(&u, FIXED(1), 9999), 400);
}

/* ---- events (C-21, C-24, C-11) ---- */

static void c24_arch_event_table(void **state)
{
	(void)state;
	assert_int_equal(core_arch_event(EV_CYCLES), CORE_EV_CYCLES);
	assert_int_equal(core_arch_event(EV_INST), CORE_EV_INST);
	assert_int_equal(core_arch_event(EV_REF), CORE_EV_REF);
	assert_int_equal(core_arch_event(EV_LLC_REF), CORE_EV_LLC_REF);
	assert_int_equal(core_arch_event(EV_LLC_MISS), CORE_EV_LLC_MISS);
	assert_int_equal(core_arch_event(EV_BRANCH), CORE_EV_BRANCH);
	assert_int_equal(core_arch_event(EV_MISPRED), CORE_EV_MISPRED);
	assert_int_equal(core_arch_event(0x3C, 0x02), -1);
	assert_int_equal(core_arch_event(0xA4, 0x01), -1); /* OQ-C10: rows 7-12 not modelled */
}

/* The per-cycle relations pmu/emu/core/model.h documents, and the per-period sums. */
static void c24_streams_obey_documented_invariants(void **state)
{
	uint64_t sum[CORE_NEVENTS] = { 0 }, t;
	unsigned hist[CORE_INST_MAX + 1] = { 0 }, ev, run = 0, longest = 0;

	(void)state;
	for (t = 0; t < P; t++) {
		unsigned v[CORE_NEVENTS];

		for (ev = 0; ev < CORE_NEVENTS; ev++) {
			v[ev] = core_event_value(ev, t);
			sum[ev] += v[ev];
			assert_int_equal(v[ev], core_event_value(ev, t + 7 * P)); /* periodic */
		}
		assert_int_equal(v[CORE_EV_CYCLES], 1);
		assert_int_equal(v[CORE_EV_REF], t % 4 != 0);
		assert_true(v[CORE_EV_INST] <= CORE_INST_MAX);
		assert_true(v[CORE_EV_BRANCH] <= v[CORE_EV_INST] && v[CORE_EV_BRANCH] <= 2);
		assert_true(v[CORE_EV_MISPRED] <= v[CORE_EV_BRANCH] && v[CORE_EV_MISPRED] <= 1);
		assert_true(v[CORE_EV_LLC_REF] <= 1);
		assert_true(v[CORE_EV_LLC_MISS] <= v[CORE_EV_LLC_REF]);
		hist[v[CORE_EV_INST]]++;
		run = v[CORE_EV_INST] ? 0 : run + 1;
		longest = run > longest ? run : longest;
	}
	for (ev = 0; ev <= CORE_INST_MAX; ev++)
		assert_true(hist[ev] > 0); /* every CMASK 1..4 has cycles on both sides */
	assert_true(longest >= 32);      /* stalled runs */
	assert_int_equal(sum[CORE_EV_CYCLES], P);
	assert_int_equal(sum[CORE_EV_REF], CORE_PERIOD_REF);
	assert_int_equal(sum[CORE_EV_INST], CORE_PERIOD_INST);
	assert_int_equal(sum[CORE_EV_BRANCH], CORE_PERIOD_BRANCH);
	assert_int_equal(sum[CORE_EV_MISPRED], CORE_PERIOD_MISPRED);
	assert_int_equal(sum[CORE_EV_LLC_REF], CORE_PERIOD_LLC_REF);
	assert_int_equal(sum[CORE_EV_LLC_MISS], CORE_PERIOD_LLC_MISS);
}

static void c24_each_event_counts_its_stream(void **state)
{
	static const uint64_t win[][2] = { { 0, 1 }, { 5, 77 }, { 1000, 3100 }, { 123, 123 + 7 * P } };
	unsigned ev, w;

	(void)state;
	for (ev = 0; ev < CORE_NEVENTS; ev++)
		for (w = 0; w < ARRAY_SIZE(win); w++) {
			struct ref r = { .ev = ev };

			assert_int_equal(model_count(&core_shape_nhm, 0, &r, win[w][0], win[w][1]),
					 ref_count(&r, win[w][0], win[w][1]));
		}
}

static void c24_reference_cycles_are_three_quarters(void **state)
{
	const struct ref r = { .ev = CORE_EV_REF };
	uint64_t a, b;

	(void)state;
	for (a = 0; a < 9; a++)
		for (b = a; b < a + 9; b++) /* floor(3b/4) - floor(3a/4), pmu/emu/core/model.h */
			assert_int_equal(model_count(&core_shape_nhm, 0, &r, a, b), 3 * b / 4 - 3 * a / 4);
}

static void c24_other_events_count_nothing(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, SEL(0), evtsel(0x3C, 0x02, 0, OS | EN), 0);
	wr(&u, SEL(1), evtsel(0x2E, 0x40, 0, OS | EN), 0);
	wr(&u, SEL(2), evtsel(0xA4, 0x01, 0, OS | EN), 0); /* OQ-C10 */
	wr(&u, GCTL, 0x7, 0);
	assert_int_equal(rd(&u, PMC(0), 5000) + rd(&u, PMC(1), 5000) + rd(&u, PMC(2), 5000), 0);
}

static void c11_unavailable_events_count_nothing(void **state)
{
	/* EBX bit 3 set (LLC references unavailable); EBX length 5, so events
	 * 5 and 6 are unavailable too (C-24: index below EAX[31:24]). */
	static const struct core_shape s = { .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 5,
			.ebx = 1u << 3, .nfixed = 3, .fixed_width = 48, .pdcm = true };
	unsigned ev;

	(void)state;
	for (ev = 0; ev < CORE_NEVENTS; ev++) {
		struct ref r = { .ev = ev };
		bool avail = ev < 5 && ev != 3;

		assert_int_equal(model_count(&s, 0, &r, 0, 3 * P),
				 avail ? ref_count(&r, 0, 3 * P) : 0);
	}
}

static void c21_fixed_counters_match_their_general_events(void **state)
{
	struct core_pmu u;
	unsigned j;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	for (j = 0; j < 3; j++)
		wr(&u, SEL(j), ref_sel(&(struct ref){ .ev = fixed_ev[j] }, OS | EN), 300);
	wr(&u, FIXED_CTL, FC(0, 1, 0) | FC(1, 1, 0) | FC(2, 1, 0), 300);
	wr(&u, GCTL, 0x7 | G_FIXED(0) | G_FIXED(1) | G_FIXED(2), 300);
	for (j = 0; j < 3; j++) {
		assert_int_equal(rd(&u, FIXED(j), 4321), rd(&u, PMC(j), 4321));
		assert_int_equal(rd(&u, FIXED(j), 4321),
				 ref_count(&(struct ref){ .ev = fixed_ev[j] }, 300, 4321));
	}
}

/* ---- the filter (C-16) ---- */

static void c16_cmask_0_adds_the_full_count(void **state)
{
	(void)state;
	assert_int_equal(model_count(&core_shape_nhm, 0, &inst, 0, 10 * P), 10 * CORE_PERIOD_INST);
}

static void c16_cmask_and_inv_split_the_cycles(void **state)
{
	uint8_t c;

	(void)state;
	for (c = 1; c <= CORE_INST_MAX; c++) {
		struct ref ge = { .ev = CORE_EV_INST, .cmask = c };
		struct ref lt = { .ev = CORE_EV_INST, .cmask = c, .inv = true };
		uint64_t n_ge = model_count(&core_shape_nhm, 0, &ge, 17, 17 + 3 * P);
		uint64_t n_lt = model_count(&core_shape_nhm, 0, &lt, 17, 17 + 3 * P);

		assert_int_equal(n_ge, ref_count(&ge, 17, 17 + 3 * P));
		assert_int_equal(n_ge + n_lt, 3 * P);
		assert_true(n_ge > 0 && n_lt > 0);
	}
}

/* The spec's test: instructions retired with CMASK = 2 counts fewer. */
static void c16_cmask_2_counts_fewer_than_cmask_0(void **state)
{
	const struct ref c2 = { .ev = CORE_EV_INST, .cmask = 2 };

	(void)state;
	assert_true(model_count(&core_shape_nhm, 0, &c2, 0, P) <
		    model_count(&core_shape_nhm, 0, &inst, 0, P));
}

static void c16_inv_ignored_when_cmask_is_0(void **state)
{
	const struct ref inv0 = { .ev = CORE_EV_INST, .inv = true };

	(void)state;
	assert_int_equal(model_count(&core_shape_nhm, 0, &inv0, 40, 40 + 2 * P),
			 model_count(&core_shape_nhm, 0, &inst, 40, 40 + 2 * P));
}

static void c16_edge_counts_transitions(void **state)
{
	const struct ref lvl = { .ev = CORE_EV_INST };
	const struct ref edge = { .ev = CORE_EV_INST, .edge = true };
	const struct ref busy = { .ev = CORE_EV_INST, .cmask = 1 };
	uint64_t n_edge = model_count(&core_shape_nhm, 0, &edge, 0, P);

	(void)state;
	assert_int_equal(n_edge, ref_count(&edge, 0, P));
	assert_true(n_edge > 0);
	assert_true(n_edge < model_count(&core_shape_nhm, 0, &busy, 0, P)); /* cycles with >= 1 */
	assert_true(n_edge < model_count(&core_shape_nhm, 0, &lvl, 0, P));
	/* cycles always assert: no deasserted -> asserted transition */
	assert_int_equal(model_count(&core_shape_nhm, 0,
				     &(struct ref){ .ev = CORE_EV_CYCLES, .edge = true }, 0, P), 0);
}

/* E with CMASK: transitions of the thresholded condition, with and
 * without INV; fewer than the level, more than 0. */
static void c16_edge_with_cmask(void **state)
{
	uint8_t c;
	int inv;

	(void)state;
	for (c = 1; c <= CORE_INST_MAX; c++)
		for (inv = 0; inv < 2; inv++) {
			struct ref e = { .ev = CORE_EV_INST, .cmask = c, .inv = inv, .edge = true };
			struct ref l = { .ev = CORE_EV_INST, .cmask = c, .inv = inv };
			uint64_t n_e = model_count(&core_shape_nhm, 0, &e, 3, 3 + 2 * P);

			assert_int_equal(n_e, ref_count(&e, 3, 3 + 2 * P));
			assert_true(n_e > 0);
			assert_true(n_e < model_count(&core_shape_nhm, 0, &l, 3, 3 + 2 * P));
		}
}

/* Every event, random filters and windows, against the reference. */
static void c16_random_filters_match_the_definition(void **state)
{
	uint32_t seed = 0xC16;
	unsigned k;

	(void)state;
	for (k = 0; k < 300; k++) {
		struct ref r;
		uint64_t a, b;

		seed = emu_mix(seed, k);
		r = (struct ref){ .ev = seed % CORE_NEVENTS, .cmask = (uint8_t)(seed >> 8) % 6,
				.inv = seed >> 12 & 1, .edge = seed >> 13 & 1 };
		a = emu_mix(seed, 1) % (5 * P);
		b = a + emu_mix(seed, 2) % (3 * P);
		assert_int_equal(model_count(&core_shape_nhm, 0, &r, a, b), ref_count(&r, a, b));
	}
}

static void c16_huge_windows_are_exact_and_fast(void **state)
{
	const uint64_t n = 1000000000000ull; /* about 7 minutes at 2.4 GHz */
	const struct ref c3 = { .ev = CORE_EV_INST, .cmask = 3 };
	uint64_t per = ref_count(&c3, 0, P), whole = n / P * P;

	(void)state;
	assert_int_equal(model_count(&core_shape_nhm_fw, 0, &c3, 0, whole), whole / P * per);
	assert_int_equal(model_count(&core_shape_nhm_fw, 0, &c3, 0, n),
			 whole / P * per + ref_count(&c3, whole, n));
}

/* OQ-C13 default: a select write while the counter counts is seen by the
 * edge detector, which compares with the condition before the write: an
 * entry counts 1, an exit 0 (C-16); a write while stopped leaves no edge. */
static void oqc13_select_write_makes_an_edge(void **state)
{
	uint64_t c[2];

	(void)state;
	edge_dir_counts(0, false, c);
	assert_true(c[0] == 1 && c[1] == 0);
	edge_dir_counts(0, true, c);
	assert_true(c[0] == 0 && c[1] == 0);
}

/* The write's edge can be the increment that wraps the counter: the
 * overflow comes at its cycle (OQ-C13 with OQ-C12). */
static void oqc13_write_edge_overflows(void **state)
{
	uint64_t sel = evtsel(EV_CYCLES, 0xFF, OS | EN | EDGE);
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, SEL(0), sel & ~EN, 0);
	wr(&u, PMC(0), 0xFFFFFFFF, 0); /* C-17: -1, 2^48 - 1 */
	wr(&u, SEL(0), sel, 0);
	wr(&u, GCTL, 1, 0);
	wr(&u, SEL(0), (sel & ~(0xFFull << 24)) | 1ull << 24, 1500);
	assert_int_equal(rd(&u, STATUS, 1500) & 1, 0);
	assert_int_equal(rd(&u, STATUS, 1501) & 1, 1);
	assert_int_equal(rd(&u, PMC(0), 3000), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c09_counts_only_with_en_global_en_and_os),
		cmocka_unit_test(c09_each_counter_has_its_own_global_bit),
		cmocka_unit_test(c09_version_1_has_no_global_gate),
		cmocka_unit_test(c22_fixed_en_field_by_ring),
		cmocka_unit_test(c22_writing_en_0_stops_the_counter),
		cmocka_unit_test(c24_arch_event_table),
		cmocka_unit_test(c24_streams_obey_documented_invariants),
		cmocka_unit_test(c24_each_event_counts_its_stream),
		cmocka_unit_test(c24_reference_cycles_are_three_quarters),
		cmocka_unit_test(c24_other_events_count_nothing),
		cmocka_unit_test(c11_unavailable_events_count_nothing),
		cmocka_unit_test(c21_fixed_counters_match_their_general_events),
		cmocka_unit_test(c16_cmask_0_adds_the_full_count),
		cmocka_unit_test(c16_cmask_and_inv_split_the_cycles),
		cmocka_unit_test(c16_cmask_2_counts_fewer_than_cmask_0),
		cmocka_unit_test(c16_inv_ignored_when_cmask_is_0),
		cmocka_unit_test(c16_edge_counts_transitions),
		cmocka_unit_test(c16_edge_with_cmask),
		cmocka_unit_test(oqc13_select_write_makes_an_edge),
		cmocka_unit_test(oqc13_write_edge_overflows),
		cmocka_unit_test(c16_random_filters_match_the_definition),
		cmocka_unit_test(c16_huge_windows_are_exact_and_fast),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
