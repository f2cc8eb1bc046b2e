/* Host tests of the emulated Nehalem uncore (pmu/emu/nhm/model.c): the register
 * file (spec N-03..N-05, N-11, N-14, N-25, N-27, N-41, N-42, OQ-N3,
 * OQ-N9..OQ-N11, OQ-N14) and the register-side defects of pmu/emu/faults.h. */
#include "tests/pmu/emu/nhm/test_emu_nhm.h"

static const uint32_t controls[] = { GCTL, FIXED_CTL, MATCH, SEL(0), SEL(1), SEL(2), SEL(3),
				     SEL(4), SEL(5), SEL(6), SEL(7) };

static void n03_packages_are_independent(void **state)
{
	static struct nhm_uncore pkg[2];
	unsigned i;

	(void)state;
	for (i = 0; i < 2; i++)
		nhm_init(&pkg[i], 0, 0, 0, 0, 0);
	wr(&pkg[0], SEL(1), evtsel(0x2C, 0x07, 0, ES_EN), 0);
	wr(&pkg[0], GCTL, 0x2 | GC_FC0, 0);
	wr(&pkg[0], FIXED_CTL, 0x1, 0);
	wr(&pkg[1], MATCH, 0x8, 0);
	wr(&pkg[1], CTR(1), 42, 0);
	assert_int_equal(rd(&pkg[1], GCTL, 5000), 0);
	assert_int_equal(rd(&pkg[1], SEL(1), 5000), 0);
	assert_int_equal(rd(&pkg[1], FIXED, 5000), 0);
	assert_int_equal(rd(&pkg[1], CTR(1), 5000), 42);
	assert_int_equal(rd(&pkg[0], MATCH, 5000), 0);
	assert_int_equal(rd(&pkg[0], FIXED, 5000), 5000);
	/* EMU_F(SHARED_PACKAGES) is the backend's routing defect: see
	 * tests/pmu/test_backend_emu.c. */
}

static void n04_nine_counters_of_48_bits(void **state)
{
	struct nhm_uncore u;
	unsigned n;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	for (n = 0; n < NHM_NCTR; n++) {
		wr(&u, CTR(n), MAX48, 0);
		assert_int_equal(rd(&u, CTR(n), 0), MAX48);
	}
	wr(&u, FIXED, 0xFFFFFFF0ull, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	wr(&u, GCTL, GC_FC0, 0);
	assert_int_equal(rd(&u, FIXED, 100), 0x100000054ull); /* past 2^32, no wrap */
	assert_int_equal(rd(&u, STATUS, 100), 0);

	nhm_init(&u, EMU_F(WIDTH_32), 0, 0, 0, 0);
	wr(&u, FIXED, 0xFFFFFFF0ull, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	wr(&u, GCTL, GC_FC0, 0);
	assert_int_equal(rd(&u, FIXED, 100), 0x54);
	assert_int_equal(rd(&u, STATUS, 100), ST_FC0 | ST_CHG);
}

static void n04_other_msrs_are_passed_on(void **state)
{
	static const uint32_t msr[] = { 0x1D9, 0x38E, 0x390, 0x390 + 0x10, 0x397, 0x3B8, 0x3C8 };
	struct nhm_uncore u;
	uint64_t v = 7;
	unsigned i;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	for (i = 0; i < ARRAY_SIZE(msr); i++) {
		assert_int_equal(nhm_rdmsr(&u, 0, msr[i], 0, &v), -1);
		assert_int_equal(nhm_wrmsr(&u, 0, msr[i], 0, 0), -1);
	}
	assert_int_equal(v, 7);
}

static void n05_controls_reset_to_0(void **state)
{
	struct nhm_uncore u;
	uint64_t v;
	unsigned i;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 1000);
	for (i = 0; i < ARRAY_SIZE(controls); i++)
		assert_int_equal(rd(&u, controls[i], 1000), 0);

	nhm_init(&u, EMU_F(MSR_FAULTS), 0, 0, 0, 0);
	assert_int_equal(nhm_rdmsr(&u, 0, SEL(3), 0, &v), VEC_GP);
	assert_int_equal(nhm_wrmsr(&u, 0, SEL(3), 0, 0), VEC_GP);
	assert_int_equal(rd(&u, SEL(2), 0), 0);
	/* The faulting access still brings the model to its time (EMU_GP_AT_NOW). */
	assert_int_equal(nhm_rdmsr(&u, 0, SEL(3), 500, &v), VEC_GP);
	assert_int_equal(u.now, 500);
}

static void oqn14_status_and_counters_reset_to_0(void **state)
{
	struct nhm_uncore u;
	unsigned n;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	assert_int_equal(rd(&u, STATUS, 0), 0);
	assert_int_equal(rd(&u, FIXED, 0), 0);
	for (n = 0; n < NHM_NCTR; n++)
		assert_int_equal(rd(&u, CTR(n), 0), 0);
}

static void n11_written_counter_counts_up_from_value(void **state)
{
	const struct ref r = { .ev = 0x2A, .um = 0x03, .cmask = 2, NORST };
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, CTR(4), 0x123456789ABCull, 100);
	assert_int_equal(rd(&u, CTR(4), 200), 0x123456789ABCull);
	start_gp(&u, 4, &r, 300);
	assert_int_equal(rd(&u, CTR(4), 4000), 0x123456789ABCull + ref_count(&r, 300, 4000));
}

