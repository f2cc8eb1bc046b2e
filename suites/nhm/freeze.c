/* PMI_FRZ: an overflow that raises a PMI request stops all nine counters,
 * only writing GLOBAL_CTRL's enables again resumes them, and nothing else
 * freezes (N-36..N-39; OQ-N5, OQ-N7, OQ-N15, OQ-N23). All nine counters run;
 * one is preset to 2^48 - N, N from its rate measured on the TSC, so it
 * wraps about WRAP_US after the enable. Its PMI is routed to core 0, where a
 * handler only counts it: whether the freeze needs the routing is OQ-N7, and
 * with the routing in place the test holds on hardware either way. */
#include "suites/nhm/nhm.h"

/* UNC_GQ_CYCLES_NOT_EMPTY, any tracker (§5 event 01H, umask 07 = union,
 * N-13): at most one count per U-clock. */
#define PMI_FRZ (1ull << 63)   /* N-36 */
#define EN_ALL  (0xFFull | NHM_EN_FC0) /* EN_PC7..0, EN_FC0 */
#define ST_OVF  (0xFFull | NHM_OVF_FC0 | NHM_OVF_PMI) /* N-21..N-23 */
#define FIXED   8              /* index of FixedCntr0 among the nine */
#define NALL    9              /* N-04 */

#define VEC      0xF3    /* C-32: >= 0x20; one of its own */
#define WRAP_US  2000    /* the preset wraps about 2 ms after the enable */
/* Five times the expected wrap time (hardware traffic can thin out); the
 * wait ends early when the PMI comes, which on hardware is microseconds
 * after the wrap and on the model about one 1 ms tick after it. */
#define WAIT_US  10000
/* Two reads of a frozen counter this far apart: three PMI bounds (the
 * model's tick; nhm.h), so a freeze that a tick undid would show. */
#define HOLD_US  (3ull * pmu_pmi_bound_us())
#define RESUME_US 5000   /* millions of U-clocks: any running counter moves */
/* N-39, OQ-N23: the overflowing counter may run on between the wrap and
 * the freeze on hardware. A hardware path takes a few U-clocks; 100 us of
 * counting is over 10^5 of them, so only a freeze that waits for software
 * (the handler, or the test's own read) can exceed it. */
#define SKID_US  100


static const char *const names[NALL] = {
	"PerfCntr0", "PerfCntr1", "PerfCntr2", "PerfCntr3", "PerfCntr4", "PerfCntr5",
	"PerfCntr6", "PerfCntr7", "FixedCntr0",
};

static uint32_t ctr_msr(unsigned i)
{
	return i == FIXED ? NHM_FIXED_CTR : NHM_PERFCTR(i);
}

static uint64_t ovf_bit(unsigned i)
{
	return i == FIXED ? NHM_OVF_FC0 : 1ull << i; /* N-21, N-22 */
}

static volatile unsigned pmis;

/* Only counts: the test reads status and counters itself. */
static void on_pmi(unsigned vector)
{
	(void)vector;
	pmis++;
}

/* The rates, and a general counter that must move: on hardware a Global
 * Queue without traffic leaves it still (spec 5), and then nothing here can
 * be judged. */
static enum verdict measure(struct tctx *t, struct nhm_rates *r)
{
	enum verdict v = nhm_measure_rates(t, r);

	if (v == V_PASS && !r->gp_hz)
		return t_idle(t, "PerfCntr0 on event 01H umask 07 did not move in %u ms (N-06; on "
				"hardware: no Global Queue traffic)", NHM_RATE_US / 1000);
	return v;
}

/* One overflow with all nine counters running: counter k preset to wrap,
 * its PMI bit as given, PMI_FRZ as given, PMIs routed to core 0. */
struct run {
	unsigned k;
	bool pmi, frz;
	uint64_t gctl;           /* the GLOBAL_CTRL written */
	uint64_t start[NALL];    /* presets */
	uint64_t g, st;          /* GLOBAL_CTRL and GLOBAL_STATUS after the wrap */
	uint64_t a[NALL], b[NALL]; /* counters after the wrap, and HOLD_US later */
};

