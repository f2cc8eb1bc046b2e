/* The direction of E (C-16) on a condition the test itself sets: unhalted
 * core cycles (C-24 row 0) count 1 in every cycle the core runs, so "count
 * >= 1" (CMASK 1) holds in every cycle and "count >= 255" (CMASK 255) in
 * none, whatever the code does. The test enters and leaves the condition
 * by writing CMASK while E is on and the counter counts; between two reads
 * of the running counters the condition's state is then the test's at both
 * ends. OQ-C13 default: the detector compares with the condition before the
 * write, so each entry counts 1 and each exit 0. */
#include "suites/core/core.h"

#define CYCLES_EDGE (SEL_COUNT(EV_CYCLES) | SEL_E)
#define IN  SEL_CMASK(1)
#define OUT SEL_CMASK(255)
/* Between writes: some hundred thousand core cycles, so that each write
 * is seen alone however the core samples it. */
#define HOLD_US 100

static enum verdict read_pair(struct tctx *t, const struct core *c, uint64_t v[2])
{
	unsigned k;

	for (k = 0; k < 2; k++) {
		RD(t, CORE_PMC(k), &v[k]);
		v[k] &= c->gp_mask;
	}
	return V_PASS;
}

/* Counts of IA32_PMC0 and 1 between two reads, around three flips of the
 * condition each: PMC0 opens out of it and is written in, out, in (two
 * entries, one exit); PMC1 opens in it and is written out, in, out (one
 * entry, two exits). The CPU spins meanwhile (never halts), so cycles
 * count in every cycle. */
static enum verdict flips(struct tctx *t, const struct core *c, uint64_t d[2])
{
	uint64_t a[2], b[2];
	enum verdict v;
	unsigned i, k;
	bool in = false;

	for (k = 0; k < 2; k++)
		if ((v = core_set_pmc(t, k, 0)) != V_PASS)
			return v;
	WR(t, CORE_SEL(0), CYCLES_EDGE | OUT);
	WR(t, CORE_SEL(1), CYCLES_EDGE | IN);
	WR(t, MSR_GLOBAL_CTRL, G_PMC(0) | G_PMC(1)); /* C-09 */
	plat_stall_us(HOLD_US);
	if ((v = read_pair(t, c, a)) != V_PASS)
		return v;
	for (i = 0; i < 3; i++) {
		in = !in;
		WR(t, CORE_SEL(0), CYCLES_EDGE | (in ? IN : OUT));
		WR(t, CORE_SEL(1), CYCLES_EDGE | (in ? OUT : IN));
		plat_stall_us(HOLD_US);
	}
	if ((v = read_pair(t, c, b)) != V_PASS)
		return v;
	for (k = 0; k < 2; k++)
		d[k] = (b[k] - a[k]) & c->gp_mask;
	return V_PASS;
}

/* Rising edges: 2 and 1; falling ones would be 1 and 2. Model: exact.
 * Hardware: whether a write is an edge is OQ-C13, so the counts are
 * reported; that E counts no more than the three transitions the test
 * made (the condition is constant between writes, C-16) is asserted. */
static enum verdict edge_dir(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	uint64_t d[2] = { 0, 0 };

	if (v == V_PASS)
		v = flips(t, &c, d);
	v = core_end(&c, v);
	if (v != V_PASS)
		return v;
	t_figure(t, "out_to_in_edges_count", (int64_t)d[0], "count");
	t_figure(t, "in_to_out_edges_count", (int64_t)d[1], "count");
	CHECK(t, d[0] <= 3 && d[1] <= 3, "E counted %lu and %lu edges of a condition the test "
	      "changed three times, constant between (C-16)", (unsigned long)d[0],
	      (unsigned long)d[1]);
	return t_default(t, "OQ-C13", "a PERFEVTSEL write that asserts the condition is an edge",
			 d[0] == 2 && d[1] == 1, "the condition entered twice and left once, then "
			 "left twice and entered once, by PERFEVTSEL writes: E counted %lu then %lu, "
			 "want 2 then 1 (rising edges, C-16)", (unsigned long)d[0],
			 (unsigned long)d[1]);
}

static const struct test tests[] = {
	{ .id = "core.sel.edge-dir", .desc = "E counts entries into a condition the test's "
	  "PERFEVTSEL writes set, not exits (model; reported on hardware)", .needs = NEED_CORE_PMU,
	  .run = edge_dir },
};
const struct suite core_edge_suite = SUITE_EACH_TYPE("core.sel", tests);
