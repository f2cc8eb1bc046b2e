/* Helpers shared by the host tests of the emulated Xeon 7500 uncore
 * (tests/pmu/emu/nhmex/test_emu_nhmex*.c): MSR numbers and bits written from the
 * spec's tables (§4, §5), checked accessors, every overflow source of X-16
 * and X-17 with where the spec says it must show, and an independent
 * reference of when a counter wraps: one event per cycle (OQ-X19), or the
 * flits of an R-box sub-counter summed cycle by cycle. */
#ifndef TESTS_HOST_TEST_EMU_NHMEX_H
#define TESTS_HOST_TEST_EMU_NHMEX_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/fault.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/nhmex/model.h"
#include "tests/pmu/emu/test_model_msr.h"

#define U_CTL 0xC00u
#define U_ST 0xC01u
#define U_OVF 0xC02u
#define U_EVSEL 0xC10u
#define U_CTR 0xC11u
#define EN_ALL (1ull << 28)
#define RST_ALL (1ull << 29)
#define FRZ_ALL (1ull << 31)
#define CORE(k) (1ull << (1 + (k)))
#define OV_U 0x1ull
#define OV_W 0x2ull
#define OV_S1 0x4ull
#define OV_S0 0x8ull
#define W_CTL 0xC80u
#define W_ST 0xC81u
#define W_OVF 0xC82u
#define W_EVSEL(k) (0xC90u + 2 * (k))
#define W_CTR(k) (0xC91u + 2 * (k))
#define W_FCTR 0x394u
#define W_FCTL 0x395u
#define W_ONE 0x08ull /* RATIO_CHANGE_ABORT, no throttle event; OQ-X19: 1 a cycle */
#define M48 ((1ull << 48) - 1)
#define EN22 (1ull << 22)
/* IPERF values are events, none of them an enable bit: the seed's
 * (Linux qpi*_flit_send), Linux's qpi*_idle_filt and data response */
#define IPERF_FLIT_SEND 0x80000000ull
#define IPERF_IDLE_FILT 0x40000000ull
#define IPERF_DATA_RESP 0xC4ull
#define PMI20 (1ull << 20)

static inline uint32_t c_base(unsigned n)
{
	static const uint16_t off[] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
					0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };
	return 0xD00u + off[n];
}

TEST_UNCORE_MSR(struct nhmex_uncore, nhmex_rdmsr, nhmex_wrmsr)

/* One overflow source: its box's three global registers, the counter's
 * control and data registers, the control's enable and PMI bits (§5.5), the
 * counter's bit in the box registers, and where say the overflow
 * shows above: S-box s (-1: none) and summary bit, U status bit. An R
 * source also names the IPERF register its ev_sel points at. */
struct src {
	const char *name;
	uint32_t gctl, st, ovf, evsel, ctr;
	uint64_t en, pmi, bit;
	int s;
	uint64_t sum, ubit;
	uint32_t iperf;
	unsigned port, sub;
	uint64_t ev; /* ev_sel bits for the control */
};

