/* Overflow and the status chain (X-14..X-18, X-21, X-26..X-28, X-30):
 * for every box an overflow that shows at the box, at the S-box level and
 * at the U-box, found by the walk of X-30 and cleared from the bottom; the
 * U-box's own clear; no PMI and no freeze without pmi_en. Presets are
 * 2^48 - N with N from the counter's rate measured on the TSC, so each
 * wrap comes about WRAP_US after the enable whatever the clock; each wait
 * for one ends on what the counter did (ex_wait_wrap). */
#include "suites/nhmex/nhmex.h"

#define WRAP_US  1000
#define ARRIVE_US 1000000 /* as nhm.ovf: the bound for "never came" under TCG */

/* Box i's counter k preset to wrap, counting alone until its ov bit shows
 * (pmi_en clear), then stopped by en_all = 0; *idle on hardware if it did
 * not move at all. The wait reads the counter as it counts. */
static enum verdict overflow(struct tctx *t, const struct ex_box *b, unsigned k, bool *idle)
{
	uint64_t hz, u = EX_EN_ALL, pre, st, c;
	enum verdict v = ex_rate(t, b, k, &hz);

	*idle = false;
	if (v != V_PASS)
		return v;
	if (!hz) {
		TRY(t_still(t, "%s counter %u did not move in %u us (X-05)", b->name, k, EX_RATE_US));
		*idle = true;
		return V_PASS;
	}
	pre = ex_preload(hz, WRAP_US);
	if ((v = ex_prepare(t)) != V_PASS || (v = ex_arm(t, b, k, pre, false, &u)) != V_PASS)
		return v;
	WR(t, EX_U_CTL, u);
	v = ex_wait_wrap(t, b->status, ex_bit(b, k), ex_ctr(b, k), pre, &st);
	WR(t, EX_U_CTL, 0);
	RD(t, ex_ctr(b, k), &c);
	if (v != V_PASS)
		return v;
	CHECK(t, (c & EX_MASK) < pre, "%s counter %u preset to 2^48 - %lu reads 0x%lx, still for "
	      "%u ms: no wrap (X-14)", b->name, k, (unsigned long)(EX_TOP - pre),
	      (unsigned long)c, EX_STILL_US / 1000);
	return V_PASS;
}

/* for counter k of box i: box STATUS = its
 * bit only; U STATUS its box's bit only (asserted on the model; on
 * hardware the positions are OQ-X3, so any bit and the raw value logged);
 * the walk from U finds box i and no other (the S-box level: OQ-X9, the
 * summary read through ex_summary); one write of the box's OVF_CTL clears
 * every level. */
static enum verdict chain_one(struct tctx *t, const struct ex_box *bx, unsigned n, unsigned i,
			      unsigned k, bool *idle)
{
	const struct ex_box *b = &bx[i];
	uint64_t st, u, found, sum = 0, bit = ex_bit(b, k);
	bool held;
	enum verdict v = overflow(t, b, k, idle);

	if (v != V_PASS || *idle)
		return v;
	RD(t, b->status, &st);
	RD(t, EX_U_STATUS, &u);
	plat_log(1, "  %s counter %u wrapped: STATUS 0x%lx, U GLOBAL_STATUS 0x%lx (OQ-X3)",
		 b->name, k, (unsigned long)st, (unsigned long)u);
	if (b->ctl != EX_U_CTL)
		CHECK(t, st == bit, "%s counter %u wrapped with pmi_en clear: GLOBAL_STATUS 0x%lx, "
		      "want 0x%lx (X-15)", b->name, k, (unsigned long)st, (unsigned long)bit);
	if (b->s >= 0 && ex_summary((unsigned)b->s, &sum))
		plat_log(1, "  S%d summary 0x%lx (X-16, OQ-X9)", b->s, (unsigned long)sum);
	/* Where the bit sits is open (OQ-X3); that one is set is not. */
	held = (u & EX_OV_ALL) == b->ubit;
	TRY(t_default(t, "OQ-X3", "U STATUS bits at likwid's positions", held, "%s counter %u "
		      "wrapped: U GLOBAL_STATUS 0x%lx, want 0x%lx (X-16, X-17; OQ-X8, OQ-X10, "
		      "OQ-X11)", b->name, k, (unsigned long)u, (unsigned long)b->ubit));
	CHECK(t, held || u, "%s counter %u wrapped: U GLOBAL_STATUS 0x%lx, want 0x%lx (X-16, "
	      "X-17; OQ-X8, OQ-X10, OQ-X11)", b->name, k, (unsigned long)u, (unsigned long)b->ubit);
	if ((v = ex_walk(t, bx, n, &found)) != V_PASS)
		return v;
	TRY(t_default(t, "OQ-X3", "U STATUS bits at likwid's positions", found == 1ull << i, "%s "
		      "counter %u wrapped: the walk from U GLOBAL_STATUS 0x%lx found boxes 0x%lx, "
		      "want %s alone (X-30)", b->name, k, (unsigned long)u, (unsigned long)found,
		      b->name));
	WR(t, b->ovf, bit); /* X-26 (U counter: U OVF_CTL.clr_ov_u, X-28) */
	RD(t, b->status, &st);
	RD(t, EX_U_STATUS, &u);
	CHECK(t, !(st & bit), "%s GLOBAL_STATUS 0x%lx after writing 0x%lx to its OVF_CTL (X-26)",
	      b->name, (unsigned long)st, (unsigned long)bit);
	CHECK(t, !(u & EX_OV_ALL), "U GLOBAL_STATUS 0x%lx after clearing %s's ov bit, the only "
	      "one set: the levels above are cleared from below (X-27)", (unsigned long)u,
	      b->name);
	return V_PASS;
}

