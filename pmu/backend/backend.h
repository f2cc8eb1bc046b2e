/* The register backend: how pmu/ and tests/ read and write a register of
 * any of the three spaces (an MSR on a given CPU, a PCI configuration
 * register, an MMIO register: pmu/backend/space.h is the interface the
 * tests use for the last two), and see CPUID as the PMU behind it presents
 * it. Two implementations: the
 * hardware one (pmu/backend/hw.c, target only: the fault-catching
 * rdmsr/wrmsr of arch/, run on the target CPU, and the CPUID instruction)
 * and the emulated one (pmu/backend/emu.c: uncore, core PMU and PMI-path
 * MSRs answered by the models, everything else passed to a lower backend).
 * Cross-CPU access (cpu != the calling CPU) is for the BSP only: MP
 * services run it there. */
#ifndef PMU_BACKEND_H
#define PMU_BACKEND_H

#include "lib/rt.h"
#include "lib/platform.h"

/* The C-states a CPU declares before it idles (S-26, OQ-S19). */
enum pmu_cstate { PMU_C0, PMU_C1, PMU_C3, PMU_C6 };

struct msr_backend {
	const char *name; /* "hw" or "emu" */
	/* The PMU behind it is the emulated model, which answers every open
	 * question (OQ-) with its recommended default: tests assert those
	 * defaults here and only report them on hardware (harness/test.h,
	 * t_default). */
	bool model;
	/* 0, the exception vector (VEC_GP = #GP), or a negative PLAT_E* error */
	int (*read)(unsigned cpu, uint32_t msr, uint64_t *val);
	int (*write)(unsigned cpu, uint32_t msr, uint64_t val);
	/* The calling CPU's LVT performance-counter entry (C-25): the emulated
	 * backend keeps the copy its PMI delivery masks (C-29, C-39). */
	uint32_t (*lvtpc_read)(void);
	void (*lvtpc_write)(uint32_t v);
	/* The longest a correct PMU behind this backend takes from a counter's
	 * wrap to sending its PMI: tests size the windows in which a PMI must
	 * not come (or must not come again) from it. */
	uint32_t (*pmi_bound_us)(void);
	/* Return once every PMI owed for the wraps so far has been sent:
	 * hardware, after waiting out its bound; the model sends them now. */
	void (*pmi_flush)(void);
	/* CPUID leaf/subleaf on the calling CPU, r = EAX, EBX, ECX, EDX: the
	 * instruction on hardware; the emulated backend answers leaf 0AH and
	 * CPUID.01H:ECX[15] (PDCM) from its core PMU model when it has one
	 * (C-11, C-18) and passes the rest down. */
	void (*cpuid)(uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
	/* Whether the architectural core PMU behind this backend is a model
	 * (synthetic event streams that do not see the workload). */
	bool (*core_emulated)(void);
	/* The calling CPU is about to idle in C-state s (the HLT or MWAIT that
	 * follows), or with PMU_C0 runs again: what the emulated PCU's
	 * occupancy counts (S-26; OQ-S19: a CPU that declared nothing since
	 * set-up is C0 if it is the BSP, else C1). Nothing on hardware, whose
	 * PCU sees the real state. */
	void (*cstate)(enum pmu_cstate s);
	/* PCI configuration space: 0 (an absent function reads all-ones,
	 * which pmu/backend/space.c turns into PLAT_EABORT) or a negative
	 * PLAT_E* error; hardware: the platform's mechanism (lib/platform.h);
	 * emulated: the model's functions in front of the lower backend's. */
	int (*pci_read)(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val);
	int (*pci_write)(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val);
	/* MMIO: 0, an exception vector, or a negative PLAT_E* error
	 * (PLAT_ERANGE: outside the firmware's MMIO ranges, not accessed). */
	int (*mmio_read)(uint64_t phys, unsigned bytes, uint64_t *val);
	int (*mmio_write)(uint64_t phys, unsigned bytes, uint64_t val);
	/* The calling CPU just moved `bytes` of memory from physical address
	 * phys on, reading or writing it (a streaming workload's
	 * declaration): what the emulated memory controller's CAS counts see
	 * (S-53..S-55). Nothing on hardware, whose controller sees the real
	 * traffic. */
	void (*traffic)(uint64_t phys, uint64_t bytes, bool write);
};

extern const struct msr_backend msr_backend_hw;
extern const struct msr_backend msr_backend_emu;

/* The backend in use (set once at start; hardware by default). */
void msr_backend_set(const struct msr_backend *b);
const struct msr_backend *msr_backend(void);

/* When set, called on the calling CPU before each change it makes through
 * this interface (an MSR write, its LVT entry, a C-state, a PMI flush): the
 * host suite's clock tells a CPU that works from one that only reads while
 * it waits by it (host/platform_threads.c). Unset on target. */
extern void (*pmu_change_hook)(void);

int msr_read(unsigned cpu, uint32_t msr, uint64_t *val);
int msr_write(unsigned cpu, uint32_t msr, uint64_t val);
uint32_t pmu_lvtpc_read(void);
void pmu_lvtpc_write(uint32_t v);
uint32_t pmu_pmi_bound_us(void);
void pmu_pmi_flush(void);
void pmu_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
bool pmu_core_emulated(void);
void pmu_cstate(enum pmu_cstate s);
void pmu_traffic(uint64_t phys, uint64_t bytes, bool write);

#endif
