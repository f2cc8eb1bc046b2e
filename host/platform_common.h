/* What the two Linux implementations of lib/platform.h share
 * (host/platform_common.c): the machine's shape, each CPU's LVT
 * performance-counter entry, the interrupt handler table, time, memory,
 * the configuration and log formatting. The single-threaded one
 * (platform_host.c, for the cmocka unit tests) and the threaded one
 * (platform_threads.c, for the host suite) differ in how CPUs run, how
 * interrupts arrive, locking, where lines go and how time passes. */
#ifndef TESTS_HOST_PLATFORM_COMMON_H
#define TESTS_HOST_PLATFORM_COMMON_H

#include "host/host.h"

/* ncpus CPUs (at most PLAT_MAX_CPUS) spread evenly over npackages, threads
 * logical CPUs per core, APIC id = index; every LVTPC at its reset value,
 * no handler registered. */
void host_shape(unsigned ncpus, unsigned npackages, unsigned threads);
/* The handler registered for a vector, or NULL. */
plat_irq_fn host_irq_handler(unsigned vector);
/* CLOCK_MONOTONIC in nanoseconds, what each platform's TSC is made of:
 * platform_host.c's is this clock, platform_threads.c's this clock plus
 * the time it skipped. */
uint64_t host_mono_ns(void);

#endif
