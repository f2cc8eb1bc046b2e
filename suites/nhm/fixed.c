/* FixedCntr0: its two gates and its rate, the U-clock (N-07, N-08, N-09). */
#include "suites/nhm/nhm.h"

/* Nehalem and Westmere parts run their uncore between about 1.6 and 3.5 GHz
 * (the base clock of the N-40 ratio is not stated, OQ-N17, so this is a
 * plausibility window, not a derivation): 1-4 GHz leaves room either side,
 * while a counter that ticks at a bus rate, at a core multiple, or not at
 * all, falls outside. */
#define UCLK_MIN_HZ 1000000000ull
#define UCLK_MAX_HZ 4000000000ull
/* Millions of U-clocks: a gate that leaks moves the counter, and the rate's
 * two reads, each dated to NHM_BRACKET_US (20 us), err by under 1% (far
 * inside the 1-4 GHz window above). */
#define WINDOW_US   2000

enum verdict nhm_fixed_gate(struct tctx *t)
{
	uint64_t a, b;

	WR(t, NHM_GLOBAL_CTRL, 0); /* N-05: write what the test relies on */
	WR(t, NHM_FIXED_CTL, 0);
	WR(t, NHM_FIXED_CTR, 0x1234);
	/* N-07: local EN alone does not count ... */
	WR(t, NHM_FIXED_CTL, 1);
	RD(t, NHM_FIXED_CTR, &a);
	plat_stall_us(WINDOW_US);
	RD(t, NHM_FIXED_CTR, &b);
	CHECK(t, a == 0x1234 && b == a, "FixedCntr0 moved from 0x%lx to 0x%lx with EN_FC0 "
	      "clear (N-07)", (unsigned long)a, (unsigned long)b);
	/* ... nor EN_FC0 alone ... */
	WR(t, NHM_FIXED_CTL, 0);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	plat_stall_us(WINDOW_US);
	RD(t, NHM_FIXED_CTR, &b);
	CHECK(t, b == a, "FixedCntr0 moved with FIXED_CTR_CTRL.EN clear (N-07)");
	/* ... both do, and GLOBAL_CTRL = 0 stops it where it is (N-09). */
	WR(t, NHM_FIXED_CTL, 1);
	plat_stall_us(WINDOW_US);
	RD(t, NHM_FIXED_CTR, &b);
	WR(t, NHM_GLOBAL_CTRL, 0);
	CHECK(t, ((b - a) & NHM_WIDTH_MASK) != 0, "FixedCntr0 did not count with both "
	      "enables set (N-07, N-08)");
	RD(t, NHM_FIXED_CTR, &a);
	plat_stall_us(WINDOW_US);
	RD(t, NHM_FIXED_CTR, &b);
	CHECK(t, a == b, "FixedCntr0 still counting after GLOBAL_CTRL = 0 (N-09): 0x%lx -> "
	      "0x%lx", (unsigned long)a, (unsigned long)b);
	WR(t, NHM_FIXED_CTL, 0);
	return V_PASS;
}

/* The U-clock rate: FixedCntr0's delta over a TSC-timed window (N-08).
 * Both reads are dated by nhm_stamp: a CPU away between a read and an
 * undated TSC read stretches or shrinks the window by as long as it was
 * away (a vCPU descheduled for a millisecond under TCG put a 2 ms window's
 * rate outside the 1-4 GHz bounds). */
enum verdict nhm_fixed_uclk(struct tctx *t)
{
	uint64_t c0 = 0, c1 = 0, t0 = 0, t1 = 0, hz;
	int e;

	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_FIXED_CTL, 1);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	e = nhm_stamp(NHM_FIXED_CTR, &c0, &t0);
	plat_stall_us(WINDOW_US);
	if (!e)
		e = nhm_stamp(NHM_FIXED_CTR, &c1, &t1);
	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTL, 0);
	if (e == PLAT_ETIMEDOUT)
		return t_error(t, "no FixedCntr0 read in %u was dated within %u us",
			       NHM_STAMP_TRIES, NHM_BRACKET_US);
	if (e)
		return t_error(t, "rdmsr 0x%x faulted (%d)", NHM_FIXED_CTR, e);
	CHECK(t, c1 != c0, "FixedCntr0 did not advance in %u us (N-08)", WINDOW_US);
	hz = ((c1 - c0) & NHM_WIDTH_MASK) * plat_tsc_hz() / (t1 - t0);
	/* expected: the window's centre, give or take half of it: the figure
	 * holds no more than the plausibility window above */
	t_figure_expect(t, "uclk_hz", (int64_t)hz, (int64_t)(UCLK_MIN_HZ + UCLK_MAX_HZ) / 2,
			(int64_t)(UCLK_MAX_HZ - UCLK_MIN_HZ) / 2, "hz");
	plat_log(1, "  nhm.fixed.uclk-rate: U-clock %lu MHz", (unsigned long)(hz / 1000000));
	CHECK(t, hz >= UCLK_MIN_HZ && hz <= UCLK_MAX_HZ, "U-clock %lu MHz outside %lu..%lu MHz",
	      (unsigned long)(hz / 1000000), (unsigned long)(UCLK_MIN_HZ / 1000000),
	      (unsigned long)(UCLK_MAX_HZ / 1000000));
	return V_PASS;
}
