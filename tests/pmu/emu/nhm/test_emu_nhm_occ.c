/* Host tests of the emulated Nehalem uncore (pmu/emu/nhm/model.c): the occupancy
 * reset OCC_CTR_RST (spec N-15, OQ-N8). Expected counts come from the
 * per-cycle reference of test_emu_nhm.h, which implements the tracker as
 * OQ-N8's default describes it. */
#include "tests/pmu/emu/nhm/test_emu_nhm.h"

static const struct ref occ_local = { .ev = 0x23, .um = 0x04, NORST };
static const struct ref reads_any = { .ev = 0x2C, .um = 0x07, NORST };

/* Counter 0 with r, reset at r->rst by rewriting the select with bit 17;
 * returns its count over [a, b). */
static uint64_t model_count_rst(emu_faults_t faults, const struct ref *r, uint64_t a, uint64_t b,
				uint64_t *at_rst)
{
	struct nhm_uncore u;
	uint64_t v0;

	nhm_init(&u, faults, 0, 0, 0, 0);
	start_gp(&u, 0, r, a);
	v0 = rd(&u, CTR(0), a);
	*at_rst = rd(&u, CTR(0), r->rst);
	wr(&u, SEL(0), ref_sel(r) | ES_RST, r->rst);
	assert_int_equal(rd(&u, CTR(0), r->rst), *at_rst); /* PerfCntr n unchanged */
	return rd(&u, CTR(0), b) - v0;
}

static void oqn8_occ_rst_zeroes_tracker_not_counter(void **state)
{
	struct ref r = occ_local, none = occ_local;
	uint64_t at_rst, c;

	(void)state;
	/* Reset inside a busy stretch, so the tracker really drops. */
	for (r.rst = 1000; !nhm_stream_value(r.ev, r.um, r.rst); r.rst++)
		;
	c = model_count_rst(0, &r, 500, 4000, &at_rst);
	assert_int_equal(at_rst, ref_count(&none, 500, r.rst));
	assert_int_equal(c, ref_count(&r, 500, 4000));
	assert_true(c < ref_count(&none, 500, 4000));
	/* Caught up within a period: from then on it counts the queue again. */
	assert_int_equal(model_count_rst(0, &r, 500, r.rst + P, &at_rst) +
				 ref_count(&none, r.rst + P, 4000),
			 c);
}

static void n15_reset_matches_definition_for_every_filter(void **state)
{
	static const uint64_t at[] = { 1, 1023, 1024, 2900, 3333 };
	struct ref r = { .ev = 0x2A, .um = 0x05 };
	uint64_t dummy;
	unsigned i, f;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(at); i++)
		for (f = 0; f < 8; f++) {
			r.rst = at[i];
			r.cmask = (uint8_t)(f < 2 ? 0 : 2 * f);
			r.edge = f & 1;
			r.inv = f >= 4;
			assert_int_equal(model_count_rst(0, &r, 0, 5000, &dummy),
					 ref_count(&r, 0, 5000));
		}
}

/* Random filters, one or two resets (the second maybe inside the first's
 * window), reads inside and after the windows. */
static void n15_random_resets_match_definition(void **state)
{
	static const uint8_t ev[] = { 0x02, 0x23, 0x2A };
	struct nhm_uncore u;
	uint32_t seed = 777;
	unsigned i, k;

	(void)state;
	for (i = 0; i < 60; i++) {
		struct ref r;
		uint64_t a, t[4], v0;

		seed = seed * 1103515245u + 12345u;
		a = seed % 3000;
		r = (struct ref){ .ev = ev[(seed >> 8) % 3],
				.um = (uint8_t)(1 + (seed >> 12) % 7),
				.cmask = (uint8_t)(i % 4 ? (seed >> 16) % 20 : 0),
				.inv = seed >> 21 & 1, .edge = seed >> 22 & 1,
				.rst = a + (seed >> 3) % 1500 };
		if (seed >> 23 & 1)
			r.rst2 = r.rst + 1 + (seed >> 24) % 200;
		nhm_init(&u, 0, 0, 0, 0, 0);
		start_gp(&u, 0, &r, a);
		v0 = rd(&u, CTR(0), a);
		wr(&u, SEL(0), ref_sel(&r) | ES_RST, r.rst);
		t[0] = r.rst + 1 + (seed >> 5) % 40;
		t[1] = t[0] + (seed >> 9) % 90;
		t[2] = r.rst + 300;
		t[3] = r.rst + 2 * P + 5;
		for (k = 0; k < 4; k++) {
			if (r.rst2 && r.rst2 <= t[k] && (k == 0 || r.rst2 > t[k - 1]))
				wr(&u, SEL(0), ref_sel(&r) | ES_RST, r.rst2);
			if (rd(&u, CTR(0), t[k]) - v0 != ref_count(&r, a, t[k]))
				fail_msg("ev %02x um %02x cmask %u inv %d e %d a %llu rst %llu "
					 "rst2 %llu t %llu", r.ev, r.um, r.cmask, r.inv, r.edge,
					 (unsigned long long)a, (unsigned long long)r.rst,
					 (unsigned long long)r.rst2, (unsigned long long)t[k]);
		}
	}
}

