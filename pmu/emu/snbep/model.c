/* The emulated Sandy Bridge-EP uncore (spec xeon-e5-2600-uncore.md):
 * register semantics of one package's MSR boxes, evaluated lazily
 * (pmu/emu/snbep/model.h). Two levels of gates only (§1.2): a C-box or PCU
 * counter counts while its CTL.en = 1 and its box is not frozen, a U-box
 * counter while its en = 1 (S-16). Nothing is package-wide: no global
 * control, no status, no PMI; a wrap changes nothing but the counter
 * (S-15, S-39, S-40).
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T; a read only brings the model to its time, so reading
 * while counting disturbs nothing (S-19). U-box and C-box counters count
 * synthetic streams (pmu/emu/snbep/stream.c) through per-counter caches of
 * their filtered increments (pmu/emu/stream.c), O(1) per access; the PCU
 * counts pclks from C-state occupancy and its own events
 * (pmu/emu/snbep/pcu.c), O(1) per access and per C-state change. */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/pmi_fifo.h"
#include "pmu/regs/tables.h"
#include "arch/fault.h"

#define F(u, id) ((u)->faults & EMU_FF(SNBEP, id))

/* Functional bits (field tables in pmu/regs/snbep.c); defined-bit and W1A
 * masks come from the tables. */
#define BOX_RST_CTRL (1ull << 0)      /* S-08 */
#define BOX_RST_CTRS (1ull << 1)      /* S-07 */
#define BOX_FRZ (1ull << 8)           /* S-11 */
#define BOX_FRZ_EN (1ull << 16)       /* S-11, S-12 */
#define CTL_EV(v) ((uint8_t)(v))
#define CTL_UMASK(v) ((uint8_t)((v) >> 8))
#define CTL_EDGE (1ull << 18)         /* S-24 */
#define CTL_EN (1ull << 22)           /* S-16 */
#define CTL_INV (1ull << 23)          /* S-23 */
/* S-22: 8 bits in a C-box; the U-box's 31:29 are reserved, so read 0. */
/* 35:24 on the Xeon Scalable's IIO (K-07); the other boxes' tables
 * define no bit above 31, so they read their 8 bits. */
#define CTL_THRESH(v) ((unsigned)((v) >> 24) & 0xFFF)
/* What a stream counter's cache depends on: ev_sel, umask, edge, tid_en
 * (K-13), invert, thresh. */
#define CTL_SELECT 0xFFF8CFFFFull

/* The address the model tells apart in every generation (S-46, K-10). */
#define MSR_CORE_C3_CTR 0x3FC
#define CTL_TID_EN (1ull << 19)       /* K-13 */
#define TID_CORE(f) ((unsigned)((f) & 0x1FF) >> 3) /* OQ-K8: core << 3 | thread */

/* S-03, OQ-S01: IVB-EP's global and status registers are not on 0x2D. */
static const uint32_t absent_msrs[] = { 0xC00, 0xC01, 0xC06, 0xC15, 0xC35 };

/* A counter counting a synthetic stream: counter k of the U-box (box < 0)
 * or of a C-box. */
struct sref {
	struct snbep_ctr *c;
	struct emu_stream *s;
	uint64_t *key;
	int box;
	unsigned k;
};

static struct sref ubox_ref(struct snbep_uncore *u, unsigned k)
{
	return (struct sref){ .c = &u->ugp[k], .s = &u->ustream[k], .key = &u->ukey[k], .box = -1,
			.k = k };
}

static struct sref cbox_ref(struct snbep_uncore *u, unsigned box, unsigned k)
{
	return (struct sref){ .c = &u->cbox[box].ctr[k], .s = &u->cstream[box][k],
			.key = &u->ckey[box][k], .box = (int)box, .k = k };
}

static uint64_t width_mask(const struct snbep_ctr *c)
{
	return c->width >= 64 ? ~0ull : (1ull << c->width) - 1;
}

/* The register sets of the more types before type k (they follow each
 * other in type order). */
static unsigned more_before(const struct snbep_uncore *u, unsigned k)
{
	unsigned j, n = 0;

	for (j = 0; j < k; j++)
		n += u->g->more[j] ? u->g->more[j]->nboxes : 0;
	return n;
}

/* The more type of stream box b (>= SNBEP_MAX_CBOX) and its index there. */
static unsigned more_type(const struct snbep_uncore *u, unsigned b, unsigned *i)
{
	unsigned k = 0;

	*i = b - SNBEP_MAX_CBOX;
	while (k + 1 < SNBEP_NMORE && u->g->more[k] && *i >= u->g->more[k]->nboxes) {
		*i -= u->g->more[k]->nboxes;
		k++;
	}
	return k;
}

/* Whether stream box b exists: a C-box of the part or a box of the more
 * types its die has (K-14, V-31, K-16). */