static enum verdict read_all(struct tctx *t, uint64_t *v)
{
	unsigned i;

	for (i = 0; i < NALL; i++) { /* general counters first, FixedCntr0 last */
		RD(t, ctr_msr(i), &v[i]);
		v[i] &= NHM_WIDTH_MASK;
	}
	return V_PASS;
}

/* Bit i set: counter i differs between a and b. */
static unsigned moved(const uint64_t *a, const uint64_t *b)
{
	unsigned i, m = 0;

	for (i = 0; i < NALL; i++)
		m |= (unsigned)(a[i] != b[i]) << i;
	return m;
}

/* Every counter in `want` must have moved. All general counters count the
 * same event, so on hardware none of them moving means no traffic (SKIP),
 * while some moving and others not is a failure. */
static enum verdict all_moved(struct tctx *t, unsigned m, unsigned want, const char *when,
			      const char *id)
{
	unsigned i;

	if ((m & want) == want)
		return V_PASS;
	if (!(m & want & 0xFF) && (m & (1u << FIXED)))
		return t_idle(t, "no general counter moved %s (on hardware: no Global Queue traffic)",
			    when);
	for (i = 0; !((want & ~m) >> i & 1); i++)
		;
	return t_fail(t, "%s did not move %s (%s)", names[i], when, id);
}

static enum verdict overflow_run(struct tctx *t, const struct nhm_rates *r, struct run *x)
{
	uint64_t n = (x->k == FIXED ? r->fc_hz : r->gp_hz) / 1000000 * WRAP_US, end, now, c;
	unsigned i;
	enum verdict v;

	n = n ? n : 1;
	for (i = 0; i < NALL; i++) {
		x->start[i] = i == x->k ? NHM_TOP - n : 0;
		WR(t, ctr_msr(i), x->start[i]);
		if (i != FIXED)
			WR(t, NHM_EVTSEL(i), NHM_GQ_NOT_EMPTY | (i == x->k && x->pmi ? NHM_SEL_PMI : 0));
	}
	WR(t, NHM_FIXED_CTL, NHM_FC_EN | (x->k == FIXED && x->pmi ? NHM_FC_PMI : 0));
	x->gctl = EN_ALL | NHM_EN_PMI(0) | (x->frz ? PMI_FRZ : 0);
	pmis = 0;
	WR(t, NHM_GLOBAL_CTRL, x->gctl);
	end = plat_tsc() + plat_tsc_hz() / 1000000 * WAIT_US;
	pmi_spin(&pmis, WAIT_US);
	/* Then the wrap itself (counter k below its preset), so an early PMI
	 * cannot make the reads precede it; the time is taken before each
	 * read, so a descheduled thread still reads after the deadline. */
	do {
		now = plat_tsc();
		RD(t, ctr_msr(x->k), &c);
	} while ((c & NHM_WIDTH_MASK) >= x->start[x->k] && now < end);
	RD(t, NHM_GLOBAL_CTRL, &x->g);
	RD(t, NHM_STATUS, &x->st);
	if ((v = read_all(t, x->a)) != V_PASS)
		return v;
	pmi_spin(NULL, HOLD_US);
	if ((v = read_all(t, x->b)) != V_PASS)
		return v;
	if (x->a[x->k] >= x->start[x->k]) {
		if (x->k == FIXED)
			return t_fail(t, "FixedCntr0 preset to 2^48 - %lu did not wrap in %u ms (N-08, "
				      "N-12)", (unsigned long)n, WAIT_US / 1000);
		return t_idle(t, "%s preset to 2^48 - %lu did not wrap in %u ms (on hardware: traffic "
			    "fell)", names[x->k], (unsigned long)n, WAIT_US / 1000);
	}
	/* The trigger happened: the wrap's status bit, and OVF_PMI exactly when
	 * the PMI bit asked for a request (N-21..N-23, N-30). */
	CHECK(t, x->st & ovf_bit(x->k), "%s wrapped but GLOBAL_STATUS 0x%lx lacks its bit (N-21, "
	      "N-22)", names[x->k], (unsigned long)x->st);
	CHECK(t, !(x->st & NHM_OVF_PMI) == !x->pmi, "GLOBAL_STATUS 0x%lx after a wrap with the PMI "
	      "bit %s (N-23)", (unsigned long)x->st, x->pmi ? "set" : "clear");
	/* Every other counter ran up to the wrap, so its stillness afterwards
	 * means something. */
	return all_moved(t, moved(x->start, x->a), (1u << NALL) - 1, "before the wrap", "N-06");
}

