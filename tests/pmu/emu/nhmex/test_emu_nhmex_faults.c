/* Host test of the Xeon 7500 defects (EMU_NHMEX_FAULTS in
 * pmu/emu/faults.h), table-driven: each defect has a row with a scenario
 * and what the spec says it must give (a value fixed by the statement or by
 * the reference of test_emu_nhmex.h); the clean model gives exactly that,
 * the defect something else. Every ex- defect must have a row, so a new
 * one cannot go untested. */
#include "tests/pmu/emu/nhmex/test_emu_nhmex.h"
#include "tests/pmu/emu/test_fault_rows.h"

static struct nhmex_uncore u;
static struct emu_pmi_req req[8];

static void init(emu_faults_t f, uint32_t model)
{
	nhmex_init(&u, f, 0, model, 0, 0);
}

/* C0 counter 0 with `gctl` in its box and `uctl` in the U-box: its count
 * after 500 cycles. */
static uint64_t c0_count(emu_faults_t f, uint64_t gctl, uint64_t uctl)
{
	init(f, 0x2E);
	wr(&u, 0xD10, EN22, 0);
	wr(&u, 0xD00, gctl, 0);
	wr(&u, U_CTL, uctl, 0);
	return rd(&u, 0xD11, 500);
}

static uint64_t box_en(emu_faults_t f) { return c0_count(f, 0, EN_ALL); }
static uint64_t global_en(emu_faults_t f) { return c0_count(f, 1, 0); }