static bool present(const struct snbep_uncore *u, unsigned b)
{
	unsigned i, k;

	if (b < SNBEP_MAX_CBOX)
		return b < u->ncbox;
	k = more_type(u, b, &i);
	return u->g->more[k] && i < u->nmore[k];
}

/* The box type of stream box b (>= 0). */
static const struct box_type *type_of(const struct snbep_uncore *u, unsigned b)
{
	unsigned i;

	if (b < SNBEP_MAX_CBOX)
		return u->g->cbox;
	return u->g->more[more_type(u, b, &i)];
}

/* ---- filters ---- */

struct emu_filt snbep_filt(const struct snbep_uncore *u, unsigned thresh, bool inv, bool edge,
			   bool gt)
{
	/* K-09: a threshold above any cycle's increment passes nothing. */
	struct emu_filt f = { .cmask = (uint8_t)(thresh > 0xFF ? 0xFF : thresh), .inv = inv,
			      .edge = edge, .gt = gt };

	if (!thresh) { /* OQ-S08 (a): no comparison, the raw count passes */
		f.inv = false;
		f.edge = edge && F(u, SNBEP_THRESH0_EDGE);
		return f;
	}
	/* S-24, S-30: the edge is that of the compare result (OQ-S09: either
	 * reading of its order gives the same signal). */
	if (edge && F(u, SNBEP_EDGE_DIR_SWAPPED))
		f.inv = !f.inv;
	if (edge && thresh >= 2 && F(u, SNBEP_EDGE_BEFORE_THRESH)) {
		f.cmask = 0xFF; /* a 0/1 edge never reaches thresh: nothing counts */
		f.inv = false;
	}
	return f;
}

struct emu_filt snbep_main_filt(const struct snbep_uncore *u, unsigned thresh, uint64_t ctl)
{
	return snbep_filt(u, thresh, (ctl & CTL_INV) && !F(u, SNBEP_INVERT_IGNORED),
			  (ctl & CTL_EDGE) && !F(u, SNBEP_EDGE_COUNTS_LEVELS),
			  F(u, SNBEP_THRESH_OFF_BY_ONE));
}

/* ---- gates ---- */

static bool frozen_own(const struct snbep_uncore *u, const struct snbep_box *b)
{
	if (F(u, SNBEP_FRZ_IGNORED))
		return false;
	return b->frz && (b->frz_en || F(u, SNBEP_FRZ_EN_IGNORED)); /* S-11, S-12, OQ-S03 */
}

bool snbep_is_more(const struct snbep_uncore *u, const struct snbep_box *b)
{
	return b >= &u->cbox[SNBEP_MAX_CBOX] && b < &u->cbox[SNBEP_NSBOX];
}

/* The boxes as a ring, C-box 0..ncbox-1 then the PCU: where the leaking
 * defects' reset goes (the next box) and freeze comes from (the previous). */
static struct snbep_box *next_box(struct snbep_uncore *u, struct snbep_box *b)
{
	if (b == &u->pcu)
		return &u->cbox[0];
	return b == &u->cbox[u->ncbox - 1] ? &u->pcu : b + 1;
}

static const struct snbep_box *prev_box(const struct snbep_uncore *u, const struct snbep_box *b)
{
	if (b == &u->cbox[0])
		return &u->pcu;
	return b == &u->pcu ? &u->cbox[u->ncbox - 1] : b - 1;
}

static bool frozen(const struct snbep_uncore *u, const struct snbep_box *b)
{
	/* S-14: a box's freeze is its own (OQ-S04: nothing else freezes it
	 * but, where the generation has one, the global freeze, V-06). */
	return frozen_own(u, b) || (F(u, SNBEP_FRZ_LEAKS) && frozen_own(u, prev_box(u, b))) ||
	       snbep_gfrozen(u, b);
}

/* S-11, S-42: a frozen box holds every counter, so reads after a freeze
 * are one snapshot; S-13: unfreezing resumes from the held values. */
static bool box_counts(const struct snbep_uncore *u, const struct snbep_box *b)
{
	return !frozen(u, b) || F(u, SNBEP_FRZ_HOLDS_READS);
}

static bool en(const struct snbep_uncore *u, const struct snbep_ctr *c)
{
	return (c->ctl & CTL_EN) || F(u, SNBEP_EN_IGNORED); /* S-16, S-17 */
}

/* ---- stream counters (U-box, C-box) ---- */

/* What counter r sees at cycle t: nothing for an event its counter cannot
 * count (S-59, S-61, OQ-S30) or a umask that selects nothing (S-62), at
 * most the event's most a cycle (S-60); the rules are the box type's
 * (pmu/regs/snbep.c; IVB-EP's pmu/regs/ivbep.c, V-24). */
