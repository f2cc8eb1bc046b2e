/* Layout F's MMIO units (spec client-uncore.md §4.17), as its model
 * presents them (struct emu_mmio_model with two BARs): the memory
 * controllers behind MCHBAR (pmu/emu/imc/model.c) and behind SAFBAR the
 * sNCU and the two HBO boxes, the global control (freeze-all, resets) and
 * the write-1-to-clear status bitmap. Evaluated lazily on the counter
 * engine (pmu/emu/engine.h), to the caller's uncore cycle, each wrap at
 * its own. Events: FFH one a clock (OQ-L54), nothing else; threshold,
 * invert and edge as the iMC's (L-122). Register offsets come from
 * pmu/regs/lnl.c. */
#include "pmu/emu/mtl/model.h"
#include "pmu/regs/tables.h"

#define F(u, id) ((u)->faults & EMU_FF(MTL, LNL_##id))

#define UNIT_FRZ 1ull           /* L-126 */
#define UNIT_RST_CTRL (1ull << 8)
#define UNIT_RST_CTRS (1ull << 9)
#define G_FRZ 1ull              /* L-123, OQ-L51 */
#define G_RST_CTRL 2ull
#define G_RST_CTRS 4ull
#define CTL_RST (1ull << 17)    /* L-122 */
#define CTL_EDGE (1ull << 18)
#define CTL_FRZ_ON_OV (1ull << 20)
#define CTL_INV (1ull << 23)
#define EV_CLK 0xFF             /* OQ-L54 */
#define ST_SNCU 1ull            /* L-124 */
#define ST_MC(m) (2ull << (m))
#define ST_HBO(b) (8ull << (b))
#define ST_ALL 0x1Full

static const unsigned nctr[3] = { 2, 4, 4 };

static uint64_t unit_bit(const struct lnl_mmio *u, unsigned n)
{
	if (n == 0)
		return ST_SNCU;
	return n == 2 && F(u, HBO1_STATUS_BIT3) ? ST_HBO(0) : ST_HBO(n - 1); /* L-124 broken */
}

/* Whether unit n's counters run: neither the global freeze (L-123) nor
 * its own (L-126) holds them. */
static bool unit_runs(const struct lnl_mmio *u, unsigned n)
{
	bool all = (u->gctl & G_FRZ) && !F(u, FRZ_ALL_IGNORED);      /* L-123 */
	bool own = (u->u[n].unit & UNIT_FRZ) && !F(u, UNIT_FRZ_IGNORED); /* L-126 */

	return !all && !own;
}

/* Counter i of the engine (pmu/emu/engine.h) is counter i % 4 of unit
 * i / 4; the sNCU's last two are none. */
#define UNIT(i) ((i) / 4)
#define K(i) ((i) % 4)
#define SLOTS 12 /* 3 units x 4 */
#define CTL(u, i) ((u)->u[UNIT(i)].ctl[K(i)])
#define CTR(u, i) ((u)->u[UNIT(i)].ctr[K(i)])

/* L-122: a clock counts at or above the threshold (below it inverted), a
 * threshold of 0 always. */
static bool holds(const struct lnl_mmio *u, unsigned i)
{
	uint64_t c = CTL(u, i);
	uint8_t th = (uint8_t)(c >> 24);

	return (uint8_t)c == EV_CLK && (!th || ((c & CTL_INV) ? 1 < th : 1 >= th));
}

static bool edge(const struct lnl_mmio *u, unsigned i)
{
	return CTL(u, i) & CTL_EDGE;
}

/* Whether counter i's edge detect has the rising edge of its run still to
 * count (none counted since it started, OQ-L13). */
static bool armed(const struct lnl_mmio *u, unsigned i)
{
	return !(u->u[UNIT(i)].risen >> K(i) & 1);
}

/* ---- the counter engine's hooks ---- */

static bool running(const void *m, unsigned i)
{
	return K(i) < nctr[UNIT(i)] && unit_runs(m, UNIT(i));
}

/* What counter i adds over cycles [a, b): each clock, or with edge detect
 * one, the first after the counter started. */
static uint64_t count(const void *m, unsigned i, uint64_t a, uint64_t b)
{
	const struct lnl_mmio *u = m;

	return holds(u, i) ? emu_occurrences(b - a, edge(u, i), armed(u, i)) : 0;
}

static uint64_t to_wrap(const void *m, unsigned i)
{
	const struct lnl_mmio *u = m;

	return emu_to_wrap64(CTR(u, i));
}

