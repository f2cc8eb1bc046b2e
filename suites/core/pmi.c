/* Overflow and PMI of the core counters through the LVT entry (C-07, C-10,
 * C-22, C-26..C-29, C-31, C-41, OQ-C12): a counter preset to -N wraps at
 * its N-th event and overflows there (OQ-C12 default) or one event later
 * (C-19's NetBurst reading), which the tests here never tell apart; with
 * INT (a fixed counter's PMI bit) that
 * raises one PMI on the BSP, in Fixed mode as the programmed vector or as an
 * NMI, and sets the counter's IA32_PERF_GLOBAL_STATUS bit, which the
 * handler clears through IA32_PERF_GLOBAL_OVF_CTRL. Without INT, or with
 * the entry masked, the status bit comes and no PMI does, judged after
 * quiescence (suites/common/pmi_quiesce.c), never after a guessed window. DEBUGCTL
 * bit 13 is left clear throughout: it gates uncore PMIs only (C-02). */
#include "suites/core/core.h"

/* Events to the overflow: core cycles of 40-200 us at 1-5 GHz, long enough
 * to program everything first, short against ARRIVE_US. */
#define PRESET_N  200000ull
/* On hardware a PMI follows the overflow within microseconds; the emulated
 * core PMU delivers on its 1 ms tick, and TCG adds its scheduling delays.
 * One second bounds "never came" without flaking (as the uncore suite). */
#define ARRIVE_US 1000000
/* More than this many PMIs in one test is a storm (C-41): the handler stops
 * the counters instead of letting the machine hang. */
#define STORM     8

static struct {
	volatile unsigned count, cpu;
	volatile uint64_t status, after;
	volatile uint32_t lvt;
	volatile int fault;
} got;

/* C-07, C-29, C-41: read the status, clear its counter bits, read it again,
 * unmask the entry; EOI (Fixed mode) is the platform's (C-31). */
static void on_pmi(unsigned vector)
{
	unsigned me = plat_this_cpu();
	uint64_t st = 0;

	(void)vector;
	if (++got.count > STORM) {
		msr_write(me, MSR_GLOBAL_CTRL, 0);
		return;
	}
	got.cpu = me;
	got.lvt = pmu_lvtpc_read();
	got.fault |= msr_read(me, MSR_GLOBAL_STATUS, &st);
	got.status = st;
	got.fault |= msr_write(me, MSR_GLOBAL_OVF_CTRL, st & G_COUNTERS);
	got.fault |= msr_read(me, MSR_GLOBAL_STATUS, &st);
	got.after = st;
	pmu_lvtpc_write(got.lvt & ~LVT_MASKED);
}

/* Counter idx: general n < CORE_MAX_GP, fixed j at CORE_MAX_GP + j. */
static uint64_t bit_of(unsigned idx)
{
	return idx < CORE_MAX_GP ? G_PMC(idx) : G_FIXED(idx - CORE_MAX_GP);
}

/* Nothing counting and no overflow status (C-07, C-09), before any counter
 * of the test is programmed: a status bit seen later is then its counter's,
 * whenever that counter took its first event. Cleared after the programming
 * instead, the bit would be lost whenever the counter's PRESET_N events
 * came first: under a gate that let a counter run from its select write,
 * that would hang on how long the programming took. */
static enum verdict quiet(struct tctx *t)
{
	WR(t, MSR_GLOBAL_CTRL, 0);
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	return V_PASS;
}

/* Counter idx at -N on core cycles (a fixed counter on its own event), its
 * PMI enable as given, after quiet(). */
static enum verdict program(struct tctx *t, const struct core *c, unsigned idx, bool pmi)
{
	enum verdict v;

	if (idx < CORE_MAX_GP) {
		WR(t, CORE_SEL(idx), 0);
		/* C-17: -N as EAX sign-extends to the width */
		if ((v = core_set_pmc(t, idx, 0 - PRESET_N)) != V_PASS)
			return v;
		WR(t, CORE_SEL(idx), SEL_COUNT(EV_CYCLES) | (pmi ? SEL_INT : 0));
	} else {
		unsigned j = idx - CORE_MAX_GP;

		WR(t, CORE_FIXED_CTL, 0);
		WR(t, CORE_FIXED(j), (0 - PRESET_N) & c->fixed_mask);
		WR(t, CORE_FIXED_CTL, FC_EN(j, 1) | (pmi ? FC_PMI(j) : 0));
	}
	return V_PASS;
}

/* The counters of `bits`, programmed, started by one write. */
static enum verdict start(struct tctx *t, uint64_t bits)
{
	WR(t, MSR_GLOBAL_CTRL, bits);
	return V_PASS;
}

/* Counter idx programmed as by program() and running alone. */
static enum verdict arm(struct tctx *t, const struct core *c, unsigned idx, bool pmi)
{
	enum verdict v = quiet(t);

