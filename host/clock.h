/* The host suite's clock (host/clock.c): the TSC of the threaded platform
 * (host/platform_threads.c), which skips ahead to the next event whenever
 * every CPU waits. The platform tells it what each CPU does; the suite
 * (host/suite.c) gives it the PMI tick and its switches. */
#ifndef HOST_CLOCK_H
#define HOST_CLOCK_H

#include "lib/platform.h"

/* fn every period_us of the clock from a thread of its own, first one
 * period from now; when every CPU waits, the clock skips to the next tick
 * and the CPU that skips runs fn. Returns 0 or pthread_create's error. */
int host_clock_tick(uint64_t period_us, void (*fn)(void));
/* The clock from now on passes in real time only: no skips, no naps. */
void host_clock_real(void);
/* The calling CPU changes the PMU's state (pmu_change_hook): it is busy,
 * not waiting, until it reads the clock in a row again. */
void host_clock_busy(void);

/* For host/platform_threads.c. Something happened that a waiting CPU may
 * wait for (an IPI sent, a job done): every waiting CPU looks again. */
void clock_event(void);
/* CPU cpu works (a job given, its join over) or is idle (an AP without a
 * job); is sent an interrupt (busy unless idle: an idle AP drops it). */
void clock_busy(unsigned cpu);
void clock_idle(unsigned cpu);
void clock_interrupt(unsigned cpu);
/* Around an interrupt handler on the calling CPU: enter returns what exit
 * takes. */
uint64_t clock_handler_enter(void);
void clock_handler_exit(uint64_t was);
/* plat_lock (+1) and plat_unlock (-1): no skip from inside a lock. */
void clock_lock(int n);
/* Until end on the clock (0: no bound) or until ready(arg), asleep between
 * the clock's events. */
void clock_sleep_until(uint64_t end, bool (*ready)(void *), void *arg);

#endif
