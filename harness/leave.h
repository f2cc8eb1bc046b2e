/* Leave the machine as found, on every path (harness/leave.c): each CPU's LVT
 * performance-counter entry and IA32_PERF_GLOBAL_CTRL recorded before the
 * first test; everything stopped after a test cut short and before a
 * restore the runner never reached; both put back and checked at the end,
 * with the uncore's controls (harness/state.c), on "state:" lines. A lost CPU
 * (plat_cpu_lost) is named, never waited for. */
#ifndef TESTS_LEAVE_H
#define TESTS_LEAVE_H

#include "lib/rt.h"

/* Before the first test: what each CPU holds. */
void leave_record(void);
bool leave_recorded(void);
/* Stop: on every CPU that is not lost, LVTPC masked (C-28) and
 * IA32_PERF_GLOBAL_CTRL 0 (C-09); the uncore's controls 0 if a pre-flight
 * touched it (state_stop). One "state:" line says what was found armed or
 * counting, `after` naming the occasion ("after <id> (ERROR)"). */
void leave_stop(const char *after);
/* At the end, after the restores: each CPU's LVTPC and GLOBAL_CTRL as
 * recorded (that of the CPUs core.state.preflight saved left to
 * core.state.restore when the core suite ran), read back; a line per CPU or package not as found or
 * lost, then one summary line. */
void leave_finish(void);

#endif
