/* The emulated Sandy Bridge-EP PCU's counting (spec §3.3, §3.4, S-21..S-35,
 * S-44): what one PCU counter adds per pclk, from its event, the band
 * filter and the cores' C-states.
 *
 * Every input a PCU counter sees is constant between two C-state changes:
 * clockticks (S-44), a band event (the model's uncore frequency never
 * changes, OQ-S18), the occupancy of each C-state (changes only through
 * snbep_core_state). So over a run of pclks only the first can differ from
 * the rest (an edge against the detector's held state, OQ-S09) and a run
 * of any length costs O(1): first + (n - 1) x steady. */
#include "pmu/emu/snbep/model.h"

#define F(u, id) ((u)->faults & EMU_FF(SNBEP, id))

/* Functional bits of PCU_MSR_PMON_CTLk (§3.3, pmu/regs/snbep.c). */
#define CTL_EV(v) ((uint8_t)(v))
#define EV_OCC 0x80u                  /* ev_sel bit 7: use occupancy (S-26) */
#define CTL_OCC_SEL(v) ((unsigned)((v) >> 14) & 3)
#define CTL_EXT (1ull << 21)          /* S-35, OQ-S11 */
#define CTL_THRESH(v) ((unsigned)((v) >> 24) & 0x1F)
#define CTL_OCC_INV (1ull << 30)      /* S-29 */
#define CTL_OCC_EDGE (1ull << 31)     /* S-30, OQ-S23 */
#define EV_CLOCKTICKS 0x00            /* S-44 */
#define EV_BAND0 0x0B                 /* S-33: 0x0B..0x0E, bands 0..3 */
#define BAND_KHZ 100000u              /* S-33: 100 MHz per filter LSB */

/* What kind of counting a PCU_MSR_PMON_CTL selects. */
enum kind {
	K_PLAIN, /* an ordinary event: thresh, invert, edge_det (S-21..S-25, S-34) */
	K_OCC,   /* ev_sel 0x80: occupancy with thresh, occ_invert, occ_edge_det (S-26..S-31) */
	K_QUAL,  /* ev_sel bit 7 and more: the event while the occupancy holds (S-32, OQ-S10) */
};

struct sel {
	enum kind kind;
	struct emu_filt main, occ;
	unsigned m, n; /* the main event's per-pclk count, the occupancy N */
};

uint64_t snbep_pclk(const struct snbep_uncore *u, uint64_t t)
{
	/* S-44; split so that no product passes 64 bits, exact floor. */
	uint64_t khz = F(u, SNBEP_PCLK_1GHZ) ? 1000000u : SNBEP_PCLK_KHZ;

	return t / u->uclk_khz * khz + t % u->uclk_khz * khz / u->uclk_khz;
}

/* S-33: pclks in which the uncore frequency (the model's UCLK, OQ-S18) is
 * at least 100 MHz x filter byte `band`. */
static unsigned band(const struct snbep_uncore *u, unsigned b)
{
	unsigned byte;

	if (F(u, SNBEP_BAND_BYTE_SHIFTED))
		b = (b + 1) % 4;
	byte = (unsigned)(u->pcu.filter >> (8 * b)) & 0xFF;
	return u->uclk_khz >= (uint64_t)byte * BAND_KHZ;
}

/* Per-pclk count of the event (ev_sel bits 6:0, bit 21): its identity is the
 * pair (S-35, OQ-S11). */
static unsigned main_event(const struct snbep_uncore *u, uint64_t ctl)
{
	unsigned ev = CTL_EV(ctl) & ~EV_OCC;

	/* With bit 21: FREQ_TRANS_CYCLES, COREn_/TOTAL_TRANSITION_CYCLES. The
	 * model changes no frequency and its C-state changes take no time, so
	 * they count nothing (OQ-S18); 0x0B here is not a band event (S-35). */
	if ((ctl & CTL_EXT) && !F(u, SNBEP_EXT_IGNORED))
		return 0;
	if (ev == EV_CLOCKTICKS)
		return 1; /* S-44 */
	if (ev >= EV_BAND0 && ev < EV_BAND0 + 4)
		return band(u, ev - EV_BAND0); /* S-33 */
	/* Voltage and frequency transitions, limits, PROCHOT, demotions: [HW
	 * only]; never in the model (OQ-S18). */
	return 0;
}

