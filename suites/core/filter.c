/* The per-cycle filter of each general counter (C-16): edge detect, the
 * counter mask and its inversion, on Instructions Retired (C-24 row 1),
 * which retires 0 to several per cycle. On hardware the window runs
 * cache-missing reads (suites/common/traffic.c): long stalls with nothing retiring
 * between short runs that retire, so every condition below has cycles on
 * both sides and transitions; the emulated core PMU's streams have both in
 * every 1024-cycle period by construction (pmu/emu/core/model.h), so on the
 * model the windows just spin. Every comparison is between counters of one
 * window (core_slack: the start/stop skew of one GLOBAL_CTRL write). */
#include "suites/core/core.h"

#define WINDOW_US 2000
/* Instructions retired per cycle at most on any core the harness meets
 * (Nehalem 4, later cores up to 8): the skew allowance of an instruction
 * count. */
#define INST_PER_CYCLE 8

static void window_of(const struct core *c, struct core_win *w, struct work_arg *a)
{
	w->us = WINDOW_US;
	if (!c->model) { /* a workload for silicon only: the model's streams do not see it */
		a->us = WINDOW_US;
		w->work = work_toggle;
		w->arg = a;
	}
}

/* A window with sel_n on IA32_PMCn and sel_m on IA32_PMCm, m the next
 * counter of gp_set (core_gp_after: above a hole too, C-66, C-73). */
static void pair_of(const struct core *c, struct core_win *w, struct work_arg *a, unsigned n,
		    uint64_t sel_n, uint64_t sel_m)
{
	unsigned m = core_gp_after(c, n, 1);

	window_of(c, w, a);
	w->sel[n] = sel_n;
	w->sel[m] = sel_m;
	w->en = G_PMC(n) | G_PMC(m);
}

/* C-16: E counts the deasserted-to-asserted transitions of "at least one
 * instruction retired": fewer than the cycles of that level (each run of
 * them has one rising edge, and runs longer than a cycle exist), and more
 * than 0 on a workload that toggles. */
static enum verdict edge(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	const uint64_t level = SEL_COUNT(EV_INST) | SEL_CMASK(1);
	struct work_arg a;
	unsigned n, m;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		struct core_win w = { .sel = { 0 } };

		m = core_gp_after(&c, n, 1);
		pair_of(&c, &w, &a, n, level | SEL_E, level);
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		if (!n) {
			t_figure(t, "edges_count", (int64_t)w.gp[n], "count");
			t_figure(t, "level_cycles", (int64_t)w.gp[m], "cycles");
		}
		CHECK(t, w.gp[n] > 0 && w.gp[n] < w.gp[m], "IA32_PMC%u with E counted %lu rising "
		      "edges of \"CMASK 1 on instructions retired\", IA32_PMC%u %lu cycles of it: "
		      "want 0 < edges < cycles (C-16)", n, (unsigned long)w.gp[n], m,
		      (unsigned long)w.gp[m]);
	}
	return core_end(&c, v);
}

/* One window of Instructions Retired on three counters: sel | a on IA32_PMCn,
 * sel | b on IA32_PMCm (the next counter of gp_set), and the core cycles on
 * IA32_FIXED_CTR1 or, without it, on a third general counter (the one
 * after). */
struct trio {
	uint64_t a, b, cycles;
};

static enum verdict trio_window(struct tctx *t, const struct core *c, unsigned n, uint64_t sel,
				uint64_t a, uint64_t b, struct trio *r)
{
	unsigned z = core_gp_after(c, n, 2);
	bool fixed = core_has_fixed(c, 1);
	struct core_win w = { .sel = { 0 } };
	struct work_arg arg;
	enum verdict v;

	pair_of(c, &w, &arg, n, sel | a, sel | b);
	if (fixed) {
		w.fixed_ctl = FC_EN(1, 1);
		w.en |= G_FIXED(1);
	} else {
		w.sel[z] = SEL_COUNT(EV_CYCLES);
		w.en |= G_PMC(z);
	}
	if ((v = core_window(t, c, &w)) != V_PASS)
		return v;
	r->a = w.gp[n];
	r->b = w.gp[core_gp_after(c, n, 1)];
	r->cycles = fixed ? w.fixed[1] : w.gp[z];
	CHECK(t, r->cycles, "the cycles counter did not count (C-09)");
	return V_PASS;
}

