/* The host suite's machine (host/platform_threads.c): lib/platform.h
 * on Linux with one thread per CPU, so that CPUs really run at once and
 * interrupts really arrive asynchronously. */
#ifndef TESTS_HOST_THREADS_H
#define TESTS_HOST_THREADS_H

#include "host/host.h"
#include <stdio.h>

/* ncpus CPUs in npackages (platform_common.h's shape); the calling thread
 * becomes CPU 0, the BSP, and one thread per AP waits for work. Returns 0,
 * or an errno value if a thread or signal handler could not be set up. */
int host_threads_start(unsigned ncpus, unsigned npackages);
/* Every line printed from now on also goes to f (the run's log.txt). */
void host_threads_mirror(FILE *f);
/* fn every period_us of the clock from a thread of its own, first one
 * period from now; when every CPU waits, the clock skips to the next tick
 * and the CPU that skips runs fn. Returns 0 or pthread_create's error. */
int host_threads_tick(uint64_t period_us, void (*fn)(void));
/* The calling CPU changes the PMU's state: it is busy, not waiting, until
 * it reads the clock in a row again (pmu_change_hook). */
void host_threads_busy(void);
/* The clock from now on passes in real time only: no skips. */
void host_threads_real_clock(void);

#endif
