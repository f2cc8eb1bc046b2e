/* When an overflow takes effect (C-10, C-19, OQ-C12). A counter preset to
 * -P wraps from 2^width - 1 to 0 at its P-th event: to look at that
 * instant, every general counter counts the same event in one very short
 * window (one GLOBAL_CTRL write opens it, the next closes it), each preset
 * one event apart around the count the previous window saw, so that in
 * many windows one of them stops exactly at 0. Then:
 * - a counter stopped short of 0 has not wrapped: its status bit is clear
 *   (C-10), on any PMU and under either reading of OQ-C12;
 * - a counter stopped at 1 or more past 0 has wrapped and had one more
 *   event: its status bit is set (C-10), under either reading;
 * - a counter stopped exactly at 0 wrapped on its last event: whether the
 *   status bit is set at the wrap or one event later (C-19's NetBurst
 *   text) is OQ-C12. Its default, the model's, is at the wrap, so on the
 *   emulated core PMU the bit must be set; on hardware how many of those
 *   counters had it is reported, and which event that makes it.
 * The event: on hardware Instructions Retired, exact at ring 0 with
 * interrupts off, so the count between the two writes barely varies and
 * nearly every window lands; on the model LLC Misses, its sparsest stream
 * (41 per 1024 cycles), whose count between two writes varies by tens. */
#include "suites/core/core.h"

#define TRIALS  4000 /* windows at most */
#define LANDING 3    /* windows with a counter stopped at 0 that are enough */

/* The counters are gp_set's (C-73: above a hole too), ngp of them. */
struct trial {
	const struct core *c;
	unsigned ngp;
	uint64_t sel, mask, half;
	uint64_t preset[CORE_MAX_GP]; /* counter i starts at -preset[i] */
	uint64_t val[CORE_MAX_GP], status;
};

static enum verdict one_trial(struct tctx *t, struct trial *r, bool irq_off)
{
	unsigned me = plat_this_cpu(), i;
	uint64_t all = r->c->gp_set;
	enum verdict v;
	int e;

	CORE_FOR_GP(r->c, i, 1) {
		WR(t, CORE_SEL(i), 0);
		if ((v = core_set_pmc(t, i, 0 - r->preset[i])) != V_PASS) /* C-15, C-17 */
			return v;
		WR(t, CORE_SEL(i), r->sel);
	}
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	if (irq_off)
		plat_irq_disable();
	e = msr_write(me, MSR_GLOBAL_CTRL, all);
	e |= msr_write(me, MSR_GLOBAL_CTRL, 0);
	if (irq_off)
		plat_irq_enable();
	if (e)
		return t_error(t, "opening or closing the window faulted");
	RD(t, MSR_GLOBAL_STATUS, &r->status);
	CORE_FOR_GP(r->c, i, 1) {
		RD(t, CORE_PMC(i), &r->val[i]);
		r->val[i] &= r->mask;
	}
	return V_PASS;
}

/* Presets around the count est: the j-th counter of gp_set wraps to 0 at
 * event est - ngp/2 + j (at least 1). */
static void aim(struct trial *r, uint64_t est)
{
	unsigned i, j = 0;

	if (est < r->ngp / 2 + 1)
		est = r->ngp / 2 + 1;
	CORE_FOR_GP(r->c, i, 1)
		r->preset[i] = est - r->ngp / 2 + j++;
}

static enum verdict preset(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	struct trial r;
	unsigned n, i, first, landed = 0, set_at_zero = 0;
	/* not an open question: the event to aim with (above), exact on silicon,
	 * the model's sparsest stream on the model */
	unsigned row = c.model && core_enum_available(&c.e, EV_LLC_MISS) ? EV_LLC_MISS : EV_INST;

	if (v != V_PASS)
		return v;
	if (!core_enum_available(&c.e, row))
		return core_end(&c, t_skip(t, "CPUID.0AH:EBX[%u] = 1 or beyond EAX[31:24]: %s not "
					   "available (C-24)", row, core_event_name(row)));
	memset(&r, 0, sizeof(r));
	r.c = &c;
	r.ngp = core_gp_count(&c);
	first = core_gp_after(&c, CORE_MAX_GP - 1, 1);
	r.sel = SEL_COUNT(row);
	r.mask = c.gp_mask;
	r.half = c.gp_mask / 2;
	aim(&r, 0);
	for (n = 0; n < TRIALS && landed < LANDING && v == V_PASS; n++) {
		/* on silicon no handler's instructions join the count; the model's
		 * streams count none */
		if ((v = one_trial(t, &r, !c.model)) != V_PASS)
			break;
		CORE_FOR_GP(&c, i, 1) {
			bool ovf = r.status >> i & 1;
			uint64_t x = r.val[i];

			if (!x) {
				landed++;
				set_at_zero += ovf;
				continue;
			}
			CHECK(t, x <= r.half || !ovf, "IA32_PMC%u stopped at -0x%lx, short of 0, with "
			      "its overflow bit set (C-10)", i, (unsigned long)((0 - x) & r.mask));
			CHECK(t, x > r.half || ovf, "IA32_PMC%u went past 0 to 0x%lx without its "
			      "overflow bit (C-10, OQ-C12)", i, (unsigned long)x);
		}
		aim(&r, (r.val[first] + r.preset[first]) & r.mask);
	}
	t_figure(t, "windows_count", n, "count");
	t_figure(t, "stopped_at_rollover_count", landed, "count");
	t_figure(t, "status_set_at_rollover_count", set_at_zero, "count");
	if (v != V_PASS)
		return core_end(&c, v);
	/* not an open question: the model's stream is known to land (above);
	 * silicon's count between two writes may never stop a counter at 0 */
	if (!landed)
		return core_end(&c, c.model ? t_error(t, "no counter stopped exactly at its wrap in "
						      "%u windows: OQ-C12 not checked", n) : v);
	return core_end(&c, t_default(t, "OQ-C12", "the overflow bit set at the wrap",
				      set_at_zero == landed, "%u of %u counters stopped at 0, on the "
				      "event that wrapped them, had their overflow bit: it is set %s",
				      set_at_zero, landed, !set_at_zero ? "one event after the wrap "
				      "(C-19's NetBurst reading)" : "at either"));
}

