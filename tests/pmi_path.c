/* The core side of the PMI path on the calling CPU, opened for a test and
 * put back afterwards: DEBUGCTL bit 13 (C-01, C-03: read-modify-write) and
 * the LVT entry (C-25, C-26); open also puts a handler on the vector. */
#include "pmi.h"

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

static void on_kick(unsigned vector)
{
	(void)vector;
}

/* The BSP's side of pmi_fork (struct pmi_rounds). */
static void drive(void *arg)
{
	struct pmi_rounds *f = arg;
	struct pmi_path a;
	unsigned r;
	int e;

	f->fault[0] = pmi_arm(&a, f->vec, true);
	pmi_aps_ready(&f->ready, f->why, sizeof(f->why));
	for (r = 0; r < f->rounds && !f->why[0] && !f->fault[0]; r++)
		if (!f->round(arg, r))
			f->rounds = r + 1;
	f->done = true;
	f->after(arg);
	e = pmi_disarm(&a);
	if (!f->fault[0])
		f->fault[0] = e;
}

enum verdict pmi_fork(struct tctx *t, unsigned vec, plat_irq_fn on_pmi, unsigned kick,
		      void (*listen)(void *), struct pmi_rounds *f, unsigned limit_s)
{
	int rc = plat_irq_register(vec, on_pmi);
	unsigned i;

	if (!rc && (rc = plat_irq_register(kick, on_kick)))
		plat_irq_unregister(vec);
	if (rc)
		return t_error(t, "cannot register vectors 0x%x, 0x%x (error %d)", vec, kick, rc);
	f->vec = vec;
	rc = plat_run_all(listen, drive, f, (uint64_t)limit_s * 2000000);
	plat_irq_unregister(kick);
	plat_irq_unregister(vec);
	if (rc)
		return t_error(t, "running the listeners on every CPU failed (error %d)", rc);
	if (f->why[0])
		return t_error(t, "%s", f->why);
	for (i = 0; i < plat_cpu_count(); i++)
		if (f->fault[i])
			return t_error(t, "an MSR access on CPU %u faulted (%d)", i, f->fault[i]);
	return V_PASS;
}

bool pmi_aps_ready(volatile unsigned *ready, char *why, size_t len)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() * 10;
	unsigned aps = plat_cpu_count() - 1;

	while (*ready < aps && plat_tsc() < end)
		;
	if (*ready < aps)
		snprintf(why, len, "only %u of %u APs came up to listen", *ready, aps);
	return *ready >= aps;
}
