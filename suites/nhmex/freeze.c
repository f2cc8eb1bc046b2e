/* Freeze on overflow and the documented unfreeze (X-20, X-22..X-25, X-31;
 * OQ-X4, OQ-X22): counter 0 of every box and the W fixed counter run; the
 * source (ex_source) is preset to wrap about WRAP_US after the enable with
 * pmi_en set. With frz_all the U-box clears en_all and every box stops;
 * the sequence of UPG §2.1.4 resumes every box and the next overflow
 * freezes again. PMIs go to cores 0-3 (OQ-X1's safe bits), where the BSP's
 * handler only counts them; whether the BSP is among them is OQ-X2, so the
 * wait for the freeze ends on the PMI or WAIT_US, whichever first. */
#include "suites/nhmex/nhmex.h"

#define WRAP_US   2000
/* Five times the expected wrap time (a hardware event can thin out). */
#define WAIT_US   10000
/* Two reads of a frozen counter this far apart: three PMI bounds (the
 * model's tick), so a freeze a tick undid would show. */
#define HOLD_US   (3ull * pmu_pmi_bound_us())
#define RESUME_US 2000
/* X-24, OQ-X4: on hardware the source runs on between its wrap and the
 * freeze; a hardware path takes a few U-clocks, 100 us of counting is over
 * 10^5 of them, so only a freeze that waits for software (an access, a
 * tick) exceeds it. The model freezes at the wrap cycle: 0 exactly. */
#define SKID_US   100
#define SEL_0_3   0x1Eull
#define NC        (EX_MAX_BOXES + 1) /* counter 0 of each box, the W fixed last */

struct frz {
	struct ex_box bx[EX_MAX_BOXES];
	unsigned n, src;
	uint64_t hz, pre, u;       /* source rate, its preset, the U GLOBAL_CTL written */
	uint64_t a[NC], b[NC];
	bool idle[NC];             /* hardware: a counter whose event did not move */
};

static struct frz f;

static uint32_t msr_of(unsigned i)
{
	return i < f.n ? ex_ctr(&f.bx[i], 0) : EX_FIXED_CTR;
}

static const char *name_of(unsigned i)
{
	return i < f.n ? f.bx[i].name : "W fixed";
}

static enum verdict read_all(struct tctx *t, uint64_t *v)
{
	unsigned i;

	for (i = 0; i <= f.n; i++)
		EX_RD(t, msr_of(i), &v[i]);
	return V_PASS;
}

/* Every counter but the source from 0, the source from its preset, all
 * enabled; U GLOBAL_CTL = en_all | extra, pmi_core_sel cores 0-3. */
static enum verdict start(struct tctx *t, bool pmi, uint64_t extra)
{
	unsigned i;
	enum verdict v = ex_prepare(t);

	f.u = EX_EN_ALL | SEL_0_3 | extra;
	for (i = 0; i < f.n && v == V_PASS; i++)
		v = ex_arm(t, &f.bx[i], 0, i == f.src ? f.pre : 0, i == f.src && pmi, &f.u);
	if (v != V_PASS)
		return v;
	WR(t, f.bx[f.n - 1].ctl, 1 | EX_FIXED_EN); /* W: counter 0 and the fixed counter */
	WR(t, EX_FIXED_CTL, 1);
	ex_pmis = 0;
	WR(t, EX_U_CTL, f.u);
	return V_PASS;
}

/* After a wait: U GLOBAL_CTL in *g, the counters in f.a and, HOLD_US later,
 * f.b; the source must have wrapped and (on the model) every counter moved.
 * The wait ends at the first PMI, and then at the wrap itself (the source
 * reads below its preset), so a PMI that comes early cannot make the reads
 * precede the wrap; the time is taken before each read, so a descheduled
 * thread still reads after the deadline. */
static enum verdict after(struct tctx *t, uint64_t *g)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * WAIT_US, now, c;
	enum verdict v;
	unsigned i;

	pmi_spin(&ex_pmis, WAIT_US);
	do {
		now = plat_tsc();
		RD(t, ex_ctr(&f.bx[f.src], 0), &c);
	} while (c >= f.pre && now < end);
	RD(t, EX_U_CTL, g);
	if ((v = read_all(t, f.a)) != V_PASS)
		return v;
	pmi_spin(NULL, HOLD_US);
	if ((v = read_all(t, f.b)) != V_PASS)
		return v;
	if (f.a[f.src] >= f.pre)
		return t_idle(t, "%s counter 0 preset to 2^48 - %lu did not wrap in %u ms (X-14; on "
			       "hardware: its event thinned out)", name_of(f.src),
			       (unsigned long)(EX_TOP - f.pre), WAIT_US / 1000);
	for (i = 0; i <= f.n; i++) {
		f.idle[i] = i != f.src && !f.a[i];
		if (f.idle[i])
			TRY(t_still(t, "%s counter 0 did not move before the wrap (X-05)",
				    name_of(i)));
	}
	return V_PASS;
}