/* SKIP unless a third counter for the cycles exists. */
static enum verdict begin3(struct tctx *t, struct core *c)
{
	enum verdict v = core_begin(t, c, 2);

	if (v == V_PASS && !core_has_fixed(c, 1) && core_gp_count(c) < 3)
		return core_end(c, t_skip(t, "needs IA32_FIXED_CTR1 or a third general counter "
					  "for the cycles"));
	return v;
}

/* C-16: with CMASK = k, INV = 0 counts the cycles retiring >= k, INV = 1
 * those retiring < k: the two add up to the cycles, three counters of one
 * window. Each of the two adds at most 1 per cycle and may start or stop
 * CORE_SKEW cycles apart from the cycles counter: core_slack(2). Both
 * sides are > 0 for k = 1 on the toggling workload; for every k in 1..4 on
 * the model (its documented streams); on hardware k >= 2 is reported. */
static enum verdict split_one(struct tctx *t, const struct core *c, unsigned n, unsigned k)
{
	unsigned m = core_gp_after(c, n, 1);
	struct trio r;
	enum verdict v = trio_window(t, c, n, SEL_COUNT(EV_INST) | SEL_CMASK(k), 0, SEL_INV, &r);

	if (v != V_PASS)
		return v;
	if (!n && k == 1) {
		t_figure(t, "cmask1_ge_cycles", (int64_t)r.a, "cycles");
		t_figure(t, "cmask1_lt_cycles", (int64_t)r.b, "cycles");
		t_figure(t, "cycles", (int64_t)r.cycles, "cycles");
	}
	CHECK(t, core_dist(r.a + r.b, r.cycles) <= core_slack(t, 2), "CMASK %u: IA32_PMC%u "
	      "(>= %u retired) %lu + IA32_PMC%u (INV, < %u) %lu = %lu, cycles %lu (C-16)", k, n, k,
	      (unsigned long)r.a, m, k, (unsigned long)r.b, (unsigned long)(r.a + r.b),
	      (unsigned long)r.cycles);
	/* not an open question: only the model's streams are known to retire
	 * k or more in some cycles for each k in 1..4 */
	if (k == 1 || c->model)
		CHECK(t, r.a && r.b, "CMASK %u: IA32_PMC%u (>= %u) counted %lu, IA32_PMC%u "
		      "(INV, < %u) %lu: both sides have cycles on this workload (C-16)", k, n, k,
		      (unsigned long)r.a, m, k, (unsigned long)r.b);
	return V_PASS;
}

static enum verdict cmask_split(struct tctx *t)
{
	struct core c;
	enum verdict v = begin3(t, &c);
	unsigned n, k;

	CORE_FOR_GP(&c, n, v == V_PASS)
		for (k = 1; k <= 4 && v == V_PASS; k++)
			v = split_one(t, &c, n, k);
	return core_end(&c, v);
}

/* C-16, §3: CMASK is bits 31:24, all 8 of them compared. No core retires
 * 128 instructions in a cycle (INST_PER_CYCLE), so CMASK 0x81 counts no
 * cycle and 0x80 with INV counts every one, on any PMU; a CMASK cut to 7
 * bits would compare against 1 and 0 instead. */
static enum verdict cmask_top(struct tctx *t)
{
	struct core c;
	enum verdict v = begin3(t, &c);
	const uint64_t sel = SEL_COUNT(EV_INST);
	struct trio r;
	unsigned n;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		if ((v = trio_window(t, &c, n, sel, SEL_CMASK(0x81),
				     SEL_CMASK(0x80) | SEL_INV, &r)) != V_PASS)
			break;
		if (!n)
			t_figure(t, "cmask_0x80_inv_cycles", (int64_t)r.b, "cycles");
		CHECK(t, !r.a, "IA32_PMC%u with CMASK 0x81 counted %lu cycles retiring >= 129 "
		      "instructions (C-16: CMASK is 8 bits)", n, (unsigned long)r.a);
		CHECK(t, core_dist(r.b, r.cycles) <= core_slack(t, 1), "IA32_PMC%u with CMASK "
		      "0x80 and INV counted %lu of %lu cycles: every cycle retires < 128 (C-16)",
		      core_gp_after(&c, n, 1), (unsigned long)r.b, (unsigned long)r.cycles);
	}
	return core_end(&c, v);
}

