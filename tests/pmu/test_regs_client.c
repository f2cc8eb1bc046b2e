/* Host tests of the client uncore's register descriptions (pmu/regs/client.c,
 * generations snb = layout A, skl = layout B, icl and tgl = layout C, adl =
 * layout D) and their detection
 * (pmu/detect.c): every address against the digest's tables (§2, L-07..L-14),
 * widths (L-32, L-33, OQ-L16), field masks (§3), box counts (L-04, L-05,
 * OQ-L6), the registers neither layout has (L-10, OQ-L5, OQ-L8), and
 * detection by model for every model of L-01 and none other. Expected
 * values are this file's own constants from the digest, never read back
 * from the tables under test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "pmu/regs/regs.h"
#include "tests/pmu/test_regs.h"
#include "tests/pmu/test_choose.h"

/* L-01 */
static const uint8_t models_a[] = { 0x2A, 0x3A, 0x3C, 0x45, 0x46, 0x3D, 0x47 };
static const uint8_t models_b[] = { 0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6 };
/* §1.1 "not this uncore", OQ-L1 (0x66), and neighbours. */
static const uint8_t not_client[] = { 0x2D, 0x3E, 0x3F, 0x4F, 0x56, 0x55, 0x66, 0x6A, 0x6C,
				      0x17, 0x1C, 0x37, 0x4C, 0x5C, 0xAA, 0xAC };
/* L-64: layout C with the ARB erratum (L-70), layout C, layout D. */
static const uint8_t models_icl[] = { 0x7D, 0x7E };
static const uint8_t models_tgl[] = { 0x8C, 0x8D, 0xA7 };
static const uint8_t models_d[] = { 0x97, 0x9A, 0xBE, 0xB7, 0xBA, 0xBF };

static void absent(const char *g, uint32_t msr)
{
	struct reg_ref r;

	if (reg_lookup(gen(g), msr, &r))
		fail_msg("%s: MSR 0x%x is in the table", g, msr);
}

static const struct reg_tmpl *tmpl(const char *g, uint32_t msr)
{
	struct reg_ref r;

	assert_true(reg_lookup(gen(g), msr, &r));
	return r.tmpl;
}

static uint64_t defined(const char *g, uint32_t msr)
{
	return reg_defined_mask(tmpl(g, msr));
}

static void l01_every_listed_model_and_no_other(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(models_a); i++)
		assert_ptr_equal(uncore_gen_for_model(6, models_a[i]), gen("snb"));
	for (i = 0; i < ARRAY_SIZE(models_b); i++)
		assert_ptr_equal(uncore_gen_for_model(6, models_b[i]), gen("skl"));
	for (i = 0; i < ARRAY_SIZE(not_client); i++) {
		const struct uncore_gen *g = uncore_gen_for_model(6, not_client[i]);

		assert_true(!g || !g->suite || strcmp(g->suite, "client"));
	}
	for (i = 0; i < ARRAY_SIZE(models_icl); i++)
		assert_ptr_equal(uncore_gen_for_model(6, models_icl[i]), gen("icl"));
	for (i = 0; i < ARRAY_SIZE(models_tgl); i++)
		assert_ptr_equal(uncore_gen_for_model(6, models_tgl[i]), gen("tgl"));
	for (i = 0; i < ARRAY_SIZE(models_d); i++)
		assert_ptr_equal(uncore_gen_for_model(6, models_d[i]), gen("adl"));
	assert_null(uncore_gen_for_model(15, 0x2A));
	assert_null(uncore_gen_for_model(6, 0x66)); /* OQ-L1: Cannon Lake unsupported */
}

/* Each listed model chooses its layout's generation, whose suite is
 * client.* (suites/client), on either backend; uncore= forces it on the
 * emulated one. */
