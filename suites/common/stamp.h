/* A counter read dated by the TSC reads around it, for rates measured
 * against the TSC (suites/common/stamp.c): the nhm and client suites'
 * U-clock, the discovery units' clocks. */
#ifndef TESTS_STAMP_H
#define TESTS_STAMP_H

#include "lib/rt.h"
#include "pmu/backend/space.h"

/* The date is the midpoint of the two TSC reads, so a read whose two TSC
 * reads are more than STAMP_BRACKET_US apart is redone (the CPU, or its
 * vCPU thread, was away and the midpoint would misdate it; under TCG the
 * first read after a Stall usually is). 0, the MSR error, or
 * PLAT_ETIMEDOUT if none of STAMP_TRIES reads was undisturbed. */
#define STAMP_BRACKET_US 20
#define STAMP_TRIES      64
int msr_stamp(uint32_t msr, uint64_t *val, uint64_t *tsc);
/* The same of any register of the space layer (an MMIO counter). */
int reg_stamp(const struct reg_loc *l, uint64_t *val, uint64_t *tsc);

#endif
