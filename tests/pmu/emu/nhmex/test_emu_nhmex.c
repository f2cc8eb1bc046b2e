/* Host tests of the emulated Xeon 7500 uncore (pmu/emu/nhmex/model.c), one or
 * more per statement of spec xeon7500-uncore.md that the model reproduces,
 * named by it. Expected values come from the spec and from the reference
 * of test_emu_nhmex.h, never from the model's arithmetic. */
#include "tests/pmu/emu/nhmex/test_emu_nhmex.h"
#include "pmu/regs/regs.h"

static struct nhmex_uncore u;

static void init(uint32_t model)
{
	nhmex_init(&u, 0, 0, model, 0, 0);
}

/* Every register of the table reads 0 at reset; on 0x2E the C8 and
 * C9 addresses fault, holes in the map too (OQ-X17). */
static void x03_x39_reset_values_and_absent_registers(void **state)
{
	const struct uncore_gen *g = uncore_gen_by_name("nhmex");
	unsigned b, t, box, idx;
	uint64_t v;

	(void)state;
	init(0x2F);
	for (b = 0; b < g->nboxes; b++)
		for (t = 0; t < g->boxes[b]->nregs; t++)
			for (box = 0; box < g->boxes[b]->nboxes; box++)
				for (idx = 0; idx < g->boxes[b]->regs[t].count; idx++) {
					const struct reg_tmpl *tm = &g->boxes[b]->regs[t];

					if (tm->role == ROLE_SUMMARY || tm->width == 16)
						continue;
					assert_int_equal(rd(&u, reg_msr(tm, g->boxes[b], box, idx), 0), 0);
				}
	init(0x2E);
	assert_int_equal(nhmex_rdmsr(&u, 0, 0xF40, 0, &v), VEC_GP);
	assert_int_equal(nhmex_wrmsr(&u, 0, 0xFDB, 1, 0), VEC_GP);
	assert_int_equal(nhmex_rdmsr(&u, 0, 0xC03, 0, &v), VEC_GP);
	assert_int_equal(nhmex_rdmsr(&u, 0, 0x10, 0, &v), -1);
	assert_int_equal(rd(&u, 0xDE0, 0), 0); /* C7 on every 0x2E */
}

/* X-04 (the spec's example), and the U-box's pmi_core_sel width (OQ-X1). */
static void x04_ig_bits_read_0(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, W_CTL, 0xFFFFFFFF, 0);
	assert_int_equal(rd(&u, W_CTL, 0), 0x8000000F);
	wr(&u, U_CTL, 0xFFFFFFFF & ~EN_ALL, 0);
	assert_int_equal(rd(&u, U_CTL, 0), 0xA00001FF);
	init(0x2F);
	wr(&u, U_CTL, 0xFFFFFFFF & ~EN_ALL, 0);
	assert_int_equal(rd(&u, U_CTL, 0), 0xA00007FF);
}

/* each of the 8 combinations of en_all, ctr_en and .en, for a C, a
 * B (enable bit 0) and an R counter: only (1,1,1) counts. */
static void x05_three_enables(void **state)
{
	static const unsigned pick[] = { 0, 8, 14 }; /* C0, B0, R ctr3 */
	unsigned i, m;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(pick); i++)
		for (m = 0; m < 8; m++) {
			const struct src *s = &srcs[pick[i]];
			uint64_t want = 0, t;

			init(0x2E);
			if (s->iperf)
				wr(&u, s->iperf, IPERF_FLIT_SEND, 0);
			wr(&u, s->evsel, (m & 1 ? s->en : 0) | s->ev, 0);
			wr(&u, s->gctl, m & 2 ? s->bit : 0, 0);
			wr(&u, U_CTL, m & 4 ? EN_ALL : 0, 0);
			if (m == 7)
				for (t = 0; t < 5000; t++)
					want += s->iperf ? nhmex_flit_value(s->port, s->sub, t) : 1;
			assert_int_equal(rd(&u, s->ctr, 5000), want);
		}
}

/* the U counter needs U GLOBAL_CTL.en, en_all and EV_SEL.en. */
static void x06_ubox_counter_gates(void **state)
{
	unsigned m;

	(void)state;
	for (m = 0; m < 8; m++) {
		init(0x2E);
		wr(&u, U_EVSEL, m & 1 ? EN22 : 0, 0);
		wr(&u, U_CTL, (m & 2 ? 1 : 0) | (m & 4 ? EN_ALL : 0), 0);
		assert_int_equal(rd(&u, U_CTR, 300), m == 7 ? 300 : 0);
	}
}

