/* The pre-defined architectural events (C-24 rows 0-6), one test each: an
 * event CPUID.0AH marks unavailable (its EBX bit set, or beyond EAX[31:24])
 * is SKIP naming the bit (C-11, C-24).
 *
 * On hardware each event counts a workload built for it (suites/core/
 * workload.c), within bounds derived from the workload's code. On the
 * emulated core PMU the streams do not see the workload, so there each test
 * asserts, over one window, the relations every correct PMU obeys and the
 * model's documented rates, both on counts taken inside the window (count:
 * inside), so that they rest on no gate (C-09 is the gates tests'; the
 * cycles and reference cycles are judged against the window's gate
 * writes): over C core cycles an event whose stream adds
 * R per 1024-cycle period counts between floor(C / 1024) x R and
 * ceil(C / 1024) x R (MODEL_PERIOD_* in core.h; any 1024 consecutive
 * cycles hold one period), and the core clock runs at 4/3 of the TSC, the
 * reference cycles at the TSC's rate (pmu/emu/emu.h). Each result's figures
 * say which applied ("model" 1 or 0). */
#include "suites/core/core.h"

/* The model's windows. Its rates are judged over PMC0's cycles known to
 * within the two MSR reads on each side of PMC0's (count: inside), 4 to 6
 * periods on the host build: over the 15000 periods of MODEL_US a rate's
 * bounds stay 0.05% apart, near the 0.04% of one period over the 2600 of
 * the 2 ms window that took the counters' common gate on trust. The core
 * and reference cycles, judged against the window's TSC ticks to a few
 * cycles, need no more than GATED_US. */
#define MODEL_US 12000
#define GATED_US 2000
#define LOOP_N   500000 /* work_loop iterations: 4 million instructions */
#define ADDS_N   20000  /* work_adds iterations: 1.28 million dependent adds */
#define RAND_N   200000 /* work_random_branches iterations */

static enum verdict available(struct tctx *t, const struct core *c, unsigned row)
{
	if (row >= c->e.ebx_len)
		return t_skip(t, "%s: CPUID.0AH:EAX[31:24] = %u, bit %u not enumerated (C-11, C-24)",
			      core_event_name(row), c->e.ebx_len, row);
	if (c->e.ebx >> row & 1)
		return t_skip(t, "%s not available: CPUID.0AH:EBX[%u] = 1 (C-24)",
			      core_event_name(row), row);
	return V_PASS;
}

/* The test's set-up: two general counters, the event available. */
static enum verdict begin(struct tctx *t, struct core *c, unsigned row)
{
	enum verdict v = core_begin(t, c, 2);

	if (v == V_PASS)
		v = available(t, c, row);
	if (v == V_PASS) /* which bounds applied: the model's rates or a workload's */
		t_figure(t, "model_bool", c->model, "bool");
	return v == V_PASS ? V_PASS : core_end(c, v);
}

/* A window counting `row` on IA32_PMC0 and, where available, `other` on
 * IA32_PMC1 and core cycles on IA32_PMC2 and IA32_PMC3 (the model's rate
 * needs them). Measured (`inside`), the counts are taken inside the window
 * nested (struct core_win): PMC1's span holds PMC2's, which holds PMC0's,
 * which holds PMC3's, so PMC0's cycles lie between PMC3's and PMC2's count
 * and `other`, a superset event, counts at least as many as `row`, however
 * each counter starts and stops. Otherwise from the opening write to the
 * closing one, for a count judged against the window's own TSC ticks. */
static enum verdict count(struct tctx *t, const struct core *c, struct core_win *w,
			  unsigned row, int other, bool inside)
{
	static const uint8_t outer_first[] = { 1, 2, 0, 3 };
	unsigned n;

	w->sel[0] = SEL_COUNT(row);
	w->en = G_PMC(0);
	if (other >= 0 && core_enum_available(&c->e, (unsigned)other)) {
		w->sel[1] = SEL_COUNT((unsigned)other);
		w->en |= G_PMC(1);
	}
	for (n = 2; n < 4 && n < c->e.ngp; n++) {
		w->sel[n] = SEL_COUNT(EV_CYCLES);
		w->en |= G_PMC(n);
	}
	for (n = 0; inside && n < ARRAY_SIZE(outer_first); n++)
		if (w->en & G_PMC(outer_first[n]))
			w->nest[w->nnest++] = outer_first[n];
	if (!w->work)
		w->us = inside ? MODEL_US : GATED_US;
	return core_window(t, c, w);
}

