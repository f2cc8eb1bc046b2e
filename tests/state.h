/* Pre-flight and restore of the uncore state around a run that touches it,
 * and of the core PMU's around the core suite (tests/core/state.c): leave
 * the machine as found. */
#ifndef TESTS_STATE_H
#define TESTS_STATE_H

#include "fw/test.h"
#include "../pmu/regs.h"

/* The generation whose registers are saved (NULL: nothing to do). */
void state_set_gen(const struct uncore_gen *g);

extern const struct test state_preflight, state_restore;
extern const struct test core_state_preflight, core_state_restore;

#endif
