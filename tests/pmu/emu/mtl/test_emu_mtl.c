/* Host tests of the emulated client uncore of layout E (pmu/emu/mtl/;
 * spec client-uncore.md §4.15), each named by the statement it checks,
 * addresses and bits as test_emu_mtl.h's constants from the digest, counts
 * from its independent reference. */
#include "tests/pmu/emu/mtl/test_emu_mtl.h"

static struct mtl_uncore u;

#define LOOKUPS(n) \
	{ .unit = CLIENT_UNIT_CBOX(n), .ev = 0x34, .um = 0x8F, .thresh = 0, .inv = false, .edge = false }
static const struct ref arb_req = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };
static const struct ref arb_occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };

/* L-102, L-106: C-box n's two counters at 0x2448 + 0x10n count their
 * selects' events; a box at or past the count #GPs; 0x2444 + 0x10n is no
 * register of layout E's (passed on). */
static void l102_cboxes_at_stride_0x10(void **state)
{
	unsigned n, k;

	(void)state;
	for (n = 0; n < 8; n++)
		for (k = 0; k < 2; k++) {
			const struct ref r = LOOKUPS(n);

			init(&u, 0, 8);
			wr(&u, CBO_SEL(n, k), ref_sel(&r, 0), 0);
			wr(&u, CNCU_BOX, BOX_EN, 0);
			assert_int_equal(rd(&u, CBO_CTR(n, k), 3000), ref_count(&r, 0, 3000));
			assert_int_equal(mtl_wrmsr(&u, 0, CBO_SEL(n, 0) + 2, 0, 0), -1);
		}
	init(&u, 0, 2);
	assert_int_equal(mtl_wrmsr(&u, 0, CBO_SEL(2, 0), 0, 0), VEC_GP);
	assert_int_equal(mtl_wrmsr(&u, 0, CBO_CTR(2, 1), 0, 0), VEC_GP);
}

/* L-103: the ARB's and the HAC ARB's two boxes count the ARB's events, the
 * HAC C-boxes C-box events, each box and counter on its own. */
static void l103_two_box_units(void **state)
{
	unsigned b, k;

	(void)state;
	for (b = 0; b < 2; b++)
		for (k = 0; k < 2; k++) {
			const struct ref h = LOOKUPS(8 + b);

			init(&u, 0, 2);
			wr(&u, ARB_SEL(b, k), ref_sel(&arb_req, 0), 0);
			wr(&u, HARB_SEL(b, k), ref_sel(&arb_occ, 0), 0);
			wr(&u, HCBO_SEL(b, k), ref_sel(&h, 0), 0);
			wr(&u, CNCU_BOX, BOX_EN, 0);
			wr(&u, SNCU_BOX, BOX_EN, 0);
			assert_int_equal(rd(&u, ARB_CTR(b, k), 4000), ref_count(&arb_req, 0, 4000));
			assert_int_equal(rd(&u, HARB_CTR(b, k), 4000), ref_count(&arb_occ, 0, 4000));
			assert_int_equal(rd(&u, HCBO_CTR(b, k), 4000), ref_count(&h, 0, 4000));
			assert_int_equal(rd(&u, ARB_CTR(b, k ^ 1), 4000), 0);
			assert_int_equal(rd(&u, ARB_CTR(b ^ 1, k), 4000), 0);
		}
}

/* L-104: each NCU's fixed counter counts every uncore clock while its
 * FIXED_CTRL.EN and its tile's EN are set. */
static void l104_fixed_counts_every_clock(void **state)
{
	(void)state;
	init(&u, 0, 2);
	wr(&u, CNCU_FCTL, FC_EN, 0);
	wr(&u, SNCU_FCTL, FC_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 100);
	wr(&u, SNCU_BOX, BOX_EN, 300);
	assert_int_equal(rd(&u, CNCU_FCTR, 1100), 1000);
	assert_int_equal(rd(&u, SNCU_FCTR, 1100), 800);
	wr(&u, CNCU_FCTL, 0, 1200);
	assert_int_equal(rd(&u, CNCU_FCTR, 2000), 1100);
	assert_int_equal(rd(&u, SNCU_FCTR, 2000), 1700);
}

/* L-105, OQ-L40: 0x240E's EN runs the compute tile (C-boxes, ARB, cNCU
 * fixed), 0x200E's the SoC tile (HAC ARB, HAC C-boxes, sNCU fixed); a
 * counter also needs its select's EN. */
