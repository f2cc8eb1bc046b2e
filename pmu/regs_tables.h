/* Shared pieces of the per-generation tables (pmu/regs_*.c). */
#ifndef PMU_REGS_TABLES_H
#define PMU_REGS_TABLES_H

#include "regs.h"

/* Core-side registers of the uncore PMI path (pmu/regs_core.c): a part of
 * the core PMU's own table. */
extern const struct box_type core_pmi_box;

extern const struct uncore_gen gen_nhm;
extern const struct uncore_gen gen_snbep;
/* The MSR boxes of gen_snbep, for its model (pmu/emu_snbep.c). */
extern const struct box_type snbep_ubox, snbep_cbox, snbep_pcu, snbep_residency;
extern const struct uncore_gen gen_nhmex;
/* The boxes of gen_nhmex, for its model (pmu/emu_nhmex.c). */
extern const struct box_type nhmex_ubox, nhmex_cbox, nhmex_bbox, nhmex_sbox, nhmex_mbox,
	nhmex_rbox, nhmex_wbox, nhmex_bbox_mm, nhmex_sbox_mm, nhmex_mbox_mm, nhmex_rbox_iperf;

#endif
