/* Host tests of the emulated core PMU's registers (pmu/emu/core/model.c) and of
 * their description (pmu/regs/core.c): the CPUID.0AH view and which MSRs a
 * shape has (C-11, C-12, C-14, C-18, OQ-C10), reset state (OQ-C6), counter
 * writes and widths (C-15, C-17, C-18, C-23), reserved bits (C-09, C-20,
 * C-22), read-only and write-1-to-clear registers (C-06, C-07), and the
 * MSRs left to the backend (C-38). */
#include "tests/pmu/emu/core/test_emu_core.h"
#include "pmu/regs/regs.h"

static const struct core_shape v2_2x40 = { .version = 2, .ngp = 2, .gp_width = 40, .ebx_len = 7,
		.nfixed = 2, .fixed_width = 40 };
static const struct core_shape v3_8gp = { .version = 3, .ngp = 8, .gp_width = 48, .ebx_len = 7,
		.nfixed = 3, .fixed_width = 48, .pdcm = true };

static int rd_rc(struct core_pmu *u, uint32_t msr)
{
	uint64_t v;

	return core_rdmsr(u, msr, 0, &v);
}

/* ---- the description ---- */

/* One description of each register: the uncore PMI path's copy of a core
 * register is the core PMU's own template. */
static void c06_pmi_path_shares_the_core_description(void **state)
{
	static const uint32_t shared[] = { 0x1D9, 0x38E, 0x390 };
	const struct uncore_gen *nhm = uncore_gen_by_name("nhm");
	struct reg_ref a, b;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(shared); i++) {
		assert_true(reg_lookup(nhm, shared[i], &a));
		assert_true(reg_lookup(&core_pmu_regs, shared[i], &b));
		assert_ptr_equal(a.tmpl, b.tmpl);
	}
	assert_false(reg_lookup(nhm, 0x38F, &a)); /* GLOBAL_CTRL: core PMU only */
	assert_null(uncore_gen_by_name("core"));  /* not an uncore= choice */
}

static void c14_fields_as_the_spec_lays_them_out(void **state)
{
	static const struct {
		uint32_t msr;
		uint64_t defined;
	} rows[] = {
		/* seed 004, C-70 */
		{ .msr = SEL(0), .defined = 0xFFFFFFFFull | 1ull << 36 | 0xFFull << 40 },
		{ .msr = FIXED_CTL, .defined = 0xFFFull },        /* C-22: 3 x 4 bits */
		{ .msr = GCTL, .defined = 0xFFull | 7ull << 32 }, /* C-09 */
		/* C-06, C-46 */
		{ .msr = STATUS, .defined = 0xFFull | 7ull << 32 | 1ull << 55 | 0x3Full << 58 },
		/* C-07, C-43 */
		{ .msr = OVF, .defined = 0xFFull | 7ull << 32 | 1ull << 55 | 0x3Full << 58 },
		/* C-44: no 63 */
		{ .msr = 0x391, .defined = 0xFFull | 7ull << 32 | 1ull << 55 | 0x1Full << 58 },
		{ .msr = 0x392, .defined = 0xFFull | 7ull << 32 | 1ull << 63 }, /* C-45, OQ-C15 */
		{ .msr = PMC(0), .defined = MAX48 },
	};
	struct reg_ref r;
	unsigned i;
	const struct field *f;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		uint64_t seen = 0;

		assert_true(reg_lookup(&core_pmu_regs, rows[i].msr, &r));
		assert_int_equal(reg_defined_mask(r.tmpl), rows[i].defined);
		for (f = r.tmpl->fields; f->name; f++) { /* no two fields overlap */
			assert_int_equal(seen & field_mask(f), 0);
			seen |= field_mask(f);
		}
	}
	assert_true(reg_lookup(&core_pmu_regs, SEL(7), &r));
	assert_int_equal(field_mask(reg_field(r.tmpl, "CMASK")), 0xFF000000ull);
	assert_true(reg_lookup(&core_pmu_regs, A_PMC(7), &r));
	assert_true(reg_lookup(&core_pmu_regs, FIXED(2), &r));
}

/* ---- CPUID view and the MSRs a shape has ---- */