static void l01_chosen_with_its_suite(void **state)
{
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(models_a) + ARRAY_SIZE(models_b); i++) {
		bool a = i < ARRAY_SIZE(models_a);
		uint8_t m = a ? models_a[i] : models_b[i - ARRAY_SIZE(models_a)];

		choose(m, i & 1, "auto", &pc);
		assert_non_null(pc.gen);
		assert_string_equal(pc.gen->name, a ? "snb" : "skl");
		assert_string_equal(pc.gen->suite, "client");
	}
	/* forcing layout A on a version-4 core: refused, its 0x391/0x392 are the
	 * core PMU's there (C-50); layout B on a layout-A CPU is allowed */
	choose(0x5E, true, "snb", &pc);
	assert_null(pc.gen);
	assert_non_null(strstr(pc.why, "refused"));
	choose(0x2A, true, "skl", &pc);
	assert_non_null(pc.gen);
	assert_string_equal(pc.gen->name, "skl");
}

/* L-07, L-08, L-15; L-33: the fixed counter 48 bits on A, 44 on B
 * (OQ-L16). */
static void l07_l09_global_registers(void **state)
{
	(void)state;
	expect_reg("snb", 0x391, "global", 0, 0, ROLE_GLOBAL_CTL, 64);
	expect_reg("snb", 0x392, "global", 0, 0, ROLE_GLOBAL_STATUS, 64);
	expect_reg("snb", 0x394, "global", 0, 0, ROLE_CTL, 64);
	expect_reg("snb", 0x395, "global", 0, 0, ROLE_CTR, 48);
	expect_reg("snb", 0x396, "global", 0, 0, ROLE_INFO, 64);
	expect_reg("skl", 0xE01, "global", 0, 0, ROLE_GLOBAL_CTL, 64);
	expect_reg("skl", 0xE02, "global", 0, 0, ROLE_GLOBAL_STATUS, 64);
	expect_reg("skl", 0x394, "global", 0, 0, ROLE_CTL, 64);
	expect_reg("skl", 0x395, "global", 0, 0, ROLE_CTR, 44);
	expect_reg("skl", 0x396, "global", 0, 0, ROLE_INFO, 64);
	assert_int_equal(tmpl("snb", 0x396)->access, RA_RO);
	assert_int_equal(tmpl("skl", 0x396)->access, RA_RO);
}

/* L-08: the control at 0x394 pairs with the counter at 0x395, never the
 * other way round (Nehalem's order). */
static void l08_fixed_control_and_counter_swapped(void **state)
{
	(void)state;
	assert_int_equal(tmpl("snb", 0x394)->pair, 0x395);
	assert_int_equal(tmpl("skl", 0x394)->pair, 0x395);
	assert_int_equal(tmpl("snb", 0x395)->role, ROLE_CTR);
}

/* L-10, OQ-L8: no 0x390 or 0x393 uncore register, no 0xE01/0xE02 on A, no
 * 0x391/0x392 on B (0x390 is the core side's, C-07). */
static void l10_no_cross_layout_registers(void **state)
{
	struct reg_ref r;

	(void)state;
	absent("snb", 0xE01);
	absent("snb", 0xE02);
	absent("snb", 0x393);
	absent("skl", 0x391);
	absent("skl", 0x392);
	absent("skl", 0x393);
	assert_true(reg_lookup(gen("skl"), 0x390, &r));
	assert_int_equal(r.tmpl->role, ROLE_GLOBAL_OVF);
	assert_string_equal(r.box->name, "core");
}

/* L-11, L-12: boxes at the stride 0x10; L-04: four on A, L-05: eight on B,
 * two 44-bit counters each (OQ-L4, OQ-L5). */