static void oqn11_counter_bits_above_47_dropped(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, CTR(0), 0xFFFF000000001234ull, 0);
	wr(&u, FIXED, 0x8000000000000001ull, 0);
	assert_int_equal(rd(&u, CTR(0), 0), 0x1234);
	assert_int_equal(rd(&u, FIXED, 0), 0x1);

	nhm_init(&u, EMU_F(UPPER_BITS_KEPT), 0, 0, 0, 0);
	wr(&u, CTR(0), 0xFFFF000000001234ull, 0);
	assert_int_equal(rd(&u, CTR(0), 0), 0xFFFF000000001234ull);
}

/* Each control with a value of only defined bits, and reserved bits. */
struct reg_case {
	uint32_t msr;
	uint64_t good, bad[4];
};

static const struct reg_case cases[] = {
	{ .msr = GCTL, .good = 0x800F0001000000FFull, .bad = { 1ull << 8, 1ull << 33, 1ull << 52, 1ull << 62 } },
	{ .msr = SEL(5), .good = 0xFFD4FFFFull, .bad = { 1ull << 16, 1ull << 19, 1ull << 21, 1ull << 32 } },
	{ .msr = FIXED_CTL, .good = 0x5, .bad = { 0x2, 0x8, 1ull << 31, 1ull << 63 } },
	{ .msr = MATCH, .good = 0xE000FFFFFFFFFFF8ull, .bad = { 0x1, 0x4, 1ull << 48, 1ull << 60 } },
};

static void oqn11_reserved_bits_gp_and_change_nothing(void **state)
{
	struct nhm_uncore u;
	unsigned i, j;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		wr(&u, cases[i].msr, cases[i].good, 0);
		for (j = 0; j < 4; j++) {
			assert_int_equal(nhm_wrmsr(&u, 0, cases[i].msr, cases[i].bad[j], 0), VEC_GP);
			assert_int_equal(rd(&u, cases[i].msr, 0), cases[i].good);
		}
	}
	nhm_init(&u, EMU_F(RESERVED_ACCEPTED), 0, 0, 0, 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		wr(&u, cases[i].msr, cases[i].bad[0], 0);
		assert_int_equal(rd(&u, cases[i].msr, 0), cases[i].bad[0]);
	}
}

static void n41_match_is_plain_read_write(void **state)
{
	static const uint64_t v[] = { 0x8000000000000008ull, 0x2000ABCDEF012348ull,
				      0xE000FFFFFFFFFFF8ull, 0 };
	struct nhm_uncore u;
	unsigned i;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	for (i = 0; i < ARRAY_SIZE(v); i++) {
		wr(&u, MATCH, v[i], i);
		assert_int_equal(rd(&u, MATCH, i + 100), v[i]);
	}
}

