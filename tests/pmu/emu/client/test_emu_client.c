/* Host tests of the emulated client uncore (pmu/emu/client/): the gates
 * (L-20..L-24), the fixed counter (L-08, L-22, L-59), event select and
 * thresholding (L-25..L-31, OQ-L12, OQ-L13), the synthetic events (L-57,
 * L-58, OQ-L15, OQ-L22) and the shared clock (L-61), on both layouts.
 * Expected counts come from the reference in test_emu_client.h. */
#include "tests/pmu/emu/client/test_emu_client.h"

/* §5: C-box 0's any-request lookups (0..12 a cycle), the ARB's tracker
 * occupancy (0..20) and its requests. */
static const struct ref lookups = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F };
static const struct ref arb_occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };
static const struct ref arb_req = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };

/* ---- gates ---- */

static void l20_global_en_gates_every_counter(void **state)
{
	struct client_uncore u;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, FIXED_CTL, FC_EN, 0);
		wr(&u, ARB_SEL(0), ref_sel(&arb_occ, 0), 0);
		wr(&u, CBO_SEL(0, 1), ref_sel(&lookups, 0), 0);
		wr(&u, l->gctl, 0xF, 0); /* L-20: no EN, no counting */
		assert_int_equal(rd(&u, FIXED_CTR, 5000), 0);
		assert_int_equal(rd(&u, ARB_CTR(0), 5000), 0);
		assert_int_equal(rd(&u, CBO_CTR(0, 1), 5000), 0);
		wr(&u, l->gctl, GC_EN, 5000);
		assert_int_equal(rd(&u, FIXED_CTR, 9000), 4000);
		assert_int_equal(rd(&u, ARB_CTR(0), 9000), ref_count(&arb_occ, 5000, 9000));
		assert_int_equal(rd(&u, CBO_CTR(0, 1), 9000), ref_count(&lookups, 5000, 9000));
		assert_true(ref_count(&lookups, 5000, 9000) > 0);
	}
}

/* L-21: local EN alone stops a counter, keeps its value, and resumes it. */
static void l21_local_en_gates_alone(void **state)
{
	struct client_uncore u;
	uint64_t v;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, l->gctl, GC_EN, 0);
		wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0) & ~ES_EN, 0);
		assert_int_equal(rd(&u, ARB_CTR(1), 3000), 0);
		wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0), 3000);
		v = rd(&u, ARB_CTR(1), 7000);
		assert_int_equal(v, ref_count(&arb_req, 3000, 7000));
		wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0) & ~ES_EN, 7000);
		assert_int_equal(rd(&u, ARB_CTR(1), 12000), v);
		wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0), 12000);
		assert_int_equal(rd(&u, ARB_CTR(1), 15000), v + ref_count(&arb_req, 12000, 15000));
	}
}

/* L-22: FIXED_CTRL bit 22 and the global EN, each alone not enough;
 * OQ-L14: Nehalem's enable, bit 0, is reserved here. */
static void l22_fixed_needs_bit22_and_global_en(void **state)
{
	struct client_uncore u;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		assert_int_equal(client_wrmsr(&u, 0, FIXED_CTL, 0x1, 0), VEC_GP);
		wr(&u, FIXED_CTL, FC_EN, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 1000), 0);
		wr(&u, FIXED_CTL, 0, 1000);
		wr(&u, l->gctl, GC_EN, 1000);
		assert_int_equal(rd(&u, FIXED_CTR, 2000), 0);
		wr(&u, FIXED_CTL, FC_EN, 2000);
		assert_int_equal(rd(&u, FIXED_CTR, 2500), 500);
	}
}

/* L-08: Nehalem's control value written to 0x395 presets the counter. */
static void l08_nehalem_control_write_presets_the_counter(void **state)
{
	struct client_uncore u;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, l->gctl, GC_EN, 0);
		wr(&u, FIXED_CTR, 0x1, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 1000), 1);
		assert_int_equal(rd(&u, FIXED_CTL, 1000), 0);
	}
}

