/* Overflow of the uncore counters: the 48-bit wrap and what it leaves in
 * GLOBAL_STATUS, how GLOBAL_OVF_CTRL clears it, CHG, and that no PMI comes
 * without the counter's PMI bit (N-04, N-11, N-12, N-21..N-24, N-26, N-28,
 * N-29, N-30; OQ-N6, OQ-N15). Every preset is 2^48 - N with N taken from the
 * counter's rate measured on the TSC, so each wrap comes about WRAP_US after
 * the enable whatever the U-clock or the traffic.
 *
 * The model's late-overflow defect (OQ-N15) leaves nothing to see here: it
 * sets the same status bits at the next access (or the PMI tick), and
 * counting is unaffected. It shows only through a freeze, where the values
 * stop at the cycle the overflow takes effect: nhm.freeze.* catch it. */
#include "suites/nhm/nhm.h"

/* UNC_GQ_CYCLES_NOT_EMPTY, any tracker (§5 event 01H; umask 07 is the union
 * of the three trackers, N-13). At most one count per U-clock, so it never
 * outruns FixedCntr0 (§5 invariant "01H <= fixed"). */
#define ST_OVF  (0xFFull | NHM_OVF_FC0 | NHM_OVF_PMI) /* what an overflow sets, CHG aside */

#define VEC      0xF2    /* C-32: >= 0x20; one of its own, so pmi.c's stays free */
#define WRAP_US  2000    /* presets wrap about 2 ms after the enable */
/* Five times the expected wrap time: FixedCntr0's rate is constant, but
 * Global Queue traffic on hardware can thin out between the calibration and
 * the run. */
#define WAIT_US  10000
#define ARRIVE_US 1000000 /* as pmi.c: the bound for "never came" under TCG */

static uint64_t tsc_us(uint64_t ticks)
{
	return ticks * 1000000 / plat_tsc_hz();
}

/* Counts in `ticks` of the TSC at `hz`. */
static uint64_t counts_in(uint64_t hz, uint64_t ticks)
{
	return hz * ticks / plat_tsc_hz();
}

/* N for a preset of 2^48 - N that wraps WRAP_US after the enable. */
static uint64_t ahead(uint64_t hz)
{
	uint64_t n = hz / 1000000 * WRAP_US;

	return n ? n : 1;
}

/* Both rates (nhm_measure_rates), PerfCntr0's not 0. A general counter that
 * did not move: the model's streams are busy in every period, so there
 * that is a failure; on hardware it means no Global Queue traffic (§5),
 * which a UEFI app need not make, so SKIP. */
static enum verdict gp_rates(struct tctx *t, struct nhm_rates *r)
{
	enum verdict v = nhm_measure_rates(t, r);

	if (v != V_PASS || r->gp_hz)
		return v;
	return t_idle(t, "PerfCntr0 on event 01H umask 07 did not move in %u ms (N-06; on hardware: "
		    "no Global Queue traffic)", NHM_RATE_US / 1000);
}


static enum verdict around(struct tctx *t, enum verdict (*body)(struct tctx *))
{
	enum verdict v = nhm_prepare(t, ST_OVF | NHM_ST_CHG);

	if (v == V_PASS)
		v = body(t);
	nhm_quiet();
	return v;
}

/* FixedCntr0 preset to 2^48 - N: the preset reads back whole, the wrap sets
 * OVF_FC0 and nothing else, and the counter goes on from 0. */
static enum verdict fixed_wrap(struct tctx *t)
{
	struct nhm_rates r;
	uint64_t n, pre, v, st, st2, t0, t1, bound;
	enum verdict vd = nhm_measure_rates(t, &r);

