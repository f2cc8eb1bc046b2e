/* make bench, host part: cost of one emulated MSR read and write (ns/op,
 * median of 7 runs), with all nine counters of one package running mixed
 * synthetic events (occupancy with CMASK, edge, plain counts) and the
 * U-clock advancing between accesses as it does on target. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "host/host.h"
#include "pmu/emu/emu.h"

#define OPS  200000
#define RUNS 7

static uint64_t now_cycles;

static uint64_t bench_clock(void)
{
	return now_cycles += 997; /* ~0.5 us of U-clock per access */
}

static double ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_ns(bool write)
{
	static const uint64_t sel[8] = { 0x00400123, 0x01400423, 0x01C00423, 0x0044072C,
					 0x0040012A, 0x0240012A, 0x00400101, 0x0040022F };
	double t[RUNS];
	unsigned r, i;

	for (r = 0; r < RUNS; r++) {
		struct emu_cfg c = { .gen = uncore_gen_by_name("nhm"), .uclk_khz = 2133000,
				.clock = bench_clock, .cpu_model = 0x1A };
		uint64_t v;
		double t0;

		host_machine(1, 1);
		emu_setup(&c);
		msr_backend_set(&msr_backend_emu);
		for (i = 0; i < 8; i++)
			msr_write(0, 0x3C0 + i, sel[i]);
		msr_write(0, 0x395, 1);
		msr_write(0, 0x391, 0x1000000FFull);
		t0 = ns();
		for (i = 0; i < OPS; i++) {
			if (write)
				msr_write(0, 0x3B0 + (i & 7), i);
			else
				msr_read(0, 0x3B0 + (i & 7), &v);
		}
		t[r] = (ns() - t0) / OPS;
	}
	qsort(t, RUNS, sizeof(t[0]), cmp);
	return t[RUNS / 2];
}

int main(void)
{
	printf("emulated MSR read  %.0f ns/op (median of %d runs of %d)\n", median_ns(false),
	       RUNS, OPS);
	printf("emulated MSR write %.0f ns/op (median of %d runs of %d)\n", median_ns(true),
	       RUNS, OPS);
	return 0;
}
