/* Host tests of the Xeon 7500 / Westmere-EX register description
 * (pmu/regs/nhmex.c) and its detection (pmu/detect.c): addresses against
 * the spec's formulas and the seed's R-box rows (§4, SEED-003), each box
 * type's control layout (§5.5), widths (§5.6), the C-box count per part
 * the address-less S-box summary (OQ-X9) and models 0x2E and
 * 0x2F recognised but without an on-target suite yet. Expected
 * values are written from the spec, not read from the table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "tests/pmu/test_choose.h"
#include "pmu/regs/regs.h"

static const struct uncore_gen *nhmex(void)
{
	const struct uncore_gen *g = uncore_gen_by_name("nhmex");

	assert_non_null(g);
	return g;
}

static struct reg_ref expect(uint32_t msr, const char *box, unsigned box_idx, unsigned idx,
			     enum reg_role role)
{
	struct reg_ref r;

	if (!reg_lookup(nhmex(), msr, &r))
		fail_msg("MSR 0x%x not in the table", msr);
	if (strcmp(r.box->name, box) || r.box_idx != box_idx || r.idx != idx ||
	    r.tmpl->role != role)
		fail_msg("MSR 0x%x: %s[%u] idx %u role %d", msr, r.box->name, r.box_idx, r.idx,
			 r.tmpl->role);
	return r;
}

static void x01_models_0x2e_0x2f_only(void **state)
{
	(void)state;
	assert_ptr_equal(uncore_gen_for_model(6, 0x2E), nhmex());
	assert_ptr_equal(uncore_gen_for_model(6, 0x2F), nhmex());
	assert_ptr_not_equal(uncore_gen_for_model(6, 0x1A), nhmex());
	assert_ptr_not_equal(uncore_gen_for_model(6, 0x2D), nhmex());
	assert_null(uncore_gen_for_model(15, 0x2E));
}

/* both models get the nhmex generation (its suite, suites/nhmex),
 * emulated or forced by uncore=nhmex on the emulated backend. */
static void x01_choice_is_nhmex(void **state)
{
	struct pmu_choice pc;

	(void)state;
	choose(0x2E, false, "auto", &pc);
	assert_ptr_equal(pc.gen, nhmex());
	choose(0x2F, true, "auto", &pc);
	assert_ptr_equal(pc.gen, nhmex());
	assert_true(pc.emulated);
	choose(0x1A, true, "nhmex", &pc);
	assert_ptr_equal(pc.gen, nhmex());
	assert_non_null(strstr(pc.why, "uncore=nhmex forces the generation"));
}

/* §4.1, §5.1 (OQ-X1), §5.2 (OQ-X3), OQ-X24. */
static void x06_ubox(void **state)
{
	struct reg_ref r;

	(void)state;
	r = expect(0xC00, "ubox", 0, 0, ROLE_GLOBAL_CTL);
	assert_int_equal(reg_defined_mask(r.tmpl), 0xB00007FFull);
	r = expect(0xC01, "ubox", 0, 0, ROLE_GLOBAL_STATUS);
	assert_int_equal(reg_defined_mask(r.tmpl), 0xF);
	r = expect(0xC02, "ubox", 0, 0, ROLE_GLOBAL_OVF);
	assert_int_equal(reg_access_mask(r.tmpl, FA_W1C), 0xF);
	r = expect(0xC10, "ubox", 0, 0, ROLE_CTL);
	assert_int_equal(reg_defined_mask(r.tmpl), 0x5400FFull);
	r = expect(0xC11, "ubox", 0, 0, ROLE_CTR);
	assert_int_equal(r.tmpl->width, 48);
	assert_false(reg_lookup(nhmex(), 0xC03, &r)); /* OQ-X17 hole */
}

/* The enable and PMI-enable bits of a box type's counter control (§5.5). */
static void layout(uint32_t ctl, unsigned en, unsigned pmi)
{
	struct reg_ref r;

	assert_true(reg_lookup(nhmex(), ctl, &r));
	assert_int_equal(r.tmpl->role, ROLE_CTL);
	assert_int_equal(field_mask(reg_field(r.tmpl, "en")), 1ull << en);
	assert_int_equal(field_mask(reg_field(r.tmpl, "pmi_en")), 1ull << pmi);
}

static void x05_x19_control_layout_per_box_type(void **state)
{
	(void)state;
	layout(0xD10, 22, 20); /* C */
	layout(0xC50, 22, 20); /* S */
	layout(0xC90, 22, 20); /* W */
	layout(0xC10, 22, 20); /* U */
	layout(0xC30, 0, 20);  /* B */
	layout(0xE10, 0, 6);   /* R */
	layout(0xCB0, 0, 1);   /* M */
}

