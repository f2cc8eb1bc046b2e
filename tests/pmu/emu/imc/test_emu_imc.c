/* Host tests of the emulated memory controllers behind MCHBAR
 * (pmu/emu/imc/model.c; spec client-uncore.md §4.16), each named by the
 * statement it checks, offsets and bits as test_emu_imc.h's constants. */
#include "tests/pmu/emu/imc/test_emu_imc.h"

static struct imc_emu u;

static void init_imc(emu_faults_t f)
{
	imc_emu_model.init(&u, 0, f, 0, 0);
}

/* L-110: MCHBAR at configuration offset 0x48 (the model's one BAR), two
 * controllers 0x10000 apart; nothing between the blocks. */
static void l110_mchbar_two_controllers(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(imc_emu_model.nbars, 1);
	assert_int_equal(imc_emu_model.bar[0].cfg_off, 0x48);
	assert_int_equal(imc_emu_model.bar[0].base & 0x7FFF, 0);
	init_imc(0);
	imc_wr(&u, IMC(0, IMC_CTL(2)), 0x22, 0);
	imc_wr(&u, IMC(1, IMC_CTL(2)), 0x23, 0);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTL(2)), 0), 0x22);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTL(2)), 0), 0x23);
	assert_int_equal(imc_emu_model.read(&u, 0, 0x8000 + IMC_CTL(2), 4, 0, &v), -1);
}

/* L-110: from Alder Lake on the memory controllers are there: the models
 * of layouts D (adl), E (mtl, arl) and F (lnl) present them, with the
 * defect family IMC switched beside their own; an earlier layout (snb's
 * A ... tgl's C) presents none. */
static void l110_from_alder_lake_on(void **state)
{
	static const char *const with[] = { "adl", "mtl", "arl", "lnl" };
	static const char *const without[] = { "snb", "skl", "icl", "tgl" };
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(with); i++) {
		const struct emu_mmio_model *mm = emu_binding_for(with[i])->model->mmio;

		assert_non_null(mm);
		assert_int_equal(mm->defects, EMU_FAM_IMC);
		assert_int_equal(mm->bar[0].cfg_off, 0x48);
	}
	assert_ptr_equal(emu_binding_for("adl")->model->mmio, &imc_emu_model);
	for (i = 0; i < ARRAY_SIZE(without); i++)
		assert_null(emu_binding_for(without[i])->model->mmio);
}

/* L-111, L-116: controls 32 bits at + 4k, counters 64 bits at + 8k; an
 * access of the other width is no register. */
static void l111_l116_widths(void **state)
{
	uint64_t v;

	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(1, IMC_CTR(4)), ~0ull - 5, 0);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(4)), 0), ~0ull - 5);
	assert_int_equal(imc_emu_model.read(&u, 0, IMC(0, IMC_CTR(0)), 4, 0, &v), -1);
	assert_int_equal(imc_emu_model.read(&u, 0, IMC(0, IMC_CTL(0)), 8, 0, &v), -1);
}

/* L-112: no enable: a control with an event counts while the box runs;
 * threshold, invert, edge on clock ticks; bit 17 clears the counter and
 * reads 0. */
static void l112_control(void **state)
{
	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(0, IMC_CTL(0)), 0x01, 0);
	imc_wr(&u, IMC(0, IMC_CTL(1)), 0x01 | IMC_TH(1) | IMC_INV, 0);
	imc_wr(&u, IMC(0, IMC_CTL(2)), 0x01 | IMC_TH(2) | IMC_INV, 0);
	imc_wr(&u, IMC(0, IMC_CTL(3)), 0x01 | IMC_TH(1) | IMC_EDGE, 0);
	imc_wr(&u, IMC(0, IMC_CTL(4)), 0x01 | IMC_TH(2), 0);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(0)), 1000), 1000);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(1)), 1000), 0);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(2)), 1000), 1000);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(3)), 1000), 1);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(4)), 1000), 0);
	imc_wr(&u, IMC(0, IMC_CTL(0)), 0x01 | IMC_RST, 1000);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTL(0)), 1000), 0x01);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(0)), 1500), 500);
}

/* L-113, OQ-L46: FREEZE stops the box's counters; bit 1 clears its
 * controls, bit 2 its counters, both reading 0 after. */
static void l113_box_control(void **state)
{
	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(1, IMC_CTL(0)), 0x01, 0);
	imc_wr(&u, IMC(1, IMC_BOX), IMC_FRZ, 100);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(0)), 900), 100);
	imc_wr(&u, IMC(1, IMC_BOX), IMC_FRZ | IMC_RST_CTRS, 900);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(0)), 900), 0);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTL(0)), 900), 0x01);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_BOX), 900), IMC_FRZ);
	imc_wr(&u, IMC(1, IMC_BOX), IMC_RST_CTRL, 900);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTL(0)), 900), 0);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_BOX), 900), 0);
}

/* L-114, OQ-L47: controller 1's GLOBAL_CTL bit 0 freezes both; a wrap
 * with freeze on overflow sets it, at the wrap. */