/* S-26: cores of the package in the selected state; occ_sel 0 selects none
 * (OQ-S22); a core in C1 is in no bucket (OQ-S19). */
static unsigned occupancy(const struct snbep_uncore *u, uint64_t ctl)
{
	static const uint8_t state_of[4] = { 0xFF, PMU_C0, PMU_C3, PMU_C6 };
	unsigned sel = CTL_OCC_SEL(ctl), c, n = 0, s;

	if (F(u, SNBEP_OCC_SEL_SWAPPED) && sel >= 2)
		sel ^= 1;
	for (c = 0; c < u->ncores; c++) {
		s = u->cstate[c];
		if (F(u, SNBEP_IDLE_COUNTS_C0) && s == PMU_C1)
			s = PMU_C0;
		n += s == state_of[sel];
	}
	return n;
}

/* The occupancy compare: N >= thresh, N < thresh with occ_invert (S-28,
 * S-29), rising edges of that with occ_edge_det (S-30: with occ_invert the
 * falling edges of N >= thresh); with thresh 0 both are ignored (S-31). */
static struct emu_filt occ_filt(const struct snbep_uncore *u, uint64_t ctl)
{
	bool inv = (ctl & CTL_OCC_INV) && !F(u, SNBEP_OCC_INVERT_IGNORED);
	bool edge = (ctl & CTL_OCC_EDGE) && !F(u, SNBEP_OCC_EDGE_COUNTS_LEVELS);

	if (edge && F(u, SNBEP_OCC_EDGE_RISING_ONLY))
		inv = false;
	return snbep_filt(u, CTL_THRESH(ctl), inv, edge, F(u, SNBEP_OCC_THRESH_OFF_BY_ONE));
}

static struct sel sel_of(const struct snbep_uncore *u, uint64_t ctl)
{
	struct sel s = { .kind = K_PLAIN, .main = snbep_main_filt(u, CTL_THRESH(ctl), ctl),
			.occ = occ_filt(u, ctl), .m = main_event(u, ctl), .n = occupancy(u, ctl) };

	if (!(CTL_EV(ctl) & EV_OCC))
		return s;
	if (CTL_EV(ctl) == EV_OCC) {
		s.kind = K_OCC; /* OQ-S10: invert and edge_det do not apply */
		return s;
	}
	/* OQ-S10: thresh belongs to the occupancy compare; invert and edge_det
	 * shape the event as a 0/1 signal. */
	s.kind = K_QUAL;
	s.main = snbep_main_filt(u, 1, ctl);
	return s;
}

/* One pclk's increment, the detectors holding det and det_occ. */
static unsigned inc(const struct sel *s, bool det, bool det_occ)
{
	switch (s->kind) {
	case K_PLAIN:
		return emu_filt_step(&s->main, s->m, det);
	case K_OCC:
		return emu_filt_step(&s->occ, s->n, det_occ); /* S-27: N itself at thresh 0 */
	default: /* with thresh 0 the qualifier passes N, so "holds" is N > 0 */
		return emu_filt_step(&s->main, s->m, det) && emu_filt_step(&s->occ, s->n, det_occ);
	}
}

uint64_t snbep_pcu_count(struct snbep_uncore *u, unsigned k, uint64_t a, uint64_t b)
{
	struct snbep_ctr *c = &u->pcu.ctr[k];
	struct sel s = sel_of(u, c->ctl);
	bool cm = emu_filt_cond(&s.main, s.m), co = emu_filt_cond(&s.occ, s.n);
	uint64_t n;

	if (b <= a)
		return 0;
	n = inc(&s, c->det, c->det_occ) + (b - a - 1) * inc(&s, cm, co);
	c->det = cm; /* OQ-S09: the compare results of the last counted pclk */
	c->det_occ = co;
	return n;
}
