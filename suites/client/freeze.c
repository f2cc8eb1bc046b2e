/* FREEZE (L-50..L-54; OQ-L11, OQ-L20): a forwarded overflow with
 * GLOBAL_CTRL.FREEZE set clears EN and so stops every counter at once;
 * only writing EN again resumes; without FREEZE, or without the
 * overflowing counter's OVF_EN, nothing freezes. Every counter of the
 * window runs (ARB 80H and 81H, C-box 0's two on 34H/8FH, the fixed
 * counter); one is preset about LEAD_US of its measured rate below its
 * wrap; no PMI-select bit is set (OQ-L11 default: the freeze does not need
 * one). */
#include "suites/client/client.h"

#define RATE_US   1000
#define LEAD_US   1000
#define WAIT_US   10000
#define HOLD_US   2000  /* frozen counters read twice this far apart */
#define RESUME_US 2000
/* L-54: on hardware the overflowing counter may run a few counts past its
 * wrap before the freeze; 100 us of counting is far more than a hardware
 * path takes. The model freezes at the wrapping increment. */
#define SKID_US   100

struct run {
	unsigned k;          /* the overflowing counter, CL_* */
	bool frz, ovf_en;
	uint64_t gctl;       /* as written */
	uint64_t rate[CL_NWIN];  /* counts per RATE_US */
	uint64_t preset, g;  /* GLOBAL_CTRL after the wrap */
	uint64_t a[CL_NWIN], b[CL_NWIN]; /* after the wrap and HOLD_US later */
};

static void events(struct cl_win *w, const struct run *x)
{
	w->sel[CL_ARB0] = CL_ARB_OCC | CL_ES_EN;
	w->sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | CL_ES_EN;
	w->sel[CL_CB0] = CL_LOOKUP_ANY | CL_ES_EN;
	w->sel[CL_CB1] = CL_LOOKUP_ANY | CL_ES_EN;
	w->sel[CL_FIX] = CL_FC_EN;
	if (x && x->ovf_en)
		w->sel[x->k] |= x->k == CL_FIX ? CL_FC_OVF_EN : CL_ES_OVF_EN;
}

/* Every counter of the window (Ice Lake's ARB counter 0 reads as 0: none,
 * L-70). */
static enum verdict read_all(struct tctx *t, const struct cl_layout *l, uint64_t *v)
{
	unsigned i;

	for (i = 0; i < CL_NWIN; i++) {
		v[i] = 0;
		if (cl_ctr_msr(l, i))
			RD(t, cl_ctr_msr(l, i), &v[i]);
	}
	return V_PASS;
}

static const uint64_t zero[CL_NWIN];

static unsigned moved(const uint64_t *a, const uint64_t *b)
{
	unsigned i, m = 0;

	for (i = 0; i < CL_NWIN; i++)
		m |= (unsigned)(a[i] != b[i]) << i;
	return m;
}

/* Every counter of the layout moved between a and b: the fixed counter
 * must; a still general counter is idle traffic on hardware. */
static enum verdict all_moved(struct tctx *t, const struct cl_layout *l, unsigned m,
			      const char *when, const char *id)
{
	unsigned i;

	for (i = 0; i < CL_NWIN; i++)
		if (!(m >> i & 1) && cl_ctr_msr(l, i))
			return i == CL_FIX ? t_fail(t, "FIXED_CTR did not move %s (%s)", when, id)
					   : t_idle(t, "%s did not move %s (%s; on hardware: "
							     "no traffic)", cl_ctr_names[i], when, id);
	return V_PASS;
}

static enum verdict overflow_run(struct tctx *t, const struct cl_layout *l, struct run *x)
{
	struct cl_win w = { .gctl = CL_GC_EN };
	uint64_t n, v, end, top, now;
	unsigned i;

