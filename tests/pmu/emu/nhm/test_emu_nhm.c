/* Host tests of the emulated Nehalem uncore (pmu/emu/nhm/model.c): gates, the
 * synthetic streams and the event filters (spec N-06..N-20, §5, OQ-N12,
 * OQ-N13, OQ-N18, OQ-N21). Expected counts come from the per-cycle
 * reference in test_emu_nhm.h, never from the model's own arithmetic. */
#include <time.h>

#include "tests/pmu/emu/nhm/test_emu_nhm.h"

static const struct ref occ_local = { .ev = 0x23, .um = 0x04, NORST };
static const struct ref reads_any = { .ev = 0x2C, .um = 0x07, NORST };

/* ---- gates ---- */

static void n06_evtsel_en_gates_counting(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, GCTL, 0x1, 0);
	wr(&u, SEL(0), ref_sel(&reads_any) & ~ES_EN, 0);
	assert_int_equal(rd(&u, CTR(0), 5000), 0);
	wr(&u, SEL(0), ref_sel(&reads_any), 5000);
	assert_int_equal(rd(&u, CTR(0), 9000), ref_count(&reads_any, 5000, 9000));
}

static void n06_global_en_gates_counting(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, SEL(3), ref_sel(&reads_any), 0);
	wr(&u, GCTL, 0xF7, 0); /* every EN_PCn but EN_PC3 */
	assert_int_equal(rd(&u, CTR(3), 5000), 0);
	wr(&u, GCTL, 0x08, 5000);
	assert_int_equal(rd(&u, CTR(3), 9000), ref_count(&reads_any, 5000, 9000));
}

/* The same scenario under each gating defect: what N-06 forbids happens. */
static void n06_faults_break_the_gates(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, EMU_F(NO_COUNT), 0, 0, 0, 0);
	start_gp(&u, 0, &reads_any, 0);
	assert_int_equal(rd(&u, CTR(0), 5000), 0);

	nhm_init(&u, EMU_F(LOCAL_EN_IGNORED), 0, 0, 0, 0);
	wr(&u, GCTL, 0x1, 0);
	wr(&u, SEL(0), ref_sel(&reads_any) & ~ES_EN, 0);
	assert_int_equal(rd(&u, CTR(0), 5000), ref_count(&reads_any, 0, 5000));

	nhm_init(&u, EMU_F(GLOBAL_EN_IGNORED), 0, 0, 0, 0);
	wr(&u, SEL(0), ref_sel(&reads_any), 0);
	assert_int_equal(rd(&u, CTR(0), 5000), ref_count(&reads_any, 0, 5000));
}

static void n07_fixed_needs_both_enables(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	assert_int_equal(rd(&u, FIXED, 1000), 0);
	wr(&u, FIXED_CTL, 0x0, 1000);
	wr(&u, GCTL, GC_FC0, 1000);
	assert_int_equal(rd(&u, FIXED, 2000), 0);
	wr(&u, FIXED_CTL, 0x1, 2000);
	assert_int_equal(rd(&u, FIXED, 2500), 500);
}

static void n08_fixed_advances_once_per_cycle(void **state)
{
	static const uint64_t t[] = { 10, 11, 1023, 1024, 1025, 77777, 1000000000000ull };
	struct nhm_uncore u;
	unsigned i;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 5);
	wr(&u, FIXED_CTL, 0x1, 5);
	wr(&u, SEL(0), ref_sel(&occ_local), 5); /* event selects do not matter */
	wr(&u, GCTL, GC_FC0 | 0xFF, 5);
	for (i = 0; i < ARRAY_SIZE(t); i++)
		assert_int_equal(rd(&u, FIXED, t[i]), t[i] - 5);

	nhm_init(&u, EMU_F(FIXED_NO_COUNT), 0, 0, 0, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	wr(&u, GCTL, GC_FC0, 0);
	assert_int_equal(rd(&u, FIXED, 1000), 0);
}

static void n08_earlier_now_is_treated_as_now(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 100);
	wr(&u, FIXED_CTL, 0x1, 100);
	wr(&u, GCTL, GC_FC0, 100);
	assert_int_equal(rd(&u, FIXED, 600), 500);
	assert_int_equal(rd(&u, FIXED, 300), 500);
	assert_int_equal(rd(&u, FIXED, 601), 501);
}

