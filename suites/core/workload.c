/* Workloads whose counts on real hardware are known from their code (the
 * core suite's bounds, suites/core/core.h). Written in assembly so that the
 * compiler can neither add nor remove an instruction or a branch. The
 * emulated core PMU does not see them (its streams are synthetic). */
#include "suites/core/core.h"
#include "suites/common/traffic.h"

void work_loop(void *arg)
{
	uint64_t n = ((struct work_arg *)arg)->n;

	/* WORK_LOOP_INST = 8 instructions, one branch, per iteration */
	__asm__ volatile("1:\n\t"
			 ".rept 6\n\tnop\n\t.endr\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(n) : : "cc");
}

void work_adds(void *arg)
{
	uint64_t n = ((struct work_arg *)arg)->n, acc = 0, step = 1;

	/* register + register: nothing a renamer can fold away */
	__asm__ volatile("1:\n\t"
			 ".rept 64\n\tadd %2, %1\n\t.endr\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(n), "+r"(acc) : "r"(step) : "cc");
}

void work_random_branches(void *arg)
{
	uint64_t n = ((struct work_arg *)arg)->n, x = 0x9E3779B97F4A7C15ull, tmp, taken = 0;

	/* xorshift64 (13, 7, 17), then a branch on its low bit */
	__asm__ volatile("1:\n\t"
			 "mov %1, %2\n\tshl $13, %2\n\txor %2, %1\n\t"
			 "mov %1, %2\n\tshr $7, %2\n\txor %2, %1\n\t"
			 "mov %1, %2\n\tshl $17, %2\n\txor %2, %1\n\t"
			 "test $1, %b1\n\t"
			 "jz 2f\n\t"
			 "inc %3\n"
			 "2:\n\t"
			 "dec %0\n\t"
			 "jnz 1b"
			 : "+r"(n), "+r"(x), "=&r"(tmp), "+r"(taken) : : "cc");
}

void work_toggle(void *arg)
{
	uint32_t us = ((struct work_arg *)arg)->us;

	traffic_until(NULL, plat_tsc() + plat_tsc_hz() / 1000000 * us);
}

void work_walk(void *arg)
{
	const struct work_arg *a = arg;
	size_t lines = a->bytes / 64, i;

	/* bytes is a power of two: an odd multiplier permutes the line
	 * indices, each line once, neighbours far apart */
	for (i = 0; i < lines; i++)
		(void)*(const volatile uint8_t *)(a->buf + ((i * 0x9E3779B1u) & (lines - 1)) * 64);
}

size_t core_llc_bytes(void)
{
	uint32_t r[4], sub;
	size_t best = 0, size;

	pmu_cpuid(0, 0, r);
	if (r[0] < 4)
		return 0;
	for (sub = 0; sub < 16; sub++) { /* deterministic cache parameters */
		pmu_cpuid(4, sub, r);
		if (!(r[0] & 0x1f))
			break;
		size = (size_t)((r[1] >> 22) + 1) * (((r[1] >> 12) & 0x3ff) + 1) *
		       ((r[1] & 0xfff) + 1) * (r[2] + 1);
		best = size > best ? size : best;
	}
	return best;
}
