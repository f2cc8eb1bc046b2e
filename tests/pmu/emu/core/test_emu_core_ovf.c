/* Host tests of the emulated core PMU (pmu/emu/core/model.c): overflow at the
 * wrap (OQ-C12 default; C-19's preset), status bits and PMI requests (C-10, C-22), clearing
 * (C-07), counter widths (C-11, C-12), no freeze on PMI (C-04), the PMI
 * request queue and the next overflow the PMI scheduler waits for.
 * Overflow cycles are checked against the per-cycle reference of
 * test_emu_core.h. */
#include "tests/pmu/emu/core/test_emu_core.h"

static const struct ref cycles = { .ev = CORE_EV_CYCLES };
static const struct ref inst = { .ev = CORE_EV_INST };

/* The first cycle T > t0 with count(r, t0, T) >= n. */
static uint64_t ref_reach(const struct ref *r, uint64_t t0, uint64_t n)
{
	uint64_t t = t0, c = 0;

	while (c < n)
		c += ref_count(r, t, t + 1), t++;
	return t;
}

/* General counter n counting r from t0, preset to `preset`, INT as given. */
static void start_preset(struct core_pmu *u, unsigned n, const struct ref *r, uint64_t preset,
			 bool pmi, uint64_t t0)
{
	wr(u, PMC(n), preset, t0);
	start_gp(u, n, r, pmi ? INT : 0, t0);
}

/* ---- when an overflow happens (OQ-C12: at the wrap) ---- */

static void oq_c12_preset_minus_n_overflows_at_exactly_the_nth_event(void **state)
{
	static const uint64_t ns[] = { 1, 2, 3, 17, 1000, 123456 };
	struct core_pmu u;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(ns); i++) {
		uint64_t t0 = 500, n = ns[i], w;

		/* one event per cycle: the N-th event is in cycle t0 + N - 1 */
		init(&u, &core_shape_nhm, 0);
		start_preset(&u, 1, &cycles, 0 - n, false, t0); /* 32-bit write, sign-extended */
		assert_int_equal(emu_next_wrap(&core_engine, &u), t0 + n);
		assert_int_equal(rd(&u, STATUS, t0 + n - 1), 0);
		assert_int_equal(rd(&u, STATUS, t0 + n), 0x2);
		assert_int_equal(rd(&u, PMC(1), t0 + n), 0);
		/* up to 4 events per cycle: the cycle that brings the N-th */
		init(&u, &core_shape_nhm, 0);
		start_preset(&u, 2, &inst, 0 - n, false, t0);
		w = ref_reach(&inst, t0, n);
		assert_int_equal(emu_next_wrap(&core_engine, &u), w);
		assert_int_equal(rd(&u, STATUS, w - 1), 0);
		assert_int_equal(rd(&u, STATUS, w), 0x4);
	}
}

/* C-19's preset of 1 - N (NetBurst guidance) wraps, and so overflows, at
 * the (N-1)-th event on the model: not needed, not harmful. */
static void c19_preset_1_minus_n_overflows_at_the_n_minus_1th_event(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 0, &cycles, 1 - 100ull, false, 0);
	assert_int_equal(rd(&u, STATUS, 98), 0);
	assert_int_equal(rd(&u, STATUS, 99), 1);
	assert_int_equal(rd(&u, PMC(0), 99), 0);
}

/* OQ-C12 default, each width the shapes have: a counter at 2^width - 1
 * has no status bit until exactly one event wraps it to 0, and then has
 * it. Presets: IA32_A_PMCx (C-18, full width), IA32_PMCx with 0xFFFFFFFF
 * sign-extended to the width (C-17), the fixed counters at full width
 * (C-23); core cycles for the general counters and IA32_FIXED_CTR1, their
 * own events for the others (the cycle of their first event). */
