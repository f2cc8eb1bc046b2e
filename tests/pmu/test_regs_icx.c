/* Host tests of the Xeon Scalable third generation register description
 * (pmu/regs/icx.c) and its detection by model (pmu/detect.c,
 * pmu/regs/regs.c), named by the statements of docs/spec/xeon-sp-uncore.md
 * §8: every CHA's address from the digest's offset list (K-63), the I/O
 * boxes' (K-66), the U-box's and PCU's (K-60), the two global status
 * registers (K-62), widths (K-67), the filter (K-65), the restrictions
 * (K-67). Expected values are written from the digest, never read from
 * the tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/detect.h"
#include "harness/config.h"
#include "pmu/regs/regs.h"
#include "tests/pmu/test_regs.h"

/* K-60: 0x6A and 0x6C are icx, on every stepping. */
static void k60_models_0x6a_0x6c(void **state)
{
	(void)state;
	assert_ptr_equal(uncore_gen_for_cpu(6, 0x6A, 0), gen("icx"));
	assert_ptr_equal(uncore_gen_for_cpu(6, 0x6A, 6), gen("icx"));
	assert_ptr_equal(uncore_gen_for_cpu(6, 0x6C, 1), gen("icx"));
	assert_string_equal(gen("icx")->suite, "skx");
}

/* K-63: the digest's list, CHA 0 at 0xE00 (0xB60 + 0x2A0), 0xE apart to
 * CHA 17, one set skipped, on to CHA 33 at 0xFDC, then from 0xB60. */
static uint32_t cha(unsigned n)
{
	if (n <= 17)
		return 0xE00 + 0xE * n;
	if (n <= 33)
		return 0xF0A + 0xE * (n - 18);
	return 0xB60 + 0xE * (n - 34);
}

static void k63_cha_offset_table(void **state)
{
	unsigned n, k;

	(void)state;
	assert_int_equal(cha(33), 0xFDC);
	for (n = 0; n < 40; n++) {
		expect_reg("icx", cha(n), "cha", n, 0, ROLE_BOX_CTL, 32);
		for (k = 0; k < 4; k++) {
			expect_reg("icx", cha(n) + 1 + k, "cha", n, k, ROLE_CTL, 64);
			expect_reg("icx", cha(n) + 8 + k, "cha", n, k, ROLE_CTR, 48);
		}
		expect_reg("icx", cha(n) + 5, "cha", n, 0, ROLE_FILTER, 32);
		expect_reg("icx", cha(n) + 7, "cha", n, 0, ROLE_GLOBAL_STATUS, 32);
		expect_absent("icx", cha(n) + 6); /* K-63: no FILTER1 */
	}
	for (k = 0; k < 0xE; k++)
		expect_absent("icx", 0xEFC + k); /* the gap */
	expect_absent("icx", 0xBB4);
}

/* K-65: FILTER0 tid 8:0 alone; the CTL's extended umask 57:32. */
static void k65_cha_filter_and_ctl(void **state)
{
	(void)state;
	assert_int_equal(reg_defined_mask(expect_reg("icx", 0xE05, "cha", 0, 0, ROLE_FILTER, 32)),
			 0x1FF);
	assert_true(reg_defined_mask(expect_reg("icx", 0xE01, "cha", 0, 0, ROLE_CTL, 64)) ==
		    (0xFFull | 0xFFull << 8 | 0xFull << 17 | 0x1ull << 22 | 0x1FFull << 23 |
		     0x3FFFFFFull << 32));
}

/* K-66: M2PCIe, IRP, IIO n at 0xA40, 0xA4A, 0xA50 plus 0, 0x20, 0x40,
 * 0x90, 0xB0, 0xD0; K-68: the IIO's I/O clock at +5, 48 bits, and its
 * bandwidth counters. */