/* Each counter that counted moved: between two reads RESUME_US apart, or
 * from its value at the restart, start[] (NULL: unknown). The second way
 * matters when the next sample interval may end, and freeze again, before
 * the first read: the restart is WRAP_US before that wrap, and a host
 * thread (the Linux build) or a TCG vCPU can be descheduled that long. */
static enum verdict all_move(struct tctx *t, const char *when, const uint64_t *start)
{
	uint64_t c[NC], d[NC];
	unsigned i;
	enum verdict v = read_all(t, c);

	if (v != V_PASS)
		return v;
	pmi_spin(NULL, RESUME_US);
	if ((v = read_all(t, d)) != V_PASS)
		return v;
	for (i = 0; i <= f.n; i++)
		CHECK(t, f.idle[i] || c[i] != d[i] || (start && c[i] != start[i]), "%s counter 0 "
		      "still (0x%lx) %s", name_of(i), (unsigned long)c[i], when);
	return V_PASS;
}

static enum verdict setup(struct tctx *t)
{
	enum verdict v;

	f.n = ex_boxes(f.bx);
	v = ex_source(t, f.bx, f.n, &f.src, &f.hz);
	f.pre = ex_preload(f.hz, WRAP_US);
	return v;
}

/* The frozen state after the source's PMI overflow with frz_all: en_all 0
 * every counter still across HOLD_US, the source at most SKID_US
 * of counts past its wrap (model: 0, OQ-X4). */
static enum verdict frozen(struct tctx *t, const char *what)
{
	uint64_t g, skid = f.hz / 1000000 * SKID_US;
	enum verdict v = after(t, &g);
	unsigned i;

	if (v != V_PASS)
		return v;
	t_figure(t, "pmis_count", ex_pmis, "count");
	CHECK(t, !(g & EX_EN_ALL), "U GLOBAL_CTL 0x%lx after %s: en_all still set (X-22)",
	      (unsigned long)g, what);
	CHECK(t, (g | EX_EN_ALL) == f.u, "U GLOBAL_CTL 0x%lx after %s, 0x%lx written: the freeze "
	      "changes en_all only (OQ-X4)", (unsigned long)g, what, (unsigned long)f.u);
	for (i = 0; i <= f.n; i++)
		CHECK(t, f.a[i] == f.b[i], "%s counter 0 went from 0x%lx to 0x%lx in %u ms after %s "
		      "(X-22: every box stops)", name_of(i), (unsigned long)f.a[i],
		      (unsigned long)f.b[i], (unsigned)(HOLD_US / 1000), what);
	t_figure(t, "frozen_past_wrap_count", (int64_t)f.a[f.src], "count");
	skid = (uint64_t)t_slack(t, (int64_t)skid, "the freeze may come later than the wrap "
				 "(X-24)");
	CHECK(t, f.a[f.src] <= skid, "%s froze %lu counts past its wrap, more than %lu (%u us at "
	      "%lu Hz on hardware; the model freezes at the wrap cycle) (X-15, X-22, X-24, OQ-X4)",
	      name_of(f.src), (unsigned long)f.a[f.src], (unsigned long)skid, SKID_US,
	      (unsigned long)f.hz);
	return V_PASS;
}

/* The first freeze: every box running, the source's PMI overflow with
 * frz_all, judged by frozen(). */
static enum verdict first_freeze(struct tctx *t)
{
	enum verdict v = setup(t);

	if (v == V_PASS)
		v = start(t, true, EX_FRZ_ALL);
	return v == V_PASS ? frozen(t, "a PMI overflow with frz_all set") : v;
}

/* X-22 then X-31: the freeze stops every box; (a) rst_all, (b) clear the
 * source's ov bit at its box only, (c) reload, (d) one write of en_all
 * with rst_all clear: every status level reads 0, every box counts again,
 * and the next overflow freezes again. */
