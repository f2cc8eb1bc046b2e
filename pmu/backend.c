/* The current MSR backend (pmu/backend.h). */
#include "backend.h"

static const struct msr_backend *current;

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
	return current->read(cpu, msr, val);
}

int msr_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	return current->write(cpu, msr, val);
}

uint32_t pmu_lvtpc_read(void)
{
	return current->lvtpc_read();
}

void pmu_lvtpc_write(uint32_t v)
{
	current->lvtpc_write(v);
}