static void l11_l12_cboxes_by_formula(void **state)
{
	unsigned n, k;

	(void)state;
	for (n = 0; n < 7; n++)
		for (k = 0; k < 2; k++) {
			if (n < 4) {
				expect_reg("snb", 0x700 + 0x10 * n + k, "cbox", n, k, ROLE_CTL, 64);
				expect_reg("snb", 0x706 + 0x10 * n + k, "cbox", n, k, ROLE_CTR, 44);
			}
			expect_reg("skl", 0x700 + 0x10 * n + k, "cbox", n, k, ROLE_CTL, 64);
			expect_reg("skl", 0x706 + 0x10 * n + k, "cbox", n, k, ROLE_CTR, 44);
		}
	for (n = 0; n < 4; n++) {
		absent("snb", 0x702 + 0x10 * n); /* OQ-L5: no third select */
		absent("snb", 0x705 + 0x10 * n); /* OQ-L5: no UNIT_STATUS */
		absent("snb", 0x708 + 0x10 * n);
		absent("skl", 0x702 + 0x10 * n); /* OQ-L4 */
		absent("skl", 0x709 + 0x10 * n);
	}
	absent("snb", 0x740);
	absent("snb", 0x746);
}

/* L-13, OQ-L6: box 7 at 0xF70/0xF76, nothing at 0x770; only 0x9E has it. */
static void l13_eighth_cbox_breaks_the_stride(void **state)
{
	unsigned k, i;

	(void)state;
	for (k = 0; k < 2; k++) {
		expect_reg("skl", 0xF70 + k, "cbox", 7, k, ROLE_CTL, 64);
		expect_reg("skl", 0xF76 + k, "cbox", 7, k, ROLE_CTR, 44);
		absent("skl", 0x770 + k);
		absent("skl", 0x776 + k);
	}
	absent("snb", 0xF70);
	for (i = 0; i < ARRAY_SIZE(models_b); i++) {
		const struct box_type *cb = gen("skl")->per_core_box;

		assert_non_null(cb);
		assert_int_equal(box_count(cb, models_b[i]), models_b[i] == 0x9E ? 8 : 7);
	}
	assert_int_equal(box_count(gen("snb")->per_core_box, 0x2A), 4);
}

/* L-14: counters 0x3B0/0x3B1 below selects 0x3B2/0x3B3, on both layouts. */
static void l14_arb_box(void **state)
{
	static const char *const g[] = { "snb", "skl" };
	unsigned i, k;

	(void)state;
	for (i = 0; i < 2; i++)
		for (k = 0; k < 2; k++) {
			expect_reg(g[i], 0x3B0 + k, "arb", 0, k, ROLE_CTR, 44);
			expect_reg(g[i], 0x3B2 + k, "arb", 0, k, ROLE_CTL, 64);
			assert_int_equal(tmpl(g[i], 0x3B2)->pair, 0x3B0);
		}
}

/* §3: GLOBAL_CTRL 31:29 and 4:0 (bit 4 stored on A, OQ-L7); STATUS bits
 * 0, 1, 3 read/write (OQ-L8); FIXED_CTRL 20, 22; event selects 28:22, 20,
 * 18, 15:0 (L-25, L-26, OQ-L19); CBO_CONFIG 3:0 read-only. */
static void l25_l26_field_masks(void **state)
{
	static const char *const g[] = { "snb", "skl" };
	static const uint32_t gctl[] = { 0x391, 0xE01 };
	unsigned i;

	(void)state;
	for (i = 0; i < 2; i++) {
		assert_int_equal(defined(g[i], gctl[i]), 0xE000001Full);
		assert_int_equal(defined(g[i], gctl[i] + 1), 0xBull);
		assert_int_equal(reg_access_mask(tmpl(g[i], gctl[i] + 1), FA_RW), 0xBull);
		assert_int_equal(defined(g[i], 0x394), 0x500000ull);
		assert_int_equal(defined(g[i], 0x3B2), 0x1FD4FFFFull);
		assert_int_equal(defined(g[i], 0x701), 0x1FD4FFFFull);
		assert_int_equal(reg_access_mask(tmpl(g[i], 0x396), FA_RO), 0xFull);
		assert_int_equal(defined(g[i], 0x396), 0xFull);
	}
	assert_int_equal(field_mask(reg_field(tmpl("snb", 0x391), "PMI_SEL_CORE")), 0xF);
	assert_int_equal(field_mask(reg_field(tmpl("skl", 0xE01), "PMI_SEL_CORE")), 0x1F);
	assert_int_equal(defined("snb", 0x395), (1ull << 48) - 1);
	assert_int_equal(defined("skl", 0x395), (1ull << 44) - 1);
	assert_int_equal(defined("skl", 0xF77), (1ull << 44) - 1);
}