static const struct src srcs[] = {
	{ .name = "C0", .gctl = 0xD00, .st = 0xD01, .ovf = 0xD02, .evsel = 0xD10, .ctr = 0xD11,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 0, .sum = 1ull << 2, .ubit = OV_S0 },
	{ .name = "C1 ctr5", .gctl = 0xD80, .st = 0xD81, .ovf = 0xD82, .evsel = 0xD9A, .ctr = 0xD9B,
	  .en = EN22, .pmi = PMI20, .bit = 1 << 5, .s = 0, .sum = 1ull << 2, .ubit = OV_S0 },
	{ .name = "C2", .gctl = 0xD40, .st = 0xD41, .ovf = 0xD42, .evsel = 0xD50, .ctr = 0xD51,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 0, .sum = 1ull << 0, .ubit = OV_S0 },
	{ .name = "C3", .gctl = 0xDC0, .st = 0xDC1, .ovf = 0xDC2, .evsel = 0xDD0, .ctr = 0xDD1,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 0, .sum = 1ull << 0, .ubit = OV_S0 },
	{ .name = "C4", .gctl = 0xD20, .st = 0xD21, .ovf = 0xD22, .evsel = 0xD30, .ctr = 0xD31,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 1, .sum = 1ull << 2, .ubit = OV_S1 },
	{ .name = "C5", .gctl = 0xDA0, .st = 0xDA1, .ovf = 0xDA2, .evsel = 0xDB0, .ctr = 0xDB1,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 1, .sum = 1ull << 2, .ubit = OV_S1 },
	{ .name = "C6", .gctl = 0xD60, .st = 0xD61, .ovf = 0xD62, .evsel = 0xD70, .ctr = 0xD71,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 1, .sum = 1ull << 0, .ubit = OV_S1 },
	{ .name = "C7 ctr3", .gctl = 0xDE0, .st = 0xDE1, .ovf = 0xDE2, .evsel = 0xDF6, .ctr = 0xDF7,
	  .en = EN22, .pmi = PMI20, .bit = 1 << 3, .s = 1, .sum = 1ull << 0, .ubit = OV_S1 },
	{ .name = "B0", .gctl = 0xC20, .st = 0xC21, .ovf = 0xC22, .evsel = 0xC30, .ctr = 0xC31,
	  .en = 1, .pmi = PMI20, .bit = 1, .s = 0, .sum = 1ull << 16, .ubit = OV_S0 },
	{ .name = "B1 ctr3", .gctl = 0xC60, .st = 0xC61, .ovf = 0xC62, .evsel = 0xC76, .ctr = 0xC77,
	  .en = 1, .pmi = PMI20, .bit = 1 << 3, .s = 1, .sum = 1ull << 16, .ubit = OV_S1 },
	{ .name = "M0", .gctl = 0xCA0, .st = 0xCA1, .ovf = 0xCA2, .evsel = 0xCB0, .ctr = 0xCB1,
	  .en = 1, .pmi = 2, .bit = 1, .s = 0, .sum = 1ull << 16, .ubit = OV_S0 },
	{ .name = "M1 ctr5", .gctl = 0xCE0, .st = 0xCE1, .ovf = 0xCE2, .evsel = 0xCFA, .ctr = 0xCFB,
	  .en = 1, .pmi = 2, .bit = 1 << 5, .s = 1, .sum = 1ull << 16, .ubit = OV_S1 },
	{ .name = "S0", .gctl = 0xC40, .st = 0xC41, .ovf = 0xC42, .evsel = 0xC50, .ctr = 0xC51,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = 0, .sum = 1ull << 18, .ubit = OV_S0 },
	{ .name = "S1 ctr2", .gctl = 0xCC0, .st = 0xCC1, .ovf = 0xCC2, .evsel = 0xCD4, .ctr = 0xCD5,
	  .en = EN22, .pmi = PMI20, .bit = 1 << 2, .s = 1, .sum = 1ull << 18, .ubit = OV_S1 },
	/* SEED-003: CTL3, port 1 IPERF1 (0xE25), ev_sel 7 */
	{ .name = "R ctr3", .gctl = 0xE00, .st = 0xE01, .ovf = 0xE02, .evsel = 0xE16, .ctr = 0xE17,
	  .en = 1, .pmi = 1 << 6, .bit = 1 << 3, .s = 0, .sum = 1ull << 19, .ubit = OV_S0,
	  .iperf = 0xE25, .port = 1, .sub = 1, .ev = 7 << 1 },
	/* CTR9; ev_sel 6 = port 5 IPERF0 (0xE09) */
	{ .name = "R ctr9", .gctl = 0xE20, .st = 0xE21, .ovf = 0xE22, .evsel = 0xE32, .ctr = 0xE33,
	  .en = 1, .pmi = 1 << 6, .bit = 1 << 1, .s = 1, .sum = 1ull << 19, .ubit = OV_S1,
	  .iperf = 0xE09, .port = 5, .ev = 6 << 1 },
	{ .name = "W ctr1", .gctl = 0xC80, .st = 0xC81, .ovf = 0xC82, .evsel = 0xC92, .ctr = 0xC93,
	  .en = EN22, .pmi = PMI20, .bit = 1 << 1, .s = -1, .sum = 0, .ubit = OV_W, .ev = W_ONE },
	{ .name = "U", .gctl = 0xC00, .st = 0xC01, .ovf = 0xC02, .evsel = 0xC10, .ctr = 0xC11,
	  .en = EN22, .pmi = PMI20, .bit = 1, .s = -1, .sum = 0, .ubit = OV_U },
};