	if (vd != V_PASS)
		return vd;
	n = ahead(r.fc_hz);
	pre = NHM_TOP - n;
	WR(t, NHM_FIXED_CTR, pre);
	RD(t, NHM_FIXED_CTR, &v);
	CHECK(t, (v & NHM_WIDTH_MASK) == pre, "FixedCntr0 preset 0x%lx reads back 0x%lx: not a "
	      "48-bit counter (N-04, N-11)", (unsigned long)pre, (unsigned long)v);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	t0 = plat_tsc();
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	pmi_spin(NULL, WAIT_US);
	RD(t, NHM_FIXED_CTR, &v);
	t1 = plat_tsc();
	RD(t, NHM_STATUS, &st);
	WR(t, NHM_GLOBAL_CTRL, 0);
	RD(t, NHM_STATUS, &st2);
	v &= NHM_WIDTH_MASK;
	t_figure(t, "after_wrap_count", (int64_t)v, "count");
	CHECK(t, v < pre, "FixedCntr0 preset to 2^48 - %lu still reads 0x%lx after %u ms: no wrap "
	      "(N-08, N-12)", (unsigned long)n, (unsigned long)v, WAIT_US / 1000);
	CHECK(t, st & NHM_OVF_FC0, "FixedCntr0 wrapped (reads %lu) but GLOBAL_STATUS 0x%lx lacks "
	      "OVF_FC0 (N-22)", (unsigned long)v, (unsigned long)st);
	CHECK(t, (st & ST_OVF) == NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx after a FixedCntr0 wrap with "
	      "no general counter running and the PMI bit clear: want OVF_FC0 only (N-21, N-23)",
	      (unsigned long)st);
	CHECK(t, st2 & NHM_OVF_FC0, "OVF_FC0 went away without GLOBAL_OVF_CTRL: 0x%lx (N-22)",
	      (unsigned long)st2);
	/* The counter went on from 0 (N-29): it has counted every U-clock since
	 * the enable, n of them before the wrap. 1/16 covers the calibration's
	 * error (MSR accesses around a 20 ms window take microseconds). */
	bound = counts_in(r.fc_hz, t1 - t0) + counts_in(r.fc_hz, t1 - t0) / 16;
	CHECK(t, v && v + n <= bound, "FixedCntr0 reads %lu after the wrap; in %lu us at %lu Hz "
	      "it can have counted %lu past the %lu before the wrap (N-29, OQ-N15)",
	      (unsigned long)v, (unsigned long)tsc_us(t1 - t0), (unsigned long)r.fc_hz,
	      (unsigned long)(bound > n ? bound - n : 0), (unsigned long)n);
	return V_PASS;
}

/* All eight general counters on the same event: the even ones preset to wrap
 * within milliseconds, the odd ones half a range away. Exactly the even
 * counters' status bits come up. */
static enum verdict gp_wrap(struct tctx *t)
{
	struct nhm_rates r;
	uint64_t n, pre[8], v[8], fc, st, slack;
	unsigned i;

	TRY(gp_rates(t, &r));
	n = ahead(r.gp_hz);
	/* FixedCntr0 from 0 is the clock the values are bounded by, started
	 * before any PerfEvtSel is written: a general counter that already
	 * counts from its select's write (EN_PCn not gating, N-06 broken)
	 * then still counts within FixedCntr0's U-clocks, so the bound below
	 * holds however long the writes between took (a CPU preempted among
	 * them) and never turns on their timing (N-07, N-10). */
	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	for (i = 0; i < 8; i++) {
		/* 2^47 events at most one per U-clock: hours away from a wrap. */
		pre[i] = i & 1 ? NHM_TOP / 2 : NHM_TOP - n;
		WR(t, NHM_PERFCTR(i), pre[i]);
		RD(t, NHM_PERFCTR(i), &v[i]);
		CHECK(t, (v[i] & NHM_WIDTH_MASK) == pre[i], "PerfCntr%u preset 0x%lx reads back 0x%lx: "
		      "not a 48-bit counter (N-04, N-11)", i, (unsigned long)pre[i],
		      (unsigned long)v[i]);
		WR(t, NHM_EVTSEL(i), NHM_GQ_NOT_EMPTY);
	}
	WR(t, NHM_GLOBAL_CTRL, 0xFF | NHM_EN_FC0);
	pmi_spin(NULL, WAIT_US);
	for (i = 0; i < 8; i++)
		RD(t, NHM_PERFCTR(i), &v[i]);
	RD(t, NHM_FIXED_CTR, &fc);
	RD(t, NHM_STATUS, &st);
	WR(t, NHM_GLOBAL_CTRL, 0);
	fc &= NHM_WIDTH_MASK;
	for (i = 0; i < 8; i++) {
		v[i] &= NHM_WIDTH_MASK;
		if (v[i] == pre[i])
			return t_idle(t, "PerfCntr%u did not count in %u ms (N-06)", i, WAIT_US / 1000);
		if (!(i & 1) && v[i] >= pre[i])
			return t_idle(t, "PerfCntr%u preset to 2^48 - %lu did not wrap in %u ms: reads 0x%lx "
				    "(on hardware: traffic fell)", i, (unsigned long)n, WAIT_US / 1000,
				    (unsigned long)v[i]);
	}
	t_figure(t, "after_wrap_count", (int64_t)v[0], "count");
	CHECK(t, (st & ST_OVF) == 0x55, "GLOBAL_STATUS 0x%lx after PerfCntr0/2/4/6 wrapped, 1/3/5/7 "
	      "did not, FixedCntr0 did not, PMI bits clear: want OVF_PC0/2/4/6 = 0x55 (N-21, N-22, "
	      "N-23)", (unsigned long)st);
	/* N-29: each went on from 0. Counted since the enable: n to the wrap
	 * plus its value, never more than FixedCntr0's U-clocks (§5 01H <=
	 * fixed, enabled before it, read before FixedCntr0). §5 grants
	 * hardware a tolerance on that invariant; 1/64 of the window is far
	 * below a counter that did not wrap (it would read near 2^48). */
	slack = (uint64_t)t_slack(t, (int64_t)(fc / 64), "spec 5's tolerance on 01H against "
				  "FixedCntr0, 1/64 of the window");
	for (i = 0; i < 8; i += 2)
		CHECK(t, v[i] + n <= fc + slack, "PerfCntr%u reads %lu after the wrap, %lu before it, "
		      "more than the %lu U-clocks since the enable (N-29, spec 5)", i, (unsigned long)v[i],
		      (unsigned long)n, (unsigned long)fc);
	return V_PASS;
}

