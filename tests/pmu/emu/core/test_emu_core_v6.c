/* Host tests of CPUID leaf 23H and the version-6 core PMU in the emulated
 * model (pmu/emu/core/v6.c, spec C-64..C-72, OQ-C27, OQ-C28, OQ-C31): the
 * leaf's sub-leaves as the shapes present them, counter bitmaps with a
 * hole, the alias MSRs as the legacy counters, UMASK2 and EQ; and each
 * version-6 defect breaking its behaviour. Each test name starts with the
 * statement it checks. Expected counts come from the event streams
 * (core_event_value) through the reference filter, never from the model's
 * counters. */
#include "tests/pmu/emu/core/test_emu_core.h"
#include "tests/pmu/emu/test_fault_rows.h"

#define GP_CTR(n) (0x1900u + 4 * (n))   /* C-69 */
#define GP_CFG_A(n) (0x1901u + 4 * (n))
#define FX_CTR(m) (0x1980u + 4 * (m))
#define EQ_BIT (1ull << 36)              /* C-70 */
#define UMASK2(v) ((uint64_t)(v) << 40)

static void leaf23(const struct core_shape *s, emu_faults_t f, uint32_t sub, uint32_t r[4])
{
	core_cpuid_23(s, f, sub, r);
}

/* C-64: sub-leaf 0 flags sub-leaf 1 in bit 1, and sub-leaf 1 answers. */
static bool subleaf_bitmap(emu_faults_t f)
{
	uint32_t r[4];

	leaf23(&core_shape_v6_p, f, 0, r);
	return r[0] == 0x3;
}

/* C-66, C-72: IA32_PMC4, which the E-core's bitmap 0xEF omits, is absent
 * through every address: its counter, its select, their aliases and its
 * GLOBAL_CTRL bit raise #GP, while counter 5 above the hole is there. */
static bool hole_absent(emu_faults_t f)
{
	struct core_pmu u;
	uint64_t v;

	init(&u, &core_shape_v6_e, f);
	return core_rdmsr(&u, PMC(4), 0, &v) == VEC_GP && core_wrmsr(&u, SEL(4), 0, 0) == VEC_GP &&
	       core_rdmsr(&u, GP_CTR(4), 0, &v) == VEC_GP &&
	       core_wrmsr(&u, GP_CFG_A(4), 0, 0) == VEC_GP &&
	       core_wrmsr(&u, GCTL, 1ull << 4, 0) == VEC_GP && core_rdmsr(&u, PMC(5), 0, &v) == 0 &&
	       core_wrmsr(&u, GCTL, 1ull << 5, 0) == 0;
}

/* C-09, C-66: on the E-core (bitmap 0xEF) IA32_PMC5, above the hole,
 * counts core cycles (one a cycle, C-24 row 0) only with its EN_PMC bit:
 * with bit 5 of IA32_PERF_GLOBAL_CTRL clear it holds still, as IA32_PMC0
 * below the hole does with bit 0 clear. */
static bool above_hole_gated(emu_faults_t f)
{
	struct core_pmu u;
	uint64_t sel = evtsel(EV_CYCLES, 0, OS | EN);

	init(&u, &core_shape_v6_e, f);
	wr(&u, SEL(0), sel, 0);
	wr(&u, SEL(5), sel, 0);
	wr(&u, GCTL, 1ull << 6, 0);
	if (rd(&u, PMC(5), 1000) || rd(&u, PMC(0), 1000))
		return false;
	wr(&u, GCTL, 1ull << 5, 1000);
	return rd(&u, PMC(5), 2000) == 1000;
}

/* C-69: one storage, both ways, while counting: general counter 2 counts
 * core cycles (one a cycle, C-24 row 0) from cycle 0; a value written
 * through the alias at 1000 reads through IA32_PMC2 at 2000 as that value
 * plus 1000 cycles, and one written through IA32_PMC2 reads through the
 * alias likewise; the same for IA32_FIXED_CTR1 (cycles, C-21) and its
 * alias; the alias select is IA32_PERFEVTSEL2. */
static bool alias_same_counter(emu_faults_t f)
{
	struct core_pmu u;
	uint64_t sel = evtsel(EV_CYCLES, 0, OS | EN);
	bool ok;

	init(&u, &core_shape_v6_p, f);
	wr(&u, GP_CFG_A(2), sel, 0);
	ok = rd(&u, SEL(2), 0) == sel;
	wr(&u, FIXED_CTL, FC(1, 1, false), 0);
	wr(&u, GCTL, 1ull << 2 | G_FIXED(1), 0);
	wr(&u, GP_CTR(2), 0x10000, 1000);
	wr(&u, FX_CTR(1), 0x20000, 1000);
	ok = ok && rd(&u, PMC(2), 2000) == 0x10000 + 1000 && rd(&u, FIXED(1), 2000) == 0x20000 + 1000;
	wr(&u, PMC(2), 0x30000, 3000);
	wr(&u, FIXED(1), 0x40000, 3000);
	return ok && rd(&u, GP_CTR(2), 4000) == 0x30000 + 1000 &&
	       rd(&u, FX_CTR(1), 4000) == 0x40000 + 1000;
}