/* §4.2 and X-39: C-box n at 0xD00 + off(n), six counters, 48 bits. */
static void x37_x39_cboxes(void **state)
{
	static const uint16_t off[] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
					0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };
	struct reg_ref r;
	unsigned n, k;

	(void)state;
	for (n = 0; n < 10; n++) {
		uint32_t base = 0xD00u + off[n];

		expect(base, "cbox", n, 0, ROLE_GLOBAL_CTL);
		expect(base + 1, "cbox", n, 0, ROLE_GLOBAL_STATUS);
		expect(base + 2, "cbox", n, 0, ROLE_GLOBAL_OVF);
		for (k = 0; k < 6; k++) {
			expect(base + 0x10 + 2 * k, "cbox", n, k, ROLE_CTL);
			r = expect(base + 0x11 + 2 * k, "cbox", n, k, ROLE_CTR);
			assert_int_equal(r.tmpl->width, 48);
		}
	}
	assert_int_equal(box_count(r.box, 0x2E), 8);  /* */
	assert_int_equal(box_count(r.box, 0x2F), 10); /* */
	assert_int_equal(box_count(r.box, 0x1A), 10);
}

/* §4.3-4.5 by formula, match/mask included. */
static void x40_b_s_m_boxes(void **state)
{
	unsigned n, k;

	(void)state;
	for (n = 0; n < 2; n++) {
		expect(0xC20 + 0x40 * n, "bbox", n, 0, ROLE_GLOBAL_CTL);
		expect(0xC40 + 0x80 * n, "sbox", n, 0, ROLE_GLOBAL_CTL);
		expect(0xCA0 + 0x40 * n, "mbox", n, 0, ROLE_GLOBAL_CTL);
		for (k = 0; k < 4; k++) {
			expect(0xC30 + 0x40 * n + 2 * k, "bbox", n, k, ROLE_CTL);
			expect(0xC31 + 0x40 * n + 2 * k, "bbox", n, k, ROLE_CTR);
			expect(0xC50 + 0x80 * n + 2 * k, "sbox", n, k, ROLE_CTL);
			expect(0xC51 + 0x80 * n + 2 * k, "sbox", n, k, ROLE_CTR);
		}
		for (k = 0; k < 6; k++) {
			expect(0xCB0 + 0x40 * n + 2 * k, "mbox", n, k, ROLE_CTL);
			expect(0xCB1 + 0x40 * n + 2 * k, "mbox", n, k, ROLE_CTR);
		}
		for (k = 5; k <= 0xB; k++) /* DSP ... ZDP */
			expect(0xCA0 + 0x40 * n + k, "mbox", n, 0, ROLE_FILTER);
		expect(0xE45 + 8 * n, "bbox_mm", n, 0, ROLE_FILTER);
		expect(0xE46 + 8 * n, "bbox_mm", n, 0, ROLE_FILTER);
		for (k = 0; k < 3; k++) {
			expect(0xE48 + 0x10 * n + k, "sbox_mm", n, 0, ROLE_FILTER);
			expect(0xE54 + 8 * n + k, "mbox_mm", n, 0, ROLE_FILTER);
		}
	}
}

