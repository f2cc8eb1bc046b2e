/* Pre-flight and restore of the uncore state around a run that touches it,
 * and of the core PMU's around the core suite (suites/core/state.c): leave
 * the machine as found. */
#ifndef TESTS_STATE_H
#define TESTS_STATE_H

#include "harness/test.h"
#include "pmu/regs/regs.h"

/* The generation whose registers are saved (NULL: nothing to do). */
void state_set_gen(const struct uncore_gen *g);

extern const struct test state_preflight, state_restore;
extern const struct test core_state_preflight, core_state_restore;

/* uncore.state.preflight ran and uncore.state.restore has not (a run that
 * ended outside a test still owes it). */
bool state_owed(void);
/* If the pre-flight ran: every uncore global and counter control 0, on
 * each package through a CPU of it that is not lost (a "state:" line says
 * what faulted); returns how many it found non-zero. */
unsigned state_stop(void);
/* The closing check: whether each package's global and counter controls,
 * and each PCI box instance's counter controls, read what the pre-flight
 * found, a "state:" line for each that does not or was never saved, and
 * for each package whose CPUs are all lost. False if the uncore was never
 * touched (no pre-flight). */
bool state_check(unsigned *as_found, unsigned *packages, unsigned *pci_as_found,
		 unsigned *pci_boxes);
/* Whether cpu is the first (lowest index) CPU of its package. */
bool package_first(unsigned cpu);

/* The same questions of the core PMU bracket: its pre-flight ran and
 * covers cpu (the BSP, and on a hybrid part the first CPU of each other
 * core type: their core PMU is then its restore's to put back), its
 * restore has not run. */
bool core_state_holds(unsigned cpu);
bool core_state_owed(void);

#endif