static void n09_global_ctrl_zero_stops_everything(void **state)
{
	struct nhm_uncore u, twin;
	unsigned n;

	(void)state;
	for (n = 0; n < 2; n++) {
		struct nhm_uncore *x = n ? &twin : &u;

		nhm_init(x, 0, 0, 0, 0, 0);
		for (unsigned c = 0; c < NHM_NCTR; c++)
			wr(x, SEL(c), evtsel(0x2A, 1u << (c % 3), (uint8_t)c, ES_EN), 0);
		wr(x, FIXED_CTL, 0x1, 0);
		wr(x, GCTL, 0xFF | GC_FC0, 0);
	}
	wr(&u, GCTL, 0, 7000);
	for (n = 0; n < NHM_NCTR; n++)
		assert_int_equal(rd(&u, CTR(n), 123456), rd(&twin, CTR(n), 7000));
	assert_int_equal(rd(&u, FIXED, 123456), 7000);
}

static void n10_gates_are_independent(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &reads_any, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	wr(&u, GCTL, 0x1, 0); /* EN_FC0 clear: PerfCntr0 alone */
	assert_int_equal(rd(&u, CTR(0), 3000), ref_count(&reads_any, 0, 3000));
	assert_int_equal(rd(&u, FIXED, 3000), 0);
	wr(&u, GCTL, GC_FC0, 3000); /* EN_PC0 clear: FixedCntr0 alone */
	wr(&u, SEL(0), 0, 3000);
	assert_int_equal(rd(&u, FIXED, 4000), 1000);
	assert_int_equal(rd(&u, CTR(0), 4000), ref_count(&reads_any, 0, 3000));
}

/* ---- streams and filters ---- */

static void n13_streams_obey_section5_invariants(void **state)
{
	uint64_t t;
	unsigned b;

	(void)state;
	for (t = 0; t < 3 * P; t++) {
		unsigned sum = 0;

		for (b = 1; b <= 4; b <<= 1) {
			uint8_t m = (uint8_t)b;

			if (nhm_stream_value(0x00, m, t)) /* full implies not empty */
				assert_int_equal(nhm_stream_value(0x01, m, t), 1);
			assert_int_equal(nhm_stream_value(0x22, m, t),
					 nhm_stream_value(0x23, m, t) > 0);
			assert_true(nhm_stream_value(0x21, m, t) <= nhm_stream_value(0x22, m, t));
			sum += nhm_stream_value(0x2C, m, t);
		}
		assert_int_equal(nhm_stream_value(0x2C, 0x07, t), sum);
		assert_int_equal(nhm_stream_value(0x23, 0x07, t),
				 nhm_stream_value(0x23, 0x07, t + 5 * P)); /* periodic */
	}
}

static void n13_union_adds_channels(void **state)
{
	struct ref r = reads_any;
	uint64_t any, sum = 0;
	unsigned b;

	(void)state;
	any = model_count(0, &r, 700, 9000);
	for (b = 1; b <= 4; b <<= 1) {
		r.um = (uint8_t)b;
		sum += model_count(0, &r, 700, 9000);
	}
	assert_int_equal(any, sum);
	r.um = 0x01;
	assert_int_equal(model_count(EMU_F(UMASK_NO_UNION), &reads_any, 700, 9000),
			 model_count(0, &r, 700, 9000));
	assert_true(sum > model_count(0, &r, 700, 9000));
}

static void n13_boolean_union_is_an_or(void **state)
{
	struct ref r = { .ev = 0x22, .um = 0x07, NORST };
	uint64_t any = model_count(0, &r, 0, 6000), sum = 0;
	unsigned b;

	(void)state;
	assert_int_equal(any, ref_count(&r, 0, 6000));
	for (b = 1; b <= 4; b <<= 1) {
		r.um = (uint8_t)b;
		sum += model_count(0, &r, 0, 6000);
	}
	assert_true(any < sum && any <= 6000);
}

static void n13_unknown_event_counts_nothing(void **state)
{
	struct ref r = { .ev = 0x77, .um = 0xFF, NORST };

	(void)state;
	assert_int_equal(model_count(0, &r, 0, 5000), 0);
}

/* Random selections, windows across period boundaries: the model's O(1)
 * arithmetic equals the per-cycle definition. */
static void n13_random_selects_match_per_cycle_definition(void **state)
{
	static const uint8_t ev[] = { 0x00, 0x01, 0x03, 0x20, 0x21, 0x22, 0x23, 0x2A, 0x2C, 0x2F };
	uint32_t seed = 12345;
	unsigned i;

	(void)state;
	for (i = 0; i < 120; i++) {
		struct ref r;
		uint64_t a, b;

		seed = seed * 1103515245u + 12345u;
		r = (struct ref){ .ev = ev[(seed >> 8) % ARRAY_SIZE(ev)],
				.um = (uint8_t)(seed >> 16),
				.cmask = (uint8_t)(i % 3 ? (seed >> 4) % 24 : 0),
				.inv = seed >> 24 & 1, .edge = seed >> 25 & 1, NORST };
		a = (seed >> 3) % 5000;
		b = a + (seed >> 11) % 4000;
		if (ref_count(&r, a, b) != model_count(0, &r, a, b))
			fail_msg("ev %02x um %02x cmask %u inv %d e %d [%llu,%llu)", r.ev, r.um,
				 r.cmask, r.inv, r.edge, (unsigned long long)a,
				 (unsigned long long)b);
	}
}

