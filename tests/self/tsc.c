/* TSC calibration, two ways: against the firmware's Stall (what the harness
 * uses for every time window) and against the 8254 PIT channel 2. Both are
 * wall-clock references, so they must agree; 2 % covers the PIT's
 * 838 ns tick over a 5 ms window (0.02 %), the inb() polling latency of a
 * few microseconds (0.1 %) and, under emulation, the coarser timer
 * emulation, while any real mis-calibration (a wrong divisor, a TSC that
 * stops in Stall) is off by far more. */
#include "self.h"
#include "../../arch/tsc.h"

#define TOLERANCE_PPM 20000

enum verdict self_tsc_calibration(struct tctx *t)
{
	uint64_t by_stall = plat_tsc_hz(), by_pit = tsc_hz_by_pit(5, 5);
	int64_t diff;

	t_figure(t, "tsc_hz_stall", (int64_t)by_stall, "Hz");
	if (!by_pit)
		return t_skip(t, "8254 PIT channel 2 output never rose (no legacy PIT here)");
	t_figure(t, "tsc_hz_pit", (int64_t)by_pit, "Hz");
	CHECK(t, by_stall > 100000000ull && by_stall < 10000000000ull,
	      "TSC by Stall %lu Hz is outside 100 MHz..10 GHz", (unsigned long)by_stall);
	diff = (int64_t)by_stall - (int64_t)by_pit;
	if (diff < 0)
		diff = -diff;
	t_figure(t, "disagreement", diff * 1000000 / (int64_t)by_pit, "ppm");
	CHECK(t, diff * 1000000 / (int64_t)by_pit <= TOLERANCE_PPM,
	      "TSC by Stall %lu Hz, by PIT %lu Hz: %ld ppm apart (limit %d)",
	      (unsigned long)by_stall, (unsigned long)by_pit,
	      (long)(diff * 1000000 / (int64_t)by_pit), TOLERANCE_PPM);
	return V_PASS;
}
