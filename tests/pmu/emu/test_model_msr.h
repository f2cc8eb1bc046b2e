/* rd() and wr() of a model's host tests, one definition for every model:
 * the model's own MSR access at model time `now`, any answer but 0 failing
 * the test; rd returns what the model gave (0xDEAD if it gave nothing).
 * T is the model's type. TEST_MODEL_MSR: RDMSR(u, msr, now, &v) and
 * WRMSR(u, msr, val, now) (the core PMU's access); TEST_UNCORE_MSR: an
 * uncore model's, struct emu_model's RDMSR(u, core, msr, now, &v), from
 * core 0. (The backend's rd/wr, by CPU: test_backend.h.) Include after
 * <cmocka.h>. */
#ifndef TESTS_HOST_TEST_MODEL_MSR_H
#define TESTS_HOST_TEST_MODEL_MSR_H

#define TEST_MODEL_MSR(T, RDMSR, WRMSR) TEST_MODEL_MSR_AT(T, RDMSR, WRMSR, )
#define TEST_UNCORE_MSR(T, RDMSR, WRMSR) TEST_MODEL_MSR_AT(T, RDMSR, WRMSR, TEST_CORE0)
#define TEST_CORE0 0,

/* AT: what goes before msr in the access's arguments */
#define TEST_MODEL_MSR_AT(T, RDMSR, WRMSR, AT)                                   \
	static inline uint64_t rd(T *u, uint32_t msr, uint64_t now)              \
	{                                                                        \
		uint64_t v = 0xDEAD;                                             \
		assert_int_equal(RDMSR(u, AT msr, now, &v), 0);                  \
		return v;                                                        \
	}                                                                        \
	static inline void wr(T *u, uint32_t msr, uint64_t val, uint64_t now)    \
	{                                                                        \
		assert_int_equal(WRMSR(u, AT msr, val, now), 0);                 \
	}

#endif
