/* The gates of each general counter (C-09): PERFEVTSELn.EN, EN_PMCn of
 * IA32_PERF_GLOBAL_CTRL, and the privilege-level bits USR and OS, at ring 0
 * where the harness runs. A gate that should hold a counter still is judged
 * in a window in which another general counter, programmed alike but open,
 * counted: a counter at rest proves nothing by itself. The event is
 * UnHalted Core Cycles (C-24 row 0), one per cycle on any PMU. */
#include "suites/core/core.h"

#define WINDOW_US 1000 /* millions of core cycles */

/* Counter n gated as given and, in the same window, its control m (the
 * next counter of gp_set, above a hole too: C-66, C-73) open with the same
 * event: n must count nothing (closed) or as much as m
 * (open) and m must count. */
static enum verdict gate_window(struct tctx *t, const struct core *c, unsigned n,
				uint64_t sel_n, bool global_n, bool open, const char *what)
{
	unsigned m = core_gp_after(c, n, 1);
	struct core_win w = { .us = WINDOW_US };
	enum verdict v;

	w.sel[n] = sel_n;
	w.sel[m] = SEL_COUNT(EV_CYCLES);
	w.en = G_PMC(m) | (global_n ? G_PMC(n) : 0);
	if ((v = core_window(t, c, &w)) != V_PASS)
		return v;
	CHECK(t, w.gp[m], "IA32_PMC%u counted no core cycles in %u us with both enables and "
	      "OS set (C-09)", m, WINDOW_US);
	if (!open)
		CHECK(t, !w.gp[n], "IA32_PMC%u counted %lu cycles with %s, beside IA32_PMC%u's "
		      "%lu (C-09)", n, (unsigned long)w.gp[n], what, m, (unsigned long)w.gp[m]);
	else
		CHECK(t, core_dist(w.gp[n], w.gp[m]) <= core_slack(t, 1), "IA32_PMC%u counted %lu "
		      "cycles with %s, IA32_PMC%u %lu in the same window (C-09)", n,
		      (unsigned long)w.gp[n], what, m, (unsigned long)w.gp[m]);
	return V_PASS;
}

/* C-09: PERFEVTSELn.EN and EN_PMCn are ANDed: either clear holds the counter
 * still, both set let it count. */
static enum verdict en_and_global(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	const uint64_t on = SEL_COUNT(EV_CYCLES);
	unsigned n;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		v = gate_window(t, &c, n, on & ~SEL_EN, true, false, "PERFEVTSEL.EN clear");
		if (v == V_PASS)
			v = gate_window(t, &c, n, on, false, false, "EN_PMC clear in GLOBAL_CTRL");
		if (v == V_PASS)
			v = gate_window(t, &c, n, on, true, true, "both enables");
	}
	return core_end(&c, v);
}

/* C-09: at ring 0, USR alone counts nothing, OS alone counts, both count as
 * OS alone. */
static enum verdict usr_os(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 2);
	const uint64_t ev = core_event(EV_CYCLES) | SEL_EN;
	unsigned n;

	CORE_FOR_GP(&c, n, v == V_PASS) {
		v = gate_window(t, &c, n, ev | SEL_USR, true, false, "USR only, at ring 0");
		if (v == V_PASS)
			v = gate_window(t, &c, n, ev | SEL_OS, true, true, "OS only, at ring 0");
		if (v == V_PASS)
			v = gate_window(t, &c, n, ev | SEL_USR | SEL_OS, true, true, "USR and OS");
	}
	return core_end(&c, v);
}

static const struct test core_gate_tests[] = {
	{ .id = "core.sel.enables", .desc = "each general counter counts only with PERFEVTSEL.EN "
	  "and EN_PMC both set (C-09, C-15)", .needs = NEED_CORE_PMU, .run = en_and_global },
	{ .id = "core.sel.usr-os", .desc = "at ring 0 a USR-only counter counts nothing, an "
	  "OS-only one counts (C-09)", .needs = NEED_CORE_PMU, .run = usr_os },
};
const struct suite core_gate_suite = SUITE_EACH_TYPE("core.sel", core_gate_tests);
