/* Threshold, invert and edge on a C-box event (L-27..L-30, L-61; OQ-L12,
 * OQ-L13, OQ-L19): UNC_CBO_CACHE_LOOKUP.ANY_MESI (34H/8FH, §5) on both
 * counters of C-box 0 in one window bounded by GLOBAL_CTRL writes, with
 * the fixed counter beside them as the cycle count and ARB 81H as the
 * traffic reference (L-86); on Ice Lake client by the selects' writes,
 * whose span each comparison allows (L-81). */
#include "suites/client/client.h"

#define WIN_US 2000
/* Thresholds, then (TOP) the field's top bit alone: bit 28 (OQ-L19), bit
 * 29 on a layout-D C-box (L-75), which a field a bit narrower reads as 0
 * and so counts the raw event. */
#define TOP 0u
static const unsigned thresholds[] = { 1, 2, 3, 4, 6, 8, TOP };

static enum verdict pair(struct tctx *t, const struct cl_layout *l, uint64_t s0, uint64_t s1,
			 struct cl_win *w)
{
	memset(w, 0, sizeof(*w));
	w->sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | CL_ES_EN; /* L-86: the traffic reference */
	w->sel[CL_CB0] = CL_LOOKUP_ANY | CL_ES_EN | s0;
	w->sel[CL_CB1] = CL_LOOKUP_ANY | CL_ES_EN | s1;
	w->sel[CL_FIX] = CL_FC_EN;
	w->gctl = CL_GC_EN;
	return cl_window(t, l, w, WIN_US);
}

/* CMASK c and CMASK c with INV add up to the window's cycles (L-27, L-28,
 * L-30): the fixed counter's on the model (one clock, OQ-L13, L-61); on
 * hardware the ratio is reported. */
static enum verdict inv_sum(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	uint64_t most = 0;
	unsigned i;

	TRY(cl_begin(t, &l));
	for (i = 0; i < ARRAY_SIZE(thresholds); i++) {
		unsigned c = thresholds[i] == TOP ? cl_cmask_top(&l) : thresholds[i];
		uint64_t sum, slack;

		TRY(pair(t, &l, CL_ES_CMASK(c), CL_ES_CMASK(c) | CL_ES_INV, &w));
		sum = w.d[CL_CB0] + w.d[CL_CB1];
		if (c == 1) {
			t_figure(t, "cmask1_count", (int64_t)w.d[CL_CB0], "count");
			t_figure(t, "cmask1_inv_count", (int64_t)w.d[CL_CB1], "count");
		}
		CHECK(t, w.d[CL_FIX], "FIXED_CTR did not move in the window (L-59)");
		slack = cl_slack(&w); /* 0 but on Ice Lake client (L-81) */
		most = slack > most ? slack : most;
		TRY(t_default(t, "OQ-L13", "C-box cycles are the fixed counter's U-clocks", sum +
			      slack >= w.d[CL_FIX] && sum <= w.d[CL_FIX] + slack, "CMASK %u counted "
			      "%lu, with INV %lu: %lu, not the window's %lu cycles (+- %lu of its "
			      "select writes) (L-27, L-28, L-30, L-61, L-75)", c,
			      (unsigned long)w.d[CL_CB0], (unsigned long)w.d[CL_CB1],
			      (unsigned long)sum, (unsigned long)w.d[CL_FIX], (unsigned long)slack));
		/* Only the model's traffic is known never to reach the top bit:
		 * a property of its stream, not an open question. */
		if (t_on_model())
			CHECK(t, thresholds[i] != TOP || !w.d[CL_CB0], "CMASK %u (its top bit alone) "
			      "counted %lu; the model's 34H/8FH never reaches it (OQ-L19, L-75)", c,
			      (unsigned long)w.d[CL_CB0]);
	}
	t_figure(t, "select_write_slack_cycles", (int64_t)most, "cycles"); /* L-81 */
	return V_PASS;
}

/* Two thresholds in one window: the higher counts no more (L-30), on the
 * model strictly less somewhere (its stream spans them). */
static enum verdict monotonic(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	unsigned i;
	bool less = false;

	TRY(cl_begin(t, &l));
	for (i = 0; i + 1 < ARRAY_SIZE(thresholds); i++) {
		unsigned a = thresholds[i], b = thresholds[i + 1] == TOP ? cl_cmask_top(&l)
									  : thresholds[i + 1];

		TRY(pair(t, &l, CL_ES_CMASK(a), CL_ES_CMASK(b), &w));
		/* a threshold of 1 or more counts a cycle once: the windows'
		 * difference (L-81) adds at most its slack */
		CHECK(t, w.d[CL_CB1] <= w.d[CL_CB0] + cl_slack(&w), "CMASK %u counted %lu, CMASK %u "
		      "%lu in the same window (+ %lu of its select writes) (L-30)", a,
		      (unsigned long)w.d[CL_CB0], b, (unsigned long)w.d[CL_CB1],
		      (unsigned long)cl_slack(&w));
		less |= w.d[CL_CB1] < w.d[CL_CB0];
	}
	if (!less)
		return t_idle(t, "no threshold counted less than the one below it (L-27; on "
				   "hardware: too little traffic)");
	return V_PASS;
}

