/* Host tests of layout F's MMIO units behind SAFBAR (pmu/emu/mtl/saf.c;
 * spec client-uncore.md §4.17), each named by the statement it checks,
 * offsets and bits as test_emu_mtl.h's constants. */
#include "tests/pmu/emu/mtl/test_emu_mtl.h"

static struct lnl_mmio u;

/* L-119: SAFBAR at configuration offset 0x68 beside MCHBAR's 0x48. */
static void l119_safbar(void **state)
{
	(void)state;
	assert_int_equal(lnl_mmio_model.nbars, 2);
	assert_int_equal(lnl_mmio_model.bar[0].cfg_off, 0x48);
	assert_int_equal(lnl_mmio_model.bar[1].cfg_off, 0x68);
}

/* L-120, L-121, L-122, OQ-L54: FFH one a clock on the sNCU's and each
 * HBO's counters at Intel's addresses; threshold, invert, edge; no
 * register at Linux's sNCU control addresses. */
static void l120_l122_counting(void **state)
{
	uint64_t v;

	(void)state;
	lnl_mmio_model.init(&u, 0, 0, 0, 0);
	saf_wr(&u, SNCU_CTL(1), 0xFF, 0);
	saf_wr(&u, HBO_CTL(0, 3), 0xFF | 2ull << 24 | 1ull << 23, 0);
	saf_wr(&u, HBO_CTL(1, 2), 0xFF | 1ull << 24 | 1ull << 18, 0);
	saf_wr(&u, HBO_CTL(1, 1), 0xFF | 2ull << 24, 0);
	assert_int_equal(saf_rd(&u, SNCU_CTR(1), 1000), 1000);
	assert_int_equal(saf_rd(&u, HBO_CTR(0, 3), 1000), 1000);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 2), 1000), 1);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 1), 1000), 0);
	assert_int_equal(lnl_mmio_model.read(&u, 1, 0xE4B39C, 8, 1000, &v), -1);
}

/* L-124, L-125, L-127: each unit's wrap, the controllers' included, sets
 * its status bit; 1 clears a bit alone, 0 leaves it. */
static void l124_l127_status_w1c(void **state)
{
	unsigned b;

	(void)state;
	lnl_mmio_model.init(&u, 0, 0, 0, 0);
	saf_wr(&u, SNCU_CTL(0), 0xFF, 0);
	saf_wr(&u, SNCU_CTR(0), ~0ull - 9, 0);
	for (b = 0; b < 2; b++) {
		saf_wr(&u, HBO_CTL(b, 1), 0xFF, 0);
		saf_wr(&u, HBO_CTR(b, 1), ~0ull - 9, 0);
		assert_int_equal(lnl_mmio_model.write(&u, 0, IMC(b, IMC_CTL(4)), 4, 0x01, 0), 0);
		assert_int_equal(lnl_mmio_model.write(&u, 0, IMC(b, IMC_CTR(4)), 8, ~0ull - 9, 0), 0);
	}
	assert_int_equal(saf_rd(&u, SAF_STATUS, 5), 0);
	assert_int_equal(saf_rd(&u, SAF_STATUS, 20), 0x1F);
	saf_wr(&u, SAF_STATUS, 0, 20);
	assert_int_equal(saf_rd(&u, SAF_STATUS, 20), 0x1F);
	saf_wr(&u, SAF_STATUS, 1u << 3, 20);
	assert_int_equal(saf_rd(&u, SAF_STATUS, 20), 0x17);
	saf_wr(&u, SAF_STATUS, 1u << 0 | 1u << 4, 20);
	assert_int_equal(saf_rd(&u, SAF_STATUS, 20), 0x06);
}

/* L-123, L-125, L-126, OQ-L51, OQ-L52: a wrap with freeze on overflow sets
 * freeze-all at its cycle, every unit stops; a unit's own freeze stops it
 * alone; the resets act and read 0. */
static void l123_l126_freezes(void **state)
{
	(void)state;
	lnl_mmio_model.init(&u, 0, 0, 0, 0);
	saf_wr(&u, SNCU_CTL(0), 0xFF | 1ull << 20, 0);
	saf_wr(&u, SNCU_CTR(0), ~0ull - 99, 0);
	saf_wr(&u, HBO_CTL(1, 0), 0xFF, 0);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 0), 1000), 100);
	assert_int_equal(saf_rd(&u, SAF_GCTL, 1000), 1);
	saf_wr(&u, SAF_GCTL, 0, 1000);
	saf_wr(&u, HBO_UNIT(1), 1, 1500);
	saf_wr(&u, HBO_CTL(0, 0), 0xFF, 1000);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 0), 3000), 600);
	saf_wr(&u, HBO_UNIT(1), 1u << 9 | 1, 3000);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 0), 3000), 0);
	assert_int_equal(saf_rd(&u, HBO_UNIT(1), 3000), 1);
	assert_int_equal(saf_rd(&u, HBO_CTL(1, 0), 3000), 0xFF);
	saf_wr(&u, SAF_GCTL, 2, 3000);
	assert_int_equal(saf_rd(&u, HBO_CTL(1, 0), 3000), 0);
	assert_int_equal(saf_rd(&u, SAF_GCTL, 3000), 0);
}

/* L-122, L-125: the wrap of an edge-detect counter takes effect at its
 * cycle too: one at 2^64 - 1 counts its first cycle's edge, wraps at the
 * next and sets freeze-all there, however late the model is next read. */
static void l122_l125_edge_wrap_at_its_cycle(void **state)
{
	(void)state;
	lnl_mmio_model.init(&u, 0, 0, 0, 0);
	saf_wr(&u, SNCU_CTL(1), 0xFF, 100);
	saf_wr(&u, HBO_CTR(1, 3), ~0ull, 100);
	saf_wr(&u, HBO_CTL(1, 3), 0xFF | 1ull << 18 | 1ull << 20, 100);
	assert_int_equal(saf_rd(&u, SNCU_CTR(1), 5000), 1);
	assert_int_equal(saf_rd(&u, HBO_CTR(1, 3), 5000), 0);
	assert_int_equal(saf_rd(&u, SAF_GCTL, 5000), 1);
	assert_int_equal(saf_rd(&u, SAF_STATUS, 5000), 1u << 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l119_safbar),
		cmocka_unit_test(l120_l122_counting),
		cmocka_unit_test(l124_l127_status_w1c),
		cmocka_unit_test(l123_l126_freezes),
		cmocka_unit_test(l122_l125_edge_wrap_at_its_cycle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
