/* Register trace buffer (pmu/trace.h). */
#include "trace.h"

static const struct uncore_gen *gen;
static struct msr_trace buf[TRACE_MAX];
static volatile unsigned next;
static volatile bool on;

void pmu_trace_set_gen(const struct uncore_gen *g)
{
	gen = g;
}

void pmu_trace_start(bool enable)
{
	on = false;
	next = 0;
	on = enable;
}

void pmu_trace_add(unsigned cpu, uint32_t msr, bool write, uint64_t val, int rc)
{
	unsigned i;

	if (!on)
		return;
	i = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
	if (i < TRACE_MAX)
		buf[i] = (struct msr_trace){ msr, (uint16_t)cpu, write, (int8_t)rc, val };
}

unsigned pmu_trace_get(const struct msr_trace **out, unsigned *dropped)
{
	unsigned n = next;

	*out = buf;
	*dropped = n > TRACE_MAX ? n - TRACE_MAX : 0;
	return n > TRACE_MAX ? TRACE_MAX : n;
}

void pmu_trace_name(uint32_t msr, char *name, size_t len)
{
	struct reg_ref r;

	if ((gen && reg_lookup(gen, msr, &r)) || reg_lookup(&core_pmu_regs, msr, &r))
		reg_name(&r, name, len);
	else
		snprintf(name, len, "?");
}
