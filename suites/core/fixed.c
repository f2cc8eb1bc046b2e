/* The fixed counters (C-09, C-21, C-22): IA32_FIXED_CTR0 counts
 * instructions retired, CTR1 core cycles, CTR2 reference cycles; each
 * counts only while its 2-bit EN field of IA32_FIXED_CTR_CTRL matches the
 * ring (1 ring 0, 2 ring > 0, 3 all) and its EN_FIXED_CTR bit of
 * IA32_PERF_GLOBAL_CTRL is set; its PMI bit raises a PMI on overflow. Each
 * window has IA32_PMC0 on the same architectural event, open, as the
 * control a counter at rest is judged against, and the count a counting
 * fixed counter must match (C-21). */
#include "suites/core/core.h"

#define WINDOW_US 1000
/* Instructions per cycle at most on any core the harness meets: the skew
 * allowance of an instruction count (as suites/core/filter.c). */
#define INST_PER_CYCLE 8

/* C-21: the architectural event fixed counter j counts. */
static const unsigned fixed_row[CORE_MAX_FIXED] = { EV_INST, EV_CYCLES, EV_REF };

/* Fixed counter j with EN field `en` (and EN_FIXED_CTRj if global) beside
 * IA32_PMC0 on its event: it must count nothing, or as IA32_PMC0 does. On
 * hardware the general counters' reference-cycles event may tick at another
 * fixed rate than CTR2 (the bus clock on Nehalem, SDM Table 18-1's note), so
 * CTR2 is only required to count there; the model counts both alike. */
static enum verdict ring_window(struct tctx *t, const struct core *c, unsigned j, unsigned en,
				bool global, bool counts)
{
	struct core_win w = { .us = WINDOW_US };
	unsigned per = fixed_row[j] == EV_INST ? INST_PER_CYCLE : 1;
	/* A fixed counter exists whatever CPUID.0AH:EBX says of its event on
	 * the general counters (C-11, C-21); with the event unavailable there,
	 * IA32_PMC0 counts core cycles as the control, and the fixed counter is
	 * only required to count. */
	bool same = core_enum_available(&c->e, fixed_row[j]);
	unsigned ev = same ? fixed_row[j] : EV_CYCLES;
	uint64_t tol;
	enum verdict v;

	w.sel[0] = SEL_COUNT(ev);
	w.fixed_ctl = FC_EN(j, en);
	w.en = G_PMC(0) | (global ? G_FIXED(j) : 0);
	if ((v = core_window(t, c, &w)) != V_PASS)
		return v;
	CHECK(t, w.gp[0], "IA32_PMC0 counted no %s in %u us (C-09)", core_event_name(ev),
	      WINDOW_US);
	if (!counts) {
		CHECK(t, !w.fixed[j], "IA32_FIXED_CTR%u counted %lu with EN field %u%s at ring 0, "
		      "beside IA32_PMC0's %lu (C-09, C-22)", j, (unsigned long)w.fixed[j], en,
		      global ? "" : " and EN_FIXED_CTR clear", (unsigned long)w.gp[0]);
		return V_PASS;
	}
	CHECK(t, w.fixed[j], "IA32_FIXED_CTR%u counted nothing with EN field %u at ring 0 "
	      "(C-22)", j, en);
	if (!same)
		return V_PASS;
	/* not an open question: silicon's general reference event may tick at
	 * the bus clock (SDM Table 18-1's note), the model's ticks as CTR2 */
	if (j == 2 && !c->model) {
		t_figure(t, "ctr2_per_ref_event_x1000", (int64_t)(w.fixed[2] * 1000 / w.gp[0]), "x1000");
		return V_PASS;
	}
	/* hardware: 1% besides the skew, for the two events' own definitions */
	tol = core_slack(t, per) + (uint64_t)t_slack(t, (int64_t)(w.gp[0] / 100), "the fixed "
						      "counter's and the general counter's event "
						      "are two definitions (C-21)");
	CHECK(t, core_dist(w.fixed[j], w.gp[0]) <= tol, "IA32_FIXED_CTR%u counted %lu, IA32_PMC0 "
	      "%lu on %s in the same window (C-21)", j, (unsigned long)w.fixed[j],
	      (unsigned long)w.gp[0], core_event_name(fixed_row[j]));
	return V_PASS;
}

/* A test of each fixed counter j in turn, one(t, c, j), until one does not
 * pass; SKIP where there are none (CPUID.0AH:EDX[4:0] = 0). */
static enum verdict each_fixed(struct tctx *t,
			       enum verdict (*one)(struct tctx *t, struct core *c, unsigned j))
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	unsigned j;

	if (v == V_PASS && !c.fixed_set)
		v = t_skip(t, "no fixed counters (CPUID.0AH:EDX[4:0] = 0)");
	for (j = 0; j < CORE_MAX_FIXED && v == V_PASS; j++)
		if (core_has_fixed(&c, j)) /* C-52, C-61 */
			v = one(t, &c, j);
	return core_end(&c, v);
}

static enum verdict ring_one(struct tctx *t, struct core *c, unsigned j)
{
	enum verdict v = ring_window(t, c, j, 2, true, false); /* ring > 0 only */

	if (v == V_PASS)
		v = ring_window(t, c, j, 0, true, false);       /* off */
	if (v == V_PASS)
		v = ring_window(t, c, j, 1, false, false);      /* global enable clear */
	if (v == V_PASS)
		v = ring_window(t, c, j, 1, true, true);        /* ring 0 */
	if (v == V_PASS)
		v = ring_window(t, c, j, 3, true, true);        /* all rings */
	return v;
}

static enum verdict ring(struct tctx *t)
{
	return each_fixed(t, ring_one);
}

/* C-22: a fixed counter's PMI bit: one PMI on the programmed vector for its
 * overflow, its status bit (32 + j) set and cleared (suites/core/pmi.c). */
static enum verdict pmi_one(struct tctx *t, struct core *c, unsigned j)
{
	return core_overflow_pmi(t, c, CORE_MAX_GP + j, CORE_PMI_VEC);
}

static enum verdict pmi(struct tctx *t)
{
	return each_fixed(t, pmi_one);
}

static const struct test core_fixed_tests[] = {
	{ .id = "core.fixed.ring", .desc = "each fixed counter counts its event at ring 0 with EN "
	  "1 or 3 and EN_FIXED_CTR, nothing with EN 2, 0 or the global bit clear (C-09, C-21, "
	  "C-22)", .needs = NEED_CORE_PMU, .run = ring },
	{ .id = "core.fixed.pmi", .desc = "each fixed counter's overflow with its PMI bit: one "
	  "PMI, status bit 32+j set and cleared (C-10, C-22)", .needs = NEED_CORE_PMU, .run = pmi },
};
const struct suite core_fixed_suite = SUITE_EACH_TYPE("core.fixed", core_fixed_tests);