/* OVF_PC0, OVF_PC1 and OVF_FC0 set; each GLOBAL_OVF_CTRL write clears only
 * the bits written as 1, and no counter or control changes (N-26, N-28). */
static enum verdict clear_exact(struct tctx *t)
{
	static const struct { uint64_t write, left; } steps[] = {
		{ .write = 0x1, .left = 0x2 | NHM_OVF_FC0 },
		{ .write = NHM_OVF_FC0, .left = 0x2 },
		{ .write = 0x2, .left = 0 },
	};
	static const uint32_t ctr[3] = { NHM_PERFCTR(0), NHM_PERFCTR(1), NHM_FIXED_CTR };
	static const char *const name[3] = { "PerfCntr0", "PerfCntr1", "FixedCntr0" };
	struct nhm_rates r;
	uint64_t n[3], c[3], c2[3], st, g, s0, s1, fctl;
	unsigned i;

	TRY(gp_rates(t, &r));
	n[0] = n[1] = ahead(r.gp_hz);
	n[2] = ahead(r.fc_hz);
	for (i = 0; i < 3; i++)
		WR(t, ctr[i], NHM_TOP - n[i]);
	WR(t, NHM_EVTSEL(0), NHM_GQ_NOT_EMPTY);
	WR(t, NHM_EVTSEL(1), NHM_GQ_NOT_EMPTY);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	WR(t, NHM_GLOBAL_CTRL, 0x3 | NHM_EN_FC0);
	pmi_spin(NULL, WAIT_US);
	/* Stop FixedCntr0 by EN_FC0 and the general counters by their local
	 * EN, so that every kind of enable holds a non-zero value whose survival
	 * N-28 can check, and the counts hold still. */
	WR(t, NHM_GLOBAL_CTRL, 0x3);
	WR(t, NHM_EVTSEL(0), NHM_GQ_NOT_EMPTY & ~NHM_SEL_EN);
	WR(t, NHM_EVTSEL(1), NHM_GQ_NOT_EMPTY & ~NHM_SEL_EN);
	for (i = 0; i < 3; i++)
		RD(t, ctr[i], &c[i]);
	for (i = 0; i < 3; i++) {
		if ((c[i] & NHM_WIDTH_MASK) < NHM_TOP - n[i])
			continue;
		if (i == 2)
			return t_fail(t, "FixedCntr0 preset to 2^48 - %lu did not wrap in %u ms (N-08, "
				      "N-12)", (unsigned long)n[i], WAIT_US / 1000);
		return t_idle(t, "%s preset to 2^48 - %lu did not wrap in %u ms: reads 0x%lx (on "
			    "hardware: traffic fell)", name[i], (unsigned long)n[i], WAIT_US / 1000,
			    (unsigned long)c[i]);
	}
	/* Stopped means still over a millisecond of U-clocks; else a change
	 * below would not be the clears' doing. */
	pmi_spin(NULL, WAIT_US / 10);
	for (i = 0; i < 3; i++) {
		RD(t, ctr[i], &c2[i]);
		CHECK(t, c2[i] == c[i], "%s went from 0x%lx to 0x%lx with its %s clear (N-06, N-07)",
		      name[i], (unsigned long)c[i], (unsigned long)c2[i], i == 2 ? "EN_FC0" : "EN");
	}
	RD(t, NHM_STATUS, &st);
	CHECK(t, (st & ST_OVF) == (0x3 | NHM_OVF_FC0), "GLOBAL_STATUS 0x%lx after PerfCntr0, "
	      "PerfCntr1 and FixedCntr0 wrapped with PMI bits clear: want 0x100000003 (N-21, N-22, "
	      "N-23)", (unsigned long)st);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		WR(t, NHM_OVF_CTRL, steps[i].write);
		RD(t, NHM_STATUS, &st);
		CHECK(t, (st & ST_OVF) == steps[i].left, "writing 0x%lx to GLOBAL_OVF_CTRL left "
		      "GLOBAL_STATUS 0x%lx: want 0x%lx, only the bits written as 1 cleared (N-26)",
		      (unsigned long)steps[i].write, (unsigned long)st, (unsigned long)steps[i].left);
	}
	for (i = 0; i < 3; i++) {
		RD(t, ctr[i], &c2[i]);
		CHECK(t, c2[i] == c[i], "%s changed from 0x%lx to 0x%lx while status bits were "
		      "cleared (N-28)", name[i], (unsigned long)c[i], (unsigned long)c2[i]);
	}
	RD(t, NHM_GLOBAL_CTRL, &g);
	RD(t, NHM_EVTSEL(0), &s0);
	RD(t, NHM_EVTSEL(1), &s1);
	RD(t, NHM_FIXED_CTL, &fctl);
	CHECK(t, g == 0x3 && s0 == (NHM_GQ_NOT_EMPTY & ~NHM_SEL_EN) && s1 == s0 && fctl == NHM_FC_EN,
	      "clearing status changed a control: GLOBAL_CTRL 0x%lx, PerfEvtSel0 0x%lx, PerfEvtSel1 "
	      "0x%lx, FIXED_CTR_CTRL 0x%lx (N-28)", (unsigned long)g, (unsigned long)s0,
	      (unsigned long)s1, (unsigned long)fctl);
	return V_PASS;
}