/* Counter k overflows with its PMI bit and PMI_FRZ set: all nine stop at the
 * wrap (N-36; N-39 and OQ-N15 for where k stops), GLOBAL_CTRL shows the
 * freeze (OQ-N5), clearing status does not resume (N-37, N-28), rewriting
 * GLOBAL_CTRL does (N-37). */
static enum verdict frozen_by(struct tctx *t, unsigned k)
{
	struct nhm_rates r;
	struct run x = { .k = k, .pmi = true, .frz = true };
	uint64_t c[NALL], d[NALL], hz, skid;
	enum verdict v = measure(t, &r);
	unsigned i;

	if (v == V_PASS)
		v = overflow_run(t, &r, &x);
	if (v != V_PASS)
		return v;
	t_figure(t, "pmis_count", pmis, "count");
	for (i = 0; i < NALL; i++)
		CHECK(t, x.a[i] == x.b[i], "%s went from 0x%lx to 0x%lx in %u ms after %s's PMI "
		      "overflow with PMI_FRZ set (N-36)", names[i], (unsigned long)x.a[i],
		      (unsigned long)x.b[i], (unsigned)(HOLD_US / 1000), names[k]);
	/* Where the overflowing counter stopped. The model freezes at the wrap
	 * cycle (N-39), whose value is 0 for a counter adding at most 1 per
	 * cycle (OQ-N15: the wrap is the increment 0xFFFF_FFFF_FFFF -> 0). */
	hz = k == FIXED ? r.fc_hz : r.gp_hz;
	skid = hz / 1000000 * SKID_US;
	t_figure(t, "frozen_past_wrap_count", (int64_t)x.a[k], "count");
	skid = (uint64_t)t_slack(t, (int64_t)skid, "the freeze may come later than the wrap "
				 "(OQ-N23)");
	CHECK(t, x.a[k] <= skid, "%s froze %lu counts past its wrap, more than %lu (%u us at %lu "
	      "Hz on hardware; the model freezes at the wrap cycle, where it reads 0) (N-39, "
	      "OQ-N15, OQ-N23)", names[k], (unsigned long)x.a[k], (unsigned long)skid, SKID_US,
	      (unsigned long)hz);
	/* OQ-N5: asserted on the model's default, reported on hardware. */
	t_figure(t, "gctl_en_after_freeze_reg", (int64_t)(x.g & EN_ALL), "reg");
	t_figure(t, "gctl_frz_after_freeze_bool", (x.g & PMI_FRZ) != 0, "bool");
	TRY(t_default(t, "OQ-N5", "the freeze clears bits 7:0 and 32 of GLOBAL_CTRL", x.g ==
		      (x.gctl & ~EN_ALL), "GLOBAL_CTRL 0x%lx written, 0x%lx after the freeze; the "
		      "model's OQ-N5 default clears bits 7:0 and 32, keeps 51:48 and 63: want 0x%lx",
		      (unsigned long)x.gctl, (unsigned long)x.g, (unsigned long)(x.gctl & ~EN_ALL)));
	/* C-40's order: clear status first. That alone must not resume. */
	WR(t, NHM_OVF_CTRL, x.st);
	pmi_spin(NULL, RESUME_US);
	if ((v = read_all(t, c)) != V_PASS)
		return v;
	for (i = 0; i < NALL; i++)
		CHECK(t, c[i] == x.b[i], "%s resumed (0x%lx to 0x%lx) when only GLOBAL_STATUS was "
		      "cleared (N-37, N-28)", names[i], (unsigned long)x.b[i], (unsigned long)c[i]);
	WR(t, NHM_GLOBAL_CTRL, x.gctl);
	pmi_spin(NULL, RESUME_US);
	if ((v = read_all(t, d)) != V_PASS)
		return v;
	return all_moved(t, moved(c, d), (1u << NALL) - 1, "after GLOBAL_CTRL was written again",
			 "N-37");
}