/* The model's rate: per_period events per 1024 cycles (see the top) over
 * PMC0's cycles, between PMC3's and PMC2's counts (count: inside). */
static enum verdict model_rate(struct tctx *t, const struct core *c, const struct core_win *w,
			       unsigned row, uint64_t per_period)
{
	uint64_t p = w->gp[3] / MODEL_PERIOD, lo = p * per_period;
	uint64_t hi = (w->gp[2] / MODEL_PERIOD + 1) * per_period, mid = (w->gp[2] + w->gp[3]) / 2;

	if (c->e.ngp < 4)
		return V_PASS; /* no cycles counters around it */
	/* The count per MODEL_PERIOD core cycles of the span: per_period,
	 * within the half-width of lo..hi scaled to one period. */
	if (mid)
		t_figure_expect(t, "per_1024_cycles_count", (int64_t)(w->gp[0] * MODEL_PERIOD / mid),
				(int64_t)per_period,
				(int64_t)((hi - lo) / 2 * MODEL_PERIOD / mid + 1), "count");
	CHECK(t, p >= 2, "the core cycles counter inside %s's span counted %lu in %u us: too few "
	      "to judge a rate (C-09)", core_event_name(row), (unsigned long)w->gp[3], MODEL_US);
	CHECK(t, w->gp[0] >= lo && w->gp[0] <= hi, "%s: %lu over %lu..%lu core cycles, the "
	      "emulated core PMU's rate of %lu per %u gives %lu..%lu (pmu/emu/core/model.h)",
	      core_event_name(row), (unsigned long)w->gp[0], (unsigned long)w->gp[3],
	      (unsigned long)w->gp[2], (unsigned long)per_period, MODEL_PERIOD, (unsigned long)lo,
	      (unsigned long)hi);
	return V_PASS;
}

/* `a` counted on PMC0 is at most `b` on PMC1 (when b was counted), PMC1's
 * span holding PMC0's (count: inside); on hardware with core_slack, for
 * reads that need not take effect exactly in program order (0 on the
 * model). */
static enum verdict at_most(struct tctx *t, const struct core_win *w, const char *a,
			    const char *b, unsigned per_cycle)
{
	if (!(w->en & G_PMC(1)))
		return V_PASS;
	CHECK(t, w->gp[0] <= w->gp[1] + core_slack(t, per_cycle), "%s %lu > %s %lu over one "
	      "window (C-24: a subset of it)", a, (unsigned long)w->gp[0], b, (unsigned long)w->gp[1]);
	return V_PASS;
}

/* Row 0. Hardware: a chain of n x 64 dependent ADDs takes at least as many
 * cycles, and not 10% more plus the window's own few thousand: the cycles
 * count them, whatever the frequency; the frequency it implies is reported.
 * Model: the core clock is 4/3 of the TSC over the window. */
static enum verdict core_cycles(struct tctx *t)
{
	struct core c;
	enum verdict v = begin(t, &c, EV_CYCLES);
	struct work_arg a = { .n = ADDS_N };
	/* a workload for silicon only: the model's streams do not see it */
	struct core_win w = { .work = c.model ? NULL : work_adds, .arg = &a };
	uint64_t adds = ADDS_N * WORK_ADDS, lo, hi;
	int64_t mhz, tsc_mhz;

