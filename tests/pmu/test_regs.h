/* What the register-table tests (tests/pmu/test_regs_*.c) share: a
 * generation by its registry name, and what the table of a generation
 * holds at an MSR, checked field by field against the test's own
 * expectation from the digest. */
#ifndef TESTS_PMU_TEST_REGS_H
#define TESTS_PMU_TEST_REGS_H

#include "pmu/regs/regs.h"

static inline const struct uncore_gen *gen(const char *name)
{
	const struct uncore_gen *g = uncore_gen_by_name(name);

	assert_non_null(g);
	return g;
}

/* The register at msr in generation g: its box type, instance, index,
 * role and width; its template. */
static inline const struct reg_tmpl *expect_reg(const char *g, uint32_t msr, const char *box,
						unsigned box_idx, unsigned idx,
						enum reg_role role, unsigned width)
{
	struct reg_ref r;

	if (!reg_lookup(gen(g), msr, &r))
		fail_msg("%s: MSR 0x%x not in the table", g, msr);
	assert_string_equal(r.box->name, box);
	assert_int_equal(r.box_idx, box_idx);
	assert_int_equal(r.idx, idx);
	assert_int_equal(r.tmpl->role, role);
	assert_int_equal(r.tmpl->width, width);
	return r.tmpl;
}

/* No row of g's table holds msr. */
static inline void expect_absent(const char *g, uint32_t msr)
{
	struct reg_ref r;

	if (reg_lookup(gen(g), msr, &r))
		fail_msg("%s: MSR 0x%x is in the table", g, msr);
}

#endif
