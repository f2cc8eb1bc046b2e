/* Host test of the defects of layouts E and F and of Panther Lake's MSR
 * units (EMU_MTL_FAULTS, pmu/emu/mtl/defects.h),
 * table-driven: each defect has a row with a scenario and what the digest
 * says it must give (a value fixed by the statement or by the reference
 * of test_emu_mtl.h); the clean model gives exactly that, the defect
 * something else. Every mtl- defect must have a row. */
#include "tests/pmu/emu/mtl/test_emu_mtl.h"
#include "tests/pmu/emu/test_fault_rows.h"

static struct mtl_uncore u;

static const struct ref lookups0 = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F };

/* C-box 0 counter 0 with r's select (and flags) under box controls c, s
 * from cycle 0: its value at `at`. */
static uint64_t cbox(emu_faults_t f, const struct ref *r, uint64_t flags, uint64_t c,
		     uint64_t s, uint64_t at)
{
	init(&u, f, 2);
	wr(&u, CBO_SEL(0, 0), ref_sel(r, flags), 0);
	wr(&u, CNCU_BOX, c, 0);
	wr(&u, SNCU_BOX, s, 0);
	return rd(&u, CBO_CTR(0, 0), at);
}

static uint64_t box_en(emu_faults_t f) { return cbox(f, &lookups0, 0, 0, 0, 5000); } /* L-105 */
static uint64_t tiles(emu_faults_t f) { return cbox(f, &lookups0, 0, 0, BOX_EN, 5000); } /* OQ-L40 */
static uint64_t one_enable(emu_faults_t f) /* OQ-L40: the SoC tile's own enable */
{
	init(&u, f, 2);
	wr(&u, SNCU_FCTL, FC_EN, 0);
	wr(&u, SNCU_BOX, BOX_EN, 0);
	return rd(&u, SNCU_FCTR, 1000);
}
static uint64_t local_en(emu_faults_t f) /* L-105 */
{
	init(&u, f, 2);
	wr(&u, CBO_SEL(0, 0), ref_sel(&lookups0, 0) & ~ES_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	return rd(&u, CBO_CTR(0, 0), 5000);
}
static uint64_t reserved(emu_faults_t f) /* OQ-L42 */
{
	init(&u, f, 2);
	return (uint64_t)mtl_wrmsr(&u, 0, ARB_SEL(0, 0), 1ull << 31, 0);
}
static uint64_t cbo_config(emu_faults_t f) { init(&u, f, 2); return rd(&u, CBO_CONFIG, 0); }
static uint64_t width(emu_faults_t f) /* L-102 */
{
	init(&u, f, 2);
	wr(&u, CBO_CTR(1, 0), ~0ull, 0);
	return rd(&u, CBO_CTR(1, 0), 0);
}
static uint64_t hac_alias(emu_faults_t f) /* L-103 */
{
	init(&u, f, 2);
	wr(&u, HARB_SEL(0, 0), 0x81, 0);
	wr(&u, HARB_SEL(1, 0), 0x84, 0);
	return rd(&u, HARB_SEL(0, 0), 0);
}
static uint64_t thresh_top(emu_faults_t f) /* L-107: 32 never reached */
{
	const struct ref r = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F, .thresh = 32 };

	return cbox(f, &r, 0, BOX_EN, 0, 5000);
}
static uint64_t thresh1(emu_faults_t f) /* L-107: >= 1 */
{
	const struct ref r = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F, .thresh = 1 };

	return cbox(f, &r, 0, BOX_EN, 0, 5000);
}
static uint64_t inv(emu_faults_t f) /* L-107 */
{
	const struct ref r = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F, .thresh = 1,
			.inv = true };

	return cbox(f, &r, 0, BOX_EN, 0, 5000);
}
static uint64_t edge(emu_faults_t f) /* L-107 */
{
	const struct ref r = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F, .thresh = 1,
			.edge = true };

	return cbox(f, &r, 0, BOX_EN, 0, 5000);
}
static uint64_t sncu_rate(emu_faults_t f) /* L-104 */
{
	init(&u, f, 2);
	wr(&u, SNCU_FCTL, FC_EN, 0);
	wr(&u, SNCU_BOX, BOX_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	return rd(&u, SNCU_FCTR, 1000);
}
static uint64_t wrap(emu_faults_t f) /* OQ-L42 */
{
	init(&u, f, 2);
	wr(&u, CNCU_FCTR, MAX48 - 9, 0);
	wr(&u, CNCU_FCTL, FC_EN, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	return rd(&u, CNCU_FCTR, 30);
}
static uint64_t pmi(emu_faults_t f) /* OQ-L53 */
{
	struct emu_pmi_req req[4];

	init(&u, f, 2);
	wr(&u, CBO_CTR(0, 0), MAX48 - 9, 0);
	wr(&u, CBO_SEL(0, 0), 0x34 | 0x8Full << 8 | 32ull << 24 | ES_INV | ES_EN | ES_OVF, 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	return mtl_take_pmi(&u, 100, req, 4);
}

/* Panther Lake's MSR units (L-141..L-145) on the same model. */
static void ptl(emu_faults_t f) { ptl_msr_init(&u, f, 2, 0xCC, 0, 0); }
static uint64_t frz_spares(emu_faults_t f) /* L-145, OQ-L62: held under the freeze-all */
{
	ptl(f);
	mtl_hold(&u, true, 0);
	wr(&u, CBO_SEL(0, 0), ref_sel(&lookups0, 0), 0);
	wr(&u, CNCU_BOX, BOX_EN, 0);
	return rd(&u, CBO_CTR(0, 0), 5000);
}
static uint64_t bridge_ungated(emu_faults_t f) /* L-144, OQ-L61: 0x240E gates the bridge */
{
	ptl(f);
	wr(&u, PTL_BRIDGE_SEL(0), 0x0181 | ES_EN, 0); /* ARB requests, L-147 */
	return rd(&u, PTL_BRIDGE_CTR(0), 5000);
}
static uint64_t cncu_stride(emu_faults_t f) /* L-143: box 1 at 0x2542..0x254E */
{
	uint64_t v = 0xDEAD;

	ptl(f);
	(void)mtl_wrmsr(&u, 0, PTL_CNCU_FCTL(1), FC_EN, 0);
	(void)mtl_wrmsr(&u, 0, PTL_CNCU_BOX(1), BOX_EN, 0);
	(void)mtl_rdmsr(&u, 0, PTL_CNCU_FCTR(1), 1000, &v);
	return v;
}
static uint64_t cbo_config_p(emu_faults_t f) /* OQ-L59: none on Panther Lake */
{
	uint64_t v;

	ptl(f);
	return (uint64_t)mtl_rdmsr(&u, 0, CBO_CONFIG, 0, &v);
}

/* Layout F's units behind SAFBAR (pmu/emu/mtl/saf.c). */
static struct lnl_mmio lm;

/* Counter 0 of the sNCU, HBO 0 and HBO 1 and of both controllers preset 10
 * below their wrap, counting clocks from 0 (OQ-L54, L-131). */
static void wraps(emu_faults_t f)
{
	unsigned b;

	lnl_mmio_model.init(&lm, f, 0, 0, 0);
	saf_wr(&lm, SNCU_CTL(0), 0xFF, 0);
	saf_wr(&lm, SNCU_CTR(0), ~0ull - 9, 0);
	for (b = 0; b < 2; b++) {
		saf_wr(&lm, HBO_CTL(b, 0), 0xFF, 0);
		saf_wr(&lm, HBO_CTR(b, 0), ~0ull - 9, 0);
		assert_int_equal(lnl_mmio_model.write(&lm, 0, IMC(b, IMC_CTL(0)), 4, 0x01, 0), 0);
		assert_int_equal(lnl_mmio_model.write(&lm, 0, IMC(b, IMC_CTR(0)), 8, ~0ull - 9, 0), 0);
	}
}
static uint64_t st_after(emu_faults_t f) { wraps(f); return saf_rd(&lm, SAF_STATUS, 100); } /* L-124 */
static uint64_t st_w0(emu_faults_t f) /* L-124: 0 leaves it */
{
	wraps(f);
	saf_wr(&lm, SAF_STATUS, 0, 100);
	return saf_rd(&lm, SAF_STATUS, 100);
}
static uint64_t st_w1(emu_faults_t f) /* L-124: 1 clears that bit alone */
{
	wraps(f);
	saf_wr(&lm, SAF_STATUS, 1u << 2, 100);
	return saf_rd(&lm, SAF_STATUS, 100);
}
static uint64_t sncu_ctl(emu_faults_t f) /* L-120, OQ-L50 */
{
	uint64_t v = 0;

	lnl_mmio_model.init(&lm, f, 0, 0, 0);
	(void)lnl_mmio_model.write(&lm, 1, SNCU_CTL(1), 8, 0xFF, 0); /* none there: dropped */
	(void)lnl_mmio_model.read(&lm, 1, SNCU_CTR(1), 8, 500, &v);
	return v;
}
static uint64_t frz_all(emu_faults_t f) /* L-123 */
{
	lnl_mmio_model.init(&lm, f, 0, 0, 0);
	saf_wr(&lm, HBO_CTL(0, 2), 0xFF, 0);
	saf_wr(&lm, SAF_GCTL, 1, 200);
	return saf_rd(&lm, HBO_CTR(0, 2), 500);
}
static uint64_t unit_frz(emu_faults_t f) /* L-126 */
{
	lnl_mmio_model.init(&lm, f, 0, 0, 0);
	saf_wr(&lm, HBO_CTL(1, 2), 0xFF, 0);
	saf_wr(&lm, HBO_UNIT(1), 1, 300);
	return saf_rd(&lm, HBO_CTR(1, 2), 500);
}

enum { WANT_LOOKUPS = 1u << 31, WANT_T1, WANT_INV, WANT_EDGE };
struct row {
	unsigned bit;
	uint64_t (*run)(emu_faults_t f);
	uint64_t want; /* WANT_*: from the reference, computed at run time */
};
#define R(id, fn, want_) { .bit = EMU_FAULT_BIT_MTL_##id, .run = fn, .want = want_ }

static const struct row rows[] = {
	R(BOX_EN_IGNORED, box_en, 0),
	R(TILES_SWAPPED, tiles, 0),
	R(ONE_ENABLE, one_enable, 1000),
	R(LOCAL_EN_IGNORED, local_en, 0),
	R(RESERVED_ACCEPTED, reserved, VEC_GP),
	R(CBO_CONFIG_PLUS_ONE, cbo_config, 2),
	R(WIDTH_44, width, MAX48),
	R(HAC_ARB_ALIAS, hac_alias, 0x81),
	R(THRESH_5_BITS, thresh_top, 0),
	R(THRESH_OFF_BY_ONE, thresh1, WANT_T1),
	R(INV_IGNORED, inv, WANT_INV),
	R(EDGE_IGNORED, edge, WANT_EDGE),
	R(SNCU_HALF_RATE, sncu_rate, 1000),
	R(WRAP_STOPS, wrap, 20),
	R(PMI_ON_WRAP, pmi, 0),
	{ .bit = EMU_FAULT_BIT_LNL_STATUS_NOT_W1C, .run = st_w0, .want = 0x1F },
	{ .bit = EMU_FAULT_BIT_LNL_STATUS_CLEARS_ALL, .run = st_w1, .want = 0x1B },
	{ .bit = EMU_FAULT_BIT_LNL_HBO1_STATUS_BIT3, .run = st_after, .want = 0x1F },
	{ .bit = EMU_FAULT_BIT_LNL_MC_STATUS_MISSING, .run = st_after, .want = 0x1F },
	{ .bit = EMU_FAULT_BIT_LNL_SNCU_CTL_LINUX, .run = sncu_ctl, .want = 500 },
	{ .bit = EMU_FAULT_BIT_LNL_FRZ_ALL_IGNORED, .run = frz_all, .want = 200 },
	{ .bit = EMU_FAULT_BIT_LNL_UNIT_FRZ_IGNORED, .run = unit_frz, .want = 300 },
	{ .bit = EMU_FAULT_BIT_PTL_FRZ_ALL_SPARES_MSR, .run = frz_spares, .want = 0 },
	{ .bit = EMU_FAULT_BIT_PTL_BRIDGE_UNGATED, .run = bridge_ungated, .want = 0 },
	{ .bit = EMU_FAULT_BIT_PTL_CNCU_STRIDE_0X100, .run = cncu_stride, .want = 1000 },
	{ .bit = EMU_FAULT_BIT_PTL_CBO_CONFIG_PRESENT, .run = cbo_config_p, .want = VEC_GP },
};

static uint64_t want_of(const struct row *r)
{
	struct ref x = { .unit = CLIENT_UNIT_CBOX(0), .ev = 0x34, .um = 0x8F, .thresh = 1 };

	switch (r->want) {
	case WANT_T1:
		return ref_count(&x, 0, 5000);
	case WANT_INV:
		x.inv = true;
		return ref_count(&x, 0, 5000);
	case WANT_EDGE:
		x.edge = true;
		return ref_count(&x, 0, 5000);
	default:
		return r->want;
	}
}

static void every_defect_breaks_its_statement(void **state)
{
	(void)state;
	ASSERT_ROWS_BREAK(rows, want_of);
}

/* Every mtl-, lnl- and ptl- defect has a row. */
static void every_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "mtl-", 4) ||
				   !strncmp(emu_fault_name(bit_), "lnl-", 4) ||
				   !strncmp(emu_fault_name(bit_), "ptl-", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_defect_breaks_its_statement),
		cmocka_unit_test(every_defect_has_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
