/* The fixed U-clock counter against the TSC (L-59, L-60, OQ-L24): one count
 * per uncore clock while FIXED_CTRL bit 22 and GLOBAL_CTRL.EN are set, no
 * event to select. On the model the rate is its configured U-clock
 * (emu.uclk_mhz, the constant ratio of OQ-L24) and asserted; on hardware
 * the ring clock follows load and power state, so the rate and its drift
 * over back-to-back windows are reported and only a plausible range is
 * required. */
#include "suites/client/client.h"
#include "harness/config.h"

#define WIN_US   2000
#define NWIN     3
/* Hardware: client ring clocks run from about 0.8 to 5 GHz; 0.1-10 GHz
 * catches a counter that ticks at a bus rate, a core multiple or not at
 * all, without judging the ring's frequency. */
#define HW_MIN_HZ 100000000ull
#define HW_MAX_HZ 10000000000ull
/* Model: each window's two reads are dated to STAMP_BRACKET_US (20 us) of a
 * 2 ms window, so 2% holds under load and a wrong clock is far outside. */
#define EMU_TOL_PCT 2

static enum verdict uclk(struct tctx *t)
{
	struct cl_layout l;
	uint64_t hz[NWIN], lo = ~0ull, hi = 0, want;
	unsigned i;

	TRY(cl_begin(t, &l));
	for (i = 0; i < NWIN; i++) {
		TRY(cl_uclk_hz(t, &l, WIN_US, &hz[i]));
		lo = hz[i] < lo ? hz[i] : lo;
		hi = hz[i] > hi ? hz[i] : hi;
	}
	/* expected: the model's configured rate within EMU_TOL_PCT (L-59,
	 * OQ-L24); on hardware only the centre of the plausible range: a rate
	 * only the model has, so t_on_model() */
	want = t_on_model() ? (uint64_t)plat_config()->emu_uclk_mhz * 1000000
				 : (HW_MIN_HZ + HW_MAX_HZ) / 2;
	t_figure_expect(t, "uclk_hz", (int64_t)hz[0], (int64_t)want,
			(int64_t)(t_on_model() ? want / 100 * EMU_TOL_PCT
						    : (HW_MAX_HZ - HW_MIN_HZ) / 2), "hz");
	t_figure(t, "uclk_drift_hz", (int64_t)(hi - lo), "hz");
	plat_log(1, "  client.fixed.uclk-rate: U-clock %lu MHz, %lu..%lu MHz over %u windows of "
		 "%u us (L-60)", (unsigned long)(hz[0] / 1000000), (unsigned long)(lo / 1000000),
		 (unsigned long)(hi / 1000000), NWIN, WIN_US);
	if (!t_on_model()) {
		CHECK(t, lo >= HW_MIN_HZ && hi <= HW_MAX_HZ, "U-clock %lu..%lu MHz, outside %lu..%lu "
		      "MHz (L-59)", (unsigned long)(lo / 1000000), (unsigned long)(hi / 1000000),
		      (unsigned long)(HW_MIN_HZ / 1000000), (unsigned long)(HW_MAX_HZ / 1000000));
		return V_PASS;
	}
	CHECK(t, lo * 100 >= want * (100 - EMU_TOL_PCT) && hi * 100 <= want * (100 + EMU_TOL_PCT),
	      "FIXED_CTR ran at %lu..%lu kHz against the TSC, the model's U-clock is %lu kHz "
	      "(L-59, OQ-L24)", (unsigned long)(lo / 1000), (unsigned long)(hi / 1000),
	      (unsigned long)(want / 1000));
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.fixed.uclk-rate", .desc = "FIXED_CTR (control 0x394, counter 0x395) counts "
	  "U-clocks against the TSC: the model's rate; a plausible one on hardware",
	  .needs = NEED_UNCORE, .run = uclk },
};
const struct suite client_fixed_suite = SUITE("client.fixed", tests);