/* Every GLOBAL_OVF_CTRL bit written alone (N-26): with OVF_PC0-7, OVF_FC0,
 * OVF_PMI and CHG set, CLR_CHG, then CLR_OVF_PMI, then each CLR_OVF_PCn and
 * CLR_OVF_FC0 in turn clears its own bit and leaves every other one set
 * (N-24: only CLR_CHG clears CHG). OVF_PMI comes from FixedCntr0's PMI bit
 * with EN_PMI_CORE = 0, so no CPU takes a PMI (N-31). Whether hardware sets
 * OVF_PMI with no core selected is OQ-N7, whether a clear sets CHG again
 * OQ-N6: both asserted on the model (their defaults), reported on hardware,
 * where a bit that did not come is left out of the walk. */
static enum verdict clear_each(struct tctx *t)
{
	static const uint64_t walk[] = {
		NHM_ST_CHG, NHM_OVF_PMI, 1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5,
		1u << 6, 1u << 7, NHM_OVF_FC0,
	};
	const uint64_t all = ST_OVF | NHM_ST_CHG;
	struct nhm_rates r;
	uint64_t n, st, cur, mask, rechg = 0;
	unsigned i;

	TRY(gp_rates(t, &r));
	n = ahead(r.gp_hz);
	for (i = 0; i < 8; i++) {
		WR(t, NHM_PERFCTR(i), NHM_TOP - n);
		WR(t, NHM_EVTSEL(i), NHM_GQ_NOT_EMPTY);
	}
	WR(t, NHM_FIXED_CTR, NHM_TOP - ahead(r.fc_hz));
	WR(t, NHM_FIXED_CTL, NHM_FC_EN | NHM_FC_PMI);
	WR(t, NHM_GLOBAL_CTRL, 0xFF | NHM_EN_FC0);
	pmi_spin(NULL, WAIT_US);
	WR(t, NHM_GLOBAL_CTRL, 0);
	RD(t, NHM_STATUS, &st);
	t_figure(t, "status_before_reg", (int64_t)st, "reg");
	CHECK(t, (st & (NHM_OVF_FC0 | NHM_ST_CHG)) == (NHM_OVF_FC0 | NHM_ST_CHG), "GLOBAL_STATUS "
	      "0x%lx after FixedCntr0 wrapped: want OVF_FC0 and CHG (N-22, N-24)",
	      (unsigned long)st);
	if ((st & 0xFF) != 0xFF)
		return t_idle(t, "GLOBAL_STATUS 0x%lx: not every PerfCntr preset to 2^48 - %lu "
				   "wrapped in %u ms (on hardware: traffic fell)", (unsigned long)st,
				   (unsigned long)n, WAIT_US / 1000);
	TRY(t_default(t, "OQ-N7", "OVF_PMI set with EN_PMI_CORE = 0", st & NHM_OVF_PMI,
		      "GLOBAL_STATUS 0x%lx lacks OVF_PMI after a wrap with FixedCntr0's PMI bit "
		      "set (N-23, OQ-N7 default)", (unsigned long)st));
	for (cur = st & all, i = 0; i < ARRAY_SIZE(walk); i++) {
		if (!(cur & walk[i]))
			continue;
		WR(t, NHM_OVF_CTRL, walk[i]);
		RD(t, NHM_STATUS, &st);
		/* OQ-N6: whether a clear sets CHG again is open; the rest of the
		 * status is N-24 and N-26 on any machine. */
		mask = walk[i] == NHM_ST_CHG ? all : all & ~NHM_ST_CHG;
		TRY(t_default(t, "OQ-N6", "clears do not set CHG", !((st ^ (cur & ~walk[i])) & all &
			      ~mask), "writing 0x%lx alone to GLOBAL_OVF_CTRL turned GLOBAL_STATUS "
			      "0x%lx into 0x%lx: CHG set again (N-24, N-26, OQ-N6)",
			      (unsigned long)walk[i], (unsigned long)cur, (unsigned long)st));
		CHECK(t, !((st ^ (cur & ~walk[i])) & mask), "writing 0x%lx alone to "
		      "GLOBAL_OVF_CTRL turned GLOBAL_STATUS 0x%lx into 0x%lx: want only that bit "
		      "cleared (N-24, N-26)", (unsigned long)walk[i], (unsigned long)cur,
		      (unsigned long)st);
		rechg += walk[i] != NHM_ST_CHG && (st & NHM_ST_CHG);
		cur = st & all;
	}
	t_figure(t, "chg_set_by_clears_count", (int64_t)rechg, "count");
	return V_PASS;
}