static unsigned raw(const struct snbep_uncore *u, const struct sref *r, uint64_t t)
{
	uint64_t ctl = r->c->ctl;
	uint8_t ev = CTL_EV(ctl), umask = CTL_UMASK(ctl);
	const struct event_rule *e;
	unsigned max = SNBEP_CBOX_MAX;

	if (r->box < 0 && !ev && F(u, SNBEP_UBOX_EV0_COUNTS))
		return 1; /* S-18 broken */
	/* K-13, OQ-K8: tid_en keeps the thread FILTER0.tid names; the
	 * synthetic streams are the package's cores', so a core it lacks
	 * sends nothing (clockticks are no core's). */
	if (r->box >= 0 && r->box < SNBEP_MAX_CBOX && ev && u->g->tid_filter && (ctl & CTL_TID_EN) &&
	    TID_CORE(u->cbox[r->box].filter) >= u->ncores && !F(u, SKX_TID_IGNORED))
		return 0;
	if (r->box >= 0 && !umask && F(u, SNBEP_UMASK0_COUNTS))
		umask = 0xFF; /* S-62 broken: umask 0 taken as every sub-event */
	e = event_rule_find(r->box >= 0 ? type_of(u, (unsigned)r->box) : u->g->ubox, ev, umask);
	if (e && !(e->counters >> r->k & 1) && !(e->counters && F(u, SNBEP_CONSTRAINT_IGNORED)))
		return 0;
	if (r->box < 0)
		return snbep_ubox_value(ev, umask, t);
	/* K-16: the IIO's and IRP's clockticks, and no event 0; an SBOX
	 * (more_clk 0) counts the C-box's streams, event 0 its clockticks
	 * (V-30). */
	if (r->box >= SNBEP_MAX_CBOX && u->g->more_clk && (ev == u->g->more_clk || !ev))
		return F(u, SKX_IO_CLK_EV0) ? !ev : ev ? 1 : 0; /* their clockticks; no event 0 */
	if (e && e->max_inc > 1)
		max = F(u, SNBEP_TOR_OVER_MAX) ? 2 * e->max_inc : e->max_inc; /* S-60 */
	return snbep_cbox_value((unsigned)r->box, ev, umask, max, t);
}

static bool stream_running(struct snbep_uncore *u, const struct sref *r)
{
	if (r->box < 0)
		return en(u, r->c) && !snbep_ufrozen(u); /* V-06 */
	return en(u, r->c) && box_counts(u, &u->cbox[r->box]);
}

/* Refill the cache when the selection it was filled from changed. */
static void stream_sync(struct snbep_uncore *u, const struct sref *r)
{
	struct emu_filt f = snbep_main_filt(u, CTL_THRESH(r->c->ctl), r->c->ctl);
	uint8_t v[EMU_STREAM_PERIOD];
	unsigned p;

	if (*r->key == (r->c->ctl & CTL_SELECT))
		return;
	for (p = 0; p < EMU_STREAM_PERIOD; p++)
		v[p] = (uint8_t)raw(u, r, p);
	emu_stream_fill(r->s, &f, v); /* S-21..S-25 per cycle */
	*r->key = r->c->ctl & CTL_SELECT;
}

/* Increments over [a, b): the cache, except that after a (re)start the
 * first cycle's edge is against the detector's held state (OQ-S09). */
static uint64_t stream_count(struct snbep_uncore *u, const struct sref *r, uint64_t a, uint64_t b)
{
	struct emu_filt f = snbep_main_filt(u, CTL_THRESH(r->c->ctl), r->c->ctl);
	uint64_t n = emu_stream_count(r->s, a, b);

	if (!r->c->resync || !f.edge || b <= a)
		return n;
	return n - r->s->inc[a % EMU_STREAM_PERIOD] + emu_filt_step(&f, raw(u, r, a), r->c->det);
}

/* Before anything may stop or restart counting at u->now: the detector
 * keeps the compare result of the last counted cycle (OQ-S09). */
static void snapshot(struct snbep_uncore *u, const struct sref *r)
{
	struct emu_filt f = snbep_main_filt(u, CTL_THRESH(r->c->ctl), r->c->ctl);

	if (stream_running(u, r) && !r->c->resync)
		r->c->det = emu_filt_cond(&f, raw(u, r, u->now - 1));
	r->c->resync = true;
}

static void snapshot_cboxes(struct snbep_uncore *u)
{
	unsigned b, k;

	for (b = 0; b < SNBEP_NSBOX; b++)
		for (k = 0; present(u, b) && k < SNBEP_NCTR; k++) {
			struct sref r = cbox_ref(u, b, k);

			snapshot(u, &r);
		}
}

void snbep_snapshot_all(struct snbep_uncore *u)
{
	unsigned k;

	snapshot_cboxes(u);
	for (k = 0; k < SNBEP_UNCTR; k++) {
		struct sref r = ubox_ref(u, k);

		snapshot(u, &r);
	}
}

/* ---- advancing ---- */

static void queue_pmi(struct snbep_uncore *u, uint64_t cycle)
{
	EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, cycle);
}

/* Add d increments; true if the counter wrapped (S-36..S-39: it counts on
 * from 0 and nothing else happens). */
