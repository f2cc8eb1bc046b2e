/* PMI quiescence: when pmi_quiesce returns 0, every PMI the PMUs owed
 * for the overflows before the call has been taken by its handler on each CPU
 * of the mask, so a PMI count read then is final and a "no PMI" verdict
 * needs no guessed window. Two steps: the backend sends what it owes
 * (pmu_pmi_flush: hardware within its bound, the model at once); then a
 * fence IPI goes to each CPU and its handler's run is awaited. A pending
 * NMI is taken before any interrupt, and of two pending fixed vectors the
 * higher first (SDM vol. 3A 10.8.3.1); the fence vector is below every PMI
 * vector the tests use (0xF1 and up), and an interrupt handler runs with
 * IF = 0 until it returns, so the fence handler runs only after the PMI
 * handler has finished. */
#include "suites/common/pmi.h"
#include "arch/cpuid.h"

#define FENCE_VEC 0xE0       /* C-32: >= 0x20, below the PMI vectors */

static volatile unsigned fenced[PLAT_MAX_CPUS];
static bool registered;

static void on_fence(unsigned vector)
{
	(void)vector;
	__atomic_add_fetch(&fenced[plat_this_cpu()], 1, __ATOMIC_SEQ_CST);
}

int pmi_quiesce(uint64_t cpus)
{
	unsigned before[PLAT_MAX_CPUS], i, n = plat_cpu_count();
	uint64_t end;
	int rc;

	pmu_pmi_flush();
	/* Registered once for the run (efi/platform/exceptions.c removes every handler
	 * at the end): a fence still in flight after a timeout must find its
	 * handler, or it stays in service without EOI and blocks its class. */
	if (!registered) {
		rc = plat_irq_register(FENCE_VEC, on_fence);
		if (rc)
			return rc;
		registered = true;
	}
	for (i = 0; i < n; i++) {
		before[i] = fenced[i];
		if (!(cpus >> i & 1))
			continue;
		if (i == plat_this_cpu())
			plat_apic_self_ipi(FENCE_VEC);
		else if ((rc = plat_apic_send_ipi(plat_cpu(i)->apic_id, FENCE_VEC, false)))
			break;
	}
	/* A fence is another CPU's answer (arch/cpuid.h): 10 s under a
	 * hypervisor, where 8 vCPUs on 2 loaded host cores took PMIs over a
	 * second late and a 5 s fence once timed out beside a stress run. The
	 * time is read before each look, so the last look is past the bound
	 * even if this CPU was away in between. */
	end = plat_tsc() + plat_tsc_hz() / 1000000 * cpu_answer_bound_us();
	for (i = 0; i < n && !rc; i++) {
		uint64_t now;

		if (!(cpus >> i & 1))
			continue;
		do
			now = plat_tsc();
		while (fenced[i] == before[i] && now < end);
		if (fenced[i] == before[i])
			rc = PLAT_ETIMEDOUT;
	}
	return rc;
}
