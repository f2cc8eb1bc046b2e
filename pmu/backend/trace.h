/* The register trace (verbose=3): every register access through the
 * backend, MSR, PCI configuration or MMIO, with its CPU, direction, value,
 * outcome and TSC time, recorded per test.
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
 *   trace ID: rd|wr cpu N pci SSSS:BB:DD.F+0xOFF/W NAME 0xVALUE[ faulted (RC)] tsc T+D
 *   trace ID: rd|wr cpu N mmio 0xPHYS/W NAME 0xVALUE[ faulted (RC)] tsc T+D
 *   trace ID: cstate cpu N C0|C1|C3|C6 tsc T+D
 *   trace ID: traffic cpu N rd|wr 0xPHYS BYTES tsc T+D
 *   trace ID: N more accesses not kept
 * The first two kinds come once per run, before its first traced test: the
 * TSC's rate in Hz, and on the emulated backend its core clock at TSC T
 * (the models' time origin); then every CPU's place in the topology. An
 * access's T is the TSC read just before it and D the TSC ticks until just
 * after it: the access took effect somewhere in [T, T+D]. A cstate line is
 * a CPU's pmu_cstate declaration (what an emulated PCU counts, S-26); a
 * traffic line its pmu_traffic declaration (what an emulated memory
 * controller counts, S-55). */
#ifndef PMU_TRACE_H
#define PMU_TRACE_H

#include "pmu/regs/regs.h"
#include "lib/platform.h"

/* Accesses a buffer allocated at the first traced test keeps per test;
 * without that memory, TRACE_MAX. Once 7/8 of it is used only writes are
 * kept, so that a test polling a register loses reads (the
 * comparisons of a replay) before the writes that set the state. */
#define TRACE_KEEP 32768 /* 40 bytes each with their times */
#define TRACE_MAX  256 /* the static fallback, and what a results.json record is sized for */

/* The msr of an entry that is a pmu_cstate declaration; val = the
 * enum pmu_cstate. No MSR has that address. */
#define TRACE_CSTATE 0xFFFFFFFFu

/* An entry's space (pmu/backend/space.h's enum reg_space), or a
 * pmu_traffic declaration (addr the physical address, val the bytes,
 * bytes 1 for a write and 0 for a read). */
enum { TRACE_MSR, TRACE_PCI, TRACE_MMIO, TRACE_TRAFFIC };

struct msr_trace {
	/* MSR: its address; PCI: seg << 32 | bus << 20 | dev << 15 | fn << 12
	 * | offset (TRACE_PCI_ADDR); MMIO: the physical address */
	uint64_t addr;
	uint64_t val;
	uint16_t cpu;
	uint8_t space, bytes;
	bool write;
	int8_t rc; /* 0, the fault vector, or a negative PLAT_E* error */
};

#define TRACE_PCI_ADDR(f, off)                                                          \
	((uint64_t)(f).seg << 32 | (uint64_t)(f).bus << 20 | (uint64_t)(f).dev << 15 | \
	 (uint64_t)(f).fn << 12 | (off))
static inline struct pci_fn trace_pci_fn(uint64_t a)
{
	return (struct pci_fn){ .seg = (uint16_t)(a >> 32), .bus = (uint8_t)(a >> 20),
			.dev = (a >> 15) & 31, .fn = (a >> 12) & 7 };
}

/* When each entry of the buffer was made, kept beside it (same index). */
struct msr_trace_time {
	uint64_t tsc; /* TSC just before the access */
	uint32_t dur; /* TSC ticks from then until just after it */
};

/* The generation whose table names the registers in the trace; a new run
 * (its header lines come again). A PCI access names the CPU that made it
 * (what orders a replay), W is its size in bytes, and a faulted PCI read
 * keeps its value (all-ones after a master abort, PLAT_EABORT). */
void pmu_trace_set_gen(const struct uncore_gen *g);
/* Start a new trace (on) or stop recording (!on). The first start with on
 * prints the run's trace-clock and trace-cpu lines. */
void pmu_trace_start(bool on);
/* The TSC to pass to pmu_trace_add, read just before the access (0 while
 * not recording: no TSC read then). */
uint64_t pmu_trace_clock(void);
void pmu_trace_add(unsigned cpu, uint32_t msr, bool write, uint64_t val, int rc, uint64_t tsc);
/* A PCI configuration or MMIO access by the calling CPU. */
void pmu_trace_add_pci(struct pci_fn f, uint16_t off, unsigned bytes, bool write, uint64_t val,
		       int rc, uint64_t tsc);
void pmu_trace_add_mmio(uint64_t phys, unsigned bytes, bool write, uint64_t val, int rc,
			uint64_t tsc);
/* pmu_traffic(phys, bytes, write) on the calling CPU, the TSC taken before it. */
void pmu_trace_traffic(uint64_t phys, uint64_t bytes, bool write, uint64_t tsc);
/* The entries recorded since pmu_trace_start; *dropped counts those that
 * were not kept. */
unsigned pmu_trace_get(const struct msr_trace **out, unsigned *dropped);
/* pmu_cstate(s) on the calling CPU, the TSC taken before it, as above. */
void pmu_trace_cstate(unsigned s, uint64_t tsc);
/* "UNCORE_PerfEvtSel3", "cstate" for TRACE_CSTATE, or "?" for a register
 * no table describes; "MC_CH_PCI_PMON_BOX_CTL[0]" for a PCI entry. */
void pmu_trace_name(const struct msr_trace *e, char *buf, size_t len);
/* The entry's address as its line gives it: "0xC10", "pci
 * 0000:7f:10.0+0xf4/4", "mmio 0xfed00000/8". */
void pmu_trace_where(const struct msr_trace *e, char *buf, size_t len);
/* The trace lines of test `id` (format above), at verbose level 3: t, n
 * and dropped as pmu_trace_get gave them, whose times it keeps (other
 * entries print without `tsc T+D`). */
void pmu_trace_print(const char *id, const struct msr_trace *t, unsigned n, unsigned dropped);

#endif