static void k66_io_boxes(void **state)
{
	static const uint32_t o[6] = { 0x00, 0x20, 0x40, 0x90, 0xB0, 0xD0 };
	unsigned n, k;

	(void)state;
	for (n = 0; n < 6; n++) {
		expect_reg("icx", 0xA40 + o[n], "m2pcie", n, 0, ROLE_BOX_CTL, 32);
		expect_reg("icx", 0xA45 + o[n], "m2pcie", n, 0, ROLE_GLOBAL_STATUS, 32);
		expect_reg("icx", 0xA4A + o[n], "irp", n, 0, ROLE_BOX_CTL, 32);
		expect_reg("icx", 0xA4F + o[n], "irp", n, 0, ROLE_GLOBAL_STATUS, 32);
		expect_reg("icx", 0xA50 + o[n], "iio", n, 0, ROLE_BOX_CTL, 32);
		expect_reg("icx", 0xA55 + o[n], "iio", n, 0, ROLE_CTR, 48);
		expect_reg("icx", 0xA57 + o[n], "iio", n, 0, ROLE_GLOBAL_STATUS, 32);
		for (k = 0; k < 4; k++) {
			expect_reg("icx", 0xA41 + o[n] + k, "m2pcie", n, k, ROLE_CTR, 48);
			expect_reg("icx", 0xA46 + o[n] + k, "m2pcie", n, k, ROLE_CTL, 32);
			expect_reg("icx", 0xA51 + o[n] + k, "iio", n, k, ROLE_CTR, 48);
			expect_reg("icx", 0xA58 + o[n] + k, "iio", n, k, ROLE_CTL, 64);
		}
		for (k = 0; k < 2; k++) {
			expect_reg("icx", 0xA4B + o[n] + k, "irp", n, k, ROLE_CTR, 48);
			expect_reg("icx", 0xA4D + o[n] + k, "irp", n, k, ROLE_CTL, 32);
		}
	}
	/* K-68: IIO n's bandwidth counters at 0xAA0 + 0, 0x10, 0x20, 0x90,
	 * 0xA0, 0xB0, eight each, read-only, 48 bits */
	for (n = 0; n < 6; n++) {
		static const uint32_t b[6] = { 0x00, 0x10, 0x20, 0x90, 0xA0, 0xB0 };

		for (k = 0; k < 8; k++)
			assert_int_equal(expect_reg("icx", 0xAA0 + b[n] + k, "iio_free", n, k,
						    ROLE_CTR, 48)->access,
					 RA_RO);
		expect_absent("icx", 0xAA8 + b[n]);
	}
	/* K-66: the IIO's threshold 31:24, ch_mask 47:36, fc_mask 50:48 */
	assert_true(reg_defined_mask(expect_reg("icx", 0xA58, "iio", 0, 0, ROLE_CTL, 64)) ==
		    (0xFFFFull | 0x1ull << 17 | 0x1ull << 18 | 0x1ull << 20 | 0x3ull << 22 |
		     0xFFull << 24 | 0xFFFull << 36 | 0x7ull << 48));
}

/* K-60, K-61, K-62: SKX's U-box and PCU; the freeze bits at 63 and 61;
 * STATUS1 and STATUS2 at 0x70E and 0x70F; no 0x701. */
static void k62_global_registers(void **state)
{
	const struct reg_tmpl *g;

	(void)state;
	g = expect_reg("icx", 0x700, "ubox", 0, 0, ROLE_GLOBAL_CTL, 64);
	assert_true(reg_access_mask(g, FA_WO) == (1ull << 63 | 1ull << 61));
	expect_reg("icx", 0x70E, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 64);
	expect_reg("icx", 0x70F, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 64);
	expect_reg("icx", 0x704, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("icx", 0x709, "ubox", 0, 0, ROLE_CTR, 48);
	expect_reg("icx", 0x708, "ubox", 0, 0, ROLE_GLOBAL_STATUS, 32);
	expect_reg("icx", 0x710, "pcu", 0, 0, ROLE_BOX_CTL, 32);
	expect_reg("icx", 0x71A, "pcu", 0, 3, ROLE_CTR, 48);
	expect_absent("icx", 0x701);
}

/* K-67: LNX's restrictions, the events the suite counts free of them. */
static void k67_restrictions(void **state)
{
	struct reg_ref c, i, m;

	(void)state;
	assert_true(reg_lookup(gen("icx"), 0xE00, &c) && reg_lookup(gen("icx"), 0xA50, &i) &&
		    reg_lookup(gen("icx"), 0xA40, &m));
	assert_true(event_allowed(c.box, 0, 0x36, 1) && !event_allowed(c.box, 1, 0x36, 1));
	assert_true(!event_allowed(i.box, 2, 0x83, 0) && event_allowed(i.box, 3, 0xC0, 0) &&
		    !event_allowed(i.box, 1, 0xC5, 0));
	assert_true(!event_allowed(m.box, 2, 0x23, 0) && event_allowed(m.box, 1, 0x2D, 0));
	assert_true(event_allowed(c.box, 3, 0x00, 0) && event_allowed(i.box, 3, 0x01, 0) &&
		    event_allowed(m.box, 3, 0x01, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(k60_models_0x6a_0x6c),
		cmocka_unit_test(k63_cha_offset_table),
		cmocka_unit_test(k65_cha_filter_and_ctl),
		cmocka_unit_test(k66_io_boxes),
		cmocka_unit_test(k62_global_registers),
		cmocka_unit_test(k67_restrictions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
