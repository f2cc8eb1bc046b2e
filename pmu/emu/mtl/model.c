/* The emulated client uncore of layout E (spec client-uncore.md §4.15):
 * one package's register semantics, evaluated lazily on the counter
 * engine. Counters are indexed as pmu/emu/mtl/model.h says; the value of
 * a counter at cycle T holds the increments of the cycles before T, as in
 * the layouts A..D model (pmu/emu/client/model.c). */
#include "pmu/emu/mtl/model.h"
#include "pmu/emu/client/model.h"
#include "pmu/regs/tables.h"
#include "arch/fault.h"

#define PERIOD EMU_STREAM_PERIOD
#define WIDTH 48                      /* L-102..L-104 */

/* Functional bits (field tables in pmu/regs/mtl.c); reserved masks come
 * from the tables. */
#define BOX_EN (1ull << 29)           /* L-105 */
#define FC_EN (1ull << 22)            /* L-104 */
#define ES_EVENT(v) ((uint8_t)(v))
#define ES_UMASK(v) ((uint8_t)((v) >> 8))
#define ES_E (1ull << 18)             /* L-107 */
#define ES_OVF_EN (1ull << 20)        /* OQ-L41 */
#define ES_EN (1ull << 22)            /* L-105 */
#define ES_INV (1ull << 23)           /* L-107 */
#define ES_FILTER 0x3F84FFFFull       /* what the cached increments depend on */
#define TILE_COMPUTE 0                /* box control 0x240E */
#define TILE_SOC 1                    /* box control 0x200E (0x254E on Panther Lake) */
#define TILE_NONE 2                   /* ptl-bridge-ungated: no enable at all */

#define F(u, id) ((u)->faults & EMU_FF(MTL, MTL_##id))
#define FP(u, id) ((u)->faults & EMU_FF(MTL, PTL_##id)) /* Panther Lake's */

static bool is_fixed(unsigned i)
{
	return i >= MTL_NGP;
}

/* L-105, OQ-L40: the C-boxes, the ARB and the cNCU's fixed counter are the
 * compute tile's; the HAC ARB, the HAC C-boxes and the sNCU's the SoC
 * tile's. */
static unsigned tile_of(const struct mtl_uncore *u, unsigned i)
{
	if (is_fixed(i))
		return i == MTL_CNCU_FIXED ? TILE_COMPUTE : TILE_SOC;
	/* L-144, OQ-L61: on Panther Lake 0x240E gates every general counter
	 * (the IA core bridge sits in the HAC ARB's slots); the second enable,
	 * 0x254E, cNCU box 1's fixed counter alone (in the sNCU's slot) */
	if (u->p)
		return FP(u, BRIDGE_UNGATED) && i >= MTL_HAC_ARB_CTR(0, 0) ? TILE_NONE : TILE_COMPUTE;
	return i < MTL_HAC_ARB_CTR(0, 0) ? TILE_COMPUTE : TILE_SOC;
}

/* The unit whose synthetic stream counter i sees (client_stream_value):
 * a C-box or HAC C-box its own C-box stream, every ARB the ARB's. */
static unsigned unit_of(unsigned i)
{
	if (i < MTL_ARB_CTR(0, 0))
		return CLIENT_UNIT_CBOX(i / 2);
	if (i >= MTL_HAC_CBOX_CTR(0, 0))
		return CLIENT_UNIT_CBOX(MTL_MAX_CBOX + (i - MTL_HAC_CBOX_CTR(0, 0)) / 2);
	return CLIENT_UNIT_ARB;
}

static uint64_t width_mask(const struct mtl_uncore *u, unsigned i)
{
	unsigned w = !is_fixed(i) && F(u, WIDTH_44) ? 44 : WIDTH; /* L-102 broken */

	return (1ull << w) - 1;
}

static uint64_t to_wrap(const void *m, unsigned i)
{
	const struct mtl_uncore *u = m;

	return width_mask(u, i) - (u->ctr[i] & width_mask(u, i)) + 1;
}

