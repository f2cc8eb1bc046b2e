/* core.state.preflight reads the core PMU registers the core suite writes
 * (the CPUID view's: IA32_PERF_GLOBAL_CTRL, IA32_FIXED_CTR_CTRL, the
 * PERFEVTSELs, the general and fixed counters) and IA32_PERF_GLOBAL_STATUS
 * before the first core test, printing what firmware left non-zero (OQ-C6):
 * on the BSP, and on a hybrid part on the first CPU of each other core type
 * as well, where the core suite runs too (C-61), each CPU by its own
 * CPUID.0AH (C-57): its general counters, and only the fixed counters its
 * enumeration has (C-52, C-53), never one it omits. core.state.restore,
 * after the last, writes them back on each of those CPUs and verifies them
 * by read-back, a mismatch being its ERROR: everything stopped first, each
 * counter written while its enable is clear (C-15) and verified before
 * GLOBAL_CTRL re-enables it, the overflow bits the tests left cleared
 * (C-07; status is read-only, so bits firmware left are reported, not
 * recreated). Without full-width writes (C-18) a general counter takes only
 * a 32-bit value sign-extended (C-17): a saved value that is not one cannot
 * be put back, which is said, not failed. After a pre-flight that saved
 * nothing on a CPU the restore still stops its core PMU (GLOBAL_CTRL 0,
 * C-09) and leaves it so. The uncore's state, DEBUGCTL and bit 61 included,
 * is harness/state.c's. */
#include "suites/core/core.h"
#include "harness/state.h"
#include "harness/cpu_topo.h"
#include "harness/runner.h"
#include "arch/cpuid.h"

#define STATUS_BITS G_COUNTERS

/* One CPU's core PMU as the pre-flight found it. */
struct cpu_state {
	unsigned cpu;
	bool have;
	struct core_enum e;
	uint32_t fixed_set; /* core_enum_fixed_set: the fixed counters it has */
	uint32_t gp_set;    /* core_enum_gp_set: the general ones, holes and all (C-73) */
	uint64_t global_ctl, fixed_ctl, status;
	uint64_t sel[CORE_MAX_GP], pmc[CORE_MAX_GP], fixed[CORE_MAX_FIXED];
	unsigned regs, left; /* registers saved, non-zero among them */
};

static struct {
	bool touched, restored;
	unsigned n; /* the BSP, then the first CPU of each other core type */
	struct cpu_state c[RUN_MAX_TYPES];
} saved;

bool core_state_owed(void)
{
	return saved.touched && !saved.restored;
}

bool core_state_holds(unsigned cpu)
{
	unsigned k;

	for (k = 0; saved.touched && k < saved.n; k++)
		if (saved.c[k].cpu == cpu)
			return true;
	return false;
}

static bool has_gp(const struct cpu_state *s, unsigned n)
{
	return n < CORE_MAX_GP && (s->gp_set >> n & 1);
}

static bool has_fixed(const struct cpu_state *s, unsigned j)
{
	return j < CORE_MAX_FIXED && (s->fixed_set >> j & 1);
}

/* "CPU 2, E-core (20H)"; "CPU 0" where the part is not hybrid. */
static const char *where(const struct cpu_state *s, char *buf, size_t len)
{
	snprintf(buf, len, "CPU %u%s%s", s->cpu, s->e.hybrid ? ", " : "",
		 s->e.hybrid ? core_type_name(s->e.core_type) : "");
	return buf;
}

static unsigned nonzero(const struct cpu_state *s, uint32_t msr, uint64_t v)
{
	char at[48];

	if (v)
		plat_log(1, "  preflight: core MSR 0x%x = 0x%lx left by firmware (%s)", msr,
			 (unsigned long)v, where(s, at, sizeof(at)));
	return v != 0;
}

static enum verdict save_here(struct tctx *t, struct cpu_state *s)
{
	unsigned n;

	core_enum_read(&s->e);
	s->fixed_set = core_enum_fixed_set(&s->e);
	s->gp_set = core_enum_gp_set(&s->e);
	if (s->e.version >= 2) {
		RD(t, MSR_GLOBAL_CTRL, &s->global_ctl);
		RD(t, MSR_GLOBAL_STATUS, &s->status);
		s->left += nonzero(s, MSR_GLOBAL_CTRL, s->global_ctl) +
			nonzero(s, MSR_GLOBAL_STATUS, s->status);
		s->regs += 2;
		if (s->fixed_set) {
			RD(t, CORE_FIXED_CTL, &s->fixed_ctl);
			s->left += nonzero(s, CORE_FIXED_CTL, s->fixed_ctl);
			s->regs++;
		}
	}
	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!has_gp(s, n))
			continue; /* C-66: a hole of the bitmap is no register */
		RD(t, CORE_SEL(n), &s->sel[n]);
		RD(t, CORE_PMC(n), &s->pmc[n]);
		s->left += nonzero(s, CORE_SEL(n), s->sel[n]) + nonzero(s, CORE_PMC(n), s->pmc[n]);
		s->regs += 2;
	}
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (has_fixed(s, n)) {
			RD(t, CORE_FIXED(n), &s->fixed[n]);
			s->left += nonzero(s, CORE_FIXED(n), s->fixed[n]);
			s->regs++;
		}
	s->have = true;
	return V_PASS;
}

