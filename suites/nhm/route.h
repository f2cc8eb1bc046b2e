/* What the Nehalem PMI delivery tests (suites/nhm/route_solo.c, the BSP
 * alone) and routing tests (suites/nhm/route.c, every CPU) share: N-03,
 * N-30..N-35; C-02, C-26, C-28, C-29, C-41. The source is FixedCntr0
 * preset 1 ms of measured U-clock before its wrap, PMI bit set (N-29,
 * N-30); the handler counts, stamps and records each PMI. */
#ifndef TESTS_NHM_ROUTE_H
#define TESTS_NHM_ROUTE_H

#include "suites/nhm/nhm.h"
#include "harness/cpu_topo.h"

#define VEC       0xF2   /* C-32: >= 0x20; not pmi.c's 0xF1 nor self.ipi's 0xF0 */
#define KICK      0xF3   /* a no-op vector, see listen() */
#define NMI       2
#define LVT_NMI   0x400u /* C-26: delivery mode 100 */
#define FC_EN_PMI 0x5    /* FIXED_CTR_CTRL: EN (bit 0), PMI (bit 2); N-07, N-30 */
#define PMI_CORES 4      /* OQ-N3: EN_PMI_CORE is bits 51:48 */
#define ALL_CORES ((1u << PMI_CORES) - 1)
#define ROUNDS    3      /* overflows per fork-join: latency samples per CPU */
#define RATE_US   5000   /* the U-clock, measured over 5 ms of FixedCntr0 */
#define LEAD_US   1000   /* the wrap is due 1 ms after the enabling write */
/* How far the wrap may be from its predicted time: the 1 ms lead comes
 * from a rate whose 5 ms window has both ends dated to NHM_BRACKET_US
 * (20 us), under 1% of the lead. So a PMI may seem this early on the
 * model (which delivers only after the wrap), and this long after the
 * prediction dated from after the enabling write (struct wrap) the wrap
 * is past. */
#define EARLY_US  50
/* On hardware a PMI follows the wrap within microseconds (OQ-N23); the model
 * delivers on its 1 ms tick, and TCG on a loaded host ran APs' handlers up
 * to 1.7 s late. Only a failing run waits this out, and once: a fork-join
 * stops at the first overflow that did not arrive. */
#define ARRIVE_US 5000000
/* After a PMI that came, or the wrap of one that must not come, the test
 * waits for pmi_quiesce: then a duplicate, a storm (C-41) or a
 * misrouted PMI has been taken, if there was one. */
/* More PMIs than this on one CPU in one test is a storm (C-41): the handler
 * stops the source and the test fails instead of hanging. */
#define STORM     8
#define ALL_CPUS  (plat_cpu_count() < 64 ? (1ull << plat_cpu_count()) - 1 : ~0ull)
#define LISTEN_S  30     /* an AP gives up waiting for the BSP */
#define KICK_US   (2ull * pmu_pmi_bound_us()) /* see listen() */

/* What the handler saw, per CPU (route_lib.c). */
struct route_pmi {
	volatile unsigned hits[PLAT_MAX_CPUS];
	volatile uint64_t at[PLAT_MAX_CPUS][ROUNDS]; /* TSC at the first PMIs */
	volatile uint32_t lvt[PLAT_MAX_CPUS];        /* LVTPC as the handler found it */
	volatile uint64_t status[PLAT_MAX_CPUS];     /* uncore status in the handler */
	volatile int fault, fault_cpu;
	volatile bool rearm; /* the handler unmasks LVTPC (C-29, C-40) */
};
extern struct route_pmi route_pmi;

/* The preset, from the U-clock measured against the TSC (OQ-N17). */
struct clock {
	uint64_t lead;     /* U-clocks in LEAD_US */
	uint64_t lead_tsc; /* the same in TSC ticks */
};

/* The handler, Fixed and NMI mode alike: counts, stamps and records each
 * PMI in route_pmi. */
void route_on_pmi(unsigned vector);
/* *e = rc unless *e already holds an error. */
void route_keep(int *e, int rc);
uint64_t route_tsc_us(uint64_t us);
/* The calling package's uncore stopped, every status bit cleared (N-26). */
int route_stop_uncore(unsigned me);
/* The U-clock measured against the TSC, as the preset's lead (OQ-N17). */
enum verdict route_measure(struct tctx *t, struct clock *c);
/* When the wrap is due, by the TSC: `due` from just before the enabling
 * write, `by` from just after it. A CPU (vCPU thread) away between the two
 * starts the count late: the wrap is then past `due`, never past `by`. So a
 * PMI's latency counts from `due` (a PMI before it is early), and a wait
 * for the wrap to be over ends from `by`: from `due`, a write delayed by
 * more than EARLY_US left the wrap after the wait and the PMI fence, and
 * its PMI went through the gate the test opened next (a false FAIL of
 * nhm.route.lvt-masked under TCG on a loaded host). */
struct wrap {
	uint64_t due, by;
};
/* FixedCntr0 c->lead before its wrap, PMI bit set, routed to `cores`. */
int route_start(const struct clock *c, unsigned cores, struct wrap *w);

#endif
