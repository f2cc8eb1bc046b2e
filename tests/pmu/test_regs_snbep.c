/* Host tests of the Sandy Bridge-EP register description (pmu/regs/snbep.c)
 * and its detection (pmu/detect.c): every address against the spec's
 * tables and formulas (§2, §4), widths (S-36..S-38, S-46), field masks
 * (§3), the registers that must not be there (S-03), the PCI boxes kept
 * out of MSR look-ups, and model 0x2D recognised (S-01) while 0x2A is the
 * client uncore (snb), not this one. Expected values are written from the spec,
 * not read from the table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "tests/pmu/test_choose.h"
#include "pmu/regs/regs.h"
#include "tests/pmu/test_regs.h"

static void s01_model_0x2d_only(void **state)
{
	(void)state;
	assert_ptr_equal(uncore_gen_for_model(6, 0x2D), gen("snbep"));
	assert_string_equal(uncore_gen_for_model(6, 0x2A)->name, "snb"); /* client (L-01) */
	assert_string_equal(uncore_gen_for_model(6, 0x3E)->name, "ivbep"); /* another register set */
	assert_null(uncore_gen_for_model(15, 0x2D));
	assert_string_equal(uncore_gen_for_model(6, 0x1A)->name, "nhm");
}

/* Model 0x2D has its suite (suites/snbep): chosen on either backend, and
 * forced on the emulated one; client Sandy Bridge (0x2A) is no supported
 * uncore (snb has no suite yet), and the reason names its model, not snbep. */
static void s01_choice_snbep_has_its_suite(void **state)
{
	struct pmu_choice pc;

	(void)state;
	choose(0x2D, false, "auto", &pc);
	assert_ptr_equal(pc.gen, gen("snbep"));
	assert_false(pc.emulated);
	choose(0x2D, true, "auto", &pc);
	assert_ptr_equal(pc.gen, gen("snbep"));
	assert_true(pc.emulated);
	choose(0x2A, true, "auto", &pc);
	assert_string_equal(pc.gen->name, "snb"); /* the client uncore, not snbep (S-01) */
	choose(0x2A, true, "snbep", &pc); /* forced on the emulated backend */
	assert_ptr_equal(pc.gen, gen("snbep"));
	assert_non_null(strstr(pc.why, "uncore=snbep forces"));
	choose(0x2A, true, "nhm", &pc);
	assert_string_equal(pc.gen->name, "nhm");
}