static enum verdict by_fixed(struct tctx *t) { return frozen_by(t, FIXED); }
/* A general counter's request must stop FixedCntr0 and the other seven
 * alike (N-36: "any counter"); PerfCntr7, so that the counters stopped by
 * the freeze sit on both sides of it. */
static enum verdict by_gp(struct tctx *t) { return frozen_by(t, 7); }

/* N-38: with PMI_FRZ clear a PMI-requesting overflow freezes nothing; with
 * PMI_FRZ set an overflow without the PMI bit freezes nothing. */
static enum verdict no_freeze(struct tctx *t)
{
	static const struct { bool pmi, frz; const char *what; } cases[] = {
		{ .pmi = true, .frz = false, .what = "a PMI overflow with PMI_FRZ clear" },
		{ .pmi = false, .frz = true,
		  .what = "an overflow without the PMI bit, PMI_FRZ set" },
	};
	struct nhm_rates r;
	enum verdict v = measure(t, &r);
	unsigned i;

	for (i = 0; v == V_PASS && i < ARRAY_SIZE(cases); i++) {
		struct run x = { .k = FIXED, .pmi = cases[i].pmi, .frz = cases[i].frz };

		WR(t, NHM_GLOBAL_CTRL, 0);
		WR(t, NHM_OVF_CTRL, NHM_CLEAR_ALL);
		v = overflow_run(t, &r, &x);
		if (v != V_PASS)
			break;
		CHECK(t, x.g == x.gctl, "GLOBAL_CTRL 0x%lx written, 0x%lx after %s (N-38)",
		      (unsigned long)x.gctl, (unsigned long)x.g, cases[i].what);
		v = all_moved(t, moved(x.a, x.b), (1u << NALL) - 1, cases[i].what, "N-38");
	}
	return v;
}


static enum verdict armed(struct tctx *t, enum verdict (*body)(struct tctx *))
{
	struct pmi_path p;
	enum verdict v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);

	if (v == V_PASS)
		v = nhm_prepare(t, ST_OVF); /* PMIs to core 0 now reach on_pmi (N-31, N-32) */
	if (v == V_PASS)
		v = body(t);
	nhm_quiet();
	pmi_path_close(&p);
	return v;
}

static enum verdict run_by_fixed(struct tctx *t) { return armed(t, by_fixed); }
static enum verdict run_by_gp(struct tctx *t) { return armed(t, by_gp); }
static enum verdict run_no_freeze(struct tctx *t) { return armed(t, no_freeze); }

static const struct test tests[] = {
	{ .id = "nhm.freeze.by-fixed", .desc = "FixedCntr0's PMI overflow with PMI_FRZ stops all "
	  "nine; rewriting GLOBAL_CTRL resumes", .needs = NEED_UNCORE, .run = run_by_fixed },
	{ .id = "nhm.freeze.by-gp", .desc = "PerfCntr7's PMI overflow with PMI_FRZ stops all nine; "
	  "rewriting GLOBAL_CTRL resumes", .needs = NEED_UNCORE, .run = run_by_gp },
	{ .id = "nhm.freeze.needs-frz-and-pmi", .desc = "no freeze with PMI_FRZ clear, nor for an "
	  "overflow without the PMI bit", .needs = NEED_UNCORE, .run = run_no_freeze },
};
const struct suite nhm_freeze_suite = SUITE("nhm.freeze", tests);
