/* CPU topology as the uncore sees it: a package's cores, numbered as the
 * emulated uncores number them and the tests expect (OQ-N4, OQ-X2 default;
 * the SNB-EP C-boxes and PCU occupancy, OQ-S15, S-26): core k of a package
 * is its k-th distinct core id in ascending order. */
#ifndef PMU_TOPO_H
#define PMU_TOPO_H

#include "lib/rt.h"

/* The index of CPU `cpu`'s core within its package. */
unsigned topo_core_index(unsigned cpu);
/* How many distinct cores package id `pkg` has. */
unsigned topo_package_cores(uint32_t pkg);

#endif
