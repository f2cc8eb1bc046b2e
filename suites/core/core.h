/* The architectural core PMU suite (spec core-pmu-and-apic.md, C-09..C-24,
 * C-42): tests that run on any Intel CPU whose CPUID.0AH reports an
 * architectural PMU, on silicon and on the emulated core PMU alike, all on
 * the BSP's own PMU.
 *
 * Hardware or model. The emulated core PMU counts synthetic per-cycle
 * streams (pmu/emu/core/model.h) that do not see the workload. Where a bound can
 * only come from the workload (instructions of a loop of known length,
 * misses of a buffer larger than the LLC), a test asserts it on hardware,
 * and on the model asserts the relations every correct PMU obeys over one
 * window (misses <= references, mispredictions <= branches <= instructions,
 * a CMASK split adding up to the cycles) plus the model's documented
 * per-period rates, saying in its comment and its result which applied.
 * Where the spec leaves a choice open (OQ-C1; OQ-C12, the event at which
 * an overflow takes effect), the model's choice is asserted on the model
 * and reported on hardware (t_default: `grep -n t_default suites/core`). */
#ifndef TESTS_CORE_CORE_H
#define TESTS_CORE_CORE_H

#include "suites/common/msr.h"
#include "suites/common/pmi.h"
#include "pmu/core_enum.h"

#define CORE_PMC(n)      (0xC1u + (n))  /* C-14 */
#define CORE_SEL(n)      (0x186u + (n)) /* C-14 */
#define CORE_FIXED(j)    (0x309u + (j)) /* C-21 */
#define CORE_FIXED_CTL   0x38Du         /* C-22 */
#define CORE_A_PMC(n)    (0x4C1u + (n)) /* C-18 */
/* IA32_PERF_GLOBAL_STATUS / OVF_CTRL: MSR_GLOBAL_STATUS / MSR_GLOBAL_OVF_CTRL (pmi.h) */

#define CORE_MAX_GP    8
#define CORE_MAX_FIXED 3

/* The emulated core PMU's synthetic streams as its documentation gives them
 * (the header comment of pmu/emu/core/model.h; not spec: the model's own
 * workload), the suite's own copy, so that a model whose streams drift
 * fails the core.events tests instead of moving their expectation: every
 * period of MODEL_PERIOD cycles holds these counts, at most MODEL_INST_MAX
 * instructions retire per cycle. */
#define MODEL_PERIOD          1024
#define MODEL_PERIOD_INST     1269
#define MODEL_PERIOD_BRANCH   468
#define MODEL_PERIOD_MISPRED  50
#define MODEL_PERIOD_LLC_REF  117
#define MODEL_PERIOD_LLC_MISS 41
#define MODEL_INST_MAX        4

/* IA32_PERFEVTSELx fields (seed 004, spec §3). */
#define SEL_USR      (1ull << 16)
#define SEL_OS       (1ull << 17)
#define SEL_E        (1ull << 18)
#define SEL_INT      (1ull << 20)
#define SEL_EN       (1ull << 22)
#define SEL_INV      (1ull << 23)
#define SEL_CMASK(c) ((uint64_t)(c) << 24)

/* C-24 rows: the EBX bit of each pre-defined event. */
enum { EV_CYCLES, EV_INST, EV_REF, EV_LLC_REF, EV_LLC_MISS, EV_BRANCH, EV_MISPRED };
/* Event select | umask << 8 of row r (C-24). */
uint64_t core_event(unsigned row);
/* Row r counted at ring 0, enabled: the harness runs at CPL 0 (C-09). */
#define SEL_COUNT(r) (core_event(r) | SEL_OS | SEL_EN)

/* IA32_PERF_GLOBAL_CTRL / STATUS bits (C-07, C-09) and fixed counter j's
 * field of IA32_FIXED_CTR_CTRL (C-22): EN 1 ring 0, 2 ring > 0, 3 all. */
/* Version 4 (C-43..C-48), the suite's own numbers: 0x390 is then
 * IA32_PERF_GLOBAL_STATUS_RESET (MSR_GLOBAL_OVF_CTRL), 0x391
 * IA32_PERF_GLOBAL_STATUS_SET, 0x392 IA32_PERF_GLOBAL_INUSE; STATUS bits
 * LBR_Frz, CTR_Frz and OvfBuf; INUSE's PMI_InUse (OQ-C15); DEBUGCTL's
 * FREEZE_LBRS_ON_PMI and FREEZE_PERFMON_ON_PMI. */
#define CORE_STATUS_SET   0x391u
#define CORE_INUSE        0x392u
#define ST_LBR_FRZ        (1ull << 58)
#define ST_CTR_FRZ        (1ull << 59)
#define ST_OVF_BUF        (1ull << 62)
#define INUSE_PMI         (1ull << 63)
#define DBG_FRZ_LBRS      (1ull << 11)
#define DBG_FRZ_PERFMON   (1ull << 12)