/* Cycle at which a counter started at `from` with `left` events to go
 * wraps: one per cycle, or the flits of its sub-counter. */
static inline uint64_t ref_wrap(const struct src *s, uint64_t from, uint64_t left)
{
	uint64_t t = from, n = 0;

	if (!s->iperf)
		return from + left;
	for (; n < left; t++)
		n += nhmex_flit_value(s->port, s->sub, t);
	return t;
}

/* Select fields of C/S/W (U: edge only) from §5.5. */
#define EDGE18 (1ull << 18)
#define INV23 (1ull << 23)
#define THR(t) ((uint64_t)(t) << 24)
#define EV_SYNTH 0x07ull /* OQ-X26: the model's per-cycle varying event */

/* Select sel of model box b made to respect the event constraints
 * (X-45..X-47): a C or S event without a umask gets one that selects
 * something (C every sub-event, S the R- and B-box queues, Table 2-37),
 * and EV_SYNTH on the W-box becomes W's varying event, C_CYCLES_TURBO 0x04
 * (OQ-X26), since 0x07 (TM1_ON) counts only while the part throttles. */
static inline uint64_t in_rules(unsigned b, uint64_t sel)
{
	bool s = b == NHMEX_S0 || b == NHMEX_S0 + 1;

	if (!(sel & 0xFF00) && (b < NHMEX_MAX_CBOX || s))
		sel |= (s ? 0x03ull : 0xFFull) << 8;
	if (b == NHMEX_W && (uint8_t)sel == EV_SYNTH)
		sel = (sel & ~0xFFull) | 0x04;
	return sel;
}

/* What a counter of model box b with select sel counts over cycles [a, c)
 * (a > 0), written from X-41..X-43 with the defaults of OQ-X25: threshold
 * t != 0 passes x >= t, invert x < t and is ignored with t = 0 (b), edge
 * detect counts the rises of that condition (x > 0 with t = 0, c), each
 * cycle compared with the one before (d); the U counter has edge detect
 * only. x is the event the model exposes (nhmex_event_value, OQ-X26). */
static inline uint64_t ref_filtered(unsigned b, uint64_t sel, uint64_t a, uint64_t c)
{
	unsigned thr = b == NHMEX_U ? 0 : (unsigned)(sel >> 24) & 0xFF, x, xp;
	bool inv = b != NHMEX_U && thr && (sel & INV23), edge = sel & EDGE18, on, was;
	uint64_t n = 0, t;

	sel = in_rules(b, sel);
	for (t = a; t < c; t++) {
		x = nhmex_event_value(b, (uint8_t)sel, t);
		xp = nhmex_event_value(b, (uint8_t)sel, t - 1);
		on = (thr ? x >= thr : x > 0) != inv;
		was = (thr ? xp >= thr : xp > 0) != inv;
		n += edge ? (on && !was) : thr ? on : x;
	}
	return n;
}

/* Program s to wrap after `left` events, with pmi_en if asked, and start
 * all counting at `at` with one U GLOBAL_CTL write of `uctl` | en_all
 * (X-13, X-29). */
static inline void arm(struct nhmex_uncore *u, const struct src *s, uint64_t left, bool pmi,
		       uint64_t uctl, uint64_t at)
{
	if (s->iperf)
		wr(u, s->iperf, IPERF_FLIT_SEND, at); /* the sub-counter first */
	wr(u, s->evsel, s->en | s->ev | (pmi ? s->pmi : 0), at);
	wr(u, s->ctr, (1ull << 48) - left, at);
	if (s->gctl != U_CTL)
		wr(u, s->gctl, s->bit, at);
	wr(u, U_CTL, uctl | EN_ALL | (s->gctl == U_CTL ? 1 : 0), at);
}

#endif
