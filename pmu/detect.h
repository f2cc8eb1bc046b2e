/* Which uncore and core PMU this run validates, and through which backend. */
#ifndef PMU_DETECT_H
#define PMU_DETECT_H

#include "backend.h"
#include "emu_core.h"
#include "regs.h"
#include "../efi/config.h"

struct pmu_cpu {
	const char *vendor;
	uint32_t family, model;
	bool hypervisor;
	uint8_t pmu_version; /* the CPU's own CPUID.0AH:EAX[7:0]; 0 under TCG (C-13) */
};

struct pmu_choice {
	const struct uncore_gen *gen; /* NULL: no supported uncore */
	bool emulated;                /* backend emu (else hw) */
	char why[120];                /* "" or why gen is NULL / a note on the choice */
	/* The emulated core PMU's shape and its name, or NULL: the CPU's own
	 * core PMU (or none) behind whichever backend. */
	const struct core_shape *core;
	const char *core_name;
};

/* backend=auto: emulated under a hypervisor, hardware on bare metal. The
 * generation comes from the CPU's family/model (N-01; never by probing,
 * N-02); uncore=<generation> forces one, on the emulated backend only.
 * The emulated backend also emulates the core PMU of an Intel CPU whose
 * own CPUID.0AH reports none (C-11, C-13), whatever its uncore: shape
 * core_shape_nhm on Nehalem/Westmere (C-12), core_shape_v3 on any other
 * model (pmu/emu_core.h). */
void pmu_choose(const struct pmu_cpu *cpu, const struct cfg *c, struct pmu_choice *out);

/* pmu_choose, then make the choice the current backend: hw, or the
 * emulated uncore and/or core PMU over hw, set up with the config's
 * defects and U-clock. True when the emulated backend runs: the platform
 * must then call emu_poll every tick_us (its PMI tick). A generation
 * without a model yet clears out->gen. */
bool pmu_setup(const struct pmu_cpu *cpu, const struct cfg *c, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out);

#endif
