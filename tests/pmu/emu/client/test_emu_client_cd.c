/* Host tests of the emulated client uncore's layouts C and D
 * (pmu/emu/client/ with client_icl_init, client_c_init, client_d_init:
 * the one model with the layout as data, L-80; spec client-uncore.md
 * §4.13): each named by the statement it checks,
 * addresses and bits as this file's own constants from the digest, counts
 * from the independent reference of test_emu_client.h. */
#include "tests/pmu/emu/client/test_emu_client.h"

/* L-66, L-74, L-76, L-73, OQ-L27 */
#define C_CBO_SEL(n, k) (0x700u + 8u * (n) + (k))
#define C_CBO_CTR(n, k) (0x702u + 8u * (n) + (k))
#define D_GCTL 0x2FF0u
#define D_STATUS 0x2FF1u
#define D_FIXED_CTL 0x2FDEu
#define D_FIXED_CTR 0x2FDFu
#define D_ARB_SEL(b, k) (0x2FD0u + 8u * (b) + (k))
#define D_ARB_CTR(b, k) (0x2FD2u + 8u * (b) + (k))
#define D_CBO_SEL(n, k) (0x2000u + 8u * (n) + (k))
#define D_CBO_CTR(n, k) (0x2002u + 8u * (n) + (k))

static struct client_uncore u;

static struct emu_pmi_req req[CLIENT_MAX_PMI_REQ];
static const struct ref lookups0 = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F };
static const struct ref arb_req = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };
static const struct ref arb_occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };

/* L-66, L-67: C-box n of layout C counts at 0x702 + 8n, box 7 included;
 * 0x704 + 8n .. 0x707 + 8n are no register of this uncore (passed on),
 * and a box at or above the count #GPs (L-19). */
static void l66_l67_c_cboxes_at_stride_8(void **state)
{
	unsigned n;

	(void)state;
	for (n = 0; n < 8; n++) {
		const struct ref r = { .unit = CLIENT_UNIT_CBOX(n), .ev = 0x34, .um = 0x8F };

		client_c_init(&u, 0, 8, 0xA7, 0, 0);
		wr(&u, C_CBO_SEL(n, 1), ref_sel(&r, 0), 0);
		wr(&u, 0xE01, GC_EN, 0);
		assert_int_equal(rd(&u, C_CBO_CTR(n, 1), 3000), ref_count(&r, 0, 3000));
		assert_int_equal(client_wrmsr(&u, 0, C_CBO_SEL(n, 0) + 4, 0, 3000), -1);
	}
	client_c_init(&u, 0, 2, 0xA7, 0, 0);
	assert_int_equal(client_wrmsr(&u, 0, C_CBO_CTR(2, 0), 0, 0), VEC_GP);
	assert_int_equal(client_wrmsr(&u, 0, 0xF70, 0, 3000), -1); /* not B's box 7 */
}

/* L-68, OQ-L29: CBO_CONFIG holds the C-box count, min(cores, 8); a box at
 * or above it #GPs. */
static void l68_cbo_config_is_the_count(void **state)
{
	(void)state;
	client_d_init(&u, 0, 2, 0x97, 0, 0);
	assert_int_equal(rd(&u, CBO_CONFIG, 0), 2);
	assert_int_equal(client_wrmsr(&u, 0, D_CBO_SEL(2, 0), 0, 0), VEC_GP);
	client_icl_init(&u, 0, 12, 0x7E, 0, 0);
	assert_int_equal(rd(&u, CBO_CONFIG, 0), 8);
}

/* L-70, L-72, OQ-L28: Ice Lake's ARB counter 0 ignores writes, reads 0,
 * counts what was written to it; its one counter 0x3B1/0x3B3 counts 81H
 * and, as a counter 1, no 80H. */
