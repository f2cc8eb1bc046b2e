/* The emulated memory controllers behind MCHBAR (spec client-uncore.md
 * §4.16), as layouts D, E and F present them (struct emu_mmio_model): two
 * controllers, each a PMON block (box control, five controls without an
 * enable, five 64-bit counters) and three free-running request counters.
 * Evaluated lazily on the counter engine (pmu/emu/engine.h), to the
 * caller's uncore cycle, each wrap at its own. Events (L-131): 01H one a
 * clock; 22H, 23H the lines of the streaming workload declared to the
 * model (pmu_traffic), split evenly between the controllers, one line a
 * cycle for the filter. Register offsets come from pmu/regs/imc.c. */
#include "pmu/emu/imc/model.h"
#include "pmu/emu/engine.h"
#include "pmu/regs/tables.h"

#define F(u, id) ((u)->faults & EMU_FF(IMC, IMC_##id))

#define BOX_FRZ 1u               /* L-113 */
#define BOX_RST_CTRL 2u
#define BOX_RST_CTRS 4u
#define CTL_EV(v) ((uint8_t)(v))
#define CTL_RST (1u << 17)       /* L-112 */
#define CTL_EDGE (1u << 18)
#define CTL_FRZ_ON_OV (1u << 20)
#define CTL_INV (1u << 23)
#define CTL_THRESH(v) ((uint8_t)((v) >> 24))
#define EV_CLK 0x01              /* L-131 */
#define EV_CAS_RD 0x22
#define EV_CAS_WR 0x23

/* The register templates of pmu/regs/imc.c by role. */
static const struct reg_tmpl *tmpl(const struct box_type *b, unsigned i)
{
	return &b->regs[i];
}
#define T_GCTL tmpl(&imc_pmon, 0)
#define T_BOX tmpl(&imc_pmon, 1)
#define T_CTL tmpl(&imc_pmon, 2)
#define T_CTR tmpl(&imc_pmon, 3)

/* The stride of the controllers as the model presents them (L-110;
 * imc-mc1-at-8000: half of it). */
static uint32_t stride(const struct imc_emu *u)
{
	return F(u, MC1_AT_8000) ? IMC_STRIDE / 2 : IMC_STRIDE;
}

/* L-113, L-114, OQ-L45, OQ-L47: a controller's counters run unless its box
 * or both controllers (GLOBAL_CTL of controller 1's block) are frozen. */
static bool frozen(const struct imc_emu *u, unsigned m)
{
	bool global = (u->mc[1].gctl & BOX_FRZ) && (m == 1 || !F(u, GFRZ_ONE_MC));

	return ((u->mc[m].box & BOX_FRZ) && !F(u, FREEZE_IGNORED)) || global;
}

/* Whether a cycle (a line) with one event counts under control c (L-112:
 * >= threshold, < with invert; a threshold of 0 counts every one). */
static bool cond(const struct imc_emu *u, uint32_t c)
{
	uint8_t th = CTL_THRESH(c);
	bool inv = (c & CTL_INV) && !F(u, INV_IGNORED);

	if (!th)
		return true;
	return inv ? 1 < th : 1 >= th;
}

static bool edge(const struct imc_emu *u, uint32_t c)
{
	return (c & CTL_EDGE) && !F(u, EDGE_IGNORED);
}

/* Counter i of the engine (pmu/emu/engine.h) is counter i % NCTR of
 * controller i / NCTR. */
#define NCTR 5                   /* L-111 */
#define MC(i) ((i) / NCTR)
#define K(i) ((i) % NCTR)
#define CTL(u, i) ((u)->mc[MC(i)].ctl[K(i)])
#define CTR(u, i) ((u)->mc[MC(i)].ctr[K(i)])

/* Whether counter i's edge detect has its run's rising edge still to
 * count: its edge history is 0 when it starts (OQ-L13's default as on the
 * MSR units). */
static bool armed(const struct imc_emu *u, unsigned i)
{
	return !(u->mc[MC(i)].risen >> K(i) & 1);
}

/* What n events (cycles or lines, one each) add to counter i. */
static uint64_t events(const struct imc_emu *u, unsigned i, uint64_t n)
{
	return cond(u, CTL(u, i)) ? emu_occurrences(n, edge(u, CTL(u, i)), armed(u, i)) : 0;
}

/* Counter i adds d; an edge it counted is its run's one. */
static void add(void *m_, unsigned i, uint64_t d)
{
	struct imc_emu *u = m_;

	CTR(u, i) += d;
	if (d && edge(u, CTL(u, i)))
		u->mc[MC(i)].risen |= (uint8_t)(1u << K(i));
}

/* Counter i wrapped past 2^64 - 1: with freeze on overflow it sets the
 * global freeze (L-125's rule on layout F; OQ-L47 on D and E, where
 * nothing else reports it). */
