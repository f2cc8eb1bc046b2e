/* Every uncore generation the harness knows, in `make regs` order. */
#include "regs_tables.h"

const struct uncore_gen *const uncore_gens[] = { &gen_nhm, &gen_snbep, &gen_nhmex };
const unsigned uncore_gens_count = ARRAY_SIZE(uncore_gens);

/* Box types with one instance per core of the package, those of absent
 * cores not there: the SNB-EP C-boxes (OQ-S15). NULL-terminated. */
const struct box_type *const per_core_boxes[] = { &snbep_cbox, NULL };