static void at_max_one_event_sets_status(const struct core_shape *s, bool full)
{
	static const unsigned fixed_ev[CORE_MAX_FIXED] = { CORE_EV_INST, CORE_EV_CYCLES, CORE_EV_REF };
	uint64_t gmax = (1ull << s->gp_width) - 1, fmax = (1ull << s->fixed_width) - 1;
	uint64_t t0 = 1000, at;
	struct core_pmu u;
	unsigned n, j;

	for (n = 0; n < s->ngp; n++) {
		init(&u, s, 0);
		wr(&u, full ? A_PMC(n) : PMC(n), full ? gmax : 0xFFFFFFFFull, t0);
		assert_int_equal(rd(&u, PMC(n), t0), gmax);
		start_gp(&u, n, &cycles, 0, t0);
		assert_int_equal(rd(&u, STATUS, t0), 0);
		assert_int_equal(rd(&u, PMC(n), t0 + 1), 0);
		assert_int_equal(rd(&u, STATUS, t0 + 1), 1ull << n);
	}
	for (j = 0; j < s->nfixed; j++) {
		const struct ref r = { .ev = fixed_ev[j] };

		init(&u, s, 0);
		wr(&u, FIXED(j), fmax, t0);
		wr(&u, FIXED_CTL, FC(j, 1, 0), t0);
		wr(&u, GCTL, G_FIXED(j), t0);
		at = ref_reach(&r, t0, 1);
		assert_int_equal(rd(&u, STATUS, at - 1), 0);
		assert_int_equal(rd(&u, STATUS, at), G_FIXED(j));
		assert_int_equal(rd(&u, FIXED(j), at), ref_count(&r, at - 1, at) - 1);
	}
}

static void oq_c12_counter_at_max_overflows_on_exactly_one_event(void **state)
{
	static const struct core_shape w40 = { .version = 2, .ngp = 2, .gp_width = 40,
			.ebx_len = 7, .nfixed = 3, .fixed_width = 36 };

	(void)state;
	at_max_one_event_sets_status(&core_shape_nhm, false);   /* 48 bits, C-17 */
	at_max_one_event_sets_status(&core_shape_nhm_fw, true); /* 48 bits, C-18 */
	at_max_one_event_sets_status(&core_shape_v3, true);     /* the full-width shape */
	at_max_one_event_sets_status(&core_shape_v3, false);
	at_max_one_event_sets_status(&w40, false);              /* 40 / 36 bits */
}

/* A counter stopped exactly at its wrap has overflowed (OQ-C12): status
 * and PMI request are in, nothing is pending; counting again, its next
 * overflow is a whole 2^48 events away. */
static void oq_c12_stopped_at_the_wrap_has_overflowed(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 0, &cycles, (uint64_t)-50, true, 0);
	wr(&u, GCTL, 0, 50);
	assert_int_equal(rd(&u, PMC(0), 90000), 0);
	assert_int_equal(rd(&u, STATUS, 90000), 1);
	assert_int_equal(u.npmi, 1);
	assert_int_equal(emu_next_wrap(&core_engine, &u), UINT64_MAX);
	wr(&u, GCTL, 1, 90000);
	assert_int_equal(emu_next_wrap(&core_engine, &u), 90000 + MAX48 + 1);
}

static void c12_counters_wrap_at_48_bits_and_go_on(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm_fw, 0);
	wr(&u, A_PMC(3), MAX48 - 9, 0);
	start_gp(&u, 3, &cycles, 0, 0);
	assert_int_equal(rd(&u, PMC(3), 10), 0);
	assert_int_equal(rd(&u, PMC(3), 25), 15);
	assert_int_equal(rd(&u, STATUS, 25), 0x8);
	/* preset 0: 2^48 events to the wrap */
	init(&u, &core_shape_nhm, 0);
	start_gp(&u, 0, &cycles, 0, 7);
	assert_int_equal(emu_next_wrap(&core_engine, &u), 7 + MAX48 + 1);
}

static void c11_enumerated_width_sets_the_wrap(void **state)
{
	static const struct core_shape w40 = { .version = 2, .ngp = 2, .gp_width = 40,
			.ebx_len = 7, .nfixed = 3, .fixed_width = 36 };
	struct core_pmu u;

	(void)state;
	init(&u, &w40, 0);
	start_preset(&u, 1, &cycles, (uint64_t)-5, false, 0);
	assert_int_equal(rd(&u, PMC(1), 0), 0xFFFFFFFFFBull); /* -5 at 40 bits */
	wr(&u, FIXED(1), 0xFFFFFFFFEull, 0);                 /* 36-bit fixed: -2 */
	wr(&u, FIXED_CTL, FC(1, 1, 0), 0);
	wr(&u, GCTL, rd(&u, GCTL, 0) | G_FIXED(1), 0);
	assert_int_equal(rd(&u, STATUS, 1), 0);
	assert_int_equal(rd(&u, STATUS, 2), G_FIXED(1)); /* the wrap of -2 */
	assert_int_equal(rd(&u, STATUS, 4), G_FIXED(1));
	assert_int_equal(rd(&u, STATUS, 5), G_FIXED(1) | 0x2);
	assert_int_equal(rd(&u, FIXED(1), 6), 4);
}