/* Write msr and read it back: it must read `want`. */
static enum verdict put(struct tctx *t, const struct cpu_state *s, uint32_t wmsr, uint32_t rmsr,
			uint64_t v, uint64_t want)
{
	char at[48];
	uint64_t now;

	WR(t, wmsr, v);
	RD(t, rmsr, &now);
	if (now != want)
		return t_error(t, "core MSR 0x%x reads 0x%lx after restoring 0x%lx (%s)", rmsr,
			       (unsigned long)now, (unsigned long)want, where(s, at, sizeof(at)));
	return V_PASS;
}

/* C-17: what a 32-bit write of v leaves in a counter of the saved width. */
static uint64_t sign_extended(const struct cpu_state *s, uint64_t v)
{
	uint64_t m = (1ull << s->e.gp_width) - 1, low = (uint32_t)v;

	return ((low >> 31) ? low | ~0xFFFFFFFFull : low) & m;
}

static enum verdict restore_counters(struct tctx *t, const struct cpu_state *s)
{
	bool fw = core_enum_full_width(&s->e);
	enum verdict v = V_PASS;
	unsigned n;

	for (n = 0; n < CORE_MAX_GP && v == V_PASS; n++) {
		if (!has_gp(s, n))
			continue;
		uint64_t want = fw ? s->pmc[n] : sign_extended(s, s->pmc[n]);

		WR(t, CORE_SEL(n), 0); /* C-15 */
		if (want != s->pmc[n])
			plat_log(0, "  restore: IA32_PMC%u of CPU %u was 0x%lx, which a 32-bit write "
				 "cannot restore without full-width writes (C-17, C-18); left at "
				 "0x%lx", n, s->cpu, (unsigned long)s->pmc[n], (unsigned long)want);
		v = put(t, s, fw ? CORE_A_PMC(n) : CORE_PMC(n), CORE_PMC(n), s->pmc[n], want);
		if (v == V_PASS)
			v = put(t, s, CORE_SEL(n), CORE_SEL(n), s->sel[n], s->sel[n]);
	}
	for (n = 0; n < CORE_MAX_FIXED && v == V_PASS; n++)
		if (has_fixed(s, n))
			v = put(t, s, CORE_FIXED(n), CORE_FIXED(n), s->fixed[n], s->fixed[n]);
	return v;
}

static enum verdict restore_here(struct tctx *t, struct cpu_state *s)
{
	char at[48];
	enum verdict v;
	uint64_t st;

	if (!s->have) { /* what to stop: the enumeration the pre-flight did not keep */
		core_enum_read(&s->e);
		s->fixed_set = core_enum_fixed_set(&s->e);
		s->gp_set = core_enum_gp_set(&s->e);
	}
	if (s->e.version >= 2) {
		WR(t, MSR_GLOBAL_CTRL, 0); /* stopped, so restored counters hold still */
		if (s->fixed_set)
			WR(t, CORE_FIXED_CTL, 0);
	}
	if (!s->have)
		return t_error(t, "nothing was saved on %s (core.state.preflight did not pass); "
			       "its core PMU is left stopped", where(s, at, sizeof(at)));
	v = restore_counters(t, s);
	if (v != V_PASS || s->e.version < 2)
		return v;
	if (s->fixed_set && (v = put(t, s, CORE_FIXED_CTL, CORE_FIXED_CTL, s->fixed_ctl,
				     s->fixed_ctl)) != V_PASS)
		return v;
	RD(t, MSR_GLOBAL_STATUS, &st);
	WR(t, MSR_GLOBAL_OVF_CTRL, st & ~s->status & STATUS_BITS); /* C-07 */
	RD(t, MSR_GLOBAL_STATUS, &st);
	if ((st ^ s->status) & STATUS_BITS)
		plat_log(0, "  restore: IA32_PERF_GLOBAL_STATUS counter bits 0x%lx, 0x%lx at the "
			 "start (read-only: set bits cannot be recreated; %s)",
			 (unsigned long)(st & STATUS_BITS), (unsigned long)(s->status & STATUS_BITS),
			 where(s, at, sizeof(at)));
	if (st & ~s->status & STATUS_BITS)
		return t_error(t, "IA32_PERF_GLOBAL_OVF_CTRL left status bits 0x%lx set on %s "
			       "(C-07)", (unsigned long)(st & ~s->status & STATUS_BITS),
			       where(s, at, sizeof(at)));
	return put(t, s, MSR_GLOBAL_CTRL, MSR_GLOBAL_CTRL, s->global_ctl, s->global_ctl);
}

