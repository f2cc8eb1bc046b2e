/* Threshold, invert and edge of a layout-E select (L-107): C-box lookups
 * (34H/8FH, at most one a cycle) on both counters of C-box 0 in one window
 * bounded by the compute tile's box control, the cNCU's fixed counter
 * beside them as the cycle count (one clock for the tile: OQ-L13's
 * default, as on layouts A..D); on layout F, which has no fixed counter in
 * MSRs (L-118), ARB box 0's counter 0 counting every cycle instead: ARB
 * requests (at most one a cycle) below threshold 32, inverted. */
#include "suites/mtl/mtl.h"

#define WIN_US 2000
/* Thresholds 1, 2 and the field's top bit alone (32: bit 29, L-107), which
 * a 5-bit field reads as 0 and so counts the raw event. */
static const unsigned thresholds[] = { 1, 2, MT_ES_THRESH_TOP };

#define CYCLES(e, w) ((e)->f ? (w)->d[MW_ARB] : (w)->d[MW_CFIX])

static enum verdict pair(struct tctx *t, const struct mtl_e *e, uint64_t s0, uint64_t s1,
			 struct mtl_win *w)
{
	memset(w, 0, sizeof(*w));
	w->sel[MW_CB0] = MT_LOOKUP_ANY | MT_ES_EN | s0;
	w->sel[MW_CB1] = MT_LOOKUP_ANY | MT_ES_EN | s1;
	w->sel[MW_CFIX] = MT_FC_EN;
	w->sel[MW_ARB] = MT_ARB_REQ | MT_ES_THRESH(MT_ES_THRESH_TOP) | MT_ES_INV | MT_ES_EN;
	w->box[0] = MT_BOX_EN;
	return mtl_window(t, e, w, WIN_US);
}

/* Threshold c and threshold c inverted add up to the window's cycles: a
 * cycle either reaches c or stays below it (L-107). */
static enum verdict inv_sum(struct tctx *t)
{
	struct mtl_e e;
	struct mtl_win w;
	unsigned i;

	TRY(mtl_begin(t, &e));
	for (i = 0; i < ARRAY_SIZE(thresholds); i++) {
		unsigned c = thresholds[i];
		uint64_t sum;

		TRY(pair(t, &e, MT_ES_THRESH(c), MT_ES_THRESH(c) | MT_ES_INV, &w));
		sum = w.d[MW_CB0] + w.d[MW_CB1];
		CHECK(t, CYCLES(&e, &w), "the window's cycle count did not move (L-104, L-107)");
		TRY(t_default(t, "OQ-L13", "C-box cycles are the tile's one clock",
			      sum == CYCLES(&e, &w), "threshold %u counted %lu, inverted %lu: %lu, "
			      "not the window's %lu cycles (L-107)", c, (unsigned long)w.d[MW_CB0],
			      (unsigned long)w.d[MW_CB1], (unsigned long)sum,
			      (unsigned long)CYCLES(&e, &w)));
		/* at most one lookup a cycle (§5): a threshold above 1 never holds */
		CHECK(t, c < 2 || !w.d[MW_CB0], "threshold %u counted %lu cycles of an event that "
		      "adds at most 1 a cycle (L-107)", c, (unsigned long)w.d[MW_CB0]);
		if (c == 1) {
			t_figure(t, "thresh1_count", (int64_t)w.d[MW_CB0], "count");
			t_figure(t, "thresh1_inv_count", (int64_t)w.d[MW_CB1], "count");
		}
	}
	return V_PASS;
}

/* E with threshold 1 beside the level count: rising edges only (L-107),
 * at least one, and on the model fewer than the cycles (its lookups come
 * in bursts). */
static enum verdict edge(struct tctx *t)
{
	struct mtl_e e;
	struct mtl_win w;

	TRY(mtl_begin(t, &e));
	TRY(pair(t, &e, MT_ES_THRESH(1), MT_ES_THRESH(1) | MT_ES_E, &w));
	t_figure(t, "level_count", (int64_t)w.d[MW_CB0], "count");
	t_figure(t, "edge_count", (int64_t)w.d[MW_CB1], "count");
	if (!w.d[MW_CB0])
		return t_idle(t, "34H/8FH with threshold 1 did not move (on hardware: no traffic)");
	CHECK(t, w.d[MW_CB1] >= 1 && w.d[MW_CB1] <= w.d[MW_CB0] &&
		 (w.d[MW_CB1] < w.d[MW_CB0] || !t_on_model()),
	      "with E, threshold 1 counted %lu against %lu cycles at or above it: want at least "
	      "one rising edge and fewer edges than cycles (L-107)", (unsigned long)w.d[MW_CB1],
	      (unsigned long)w.d[MW_CB0]);
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "mtl.filter.inv-sum", .desc = "threshold c plus threshold c inverted on C-box 0 "
	  "equals the window's cycles, the 6-bit field's top bit included", .needs = NEED_UNCORE,
	  .run = inv_sum },
	{ .id = "mtl.filter.edge", .desc = "E with threshold 1 counts rising edges: at least one, "
	  "fewer than the cycles at or above it", .needs = NEED_UNCORE, .run = edge },
};
const struct suite mtl_filter_suite = SUITE("mtl.filter", tests);
