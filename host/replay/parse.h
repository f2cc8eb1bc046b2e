/* Reading a verbose=3 register trace (pmu/backend/trace.h gives the line format)
 * from a serial log or a run's log.txt, for `make replay`
 * (host/replay/replay.c): the run's banner (CPU model, uncore generation,
 * core PMU enumeration, the emulated U-clock), its trace-clock and
 * trace-cpu lines, and each access. A line may carry anything before its
 * text (a terminal program's timestamp, OVMF's ANSI escapes) and a CR
 * after it. Portable C, no platform. */
#ifndef TESTS_HOST_REPLAY_PARSE_H
#define TESTS_HOST_REPLAY_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_MAX_CPUS 64 /* PLAT_MAX_CPUS */
#define RP_ID_LEN   64

struct rp_cpu {
	uint32_t apic, package, core, thread;
	bool seen;
};

/* What the banner and the header lines told, each with whether it came. */
struct rp_run {
	bool have_cpu, have_uncore, have_core, have_clock, have_uclk;
	uint32_t family, model;
	char uncore[16];           /* "" for "uncore: none" */
	/* The core PMU line's CPUID.0AH view; version 0: none. */
	uint8_t version, ngp, gp_width, nfixed, fixed_width, ebx_len;
	uint32_t ebx;
	bool pdcm;                 /* PERF_CAPABILITIES read (not "(none)") */
	uint64_t perf_caps;
	uint32_t uclk_mhz;         /* config emu.uclk_mhz= */
	uint64_t tsc_hz, clock_tsc, emu_core; /* trace-clock */
	bool emu_clock;            /* it gave the emulated core clock */
	unsigned ncpus;            /* highest trace-cpu index + 1 */
	struct rp_cpu cpu[RP_MAX_CPUS];
};

enum rp_kind {
	RP_OTHER,   /* not a line of the trace or of the banner parts it needs */
	RP_HEADER,  /* banner or header line, taken into the rp_run */
	RP_ACCESS,  /* one access, in the rp_access */
	RP_DROPPED, /* "N more accesses not kept": rp_access.test and .val = N */
	RP_BAD,     /* a trace line that does not parse: why says what */
};

/* An access's space (pmu/backend/trace.h's TRACE_MSR, _PCI, _MMIO), or a
 * traffic declaration (addr the physical address, val the bytes, bytes 1
 * for a write, 0 for a read). */
enum { RP_MSR, RP_PCI, RP_MMIO, RP_TRAFFIC };

struct rp_access {
	char test[RP_ID_LEN];
	bool cstate; /* a pmu_cstate declaration: val = 0..3 for C0, C1, C3, C6 */
	bool write;  /* (true for a cstate) */
	unsigned cpu;
	uint32_t msr;   /* RP_MSR */
	uint8_t space, bytes;
	/* RP_PCI: seg << 32 | bus << 20 | dev << 15 | fn << 12 | offset (as
	 * the trace's TRACE_PCI_ADDR); RP_MMIO: the physical address */
	uint64_t addr;
	uint64_t val;
	int rc;      /* 0, or the fault the line gives */
	uint64_t tsc;
	uint32_t dur;
};

void rp_run_init(struct rp_run *r);
/* One line (without or with its newline). */
enum rp_kind rp_parse_line(const char *line, struct rp_run *run, struct rp_access *a, char *why,
			   size_t why_len);
/* Whether line is a boot's first harness line, "uncore-harness VERSION":
 * a trace cut by a reset goes on with the next boot's. */
bool rp_boot_line(const char *line);
/* NULL when the run's header has everything a replay needs, else what is
 * missing. */
const char *rp_run_missing(const struct rp_run *r);

#endif
