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

#endif
