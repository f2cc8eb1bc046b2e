/* Package cores from the platform's CPU list (pmu/topo.h). */
#include "pmu/topo.h"
#include "lib/platform.h"

/* True if no CPU listed before `i` shares its package and core. */
static bool first_of_core(unsigned i)
{
	unsigned j;

	for (j = 0; j < i; j++)
		if (plat_cpu(j)->package == plat_cpu(i)->package &&
		    plat_cpu(j)->core == plat_cpu(i)->core)
			return false;
	return true;
}

unsigned topo_core_index(unsigned cpu)
{
	const struct plat_cpu *me = plat_cpu(cpu);
	unsigned i, below = 0;

	for (i = 0; i < plat_cpu_count(); i++)
		if (plat_cpu(i)->package == me->package && plat_cpu(i)->core < me->core)
			below += first_of_core(i);
	return below;
}

unsigned topo_package_cores(uint32_t pkg)
{
	unsigned i, n = 0;

	for (i = 0; i < plat_cpu_count(); i++)
		if (plat_cpu(i)->package == pkg)
			n += first_of_core(i);
	return n;
}