/* ---- status and PMI (C-10, C-22) ---- */

static void c10_overflow_sets_status_with_or_without_int(void **state)
{
	struct core_pmu u;
	struct core_pmi_req req[4];
	int pmi;

	(void)state;
	for (pmi = 0; pmi < 2; pmi++) {
		init(&u, &core_shape_nhm, 0);
		start_preset(&u, 2, &cycles, (uint64_t)-10, pmi, 100); /* overflow at 110 */
		assert_int_equal(rd(&u, STATUS, 200), 0x4);
		assert_int_equal(core_take_pmi(&u, req, 4), (unsigned)pmi);
		if (pmi) {
			assert_int_equal(req[0].cycle, 110);
			assert_int_equal(req[0].ovf, 0x4);
		}
	}
}

static void c22_fixed_overflow_sets_bit_32_plus_j_and_pmi_bit(void **state)
{
	struct core_pmu u;
	struct core_pmi_req req[4];
	unsigned j;

	(void)state;
	for (j = 0; j < 3; j++) {
		init(&u, &core_shape_nhm, 0);
		wr(&u, FIXED(j), MAX48, 0);
		wr(&u, FIXED_CTL, FC(j, 3, 1), 0);
		wr(&u, GCTL, G_FIXED(j), 0);
		assert_int_equal(rd(&u, STATUS, 20000), G_FIXED(j));
		assert_int_equal(core_take_pmi(&u, req, 4), 1);
		assert_int_equal(req[0].ovf, G_FIXED(j));
		assert_int_equal(req[0].cycle, j == 1 ? 1 : ref_reach(&(struct ref){
			.ev = j ? CORE_EV_REF : CORE_EV_INST }, 0, 1));
	}
}

static void c07_ovf_ctrl_clears_exactly_the_ones(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 0, &cycles, (uint64_t)-1, false, 0);
	start_preset(&u, 3, &cycles, (uint64_t)-1, false, 0);
	wr(&u, FIXED(2), MAX48, 0);
	wr(&u, FIXED_CTL, FC(2, 1, 0), 0);
	wr(&u, GCTL, 0x9 | G_FIXED(2), 0);
	assert_int_equal(rd(&u, STATUS, 100), 0x9 | G_FIXED(2));
	wr(&u, OVF, 0, 100);
	assert_int_equal(rd(&u, STATUS, 100), 0x9 | G_FIXED(2));
	wr(&u, OVF, 0x8 | 1ull << 61, 100);
	assert_int_equal(rd(&u, STATUS, 100), 0x1 | G_FIXED(2));
	wr(&u, OVF, G_FIXED(2) | 1, 100);
	assert_int_equal(rd(&u, STATUS, 100), 0);
	/* counting went on: a second overflow sets the bit again */
	wr(&u, PMC(0), (uint64_t)-1, 100);
	assert_int_equal(rd(&u, STATUS, 100), 0);
	assert_int_equal(rd(&u, STATUS, 101), 1);
}

/* C-04 is hardware only: FREEZE_PERFMON_ON_PMI lives in DEBUGCTL, the
 * backend's (C-38), so in the model a PMI-raising overflow leaves
 * IA32_PERF_GLOBAL_CTRL and counting alone. */
static void c04_overflow_leaves_global_ctrl_alone(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 1, &cycles, (uint64_t)-9, true, 0);
	assert_int_equal(rd(&u, STATUS, 500), 0x2);
	assert_int_equal(u.npmi, 1);
	assert_int_equal(rd(&u, GCTL, 500), 0x2);
	assert_int_equal(rd(&u, PMC(1), 500), 491);
}

/* ---- the PMI queue and the scheduler's next wake-up ---- */

