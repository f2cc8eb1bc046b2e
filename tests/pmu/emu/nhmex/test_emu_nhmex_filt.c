/* Host tests of the emulated Xeon 7500 uncore's threshold, invert and edge
 * detect (spec xeon7500-uncore.md X-41..X-43, OQ-X25, OQ-X26), each named
 * by its statement: every count is compared with ref_filtered
 * (test_emu_nhmex.h), the statements' rules summed cycle by cycle. */
#include "tests/pmu/emu/nhmex/test_emu_nhmex.h"

#define A 1000u /* the window opens here (> 0: a cycle before it exists) */
#define C 6000u /* and is read here */

static struct nhmex_uncore u;

/* A box with the fields: model index, GLOBAL_CTL, first control (§4). */
struct fbox {
	const char *name;
	unsigned b;
	uint32_t gctl, sel0;
};

static const struct fbox c0 = { .name = "C0", .gctl = 0xD00, .sel0 = 0xD10 };
static const struct fbox s0 = { .name = "S0", .b = NHMEX_S0, .gctl = 0xC40, .sel0 = 0xC50 };
static const struct fbox w = { .name = "W", .b = NHMEX_W, .gctl = W_CTL, .sel0 = 0xC90 };
static const struct fbox ub = { .name = "U", .b = NHMEX_U, .gctl = U_CTL, .sel0 = U_EVSEL };

/* Counters 0..n-1 of box x with selects sel[] (| en), counting over
 * [A, C) from 0; their counts in out[]. */
static void run(const struct fbox *x, const uint64_t *sel, unsigned n, uint64_t *out)
{
	unsigned k;

	nhmex_init(&u, 0, 0, 0x2E, 0, 0);
	for (k = 0; k < n; k++)
		wr(&u, x->sel0 + 2 * k, EN22 | in_rules(x->b, sel[k]), 0);
	if (x->b != NHMEX_U)
		wr(&u, x->gctl, (1ull << n) - 1, 0);
	wr(&u, U_CTL, EN_ALL | (x->b == NHMEX_U ? 1 : 0), A);
	for (k = 0; k < n; k++)
		out[k] = rd(&u, x->sel0 + 2 * k + 1, C);
}

/* Each select's count is the reference's. */
static void check(const struct fbox *x, const uint64_t *sel, unsigned n)
{
	uint64_t got[6];
	unsigned k;

	run(x, sel, n, got);
	for (k = 0; k < n; k++)
		if (got[k] != ref_filtered(x->b, sel[k], A, C))
			fail_msg("%s select 0x%llx: %llu, want %llu", x->name,
				 (unsigned long long)sel[k], (unsigned long long)got[k],
				 (unsigned long long)ref_filtered(x->b, sel[k], A, C));
}

/* t != 0 passes the cycles with x >= t, t = 0 adds x; the levels
 * fall as t grows, and the event really varies (neither never nor always). */
static void x41_threshold_passes_x_ge_t(void **state)
{
	static const uint64_t s[4] = { EV_SYNTH, EV_SYNTH | THR(1), EV_SYNTH | THR(16),
				       EV_SYNTH | THR(48) };
	static const uint64_t c[4] = { EV_SYNTH | THR(1), EV_SYNTH | THR(4), EV_SYNTH | THR(8),
				       EV_SYNTH | THR(15) };
	static const uint64_t wf[2] = { EV_SYNTH, EV_SYNTH | THR(1) };
	uint64_t got[4];
	unsigned k;

	(void)state;
	check(&s0, s, 4);
	check(&c0, c, 4);
	check(&w, wf, 2);
	run(&s0, s, 4, got);
	for (k = 1; k < 4; k++)
		assert_true(got[k] > 0 && got[k] < C - A && (k == 1 || got[k] < got[k - 1]));
	run(&w, wf, 2, got); /* W: 0 or 1 a cycle, so t = 1 counts what t = 0 adds */
	assert_int_equal(got[0], got[1]);
}

/* the whole byte compares; 0x81 passes nothing, 0x80 inverted all. */
static void x41_threshold_top_bit(void **state)
{
	static const uint64_t s[2] = { EV_SYNTH | THR(0x81), EV_SYNTH | THR(0x80) | INV23 };
	uint64_t got[2];

	(void)state;
	run(&s0, s, 2, got);
	assert_int_equal(got[0], 0);
	assert_int_equal(got[1], C - A);
	run(&c0, s, 2, got);
	assert_int_equal(got[0], 0);
	assert_int_equal(got[1], C - A);
}

/* t and t inverted sum to the cycles; OQ-X25 (b): invert with t = 0
 * is ignored. */
static void x42_invert_pairs_sum_to_cycles(void **state)
{
	static const uint64_t s[4] = { EV_SYNTH | THR(20), EV_SYNTH | THR(20) | INV23,
				       EV_SYNTH | INV23, EV_SYNTH };
	uint64_t got[4];

	(void)state;
	check(&s0, s, 4);
	run(&s0, s, 4, got);
	assert_int_equal(got[0] + got[1], C - A);
	assert_int_equal(got[2], got[3]);
	run(&w, s, 2, got);
	assert_int_equal(got[0] + got[1], C - A);
}

/* X-43, OQ-X25 (c): edge detect after threshold and invert; with t >= 2 on
 * the W flag (0/1) nothing; with invert the rises of x < t, within 1 of the
 * plain edges. */
