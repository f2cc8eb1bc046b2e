/* TSC frequency from two independent references, so each can check the other. */
#ifndef ARCH_TSC_H
#define ARCH_TSC_H

#include "lib/rt.h"

/* One reading of a reference clock (`ref`, in its own ticks) taken somewhere
 * between the TSC reads tsc0 and tsc1 around it. */
struct tsc_sample {
	uint64_t tsc0, ref, tsc1;
};

/* A calibration window: `ticks` of the TSC across `ref` ticks of the
 * reference, of which at most `slack` ticks may be time the CPU spent
 * elsewhere (an SMI, the host descheduling a vCPU) or not known to the
 * reference. */
struct tsc_window {
	uint64_t ticks, ref, slack;
};

/* The calibration: hz is the median of the undisturbed windows (slack at
 * most TSC_TOL_PPM of the window) when at least TSC_NEED of them were found
 * in TSC_MAX_WINDOWS tries (trusted), else the least disturbed window's
 * rate, which nothing should be judged by. */
struct tsc_cal {
	uint64_t hz;
	bool trusted;
	unsigned windows;    /* taken */
	unsigned discarded;  /* too disturbed to trust */
	unsigned spread_ppm; /* between the undisturbed windows' rates */
};

#define TSC_NEED        3
/* 256 windows (at most about 0.6 s, only when disturbed): 8 vCPUs on 2
 * host cores beside other QEMU boots found 0 undisturbed in 64. */
#define TSC_MAX_WINDOWS 256
#define TSC_TOL_PPM     2000

/* From two readings of the reference: the midpoints' distance, the two
 * brackets' widths as slack. */
struct tsc_window tsc_window_between(const struct tsc_sample *a, const struct tsc_sample *b);
/* From k calls of an opaque delay of ref_per_step each, t[0..k] the TSC read
 * before, between and after them: a call that took longer than the fastest
 * one held a disturbance, so the excess over k fastest calls is the slack. */
struct tsc_window tsc_window_of_steps(const uint64_t *t, unsigned k, uint64_t ref_per_step);
/* The calibration from n windows of a reference that ticks at ref_hz. */
struct tsc_cal tsc_pick(const struct tsc_window *w, unsigned n, uint64_t ref_hz);

/* The TSC against stall_us (the firmware's Stall), measured on the first call
 * and kept: the rate every window of the run derives from. */
const struct tsc_cal *tsc_cal_by_stall(void (*stall_us)(uint64_t us));
/* The TSC against the 8254 PIT's channel 2 (1.193182 MHz), measured anew;
 * no windows (cal.windows = 0) if its output never rises (no legacy PIT, or
 * it is gated off on this platform). */
struct tsc_cal tsc_cal_by_pit(void);

#endif
