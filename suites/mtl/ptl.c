/* Panther Lake's MSR units under its discovery table's freeze-all (L-145,
 * OQ-L62): no source says whether bit 0 of the table's global control,
 * set at power-on (L-135), holds the legacy MSR units as it holds the
 * table's own. The model holds them (the harness clears the bit before
 * every window, mtl_window); this test sets it, runs a window with every
 * enable set, and asserts on the model that nothing moved, then clears it
 * and asserts that everything did; on hardware it reports what moved. */
#include "suites/mtl/mtl.h"

#define WIN_US 2000

/* Every counter of the window on, both enables set (L-144). */
static void all_on(const struct mtl_e *e, struct mtl_win *w)
{
	unsigned i;

	memset(w, 0, sizeof(*w));
	for (i = 0; i < MW_N; i++)
		if (i == MW_CFIX || i == MW_SFIX)
			w->sel[i] = MT_FC_EN;
		else if (mtl_ctr_msr(e, i)) /* L-147: SANTA and the bridge count ARB requests */
			w->sel[i] = (i == MW_ARB || i == MW_HARB ? MT_ARB_REQ : MT_LOOKUP_ANY) |
				    MT_ES_EN;
	w->box[0] = w->box[1] = MT_BOX_EN;
}

/* One window with the freeze-all set (frozen) or clear; the global
 * control put back as found, read again (L-148). */
static enum verdict frozen_window(struct tctx *t, const struct mtl_e *e, bool frozen,
				  struct mtl_win *w)
{
	uint64_t saved;
	enum verdict v;
	int rc;

	TRY(mtl_thaw(t, e, &saved));
	if (frozen && (rc = mmio_write(e->gctl, 8, saved | MT_FRZ_ALL)))
		v = t_error(t, "setting the freeze-all at 0x%llx: %s", (unsigned long long)e->gctl,
			    space_rc_text(rc));
	else
		v = mtl_window_as_is(t, e, w, WIN_US);
	return v == V_PASS ? mtl_refreeze(t, e, saved) : (mtl_refreeze(t, e, saved), v);
}

static enum verdict frz_all(struct tctx *t)
{
	struct mtl_e e;
	struct mtl_win held, free;
	unsigned i;

	TRY(mtl_begin(t, &e));
	if (!e.p)
		return t_na(t, "model 0x%x has no discovery table's freeze-all over its MSR units "
			    "(L-145: Panther Lake's)", e.model);
	if (!e.gctl)
		return t_skip(t, "no global control found through MSR 0x201E (L-132, L-135)");
	all_on(&e, &held);
	all_on(&e, &free);
	TRY(frozen_window(t, &e, true, &held));
	TRY(frozen_window(t, &e, false, &free));
	for (i = 0; i < MW_N; i++) {
		if (!mtl_ctr_msr(&e, i))
			continue;
		t_figure_box(t, "frozen_count", mtl_name(&e, i), (int64_t)held.d[i], "count");
		t_figure_box(t, "thawed_count", mtl_name(&e, i), (int64_t)free.d[i], "count");
		if (!free.d[i])
			TRY(t_still(t, "%s did not move with the freeze-all clear and every enable "
				    "set (L-144; on hardware: no traffic)", mtl_name(&e, i)));
		TRY(t_default(t, "OQ-L62", "the table's freeze-all holds the MSR units",
			      !held.d[i], "%s counted %lu with the freeze-all set", mtl_name(&e, i),
			      (unsigned long)held.d[i]));
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "mtl.ptl.frz-all", .desc = "Panther Lake: the discovery table's freeze-all holds "
	  "the C-boxes, SANTA, the IA core bridge and both cNCU fixed counters (model; reported "
	  "on hardware)", .needs = NEED_UNCORE, .run = frz_all },
};
const struct suite mtl_ptl_suite = SUITE("mtl.ptl", tests);
