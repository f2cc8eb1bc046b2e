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

#define BOX3(b) (b), (b) + 1, (b) + 2
static const struct src srcs[] = {
	{ "C0", BOX3(0xD00), 0xD10, 0xD11, EN22, PMI20, 1, 0, 1ull << 2, OV_S0, 0, 0, 0, 0 },
	{ "C1 ctr5", BOX3(0xD80), 0xD9A, 0xD9B, EN22, PMI20, 1 << 5, 0, 1ull << 2, OV_S0, 0, 0, 0, 0 },
	{ "C2", BOX3(0xD40), 0xD50, 0xD51, EN22, PMI20, 1, 0, 1ull << 0, OV_S0, 0, 0, 0, 0 },
	{ "C3", BOX3(0xDC0), 0xDD0, 0xDD1, EN22, PMI20, 1, 0, 1ull << 0, OV_S0, 0, 0, 0, 0 },
	{ "C4", BOX3(0xD20), 0xD30, 0xD31, EN22, PMI20, 1, 1, 1ull << 2, OV_S1, 0, 0, 0, 0 },
	{ "C5", BOX3(0xDA0), 0xDB0, 0xDB1, EN22, PMI20, 1, 1, 1ull << 2, OV_S1, 0, 0, 0, 0 },
	{ "C6", BOX3(0xD60), 0xD70, 0xD71, EN22, PMI20, 1, 1, 1ull << 0, OV_S1, 0, 0, 0, 0 },
	{ "C7 ctr3", BOX3(0xDE0), 0xDF6, 0xDF7, EN22, PMI20, 1 << 3, 1, 1ull << 0, OV_S1, 0, 0, 0, 0 },
	{ "B0", BOX3(0xC20), 0xC30, 0xC31, 1, PMI20, 1, 0, 1ull << 16, OV_S0, 0, 0, 0, 0 },
	{ "B1 ctr3", BOX3(0xC60), 0xC76, 0xC77, 1, PMI20, 1 << 3, 1, 1ull << 16, OV_S1, 0, 0, 0, 0 },
	{ "M0", BOX3(0xCA0), 0xCB0, 0xCB1, 1, 2, 1, 0, 1ull << 16, OV_S0, 0, 0, 0, 0 },
	{ "M1 ctr5", BOX3(0xCE0), 0xCFA, 0xCFB, 1, 2, 1 << 5, 1, 1ull << 16, OV_S1, 0, 0, 0, 0 },
	{ "S0", BOX3(0xC40), 0xC50, 0xC51, EN22, PMI20, 1, 0, 1ull << 18, OV_S0, 0, 0, 0, 0 },
	{ "S1 ctr2", BOX3(0xCC0), 0xCD4, 0xCD5, EN22, PMI20, 1 << 2, 1, 1ull << 18, OV_S1, 0, 0, 0, 0 },
	/* SEED-003: CTL3, port 1 IPERF1 (0xE25), ev_sel 7 */
	{ "R ctr3", BOX3(0xE00), 0xE16, 0xE17, 1, 1 << 6, 1 << 3, 0, 1ull << 19, OV_S0, 0xE25, 1, 1, 7 << 1 },
	/* CTR9; ev_sel 6 = port 5 IPERF0 (0xE09) */
	{ "R ctr9", BOX3(0xE20), 0xE32, 0xE33, 1, 1 << 6, 1 << 1, 1, 1ull << 19, OV_S1, 0xE09, 5, 0, 6 << 1 },
	{ "W ctr1", BOX3(0xC80), 0xC92, 0xC93, EN22, PMI20, 1 << 1, -1, 0, OV_W, 0, 0, 0, W_ONE },
	{ "U", 0xC00, 0xC01, 0xC02, 0xC10, 0xC11, EN22, PMI20, 1, -1, 0, OV_U, 0, 0, 0, 0 },
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
