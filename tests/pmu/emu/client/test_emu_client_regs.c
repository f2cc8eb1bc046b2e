/* Host tests of the emulated client uncore's registers (pmu/emu/client/model.c):
 * the C-box count and what lies beyond it (L-16, L-17, L-19, OQ-L2..OQ-L6),
 * CBO_CONFIG (L-15), reserved bits (L-26, OQ-L14), the addresses each
 * layout leaves to others (L-10), reset values (OQ-L18), on both layouts. */
#include "tests/pmu/emu/client/test_emu_client.h"

static struct client_uncore u;

static int rd_rc(uint32_t msr)
{
	uint64_t v;

	return client_rdmsr(&u, 0, msr, 0, &v);
}

static int wr_rc(uint32_t msr, uint64_t val)
{
	return client_wrmsr(&u, 0, msr, val, 0);
}

/* L-16, L-17: min(4 or 8, cores); OQ-L6: eight only on 0x9E; OQ-L2:
 * CBO_CONFIG holds the count; L-19, OQ-L3: boxes beyond it #GP. */
static void l16_l17_cbox_count_is_min_of_cores(void **state)
{
	static const struct {
		unsigned layout, cores;
		uint32_t model;
		unsigned want;
	} c[] = {
		{ .layout = 0, .cores = 2, .model = 0x2A, .want = 2 },
		{ .layout = 0, .cores = 4, .model = 0x3C, .want = 4 },
		{ .layout = 0, .cores = 6, .model = 0x3C, .want = 4 },
		{ .layout = 0, .cores = 1, .model = 0x3D, .want = 1 },
		{ .layout = 1, .cores = 4, .model = 0x5E, .want = 4 },
		{ .layout = 1, .cores = 8, .model = 0x5E, .want = 7 },
		{ .layout = 1, .cores = 8, .model = 0x9E, .want = 8 },
		{ .layout = 1, .cores = 10, .model = 0xA5, .want = 7 },
		{ .layout = 1, .cores = 6, .model = 0x9E, .want = 6 },
	};
	unsigned i, n;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		layouts[c[i].layout].init(&u, 0, c[i].cores, c[i].model, 0, 0);
		assert_int_equal(rd(&u, CBO_CONFIG, 0), c[i].want);
		for (n = 0; n < layouts[c[i].layout].max_cbox; n++) {
			int want = n < c[i].want ? 0 : VEC_GP;

			assert_int_equal(rd_rc(CBO_SEL(n, 1)), want);
			assert_int_equal(wr_rc(CBO_CTR(n, 0), 5), want);
		}
	}
}

/* L-19, OQ-L4, OQ-L5, OQ-L6: a third select or counter, A's UNIT_STATUS
 * and B's 0x770..0x777 raise #GP; 0xF70 is no register on A. */
static void l19_no_third_counter_nor_stride_box_7(void **state)
{
	static const uint32_t gp[] = { 0x702, 0x703, 0x705, 0x708, 0x709, 0x742, 0x770, 0x776, 0x777 };
	unsigned i;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		for (i = 0; i < ARRAY_SIZE(gp); i++) {
			assert_int_equal(rd_rc(gp[i]), VEC_GP);
			assert_int_equal(wr_rc(gp[i], 0), VEC_GP);
		}
	}
	layouts[0].init(&u, 0, 4, 0x2A, 0, 0);
	assert_int_equal(rd_rc(0xF70), -1);
	assert_int_equal(rd_rc(0xF76), -1);
	layouts[1].init(&u, 0, 8, 0x9E, 0, 0);
	assert_int_equal(rd_rc(0xF77), 0);
}

/* L-15: CBO_CONFIG is read-only (a write faults and changes nothing). */
static void l15_cbo_config_is_read_only(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		l->init(&u, 0, 3, 0, 0, 0);
		assert_int_equal(wr_rc(CBO_CONFIG, 7), VEC_GP);
		assert_int_equal(rd(&u, CBO_CONFIG, 0), 3);
	}
}

/* L-26, OQ-L14: a reserved bit raises #GP and the register keeps its
 * value; OQ-L19: CMASK is 5 bits (29 is reserved). GLOBAL_STATUS ignores
 * its reserved bits instead (OQ-L8). */
