/* The mtl.* suite: client uncore layout E (spec client-uncore.md §4.15),
 * layout F's MSR units (§4.17) and Panther Lake's (§4.18, L-141..L-148,
 * called layout P here), each test driven by the constants of
 * suites/mtl/spec.h. Its windows are bounded by the NCU box controls, the
 * per-tile enables that replace GLOBAL_CTRL (L-105, L-144), and on layout
 * P by the discovery table's freeze-all, cleared around each (L-145). */
#ifndef TESTS_MTL_MTL_H
#define TESTS_MTL_MTL_H

#include "suites/mtl/spec.h"
#include "suites/imc/imc.h"
#include "suites/common/msr.h"
#include "suites/common/pmi.h"
#include "suites/common/stamp.h"
#include "suites/common/traffic.h"
#include "pmu/backend/space.h"

/* This CPU's layout: E, or F (Lunar Lake: no SoC-tile unit, no NCU fixed
 * counter, no 0x200E in MSRs, L-118); its C-box count from CBO_CONFIG
 * (L-106), four on F. */
struct mtl_e {
	uint32_t model;
	bool f;
	/* layout P (Panther Lake, L-141..L-143): six C-boxes, SANTA in the
	 * ARB's place, the IA core bridge in the HAC ARB's, cNCU box 1 in the
	 * sNCU's, 0x254E the second enable */
	bool p;
	unsigned ncbox;
	/* layout P: the discovery table's global control (MMIO), whose
	 * freeze-all holds the MSR units (L-145); 0: none found */
	uint64_t gctl;
};

/* The counters a window reads: C-box 0's two, ARB box 0's, HAC ARB box 0's,
 * HAC C-box 0's counter 0, the cNCU's and the sNCU's fixed counters; on
 * layout P SANTA box 0's, the IA core bridge's, no HAC C-box, cNCU box
 * 0's and box 1's fixed counters. */
enum { MW_CB0, MW_CB1, MW_ARB, MW_HARB, MW_HCB, MW_CFIX, MW_SFIX, MW_N };
const char *mtl_name(const struct mtl_e *e, unsigned i);
/* 0 where the layout has no such counter (layout F: the SoC tile's and
 * the fixed counters, L-118). */
uint32_t mtl_ctr_msr(const struct mtl_e *e, unsigned i);
uint32_t mtl_sel_msr(const struct mtl_e *e, unsigned i); /* fixed counters: FIXED_CTRL */
/* The enable of window counter i: 0 the compute tile's (0x240E), 1 the SoC
 * tile's (0x200E; layout P: 0x254E) (L-105, OQ-L40, L-144, OQ-L61). */
unsigned mtl_tile(const struct mtl_e *e, unsigned i);
/* Enable k's box control (0: none, layout F's second). */
uint32_t mtl_box_msr(const struct mtl_e *e, unsigned k);
/* Layout P: the table's freeze-all cleared (its value before in *saved),
 * so that the MSR units count (L-145, OQ-L62); then put back and read
 * again (L-148). Nothing elsewhere, or with no table found. */
enum verdict mtl_thaw(struct tctx *t, const struct mtl_e *e, uint64_t *saved);
enum verdict mtl_refreeze(struct tctx *t, const struct mtl_e *e, uint64_t saved);

/* One window: every counter zeroed, its select (FIXED_CTRL) written sel[i],
 * then the box controls box[0], box[1], memory traffic for us
 * microseconds, both box controls 0, the counts read into d; tsc: TSC
 * ticks from before the first box-control write to after the last. */
struct mtl_win {
	uint64_t sel[MW_N];
	uint64_t box[2];
	uint64_t d[MW_N];
	uint64_t tsc;
};
enum verdict mtl_window(struct tctx *t, const struct mtl_e *e, struct mtl_win *w, uint64_t us);
/* The same with layout P's freeze-all left as it is (mtl_window clears it
 * around the window, L-145). */
enum verdict mtl_window_as_is(struct tctx *t, const struct mtl_e *e, struct mtl_win *w,
			      uint64_t us);
/* N/A on layout F, naming what the test needs (L-118). */
enum verdict mtl_needs_e(struct tctx *t, const struct mtl_e *e, const char *what);

/* The model and C-box count (an ERROR if the CPU is no layout-E model:
 * uncore= forced it), then every control of the layout 0 (mtl_quiet). */
enum verdict mtl_begin(struct tctx *t, struct mtl_e *e);
/* Both box controls, both FIXED_CTRLs and every present box's selects 0:
 * 0 or the first MSR error. */
int mtl_quiet(const struct mtl_e *e);
/* C-box n's or a two-box unit's select and counter k (unit: MT_*_SEL). */
uint32_t mtl_sel(uint32_t unit_sel, unsigned box, unsigned k);

uint64_t mtl_tsc_us(uint64_t us);

extern const struct suite mtl_regs_suite, mtl_gate_suite, mtl_filter_suite, mtl_fixed_suite,
	mtl_ovf_suite, mtl_saf_suite, mtl_ptl_suite;

#endif
