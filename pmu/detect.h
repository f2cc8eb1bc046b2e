/* Which uncore this run validates, and through which backend. */
#ifndef PMU_DETECT_H
#define PMU_DETECT_H

#include "backend.h"
#include "regs.h"
#include "../efi/config.h"

struct pmu_cpu {
	const char *vendor;
	uint32_t family, model;
	bool hypervisor;
};

struct pmu_choice {
	const struct uncore_gen *gen; /* NULL: no supported uncore */
	bool emulated;                /* backend emu (else hw) */
	char why[120];                /* "" or why gen is NULL / a note on the choice */
};

/* backend=auto: emulated under a hypervisor, hardware on bare metal. The
 * generation comes from the CPU's family/model (N-01; never by probing,
 * N-02); uncore=<generation> forces one, on the emulated backend only. */
void pmu_choose(const struct pmu_cpu *cpu, const struct cfg *c, struct pmu_choice *out);

/* pmu_choose, then make the choice the current backend: hw (NULL where
 * there is no hardware backend, the Linux host), or the emulated uncore
 * over hw, set up with the config's defects and U-clock. True when the
 * emulated uncore runs: the platform must then call emu_poll every tick_us
 * (its PMI tick). A generation without a model yet clears out->gen. */
bool pmu_setup(const struct pmu_cpu *cpu, const struct cfg *c, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out);

#endif