static void n16_edge_at_most_level_and_positive(void **state)
{
	static const uint8_t cmask[] = { 0, 1, 4, 11 };
	struct ref lvl = occ_local, edge;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cmask); i++) {
		lvl.cmask = cmask[i] ? cmask[i] : 1;
		edge = lvl;
		edge.cmask = cmask[i];
		edge.edge = true;
		uint64_t e = model_count(0, &edge, 100, 8000);

		assert_int_equal(e, ref_count(&edge, 100, 8000));
		assert_true(e > 0 && e < model_count(0, &lvl, 100, 8000));
	}
	/* E ignored: the "edge" count is the level count. */
	edge.cmask = 1;
	lvl.cmask = 1;
	assert_int_equal(model_count(EMU_F(EDGE_IGNORED), &edge, 100, 8000),
			 model_count(0, &lvl, 100, 8000));
}

static void n17_cmask0_adds_full_occupancy(void **state)
{
	uint64_t c = model_count(0, &occ_local, 300, 5300);

	(void)state;
	assert_int_equal(c, ref_count(&occ_local, 300, 5300));
	assert_true(c > 5000); /* more than the U-clock cycles of the window */
}

static void n18_cmask_counts_cycles_at_threshold(void **state)
{
	struct ref r = { .ev = 0x2A, .um = 0x07, NORST };
	uint64_t prev = 6000, c;

	(void)state;
	for (r.cmask = 1; r.cmask < 64; r.cmask++) {
		c = model_count(0, &r, 1000, 7000);
		assert_int_equal(c, ref_count(&r, 1000, 7000));
		assert_true(c <= prev); /* at most the cycles, falling with CMASK */
		prev = c;
	}
	assert_int_equal(prev, 0); /* OQ-N13: nothing reaches 64 */
}

static void n18_faults_break_the_threshold(void **state)
{
	struct ref r = { .ev = 0x23, .um = 0x07, .cmask = 6, NORST }, r7 = r, r0 = r;

	(void)state;
	r7.cmask = 7;
	r0.cmask = 0;
	assert_int_equal(model_count(EMU_F(CMASK_OFF_BY_ONE), &r, 0, 5000),
			 ref_count(&r7, 0, 5000));
	assert_true(ref_count(&r7, 0, 5000) < ref_count(&r, 0, 5000));
	assert_int_equal(model_count(EMU_F(CMASK_IGNORED), &r, 0, 5000),
			 ref_count(&r0, 0, 5000));
	assert_true(ref_count(&r0, 0, 5000) > 5000);
}

/* CMASK is the whole byte 31:24: 0x81 passes no cycle of a stream below 64,
 * 0x80 with INV every one; read as 7 bits they would be 1 and 0. */
static void n18_cmask_top_bit(void **state)
{
	struct ref r = { .ev = 0x23, .um = 0x07, .cmask = 0x81, NORST }, inv = r, r1 = r, r0 = r;
	uint64_t a = 700, b = 700 + 2 * P + 33;

	(void)state;
	inv.cmask = 0x80;
	inv.inv = true;
	r1.cmask = 1;
	r0.cmask = 0;
	assert_int_equal(model_count(0, &r, a, b), 0);
	assert_int_equal(model_count(0, &inv, a, b), b - a);
	assert_int_equal(model_count(EMU_F(CMASK_7_BITS), &r, a, b), ref_count(&r1, a, b));
	assert_true(ref_count(&r1, a, b) > 0);
	assert_int_equal(model_count(EMU_F(CMASK_7_BITS), &inv, a, b), ref_count(&r0, a, b));
}

/* Rewriting only CMASK/INV/E of a running counter takes effect at once. */
static void n18_filter_change_midway(void **state)
{
	struct nhm_uncore u;
	struct ref r = occ_local, r2 = occ_local;
	uint64_t v;

	(void)state;
	r2.cmask = 5;
	r2.inv = true;
	r2.edge = true;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &r, 100);
	v = rd(&u, CTR(0), 3000);
	assert_int_equal(v, ref_count(&r, 100, 3000));
	wr(&u, SEL(0), ref_sel(&r2), 3000);
	assert_int_equal(rd(&u, CTR(0), 6000) - v, ref_count(&r2, 3000, 6000));
}