/* L-23: GLOBAL_CTRL = 0 stops every counter at once, values kept. */
static void l23_global_ctrl_zero_stops_everything(void **state)
{
	struct client_uncore u;
	uint64_t v[4];
	unsigned i;

	(void)state;
	FOR_LAYOUT(l) {
		static const uint32_t ctr[] = { FIXED_CTR, ARB_CTR(0), CBO_CTR(0, 0), CBO_CTR(3, 1) };
		struct ref c3 = lookups;

		c3.unit = CLIENT_UNIT_CBOX(3);
		init8(&u, l, 0, 0);
		wr(&u, FIXED_CTL, FC_EN, 0);
		wr(&u, ARB_SEL(0), ref_sel(&arb_occ, 0), 0);
		wr(&u, CBO_SEL(0, 0), ref_sel(&lookups, 0), 0);
		wr(&u, CBO_SEL(3, 1), ref_sel(&c3, 0), 0);
		wr(&u, l->gctl, GC_EN | 0xF, 0);
		wr(&u, l->gctl, 0, 6000);
		for (i = 0; i < 4; i++) {
			v[i] = rd(&u, ctr[i], 6000);
			assert_true(v[i] > 0);
			assert_int_equal(rd(&u, ctr[i], 20000), v[i]);
		}
		assert_int_equal(v[3], ref_count(&c3, 0, 6000));
	}
}

/* L-24, OQ-L7: the PMI-select bits do not gate counting. */
static void l24_select_bits_do_not_gate(void **state)
{
	struct client_uncore u;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, CBO_SEL(2, 0), evtsel(0x34, 0x8F, 0, ES_EN), 0);
		wr(&u, FIXED_CTL, FC_EN, 0);
		wr(&u, l->gctl, GC_EN, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 4000), 4000);
		assert_int_equal(rd(&u, CBO_CTR(2, 0), 4000),
				 ref_count(&(struct ref){ .unit = CLIENT_UNIT_CBOX(2), .ev = 0x34,
						.um = 0x8F }, 0, 4000));
	}
}

/* ---- event select and thresholding ---- */

/* Counter `ctr` of C-box 1 (or the ARB) with r's select, over [a, b). */
static uint64_t counted(const struct layout *l, uint32_t sel, uint32_t ctr, const struct ref *r,
			uint64_t a, uint64_t b)
{
	struct client_uncore u;

	init8(&u, l, 0, 0);
	wr(&u, sel, ref_sel(r, 0), 0);
	wr(&u, l->gctl, GC_EN, a);
	return rd(&u, ctr, b);
}

/* L-27: CMASK 0 adds the per-cycle count, CMASK c counts cycles >= c. */
static void l27_cmask_thresholds_the_per_cycle_count(void **state)
{
	unsigned c;

	(void)state;
	FOR_LAYOUT(l)
		for (c = 0; c < 32; c += 3) {
			struct ref r = arb_occ;

			r.cmask = (uint8_t)c;
			assert_int_equal(counted(l, ARB_SEL(0), ARB_CTR(0), &r, 100, 4196),
					 ref_count(&r, 100, 4196));
		}
	assert_true(ref_count(&arb_occ, 0, 4096) > 4096); /* more than 1 a cycle */
}

/* L-28, OQ-L12: INV counts the cycles below CMASK; ignored with CMASK 0. */
static void l28_inv_counts_below_the_threshold(void **state)
{
	struct ref r = arb_occ;

	(void)state;
	r.inv = true;
	FOR_LAYOUT(l) {
		r.cmask = 5;
		assert_int_equal(counted(l, ARB_SEL(0), ARB_CTR(0), &r, 0, 4096),
				 ref_count(&r, 0, 4096));
		r.cmask = 0;
		assert_int_equal(counted(l, ARB_SEL(0), ARB_CTR(0), &r, 0, 4096),
				 ref_count(&arb_occ, 0, 4096));
	}
}

/* L-29, OQ-L13: E counts the rising edges of the condition, the history
 * being 0 at enable. */
static void l29_edge_counts_rising_edges(void **state)
{
	struct ref r = arb_occ;
	struct client_uncore u;
	uint64_t t0;

	(void)state;
	r.edge = true;
	FOR_LAYOUT(l) {
		for (r.cmask = 1; r.cmask < 20; r.cmask += 6) {
			r.inv = !r.inv;
			assert_int_equal(counted(l, ARB_SEL(0), ARB_CTR(0), &r, 37, 5000),
					 ref_count(&r, 37, 5000));
		}
		/* enabled in a cycle whose condition holds: it counts as an edge */
		r.cmask = 1;
		r.inv = false;
		for (t0 = 0; !client_stream_value(CLIENT_UNIT_ARB, 0x80, 1, t0) ||
			     !client_stream_value(CLIENT_UNIT_ARB, 0x80, 1, t0 - 1); t0++)
			;
		init8(&u, l, 0, 0);
		wr(&u, ARB_SEL(0), ref_sel(&r, 0), 0);
		wr(&u, l->gctl, GC_EN, t0);
		assert_int_equal(rd(&u, ARB_CTR(0), t0 + 1), 1);
	}
}

