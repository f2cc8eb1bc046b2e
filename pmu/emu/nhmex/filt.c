/* Threshold, invert and edge detect of the emulated Xeon 7500 uncore's C,
 * S and W counters, and the U counter's edge detect (spec
 * xeon7500-uncore.md X-41..X-43, OQ-X25), over the per-cycle events of
 * OQ-X19 and OQ-X26. Each such counter keeps its filtered increments over
 * one period, refilled when its select is written, and counts any window
 * in O(1) with the machinery the other uncore models share
 * (pmu/emu/stream.c): the filter itself is emu_filt, whose rules
 * (threshold t != 0: x >= t, invert: x < t, t = 0: x itself, edge: the
 * rising edges of that condition) are X-41..X-43 with the defaults of
 * OQ-X25 (a)-(c); a select write while the counter counts leaves the seam
 * of OQ-X25 (d). */
#include "pmu/emu/nhmex/model.h"

#define F(u, id) ((u)->faults & EMU_FF(NHMEX, id))
#define PERIOD EMU_STREAM_PERIOD

#define EV_SYNTH 0x07             /* OQ-X26: C, S, U */
#define EV_SYNTH_W 0x04           /* OQ-X26: W's C_CYCLES_TURBO */
#define SEL_EDGE (1ull << 18)     /* C, S, W, U */
#define SEL_INV (1ull << 23)      /* C, S, W */
#define SEL_THR(sel) ((uint8_t)((sel) >> 24)) /* 31:24 */
#define BURST_SHIFT 5             /* OQ-X26: bursts of 32 cycles */
#define BURST_LEN (1u << BURST_SHIFT)

static bool is_s(unsigned b)
{
	return b == NHMEX_S0 || b == NHMEX_S0 + 1;
}

int nhmex_filt_idx(unsigned b, unsigned k)
{
	if (b < NHMEX_MAX_CBOX)
		return k < 6 ? (int)(6 * b + k) : -1;
	if (is_s(b))
		return k < 4 ? (int)(6 * NHMEX_MAX_CBOX + 4 * (b - NHMEX_S0) + k) : -1;
	if (b == NHMEX_W)
		return k < NHMEX_W_FIXED ? (int)(6 * NHMEX_MAX_CBOX + 8 + k) : -1;
	return b == NHMEX_U && k == 0 ? NHMEX_NFILT - 1 : -1;
}

/* OQ-X26: the largest value of box b's synthetic event, below 64 (the
 * cached sums' bound, pmu/emu/stream.h). */
static unsigned ev_max(unsigned b)
{
	if (is_s(b))
		return 63; /* TO_R_B_HOM_MSGQ_OCCUPANCY: up to 64 (Table 2-37) */
	return b < NHMEX_MAX_CBOX ? 15 : 1; /* C: more than 1 (§2.3.3.2); W, U: 1 */
}

/* MODEL CHOICE (OQ-X26): bursts of 32 cycles, busy in 3 of 4 by a hash of
 * (box, burst); in a busy burst an occupancy ramps by 4 a cycle up to a
 * hashed peak and back, less a hashed 0/1 jitter, and a flag is set in 7
 * of 8 cycles. Every counter of a box sees the same value. */
unsigned nhmex_event_value(unsigned b, uint8_t ev, uint64_t t)
{
	uint32_t key = 0x7E00u + b, p = (uint32_t)(t % PERIOD), burst = p >> BURST_SHIFT;
	unsigned i = p & (BURST_LEN - 1), max = ev_max(b), peak, ramp;

	if (ev != (b == NHMEX_W ? EV_SYNTH_W : EV_SYNTH))
		return 1; /* OQ-X19: one event per cycle */
	if (!(emu_mix(key, burst) & 3))
		return 0;
	if (max == 1)
		return (emu_mix(key, 0x10000 | p) & 7) != 0;
	peak = 1 + (emu_mix(key, burst) >> 2) % max;
	ramp = 4 * (1 + (i < BURST_LEN - 1 - i ? i : BURST_LEN - 1 - i));
	return (peak < ramp ? peak : ramp) - (emu_mix(key, 0x20000 | p) & 1);
}

/* What counter k of box b sees at cycle t under select sel: nothing for an
 * event it cannot count (X-44..X-47). */
static unsigned value(const struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t sel,
		      uint64_t t)
{
	return nhmex_event_counts(u, b, k, sel) ? nhmex_event_value(b, (uint8_t)sel, t) : 0;
}

/* The counter's filter from its select (X-41..X-43, OQ-X25), or as a
 * defect breaks it. */
static struct emu_filt filt_of(const struct nhmex_uncore *u, unsigned b, uint64_t sel)
{
	struct emu_filt f = { .cmask = SEL_THR(sel), .inv = sel & SEL_INV, .edge = sel & SEL_EDGE,
			.gt = F(u, EX_THR_GT) };

	if (b == NHMEX_U) { /* OQ-X24: edge detect only (Table 2-6) */
		f.cmask = 0;
		f.inv = false;
	}
	if (F(u, EX_THR_TOP_IGNORED))
		f.cmask &= 0x7F; /* X-41 broken: bit 31 of the field dropped */
	if (F(u, EX_EDGE_BEFORE_THR) && f.edge && f.cmask >= 2)
		f.cmask = 1; /* OQ-X25 (c) broken: the edge of the event itself */
	if (F(u, EX_INV_IGNORED) || !f.cmask) /* OQ-X25 (b): ignored with t = 0 */
		f.inv = false;
	if ((F(u, EX_EDGE_INV_LEVEL) && f.inv) || (F(u, EX_U_EDGE_IGNORED) && b == NHMEX_U))
		f.edge = false; /* X-43 broken: the level counted */
	if (F(u, EX_EDGE_FALLING) && f.edge)
		f.inv = !f.inv; /* X-43 broken: the rises of the inverse are the falls */
	return f;
}

void nhmex_filt_fill(struct nhmex_uncore *u, unsigned b, unsigned k)
{
	int i = nhmex_filt_idx(b, k);
	uint64_t sel;
	struct emu_filt f;
	uint8_t raw[PERIOD];
	unsigned p;

	if (i < 0)
		return;
	sel = u->box[b].evsel[k];
	f = filt_of(u, b, sel);
	for (p = 0; p < PERIOD; p++)
		raw[p] = (uint8_t)value(u, b, k, sel, p);
	emu_stream_fill(&u->fs[i], &f, raw);
}

/* OQ-X25 (d) default, as OQ-N26: written while it counts, the detector's
 * cycle of the write compares with the condition of the cycle before as
 * the old select formed it. Written while stopped: no seam, the refilled
 * stream already compares each cycle with the one before. */
void nhmex_filt_write(struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t old,
		      bool counting)
{
	int i = nhmex_filt_idx(b, k);
	uint64_t sel = u->box[b].evsel[k], t = u->now;
	struct emu_filt was, cur;
	bool held;

	if (i < 0)
		return;
	nhmex_filt_fill(u, b, k);
	if (!counting || !t)
		return;
	was = filt_of(u, b, old);
	cur = filt_of(u, b, sel);
	held = emu_filt_cond(&was, value(u, b, k, old, t - 1));
	emu_seam_set(&u->fseam[i], t, held, &cur, value(u, b, k, sel, t - 1),
		     value(u, b, k, sel, t));
}