/* the fixed counter counts cycles under en_all, fixed_en and
 * its control's bit 0; X-14: 48 bits, wraps, ov_fixed, U ov_w. */
static void x07_x14_x35_w_fixed_counter(void **state)
{
	unsigned m;

	(void)state;
	for (m = 0; m < 8; m++) {
		init(0x2E);
		wr(&u, W_FCTL, m & 1, 0);
		wr(&u, W_CTL, m & 2 ? 1ull << 31 : 0, 0);
		wr(&u, U_CTL, m & 4 ? EN_ALL : 0, 0);
		assert_int_equal(rd(&u, W_FCTR, 700), m == 7 ? 700 : 0);
	}
	wr(&u, W_FCTR, (1ull << 48) - 0x1000, 700);
	assert_int_equal(rd(&u, W_ST, 700 + 0xFFF), 0);
	assert_int_equal(rd(&u, W_FCTR, 700 + 0x1005), 5);
	assert_int_equal(rd(&u, W_ST, 700 + 0x1005), 1ull << 31);
	assert_int_equal(rd(&u, U_ST, 700 + 0x1005), OV_W);
}

/* en_all = 0 holds every counter; 1 resumes from the values. X-09:
 * clearing one ctr_en stops that counter alone. X-10: reads disturb
 * nothing. X-13: one write starts counting. */
static void x08_x09_x10_x13_stop_resume(void **state)
{
	uint64_t t;

	(void)state;
	init(0x2E);
	wr(&u, W_EVSEL(0), EN22 | W_ONE, 0);
	wr(&u, W_EVSEL(1), EN22 | W_ONE, 0);
	wr(&u, W_FCTL, 1, 0);
	wr(&u, W_CTL, 0x80000003, 0);
	wr(&u, U_CTL, EN_ALL, 100); /* */
	wr(&u, U_CTL, 0, 400);
	assert_int_equal(rd(&u, W_FCTR, 900), 300);
	assert_int_equal(rd(&u, W_CTR(1), 900), 300);
	wr(&u, U_CTL, EN_ALL, 1000);
	assert_int_equal(rd(&u, W_FCTR, 1100), 400);
	wr(&u, W_CTL, 0x80000002, 1100); /* ctr_en[0] off */
	for (t = 1100; t < 1600; t++) /* */
		rd(&u, W_CTR(1), t);
	assert_int_equal(rd(&u, W_CTR(0), 1600), 400);
	assert_int_equal(rd(&u, W_CTR(1), 1600), 900);
	assert_int_equal(rd(&u, W_FCTR, 1600), 900);
}

/* a counter reads back bits 47:0 of what was written (OQ-X15). X-18:
 * writes set no status. */
static void x11_x18_counter_writes(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, W_CTR(0), 0x0000123456789ABCull, 0);
	assert_int_equal(rd(&u, W_CTR(0), 0), 0x0000123456789ABCull);
	wr(&u, 0xD11, 0xFFFF123456789ABCull, 0);
	assert_int_equal(rd(&u, 0xD11, 0), 0x0000123456789ABCull);
	wr(&u, W_CTR(0), M48, 0);
	wr(&u, W_CTR(0), 0, 0);
	assert_int_equal(rd(&u, W_ST, 10), 0);
	assert_int_equal(rd(&u, U_ST, 10), 0);
	wr(&u, W_ST, 0xF, 10); /* OQ-X7: ignored */
	assert_int_equal(rd(&u, W_ST, 10), 0);
	assert_int_equal(rd(&u, W_OVF, 10), 0);
}

/* X-12 (OQ-X5): rst_all zeroes every data counter at the write; a counter
 * written afterwards keeps its value; controls stay. */
static void x12_rst_all(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, W_CTR(0), 0x1234, 0);
	wr(&u, W_FCTR, 0x5678, 0);
	wr(&u, 0xCFB, 0x9, 0);
	wr(&u, 0xE3F, 0x9, 0);
	wr(&u, W_EVSEL(0), EN22, 0);
	wr(&u, U_CTL, RST_ALL, 10);
	assert_int_equal(rd(&u, W_CTR(0), 10), 0);
	assert_int_equal(rd(&u, W_FCTR, 10), 0);
	assert_int_equal(rd(&u, 0xCFB, 10), 0);
	assert_int_equal(rd(&u, 0xE3F, 10), 0);
	assert_int_equal(rd(&u, W_EVSEL(0), 10), EN22);
	wr(&u, W_CTR(0), 0x42, 20);
	assert_int_equal(rd(&u, W_CTR(0), 30), 0x42);
}

