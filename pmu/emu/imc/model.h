/* The emulated memory controllers behind MCHBAR (spec client-uncore.md
 * §4.16, L-110..L-116, L-131), Alder Lake and later: one instance for the
 * platform (struct emu_mmio_model), which client layout D's model
 * (pmu/emu/client/ops.c) and layouts E and F's (pmu/emu/mtl/) present.
 * Its own folder and defect family (pmu/emu/imc/defects.h), so that every
 * generation whose model presents it can switch its defects. Portable:
 * no <efi.h>. */
#ifndef PMU_EMU_IMC_H
#define PMU_EMU_IMC_H

#include "lib/rt.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"

#define IMC_EMU_MCHBAR 0x3FC0000000ull /* where the model's BAR points */
struct imc_emu {
	emu_faults_t faults; /* EMU_F(...) mask of family IMC */
	uint64_t now;
	struct {
		uint32_t gctl, box, ctl[5];
		uint64_t ctr[5];
		uint64_t fr_total, fr_rd, fr_wr;
		uint8_t risen; /* bit k: counter k's edge already counted */
	} mc[2];
	uint8_t wrapped; /* bit m: a counter of controller m wrapped, not yet reported */
	bool fr_only;    /* the free-running counters alone (Panther Lake, L-138) */
};
/* imc_emu_model: layouts D to F's, PMON blocks and free-running counters;
 * imc_fr_emu_model: Panther Lake's, the free-running counters alone. */
extern const struct emu_mmio_model imc_emu_model, imc_fr_emu_model;
/* Advance the controllers to now (for layout F's status, L-127). */
void imc_emu_advance(struct imc_emu *u, uint64_t now);

#endif
