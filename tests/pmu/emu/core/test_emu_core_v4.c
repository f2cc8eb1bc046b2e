/* Host tests of the emulated core PMU's version-4 shape (pmu/emu/core/v4.c,
 * spec C-43..C-51, OQ-C14..OQ-C18): STATUS_SET and STATUS_RESET, INUSE, the
 * streamlined freezes on PMI, and the version-3 shape left as it was. */
#include "tests/pmu/emu/core/test_emu_core_v4.h"

static void c44_status_set_sets_exactly_the_written_bits(void **state)
{
	(void)state;
	assert_true(v4_set_sets_exactly(0));
}

/* C-44 with C-43: whatever SET can set, RESET clears, one bit at a time. */
static void c43_c44_each_bit_set_and_reset_alone(void **state)
{
	static const uint64_t bits[] = { 1, 1ull << 7, G_FIXED(0), G_FIXED(2), LBR_FRZ, CTR_FRZ };
	struct core_pmu u;
	unsigned i;

	(void)state;
	init(&u, &core_shape_v4, 0);
	for (i = 0; i < ARRAY_SIZE(bits); i++) {
		wr(&u, SET, bits[i], 10 * i);
		assert_int_equal(rd(&u, STATUS, 10 * i), bits[i]);
		wr(&u, OVF, bits[i], 10 * i + 5);
		assert_int_equal(rd(&u, STATUS, 10 * i + 5), 0);
	}
	assert_true(v4_reset_clears_freeze_bits(0));
}

/* OQ-C16, OQ-C18: STATUS_SET and STATUS_RESET read 0; a 1 in bit 55 or 60
 * (features the model lacks), bit 63 or a reserved bit of STATUS_SET is
 * ignored without #GP; bit 61 is the backend's (C-38). */
static void oqc16_oqc18_reads_and_absent_bits(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_v4, 0);
	assert_int_equal(core_wrmsr(&u, SET, 1ull << 55 | 1ull << 60 | 1ull << 61 | 1ull << 63 |
					     1ull << 40 | 1ull << 20, 0), 0);
	assert_int_equal(rd(&u, STATUS, 0), 0);
	wr(&u, SET, 3, 0);
	assert_int_equal(rd(&u, SET, 0), 0);
	assert_int_equal(rd(&u, OVF, 0), 0);
	assert_int_equal(rd(&u, STATUS, 0), 3);
}

static void c45_inuse_follows_the_event_select_not_en(void **state)
{
	(void)state;
	assert_true(v4_inuse_follows_event_select(0));
}

/* C-45: every non-zero EN value of a fixed counter is in use; INUSE is
 * read-only. */
static void c45_inuse_fixed_en_fields_and_read_only(void **state)
{
	struct core_pmu u;
	unsigned en, j;

	(void)state;
	init(&u, &core_shape_v4, 0);
	for (j = 0; j < 3; j++)
		for (en = 0; en < 4; en++) {
			wr(&u, FIXED_CTL, FC(j, en, false), 0);
			assert_int_equal(rd(&u, INUSE, 0), en ? G_FIXED(j) : 0);
		}
	assert_int_equal(core_wrmsr(&u, INUSE, 0, 0), VEC_GP);
}

static void c45_oqc15_pmi_inuse_at_bit_63(void **state)
{
	(void)state;
	assert_true(v4_inuse_pmi(0));
}

static void c47_freeze_on_pmi_stops_every_counter_until_reset(void **state)
{
	(void)state;
	assert_true(v4_freeze_stops_all(0));
}

/* C-47: the freeze holds through a GLOBAL_CTRL rewrite; only CTR_Frz's
 * reset ends it. OQ-C17: a CTR_Frz set through STATUS_SET freezes too. */
static void c47_oqc17_gctl_does_not_thaw_and_software_freezes(void **state)
{
	struct core_pmu u;

	(void)state;
	v4_overflow_at_100(&u, 0, FRZ_PERFMON, true);
	wr(&u, GCTL, 3 | G_FIXED(1), 500);
	assert_int_equal(rd(&u, PMC(1), 600), 100);
	init(&u, &core_shape_v4, 0);
	wr(&u, SEL(1), evtsel(EV_CYCLES, 0, OS | EN), 0);
	wr(&u, GCTL, 2, 0);
	wr(&u, SET, CTR_FRZ, 40);
	assert_int_equal(rd(&u, PMC(1), 90), 40);
	wr(&u, OVF, CTR_FRZ, 90);
	assert_int_equal(rd(&u, PMC(1), 100), 50);
}