/* Everything above an overflow of s at cycle t: what X-15..X-17 say, and
 * nothing else in any box. */
static void expect_chain(const struct src *s, uint64_t t)
{
	unsigned i, k;
	uint64_t ub = 0;

	for (i = 0; i < ARRAY_SIZE(srcs); i++)
		if (srcs[i].st != s->st && srcs[i].st != U_ST)
			assert_int_equal(rd(&u, srcs[i].st, t), 0);
	for (k = 0; k < 2; k++)
		assert_int_equal(nhmex_s_summary(&u, k, t), s->s == (int)k ? s->sum : 0);
	if (s->st != U_ST)
		assert_int_equal(rd(&u, s->st, t), s->bit);
	ub = s->ubit;
	assert_int_equal(rd(&u, U_ST, t), ub);
}

/* every row of the chain, at the wrap's cycle and
 * not one before; the counter goes on from 0. */
static void x15_x16_x17_x34_every_source(void **state)
{
	unsigned i, k;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(srcs); i++) {
		const struct src *s = &srcs[i];
		uint64_t w = ref_wrap(s, 50, 300);

		init(0x2E);
		arm(&u, s, 300, false, 0, 50);
		assert_int_equal(rd(&u, s->st, w - 1), 0);
		for (k = 0; k < 2; k++)
			assert_int_equal(nhmex_s_summary(&u, k, w - 1), 0);
		expect_chain(s, w);
		assert_int_equal(rd(&u, s->ctr, w), 0);
		assert_int_equal(rd(&u, U_CTL, w) & EN_ALL, EN_ALL); /* */
	}
}

/* X-26, X-27 (OQ-X6): clearing the box bit clears the summary and U bit;
 * U status names the S-box or W/U, whose boxes name the counter. */
static void x26_x27_x30_clear_from_below(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(srcs); i++) {
		const struct src *s = &srcs[i];
		uint64_t w = ref_wrap(s, 0, 100);

		init(0x2E);
		arm(&u, s, 100, false, 0, 0);
		assert_int_equal(rd(&u, U_ST, w), s->ubit); /* X-30 walk: U ... */
		assert_int_equal(rd(&u, s->st, w) & s->bit, s->bit); /* ... box */
		wr(&u, s->ovf, s->bit, w);
		expect_chain(&(struct src){ .st = s->st, .s = -1 }, w);
		assert_int_equal(rd(&u, s->st, w), 0);
	}
}

/* X-27 with two feeders (OQ-X6): S0.ov_c_l stays until both C0 and C1 are
 * clear; X-26: a 0 bit changes nothing. */
static void x26_x27_oqx6_two_feeders(void **state)
{
	(void)state;
	init(0x2E);
	arm(&u, &srcs[0], 100, false, 0, 0);
	arm(&u, &srcs[1], 200, false, 0, 0);
	assert_int_equal(nhmex_s_summary(&u, 0, 300), 1ull << 2);
	wr(&u, 0xD02, 0x2, 300);
	assert_int_equal(rd(&u, 0xD01, 300), 1);
	wr(&u, 0xD02, 0x1, 300);
	assert_int_equal(nhmex_s_summary(&u, 0, 300), 1ull << 2);
	assert_int_equal(rd(&u, U_ST, 300), OV_S0);
	wr(&u, 0xD82, 1 << 5, 300);
	assert_int_equal(nhmex_s_summary(&u, 0, 300), 0);
	assert_int_equal(rd(&u, U_ST, 300), 0);
}

/* U OVF_CTL clears the U bit only; lower levels stay (OQ-X6). */
static void x28_u_ovf_ctl(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, W_FCTL, 1, 0);
	wr(&u, W_CTL, 1ull << 31, 0);
	wr(&u, W_FCTR, M48 - 9, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	assert_int_equal(rd(&u, U_ST, 20), OV_W);
	wr(&u, U_OVF, OV_W, 20);
	assert_int_equal(rd(&u, U_ST, 20), 0);
	assert_int_equal(rd(&u, W_ST, 20), 1ull << 31);
}

