/* Helpers shared by the host tests of the emulated Sandy Bridge-EP uncore
 * (tests/pmu/emu/snbep/test_emu_snbep*.c): MSR numbers and bits written from the
 * spec's tables, checked accessors, and an independent per-cycle reference
 * of what a counter must count, written from the spec's statements: a
 * stream counter (U-box, C-box) over snbep_*box_value(), and a PCU counter
 * over a scripted sequence of C-states, one pclk at a time. */
#ifndef TESTS_HOST_TEST_EMU_SNBEP_H
#define TESTS_HOST_TEST_EMU_SNBEP_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/fault.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/snbep/model.h"
#include "tests/pmu/emu/test_model_msr.h"

/* §2 */
#define U_FIXED_CTL 0xC08u
#define U_FIXED_CTR 0xC09u
#define U_CTL(k) (0xC10u + (k))
#define U_CTR(k) (0xC16u + (k))
#define C_BOX_CTL(n) (0xD04u + 0x20u * (n))
#define C_CTL(n, k) (0xD10u + 0x20u * (n) + (k))
#define C_FILTER(n) (0xD14u + 0x20u * (n))
#define C_CTR(n, k) (0xD16u + 0x20u * (n) + (k))
#define PCU_BOX_CTL 0xC24u
#define PCU_CTL(k) (0xC30u + (k))
#define PCU_FILTER 0xC34u
#define PCU_CTR(k) (0xC36u + (k))
#define CORE_C3 0x3FCu
#define CORE_C6 0x3FDu

/* §3 */
#define RST_CTRL 0x1ull
#define RST_CTRS 0x2ull
#define FRZ 0x100ull
#define FRZ_EN 0x10000ull
#define FROZEN (FRZ_EN | FRZ) /* 0x10100 (S-11) */
#define RUNNING FRZ_EN        /* 0x10000 (S-13) */
#define CTL_RST (1ull << 17)
#define CTL_EDGE (1ull << 18)
#define CTL_EXT (1ull << 21)
#define CTL_EN (1ull << 22)
#define CTL_INV (1ull << 23)
#define OCC_INV (1ull << 30)
#define OCC_EDGE (1ull << 31)
#define OCC_SEL(s) ((uint64_t)(s) << 14)
#define THRESH(t) ((uint64_t)(t) << 24)
#define M44 ((1ull << 44) - 1)
#define M48 ((1ull << 48) - 1)

#define NCORES 4
#define UCLK 800000u /* kHz: UCLK at pclk's rate unless a test says otherwise */
#define P EMU_STREAM_PERIOD

static inline uint64_t rdc(struct snbep_uncore *u, unsigned core, uint32_t msr, uint64_t now)
{
	uint64_t v = 0xDEAD;

	assert_int_equal(snbep_rdmsr(u, core, msr, now, &v), 0);
	return v;
}

/* rd and wr: as core 0 (rdc for another core). */
TEST_UNCORE_MSR(struct snbep_uncore, snbep_rdmsr, snbep_wrmsr)

static inline uint64_t ctl(uint8_t ev, uint8_t umask, uint8_t thresh, uint64_t flags)
{
	return ev | (uint64_t)umask << 8 | THRESH(thresh) | flags;
}

/* The freeze tests' counters: counter 0 of slice boxes 0 and 1 (the E5
 * v2's C-boxes, the Xeon SP's CHAs) and of the PCU, the UCLK fixed
 * counter, and the box controls. */
struct clk_regs {
	uint32_t slice_ctl[2], pcu_ctl, fixed_ctl, slice_box_ctl[2], pcu_box_ctl;
};

/* All of r count clockticks from 0: slice box 0 and the PCU with frz_en,
 * slice box 1 without it. */
static inline void start_clocks(struct snbep_uncore *u, const struct clk_regs *r)
{
	wr(u, r->slice_ctl[0], CTL_EN, 0);
	wr(u, r->slice_ctl[1], CTL_EN, 0);
	wr(u, r->pcu_ctl, CTL_EN, 0);
	wr(u, r->fixed_ctl, CTL_EN, 0);
	wr(u, r->slice_box_ctl[0], RUNNING, 0);
	wr(u, r->slice_box_ctl[1], 0, 0);
	wr(u, r->pcu_box_ctl, RUNNING, 0);
}

