/* The current MSR backend (pmu/backend/backend.h). */
#include "pmu/backend/backend.h"
#include "pmu/backend/trace.h"

static const struct msr_backend *current;
void (*pmu_change_hook)(void);

static void changing(void)
{
	if (pmu_change_hook)
		pmu_change_hook();
}

void msr_backend_set(const struct msr_backend *b)
{
	current = b;
}

const struct msr_backend *msr_backend(void)
{
	return current;
}

int msr_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	uint64_t t = pmu_trace_clock();
	int rc = current->read(cpu, msr, val);

	pmu_trace_add(cpu, msr, false, *val, rc, t);
	return rc;
}

int msr_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	uint64_t t;
	int rc;

	changing();
	t = pmu_trace_clock();
	rc = current->write(cpu, msr, val);

	pmu_trace_add(cpu, msr, true, val, rc, t);
	return rc;
}

uint32_t pmu_lvtpc_read(void)
{
	return current->lvtpc_read();
}

void pmu_lvtpc_write(uint32_t v)
{
	changing();
	current->lvtpc_write(v);
}

uint32_t pmu_pmi_bound_us(void)
{
	return current->pmi_bound_us();
}

void pmu_pmi_flush(void)
{
	changing();
	current->pmi_flush();
}

void pmu_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	current->cpuid(leaf, subleaf, r);
}

bool pmu_core_emulated(void)
{
	return current->core_emulated();
}

void pmu_cstate(enum pmu_cstate s)
{
	uint64_t t;

	changing();
	t = pmu_trace_clock();
	current->cstate(s);
	pmu_trace_cstate(s, t);
}

void pmu_traffic(uint64_t phys, uint64_t bytes, bool write)
{
	uint64_t t = pmu_trace_clock();

	current->traffic(phys, bytes, write);
	pmu_trace_traffic(phys, bytes, write, t);
}