/* One FixedCntr0 wrap, PMI bit clear, counter stopped again afterwards. */
static enum verdict fixed_overflow(struct tctx *t, uint64_t n)
{
	uint64_t v;

	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTR, NHM_TOP - n);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	pmi_spin(NULL, WAIT_US);
	WR(t, NHM_GLOBAL_CTRL, 0);
	RD(t, NHM_FIXED_CTR, &v);
	CHECK(t, (v & NHM_WIDTH_MASK) < NHM_TOP - n, "FixedCntr0 preset to 2^48 - %lu did not wrap in "
	      "%u ms (N-08, N-12)", (unsigned long)n, WAIT_US / 1000);
	return V_PASS;
}

/* CHG: set by an overflow after every status bit was cleared, cleared only
 * by CLR_CHG (N-24, N-26); whether a clear sets it is OQ-N6. */
static enum verdict chg(struct tctx *t)
{
	struct nhm_rates r;
	uint64_t n, st;
	enum verdict vd = nhm_measure_rates(t, &r);
	bool chg_on_clear;

	if (vd != V_PASS)
		return vd;
	n = ahead(r.fc_hz);
	if ((vd = fixed_overflow(t, n)) != V_PASS)
		return vd;
	RD(t, NHM_STATUS, &st);
	CHECK(t, st & NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx lacks OVF_FC0 after a wrap (N-22)",
	      (unsigned long)st);
	CHECK(t, st & NHM_ST_CHG, "GLOBAL_STATUS 0x%lx: CHG clear after an overflow that followed "
	      "clearing every status bit (N-24)", (unsigned long)st);
	WR(t, NHM_OVF_CTRL, NHM_OVF_FC0);
	RD(t, NHM_STATUS, &st);
	CHECK(t, (st & (NHM_OVF_FC0 | NHM_ST_CHG)) == NHM_ST_CHG, "GLOBAL_STATUS 0x%lx after clearing "
	      "OVF_FC0 alone: want CHG kept, only CLR_CHG clears it (N-24, N-26)",
	      (unsigned long)st);
	WR(t, NHM_OVF_CTRL, NHM_ST_CHG);
	RD(t, NHM_STATUS, &st);
	CHECK(t, !(st & NHM_ST_CHG), "CHG still set after CLR_CHG: 0x%lx (N-26)", (unsigned long)st);
	/* OQ-N6: with OVF_FC0 set and CHG clear, does clearing OVF_FC0 (a 1->0
	 * change) set CHG? */
	if ((vd = fixed_overflow(t, n)) != V_PASS)
		return vd;
	WR(t, NHM_OVF_CTRL, NHM_ST_CHG);
	RD(t, NHM_STATUS, &st);
	CHECK(t, (st & (NHM_OVF_FC0 | NHM_ST_CHG)) == NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx after a wrap and "
	      "CLR_CHG alone: want OVF_FC0 kept, CHG cleared (N-22, N-26)", (unsigned long)st);
	WR(t, NHM_OVF_CTRL, NHM_OVF_FC0);
	RD(t, NHM_STATUS, &st);
	chg_on_clear = st & NHM_ST_CHG;
	t_figure(t, "chg_set_by_clear_bool", chg_on_clear, "bool");
	TRY(t_default(t, "OQ-N6", "clears do not set CHG", !chg_on_clear, "clearing OVF_FC0 set "
		      "CHG: the model follows OQ-N6's default (only 0->1 changes set it)"));
	return V_PASS;
}