	if (v != V_PASS || (v = count(t, &c, &w, EV_CYCLES, -1, false)) != V_PASS)
		return core_end(&c, v);
	mhz = (int64_t)(w.gp[0] * (plat_tsc_hz() / 1000) / (w.ticks ? w.ticks : 1) / 1000);
	/* not an open question: only the model's clock is known exactly */
	if (c.model) {
		lo = w.inner / 3 * 4 - 2;
		hi = w.ticks / 3 * 4 + 4;
		/* 4/3 of the TSC's MHz, within the share of the window its
		 * inner and outer ticks differ by, and 2 for the roundings */
		tsc_mhz = (int64_t)(plat_tsc_hz() / 1000000);
		t_figure(t, "core_cycles", (int64_t)w.gp[0], "cycles");
		t_figure_expect(t, "core_mhz", mhz, tsc_mhz * 4 / 3, tsc_mhz * 4 / 3 *
				(int64_t)(w.ticks - w.inner) / (int64_t)(w.ticks ? w.ticks : 1) + 2,
				"mhz");
		CHECK(t, w.gp[0] >= lo && w.gp[0] <= hi, "%lu core cycles in a window of %lu..%lu "
		      "TSC ticks: the emulated core clock is 4/3 of the TSC (pmu/emu/emu.h)",
		      (unsigned long)w.gp[0], (unsigned long)w.inner, (unsigned long)w.ticks);
		return core_end(&c, V_PASS);
	}
	hi = adds + adds / 10 + 20 * CORE_SKEW;
	t_figure_expect(t, "core_cycles", (int64_t)w.gp[0], (int64_t)(adds + hi) / 2,
			(int64_t)(hi - adds) / 2, "cycles");
	t_figure(t, "core_mhz", mhz, "mhz");
	CHECK(t, w.gp[0] >= adds && w.gp[0] <= hi, "%lu core cycles over %lu dependent ADDs of "
	      "one cycle each: want %lu..%lu (C-24 row 0)", (unsigned long)w.gp[0],
	      (unsigned long)adds, (unsigned long)adds, (unsigned long)hi);
	return core_end(&c, V_PASS);
}

/* Rows 1 and 5 on hardware: two windows running LOOP_N and 2 x LOOP_N
 * iterations of work_loop; the second counts exactly LOOP_N iterations more
 * (the window's own instructions cancel out), within 0.1% and a few. */
static enum verdict loop_delta(struct tctx *t, const struct core *c, unsigned row, int other,
			       uint64_t per_iter, struct core_win *w2)
{
	struct work_arg a1 = { .n = LOOP_N }, a2 = { .n = 2 * LOOP_N };
	struct core_win w1 = { .work = work_loop, .arg = &a1 };
	uint64_t want = LOOP_N * per_iter, d;
	enum verdict v;

	*w2 = (struct core_win){ .work = work_loop, .arg = &a2 };
	if ((v = count(t, c, &w1, row, other, true)) != V_PASS ||
	    (v = count(t, c, w2, row, other, true)) != V_PASS)
		return v;
	d = w2->gp[0] - w1.gp[0];
	t_figure_expect(t, "per_extra_loop_count", (int64_t)d, (int64_t)want,
			(int64_t)(want / 1000 + 100), "count");
	CHECK(t, w1.gp[0] >= want && core_dist(d, want) <= want / 1000 + 100, "%s: %lu and %lu "
	      "over %u and %u iterations of a loop with %lu each: want at least %lu and %lu more "
	      "(C-24)", core_event_name(row), (unsigned long)w1.gp[0], (unsigned long)w2->gp[0],
	      LOOP_N, 2 * LOOP_N, (unsigned long)per_iter, (unsigned long)want,
	      (unsigned long)want);
	return V_PASS;
}

/* Row 1. Hardware: a loop of known length. Model: its rate, and at most
 * MODEL_INST_MAX per cycle. */
static enum verdict instructions(struct tctx *t)
{
	struct core c;
	enum verdict v = begin(t, &c, EV_INST);
	struct core_win w = { .sel = { 0 } };

