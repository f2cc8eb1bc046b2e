/* rd() and wr() of a model's host tests, one definition for every model:
 * the model's own MSR access at model time `now`, any answer but 0 failing
 * the test; rd returns what the model gave (0xDEAD if it gave nothing).
 * T is the model's type, RDMSR(u, msr, now, &v) and WRMSR(u, msr, val,
 * now) its access. (The backend's rd/wr, by CPU: test_backend.h.) Include after
 * <cmocka.h>. */
#ifndef TESTS_HOST_TEST_MODEL_MSR_H
#define TESTS_HOST_TEST_MODEL_MSR_H

#define TEST_MODEL_MSR(T, RDMSR, WRMSR)                                          \
	static inline uint64_t rd(T *u, uint32_t msr, uint64_t now)              \
	{                                                                        \
		uint64_t v = 0xDEAD;                                             \
		assert_int_equal(RDMSR(u, msr, now, &v), 0);                     \
		return v;                                                        \
	}                                                                        \
	static inline void wr(T *u, uint32_t msr, uint64_t val, uint64_t now)    \
	{                                                                        \
		assert_int_equal(WRMSR(u, msr, val, now), 0);                    \
	}

#endif
