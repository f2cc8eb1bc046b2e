/* inject=: faults caused on purpose, each on a path other than the happy
 * one, to show that the machine is left as found there too (harness/leave.h,
 * harness/state.c; ci/check_abnormal.sh boots each one and reads the
 * closing "state:" lines):
 *  - uncore.inject.gp-in-test arms every CPU's LVT entry (NMI, unmasked:
 *    C-26, C-28), sets the BSP's DEBUGCTL bit 13 (C-02), starts its core
 *    counter 0 (C-09, C-14) and every package's uncore controls, then
 *    takes a #GP: the runner catches it (ERROR) and stops everything
 *    before the next test;
 *  - uncore.inject.gp-outside-test does the same and passes, and the #GP
 *    comes after its result is written, in the session's own code:
 *    end_run then stops everything and runs the restores the runner never
 *    reached;
 *  - uncore.inject.ap-hang starts the uncore likewise, then leaves the
 *    first CPU of the last package spinning with its LVT armed and its
 *    DEBUGCTL bit set: it is lost, its package's uncore is restored
 *    through another CPU, and what only it holds is named, not restored;
 *  - inject=preflight-fail starts the uncore likewise before the run, as
 *    firmware may leave it, and harness/state.c's pre-flight then cannot read
 *    the last package's global controls: it ends ERROR, the uncore is
 *    stopped at once, what it saved is put back at the end (counting, as
 *    found) and what it could not is left stopped and named.
 * The suite holds the one test inject= names, none by default, so no
 * selection runs one unless asked; its ids are uncore.* (no generation's:
 * harness/runner.c). Target only: the host platform neither
 * catches a CPU exception nor loses a CPU. Counters start at 0 and enable
 * no PMI, so none comes (48 bits at GHz rates take days to wrap). */
#include "suites/self/self.h"
#include "suites/common/msr.h"
#include "harness/state.h"
#include "suites/common/pmi.h"
#include "arch/cpuid.h"
#include "arch/fault.h"
#include "arch/io.h"
#include "pmu/core_enum.h"
#include "pmu/regs/regs.h"

#define CORE_EVTSEL0     0x186
#define EVTSEL_CYCLES    0x42003Cull /* C-14, C-24: event 0x3C, OS (bit 17), EN (bit 22) */
/* A job of microseconds: a hang is declared after this (mp.c: lost). */
#define HANG_US 200000

static const struct uncore_gen *gen;

/* The enable fields of a control (EN_PC, EN_FC0, EN, en, en_all...): a
 * control with all of them set counts. */
static uint64_t enables(const struct reg_tmpl *tm)
{
	const struct field *f;
	uint64_t m = 0;

	for (f = tm->fields; f && f->name; f++)
		if ((f->name[0] | 0x20) == 'e' && (f->name[1] | 0x20) == 'n')
			m |= field_mask(f);
	return m;
}

/* On the first CPU of each package, the first instance of every global
 * and counter control of the generation, all enables set: 0, or the error
 * of the write that failed (*cpu, *msr). */
static int start_uncore(unsigned *cpu, uint32_t *msr)
{
	struct core_enum e;
	unsigned b, ti;
	int rc;

	core_enum_read(&e); /* for the model's box counts */
	for (*cpu = 0; *cpu < plat_cpu_count(); ++*cpu) {
		if (!package_first(*cpu))
			continue;
		for (b = 0; b < gen->nboxes; b++) {
			const struct box_type *bt = gen->boxes[b];

			for (ti = 0; ti < bt->nregs && bt->scope == SCOPE_PACKAGE &&
				     box_count(bt, e.model); ti++) {
				const struct reg_tmpl *tm = &bt->regs[ti];

				*msr = reg_msr(tm, bt, 0, 0);
				if ((tm->role == ROLE_GLOBAL_CTL || tm->role == ROLE_CTL) &&
				    tm->access == RA_RW && (rc = msr_write(*cpu, *msr, enables(tm))))
					return rc;
			}
		}
	}
	return 0;
}

static enum verdict start_uncore_in(struct tctx *t)
{
	unsigned cpu;
	uint32_t msr;
	int rc = start_uncore(&cpu, &msr);

	return rc ? t_error(t, "CPU %u: starting 0x%x faulted (%d)", cpu, msr, rc) : V_PASS;
}

static void arm_lvt(void *arg)
{
	(void)arg;
	pmu_lvtpc_write(LVT_NMI);
}

/* Every CPU's LVT entry armed, the BSP's core PMU counting, the uncore
 * started. */
static enum verdict make_a_mess(struct tctx *t)
{
	struct core_enum e;
	uint64_t dbg;
	int rc = plat_run_all(arm_lvt, arm_lvt, NULL, cpu_answer_bound_us());