static void l70_l72_icl_one_arb_counter(void **state)
{
	(void)state;
	client_icl_init(&u, 0, 8, 0x7E, 0, 0);
	wr(&u, ARB_SEL(0), ref_sel(&arb_req, 0), 0);
	wr(&u, ARB_CTR(0), 123, 0);
	assert_int_equal(u.arb0_writes, 2);
	wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0), 0);
	wr(&u, 0xE01, GC_EN, 0);
	assert_int_equal(rd(&u, ARB_CTR(0), 4000), 0);
	assert_int_equal(rd(&u, ARB_SEL(0), 4000), 0);
	assert_int_equal(rd(&u, ARB_CTR(1), 4000), ref_count(&arb_req, 0, 4000));
	client_icl_init(&u, 0, 8, 0x7E, 0, 0);
	wr(&u, ARB_SEL(1), ref_sel(&arb_occ, 0), 0);
	wr(&u, 0xE01, GC_EN, 0);
	assert_int_equal(rd(&u, ARB_CTR(1), 4000), 0);
	/* Tiger Lake keeps counter 0 (L-69) */
	client_c_init(&u, 0, 8, 0x8C, 0, 0);
	wr(&u, ARB_SEL(0), ref_sel(&arb_occ, 0), 0);
	wr(&u, 0xE01, GC_EN, 0);
	assert_int_equal(rd(&u, ARB_CTR(0), 4000), ref_count(&arb_occ, 0, 4000));
}

/* L-71, OQ-L30: on Ice Lake client a counter counts on its own enable
 * whatever GLOBAL_CTRL holds; a write keeps the select bits and WakePMI,
 * never EN or FREEZE, so a forwarded wrap with FREEZE written stops
 * nothing; the status and the PMI request still follow the wrap (L-38,
 * L-42). Tiger Lake, the same layout without the erratum, gates (L-69). */
static void l71_icl_gctl_controls_nothing(void **state)
{
	(void)state;
	client_icl_init(&u, 0, 8, 0x7E, 0, 0);
	wr(&u, C_CBO_SEL(0, 0), ref_sel(&lookups0, 0), 0);
	assert_int_equal(rd(&u, C_CBO_CTR(0, 0), 3000), ref_count(&lookups0, 0, 3000));
	wr(&u, 0xE01, GC_EN | GC_FRZ | GC_WAKE | 0x3, 3000);
	assert_int_equal(rd(&u, 0xE01, 3000), GC_WAKE | 0x3);
	wr(&u, FIXED_CTR, MAX48 - 9, 3000);
	wr(&u, FIXED_CTL, FC_EN | FC_OVF, 3000);
	assert_int_equal(rd(&u, FIXED_CTR, 3100), 90);
	assert_int_equal(rd(&u, 0xE02, 3100), ST_FIXED); /* OQ-L27 */
	assert_int_equal(rd(&u, C_CBO_CTR(0, 0), 3100), ref_count(&lookups0, 0, 3100));
	assert_int_equal(client_take_pmi(&u, 3100, req, CLIENT_MAX_PMI_REQ), 1);
	client_c_init(&u, 0, 8, 0x8C, 0, 0);
	wr(&u, C_CBO_SEL(0, 0), ref_sel(&lookups0, 0), 0);
	assert_int_equal(rd(&u, C_CBO_CTR(0, 0), 3000), 0);
}

/* L-73, L-77, L-78: layout D's global control gates, its fixed pair at
 * 0x2FDE/0x2FDF counts one a cycle and wraps at 2^48 into status bit 0 at
 * 0x2FF1 (OQ-L27); 0x391..0x395 and 0xE01 are not its registers. */