static void c11_cpuid_view_encodes_the_shape(void **state)
{
	static const struct core_shape odd = { .version = 2, .ngp = 8, .gp_width = 40,
			.ebx_len = 5, .ebx = 0xFFFFFFF2u, .nfixed = 2, .fixed_width = 44 };
	static const struct core_shape v1 = { .version = 1, .ngp = 2, .gp_width = 40, .ebx_len = 7 };
	uint32_t r[4];

	(void)state;
	core_cpuid_0a(&core_shape_nhm, r);
	assert_int_equal(r[0], 0x07300403u); /* C-12: v3, 4 x 48 bits, 7 events */
	assert_int_equal(r[1], 0);
	assert_int_equal(r[2], 0);
	assert_int_equal(r[3], 3u | 48u << 5);
	core_cpuid_0a(&odd, r);
	assert_int_equal(r[0], 0x05280802u);
	assert_int_equal(r[1], 0x12u); /* only the EAX[31:24] low bits */
	assert_int_equal(r[3], 2u | 44u << 5);
	core_cpuid_0a(&v1, r);
	assert_int_equal(r[3], 0); /* EDX only from version 2 */
}

static void c11_invalid_shapes_are_refused(void **state)
{
	static const struct core_shape bad[] = {
		/* no PMU */
		{ .version = 0, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		/* v6 without leaf 23H (C-71) */
		{ .version = 6, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 0, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 9, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 4, .gp_width = 31, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 4, .gp_width = 64, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		/* OQ-C10: rows 7-12 not modelled */
		{ .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 8, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 0,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 4,
		  .fixed_width = 48, .pdcm = true },
		{ .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 20, .pdcm = true },
		/* fixed counters from version 2 */
		{ .version = 1, .ngp = 2, .gp_width = 40, .ebx_len = 7, .nfixed = 3,
		  .fixed_width = 40, .pdcm = false },
	};
	struct core_pmu u;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		assert_int_equal(core_init(&u, &bad[i], 0, 0), -1);
	assert_true(core_shape_valid(&core_shape_nhm) && core_shape_valid(&core_shape_nhm_fw));
}

static void c12_nehalem_shape_has_4_general_and_3_fixed(void **state)
{
	struct core_pmu u;
	unsigned n;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	for (n = 0; n < 8; n++) {
		assert_int_equal(rd_rc(&u, PMC(n)), n < 4 ? 0 : VEC_GP);
		assert_int_equal(rd_rc(&u, SEL(n)), n < 4 ? 0 : VEC_GP);
		assert_int_equal(core_wrmsr(&u, PMC(n), 1, 0), n < 4 ? 0 : VEC_GP);
		assert_int_equal(rd_rc(&u, A_PMC(n)), VEC_GP); /* C-18: no FW_WRITE */
	}
	for (n = 0; n < 3; n++)
		assert_int_equal(rd_rc(&u, FIXED(n)), 0);
	assert_int_equal(rd(&u, PERF_CAPS, 0), 0);
}

static void c14_eight_counters_at_their_addresses(void **state)
{
	struct core_pmu u;
	unsigned n;

	(void)state;
	init(&u, &v3_8gp, 0);
	for (n = 0; n < 8; n++) {
		wr(&u, PMC(n), 1000 + n, 0);
		wr(&u, SEL(n), 0x4100C0 + n, 0); /* EN and USR only: holds still at ring 0 */
	}
	for (n = 0; n < 8; n++) {
		assert_int_equal(rd(&u, PMC(n), 50), 1000 + n);
		assert_int_equal(rd(&u, SEL(n), 50), 0x4100C0 + n);
	}
}

static void c18_perf_capabilities_only_with_pdcm(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &v2_2x40, 0); /* pdcm false */
	assert_int_equal(rd_rc(&u, PERF_CAPS), VEC_GP);
	init(&u, &core_shape_nhm_fw, 0);
	assert_int_equal(rd(&u, PERF_CAPS, 0), 1ull << 13);
	assert_int_equal(core_wrmsr(&u, PERF_CAPS, 0, 0), VEC_GP); /* read-only */
}

static void c18_full_width_writes_through_a_pmc(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm_fw, 0);
	wr(&u, A_PMC(1), 0x123456789ABCull, 0);
	assert_int_equal(rd(&u, PMC(1), 0), 0x123456789ABCull);
	assert_int_equal(rd(&u, A_PMC(1), 0), 0x123456789ABCull);
	assert_int_equal(core_wrmsr(&u, A_PMC(1), 1ull << 48, 0), VEC_GP); /* wider than the counter */
	assert_int_equal(rd(&u, PMC(1), 0), 0x123456789ABCull);
	wr(&u, PMC(1), 0x12349ABCDEF0ull, 0); /* the legacy alias: low 32 bits, C-17 */
	assert_int_equal(rd(&u, A_PMC(1), 0), 0xFFFF9ABCDEF0ull);
	assert_int_equal(rd_rc(&u, A_PMC(4)), VEC_GP); /* only for present counters */
}

/* ---- reset, counter writes and widths ---- */

