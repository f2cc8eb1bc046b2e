/* The per-cycle filter of each general counter (C-16): edge detect, the
 * counter mask and its inversion, on Instructions Retired (C-24 row 1),
 * which retires 0 to several per cycle. On hardware the window runs
 * cache-missing reads (tests/traffic.c): long stalls with nothing retiring
 * between short runs that retire, so every condition below has cycles on
 * both sides and transitions; the emulated core PMU's streams have both in
 * every 1024-cycle period by construction (pmu/emu_core.h), so on the
 * model the windows just spin. Every comparison is between counters of one
 * window (core_slack: the start/stop skew of one GLOBAL_CTRL write). */
#include "core.h"

#define WINDOW_US 2000
/* Instructions retired per cycle at most on any core the harness meets
 * (Nehalem 4, later cores up to 8): the skew allowance of an instruction
 * count. */
#define INST_PER_CYCLE 8

static void window_of(const struct core *c, struct core_win *w, struct work_arg *a)
{
	w->us = WINDOW_US;
	if (!c->model) {
		a->us = WINDOW_US;
		w->work = work_toggle;
		w->arg = a;
	}
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

	for (n = 0; n < c.e.ngp && v == V_PASS; n++) {
		struct core_win w = { .sel = { 0 } };

		m = (n + 1) % c.e.ngp;
		window_of(&c, &w, &a);
		w.sel[n] = level | SEL_E;
		w.sel[m] = level;
		w.en = G_PMC(n) | G_PMC(m);
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		if (!n) {
			t_figure(t, "edges", (int64_t)w.gp[n], "");
			t_figure(t, "level_cycles", (int64_t)w.gp[m], "cycles");
		}
		CHECK(t, w.gp[n] > 0 && w.gp[n] < w.gp[m], "IA32_PMC%u with E counted %lu rising "
		      "edges of \"CMASK 1 on instructions retired\", IA32_PMC%u %lu cycles of it: "
		      "want 0 < edges < cycles (C-16)", n, (unsigned long)w.gp[n], m,
		      (unsigned long)w.gp[m]);
	}
	return core_end(&c, v);
}

/* C-16: with CMASK = k, INV = 0 counts the cycles retiring >= k, INV = 1
 * those retiring < k: the two add up to the cycles (IA32_FIXED_CTR1, or a
 * third general counter on cycles), three counters of one window. Each of
 * the two adds at most 1 per cycle and may start or stop CORE_SKEW cycles
 * apart from the cycles counter: core_slack(2). Both sides are > 0 for
 * k = 1 on the toggling workload; for every k in 1..4 on the model (its
 * documented streams); on hardware k >= 2 is reported. */
static enum verdict split_one(struct tctx *t, const struct core *c, unsigned n, unsigned k)
{
	unsigned m = (n + 1) % c->e.ngp, z = (n + 2) % c->e.ngp;
	const uint64_t sel = SEL_COUNT(EV_INST) | SEL_CMASK(k);
	bool fixed = c->e.nfixed >= 2;
	struct core_win w = { .sel = { 0 } };
	struct work_arg a;
	uint64_t cycles;
	enum verdict v;