#define G_PMC(n)        (1ull << (n))
#define G_FIXED(j)      (1ull << (32 + (j)))
#define G_COUNTERS      (0xFFull | 0x7ull << 32)
#define FC_EN(j, en)    ((uint64_t)(en) << 4 * (j))
#define FC_PMI(j)       (8ull << 4 * (j))

/* What a test of the suite works from (suites/core/window.c). */
struct core {
	struct core_enum e;
	/* The core PMU is emulated (pmu_core_emulated), for what is not an
	 * open question: a workload only silicon sees, the model's rates and
	 * shapes known exactly, writes the harness makes only where the model
	 * refuses them (C-61, C-73). Open questions and tolerances: t_default
	 * and t_slack. */
	bool model;
	uint64_t gp_mask;    /* (1 << EAX[23:16]) - 1 */
	uint64_t fixed_mask; /* (1 << EDX[12:5]) - 1 */
	/* The fixed counters of this CPU the suite knows, bit j for
	 * IA32_FIXED_CTRj (C-52, C-53: core_enum_fixed_set): the only ones a
	 * test touches (C-61). */
	unsigned fixed_set;
	/* The general counters likewise, bit n for IA32_PMCn: leaf 23H's
	 * bitmap where it is enumerated, holes and all, else the first
	 * CPUID.0AH:EAX[15:8] (core_enum_gp_set, C-66, C-73). */
	unsigned gp_set;
};

static inline bool core_has_fixed(const struct core *c, unsigned j)
{
	return c->fixed_set >> j & 1;
}

static inline bool core_has_gp(const struct core *c, unsigned n)
{
	return c->gp_set >> n & 1;
}

/* Each general counter n the suite may touch, in order, while cond holds:
 * gp_set's, holes skipped, never 0..CPUID.0AH:EAX[15:8] - 1 (C-66, C-73).
 * The body follows as a for statement's. */
#define CORE_FOR_GP(c, n, cond) \
	for ((n) = 0; (n) < CORE_MAX_GP && (cond); (n)++) \
		if (core_has_gp((c), (n)))

/* The general counters gp_set holds. */
unsigned core_gp_count(const struct core *c);
/* The counter k places after n in gp_set, wrapping round (a partner for n
 * in one window: above a hole where n is the last below it, C-66). */
unsigned core_gp_after(const struct core *c, unsigned n, unsigned k);

/* C-52 as the suite reads CPUID.0AH (a = EAX, EBX, ECX, EDX) itself:
 * fixed counter i is there if ECX[i] or EDX[4:0] > i (version 5 on), the
 * first EDX[4:0] before (C-53); of the three the suite knows. */
uint32_t core_rule_fixed_set(const uint32_t a[4]);

/* Read the enumeration (C-11) and put every control at rest: GLOBAL_CTRL,
 * FIXED_CTR_CTRL and each PERFEVTSEL 0, overflow status cleared, then
 * core_errata_reset (every window repeats it as it adds counters). SKIP where
 * no window can be opened for several counters at once (version 1: no
 * IA32_PERF_GLOBAL_CTRL) or fewer than `ngp` general counters exist. */
enum verdict core_begin(struct tctx *t, struct core *c, unsigned ngp);
/* The controls at rest again, whatever the verdict v; returns v. */
enum verdict core_end(const struct core *c, enum verdict v);

/* Write general counter n through IA32_PMCn, PERFEVTSELn.EN being clear as
 * C-15 requires: an EN found set is the harness's own bug, an ERROR. */
enum verdict core_set_pmc(struct tctx *t, unsigned n, uint64_t v);

/* C-42: on models 0x1A, 0x1E and 0x2C, the reset sequence Linux runs
 * whenever counters are added (errata AAK100, AAP53, BD53); nothing on
 * other models. Applied by the CPU's model as CPUID names it, so the
 * emulated core PMU of `-cpu Nehalem` gets it too (it counts nothing for
 * those events and keeps nothing of it). */
enum verdict core_errata_reset(struct tctx *t, const struct core *c);

/* One counting window: every counter at 0, the selects and fixed control
 * given, then one IA32_PERF_GLOBAL_CTRL write starts all counters of `en`
 * and one stops them (C-09), around the workload (NULL: a spin of us). On
 * hardware interrupts are off meanwhile, so no handler's ring-0 work is
 * counted. */
