/* Host tests of the Xeon E5 v2, v3 and v4 register descriptions
 * (pmu/regs/ivbep.c, pmu/regs/hswep.c, pmu/regs/xeon_fields.c) and their
 * detection (pmu/detect.c), named by the statements of
 * docs/spec/xeon-e5-v2-v4-uncore.md: every address by the digest's
 * formulas (§2, V-20), widths (V-16), field masks (V-03, V-05, V-09,
 * V-11..V-15, V-17..V-19), box counts (V-21, V-22), PCI device ids and
 * functions (V-23), event restrictions (V-24). Expected values are written
 * from the digest, never read from the tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "tests/pmu/test_choose.h"
#include "pmu/regs/regs.h"
#include "tests/pmu/test_regs.h"

static const struct reg_tmpl *tmpl_at(const char *g, uint32_t msr)
{
	struct reg_ref r;

	if (!reg_lookup(gen(g), msr, &r))
		fail_msg("%s: MSR 0x%x not in the table", g, msr);
	return r.tmpl;
}

static uint64_t defined(const char *g, uint32_t msr)
{
	return reg_defined_mask(tmpl_at(g, msr));
}

static uint64_t access_mask(const char *g, uint32_t msr, enum field_access a)
{
	return reg_access_mask(tmpl_at(g, msr), a);
}

static const struct box_type *box_named(const char *g, const char *name)
{
	unsigned b;

	for (b = 0; b < gen(g)->nboxes; b++)
		if (!strcmp(gen(g)->boxes[b]->name, name))
			return gen(g)->boxes[b];
	fail_msg("%s: no box type %s", g, name);
	return NULL;
}

/* V-01: each model to its generation, none to the E5-2600's; each runs the
 * snbep suite, which tells them apart by CPUID (suites/snbep/gen.c). */
static void v01_models_to_the_snbep_suite(void **state)
{
	static const struct {
		uint8_t model;
		const char *name;
	} rows[] = {
		{ .model = 0x3F, .name = "hswep" },
		{ .model = 0x4F, .name = "bdx" },
		{ .model = 0x56, .name = "bdx" },
	};
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		assert_ptr_equal(uncore_gen_for_model(6, rows[i].model), gen(rows[i].name));
		choose(rows[i].model, true, "auto", &pc);
		assert_ptr_equal(pc.gen, gen(rows[i].name));
		assert_string_equal(pc.gen->suite, "snbep");
	}
	assert_string_equal(uncore_gen_for_model(6, 0x2D)->name, "snbep");
	/* IVB-EP runs the snbep suite (suites/snbep/v2.c). */
	assert_ptr_equal(uncore_gen_for_model(6, 0x3E), gen("ivbep"));
	choose(0x3E, true, "auto", &pc);
	assert_ptr_equal(pc.gen, gen("ivbep"));
	assert_null(uncore_gen_for_model(15, 0x3F));
}

