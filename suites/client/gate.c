/* The counting gates (L-20..L-24): GLOBAL_CTRL.EN and each event select's
 * EN each stop counting alone; the fixed counter's enable is FIXED_CTRL bit
 * 22, and Nehalem's bit 0 does nothing (L-08, L-22); the PMI-select bits do
 * not gate (L-24, OQ-L7); on Ice Lake client EN gates nothing (ICL068,
 * L-71). */
#include "suites/client/client.h"

/* Millions of U-clocks with memory traffic: every enabled counter moves. */
#define WIN_US 2000

/* Every counter of the window on an event that moves (§5): ARB 80H on
 * counter 0 (L-56), 81H on counter 1, 34H/8FH on both of C-box 0. */
static void events(struct cl_win *w, uint64_t en, uint64_t fixed)
{
	w->sel[CL_ARB0] = CL_ARB_OCC | en;
	w->sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | en;
	w->sel[CL_CB0] = CL_LOOKUP_ANY | en;
	w->sel[CL_CB1] = CL_LOOKUP_ANY | en;
	w->sel[CL_FIX] = fixed;
}

/* Counters that moved, bit i counter i. */
static unsigned moved(const struct cl_win *w)
{
	unsigned i, m = 0;

	for (i = 0; i < CL_NWIN; i++)
		m |= (unsigned)(w->d[i] != 0) << i;
	return m;
}

/* Every counter moved: the fixed counter always must; a general counter
 * still is a FAIL on the model, on hardware idle traffic (SKIP). Ice
 * Lake's ARB counter 0 is not one (L-70). */
static enum verdict all_moved(struct tctx *t, const struct cl_layout *l, const struct cl_win *w,
			      const char *when)
{
	unsigned i;

	CHECK(t, w->d[CL_FIX], "FIXED_CTR did not move %s (L-20, L-22, L-59)", when);
	for (i = 0; i < CL_FIX; i++) {
		if (!cl_ctr_msr(l, i) || w->d[i])
			continue;
		if (i >= CL_CB0) /* L-86: ARB 81H the traffic reference */
			return cl_silent(t, l, w, i, "34H/8FH", CL_ARB_REQ_WIN, "81H");
		return t_idle(t, "%s did not move %s (L-20, L-21; on hardware: no traffic seen)",
			      cl_ctr_names[i], when);
	}
	return V_PASS;
}

/* Whether every counter all_moved asks for moved (the fixed counter, L-20,
 * L-22, L-59; every general one, L-21; Ice Lake's ARB counter 0 is not one,
 * L-70), for an open question's default that says they count. */
static bool every_moved(const struct cl_layout *l, const struct cl_win *w)
{
	unsigned i;

	for (i = 0; i < CL_FIX; i++)
		if (cl_ctr_msr(l, i) && !w->d[i])
			return false;
	return w->d[CL_FIX] != 0;
}

static enum verdict none_moved(struct tctx *t, const struct cl_win *w, const char *when,
			       const char *ids)
{
	unsigned i;

	for (i = 0; i < CL_NWIN; i++)
		CHECK(t, !w->d[i], "%s counted %lu %s (%s)", cl_ctr_names[i],
		      (unsigned long)w->d[i], when, ids);
	return V_PASS;
}

/* GLOBAL_CTRL.EN clear, every local enable set: nothing counts (L-20);
 * then EN set: everything does, and GLOBAL_CTRL = 0 keeps the values (L-23). */
static enum verdict global_en(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w = { .gctl = 0 };
	uint64_t a, b;

	TRY(cl_begin(t, &l));
	TRY(cl_gctl_live(t, &l, "GLOBAL_CTRL.EN's gate"));
	events(&w, CL_ES_EN, CL_FC_EN);
	w.gctl = l.sel_bits == 4 ? CL_GC_SEL_A : 0; /* routing bits, EN clear */
	TRY(cl_window(t, &l, &w, WIN_US));
	TRY(none_moved(t, &w, "with GLOBAL_CTRL.EN clear and its own enable set", "L-20"));
	w.gctl = CL_GC_EN | CL_GC_SEL_A;
	TRY(cl_window(t, &l, &w, WIN_US));
	TRY(all_moved(t, &l, &w, "with GLOBAL_CTRL.EN and its own enable set"));
	RD(t, l.fixed_ctl + 1, &a);
	traffic_until(NULL, plat_tsc() + cl_tsc_us(WIN_US));
	RD(t, l.fixed_ctl + 1, &b);
	CHECK(t, a == b && a == w.d[CL_FIX], "FIXED_CTR read %lu at GLOBAL_CTRL = 0, then %lu and "
	      "%lu (L-23)", (unsigned long)w.d[CL_FIX], (unsigned long)a, (unsigned long)b);
	return V_PASS;
}

/* GLOBAL_CTRL.EN set, every local enable clear: nothing counts (L-21); the
 * fixed counter with only FIXED_CTRL bit 0, Nehalem's enable, neither
 * (L-22; with the registers in Nehalem's order, L-08, the write presets the
 * counter instead). */