static bool add(struct snbep_ctr *c, uint64_t d)
{
	uint64_t m = width_mask(c);
	bool wrapped = d > m - (c->val & m);

	c->val = (c->val & ~m) | ((c->val + d) & m);
	return wrapped;
}

static bool add_stream(struct snbep_uncore *u, const struct sref *r, uint64_t a, uint64_t b)
{
	uint64_t d;

	if (!stream_running(u, r))
		return false;
	d = stream_count(u, r, a, b);
	if (b > a)
		r->c->resync = false;
	return add(r->c, d);
}

/* A counter of box b (NULL: the U-box) wrapped. Only the defects react,
 * at the first access that sees it: the model computes no wrap cycle,
 * since nothing in it depends on one. */
static void wrapped(struct snbep_uncore *u, struct snbep_box *b)
{
	if (F(u, SNBEP_WRAP_PMI))
		queue_pmi(u, u->now); /* S-40 broken */
	if (b && F(u, SNBEP_WRAP_FREEZES)) { /* S-15, S-39 broken */
		snapshot_cboxes(u);
		b->frz = b->frz_en = true;
	}
}

/* The engine's step (struct emu_engine): everything counts up to now at
 * once, since a wrap changes nothing (S-39). */
static void advance(void *m, uint64_t now)
{
	struct snbep_uncore *u = m;
	/* Wrapped counters (bit k; the U-box's fixed one at SNBEP_NCTR): C-box
	 * b at b, the PCU at SNBEP_NSBOX, the U-box after it. */
	unsigned wrap[SNBEP_NSBOX + 2] = { 0 };
	unsigned b, k, c, pcu = SNBEP_NSBOX, ubox = SNBEP_NSBOX + 1;
	uint64_t a = u->now, pa, pb;

	if (now <= a)
		return;
	pa = snbep_pclk(u, a);
	pb = snbep_pclk(u, now);
	/* S-16, OQ-S21: FIXED_CTL.en alone; one per UCLK (S-45). */
	if (((u->ufixed.ctl & CTL_EN) || F(u, SNBEP_UCLK_EN_IGNORED)) && !snbep_ufrozen(u))
		wrap[ubox] |= (unsigned)add(&u->ufixed, F(u, SNBEP_UCLK_HALF_RATE)
						? now / 2 - a / 2 : now - a) << SNBEP_NCTR;
	for (k = 0; k < SNBEP_UNCTR; k++) {
		struct sref r = ubox_ref(u, k);

		wrap[ubox] |= (unsigned)add_stream(u, &r, a, now) << k;
	}
	for (b = 0; b < SNBEP_NSBOX; b++)
		for (k = 0; present(u, b) && k < SNBEP_NCTR; k++) {
			struct sref r = cbox_ref(u, b, k);

			wrap[b] |= (unsigned)add_stream(u, &r, a, now) << k;
		}
	for (k = 0; k < SNBEP_NCTR; k++)
		if (en(u, &u->pcu.ctr[k]) && box_counts(u, &u->pcu))
			wrap[pcu] |= (unsigned)add(&u->pcu.ctr[k], snbep_pcu_count(u, k, pa, pb)) << k;
	/* S-46, OQ-S14: per core, while it is in C3 or C6, at the UCLK (= TSC)
	 * rate; outside PMON, so the PCU's freeze does not stop them. */
	if (!(F(u, SNBEP_RESID_FROZEN) && frozen(u, &u->pcu)))
		for (c = 0; c < u->ncores; c++)
			if (u->cstate[c] == PMU_C3 || u->cstate[c] == PMU_C6)
				u->resid[c][u->cstate[c] == PMU_C6] += now - a;
	u->now = now;
	for (b = 0; b <= ubox; b++) {
		struct snbep_box *x = b == ubox ? NULL : b == pcu ? &u->pcu : &u->cbox[b];

		if (!wrap[b])
			continue;
		wrapped(u, x);
		if (u->g->global)
			snbep_overflow(u, x, wrap[b]); /* V-08 */
	}
}

/* ---- registers ---- */

static void set_ctl(struct snbep_uncore *u, const struct sref *r, struct snbep_ctr *c, uint64_t v)
{
	c->ctl = v;
	c->det = c->det_occ = false; /* OQ-S09: 0 after programming or reset */
	c->resync = true;
	if (r)
		stream_sync(u, r);
}

static void reset_counters(struct snbep_uncore *u, struct snbep_box *b)
{
	unsigned k;

	for (k = 0; k < SNBEP_NCTR; k++) {
		if (k == SNBEP_NCTR - 1 && F(u, SNBEP_RST_CTRS_LEAVES_ONE))
			continue;
		b->ctr[k].val = 0; /* S-07 */
		b->ctr[k].det = b->ctr[k].det_occ = false; /* OQ-S09 */
	}
	if (b == &u->pcu && F(u, SNBEP_RESID_RESET))
		memset(u->resid, 0, sizeof(u->resid)); /* S-46 broken */
}