static uint64_t en_bit0(emu_faults_t f) /* §5.5: B counters on bit 0 */
{
	init(f, 0x2E);
	wr(&u, 0xC30, 1, 0);
	wr(&u, 0xC20, 1, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	return rd(&u, 0xC31, 500);
}

static uint64_t fixed_en(emu_faults_t f) /* */
{
	init(f, 0x2E);
	wr(&u, W_FCTL, 1, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	return rd(&u, W_FCTR, 500);
}

static uint64_t width(emu_faults_t f) /* */
{
	init(f, 0x2E);
	wr(&u, W_FCTL, 1, 0);
	wr(&u, W_CTL, 1ull << 31, 0);
	wr(&u, W_FCTR, 0xFFFFFFF6ull, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	return rd(&u, W_FCTR, 20);
}

static uint64_t upper(emu_faults_t f) /* X-11, OQ-X15 */
{
	init(f, 0x2E);
	wr(&u, W_CTR(2), 0xFFFF000000000001ull, 0);
	return rd(&u, W_CTR(2), 0);
}

static uint64_t ig(emu_faults_t f) /* */
{
	init(f, 0x2E);
	wr(&u, W_CTL, 0xFFFFFFFF, 0);
	return rd(&u, W_CTL, 0);
}

static uint64_t c8(emu_faults_t f) /* X-39: #GP on 0x2E */
{
	uint64_t v;

	init(f, 0x2E);
	return (uint64_t)nhmex_rdmsr(&u, 0, 0xF40, 0, &v);
}

static uint64_t rst(emu_faults_t f, uint32_t msr) /* */
{
	init(f, 0x2E);
	wr(&u, msr, 0x1234, 0);
	wr(&u, U_CTL, RST_ALL, 0);
	return rd(&u, msr, 0);
}

static uint64_t rst_gp(emu_faults_t f) { return rst(f, W_CTR(0)); }

static uint64_t rst_ctl(emu_faults_t f) /* X-12, OQ-X5: controls stay */
{
	init(f, 0x2E);
	wr(&u, 0xC90, EN22 | 1, 0);
	wr(&u, U_CTL, RST_ALL, 0);
	return rd(&u, 0xC90, 0);
}

static uint64_t thr_top(emu_faults_t f) /* §5.5: threshold 31:24, X-04 */
{
	init(f, 0x2E);
	wr(&u, 0xD10, 0xFF000000ull, 0);
	return rd(&u, 0xD10, 0);
}
static uint64_t rst_fixed(emu_faults_t f) { return rst(f, W_FCTR); }

/* Source i armed to wrap after 100 events with pmi_en as asked, then
 * observed 100 cycles after the wrap. */
static uint64_t arm_src(emu_faults_t f, unsigned i, bool pmi, uint64_t uctl)
{
	init(f, 0x2E);
	arm(&u, &srcs[i], 100, pmi, uctl, 0);
	return ref_wrap(&srcs[i], 0, 100) + 100;
}

static uint64_t box_status(emu_faults_t f) /* */
{
	uint64_t t = arm_src(f, 0, false, 0);

	return rd(&u, 0xD01, t);
}

static uint64_t frozen_value(emu_faults_t f) /* frozen at the wrap */
{
	uint64_t t = arm_src(f, 0, true, FRZ_ALL | CORE(0));

	return rd(&u, 0xD11, t);
}

static uint64_t s0_summary(emu_faults_t f, unsigned i) /* */
{
	uint64_t t = arm_src(f, i, false, 0);

	return nhmex_s_summary(&u, 0, t);
}

static uint64_t sum_c0(emu_faults_t f) { return s0_summary(f, 0); }
static uint64_t sum_r_left(emu_faults_t f) { return s0_summary(f, 14); }

static uint64_t u_ov_w(emu_faults_t f) /* */
{
	uint64_t t = arm_src(f, 16, false, 0);

	return rd(&u, U_ST, t);
}

/* C0 overflows and its ov bit is cleared: reg, or S0's summary. */
static uint64_t after_clear(emu_faults_t f, bool summary)
{
	uint64_t t = arm_src(f, 0, false, 0);

	wr(&u, 0xD02, 1, t);
	return summary ? nhmex_s_summary(&u, 0, t) : rd(&u, 0xD01, t);
}

static uint64_t ovf_clear(emu_faults_t f) { return after_clear(f, false); }

static uint64_t ovf_clear_one(emu_faults_t f) /* C0 counters 0 and 1, clear 0 */
{
	init(f, 0x2E);
	wr(&u, 0xD10, EN22, 0);
	wr(&u, 0xD12, EN22, 0);
	wr(&u, 0xD11, M48 - 100, 0);
	wr(&u, 0xD13, M48 - 100, 0);
	wr(&u, 0xD00, 3, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	wr(&u, 0xD02, 1, 300);
	return rd(&u, 0xD01, 300);
}

static uint64_t sibling_clear(emu_faults_t f) /* OQ-X6: C0, C1 wrap, C0 cleared */
{
	init(f, 0x2E);
	arm(&u, &srcs[0], 100, false, 0, 0);
	arm(&u, &srcs[1], 100, false, 0, 0);
	wr(&u, 0xD02, 1, 300);
	return rd(&u, U_ST, 300);
}
static uint64_t sum_clear(emu_faults_t f) { return after_clear(f, true); }

static uint64_t u_ovf(emu_faults_t f) /* lower levels stay */
{
	uint64_t t = arm_src(f, 16, false, 0);

	wr(&u, U_OVF, OV_W, t);
	return rd(&u, W_ST, t);
}

/* Source i (B0 unless said) overflows with pmi_en and uctl: the cores of
 * the PMI request, 0 if none. */
static uint64_t src_pmi_cores(emu_faults_t f, unsigned i, bool pmi, uint64_t uctl)
{
	uint64_t t = arm_src(f, i, pmi, uctl);

	rd(&u, U_ST, t);
	return nhmex_take_pmi(&u, 0, req, 8) ? req[0].cores : 0;
}

static uint64_t pmi_cores(emu_faults_t f, bool pmi, uint64_t uctl)
{
	return src_pmi_cores(f, 8, pmi, uctl);
}

static uint64_t pmi_core3(emu_faults_t f) { return pmi_cores(f, true, CORE(3)); }
/* X-19, Table 2-44: R counter 3 with pmi_en at bit 6 requests a PMI. */
static uint64_t r_pmi_bit6(emu_faults_t f) { return src_pmi_cores(f, 14, true, CORE(3)); }
/* X-19, Table 2-67: M counter 0 with pmi_en at bit 1 requests a PMI. */
static uint64_t m_pmi_bit1(emu_faults_t f) { return src_pmi_cores(f, 10, true, CORE(3)); }
static uint64_t pmi_nosel(emu_faults_t f) { return pmi_cores(f, true, 0); }

/* B0 overflows: is en_all still set 100 cycles later (X-21..X-23)? */
static uint64_t en_all_after(emu_faults_t f, bool pmi, uint64_t uctl)
{
	uint64_t t = arm_src(f, 8, pmi, uctl);

	return rd(&u, U_CTL, t) & EN_ALL;
}

static uint64_t no_pmi_en(emu_faults_t f) { return en_all_after(f, false, FRZ_ALL | CORE(0)); }
static uint64_t frz(emu_faults_t f) { return en_all_after(f, true, FRZ_ALL); }
static uint64_t no_frz(emu_faults_t f) { return en_all_after(f, true, CORE(0)); }

static uint64_t frz_all_boxes(emu_faults_t f) /* the W fixed counter stops too */
{
	init(f, 0x2E);
	wr(&u, W_FCTL, 1, 0);
	wr(&u, W_CTL, 1ull << 31, 0);
	arm(&u, &srcs[0], 100, true, FRZ_ALL, 0);
	return rd(&u, W_FCTR, 300);
}

static uint64_t retrigger(emu_faults_t f) /* no PMI while ov stays set */
{
	arm_src(f, 0, true, CORE(0));
	wr(&u, 0xD11, M48 - 99, 200);
	assert_int_equal(nhmex_take_pmi(&u, 0, req, 8), 1); /* the first overflow's */
	rd(&u, U_ST, 400);
	return nhmex_take_pmi(&u, 0, req, 8);
}

/* R counter 3 on port 1 IPERF1 (the seed's example), or R counter 9 on
 * port 5 IPERF0, with `event` in that IPERF: counts over 4000. */
static uint64_t r_count(emu_faults_t f, unsigned i, uint64_t event)
{
	const struct src *s = &srcs[i];

	init(f, 0x2E);
	wr(&u, s->iperf, event, 0);
	wr(&u, s->evsel, s->ev | 1, 0);
	wr(&u, s->gctl, s->bit, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	return rd(&u, s->ctr, 4000);
}

/* an IPERF of 0 counts nothing; 0x40000000 and 0xC4 are events. */
static uint64_t iperf_zero(emu_faults_t f) { return r_count(f, 14, 0); }
static uint64_t iperf_not_bit31(emu_faults_t f)
{
	uint64_t n = r_count(f, 15, IPERF_IDLE_FILT);

	return n == r_count(f, 15, IPERF_DATA_RESP) ? n : 0;
}
static uint64_t r_right_port(emu_faults_t f) { return r_count(f, 15, IPERF_FLIT_SEND); }

static uint64_t flits(unsigned port, unsigned sub, uint64_t a, uint64_t b)
{
	uint64_t n = 0;

	for (; a < b; a++)
		n += nhmex_flit_value(port, sub, a);
	return n;
}

/* X-41..X-43: counter 0 of model box b (GLOBAL_CTL gctl, control sel0)
 * with select sel over [1000, 6000), less what ref_filtered says: 0 when
 * the statements hold. */
static uint64_t filt_dev(emu_faults_t f, unsigned b, uint32_t gctl, uint32_t sel0, uint64_t sel)
{
	init(f, 0x2E);
	wr(&u, sel0, EN22 | in_rules(b, sel), 0);
	if (b != NHMEX_U)
		wr(&u, gctl, 1, 0);
	wr(&u, U_CTL, EN_ALL | (b == NHMEX_U ? 1 : 0), 1000);
	return rd(&u, sel0 + 1, 6000) - ref_filtered(b, sel, 1000, 6000);
}

static uint64_t thr_top_cmp(emu_faults_t f)
{
	return filt_dev(f, 0, 0xD00, 0xD10, EV_SYNTH | THR(0x81));
}
static uint64_t thr_ge(emu_faults_t f)
{
	return filt_dev(f, NHMEX_W, W_CTL, 0xC90, EV_SYNTH | THR(1));
}
static uint64_t inv(emu_faults_t f)
{
	return filt_dev(f, NHMEX_S0, 0xC40, 0xC50, EV_SYNTH | THR(20) | INV23);
}
static uint64_t edge_thr(emu_faults_t f)
{
	return filt_dev(f, NHMEX_W, W_CTL, 0xC90, EV_SYNTH | THR(2) | EDGE18);
}
static uint64_t edge_inv(emu_faults_t f)
{
	return filt_dev(f, NHMEX_S0, 0xC40, 0xC50, EV_SYNTH | THR(16) | INV23 | EDGE18);
}
static uint64_t u_edge(emu_faults_t f)
{
	return filt_dev(f, NHMEX_U, U_CTL, U_EVSEL, EV_SYNTH | EDGE18);
}

/* X-43, OQ-X25 (d): a W counter whose threshold 0xFF never holds is put
 * into its condition (invert) by one select write while it counts: one
 * rising edge. */
static uint64_t edge_entry(emu_faults_t f)
{
	uint64_t never = EN22 | EV_SYNTH | THR(0xFF) | EDGE18;

	init(f, 0x2E);
	wr(&u, W_EVSEL(0), never, 0);
	wr(&u, W_CTL, 1, 0);
	wr(&u, U_CTL, EN_ALL, 1000);
	wr(&u, W_EVSEL(0), never | INV23, 2000);
	return rd(&u, W_CTR(0), 3000);
}

/* X-44..X-47: counter k of the box at gctl (control sel0 + 2k) with raw
 * select sel over 500 cycles. */
static uint64_t ev_count(emu_faults_t f, uint32_t gctl, uint32_t sel0, unsigned k, uint64_t sel)
{
	init(f, 0x2E);
	wr(&u, sel0 + 2 * k, sel, 0);
	wr(&u, gctl, 1ull << k, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	return rd(&u, sel0 + 2 * k + 1, 500);
}
/* B0 counter 3's list has no 0x01 (B: en bit 0, ev_sel 5:1). */
static uint64_t b_ctr3(emu_faults_t f) { return ev_count(f, 0xC20, 0xC30, 3, 0x01 << 1 | 1); }
/* X-46, OQ-X28: C0's 0x07 with umask 0 selects nothing. */
static uint64_t c_umask0(emu_faults_t f) { return ev_count(f, 0xD00, 0xD10, 0, EN22 | 0x07); }
/* W TM1_ON on a part that does not throttle. */
static uint64_t w_tm1(emu_faults_t f) { return ev_count(f, W_CTL, 0xC90, 0, EN22 | 0x07); }

struct row {
	unsigned bit;
	uint64_t (*run)(emu_faults_t f);
	uint64_t want; /* UINT64_MAX: the flits of port 5 IPERF0 over [0, 4000) */
};

#define R(id, fn, want_) { .bit = EMU_FAULT_BIT_##id, .run = fn, .want = want_ }
static const struct row rows[] = {
	R(EX_BOX_EN_IGNORED, box_en, 0),
	R(EX_GLOBAL_EN_IGNORED, global_en, 0),
	R(EX_EN_BIT22, en_bit0, 500),
	R(EX_FIXED_EN_IGNORED, fixed_en, 0),
	R(EX_WIDTH_32, width, 0x10000000Aull),
	R(EX_UPPER_BITS_KEPT, upper, 1),
	R(EX_IG_BITS_KEPT, ig, 0x8000000F),
	R(EX_TABLE_R_PMI_20, r_pmi_bit6, 1u << 3),
	R(EX_THR_7_BITS, thr_top, 0xFF000000ull),
	R(EX_C8_ON_0X2E, c8, VEC_GP),
	R(EX_RST_ALL_IGNORED, rst_gp, 0),
	R(EX_RST_ALL_LEAVES_FIXED, rst_fixed, 0),
	R(EX_RST_ALL_CLEARS_CTL, rst_ctl, EN22 | 1),
	R(EX_NO_BOX_STATUS, box_status, 1),
	R(EX_LATE_OVERFLOW, frozen_value, 0),
	R(EX_NO_SUMMARY, sum_c0, 1ull << 2),
	R(EX_C_LR_SWAPPED, sum_c0, 1ull << 2),
	R(EX_R_SWAPPED, sum_r_left, 1ull << 19),
	R(EX_NO_U_OV_W, u_ov_w, OV_W),
	R(EX_OVF_CTL_NOCLEAR, ovf_clear, 0),
	R(EX_OVF_CLR_ALL, ovf_clear_one, 2),
	R(EX_SUMMARY_STICKY, sum_clear, 0),
	R(EX_SUMMARY_FIRST_CLEAR, sibling_clear, OV_S0),
	R(EX_U_OVF_CLEARS_LOWER, u_ovf, 1ull << 1),
	R(EX_PMI_WRONG_CORE, pmi_core3, 1u << 3),
	R(EX_PMI_WITHOUT_SEL, pmi_nosel, 0),
	R(EX_PMI_EN_IGNORED, no_pmi_en, EN_ALL),
	R(EX_PMI_EN_BIT20, m_pmi_bit1, 1u << 3),
	R(EX_FRZ_IGNORED, frz, 0),
	R(EX_FRZ_ONE_BOX, frz_all_boxes, 100),
	R(EX_FRZ_ALWAYS, no_frz, EN_ALL),
	R(EX_PMI_RETRIGGER, retrigger, 0),
	R(EX_IPERF_ZERO_COUNTS, iperf_zero, 0),
	R(EX_IPERF_BIT31_ONLY, iperf_not_bit31, UINT64_MAX),
	R(EX_R_PORT_NO_HALF, r_right_port, UINT64_MAX),
	R(EX_THR_TOP_IGNORED, thr_top_cmp, 0),
	R(EX_THR_GT, thr_ge, 0),
	R(EX_INV_IGNORED, inv, 0),
	R(EX_EDGE_BEFORE_THR, edge_thr, 0),
	R(EX_EDGE_INV_LEVEL, edge_inv, 0),
	R(EX_EDGE_FALLING, edge_entry, 1),
	R(EX_U_EDGE_IGNORED, u_edge, 0),
	R(EX_BBOX_EVENT_ANY_COUNTER, b_ctr3, 0),
	R(EX_UMASK0_COUNTS, c_umask0, 0),
	R(EX_THROTTLE_COUNTS, w_tm1, 0),
};

static uint64_t want_of(const struct row *r)
{
	return r->want == UINT64_MAX ? flits(5, 0, 0, 4000) : r->want;
}

/* The clean model gives what the spec says; each defect breaks its row. */
static void every_defect_breaks_its_statement(void **state)
{
	(void)state;
	ASSERT_ROWS_BREAK(rows, want_of);
}

/* Every ex- defect has a row. */
static void every_ex_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "ex-", 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_defect_breaks_its_statement),
		cmocka_unit_test(every_ex_defect_has_a_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