static void oqc6_everything_reads_0_after_reset(void **state)
{
	static const uint32_t msrs[] = { PMC(0), PMC(3), SEL(0), SEL(3), FIXED(0), FIXED(2),
					 FIXED_CTL, STATUS, GCTL, OVF };
	struct core_pmu u;
	unsigned i;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	for (i = 0; i < ARRAY_SIZE(msrs); i++)
		assert_int_equal(rd(&u, msrs[i], 100000), 0);
}

static void c17_pmc_writes_sign_extend_bit_31(void **state)
{
	static const struct {
		uint64_t write, read48, read40;
	} rows[] = {
		/* the spec's examples */
		{ .write = 0x0000FFFF80000000ull, .read48 = 0xFFFF80000000ull,
		  .read40 = 0xFF80000000ull },
		{ .write = 0x0000000012345678ull, .read48 = 0x12345678ull,
		  .read40 = 0x12345678ull },
		/* 63:32 not stored */
		{ .write = 0xFFFFFFFF7FFFFFFFull, .read48 = 0x7FFFFFFFull,
		  .read40 = 0x7FFFFFFFull },
		{ .write = 0x00000000FFFFFFFFull, .read48 = MAX48, .read40 = 0xFFFFFFFFFFull },
		{ .write = 0x1234567800000000ull, .read48 = 0, .read40 = 0 },
	};
	struct core_pmu u, w;
	unsigned i;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	init(&w, &v2_2x40, 0);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		wr(&u, PMC(2), rows[i].write, 0);
		wr(&w, PMC(1), rows[i].write, 0);
		assert_int_equal(rd(&u, PMC(2), 0), rows[i].read48);
		assert_int_equal(rd(&w, PMC(1), 0), rows[i].read40);
	}
}

static void c23_fixed_counter_bits_beyond_the_width(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &v2_2x40, 0);
	wr(&u, FIXED(1), 0xFFFFFFFFFFull, 0); /* full 40 bits, no sign extension */
	assert_int_equal(rd(&u, FIXED(1), 0), 0xFFFFFFFFFFull);
	assert_int_equal(core_wrmsr(&u, FIXED(1), 1ull << 40, 0), VEC_GP);
	assert_int_equal(rd(&u, FIXED(1), 0), 0xFFFFFFFFFFull);
	assert_int_equal(rd_rc(&u, FIXED(2)), VEC_GP); /* two fixed counters */
}

/* C-15 binds software; the model counts up from a value written while the
 * counter is disabled, which is what the rule asks software to do. */
static void c15_counter_written_while_disabled_counts_on_from_it(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, GCTL, 1, 0);
	wr(&u, PMC(0), 5000, 10);
	wr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS | EN), 20);
	assert_int_equal(rd(&u, PMC(0), 120), 5100);
}

/* ---- reserved bits, read-only and write-1-to-clear ---- */

static void c14_reserved_bits_gp_and_change_nothing(void **state)
{
	static const struct {
		uint32_t msr;
		uint64_t val;
	} rows[] = {
		{ .msr = SEL(0), .val = 1ull << 32 },
		{ .msr = SEL(3), .val = 0x4300C0ull | 1ull << 63 },
		{ .msr = GCTL, .val = 1ull << 4 }, /* PMC4: not in this shape (C-09) */
		{ .msr = GCTL, .val = 1ull << 35 },
		{ .msr = GCTL, .val = 1ull << 61 },
		{ .msr = FIXED_CTL, .val = 1ull << 12 }, /* C-22: three fixed counters */
	};
	struct core_pmu u;
	unsigned i;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		assert_int_equal(core_wrmsr(&u, rows[i].msr, rows[i].val, 0), VEC_GP);
		assert_int_equal(rd(&u, rows[i].msr, 0), 0);
	}
	wr(&u, GCTL, 0xF | 7ull << 32, 0);
	wr(&u, FIXED_CTL, 0xFFF, 0);
	wr(&u, SEL(0), 0xFFFFFFFFull, 0); /* every defined bit, ANY included (v3) */
}

static void c20_any_is_reserved_before_version_3(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &v2_2x40, 0);
	assert_int_equal(core_wrmsr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS | EN | ANY), 0), VEC_GP);
	assert_int_equal(core_wrmsr(&u, FIXED_CTL, 0x4, 0), VEC_GP);   /* AnyThread of counter 0 */
	assert_int_equal(core_wrmsr(&u, FIXED_CTL, 0x300, 0), VEC_GP); /* counter 2: not in this shape */
	wr(&u, FIXED_CTL, 0xBB, 0);
	/* Version 3 takes ANY and PC; one logical CPU, no pins: same counts. */
	init(&u, &core_shape_nhm, 0);
	wr(&u, SEL(0), evtsel(EV_INST, 0, OS | EN | ANY | PC), 0);
	wr(&u, SEL(1), evtsel(EV_INST, 0, OS | EN), 0);
	wr(&u, GCTL, 3, 0);
	assert_int_equal(rd(&u, PMC(0), 3 * P), rd(&u, PMC(1), 3 * P));
}