/* ---- no PMI without the PMI bit ---- */

static volatile unsigned pmis;

/* Only counts: status and LVTPC are the test's to look at. */
static void on_pmi(unsigned vector)
{
	(void)vector;
	pmis++;
}

/* FixedCntr0 (and PerfCntr0 when it counts) wrap with their PMI bits clear
 * while everything else a PMI needs is in place (N-30, N-31, N-32, N-35):
 * status is set, OVF_PMI is not (N-23), and no PMI arrives. A control
 * overflow with FixedCntr0's PMI bit then must bring one, or the quiet
 * window proved nothing. The window: the wraps, then every PMI they could
 * have raised handled (pmi_quiesce). */
static enum verdict no_pmi(struct tctx *t)
{
	struct nhm_rates r;
	uint64_t nf, ng = 0, fc, gp = 0, st, gp_bit = 0;
	enum verdict vd = nhm_measure_rates(t, &r);

	if (vd != V_PASS)
		return vd;
	if (!r.gp_hz)
		TRY(t_still(t, "PerfCntr0 on event 01H umask 07 did not move in %u ms (N-06; on "
			    "hardware: no Global Queue traffic, FixedCntr0 only)",
			    NHM_RATE_US / 1000));
	nf = ahead(r.fc_hz);
	WR(t, NHM_FIXED_CTR, NHM_TOP - nf);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	if (r.gp_hz) {
		ng = ahead(r.gp_hz);
		gp_bit = 1;
		WR(t, NHM_PERFCTR(0), NHM_TOP - ng);
		WR(t, NHM_EVTSEL(0), NHM_GQ_NOT_EMPTY);
	}
	pmis = 0;
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0 | gp_bit | NHM_EN_PMI(0));
	pmi_spin(&pmis, WAIT_US);
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the PMI fence was not taken on the BSP");
	RD(t, NHM_FIXED_CTR, &fc);
	if (gp_bit)
		RD(t, NHM_PERFCTR(0), &gp);
	RD(t, NHM_STATUS, &st);
	WR(t, NHM_GLOBAL_CTRL, 0);
	CHECK(t, (fc & NHM_WIDTH_MASK) < NHM_TOP - nf, "FixedCntr0 preset to 2^48 - %lu did not wrap in "
	      "%u ms (N-08, N-12)", (unsigned long)nf, WAIT_US / 1000);
	CHECK(t, st & NHM_OVF_FC0, "FixedCntr0 wrapped but status 0x%lx lacks OVF_FC0 (N-22)",
	      (unsigned long)st);
	gp &= NHM_WIDTH_MASK;
	if (gp_bit && gp >= NHM_TOP - ng) { /* on hardware: traffic fell, FixedCntr0 alone counts */
		TRY(t_still(t, "PerfCntr0 preset to 2^48 - %lu did not wrap in %u ms (N-06; on "
			    "hardware: traffic fell, FixedCntr0 only)", (unsigned long)ng,
			    WAIT_US / 1000));
	} else if (gp_bit) {
		CHECK(t, st & 1, "PerfCntr0 wrapped (reads %lu) but status 0x%lx lacks OVF_PC0 (N-21)",
		      (unsigned long)gp, (unsigned long)st);
	}
	t_figure(t, "pmis_without_bit_count", pmis, "count");
	CHECK(t, !(st & NHM_OVF_PMI), "OVF_PMI set by overflows whose PMI bits were clear: status "
	      "0x%lx (N-23)", (unsigned long)st);
	CHECK(t, !pmis, "%u PMI(s) within %u ms of overflows whose PMI bits were clear (N-23, N-30)",
	      pmis, WAIT_US / 1000);
	/* The control: same routing, FixedCntr0's PMI bit set. */
	WR(t, NHM_OVF_CTRL, NHM_CLEAR_ALL);
	WR(t, NHM_EVTSEL(0), 0);
	WR(t, NHM_FIXED_CTR, NHM_TOP - nf);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN | NHM_FC_PMI);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0 | NHM_EN_PMI(0));
	pmi_spin(&pmis, ARRIVE_US);
	RD(t, NHM_STATUS, &st);
	WR(t, NHM_GLOBAL_CTRL, 0);
	t_figure(t, "pmis_control_count", pmis, "count");
	CHECK(t, pmis, "control: no PMI within %u ms of a wrap with FIXED_CTR_CTRL.PMI set, so the "
	      "quiet window proves nothing (N-30, N-31, N-32)", ARRIVE_US / 1000);
	CHECK(t, st & NHM_OVF_PMI, "control: OVF_PMI clear after a wrap with the PMI bit set, "
	      "status 0x%lx (N-23)", (unsigned long)st);
	return V_PASS;
}