/* L-64, L-79: layouts C and D chosen with the client suite, also on a
 * version-4 core (no register at 0x391/0x392), and forced by uncore=. */
static void l64_l79_layouts_c_d_chosen(void **state)
{
	static const struct { uint8_t model; const char *gen; } m[] = {
		{ .model = 0x7E, .gen = "icl" },
		{ .model = 0x8C, .gen = "tgl" },
		{ .model = 0xA7, .gen = "tgl" },
		{ .model = 0x97, .gen = "adl" },
		{ .model = 0xBF, .gen = "adl" },
	};
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(m); i++) {
		choose(m[i].model, i & 1, "auto", &pc);
		assert_non_null(pc.gen);
		assert_string_equal(pc.gen->name, m[i].gen);
		assert_string_equal(pc.gen->suite, "client");
		assert_null(strstr(pc.ruled_out, "client"));
	}
	choose(0x5E, true, "adl", &pc); /* a version-4 core: D has nothing at 0x391 */
	assert_non_null(pc.gen);
	assert_string_equal(pc.gen->name, "adl");
}

/* L-65, L-66, L-67: layout C keeps B's global registers (the fixed counter
 * 48 bits, L-78), C-box n at 0x700 + 8n (selects) and 0x702 + 8n
 * (counters), box 7 on the stride; nothing of the old stride's counters. */
static void l65_l67_layout_c(void **state)
{
	static const char *const g[] = { "icl", "tgl" };
	unsigned i, n;

	(void)state;
	for (i = 0; i < 2; i++) {
		expect_reg(g[i], 0xE01, "global", 0, 0, ROLE_GLOBAL_CTL, 64);
		expect_reg(g[i], 0xE02, "global", 0, 0, ROLE_GLOBAL_STATUS, 64);
		expect_reg(g[i], 0x394, "global", 0, 0, ROLE_CTL, 64);
		expect_reg(g[i], 0x395, "global", 0, 0, ROLE_CTR, 48);
		expect_reg(g[i], 0x396, "global", 0, 0, ROLE_INFO, 64);
		for (n = 0; n < 8; n++) {
			expect_reg(g[i], 0x700 + 8 * n, "cbox", n, 0, ROLE_CTL, 64);
			expect_reg(g[i], 0x701 + 8 * n, "cbox", n, 1, ROLE_CTL, 64);
			expect_reg(g[i], 0x702 + 8 * n, "cbox", n, 0, ROLE_CTR, 44);
			expect_reg(g[i], 0x703 + 8 * n, "cbox", n, 1, ROLE_CTR, 44);
			absent(g[i], 0x704 + 8 * n);
			absent(g[i], 0x707 + 8 * n);
		}
		absent(g[i], 0xF70);
		absent(g[i], 0xF76);
		absent(g[i], 0x391);
	}
}

/* L-69, L-70: Tiger/Rocket Lake's two ARB counters; Ice Lake's one,
 * counter 1, and nothing at counter 0's 0x3B0/0x3B2. */
static void l69_l70_arb_of_c(void **state)
{
	(void)state;
	expect_reg("tgl", 0x3B0, "arb", 0, 0, ROLE_CTR, 44);
	expect_reg("tgl", 0x3B3, "arb", 0, 1, ROLE_CTL, 64);
	expect_reg("icl", 0x3B1, "arb", 0, 0, ROLE_CTR, 44);
	expect_reg("icl", 0x3B3, "arb", 0, 0, ROLE_CTL, 64);
	absent("icl", 0x3B0);
	absent("icl", 0x3B2);
}

/* L-73, L-74, L-76, L-77; OQ-L27: layout D's addresses, and none of the
 * old ones but CBO_CONFIG. */
