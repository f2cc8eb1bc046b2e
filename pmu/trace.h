/* The register trace (verbose=3): every MSR access through the backend, with
 * its CPU, direction, value and outcome, recorded per test. Recording is a
 * lock-free append into a fixed buffer, so it is safe from APs and from PMI
 * handlers; printing and writing results.json happen afterwards, on the BSP. */
#ifndef PMU_TRACE_H
#define PMU_TRACE_H

#include "regs.h"

#define TRACE_MAX 256 /* accesses kept per test; later ones are counted */

struct msr_trace {
	uint32_t msr;
	uint16_t cpu;
	bool write;
	int8_t rc; /* 0, the fault vector, or a negative PLAT_E* error */
	uint64_t val;
};

/* The generation whose table names the registers in the trace. */
void pmu_trace_set_gen(const struct uncore_gen *g);
/* Start a new trace (on) or stop recording (!on). */
void pmu_trace_start(bool on);
void pmu_trace_add(unsigned cpu, uint32_t msr, bool write, uint64_t val, int rc);
/* The entries recorded since pmu_trace_start; *dropped counts those that
 * did not fit. */
unsigned pmu_trace_get(const struct msr_trace **out, unsigned *dropped);
/* "UNCORE_PerfEvtSel3", or "?" for a register no table describes. */
void pmu_trace_name(uint32_t msr, char *buf, size_t len);

#endif