/* L-105: a tile counts while its NCU box control's EN is set. */
static bool tile_en(const struct mtl_uncore *u, unsigned tile)
{
	if (F(u, BOX_EN_IGNORED) || tile == TILE_NONE)
		return true;
	if (F(u, ONE_ENABLE))
		tile = TILE_COMPUTE;
	else if (F(u, TILES_SWAPPED))
		tile ^= 1;
	return u->box_ctl[tile] & BOX_EN;
}

static bool running(const void *m, unsigned i)
{
	const struct mtl_uncore *u = m;

	if (!tile_en(u, tile_of(u, i)) || (u->stopped >> i & 1))
		return false;
	/* L-145, OQ-L62: the discovery table's freeze-all holds them too
	 * (ptl-frz-all-spares-msr: it holds none) */
	if (u->frz_all && !FP(u, FRZ_ALL_SPARES_MSR))
		return false;
	if (is_fixed(i)) /* L-104 */
		return u->fixed_ctl[tile_of(u, i)] & FC_EN;
	return (u->evtsel[i] & ES_EN) || F(u, LOCAL_EN_IGNORED); /* L-105 */
}

/* ---- per-cycle increment: the threshold, INV and E of L-107 ---- */

static struct emu_filt filt_of(const struct mtl_uncore *u, uint64_t sel)
{
	unsigned bits = F(u, THRESH_5_BITS) ? 5 : 6; /* L-107: 29:24 */
	struct emu_filt f = { .cmask = (uint8_t)(sel >> 24 & ((1u << bits) - 1)),
			.inv = sel & ES_INV, .edge = sel & ES_E, .gt = F(u, THRESH_OFF_BY_ONE) };

	/* OQ-L12 as on layouts A..D: INV ignored with no threshold */
	if (!f.cmask || F(u, INV_IGNORED))
		f.inv = false;
	if (F(u, EDGE_IGNORED))
		f.edge = false;
	return f;
}

static unsigned value_of(unsigned i, uint64_t sel, uint64_t t)
{
	return client_stream_value(unit_of(i), ES_EVENT(sel), ES_UMASK(sel), t);
}

static void stream_fill(struct mtl_uncore *u, unsigned i)
{
	struct emu_filt f = filt_of(u, u->evtsel[i]);
	uint8_t raw[PERIOD];
	unsigned p;

	for (p = 0; p < PERIOD; p++)
		raw[p] = (uint8_t)value_of(i, u->evtsel[i], p);
	emu_stream_fill(&u->stream[i], &f, raw);
}

/* Counter i starts at u->now with no edge history (OQ-L13 as on A..D), or
 * goes on under a new select (held: the condition of the cycle before,
 * as the old select formed it). */
static void seam(struct mtl_uncore *u, unsigned i, bool held)
{
	struct emu_filt f = filt_of(u, u->evtsel[i]);

	emu_seam_set(&u->seam[i], u->now, held, &f, value_of(i, u->evtsel[i], u->now - 1),
		     value_of(i, u->evtsel[i], u->now));
}

/* ---- counting and wrap cycles ---- */

/* The uncore clocks in [a, b) a fixed counter sees: all of them (L-104),
 * the even ones under mtl-sncu-half-rate. */
static bool half(const struct mtl_uncore *u, unsigned i)
{
	return i == MTL_SNCU_FIXED && F(u, SNCU_HALF_RATE);
}

static uint64_t count(const void *m, unsigned i, uint64_t a, uint64_t b)
{
	const struct mtl_uncore *u = m;

	if (is_fixed(i))
		return half(u, i) ? (b + 1) / 2 - (a + 1) / 2 : b - a;
	return emu_seam_count(&u->stream[i], &u->seam[i], a, b);
}

static uint64_t wrap_at(const void *m, unsigned i)
{
	const struct mtl_uncore *u = m;

	if (is_fixed(i))
		return half(u, i) ? 2 * (to_wrap(u, i) + (u->now + 1) / 2) - 1
				  : u->now + to_wrap(u, i);
	return emu_seam_reach(&u->stream[i], &u->seam[i], u->now, to_wrap(u, i));
}