	events(&w, NULL);
	TRY(cl_window(t, l, &w, RATE_US));
	TRY(all_moved(t, l, moved(zero, w.d), "in the rate window", "L-20"));
	for (i = 0; i < CL_NWIN; i++)
		x->rate[i] = cl_counts_in(&w, i, RATE_US);
	TRY(cl_prepare(t, l));
	n = x->rate[x->k] * LEAD_US / RATE_US;
	top = 1ull << (x->k == CL_FIX ? l->fixed_bits : CL_GP_BITS);
	x->preset = top - (n ? n : 1);
	events(&w, x);
	for (i = 0; i < CL_NWIN; i++) {
		if (!cl_ctr_msr(l, i))
			continue;
		WR(t, cl_ctr_msr(l, i), i == x->k ? x->preset : 0);
		WR(t, cl_sel_msr(l, i), w.sel[i]);
	}
	x->gctl = CL_GC_EN | (x->frz ? CL_GC_FREEZE : 0);
	WR(t, l->gctl, x->gctl);
	end = plat_tsc() + cl_tsc_us(WAIT_US);
	do { /* the time before the read: the last read is past the deadline */
		now = plat_tsc();
		traffic_until(NULL, now + cl_tsc_us(50));
		RD(t, cl_ctr_msr(l, x->k), &v);
	} while (v >= x->preset && now < end);
	RD(t, l->gctl, &x->g);
	TRY(read_all(t, l, x->a));
	traffic_until(NULL, plat_tsc() + cl_tsc_us(HOLD_US));
	TRY(read_all(t, l, x->b));
	if (x->a[x->k] >= x->preset)
		return x->k == CL_FIX ? t_fail(t, "FIXED_CTR preset 2^%u - %lu did not wrap in %u ms "
					       "(L-33, L-59)", l->fixed_bits, (unsigned long)n,
					       WAIT_US / 1000)
				      : t_idle(t, "%s did not wrap in %u ms (on hardware: traffic "
						    "fell)", cl_ctr_names[x->k], WAIT_US / 1000);
	return V_PASS;
}

/* Counter k's forwarded overflow with FREEZE: all stop (L-50), GLOBAL_CTRL
 * reads EN clear and the rest as written (L-51), k stopped at its wrap
 * (L-54), clearing the status does not resume (L-41), writing GLOBAL_CTRL
 * again does (L-52). */
static enum verdict frozen_by(struct tctx *t, unsigned k)
{
	struct cl_layout l;
	struct run x = { .k = k, .frz = true, .ovf_en = true };
	uint64_t c[CL_NWIN], d[CL_NWIN], skid;
	unsigned i;

	TRY(cl_begin(t, &l));
	TRY(cl_gctl_live(t, &l, "FREEZE"));
	TRY(overflow_run(t, &l, &x));
	for (i = 0; i < CL_NWIN; i++)
		CHECK(t, x.a[i] == x.b[i], "%s went from %lu to %lu in %u us after %s's overflow "
		      "with FREEZE set (L-50)", cl_ctr_names[i], (unsigned long)x.a[i],
		      (unsigned long)x.b[i], HOLD_US, cl_ctr_names[k]);
	CHECK(t, x.g == (x.gctl & ~CL_GC_EN), "GLOBAL_CTRL 0x%lx written, 0x%lx after the freeze: "
	      "want EN alone cleared (L-50, L-51)", (unsigned long)x.gctl, (unsigned long)x.g);
	skid = x.rate[k] * SKID_US / RATE_US;
	t_figure(t, "frozen_past_wrap_count", (int64_t)x.a[k], "count");
	CHECK(t, x.a[k] <= skid, "%s froze %lu counts past its wrap, more than %lu (%u us) (L-54)",
	      cl_ctr_names[k], (unsigned long)x.a[k], (unsigned long)skid, SKID_US);
	WR(t, l.status, 0);
	traffic_until(NULL, plat_tsc() + cl_tsc_us(RESUME_US));
	TRY(read_all(t, &l, c));
	CHECK(t, !moved(x.b, c), "counters 0x%x resumed when only GLOBAL_STATUS was written "
	      "(L-41, L-52)", moved(x.b, c));
	WR(t, l.gctl, x.gctl & ~CL_GC_FREEZE);
	traffic_until(NULL, plat_tsc() + cl_tsc_us(RESUME_US));
	TRY(read_all(t, &l, d));
	WR(t, l.gctl, 0);
	return all_moved(t, &l, moved(c, d), "after GLOBAL_CTRL.EN was written again", "L-52");
}

