/* The Nehalem/Westmere uncore suite (spec nehalem-uncore.md): tests that run
 * on real silicon and on the emulated uncore alike. */
#ifndef TESTS_NHM_NHM_H
#define TESTS_NHM_NHM_H

#include "suites/common/msr.h"
#include "suites/common/pmi.h"
#include "suites/common/stamp.h"
#include "suites/common/traffic.h"

#define NHM_GLOBAL_CTRL 0x391
#define NHM_STATUS      0x392
#define NHM_OVF_CTRL    0x393
#define NHM_FIXED_CTR   0x394
#define NHM_FIXED_CTL   0x395
#define NHM_MATCH       0x396              /* ADDR_OPCODE_MATCH, N-41 */
#define NHM_EN_FC0      (1ull << 32)       /* N-07 */
#define NHM_EN_PMI(n)   (1ull << (48 + (n))) /* N-31, OQ-N2 */
#define NHM_OVF_FC0     (1ull << 32)       /* N-22 */
#define NHM_OVF_PMI     (1ull << 61)       /* N-23 */
#define NHM_CLEAR_ALL   0xA0000001000000FFull
#define NHM_ST_CHG      (1ull << 63)       /* N-24 */
#define NHM_PERFCTR(n)  (0x3B0u + (n))     /* MSR_UNCORE_PerfCntr n */
#define NHM_EVTSEL(n)   (0x3C0u + (n))     /* MSR_UNCORE_PerfEvtSel n */
#define NHM_SEL_OCC_RST (1ull << 17)       /* N-14, N-15 */
#define NHM_SEL_EDGE    (1ull << 18)       /* N-16 */
#define NHM_SEL_PMI     (1ull << 20)       /* N-30 */
#define NHM_SEL_EN      (1ull << 22)       /* N-06 */
#define NHM_SEL_INV     (1ull << 23)       /* N-19 */
#define NHM_FC_EN       0x1ull             /* N-07 */
#define NHM_FC_PMI      0x4ull             /* N-30 */
#define NHM_TOP         (1ull << 48)       /* N-12: counts wrap modulo 2^48 */
#define NHM_WIDTH_MASK  ((1ull << 48) - 1) /* N-12 */

/* The calling CPU's package left quiet: every counter stopped, every event
 * select cleared and every status bit cleared (N-05, N-26). */
static inline void nhm_quiet(void)
{
	unsigned me = plat_this_cpu(), n;

	msr_write(me, NHM_GLOBAL_CTRL, 0);
	msr_write(me, NHM_FIXED_CTL, 0);
	for (n = 0; n < 8; n++)
		msr_write(me, NHM_EVTSEL(n), 0);
	msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL);
}

/* The same, checked: every control at rest (N-05), every status bit
 * cleared, and no bit of must_clear left set (N-26); suites/nhm/rates.c. */
enum verdict nhm_prepare(struct tctx *t, uint64_t must_clear);

/* UNC_GQ_CYCLES_NOT_EMPTY, all trackers (event 01H umask 07), enabled: at
 * most 1 per U-clock (spec 5). */
#define NHM_GQ_NOT_EMPTY (NHM_SEL_EN | 0x0701ull)
/* Rates are measured over this, and a general counter still at rest after
 * it is idle: 5 ms is millions of U-clocks at any N-40 ratio, and the
 * counter reads and the TSC reads that bound the window are microseconds
 * apart, under 0.1% of it. */
#define NHM_RATE_US 5000

struct nhm_rates {
	uint64_t fc_hz, gp_hz; /* FixedCntr0, PerfCntr0 on NHM_GQ_NOT_EMPTY */
};
/* Both rates over NHM_RATE_US, counters started from 0 by one GLOBAL_CTRL
 * write (suites/nhm/rates.c); FAILs if FixedCntr0 did not move. */
enum verdict nhm_measure_rates(struct tctx *t, struct nhm_rates *r);

/* A counter read dated by the TSC reads around it (suites/common/stamp.h). */
#define NHM_BRACKET_US  STAMP_BRACKET_US
#define NHM_STAMP_TRIES STAMP_TRIES
#define nhm_stamp       msr_stamp

enum verdict nhm_fixed_uclk(struct tctx *t);
enum verdict nhm_fixed_gate(struct tctx *t);
enum verdict nhm_pmi_fixed_core0(struct tctx *t);

/* One suite per concern, run in this order (suites/all.c). */
extern const struct suite nhm_suite; /* fixed counter, PMI to core 0 */
extern const struct suite nhm_regs_suite, nhm_count_suite, nhm_filter_suite, nhm_edge_suite,
	nhm_ovf_suite, nhm_freeze_suite, nhm_route_solo_suite, nhm_route_suite;

#endif