/* EMU_F(SNBEP_RST_HITS_UBOX): the PCU's resets reach the U-box (S-14). */
static void reset_ubox(struct snbep_uncore *u, uint64_t val)
{
	unsigned k;

	for (k = 0; k < SNBEP_UNCTR; k++) {
		struct sref r = ubox_ref(u, k);

		snapshot(u, &r);
		if (val & BOX_RST_CTRL)
			set_ctl(u, &r, r.c, 0);
		if (val & BOX_RST_CTRS)
			r.c->val = 0;
	}
	if (val & BOX_RST_CTRL)
		u->ufixed.ctl = 0;
	if (val & BOX_RST_CTRS)
		u->ufixed.val = 0;
}

/* V-10, OQ-V9: an SBOX's BOX_CTL (a more type's, where the generation
 * says so) takes one more of rst_ctrl, rst_ctrs and frz_en than its last
 * write had at a time; more at once faults. */
static bool more_ctl_faults(const struct snbep_uncore *u, const struct snbep_box *b, uint64_t val)
{
	uint64_t added = val & ~b->last_ctl & (BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ_EN);

	return u->g->more_ctl_stepwise && snbep_is_more(u, b) && (added & (added - 1)) &&
	       !F(u, HSWEP_SBOX_CTL_ANY);
}

static int write_box_ctl(struct snbep_uncore *u, struct snbep_box *b, uint64_t val)
{
	bool was = frozen(u, b);
	unsigned k;

	if (more_ctl_faults(u, b, val))
		return VEC_GP;
	b->last_ctl = val;

	snapshot_cboxes(u); /* any box may stop or start (S-14 under defects) */
	if ((val & BOX_RST_CTRS) && F(u, SNBEP_RST_CTRS_CLEARS_CTL))
		val |= BOX_RST_CTRL; /* S-07 broken */
	if (b == &u->pcu && F(u, SNBEP_RST_HITS_UBOX))
		reset_ubox(u, val); /* S-14 broken */
	if (val & BOX_RST_CTRL) /* S-08; OQ-S17: the filter stays */
		for (k = 0; k < SNBEP_NCTR; k++) {
			if (b == &u->pcu) {
				set_ctl(u, NULL, &b->ctr[k], 0);
			} else { /* a C-box or an SBOX */
				struct sref r = cbox_ref(u, (unsigned)(b - u->cbox), k);

				set_ctl(u, &r, r.c, 0);
			}
			if (F(u, SNBEP_RST_CTRL_CLEARS_CTRS))
				b->ctr[k].val = 0;
		}
	if ((val & BOX_RST_CTRS) || F(u, SNBEP_RST_ON_ANY_WRITE)) { /* S-07, S-09 */
		reset_counters(u, b);
		if (F(u, SNBEP_RST_LEAKS))
			reset_counters(u, next_box(u, b));
	}
	/* S-10, OQ-S13: one write sets both fields as written, resets and all;
	 * the guide's set-up (S-41: 0x10102 zeroes a frozen box) and new
	 * sample interval (S-43) are such writes. */
	b->frz = val & BOX_FRZ;
	b->frz_en = val & BOX_FRZ_EN;
	if (!was && frozen(u, b))
		for (k = 0; k < SNBEP_NCTR; k++)
			b->held[k] = b->ctr[k].val;
	return 0;
}

/* The bits the table defines; EMU_F(SNBEP_TBL_THRESH_NARROW) stands for a
 * wrong entry (thresh without its top bit), which tests must notice. */
static uint64_t defined(const struct snbep_uncore *u, const struct reg_tmpl *t)
{
	const struct field *f = reg_field(t, "thresh");
	uint64_t m = reg_defined_mask(t);

	if (u->g->global && F(u, IVBEP_INVERT_KEPT))
		m |= CTL_INV; /* V-12 broken */
	return f && F(u, SNBEP_TBL_THRESH_NARROW) ? m & ~(1ull << f->hi) : m;
}

static void write_ctl(struct snbep_uncore *u, const struct reg_ref *r, const struct sref *s,
		      struct snbep_ctr *c, uint64_t val)
{
	uint64_t w1a = reg_access_mask(r->tmpl, FA_W1A);

	/* OQ-S16: bits the table does not define (63:32, and the reserved
	 * ones, which "write 0") are dropped and read 0. */
	val &= defined(u, r->tmpl);
	if ((val & w1a) && !F(u, SNBEP_CTL_RST_IGNORED))
		c->val = 0; /* S-20 */
	set_ctl(u, s, c, F(u, SNBEP_CTL_RST_READS_1) ? val : val & ~w1a); /* OQ-S12 */
}

/* Where an MSR of the table lives in the model. */
struct loc {
	struct reg_ref r;
	struct snbep_box *box; /* C-box or PCU, else NULL */
	struct snbep_ctr *ctr; /* its counter (CTL, CTR), else NULL */
	struct sref sref;      /* its stream, for a stream counter */
	bool stream;
};