	if (v != V_PASS)
		return v;
	/* silicon counts the workload; only the model's rate is known exactly */
	if (!c.model)
		return core_end(&c, loop_delta(t, &c, EV_INST, -1, WORK_LOOP_INST, &w));
	if ((v = count(t, &c, &w, EV_INST, -1, true)) == V_PASS)
		v = model_rate(t, &c, &w, EV_INST, MODEL_PERIOD_INST);
	if (v == V_PASS && c.e.ngp >= 3)
		CHECK(t, w.gp[0] <= MODEL_INST_MAX * w.gp[2], "%lu instructions in %lu cycles",
		      (unsigned long)w.gp[0], (unsigned long)w.gp[2]);
	return core_end(&c, v);
}

/* Row 2. Reference cycles tick at a fixed rate no faster than the TSC's
 * (the SDM names the TSC, the bus or the crystal clock): hardware, > 0 and
 * at most the window's TSC ticks, the ratio reported; model: the TSC's rate
 * exactly (pmu/emu/emu.h), between the window's inner and outer ticks. */
static enum verdict ref_cycles(struct tctx *t)
{
	struct core c;
	enum verdict v = begin(t, &c, EV_REF);
	struct core_win w = { .sel = { 0 } };
	uint64_t lo, hi;
	int64_t ratio;

	if (v != V_PASS || (v = count(t, &c, &w, EV_REF, -1, false)) != V_PASS)
		return core_end(&c, v);
	/* not an open question: the model's reference rate is known exactly,
	 * silicon's only bounded by the TSC's (C-24 row 2). On the model the
	 * core cycle count's rounding (pmu/emu/emu.h) and the 3-of-4 phase of
	 * the reference stream (pmu/emu/core/model.h) each shift it by up to 2 */
	lo = c.model ? w.inner - 4 : 1;
	hi = w.ticks + (c.model ? 4 : w.ticks / 100);
	ratio = (int64_t)(w.gp[0] * 1000 / (w.ticks ? w.ticks : 1));
	if (c.model) /* the TSC's rate: 1000, within lo..hi's share of the window */
		t_figure_expect(t, "ref_per_tsc_x1000", ratio, 1000,
				(int64_t)((hi - lo) * 1000 / (w.ticks ? w.ticks : 1)) + 1, "x1000");
	else
		t_figure(t, "ref_per_tsc_x1000", ratio, "x1000");
	CHECK(t, w.gp[0] >= lo && w.gp[0] <= hi, "%lu reference cycles in a window of %lu..%lu "
	      "TSC ticks: want %lu..%lu (%s)", (unsigned long)w.gp[0], (unsigned long)w.inner,
	      (unsigned long)w.ticks, (unsigned long)lo, (unsigned long)hi,
	      c.model ? "the emulated reference clock is the TSC's" : "C-24 row 2");
	return core_end(&c, V_PASS);
}

/* Row 5. Hardware: one branch per loop iteration, at most the instructions.
 * Model: its rate, at most the instructions. */
static enum verdict branches(struct tctx *t)
{
	struct core c;
	enum verdict v = begin(t, &c, EV_BRANCH);
	struct core_win w = { .sel = { 0 } };

	if (v != V_PASS)
		return v;
	/* silicon counts the workload; only the model's rate is known exactly */
	if (!c.model)
		v = loop_delta(t, &c, EV_BRANCH, EV_INST, 1, &w);
	else if ((v = count(t, &c, &w, EV_BRANCH, EV_INST, true)) == V_PASS)
		v = model_rate(t, &c, &w, EV_BRANCH, MODEL_PERIOD_BRANCH);
	if (v == V_PASS)
		v = at_most(t, &w, "branches", "instructions", 8);
	return core_end(&c, v);
}

/* Row 6. Hardware: a branch on a random bit is mispredicted about every
 * other time: at least a quarter of RAND_N, at most the branches; the
 * loop's own predicted branch adds at most 1% of its iterations. Model:
 * its rate, at most the branches. */
static enum verdict branch_misses(struct tctx *t)
{
	struct core c;
	enum verdict v = begin(t, &c, EV_MISPRED);
	struct work_arg ra = { .n = RAND_N }, la = { .n = LOOP_N };
	/* a workload for silicon only: the model's streams do not see it */
	struct core_win w = { .work = c.model ? NULL : work_random_branches, .arg = &ra };
	struct core_win p = { .work = work_loop, .arg = &la };