static uint64_t wrap_at(const void *m, unsigned i)
{
	const struct lnl_mmio *u = m;

	if (!holds(u, i))
		return UINT64_MAX;
	return emu_clock_wrap_at(u->now, to_wrap(u, i), edge(u, i), armed(u, i));
}

/* Counter i adds d; an edge it counted is its run's one. */
static void add(void *m, unsigned i, uint64_t d)
{
	struct lnl_mmio *u = m;

	CTR(u, i) += d;
	if (d && edge(u, i))
		u->u[UNIT(i)].risen |= (uint8_t)(1u << K(i));
}

/* Each wrap sets its unit's status bit (L-124, L-125); with freeze on
 * overflow, the global freeze (L-125). */
static void on_wrap(void *m, const bool *wrapped)
{
	struct lnl_mmio *u = m;
	unsigned i;

	for (i = 0; i < SLOTS; i++) {
		if (!wrapped[i])
			continue;
		u->status |= unit_bit(u, UNIT(i));
		if (CTL(u, i) & CTL_FRZ_ON_OV)
			u->gctl |= G_FRZ;
	}
}

static const struct emu_engine saf_engine = {
	.now = offsetof(struct lnl_mmio, now),
	.nctr = SLOTS,
	.running = running,
	.count = count,
	.to_wrap = to_wrap,
	.wrap_at = wrap_at,
	.add = add,
	.on_wrap = on_wrap,
};

/* Advance to now: the memory controllers, whose wraps set their own
 * status bits (L-127), then the sNCU and HBO counters. */
static void advance(struct lnl_mmio *u, uint64_t now)
{
	unsigned n;

	imc_emu_advance(&u->imc, now);
	for (n = 0; n < 2; n++)
		if ((u->imc.wrapped >> n & 1) && !F(u, MC_STATUS_MISSING))
			u->status |= ST_MC(n);
	u->imc.wrapped = 0;
	emu_advance(&saf_engine, u, now);
}

/* Unit n, its register template and index at offset off of SAFBAR: 0, or
 * -1. lnl-sncu-ctl-linux moves the sNCU's controls to Linux's
 * addresses (+0x398 + 4k, OQ-L50). */
static int find(const struct lnl_mmio *u, uint64_t off, unsigned *n, const struct reg_tmpl **t,
		unsigned *idx)
{
	unsigned b, i;

	if (F(u, SNCU_CTL_LINUX) && (off == 0xE4B398 || off == 0xE4B39C)) {
		*n = 0;
		*t = &lnl_sncu.regs[2];
		*idx = off == 0xE4B398 ? 0 : 1;
		return 0;
	}
	if (F(u, SNCU_CTL_LINUX) && off >= 0xE4B3A0 && off < 0xE4B3B0)
		return -1;
	for (b = 0; b < 3; b++) {
		const struct box_type *bt = b ? &lnl_hbo : &lnl_sncu;
		uint64_t o = off + (b ? (uint64_t)LNL_HBO_STEP * (b - 1) : 0);

		for (i = 0; i < bt->nregs; i++) {
			const struct reg_tmpl *r = &bt->regs[i];
			unsigned step = r->stride ? r->stride : 1;

			if (o >= r->addr && o < r->addr + (uint64_t)step * r->count &&
			    (o - r->addr) % step == 0) {
				*n = b;
				*t = r;
				*idx = (unsigned)((o - r->addr) / step);
				return 0;
			}
		}
	}
	return -1;
}

static int saf_read(struct lnl_mmio *u, uint64_t off, unsigned bytes, uint64_t *val)
{
	const struct reg_tmpl *t;
	unsigned n, i;

	if (find(u, off, &n, &t, &i) || (bytes != 8 && t->role == ROLE_CTR))
		return -1; /* counters 64 bits; the rest 32 or 64 */
	switch (t->role) {
	case ROLE_GLOBAL_CTL:
		*val = u->gctl;
		break;
	case ROLE_GLOBAL_STATUS:
		*val = u->status;
		break;
	case ROLE_BOX_CTL:
		*val = u->u[n].unit;
		break;
	case ROLE_CTL:
		*val = u->u[n].ctl[i];
		break;
	default:
		*val = u->u[n].ctr[i];
	}
	if (bytes == 4)
		*val &= 0xFFFFFFFFu;
	return 0;
}

