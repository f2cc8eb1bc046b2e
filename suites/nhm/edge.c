/* The direction of E (N-16) on a condition the test itself sets: CMASK
 * 0xFF, which no cycle of UNC_QHL_CYCLES_NOT_EMPTY (0/1 per cycle, spec §5)
 * reaches, so the thresholded condition is "count >= 255" (never) without
 * INV and "count < 255" (every cycle) with it (N-18, N-19), whatever the
 * traffic. The test enters and leaves it by writing INV while E is on and
 * the counter counts; between two reads of the running counters the
 * condition's state is then the test's at both ends. OQ-N26 default: the
 * detector compares with the condition before the write, so each entry
 * counts 1 and each exit 0. */
#include "suites/nhm/nhm.h"

#define NEMPTY_NEVER (0x0422ull | 0xFFull << 24 | NHM_SEL_EN | NHM_SEL_EDGE)
/* Between writes: hundreds of thousands of U-clocks, so that each write is
 * seen alone however the uncore samples it. */
#define HOLD_US 100

static enum verdict read_pair(struct tctx *t, uint64_t c[2])
{
	unsigned k;

	for (k = 0; k < 2; k++) {
		RD(t, NHM_PERFCTR(k), &c[k]);
		c[k] &= NHM_WIDTH_MASK; /* N-12 */
	}
	return V_PASS;
}

/* Counts of PerfCntr0 and 1 between two reads, around three flips of the
 * condition each (N-16, N-19, OQ-N26): PerfCntr0 opens out of it and is
 * written in, out, in (two entries, one exit); PerfCntr1 opens in it and
 * is written out, in, out (one entry, two exits). */
static enum verdict flips(struct tctx *t, uint64_t d[2])
{
	uint64_t a[2], b[2];
	enum verdict v = nhm_prepare(t, 0);
	unsigned i, k;
	bool in = false;

	if (v != V_PASS)
		return v;
	WR(t, NHM_EVTSEL(0), NEMPTY_NEVER);
	WR(t, NHM_EVTSEL(1), NEMPTY_NEVER | NHM_SEL_INV);
	WR(t, NHM_PERFCTR(0), 0);
	WR(t, NHM_PERFCTR(1), 0);
	WR(t, NHM_GLOBAL_CTRL, 3); /* N-06: EN_PC0, EN_PC1 */
	plat_stall_us(HOLD_US);
	if ((v = read_pair(t, a)) != V_PASS)
		return v;
	for (i = 0; i < 3; i++) {
		in = !in;
		WR(t, NHM_EVTSEL(0), NEMPTY_NEVER | (in ? NHM_SEL_INV : 0));
		WR(t, NHM_EVTSEL(1), NEMPTY_NEVER | (in ? 0 : NHM_SEL_INV));
		plat_stall_us(HOLD_US);
	}
	if ((v = read_pair(t, b)) != V_PASS)
		return v;
	for (k = 0; k < 2; k++)
		d[k] = (b[k] - a[k]) & NHM_WIDTH_MASK;
	return V_PASS;
}

/* Rising edges: 2 and 1; falling ones would be 1 and 2. Model: exact.
 * Hardware: whether a write is an edge is OQ-N26 and the order of INV and
 * E is not documented (OQ-N13), so the counts are reported. */
static enum verdict edge_dir(struct tctx *t)
{
	uint64_t d[2] = { 0, 0 };
	enum verdict v = flips(t, d);

	nhm_quiet();
	if (v != V_PASS)
		return v;
	t_figure(t, "out_to_in_edges_count", (int64_t)d[0], "count");
	t_figure(t, "in_to_out_edges_count", (int64_t)d[1], "count");
	TRY(t_default(t, "OQ-N26", "one edge per entry across PerfEvtSel writes", d[0] == 2 &&
		      d[1] == 1, "the condition entered twice and left once, then left twice and "
		      "entered once, by PerfEvtSel writes: E counted %lu then %lu, want 2 then 1 "
		      "(rising edges, N-16; OQ-N26 default)", (unsigned long)d[0],
		      (unsigned long)d[1]));
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "nhm.filter.edge-dir", .desc = "E counts entries into a condition the test's "
	  "PerfEvtSel writes set, not exits (model; reported on hardware)", .needs = NEED_UNCORE,
	  .run = edge_dir },
};
const struct suite nhm_edge_suite = SUITE("nhm.filter", tests);