/* What general counter 0 of the P-core counts over [0, 4P) with select
 * sel (its GLOBAL_CTRL bit set). */
static uint64_t p_count(emu_faults_t f, uint64_t sel)
{
	struct core_pmu u;

	init(&u, &core_shape_v6_p, f);
	wr(&u, SEL(0), sel, 0);
	wr(&u, GCTL, 1, 0);
	return rd(&u, PMC(0), 4 * P);
}

/* C-70: a non-zero UMASK2 is part of the unit mask, so instructions
 * retired with UMASK2 = 1 is no architectural event: it counts nothing,
 * while the select without it counts every instruction. */
static bool umask2_other_event(emu_faults_t f)
{
	struct ref inst = { .ev = CORE_EV_INST };

	return p_count(f, evtsel(EV_INST, 0, OS | EN | UMASK2(1))) == 0 &&
	       p_count(f, evtsel(EV_INST, 0, OS | EN)) == ref_count(&inst, 0, 4 * P);
}

/* C-70, OQ-C28: EQ with CMASK = 2 counts the cycles retiring exactly 2
 * instructions: those with >= 2 less those with >= 3. */
static bool eq_counts_equality(emu_faults_t f)
{
	struct ref ge2 = { .ev = CORE_EV_INST, .cmask = 2 };
	struct ref ge3 = { .ev = CORE_EV_INST, .cmask = 3 };
	uint64_t want = ref_count(&ge2, 0, 4 * P) - ref_count(&ge3, 0, 4 * P);

	return want && p_count(f, evtsel(EV_INST, 2, OS | EN | EQ_BIT)) == want;
}

/* C-65, C-70: where sub-leaf 0 EBX does not enumerate a field it is
 * reserved: the E-core (EQ only) refuses UMASK2 and takes EQ. */
static bool ext_reserved(emu_faults_t f)
{
	struct core_pmu u;

	init(&u, &core_shape_v6_e, f);
	return core_wrmsr(&u, SEL(0), evtsel(EV_INST, 0, OS | UMASK2(1)), 0) == VEC_GP &&
	       core_wrmsr(&u, SEL(0), evtsel(EV_INST, 1, OS | EQ_BIT), 0) == 0;
}

static void c64_subleaf_1_flagged_in_bit_1(void **state)
{
	(void)state;
	assert_true(subleaf_bitmap(0));
}

/* C-64..C-66, C-72, OQ-C31: the four shapes' leaf 23H and CPUID.0AH. */
static void c72_leaf23_of_the_shapes(void **state)
{
	static const struct {
		const struct core_shape *s;
		uint32_t ext, gp, fixed, ngp, version;
	} rows[] = {
		{ .s = &core_shape_mtl_p, .ext = 0, .gp = 0xFF, .fixed = 0x7, .ngp = 8,
		  .version = 5 },
		{ .s = &core_shape_mtl_e, .ext = 0, .gp = 0x3F, .fixed = 0x5, .ngp = 6,
		  .version = 5 },
		{ .s = &core_shape_v6_p, .ext = 3, .gp = 0xFF, .fixed = 0x7, .ngp = 8,
		  .version = 6 },
		{ .s = &core_shape_v6_e, .ext = 2, .gp = 0xEF, .fixed = 0x5, .ngp = 4,
		  .version = 6 },
	};
	uint32_t r[4];
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		assert_true(core_shape_valid(rows[i].s));
		leaf23(rows[i].s, 0, 0, r);
		assert_int_equal(r[0], 0x3);
		assert_int_equal(r[1], rows[i].ext);
		leaf23(rows[i].s, 0, 1, r);
		assert_int_equal(r[0], rows[i].gp);
		assert_int_equal(r[1], rows[i].fixed);
		leaf23(rows[i].s, 0, 2, r);
		assert_int_equal(r[0] | r[1] | r[2] | r[3], 0);
		core_cpuid_0a(rows[i].s, r);
		assert_int_equal(r[0] & 0xFF, rows[i].version);
		assert_int_equal(r[0] >> 8 & 0xFF, rows[i].ngp);
	}
	leaf23(&core_shape_v5, 0, 0, r); /* no leaf 23H before C-68's parts */
	assert_int_equal(r[0] | r[1], 0);
}

/* C-64, C-72: with sub-leaf 0 alone enumerated (emu.core_leaf23=sub0)
 * sub-leaf 1 reads zeros, and the counters stay. */
static void c64_c71_sub0_alone_hides_sub_leaf_1(void **state)
{
	struct core_shape s = core_shape_v6_e;
	struct core_pmu u;
	uint32_t r[4];
	uint64_t v;

	(void)state;
	s.leaf23 = 1;
	assert_true(core_shape_valid(&s));
	leaf23(&s, 0, 0, r);
	assert_int_equal(r[0], 1);
	leaf23(&s, 0, 1, r);
	assert_int_equal(r[0] | r[1], 0);
	init(&u, &s, 0);
	assert_int_equal(core_rdmsr(&u, PMC(5), 0, &v), 0);
	assert_int_equal(core_rdmsr(&u, PMC(4), 0, &v), VEC_GP);
}

