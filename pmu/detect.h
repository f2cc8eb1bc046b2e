/* Which uncore this run validates, and through which backend. */
#ifndef PMU_DETECT_H
#define PMU_DETECT_H

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

#endif