struct core_win {
	uint64_t sel[CORE_MAX_GP]; /* PERFEVTSELn while open (0: left at rest) */
	uint64_t fixed_ctl;        /* IA32_FIXED_CTR_CTRL while open */
	uint64_t en;               /* IA32_PERF_GLOBAL_CTRL while open */
	void (*work)(void *arg);
	void *arg;
	uint32_t us;
	/* Counters (general n, fixed j as CORE_MAX_GP + j) whose counts are
	 * taken inside the window, as suites/core/edge.c takes its own: each
	 * read after the opening write in this order and before the closing
	 * one in the reverse order, the count the difference. Each listed
	 * counter then counts over a span inside the one before it, whatever
	 * the gate does: a count of fewer events (a subset event, the event
	 * beside the cycles) is at most the count listed before it (on
	 * hardware within the few events by which a read may land out of
	 * program order), and does not rest on C-09 (the gates tests'
	 * subject). Unlisted counters: from 0 at the opening write to the
	 * closing one; a window with none listed rests on C-09 and checks it,
	 * failing if a counter moves after the closing write. */
	uint8_t nest[CORE_MAX_GP + CORE_MAX_FIXED];
	unsigned nnest;
	/* out: counts masked to the counter widths; TSC ticks from before the
	 * opening write to after the closing one, and from after the opening
	 * one to before the closing one: the counted time lies between. */
	uint64_t gp[CORE_MAX_GP], fixed[CORE_MAX_FIXED], ticks, inner;
};
enum verdict core_window(struct tctx *t, const struct core *c, struct core_win *w);
/* Counter idx (general n below CORE_MAX_GP, fixed j at CORE_MAX_GP + j)
 * now, masked to its width: 0 or the read's fault. */
int core_read(const struct core *c, unsigned idx, uint64_t *v);
/* Its name, "IA32_PMCn" or "IA32_FIXED_CTRj", in buf. */
const char *core_name(unsigned idx, char *buf, size_t len);

/* One WRMSR to IA32_PERF_GLOBAL_CTRL opens the window for every counter and
 * one closes it, but the manual promises no simultaneity: on hardware each
 * counter may start and stop up to CORE_SKEW core cycles apart from
 * another's (a WRMSR takes on the order of a hundred cycles; 500 leaves a
 * margin of several). Two counters of an event that adds at most k per
 * cycle may then differ by 2 x CORE_SKEW x k: a few thousand against the
 * millions of a window, while a broken gate or filter is off by a large
 * fraction of it. The model gates every counter at the same cycle: 0
 * (t_slack). */
#define CORE_SKEW 500
uint64_t core_slack(struct tctx *t, unsigned per_cycle_max);

static inline uint64_t core_dist(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* Hardware workloads (suites/core/workload.c), each a function of a
 * struct work_arg for core_window. */
struct work_arg {
	uint64_t n;         /* iterations */
	uint32_t us;        /* work_toggle: how long */
	const uint8_t *buf; /* work_walk: lines of buf, bytes long */
	size_t bytes;
};
/* n iterations of 6 NOPs, DEC, JNZ: exactly WORK_LOOP_INST instructions
 * and one (predicted) branch each. */
#define WORK_LOOP_INST 8
void work_loop(void *arg);
/* n x WORK_ADDS dependent register ADDs: each waits for the one before, one
 * cycle of latency apiece, so they take at least n x WORK_ADDS cycles. */
#define WORK_ADDS 64
void work_adds(void *arg);
/* n iterations with a branch on a pseudo-random bit (xorshift64): about
 * half of those branches are mispredicted whatever the predictor. */
void work_random_branches(void *arg);
/* Cache-missing reads for us microseconds: stalls between short runs of
 * retiring instructions (suites/common/traffic.c). */
void work_toggle(void *arg);
/* One read of every 64-byte line of buf in a scattered order that defeats
 * the prefetchers' strides. */
void work_walk(void *arg);
/* The largest cache CPUID leaf 4 describes (the LLC), 0 if none. */
size_t core_llc_bytes(void);

#define CORE_PMI_VEC 0xF4 /* C-32: >= 0x20, above quiescence's fence */

/* One overflow of counter idx (general n below CORE_MAX_GP, fixed j at
 * CORE_MAX_GP + j) from a preset of -N with its PMI enabled, the LVT
 * entry set to lvt (a vector, or LVT_NMI): one PMI on this CPU, status bit
 * set and cleared by the handler, the counter past 0 (suites/core/pmi.c). */
enum verdict core_overflow_pmi(struct tctx *t, const struct core *c, unsigned idx, uint32_t lvt);

/* Wait until every bit of `bits` shows in IA32_PERF_GLOBAL_STATUS (the
 * overflows of `what` happened; FAIL after 1 s), then for quiescence: the
 * PMIs they owed are in (suites/core/pmi.c). */
enum verdict core_overflowed(struct tctx *t, uint64_t bits, const char *what);

/* One suite per concern, run in this order (suites/all.c). */
extern const struct suite core_enum_suite, core_gate_suite, core_filter_suite, core_edge_suite,
	core_fixed_suite, core_ovf_suite, core_pmi_suite, core_events_suite, core_v4_suite,
	core_v5_suite, core_v6_suite;

#endif