/* Every box, its last counter (so that the index is not always 0). */
static enum verdict chain(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, idle = 0;
	bool was_idle;
	enum verdict v;

	for (i = 0; i < n; i++) {
		v = chain_one(t, bx, n, i, bx[i].nctr - 1, &was_idle);
		if (v != V_PASS)
			return v;
		idle += was_idle;
		if (was_idle)
			plat_log(1, "  nhmex.ovf.chain: %s idle, not tried (OQ-X19)", bx[i].name);
	}
	t_figure(t, "boxes_idle_count", idle, "count");
	if (idle == n)
		return t_skip(t, "no box counted (OQ-X19)");
	return V_PASS;
}

/* with the W fixed counter (uncore clock: counts on every
 * part): its wrap sets W ov_fixed and U ov_w; U OVF_CTL.clr_ov_w clears
 * ov_w alone (the W bit staying is OQ-X6: asserted on the model, reported
 * on hardware). X-18 first: writing counters across 2^48 sets nothing.
 * The wait reads the counter as it counts. */
static enum verdict u_clear(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), w = n - 1;
	uint64_t c0, c1, t0, t1, hz, pre, st, u;
	enum verdict v = ex_prepare(t);

	if (v != V_PASS)
		return v;
	WR(t, EX_FIXED_CTR, EX_MASK); /* */
	WR(t, EX_FIXED_CTR, 0);
	RD(t, bx[w].status, &st);
	RD(t, EX_U_STATUS, &u);
	CHECK(t, !st && !(u & EX_OV_ALL), "writing 2^48 - 1 then 0 to the W fixed counter set W "
	      "STATUS 0x%lx, U STATUS 0x%lx (X-18)", (unsigned long)st, (unsigned long)u);
	WR(t, bx[w].ctl, EX_FIXED_EN);
	WR(t, EX_FIXED_CTL, 1);
	WR(t, EX_U_CTL, EX_EN_ALL);
	RD(t, EX_FIXED_CTR, &c0);
	t0 = plat_tsc();
	pmi_spin(NULL, EX_RATE_US);
	t1 = plat_tsc();
	RD(t, EX_FIXED_CTR, &c1);
	WR(t, EX_U_CTL, 0);
	hz = (c1 - c0) * plat_tsc_hz() / (t1 - t0);
	t_figure(t, "uclk_hz", (int64_t)hz, "hz");
	CHECK(t, hz, "the W fixed counter did not move in %u us (X-07)", EX_RATE_US);
	pre = ex_preload(hz, WRAP_US);
	WR(t, EX_FIXED_CTR, pre);
	WR(t, EX_U_CTL, EX_EN_ALL);
	v = ex_wait_wrap(t, bx[w].status, EX_FIXED_EN, EX_FIXED_CTR, pre, &st);
	WR(t, EX_U_CTL, 0);
	if (v != V_PASS)
		return v;
	RD(t, EX_U_STATUS, &u);
	CHECK(t, st == EX_FIXED_EN, "W STATUS 0x%lx after the fixed counter wrapped, want "
	      "ov_fixed alone (X-15, X-35)", (unsigned long)st);
	TRY(t_default(t, "OQ-X3", "U STATUS bits at likwid's positions", (u & EX_OV_ALL) ==
		      EX_OV_W, "U GLOBAL_STATUS 0x%lx after a W fixed wrap, want ov_w alone (X-17, "
		      "OQ-X3)", (unsigned long)u));
	CHECK(t, u, "U GLOBAL_STATUS 0x%lx after a W fixed wrap, want ov_w alone (X-17, OQ-X3)",
	      (unsigned long)u);
	WR(t, EX_U_OVF, u & EX_OV_ALL);
	RD(t, EX_U_STATUS, &u);
	RD(t, bx[w].status, &st);
	CHECK(t, !(u & EX_OV_ALL), "U GLOBAL_STATUS 0x%lx after writing its bits to U OVF_CTL "
	      "(X-28)", (unsigned long)u);
	t_figure(t, "w_status_after_u_clear_reg", (int64_t)st, "reg");
	TRY(t_default(t, "OQ-X6", "clearing a U bit leaves the lower levels", st == EX_FIXED_EN,
		      "W STATUS 0x%lx after U OVF_CTL cleared ov_w: want ov_fixed kept, lower levels "
		      "untouched (X-28, OQ-X6 default)", (unsigned long)st));
	WR(t, bx[w].ovf, EX_FIXED_EN);
	RD(t, bx[w].status, &st);
	CHECK(t, !st, "W STATUS 0x%lx after W OVF_CTL.clr_ov_fixed (X-26, X-35)",
	      (unsigned long)st);
	return V_PASS;
}