static void add(void *m, unsigned i, uint64_t d)
{
	struct mtl_uncore *u = m;
	uint64_t w = width_mask(u, i);

	u->ctr[i] = (u->ctr[i] & ~w) | ((u->ctr[i] + d) & w); /* OQ-L42: wraps, goes on */
}

/* The counters with wrapped[i] set wrapped at u->now: nothing happens
 * (L-108, OQ-L42: no status, no freeze, OQ-L53: no PMI) but under the
 * defects that make a wrap do something. */
static void on_wrap(void *m, const bool *wrapped)
{
	struct mtl_uncore *u = m;
	struct emu_pmi_req req = { .cycle = u->now, .cores = 1 };
	bool pmi = false;
	unsigned i;

	for (i = 0; i < MTL_NCTR; i++) {
		if (!wrapped[i])
			continue;
		if (F(u, WRAP_STOPS))
			u->stopped |= 1u << i; /* OQ-L42 broken */
		pmi |= !is_fixed(i) && (u->evtsel[i] & ES_OVF_EN);
	}
	if (pmi && F(u, PMI_ON_WRAP)) /* OQ-L53 broken: to core 0 */
		EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, req);
}

/* ---- registers ---- */

/* mtl-hac-arb-alias (L-103 broken): HAC ARB box 1 (0x2022..0x2029)
 * reaches box 0's registers. */
static int remap(const void *m, uint32_t *msr)
{
	const struct mtl_uncore *u = m;
	uint32_t b1 = mtl_hac_arb.regs[0].addr + mtl_hac_arb.box_stride;

	if (F(u, HAC_ARB_ALIAS) && *msr >= b1 && *msr < b1 + 8)
		*msr -= mtl_hac_arb.box_stride;
	return 0;
}

/* The counter index of a register of a two-box unit or a C-box. */
static unsigned index_of(const struct reg_ref *r)
{
	if (r->box == &mtl_cbox || r->box == &lnl_cbox || r->box == &ptl_cbox)
		return MTL_CBOX_CTR(r->box_idx, r->idx);
	if (r->box == &ptl_santa) /* L-141: at the ARB's addresses */
		return MTL_ARB_CTR(r->box_idx, r->idx);
	if (r->box == &ptl_bridge)
		return MTL_HAC_ARB_CTR(0, r->idx);
	if (r->box == &ptl_cncu) /* L-143: box 1 in the sNCU's slot */
		return r->box_idx ? MTL_SNCU_FIXED : MTL_CNCU_FIXED;
	if (r->box == &mtl_arb)
		return MTL_ARB_CTR(r->box_idx, r->idx);
	if (r->box == &mtl_hac_arb)
		return MTL_HAC_ARB_CTR(r->box_idx, r->idx);
	if (r->box == &mtl_hac_cbox)
		return MTL_HAC_CBOX_CTR(r->box_idx, r->idx);
	return r->box == &mtl_cncu || r->box == &lnl_gctl ? MTL_CNCU_FIXED : MTL_SNCU_FIXED;
}

#define CBO_CONFIG 0x396u /* L-106; none on Panther Lake (OQ-L59) */
#define CBOX_SPACE 15     /* the C-boxes CBO_CONFIG's four bits could name (L-106) */

/* The first MSR past box n - 1 of box type b. */
static uint32_t box_end(const struct box_type *b, unsigned n)
{
	return b->regs[0].addr + b->box_stride * n;
}

/* The register at msr: 0 with *r and the counter index *i, VEC_GP (a
 * C-box at or beyond the count, L-106 as L-19) or -1 (not layout E's: the
 * caller passes it on, L-101). */
/* Layout P (L-141..L-143): its own units; no CBO_CONFIG and no C-box past
 * the sixth (#GP, OQ-L59; ptl-cbo-config-present: layout E's CBO_CONFIG
 * answers); ptl-cncu-stride-0x100: cNCU box 1's block (0x2542..0x254E)
 * answers 0x100 above box 0 instead, at 0x2502..0x250E. */