static void c06_global_status_is_read_only(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	assert_int_equal(core_wrmsr(&u, STATUS, 1, 0), VEC_GP);
	assert_int_equal(rd(&u, STATUS, 0), 0);
}

static void c07_ovf_ctrl_reads_0(void **state)
{
	struct core_pmu u;

	(void)state;
	init(&u, &core_shape_nhm, 0);
	wr(&u, OVF, 0xF | 7ull << 32 | 7ull << 61, 0);
	wr(&u, OVF, 1ull << 40, 0); /* reserved: ignored, as for the uncore's */
	assert_int_equal(rd(&u, OVF, 0), 0);
}

static void c09_version_1_has_no_global_registers(void **state)
{
	static const struct core_shape v1 = { .version = 1, .ngp = 2, .gp_width = 40, .ebx_len = 7 };
	static const uint32_t msrs[] = { GCTL, STATUS, OVF, FIXED_CTL, FIXED(0) };
	struct core_pmu u;
	unsigned i;

	(void)state;
	init(&u, &v1, 0);
	for (i = 0; i < ARRAY_SIZE(msrs); i++) {
		assert_int_equal(rd_rc(&u, msrs[i]), VEC_GP);
		assert_int_equal(core_wrmsr(&u, msrs[i], 0, 0), VEC_GP);
	}
}

/* A shape's missing counters never count, even with every enable ignored. */
static void c11_absent_counters_never_count(void **state)
{
	static const struct core_shape v1 = { .version = 1, .ngp = 2, .gp_width = 40, .ebx_len = 7 };
	struct core_pmu u;

	(void)state;
	init(&u, &v1, EMU_F(CORE_FIXED_EN_IGNORED) | EMU_F(CORE_GLOBAL_CTRL_IGNORED) |
			      EMU_F(CORE_LOCAL_EN_IGNORED));
	assert_int_equal(emu_next_wrap(&core_engine, &u), UINT64_MAX);
	/* Two fixed counters of 40 bits: only they overflow (a third one, at 3/4
	 * of the cycles, would before 2^41). */
	init(&u, &v2_2x40, EMU_F(CORE_FIXED_EN_IGNORED) | EMU_F(CORE_GLOBAL_CTRL_IGNORED));
	assert_int_equal(rd(&u, STATUS, 1ull << 41), G_FIXED(0) | G_FIXED(1));
}

/* DEBUGCTL (and bit 61 with it) stay the backend's; other MSRs are not the
 * core PMU's at all. */
static void c38_other_msrs_are_passed_on(void **state)
{
	static const uint32_t msrs[] = { MSR_DEBUGCTL, 0x391, 0x3C0, 0xC0, 0xC9, 0x185, 0x30C, 0x4C0 };
	struct core_pmu u;
	uint64_t v;
	unsigned i;

	(void)state;
	init(&u, &v3_8gp, 0);
	for (i = 0; i < ARRAY_SIZE(msrs); i++) {
		assert_int_equal(core_rdmsr(&u, msrs[i], 0, &v), -1);
		assert_int_equal(core_wrmsr(&u, msrs[i], 0, 0), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c06_pmi_path_shares_the_core_description),
		cmocka_unit_test(c14_fields_as_the_spec_lays_them_out),
		cmocka_unit_test(c11_cpuid_view_encodes_the_shape),
		cmocka_unit_test(c11_invalid_shapes_are_refused),
		cmocka_unit_test(c12_nehalem_shape_has_4_general_and_3_fixed),
		cmocka_unit_test(c14_eight_counters_at_their_addresses),
		cmocka_unit_test(c18_perf_capabilities_only_with_pdcm),
		cmocka_unit_test(c18_full_width_writes_through_a_pmc),
		cmocka_unit_test(oqc6_everything_reads_0_after_reset),
		cmocka_unit_test(c17_pmc_writes_sign_extend_bit_31),
		cmocka_unit_test(c23_fixed_counter_bits_beyond_the_width),
		cmocka_unit_test(c15_counter_written_while_disabled_counts_on_from_it),
		cmocka_unit_test(c14_reserved_bits_gp_and_change_nothing),
		cmocka_unit_test(c20_any_is_reserved_before_version_3),
		cmocka_unit_test(c06_global_status_is_read_only),
		cmocka_unit_test(c07_ovf_ctrl_reads_0),
		cmocka_unit_test(c09_version_1_has_no_global_registers),
		cmocka_unit_test(c11_absent_counters_never_count),
		cmocka_unit_test(c38_other_msrs_are_passed_on),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
