/* The uncore-wide layer the Xeon E5 v2 adds to the E5-2600's boxes (spec
 * xeon-e5-v2-v4-uncore.md, V-03..V-08, V-13): U_MSR_PMON_GLOBAL_CTL with
 * frz_all and unfrz_all, GLOBAL_STATUS, GLOBAL_CONFIG, the U-box's and
 * the PCU's box status, and what a counter's ov_en does when it wraps.
 * Only a generation whose struct snbep_gen has .global reaches it. */
#include "pmu/emu/snbep/model.h"
#include "pmu/regs/tables.h"
#include "pmu/emu/engine.h"

#define F(u, id) ((u)->faults & EMU_FF(SNBEP, id))

/* V-03: IVB-EP's PMI fields of GLOBAL_CTL (pmu/regs/ivbep.c); the freeze
 * bits, which move (V-03 31/29, K-03 63/61), and the bits it stores come
 * from the generation's table. */
#define G_PMI_SEL 0x7FFFull           /* pmi_core_sel 14:0, RW */
#define G_WK_ON_PMI (1ull << 30)      /* RW */
#define CTL_OV_EN (1ull << 20)        /* V-08, V-11, V-15, K-08 */

/* OQ-V1 model choice: GLOBAL_STATUS's bit per box type that reports an
 * overflow. */
#define GS_U 0x1ull                   /* ov_u: the U-box's general counters */
#define GS_U_FIXED 0x2ull             /* ov_u_fixed: its UCLK fixed counter */
#define GS_CBOX 0x4ull
#define GS_PCU 0x8ull
#define GS_SBOX 0x10ull               /* OQ-V16, OQ-K40: the more types' */
/* OQ-K30 model choice: STATUS2's bits on ICX (K-62): the U-box's general
 * and fixed counters, the PCU, then a bit per box of the more types in
 * their order (IIO 0..5, IRP 0..5, M2PCIe 0..5). */
#define GS2_U 0x1ull
#define GS2_U_FIXED 0x2ull
#define GS2_PCU 0x4ull
#define GS2_MORE 3

static void raise_pmi(struct snbep_uncore *u);

bool snbep_ufrozen(const struct snbep_uncore *u)
{
	/* V-06, OQ-V13: the U-box has no BOX_CTL, so no frz_en gates it. */
	return u->gfrz && !F(u, IVBEP_FRZ_ALL_SKIPS_UBOX);
}

bool snbep_gfrozen(const struct snbep_uncore *u, const struct snbep_box *b)
{
	/* V-06, OQ-V10: frz_all stops a box whose frz_en is 1. */
	return u->gfrz && (b->frz_en || F(u, IVBEP_FRZ_ALL_IGNORES_EN)) &&
	       !(snbep_is_more(u, b) && F(u, HSWEP_SBOX_NO_FREEZE)); /* V-06 broken */
}

static void set_gfrz(struct snbep_uncore *u, bool on)
{
	if (on == u->gfrz)
		return;
	snbep_snapshot_all(u); /* counting stops or restarts now */
	u->gfrz = on;
}

/* The global registers and the box status registers of the U-box, the
 * PCU and (HSX, BDX: V-32) the C-boxes and SBOXes, which the E5-2600's
 * model has not: *st the box status of r, or NULL for a global register. */
static uint64_t *status_of(struct snbep_uncore *u, const struct reg_ref *r)
{
	if (r->box == u->g->pcu)
		return &u->pcu.status;
	if (snbep_sbox(u, r) >= 0) /* V-32, K-08: a C-box's or a more type's own */
		return &u->cbox[snbep_sbox(u, r)].status;
	/* The global registers carry no fields (OQ-V1), the box status its
	 * overflow bits. */
	return r->tmpl->role == ROLE_GLOBAL_STATUS && r->tmpl->fields ? &u->ustatus : NULL;
}

bool snbep_global_reg(const struct snbep_uncore *u, const struct reg_ref *r)
{
	return u->g->global && (r->tmpl->role == ROLE_GLOBAL_CTL ||
				r->tmpl->role == ROLE_GLOBAL_STATUS);
}

void snbep_global_read(struct snbep_uncore *u, const struct reg_ref *r, uint64_t *val)
{
	uint64_t *st = status_of(u, r);

	if (st)
		*val = *st;
	else if (u->g->gstatus2 && r->msr == u->g->gstatus2)
		*val = u->gstatus2; /* K-62 */
	else if (r->tmpl->role == ROLE_GLOBAL_STATUS)
		*val = u->gstatus;
	else if (r->tmpl->fields) /* GLOBAL_CTL: the WO bits read 0 (V-03) */
		*val = F(u, IVBEP_PMI_SEL_DROPPED) ? 0 : u->gctl;
	else
		*val = u->gconfig; /* OQ-V1: plain storage */
}

void snbep_global_write(struct snbep_uncore *u, const struct reg_ref *r, uint64_t val)
{
	uint64_t *st = status_of(u, r);
	uint64_t w1c = reg_defined_mask(r->tmpl);

	if (st) {
		*st &= ~(val & w1c); /* V-13: written 1 clears */
	} else if (u->g->gstatus2 && r->msr == u->g->gstatus2) {
		if (!F(u, ICX_GSTATUS2_STICKY))
			u->gstatus2 &= ~val; /* K-62 */
	} else if (r->tmpl->role == ROLE_GLOBAL_STATUS) {
		if (!F(u, IVBEP_GSTATUS_STICKY))
			u->gstatus &= ~val; /* V-04 */
	} else if (r->tmpl->fields) {
		uint64_t frz = field_mask(reg_field(r->tmpl, "frz_all"));
		uint64_t unfrz = field_mask(reg_field(r->tmpl, "unfrz_all"));

		if (F(u, SKX_FRZ_AT_31) && frz >> 32) { /* K-03 broken: IVB-EP's places */
			frz >>= 32;
			unfrz >>= 32;
		}
		u->gctl = val & (reg_access_mask(r->tmpl, FA_RW) |
				 (u->g->gctl_ivb ? G_PMI_SEL | G_WK_ON_PMI : 0)); /* OQ-V4 */
		/* V-06, K-04: frz_all freezes; unfrz_all restarts (both: the
		 * freeze wins, which no software asks for). */
		if (val & frz)
			set_gfrz(u, true);
		else if ((val & unfrz) && !F(u, IVBEP_UNFRZ_ALL_IGNORED))
			set_gfrz(u, false);
	} else {
		u->gconfig = val & 0xFFFFFFFFull;
	}
}