static bool absent(const struct snbep_uncore *u, uint32_t msr)
{
	unsigned i;

	if (u->g->global)
		return false; /* V-03, V-04, V-13: its own registers */
	for (i = 0; i < ARRAY_SIZE(absent_msrs); i++)
		if (msr == absent_msrs[i])
			return true;
	return false;
}

/* V-18: IVB-EP's C-box has a second filter register, the second its
 * description lists. */
static bool filter1(const struct loc *l)
{
	const struct reg_tmpl *t;

	for (t = l->r.box->regs; t < l->r.tmpl; t++)
		if (t->role == ROLE_FILTER)
			return true;
	return false;
}

/* FILTER0 of a C-box or the PCU takes val; where tid selects what a
 * C-box counts (K-13), its streams change with it, so their edge
 * detectors are kept and their caches refilled. */
static void refilter(struct snbep_uncore *u, const struct loc *l, uint64_t val)
{
	unsigned b = (unsigned)(l->box - u->cbox), k;

	if (l->r.box != u->g->cbox || !u->g->tid_filter) {
		l->box->filter = val;
		return;
	}
	for (k = 0; k < SNBEP_NCTR; k++) {
		struct sref r = cbox_ref(u, b, k);

		snapshot(u, &r);
	}
	l->box->filter = val;
	for (k = 0; k < SNBEP_NCTR; k++) {
		struct sref r = cbox_ref(u, b, k);

		*r.key = ~0ull;
		stream_sync(u, &r);
	}
}

/* Where the register r lives in the model. */
int snbep_sbox(const struct snbep_uncore *u, const struct reg_ref *r)
{
	unsigned k;

	if (r->box == u->g->cbox)
		return (int)r->box_idx;
	for (k = 0; k < SNBEP_NMORE; k++)
		if (r->box && r->box == u->g->more[k])
			return SNBEP_MAX_CBOX + (int)(more_before(u, k) + r->box_idx);
	return -1;
}

static void locate(struct snbep_uncore *u, const struct reg_ref *r, struct loc *l)
{
	int sb = snbep_sbox(u, r);

	memset(l, 0, sizeof(*l));
	l->r = *r;
	if (sb >= 0) {
		l->box = &u->cbox[sb];
		l->sref = cbox_ref(u, (unsigned)sb, l->r.idx);
		l->stream = l->r.tmpl->role == ROLE_CTL || l->r.tmpl->role == ROLE_CTR;
	} else if (l->r.box == u->g->pcu) {
		l->box = &u->pcu;
	} else if (l->r.box == u->g->ubox && l->r.tmpl->count == SNBEP_UNCTR) {
		l->sref = ubox_ref(u, l->r.idx);
		l->stream = true;
	} else if (l->r.box == u->g->ubox) {
		l->ctr = &u->ufixed;
	}
	if (l->stream)
		l->ctr = l->sref.c;
	else if (l->box && (l->r.tmpl->role == ROLE_CTL || l->r.tmpl->role == ROLE_CTR))
		l->ctr = &l->box->ctr[l->r.idx];
}

/* K-63 broken: CHA n answers at CHA 0's address plus n steps of CHA 0
 * to CHA 1, as if the offset table had neither its gap nor its wrap. */
static uint32_t no_gap(const struct snbep_uncore *u, uint32_t msr)
{
	const struct box_type *c = u->g->cbox;
	uint32_t a0, step;

	if (!c->box_offs || !F(u, ICX_CHA_NO_GAP))
		return msr;
	a0 = reg_msr(&c->regs[0], c, 0, 0);
	step = reg_msr(&c->regs[0], c, 1, 0) - a0;
	if (msr < a0 || (msr - a0) / step >= c->nboxes)
		return msr;
	return reg_msr(&c->regs[0], c, (msr - a0) / step, 0) + (msr - a0) % step;
}

/* The register at msr: 0 with *r and *i the accessing core (for the
 * per-core residency counters, OQ-S14), VEC_GP (a C-box of an absent core,
 * OQ-S15), or -1 (not this model's). */
static int find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	const struct snbep_uncore *u = m;

	if (!reg_find(u->g->boxes, u->g->nboxes, no_gap(u, msr), r))
		return -1;
	/* A box type of the description the model has no state for faults,
	 * as registers the part lacks; the free-running counters are
	 * functions of time (K-42, OQ-K41). */
	if (r->box != u->g->ubox && r->box != u->g->pcu && r->box != u->g->residency &&
	    snbep_sbox(u, r) < 0 && !snbep_free_reg(u, r))
		return VEC_GP;
	if (r->box == u->g->cbox && r->box_idx >= u->ncbox &&
	    !(u->g->global && F(u, IVBEP_CBOX_COUNT_MAX))) /* V-21, OQ-V6 broken */
		return VEC_GP;
	*i = core;
	return 0;
}

