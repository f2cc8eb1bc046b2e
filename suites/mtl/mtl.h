/* The mtl.* suite: client uncore layout E (spec client-uncore.md §4.15),
 * each test driven by the constants of suites/mtl/spec.h. Its windows are
 * bounded by the NCU box controls, the per-tile enables that replace
 * GLOBAL_CTRL (L-105). */
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
	unsigned ncbox;
};

/* The counters a window reads: C-box 0's two, ARB box 0's, HAC ARB box 0's,
 * HAC C-box 0's counter 0, the cNCU's and the sNCU's fixed counters. */
enum { MW_CB0, MW_CB1, MW_ARB, MW_HARB, MW_HCB, MW_CFIX, MW_SFIX, MW_N };
extern const char *const mtl_names[MW_N];
/* 0 where the layout has no such counter (layout F: the SoC tile's and
 * the fixed counters, L-118). */
uint32_t mtl_ctr_msr(const struct mtl_e *e, unsigned i);
uint32_t mtl_sel_msr(const struct mtl_e *e, unsigned i); /* fixed counters: FIXED_CTRL */
/* The tile of window counter i: 0 compute (0x240E), 1 SoC (0x200E) (L-105,
 * OQ-L40). */
unsigned mtl_tile(unsigned i);
extern const uint32_t mtl_box_msr[2];

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
	mtl_ovf_suite, mtl_saf_suite;

#endif