/* K-62, OQ-K30: ICX's bit of counter k of box b (NULL: the U-box): a
 * CHA's in STATUS1 at its number, the other boxes' in STATUS2. */
static void split_bits(const struct snbep_uncore *u, const struct snbep_box *b, unsigned k,
		       uint64_t *gs, uint64_t *gs2)
{
	long i;

	if (!b) {
		*gs2 |= k == SNBEP_NCTR ? GS2_U_FIXED : GS2_U;
		return;
	}
	if (b == &u->pcu) {
		*gs2 |= GS2_PCU;
		return;
	}
	i = b - u->cbox; /* a stream box: a CHA, then the more types' */
	if (i < SNBEP_MAX_CBOX)
		*gs |= 1ull << (F(u, ICX_CHA_BIT_SHIFTED) ? i + 1 : i);
	else
		*gs2 |= 1ull << (GS2_MORE + i - SNBEP_MAX_CBOX);
}

/* V-08: counters `ks` (bit k; bit SNBEP_NCTR for the U-box's fixed one)
 * of box b (NULL: the U-box) wrapped. Each with ov_en sets its bit in
 * its box's status (the C-boxes have none on IVB-EP, OQ-V8; V-32) and its box
 * type's in GLOBAL_STATUS, and the freeze goes out to every box, unless
 * the overflow bits that caused the last freeze are still set. It acts
 * at the first access after the wrap, as the model computes no wrap
 * cycle: the boxes count on until then, which V-08 allows ("between the
 * overflow and the global disable the counter wraps and counts on") and
 * no test can tell from a freeze at the wrap, since none can read at it. */
void snbep_overflow(struct snbep_uncore *u, struct snbep_box *b, unsigned ks)
{
	/* Every box keeps its bits; IVB-EP's C-box has no register to show
	 * them (OQ-V8), HSX's, BDX's (V-32) and SKX's CHA have (K-08). */
	bool more = b && snbep_is_more(u, b);
	uint64_t gs = 0, gs2 = 0, *st = b ? &b->status : &u->ustatus;
	unsigned k;

	for (k = 0; k <= SNBEP_NCTR; k++) {
		const struct snbep_ctr *c = k == SNBEP_NCTR ? (b ? NULL : &u->ufixed)
					   : b ? &b->ctr[k] : k < SNBEP_UNCTR ? &u->ugp[k] : NULL;

		if (!(ks >> k & 1) || !c)
			continue;
		if (!(c->ctl & CTL_OV_EN) && !F(u, IVBEP_OV_IGNORES_EN))
			continue;
		if (k < SNBEP_NCTR && !F(u, IVBEP_BOX_STATUS_LOST) &&
		    !(b && b < &u->cbox[SNBEP_MAX_CBOX] &&
		      (F(u, SKX_CHA_STATUS_LOST) || F(u, HSWEP_CBOX_STATUS_LOST))))
			*st |= 1ull << k;
		if (u->g->gstatus2)
			split_bits(u, b, k, &gs, &gs2);
		else /* OQ-V16, OQ-K40: HSX's SBOXes and SKX's IIO and IRP at bit 4. */
			gs |= !b ? (k == SNBEP_NCTR ? GS_U_FIXED : GS_U) : b == &u->pcu ? GS_PCU
			      : more && !F(u, SKX_IO_GSTATUS_CHA) ? GS_SBOX : GS_CBOX;
	}
	if ((!gs && !gs2) || ((u->gstatus & gs) == gs && (u->gstatus2 & gs2) == gs2))
		return; /* the last overflow's bits still set: no new freeze nor PMI */
	if (!F(u, IVBEP_OV_NO_FREEZE))
		set_gfrz(u, true);
	u->gstatus |= gs;
	u->gstatus2 |= gs2;
	raise_pmi(u);
}

/* V-07, OQ-V3: the PMI goes to the cores of pmi_core_sel (none selected:
 * none); wk_on_pmi needs no model of its own, since the emulated backend's
 * delivery wakes a halted CPU as an interrupt does. */
static void raise_pmi(struct snbep_uncore *u)
{
	uint16_t all = (uint16_t)((1u << u->ncores) - 1);
	uint16_t cores = F(u, IVBEP_PMI_IGNORES_SEL) ? all : (uint16_t)(u->gctl & G_PMI_SEL & all);

	if (!cores || F(u, IVBEP_PMI_LOST))
		return;
	EMU_QUEUE_PMI(u->gpmi, u->ngpmi, u->gpmi_dropped,
		      ((struct emu_pmi_req){ .cycle = u->now, .cores = cores }));
}

unsigned snbep_take_gpmi(struct snbep_uncore *u, struct emu_pmi_req *out, unsigned max)
{
	return emu_fifo_take(u->gpmi, &u->ngpmi, sizeof(u->gpmi[0]), out, max);
}
