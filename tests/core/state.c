/* core.state.preflight reads the BSP's core PMU registers the core suite
 * writes (the CPUID view's: IA32_PERF_GLOBAL_CTRL, IA32_FIXED_CTR_CTRL, the
 * PERFEVTSELs, the general and fixed counters) and IA32_PERF_GLOBAL_STATUS
 * before the first core test, printing what firmware left non-zero (OQ-C6).
 * core.state.restore, after the last, writes them back and verifies them by
 * read-back, a mismatch being its ERROR: everything stopped first, each
 * counter written while its enable is clear (C-15) and verified before
 * GLOBAL_CTRL re-enables it, the overflow bits the tests left cleared
 * (C-07; status is read-only, so bits firmware left are reported, not
 * recreated). Without full-width writes (C-18) a general counter takes only
 * a 32-bit value sign-extended (C-17): a saved value that is not one cannot
 * be put back, which is said, not failed. After a pre-flight that saved
 * nothing the restore still stops the core PMU (GLOBAL_CTRL 0, C-09) and
 * leaves it so. The uncore's state, DEBUGCTL and bit 61 included, is
 * tests/state.c's. */
#include "core.h"
#include "../state.h"

#define STATUS_BITS G_COUNTERS

static struct {
	bool have, touched, restored;
	struct core_enum e;
	uint64_t global_ctl, fixed_ctl, status;
	uint64_t sel[CORE_MAX_GP], pmc[CORE_MAX_GP], fixed[CORE_MAX_FIXED];
} saved;

bool core_state_touched(void)
{
	return saved.touched;
}

bool core_state_owed(void)
{
	return saved.touched && !saved.restored;
}

static unsigned ngp(void)
{
	return saved.e.ngp < CORE_MAX_GP ? saved.e.ngp : CORE_MAX_GP;
}

static unsigned nfixed(void)
{
	return saved.e.nfixed < CORE_MAX_FIXED ? saved.e.nfixed : CORE_MAX_FIXED;
}

static unsigned nonzero(uint32_t msr, uint64_t v)
{
	if (v)
		plat_log(1, "  preflight: BSP core MSR 0x%x = 0x%lx left by firmware", msr,
			 (unsigned long)v);
	return v != 0;
}

static enum verdict preflight(struct tctx *t)
{
	unsigned n, left = 0, regs = 0;

	saved.have = false;
	saved.touched = true;
	saved.restored = false;
	core_enum_read(&saved.e);
	if (saved.e.version >= 2) {
		RD(t, MSR_GLOBAL_CTRL, &saved.global_ctl);
		RD(t, MSR_GLOBAL_STATUS, &saved.status);
		left += nonzero(MSR_GLOBAL_CTRL, saved.global_ctl) +
			nonzero(MSR_GLOBAL_STATUS, saved.status);
		regs += 2;
		if (nfixed()) {
			RD(t, CORE_FIXED_CTL, &saved.fixed_ctl);
			left += nonzero(CORE_FIXED_CTL, saved.fixed_ctl);
			regs++;
		}
	}
	for (n = 0; n < ngp(); n++) {
		RD(t, CORE_SEL(n), &saved.sel[n]);
		RD(t, CORE_PMC(n), &saved.pmc[n]);
		left += nonzero(CORE_SEL(n), saved.sel[n]) + nonzero(CORE_PMC(n), saved.pmc[n]);
		regs += 2;
	}
	for (n = 0; n < nfixed(); n++) {
		RD(t, CORE_FIXED(n), &saved.fixed[n]);
		left += nonzero(CORE_FIXED(n), saved.fixed[n]);
		regs++;
	}
	saved.have = true;
	t_figure(t, "registers_saved_count", regs, "count");
	t_figure(t, "nonzero_at_start_count", left, "count");
	return V_PASS;
}

/* Write msr and read it back: it must read `want`. */
static enum verdict put(struct tctx *t, uint32_t wmsr, uint32_t rmsr, uint64_t v, uint64_t want)
{
	uint64_t now;