/* §2.1 and S-38 (OQ-S07), S-36. */
static void s36_s38_ubox(void **state)
{
	(void)state;
	expect_reg("snbep", 0xC08, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("snbep", 0xC09, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("snbep", 0xC10, "ubox", 0, 0, ROLE_CTL, 32);
	expect_reg("snbep", 0xC11, "ubox", 0, 1, ROLE_CTL, 32);
	expect_reg("snbep", 0xC16, "ubox", 0, 0, ROLE_CTR, 44);
	expect_reg("snbep", 0xC17, "ubox", 0, 1, ROLE_CTR, 44);
}

/* §2.2's formulas for every box n and counter k; S-36. */
static void s36_cboxes_by_formula(void **state)
{
	unsigned n, k;

	(void)state;
	for (n = 0; n < 8; n++) {
		expect_reg("snbep", 0xD04 + 0x20 * n, "cbox", n, 0, ROLE_BOX_CTL, 32);
		expect_reg("snbep", 0xD14 + 0x20 * n, "cbox", n, 0, ROLE_FILTER, 32);
		for (k = 0; k < 4; k++) {
			expect_reg("snbep", 0xD10 + 0x20 * n + k, "cbox", n, k, ROLE_CTL, 32);
			expect_reg("snbep", 0xD16 + 0x20 * n + k, "cbox", n, k, ROLE_CTR, 44);
		}
	}
}

/* §2.3; S-37 and S-46 (64-bit residency counters outside PMON). */
static void s37_s46_pcu_and_residency(void **state)
{
	struct reg_ref r;
	unsigned k;

	(void)state;
	expect_reg("snbep", 0xC24, "pcu", 0, 0, ROLE_BOX_CTL, 32);
	expect_reg("snbep", 0xC34, "pcu", 0, 0, ROLE_FILTER, 32);
	for (k = 0; k < 4; k++) {
		expect_reg("snbep", 0xC30 + k, "pcu", 0, k, ROLE_CTL, 32);
		expect_reg("snbep", 0xC36 + k, "pcu", 0, k, ROLE_CTR, 48);
	}
	expect_reg("snbep", 0x3FC, "pcu_residency", 0, 0, ROLE_CTR, 64);
	expect_reg("snbep", 0x3FD, "pcu_residency", 0, 0, ROLE_CTR, 64);
	assert_true(reg_lookup(gen("snbep"), 0x3FC, &r));
	assert_int_equal(r.box->scope, SCOPE_CORE); /* OQ-S14 */
}

/* S-03, §2.4: IVB-EP registers are not in the 0x2D map. */
static void s03_no_global_or_status_registers(void **state)
{
	static const uint32_t absent[] = { 0xC00, 0xC01, 0xC06, 0xC15, 0xC35, 0xD1A, 0xE04 };
	struct reg_ref r;
	unsigned i, b, t;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(absent); i++)
		assert_false(reg_lookup(gen("snbep"), absent[i], &r));
	for (b = 0; b < gen("snbep")->nboxes; b++)
		for (t = 0; t < gen("snbep")->boxes[b]->nregs; t++) {
			enum reg_role role = gen("snbep")->boxes[b]->regs[t].role;

			assert_true(role != ROLE_GLOBAL_CTL && role != ROLE_GLOBAL_STATUS &&
				    role != ROLE_GLOBAL_OVF && role != ROLE_CORE);
		}
}

static uint64_t mask_of(uint32_t msr, enum field_access a)
{
	struct reg_ref r;

	assert_true(reg_lookup(gen("snbep"), msr, &r));
	return reg_access_mask(r.tmpl, a);
}

static uint64_t defined(uint32_t msr)
{
	struct reg_ref r;

	assert_true(reg_lookup(gen("snbep"), msr, &r));
	return reg_defined_mask(r.tmpl);
}

/* §3: the bits each control defines, and their access. */
static void s04_field_masks(void **state)
{
	(void)state;
	/* §3.1: rst_ctrl 0, rst_ctrs 1 act on a 1; frz 8, frz_en 16 write-only. */
	assert_int_equal(mask_of(0xD64, FA_W1A), 0x3);
	assert_int_equal(mask_of(0xD64, FA_WO), 0x10100);
	assert_int_equal(mask_of(0xC24, FA_W1A) | mask_of(0xC24, FA_WO), 0x10103);
	/* §3.2: C-box 31:22, 19:17, 15:0; U-box thresh 28:24 and no tid_en. */
	assert_int_equal(defined(0xD30), 0xFFCEFFFF);
	assert_int_equal(defined(0xC10), 0x1FC6FFFF);
	assert_int_equal(mask_of(0xD30, FA_W1A), 1u << 17);
	/* §3.3: 31:30, 28:21, 18:17, 15:14, 7:0. */
	assert_int_equal(defined(0xC33), 0xDFE6C0FF);
	/* §3.5: en alone; §3.4 and §3.6: the filters' 32 bits. */
	assert_int_equal(defined(0xC08), 1u << 22);
	assert_int_equal(defined(0xC34), 0xFFFFFFFF);
	assert_int_equal(defined(0xD14), 0xFFFFFC1F);
}

/* §4: device ids and config offsets; an offset is never an MSR. */
static void pci_boxes_by_device_and_offset(void **state)
{
	static const struct {
		const char *box;
		uint16_t ids[4];
		unsigned n, nctr, width;
	} pci[] = {
		{ .box = "ha", .ids = { 0x3C46 }, .n = 1, .nctr = 4, .width = 48 },
		{ .box = "imc", .ids = { 0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5 }, .n = 4, .nctr = 4,
		  .width = 48 },
		{ .box = "qpi", .ids = { 0x3C41, 0x3C42 }, .n = 2, .nctr = 4, .width = 48 },
		{ .box = "r2pcie", .ids = { 0x3C43 }, .n = 1, .nctr = 4, .width = 44 },
		{ .box = "r3qpi", .ids = { 0x3C44, 0x3C45 }, .n = 2, .nctr = 3, .width = 44 },
	};
	struct reg_ref r;
	char addr[32];
	unsigned i, b, t, j, ctrs;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(pci); i++) {
		const struct box_type *bt = NULL;

		for (b = 0; b < gen("snbep")->nboxes; b++)
			if (!strcmp(gen("snbep")->boxes[b]->name, pci[i].box))
				bt = gen("snbep")->boxes[b];
		assert_non_null(bt);
		assert_int_equal(bt->scope, SCOPE_PCI);
		assert_int_equal(bt->nboxes, pci[i].n);
		for (j = 0; j < pci[i].n; j++)
			assert_int_equal(box_pci_id(bt, j), pci[i].ids[j]);
		for (t = 0, ctrs = 0; t < bt->nregs; t++) {
			const struct reg_tmpl *tm = &bt->regs[t];

			if (tm->role == ROLE_BOX_CTL)
				assert_int_equal(tm->addr, 0xF4);
			if (tm->role == ROLE_CTR && tm->addr == 0xA0) {
				assert_int_equal(tm->stride, 8); /* two dwords each */
				assert_int_equal(tm->width, pci[i].width);
				ctrs = tm->count;
			}
			if (tm->role == ROLE_CTL && tm->addr == 0xD8)
				assert_int_equal(tm->count, pci[i].nctr);
		}
		assert_int_equal(ctrs, pci[i].nctr);
	}
	assert_false(reg_lookup(gen("snbep"), 0xF4, &r));
	assert_false(reg_lookup(gen("snbep"), 0xA0, &r));
	assert_false(reg_lookup(gen("snbep"), 0xD8, &r));
	assert_int_equal(box_pci_id(gen("snbep")->boxes[0], 0), 0); /* an MSR box */
	r = (struct reg_ref){ .gen = gen("snbep"), .box = gen("snbep")->boxes[0],
			.tmpl = &gen("snbep")->boxes[0]->regs[0], .msr = 0xC08 };
	reg_addr(&r, addr, sizeof(addr));
	assert_string_equal(addr, "0xC08");
	for (b = 0; b < gen("snbep")->nboxes; b++)
		if (!strcmp(gen("snbep")->boxes[b]->name, "imc"))
			r = (struct reg_ref){ .gen = gen("snbep"), .box = gen("snbep")->boxes[b],
					.tmpl = &gen("snbep")->boxes[b]->regs[0], .box_idx = 2,
					.msr = 0xF4 };
	reg_addr(&r, addr, sizeof(addr));
	assert_string_equal(addr, "pci:0x3CB4:10.4+0xF4");
}

