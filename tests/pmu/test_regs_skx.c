/* Host tests of the Xeon Scalable first and second generation register
 * description (pmu/regs/skx.c) and its detection by model and stepping
 * (pmu/detect.c, pmu/regs/regs.c), named by the statements of
 * docs/spec/xeon-sp-uncore.md: every address by the digest's formulas
 * (§2, K-11, K-16, K-17), widths (K-10), field masks (K-03, K-06, K-07,
 * K-12), event restrictions (K-15). Expected values are written from the
 * digest, never read from the tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "harness/config.h"
#include "pmu/regs/regs.h"
#include "tests/pmu/test_regs.h"

static void choose_stepping(uint32_t stepping, struct pmu_choice *out)
{
	struct pmu_cpu cpu = { .vendor = "GenuineIntel", .family = 6, .model = 0x55,
			       .stepping = stepping, .hypervisor = true };
	struct cfg c;
	struct pmu_opts opts;

	cfg_defaults(&c);
	opts = cfg_pmu_opts(&c);
	pmu_choose(&cpu, &opts, out);
}

/* K-01, K-40: model 0x55 is skx below stepping 5, clx from 5 on, cpx
 * from 10 (Cooper Lake's A0 10 and A1 11); each names itself when
 * detection refuses it. */
static void k01_model_0x55_by_stepping(void **state)
{
	static const struct {
		uint8_t stepping;
		const char *name;
	} rows[] = { { 0, "skx" }, { 4, "skx" }, { 5, "clx" }, { 6, "clx" }, { 7, "clx" },
		     { 9, "clx" }, { 10, "cpx" }, { 11, "cpx" }, { 15, "cpx" } };
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		assert_ptr_equal(uncore_gen_for_cpu(6, 0x55, rows[i].stepping), gen(rows[i].name));
		choose_stepping(rows[i].stepping, &pc);
		if (pc.gen)
			assert_ptr_equal(pc.gen, gen(rows[i].name));
		else
			assert_non_null(strstr(pc.why, rows[i].name));
	}
	/* A model one row names is unchanged by the stepping. */
	assert_ptr_equal(uncore_gen_for_cpu(6, 0x3E, 9), gen("ivbep"));
	assert_null(uncore_gen_for_cpu(6, 0x54, 4));
	assert_null(uncore_gen_for_cpu(15, 0x55, 4));
}

/* K-03, K-08, K-10, OQ-K1, OQ-K3: the U-box from 0x700; freeze bits at 63
 * and 61, write-only, and nothing at IVB-EP's 31 and 29. */
