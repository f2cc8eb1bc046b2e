/* The client uncore suite (spec client-uncore.md, L-xx): one suite for the
 * four register layouts, each test driven by the layout's own constants
 * (suites/client/spec.h), chosen by the CPU model as the spec lists it
 * (L-01), never by the registry. */
#ifndef TESTS_CLIENT_CLIENT_H
#define TESTS_CLIENT_CLIENT_H

#include "suites/client/spec.h"
#include "suites/common/msr.h"
#include "suites/common/pmi.h"
#include "suites/common/stamp.h"
#include "suites/common/traffic.h"

/* The layout of this CPU (L-01, L-07, L-09, L-16, L-17, L-33, L-43, L-64..
 * L-76). */
struct cl_layout {
	char name;            /* 'A' to 'D' */
	uint32_t gctl, status;
	uint32_t fixed_ctl;   /* FIXED_CTRL; FIXED_CTR at + 1 (L-08, L-73) */
	uint32_t cbo_sel, cbo_ctr; /* C-box 0's PERFEVTSEL0 and PERFCTR0 */
	unsigned cbo_stride;  /* 0x10 on A and B, 8 on C and D (L-11, L-66, L-74) */
	bool cbox7_far;       /* box 7 at 0xF70/0xF76 (B, L-13; not C, L-67) */
	uint32_t arb_sel, arb_ctr; /* ARB box 0's PERFEVTSEL0 and PERFCTR0 */
	unsigned narb;        /* ARB boxes: 2 on D, 8 apart (L-76) */
	/* Ice Lake client's erratum: ARB counter 0 never programmed (L-70),
	 * GLOBAL_CTRL's EN and FREEZE control nothing (L-71, L-81) */
	bool icl068;
	unsigned cmask_bits;  /* a C-box's threshold: 5, 6 on D (L-75) */
	/* The fixed counter's width as probed (L-85), and as the digest has
	 * it: 48 on A, C, D, 44 on B (OQ-L16, L-73) */
	unsigned fixed_bits, fixed_bits_spec;
	bool fixed_probed;    /* the probe read a width back (else the digest's) */
	bool req1_only;       /* 81H on ARB counter 1 alone (L-83, OQ-L34) */
	unsigned sel_bits;    /* PMI-select bits: 4 on A, 5 on B (OQ-L7) and C, D (OQ-L26) */
	/* min(4 or 8, cores of the BSP's package), 7 but on 0x9E (OQ-L6); on C
	 * and D CBO_CONFIG[3:0] (L-68) */
	unsigned ncbox;
	unsigned maxcbox;     /* the layout's (and model's) most: 4, 7 or 8; 15 on C, D (L-68) */
};

/* The layout by the CPU model (CPUID.01H), the C-box count by the tests' own
 * topology (harness/cpu_topo.h) or, on C and D, by CBO_CONFIG, the fixed
 * counter's width by a probe (L-85: all ones written with the unit
 * stopped and read back; the digest's where every write faults); an ERROR
 * if the model is in no list (uncore= forced a client generation on
 * another CPU). */
enum verdict cl_layout(struct tctx *t, struct cl_layout *l);

/* C-box n's PERFEVTSELk and PERFCTRk; ARB box b's (0 where the layout
 * has none: Ice Lake's counter 0, L-70). */
uint32_t cl_cbo_sel(const struct cl_layout *l, unsigned n, unsigned k);
uint32_t cl_cbo_ctr(const struct cl_layout *l, unsigned n, unsigned k);
uint32_t cl_arb_sel(const struct cl_layout *l, unsigned b, unsigned k);
uint32_t cl_arb_ctr(const struct cl_layout *l, unsigned b, unsigned k);
/* The threshold field's top bit alone as a threshold: 16, 32 on D (L-75). */
unsigned cl_cmask_top(const struct cl_layout *l);

/* The counters a window reads: ARB 0 and 1, C-box 0's counters 0 and 1,
 * the fixed counter; on Ice Lake client no ARB 0 (its MSRs 0: a window
 * leaves the slot alone and reads 0 for it, L-70). */
