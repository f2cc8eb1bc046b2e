/* The backend a run uses, set up from pmu_choose's answer (pmu/setup.c). */
#ifndef PMU_SETUP_H
#define PMU_SETUP_H

#include "pmu/detect.h"

/* pmu_choose, then make the choice the current backend: hw, or the
 * emulated uncore and/or core PMU over hw, set up with the options'
 * defects and U-clock. True when the emulated backend runs: the platform
 * must then call emu_poll every tick_us (its PMI tick). A generation
 * without a model yet clears out->gen. */
bool pmu_setup(const struct pmu_cpu *cpu, const struct pmu_opts *o, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out);

#endif
