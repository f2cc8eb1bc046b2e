/* The fork-join of the PMI routing tests (suites/common/pmi.h: pmi_fork): every AP
 * armed and listening, the BSP driving the rounds of struct pmi_rounds. */
#include "suites/common/pmi.h"

static void on_kick(unsigned vector)
{
	(void)vector;
}

/* The BSP: wait until every AP counted itself in f->ready, at most 10 s;
 * else the reason in f->why. */
static void aps_ready(struct pmi_rounds *f)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() * 10;
	unsigned aps = plat_cpu_count() - 1;

	while (f->ready < aps && plat_tsc() < end)
		;
	if (f->ready < aps)
		snprintf(f->why, sizeof(f->why), "only %u of %u APs came up to listen", f->ready,
			 aps);
}

/* The BSP's side of pmi_fork (struct pmi_rounds). */
static void drive(void *arg)
{
	struct pmi_rounds *f = arg;
	struct pmi_path a;
	unsigned r, i;
	int e;

	f->fault[0] = pmi_arm(&a, f->vec, true);
	aps_ready(f);
	for (r = 0; r < f->rounds && !f->why[0] && !f->fault[0]; r++)
		if (!f->round(arg, r))
			f->rounds = r + 1;
	f->done = true;
	/* A listener halted for WakePMI (suites/client/route.c) wakes only at
	 * an interrupt: where no PMI reached it (a routing defect), the kick
	 * does, so that it sees done now rather than at its own limit. */
	for (i = 1; i < plat_cpu_count(); i++)
		plat_apic_send_ipi(plat_cpu(i)->apic_id, f->kick, false);
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
	f->kick = kick;
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
