/* Fault catching: the *_safe accessors and the recovery of an unexpected
 * exception, on the BSP and on every AP. The uncore tests rely on both: a
 * missing MSR on real hardware must be a reported #GP, never a hang. */
#include "suites/self/self.h"
#include "arch/fault.h"
#include "arch/apic.h"
#include "arch/msr.h"

struct probe {
	int gp, ud, good;   /* vectors caught; good = vector from a valid rdmsr */
	int rd_gp, wr_gp;   /* vectors from MSR accesses that must raise #GP */
	uint32_t rd_msr;    /* the MSR read for rd_gp */
	uint64_t apic_base; /* what the valid rdmsr returned */
	bool ran;
};

/* MSR accesses that raise #GP on every CPU with a local APIC, so the *_safe
 * accessors are proven on real faults even under TCG, which ignores unknown
 * MSRs (C-13): in xAPIC mode the x2APIC MSR range is not accessible (SDM Vol.
 * 3A 10.12.1.2), so reading 0x802 faults; in x2APIC mode 0x80E (DFR) is not an
 * x2APIC register (C-35). Writing 0x802 faults in both modes: inaccessible
 * in xAPIC mode, read-only in x2APIC mode (C-33). The value written is the
 * CPU's own id, so even a CPU that wrongly accepted it would be unchanged. */
static void probe_here(struct probe *p)
{
	uint64_t v;

	p->gp = fault_probe_gp();
	p->ud = fault_probe_ud();
	p->good = rdmsr_safe(MSR_IA32_APIC_BASE, &p->apic_base);
	p->rd_msr = (p->apic_base & APIC_BASE_EXTD) ? 0x80E : 0x802;
	p->rd_gp = rdmsr_safe(p->rd_msr, &v);
	p->wr_gp = wrmsr_safe(0x802, apic_id());
	p->ran = true;
}

/* Returns a reason, or NULL if the probe results are right. */
static const char *judge(const struct probe *p, char *why, size_t len)
{
	if (!p->ran)
		snprintf(why, len, "probe did not run");
	else if (p->gp != VEC_GP)
		snprintf(why, len, "segment load beyond the GDT limit: caught vector %d, want 13 (#GP)",
			 p->gp);
	else if (p->ud != VEC_UD)
		snprintf(why, len, "ud2: caught vector %d, want 6 (#UD)", p->ud);
	else if (p->good || !(p->apic_base & APIC_BASE_EN))
		snprintf(why, len, "rdmsr_safe(IA32_APIC_BASE) gave vector %d value 0x%lx",
			 p->good, (unsigned long)p->apic_base);
	else if (p->rd_gp != VEC_GP)
		snprintf(why, len, "rdmsr_safe(0x%x) caught vector %d, want 13 (#GP)", p->rd_msr,
			 p->rd_gp);
	else if (p->wr_gp != VEC_GP)
		snprintf(why, len, "wrmsr_safe(0x802) caught vector %d, want 13 (#GP)", p->wr_gp);
	else
		return NULL;
	return why;
}

enum verdict self_fault_bsp(struct tctx *t)
{
	struct probe p = { 0 };
	char why[120];

	/* The #GP probe needs selector 0xFFF8 to lie beyond the GDT. */
	if (fault_gdt_limit() >= 0xFFF8)
		return t_skip(t, "GDT limit 0x%x covers selector 0xFFF8", fault_gdt_limit());
	probe_here(&p);
	CHECK(t, !judge(&p, why, sizeof(why)), "BSP: %s", why);
	return V_PASS;
}

static struct probe ap_probes[PLAT_MAX_CPUS];

static void probe_ap(void *arg)
{
	(void)arg;
	probe_here(&ap_probes[plat_this_cpu()]);
}

static void nothing(void *arg)
{
	(void)arg;
}

enum verdict self_fault_each_ap(struct tctx *t)
{
	unsigned i;
	char why[120];
	int rc;

	memset(ap_probes, 0, sizeof(ap_probes));
	rc = plat_run_all(probe_ap, nothing, NULL, 5000000);
	if (rc)
		return t_error(t, "running the probes on the APs failed (error %d)", rc);
	for (i = 1; i < plat_cpu_count(); i++)
		CHECK(t, !judge(&ap_probes[i], why, sizeof(why)), "CPU %u (APIC id %u): %s", i,
		      plat_cpu(i)->apic_id, why);
	t_figure(t, "aps_count", plat_cpu_count() - 1, "count");
	return V_PASS;
}

/* A ud2 that is NOT in the fixup table: only the recovery point saves us. */
static void stray_ud2(void *arg)
{
	volatile int *reached = arg;

	__asm__ volatile("ud2");
	*reached = 1;
}

enum verdict self_fault_unexpected(struct tctx *t)
{
	volatile int reached = 0;
	char why[T_REASON_LEN];
	int vec, rc;

	vec = plat_guarded(stray_ud2, (void *)&reached, why, sizeof(why));
	CHECK(t, vec == 6, "BSP: guarded call returned vector %d, want 6 (#UD)", vec);
	CHECK(t, !reached, "BSP: execution continued past the faulting instruction");
	if (plat_cpu_count() < 2)
		return V_PASS;
	rc = plat_run_on(1, stray_ud2, (void *)&reached, 2000000, &vec);
	CHECK(t, rc == PLAT_EFAULT && vec == 6, "AP 1: run_on returned %d vector %d, want "
	      "a #UD fault report", rc, vec);
	CHECK(t, !reached, "AP 1: execution continued past the faulting instruction");
	/* The AP must still take work afterwards. */
	rc = plat_run_on(1, nothing, NULL, 2000000, &vec);
	CHECK(t, rc == PLAT_OK, "AP 1 unusable after the recovered fault (error %d)", rc);
	return V_PASS;
}