static void c66_hole_counter_is_absent(void **state)
{
	(void)state;
	assert_true(hole_absent(0));
}

static void c09_c66_counter_above_the_hole_gated(void **state)
{
	(void)state;
	assert_true(above_hole_gated(0));
}

static void c69_alias_is_the_legacy_counter(void **state)
{
	(void)state;
	assert_true(alias_same_counter(0));
}

/* C-69: before version 6 the aliases are no registers (#GP), Meteor Lake's
 * leaf 23H notwithstanding (C-68). */
static void c69_no_aliases_before_version_6(void **state)
{
	struct core_pmu u;
	uint64_t v;

	(void)state;
	init(&u, &core_shape_mtl_p, 0);
	assert_int_equal(core_rdmsr(&u, GP_CTR(0), 0, &v), VEC_GP);
	assert_int_equal(core_rdmsr(&u, FX_CTR(0), 0, &v), VEC_GP);
	assert_int_equal(core_wrmsr(&u, SEL(0), evtsel(EV_INST, 1, OS | EQ_BIT), 0), VEC_GP);
}

/* OQ-C27: the alias counter takes the full width, as IA32_A_PMCn: a value
 * with bit 31 set reads back unextended, one beyond 48 bits raises #GP. */
static void oqc27_alias_writes_full_width(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_v6_p, 0);
	wr(&u, GP_CTR(1), 0x80000000ull, 0);
	assert_int_equal(rd(&u, PMC(1), 0), 0x80000000ull);
	assert_int_equal(core_wrmsr(&u, GP_CTR(1), MAX48 + 1, 0), VEC_GP);
}

static void c70_umask2_selects_another_event(void **state)
{
	(void)state;
	assert_true(umask2_other_event(0));
}

static void c70_oqc28_eq_counts_equality(void **state)
{
	(void)state;
	assert_true(eq_counts_equality(0));
}

static void c65_c69_fields_reserved_where_not_enumerated(void **state)
{
	(void)state;
	assert_true(ext_reserved(0));
}

/* C-72: leaf 23H's shapes refused where inconsistent. */
static void c72_invalid_leaf23_shapes_refused(void **state)
{
	struct core_shape bad[4];
	unsigned i;

	(void)state;
	bad[0] = core_shape_v6_p, bad[0].leaf23 = 0, bad[0].gp_bitmap = 0; /* v6 needs the leaf */
	bad[1] = core_shape_v6_e, bad[1].gp_bitmap = 0xE7; /* CPUID.0AH's 4 not all there */
	bad[2] = core_shape_v6_e, bad[2].gp_bitmap = 0xFF; /* no hole above the 4 */
	bad[3] = core_shape_mtl_p, bad[3].leaf23_ext = 2;  /* EQ before version 6 */
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		assert_false(core_shape_valid(&bad[i]));
}

static const struct hold_row rows[] = {
	{ .bit = EMU_FAULT_BIT_CORE_V6_ALIAS_SPLIT, .holds = alias_same_counter },
	{ .bit = EMU_FAULT_BIT_CORE_V6_HOLE_COUNTS, .holds = hole_absent },
	{ .bit = EMU_FAULT_BIT_CORE_V6_SUBLEAF_BIT0, .holds = subleaf_bitmap },
	{ .bit = EMU_FAULT_BIT_CORE_V6_UMASK2_IGNORED, .holds = umask2_other_event },
	{ .bit = EMU_FAULT_BIT_CORE_V6_EQ_IGNORED, .holds = eq_counts_equality },
	{ .bit = EMU_FAULT_BIT_CORE_V6_EXT_ACCEPTED, .holds = ext_reserved },
	{ .bit = EMU_FAULT_BIT_CORE_V6_ABOVE_HOLE_UNGATED, .holds = above_hole_gated },
};

static void each_v6_defect_breaks_its_behaviour(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, emu_defects[bit_].run == EMU_RUN_V6);
	ASSERT_ROWS_HOLD(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c64_subleaf_1_flagged_in_bit_1),
		cmocka_unit_test(c72_leaf23_of_the_shapes),
		cmocka_unit_test(c64_c71_sub0_alone_hides_sub_leaf_1),
		cmocka_unit_test(c66_hole_counter_is_absent),
		cmocka_unit_test(c09_c66_counter_above_the_hole_gated),
		cmocka_unit_test(c69_alias_is_the_legacy_counter),
		cmocka_unit_test(c69_no_aliases_before_version_6),
		cmocka_unit_test(oqc27_alias_writes_full_width),
		cmocka_unit_test(c70_umask2_selects_another_event),
		cmocka_unit_test(c70_oqc28_eq_counts_equality),
		cmocka_unit_test(c65_c69_fields_reserved_where_not_enumerated),
		cmocka_unit_test(c72_invalid_leaf23_shapes_refused),
		cmocka_unit_test(each_v6_defect_breaks_its_behaviour),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
