/* Host test of the memory controllers' defects (EMU_IMC_FAULTS,
 * pmu/emu/imc/defects.h), table-driven: each defect has a row with a
 * scenario and what the digest says it must give; the clean model gives
 * exactly that, the defect something else. Every imc- defect must have a
 * row. */
#include "tests/pmu/emu/imc/test_emu_imc.h"
#include "tests/pmu/emu/test_fault_rows.h"

static struct imc_emu im;

static uint64_t imc_clk(emu_faults_t f, uint32_t ctl, uint32_t box) /* clock ticks at 1000 */
{
	imc_emu_model.init(&im, 0, f, 0, 0);
	imc_wr(&im, IMC(0, IMC_CTL(0)), ctl, 0);
	imc_wr(&im, IMC(0, IMC_BOX), box, 0);
	return imc_rd(&im, IMC(0, IMC_CTR(0)), 1000);
}
static uint64_t imc_freeze(emu_faults_t f) { return imc_clk(f, 0x01, IMC_FRZ); } /* L-113 */
static uint64_t imc_inv(emu_faults_t f) { return imc_clk(f, 0x01 | IMC_TH(1) | IMC_INV, 0); }
static uint64_t imc_edge(emu_faults_t f) { return imc_clk(f, 0x01 | IMC_TH(1) | IMC_EDGE, 0); }
static uint64_t imc_resets(emu_faults_t f) /* L-113: bit 2 clears the counters alone */
{
	imc_clk(f, 0x01, 0);
	imc_wr(&im, IMC(0, IMC_BOX), IMC_RST_CTRS, 1000);
	return imc_rd(&im, IMC(0, IMC_CTL(0)), 1000);
}
static uint64_t imc_rst(emu_faults_t f) /* L-112 */
{
	imc_clk(f, 0x01, 0);
	imc_wr(&im, IMC(0, IMC_CTL(0)), 0x01 | IMC_RST, 1000);
	return imc_rd(&im, IMC(0, IMC_CTR(0)), 1000);
}
static uint64_t imc_gfrz(emu_faults_t f) /* L-114, OQ-L47 */
{
	imc_clk(f, 0x01, 0);
	imc_wr(&im, IMC(1, IMC_GCTL), IMC_FRZ, 1000);
	return imc_rd(&im, IMC(0, IMC_CTR(0)), 2000);
}
static uint64_t imc_lines(emu_faults_t f, uint32_t ctl, bool write, uint32_t off)
{
	imc_emu_model.init(&im, 0, f, 0, 0);
	imc_wr(&im, IMC(1, IMC_CTL(0)), ctl, 0);
	imc_emu_model.traffic(&im, 0, 100, write, 10);
	return imc_rd(&im, IMC(1, off), 20);
}
static uint64_t imc_cas(emu_faults_t f) { return imc_lines(f, 0x22, true, IMC_CTR(0)); } /* L-131 */
static uint64_t imc_total(emu_faults_t f) { return imc_lines(f, 0, true, IMC_FR_TOTAL); } /* L-115 */
static uint64_t imc_fr_wr(emu_faults_t f) { return imc_lines(f, 0, true, IMC_FR_WR); } /* L-115 */
static uint64_t imc_mc1(emu_faults_t f) /* L-110 */
{
	uint64_t v = 0;

	imc_emu_model.init(&im, 0, f, 0, 0);
	return (uint64_t)imc_emu_model.read(&im, 0, IMC(1, IMC_BOX), 4, 0, &v);
}

struct row {
	unsigned bit;
	uint64_t (*run)(emu_faults_t f);
	uint64_t want;
};
#define R(id, fn, want_) { .bit = EMU_FAULT_BIT_IMC_##id, .run = fn, .want = want_ }

static const struct row rows[] = {
	R(FREEZE_IGNORED, imc_freeze, 0),
	R(RESETS_SWAPPED, imc_resets, 0x01),
	R(RST_IGNORED, imc_rst, 0),
	R(GFRZ_ONE_MC, imc_gfrz, 1000),
	R(CAS_SWAPPED, imc_cas, 0),
	R(TOTAL_READS, imc_total, 50),
	R(MC1_AT_8000, imc_mc1, 0),
	R(INV_IGNORED, imc_inv, 0),
	R(EDGE_IGNORED, imc_edge, 1),
	R(FR_WR_STUCK, imc_fr_wr, 50),
};

static uint64_t want_of(const struct row *r)
{
	return r->want;
}

static void every_defect_breaks_its_statement(void **state)
{
	(void)state;
	ASSERT_ROWS_BREAK(rows, want_of);
}

/* Every imc- defect has a row. */
static void every_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "imc-", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_defect_breaks_its_statement),
		cmocka_unit_test(every_defect_has_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