/* ---- no PMI, no freeze without pmi_en (X-21) ---- */

/* Counter 0 of the source box wraps with pmi_en clear while frz_all is
 * set and pmi_core_sel selects cores 0-3 (the BSP's core among them on any
 * numbering, OQ-X1, OQ-X2): status set, en_all still 1, the counter moving
 * on, no PMI after quiescence. The control, pmi_en set: a PMI comes and
 * en_all goes to 0, or the quiet proved nothing. The wait
 * reads the counter as it counts. */
static enum verdict no_pmi(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), src;
	uint64_t hz, u = EX_EN_ALL | EX_FRZ_ALL | 0x1E, pre, st, ctl, c0, c1;
	const struct ex_box *b;
	enum verdict v = ex_source(t, bx, n, &src, &hz);

	if (v != V_PASS)
		return v;
	b = &bx[src];
	pre = ex_preload(hz, WRAP_US);
	if ((v = ex_prepare(t)) != V_PASS || (v = ex_arm(t, b, 0, pre, false, &u)) != V_PASS)
		return v;
	ex_pmis = 0;
	WR(t, EX_U_CTL, u);
	if ((v = ex_wait_wrap(t, b->status, ex_bit(b, 0), ex_ctr(b, 0), pre, &st)) != V_PASS)
		return v;
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the PMI fence was not taken on the BSP");
	RD(t, EX_U_CTL, &ctl);
	RD(t, ex_ctr(b, 0), &c0);
	pmi_spin(NULL, 100);
	RD(t, ex_ctr(b, 0), &c1);
	t_figure(t, "pmis_without_pmi_en_count", ex_pmis, "count");
	CHECK(t, st & ex_bit(b, 0), "%s counter 0 wrapped, or stood still for %u ms, and its "
	      "status bit is clear (X-14)", b->name, EX_STILL_US / 1000);
	CHECK(t, ctl & EX_EN_ALL, "en_all cleared (U GLOBAL_CTL 0x%lx) by an overflow whose "
	      "pmi_en was clear, frz_all set (X-21)", (unsigned long)ctl);
	CHECK(t, c1 != c0, "%s counter 0 stopped after its overflow with pmi_en clear (X-21)",
	      b->name);
	CHECK(t, !ex_pmis, "%u PMI(s) from an overflow whose pmi_en was clear (X-21)", ex_pmis);
	/* The control. */
	WR(t, EX_U_CTL, 0);
	WR(t, b->ovf, ex_bit(b, 0));
	u = EX_EN_ALL | EX_FRZ_ALL | 0x1E;
	if ((v = ex_arm(t, b, 0, pre, true, &u)) != V_PASS)
		return v;
	WR(t, EX_U_CTL, u);
	pmi_spin(&ex_pmis, ARRIVE_US);
	RD(t, EX_U_CTL, &ctl);
	WR(t, EX_U_CTL, 0);
	t_figure(t, "pmis_control_count", ex_pmis, "count");
	CHECK(t, ex_pmis, "control: no PMI within %u ms of an overflow with pmi_en set and cores "
	      "0-3 selected, so the quiet proved nothing (X-19)", ARRIVE_US / 1000);
	CHECK(t, !(ctl & EX_EN_ALL), "control: en_all still set (U GLOBAL_CTL 0x%lx) after an "
	      "overflow with pmi_en and frz_all (X-22)", (unsigned long)ctl);
	return V_PASS;
}

static enum verdict run_chain(struct tctx *t) { enum verdict v = chain(t); ex_quiet(); return v; }
static enum verdict run_u_clear(struct tctx *t) { enum verdict v = u_clear(t); ex_quiet(); return v; }

static enum verdict run_no_pmi(struct tctx *t) { return ex_with_pmi(t, no_pmi); }

static const struct test tests[] = {
	{ .id = "nhmex.ovf.chain", .desc = "each box's overflow shows at the box, the S-box level "
	  "and the U-box, and clears from the bottom", .needs = NEED_UNCORE, .run = run_chain },
	{ .id = "nhmex.ovf.u-clear", .desc = "a W fixed wrap sets ov_fixed and U ov_w; U OVF_CTL "
	  "clears only the U bit", .needs = NEED_UNCORE, .run = run_u_clear },
	{ .id = "nhmex.ovf.clear-each", .desc = "every clr_ov bit of every box's OVF_CTL, and of U "
	  "OVF_CTL, clears its own bit alone while the others stay set", .needs = NEED_UNCORE,
	  .run = ex_run_clear_each },
	{ .id = "nhmex.ovf.siblings", .desc = "two boxes under one summary bit: U ov_s0 stays "
	  "until both ov bits are cleared", .needs = NEED_UNCORE, .run = ex_run_siblings },
	{ .id = "nhmex.ovf.no-pmi-without-en", .desc = "an overflow with pmi_en clear: no PMI, no "
	  "freeze, counting goes on", .needs = NEED_UNCORE, .run = run_no_pmi },
};
const struct suite nhmex_ovf_suite = SUITE("nhmex.ovf", tests);
