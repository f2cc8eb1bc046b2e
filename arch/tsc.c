/* TSC calibration that a disturbance cannot fool. A disturbance (an SMI on
 * hardware; under emulation the host descheduling the vCPU for
 * milliseconds, which on a loaded host happens in most 4 ms windows) makes
 * a window end late, so its rate comes out high. Taking the smallest of
 * several windows is not enough when every one of them was disturbed (a
 * loaded host once gave 3.62 GHz by Stall for a 2.10 GHz TSC). So every
 * reading of the reference is bracketed by TSC reads, a window whose
 * brackets leave too much time unaccounted for is discarded and another
 * taken, and the rate comes only from undisturbed windows; when too few
 * are found the calibration says so (tsc_cal.trusted) instead of
 * guessing. */
#include "arch/tsc.h"
#include "arch/io.h"

#define PIT_HZ 1193182u
/* Windows of 2 ms: beside a dozen CPU hogs on 2 cores a vCPU runs in
 * slices of a few ms, and windows of 4 ms (4 x 1 ms) found 0-2 undisturbed
 * in 64 tries where these found 3 in 6-14. The brackets of legacy port
 * reads (about 1 us each on hardware, 3 in a PIT window) stay inside
 * TSC_TOL_PPM (0.2 % of 2 ms is 4 us). Stall's own call overhead is in
 * every step, not slack: it makes the rate by Stall 0.05-0.3 % high under
 * TCG (up to 1.5 us a call on a loaded host), far inside
 * self.tsc.calibration's 2 %. */
#define STALL_STEPS   4
#define STALL_STEP_US 500
#define PIT_WINDOW_US 2000

/* The share of the window that may be a disturbance, in ppm. */
static uint64_t slack_ppm(const struct tsc_window *w)
{
	return w->ticks ? w->slack * 1000000 / w->ticks : UINT64_MAX;
}

static bool undisturbed(const struct tsc_window *w)
{
	return w->ref && w->slack <= w->ticks * TSC_TOL_PPM / 1000000;
}

static uint64_t rate(const struct tsc_window *w, uint64_t ref_hz)
{
	return w->ref ? w->ticks * ref_hz / w->ref : 0;
}

struct tsc_window tsc_window_between(const struct tsc_sample *a, const struct tsc_sample *b)
{
	uint64_t mid_a = a->tsc0 + (a->tsc1 - a->tsc0) / 2, mid_b = b->tsc0 + (b->tsc1 - b->tsc0) / 2;

	return (struct tsc_window){ .ticks = mid_b - mid_a, .ref = b->ref - a->ref,
				    .slack = (a->tsc1 - a->tsc0) + (b->tsc1 - b->tsc0) };
}

struct tsc_window tsc_window_of_steps(const uint64_t *t, unsigned k, uint64_t ref_per_step)
{
	uint64_t fastest = t[1] - t[0];
	unsigned i;

	for (i = 1; i < k; i++)
		if (t[i + 1] - t[i] < fastest)
			fastest = t[i + 1] - t[i];
	return (struct tsc_window){ .ticks = t[k] - t[0], .ref = k * ref_per_step,
				    .slack = t[k] - t[0] - k * fastest };
}

struct tsc_cal tsc_pick(const struct tsc_window *w, unsigned n, uint64_t ref_hz)
{
	struct tsc_cal c = { .windows = n };
	uint64_t hz[TSC_MAX_WINDOWS], x;
	unsigned i, j, m = 0, least = 0;

	for (i = 0; i < n; i++) {
		if (slack_ppm(&w[i]) < slack_ppm(&w[least]))
			least = i;
		if (!undisturbed(&w[i]))
			c.discarded++;
		else if (m < ARRAY_SIZE(hz))
			hz[m++] = rate(&w[i], ref_hz);
	}
	if (m < TSC_NEED) {
		c.hz = n ? rate(&w[least], ref_hz) : 0;
		return c;
	}
	for (i = 1; i < m; i++) /* insertion sort */
		for (j = i; j && hz[j - 1] > hz[j]; j--) {
			x = hz[j];
			hz[j] = hz[j - 1];
			hz[j - 1] = x;
		}
	c.hz = hz[(m - 1) / 2];
	c.trusted = c.hz != 0;
	c.spread_ppm = c.hz ? (unsigned)((hz[m - 1] - hz[0]) * 1000000 / c.hz) : 0;
	return c;
}