	if (v != V_PASS || (v = count(t, &c, &w, EV_MISPRED, EV_BRANCH, true)) != V_PASS)
		return core_end(&c, v);
	if (c.model) /* only the model's rate is known exactly; silicon's is the workload's */
		v = model_rate(t, &c, &w, EV_MISPRED, MODEL_PERIOD_MISPRED);
	else if ((v = count(t, &c, &p, EV_MISPRED, -1, true)) == V_PASS) {
		t_figure(t, "random_misses_count", (int64_t)w.gp[0], "count");
		t_figure(t, "predicted_loop_misses_count", (int64_t)p.gp[0], "count");
		CHECK(t, w.gp[0] >= RAND_N / 4, "%lu mispredictions over %u branches on random "
		      "bits: want at least %u (C-24 row 6)", (unsigned long)w.gp[0], RAND_N,
		      RAND_N / 4);
		CHECK(t, p.gp[0] <= LOOP_N / 100 + 100, "%lu mispredictions over a counted loop of "
		      "%u iterations: want at most %u", (unsigned long)p.gp[0], LOOP_N,
		      LOOP_N / 100 + 100);
	}
	if (v == V_PASS)
		v = at_most(t, &w, "mispredictions", "branches", 2);
	return core_end(&c, v);
}

/* ---- LLC (rows 3 and 4) ---- */

/* A buffer of a power of two bytes, at least 4 x the LLC: allocated once,
 * kept for later runs (plat_alloc); *fit: the largest power of two bytes
 * up to a quarter of the LLC. */