/* One CPU's save or restore, run on that CPU. */
struct job {
	struct tctx *t;
	struct cpu_state *s;
	enum verdict (*fn)(struct tctx *t, struct cpu_state *s);
	enum verdict v;
};

static void job_here(void *p)
{
	struct job *j = p;

	j->v = j->fn(j->t, j->s);
}

/* fn on each saved CPU in turn, every one of them whatever the others
 * gave; the first verdict that is not a PASS. */
static enum verdict each_cpu(struct tctx *t, enum verdict (*fn)(struct tctx *t,
								  struct cpu_state *s))
{
	enum verdict v = V_PASS;
	unsigned k;

	for (k = 0; k < saved.n; k++) {
		struct job j = { .t = t, .s = &saved.c[k], .fn = fn, .v = V_PASS };
		int vec, rc = plat_run_on(j.s->cpu, job_here, &j, cpu_answer_bound_us(), &vec);

		if (rc == PLAT_EFAULT)
			j.v = t_error(t, "CPU exception %d on CPU %u", vec, j.s->cpu);
		else if (rc)
			j.v = t_error(t, "the job on CPU %u did not complete (%d%s)", j.s->cpu, rc,
				      plat_cpu_lost(j.s->cpu) ? ", lost" : "");
		if (v == V_PASS)
			v = j.v;
		if (j.s->e.hybrid)
			t_figure_at(t, "core_type_id", FIG_CPU, j.s->cpu, j.s->e.core_type, "id");
	}
	t_figure(t, "cpus_count", saved.n, "count");
	return v;
}

/* "CPU 0, P-core (40H); CPU 2, E-core (20H)": the CPUs a hybrid part's
 * bracket covers, said before its result line. */
static void say_cpus(const char *what)
{
	char list[160], at[48];
	unsigned k, n = 0;

	if (saved.n < 2)
		return;
	for (k = 0; k < saved.n && n < sizeof(list); k++)
		n += snprintf(list + n, sizeof(list) - n, "%s%s", k ? "; " : "",
			      where(&saved.c[k], at, sizeof(at)));
	plat_log(0, "  %s the core PMU of %s", what, list);
}

/* The CPUs the bracket covers, none of them saved yet: the first of each
 * core type (cpu_topo_types, the BSP's first), or where the part is not
 * hybrid the BSP alone. */
static void cover(void)
{
	struct run_types types;
	unsigned k;

	memset(saved.c, 0, sizeof(saved.c));
	cpu_topo_types(&types);
	saved.n = types.n ? types.n : 1;
	for (k = 0; k < types.n; k++)
		saved.c[k].cpu = types.cpu[k];
}

static enum verdict preflight(struct tctx *t)
{
	unsigned k, regs = 0, left = 0;
	enum verdict v;

	saved.touched = true;
	saved.restored = false;
	cover();
	v = each_cpu(t, save_here);
	for (k = 0; k < saved.n; k++) {
		regs += saved.c[k].regs;
		left += saved.c[k].left;
	}
	say_cpus("preflight: saved");
	t_figure(t, "registers_saved_count", regs, "count");
	t_figure(t, "nonzero_at_start_count", left, "count");
	return v;
}

static enum verdict restore(struct tctx *t)
{
	saved.restored = true;
	if (!saved.n) /* no pre-flight in this boot (a run resumed past it) */
		cover();
	say_cpus("restore: put back");
	return each_cpu(t, restore_here);
}

const struct test core_state_preflight = {
	.id = "core.state.preflight",
	.desc = "save the core PMU registers of the BSP (and, on a hybrid part, of the first "
	  "CPU of each other core type) before the core tests; print what firmware left non-zero",
	.needs = NEED_CORE_PMU,
	.run = preflight,
};

const struct test core_state_restore = {
	.id = "core.state.restore",
	.desc = "write the saved core PMU registers back on each CPU they were saved on and verify "
	  "them by read-back",
	.needs = NEED_CORE_PMU,
	.run = restore,
};