/* C-16: E detects the rising edges of the thresholded condition, "count >=
 * CMASK", so the threshold comes first. For CMASK k >= 2 the edges are at
 * most the cycles at the level (each edge starts a run of them); above any
 * core's per-cycle maximum (CMASK 16 > INST_PER_CYCLE) there is no level
 * and no edge at all, on any PMU, where an edge detector before the
 * threshold would count the edges of the event itself. On the model every
 * k in 2..4 has edges (its streams retire up to 4 per cycle in runs). */
static enum verdict edge_cmask(struct tctx *t)
{
	static const unsigned ks[] = { 2, 3, 4, 16 };
	struct core c;
	enum verdict v = begin3(t, &c);
	struct trio r;
	unsigned n, i, k;

	CORE_FOR_GP(&c, n, v == V_PASS)
		for (i = 0; i < ARRAY_SIZE(ks) && v == V_PASS; i++) {
			k = ks[i];
			v = trio_window(t, &c, n, SEL_COUNT(EV_INST) | SEL_CMASK(k), SEL_E, 0, &r);
			if (v != V_PASS)
				break;
			if (!n)
				t_figure(t, k == 2 ? "edges_cmask2_count" : k == 16 ?
					 "edges_cmask16_count" : k == 3 ? "edges_cmask3_count" :
					 "edges_cmask4_count", (int64_t)r.a, "count");
			CHECK(t, r.a <= r.b + core_slack(t, 2), "CMASK %u: IA32_PMC%u with E counted "
			      "%lu rising edges, more than the %lu cycles at the level (C-16: edge "
			      "of count >= CMASK)", k, n, (unsigned long)r.a, (unsigned long)r.b);
			if (k > INST_PER_CYCLE)
				CHECK(t, !r.a && !r.b, "CMASK %u, above any core's instructions per "
				      "cycle: IA32_PMC%u counted %lu edges, the level %lu cycles: both "
				      "must be 0 (C-16)", k, n, (unsigned long)r.a, (unsigned long)r.b);
			else if (c.model) /* only the model's streams are known to have these edges */
				CHECK(t, r.a && r.a < r.b, "CMASK %u: IA32_PMC%u with E counted %lu "
				      "edges, the level %lu cycles: want 0 < edges < cycles on the "
				      "model's streams (C-16)", k, n, (unsigned long)r.a,
				      (unsigned long)r.b);
		}
	return core_end(&c, v);
}

/* C-16: E with INV detects the rising edges of "count < CMASK", which are
 * the falling edges of "count >= CMASK": rising and falling edges of one
 * condition alternate, so over a window the two counts differ by at most
 * 1 (plus the start/stop skew), and both are fewer than half the cycles.
 * C-16 names the condition E acts on but not, in so many words, INV's
 * place before it (OQ-C35), so this is asserted on the model (CMASK
 * 1..4, its streams have edges at each) and on hardware reported (CMASK
 * 1, the stalls of the toggling workload). */
static enum verdict edge_inv(struct tctx *t)
{
	struct core c;
	enum verdict v = begin3(t, &c);
	const uint64_t e = SEL_E;
	struct trio r;
	unsigned n, k;

	CORE_FOR_GP(&c, n, v == V_PASS)
		/* not an open question: only the model's streams are known to
		 * retire 2..4 in a cycle; silicon's workload stalls or retires */
		for (k = 1; k <= (c.model ? 4u : 1u) && v == V_PASS; k++) {
			v = trio_window(t, &c, n, SEL_COUNT(EV_INST) | SEL_CMASK(k), e | SEL_INV, e,
					&r);
			if (v != V_PASS)
				break;
			if (!n && k == 1) {
				t_figure(t, "falling_edges_count", (int64_t)r.a, "count");
				t_figure(t, "rising_edges_count", (int64_t)r.b, "count");
			}
			v = t_default(t, "OQ-C35", "INV applies before the edge detector", r.a &&
				      r.b && core_dist(r.a, r.b) <= 1 && r.a < r.cycles / 2, "CMASK "
				      "%u: IA32_PMC%u with E and INV counted %lu, IA32_PMC%u with E "
				      "%lu, of %lu cycles: the edges of a condition and of its inverse "
				      "alternate, both > 0 and under half the cycles (C-16)", k, n,
				      (unsigned long)r.a, core_gp_after(&c, n, 1), (unsigned long)r.b,
				      (unsigned long)r.cycles);
		}
	return core_end(&c, v);
}