static void wrap(struct imc_emu *u, unsigned i)
{
	u->wrapped |= (uint8_t)(1u << MC(i)); /* L-127: layout F's status reads it */
	if (CTL(u, i) & CTL_FRZ_ON_OV)
		u->mc[1].gctl |= BOX_FRZ;
}

/* ---- the counter engine's hooks: the clock-tick counters (L-131) ---- */

static bool running(const void *m_, unsigned i)
{
	const struct imc_emu *u = m_;

	return CTL_EV(CTL(u, i)) == EV_CLK && !frozen(u, MC(i));
}

static uint64_t count(const void *m_, unsigned i, uint64_t a, uint64_t b)
{
	return events(m_, i, b - a);
}

static uint64_t to_wrap(const void *m_, unsigned i)
{
	const struct imc_emu *u = m_;

	return emu_to_wrap64(CTR(u, i));
}

static uint64_t wrap_at(const void *m_, unsigned i)
{
	const struct imc_emu *u = m_;

	if (!cond(u, CTL(u, i)))
		return UINT64_MAX;
	return emu_clock_wrap_at(u->now, to_wrap(u, i), edge(u, CTL(u, i)), armed(u, i));
}

static void on_wrap(void *m_, const bool *wrapped)
{
	unsigned i;

	for (i = 0; i < 2 * NCTR; i++)
		if (wrapped[i])
			wrap(m_, i);
}

static const struct emu_engine imc_engine = {
	.now = offsetof(struct imc_emu, now),
	.nctr = 2 * NCTR,
	.running = running,
	.count = count,
	.to_wrap = to_wrap,
	.wrap_at = wrap_at,
	.add = add,
	.on_wrap = on_wrap,
};

void imc_emu_advance(struct imc_emu *u, uint64_t now)
{
	emu_advance(&imc_engine, u, now);
}

static void traffic(void *m_, uint64_t phys, uint64_t lines, bool write, uint64_t now)
{
	struct imc_emu *u = m_;
	uint8_t ev = write != !!F(u, CAS_SWAPPED) ? EV_CAS_WR : EV_CAS_RD;
	unsigned m, i;

	(void)phys;
	imc_emu_advance(u, now);
	for (m = 0; m < 2; m++) {
		uint64_t n = lines / 2 + (m == 0 ? lines % 2 : 0); /* L-131: even split */

		u->mc[m].fr_total += F(u, TOTAL_READS) && write ? 0 : n; /* L-115 */
		if (write)
			u->mc[m].fr_wr += F(u, FR_WR_STUCK) ? 0 : n;
		else
			u->mc[m].fr_rd += n;
		for (i = m * NCTR; !frozen(u, m) && i < (m + 1) * NCTR; i++) {
			uint64_t was = CTR(u, i);

			if (CTL_EV(CTL(u, i)) != ev)
				continue;
			add(u, i, events(u, i, n));
			if (CTR(u, i) < was)
				wrap(u, i);
		}
	}
}

/* The controller and the register template and index at offset off of
 * MCHBAR: 0, or -1 (no register). */
static int find(const struct imc_emu *u, uint64_t off, unsigned *m, const struct reg_tmpl **t,
		unsigned *idx)
{
	/* L-138, OQ-L63: Panther Lake's MCHBAR holds the free-running
	 * counters alone (its PMON blocks are the table's). */
	static const struct box_type *const boxes[] = { &imc_freerun, &imc_pmon };
	unsigned nboxes = u->fr_only ? 1 : ARRAY_SIZE(boxes), b, i;

	for (*m = 0; *m < 2; (*m)++) {
		uint64_t o = off - (uint64_t)stride(u) * *m;

		for (b = 0; off >= (uint64_t)stride(u) * *m && b < nboxes; b++)
			for (i = 0; i < boxes[b]->nregs; i++) {
				const struct reg_tmpl *r = &boxes[b]->regs[i];
				unsigned step = r->stride ? r->stride : 1;

				if (o >= r->addr && o < r->addr + (uint64_t)step * r->count &&
				    (o - r->addr) % step == 0) {
					*t = r;
					*idx = (unsigned)((o - r->addr) / step);
					return 0;
				}
			}
	}
	return -1;
}

static uint64_t *freerun(struct imc_emu *u, unsigned m, const struct reg_tmpl *t)
{
	if (t == &imc_freerun.regs[0])
		return &u->mc[m].fr_total;
	return t == &imc_freerun.regs[1] ? &u->mc[m].fr_rd : &u->mc[m].fr_wr;
}