/* The layer sum (L-27): a cycle adding x events is counted by CMASK 1..x,
 * so over one window sum over c = 1..31 of Delta(CMASK c) equals
 * Delta(CMASK 0) while no cycle adds more than 31 (OQ-L19). Each threshold
 * shares a window with CMASK 0 on the other counter and the ratios are
 * summed: on the model, whose synthetic traffic is the same in every long
 * window, exact but for the windows' edges; reported on hardware, whose
 * traffic changes between windows. */
#define LAYER_US 500
#define LAYER_TOL_PPM 10000

static enum verdict layer_sum(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	uint64_t ppm = 0, skew_ppm = 0, tol;
	unsigned c;

	TRY(cl_begin(t, &l));
	for (c = 1; c < 32; c++) {
		TRY(pair(t, &l, 0, CL_ES_CMASK(c), &w));
		if (!w.d[CL_CB0])
			return cl_silent(t, &l, &w, CL_CB0, "34H/8FH", CL_ARB_REQ_WIN, "81H");
		ppm += w.d[CL_CB1] * 1000000 / w.d[CL_CB0];
		if (w.tsc && w.skew * 1000000 / w.tsc > skew_ppm) /* L-81 */
			skew_ppm = w.skew * 1000000 / w.tsc;
		if (!w.d[CL_CB1])
			break; /* L-30: no higher threshold counts either */
	}
	c = c < 32 ? c : 31; /* the last threshold read */
	t_figure(t, "layer_sum_ppm", (int64_t)ppm, "ppm");
	/* Only the model's traffic is the same in every window: a property of
	 * its stream, not an open question (the figure reports hardware's). */
	if (!t_on_model())
		return V_PASS;
	/* Where the selects bound the windows (L-81) each ratio's two
	 * counters may see windows apart by the skew: twice it more. */
	tol = LAYER_TOL_PPM + 2 * skew_ppm;
	CHECK(t, ppm + tol >= 1000000 && ppm <= 1000000 + tol, "CMASK 1..%u counted %lu ppm of "
	      "CMASK 0's events, want 1000000 +- %lu: CMASK c is not 'at least c' (L-27)", c,
	      (unsigned long)ppm, (unsigned long)tol);
	return V_PASS;
}

/* E with CMASK 1 beside the level count: rising edges only (L-29), fewer
 * than the cycles above the threshold and at least one where there are
 * any. */
static enum verdict edge(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	uint64_t slack;

	TRY(cl_begin(t, &l));
	TRY(pair(t, &l, CL_ES_CMASK(1), CL_ES_CMASK(1) | CL_ES_E, &w));
	t_figure(t, "level_count", (int64_t)w.d[CL_CB0], "count");
	t_figure(t, "edge_count", (int64_t)w.d[CL_CB1], "count");
	if (!w.d[CL_CB0])
		return cl_silent(t, &l, &w, CL_CB0, "34H/8FH with CMASK 1", CL_ARB_REQ_WIN, "81H");
	/* Hardware: every busy cycle may stand alone, so edges <= cycles; the
	 * model's bursts span several cycles (pmu/emu/client/stream.c is not
	 * read: any multi-cycle burst makes fewer edges than cycles): a
	 * property of its stream, not an open question, so t_on_model().
	 * Where the selects bound the window (L-81) the two counters' windows
	 * may differ by its slack, which "fewer" must then exceed. */
	slack = cl_slack(&w);
	CHECK(t, w.d[CL_CB1] >= 1 && w.d[CL_CB1] <= w.d[CL_CB0] + slack &&
		 (w.d[CL_CB1] + slack < w.d[CL_CB0] || !t_on_model()),
	      "with E, CMASK 1 counted %lu against %lu cycles at or above it (+- %lu of its "
	      "select writes): want at least one rising edge and fewer edges than cycles (L-29)",
	      (unsigned long)w.d[CL_CB1], (unsigned long)w.d[CL_CB0], (unsigned long)slack);
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.filter.inv-sum", .desc = "CMASK c plus CMASK c inverted on C-box 0 equals "
	  "the window's U-clocks, CMASK top bit included (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = inv_sum },
	{ .id = "client.filter.monotonic", .desc = "a higher CMASK counts no more in the same "
	  "window", .needs = NEED_UNCORE, .run = monotonic },
	{ .id = "client.filter.layer-sum", .desc = "CMASK 1..31 add up to CMASK 0's count: "
	  "CMASK c counts cycles of at least c (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = layer_sum },
	{ .id = "client.filter.edge", .desc = "E with CMASK 1 counts rising edges: at least one, "
	  "fewer than the cycles at or above the threshold", .needs = NEED_UNCORE, .run = edge },
};
const struct suite client_filter_suite = SUITE("client.filter", tests);