/* OQ-V14: a register set of a more type the die lacks (an SBOX) reads 0
 * and drops writes. */
static bool more_absent(const struct snbep_uncore *u, const struct reg_ref *r)
{
	int b = snbep_sbox(u, r);

	return b >= SNBEP_MAX_CBOX && !present(u, (unsigned)b);
}

/* For a residency register, the accessing core's counter (OQ-S14), or
 * NULL and *gp for a core the package does not have; else NULL. */
static uint64_t *resid_of(struct snbep_uncore *u, const struct reg_ref *r, unsigned core, bool *gp)
{
	*gp = r->box == u->g->residency && core >= u->ncores;
	if (r->box != u->g->residency || *gp)
		return NULL;
	return &u->resid[core][r->msr != MSR_CORE_C3_CTR];
}

static int read_reg(void *m, const struct reg_ref *r, unsigned core, uint64_t *val)
{
	struct snbep_uncore *u = m;
	struct loc l;
	bool gp;
	uint64_t *resid = resid_of(u, r, core, &gp);

	if (gp)
		return VEC_GP;
	if (resid || more_absent(u, r)) {
		*val = resid ? *resid : 0;
		return 0;
	}
	if (snbep_global_reg(u, r)) {
		snbep_global_read(u, r, val);
		return 0;
	}
	if (snbep_free_reg(u, r)) { /* K-17, K-42, OQ-K41 */
		*val = snbep_free_read(u, r);
		return 0;
	}
	locate(u, r, &l);
	switch (l.r.tmpl->role) {
	case ROLE_BOX_CTL: /* OQ-S02: write-only fields read 0 */
		*val = F(u, SNBEP_BOX_CTL_READS_BACK) ? (l.box->frz ? BOX_FRZ : 0) |
			(l.box->frz_en ? BOX_FRZ_EN : 0) : 0;
		break;
	case ROLE_FILTER: /* the U-box's has no box (V-19) */
		*val = !l.box ? u->ufilter : filter1(&l) ? l.box->filter1 : l.box->filter;
		break;
	case ROLE_CTL:
		*val = l.ctr->ctl;
		break;
	default:
		*val = l.box && frozen(u, l.box) && F(u, SNBEP_FRZ_HOLDS_READS)
			       ? l.box->held[l.r.idx] : l.ctr->val;
	}
	return 0;
}

static int write_reg(void *m, const struct reg_ref *r, unsigned core, uint64_t val)
{
	struct snbep_uncore *u = m;
	struct loc l;
	bool gp;
	uint64_t *resid = resid_of(u, r, core, &gp);

	if (gp)
		return VEC_GP;
	if (more_absent(u, r))
		return 0;
	if (resid) {
		*resid = val; /* OQ-S14: writes stored */
		return 0;
	}
	if (snbep_global_reg(u, r)) {
		snbep_global_write(u, r, val);
		return 0;
	}
	if (snbep_free_reg(u, r))
		return snbep_free_write(u, r); /* K-42: read-only */
	locate(u, r, &l);
	switch (l.r.tmpl->role) {
	case ROLE_BOX_CTL:
		return write_box_ctl(u, l.box, val);
	case ROLE_FILTER: /* S-04; OQ-S16: bits 63:32 dropped */
		if (!l.box) { /* the U-box's (V-19) */
			if (!F(u, HSWEP_UFILTER_DROPPED))
				u->ufilter = val & reg_defined_mask(l.r.tmpl);
		} else if (filter1(&l) && !F(u, IVBEP_FILTER1_ALIASES)) { /* V-18 */
			l.box->filter1 = val & reg_defined_mask(l.r.tmpl);
		} else {
			refilter(u, &l, val & reg_defined_mask(l.r.tmpl));
		}
		return 0;
	case ROLE_CTL:
		write_ctl(u, &l.r, l.stream ? &l.sref : NULL, l.ctr, val);
		return 0;
	default: /* S-05; OQ-S16: bits above the width dropped */
		l.ctr->val = val & (F(u, SNBEP_UPPER_BITS_KEPT) ? ~0ull : width_mask(l.ctr));
		return 0;
	}
}

const struct emu_engine snbep_engine = {
	.now = offsetof(struct snbep_uncore, now),
	.step = advance,
	.find = find,
	.read = read_reg,
	.write = write_reg,
};

/* S-03, OQ-S01: the global and status registers IVB-EP has are not on
 * 0x2D; snbep-global-regs makes them answer (reads 0, writes ignored),
 * neither advancing the model. */
int snbep_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	struct snbep_uncore *u = m;

	if (absent(u, msr)) {
		*val = 0;
		return F(u, SNBEP_GLOBAL_REGS) ? 0 : VEC_GP;
	}
	return emu_rdmsr(&snbep_engine, u, core, msr, now, val);
}

