/* The fault tests' completeness check (include after <cmocka.h>): every
 * defect that mine(bit) selects has a row in rows[] (rows[i].bit), and the
 * table has no other row. */
#ifndef TESTS_HOST_TEST_FAULT_ROWS_H
#define TESTS_HOST_TEST_FAULT_ROWS_H

#include "../../pmu/emu_faults.h"

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

#endif