	if (v == V_PASS)
		v = program(t, c, idx, pmi);
	return v == V_PASS ? start(t, bit_of(idx)) : v;
}

static enum verdict judge(struct tctx *t, const struct core *c, unsigned idx, uint64_t val)
{
	uint64_t bit = bit_of(idx), half = (idx < CORE_MAX_GP ? c->gp_mask : c->fixed_mask) / 2;
	char n[32];

	core_name(idx, n, sizeof(n));
	CHECK(t, got.count, "no PMI within %u ms of %s's overflow (C-10, C-22)", ARRIVE_US / 1000, n);
	CHECK(t, got.count <= STORM, "PMI storm from %s: %u PMIs, counters stopped (C-41)", n,
	      got.count);
	CHECK(t, got.count == 1, "%u PMIs for one overflow of %s (C-29)", got.count, n);
	CHECK(t, !got.fault, "an MSR access in the PMI handler faulted");
	CHECK(t, got.cpu == plat_this_cpu(), "%s's PMI taken by CPU %u, not the counter's own",
	      n, got.cpu);
	CHECK(t, got.status & bit, "IA32_PERF_GLOBAL_STATUS 0x%lx lacks %s's bit in the "
	      "handler (C-10)", (unsigned long)got.status, n);
	CHECK(t, !(got.after & bit), "IA32_PERF_GLOBAL_OVF_CTRL left %s's status bit set: 0x%lx "
	      "(C-07)", n, (unsigned long)got.after);
	/* the PMI came at or after the wrap (OQ-C12, either reading): the
	 * counter is past 2^width - 1, a small value, 0 if it stopped on it */
	CHECK(t, val <= half, "%s reads 0x%lx after its PMI: it did not wrap from its -N "
	      "preset (C-10, OQ-C12)", n, (unsigned long)val);
	return t_default(t, "OQ-C1", "LVTPC masked on delivery", got.lvt & LVT_MASKED,
			 "LVTPC 0x%x not masked on delivery (C-29)", got.lvt);
}

enum verdict core_overflow_pmi(struct tctx *t, const struct core *c, unsigned idx, uint32_t lvt)
{
	struct pmi_path p;
	enum verdict v;
	uint64_t val = 0;

	memset((void *)&got, 0, sizeof(got));
	v = pmi_path_open(t, &p, lvt == LVT_NMI ? 2 : lvt, lvt, false, on_pmi);
	if (v == V_PASS)
		v = arm(t, c, idx, true);
	if (v == V_PASS) {
		pmi_spin(&got.count, ARRIVE_US);
		if (pmi_quiesce(PMI_BSP_ONLY)) /* a second PMI is in by now */
			v = t_error(t, "the PMI fence was not taken on the BSP");
	}
	msr_write(plat_this_cpu(), MSR_GLOBAL_CTRL, 0);
	if (v == V_PASS)
		v = core_read(c, idx, &val) ? t_error(t, "reading the counter faulted") : V_PASS;
	pmi_path_close(&p);
	if (v == V_PASS)
		v = judge(t, c, idx, val);
	if (v == V_PASS && idx == 0)
		t_figure(t, "lvt_masked_in_handler_bool", (got.lvt & LVT_MASKED) != 0, "bool");
	return v;
}

static enum verdict each_gp(struct tctx *t, uint32_t lvt)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	unsigned n;

	CORE_FOR_GP(&c, n, v == V_PASS)
		v = core_overflow_pmi(t, &c, n, lvt);
	return core_end(&c, v);
}

static enum verdict fixed_vector(struct tctx *t)
{
	return each_gp(t, CORE_PMI_VEC);
}

static enum verdict nmi(struct tctx *t)
{
	return each_gp(t, LVT_NMI);
}

enum verdict core_overflowed(struct tctx *t, uint64_t bits, const char *what)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * ARRIVE_US, st = 0, now;

	do { /* the time before the read: the last read is past the deadline */
		now = plat_tsc();
		RD(t, MSR_GLOBAL_STATUS, &st);
	} while ((st & bits) != bits && now < end);
	CHECK(t, (st & bits) == bits, "IA32_PERF_GLOBAL_STATUS 0x%lx lacks 0x%lx %u ms after "
	      "the overflow of %s (C-10)", (unsigned long)st, (unsigned long)bits,
	      ARRIVE_US / 1000, what);
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the PMI fence was not taken on the BSP");
	return V_PASS;
}

/* C-10, C-22: IA32_PMC0 without INT and IA32_FIXED_CTR0 without its PMI bit
 * overflow: both status bits set, no PMI, the entry unmasked all along. */
