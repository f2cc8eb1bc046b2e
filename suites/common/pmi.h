/* The core side of the PMI path as the uncore and core suites use it: the
 * calling CPU's LVT entry and DEBUGCTL gate, a handler on a vector, and
 * quiescence, which makes "no PMI came" a verdict without a guessed window
 * (spec core-pmu-and-apic.md C-01..C-07, C-25..C-32). */
#ifndef TESTS_PMI_H
#define TESTS_PMI_H

#include "harness/test.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"
#include "arch/msr.h"

#define LVT_MASKED          0x10000u       /* C-28 */
#define LVT_NMI             0x400u         /* C-26: delivery mode 100 */

/* Busy-wait without touching any MSR, so only an asynchronous PMI can end
 * it early: until *flag becomes non-zero or us microseconds pass. */
static inline void pmi_spin(volatile unsigned *flag, uint64_t us)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * us;

	while ((!flag || !*flag) && plat_tsc() < end)
		;
}

/* Return when every PMI owed for the overflows so far has been handled on
 * the CPUs of the mask (bit i: CPU index i): 0, PLAT_ETIMEDOUT if a CPU
 * never took the fence (its interrupts off), or a registration error
 * (suites/common/pmi_quiesce.c). The call must come after the overflow: wait for
 * its predicted time, for its status bit, or for the PMI that came. */
int pmi_quiesce(uint64_t cpus);
#define PMI_BSP_ONLY 1ull

/* The calling CPU's side of the PMI path (suites/common/pmi_path.c). arm saves
 * LVTPC and DEBUGCTL, then writes lvt, clears IA32_PERF_GLOBAL_STATUS bit
 * 61 and sets (or clears) bit 13, the uncore's gate (C-02; core PMIs pass
 * whatever it says); disarm puts both back and clears bit 61; both return 0
 * or the MSR error. open = fn on a
 * vector (2: NMI) + arm(lvt, uncore_pmi); close undoes it, also after an
 * open that failed half-way. */
struct pmi_path {
	unsigned vector; /* 0: nothing registered */
	bool saved;      /* debugctl and lvt hold the values to restore */
	uint64_t debugctl;
	uint32_t lvt;
};
int pmi_arm(struct pmi_path *p, uint32_t lvt, bool uncore_pmi);
int pmi_disarm(const struct pmi_path *p);
enum verdict pmi_path_open(struct tctx *t, struct pmi_path *p, unsigned vector, uint32_t lvt,
			   bool uncore_pmi, plat_irq_fn fn);
void pmi_path_close(const struct pmi_path *p);

/* The rounds of a routing test's fork-join, driven by the BSP (pmi_fork):
 * armed for vector vec, it waits for the APs (each adds itself to ready
 * once armed; at most 10 s, else why says so), then runs round(arg, r) for
 * r = 0.. while r < rounds, round returns true, why is empty and fault[0]
 * is 0 (a false return makes rounds r + 1), sets done for the listeners,
 * calls after(arg) still armed, and disarms. fault[i]: CPU i's first MSR
 * error; why: what kept the BSP from driving. The caller's own struct, arg
 * of listen and of both callbacks, begins with it. */
struct pmi_rounds {
	bool (*round)(void *arg, unsigned r);
	void (*after)(void *arg);
	unsigned vec, kick, rounds;
	volatile unsigned ready;
	volatile bool done;
	int fault[PLAT_MAX_CPUS];
	char why[T_REASON_LEN];
};

/* The fork-join of the routing tests: on_pmi on vector vec and a no-op
 * handler on kick (the vector listeners send themselves, see
 * suites/nhm/route.c) registered around listen on every AP and the rounds
 * on the BSP (plat_run_all, limit_s seconds each, twice over;
 * suites/common/pmi_fork.c). V_PASS, or an ERROR naming what failed (why, or a
 * CPU's fault included); the caller judges the rest of what its struct
 * says. */
enum verdict pmi_fork(struct tctx *t, unsigned vec, plat_irq_fn on_pmi, unsigned kick,
		      void (*listen)(void *), struct pmi_rounds *f, unsigned limit_s);

/* What a PMI handler armed on the BSP alone counted (hits per CPU, the
 * first MSR fault it met and on which CPU), judged after `after`: no fault,
 * no storm (at most storm PMIs: the handler stopped its source, C-41), at
 * least one within arrive_us when want says so, exactly want (one_per:
 * the statement of "one PMI per overflow"), and none on another CPU
 * (bsp_only: the statement that a disarmed CPU takes none). */
struct pmi_tally {
	const volatile unsigned *hits;
	int fault, fault_cpu;
	unsigned storm, arrive_us;
	const char *one_per, *bsp_only;
};
enum verdict pmi_bsp_counted(struct tctx *t, const struct pmi_tally *p, unsigned want,
			     const char *after);

#endif
