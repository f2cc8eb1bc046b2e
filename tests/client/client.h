/* The client uncore suite (spec client-uncore.md, L-xx): one suite for both
 * register layouts, each test driven by the layout's own constants
 * (tests/client/spec.h), chosen by the CPU model as the spec lists it
 * (L-01), never by the registry. */
#ifndef TESTS_CLIENT_CLIENT_H
#define TESTS_CLIENT_CLIENT_H

#include "spec.h"
#include "../msr.h"
#include "../pmi.h"
#include "../traffic.h"

/* The layout of this CPU (L-01, L-07, L-09, L-16, L-17, L-33, L-43). */
struct cl_layout {
	char name;            /* 'A' or 'B' */
	uint32_t gctl, status;
	unsigned fixed_bits;  /* 48 on A, 44 on B (OQ-L16) */
	unsigned sel_bits;    /* PMI-select bits: 4 on A, 5 on B (OQ-L7) */
	unsigned ncbox;       /* min(4 or 8, cores of the BSP's package) */
};

/* The layout by the CPU model (CPUID.01H), the C-box count by the tests' own
 * topology (tests/cpu_topo.h); an ERROR if the model is in neither list
 * (uncore= forced a client generation on another CPU). */
enum verdict cl_layout(struct tctx *t, struct cl_layout *l);

/* The counters a window reads: ARB 0 and 1, C-box 0's counters 0 and 1,
 * the fixed counter. */
enum { CL_ARB0, CL_ARB1, CL_CB0, CL_CB1, CL_FIX, CL_NWIN };
uint32_t cl_ctr_msr(unsigned i);
uint32_t cl_sel_msr(unsigned i); /* CL_FIX: FIXED_CTRL */
extern const char *const cl_ctr_names[CL_NWIN];

/* One counting window: every counter of the window zeroed, its select (or
 * FIXED_CTRL) written, then GLOBAL_CTRL = gctl, memory traffic for us
 * microseconds, GLOBAL_CTRL = 0 (L-20, L-23) and the counts read into d.
 * A window bounded by the GLOBAL_CTRL writes (L-30, L-61). */
struct cl_win {
	uint64_t sel[CL_NWIN];
	uint64_t gctl;
	uint64_t d[CL_NWIN];
};
enum verdict cl_window(struct tctx *t, const struct cl_layout *l, struct cl_win *w, uint64_t us);

/* Every control of the package at rest and the status cleared by writing
 * 0 (L-23, L-40): GLOBAL_CTRL, FIXED_CTRL, both ARB selects, each present
 * C-box's selects; checked: the status reads 0. */
enum verdict cl_prepare(struct tctx *t, const struct cl_layout *l);
/* The same unchecked, for clean-up paths: returns the first MSR error. */
int cl_quiet(const struct cl_layout *l);

/* A read of msr dated by the TSC reads around it (redone when they are
 * more than CL_BRACKET_US apart): 0, the MSR error or PLAT_ETIMEDOUT. */
#define CL_BRACKET_US  20
#define CL_STAMP_TRIES 64
int cl_stamp(uint32_t msr, uint64_t *val, uint64_t *tsc);

/* The fixed counter's rate over us microseconds, in Hz (FIXED_CTRL EN,
 * GLOBAL_CTRL EN; both reads dated). */
enum verdict cl_uclk_hz(struct tctx *t, const struct cl_layout *l, uint64_t us, uint64_t *hz);

uint64_t cl_tsc_us(uint64_t us);

/* One suite per concern, run in this order (tests/suites.c). */
extern const struct suite client_regs_suite, client_gate_suite, client_filter_suite,
	client_fixed_suite, client_events_suite, client_ovf_suite, client_freeze_suite;

#endif
