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

/* Busy-wait without touching any MSR, so only an asynchronous PMI can end
 * it early: until *flag becomes non-zero or us microseconds pass. */
static inline void nhm_spin(volatile unsigned *flag, uint64_t us)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * us;

	while ((!flag || !*flag) && plat_tsc() < end)
		;
}

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