static int find_p(const struct mtl_uncore *u, uint32_t msr, struct reg_ref *r)
{
	if (msr == CBO_CONFIG && FP(u, CBO_CONFIG_PRESENT))
		return reg_find(mtl_boxes, ARRAY_SIZE(mtl_boxes), msr, r) ? 0 : -1;
	if (msr == CBO_CONFIG || (msr >= box_end(&ptl_cbox, ptl_cbox.nboxes) &&
				  msr < box_end(&ptl_cbox, CBOX_SPACE)))
		return VEC_GP;
	if (FP(u, CNCU_STRIDE_0X100) && msr >= 0x2542 && msr <= 0x254E)
		return -1;
	if (FP(u, CNCU_STRIDE_0X100) && msr >= 0x2502 && msr <= 0x250E)
		msr += 0x40;
	return reg_find(ptl_boxes, ARRAY_SIZE(ptl_boxes), msr, r) ? 0 : -1;
}

static int find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	const struct mtl_uncore *u = m;
	int rc;

	(void)core;
	/* L-118: layout F has no SoC-tile unit and no NCU fixed counter here */
	if (u->p)
		rc = find_p(u, msr, r);
	else
		rc = (u->f ? reg_find(lnl_boxes, ARRAY_SIZE(lnl_boxes), msr, r)
			   : reg_find(mtl_boxes, ARRAY_SIZE(mtl_boxes), msr, r)) ? 0 : -1;
	if (rc)
		return rc;
	*i = index_of(r);
	return (r->box == &mtl_cbox || r->box == &lnl_cbox) && r->box_idx >= u->ncbox ? VEC_GP : 0;
}

/* OQ-L42: non-zero reserved bits raise #GP(0) and change nothing. */
static bool reserved_gp(const struct mtl_uncore *u, uint64_t val, const struct reg_tmpl *t)
{
	return (val & ~reg_defined_mask(t)) && !F(u, RESERVED_ACCEPTED);
}

static uint32_t running_set(const struct mtl_uncore *u)
{
	uint32_t s = 0;
	unsigned i;

	for (i = 0; i < MTL_NGP; i++)
		s |= (uint32_t)running(u, i) << i;
	return s;
}

/* After a write: each general counter that runs now and did not before
 * (was) starts its edge detector; counter n (MTL_NGP: none), whose select
 * changed from old while it ran, goes on under its new filter. */
static void resync(struct mtl_uncore *u, uint32_t was, unsigned n, uint64_t old)
{
	struct emu_filt f = filt_of(u, old);
	unsigned i;

	for (i = 0; i < MTL_NGP; i++) {
		if (!running(u, i))
			continue;
		if (!(was >> i & 1))
			seam(u, i, false);
		else if (i == n && ((old ^ u->evtsel[i]) & ES_FILTER))
			seam(u, i, emu_filt_cond(&f, value_of(i, old, u->now - 1)));
	}
}

static int write_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t val)
{
	struct mtl_uncore *u = m;
	uint32_t was = running_set(u);
	uint64_t old;

	if (r->tmpl->role == ROLE_INFO)
		return VEC_GP; /* L-106: CBO_CONFIG is read-only */
	if (r->tmpl->role != ROLE_CTR && reserved_gp(u, val, r->tmpl))
		return VEC_GP;
	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		u->box_ctl[tile_of(u, i)] = val; /* L-105 */
		resync(u, was, MTL_NGP, 0);
		return 0;
	case ROLE_CTR:
		u->ctr[i] = val & width_mask(u, i); /* OQ-L42: bits above the width read 0 */
		u->stopped &= ~(1u << i);
		return 0;
	default: /* ROLE_CTL */
		if (is_fixed(i)) {
			u->fixed_ctl[tile_of(u, i)] = val;
			return 0;
		}
		old = u->evtsel[i];
		u->evtsel[i] = val;
		if ((old ^ val) & ES_FILTER)
			stream_fill(u, i);
		resync(u, was, i, old);
		return 0;
	}
}

