/* The registry (pmu/registry.c): one row per uncore generation (struct
 * uncore_gen, pmu/regs/regs.h: its name, CPU models, register description,
 * model operations, defect list, suite prefix and `make mutation` row) and
 * one per shape of the emulated core PMU. Detection (pmu/detect.c), the
 * emulated backend, `make regs`, the runner's generation gate and `make
 * mutation` with its QEMU boots all read it; adding a generation is a row
 * here plus its own files (pmu/README.md, "Adding a generation"). */
#ifndef PMU_REGISTRY_H
#define PMU_REGISTRY_H

#include "pmu/regs/regs.h"

struct core_shape;

/* A shape of the emulated core PMU, chosen by the CPU model (C-12, C-13). */
struct core_row {
	const char *name; /* pmu_choice.core_name: "nhm", "v4", "v5", "hybrid", "adln", "v3" */
	const struct core_shape *shape;
	/* On a hybrid part (C-55) the E-cores' shape, shape being the
	 * P-cores'; NULL: every CPU has shape. */
	const struct core_shape *ecore;
	/* The GenuineIntel family 6 models with this shape; none: every model
	 * no other row lists (the last row). */
	const uint8_t *models;
	unsigned nmodels;
	/* Its own `make mutation` row, core.* alone: host runs' CPU model and
	 * CPU count, the CPU QEMU presents; cpus 0: none of its own (it runs
	 * in a generation's row whose mutation.core is set). */
	struct {
		uint8_t model, cpus;
		const char *qemu_cpu;
	} mutation;
};

extern const struct core_row core_rows[];
extern const unsigned core_rows_count;

/* The core PMU shape of a CPU (never NULL: the last row takes any model). */
const struct core_row *core_row_for_model(uint32_t family, uint32_t model);

#endif