/* V-03, V-04, V-13, V-15, V-16, V-20: IVB-EP's U-box. */
static void v03_v20_ivbep_ubox(void **state)
{
	(void)state;
	expect_reg("ivbep", 0xC00, "ubox", 0, 0, ROLE_GLOBAL_CTL, 32);
	expect_reg("ivbep", 0xC01, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
	expect_reg("ivbep", 0xC06, "ubox", 0, 0, ROLE_GLOBAL_CTL, 32);
	expect_reg("ivbep", 0xC08, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("ivbep", 0xC09, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("ivbep", 0xC10, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("ivbep", 0xC11, "ubox", 0, 1, ROLE_CTL, 32);
	expect_reg("ivbep", 0xC15, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
	expect_reg("ivbep", 0xC16, "ubox", 0, 0, ROLE_CTR, 44);
	expect_reg("ivbep", 0xC17, "ubox", 0, 1, ROLE_CTR, 44);
	/* V-03: frz_all 31 and unfrz_all 29 write-only, pmi_core_sel 14:0 and
	 * wk_on_pmi 30 read/write, 28:15 reserved. */
	assert_int_equal(access_mask("ivbep", 0xC00, FA_WO), 0xA0000000u);
	assert_int_equal(access_mask("ivbep", 0xC00, FA_RW), 0x40007FFFu);
	assert_int_equal(defined("ivbep", 0xC00), 0xE0007FFFu);
}

/* V-18, V-20, V-16: IVB-EP's C-boxes n = 0..14 by the formula; two
 * filters; no box status (OQ-V8). */
static void v20_ivbep_cboxes_by_formula(void **state)
{
	struct reg_ref r;
	unsigned n, k;

	(void)state;
	for (n = 0; n < 15; n++) {
		expect_reg("ivbep", 0xD04 + 0x20 * n, "cbox", n, 0, ROLE_BOX_CTL, 32);
		expect_reg("ivbep", 0xD14 + 0x20 * n, "cbox", n, 0, ROLE_FILTER, 32);
		expect_reg("ivbep", 0xD1A + 0x20 * n, "cbox", n, 0, ROLE_FILTER, 32);
		assert_false(reg_lookup(gen("ivbep"), 0xD15 + 0x20 * n, &r));
		for (k = 0; k < 4; k++) {
			expect_reg("ivbep", 0xD10 + 0x20 * n + k, "cbox", n, k, ROLE_CTL, 32);
			expect_reg("ivbep", 0xD16 + 0x20 * n + k, "cbox", n, k, ROLE_CTR, 44);
		}
	}
	assert_false(reg_lookup(gen("ivbep"), 0xD04 + 0x20 * 15, &r));
}

/* V-13, V-16, V-17, V-20: IVB-EP's PCU and the residency counters. */
static void v13_ivbep_pcu(void **state)
{
	unsigned k;

	(void)state;
	expect_reg("ivbep", 0xC24, "pcu", 0, 0, ROLE_BOX_CTL, 32);
	expect_reg("ivbep", 0xC34, "pcu", 0, 0, ROLE_FILTER, 32);
	expect_reg("ivbep", 0xC35, "pcu", 0, 0, ROLE_GLOBAL_STATUS, 32);
	for (k = 0; k < 4; k++) {
		expect_reg("ivbep", 0xC30 + k, "pcu", 0, k, ROLE_CTL, 32);
		expect_reg("ivbep", 0xC36 + k, "pcu", 0, k, ROLE_CTR, 48);
	}
	expect_reg("ivbep", 0x3FC, "pcu_residency", 0, 0, ROLE_CTR, 64);
	expect_reg("ivbep", 0x3FD, "pcu_residency", 0, 0, ROLE_CTR, 64);
	assert_int_equal(defined("ivbep", 0xC34), 0xFFFFFFFFu);
	assert_int_equal(access_mask("ivbep", 0xC35, FA_W1C), 0xF);
}

/* V-05, V-13, V-15, V-16, V-19, V-20: the HSX and BDX U-box at 0x700,
 * general counters 44 bits on HSX and 48 on BDX. */
static void v05_v20_hsx_bdx_ubox(void **state)
{
	static const struct {
		const char *g;
		unsigned w;
	} gens[] = {
		{ .g = "hswep", .w = 44 },
		{ .g = "bdx", .w = 48 },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		const char *g = gens[i].g;

		expect_reg(g, 0x700, "ubox", 0, 0, ROLE_GLOBAL_CTL, 32);
		expect_reg(g, 0x701, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
		expect_reg(g, 0x702, "ubox", 0, 0, ROLE_GLOBAL_CTL, 32);
		expect_reg(g, 0x703, "ubox", 0, 0, ROLE_CTL, 32);
		expect_reg(g, 0x704, "ubox", 0, 0, ROLE_CTR, 48);
		expect_reg(g, 0x705, "ubox", 0, 0, ROLE_CTL, 32);
		expect_reg(g, 0x706, "ubox", 0, 1, ROLE_CTL, 32);
		expect_reg(g, 0x707, "ubox", 0, 0, ROLE_FILTER, 32);
		expect_reg(g, 0x708, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
		expect_reg(g, 0x709, "ubox", 0, 0, ROLE_CTR, gens[i].w);
		expect_reg(g, 0x70A, "ubox", 0, 1, ROLE_CTR, gens[i].w);
		/* V-05: frz_all 31, unfrz_all 29, write-only. */
		assert_int_equal(access_mask(g, 0x700, FA_WO), 0xA0000000u);
		/* V-19: tid 0, cid 5:1. */
		assert_int_equal(defined(g, 0x707), 0x3F);
	}
}

/* V-13, V-16, V-18, V-20, V-21: HSX's 18 and BDX's 24 C-boxes at 0xE00,
 * stride 0x10, 48-bit counters. */
static void v21_hsx_bdx_cboxes_by_formula(void **state)
{
	static const struct {
		const char *g;
		unsigned n;
	} gens[] = {
		{ .g = "hswep", .n = 18 },
		{ .g = "bdx", .n = 24 },
	};
	struct reg_ref r;
	unsigned i, n, k;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		const char *g = gens[i].g;

		for (n = 0; n < gens[i].n; n++) {
			expect_reg(g, 0xE00 + 0x10 * n, "cbox", n, 0, ROLE_BOX_CTL, 32);
			expect_reg(g, 0xE05 + 0x10 * n, "cbox", n, 0, ROLE_FILTER, 32);
			expect_reg(g, 0xE06 + 0x10 * n, "cbox", n, 0, ROLE_FILTER, 32);
			expect_reg(g, 0xE07 + 0x10 * n, "cbox", n, 0, ROLE_GLOBAL_STATUS, 32);
			for (k = 0; k < 4; k++) {
				expect_reg(g, 0xE01 + 0x10 * n + k, "cbox", n, k, ROLE_CTL, 32);
				expect_reg(g, 0xE08 + 0x10 * n + k, "cbox", n, k, ROLE_CTR, 48);
			}
		}
		assert_false(reg_lookup(gen(g), 0xE00 + 0x10 * gens[i].n, &r));
		assert_ptr_equal(gen(g)->per_core_box, box_named(g, "cbox"));
	}
	assert_ptr_equal(gen("ivbep")->per_core_box, box_named("ivbep", "cbox"));
}

/* V-10, V-13, V-16, V-20, V-22: four SBOXes at 0x720, stride 10. */
static void v22_hsx_bdx_sboxes_by_formula(void **state)
{
	static const struct {
		const char *g;
		unsigned w;
	} gens[] = {
		{ .g = "hswep", .w = 44 },
		{ .g = "bdx", .w = 48 },
	};
	unsigned i, n, k;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(gens); i++)
		for (n = 0; n < 4; n++) {
			const char *g = gens[i].g;

			expect_reg(g, 0x720 + 10 * n, "sbox", n, 0, ROLE_BOX_CTL, 32);
			expect_reg(g, 0x725 + 10 * n, "sbox", n, 0, ROLE_GLOBAL_STATUS, 32);
			for (k = 0; k < 4; k++) {
				expect_reg(g, 0x721 + 10 * n + k, "sbox", n, k, ROLE_CTL, 32);
				expect_reg(g, 0x726 + 10 * n + k, "sbox", n, k, ROLE_CTR, gens[i].w);
			}
		}
}

/* V-13, V-16, V-20: the PCU at 0x710 on HSX and BDX. */
static void v20_hsx_bdx_pcu(void **state)
{
	static const char *const gens[] = { "hswep", "bdx" };
	unsigned i, k;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		expect_reg(gens[i], 0x710, "pcu", 0, 0, ROLE_BOX_CTL, 32);
		expect_reg(gens[i], 0x715, "pcu", 0, 0, ROLE_FILTER, 32);
		expect_reg(gens[i], 0x716, "pcu", 0, 0, ROLE_GLOBAL_STATUS, 32);
		for (k = 0; k < 4; k++) {
			expect_reg(gens[i], 0x711 + k, "pcu", 0, k, ROLE_CTL, 32);
			expect_reg(gens[i], 0x717 + k, "pcu", 0, k, ROLE_CTR, 48);
		}
		expect_reg(gens[i], 0x3FC, "pcu_residency", 0, 0, ROLE_CTR, 64);
	}
}

/* V-09, V-11, V-12, V-18: the bits each control defines. */
static void v09_v12_field_masks(void **state)
{
	static const char *const all[] = { "ivbep", "hswep", "bdx" };
	unsigned i;

	(void)state;
	/* V-09: rst_ctrl 0, rst_ctrs 1 act on a 1; frz 8, frz_en 16. */
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		uint32_t cbox = strcmp(all[i], "ivbep") ? 0xE00 : 0xD04;

		assert_int_equal(access_mask(all[i], cbox, FA_W1A), 0x3);
		assert_int_equal(access_mask(all[i], cbox, FA_WO), 0x10100);
	}
	/* V-11 with ov_en 20; V-12: IVB-EP without invert 23. */
	assert_int_equal(defined("ivbep", 0xD10), 0xFF5EFFFFu);
	assert_int_equal(defined("hswep", 0xE01), 0xFFDEFFFFu);
	assert_int_equal(defined("bdx", 0xE01), 0xFFDEFFFFu);
	assert_int_equal(defined("ivbep", 0xC10), 0x1F56FFFFu);
	assert_int_equal(defined("hswep", 0x705), 0x1FD6FFFFu);
	assert_int_equal(defined("hswep", 0x721), 0xFFDEFFFFu);
	/* V-11: the PCU's ev_sel, occ_sel, rst, edge, ov_en, en, thresh, occ
	 * invert and edge; invert only on v3 and v4; ev_sel_ext on IVB-EP
	 * (§6 item 7) and on v3 and v4 (V-29). */
	assert_int_equal(defined("ivbep", 0xC30), 0xDF76C0FFu);
	assert_int_equal(defined("hswep", 0x711), 0xDFF6C0FFu);
	assert_int_equal(access_mask("hswep", 0x711, FA_W1A), 1u << 17);
	/* V-18: the C-box filters; IVB-EP's as its guide prints them (OQ-V12). */
	assert_int_equal(defined("ivbep", 0xD14), 0x7E001Fu);
	assert_int_equal(defined("ivbep", 0xD1A), 0xDFF0FFFFu);
	assert_int_equal(defined("hswep", 0xE05), 0xFE03FFu);
	assert_int_equal(defined("bdx", 0xE06), 0xFFF0FFFFu);
}

/* V-14, V-15, V-16, V-23: the PCI boxes the register tables hold, by
 * device id, device and function, and offset. */
static void v23_pci_boxes(void **state)
{
	static const struct {
		const char *g, *box;
		uint16_t id;
		unsigned idx, dev, fn;
	} want[] = {
		{ .g = "ivbep", .box = "imc", .id = 0x0EB4, .idx = 0, .dev = 16, .fn = 4 },
		{ .g = "ivbep", .box = "imc", .id = 0x0EB1, .idx = 3, .dev = 16, .fn = 1 },
		{ .g = "ivbep", .box = "imc", .id = 0x0EF4, .idx = 4, .dev = 30, .fn = 4 },
		{ .g = "ivbep", .box = "imc", .id = 0x0EF1, .idx = 7, .dev = 30, .fn = 1 },
		{ .g = "ivbep", .box = "qpi", .id = 0x0E32, .idx = 0, .dev = 8, .fn = 2 },
		{ .g = "ivbep", .box = "qpi", .id = 0x0E3A, .idx = 2, .dev = 24, .fn = 2 },
		{ .g = "hswep", .box = "ha", .id = 0x2F30, .idx = 0, .dev = 18, .fn = 1 },
		{ .g = "hswep", .box = "ha", .id = 0x2F38, .idx = 1, .dev = 18, .fn = 5 },
		{ .g = "hswep", .box = "imc", .id = 0x2FB0, .idx = 0, .dev = 20, .fn = 0 },
		{ .g = "hswep", .box = "imc", .id = 0x2FB5, .idx = 3, .dev = 21, .fn = 1 },
		{ .g = "hswep", .box = "imc", .id = 0x2FD0, .idx = 4, .dev = 23, .fn = 0 },
		{ .g = "hswep", .box = "imc", .id = 0x2FD5, .idx = 7, .dev = 24, .fn = 1 },
		{ .g = "hswep", .box = "qpi", .id = 0x2F3A, .idx = 2, .dev = 10, .fn = 2 },
		{ .g = "bdx", .box = "ha", .id = 0x6F38, .idx = 1, .dev = 18, .fn = 5 },
		{ .g = "bdx", .box = "imc", .id = 0x6FD4, .idx = 6, .dev = 24, .fn = 0 },
		{ .g = "bdx", .box = "qpi", .id = 0x6F33, .idx = 1, .dev = 9, .fn = 2 },
	};
	struct reg_ref r;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct box_type *b = box_named(want[i].g, want[i].box);

		assert_int_equal(b->scope, SCOPE_PCI);
		assert_int_equal(box_pci_id(b, want[i].idx), want[i].id);
		assert_int_equal(box_pci_devfn(b, want[i].idx), want[i].dev << 3 | want[i].fn);
		assert_true(reg_lookup_pci(gen(want[i].g), want[i].dev, want[i].fn, 0xF8, &r));
		assert_int_equal(r.tmpl->role, ROLE_GLOBAL_STATUS);
		assert_int_equal(reg_access_mask(r.tmpl, FA_W1C), 0x7F);
		assert_true(reg_lookup_pci(gen(want[i].g), want[i].dev, want[i].fn, 0xB8, &r));
		assert_int_equal(r.tmpl->width, 48);
		assert_int_equal(r.idx, 3);
	}
	assert_int_equal(box_named("ivbep", "imc")->nboxes, 8);
	assert_int_equal(box_named("hswep", "qpi")->nboxes, 3);
	/* V-15: the iMC fixed counter's control, rst 19 and en 22. */
	assert_true(reg_lookup_pci(gen("bdx"), 20, 0, 0xF0, &r));
	assert_int_equal(reg_access_mask(r.tmpl, FA_W1A), 1u << 19);
	assert_true(reg_defined_mask(r.tmpl) & (1u << 22));
	/* V-12: IVB-EP's PCI controls without invert, HSX's with it. */
	assert_true(reg_lookup_pci(gen("ivbep"), 16, 4, 0xD8, &r));
	assert_false(reg_defined_mask(r.tmpl) & (1u << 23));
	assert_true(reg_lookup_pci(gen("hswep"), 20, 0, 0xD8, &r));
	assert_true(reg_defined_mask(r.tmpl) & (1u << 23));
	assert_false(reg_lookup(gen("hswep"), 0xF4, &r)); /* an offset is never an MSR */
}

/* V-24: the counters each restricted event may use. */
static void v24_event_rules(void **state)
{
	const struct box_type *ivb = box_named("ivbep", "cbox");
	const struct box_type *hsx = box_named("hswep", "cbox");
	const struct box_type *bdx = box_named("bdx", "cbox");
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		/* TOR_OCCUPANCY (0x36) on counter 0 only, on all three. */
		assert_int_equal(event_allowed(ivb, k, 0x36, 0x01), k == 0);
		assert_int_equal(event_allowed(hsx, k, 0x36, 0x01), k == 0);
		assert_int_equal(event_allowed(bdx, k, 0x36, 0x01), k == 0);
		assert_int_equal(event_allowed(ivb, k, 0x1F, 0x00), k != 0);
		assert_int_equal(event_allowed(ivb, k, 0x1B, 0x00), k >= 2);
		assert_int_equal(event_allowed(hsx, k, 0x09, 0x00), k == 0);
		assert_int_equal(event_allowed(bdx, k, 0x09, 0x00), k < 2);
		assert_true(event_allowed(hsx, k, 0x00, 0x00)); /* clockticks: any */
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v01_models_to_the_snbep_suite),
		cmocka_unit_test(v03_v20_ivbep_ubox),
		cmocka_unit_test(v20_ivbep_cboxes_by_formula),
		cmocka_unit_test(v13_ivbep_pcu),
		cmocka_unit_test(v05_v20_hsx_bdx_ubox),
		cmocka_unit_test(v21_hsx_bdx_cboxes_by_formula),
		cmocka_unit_test(v22_hsx_bdx_sboxes_by_formula),
		cmocka_unit_test(v20_hsx_bdx_pcu),
		cmocka_unit_test(v09_v12_field_masks),
		cmocka_unit_test(v23_pci_boxes),
		cmocka_unit_test(v24_event_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
