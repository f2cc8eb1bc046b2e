/* The client PMI tests' source and handler (suites/client/client.h): the
 * fixed counter preset CL_LEAD_US of measured U-clock before its wrap with
 * its overflow forwarded (L-36, L-42), routed by the GLOBAL_CTRL select
 * bits the test gives (L-43). */
#include "suites/client/client.h"
#include "harness/cpu_topo.h"

struct cl_pmi cl_pmi;

/* Also an NMI handler in spirit: minimal, dated, one MSR read (L-45: the
 * handler finds the uncore's status bit); the count goes up last. */
void cl_on_pmi(unsigned vector)
{
	unsigned me = plat_this_cpu(), n = cl_pmi.hits[me] + 1;
	uint64_t st = 0;
	int e;

	(void)vector;
	if (n <= CL_PMI_AT)
		cl_pmi.at[me][n - 1] = plat_tsc();
	if (n > CL_STORM) { /* C-41: stop the source (L-81: FIXED_CTRL too), leave the entry masked */
		e = msr_write(me, cl_pmi.gctl_msr, 0);
		if (!e)
			e = msr_write(me, cl_pmi.fixed_msr, 0);
	} else {
		cl_pmi.lvt[me] = pmu_lvtpc_read();
		e = msr_read(me, cl_pmi.status_msr, &st);
		cl_pmi.status[me] = st;
		if (cl_pmi.rearm)
			pmu_lvtpc_write(cl_pmi.lvt[me] & ~LVT_MASKED);
	}
	if (e && !cl_pmi.fault) {
		cl_pmi.fault_cpu = (int)me;
		cl_pmi.fault = e;
	}
	__atomic_store_n(&cl_pmi.hits[me], n, __ATOMIC_SEQ_CST);
}

enum verdict cl_src_measure(struct tctx *t, struct cl_src *s)
{
	uint64_t hz;

	TRY(cl_begin(t, &s->l));
	TRY(cl_uclk_hz(t, &s->l, 5000, &hz));
	s->lead = hz / (1000000 / CL_LEAD_US);
	s->lead_tsc = cl_tsc_us(CL_LEAD_US);
	memset((void *)&cl_pmi, 0, sizeof(cl_pmi));
	cl_pmi.gctl_msr = s->l.gctl;
	cl_pmi.status_msr = s->l.status;
	cl_pmi.fixed_msr = s->l.fixed_ctl;
	return V_PASS;
}

static void keep(int *e, int rc)
{
	if (!*e)
		*e = rc;
}

int cl_src_stop(const struct cl_src *s)
{
	unsigned me = plat_this_cpu();
	int e = 0;

	keep(&e, msr_write(me, s->l.gctl, 0));
	keep(&e, msr_write(me, s->l.fixed_ctl, 0));
	keep(&e, cl_status_clear(&s->l));
	return e;
}

int cl_src_start(const struct cl_src *s, uint64_t gbits, bool clear, uint64_t *due, uint64_t *by)
{
	unsigned me = plat_this_cpu();
	uint64_t t0;
	int e = 0;

	keep(&e, msr_write(me, s->l.gctl, 0));
	if (clear)
		keep(&e, cl_status_clear(&s->l));
	keep(&e, msr_write(me, s->l.fixed_ctl, 0));
	keep(&e, msr_write(me, s->l.fixed_ctl + 1, (1ull << s->l.fixed_bits) - s->lead));
	keep(&e, msr_write(me, s->l.gctl, CL_GC_EN | gbits));
	t0 = plat_tsc();
	keep(&e, msr_write(me, s->l.fixed_ctl, CL_FC_EN | CL_FC_OVF_EN));
	*by = plat_tsc() + s->lead_tsc;
	*due = t0 + s->lead_tsc;
	return e;
}

uint64_t cl_bsp_select(const struct cl_layout *l)
{
	struct cpu_topo topo;

	if (!t_on_model())
		return (1ull << l->sel_bits) - 1;
	cpu_topo_read(&topo);
	return 1ull << cpu_topo_core(&topo, 0);
}
