/* Which uncore and core PMU this run validates, and through which backend. */
#ifndef PMU_DETECT_H
#define PMU_DETECT_H

#include "pmu/backend/backend.h"
#include "pmu/emu/core/model.h"
#include "pmu/regs/regs.h"

struct emu_fault_set;

struct pmu_cpu {
	const char *vendor;
	uint32_t family, model;
	uint32_t stepping; /* CPUID.01H:EAX[3:0]: tells generations of one model apart (K-01) */
	bool hypervisor;
	uint8_t pmu_version; /* the CPU's own CPUID.0AH:EAX[7:0]; 0 under TCG (C-13) */
};

/* backend=: auto = emulated under a hypervisor, hardware on bare metal. */
enum pmu_backend { PMU_BACKEND_AUTO, PMU_BACKEND_HW, PMU_BACKEND_EMU };

/* What pmu_choose and pmu_setup take from the run's configuration, filled
 * by the caller (cfg_pmu_opts, harness/config.h): pmu/ knows no config
 * (docs/design.md, Layers). */
struct pmu_opts {
	enum pmu_backend backend;
	const char *uncore;                 /* uncore=: "auto" or a generation's name */
	const struct emu_fault_set *faults; /* emu.fault= (pmu/emu/faults.h), copied at
					       set-up; NULL: none */
	uint32_t uclk_mhz;                  /* emu.uclk_mhz=: the emulated U-clock */
	int32_t core_ebx;                   /* emu.core_ebx=: the emulated core PMU's
					       CPUID.0AH:EBX, -1: its shape's own */
	bool core_leaf23_sub0;              /* emu.core_leaf23=sub0: leaf 23H's
					       sub-leaf 0 alone (C-64, C-72) */
	bool throttle;                      /* emu.throttle=1: the emulated part
					       throttles */
};

struct pmu_choice {
	const struct uncore_gen *gen; /* NULL: no supported uncore */
	bool emulated;                /* backend emu (else hw) */
	char why[120];                /* "" or why gen is NULL / a note on the choice */
	/* The emulated core PMU's shape and its name, or NULL: the CPU's own
	 * core PMU (or none) behind whichever backend. */
	const struct core_shape *core;
	const char *core_name;
	/* On a hybrid model (C-55, C-60) the E-cores' shape, core being the
	 * P-cores'; NULL: core on every CPU. */
	const struct core_shape *core_e;
	/* The suite prefixes, space-separated, of the generations whose
	 * registers this CPU's core PMU owns (C-50: 0x391/0x392 on version 4):
	 * never selected here, their tests N/A; "" none. */
	char ruled_out[32];
};

/* backend=auto: emulated under a hypervisor, hardware on bare metal. The
 * generation comes from the CPU's family/model (N-01; never by probing,
 * N-02); uncore=<generation> forces one, on the emulated backend only.
 * The emulated backend also emulates the core PMU of an Intel CPU whose
 * own CPUID.0AH reports none (C-11, C-13), whatever its uncore: the shape
 * of its model's row of core_rows (pmu/registry.c): Nehalem/Westmere's
 * (C-12), Skylake client's version 4 (C-49), Ice/Tiger/Rocket Lake's
 * version 5 (C-59), the hybrid parts' P-core and E-core (C-60), Alder
 * Lake-N's E-core alone (C-62), and the v3 shape on any other model
 * (pmu/emu/core/model.h). A generation with a register at 0x391 or 0x392 is
 * never chosen where the core PMU (the CPU's own or the emulated one) is
 * version 4 or later, whose STATUS_SET and INUSE those are (C-50). */
void pmu_choose(const struct pmu_cpu *cpu, const struct pmu_opts *o, struct pmu_choice *out);

#endif