enum { CL_ARB0, CL_ARB1, CL_CB0, CL_CB1, CL_FIX, CL_NWIN };
/* The slot where a window counts ARB 81H: the counter every source lets
 * count it on every part (CL_ARB_REQ_CTR, L-83). */
#define CL_ARB_REQ_WIN (CL_ARB0 + CL_ARB_REQ_CTR)
uint32_t cl_ctr_msr(const struct cl_layout *l, unsigned i);
uint32_t cl_sel_msr(const struct cl_layout *l, unsigned i); /* CL_FIX: FIXED_CTRL */
extern const char *const cl_ctr_names[CL_NWIN];

/* One counting window: every counter of the window zeroed, its select (or
 * FIXED_CTRL) written, then GLOBAL_CTRL = gctl, memory traffic for us
 * microseconds, GLOBAL_CTRL = 0 (L-20, L-23) and the counts read into d.
 * A window bounded by the GLOBAL_CTRL writes (L-30, L-61); where ICL068
 * takes EN away (icl068), GLOBAL_CTRL = gctl first and the window
 * bounded by the selects' writes (L-81). */
struct cl_win {
	uint64_t sel[CL_NWIN];
	uint64_t gctl;
	uint64_t d[CL_NWIN];
	uint64_t tsc;      /* TSC ticks from before the enabling write to after the stop */
	/* TSC ticks the selects' enabling writes took, plus their disabling
	 * ones: 0 where one GLOBAL_CTRL write starts and stops them all */
	uint64_t skew;
};
enum verdict cl_window(struct tctx *t, const struct cl_layout *l, struct cl_win *w, uint64_t us);
/* The U-clocks by which two counters' windows of w may differ (L-81):
 * its skew at the fixed counter's rate, rounded up; 0 where GLOBAL_CTRL
 * bounds the window. */
uint64_t cl_slack(const struct cl_win *w);
/* Counter i's counts in `us` microseconds at the window's rate. The window
 * is timed from outside its GLOBAL_CTRL writes, so a CPU (or vCPU thread)
 * away inside it can only lower the rate: a preset from it wraps early,
 * never late (a window timed by its nominal length once put a preset 60
 * times too far from its wrap on a loaded host). */
uint64_t cl_counts_in(const struct cl_win *w, unsigned i, uint64_t us);

/* Counter i of window w did not move on its event `what` (L-86): where
 * the reference counter ref of the same window moved, traffic was there
 * and the event did not count on this part: the verdict names the event
 * and, on layouts C and D, where no source documents a C-box event, the
 * open question it answers (OQ-L32, recorded as a miss of its default);
 * where the reference did not move either, no traffic. A FAIL on the
 * model either way, a SKIP on hardware (t_idle). */
enum verdict cl_silent(struct tctx *t, const struct cl_layout *l, const struct cl_win *w,
		       unsigned i, const char *what, unsigned ref, const char *ref_what);

/* GLOBAL_STATUS cleared: written 0 (L-40, OQ-L8 default); on hardware,
 * where how it clears is open (OQ-L8), a status still set is written back
 * once too, the write-1-to-clear reading. 0 or the first MSR error. */
int cl_status_clear(const struct cl_layout *l);
/* Every control of the package at rest and the status cleared (L-23,
 * cl_status_clear): GLOBAL_CTRL, FIXED_CTRL, both ARB selects, each
 * present C-box's selects; checked: the status reads 0 (a FAIL on the
 * model; on hardware, where OQ-L8 is open, a SKIP naming it). */
enum verdict cl_prepare(struct tctx *t, const struct cl_layout *l);
/* V_PASS where GLOBAL_CTRL's EN and FREEZE work; N/A naming ICL068 and
 * `what` (the test's subject) where they do not (L-71, L-81). */
