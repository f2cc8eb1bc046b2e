/* The register trace (verbose=3): every MSR access through the backend, with
 * its CPU, direction, value, outcome and TSC time, recorded per test.
 * Recording is a lock-free append into a fixed buffer, so it is safe from
 * APs and from PMI handlers; printing and writing results.json happen
 * afterwards, on the BSP.
 *
 * The lines it prints are what `make replay` (host/replay/replay.c) plays
 * back on the emulated model of the run's generation, so their format is
 * an interface (README "Register trace and replay"):
 *   trace-clock: tsc_hz H at tsc T[ emu core clock C]
 *   trace-cpu N: apic 0xA package P core C thread T
 *   trace ID: rd|wr cpu N 0xMSR NAME 0xVALUE tsc T+D
 *   trace ID: wr cpu N 0xMSR NAME 0xVALUE faulted (RC) tsc T+D
 *   trace ID: rd cpu N 0xMSR NAME faulted (RC) tsc T+D
 *   trace ID: cstate cpu N C0|C1|C3|C6 tsc T+D
 *   trace ID: N more accesses not kept
 * The first two kinds come once per run, before its first traced test: the
 * TSC's rate in Hz, and on the emulated backend its core clock at TSC T
 * (the models' time origin); then every CPU's place in the topology. An
 * access's T is the TSC read just before it and D the TSC ticks until just
 * after it: the access took effect somewhere in [T, T+D]. A cstate line is
 * a CPU's pmu_cstate declaration (what an emulated PCU counts, S-26). */
#ifndef PMU_TRACE_H
#define PMU_TRACE_H

#include "pmu/regs/regs.h"

/* Accesses a buffer allocated at the first traced test keeps per test (32
 * bytes each with their times); without that memory, TRACE_MAX. Once 7/8 of it is used only
 * writes are kept, so that a test polling a register loses reads (the
 * comparisons of a replay) before the writes that set the state. */
#define TRACE_KEEP 32768
#define TRACE_MAX  256 /* the static fallback, and what a results.json record is sized for */

/* The msr of an entry that is a pmu_cstate declaration; val = the
 * enum pmu_cstate. No MSR has that address. */
#define TRACE_CSTATE 0xFFFFFFFFu

struct msr_trace {
	uint32_t msr;
	uint16_t cpu;
	bool write;
	int8_t rc; /* 0, the fault vector, or a negative PLAT_E* error */
	uint64_t val;
};

/* When each entry of the buffer was made, kept beside it (same index). */
struct msr_trace_time {
	uint64_t tsc; /* TSC just before the access */
	uint32_t dur; /* TSC ticks from then until just after it */
};

/* The generation whose table names the registers in the trace; a new run
 * (its header lines come again). */
void pmu_trace_set_gen(const struct uncore_gen *g);
/* Start a new trace (on) or stop recording (!on). The first start with on
 * prints the run's trace-clock and trace-cpu lines. */
void pmu_trace_start(bool on);
/* The TSC to pass to pmu_trace_add, read just before the access (0 while
 * not recording: no TSC read then). */
uint64_t pmu_trace_clock(void);
void pmu_trace_add(unsigned cpu, uint32_t msr, bool write, uint64_t val, int rc, uint64_t tsc);
/* The entries recorded since pmu_trace_start; *dropped counts those that
 * were not kept. */
unsigned pmu_trace_get(const struct msr_trace **out, unsigned *dropped);
/* pmu_cstate(s) on the calling CPU, the TSC taken before it, as above. */
void pmu_trace_cstate(unsigned s, uint64_t tsc);
/* "UNCORE_PerfEvtSel3", "cstate" for TRACE_CSTATE, or "?" for a register
 * no table describes. */
void pmu_trace_name(uint32_t msr, char *buf, size_t len);
/* The trace lines of test `id` (format above), at verbose level 3: t, n
 * and dropped as pmu_trace_get gave them, whose times it keeps (other
 * entries print without `tsc T+D`). */
void pmu_trace_print(const char *id, const struct msr_trace *t, unsigned n, unsigned dropped);

#endif
