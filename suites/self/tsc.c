/* TSC calibration, two ways: against the firmware's Stall (what the harness
 * uses for every time window) and against the 8254 PIT channel 2. Both are
 * wall-clock references, so they must agree; 2 % covers the PIT's
 * 838 ns tick over a 2 ms window (0.04 %), the brackets each calibration
 * allows (TSC_TOL_PPM, 0.2 %) and, under emulation, the coarser timer
 * emulation, while any real mis-calibration (a wrong divisor, a TSC that
 * stops in Stall) is off by far more. Either calibration finding too few
 * undisturbed windows (arch/tsc.c) is the harness's ERROR, not the
 * machine's FAIL: the time was not the TSC's to judge. */
#include "suites/self/self.h"
#include "arch/tsc.h"

#define TOLERANCE_PPM 20000

/* The calibration's figures; ref, the other wall-clock reference's rate,
 * is what this one's is expected to be, within TOLERANCE_PPM of it. */
static void figures(struct tctx *t, const char *by, const struct tsc_cal *c,
		    const struct tsc_cal *ref)
{
	char name[32];

	snprintf(name, sizeof(name), "%s_tsc_hz", by);
	if (ref)
		t_figure_expect(t, name, (int64_t)c->hz, (int64_t)ref->hz,
				(int64_t)(ref->hz / 1000000 * TOLERANCE_PPM), "hz");
	else
		t_figure(t, name, (int64_t)c->hz, "hz");
	snprintf(name, sizeof(name), "%s_windows_count", by);
	t_figure(t, name, c->windows, "count");
	snprintf(name, sizeof(name), "%s_discarded_count", by);
	t_figure(t, name, c->discarded, "count");
	snprintf(name, sizeof(name), "%s_spread_ppm", by);
	t_figure(t, name, c->spread_ppm, "ppm");
}

enum verdict self_tsc_calibration(struct tctx *t)
{
	const struct tsc_cal *stall = tsc_cal_by_stall(plat_stall_us);
	struct tsc_cal pit = tsc_cal_by_pit();
	int64_t diff;

	figures(t, "stall", stall, NULL);
	if (!stall->trusted)
		return t_error(t, "the TSC could not be calibrated by Stall: %u of %u windows "
			       "undisturbed, %u needed", stall->windows - stall->discarded, stall->windows,
			       TSC_NEED);
	CHECK(t, stall->hz > 100000000ull && stall->hz < 10000000000ull,
	      "TSC by Stall %lu Hz is outside 100 MHz..10 GHz", (unsigned long)stall->hz);
	if (!pit.windows)
		return t_skip(t, "8254 PIT channel 2 output never rose (no legacy PIT here)");
	figures(t, "pit", &pit, stall);
	if (!pit.trusted)
		return t_error(t, "the TSC could not be calibrated by the PIT: %u of %u windows "
			       "undisturbed, %u needed", pit.windows - pit.discarded, pit.windows,
			       TSC_NEED);
	diff = (int64_t)stall->hz - (int64_t)pit.hz;
	if (diff < 0)
		diff = -diff;
	t_figure_expect(t, "disagreement_ppm", diff * 1000000 / (int64_t)pit.hz, 0, TOLERANCE_PPM,
			"ppm");
	CHECK(t, diff * 1000000 / (int64_t)pit.hz <= TOLERANCE_PPM,
	      "TSC by Stall %lu Hz, by PIT %lu Hz: %ld ppm apart (limit %d)",
	      (unsigned long)stall->hz, (unsigned long)pit.hz,
	      (long)(diff * 1000000 / (int64_t)pit.hz), TOLERANCE_PPM);
	return V_PASS;
}