static void l73_l78_d_global_and_fixed(void **state)
{
	static const uint32_t old[] = { 0x391, 0x392, 0x394, 0x395, 0xE01, 0xE02, 0x3B0 };
	unsigned i;

	(void)state;
	client_d_init(&u, 0, 8, 0x97, 0, 0);
	wr(&u, D_FIXED_CTL, FC_EN, 0);
	assert_int_equal(rd(&u, D_FIXED_CTR, 1000), 0);
	wr(&u, D_GCTL, GC_EN, 1000);
	assert_int_equal(rd(&u, D_FIXED_CTR, 1500), 500);
	wr(&u, D_FIXED_CTR, MAX48 - 9, 1500);
	wr(&u, D_FIXED_CTL, FC_EN | FC_OVF, 1500);
	assert_int_equal(rd(&u, D_FIXED_CTR, 1520), 10);
	assert_int_equal(rd(&u, D_STATUS, 1520), ST_FIXED);
	for (i = 0; i < ARRAY_SIZE(old); i++)
		assert_int_equal(client_wrmsr(&u, 0, old[i], 0, 2000), -1);
}

/* L-75: a layout-D C-box's threshold is 6 bits: 32 (bit 29 alone) passes
 * no cycle of 34H, and with INV every cycle; an ARB select's bit 29 is
 * reserved (#GP, OQ-L14). */
static void l75_d_threshold_bit_29(void **state)
{
	(void)state;
	client_d_init(&u, 0, 8, 0x97, 0, 0);
	wr(&u, D_CBO_SEL(0, 0), evtsel(0x34, 0x8F, 32, ES_EN), 0);
	wr(&u, D_CBO_SEL(0, 1), evtsel(0x34, 0x8F, 32, ES_EN | ES_INV), 0);
	wr(&u, D_GCTL, GC_EN, 0);
	assert_int_equal(rd(&u, D_CBO_CTR(0, 0), 3000), 0);
	assert_int_equal(rd(&u, D_CBO_CTR(0, 1), 3000), 3000);
	assert_int_equal(client_wrmsr(&u, 0, D_ARB_SEL(0, 0), 1ull << 29, 3000), VEC_GP);
	client_c_init(&u, 0, 8, 0x8C, 0, 0); /* 5 bits on C: bit 29 reserved */
	assert_int_equal(client_wrmsr(&u, 0, C_CBO_SEL(0, 0), 1ull << 29, 0), VEC_GP);
}

/* L-76, L-78: layout D's two ARB boxes count on their own, occupancy on
 * counter 0 of either, none on counter 1; either box's overflow sets
 * status bit 1. */
static void l76_d_two_arb_boxes(void **state)
{
	(void)state;
	client_d_init(&u, 0, 8, 0x97, 0, 0);
	wr(&u, D_ARB_SEL(1, 0), ref_sel(&arb_occ, 0), 0);
	wr(&u, D_ARB_SEL(1, 1), ref_sel(&arb_occ, 0), 0);
	wr(&u, D_GCTL, GC_EN, 0);
	assert_int_equal(rd(&u, D_ARB_CTR(1, 0), 4000), ref_count(&arb_occ, 0, 4000));
	assert_int_equal(rd(&u, D_ARB_CTR(1, 1), 4000), 0);
	assert_int_equal(rd(&u, D_ARB_CTR(0, 0), 4000), 0);
	client_d_init(&u, 0, 8, 0x97, 0, 0);
	wr(&u, D_ARB_CTR(1, 1), MAX44, 0);
	wr(&u, D_ARB_SEL(1, 1), ref_sel(&arb_req, ES_OVF), 0);
	wr(&u, D_GCTL, GC_EN, 0);
	assert_int_equal(rd(&u, D_STATUS, 4000), ST_ARB);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l66_l67_c_cboxes_at_stride_8),
		cmocka_unit_test(l68_cbo_config_is_the_count),
		cmocka_unit_test(l70_l72_icl_one_arb_counter),
		cmocka_unit_test(l71_icl_gctl_controls_nothing),
		cmocka_unit_test(l73_l78_d_global_and_fixed),
		cmocka_unit_test(l75_d_threshold_bit_29),
		cmocka_unit_test(l76_d_two_arb_boxes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