	if (rc)
		return t_error(t, "arming the LVT entries failed (error %d)", rc);
	RD(t, MSR_DEBUGCTL, &dbg);
	WR(t, MSR_DEBUGCTL, dbg | DEBUGCTL_UNCORE_PMI);
	core_enum_read(&e);
	if (e.version >= 2) {
		WR(t, CORE_EVTSEL0, EVTSEL_CYCLES);
		WR(t, MSR_GLOBAL_CTRL, 1);
	}
	return start_uncore_in(t);
}

/* Selector 0xFFF8 beyond the GDT limit: a #GP that no fixup catches.
 * Returns only if the GDT covers that selector (then no #GP can come). */
static void raise_gp(void)
{
	if (fault_gdt_limit() < 0xFFF8)
		__asm__ volatile("mov %w0, %%ds" : : "r"(0xFFF8) : "memory");
}

static enum verdict gp_in_test(struct tctx *t)
{
	enum verdict v = make_a_mess(t);

	if (v != V_PASS)
		return v;
	raise_gp();
	return t_error(t, "cannot inject: the GDT limit 0x%x covers selector 0xFFF8",
		       fault_gdt_limit());
}

static enum verdict gp_outside_test(struct tctx *t)
{
	return make_a_mess(t);
}

/* IF=0 (an AP job starts so) and no return: nothing but INIT reaches it. */
static void hang(void *arg)
{
	unsigned me = plat_this_cpu();
	uint64_t dbg;

	(void)arg;
	pmu_lvtpc_write(LVT_NMI);
	if (!msr_read(me, MSR_DEBUGCTL, &dbg))
		msr_write(me, MSR_DEBUGCTL, dbg | DEBUGCTL_UNCORE_PMI);
	for (;;)
		cpu_relax();
}

/* The first CPU of the last package, so that the package's registers must
 * go through another of its CPUs; the last CPU if there is one package. */
static unsigned victim(void)
{
	unsigned n = plat_cpu_count(), i = 0;

	while (plat_cpu(i)->package != plat_cpu(n - 1)->package)
		i++;
	return i ? i : n - 1;
}

static enum verdict ap_hang(struct tctx *t)
{
	unsigned cpu = victim();
	enum verdict v = start_uncore_in(t);
	int rc;

	if (v != V_PASS)
		return v;
	rc = plat_run_on(cpu, hang, NULL, HANG_US, NULL);
	if (rc != PLAT_ETIMEDOUT)
		return t_error(t, "CPU %u came back from the hang (error %d)", cpu, rc);
	return t_error(t, "CPU %u (APIC id %u) hangs, as inject=ap-hang asks: it is lost",
		       cpu, plat_cpu(cpu)->apic_id);
}

static const struct test inject_tests[] = {
	[INJECT_GP_IN_TEST] = { .id = "uncore.inject.gp-in-test", .desc = "arm every LVT entry, "
		  "start the counters, take a #GP", .needs = NEED_UNCORE | NEED_CORE_PMU,
		  .run = gp_in_test },
	[INJECT_GP_OUTSIDE_TEST] = { .id = "uncore.inject.gp-outside-test",
		  .desc = "arm every LVT entry, start the counters, pass; a #GP follows outside "
		  "any test", .needs = NEED_UNCORE | NEED_CORE_PMU, .run = gp_outside_test },
	[INJECT_AP_HANG] = { .id = "uncore.inject.ap-hang", .desc = "start the uncore, then leave "
		  "an AP hanging with its LVT entry armed", .needs = NEED_SMP2 | NEED_UNCORE,
		  .run = ap_hang },
};

struct suite inject_suite = { .name = "inject", .tests = inject_tests };

void inject_select(enum cfg_inject what, const struct uncore_gen *g)
{
	unsigned cpu;
	uint32_t msr;
	int rc;

	gen = g;
	if (what < ARRAY_SIZE(inject_tests) && inject_tests[what].id) {
		inject_suite.tests = &inject_tests[what];
		inject_suite.count = 1;
	}
	if (what == INJECT_PREFLIGHT_FAIL && gen && (rc = start_uncore(&cpu, &msr)))
		plat_log(0, "inject: CPU %u: starting 0x%x faulted (%d)", cpu, msr, rc);
}

void inject_after_result(const struct tresult *r)
{
	if (r->test != &inject_tests[INJECT_GP_OUTSIDE_TEST] || r->verdict != V_PASS)
		return;
	raise_gp();
	plat_log(0, "inject: no #GP: the GDT limit 0x%x covers selector 0xFFF8",
		 fault_gdt_limit());
}