/* ---- stream counters (U-box, C-box): S-21..S-25, OQ-S08, OQ-S09 ---- */

/* box < 0: the U-box. */
struct sref_cfg {
	int box;
	uint8_t ev, um, thresh;
	bool inv, edge;
};

static inline uint64_t sref_ctl(const struct sref_cfg *c)
{
	return ctl(c->ev, c->um, c->thresh,
		   CTL_EN | (c->inv ? CTL_INV : 0) | (c->edge ? CTL_EDGE : 0));
}

static inline unsigned sref_x(const struct sref_cfg *c, uint64_t t)
{
	return c->box < 0 ? snbep_ubox_value(c->ev, c->um, t)
			  : snbep_cbox_value((unsigned)c->box, c->ev, c->um, c->ev == 0x36 ? 20 : 7,
					     t); /* S-60: TOR_OCCUPANCY at most 20 a cycle */
}

/* One counted cycle with event count x; *det is the compare result of the
 * previous counted cycle (0 after enable or reset, OQ-S09). */
static inline unsigned ref_step(unsigned x, unsigned t, bool inv, bool edge, bool *det)
{
	bool k;
	unsigned n;

	if (!t)
		return x; /* S-21; S-25, OQ-S08: invert and edge ignored */
	k = inv ? x < t : x >= t; /* S-22, S-23 */
	n = edge ? (k && !*det) : k; /* S-24 */
	*det = k;
	return n;
}

/* Count over the counted cycles [a, b), continuing the detector in *det. */
static inline uint64_t sref_run(const struct sref_cfg *c, uint64_t a, uint64_t b, bool *det)
{
	uint64_t t, n = 0;

	for (t = a; t < b; t++)
		n += ref_step(sref_x(c, t), c->thresh, c->inv, c->edge, det);
	return n;
}

/* Count over [a, b) of a counter enabled at a. */
static inline uint64_t sref_count(const struct sref_cfg *c, uint64_t a, uint64_t b)
{
	bool det = false;

	return sref_run(c, a, b, &det);
}

/* Increment of cycle t of a counter that also counted cycle t - 1. */
static inline unsigned sref_steady(const struct sref_cfg *c, uint64_t t)
{
	unsigned prev = sref_x(c, t - 1);
	bool det = c->inv ? prev < c->thresh : prev >= c->thresh;

	return ref_step(sref_x(c, t), c->thresh, c->inv, c->edge, &det);
}

/* sref_count for windows of any length: the enable's cycle, then the
 * steady increments, periodic, as whole periods plus the ragged ends. */
static inline uint64_t sref_count_long(const struct sref_cfg *c, uint64_t a, uint64_t b)
{
	uint64_t n, t, a1, b1, per = 0;
	bool det = false;

	if (b <= a)
		return 0;
	n = ref_step(sref_x(c, a), c->thresh, c->inv, c->edge, &det);
	a1 = (a + P) / P * P; /* first period boundary after a */
	b1 = b / P * P;
	if (b1 <= a1)
		b1 = a1 = b;
	for (t = a + 1; t < a1; t++)
		n += sref_steady(c, t);
	for (t = P; t < 2 * P && a1 < b1; t++)
		per += sref_steady(c, t);
	n += (b1 - a1) / P * per;
	for (t = b1; t < b; t++)
		n += sref_steady(c, t);
	return n;
}

/* ---- the PCU: S-26..S-35, S-44, OQ-S08, OQ-S10, OQ-S19, OQ-S22 ---- */

/* One C-state change of a script: core enters state at UCLK cycle t. */
struct cs_event {
	uint64_t t;
	unsigned core;
	enum pmu_cstate state;
};

/* pclk cycles before UCLK cycle t at uclk_khz (S-44), computed wide. */
static inline uint64_t ref_pclk(uint64_t t, uint32_t uclk_khz)
{
	return (uint64_t)((unsigned __int128)t * SNBEP_PCLK_KHZ / uclk_khz);
}

/* The C-states in pclk k: every event whose pclk is at or before k has
 * happened (events in time order; cores start in C0). */