/* N-42 is hardware only: the model keeps the match register but filters
 * none of its synthetic events, so counts are the same whatever it holds. */
static void n42_match_filters_no_synthetic_event(void **state)
{
	const struct ref reads = { .ev = 0x2C, .um = 0x07, NORST };
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, MATCH, 0xE000FFFFFFFFFFF8ull, 0);
	start_gp(&u, 0, &reads, 0);
	assert_int_equal(rd(&u, CTR(0), 5000), ref_count(&reads, 0, 5000));
}

static void n14_occ_ctr_rst_reads_0(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, SEL(0), 0x01420423, 0);
	assert_int_equal(rd(&u, SEL(0), 0), 0x01400423);
	wr(&u, SEL(1), 0x0052072C | ES_RST, 0); /* not an occupancy event */
	assert_int_equal(rd(&u, SEL(1), 0), 0x0050072C);

	nhm_init(&u, EMU_F(OCC_RST_READS_1), 0, 0, 0, 0);
	wr(&u, SEL(0), 0x01420423, 0);
	assert_int_equal(rd(&u, SEL(0), 0), 0x01420423);
}

static void n25_status_write_gp_oqn9(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, FIXED, MAX48, 0);
	wr(&u, FIXED_CTL, 0x1, 0);
	wr(&u, GCTL, GC_FC0, 0);
	assert_int_equal(nhm_wrmsr(&u, 0, STATUS, 0, 10), VEC_GP);
	assert_int_equal(nhm_wrmsr(&u, 0, STATUS, 0xFF, 10), VEC_GP);
	assert_int_equal(rd(&u, STATUS, 10), ST_FC0 | ST_CHG);

	nhm_init(&u, EMU_F(STATUS_WRITABLE), 0, 0, 0, 0);
	wr(&u, STATUS, 0x3, 0);
	assert_int_equal(rd(&u, STATUS, 0), 0x3);
}

static void n27_ovf_ctrl_reads_0_oqn10(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	wr(&u, OVF, 0xA0000001000000FFull, 0);
	assert_int_equal(rd(&u, OVF, 0), 0);
}

static void oqn3_en_pmi_core_width_is_a_parameter(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	assert_int_equal(u.pmi_core_bits, 4);
	assert_int_equal(nhm_wrmsr(&u, 0, GCTL, GC_CORE(4), 0), VEC_GP);
	wr(&u, GCTL, GC_CORE(3), 0);

	u.pmi_core_bits = 6; /* six-core Westmere-EP variant */
	wr(&u, FIXED, MAX48, 0);
	wr(&u, FIXED_CTL, 0x5, 0);
	wr(&u, GCTL, GC_CORE(5) | GC_CORE(4) | GC_FC0, 0);
	assert_int_equal(nhm_wrmsr(&u, 0, GCTL, GC_CORE(6), 0), VEC_GP);
	rd(&u, STATUS, 5);
	assert_int_equal(nhm_take_pmi(&u, 0, &req, 1), 1);
	assert_int_equal(req.cores, 0x30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(n03_packages_are_independent),
		cmocka_unit_test(n04_nine_counters_of_48_bits),
		cmocka_unit_test(n04_other_msrs_are_passed_on),
		cmocka_unit_test(n05_controls_reset_to_0),
		cmocka_unit_test(oqn14_status_and_counters_reset_to_0),
		cmocka_unit_test(n11_written_counter_counts_up_from_value),
		cmocka_unit_test(oqn11_counter_bits_above_47_dropped),
		cmocka_unit_test(oqn11_reserved_bits_gp_and_change_nothing),
		cmocka_unit_test(n41_match_is_plain_read_write),
		cmocka_unit_test(n42_match_filters_no_synthetic_event),
		cmocka_unit_test(n14_occ_ctr_rst_reads_0),
		cmocka_unit_test(n25_status_write_gp_oqn9),
		cmocka_unit_test(n27_ovf_ctrl_reads_0_oqn10),
		cmocka_unit_test(oqn3_en_pmi_core_width_is_a_parameter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