/* L-30: CMASK c plus CMASK c with INV on the two counters of one C-box
 * equal the cycles of the window; L-61, OQ-L13: the fixed counter's. The
 * thresholded count does not grow with c. */
static void l30_threshold_plus_inverted_equals_cycles(void **state)
{
	struct client_uncore u;
	uint64_t prev = UINT64_MAX, a, b;
	uint8_t c;

	(void)state;
	FOR_LAYOUT(l)
		for (c = 1; c < 16; c++) {
			init8(&u, l, 0, 0);
			wr(&u, CBO_SEL(1, 0), evtsel(0x34, 0x8F, c, ES_EN), 0);
			wr(&u, CBO_SEL(1, 1), evtsel(0x34, 0x8F, c, ES_EN | ES_INV), 0);
			wr(&u, FIXED_CTL, FC_EN, 0);
			wr(&u, l->gctl, GC_EN, 500);
			wr(&u, l->gctl, 0, 9500);
			a = rd(&u, CBO_CTR(1, 0), 9500);
			b = rd(&u, CBO_CTR(1, 1), 9500);
			assert_int_equal(a + b, 9000);
			assert_int_equal(a + b, rd(&u, FIXED_CTR, 9500));
			if (l == layouts)
				assert_true(a <= prev);
			prev = l == layouts ? a : prev;
		}
	assert_true(prev < 9000);
}

/* L-25, L-31: defined fields read back as written, EN or not. */
static void l31_select_reads_back(void **state)
{
	static const uint64_t v[] = { 0x1FD4FFFF, 0x00508F34, 0x1F800001, 0 };
	struct client_uncore u;
	unsigned i;

	(void)state;
	FOR_LAYOUT(l)
		for (i = 0; i < ARRAY_SIZE(v); i++) {
			init8(&u, l, 0, 0);
			wr(&u, l->gctl, GC_EN, 0);
			wr(&u, CBO_SEL(3, 1), v[i], 10);
			wr(&u, ARB_SEL(1), v[i] & ~ES_EN, 10);
			assert_int_equal(rd(&u, CBO_SEL(3, 1), 20), v[i]);
			assert_int_equal(rd(&u, ARB_SEL(1), 20), v[i] & ~ES_EN);
		}
}

/* L-57, OQ-L22: 34H and 22H count only with a bit of each umask group. */
static void l57_incomplete_umask_counts_nothing(void **state)
{
	static const uint8_t none[] = { 0x0F, 0xF0, 0x80, 0x01, 0x00 };
	uint64_t t;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(none); i++)
		for (t = 0; t < EMU_STREAM_PERIOD; t++) {
			assert_int_equal(client_stream_value(CLIENT_UNIT_CBOX(0), 0x34, none[i], t), 0);
			assert_int_equal(client_stream_value(CLIENT_UNIT_CBOX(0), 0x22, none[i], t), 0);
		}
	assert_true(ref_count(&(struct ref){ .unit = CLIENT_UNIT_CBOX(0), .ev = 0x22, .um = 0x41 },
			      0, 4096) > 0);
	/* §5: 8FH (any request) >= 1FH (reads) every cycle */
	for (t = 0; t < EMU_STREAM_PERIOD; t++)
		assert_true(client_stream_value(CLIENT_UNIT_CBOX(2), 0x34, 0x8F, t) >=
			    client_stream_value(CLIENT_UNIT_CBOX(2), 0x34, 0x1F, t));
}

/* Spec section 5: 34H, 22H, 81H and 84H are not "occ": at most 1 a cycle,
 * whatever the umask; 34H's request types are disjoint, so 8FH (any
 * request) is the sum of 1FH, 2FH and 4FH, and 81H's 01H (all) at least
 * its 02H plus its 20H; each of them counts somewhere in a period. */
