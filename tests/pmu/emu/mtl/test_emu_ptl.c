/* Host tests of Panther Lake's package model (pmu/emu/mtl/ptl.c; spec
 * client-uncore.md §4.18): its legacy MSR units beside its discovery table,
 * through the model's own operations (struct emu_model and its PCI model),
 * each test named by the statement it checks, addresses and bits as
 * test_emu_mtl.h's constants from the digest, counts from its independent
 * reference; the table's global control found as software finds it (MSR
 * 0x201E, the global entry's qword 1: L-132, L-135). */
#include <stdlib.h>
#include "tests/pmu/emu/mtl/test_emu_mtl.h"

#define DISC_MSR 0x201Eu /* L-132 */
#define FRZ_ALL 1ull     /* L-135 */

static void *m;
static const struct ref lookups0 = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F };
static const struct ref arb_req = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };

static int prd_rc(uint32_t msr, uint64_t now, uint64_t *v)
{
	return ptl_model.rdmsr(m, 0, msr, now, v);
}
static int pwr_rc(uint32_t msr, uint64_t v, uint64_t now)
{
	return ptl_model.wrmsr(m, 0, msr, v, now);
}
static uint64_t prd(uint32_t msr, uint64_t now)
{
	uint64_t v = 0xDEAD;

	assert_int_equal(prd_rc(msr, now, &v), 0);
	return v;
}
static void pwr(uint32_t msr, uint64_t v, uint64_t now)
{
	assert_int_equal(pwr_rc(msr, v, now), 0);
}

/* One package, both families clean, at cycle 0: the MSR units, then the
 * table (the backend's order, pmu/backend/emu.c). */
static void boot(void)
{
	free(m);
	m = calloc(1, ptl_model.size);
	assert_non_null(m);
	ptl_model.init(m, 0, 2, 0xCC, 0, 0);
	ptl_model.pci->init(m, 0, 0, 1, 0, 0);
}

/* The table's global control (L-132, D-10, L-135). */
static uint64_t gctl(void)
{
	uint64_t q1 = 0;

	assert_int_equal(ptl_model.pci->mmio(m, prd(DISC_MSR, 0) + 8, 8, false, &q1, 0), 0);
	return q1;
}
static void gctl_wr(uint64_t v, uint64_t now)
{
	assert_int_equal(ptl_model.pci->mmio(m, gctl(), 8, true, &v, now), 0);
}

/* A booted package with the freeze-all clear. */
static void thawed(void)
{
	boot();
	gctl_wr(0, 0);
}

/* L-141: six C-boxes at layout E's C-box addresses, SANTA's two boxes at
 * the ARB's, the IA core bridge at 0x2022/0x2028, each counter counting
 * its own select's events; no HAC C-box and no sNCU MSR (passed on). */
static void l141_units_at_their_addresses(void **state)
{
	unsigned n, k;

	(void)state;
	for (n = 0; n < 6; n++)
		for (k = 0; k < 2; k++) {
			const struct ref r = { .unit = CLIENT_UNIT_CBOX(n), .ev = 0x34, .um = 0x8F };

			thawed();
			pwr(CBO_SEL(n, k), ref_sel(&r, 0), 0);
			pwr(ARB_SEL(k, n & 1), ref_sel(&arb_req, 0), 0);
			pwr(PTL_BRIDGE_SEL(k), ref_sel(&arb_req, 0), 0);
			pwr(CNCU_BOX, BOX_EN, 0);
			assert_int_equal(prd(CBO_CTR(n, k), 3000), ref_count(&r, 0, 3000));
			assert_int_equal(prd(ARB_CTR(k, n & 1), 3000), ref_count(&arb_req, 0, 3000));
			assert_int_equal(prd(PTL_BRIDGE_CTR(k), 3000), ref_count(&arb_req, 0, 3000));
		}
	assert_int_equal(pwr_rc(HCBO_SEL(0, 0), 0, 0), -1);
	assert_int_equal(pwr_rc(SNCU_BOX, 0, 0), -1);
	assert_int_equal(pwr_rc(HARB_SEL(0, 0), 0, 0), -1);
}

/* L-142, OQ-L59: no seventh C-box and no CBO_CONFIG (#GP). */
static void l142_six_cboxes_no_cbo_config(void **state)
{
	uint64_t v;

	(void)state;
	boot();
	assert_int_equal(pwr_rc(CBO_SEL(6, 0), 0, 0), VEC_GP);
	assert_int_equal(prd_rc(CBO_CTR(7, 1), 0, &v), VEC_GP);
	assert_int_equal(prd_rc(CBO_CONFIG, 0, &v), VEC_GP);
}

/* L-143, OQ-L60: cNCU box b's fixed counter at 0x2408 + 0x140b counts
 * every clock with its FIXED_CTRL's EN and its own box control's EN; the
 * rest of the block is no register (passed on). */
