/* The fault tests' completeness check (include after <cmocka.h>): every
 * defect that mine(bit) selects has a row in rows[] (rows[i].bit), and the
 * table has no other row; and the check of each row. */
#ifndef TESTS_HOST_TEST_FAULT_ROWS_H
#define TESTS_HOST_TEST_FAULT_ROWS_H

#include "pmu/emu/faults.h"

#define ASSERT_ROW_PER_FAULT(rows, mine)                                              \
	do {                                                                          \
		unsigned bit_, i_, n_ = 0;                                            \
		for (bit_ = 0; bit_ < EMU_FAULT_COUNT; bit_++) {                      \
			if (!(mine))                                                  \
				continue;                                             \
			n_++;                                                         \
			for (i_ = 0; i_ < ARRAY_SIZE(rows) && (rows)[i_].bit != bit_; i_++) \
				;                                                     \
			if (i_ == ARRAY_SIZE(rows))                                   \
				fail_msg("no row for %s", emu_fault_name(bit_));      \
		}                                                                     \
		assert_int_equal(n_, ARRAY_SIZE(rows));                               \
	} while (0)

/* A row of a table ASSERT_ROWS_HOLD checks: a defect, and whether the
 * behaviour it breaks holds under a defect mask. */
struct hold_row {
	unsigned bit;
	bool (*holds)(emu_faults_t f);
};
#define HOLD_ROW(id, fn) { .bit = EMU_FAULT_BIT_##id, .holds = fn }

/* Each row of rows[] (.bit, .holds(mask) saying whether a behaviour
 * holds) holds on the clean model and not with its own defect. */
#define ASSERT_ROWS_HOLD(rows)                                                        \
	do {                                                                          \
		unsigned i_;                                                          \
		for (i_ = 0; i_ < ARRAY_SIZE(rows); i_++) {                           \
			if (!(rows)[i_].holds(0))                                     \
				fail_msg("the clean model fails the row of %s",       \
					 emu_fault_name((rows)[i_].bit));             \
			if ((rows)[i_].holds(emu_fault_mask((rows)[i_].bit)))         \
				fail_msg("%s does not break it",                      \
					 emu_fault_name((rows)[i_].bit));             \
		}                                                                     \
	} while (0)

/* Each row of rows[] (.bit, .run(mask) giving a value) gives want_of(row)
 * on the clean model, and something else with its own defect. */
#define ASSERT_ROWS_BREAK(rows, want_of)                                              \
	do {                                                                          \
		unsigned i_;                                                          \
		for (i_ = 0; i_ < ARRAY_SIZE(rows); i_++) {                           \
			uint64_t want_ = want_of(&(rows)[i_]), got_ = (rows)[i_].run(0); \
			if (got_ != want_)                                            \
				fail_msg("%s: the clean model gives %llu, not %llu",  \
					 emu_fault_name((rows)[i_].bit),              \
					 (unsigned long long)got_, (unsigned long long)want_); \
			got_ = (rows)[i_].run(emu_fault_mask((rows)[i_].bit));        \
			if (got_ == want_)                                            \
				fail_msg("%s: still %llu", emu_fault_name((rows)[i_].bit), \
					 (unsigned long long)got_);                   \
		}                                                                     \
	} while (0)

#endif
