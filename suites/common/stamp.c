/* A TSC-dated register read on the calling CPU (suites/common/stamp.h). */
#include "suites/common/stamp.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"

int reg_stamp(const struct reg_loc *l, uint64_t *val, uint64_t *tsc)
{
	uint64_t a, b, wide = plat_tsc_hz() / 1000000 * STAMP_BRACKET_US;
	unsigned i;
	int e;

	for (i = 0; i < STAMP_TRIES; i++) {
		a = plat_tsc();
		e = reg_loc_read(l, val);
		b = plat_tsc();
		if (e)
			return e;
		if (b - a <= wide) {
			*tsc = a + (b - a) / 2;
			return 0;
		}
	}
	return PLAT_ETIMEDOUT;
}

int msr_stamp(uint32_t msr, uint64_t *val, uint64_t *tsc)
{
	struct reg_loc l = { .space = SPACE_MSR, .bytes = 8, .cpu = plat_this_cpu(), .msr = msr };

	return reg_stamp(&l, val, tsc);
}