int snbep_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	struct snbep_uncore *u = m;

	if (absent(u, msr))
		return F(u, SNBEP_GLOBAL_REGS) ? 0 : VEC_GP;
	return emu_wrmsr(&snbep_engine, u, core, msr, val, now);
}

/* The width of box type b's counters: its run of `count` (the U-box's
 * fixed counter 1, its general ones SNBEP_UNCTR), or with count 0 its
 * widest run of read-write counters (a C-box's, the PCU's, an SBOX's,
 * the IIO's 4, the IRP's 2): S-36..S-38, V-16, K-10. */
static uint8_t table_width(const struct box_type *b, unsigned count)
{
	const struct reg_tmpl *best = NULL;
	unsigned i;

	for (i = 0; i < b->nregs; i++) {
		const struct reg_tmpl *t = &b->regs[i];

		if (t->role != ROLE_CTR)
			continue;
		if (count && t->count == count)
			return t->width;
		if (!count && t->access == RA_RW && (!best || t->count > best->count))
			best = t;
	}
	return best ? best->width : 64;
}

/* model: one C-box per core of the package on every model (OQ-S15). */
void snbep_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		uint64_t now)
{
	(void)model;
	snbep_init_gen(m, &snbep_gen_e5, faults, ncores, uclk_khz, now);
}

/* One C-box per core of the package, up to the generation's register sets
 * (OQ-S15, V-21, OQ-V6), or the die's (K-14). */
void snbep_init_gen(void *m, const struct snbep_gen *g, emu_faults_t faults, unsigned ncores,
		    uint32_t uclk_khz, uint64_t now)
{
	struct snbep_uncore *u = m;
	uint8_t w_ugp = table_width(g->ubox, SNBEP_UNCTR), w_c = table_width(g->cbox, 0);
	/* V-31, OQ-V15, K-14, OQ-K9: the smallest die the cores fit on. */
	const struct snbep_die *d = &g->dies[ncores <= g->dies[0].cores ? 0 : 1];
	unsigned b, k;

	memset(u, 0, sizeof(*u)); /* S-06: every register 0 */
	u->g = g;
	u->faults = faults;
	u->ncores = ncores < 1 ? 1 : ncores > g->max_cbox ? g->max_cbox : ncores;
	/* K-14, OQ-K9: the die's CHAs, whatever the cores; V-31, K-16: its
	 * boxes of the more types; what its capability register says. */
	u->ncbox = d->cbox && !F(u, SKX_CHA_PER_CORE) ? d->cbox : u->ncores; /* K-14 */
	for (k = 0; k < SNBEP_NMORE; k++)
		u->nmore[k] = g->more[k] && F(u, HSWEP_SBOX_COUNT_MAX) ? g->more[k]->nboxes
			      : d->more[k]; /* V-31, OQ-V14 broken */
	u->capid = d->capid;
	if (F(u, HSWEP_CHOP_LARGE) || F(u, SKX_CAPID6_ALL))
		u->capid = g->dies[1].capid; /* V-31, K-14 broken: the largest die's */
	u->uclk_khz = uclk_khz ? uclk_khz : 1;
	u->now = now;
	/* S-36, S-37, S-38 (OQ-S07), V-16, K-10: from the register table. */
	u->ufixed.width = F(u, SNBEP_UCLK_WIDTH_44) ? 44 : table_width(g->ubox, 1);
	for (k = 0; k < SNBEP_NCTR; k++) {
		if (k < SNBEP_UNCTR)
			u->ugp[k].width = F(u, SNBEP_WIDTH_48) ? 48 : w_ugp;
		for (b = 0; b < SNBEP_NSBOX; b++)
			u->cbox[b].ctr[k].width = b >= SNBEP_MAX_CBOX && present(u, b)
						  ? table_width(type_of(u, b), 0)
						  : F(u, SNBEP_WIDTH_48) ? 48 : w_c;
		u->pcu.ctr[k].width = F(u, SNBEP_PCU_WIDTH_44) ? 44 : table_width(g->pcu, 0);
	}
	/* Caches filled for CTL = 0 (a key no selection has forces it). */
	for (k = 0; k < SNBEP_NCTR; k++) {
		for (b = 0; b < SNBEP_NSBOX; b++) {
			struct sref c = cbox_ref(u, b, k);

			if (!present(u, b))
				continue;
			*c.key = ~0ull;
			set_ctl(u, &c, c.c, 0);
		}
		if (k < SNBEP_UNCTR) {
			struct sref r = ubox_ref(u, k);

			*r.key = ~0ull;
			set_ctl(u, &r, r.c, 0);
		}
		set_ctl(u, NULL, &u->pcu.ctr[k], 0);
	}
}

void snbep_core_state(void *m, unsigned core, enum pmu_cstate s, uint64_t now)
{
	struct snbep_uncore *u = m;

	emu_advance(&snbep_engine, u, now);
	if (core < u->ncores)
		u->cstate[core] = (uint8_t)s;
}