static enum verdict no_int(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	struct pmi_path p;
	uint64_t bits = G_PMC(0);

	if (v != V_PASS)
		return v;
	memset((void *)&got, 0, sizeof(got));
	v = pmi_path_open(t, &p, CORE_PMI_VEC, CORE_PMI_VEC, false, on_pmi);
	if (v == V_PASS)
		v = quiet(t);
	if (v == V_PASS)
		v = program(t, &c, 0, false);
	if (v == V_PASS && core_has_fixed(&c, 0)) {
		bits |= G_FIXED(0);
		v = program(t, &c, CORE_MAX_GP, false);
	}
	if (v == V_PASS)
		v = start(t, bits);
	if (v == V_PASS)
		v = core_overflowed(t, bits, "IA32_PMC0 and IA32_FIXED_CTR0");
	pmi_path_close(&p);
	t_figure(t, "pmis_count", got.count, "count");
	if (v == V_PASS)
		v = got.count ? t_fail(t, "%u PMIs from overflows without INT or the PMI bit "
				       "(C-10, C-22)", got.count) : V_PASS;
	return core_end(&c, v);
}

/* Until counter idx has counted past its wrap (reads 1 to half its range:
 * it went on from its -N preset through 0), or ARRIVE_US have passed: its
 * overflow is then in, by either reading of OQ-C12. Judged from the
 * counter's own count, not from its status bit, which a bit left over
 * from an earlier test (an IA32_PERF_GLOBAL_OVF_CTRL that did not clear
 * it, C-07 broken) would show before the overflow came. */
static enum verdict wrapped(struct tctx *t, const struct core *c, unsigned idx)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * ARRIVE_US, now, val = 0;
	uint64_t half = (idx < CORE_MAX_GP ? c->gp_mask : c->fixed_mask) / 2;

	do { /* the time before the read: the last read is past the deadline */
		now = plat_tsc();
		if (core_read(c, idx, &val))
			return t_error(t, "reading the counter faulted");
	} while ((!val || val > half) && now < end);
	return V_PASS;
}

/* C-28: with the entry masked an overflow with INT sends nothing; OQ-C2
 * (lost or held): unmasked afterwards, the model sends nothing either (its
 * default, lost); hardware's answer is reported. */
static enum verdict masked(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	struct pmi_path p;
	unsigned while_masked;

	if (v != V_PASS)
		return v;
	memset((void *)&got, 0, sizeof(got));
	v = pmi_path_open(t, &p, CORE_PMI_VEC, CORE_PMI_VEC | LVT_MASKED, false, on_pmi);
	if (v == V_PASS)
		v = arm(t, &c, 0, true);
	/* the overflow in before the entry is unmasked, whatever the status
	 * showed before it */
	if (v == V_PASS)
		v = wrapped(t, &c, 0);
	if (v == V_PASS)
		v = core_overflowed(t, G_PMC(0), "IA32_PMC0");
	while_masked = got.count;
	if (v == V_PASS) {
		pmu_lvtpc_write(CORE_PMI_VEC);
		if (pmi_quiesce(PMI_BSP_ONLY))
			v = t_error(t, "the PMI fence was not taken on the BSP");
	}
	msr_write(plat_this_cpu(), MSR_GLOBAL_CTRL, 0);
	pmi_path_close(&p);
	t_figure(t, "pmis_while_masked_count", while_masked, "count");
	t_figure(t, "pmis_after_unmask_count", got.count - while_masked, "count");
	if (v == V_PASS)
		v = while_masked ? t_fail(t, "%u PMIs through a masked LVT entry (C-28)",
					  while_masked) : V_PASS;
	if (v == V_PASS)
		v = t_default(t, "OQ-C2", "a PMI while masked is lost", !got.count, "the PMI held "
			      "while masked came on unmasking (%u)", got.count);
	return core_end(&c, v);
}

static const struct test core_pmi_tests[] = {
	{ .id = "core.pmi.fixed-vector", .desc = "each general counter's overflow with INT: one "
	  "PMI on the programmed vector, status bit set, OVF_CTRL clears it (C-07, C-10, OQ-C12)",
	  .needs = NEED_CORE_PMU, .run = fixed_vector },
	{ .id = "core.pmi.nmi", .desc = "the same through an LVT entry in NMI mode (C-26)",
	  .needs = NEED_CORE_PMU, .run = nmi },
	{ .id = "core.pmi.no-int", .desc = "overflows without INT or the fixed PMI bit set status, "
	  "send no PMI (C-10, C-22)", .needs = NEED_CORE_PMU, .run = no_int },
	{ .id = "core.pmi.masked", .desc = "a masked LVT entry sends no PMI for an overflow with "
	  "INT (C-28, OQ-C2)", .needs = NEED_CORE_PMU, .run = masked },
};
const struct suite core_pmi_suite = SUITE_EACH_TYPE("core.pmi", core_pmi_tests);