static int imc_read(void *m_, unsigned bar, uint64_t off, unsigned bytes, uint64_t now,
		    uint64_t *val)
{
	struct imc_emu *u = m_;
	const struct reg_tmpl *t;
	unsigned m, i;

	(void)bar;
	if (find(u, off, &m, &t, &i) || bytes * 8 != t->width)
		return -1; /* L-116: each register at its own width */
	imc_emu_advance(u, now);
	if (t == T_GCTL)
		*val = u->mc[m].gctl;
	else if (t == T_BOX)
		*val = u->mc[m].box;
	else if (t == T_CTL)
		*val = u->mc[m].ctl[i];
	else if (t == T_CTR)
		*val = u->mc[m].ctr[i];
	else
		*val = *freerun(u, m, t);
	return 0;
}

/* L-113 (OQ-L46): the resets act and read 0; imc-resets-swapped
 * exchanges them. */
static void box_write(struct imc_emu *u, unsigned m, uint32_t v)
{
	bool ctrl = v & (F(u, RESETS_SWAPPED) ? BOX_RST_CTRS : BOX_RST_CTRL);
	bool ctrs = v & (F(u, RESETS_SWAPPED) ? BOX_RST_CTRL : BOX_RST_CTRS);

	if (ctrl)
		memset(u->mc[m].ctl, 0, sizeof(u->mc[m].ctl));
	if (ctrs)
		memset(u->mc[m].ctr, 0, sizeof(u->mc[m].ctr));
	u->mc[m].box = v & BOX_FRZ;
}

static int imc_write(void *m_, unsigned bar, uint64_t off, unsigned bytes, uint64_t val,
		     uint64_t now)
{
	struct imc_emu *u = m_;
	const struct reg_tmpl *t;
	unsigned m, i;
	bool was;

	(void)bar;
	if (find(u, off, &m, &t, &i) || bytes * 8 != t->width)
		return -1;
	imc_emu_advance(u, now);
	was = frozen(u, m);
	if (t == T_GCTL) { /* L-114: its resets act on both controllers */
		u->mc[m].gctl = (uint32_t)val & BOX_FRZ;
		for (i = 0; m == 1 && i < 2; i++)
			box_write(u, i, ((uint32_t)val & (BOX_RST_CTRL | BOX_RST_CTRS)) | u->mc[i].box);
	} else if (t == T_BOX) {
		box_write(u, m, (uint32_t)val);
	} else if (t == T_CTL) { /* L-112: the reset clears its counter and reads 0 */
		if ((val & CTL_RST) && !F(u, RST_IGNORED))
			u->mc[m].ctr[i] = 0;
		u->mc[m].ctl[i] = (uint32_t)val & (uint32_t)reg_defined_mask(t) & ~CTL_RST;
		u->mc[m].risen &= (uint8_t)~(1u << i);
	} else if (t == T_CTR) {
		u->mc[m].ctr[i] = val;
	} else {
		*freerun(u, m, t) = val; /* INTEL-ARL: RW/V */
	}
	if (was && !frozen(u, m))
		u->mc[m].risen = 0; /* the edge history starts again (OQ-L13) */
	return 0;
}

static void imc_init(void *m_, emu_faults_t gen, emu_faults_t f, uint32_t uclk_khz, uint64_t now)
{
	struct imc_emu *u = m_;

	(void)gen; /* its defects are its own family's, f */
	(void)uclk_khz;
	memset(u, 0, sizeof(*u));
	u->faults = f;
	u->now = now;
}

/* L-110: MCHBAR at configuration offset 0x48 of the host bridge; the model
 * puts it above 4 GiB (both dwords of the BAR in use), OQ-L43's bits
 * 14:0 clear. */
const struct emu_mmio_model imc_emu_model = {
	.size = sizeof(struct imc_emu),
	.defects = EMU_FAM_IMC,
	.init = imc_init,
	.nbars = 1,
	.bar = { { .cfg_off = MCHBAR_CFG, .base = IMC_EMU_MCHBAR, .span = 2 * IMC_STRIDE } },
	.read = imc_read,
	.write = imc_write,
	.traffic = traffic,
};

/* Panther Lake's (L-138, OQ-L63): the same controllers, free-running
 * counters alone at MCHBAR (the PMON blocks of L-111 read as no register). */
static void imc_fr_init(void *m_, emu_faults_t gen, emu_faults_t f, uint32_t uclk_khz,
			uint64_t now)
{
	imc_init(m_, gen, f, uclk_khz, now);
	((struct imc_emu *)m_)->fr_only = true;
}

const struct emu_mmio_model imc_fr_emu_model = {
	.size = sizeof(struct imc_emu),
	.defects = EMU_FAM_IMC,
	.init = imc_fr_init,
	.nbars = 1,
	.bar = { { .cfg_off = MCHBAR_CFG, .base = IMC_EMU_MCHBAR, .span = 2 * IMC_STRIDE } },
	.read = imc_read,
	.write = imc_write,
	.traffic = traffic,
};
