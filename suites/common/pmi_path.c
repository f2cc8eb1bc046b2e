/* The core side of the PMI path on the calling CPU, opened for a test and
 * put back afterwards: DEBUGCTL bit 13 (C-01, C-03: read-modify-write) and
 * the LVT entry (C-25, C-26); open also puts a handler on the vector. */
#include "suites/common/pmi.h"

int pmi_arm(struct pmi_path *p, uint32_t lvt, bool uncore_pmi)
{
	unsigned me = plat_this_cpu();
	int e;

	p->saved = false;
	p->lvt = pmu_lvtpc_read();
	e = msr_read(me, MSR_DEBUGCTL, &p->debugctl);
	if (e)
		return e;
	p->saved = true;
	pmu_lvtpc_write(lvt);
	/* C-07: bit 61 starts clear, so that a later read shows this arming's
	 * deliveries (OQ-C4) */
	e = msr_write(me, MSR_GLOBAL_OVF_CTRL, OVF_UNCORE);
	if (e)
		return e;
	return msr_write(me, MSR_DEBUGCTL, uncore_pmi ? p->debugctl | DEBUGCTL_UNCORE_PMI
					       : p->debugctl & ~DEBUGCTL_UNCORE_PMI);
}

int pmi_disarm(const struct pmi_path *p)
{
	unsigned me = plat_this_cpu();
	int e, e61;

	if (!p->saved)
		return 0;
	pmu_lvtpc_write(p->lvt);
	e = msr_write(me, MSR_DEBUGCTL, p->debugctl);
	/* C-07: the bit 61 a delivery may have set (OQ-C4) */
	e61 = msr_write(me, MSR_GLOBAL_OVF_CTRL, OVF_UNCORE);
	return e ? e : e61;
}

enum verdict pmi_path_open(struct tctx *t, struct pmi_path *p, unsigned vector, uint32_t lvt,
			   bool uncore_pmi, plat_irq_fn fn)
{
	int rc = plat_irq_register(vector, fn);

	memset(p, 0, sizeof(*p));
	if (rc)
		return t_error(t, "cannot register vector 0x%x (error %d)", vector, rc);
	p->vector = vector;
	rc = pmi_arm(p, lvt, uncore_pmi);
	if (rc)
		return t_error(t, "arming the PMI path faulted (%d)", rc);
	return V_PASS;
}

void pmi_path_close(const struct pmi_path *p)
{
	if (!p->vector)
		return;
	pmi_disarm(p);
	plat_irq_unregister(p->vector);
}

enum verdict pmi_bsp_counted(struct tctx *t, const struct pmi_tally *p, unsigned want,
			     const char *after)
{
	unsigned n = p->hits[0], i;

	if (p->fault)
		return t_error(t, "an MSR access in the PMI handler failed on CPU %d (%d)",
			       p->fault_cpu, p->fault);
	CHECK(t, n <= p->storm, "PMI storm: %u PMIs, the handler stopped the source (C-41)", n);
	CHECK(t, n >= want, "no PMI within %u ms of %s", p->arrive_us / 1000, after);
	CHECK(t, n == want, "%u PMIs after %s, want %u (%s: one per overflow)", n, after, want,
	      p->one_per);
	for (i = 1; i < plat_cpu_count(); i++)
		CHECK(t, !p->hits[i], "CPU %u took %u PMIs; only the BSP is armed (%s)", i,
		      p->hits[i], p->bsp_only);
	return V_PASS;
}