/* Windows until TSC_NEED undisturbed ones or TSC_MAX_WINDOWS in all; a
 * window taken right after a disturbed one starts as the vCPU is given the
 * CPU back, its best chance to run undisturbed. take() false: the
 * reference gave no reading. */
static struct tsc_cal calibrate(bool (*take)(struct tsc_window *w, void *arg),
				void *arg, uint64_t ref_hz)
{
	struct tsc_window w[TSC_MAX_WINDOWS];
	unsigned n = 0, good = 0;

	while (n < TSC_MAX_WINDOWS && good < TSC_NEED && take(&w[n], arg)) {
		good += undisturbed(&w[n]);
		n++;
	}
	return tsc_pick(w, n, ref_hz);
}

struct stall {
	void (*us)(uint64_t us);
};

/* Stall is opaque (it polls its own timer), so a disturbance inside it
 * shows only as that call taking longer than its siblings. */
static bool stall_window(struct tsc_window *w, void *arg)
{
	const struct stall *s = arg;
	uint64_t t[STALL_STEPS + 1];
	unsigned i;

	t[0] = rdtsc();
	for (i = 0; i < STALL_STEPS; i++) {
		s->us(STALL_STEP_US);
		t[i + 1] = rdtsc();
	}
	*w = tsc_window_of_steps(t, STALL_STEPS, STALL_STEP_US);
	return true;
}

const struct tsc_cal *tsc_cal_by_stall(void (*stall_us)(uint64_t us))
{
	static struct tsc_cal cal;
	struct stall s = { .us = stall_us };

	if (!cal.windows)
		cal = calibrate(stall_window, &s, 1000000);
	return &cal;
}

/* Channel 2, mode 0 (interrupt on terminal count): counting starts at the
 * write of the count's high byte, OUT2 (bit 5 of port 0x61) goes high
 * when it reaches zero. Gate on (bit 0), speaker off (bit 1); port 0x61
 * is restored afterwards. The start is bracketed by the TSC around that
 * write, the end by the TSC before the last read that saw OUT2 low and
 * after the first that saw it high. The reference's own uncertainty, one
 * PIT tick (838 ns) for the load, is 0.04 % of the window. */
static bool pit_window(struct tsc_window *w, void *arg)
{
	uint32_t count = (uint32_t)((uint64_t)PIT_HZ * PIT_WINDOW_US / 1000000);
	uint8_t saved = inb(0x61), out;
	struct tsc_sample a, b;
	uint64_t before, limit;

	(void)arg;
	outb(0x61, (saved & ~0x02) | 0x01);
	outb(0x43, 0xB0); /* channel 2, lobyte/hibyte, mode 0, binary */
	outb(0x42, count & 0xff);
	a.tsc0 = rdtsc();
	outb(0x42, count >> 8);
	a.tsc1 = rdtsc();
	a.ref = 0;
	/* No rise in 100 times the window at 10 GHz: no PIT. */
	limit = a.tsc1 + (uint64_t)PIT_WINDOW_US * 10000 * 100;
	b.tsc0 = a.tsc1;
	do {
		before = rdtsc();
		out = inb(0x61);
		b.tsc1 = rdtsc();
		if (!(out & 0x20))
			b.tsc0 = before;
	} while (!(out & 0x20) && b.tsc1 < limit);
	outb(0x61, saved);
	b.ref = count;
	*w = tsc_window_between(&a, &b);
	return out & 0x20;
}

struct tsc_cal tsc_cal_by_pit(void)
{
	return calibrate(pit_window, NULL, PIT_HZ);
}