/* a PMI request for exactly the selected cores, at the wrap; X-22:
 * frz_all clears en_all there, every counter holds (OQ-X4). */
static void x19_x22_pmi_and_freeze(void **state)
{
	struct emu_pmi_req r[4];
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(srcs); i++) {
		const struct src *s = &srcs[i];
		uint64_t w = ref_wrap(s, 0, 500);

		init(0x2F);
		wr(&u, W_FCTL, 1, 0);
		wr(&u, W_CTL, 1ull << 31, 0);
		arm(&u, s, 500, true, CORE(9) | CORE(2) | FRZ_ALL, 0);
		if (s->gctl == W_CTL)
			wr(&u, W_CTL, (1ull << 31) | s->bit, 0);
		assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 0);
		assert_int_equal(rd(&u, U_CTL, w - 1) & EN_ALL, EN_ALL);
		assert_int_equal(rd(&u, U_CTL, w + 100) & EN_ALL, 0);
		assert_int_equal(rd(&u, W_FCTR, w + 100), w);
		assert_int_equal(rd(&u, s->ctr, w + 100), 0);
		assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 1);
		assert_int_equal(r[0].cycle, w);
		assert_int_equal(r[0].cores, (1u << 9) | (1u << 2));
	}
}

/* no core selected, no PMI, freeze still; X-21: pmi_en = 0, neither;
 * frz_all = 0, a PMI and counting goes on. */
static void x20_x21_x23_pmi_without_freeze_and_so_on(void **state)
{
	struct emu_pmi_req r[4];
	const struct src *s = &srcs[8]; /* B0 */

	(void)state;
	init(0x2E);
	arm(&u, s, 100, true, FRZ_ALL, 0);
	assert_int_equal(rd(&u, U_CTL, 200) & EN_ALL, 0);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 0);
	init(0x2E);
	arm(&u, s, 100, false, FRZ_ALL | CORE(0), 0);
	assert_int_equal(rd(&u, U_CTL, 200) & EN_ALL, EN_ALL);
	assert_int_equal(rd(&u, s->ctr, 200), 100);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 0);
	init(0x2E);
	arm(&u, s, 100, true, CORE(3), 0);
	assert_int_equal(rd(&u, s->ctr, 200), 100);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 1);
	assert_int_equal(r[0].cores, 1u << 3);
}

/* X-25 (OQ-X22): no second freeze while the ov bit is still set; after a
 * clear, one again. */
static void x25_refreeze_needs_the_ov_bit_cleared(void **state)
{
	struct emu_pmi_req r[4];
	const struct src *s = &srcs[12]; /* S0 */

	(void)state;
	init(0x2E);
	arm(&u, s, 100, true, FRZ_ALL | CORE(1), 0);
	assert_int_equal(rd(&u, U_CTL, 100) & EN_ALL, 0);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 1);
	wr(&u, s->ctr, M48 - 99, 100);
	wr(&u, U_CTL, EN_ALL | FRZ_ALL | CORE(1), 100);
	assert_int_equal(rd(&u, U_CTL, 300) & EN_ALL, EN_ALL);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 0);
	wr(&u, s->ovf, s->bit, 300);
	wr(&u, s->ctr, M48 - 99, 300);
	assert_int_equal(rd(&u, U_CTL, 400) & EN_ALL, 0);
	assert_int_equal(nhmex_take_pmi(&u, 0, r, 4), 1);
}

/* the new sample interval from frozen counters: rst_all, clear the
 * lowest bit, reload, one write of en_all; all status 0, counting from the
 * reload, and the next overflow freezes again. */
static void x31_new_sample_interval(void **state)
{
	const struct src *s = &srcs[4]; /* C4 */
	uint64_t uctl = FRZ_ALL | CORE(0);

	(void)state;
	init(0x2E);
	arm(&u, s, 100, true, uctl, 0);
	assert_int_equal(rd(&u, U_CTL, 150) & EN_ALL, 0);
	wr(&u, U_CTL, uctl | RST_ALL, 200);       /* a */
	wr(&u, s->ovf, s->bit, 210);              /* b */
	wr(&u, s->ctr, (1ull << 48) - 1000, 220); /* c */
	wr(&u, U_CTL, uctl | EN_ALL, 230);        /* d */
	assert_int_equal(rd(&u, s->st, 230), 0);
	assert_int_equal(nhmex_s_summary(&u, 1, 230), 0);
	assert_int_equal(rd(&u, U_ST, 230), 0);
	assert_int_equal(rd(&u, s->ctr, 530), (1ull << 48) - 700);
	assert_int_equal(rd(&u, U_CTL, 1229) & EN_ALL, EN_ALL);
	assert_int_equal(rd(&u, U_CTL, 1230) & EN_ALL, 0);
	assert_int_equal(rd(&u, U_ST, 1230), OV_S1);
}