static void n19_inv_sum_rule(void **state)
{
	struct ref r = occ_local, inv;
	uint64_t a = 1500, b = 1500 + 3 * P + 77;

	(void)state;
	for (r.cmask = 1; r.cmask < 24; r.cmask++) {
		inv = r;
		inv.inv = true;
		assert_int_equal(model_count(0, &r, a, b) + model_count(0, &inv, a, b), b - a);
		assert_int_equal(model_count(0, &inv, a, b), ref_count(&inv, a, b));
	}
	r.cmask = 3;
	inv.cmask = 3;
	assert_int_equal(model_count(EMU_F(INV_IGNORED), &inv, a, b), model_count(0, &r, a, b));
}

static void n20_inv_ignored_when_cmask_is_0(void **state)
{
	struct ref inv = occ_local;

	(void)state;
	inv.inv = true; /* OQ-N12 default */
	assert_int_equal(model_count(0, &inv, 0, 5000), model_count(0, &occ_local, 0, 5000));
}

static void oqn13_edge_applies_to_thresholded_condition(void **state)
{
	struct ref e5 = { .ev = 0x23, .um = 0x04, .cmask = 5, .edge = true, NORST }, e0 = e5;

	(void)state;
	e0.cmask = 0;
	assert_int_equal(model_count(0, &e5, 0, 6000), ref_count(&e5, 0, 6000));
	assert_true(model_count(0, &e5, 0, 6000) != model_count(0, &e0, 0, 6000));
	for (uint64_t t = 0; t < P; t++) {
		assert_true(nhm_stream_value(0x23, 0x07, t) < 64);
		assert_true(nhm_stream_value(0x2A, 0x07, t) < 64);
		assert_true(nhm_stream_value(0x02, 0x07, t) < 64);
	}
}

/* The defect takes E before the threshold: with CMASK >= 2 it counts the
 * rising edges of count >= 1, which a 0/1 event shows (its count >= 2 never
 * holds, so E on it counts none). */
static void oqn13_faults_edge_before_cmask(void **state)
{
	struct ref e2 = { .ev = 0x22, .um = 0x04, .cmask = 2, .edge = true, NORST }, e1 = e2;

	(void)state;
	e1.cmask = 1;
	assert_int_equal(model_count(0, &e2, 0, 6000), 0);
	assert_int_equal(model_count(EMU_F(EDGE_BEFORE_CMASK), &e2, 0, 6000),
			 ref_count(&e1, 0, 6000));
	assert_true(ref_count(&e1, 0, 6000) > 0);
}

/* E with INV counts the rising edges of the inverted condition: within 1 of
 * the plain condition's rising edges over any window (N-16, N-19); the
 * defect counts the inverted level instead. */
static void n16_n19_edge_with_inv(void **state)
{
	struct ref ei = { .ev = 0x23, .um = 0x04, .cmask = 3, .inv = true, .edge = true,
			NORST }, e = ei, lvl = ei;
	uint64_t n;

	(void)state;
	e.inv = false;
	lvl.edge = false;
	n = model_count(0, &ei, 100, 9000);
	assert_int_equal(n, ref_count(&ei, 100, 9000));
	assert_true(n + 1 >= ref_count(&e, 100, 9000) && n <= ref_count(&e, 100, 9000) + 1);
	assert_int_equal(model_count(EMU_F(EDGE_INV_LEVEL), &ei, 100, 9000),
			 ref_count(&lvl, 100, 9000));
	assert_true(ref_count(&lvl, 100, 9000) > n + 1);
}

/* E on CMASK 0xFF, which no cycle reaches, with INV written while the
 * counter counts: INV on asserts the condition (an entry), INV off
 * deasserts it (an exit). OQ-N26 default: the detector compares with the
 * condition before the write, so an entry counts 1 and an exit 0 (N-16);
 * with edge-falling the other way round. A write while stopped leaves no
 * edge. c[k]: counts over [1000 k, 1000 (k + 1)) with INV on at 1500,
 * off at 2500. */
