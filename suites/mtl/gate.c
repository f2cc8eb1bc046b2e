/* What starts layout E's counters (L-105, OQ-L40): each NCU box control's
 * EN enables its own tile's units, a counter counts only with its local
 * EN as well, and with both box controls clear nothing counts; on layout
 * P 0x240E enables every general counter and cNCU box 0's fixed one,
 * 0x254E cNCU box 1's (L-144, OQ-L61). Every
 * counter of the window runs an event that moves in any window on the
 * model (C-box lookups, ARB requests) or the fixed clock. */
#include "suites/mtl/mtl.h"

#define WIN_US 2000

static void all_on(struct mtl_win *w, bool local)
{
	unsigned i;

	memset(w, 0, sizeof(*w));
	for (i = 0; i < MW_N; i++) {
		if (i == MW_CFIX || i == MW_SFIX)
			w->sel[i] = local ? MT_FC_EN : 0;
		else
			w->sel[i] = (i == MW_ARB || i == MW_HARB ? MT_ARB_REQ : MT_LOOKUP_ANY) |
				    (local ? MT_ES_EN : 0);
	}
}

/* Box controls (c, s) for the compute and the SoC tile; every counter
 * checked: it moved iff its tile's EN is set (the tile split is OQ-L40's
 * default, asserted on the model, reported on hardware). */
static enum verdict tiles(struct tctx *t)
{
	static const uint64_t cases[][2] = {
		{ 0, 0 }, { MT_BOX_EN, 0 }, { 0, MT_BOX_EN }, { MT_BOX_EN, MT_BOX_EN },
	};
	struct mtl_e e;
	struct mtl_win w;
	unsigned c, i;

	TRY(mtl_begin(t, &e));
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		if (e.f && cases[c][1]) /* L-118: no 0x200E on layout F */
			continue;
		all_on(&w, true);
		w.box[0] = cases[c][0];
		w.box[1] = cases[c][1];
		TRY(mtl_window(t, &e, &w, WIN_US));
		for (i = 0; i < MW_N; i++) {
			bool on = w.box[mtl_tile(&e, i)] & MT_BOX_EN;

			if (!mtl_ctr_msr(&e, i))
				continue;
			if (c == 0) /* L-105: nothing counts with both enables clear */
				CHECK(t, !w.d[i], "%s counted %lu with both NCU box controls' EN "
				      "clear (L-105)", mtl_name(&e, i), (unsigned long)w.d[i]);
			else if (on && !w.d[i])
				TRY(t_still(t, "%s did not move with its tile's EN set (0x240E = "
					    "0x%lx, second 0x%lx) (L-105; on hardware: no "
					    "traffic)", mtl_name(&e, i), (unsigned long)w.box[0],
					    (unsigned long)w.box[1]));
			else if (!on)
				TRY(t_default(t, e.p ? "OQ-L61" : "OQ-L40", "each NCU box control "
					      "gates its own tile", !w.d[i], "%s counted %lu with 0x240E "
					      "= 0x%lx, second (0x200E, P: 0x254E) = 0x%lx", mtl_name(&e, i), (unsigned long)w.d[i],
					      (unsigned long)w.box[0], (unsigned long)w.box[1]));
		}
		if (c == (e.f ? 1u : 3u)) /* every tile on */
			for (i = 0; i < MW_N; i++)
				if (mtl_ctr_msr(&e, i))
					t_figure_box(t, "window_count", mtl_name(&e, i),
						     (int64_t)w.d[i], "count");
	}
	return V_PASS;
}

/* Both tiles enabled, every select's EN (FIXED_CTRL bit 22) clear:
 * nothing counts (L-104, L-105). */
static enum verdict local_en(struct tctx *t)
{
	struct mtl_e e;
	struct mtl_win w;
	unsigned i;

	TRY(mtl_begin(t, &e));
	all_on(&w, false);
	w.box[0] = w.box[1] = MT_BOX_EN;
	TRY(mtl_window(t, &e, &w, WIN_US));
	for (i = 0; i < MW_N; i++) /* an absent counter reads 0 (mtl_window) */
		CHECK(t, !w.d[i], "%s counted %lu with its select's EN clear and both tiles "
		      "enabled (L-104, L-105)", mtl_name(&e, i), (unsigned long)w.d[i]);
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "mtl.gate.tiles", .desc = "0x240E's EN enables the compute tile's counters, "
	  "0x200E's the SoC tile's; neither: nothing counts", .needs = NEED_UNCORE, .run = tiles },
	{ .id = "mtl.gate.local-en", .desc = "a select's EN (FIXED_CTRL bit 22) clear: the counter "
	  "holds with both tiles enabled", .needs = NEED_UNCORE, .run = local_en },
};
const struct suite mtl_gate_suite = SUITE("mtl.gate", tests);