static void l105_box_en_gates_its_tile(void **state)
{
	static const uint64_t cases[][2] = { { 0, 0 }, { BOX_EN, 0 }, { 0, BOX_EN } };
	const struct ref c0 = LOOKUPS(0), h0 = LOOKUPS(8);
	unsigned c;

	(void)state;
	for (c = 0; c < 3; c++) {
		bool comp = cases[c][0], soc = cases[c][1];

		init(&u, 0, 2);
		wr(&u, CBO_SEL(0, 0), ref_sel(&c0, 0), 0);
		wr(&u, ARB_SEL(0, 0), ref_sel(&arb_req, 0), 0);
		wr(&u, HARB_SEL(0, 0), ref_sel(&arb_req, 0), 0);
		wr(&u, HCBO_SEL(0, 0), ref_sel(&h0, 0), 0);
		wr(&u, CNCU_FCTL, FC_EN, 0);
		wr(&u, SNCU_FCTL, FC_EN, 0);
		wr(&u, CNCU_BOX, cases[c][0], 0);
		wr(&u, SNCU_BOX, cases[c][1], 0);
		assert_int_equal(rd(&u, CBO_CTR(0, 0), 4000), comp ? ref_count(&c0, 0, 4000) : 0);
		assert_int_equal(rd(&u, ARB_CTR(0, 0), 4000), comp ? ref_count(&arb_req, 0, 4000) : 0);
		assert_int_equal(rd(&u, CNCU_FCTR, 4000), comp ? 4000 : 0);
		assert_int_equal(rd(&u, HARB_CTR(0, 0), 4000), soc ? ref_count(&arb_req, 0, 4000) : 0);
		assert_int_equal(rd(&u, HCBO_CTR(0, 0), 4000), soc ? ref_count(&h0, 0, 4000) : 0);
		assert_int_equal(rd(&u, SNCU_FCTR, 4000), soc ? 4000 : 0);
	}
	init(&u, 0, 2);
	wr(&u, CBO_SEL(0, 1), ref_sel(&c0, 0) & ~ES_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	assert_int_equal(rd(&u, CBO_CTR(0, 1), 4000), 0);
}

/* L-106, OQ-L29: CBO_CONFIG holds min(cores, 8) and takes no write. */
static void l106_cbo_config_is_the_count(void **state)
{
	(void)state;
	init(&u, 0, 2);
	assert_int_equal(rd(&u, CBO_CONFIG, 0), 2);
	assert_int_equal(mtl_wrmsr(&u, 0, CBO_CONFIG, 0, 0), VEC_GP);
	init(&u, 0, 12);
	assert_int_equal(rd(&u, CBO_CONFIG, 0), 8);
}

/* L-107: threshold (6 bits), INV and E as the reference, on a C-box and an
 * ARB; the threshold's top bit alone (32) never reached by the model's
 * events, so with INV every cycle counts. */
static void l107_threshold_inv_edge(void **state)
{
	static const struct ref refs[] = {
		{ .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F, .thresh = 1, .inv = false,
		  .edge = false },
		{ .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F, .thresh = 1, .inv = true,
		  .edge = false },
		{ .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F, .thresh = 1, .inv = false,
		  .edge = true },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01, .thresh = 3, .inv = false,
		  .edge = false },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01, .thresh = 3, .inv = true,
		  .edge = false },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01, .thresh = 2, .inv = false,
		  .edge = true },
		{ .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01, .thresh = 32, .inv = false,
		  .edge = false },
	};
	const struct ref top = { .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F,
			.thresh = 32, .inv = true };
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(refs); i++) {
		bool arb = refs[i].unit == CLIENT_UNIT_ARB;

		init(&u, 0, 2);
		wr(&u, arb ? ARB_SEL(1, 0) : CBO_SEL(1, 0), ref_sel(&refs[i], 0), 0);
		wr(&u, CNCU_BOX, BOX_EN, 0);
		assert_int_equal(rd(&u, arb ? ARB_CTR(1, 0) : CBO_CTR(1, 0), 5000),
				 ref_count(&refs[i], 0, 5000));
	}
	init(&u, 0, 2);
	wr(&u, CBO_SEL(1, 0), ref_sel(&top, 0), 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	assert_int_equal(rd(&u, CBO_CTR(1, 0), 5000), 5000);
}