static void edge_dir_counts(emu_faults_t f, bool stop, uint64_t c[2])
{
	uint64_t sel = evtsel(0x22, 0x04, 0xFF, ES_EN | ES_E);
	struct nhm_uncore u;

	uint64_t v[3];

	nhm_init(&u, f, 0, 0, 0, 0);
	wr(&u, SEL(0), sel, 0);
	wr(&u, GCTL, 1, 0);
	v[0] = rd(&u, CTR(0), 1000);
	if (stop)
		wr(&u, GCTL, 0, 1400);
	wr(&u, SEL(0), sel | ES_INV, 1500);
	if (stop)
		wr(&u, GCTL, 1, 1600);
	v[1] = rd(&u, CTR(0), 2000);
	wr(&u, SEL(0), sel, 2500);
	v[2] = rd(&u, CTR(0), 3000);
	c[0] = v[1] - v[0];
	c[1] = v[2] - v[1];
}

static void oqn26_select_write_makes_an_edge(void **state)
{
	uint64_t c[2];

	(void)state;
	edge_dir_counts(0, false, c);
	assert_true(c[0] == 1 && c[1] == 0);
	edge_dir_counts(EMU_F(EDGE_FALLING), false, c);
	assert_true(c[0] == 0 && c[1] == 1);
	edge_dir_counts(0, true, c);
	assert_true(c[0] == 0 && c[1] == 0);
}

static void oqn18_undefined_umask_bits_select_nothing(void **state)
{
	struct ref r = reads_any;

	(void)state;
	r.um = 0x08;
	assert_int_equal(model_count(0, &r, 0, 5000), 0);
	r.um = 0x0F; /* Linux's ANY: the same as 0x07 */
	assert_int_equal(model_count(0, &r, 0, 5000), model_count(0, &reads_any, 0, 5000));
}

static void oqn21_umask_0_counts_nothing(void **state)
{
	struct ref r = occ_local;

	(void)state;
	r.um = 0;
	assert_int_equal(model_count(0, &r, 0, 5000), 0);
}

/* Windows of 10^12 cycles cost what short ones cost. */
static void n17_huge_windows_are_exact_and_fast(void **state)
{
	struct nhm_uncore u;
	uint64_t t0 = 12345, t1 = t0 + 1000000000000ull;
	clock_t c = clock();
	unsigned n;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	for (n = 0; n < NHM_NCTR; n++) {
		struct ref r = { .ev = n % 2 ? 0x23 : 0x2C, .um = (uint8_t)(n + 1),
				.cmask = (uint8_t)(n % 3), .edge = n > 5, NORST };

		start_gp(&u, n, &r, t0);
	}
	for (n = 0; n < NHM_NCTR; n++) {
		struct ref r = { .ev = n % 2 ? 0x23 : 0x2C, .um = (uint8_t)(n + 1),
				.cmask = (uint8_t)(n % 3), .edge = n > 5, NORST };

		assert_int_equal(rd(&u, CTR(n), t1), ref_count_long(&r, t0, t1));
	}
	assert_true(clock() - c < CLOCKS_PER_SEC / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(n06_evtsel_en_gates_counting),
		cmocka_unit_test(n06_global_en_gates_counting),
		cmocka_unit_test(n06_faults_break_the_gates),
		cmocka_unit_test(n07_fixed_needs_both_enables),
		cmocka_unit_test(n08_fixed_advances_once_per_cycle),
		cmocka_unit_test(n08_earlier_now_is_treated_as_now),
		cmocka_unit_test(n09_global_ctrl_zero_stops_everything),
		cmocka_unit_test(n10_gates_are_independent),
		cmocka_unit_test(n13_streams_obey_section5_invariants),
		cmocka_unit_test(n13_union_adds_channels),
		cmocka_unit_test(n13_boolean_union_is_an_or),
		cmocka_unit_test(n13_unknown_event_counts_nothing),
		cmocka_unit_test(n13_random_selects_match_per_cycle_definition),
		cmocka_unit_test(n16_edge_at_most_level_and_positive),
		cmocka_unit_test(n17_cmask0_adds_full_occupancy),
		cmocka_unit_test(n18_cmask_counts_cycles_at_threshold),
		cmocka_unit_test(n18_faults_break_the_threshold),
		cmocka_unit_test(n18_filter_change_midway),
		cmocka_unit_test(n19_inv_sum_rule),
		cmocka_unit_test(n20_inv_ignored_when_cmask_is_0),
		cmocka_unit_test(oqn13_edge_applies_to_thresholded_condition),
		cmocka_unit_test(oqn13_faults_edge_before_cmask),
		cmocka_unit_test(n16_n19_edge_with_inv),
		cmocka_unit_test(oqn26_select_write_makes_an_edge),
		cmocka_unit_test(n18_cmask_top_bit),
		cmocka_unit_test(oqn18_undefined_umask_bits_select_nothing),
		cmocka_unit_test(oqn21_umask_0_counts_nothing),
		cmocka_unit_test(n17_huge_windows_are_exact_and_fast),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