static const uint8_t *llc_buffer(size_t *bytes, size_t *fit)
{
	static uint8_t *buf;
	static size_t size;
	size_t llc = core_llc_bytes(), want = 1;

	if (!llc)
		return NULL;
	while (want < 4 * llc)
		want <<= 1;
	if (!buf || size < want) {
		uint8_t *p = plat_alloc(want + 64);

		if (!p)
			return NULL;
		buf = (uint8_t *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
		size = want;
	}
	*bytes = size;
	for (*fit = size; *fit > llc / 4; *fit >>= 1)
		;
	return buf;
}

/* Hardware: the walk of `bytes` of buf (after one warm-up walk if warm). */
static enum verdict walk(struct tctx *t, const struct core *c, struct core_win *w, unsigned row,
			 int other, const uint8_t *buf, size_t bytes, bool warm)
{
	struct work_arg a = { .buf = buf, .bytes = bytes };

	if (warm)
		work_walk(&a);
	w->work = work_walk;
	w->arg = &a;
	return count(t, c, w, row, other, true);
}

/* Rows 3 and 4. Hardware: a walk over a buffer of 4 x the LLC or more
 * reaches the LLC for most of its lines (adjacent-line prefetch may serve
 * every other one), and misses it for most: references at least a quarter
 * of the lines, misses an eighth; a warm walk over a quarter of the LLC,
 * larger than the caches below it, hits it: misses at most 5% of the lines.
 * Model: the rates, misses at most the references. */
static enum verdict llc(struct tctx *t, unsigned row)
{
	struct core c;
	enum verdict v = begin(t, &c, row);
	int other = row == EV_LLC_MISS ? EV_LLC_REF : -1;
	struct core_win w = { .sel = { 0 } }, f = { .sel = { 0 } };
	const uint8_t *buf;
	size_t bytes = 0, fit = 0, lines;

	if (v != V_PASS)
		return v;
	if (c.model) { /* only the model's rate is known exactly; silicon's is the walk's */
		if ((v = count(t, &c, &w, row, other, true)) == V_PASS)
			v = model_rate(t, &c, &w, row, row == EV_LLC_REF ? MODEL_PERIOD_LLC_REF
									 : MODEL_PERIOD_LLC_MISS);
		if (v == V_PASS && row == EV_LLC_MISS)
			v = at_most(t, &w, "LLC misses", "LLC references", 1);
		return core_end(&c, v);
	}
	if (!(buf = llc_buffer(&bytes, &fit)))
		return core_end(&c, t_skip(t, "no buffer of 4 x the LLC (%lu bytes by CPUID leaf "
					   "4) could be allocated", (unsigned long)core_llc_bytes()));
	lines = bytes / 64;
	t_figure(t, "buffer_lines_count", (int64_t)lines, "count");
	if ((v = walk(t, &c, &w, row, other, buf, bytes, false)) != V_PASS)
		return core_end(&c, v);
	t_figure(t, "large_buffer_count", (int64_t)w.gp[0], "count");
	if (row == EV_LLC_REF) {
		CHECK(t, w.gp[0] >= lines / 4, "%lu LLC references walking %lu lines of a buffer "
		      "of 4 x the LLC: want at least %lu (C-24 row 3)", (unsigned long)w.gp[0],
		      (unsigned long)lines, (unsigned long)(lines / 4));
		return core_end(&c, V_PASS);
	}
	CHECK(t, w.gp[0] >= lines / 8, "%lu LLC misses walking %lu lines of a buffer of 4 x the "
	      "LLC: want at least %lu (C-24 row 4)", (unsigned long)w.gp[0], (unsigned long)lines,
	      (unsigned long)(lines / 8));
	if ((v = at_most(t, &w, "LLC misses", "LLC references", 1)) != V_PASS)
		return core_end(&c, v);
	if ((v = walk(t, &c, &f, row, -1, buf, fit, true)) != V_PASS)
		return core_end(&c, v);
	t_figure(t, "fitting_buffer_count", (int64_t)f.gp[0], "count");
	CHECK(t, f.gp[0] <= fit / 64 / 20 + 1000, "%lu LLC misses on a warm walk of %lu lines, "
	      "at most a quarter of the LLC: want at most %lu (C-24 row 4)", (unsigned long)f.gp[0],
	      (unsigned long)(fit / 64), (unsigned long)(fit / 64 / 20 + 1000));
	return core_end(&c, V_PASS);
}

static enum verdict llc_references(struct tctx *t)
{
	return llc(t, EV_LLC_REF);
}

static enum verdict llc_misses(struct tctx *t)
{
	return llc(t, EV_LLC_MISS);
}

static const struct test core_events_tests[] = {
	{ .id = "core.events.core-cycles", .desc = "UnHalted Core Cycles over a chain of dependent "
	  "adds (model: 4/3 of the TSC) (C-24 row 0)", .needs = NEED_CORE_PMU, .run = core_cycles },
	{ .id = "core.events.instructions", .desc = "Instructions Retired over loops of known "
	  "length (model: its rate) (C-24 row 1)", .needs = NEED_CORE_PMU, .run = instructions },
	{ .id = "core.events.ref-cycles", .desc = "UnHalted Reference Cycles at a fixed rate up to "
	  "the TSC's (model: the TSC's) (C-24 row 2)", .needs = NEED_CORE_PMU, .run = ref_cycles },
	{ .id = "core.events.llc-references", .desc = "LLC Reference over a buffer of 4 x the LLC "
	  "(model: its rate) (C-24 row 3)", .needs = NEED_CORE_PMU, .run = llc_references },
	{ .id = "core.events.llc-misses", .desc = "LLC Misses: many over a buffer of 4 x the LLC, "
	  "few over one that fits, at most the references (C-24 row 4)", .needs = NEED_CORE_PMU,
	  .run = llc_misses },
	{ .id = "core.events.branches", .desc = "Branch Instructions Retired over a loop of known "
	  "length, at most the instructions (C-24 row 5)", .needs = NEED_CORE_PMU,
	  .run = branches },
	{ .id = "core.events.branch-misses", .desc = "Branch Misses Retired on random and "
	  "predicted branches, at most the branches (C-24 row 6)", .needs = NEED_CORE_PMU,
	  .run = branch_misses },
};
const struct suite core_events_suite = SUITE_EACH_TYPE("core.events", core_events_tests);