static void s5_non_occupancy_events_at_most_one_a_cycle(void **state)
{
	static const struct { unsigned unit; uint8_t ev, um; } e[] = {
		{ .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F },
		{ .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0xFF },
		{ .unit = CLIENT_UNIT_CBOX(0), .ev = 0x22, .um = 0x41 },
		{ .unit = CLIENT_UNIT_CBOX(2), .ev = 0x22, .um = 0xFF },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0xFF },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x84, .um = 0x01 },
	};
	unsigned i, n, u = CLIENT_UNIT_CBOX(3);
	uint64_t t;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(e); i++) {
		for (t = 0, n = 0; t < EMU_STREAM_PERIOD; t++) {
			assert_true(client_stream_value(e[i].unit, e[i].ev, e[i].um, t) <= 1);
			n += client_stream_value(e[i].unit, e[i].ev, e[i].um, t);
		}
		assert_true(n > 0);
	}
	for (t = 0; t < EMU_STREAM_PERIOD; t++) {
		assert_int_equal(client_stream_value(u, 0x34, 0x8F, t),
				 client_stream_value(u, 0x34, 0x1F, t) +
				 client_stream_value(u, 0x34, 0x2F, t) +
				 client_stream_value(u, 0x34, 0x4F, t));
		assert_true(client_stream_value(CLIENT_UNIT_ARB, 0x81, 0x01, t) >=
			    client_stream_value(CLIENT_UNIT_ARB, 0x81, 0x02, t) +
			    client_stream_value(CLIENT_UNIT_ARB, 0x81, 0x20, t));
	}
}

/* L-56, L-58, OQ-L15: ARB occupancy counts on counter 0 and nothing on
 * counter 1; requests count on both. */
static void l58_occupancy_on_arb_counter_1_counts_nothing(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		assert_int_equal(counted(l, ARB_SEL(1), ARB_CTR(1), &arb_occ, 0, 8000), 0);
		assert_int_equal(counted(l, ARB_SEL(1), ARB_CTR(1),
					 &(struct ref){ .unit = CLIENT_UNIT_ARB, .ev = 0x83,
							.um = 1 }, 0,
					 8000), 0);
		assert_int_equal(counted(l, ARB_SEL(0), ARB_CTR(0), &arb_occ, 0, 8000),
				 ref_count(&arb_occ, 0, 8000));
		assert_int_equal(counted(l, ARB_SEL(1), ARB_CTR(1), &arb_req, 0, 8000),
				 ref_count(&arb_req, 0, 8000));
	}
}

/* L-59: one per cycle, over long windows too. */
static void l59_fixed_counts_every_cycle(void **state)
{
	static const uint64_t t[] = { 11, 1023, 1024, 77777, 1000000000ull };
	struct client_uncore u;
	unsigned i;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 5);
		wr(&u, FIXED_CTL, FC_EN, 5);
		wr(&u, l->gctl, GC_EN, 5);
		for (i = 0; i < ARRAY_SIZE(t); i++)
			assert_int_equal(rd(&u, FIXED_CTR, t[i]), t[i] - 5);
	}
}

/* L-03, L-12: each C-box counts its own slice. */
static void l12_each_cbox_its_own_slice(void **state)
{
	struct client_uncore u;
	unsigned n;

	(void)state;
	init8(&u, &layouts[1], 0, 0);
	for (n = 0; n < 8; n++)
		wr(&u, CBO_SEL(n, n & 1), evtsel(0x34, 0x8F, 0, ES_EN), 0);
	wr(&u, layouts[1].gctl, GC_EN, 0);
	for (n = 0; n < 8; n++)
		assert_int_equal(rd(&u, CBO_CTR(n, n & 1), 6000),
				 ref_count(&(struct ref){ .unit = CLIENT_UNIT_CBOX(n), .ev = 0x34,
						.um = 0x8F }, 0, 6000));
	assert_true(ref_count(&lookups, 0, 6000) !=
		    ref_count(&(struct ref){ .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F }, 0,
			      6000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l20_global_en_gates_every_counter),
		cmocka_unit_test(l21_local_en_gates_alone),
		cmocka_unit_test(l22_fixed_needs_bit22_and_global_en),
		cmocka_unit_test(l08_nehalem_control_write_presets_the_counter),
		cmocka_unit_test(l23_global_ctrl_zero_stops_everything),
		cmocka_unit_test(l24_select_bits_do_not_gate),
		cmocka_unit_test(l27_cmask_thresholds_the_per_cycle_count),
		cmocka_unit_test(l28_inv_counts_below_the_threshold),
		cmocka_unit_test(l29_edge_counts_rising_edges),
		cmocka_unit_test(l30_threshold_plus_inverted_equals_cycles),
		cmocka_unit_test(l31_select_reads_back),
		cmocka_unit_test(l57_incomplete_umask_counts_nothing),
		cmocka_unit_test(s5_non_occupancy_events_at_most_one_a_cycle),
		cmocka_unit_test(l58_occupancy_on_arb_counter_1_counts_nothing),
		cmocka_unit_test(l59_fixed_counts_every_cycle),
		cmocka_unit_test(l12_each_cbox_its_own_slice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