/* §4.6 and SEED-003's Table 2-39 rows; X-34: the halves' registers. */
static void x32_x34_rbox(void **state)
{
	static const uint32_t seed[][3] = { /* MM_CFG, MATCH, MASK of port 7, 6, 5 */
		{ 0xE9C, 0xE9D, 0xE9E }, { 0xE8C, 0xE8D, 0xE8E }, { 0xE98, 0xE99, 0xE9A },
		{ 0xE88, 0xE89, 0xE8A }, { 0xE94, 0xE95, 0xE96 },
	};
	const struct field *f;
	struct reg_ref r;
	char name[64];
	unsigned h, k, p, i, j;

	(void)state;
	for (h = 0; h < 2; h++) {
		expect(0xE00 + 0x20 * h, "rbox", h, 0, ROLE_GLOBAL_CTL);
		expect(0xE01 + 0x20 * h, "rbox", h, 0, ROLE_GLOBAL_STATUS);
		expect(0xE02 + 0x20 * h, "rbox", h, 0, ROLE_GLOBAL_OVF);
		for (k = 0; k < 8; k++) {
			expect(0xE10 + 0x20 * h + 2 * k, "rbox", h, k, ROLE_CTL);
			expect(0xE11 + 0x20 * h + 2 * k, "rbox", h, k, ROLE_CTR);
		}
	}
	for (p = 0; p < 8; p++) {
		expect(0xE04 + p, "rbox_iperf", p / 4, p % 4, ROLE_FILTER);
		r = expect(0xE24 + p, "rbox_iperf", p / 4, p % 4, ROLE_FILTER);
		/* one event field, bits 31:0 (0x80000000, 0x40000000 and
		 * 0xC4 are events); no enable bit */
		f = reg_field(r.tmpl, "event");
		assert_non_null(f);
		assert_int_equal(field_mask(f), 0xFFFFFFFFull);
		assert_int_equal(reg_defined_mask(r.tmpl), 0xFFFFFFFFull);
		assert_null(reg_field(r.tmpl, "en"));
		expect((p < 4 ? 0xE0C : 0xE2C - 4) + p, "rbox", p / 4, p % 4, ROLE_FILTER);
		for (i = 0; i < 3; i++) {
			expect(0xE60 + 4 * p + (p >= 4 ? 0x10 : 0) + i, "rbox", p / 4, p % 4,
			       ROLE_FILTER);
			expect(0xE70 + 4 * p + (p >= 4 ? 0x10 : 0) + i, "rbox", p / 4, p % 4,
			       ROLE_FILTER);
		}
	}
	for (i = 0; i < ARRAY_SIZE(seed); i++)
		for (j = 0; j < 3; j++)
			assert_true(reg_lookup(nhmex(), seed[i][j], &r));
	/* "port 1 IPERF1" of the seed is 0xE25 (OQ-X21); names number on
	 * across the halves. */
	r = expect(0xE25, "rbox_iperf", 0, 1, ROLE_FILTER);
	reg_name(&r, name, sizeof(name));
	assert_string_equal(name, "R_MSR_PORT1_IPERF_CFG1[0]");
	r = expect(0xE33, "rbox", 1, 1, ROLE_CTR);
	reg_name(&r, name, sizeof(name));
	assert_string_equal(name, "R_MSR_PMON_CTR9[1]");
}

/* §4.7, X-35: 0x394/0x395 are the W fixed counter here. */
static void x35_wbox(void **state)
{
	struct reg_ref r;
	unsigned k;

	(void)state;
	r = expect(0xC80, "wbox", 0, 0, ROLE_GLOBAL_CTL);
	assert_int_equal(reg_defined_mask(r.tmpl), 0x8000000Full); /* */
	for (k = 0; k < 4; k++) {
		expect(0xC90 + 2 * k, "wbox", 0, k, ROLE_CTL);
		expect(0xC91 + 2 * k, "wbox", 0, k, ROLE_CTR);
	}
	r = expect(0x394, "wbox", 0, 0, ROLE_CTR);
	assert_int_equal(r.tmpl->width, 48);
	r = expect(0x395, "wbox", 0, 0, ROLE_CTL);
	assert_int_equal(reg_defined_mask(r.tmpl), 1);
}

/* OQ-X9: the summary is described (Table 2-26's fields) but has no
 * address, so no MSR finds it; no two registers share an address. */
static void x16_oqx9_summary_without_address(void **state)
{
	const struct uncore_gen *g = nhmex();
	const struct reg_tmpl *sum = NULL;
	char addr[32];
	unsigned b, t, box, idx, n = 0, i, j;
	static uint32_t msrs[512];

	(void)state;
	for (b = 0; b < g->nboxes; b++)
		for (t = 0; t < g->boxes[b]->nregs; t++) {
			const struct reg_tmpl *tm = &g->boxes[b]->regs[t];

			if (tm->role == ROLE_SUMMARY) {
				struct reg_ref r = { .gen = g, .box = g->boxes[b], .tmpl = tm,
						.box_idx = 1 };

				sum = tm;
				assert_string_equal(g->boxes[b]->name, "sbox");
				reg_addr(&r, addr, sizeof(addr));
				assert_string_equal(addr, "none");
				continue;
			}
			for (box = 0; box < g->boxes[b]->nboxes; box++)
				for (idx = 0; idx < tm->count; idx++) {
					assert_true(n < ARRAY_SIZE(msrs));
					msrs[n++] = reg_msr(tm, g->boxes[b], box, idx);
				}
		}
	assert_non_null(sum);
	assert_int_equal(reg_defined_mask(sum), 0xD0005ull);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (msrs[i] == msrs[j])
				fail_msg("0x%x twice", msrs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(x01_models_0x2e_0x2f_only),
		cmocka_unit_test(x01_choice_is_nhmex),
		cmocka_unit_test(x06_ubox),
		cmocka_unit_test(x05_x19_control_layout_per_box_type),
		cmocka_unit_test(x37_x39_cboxes),
		cmocka_unit_test(x40_b_s_m_boxes),
		cmocka_unit_test(x32_x34_rbox),
		cmocka_unit_test(x35_wbox),
		cmocka_unit_test(x16_oqx9_summary_without_address),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
