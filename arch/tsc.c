/* TSC calibration. A disturbance (an SMI on hardware, the host descheduling
 * a vCPU under emulation, a late look at the PIT's output) can only make a
 * window end late, so it only ever adds TSC ticks: the smallest of several
 * rounds is the best estimate, where a median still follows a majority of
 * disturbed rounds on a loaded host. */
#include "tsc.h"
#include "io.h"

#define PIT_HZ 1193182u
#define MAX_ROUNDS 9

static uint64_t smallest(const uint64_t *v, unsigned n)
{
	uint64_t m = v[0];
	unsigned i;

	for (i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

uint64_t tsc_hz_by_stall(void (*stall_us)(uint64_t us), uint64_t us, unsigned rounds)
{
	uint64_t hz[MAX_ROUNDS] = { 0 };
	unsigned i;

	if (!rounds || rounds > MAX_ROUNDS)
		rounds = MAX_ROUNDS;
	for (i = 0; i < rounds; i++) {
		uint64_t t0 = rdtsc();

		stall_us(us);
		hz[i] = (rdtsc() - t0) * 1000000 / us;
	}
	return smallest(hz, rounds);
}

/* Channel 2, mode 0 (interrupt on terminal count): OUT2, visible as bit 5 of
 * port 0x61, goes high when the count reaches zero. Gate on (bit 0), speaker
 * off (bit 1). Port 0x61 is restored afterwards. */
static uint64_t pit_window(unsigned ms)
{
	uint32_t count = PIT_HZ * ms / 1000;
	uint8_t saved = inb(0x61);
	uint64_t t0, t1, limit;

	outb(0x61, (saved & ~0x02) | 0x01);
	outb(0x43, 0xB0); /* channel 2, lobyte/hibyte, mode 0, binary */
	outb(0x42, count & 0xff);
	outb(0x42, count >> 8);
	t0 = rdtsc();
	/* Bound the wait by TSC ticks for 100x the window at 10 GHz. */
	limit = t0 + (uint64_t)ms * 10000000ull * 100;
	while (!(inb(0x61) & 0x20)) {
		if (rdtsc() > limit) {
			outb(0x61, saved);
			return 0;
		}
	}
	t1 = rdtsc();
	outb(0x61, saved);
	return (t1 - t0) * PIT_HZ / count;
}

uint64_t tsc_hz_by_pit(unsigned ms, unsigned rounds)
{
	uint64_t hz[MAX_ROUNDS] = { 0 };
	unsigned i;

	if (!rounds || rounds > MAX_ROUNDS)
		rounds = MAX_ROUNDS;
	for (i = 0; i < rounds; i++) {
		hz[i] = pit_window(ms);
		if (!hz[i])
			return 0;
	}
	return smallest(hz, rounds);
}