/* A second reset while the first window is open: the edge detector at the
 * second reset compares with what the tracker held (after the first reset),
 * which only shows with INV (the reset cycle itself holds 0). */
static void oqn8_second_reset_edge_sees_the_tracker(void **state)
{
	struct ref r = { .ev = 0x23, .um = 0x07, .cmask = 10, .inv = true, .edge = true };
	struct nhm_uncore u;
	uint64_t v0;

	(void)state;
	for (r.rst = 1000; nhm_stream_value(r.ev, r.um, r.rst) < 10 ||
			   !nhm_stream_value(r.ev, r.um, r.rst + 1); r.rst++)
		;
	r.rst2 = r.rst + 1;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &r, 500);
	v0 = rd(&u, CTR(0), 500);
	wr(&u, SEL(0), ref_sel(&r) | ES_RST, r.rst);
	wr(&u, SEL(0), ref_sel(&r) | ES_RST, r.rst2);
	assert_int_equal(rd(&u, CTR(0), r.rst2 + 1) - v0, ref_count(&r, 500, r.rst2 + 1));
	assert_int_equal(rd(&u, CTR(0), 4000) - v0, ref_count(&r, 500, 4000));
}

/* A new event or umask ends a reset window: the new queue's tracker is
 * caught up (a choice of the model, OQ-N8 says nothing about it). */
static void oqn8_new_event_ends_reset_window(void **state)
{
	struct nhm_uncore u;
	struct ref occ = occ_local, other = { .ev = 0x2A, .um = 0x07, NORST };
	uint64_t rst, v;

	(void)state;
	for (rst = 1000; !nhm_stream_value(occ.ev, occ.um, rst); rst++)
		;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &occ, 0);
	wr(&u, SEL(0), ref_sel(&occ) | ES_RST, rst);
	v = rd(&u, CTR(0), rst + 1);
	wr(&u, SEL(0), ref_sel(&other), rst + 1);
	assert_int_equal(rd(&u, CTR(0), 4000) - v, ref_count(&other, rst + 1, 4000));
}

static void n15_reset_ignored_defect_and_non_occupancy(void **state)
{
	struct ref occ = occ_local, reads = reads_any;
	uint64_t dummy;

	(void)state;
	for (occ.rst = 1000; !nhm_stream_value(occ.ev, occ.um, occ.rst); occ.rst++)
		;
	assert_int_equal(model_count_rst(EMU_F(OCC_RST_IGNORED), &occ, 0, 4000, &dummy),
			 ref_count(&occ_local, 0, 4000));
	reads.rst = 1000; /* no tracker: bit 17 does nothing */
	assert_int_equal(model_count_rst(0, &reads, 0, 4000, &dummy),
			 ref_count(&reads_any, 0, 4000));
}

static void n15_writing_0_has_no_effect(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &occ_local, 0);
	wr(&u, SEL(0), ref_sel(&occ_local), 1500); /* bit 17 = 0 */
	assert_int_equal(rd(&u, CTR(0), 4000), ref_count(&occ_local, 0, 4000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(oqn8_occ_rst_zeroes_tracker_not_counter),
		cmocka_unit_test(n15_reset_matches_definition_for_every_filter),
		cmocka_unit_test(n15_random_resets_match_definition),
		cmocka_unit_test(oqn8_second_reset_edge_sees_the_tracker),
		cmocka_unit_test(oqn8_new_event_ends_reset_window),
		cmocka_unit_test(n15_reset_ignored_defect_and_non_occupancy),
		cmocka_unit_test(n15_writing_0_has_no_effect),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