/* frozen_by, and the uncore left quiet on every path. */
static enum verdict cleaned(struct tctx *t, unsigned k)
{
	enum verdict v = frozen_by(t, k);
	struct cl_layout l;

	if (cl_layout(t, &l) == V_PASS)
		cl_quiet(&l);
	return v;
}

static enum verdict by_fixed(struct tctx *t) { return cleaned(t, CL_FIX); }
static enum verdict by_cbox(struct tctx *t) { return cleaned(t, CL_CB0); }

/* FREEZE clear with OVF_EN, then FREEZE set without OVF_EN (OQ-L11
 * default: no freeze, asserted on the model, reported on hardware):
 * GLOBAL_CTRL as written and every counter still moving (L-53). */
static enum verdict no_freeze(struct tctx *t)
{
	static const struct { bool frz, ovf_en; const char *what; } cases[] = {
		{ .frz = false, .ovf_en = true, .what = "an overflow with OVF_EN, FREEZE clear" },
		{ .frz = true, .ovf_en = false, .what = "an overflow without OVF_EN, FREEZE set" },
	};
	struct cl_layout l;
	unsigned i, j, m, present = 0;
	bool held;

	TRY(cl_layout(t, &l));
	TRY(cl_gctl_live(t, &l, "FREEZE"));
	for (j = 0; j < CL_NWIN; j++)
		present |= (cl_ctr_msr(&l, j) != 0) << j;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct run x = { .k = CL_FIX, .frz = cases[i].frz, .ovf_en = cases[i].ovf_en };
		enum verdict v;

		TRY(cl_prepare(t, &l));
		v = overflow_run(t, &l, &x);
		WR(t, l.gctl, 0);
		if (v != V_PASS)
			return v;
		m = moved(x.a, x.b);
		t_figure_at(t, "moved_after_mask", FIG_BOX, i, m, "mask");
		/* FIXED_CTR always moves, the others where the machine has traffic. */
		held = x.g == x.gctl && (m & present) == present;
		if (x.frz)
			TRY(t_default(t, "OQ-L11", "no freeze without OVF_EN", held, "after %s "
				      "GLOBAL_CTRL 0x%lx (written 0x%lx), counters 0x%x of 0x%x "
				      "moved (L-53, OQ-L11 default)", cases[i].what,
				      (unsigned long)x.g, (unsigned long)x.gctl, m, present));
		CHECK(t, held || x.frz, "after %s GLOBAL_CTRL 0x%lx (written 0x%lx), counters 0x%x "
		      "of 0x%x moved (L-53)", cases[i].what, (unsigned long)x.g,
		      (unsigned long)x.gctl, m, present);
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.freeze.by-fixed", .desc = "FIXED_CTR's forwarded overflow with FREEZE "
	  "clears EN alone and stops all five; EN written again resumes", .needs = NEED_UNCORE,
	  .run = by_fixed },
	{ .id = "client.freeze.by-cbox", .desc = "C-box 0's forwarded overflow with FREEZE stops "
	  "all five, FIXED_CTR included", .needs = NEED_UNCORE, .run = by_cbox },
	{ .id = "client.freeze.needs-ovf-en", .desc = "no freeze with FREEZE clear, nor for a wrap "
	  "without OVF_EN (model; reported on hardware)", .needs = NEED_UNCORE, .run = no_freeze },
};
const struct suite client_freeze_suite = SUITE("client.freeze", tests);