	WR(t, wmsr, v);
	RD(t, rmsr, &now);
	if (now != want)
		return t_error(t, "BSP core MSR 0x%x reads 0x%lx after restoring 0x%lx", rmsr,
			       (unsigned long)now, (unsigned long)want);
	return V_PASS;
}

/* C-17: what a 32-bit write of v leaves in a counter of the saved width. */
static uint64_t sign_extended(uint64_t v)
{
	uint64_t m = (1ull << saved.e.gp_width) - 1, low = (uint32_t)v;

	return ((low >> 31) ? low | ~0xFFFFFFFFull : low) & m;
}

static enum verdict restore_counters(struct tctx *t)
{
	bool fw = core_enum_full_width(&saved.e);
	enum verdict v = V_PASS;
	unsigned n;

	for (n = 0; n < ngp() && v == V_PASS; n++) {
		uint64_t want = fw ? saved.pmc[n] : sign_extended(saved.pmc[n]);

		WR(t, CORE_SEL(n), 0); /* C-15 */
		if (want != saved.pmc[n])
			plat_log(0, "  restore: IA32_PMC%u was 0x%lx, which a 32-bit write cannot "
				 "restore without full-width writes (C-17, C-18); left at 0x%lx",
				 n, (unsigned long)saved.pmc[n], (unsigned long)want);
		v = put(t, fw ? CORE_A_PMC(n) : CORE_PMC(n), CORE_PMC(n), saved.pmc[n], want);
		if (v == V_PASS)
			v = put(t, CORE_SEL(n), CORE_SEL(n), saved.sel[n], saved.sel[n]);
	}
	for (n = 0; n < nfixed() && v == V_PASS; n++)
		v = put(t, CORE_FIXED(n), CORE_FIXED(n), saved.fixed[n], saved.fixed[n]);
	return v;
}

static enum verdict restore(struct tctx *t)
{
	enum verdict v;
	uint64_t st;

	saved.restored = true;
	if (saved.e.version >= 2) {
		WR(t, MSR_GLOBAL_CTRL, 0); /* stopped, so restored counters hold still */
		if (nfixed())
			WR(t, CORE_FIXED_CTL, 0);
	}
	if (!saved.have)
		return t_error(t, "nothing was saved (core.state.preflight did not pass); "
			       "the core PMU is left stopped");
	v = restore_counters(t);
	if (v != V_PASS || saved.e.version < 2)
		return v;
	if (nfixed() && (v = put(t, CORE_FIXED_CTL, CORE_FIXED_CTL, saved.fixed_ctl,
				 saved.fixed_ctl)) != V_PASS)
		return v;
	RD(t, MSR_GLOBAL_STATUS, &st);
	WR(t, MSR_GLOBAL_OVF_CTRL, st & ~saved.status & STATUS_BITS); /* C-07 */
	RD(t, MSR_GLOBAL_STATUS, &st);
	if ((st ^ saved.status) & STATUS_BITS)
		plat_log(0, "  restore: IA32_PERF_GLOBAL_STATUS counter bits 0x%lx, 0x%lx at the "
			 "start (read-only: set bits cannot be recreated)",
			 (unsigned long)(st & STATUS_BITS), (unsigned long)(saved.status & STATUS_BITS));
	if (st & ~saved.status & STATUS_BITS)
		return t_error(t, "IA32_PERF_GLOBAL_OVF_CTRL left status bits 0x%lx set (C-07)",
			       (unsigned long)(st & ~saved.status & STATUS_BITS));
	return put(t, MSR_GLOBAL_CTRL, MSR_GLOBAL_CTRL, saved.global_ctl, saved.global_ctl);
}

const struct test core_state_preflight = {
	.id = "core.state.preflight",
	.desc = "save the BSP's core PMU registers before the core tests; print what firmware left "
	  "non-zero",
	.needs = NEED_CORE_PMU,
	.run = preflight,
};

const struct test core_state_restore = {
	.id = "core.state.restore",
	.desc = "write the saved core PMU registers back and verify them by read-back",
	.needs = NEED_CORE_PMU,
	.run = restore,
};