static int read_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t *val)
{
	const struct mtl_uncore *u = m;

	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		*val = u->box_ctl[tile_of(u, i)];
		break;
	case ROLE_CTR:
		*val = u->ctr[i];
		break;
	case ROLE_CTL:
		*val = is_fixed(i) ? u->fixed_ctl[tile_of(u, i)] : u->evtsel[i];
		break;
	default: /* L-106, OQ-L2's default: CBO_CONFIG holds the C-box count */
		*val = u->ncbox + (F(u, CBO_CONFIG_PLUS_ONE) ? 1 : 0);
	}
	return 0;
}

static const struct emu_engine mtl_engine = {
	.now = offsetof(struct mtl_uncore, now),
	.nctr = MTL_NCTR,
	.running = running,
	.count = count,
	.to_wrap = to_wrap,
	.wrap_at = wrap_at,
	.add = add,
	.on_wrap = on_wrap,
	.remap = remap,
	.find = find,
	.read = read_reg,
	.write = write_reg,
};

int mtl_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	return emu_rdmsr(&mtl_engine, m, core, msr, now, val);
}

int mtl_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	return emu_wrmsr(&mtl_engine, m, core, msr, val, now);
}

unsigned mtl_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct mtl_uncore *u = m;

	emu_advance(&mtl_engine, u, now);
	return emu_fifo_take(u->pmi, &u->npmi, sizeof(*out), out, max);
}

/* L-106, OQ-L29: min(8, cores) C-boxes; every register 0 at reset (OQ-L18
 * as on A..D); uclk_khz unused (OQ-L24). */
void mtl_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now)
{
	struct mtl_uncore *u = m;
	unsigned n = box_count(&mtl_cbox, model), i;

	(void)uclk_khz;
	memset(u, 0, sizeof(*u));
	u->faults = faults;
	u->ncbox = ncores < n ? ncores : n;
	u->now = now;
	for (i = 0; i < MTL_NGP; i++) {
		u->seam[i].at = UINT64_MAX;
		stream_fill(u, i);
	}
}

/* L-118: layout F, the same model with the compute tile's MSRs alone and
 * four C-boxes whatever the cores. */
void lnl_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now)
{
	struct mtl_uncore *u = m;

	mtl_init(m, faults, ncores, model, uclk_khz, now);
	u->f = true;
	u->ncbox = lnl_cbox.nboxes;
}

/* L-141..L-143: Panther Lake's MSR units on the same model, six C-boxes
 * whatever the cores (L-142), no CBO_CONFIG (OQ-L59), held until the
 * discovery table's freeze-all is cleared (L-145, OQ-L62: ptl_emu sets
 * frz_all). */
void ptl_msr_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		  uint32_t uclk_khz, uint64_t now)
{
	struct mtl_uncore *u = m;

	mtl_init(m, faults, ncores, model, uclk_khz, now);
	u->p = true;
	u->ncbox = ptl_cbox.nboxes;
}

void mtl_hold(void *m, bool on, uint64_t now)
{
	struct mtl_uncore *u = m;
	uint32_t was;

	emu_advance(&mtl_engine, u, now);
	was = running_set(u);
	u->frz_all = on;
	resync(u, was, MTL_NGP, 0);
}

/* OQ-L53: no PMI but a defect's, to every thread of core 0; no storm
 * defect, no occupancy input. */
const struct emu_model mtl_model = {
	.size = sizeof(struct mtl_uncore),
	.one_thread = false,
	.uclk_is_tsc = false,
	.init = mtl_init,
	.rdmsr = mtl_rdmsr,
	.wrmsr = mtl_wrmsr,
	.take_pmi = mtl_take_pmi,
	.routed = NULL,
	.cstate = NULL,
	.mmio = &imc_emu_model,
};

const struct emu_model lnl_model = {
	.size = sizeof(struct mtl_uncore),
	.one_thread = false,
	.uclk_is_tsc = false,
	.init = lnl_init,
	.rdmsr = mtl_rdmsr,
	.wrmsr = mtl_wrmsr,
	.take_pmi = mtl_take_pmi,
	.routed = NULL,
	.cstate = NULL,
	.mmio = &lnl_mmio_model,
};
