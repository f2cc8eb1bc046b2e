/* The host tests' own reference of the per-cycle counting filter that the
 * core PMU and the Nehalem uncore define alike (C-16; N-16..N-20 with
 * OQ-N12, OQ-N13), written from those statements, not from the models'
 * pmu/emu/stream.c. */
#ifndef TESTS_HOST_TEST_REF_FILTER_H
#define TESTS_HOST_TEST_REF_FILTER_H

#include <stdbool.h>
#include <stdint.h>

/* The condition of a cycle whose event count is x: count > 0 with CMASK 0
 * (INV ignored then), else >= CMASK, or < CMASK with INV. */
static inline bool ref_filt_cond(uint8_t cmask, bool inv, unsigned x)
{
	if (!cmask)
		return x > 0;
	return inv ? x < cmask : x >= cmask;
}

/* What a counter adds over cycles [a, b) whose event counts value(ctx, t)
 * gives: with E the cycles the condition rises in, else the count itself
 * with CMASK 0 and 1 for a cycle the condition holds in. */
static inline uint64_t ref_filt_count(uint8_t cmask, bool inv, bool edge,
				      unsigned (*value)(const void *ctx, uint64_t t),
				      const void *ctx, uint64_t a, uint64_t b)
{
	uint64_t t, n = 0;

	for (t = a; t < b; t++) {
		unsigned x = value(ctx, t), prev = value(ctx, t - 1);

		if (edge)
			n += ref_filt_cond(cmask, inv, x) && !ref_filt_cond(cmask, inv, prev);
		else
			n += cmask ? ref_filt_cond(cmask, inv, x) : x;
	}
	return n;
}

#endif
