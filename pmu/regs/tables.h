/* Shared pieces of the per-generation tables (pmu/regs/). */
#ifndef PMU_REGS_TABLES_H
#define PMU_REGS_TABLES_H

#include "pmu/regs/regs.h"

/* Core-side registers of the uncore PMI path (pmu/regs/core.c): a part of
 * the core PMU's own table. */
extern const struct box_type core_pmi_box;

/* A PCI box type (struct pci_box_type) named var: one box per device id
 * ids[i] at device/function df[i], its register rows and its event rules
 * (NULL: none restricted). */
#define PCI_BOX(var, box_name, ids, df, box_regs, box_events)                             \
	const struct pci_box_type var = {                                                 \
		.box = { .name = box_name, .nboxes = ARRAY_SIZE(ids), .scope = SCOPE_PCI, \
			 .regs = box_regs, .nregs = ARRAY_SIZE(box_regs),                 \
			 .events = box_events },                                          \
		.dev_ids = ids,                                                           \
		.devfn = df,                                                              \
	};                                                                                \
	_Static_assert(ARRAY_SIZE(ids) == ARRAY_SIZE(df), box_name)

/* Each generation's register description, its box types, for its registry
 * row (pmu/registry.c) and its model (reg_find); the sizes are checked
 * against the definitions. */
extern const struct box_type *const nhm_boxes[2];
extern const struct box_type *const snbep_boxes[10];
extern const struct box_type *const nhmex_boxes[11];
/* The Xeon E5 v2, v3 and v4 uncores (pmu/regs/ivbep.c, pmu/regs/hswep.c). */
extern const struct box_type *const ivbep_boxes[6], *const hswep_boxes[8], *const bdx_boxes[8];
extern const struct box_type *const snb_boxes[4], *const skl_boxes[4], *const icl_boxes[4],
	*const tgl_boxes[4], *const adl_boxes[4];
/* The client uncore's ARB and C-boxes (one per core, L-16, L-17, L-68), for
 * its registry rows and its model (pmu/emu/client/model.c). */
extern const struct box_type client_arb, client_arb_icl, client_arb_d, client_cbox_a,
	client_cbox_b, client_cbox_c, client_cbox_d;
/* Client uncore layout E (Meteor Lake, Arrow Lake: L-101..L-107), for its
 * registry rows and its model (pmu/emu/mtl/model.c). */
extern const struct box_type *const mtl_boxes[7];
extern const struct box_type mtl_cncu, mtl_sncu, mtl_cbox, mtl_arb, mtl_hac_arb, mtl_hac_cbox;
/* Layout F (Lunar Lake, L-118): its MSR units, for its registry row and the
 * same model. */
extern const struct box_type *const lnl_boxes[4];
extern const struct box_type lnl_gctl, lnl_cbox;
/* Panther Lake's legacy MSR units (L-141..L-143, pmu/regs/mtl.c). */
extern const struct box_type *const ptl_boxes[4];
extern const struct box_type ptl_cncu, ptl_cbox, ptl_santa, ptl_bridge;
/* Its MMIO units behind SAFBAR (L-119..L-124, pmu/regs/lnl.c): offsets from
 * SAFBAR; HBO box b LNL_HBO_STEP * b below box 0. */
extern const struct box_type lnl_sncu, lnl_hbo;
#define LNL_HBO_STEP 0x1000u
#define SAFBAR_CFG 0x68u /* SAFBAR's configuration offset in 0:0.0 (L-119) */
/* The memory controllers' PMON block and free-running counters behind
 * MCHBAR, Alder Lake on (L-110..L-116), for the models that present them
 * (pmu/emu/imc/model.c): offsets from MCHBAR, controller m at + 0x10000m. */
extern const struct box_type imc_pmon, imc_freerun;
#define IMC_STRIDE 0x10000u /* controller m's registers at + IMC_STRIDE * m (L-110) */
#define MCHBAR_CFG 0x48u    /* MCHBAR's configuration offset in 0:0.0 (L-110) */
/* The registry's MMIO lists (struct mmio_box): the memory controllers
 * behind MCHBAR (pmu/regs/imc.c), and layout F's, those and its sNCU and
 * HBO units behind SAFBAR (pmu/regs/lnl.c, L-127). */
extern const struct mmio_box imc_mmio[2], lnl_mmio[4];
/* The ARB's rules after Haswell (L-83) and Rocket Lake's own (OQ-L34): the
 * same registers as client_arb; Rocket Lake's for its model only (no
 * generation of its own: it shares Tiger Lake's layout, L-69). */
extern const struct box_type client_arb_b, client_arb_rkl;
/* The MSR boxes of snbep, for its model (pmu/emu/snbep/model.c). */
extern const struct box_type snbep_ubox, snbep_cbox, snbep_pcu, snbep_residency;
/* Its PCI boxes, for the PCI side of its model (pmu/emu/snbep/pci*.c). */
extern const struct pci_box_type snbep_ha, snbep_imc, snbep_qpi, snbep_qpi_match, snbep_r2pcie,
	snbep_r3qpi;
/* The Xeon Scalable first and second generation (pmu/regs/skx.c): the
 * register description of both, and its MSR boxes for their model. */
extern const struct box_type *const skx_boxes[7];
extern const struct box_type skx_ubox, skx_cha, skx_iio, skx_iio_free, skx_irp, skx_pcu,
	skx_residency;
/* The Xeon Scalable third generation (pmu/regs/icx.c): its register
 * description and its MSR boxes for its model. */
extern const struct box_type *const icx_boxes[8];
extern const struct box_type icx_ubox, icx_cha, icx_m2pcie, icx_irp, icx_iio, icx_pcu,
	icx_residency;
/* The boxes of nhmex, for its model (pmu/emu/nhmex/model.c). */
extern const struct box_type nhmex_ubox, nhmex_cbox, nhmex_bbox, nhmex_sbox, nhmex_mbox,
	nhmex_rbox, nhmex_wbox, nhmex_bbox_mm, nhmex_sbox_mm, nhmex_mbox_mm, nhmex_rbox_iperf;
/* The Xeon E5 v2, v3 and v4 MSR and PCI boxes, for their registry rows and
 * host tests. */
extern const struct box_type ivbep_ubox, ivbep_cbox, ivbep_pcu, ivbep_residency;
extern const struct pci_box_type ivbep_imc, ivbep_qpi;
extern const struct box_type hswep_ubox, bdx_ubox, hswep_cbox, bdx_cbox, hswep_sbox, bdx_sbox,
	hswep_pcu, hswep_residency;
extern const struct pci_box_type hswep_ha, hswep_imc, hswep_qpi, bdx_ha, bdx_imc, bdx_qpi;

#endif