/* an R counter pointed (ev_sel, on its own half) at an IPERF
 * sub-counter counts the port's flits while the IPERF holds an event, any
 * non-zero value (bit 31 is one event, not an enable), and nothing while
 * it is 0. */
static void x32_x33_iperf(void **state)
{
	static const struct { unsigned k, ev; uint32_t iperf; unsigned port, sub; } rows[] = {
		{ .k = 3, .ev = 7, .iperf = 0xE25, .port = 1, .sub = 1 },
		{ .k = 0, .ev = 0, .iperf = 0xE04, .port = 0, .sub = 0 },
		{ .k = 7, .ev = 19, .iperf = 0xE27, .port = 3, .sub = 1 },
		{ .k = 8, .ev = 0, .iperf = 0xE08, .port = 4, .sub = 0 },
		{ .k = 9, .ev = 6, .iperf = 0xE09, .port = 5, .sub = 0 },
		{ .k = 15, .ev = 19, .iperf = 0xE2B, .port = 7, .sub = 1 },
	};
	/* X-32's events, and the guide's match/mask event select 0x31 */
	static const uint64_t events[] = { IPERF_FLIT_SEND, IPERF_IDLE_FILT, IPERF_DATA_RESP,
					   0x31 };
	unsigned i, e;
	uint64_t t, want;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		for (e = 0; e < ARRAY_SIZE(events); e++) {
			unsigned k = rows[i].k, h = k / 8;
			uint32_t ctl = (h ? 0xE30 : 0xE10) + 2 * (k % 8);

			init(0x2E);
			wr(&u, 0xE00 + 0x20 * h, 1ull << (k % 8), 0);
			wr(&u, ctl, rows[i].ev << 1 | 1, 0);
			wr(&u, U_CTL, EN_ALL, 0);
			assert_int_equal(rd(&u, ctl + 1, 3000), 0); /* IPERF 0 */
			wr(&u, rows[i].iperf, events[e], 3000);
			for (want = 0, t = 3000; t < 9000; t++)
				want += nhmex_flit_value(rows[i].port, rows[i].sub, t);
			assert_true(want > 0);
			assert_int_equal(rd(&u, ctl + 1, 9000), want);
			wr(&u, rows[i].iperf, 0, 9000); /* 0 again: it stops */
			assert_int_equal(rd(&u, ctl + 1, 9500), want);
			wr(&u, rows[i].iperf, events[e], 9500);
			wr(&u, ctl, 0x18 << 1 | 1, 9500); /* >= 0x18 is not valid */
			assert_int_equal(rd(&u, ctl + 1, 9900), want);
		}
}