static void l143_cncu_boxes_0x140_apart(void **state)
{
	unsigned b;

	(void)state;
	for (b = 0; b < 2; b++) {
		thawed();
		pwr(PTL_CNCU_FCTL(b), FC_EN, 0);
		pwr(PTL_CNCU_BOX(b), BOX_EN, 100);
		assert_int_equal(prd(PTL_CNCU_FCTR(b), 1100), 1000);
		assert_int_equal(prd(PTL_CNCU_FCTR(b ^ 1), 1100), 0);
		assert_int_equal(pwr_rc(PTL_CNCU_FCTL(b) + 1, 0, 0), -1);
	}
}

/* L-144, OQ-L61: 0x240E's EN starts the C-boxes, SANTA, the bridge and
 * cNCU box 0's fixed counter; 0x254E's cNCU box 1's alone; a select's own
 * EN clear: nothing. */
static void l144_per_box_enables(void **state)
{
	(void)state;
	thawed();
	pwr(CBO_SEL(0, 0), ref_sel(&lookups0, 0), 0);
	pwr(PTL_BRIDGE_SEL(0), ref_sel(&arb_req, 0), 0);
	pwr(ARB_SEL(1, 1), ref_sel(&arb_req, 0) & ~ES_EN, 0);
	pwr(PTL_CNCU_FCTL(0), FC_EN, 0);
	pwr(PTL_CNCU_FCTL(1), FC_EN, 0);
	pwr(PTL_CNCU_BOX(1), BOX_EN, 0);
	assert_int_equal(prd(CBO_CTR(0, 0), 2000), 0);
	assert_int_equal(prd(PTL_BRIDGE_CTR(0), 2000), 0);
	assert_int_equal(prd(PTL_CNCU_FCTR(0), 2000), 0);
	assert_int_equal(prd(PTL_CNCU_FCTR(1), 2000), 2000);
	pwr(PTL_CNCU_BOX(0), BOX_EN, 2000);
	assert_int_equal(prd(CBO_CTR(0, 0), 5000), ref_count(&lookups0, 2000, 5000));
	assert_int_equal(prd(PTL_BRIDGE_CTR(0), 5000), ref_count(&arb_req, 2000, 5000));
	assert_int_equal(prd(PTL_CNCU_FCTR(0), 5000), 3000);
	assert_int_equal(prd(ARB_CTR(1, 1), 5000), 0);
}

/* L-135, L-145, OQ-L62: the table's freeze-all, set at power-on, holds the
 * MSR units until software clears it; set again, it holds them again. */
static void l145_freeze_all_holds_the_msr_units(void **state)
{
	(void)state;
	boot();
	pwr(PTL_CNCU_FCTL(0), FC_EN, 0);
	pwr(CBO_SEL(0, 0), ref_sel(&lookups0, 0), 0);
	pwr(PTL_CNCU_BOX(0), BOX_EN, 0);
	assert_int_equal(prd(PTL_CNCU_FCTR(0), 1000), 0);
	assert_int_equal(prd(CBO_CTR(0, 0), 1000), 0);
	gctl_wr(0, 1000);
	gctl_wr(FRZ_ALL, 4000);
	assert_int_equal(prd(PTL_CNCU_FCTR(0), 9000), 3000);
	assert_int_equal(prd(CBO_CTR(0, 0), 9000), ref_count(&lookups0, 1000, 4000));
}

/* L-146: a counter wraps past 2^48 - 1 to 0 and counts on, OVF_EN set or
 * not, and no PMI comes (OQ-L53). */
static void l146_wrap_goes_on_no_pmi(void **state)
{
	struct emu_pmi_req req[4];

	(void)state;
	thawed();
	pwr(PTL_CNCU_FCTR(1), MAX48 - 9, 0);
	pwr(PTL_CNCU_FCTL(1), FC_EN | 1ull << 20, 0);
	pwr(PTL_CNCU_BOX(1), BOX_EN, 0);
	assert_int_equal(prd(PTL_CNCU_FCTR(1), 30), 20);
	assert_int_equal(ptl_model.take_pmi(m, 100, req, 4), 0);
}

/* L-132: the table stays reachable beside the MSR units. */
static void l132_table_beside_the_units(void **state)
{
	uint64_t q0 = 0;

	(void)state;
	boot();
	assert_int_not_equal(prd(DISC_MSR, 0), 0);
	assert_int_equal(ptl_model.pci->mmio(m, prd(DISC_MSR, 0), 8, false, &q0, 0), 0);
	assert_int_equal(q0 >> 62, 1); /* L-135: the global control in MMIO */
	assert_int_equal(pwr_rc(DISC_MSR, 0, 0), VEC_GP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l132_table_beside_the_units),
		cmocka_unit_test(l141_units_at_their_addresses),
		cmocka_unit_test(l142_six_cboxes_no_cbo_config),
		cmocka_unit_test(l143_cncu_boxes_0x140_apart),
		cmocka_unit_test(l144_per_box_enables),
		cmocka_unit_test(l145_freeze_all_holds_the_msr_units),
		cmocka_unit_test(l146_wrap_goes_on_no_pmi),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	free(m);
	return rc;
}
