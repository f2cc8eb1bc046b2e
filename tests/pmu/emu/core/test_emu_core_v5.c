/* Host tests of the emulated core PMU's version-5 shapes (pmu/emu/core/v5.c,
 * spec C-52..C-54, C-59, OQ-C20, OQ-C21): the fixed-counter bitmap and
 * what an omitted counter does, AnyThread deprecation, the CPUID.0AH the
 * shapes present; and each version-5 defect breaking its behaviour. Each
 * test name starts with the statement it checks. */
#include "tests/pmu/emu/core/test_emu_core.h"
#include "tests/pmu/emu/test_fault_rows.h"

#define ECX_BITMAP 0x5u /* the E-core's ECX: fixed counters 0 and 2 (C-59) */

/* C-52, OQ-C20: with EDX[4:0] = 1 and ECX = 101b, IA32_FIXED_CTR1 is
 * absent: its MSR, its FIXED_CTR_CTRL field and its GLOBAL_CTRL bit raise
 * #GP; counters 0 and 2 are there. */
static bool omitted_counter_absent(emu_faults_t f)
{
	struct core_pmu u;
	uint64_t v;

	init(&u, &core_shape_adl_e, f);
	return core_rdmsr(&u, FIXED(1), 0, &v) == VEC_GP &&
	       core_wrmsr(&u, FIXED_CTL, FC(1, 1, false), 0) == VEC_GP &&
	       core_wrmsr(&u, GCTL, G_FIXED(1), 0) == VEC_GP &&
	       core_rdmsr(&u, FIXED(2), 0, &v) == 0 &&
	       core_wrmsr(&u, FIXED_CTL, FC(0, 1, false) | FC(2, 1, false), 0) == 0 &&
	       core_wrmsr(&u, GCTL, G_FIXED(0) | G_FIXED(2), 0) == 0;
}

/* C-54, OQ-C21: AnyThread deprecated: the ANY bits raise #GP. */
static bool any_bits_refused(emu_faults_t f)
{
	struct core_pmu u;

	init(&u, &core_shape_adl_p, f);
	return core_wrmsr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS | ANY), 0) == VEC_GP &&
	       core_wrmsr(&u, FIXED_CTL, FC(0, 1, false) | 4, 0) == VEC_GP;
}

static void c52_oqc20_omitted_fixed_counter_is_absent(void **state)
{
	(void)state;
	assert_true(omitted_counter_absent(0));
}

/* C-52: the counters the bitmap names count, as a fixed counter does
 * (C-21: FIXED_CTR2 reference cycles, 3 of every 4). */
static void c52_named_fixed_counter_above_edx_counts(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_adl_e, 0);
	wr(&u, FIXED_CTL, FC(2, 1, false), 0);
	wr(&u, GCTL, G_FIXED(2), 0);
	assert_int_equal(rd(&u, FIXED(2), 4 * P), 3 * P);
}

/* C-52, C-53: the set as the rule gives it, below version 5 the first
 * EDX[4:0] whatever ECX would say. */
static void c52_c53_fixed_set_by_the_rule(void **state)
{
	static const struct core_shape v4_two = { .version = 4, .ngp = 4, .gp_width = 48,
			.ebx_len = 7, .nfixed = 2, .fixed_width = 48, .pdcm = true };
	static const struct core_shape v5_hole = { .version = 5, .ngp = 4, .gp_width = 48,
			.ebx_len = 7, .fixed_width = 48, .pdcm = true, .fixed_bitmap = 0x4,
			.any_deprecated = true };

	(void)state;
	assert_int_equal(core_shape_fixed_set(&core_shape_adl_e), ECX_BITMAP);
	assert_int_equal(core_shape_fixed_set(&core_shape_adl_p), 0x7);
	assert_int_equal(core_shape_fixed_set(&v4_two), 0x3);
	assert_int_equal(core_shape_fixed_set(&v5_hole), 0x4);
	assert_true(core_shape_valid(&v5_hole));
}

/* C-52, C-54, C-59: CPUID.0AH of the version-5 shapes: ECX the bitmap,
 * EDX[15] AnyThread deprecated, the counts of each core type. */
static void c59_cpuid_of_the_v5_shapes(void **state)
{
	uint32_t r[4];

	(void)state;
	core_cpuid_0a(&core_shape_adl_e, r);
	assert_int_equal(r[0] & 0xFFFF, 0x0605);
	assert_int_equal(r[2], ECX_BITMAP);
	assert_int_equal(r[3], 1u | 48u << 5 | 1u << 15);
	core_cpuid_0a(&core_shape_adl_p, r);
	assert_int_equal(r[0] & 0xFFFF, 0x0805);
	assert_int_equal(r[2], 0x7);
	assert_int_equal(r[3], 3u | 48u << 5 | 1u << 15);
	core_cpuid_0a(&core_shape_v5, r);
	assert_int_equal(r[2], 0x7);
	core_cpuid_0a(&core_shape_v4, r);
	assert_int_equal(r[2], 0);
	assert_int_equal(r[3] >> 13, 0);
	assert_int_equal(core_shape_adl_p.core_type, 0x40);
	assert_int_equal(core_shape_adl_e.core_type, 0x20);
}

static void c54_oqc21_anythread_refused_where_deprecated(void **state)
{
	struct core_pmu u;

	(void)state;
	assert_true(any_bits_refused(0));
	init(&u, &core_shape_v4, 0); /* C-20: taken where not deprecated */
	assert_int_equal(core_wrmsr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS | ANY), 0), 0);
}

/* A bitmap beyond the model's three fixed counters, or below version 5, is
 * no shape (OQ-C24). */
static void oqc24_invalid_v5_shapes_refused(void **state)
{
	static const struct core_shape bad[] = {
		/* IA32_FIXED_CTR3 */
		{ .version = 5, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true, .fixed_bitmap = 0x8, .any_deprecated = true },
		/* a bitmap before v5 */
		{ .version = 4, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true, .fixed_bitmap = 0x7, .any_deprecated = false },
		/* deprecation before v5 */
		{ .version = 4, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true, .fixed_bitmap = 0, .any_deprecated = true },
		/* no fixed counter */
		{ .version = 5, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 0,
		  .fixed_width = 48, .pdcm = true, .fixed_bitmap = 0, .any_deprecated = true },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		assert_false(core_shape_valid(&bad[i]));
}

/* Each version-5 defect breaks its row (the hybrid ones are the backend's:
 * test_backend_emu_hybrid.c). */
static const struct hold_row rows[] = {
	{ .bit = EMU_FAULT_BIT_CORE_V5_BITMAP_IGNORED, .holds = omitted_counter_absent },
	{ .bit = EMU_FAULT_BIT_CORE_V5_ANY_ACCEPTED, .holds = any_bits_refused },
};

static void each_v5_defect_breaks_its_behaviour(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, emu_defects[bit_].run == EMU_RUN_V5);
	ASSERT_ROWS_HOLD(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c52_oqc20_omitted_fixed_counter_is_absent),
		cmocka_unit_test(c52_named_fixed_counter_above_edx_counts),
		cmocka_unit_test(c52_c53_fixed_set_by_the_rule),
		cmocka_unit_test(c59_cpuid_of_the_v5_shapes),
		cmocka_unit_test(c54_oqc21_anythread_refused_where_deprecated),
		cmocka_unit_test(oqc24_invalid_v5_shapes_refused),
		cmocka_unit_test(each_v5_defect_breaks_its_behaviour),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