/* S-48: each PCI box instance at its device and function on the socket's
 * uncore bus, found by them and its offset (the trace's names). */
static void s48_pci_boxes_by_device_and_function(void **state)
{
	static const struct {
		unsigned dev, fn, off;
		const char *name;
	} want[] = {
		{ .dev = 14, .fn = 1, .off = 0xF4, .name = "HA_PCI_PMON_BOX_CTL" },
		{ .dev = 16, .fn = 0, .off = 0xD0, .name = "MC_CH_PCI_PMON_FIXED_CTR[0]" },
		{ .dev = 16, .fn = 1, .off = 0xA8, .name = "MC_CH_PCI_PMON_CTR1[1]" },
		{ .dev = 16, .fn = 4, .off = 0xF0, .name = "MC_CH_PCI_PMON_FIXED_CTL[2]" },
		{ .dev = 16, .fn = 5, .off = 0xE4, .name = "MC_CH_PCI_PMON_CTL3[3]" },
		{ .dev = 8, .fn = 2, .off = 0xD8, .name = "Q_P_PCI_PMON_CTL0[0]" },
		{ .dev = 9, .fn = 2, .off = 0xF4, .name = "Q_P_PCI_PMON_BOX_CTL[1]" },
		{ .dev = 8, .fn = 6, .off = 0x228, .name = "Q_P_PCI_PMON_PKT_MATCH0[0]" },
		{ .dev = 9, .fn = 6, .off = 0x23C, .name = "Q_P_PCI_PMON_PKT_MASK1[1]" },
		{ .dev = 19, .fn = 1, .off = 0xA0, .name = "R2_PCI_PMON_CTR0" },
		{ .dev = 19, .fn = 5, .off = 0xB0, .name = "R3_L_PCI_PMON_CTR2[0]" },
		{ .dev = 19, .fn = 6, .off = 0xF4, .name = "R3_L_PCI_PMON_BOX_CTL[1]" },
	};
	struct reg_ref r;
	char name[64];
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		assert_true(reg_lookup_pci(gen("snbep"), want[i].dev, want[i].fn, want[i].off, &r));
		reg_name(&r, name, sizeof(name));
		assert_string_equal(name, want[i].name);
	}
	assert_false(reg_lookup_pci(gen("snbep"), 16, 2, 0xF4, &r)); /* no box at 16.2 */
	assert_false(reg_lookup_pci(gen("snbep"), 14, 1, 0xB8 + 8, &r)); /* past CTR3 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s01_model_0x2d_only),
		cmocka_unit_test(s01_choice_snbep_has_its_suite),
		cmocka_unit_test(s36_s38_ubox),
		cmocka_unit_test(s36_cboxes_by_formula),
		cmocka_unit_test(s37_s46_pcu_and_residency),
		cmocka_unit_test(s03_no_global_or_status_registers),
		cmocka_unit_test(s04_field_masks),
		cmocka_unit_test(pci_boxes_by_device_and_offset),
		cmocka_unit_test(s48_pci_boxes_by_device_and_function),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