static void l114_oq_l47_global_freeze(void **state)
{
	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(0, IMC_CTL(0)), 0x01, 0);
	imc_wr(&u, IMC(1, IMC_CTL(0)), 0x01, 0);
	imc_wr(&u, IMC(1, IMC_GCTL), IMC_FRZ, 100);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(0)), 500), 100);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(0)), 500), 100);
	imc_wr(&u, IMC(1, IMC_GCTL), 0, 500);
	imc_wr(&u, IMC(0, IMC_CTL(1)), 0x01 | IMC_FRZ_OV, 500);
	imc_wr(&u, IMC(0, IMC_CTR(1)), ~0ull - 9, 500);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(1)), 600), 0);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_GCTL), 600), IMC_FRZ);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(0)), 600), 110);
}

/* L-112, OQ-L47: the wrap of an edge-detect counter takes effect at its
 * cycle too: one at 2^64 - 1 counts its first cycle's edge, wraps at the
 * next and freezes both controllers there, however late the model is
 * next read. */
static void l112_oq_l47_edge_wrap_at_its_cycle(void **state)
{
	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(1, IMC_CTL(0)), 0x01, 100);
	imc_wr(&u, IMC(0, IMC_CTR(2)), ~0ull, 100);
	imc_wr(&u, IMC(0, IMC_CTL(2)), 0x01 | IMC_EDGE | IMC_FRZ_OV, 100);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_CTR(0)), 5000), 1);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(2)), 5000), 0);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_GCTL), 5000), IMC_FRZ);
}

/* L-115, L-131: the streaming workload's lines split between the
 * controllers: 22H/23H and the free-running read/write counters count
 * them, the total both; frozen boxes stop 22H/23H, never the free-running
 * counters. */
static void l115_l131_traffic(void **state)
{
	(void)state;
	init_imc(0);
	imc_wr(&u, IMC(0, IMC_CTL(0)), 0x22, 0);
	imc_wr(&u, IMC(1, IMC_CTL(0)), 0x22, 0);
	imc_wr(&u, IMC(0, IMC_CTL(1)), 0x23, 0);
	imc_emu_model.traffic(&u, 0, 1001, false, 10);
	imc_emu_model.traffic(&u, 0, 400, true, 20);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(0)), 30) + imc_rd(&u, IMC(1, IMC_CTR(0)), 30),
			 1001);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(1)), 30), 200);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_FR_RD), 30) + imc_rd(&u, IMC(1, IMC_FR_RD), 30),
			 1001);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_FR_WR), 30), 200);
	assert_int_equal(imc_rd(&u, IMC(1, IMC_FR_TOTAL), 30), 500 + 200);
	imc_wr(&u, IMC(0, IMC_BOX), IMC_FRZ, 30);
	imc_emu_model.traffic(&u, 0, 2, false, 40);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_CTR(0)), 50), 501);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_FR_RD), 50), 502);
}

/* L-138, OQ-L63: Panther Lake's model presents MCHBAR (configuration
 * offset 0x48) with the free-running counters alone, counting the
 * declared stream as L-115's; its PMON blocks are no register. */
static void l138_oq_l63_ptl_freerun_only(void **state)
{
	const struct emu_mmio_model *mm = emu_binding_for("ptl")->model->mmio;
	uint64_t v;

	(void)state;
	assert_ptr_equal(mm, &imc_fr_emu_model);
	assert_int_equal(mm->defects, EMU_FAM_IMC);
	assert_int_equal(mm->bar[0].cfg_off, 0x48);
	mm->init(&u, 0, 0, 0, 0);
	mm->traffic(&u, 0, 301, false, 10);
	mm->traffic(&u, 0, 100, true, 20);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_FR_RD), 30) + imc_rd(&u, IMC(1, IMC_FR_RD), 30),
			 301);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_FR_WR), 30) + imc_rd(&u, IMC(1, IMC_FR_WR), 30),
			 100);
	assert_int_equal(imc_rd(&u, IMC(0, IMC_FR_TOTAL), 30), 151 + 50);
	assert_int_equal(mm->read(&u, 0, IMC(0, IMC_BOX), 4, 30, &v), -1);
	assert_int_equal(mm->read(&u, 0, IMC(1, IMC_CTR(0)), 8, 30, &v), -1);
	assert_int_equal(mm->write(&u, 0, IMC(1, IMC_GCTL), 4, IMC_FRZ, 30), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l110_mchbar_two_controllers),
		cmocka_unit_test(l110_from_alder_lake_on),
		cmocka_unit_test(l111_l116_widths),
		cmocka_unit_test(l112_control),
		cmocka_unit_test(l113_box_control),
		cmocka_unit_test(l114_oq_l47_global_freeze),
		cmocka_unit_test(l112_oq_l47_edge_wrap_at_its_cycle),
		cmocka_unit_test(l115_l131_traffic),
		cmocka_unit_test(l138_oq_l63_ptl_freerun_only),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