/* OQ-C14: a PMI request freezes at the overflow, not an overflow alone. */
static void oqc14_no_freeze_without_a_pmi_enable(void **state)
{
	(void)state;
	assert_true(v4_no_freeze_without_int(0));
}

static void c48_lbr_freeze_alone_stops_no_counter(void **state)
{
	(void)state;
	assert_true(v4_lbr_frz_alone(0));
}

/* C-51: the DEBUGCTL copy keeps bits 11-12 on version 4 only, read back in
 * their place over the rest. */
static void c51_debugctl_freeze_bits_kept_on_v4_only(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_v4, 0);
	core_debugctl_write(&u, FRZ_LBRS | FRZ_PERFMON | 1ull << 13 | 1, 0);
	assert_int_equal(core_debugctl_read(&u, 1ull << 13 | 1 << 6), FRZ_LBRS | FRZ_PERFMON |
								      1ull << 13 | 1 << 6);
	core_debugctl_write(&u, 0, 0);
	assert_int_equal(core_debugctl_read(&u, FRZ_PERFMON), 0);
	init(&u, &core_shape_v3, 0);
	core_debugctl_write(&u, FRZ_PERFMON, 0);
	assert_int_equal(core_debugctl_read(&u, 5), 5);
}

/* C-51: the version-3 shape as before: 0x391/0x392 not its MSRs (passed
 * on), no freeze whatever DEBUGCTL says, OVF_CTRL clears counter bits. */
static void c51_v3_shape_unchanged(void **state)
{
	struct core_pmu u;
	uint64_t v;

	(void)state;
	init(&u, &core_shape_v3, 0);
	assert_int_equal(core_rdmsr(&u, SET, 0, &v), -1);
	assert_int_equal(core_wrmsr(&u, INUSE, 0, 0), -1);
	core_debugctl_write(&u, FRZ_PERFMON | FRZ_LBRS, 0);
	wr(&u, PMC(0), 0 - 100ull, 0);
	wr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS | EN | INT), 0);
	wr(&u, SEL(1), evtsel(EV_CYCLES, 0, OS | EN), 0);
	wr(&u, GCTL, 3, 0);
	assert_int_equal(rd(&u, STATUS, 1000), 1);
	assert_int_equal(rd(&u, PMC(1), 1000), 1000);
	wr(&u, OVF, 1 | CTR_FRZ | LBR_FRZ, 1000);
	assert_int_equal(rd(&u, STATUS, 1000), 0);
}

/* C-49: the shape's CPUID view: version 4, 8 x 48 general, 3 x 48 fixed,
 * full-width writes. */
static void c49_shape_as_skylake_without_ht(void **state)
{
	uint32_t r[4];

	(void)state;
	core_cpuid_0a(&core_shape_v4, r);
	assert_int_equal(r[0], 0x07300804);
	assert_int_equal(r[3], 3 | 48 << 5);
	assert_true(core_shape_fw_write(&core_shape_v4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c44_status_set_sets_exactly_the_written_bits),
		cmocka_unit_test(c43_c44_each_bit_set_and_reset_alone),
		cmocka_unit_test(oqc16_oqc18_reads_and_absent_bits),
		cmocka_unit_test(c45_inuse_follows_the_event_select_not_en),
		cmocka_unit_test(c45_inuse_fixed_en_fields_and_read_only),
		cmocka_unit_test(c45_oqc15_pmi_inuse_at_bit_63),
		cmocka_unit_test(c47_freeze_on_pmi_stops_every_counter_until_reset),
		cmocka_unit_test(c47_oqc17_gctl_does_not_thaw_and_software_freezes),
		cmocka_unit_test(oqc14_no_freeze_without_a_pmi_enable),
		cmocka_unit_test(c48_lbr_freeze_alone_stops_no_counter),
		cmocka_unit_test(c51_debugctl_freeze_bits_kept_on_v4_only),
		cmocka_unit_test(c51_v3_shape_unchanged),
		cmocka_unit_test(c49_shape_as_skylake_without_ht),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