static enum verdict local_en(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w = { .gctl = 0 };

	uint64_t v = 0;
	int e;

	TRY(cl_begin(t, &l));
	/* Bit 0 is reserved here: the model's #GP (OQ-L14) leaves FIXED_CTRL
	 * 0, which must not count either. */
	e = msr_write(plat_this_cpu(), l.fixed_ctl, CL_FC_NHM_EN);
	CHECK(t, !e || e == VEC_GP, "writing FIXED_CTRL bit 0 failed (%d)", e);
	RD(t, l.fixed_ctl, &v);
	t_figure(t, "fixed_ctrl_bit0_readback_reg", (int64_t)v, "reg");
	events(&w, 0, v);
	w.gctl = CL_GC_EN | CL_GC_SEL_A;
	TRY(cl_window(t, &l, &w, WIN_US));
	TRY(none_moved(t, &w, "with GLOBAL_CTRL.EN set and its own enable clear (FIXED_CTRL: "
		       "bit 0 alone)", "L-21, L-22"));
	events(&w, CL_ES_EN, CL_FC_EN);
	TRY(cl_window(t, &l, &w, WIN_US));
	return all_moved(t, &l, &w, "once its own enable was set as well");
}

/* GLOBAL_CTRL.EN with PMI-select bits 4:0 all 0: the OQ-L7 default, pure
 * routing, counts as with them set (L-24); asserted on the model, the
 * counters that stood still reported on hardware. */
static enum verdict select_bits(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w = { .gctl = CL_GC_EN };
	unsigned m;

	TRY(cl_begin(t, &l));
	events(&w, CL_ES_EN, CL_FC_EN);
	TRY(cl_window(t, &l, &w, WIN_US));
	m = moved(&w);
	t_figure(t, "moved_without_select_mask", m, "mask");
	return t_default(t, "OQ-L7", "bits 4:0 only route: every counter counts without them",
			 every_moved(&l, &w), "with GLOBAL_CTRL = EN alone, bits 4:0 = 0, counters "
			 "0x%x of 0x%x moved (L-24, OQ-L7 default)", m, (1u << CL_NWIN) - 1);
}

/* ICL068's second part on 0x7D/0x7E (L-71, OQ-L30): GLOBAL_CTRL written EN
 * | FREEZE | select bits, then read; then a window with GLOBAL_CTRL = 0,
 * bounded by the local enables (L-81): every counter moves. The OQ-L30
 * default asserted on the model (EN and FREEZE read 0, the select bits
 * kept; counting without EN), what EN and FREEZE do reported on hardware.
 * N/A on every other model. */
static enum verdict erratum(struct tctx *t)
{
	const uint64_t wrote = CL_GC_EN | CL_GC_FREEZE | CL_GC_SEL_A;
	struct cl_layout l;
	struct cl_win w = { .gctl = 0 };
	uint64_t g = 0;
	unsigned m;

	TRY(cl_begin(t, &l));
	if (!l.icl068)
		return t_na(t, "layout %c, no erratum ICL068 on this model: GLOBAL_CTRL.EN and "
			    "FREEZE work (L-20, L-50, L-71)", l.name);
	WR(t, l.gctl, wrote);
	RD(t, l.gctl, &g);
	WR(t, l.gctl, 0);
	t_figure(t, "gctl_readback_reg", (int64_t)g, "reg");
	events(&w, CL_ES_EN, CL_FC_EN);
	TRY(cl_window(t, &l, &w, WIN_US));
	m = moved(&w);
	t_figure(t, "moved_with_en_clear_mask", m, "mask");
	TRY(t_default(t, "OQ-L30", "EN and FREEZE read 0, the select bits kept", g == (wrote &
		      ~(CL_GC_EN | CL_GC_FREEZE)), "GLOBAL_CTRL written 0x%lx reads 0x%lx: want EN "
		      "and FREEZE dropped, the select bits kept (L-71, OQ-L30 default)",
		      (unsigned long)wrote, (unsigned long)g));
	return t_default(t, "OQ-L30", "counters count with EN clear", every_moved(&l, &w), "with "
			 "GLOBAL_CTRL.EN clear, its own enable set, counters 0x%x moved (L-71, "
			 "OQ-L30 default)", m);
}

static const struct test tests[] = {
	{ .id = "client.gate.global-en", .desc = "GLOBAL_CTRL.EN clear stops every counter whose "
	  "own enable is set; GLOBAL_CTRL = 0 keeps the values", .needs = NEED_UNCORE,
	  .run = global_en },
	{ .id = "client.gate.local-en", .desc = "an event select's EN (FIXED_CTRL bit 22, not "
	  "bit 0) clear stops its counter under GLOBAL_CTRL.EN", .needs = NEED_UNCORE,
	  .run = local_en },
	{ .id = "client.gate.select-bits", .desc = "the PMI-select bits do not gate counting "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = select_bits },
	{ .id = "client.gate.erratum", .desc = "Ice Lake client (ICL068): GLOBAL_CTRL keeps no EN "
	  "or FREEZE and counters count on their own enables (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = erratum },
};
const struct suite client_gate_suite = SUITE("client.gate", tests);