static void oq_l14_reserved_bits_fault(void **state)
{
	static const uint64_t sel_bad[] = { 1ull << 16, 1ull << 17, 1ull << 19, 1ull << 21,
					    1ull << 29, 1ull << 31, 1ull << 32 };
	static const uint64_t fctl_bad[] = { 1ull << 0, 1ull << 2, 1ull << 21, 1ull << 23 };
	unsigned i;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, ARB_SEL(0), 0x1F40FF80, 0);
		wr(&u, CBO_SEL(1, 0), 0x1F40FF80, 0);
		wr(&u, FIXED_CTL, FC_EN, 0);
		for (i = 0; i < ARRAY_SIZE(sel_bad); i++) {
			assert_int_equal(wr_rc(ARB_SEL(0), sel_bad[i] | ES_EN), VEC_GP);
			assert_int_equal(wr_rc(CBO_SEL(1, 0), sel_bad[i]), VEC_GP);
		}
		for (i = 0; i < ARRAY_SIZE(fctl_bad); i++)
			assert_int_equal(wr_rc(FIXED_CTL, fctl_bad[i] | FC_OVF), VEC_GP);
		assert_int_equal(wr_rc(l->gctl, GC_EN | 1ull << 5), VEC_GP);
		assert_int_equal(wr_rc(l->gctl, 1ull << 28), VEC_GP);
		assert_int_equal(wr_rc(l->gctl, 1ull << 32), VEC_GP);
		assert_int_equal(rd(&u, ARB_SEL(0), 0), 0x1F40FF80);
		assert_int_equal(rd(&u, CBO_SEL(1, 0), 0), 0x1F40FF80);
		assert_int_equal(rd(&u, FIXED_CTL, 0), FC_EN);
		assert_int_equal(rd(&u, l->gctl, 0), 0);
		wr(&u, l->gctl, 0xE000001F, 0); /* OQ-L7: bit 4 stored on A too */
		assert_int_equal(rd(&u, l->gctl, 0), 0xE000001F);
		wr(&u, l->gctl + 1, 0xFFFFFFFFFFFFFFF4ull, 0);
		assert_int_equal(rd(&u, l->gctl + 1, 0), 0);
	}
}

/* L-10: A answers nothing at 0xE01/0xE02, B nothing at 0x391/0x392;
 * neither at 0x390 or 0x393 (the core side's and no register). */
static void l10_each_layout_leaves_the_others_addresses(void **state)
{
	(void)state;
	layouts[0].init(&u, 0, 4, 0x2A, 0, 0);
	assert_int_equal(rd_rc(0xE01), -1);
	assert_int_equal(rd_rc(0xE02), -1);
	assert_int_equal(rd_rc(0x390), -1);
	assert_int_equal(rd_rc(0x393), -1);
	assert_int_equal(rd_rc(0x391), 0);
	layouts[1].init(&u, 0, 4, 0x5E, 0, 0);
	assert_int_equal(rd_rc(0x391), -1);
	assert_int_equal(wr_rc(0x392, 0), -1);
	assert_int_equal(rd_rc(0x390), -1);
	assert_int_equal(rd_rc(0x393), -1);
	assert_int_equal(rd_rc(0xE01), 0);
	assert_int_equal(rd_rc(0x1D9), -1); /* DEBUGCTL: the backend's (L-44) */
}

/* OQ-L18: every register 0 at reset but CBO_CONFIG. */
static void oq_l18_reset_values(void **state)
{
	static const uint32_t regs[] = { FIXED_CTL, FIXED_CTR, ARB_CTR(0), ARB_CTR(1), ARB_SEL(0),
					 ARB_SEL(1), CBO_SEL(0, 0), CBO_CTR(3, 1) };
	unsigned i;

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		assert_int_equal(rd(&u, l->gctl, 100), 0);
		assert_int_equal(rd(&u, l->gctl + 1, 100), 0);
		for (i = 0; i < ARRAY_SIZE(regs); i++)
			assert_int_equal(rd(&u, regs[i], 100), 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l16_l17_cbox_count_is_min_of_cores),
		cmocka_unit_test(l19_no_third_counter_nor_stride_box_7),
		cmocka_unit_test(l15_cbo_config_is_read_only),
		cmocka_unit_test(oq_l14_reserved_bits_fault),
		cmocka_unit_test(l10_each_layout_leaves_the_others_addresses),
		cmocka_unit_test(oq_l18_reset_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
