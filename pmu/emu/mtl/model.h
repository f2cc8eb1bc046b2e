/* The emulated client uncore of layout E (spec client-uncore.md §4.15:
 * Meteor Lake, Arrow Lake): one instance per package, evaluated lazily on
 * the counter engine (pmu/emu/engine.h) as the layouts A..D model is
 * (pmu/emu/client/model.h), driven by the U-clock cycles the caller
 * supplies. Its own model because what starts counting and what a wrap
 * does differ: two NCU box controls, one per tile, each enabling its
 * tile's units (L-105, OQ-L40); no status, no PMI, no freeze (L-108,
 * OQ-L42, OQ-L53). Its event streams are the client model's
 * (client_stream_value): the C-boxes and HAC C-boxes see C-box streams,
 * both kinds of ARB the ARB's. Panther Lake's legacy MSR units
 * (L-141..L-146) are this model with their own register table (ptl_boxes)
 * and the discovery table's freeze-all as one more hold (frz_all);
 * pmu/emu/mtl/ptl.c puts them beside the table. Portable: no <efi.h>. */
#ifndef PMU_EMU_MTL_H
#define PMU_EMU_MTL_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/imc/model.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"
#include "pmu/emu/stream.h"

#define MTL_MAX_CBOX 8 /* OQ-L29 */
/* Counter indexes: C-box n counter k, then the two-box units, then the two
 * fixed counters. */
#define MTL_CBOX_CTR(n, k) (2 * (n) + (k))
#define MTL_ARB_CTR(b, k) (2 * MTL_MAX_CBOX + 2 * (b) + (k))
#define MTL_HAC_ARB_CTR(b, k) (MTL_ARB_CTR(2, 0) + 2 * (b) + (k))
#define MTL_HAC_CBOX_CTR(b, k) (MTL_HAC_ARB_CTR(2, 0) + 2 * (b) + (k))
#define MTL_NGP MTL_HAC_CBOX_CTR(2, 0)
#define MTL_CNCU_FIXED MTL_NGP
#define MTL_SNCU_FIXED (MTL_NGP + 1)
#define MTL_NCTR (MTL_NGP + 2)
_Static_assert(MTL_NCTR <= 32, "struct mtl_uncore.stopped has a bit per counter");
#define MTL_MAX_PMI_REQ 16

struct mtl_uncore {
	emu_faults_t faults;   /* EMU_F(...) mask of family MTL */
	bool f;                /* layout F (Lunar Lake, L-118): the compute tile's MSRs alone */
	bool p;                /* Panther Lake's MSR units (L-141..L-143) */
	bool frz_all;          /* Panther Lake: the table's freeze-all holds them (L-145) */
	unsigned ncbox;        /* C-boxes present (L-106, OQ-L29) */
	uint64_t now;          /* cycle the state below is accounted to */
	uint64_t box_ctl[2];   /* 0: cNCU (0x240E), 1: sNCU (0x200E) */
	uint64_t fixed_ctl[2]; /* the same order */
	uint64_t evtsel[MTL_NGP];
	uint64_t ctr[MTL_NCTR];
	struct emu_stream stream[MTL_NGP]; /* cached increments, from the event select */
	struct emu_seam seam[MTL_NGP];     /* the edge detector at an enable */
	uint32_t stopped;      /* bit i: counter i wrapped under mtl-wrap-stops */
	struct emu_pmi_req pmi[MTL_MAX_PMI_REQ]; /* mtl-pmi-on-wrap only (OQ-L53) */
	unsigned npmi, pmi_dropped;
};

/* Layout F's MMIO (pmu/emu/mtl/saf.c): the memory controllers behind
 * MCHBAR (pmu/emu/imc/) and the sNCU and HBO units behind SAFBAR (L-119..L-127), with the
 * global control and the write-1-to-clear status. Units: 0 the sNCU (two
 * counters), 1 and 2 HBO 0 and 1 (four). */
#define MTL_EMU_SAFBAR 0x3F80000000ull /* where the model's SAFBAR points */
struct lnl_mmio {
	struct imc_emu imc;
	emu_faults_t faults;
	uint64_t now, gctl, status;
	struct {
		uint64_t unit, ctl[4], ctr[4];
		uint8_t risen;
	} u[3];
};
extern const struct emu_mmio_model lnl_mmio_model;

/* Its operations (struct emu_model, pmu/emu/models.h), one set for mtl and
 * arl; m is a struct mtl_uncore. */
extern const struct emu_model mtl_model, lnl_model;
/* Panther Lake: the MSR units and the discovery table (pmu/emu/mtl/ptl.c). */
extern const struct emu_model ptl_model;
void lnl_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now);
void mtl_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now);
/* Panther Lake's MSR units (L-141..L-143): mtl_init's, then six C-boxes. */
void ptl_msr_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		  uint32_t uclk_khz, uint64_t now);
/* Panther Lake: the discovery table's freeze-all is now `on` (L-145,
 * OQ-L62): the counters are brought to now first. */
void mtl_hold(void *m, bool on, uint64_t now);
int mtl_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
int mtl_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);
unsigned mtl_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);

#endif