/* Events to each overflow of clear_each: a few microseconds of any event. */
#define CLEAR_PRESET 1000ull
/* Bound on waiting for them (the model's time is the TSC's; TCG adds
 * scheduling delays), as suites/core/pmi.c. */
#define CLEAR_WAIT_US 1000000

/* C-07: each clear bit of IA32_PERF_GLOBAL_OVF_CTRL written alone clears
 * its own status bit and leaves every other one set. Every counter the CPUID
 * view has overflows, without INT or its PMI bit (C-10: status bits all the
 * same), then is stopped; then the bits are cleared one write each, general
 * counters first, each read back. On any PMU (C-07 is [BOTH]). */
static enum verdict clear_each(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	uint64_t all = 0, fc = 0, st = 0, left, bit, end, now;
	unsigned i, cleared = 0;

	if (v != V_PASS)
		return v;
	CORE_FOR_GP(&c, i, 1) { /* gp_set's: above a hole too (C-73) */
		if ((v = core_set_pmc(t, i, 0 - CLEAR_PRESET)) != V_PASS) /* C-15, C-17 */
			return core_end(&c, v);
		WR(t, CORE_SEL(i), SEL_COUNT(EV_CYCLES));
		all |= G_PMC(i);
	}
	for (i = 0; i < CORE_MAX_FIXED; i++) {
		if (!core_has_fixed(&c, i))
			continue; /* C-52, C-61 */
		WR(t, CORE_FIXED(i), (0 - CLEAR_PRESET) & c.fixed_mask); /* C-23 */
		fc |= FC_EN(i, 1);
		all |= G_FIXED(i);
	}
	if (c.fixed_set)
		WR(t, CORE_FIXED_CTL, fc);
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	WR(t, MSR_GLOBAL_CTRL, all);
	end = plat_tsc() + plat_tsc_hz() / 1000000 * CLEAR_WAIT_US;
	do { /* the time before the read: the last read is past the deadline */
		now = plat_tsc();
		RD(t, MSR_GLOBAL_STATUS, &st);
	} while ((st & all) != all && now < end);
	WR(t, MSR_GLOBAL_CTRL, 0);
	CHECK(t, (st & all) == all, "IA32_PERF_GLOBAL_STATUS 0x%lx lacks 0x%lx %u ms after every "
	      "counter's overflow was due (C-10)", (unsigned long)st, (unsigned long)all,
	      CLEAR_WAIT_US / 1000);
	for (left = all, i = 0; i < 64; i++) {
		if (!((bit = 1ull << i) & all))
			continue;
		WR(t, MSR_GLOBAL_OVF_CTRL, bit);
		RD(t, MSR_GLOBAL_STATUS, &st);
		left &= ~bit;
		cleared++;
		CHECK(t, (st & all) == left, "IA32_PERF_GLOBAL_OVF_CTRL = 0x%lx alone left status "
		      "0x%lx, want 0x%lx: exactly its own bit cleared (C-07)", (unsigned long)bit,
		      (unsigned long)(st & all), (unsigned long)left);
	}
	t_figure(t, "bits_cleared_singly_count", cleared, "count");
	return core_end(&c, V_PASS);
}

static const struct test core_ovf_tests[] = {
	{ .id = "core.ovf.preset", .desc = "a counter preset to -P has no overflow bit before its "
	  "P-th event and has it after P + 1; at the P-th, the wrap, the model has it (C-10, "
	  "OQ-C12)", .needs = NEED_CORE_PMU, .run = preset },
	{ .id = "core.ovf.clear-each", .desc = "each IA32_PERF_GLOBAL_OVF_CTRL bit written alone "
	  "clears its own status bit, general and fixed, and leaves the others set (C-07)",
	  .needs = NEED_CORE_PMU, .run = clear_each },
};
const struct suite core_ovf_suite = SUITE_EACH_TYPE("core.ovf", core_ovf_tests);