static enum verdict run_no_pmi(struct tctx *t)
{
	struct pmi_path p;
	enum verdict v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);

	if (v == V_PASS)
		v = around(t, no_pmi);
	pmi_path_close(&p);
	return v;
}

static enum verdict run_fixed_wrap(struct tctx *t) { return around(t, fixed_wrap); }
static enum verdict run_gp_wrap(struct tctx *t) { return around(t, gp_wrap); }
static enum verdict run_clear_exact(struct tctx *t) { return around(t, clear_exact); }
static enum verdict run_clear_each(struct tctx *t) { return around(t, clear_each); }
static enum verdict run_chg(struct tctx *t) { return around(t, chg); }

static const struct test tests[] = {
	{ .id = "nhm.ovf.fixed-wrap", .desc = "FixedCntr0 preset to 2^48-N wraps, sets OVF_FC0 "
	  "only, counts on from 0", .needs = NEED_UNCORE, .run = run_fixed_wrap },
	{ .id = "nhm.ovf.gp-wrap", .desc = "general counters preset to 2^48-N wrap and set exactly "
	  "their own OVF_PCn", .needs = NEED_UNCORE, .run = run_gp_wrap },
	{ .id = "nhm.ovf.clear-exact", .desc = "GLOBAL_OVF_CTRL clears exactly the bits written, "
	  "no counter or enable changes", .needs = NEED_UNCORE, .run = run_clear_exact },
	{ .id = "nhm.ovf.clear-each-bit", .desc = "each GLOBAL_OVF_CTRL bit written alone clears "
	  "its status bit and leaves the others set", .needs = NEED_UNCORE, .run = run_clear_each },
	{ .id = "nhm.ovf.chg", .desc = "CHG set by an overflow after a full clear, cleared only by "
	  "CLR_CHG", .needs = NEED_UNCORE, .run = run_chg },
	{ .id = "nhm.ovf.no-pmi-without-bit", .desc = "overflows with the PMI bit clear set status "
	  "but no OVF_PMI and no PMI", .needs = NEED_UNCORE, .run = run_no_pmi },
};
const struct suite nhm_ovf_suite = SUITE("nhm.ovf", tests);