/* C-16: the comparison is >= CMASK: UnHalted Core Cycles adds exactly 1 per
 * cycle, so with CMASK = 1 it still counts every cycle, as another counter
 * with CMASK = 0 does over the same window. */
static enum verdict cmask_ge(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	unsigned n, m;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		struct core_win w = { .us = WINDOW_US };

		m = core_gp_after(&c, n, 1);
		w.sel[n] = SEL_COUNT(EV_CYCLES) | SEL_CMASK(1);
		w.sel[m] = SEL_COUNT(EV_CYCLES);
		w.en = G_PMC(n) | G_PMC(m);
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		CHECK(t, w.gp[m] && core_dist(w.gp[n], w.gp[m]) <= core_slack(t, 1), "IA32_PMC%u "
		      "with CMASK 1 counted %lu of IA32_PMC%u's %lu cycles: one event per cycle "
		      "is >= 1 (C-16)", n, (unsigned long)w.gp[n], m, (unsigned long)w.gp[m]);
	}
	return core_end(&c, v);
}

/* C-16: with CMASK = 0, INV is ignored: Instructions Retired with INV counts
 * as another counter without it over the same window. */
static enum verdict inv_cmask0(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	struct work_arg a;
	unsigned n, m;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		struct core_win w = { .sel = { 0 } };

		m = core_gp_after(&c, n, 1);
		pair_of(&c, &w, &a, n, SEL_COUNT(EV_INST) | SEL_INV, SEL_COUNT(EV_INST));
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		CHECK(t, w.gp[m] && core_dist(w.gp[n], w.gp[m]) <= core_slack(t, INST_PER_CYCLE),
		      "IA32_PMC%u with INV and CMASK 0 counted %lu, IA32_PMC%u without INV %lu "
		      "instructions (C-16)", n, (unsigned long)w.gp[n], m, (unsigned long)w.gp[m]);
	}
	return core_end(&c, v);
}

static const struct test core_filter_tests[] = {
	{ .id = "core.sel.edge", .desc = "E counts rising edges: fewer than the level's cycles, "
	  "more than 0 (C-16)", .needs = NEED_CORE_PMU, .run = edge },
	{ .id = "core.sel.cmask-split", .desc = "CMASK k and CMASK k with INV add up to the "
	  "cycles, k = 1..4 (C-16)", .needs = NEED_CORE_PMU, .run = cmask_split },
	{ .id = "core.sel.cmask-ge", .desc = "CMASK compares >=: CMASK 1 on core cycles counts "
	  "every cycle (C-16)", .needs = NEED_CORE_PMU, .run = cmask_ge },
	{ .id = "core.sel.inv-cmask0", .desc = "INV is ignored with CMASK 0 (C-16)",
	  .needs = NEED_CORE_PMU, .run = inv_cmask0 },
	{ .id = "core.sel.cmask-top", .desc = "CMASK is 8 bits: 0x81 counts no cycle, 0x80 with "
	  "INV every cycle (C-16)", .needs = NEED_CORE_PMU, .run = cmask_top },
	{ .id = "core.sel.edge-cmask", .desc = "E follows CMASK: edges of count >= k at most its "
	  "cycles, none above the per-cycle maximum (C-16)", .needs = NEED_CORE_PMU,
	  .run = edge_cmask },
	{ .id = "core.sel.edge-inv", .desc = "E with INV counts the falling edges: within 1 of the "
	  "rising ones (C-16; asserted on the model, reported on hardware)", .needs = NEED_CORE_PMU,
	  .run = edge_inv },
};
const struct suite core_filter_suite = SUITE_EACH_TYPE("core.sel", core_filter_tests);