	window_of(c, &w, &a);
	w.sel[n] = sel;
	w.sel[m] = sel | SEL_INV;
	w.en = G_PMC(n) | G_PMC(m);
	if (fixed) {
		w.fixed_ctl = FC_EN(1, 1);
		w.en |= G_FIXED(1);
	} else {
		w.sel[z] = SEL_COUNT(EV_CYCLES);
		w.en |= G_PMC(z);
	}
	if ((v = core_window(t, c, &w)) != V_PASS)
		return v;
	cycles = fixed ? w.fixed[1] : w.gp[z];
	if (!n && k == 1) {
		t_figure(t, "cmask1_ge", (int64_t)w.gp[n], "cycles");
		t_figure(t, "cmask1_lt", (int64_t)w.gp[m], "cycles");
		t_figure(t, "cycles", (int64_t)cycles, "cycles");
	}
	CHECK(t, cycles, "the cycles counter did not count (C-09)");
	CHECK(t, core_dist(w.gp[n] + w.gp[m], cycles) <= core_slack(c, 2), "CMASK %u: IA32_PMC%u "
	      "(>= %u retired) %lu + IA32_PMC%u (INV, < %u) %lu = %lu, cycles %lu (C-16)", k, n, k,
	      (unsigned long)w.gp[n], m, k, (unsigned long)w.gp[m],
	      (unsigned long)(w.gp[n] + w.gp[m]), (unsigned long)cycles);
	if (k == 1 || c->model)
		CHECK(t, w.gp[n] && w.gp[m], "CMASK %u: IA32_PMC%u (>= %u) counted %lu, IA32_PMC%u "
		      "(INV, < %u) %lu: both sides have cycles on this workload (C-16)", k, n, k,
		      (unsigned long)w.gp[n], m, k, (unsigned long)w.gp[m]);
	return V_PASS;
}

static enum verdict cmask_split(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	unsigned n, k;

	if (v == V_PASS && c.e.nfixed < 2 && c.e.ngp < 3)
		return core_end(&c, t_skip(t, "needs IA32_FIXED_CTR1 or a third general counter "
					   "for the cycles"));
	for (n = 0; n < c.e.ngp && v == V_PASS; n++)
		for (k = 1; k <= 4 && v == V_PASS; k++)
			v = split_one(t, &c, n, k);
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

	for (n = 0; n < c.e.ngp && v == V_PASS; n++) {
		struct core_win w = { .us = WINDOW_US };

		m = (n + 1) % c.e.ngp;
		w.sel[n] = SEL_COUNT(EV_CYCLES) | SEL_CMASK(1);
		w.sel[m] = SEL_COUNT(EV_CYCLES);
		w.en = G_PMC(n) | G_PMC(m);
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		CHECK(t, w.gp[m] && core_dist(w.gp[n], w.gp[m]) <= core_slack(&c, 1), "IA32_PMC%u "
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

	for (n = 0; n < c.e.ngp && v == V_PASS; n++) {
		struct core_win w = { .sel = { 0 } };

		m = (n + 1) % c.e.ngp;
		window_of(&c, &w, &a);
		w.sel[n] = SEL_COUNT(EV_INST) | SEL_INV;
		w.sel[m] = SEL_COUNT(EV_INST);
		w.en = G_PMC(n) | G_PMC(m);
		if ((v = core_window(t, &c, &w)) != V_PASS)
			break;
		CHECK(t, w.gp[m] && core_dist(w.gp[n], w.gp[m]) <= core_slack(&c, INST_PER_CYCLE),
		      "IA32_PMC%u with INV and CMASK 0 counted %lu, IA32_PMC%u without INV %lu "
		      "instructions (C-16)", n, (unsigned long)w.gp[n], m, (unsigned long)w.gp[m]);
	}
	return core_end(&c, v);
}

static const struct test core_filter_tests[] = {
	{ "core.sel.edge", "E counts rising edges: fewer than the level's cycles, more than 0 "
	  "(C-16)", NEED_CORE_PMU, edge },
	{ "core.sel.cmask-split", "CMASK k and CMASK k with INV add up to the cycles, k = 1..4 "
	  "(C-16)", NEED_CORE_PMU, cmask_split },
	{ "core.sel.cmask-ge", "CMASK compares >=: CMASK 1 on core cycles counts every cycle "
	  "(C-16)", NEED_CORE_PMU, cmask_ge },
	{ "core.sel.inv-cmask0", "INV is ignored with CMASK 0 (C-16)", NEED_CORE_PMU, inv_cmask0 },
};
const struct suite core_filter_suite = SUITE("core.sel", core_filter_tests);