static void c10_requests_in_cycle_order_one_per_cycle(void **state)
{
	struct core_pmu u;
	struct core_pmi_req req[8];

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 0, &cycles, (uint64_t)-30, true, 0); /* overflow at 30 */
	start_preset(&u, 1, &cycles, (uint64_t)-10, true, 0); /* at 10 */
	start_preset(&u, 2, &cycles, (uint64_t)-30, true, 0); /* at 30, with counter 0 */
	start_preset(&u, 3, &cycles, (uint64_t)-20, false, 0); /* at 20, no INT */
	assert_int_equal(emu_next_wrap(&core_engine, &u), 10);
	core_advance(&u, 1000);
	assert_int_equal(rd(&u, STATUS, 1000), 0xF);
	assert_int_equal(core_take_pmi(&u, req, 1), 1);
	assert_int_equal(req[0].cycle, 10);
	assert_int_equal(req[0].ovf, 0x2);
	assert_int_equal(core_take_pmi(&u, req, 8), 1);
	assert_int_equal(req[0].cycle, 30);
	assert_int_equal(req[0].ovf, 0x5);
	assert_int_equal(core_take_pmi(&u, req, 8), 0);
}

/* A counter that overflows many times in one advance (32-bit width and a
 * long window): one request per overflow, extra ones counted as dropped. */
static void c10_many_overflows_in_one_advance(void **state)
{
	static const struct core_shape w32 = { .version = 3, .ngp = 2, .gp_width = 32,
			.ebx_len = 7, .nfixed = 3, .fixed_width = 32 };
	struct core_pmu u;
	struct core_pmi_req req[CORE_MAX_PMI_REQ];
	unsigned k;

	(void)state;
	init(&u, &w32, 0);
	start_preset(&u, 0, &cycles, 0, true, 0);
	core_advance(&u, 20 * (1ull << 32) + 20);
	assert_int_equal(core_take_pmi(&u, req, CORE_MAX_PMI_REQ), CORE_MAX_PMI_REQ);
	for (k = 0; k < CORE_MAX_PMI_REQ; k++) /* 2^32 events to each wrap */
		assert_int_equal(req[k].cycle, (k + 1) * (1ull << 32));
	assert_int_equal(u.pmi_dropped, 20 - CORE_MAX_PMI_REQ);
	assert_int_equal(rd(&u, PMC(0), 20 * (1ull << 32) + 20), 20);
}

static void c09_nothing_running_never_overflows(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, PMC(0), (uint64_t)-1, 0);
	wr(&u, SEL(0), evtsel(EV_CYCLES, 0, USR | EN | INT), 0); /* ring 3 only */
	wr(&u, GCTL, 1, 0);
	assert_int_equal(emu_next_wrap(&core_engine, &u), UINT64_MAX);
	core_advance(&u, 1ull << 40);
	assert_int_equal(rd(&u, STATUS, 1ull << 40), 0);
	assert_int_equal(u.npmi, 0);
}

/* Reading earlier than the model's time changes nothing (the caller's clock
 * is read before the lock on target). */
static void c19_an_earlier_now_is_taken_as_now(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	start_preset(&u, 0, &cycles, 0, false, 1000);
	assert_int_equal(rd(&u, PMC(0), 2000), 1000);
	assert_int_equal(rd(&u, PMC(0), 1500), 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(oq_c12_preset_minus_n_overflows_at_exactly_the_nth_event),
		cmocka_unit_test(c19_preset_1_minus_n_overflows_at_the_n_minus_1th_event),
		cmocka_unit_test(oq_c12_counter_at_max_overflows_on_exactly_one_event),
		cmocka_unit_test(oq_c12_stopped_at_the_wrap_has_overflowed),
		cmocka_unit_test(c12_counters_wrap_at_48_bits_and_go_on),
		cmocka_unit_test(c11_enumerated_width_sets_the_wrap),
		cmocka_unit_test(c10_overflow_sets_status_with_or_without_int),
		cmocka_unit_test(c22_fixed_overflow_sets_bit_32_plus_j_and_pmi_bit),
		cmocka_unit_test(c07_ovf_ctrl_clears_exactly_the_ones),
		cmocka_unit_test(c04_overflow_leaves_global_ctrl_alone),
		cmocka_unit_test(c10_requests_in_cycle_order_one_per_cycle),
		cmocka_unit_test(c10_many_overflows_in_one_advance),
		cmocka_unit_test(c09_nothing_running_never_overflows),
		cmocka_unit_test(c19_an_earlier_now_is_taken_as_now),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
