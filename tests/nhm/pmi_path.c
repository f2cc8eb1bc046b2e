/* The core side of the uncore PMI path on the calling CPU, opened for a test
 * and put back afterwards: a handler on a Fixed-mode vector, DEBUGCTL bit 13
 * (C-01, C-03: read-modify-write) and the LVT entry (C-26, unmasked). */
#include "nhm.h"

enum verdict nhm_pmi_path_open(struct tctx *t, struct nhm_pmi_path *p, unsigned vector,
			       plat_irq_fn fn)
{
	int rc = plat_irq_register(vector, fn);

	memset(p, 0, sizeof(*p));
	if (rc)
		return t_error(t, "cannot register vector 0x%x (error %d)", vector, rc);
	p->vector = vector;
	p->lvt = pmu_lvtpc_read();
	RD(t, MSR_DEBUGCTL, &p->debugctl);
	p->saved = true;
	WR(t, MSR_DEBUGCTL, p->debugctl | DEBUGCTL_UNCORE_PMI);
	pmu_lvtpc_write(vector);
	return V_PASS;
}

void nhm_pmi_path_close(const struct nhm_pmi_path *p)
{
	unsigned me = plat_this_cpu();

	if (!p->vector)
		return;
	if (p->saved) {
		msr_write(me, MSR_CORE_OVF_CTRL, CORE_OVF_UNCORE); /* C-07: bit 61 of the PMIs */
		msr_write(me, MSR_DEBUGCTL, p->debugctl);
		pmu_lvtpc_write(p->lvt);
	}
	plat_irq_unregister(p->vector);
}