static enum verdict all_boxes(struct tctx *t)
{
	const struct ex_box *s;
	uint64_t st, u, start[NC] = { 0 }; /* (a): rst_all zeroes every counter */
	enum verdict v = first_freeze(t);

	if (v != V_PASS)
		return v;
	s = &f.bx[f.src];
	start[f.src] = f.pre; /* (c); that it counts from there frozen() proves: it wraps */
	WR(t, EX_U_CTL, (f.u & ~EX_EN_ALL) | EX_RST_ALL);    /* (a) */
	WR(t, s->ovf, ex_bit(s, 0));                           /* (b) */
	WR(t, ex_ctr(s, 0), f.pre);                            /* (c) */
	RD(t, s->status, &st);
	RD(t, EX_U_STATUS, &u);
	CHECK(t, !st && !(u & EX_OV_ALL), "after the source's ov bit was cleared at its box: "
	      "%s STATUS 0x%lx, U STATUS 0x%lx (X-27, X-31)", s->name, (unsigned long)st,
	      (unsigned long)u);
	ex_pmis = 0;
	WR(t, EX_U_CTL, f.u);                                  /* (d) */
	if ((v = all_move(t, "after the unfreeze sequence (X-31)", start)) != V_PASS)
		return v;
	return frozen(t, "the overflow of the new sample interval (X-31)");
}

/* X-25 (OQ-X22): with the ov bit left set, re-enabling and a second wrap
 * freezes nothing (asserted on the model, reported on hardware); cleared,
 * the next wrap freezes again. */
static enum verdict retrigger(struct tctx *t)
{
	const struct ex_box *s;
	uint64_t g;
	enum verdict v = first_freeze(t);

	if (v != V_PASS)
		return v;
	s = &f.bx[f.src];
	WR(t, ex_ctr(s, 0), f.pre);
	ex_pmis = 0;
	WR(t, EX_U_CTL, f.u);
	if ((v = after(t, &g)) != V_PASS)
		return v;
	t_figure(t, "refrozen_with_ov_set_bool", !(g & EX_EN_ALL), "bool");
	TRY(t_default(t, "OQ-X22", "only a rising ov bit requests a freeze", g & EX_EN_ALL, "a "
		      "second wrap with %s's ov bit still set froze (U GLOBAL_CTL 0x%lx): X-25, "
		      "OQ-X22 default: only a rising ov bit requests", s->name, (unsigned long)g));
	WR(t, EX_U_CTL, 0);
	WR(t, s->ovf, ex_bit(s, 0));
	WR(t, ex_ctr(s, 0), f.pre);
	ex_pmis = 0;
	WR(t, EX_U_CTL, f.u);
	return frozen(t, "a wrap after the ov bit was cleared (X-25)");
}

/* frz_all clear, pmi_en set: no freeze, every box counts on. */
static enum verdict needs_frz(struct tctx *t)
{
	uint64_t g;
	enum verdict v = setup(t);

	if (v == V_PASS)
		v = start(t, true, 0);
	if (v == V_PASS)
		v = after(t, &g);
	if (v != V_PASS)
		return v;
	CHECK(t, g == f.u, "U GLOBAL_CTL 0x%lx after a PMI overflow with frz_all clear, 0x%lx "
	      "written (X-23)", (unsigned long)g, (unsigned long)f.u);
	return all_move(t, "after a PMI overflow with frz_all clear (X-23)", NULL);
}

static enum verdict run_all_boxes(struct tctx *t) { return ex_with_pmi(t, all_boxes); }
static enum verdict run_retrigger(struct tctx *t) { return ex_with_pmi(t, retrigger); }
static enum verdict run_needs_frz(struct tctx *t) { return ex_with_pmi(t, needs_frz); }

static const struct test tests[] = {
	{ .id = "nhmex.freeze.all-boxes", .desc = "a PMI overflow with frz_all stops every box; "
	  "the documented unfreeze resumes all and re-arms", .needs = NEED_UNCORE,
	  .run = run_all_boxes },
	{ .id = "nhmex.freeze.retrigger", .desc = "no second freeze while the ov bit is set; one "
	  "after it is cleared", .needs = NEED_UNCORE, .run = run_retrigger },
	{ .id = "nhmex.freeze.needs-frz-all", .desc = "a PMI overflow with frz_all clear freezes "
	  "nothing", .needs = NEED_UNCORE, .run = run_needs_frz },
};
const struct suite nhmex_freeze_suite = SUITE("nhmex.freeze", tests);