static void k03_ubox_global_ctl_63_61(void **state)
{
	const struct reg_tmpl *t;

	(void)state;
	t = expect_reg("skx", 0x700, "ubox", 0, 0, ROLE_GLOBAL_CTL, 64);
	assert_true(reg_defined_mask(t) == (1ull << 63 | 1ull << 61));
	assert_true(reg_access_mask(t, FA_WO) == (1ull << 63 | 1ull << 61));
	expect_reg("skx", 0x701, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
	expect_reg("skx", 0x702, "ubox", 0, 0, ROLE_GLOBAL_CTL, 32);
	expect_reg("skx", 0x703, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("skx", 0x704, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("skx", 0x705, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("skx", 0x706, "ubox", 0, 1, ROLE_CTL, 32);
	t = expect_reg("skx", 0x708, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
	assert_true(reg_access_mask(t, FA_W1C) == 0x3);
	expect_reg("skx", 0x709, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("skx", 0x70A, "ubox", 0, 1, ROLE_CTR, 48);
	expect_absent("skx", 0x707); /* no U-box filter */
	expect_absent("skx", 0xC00);
}

/* K-06, K-07, K-08, K-11: CHA n at 0xE00 + 0x10n, 28 register sets; its
 * controls with tid_en and invert, a 4-bit status. */
static void k11_cha_by_formula(void **state)
{
	unsigned n, k;
	const struct reg_tmpl *t;

	(void)state;
	for (n = 0; n < 28; n++) {
		uint32_t b = 0xE00 + 0x10 * n;

		t = expect_reg("clx", b, "cha", n, 0, ROLE_BOX_CTL, 32);
		assert_true(reg_defined_mask(t) == (0x3 | 1ull << 8 | 1ull << 16));
		for (k = 0; k < 4; k++) {
			t = expect_reg("skx", b + 1 + k, "cha", n, k, ROLE_CTL, 32);
			/* ev_sel, umask, rst, edge, tid_en, ov_en, en, invert, thresh */
			assert_true(reg_defined_mask(t) == 0xFFDEFFFFull);
			expect_reg("skx", b + 8 + k, "cha", n, k, ROLE_CTR, 48);
		}
		expect_reg("skx", b + 5, "cha", n, 0, ROLE_FILTER, 32);
		expect_reg("skx", b + 6, "cha", n, 0, ROLE_FILTER, 32);
		t = expect_reg("skx", b + 7, "cha", n, 0, ROLE_GLOBAL_STATUS, 32);
		assert_true(reg_access_mask(t, FA_W1C) == 0xF);
	}
	expect_absent("skx", 0xE00 + 0x10 * 28);
}

/* K-12: the filters' fields. */
static void k12_cha_filters(void **state)
{
	struct reg_ref r;

	(void)state;
	assert_true(reg_lookup(gen("skx"), 0xE05, &r));
	assert_true(reg_defined_mask(r.tmpl) == (0x1FFull | 0xFull << 9 | 0x3FFull << 17));
	assert_true(field_mask(reg_field(r.tmpl, "tid")) == 0x1FF);
	assert_true(reg_lookup(gen("skx"), 0xE06, &r));
	assert_true(reg_defined_mask(r.tmpl) ==
		    (0x3ull | 0x38ull | 0x3FFull << 9 | 0x3FFull << 19 | 0x7ull << 29));
}

/* K-07, K-16, K-17, OQ-K2: IIO n at 0xA40 + 0x20n with its 64-bit
 * control, IRP n at 0xA58 + 0x20n with two counters, the free-running
 * counters read only and 36 bits. */
static void k16_iio_irp_by_formula(void **state)
{
	unsigned n, k;
	const struct reg_tmpl *t;

	(void)state;
	for (n = 0; n < 6; n++) {
		uint32_t i = 0xA40 + 0x20 * n, p = 0xA58 + 0x20 * n, f = 0xB00 + 0x10 * n;

		expect_reg("skx", i, "iio", n, 0, ROLE_BOX_CTL, 32);
		for (k = 0; k < 4; k++) {
			expect_reg("skx", i + 1 + k, "iio", n, k, ROLE_CTR, 48);
			t = expect_reg("skx", i + 8 + k, "iio", n, k, ROLE_CTL, 64);
			/* ev_sel, umask, rst, edge, ov_en, en, invert, thresh
			 * 35:24, ch_mask, fc_mask */
			assert_true(reg_defined_mask(t) == 0x7FFFFFD6FFFFull);
		}
		t = expect_reg("skx", i + 5, "iio", n, 0, ROLE_CTR, 36);
		assert_int_equal(t->access, RA_RO);
		expect_reg("skx", i + 7, "iio", n, 0, ROLE_GLOBAL_STATUS, 32);
		expect_reg("skx", p, "irp", n, 0, ROLE_BOX_CTL, 32);
		for (k = 0; k < 2; k++) {
			expect_reg("skx", p + 1 + k, "irp", n, k, ROLE_CTR, 48);
			t = expect_reg("skx", p + 3 + k, "irp", n, k, ROLE_CTL, 32);
			assert_true(reg_defined_mask(t) == 0xFFD6FFFFull); /* no tid_en */
		}
		expect_reg("skx", p + 7, "irp", n, 0, ROLE_GLOBAL_STATUS, 32);
		for (k = 0; k < 8; k++) {
			expect_reg("skx", f + k, "iio_free", n, k, ROLE_CTR, 36);
			expect_reg("skx", f + 8 + k, "iio_free", n, k, ROLE_CTR, 36);
		}
	}
	expect_absent("skx", 0xB60);
}

/* K-08, K-10, K-18, OQ-K7: the PCU from 0x710, no umask, a 5-bit
 * threshold; the residency counters. */
static void k18_pcu(void **state)
{
	unsigned k;
	const struct reg_tmpl *t;

	(void)state;
	expect_reg("skx", 0x710, "pcu", 0, 0, ROLE_BOX_CTL, 32);
	for (k = 0; k < 4; k++) {
		t = expect_reg("skx", 0x711 + k, "pcu", 0, k, ROLE_CTL, 32);
		assert_int_equal(reg_defined_mask(t) & 0x3F00, 0);
		assert_true((reg_defined_mask(t) & 0x1F000000) == 0x1F000000);
		expect_reg("skx", 0x717 + k, "pcu", 0, k, ROLE_CTR, 48);
	}
	expect_reg("skx", 0x715, "pcu", 0, 0, ROLE_FILTER, 32);
	expect_reg("skx", 0x716, "pcu", 0, 0, ROLE_GLOBAL_STATUS, 32);
	expect_reg("skx", 0x3FC, "pcu_residency", 0, 0, ROLE_CTR, 64);
	expect_reg("skx", 0x3FD, "pcu_residency", 0, 0, ROLE_CTR, 64);
}

/* K-44: the PCU's counter control has ev_sel_ext at bit 21 beside ev_sel
 * 7:0, occ_sel 15:14, edge_det 18, ov_en 20, en 22, invert 23, thresh
 * 28:24, occ_invert 30 and occ_edge_det 31 (K-07); the cpx row reads the
 * same table (K-40). */
static void k44_pcu_ev_sel_ext(void **state)
{
	static const char *const gens[] = { "skx", "clx", "cpx" };
	const uint64_t want = 0xFFull | 0x3ull << 14 | 1ull << 17 | 1ull << 18 | 1ull << 20 |
			      1ull << 21 | 1ull << 22 | 1ull << 23 | 0x1Full << 24 | 1ull << 30 |
			      1ull << 31;
	const struct reg_tmpl *t;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		t = expect_reg(gens[i], 0x712, "pcu", 0, 1, ROLE_CTL, 32);
		assert_true(reg_defined_mask(t) == want);
		assert_non_null(reg_field(t, "ev_sel_ext"));
		assert_int_equal(reg_field(t, "ev_sel_ext")->lo, 21);
	}
}

/* K-15: the CHA's and the IIO's counter restrictions. */
static void k15_restrictions(void **state)
{
	struct reg_ref r;
	const struct box_type *cha, *iio;

	(void)state;
	assert_true(reg_lookup(gen("skx"), 0xE01, &r));
	cha = r.box;
	assert_true(reg_lookup(gen("skx"), 0xA48, &r));
	iio = r.box;
	assert_true(event_allowed(cha, 0, 0x11, 0) && !event_allowed(cha, 1, 0x11, 0));
	assert_true(event_allowed(cha, 0, 0x36, 0) && !event_allowed(cha, 3, 0x36, 0));
	assert_true(event_allowed(cha, 3, 0x34, 0));
	assert_true(event_allowed(iio, 1, 0x83, 0) && !event_allowed(iio, 2, 0x83, 0));
	assert_true(event_allowed(iio, 2, 0xD5, 0) && !event_allowed(iio, 0, 0xD5, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(k01_model_0x55_by_stepping),
		cmocka_unit_test(k03_ubox_global_ctl_63_61),
		cmocka_unit_test(k11_cha_by_formula),
		cmocka_unit_test(k12_cha_filters),
		cmocka_unit_test(k16_iio_irp_by_formula),
		cmocka_unit_test(k18_pcu),
		cmocka_unit_test(k15_restrictions),
		cmocka_unit_test(k44_pcu_ev_sel_ext),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
