/* The uncore's clocks against the TSC: the PCU's pclk, which its
 * clockticks event counts (S-44: a fixed 800 MHz), and the UCLK fixed
 * counter (S-45: the uncore clock, which varies with load on hardware; the
 * model's runs at the TSC's rate, OQ-S18). Each counter is read twice,
 * CLOCK_US apart, each read dated by the TSC reads around it
 * (snb_stamp), so the time between the two reads lies between the inner
 * span (second read's first TSC - first read's last) and the outer one:
 * the count must lie between the clock's rate times each, widened by the
 * tolerance. */
#include "suites/snbep/snbep.h"

/* 2 ms: 1.6 million pclks; the brackets (<= 20 us each) are then at most
 * 2 % of the span, and they widen the bounds, never move them. */
#define CLOCK_US 2000
/* Tolerances in parts per million. The model derives its clocks from the
 * same TSC and calibrated rate the test uses (the UCLK in whole kHz of
 * it), so only that rounding and the counters' integer floors remain:
 * 100 ppm is far above both. Hardware: S-44 gives pclk within 2 %, and the
 * TSC's calibration may be off by its discard bound, 0.2 % (arch/tsc.c). */
#define MODEL_PPM 100
#define HW_PPM    22000

struct span {
	uint64_t d;        /* counts between the two reads */
	uint64_t lo, hi;   /* TSC ticks between them: at least, at most */
};

static enum verdict measure(struct tctx *t, uint32_t ctr, struct span *s)
{
	uint64_t v0, v1, a[2], b[2];
	int e = snb_stamp(ctr, &v0, a);

	if (!e) {
		plat_stall_us(CLOCK_US);
		e = snb_stamp(ctr, &v1, b);
	}
	if (e == PLAT_ETIMEDOUT)
		return t_error(t, "no read of 0x%x in %u was dated within %u us", (unsigned)ctr,
			       SNB_STAMP_TRIES, SNB_BRACKET_US);
	if (e)
		return t_error(t, "rdmsr 0x%x faulted (%d)", (unsigned)ctr, e);
	s->d = v1 - v0;
	s->lo = b[0] - a[1];
	s->hi = b[1] - a[0];
	return V_PASS;
}

/* Counts a clock of hz makes in `ticks` TSC ticks, scaled by (1e6 + ppm)
 * / 1e6 (ppm may be negative). Whole seconds first, so that no product
 * passes 2^64 (hz and the TSC's rate are below 2^32). */
static uint64_t counts(uint64_t hz, uint64_t ticks, int64_t ppm)
{
	uint64_t tsc = plat_tsc_hz(), n = ticks / tsc * hz + ticks % tsc * hz / tsc;

	return n / 1000000 * (uint64_t)(1000000 + ppm) +
	       n % 1000000 * (uint64_t)(1000000 + ppm) / 1000000;
}

static bool within(const struct span *s, uint64_t hz, int64_t ppm)
{
	return s->d + 1 >= counts(hz, s->lo, -ppm) && s->d <= counts(hz, s->hi, ppm) + 1;
}

static int64_t mhz(const struct span *s)
{
	uint64_t mid = (s->lo + s->hi) / 2;

	return mid ? (int64_t)(s->d * (plat_tsc_hz() / 1000) / mid / 1000) : 0;
}

/* The clock's MHz (mhz()) against want_hz: the tolerance is ppm of it, the
 * half-width of the span's lo..hi around its centre, and 1 for the
 * roundings to MHz. */
static void figure_mhz(struct tctx *t, const char *name, const struct span *s, uint64_t want_hz,
		       int64_t ppm)
{
	int64_t want = (int64_t)(want_hz / 1000000);
	int64_t tol = want * ppm / 1000000 + 1 +
		      (s->hi + s->lo ? want * (int64_t)(s->hi - s->lo) / (int64_t)(s->hi + s->lo) : 0);

	t_figure_expect(t, name, mhz(s), want, tol, "mhz");
}

/* S-44: PCU clockticks (ev 0x00, bit 21 clear) counts pclk at 800 MHz, on
 * hardware and on the model alike. */
enum verdict snb_pclk_rate(struct tctx *t)
{
	struct span s;
	int64_t ppm = MODEL_PPM + t_slack(t, HW_PPM - MODEL_PPM, "hardware's pclk against its "
					  "TSC");

	TRY(snb_quiet(t));
	WR(t, SNB_P_CTL(0), SNB_PCLK | SNB_EN);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	TRY(measure(t, SNB_P_CTR(0), &s));
	figure_mhz(t, "pclk_mhz", &s, SNB_PCLK_HZ, ppm);
	CHECK(t, s.d > 0, "PCU clockticks did not count in %u us (S-44)", CLOCK_US);
	CHECK(t, within(&s, SNB_PCLK_HZ, ppm), "PCU clockticks counted %lu in %lu..%lu TSC "
	      "ticks (%ld MHz): want 800 MHz within %ld ppm (S-44)", (unsigned long)s.d,
	      (unsigned long)s.lo, (unsigned long)s.hi, (long)mhz(&s), (long)ppm);
	return snb_quiet(t);
}

/* S-45: the UCLK fixed counter counts the uncore clock: on hardware it
 * varies with load, so only that it moves is asserted and the rate is
 * reported (uclk_mhz); the model's runs at the TSC's rate (OQ-S18 model
 * choice), asserted there. */
enum verdict snb_uclk_rate(struct tctx *t)
{
	struct span s;

	TRY(snb_quiet(t));
	WR(t, SNB_U_FIXED_CTL, SNB_EN);
	TRY(measure(t, SNB_U_FIXED_CTR, &s));
	/* An expected rate only the model has: t_on_model(). */
	if (t_on_model()) /* the TSC's rate (OQ-S18 model choice) */
		figure_mhz(t, "uclk_mhz", &s, plat_tsc_hz(), MODEL_PPM);
	else
		t_figure(t, "uclk_mhz", mhz(&s), "mhz");
	CHECK(t, s.d > 0, "the UCLK fixed counter did not count in %u us (S-45)", CLOCK_US);
	TRY(t_default(t, "OQ-S18", "the UCLK at the TSC's rate", within(&s, plat_tsc_hz(),
		      MODEL_PPM), "the UCLK fixed counter counted %lu in %lu..%lu TSC ticks (%ld "
		      "MHz): want the TSC's rate within %d ppm (OQ-S18 model choice)",
		      (unsigned long)s.d, (unsigned long)s.lo, (unsigned long)s.hi, (long)mhz(&s),
		      MODEL_PPM));
	return snb_quiet(t);
}