enum verdict cl_gctl_live(struct tctx *t, const struct cl_layout *l, const char *what);
/* cl_layout, then cl_prepare: the start of most tests. */
enum verdict cl_begin(struct tctx *t, struct cl_layout *l);
/* The same unchecked, for clean-up paths: returns the first MSR error. */
int cl_quiet(const struct cl_layout *l);

/* The fixed counter's rate over us microseconds, in Hz (FIXED_CTRL EN,
 * GLOBAL_CTRL EN; both reads dated). */
enum verdict cl_uclk_hz(struct tctx *t, const struct cl_layout *l, uint64_t us, uint64_t *hz);

uint64_t cl_tsc_us(uint64_t us);

/* ---- the PMI source and handler (suites/client/pmi_lib.c) ---- */

#define CL_PMI_VEC   0xF4   /* C-32: >= 0x20; not nhm's 0xF1..0xF3 */
#define CL_KICK      0xF5   /* a no-op vector (suites/nhm/route.c's listen) */
#define CL_LEAD_US   1000   /* the wrap is due 1 ms after the enabling write */
/* A PMI follows the wrap within microseconds on hardware, within the
 * model's 1 ms tick on the emulated backend; TCG on a loaded host ran AP
 * handlers up to 1.7 s late (suites/nhm/route.h). */
#define CL_ARRIVE_US 5000000
#define CL_EARLY_US  50     /* the lead's own error (suites/nhm/route.h) */
#define CL_STORM     8      /* more PMIs than this on one CPU: a storm (C-41) */

/* The source: FIXED_CTR preset cl->lead U-clocks before its wrap, with
 * FIXED_CTRL EN and OVF_EN (L-36, L-42). */
struct cl_src {
	struct cl_layout l;
	uint64_t lead, lead_tsc; /* U-clocks in CL_LEAD_US, the same in TSC ticks */
};
enum verdict cl_src_measure(struct tctx *t, struct cl_src *s);
/* Stops the uncore, presets the fixed counter, writes GLOBAL_CTRL = EN |
 * gbits (select bits, WakePMI), then enables the fixed counter: FIXED_CTRL
 * is the enabling write on every layout, ICL068's included (L-22, L-81).
 * The wrap is due at *due (from before the enabling write) and past by *by
 * (from after it). Clears the status first when clear is set (L-40). 0 or
 * an MSR error. */
int cl_src_start(const struct cl_src *s, uint64_t gbits, bool clear, uint64_t *due,
		 uint64_t *by);
/* GLOBAL_CTRL and FIXED_CTRL 0, the status cleared. */
int cl_src_stop(const struct cl_src *s);

/* What the handler saw, per CPU: it counts, records the uncore status, and
 * unmasks LVTPC (C-29) when rearm is set. */
#define CL_PMI_AT 16  /* PMIs dated per CPU: a fork-join's rounds */
struct cl_pmi {
	volatile unsigned hits[PLAT_MAX_CPUS];
	volatile uint64_t at[PLAT_MAX_CPUS][CL_PMI_AT]; /* TSC at PMI n + 1 */
	volatile uint64_t status[PLAT_MAX_CPUS];
	volatile uint32_t lvt[PLAT_MAX_CPUS];
	volatile int fault, fault_cpu;
	volatile bool rearm;
	uint32_t gctl_msr, status_msr, fixed_msr; /* fixed_msr: FIXED_CTRL */
};
extern struct cl_pmi cl_pmi;
void cl_on_pmi(unsigned vector);
/* The select bit of the BSP's core on the model (L-46, OQ-L17: core n is
 * the n-th core by APIC id); on hardware, where the numbering is open, all
 * of the layout's bits, so that it reaches the BSP whichever core it is
 * (a choice of set-up, not an assertion: t_on_model()). */
uint64_t cl_bsp_select(const struct cl_layout *l);

/* One suite per concern, run in this order (suites/all.c). */
extern const struct suite client_regs_suite, client_gate_suite, client_filter_suite,
	client_fixed_suite, client_events_suite, client_ovf_suite, client_freeze_suite,
	client_pmi_suite, client_route_suite, client_arb_suite;

#endif
