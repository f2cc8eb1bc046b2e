/* MSR access through the current backend for host tests: any error fails
 * the test (include after <cmocka.h>). */
#ifndef TESTS_HOST_TEST_MSR_H
#define TESTS_HOST_TEST_MSR_H

#include "../../arch/msr.h"
#include "../../pmu/backend.h"

static inline uint64_t rd(unsigned cpu, uint32_t msr)
{
	uint64_t v = 0;

	assert_int_equal(msr_read(cpu, msr, &v), 0);
	return v;
}

static inline void wr(unsigned cpu, uint32_t msr, uint64_t v)
{
	assert_int_equal(msr_write(cpu, msr, v), 0);
}

#endif