/* X-39, OQ-X13: on 0x2F C8 and C9 count and set their own status only. */
static void x39_oqx13_c8_c9(void **state)
{
	(void)state;
	init(0x2F);
	wr(&u, 0xF50, EN22, 0);
	wr(&u, 0xF51, M48 - 9, 0);
	wr(&u, 0xF40, 1, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	assert_int_equal(rd(&u, 0xF41, 10), 1);
	assert_int_equal(rd(&u, U_ST, 10), 0);
	assert_int_equal(nhmex_s_summary(&u, 1, 10), 0);
}

/* sub-controls hold what was written (M sub-selects: 32 bits). */
static void x40_sub_controls_hold(void **state)
{
	static const uint32_t msrs[] = { 0xE45, 0xE4E, 0xE48, 0xE5A, 0xE54, 0xE5E,
					 0xE0C, 0xE2F, 0xE60, 0xE9E, 0xE04, 0xE2B };
	unsigned i;

	(void)state;
	init(0x2E);
	for (i = 0; i < ARRAY_SIZE(msrs); i++) {
		wr(&u, msrs[i], 0x80000000u + i, 0);
		assert_int_equal(rd(&u, msrs[i], 5), 0x80000000u + i);
	}
	wr(&u, 0xCEB, 0x1234567887654321ull, 0);
	assert_int_equal(rd(&u, 0xCEB, 0), 0x87654321ull);
}

/* B0 counter 3 counts nothing for 0x01 (not in its list), counter 0
 * counts it; counter 3 counts 0x02 (EARLY_ACK). One per cycle (OQ-X19). */
static void x44_bbox_counter_lists(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, 0xC30, 0x01 << 1 | 1, 0);
	wr(&u, 0xC36, 0x01 << 1 | 1, 0);
	wr(&u, 0xC34, 0x02 << 1 | 1, 0);
	wr(&u, 0xC20, 0xD, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	assert_int_equal(rd(&u, 0xC31, 400), 400);
	assert_int_equal(rd(&u, 0xC37, 400), 0);
	assert_int_equal(rd(&u, 0xC35, 400), 400);
}

/* umask 0 counts nothing on S0's 0x07 and C0's 0x01 and 0x07;
 * with a umask the same events count (0x01: one per cycle, OQ-X19). */
static void x45_x46_umask_0_counts_nothing(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, 0xC50, EN22 | 0x07, 0);
	wr(&u, 0xD10, EN22 | 0x01, 0);
	wr(&u, 0xD12, EN22 | 0x07, 0);
	wr(&u, 0xD14, EN22 | 0xFF01, 0);
	wr(&u, 0xC40, 1, 0);
	wr(&u, 0xD00, 7, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	assert_int_equal(rd(&u, 0xC51, 400), 0);
	assert_int_equal(rd(&u, 0xD11, 400), 0);
	assert_int_equal(rd(&u, 0xD13, 400), 0);
	assert_int_equal(rd(&u, 0xD15, 400), 400);
}

/* W TM1_ON (0x07) and C_THROTTLE_TMP (0x00) count nothing until the
 * model is told the part throttles; then one per cycle (OQ-X19), and
 * nothing again once it stops. */
static void x47_throttle_events_only_while_throttling(void **state)
{
	(void)state;
	init(0x2E);
	wr(&u, W_EVSEL(0), EN22 | 0x07, 0);
	wr(&u, W_EVSEL(1), EN22, 0);
	wr(&u, W_CTL, 3, 0);
	wr(&u, U_CTL, EN_ALL, 0);
	assert_int_equal(rd(&u, W_CTR(0), 300), 0);
	assert_int_equal(rd(&u, W_CTR(1), 300), 0);
	nhmex_throttle(&u, true, 300);
	assert_int_equal(rd(&u, W_CTR(1), 800), 500);
	assert_int_equal(rd(&u, W_CTR(0), 800), 500);
	nhmex_throttle(&u, false, 800);
	assert_int_equal(rd(&u, W_CTR(1), 900), 500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(x03_x39_reset_values_and_absent_registers),
		cmocka_unit_test(x04_ig_bits_read_0),
		cmocka_unit_test(x05_three_enables),
		cmocka_unit_test(x06_ubox_counter_gates),
		cmocka_unit_test(x07_x14_x35_w_fixed_counter),
		cmocka_unit_test(x08_x09_x10_x13_stop_resume),
		cmocka_unit_test(x11_x18_counter_writes),
		cmocka_unit_test(x12_rst_all),
		cmocka_unit_test(x44_bbox_counter_lists),
		cmocka_unit_test(x45_x46_umask_0_counts_nothing),
		cmocka_unit_test(x47_throttle_events_only_while_throttling),
		cmocka_unit_test(x15_x16_x17_x34_every_source),
		cmocka_unit_test(x26_x27_x30_clear_from_below),
		cmocka_unit_test(x26_x27_oqx6_two_feeders),
		cmocka_unit_test(x28_u_ovf_ctl),
		cmocka_unit_test(x19_x22_pmi_and_freeze),
		cmocka_unit_test(x20_x21_x23_pmi_without_freeze_and_so_on),
		cmocka_unit_test(x25_refreeze_needs_the_ov_bit_cleared),
		cmocka_unit_test(x31_new_sample_interval),
		cmocka_unit_test(x32_x33_iperf),
		cmocka_unit_test(x39_oqx13_c8_c9),
		cmocka_unit_test(x40_sub_controls_hold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