static void l73_l77_layout_d(void **state)
{
	static const uint32_t old[] = { 0x391, 0x392, 0x394, 0x395, 0x3B0, 0x3B3, 0x700, 0x706,
					0xE01, 0xE02 };
	unsigned i, b, k;

	(void)state;
	expect_reg("adl", 0x2FF0, "global", 0, 0, ROLE_GLOBAL_CTL, 64);
	expect_reg("adl", 0x2FF1, "global", 0, 0, ROLE_GLOBAL_STATUS, 64);
	expect_reg("adl", 0x2FDE, "global", 0, 0, ROLE_CTL, 64);
	expect_reg("adl", 0x2FDF, "global", 0, 0, ROLE_CTR, 48);
	expect_reg("adl", 0x396, "global", 0, 0, ROLE_INFO, 64);
	for (b = 0; b < 2; b++)
		for (k = 0; k < 2; k++) {
			expect_reg("adl", 0x2FD0 + 8 * b + k, "arb", b, k, ROLE_CTL, 64);
			expect_reg("adl", 0x2FD2 + 8 * b + k, "arb", b, k, ROLE_CTR, 44);
		}
	expect_reg("adl", 0x2000, "cbox", 0, 0, ROLE_CTL, 64);
	expect_reg("adl", 0x2003, "cbox", 0, 1, ROLE_CTR, 44);
	expect_reg("adl", 0x2038, "cbox", 7, 0, ROLE_CTL, 64);
	expect_reg("adl", 0x203A, "cbox", 7, 0, ROLE_CTR, 44);
	absent("adl", 0x2004);
	for (i = 0; i < ARRAY_SIZE(old); i++)
		absent("adl", old[i]);
}

/* L-75: D's C-box threshold 29:24, its ARB's 28:24; C's as A's; OQ-L26:
 * B's global control fields on C and D. */
static void l75_threshold_fields(void **state)
{
	(void)state;
	assert_int_equal(defined("adl", 0x2000), 0x3FD4FFFFull);
	assert_int_equal(defined("adl", 0x2FD0), 0x1FD4FFFFull);
	assert_int_equal(defined("tgl", 0x700), 0x1FD4FFFFull);
	assert_int_equal(defined("icl", 0x3B3), 0x1FD4FFFFull);
	assert_int_equal(defined("adl", 0x2FF0), 0xE000001Full);
	assert_int_equal(defined("tgl", 0xE01), 0xE000001Full);
	assert_int_equal(defined("adl", 0x2FF1), 0xBull);
}

/* L-03: every register is the package's. */
static void l03_package_scope(void **state)
{
	static const char *const g[] = { "snb", "skl" };
	unsigned i, b;

	(void)state;
	for (i = 0; i < 2; i++)
		for (b = 0; b < gen(g[i])->nboxes; b++)
			if (strcmp(gen(g[i])->boxes[b]->name, "core"))
				assert_int_equal(gen(g[i])->boxes[b]->scope, SCOPE_PACKAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l01_every_listed_model_and_no_other),
		cmocka_unit_test(l01_chosen_with_its_suite),
		cmocka_unit_test(l07_l09_global_registers),
		cmocka_unit_test(l08_fixed_control_and_counter_swapped),
		cmocka_unit_test(l10_no_cross_layout_registers),
		cmocka_unit_test(l11_l12_cboxes_by_formula),
		cmocka_unit_test(l13_eighth_cbox_breaks_the_stride),
		cmocka_unit_test(l14_arb_box),
		cmocka_unit_test(l25_l26_field_masks),
		cmocka_unit_test(l03_package_scope),
		cmocka_unit_test(l64_l79_layouts_c_d_chosen),
		cmocka_unit_test(l65_l67_layout_c),
		cmocka_unit_test(l69_l70_arb_of_c),
		cmocka_unit_test(l73_l77_layout_d),
		cmocka_unit_test(l75_threshold_fields),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
