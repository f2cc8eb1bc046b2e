/* The rows of `make mutation` (ci/mutation.sh), which
 * `build/host/regs --mutation` prints with the defects each row runs. The
 * CI matrix, not a fact of the hardware or of a model: only the host tool
 * links it, never the .efi. */
#ifndef PMU_EMU_MUTATION_H
#define PMU_EMU_MUTATION_H

#include "pmu/emu/faults.h"

struct mutation_row {
	/* A generation of the registry (its suite runs, core.* beside it when
	 * core is set) or a core PMU shape of core_rows (core.* alone). */
	const char *name;
	uint8_t model, cpus; /* the CPU model and CPU count of the host runs */
	bool core;
	const char *qemu_cpu; /* the CPU QEMU presents for the boots */
	/* Beyond the MUT defects, the kinds it runs (bit n: enum
	 * emu_defect_run n): a defect of a layout only some rows have. */
	uint32_t runs;
	/* NULL: every MUT defect of its family. Else, NULL-terminated, the
	 * only defects of its family it runs beyond its kinds: a generation
	 * whose suite tests part of a family's statements (the Xeon
	 * Scalable's skx.* beside the E5-2600's PCU occupancy, band filter and
	 * clocks, which only snbep.* tests). */
	const char *const *only;
};
_Static_assert(EMU_RUN_COUNT <= 32, "mutation_row.runs holds a bit per run kind");

/* In `make mutation` order: the generations, then the core shapes. */
extern const struct mutation_row mutation_rows[];
extern const unsigned mutation_rows_count;

/* For docs/defects.md (make docs): why a kind of defect runs on some rows
 * only (NULL for MUT and HOST), and why each HOST defect, which no row
 * runs, cannot show on any row. */
extern const char *const mutation_run_why[EMU_RUN_COUNT];
struct mutation_host_only {
	const char *defect, *why;
};
extern const struct mutation_host_only mutation_host_only[];
extern const unsigned mutation_host_only_count;

#endif