/* L-108, OQ-L42, OQ-L53: a wrap (48 bits) goes on from 0; nothing else
 * happens: no PMI request, OVF_EN or not. */
static void l108_wrap_goes_on_no_pmi(void **state)
{
	struct emu_pmi_req req[4];

	(void)state;
	init(&u, 0, 2);
	wr(&u, CNCU_FCTR, MAX48 - 9, 0);
	wr(&u, CBO_SEL(0, 0), 0x34 | 0x8Full << 8 | 32ull << 24 | ES_INV | ES_EN | ES_OVF, 0);
	wr(&u, CBO_CTR(0, 0), MAX48 - 9, 0);
	wr(&u, CNCU_FCTL, FC_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	assert_int_equal(rd(&u, CNCU_FCTR, 30), 20);
	assert_int_equal(rd(&u, CBO_CTR(0, 0), 30), 20);
	assert_int_equal(mtl_take_pmi(&u, 100, req, 4), 0);
}

/* OQ-L42: reserved bits #GP and change nothing; the defined ones are
 * stored (the box control's 4:0, 29..31 too); a counter keeps 48 bits. */
static void oq_l42_reserved_and_width(void **state)
{
	(void)state;
	init(&u, 0, 2);
	assert_int_equal(mtl_wrmsr(&u, 0, CBO_SEL(0, 0), 1ull << 30, 0), VEC_GP);
	assert_int_equal(mtl_wrmsr(&u, 0, CNCU_FCTL, 1ull << 21, 0), VEC_GP);
	assert_int_equal(mtl_wrmsr(&u, 0, SNCU_BOX, 1ull << 5, 0), VEC_GP);
	assert_int_equal(rd(&u, CBO_SEL(0, 0), 0), 0);
	wr(&u, SNCU_BOX, 0xC000001Full, 0);
	assert_int_equal(rd(&u, SNCU_BOX, 0), 0xC000001Full);
	wr(&u, HCBO_CTR(1, 1), ~0ull, 0);
	assert_int_equal(rd(&u, HCBO_CTR(1, 1), 0), MAX48);
}

/* L-118: layout F has four C-boxes whatever the cores, the ARB, and
 * 0x240E, which starts them; a fifth C-box, the SoC tile's units, the NCU
 * fixed counters and 0x200E are not its MSRs (passed on). */
static void l118_layout_f_compute_tile_alone(void **state)
{
	const struct ref c3 = LOOKUPS(3);

	(void)state;
	lnl_init(&u, 0, 8, 0xBD, 0, 0);
	assert_int_equal(mtl_wrmsr(&u, 0, CBO_SEL(4, 0), 0, 0), -1);
	assert_int_equal(mtl_wrmsr(&u, 0, HARB_SEL(0, 0), 0, 0), -1);
	assert_int_equal(mtl_wrmsr(&u, 0, HCBO_SEL(1, 1), 0, 0), -1);
	assert_int_equal(mtl_wrmsr(&u, 0, SNCU_BOX, 0, 0), -1);
	assert_int_equal(mtl_wrmsr(&u, 0, CNCU_FCTL, 0, 0), -1);
	wr(&u, CBO_SEL(3, 1), ref_sel(&c3, 0), 0);
	wr(&u, ARB_SEL(1, 0), ref_sel(&arb_req, 0), 0);
	assert_int_equal(rd(&u, CBO_CTR(3, 1), 2000), 0);
	wr(&u, CNCU_BOX, BOX_EN, 2000);
	assert_int_equal(rd(&u, CBO_CTR(3, 1), 6000), ref_count(&c3, 2000, 6000));
	assert_int_equal(rd(&u, ARB_CTR(1, 0), 6000), ref_count(&arb_req, 2000, 6000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l102_cboxes_at_stride_0x10),
		cmocka_unit_test(l103_two_box_units),
		cmocka_unit_test(l104_fixed_counts_every_clock),
		cmocka_unit_test(l105_box_en_gates_its_tile),
		cmocka_unit_test(l106_cbo_config_is_the_count),
		cmocka_unit_test(l107_threshold_inv_edge),
		cmocka_unit_test(l108_wrap_goes_on_no_pmi),
		cmocka_unit_test(oq_l42_reserved_and_width),
		cmocka_unit_test(l118_layout_f_compute_tile_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