static void x43_edge_after_threshold_and_invert(void **state)
{
	static const uint64_t s[4] = { EV_SYNTH | THR(16) | EDGE18,
				       EV_SYNTH | THR(16) | EDGE18 | INV23, EV_SYNTH | EDGE18,
				       EV_SYNTH | THR(16) };
	static const uint64_t wf[2] = { EV_SYNTH | THR(2) | EDGE18, EV_SYNTH | EDGE18 };
	uint64_t got[4];

	(void)state;
	check(&s0, s, 4);
	check(&c0, s, 4);
	check(&w, wf, 2);
	run(&s0, s, 4, got);
	assert_true(got[0] > 0 && got[0] < got[3]);
	assert_true(got[0] + 1 >= got[1] && got[1] + 1 >= got[0]);
	run(&w, wf, 2, got);
	assert_int_equal(got[0], 0);
	assert_true(got[1] > 0);
}

/* X-43, OQ-X24: the U counter has edge detect only; threshold and invert
 * bits are not its fields. */
static void x43_u_edge_only(void **state)
{
	static const uint64_t s[1] = { EV_SYNTH | EDGE18 };
	static const uint64_t lvl[1] = { EV_SYNTH | THR(0x81) | INV23 };
	uint64_t e, l;

	(void)state;
	check(&ub, s, 1);
	run(&ub, s, 1, &e);
	run(&ub, lvl, 1, &l);
	assert_int_equal(l, ref_filtered(NHMEX_U, EV_SYNTH, A, C));
	assert_true(e > 0 && 2 * e < l);
}

/* OQ-X19: every other event counts one per cycle, through the same filter. */
static void oq_x19_other_events_one_per_cycle(void **state)
{
	static const uint64_t s[4] = { 0x01, 0x01 | THR(1), 0x01 | THR(2), 0x01 | EDGE18 };
	uint64_t got[4];

	(void)state;
	run(&c0, s, 4, got);
	assert_int_equal(got[0], C - A);
	assert_int_equal(got[1], C - A);
	assert_int_equal(got[2], 0);
	assert_int_equal(got[3], 0);
}

/* Counter k of the W-box with a never-true threshold (0xFF), whose invert
 * is toggled by select writes at 2000, 3000, 4000 while it counts, opening
 * inside the condition when `in`; its count at C. */
static uint64_t w_flips(bool in)
{
	uint64_t never = EN22 | EV_SYNTH | THR(0xFF) | EDGE18;
	unsigned i;

	nhmex_init(&u, 0, 0, 0x2E, 0, 0);
	wr(&u, W_EVSEL(0), never | (in ? INV23 : 0), 0);
	wr(&u, W_CTL, 1, 0);
	wr(&u, U_CTL, EN_ALL, A);
	for (i = 0; i < 3; i++) {
		in = !in;
		wr(&u, W_EVSEL(0), never | (in ? INV23 : 0), 2000 + 1000 * i);
	}
	return rd(&u, W_CTR(0), C);
}

/* OQ-X25 (d): a write that asserts the condition while counting is a
 * rising edge, one that deasserts it counts 0. */
static void oq_x25_select_write_edges(void **state)
{
	(void)state;
	assert_int_equal(w_flips(false), 2); /* in, out, in */
	assert_int_equal(w_flips(true), 1);  /* out, in, out */
}

/* OQ-X25 (d): a write while stopped leaves no edge. */
static void oq_x25_write_while_stopped(void **state)
{
	uint64_t never = EN22 | EV_SYNTH | THR(0xFF) | EDGE18;

	(void)state;
	nhmex_init(&u, 0, 0, 0x2E, 0, 0);
	wr(&u, W_EVSEL(0), never, 0);
	wr(&u, W_CTL, 1, 0);
	wr(&u, U_CTL, EN_ALL, A);
	wr(&u, U_CTL, 0, 2000);
	wr(&u, W_EVSEL(0), never | INV23, 2500);
	wr(&u, U_CTL, EN_ALL, 3000);
	assert_int_equal(rd(&u, W_CTR(0), C), 0);
}

/* X-14 with X-41: a thresholded counter wraps at the cycle its passed
 * cycles reach the preload's distance. */
static void x41_wrap_at_the_thresholded_count(void **state)
{
	uint64_t sel = EV_SYNTH | THR(24), left = 700, t = A;

	(void)state;
	nhmex_init(&u, 0, 0, 0x2E, 0, 0);
	wr(&u, 0xC50, EN22 | in_rules(NHMEX_S0, sel), 0);
	wr(&u, 0xC51, (1ull << 48) - left, 0);
	wr(&u, 0xC40, 1, 0);
	wr(&u, U_CTL, EN_ALL, A);
	while (ref_filtered(NHMEX_S0, sel, A, t) < left)
		t++;
	assert_int_equal(emu_next_wrap(&nhmex_engine, &u), t);
	assert_int_equal(rd(&u, 0xC41, t - 1), 0);
	assert_int_equal(rd(&u, 0xC41, t), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(x41_threshold_passes_x_ge_t),
		cmocka_unit_test(x41_threshold_top_bit),
		cmocka_unit_test(x41_wrap_at_the_thresholded_count),
		cmocka_unit_test(x42_invert_pairs_sum_to_cycles),
		cmocka_unit_test(x43_edge_after_threshold_and_invert),
		cmocka_unit_test(x43_u_edge_only),
		cmocka_unit_test(oq_x19_other_events_one_per_cycle),
		cmocka_unit_test(oq_x25_select_write_edges),
		cmocka_unit_test(oq_x25_write_while_stopped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
