/* The registry (pmu/registry.c): one row per uncore generation (struct
 * uncore_gen, pmu/regs/regs.h: its name, CPU models, register description
 * and suite prefix) and one per shape of the emulated core PMU. Detection
 * (pmu/detect.c), the emulated backend (through the model binding,
 * pmu/emu/models.c), `make regs`, the runner's generation gate and `make
 * mutation` (pmu/emu/mutation.c names its rows) all read it; adding a
 * generation is a row here plus its own files (pmu/README.md, "Adding a
 * generation"). */
#ifndef PMU_REGISTRY_H
#define PMU_REGISTRY_H

#include "pmu/regs/regs.h"

struct core_shape;

/* A shape of the emulated core PMU, chosen by the CPU model (C-12, C-13). */
struct core_row {
	const char *name; /* pmu_choice.core_name: "nhm", "v4", "v5", "hybrid", "adln", "mtl",
			   * "v6", "xeon", "srf", "cwf", "v3" */
	const struct core_shape *shape;
	/* On a hybrid part (C-55) the E-cores' shape, shape being the
	 * P-cores'; NULL: every CPU has shape. */
	const struct core_shape *ecore;
	/* The GenuineIntel family 6 models with this shape; none: every model
	 * no other row lists (the last row). */
	const uint8_t *models;
	unsigned nmodels;
};

extern const struct core_row core_rows[];
extern const unsigned core_rows_count;

/* The core PMU shape of a CPU (never NULL: the last row takes any model). */
const struct core_row *core_row_for_model(uint32_t family, uint32_t model);

#endif
