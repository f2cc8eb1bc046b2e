/* Every uncore generation the harness knows, in `make regs` order. */
#include "regs_tables.h"

const struct uncore_gen *const uncore_gens[] = { &gen_nhm, &gen_snbep, &gen_nhmex };
const unsigned uncore_gens_count = ARRAY_SIZE(uncore_gens);