static void resets(struct lnl_mmio *u, unsigned n, bool ctrl, bool ctrs)
{
	if (ctrl)
		memset(u->u[n].ctl, 0, sizeof(u->u[n].ctl));
	if (ctrs)
		memset(u->u[n].ctr, 0, sizeof(u->u[n].ctr));
}

static int saf_write(struct lnl_mmio *u, uint64_t off, unsigned bytes, uint64_t val)
{
	const struct reg_tmpl *t;
	unsigned n, i, x;
	bool was[3];

	if (find(u, off, &n, &t, &i) || (bytes != 8 && t->role == ROLE_CTR))
		return -1;
	for (x = 0; x < 3; x++)
		was[x] = unit_runs(u, x);
	if (bytes == 4 && t->role != ROLE_CTR)
		val &= 0xFFFFFFFFu;
	switch (t->role) {
	case ROLE_GLOBAL_CTL: /* L-123, OQ-L51 */
		for (x = 0; x < 3; x++)
			resets(u, x, val & G_RST_CTRL, val & G_RST_CTRS);
		u->gctl = val & G_FRZ;
		break;
	case ROLE_GLOBAL_STATUS: /* L-124: write 1 to clear */
		if (F(u, STATUS_NOT_W1C))
			u->status = val & ST_ALL;
		else if (F(u, STATUS_CLEARS_ALL) && (val & ST_ALL))
			u->status = 0;
		else
			u->status &= ~val;
		break;
	case ROLE_BOX_CTL: /* L-126, OQ-L52 */
		resets(u, n, val & UNIT_RST_CTRL, val & UNIT_RST_CTRS);
		u->u[n].unit = val & UNIT_FRZ;
		break;
	case ROLE_CTL: /* L-122: the reset clears the counter and reads 0 */
		if (val & CTL_RST)
			u->u[n].ctr[i] = 0;
		u->u[n].ctl[i] = val & reg_defined_mask(t) & ~CTL_RST;
		u->u[n].risen &= (uint8_t)~(1u << i);
		break;
	default:
		u->u[n].ctr[i] = val;
	}
	for (x = 0; x < 3; x++)
		if (!was[x] && unit_runs(u, x))
			u->u[x].risen = 0; /* the edge history starts again (OQ-L13) */
	return 0;
}

static int lnl_read(void *m, unsigned bar, uint64_t off, unsigned bytes, uint64_t now,
		    uint64_t *val)
{
	struct lnl_mmio *u = m;

	if (bar == 0)
		return imc_emu_model.read(&u->imc, 0, off, bytes, now, val);
	advance(u, now);
	return saf_read(u, off, bytes, val);
}

static int lnl_write(void *m, unsigned bar, uint64_t off, unsigned bytes, uint64_t val,
		     uint64_t now)
{
	struct lnl_mmio *u = m;

	advance(u, now); /* the controllers' wraps into the status first */
	if (bar == 0)
		return imc_emu_model.write(&u->imc, 0, off, bytes, val, now);
	return saf_write(u, off, bytes, val);
}

static void lnl_traffic(void *m, uint64_t phys, uint64_t lines, bool write, uint64_t now)
{
	struct lnl_mmio *u = m;

	imc_emu_model.traffic(&u->imc, phys, lines, write, now);
}

/* gen: family MTL's mask (its own units' defects), f: family IMC's (the
 * memory controllers'). */
static void lnl_mmio_init(void *m, emu_faults_t gen, emu_faults_t f, uint32_t uclk_khz,
			  uint64_t now)
{
	struct lnl_mmio *u = m;

	memset(u, 0, sizeof(*u));
	imc_emu_model.init(&u->imc, 0, f, uclk_khz, now);
	u->faults = gen;
	u->now = now;
}

/* L-110, L-119: MCHBAR at 0x48 and SAFBAR at 0x68 of the host bridge, both
 * above 4 GiB; SAFBAR's window reaches the sNCU and HBO pages. */
const struct emu_mmio_model lnl_mmio_model = {
	.size = sizeof(struct lnl_mmio),
	.defects = EMU_FAM_IMC,
	.init = lnl_mmio_init,
	.nbars = 2,
	.bar = { { .cfg_off = MCHBAR_CFG, .base = IMC_EMU_MCHBAR, .span = 2 * IMC_STRIDE },
		 { .cfg_off = SAFBAR_CFG, .base = MTL_EMU_SAFBAR, .span = 0x1000000 } },
	.read = lnl_read,
	.write = lnl_write,
	.traffic = lnl_traffic,
};
