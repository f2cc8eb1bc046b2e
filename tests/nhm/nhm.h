/* The Nehalem/Westmere uncore suite (spec nehalem-uncore.md): tests that run
 * on real silicon and on the emulated uncore alike. */
#ifndef TESTS_NHM_NHM_H
#define TESTS_NHM_NHM_H

#include "../fw/test.h"
#include "../../efi/platform.h"
#include "../../pmu/backend.h"

#define NHM_GLOBAL_CTRL 0x391
#define NHM_STATUS      0x392
#define NHM_OVF_CTRL    0x393
#define NHM_FIXED_CTR   0x394
#define NHM_FIXED_CTL   0x395
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

#define MSR_DEBUGCTL      0x1D9
#define MSR_CORE_STATUS   0x38E
#define MSR_CORE_OVF_CTRL 0x390
#define DEBUGCTL_UNCORE_PMI (1ull << 13)   /* C-02 */
#define CORE_OVF_UNCORE     (1ull << 61)   /* C-06 */
#define LVT_MASKED          0x10000u       /* C-28 */

/* MSR access on the calling CPU that ends the test as ERROR on a fault. */
#define RD(t, msr, v) \
	do { int e_ = msr_read(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "rdmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)
#define WR(t, msr, v) \
	do { int e_ = msr_write(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "wrmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)

/* On the emulated backend, open questions follow their recommended default
 * and are asserted; on hardware the test reports what it saw. */
static inline bool nhm_emulated(void)
{
	return !strcmp(msr_backend()->name, "emu");
}

/* A general counter that never moved: on the model a FAIL (its streams
 * always move), on hardware a SKIP (the event may be idle without traffic). */
#define NHM_IDLE(t, ...) \
	(nhm_emulated() ? t_fail((t), __VA_ARGS__) : t_skip((t), __VA_ARGS__))

/* Busy-wait without touching any MSR, so only an asynchronous PMI can end
 * it early: until *flag becomes non-zero or us microseconds pass. */
static inline void nhm_spin(volatile unsigned *flag, uint64_t us)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * us;

	while ((!flag || !*flag) && plat_tsc() < end)
		;
}

/* Return when every PMI owed for the wraps so far has been handled on the
 * CPUs of the mask (bit i: CPU index i): 0, PLAT_ETIMEDOUT if a CPU never
 * took the fence (its interrupts off), or a registration error
 * (tests/nhm/quiesce.c). The call must come after the wrap: wait for the
 * wrap's predicted time, or for the PMI that came. */
int nhm_pmi_quiesce(uint64_t cpus);
#define NHM_BSP_ONLY 1ull

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
 * write (tests/nhm/rates.c); FAILs if FixedCntr0 did not move. */
enum verdict nhm_measure_rates(struct tctx *t, struct nhm_rates *r);

/* The calling CPU's side of the uncore PMI path (tests/nhm/pmi_path.c).
 * arm saves LVTPC and DEBUGCTL, then writes lvt and sets (or clears) bit
 * 13; disarm puts both back and clears bit 61; both return 0 or the MSR
 * error. open = fn on a Fixed-mode vector + arm(vector, bit 13 set); close
 * undoes it, also after an open that failed half-way. */
struct nhm_pmi_path {
	unsigned vector; /* 0: nothing registered */
	bool saved;      /* debugctl and lvt hold the values to restore */
	uint64_t debugctl;
	uint32_t lvt;
};
int nhm_pmi_arm(struct nhm_pmi_path *p, uint32_t lvt, bool uncore_pmi);
int nhm_pmi_disarm(const struct nhm_pmi_path *p);
enum verdict nhm_pmi_path_open(struct tctx *t, struct nhm_pmi_path *p, unsigned vector,
			       plat_irq_fn fn);
void nhm_pmi_path_close(const struct nhm_pmi_path *p);

/* Cache-missing reads from the calling CPU until *stop (if non-NULL) is set
 * or the TSC reaches end_tsc (tests/nhm/traffic.c). */
void nhm_stream_until(volatile bool *stop, uint64_t end_tsc);

enum verdict nhm_fixed_uclk(struct tctx *t);
enum verdict nhm_fixed_gate(struct tctx *t);
enum verdict nhm_pmi_fixed_core0(struct tctx *t);

/* One suite per concern, run in this order (tests/suites.c). */
extern const struct suite nhm_suite; /* fixed counter, PMI to core 0 */
extern const struct suite nhm_regs_suite, nhm_count_suite, nhm_filter_suite,
	nhm_ovf_suite, nhm_freeze_suite, nhm_route_suite;

#endif