static inline void ref_states(const struct cs_event *ev, unsigned nev, uint32_t uclk_khz,
			      uint64_t k, enum pmu_cstate *st)
{
	unsigned i;

	for (i = 0; i < SNBEP_MAX_CORES; i++)
		st[i] = PMU_C0;
	for (i = 0; i < nev && ref_pclk(ev[i].t, uclk_khz) <= k; i++)
		st[ev[i].core] = ev[i].state;
}

struct pref_cfg {
	uint8_t ev, occ_sel, thresh;
	bool inv, edge, occ_inv, occ_edge, ext;
	uint32_t filter;
};

static inline uint64_t pref_ctl(const struct pref_cfg *c)
{
	return c->ev | OCC_SEL(c->occ_sel) | THRESH(c->thresh) | CTL_EN |
	       (c->inv ? CTL_INV : 0) | (c->edge ? CTL_EDGE : 0) | (c->ext ? CTL_EXT : 0) |
	       (c->occ_inv ? OCC_INV : 0) | (c->occ_edge ? OCC_EDGE : 0);
}

/* N: cores in C0/C3/C6 for occ_sel 1/2/3, none for 0 (OQ-S22); C1 is in no
 * bucket (OQ-S19). */
static inline unsigned ref_n(const struct pref_cfg *c, const enum pmu_cstate *st,
			     unsigned ncores)
{
	static const int want[4] = { -1, PMU_C0, PMU_C3, PMU_C6 };
	unsigned i, n = 0;

	for (i = 0; i < ncores; i++)
		n += (int)st[i] == want[c->occ_sel];
	return n;
}

/* The event's count per pclk: clockticks (S-44), bands (S-33: UCLK, the
 * model's uncore frequency, OQ-S18, at least 100 MHz x byte), nothing else;
 * bit 21 makes another event (S-35). */
static inline unsigned ref_m(const struct pref_cfg *c, uint32_t uclk_khz)
{
	unsigned ev = c->ev & 0x7F;

	if (c->ext)
		return 0;
	if (ev == 0)
		return 1;
	if (ev >= 0x0B && ev <= 0x0E)
		return uclk_khz >= 100000ull * ((c->filter >> (8 * (ev - 0x0B))) & 0xFF);
	return 0;
}

/* The PCU's machine context: the script and the package. */
struct pcu_env {
	const struct cs_event *ev;
	unsigned nev, ncores;
	uint32_t uclk_khz;
};

/* PCU counter c counting over UCLK [a, b) under the script, its edge
 * detectors (main event, occupancy) continued in det[0], det[1]. */
static inline uint64_t pref_run(const struct pref_cfg *c, const struct pcu_env *e, uint64_t a,
				uint64_t b, bool *det)
{
	enum pmu_cstate st[SNBEP_MAX_CORES];
	unsigned m = ref_m(c, e->uclk_khz), N, t = c->thresh;
	uint64_t k, n = 0;
	bool q, mm;

	for (k = ref_pclk(a, e->uclk_khz); k < ref_pclk(b, e->uclk_khz); k++) {
		ref_states(e->ev, e->nev, e->uclk_khz, k, st);
		N = ref_n(c, st, e->ncores);
		if (!(c->ev & 0x80)) {
			n += ref_step(m, t, c->inv, c->edge, &det[0]);
		} else if (c->ev == 0x80) { /* S-27..S-31 */
			n += ref_step(N, t, c->occ_inv, c->occ_edge, &det[1]);
		} else { /* OQ-S10 */
			q = t ? ref_step(N, t, c->occ_inv, c->occ_edge, &det[1]) : N > 0;
			mm = ref_step(m, 1, c->inv, c->edge, &det[0]);
			n += q && mm;
		}
	}
	return n;
}

/* PCU counter c enabled at UCLK a: its count at UCLK b. */
static inline uint64_t pref_count(const struct pref_cfg *c, const struct pcu_env *e, uint64_t a,
				  uint64_t b)
{
	bool det[2] = { false, false };

	return pref_run(c, e, a, b, det);
}

/* Apply script events in (from, to] of UCLK time to the model, in order. */
static inline void play(struct snbep_uncore *u, const struct cs_event *ev, unsigned nev,
			uint64_t from, uint64_t to)
{
	unsigned i;

	for (i = 0; i < nev; i++)
		if (ev[i].t > from && ev[i].t <= to)
			snbep_core_state(u, ev[i].core, ev[i].state, ev[i].t);
}

#endif
