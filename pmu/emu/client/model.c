/* The emulated client uncore (spec client-uncore.md): register semantics of
 * one package's uncore, any layout (struct client_layout, L-80), evaluated
 * lazily. Counters are indexed 2b + k (ARB box b PERFCTRk), CLIENT_NARB +
 * 2n + k (C-box n PERFCTRk) and CLIENT_FIXED (the fixed U-clock counter).
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T. A counter "wraps at cycle W" when its value at W is the
 * first to have passed 2^width - 1; status, PMI request and freeze take
 * effect at W (OQ-L20), so a read at W sees them and a read at W - 1 does
 * not. The per-cycle increments of a general counter are periodic
 * (pmu/emu/client/stream.c), cached per counter with prefix sums
 * (pmu/emu/stream.c): counting is O(1) per window. */
#include "pmu/emu/client/model.h"
#include "pmu/emu/engine.h"
#include "pmu/regs/tables.h"
#include "arch/fault.h"

#define PERIOD EMU_STREAM_PERIOD
#define GP_WIDTH 44                   /* L-32 */

/* Functional bits (field tables in pmu/regs/client.c); reserved masks come
 * from the tables. */
#define GC_EN (1ull << 29)            /* L-20 */
#define GC_WAKE_PMI (1ull << 30)      /* L-47 */
#define GC_FREEZE (1ull << 31)        /* L-50 */
#define FC_OVF_EN (1ull << 20)        /* L-36 */
#define FC_EN (1ull << 22)            /* L-22 */
#define ES_EVENT(v) ((uint8_t)(v))
#define ES_UMASK(v) ((uint8_t)((v) >> 8))
#define ES_E (1ull << 18)             /* L-29 */
#define ES_OVF_EN (1ull << 20)        /* L-35 */
#define ES_EN (1ull << 22)            /* L-21 */
#define ES_INV (1ull << 23)           /* L-28 */
#define ES_FILTER 0x3F84FFFFull       /* what the cached increments depend on */
#define ST_FIXED (1ull << 0)          /* L-38 */
#define ST_ARB (1ull << 1)
#define ST_CBO (1ull << 3)

#define F(u, id) ((u)->faults & EMU_FF(CLIENT, CL_##id))

/* L-03: one struct client_uncore per package, nothing shared between
 * them; the backend routes each access to its package. */

static bool is_fixed(unsigned i)
{
	return i == CLIENT_FIXED;
}

static bool is_arb(unsigned i)
{
	return i < CLIENT_NARB;
}

/* C-box n of counter i (not the ARB's, not the fixed one). */
static unsigned cbox_of(unsigned i)
{
	return (i - CLIENT_NARB) / 2;
}

static unsigned unit_of(unsigned i)
{
	return is_arb(i) ? CLIENT_UNIT_ARB : CLIENT_UNIT_CBOX(cbox_of(i)); /* L-76: one ARB stream */
}

static uint64_t width_mask(const struct client_uncore *u, unsigned i)
{
	/* L-32, L-33, L-78; OQ-L16: the fixed counter 44 bits on B, else 48. */
	unsigned w = !is_fixed(i) ? GP_WIDTH : !F(u, FIXED_WIDTH_SWAPPED) ? u->lay->fixed_bits
					     : u->lay->fixed_bits == 48 ? 44 : 48;

	if (!is_fixed(i) && F(u, WIDTH_48))
		w = 48; /* L-32 broken */
	return (1ull << w) - 1;
}

/* Increments left until counter i wraps to 0 (OQ-L20), at least 1. */
static uint64_t to_wrap(const void *m, unsigned i)
{
	const struct client_uncore *u = m;

	return width_mask(u, i) - (u->ctr[i] & width_mask(u, i)) + 1;
}

static bool running(const void *m, unsigned i)
{
	const struct client_uncore *u = m;
	bool en = (u->global_ctl & GC_EN) || F(u, GLOBAL_EN_IGNORED) ||
		  client_icl_counts_without_en(u);

	if (is_fixed(i)) /* L-22, L-59 */
		return (u->fixed_ctl & FC_EN) && (en || (u->frozen && F(u, FRZ_FIXED_RUNS)));
	if (!is_arb(i) && F(u, SELECT_GATES) && !(u->global_ctl >> cbox_of(i) & 1))
		return false; /* L-24 broken: C-box n gated by select bit n */
	/* L-20, L-21, L-23; L-24: the select bits do not gate; L-71, OQ-L30:
	 * on Ice Lake client the local enables alone */
	return en && ((u->evtsel[i] & ES_EN) || F(u, LOCAL_EN_IGNORED));
}

static bool ovf_en(const struct client_uncore *u, unsigned i)
{
	if (F(u, OVF_EN_IGNORED))
		return true;
	return is_fixed(i) ? u->fixed_ctl & FC_OVF_EN : u->evtsel[i] & ES_OVF_EN; /* L-35, L-36 */
}

/* ---- per-cycle increment: stream, CMASK, INV, E (L-27..L-29) ---- */

/* Counter i's threshold in sel: 5 bits (L-27, OQ-L19), 6 on a layout-D
 * C-box (L-75). */
static uint8_t cmask_of(const struct client_uncore *u, unsigned i, uint64_t sel)
{
	unsigned bits = is_arb(i) || F(u, THRESH_5_BITS) ? 5 : u->lay->cmask_bits;

	return (uint8_t)(sel >> 24 & ((1u << bits) - 1));
}

/* The shared filter of pmu/emu/stream.c: CMASK = 0 adds the full count
 * (L-27), >= CMASK (L-27) or < CMASK with INV (L-28), E on the rising
 * edges (L-29); OQ-L12: INV ignored when CMASK = 0. */
static struct emu_filt filt_of(const struct client_uncore *u, unsigned i, uint64_t sel)
{
	struct emu_filt f = { .cmask = cmask_of(u, i, sel), .inv = sel & ES_INV,
			.edge = sel & ES_E, .gt = F(u, CMASK_OFF_BY_ONE) };

	if (F(u, CMASK_IGNORED))
		f.cmask = 0;
	if (!f.cmask || F(u, INV_IGNORED))
		f.inv = false;
	if (F(u, EDGE_IGNORED))
		f.edge = false;
	return f;
}

/* Whether counter i counts event ev with umask um at all (L-82): its box
 * type's rules (L-83, L-84; Rocket Lake's ARB its own, OQ-L34) at its
 * index there, which on Ice Lake client is counter 1's 0 (L-70). Silicon
 * counts nothing for an event on a counter that cannot count it. */
static bool allowed(const struct client_uncore *u, unsigned i, uint8_t ev, uint8_t um)
{
	const struct event_rule *r;

	if (!is_arb(i))
		return event_allowed(u->lay->cbox, (i - CLIENT_NARB) % 2, ev, um);
	r = event_rule_find(u->arb_rules, ev, um);
	if (F(u, ARB_OCC_ON_1))
		return true; /* L-58, L-83 broken: every event on every counter */
	if (r && !r->counters && F(u, ARB_COH_OCC_LIVE))
		return true; /* L-83 broken: an event no list names for the part counts */
	if (ev == 0x81 && i % 2 == 0 && F(u, ARB_REQ_1_ONLY))
		return false; /* L-83 broken: Rocket Lake's rule on every part (OQ-L34) */
	return event_allowed(u->arb_rules, i % 2 - u->lay->arb_first, ev, um);
}

/* Event count at cycle t of counter i's stream under select sel: nothing
 * where its rules say so (L-57, L-58, L-72, L-83, L-84). */
static unsigned value_of(const struct client_uncore *u, unsigned i, uint64_t sel, uint64_t t)
{
	uint8_t um = ES_UMASK(sel);

	if (F(u, UMASK_ONE_GROUP) && !is_arb(i) && (!(um & 0x0F) || !(um & 0xF0)))
		um |= um & 0x0F ? 0xF0 : 0x0F; /* L-57 broken: the other group as if all set */
	if (!allowed(u, i, ES_EVENT(sel), um))
		return 0;
	return client_stream_value(unit_of(i), ES_EVENT(sel), um, t);
}

static unsigned stream_at(const struct client_uncore *u, unsigned i, uint64_t t)
{
	return value_of(u, i, u->evtsel[i], t);
}

static void stream_fill(struct client_uncore *u, unsigned i)
{
	struct emu_filt f = filt_of(u, i, u->evtsel[i]);
	uint8_t raw[PERIOD];
	unsigned p;

	for (p = 0; p < PERIOD; p++)
		raw[p] = (uint8_t)stream_at(u, i, p);
	emu_stream_fill(&u->stream[i], &f, raw);
}

/* Counter i starts counting at u->now (held false: OQ-L13, the edge
 * history is 0 at enable) or goes on under a new select (held: the
 * condition of the cycle before, as the old select formed it). */
static void seam(struct client_uncore *u, unsigned i, bool held)
{
	struct emu_filt f = filt_of(u, i, u->evtsel[i]);

	emu_seam_set(&u->seam[i], u->now, held, &f, stream_at(u, i, u->now - 1),
		     stream_at(u, i, u->now));
}

/* ---- counting and wrap cycles ---- */

static uint64_t count(const void *m, unsigned i, uint64_t a, uint64_t b)
{
	const struct client_uncore *u = m;

	if (is_fixed(i))
		return b - a; /* L-59: one per cycle */
	return emu_seam_count(&u->stream[i], &u->seam[i], a, b);
}

static uint64_t wrap_at(const void *m, unsigned i)
{
	const struct client_uncore *u = m;

	if (is_fixed(i))
		return u->now + to_wrap(u, i);
	return emu_seam_reach(&u->stream[i], &u->seam[i], u->now, to_wrap(u, i));
}

/* ---- overflow: status, PMI request, freeze ---- */

/* L-43, OQ-L7: bits 3:0 route on A (bit 4 stored, routes nowhere), 4:0 on
 * B, C and D (OQ-L26); L-48, OQ-L10: without WakePMI a halted selected core
 * is left out, and nothing is queued for it. */
static uint16_t pmi_cores(const struct client_uncore *u)
{
	unsigned bits = F(u, SEL_4_BITS) ? 4 : u->lay->sel_bits, c;
	uint16_t cores = (uint16_t)(u->global_ctl & ((1u << bits) - 1));
	bool wake = (u->global_ctl & GC_WAKE_PMI) && !F(u, WAKE_NEVER);

	for (c = 0; c < u->ncores && c < CLIENT_MAX_CORES; c++)
		if (!wake && !F(u, WAKE_IGNORED) && u->cstate[c] != PMU_C0)
			cores &= (uint16_t)~(1u << c);
	if (F(u, PMI_WRONG_CORE)) /* L-43 broken: the next core up, within the bits */
		cores = (uint16_t)(((cores << 1) | (cores >> (bits - 1))) & ((1u << bits) - 1));
	return cores; /* L-47: with WakePMI every selected core, woken */
}

/* L-42, L-43: the routing at the wrap; delivery is the backend's (L-44,
 * L-45, L-46). */
static void queue_pmi(struct client_uncore *u)
{
	struct emu_pmi_req req = { .cycle = u->now, .cores = pmi_cores(u) };

	EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, req);
}

static uint64_t status_bit(const struct client_uncore *u, unsigned i)
{
	if (is_fixed(i))
		return ST_FIXED;
	/* L-38: per unit class; L-78: either ARB box sets bit 1 (OQ-L27) */
	return is_arb(i) && !F(u, ARB_STATUS_BIT3) ? ST_ARB : ST_CBO;
}

static void freeze(struct client_uncore *u)
{
	if (F(u, FRZ_IGNORED))
		return;
	/* L-50, L-51, OQ-L11: EN alone is cleared, at the wrap cycle, so every
	 * counter holds its value of that cycle (L-54, model part). */
	u->global_ctl = F(u, FRZ_CLEARS_CTRL) ? 0 : u->global_ctl & ~GC_EN;
	u->frozen = true;
}

/* The counters with wrapped[i] set wrapped at cycle u->now. */
static void overflow(void *m, const bool *wrapped)
{
	struct client_uncore *u = m;
	uint64_t st = 0, rising;
	bool frz = false;
	unsigned i;

	for (i = 0; i < CLIENT_NCTR; i++) {
		if (!wrapped[i])
			continue;
		if (ovf_en(u, i))
			st |= status_bit(u, i); /* L-35, L-36; OQ-L9: only if forwarded */
		frz |= ovf_en(u, i) || F(u, FRZ_WITHOUT_OVF_EN); /* L-53 */
	}
	rising = st & ~u->status;
	if (!F(u, NO_STATUS))
		u->status |= st; /* L-38 */
	/* L-42, L-49 (OQ-L20): a request for every forwarded overflow, whatever
	 * the status holds; one per cycle however many counters wrapped in it;
	 * L-34: an unforwarded wrap just goes on. */
	if (st && (rising || !F(u, PMI_ONCE)))
		queue_pmi(u);
	if (frz && (u->global_ctl & GC_FREEZE))
		freeze(u);
}

static void add(void *m, unsigned i, uint64_t d)
{
	struct client_uncore *u = m;
	uint64_t w = width_mask(u, i);

	u->ctr[i] = (u->ctr[i] & ~w) | ((u->ctr[i] + d) & w); /* L-34: wraps, goes on */
}

/* ---- registers ---- */

/* The C-box stride of the layout: 0x10 on A and B (L-11), 8 on C and D
 * (L-66, L-74; cl-cbox-stride-16: the old one). */
static unsigned cbox_stride(const struct client_uncore *u)
{
	const struct box_type *b = u->lay->cbox;

	return b->box_stride == 8 && !F(u, CBOX_STRIDE_16) ? 8 : 0x10;
}

/* L-19, OQ-L3..OQ-L6, OQ-L29: the C-box address space, the first span
 * addresses of every box the stride reaches in 0x80 from the first, and
 * 0xF70..0xF79 on B (box 7, L-13). */
static bool cbox_space(const struct client_uncore *u, uint32_t msr)
{
	uint32_t base = u->lay->cbox->regs[0].addr;

	if (u->lay->cbox->box_offs && msr >= 0xF70 && msr <= 0xF79)
		return true;
	return msr >= base && msr < base + 0x80 && (msr - base) % cbox_stride(u) < u->lay->cbox_span;
}

/* cl-cbox-stride-16 (L-66, L-74 broken): C-box n of layout C or D answers
 * at the old stride 0x10, so msr is read as the address a stride of 8
 * gives that box; -1 where no box of the old stride is. */
static int64_t stride16(const struct client_uncore *u, uint32_t msr)
{
	uint32_t base = u->lay->cbox->regs[0].addr, off = msr - base;

	if (!F(u, CBOX_STRIDE_16) || u->lay->cbox->box_stride != 8 || msr < base ||
	    msr >= base + 0x80)
		return msr;
	return off % 0x10 < 4 ? (int64_t)(base + off / 0x10 * 8 + off % 0x10) : -1;
}

/* cl-arb-box1-alias (L-76 broken): layout D's ARB box 1 reaches box 0's
 * registers. */
static uint32_t arb_alias(const struct client_uncore *u, uint32_t msr)
{
	const struct box_type *a = u->lay->arb;
	uint32_t lo = a->regs[0].addr + a->box_stride;

	if (F(u, ARB_BOX1_ALIAS) && a->nboxes == 2 && msr >= lo && msr < lo + 4)
		return msr - a->box_stride;
	return msr;
}

/* The family's address defects, ahead of the lookup (struct
 * emu_engine.remap): 0 with *msr the address they make the access reach, or
 * VEC_GP. */
static int remap(const void *m, uint32_t *msr)
{
	const struct client_uncore *u = m;
	bool far7 = u->lay->cbox->box_offs != NULL; /* B's box 7 at 0xF70 (L-13) */
	uint32_t a = *msr;
	int64_t s;

	if (F(u, FIXED_NEHALEM_ORDER) && (a == u->lay->fixed_ctl || a == u->lay->fixed_ctl + 1))
		a = a == u->lay->fixed_ctl ? a + 1 : a - 1; /* L-08 broken */
	if (F(u, CBOX_STRIDE_7) && far7 && a >= 0xF70 && a <= 0xF79)
		return VEC_GP; /* L-13 broken: box 7 on the stride instead */
	if (F(u, CBOX_STRIDE_7) && far7 && a >= 0x770 && a <= 0x779)
		a += 0xF70 - 0x770;
	if ((s = stride16(u, a)) < 0)
		return VEC_GP;
	*msr = arb_alias(u, (uint32_t)s);
	return 0;
}

/* The register at msr: 0 with *r and the counter index *i (of a counter
 * or its control), VEC_GP (C-box space without a present register, L-19)
 * or -1 (not this uncore's, e.g. the core side of the PMI path, or on
 * layout D the addresses of A to C, L-77). core: every register is the
 * package's (L-03). */
static int find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	const struct client_uncore *u = m;

	(void)core;
	if (!reg_find(u->lay->boxes, ARRAY_SIZE(snb_boxes), msr, r) || r->box == &core_pmi_box)
		return cbox_space(u, msr) ? VEC_GP : -1;
	if (r->box == u->lay->arb) /* L-14, L-70, L-76 */
		*i = 2 * r->box_idx + r->idx + u->lay->arb_first;
	else if (r->box == u->lay->cbox)
		*i = CLIENT_CBOX_CTR(r->box_idx, r->idx);
	else
		*i = CLIENT_FIXED;
	if (*i < CLIENT_FIXED && r->box == u->lay->cbox && r->box_idx >= u->ncbox)
		return VEC_GP; /* L-19, OQ-L3: beyond the C-box count */
	return 0;
}

/* OQ-L14: non-zero reserved bits raise #GP(0) and change nothing. */
static bool reserved_gp(const struct client_uncore *u, uint64_t val, const struct reg_tmpl *t)
{
	return (val & ~reg_defined_mask(t)) && !F(u, RESERVED_ACCEPTED);
}

/* After a write that may have started counters (was_on: which ran before) or
 * changed counter n's select (old: its select before; n = CLIENT_NGP:
 * none): each general counter that runs now and did not, or runs on under
 * a new filter, gets its edge detector's start (OQ-L13). */
static void resync(struct client_uncore *u, uint32_t was_on, unsigned n, uint64_t old)
{
	struct emu_filt was = filt_of(u, n < CLIENT_NGP ? n : 0, old);
	unsigned i;

	for (i = 0; i < CLIENT_NGP; i++) {
		if (!running(u, i))
			continue;
		if (!(was_on >> i & 1) && !F(u, EDGE_HISTORY_KEPT))
			seam(u, i, false);
		else if ((was_on >> i & 1) && i == n && ((old ^ u->evtsel[i]) & ES_FILTER))
			seam(u, i, emu_filt_cond(&was, value_of(u, i, old, u->now - 1)));
	}
}

static uint32_t running_set(const struct client_uncore *u)
{
	uint32_t s = 0;
	unsigned i;

	for (i = 0; i < CLIENT_NGP; i++)
		s |= (uint32_t)running(u, i) << i;
	return s;
}

static int write_evtsel(struct client_uncore *u, const struct reg_tmpl *t, unsigned n,
			uint64_t val)
{
	uint64_t old = u->evtsel[n];
	uint32_t was = running_set(u);

	if (reserved_gp(u, val, t))
		return VEC_GP;
	u->evtsel[n] = val; /* L-31: reads back as written */
	if ((old ^ val) & ES_FILTER)
		stream_fill(u, n);
	resync(u, was, n, old);
	return 0;
}

static int write_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t val)
{
	struct client_uncore *u = m;
	uint32_t was = running_set(u);

	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		if (reserved_gp(u, val, r->tmpl))
			return VEC_GP;
		u->global_ctl = client_icl_gctl(u, val); /* L-52: EN written again resumes */
		u->frozen = false;
		resync(u, was, CLIENT_NGP, 0);
		return 0;
	case ROLE_GLOBAL_STATUS:
		/* L-40, OQ-L8: the defined bits as written, the rest ignored;
		 * L-41: nothing else changes. */
		if (F(u, STATUS_W1C))
			u->status &= ~val; /* OQ-L8 broken */
		else
			u->status = val & reg_defined_mask(r->tmpl);
		return 0;
	case ROLE_CTR:
		u->ctr[i] = val & (F(u, UPPER_BITS_KEPT) ? ~0ull : width_mask(u, i)); /* OQ-L14 */
		return 0;
	case ROLE_CTL:
		if (!is_fixed(i))
			return write_evtsel(u, r->tmpl, i, val);
		if (reserved_gp(u, val, r->tmpl))
			return VEC_GP;
		u->fixed_ctl = val;
		return 0;
	default:
		return VEC_GP; /* L-15: CBO_CONFIG is read-only */
	}
}

static uint64_t reg_value(const struct client_uncore *u, const struct reg_ref *r, unsigned i)
{
	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		return u->global_ctl; /* L-51: after a freeze, EN = 0 and the rest as written */
	case ROLE_GLOBAL_STATUS:
		return u->status;
	case ROLE_CTR:
		return u->ctr[i]; /* L-37 */
	case ROLE_CTL:
		return is_fixed(i) ? u->fixed_ctl : u->evtsel[i];
	default:
		return u->ncbox; /* OQ-L2: CBO_CONFIG holds the C-box count */
	}
}

static int read_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t *val)
{
	*val = reg_value(m, r, i);
	return 0;
}

const struct emu_engine client_engine = {
	.now = offsetof(struct client_uncore, now),
	.nctr = CLIENT_NCTR,
	.running = running,
	.count = count,
	.to_wrap = to_wrap,
	.wrap_at = wrap_at,
	.add = add,
	.on_wrap = overflow,
	.remap = remap,
	.find = find,
	.read = read_reg,
	.write = write_reg,
};

/* Erratum ICL068's ARB counter 0 is answered before anything else
 * (client_icl_arb0). */
int client_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	if (client_icl_arb0(m, &msr)) {
		*val = 0;
		return 0;
	}
	return emu_rdmsr(&client_engine, m, core, msr, now, val);
}

int client_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	struct client_uncore *u = m;

	if (client_icl_arb0(u, &msr)) {
		u->arb0_writes++;
		return 0;
	}
	return emu_wrmsr(&client_engine, u, core, msr, val, now);
}

/* L-16, L-17, OQ-L29: min(4 on A, 8 on B to D, cores); OQ-L6: box 7 on
 * 0x9E only (box_count); OQ-L18: every register 0; cores start in C0. */
static void init(struct client_uncore *u, const struct client_layout *lay, emu_faults_t faults,
		 unsigned ncores, uint32_t model, uint64_t now)
{
	unsigned n = box_count(lay->cbox, model), i;

	memset(u, 0, sizeof(*u));
	u->faults = faults;
	u->lay = lay;
	u->arb_rules = model == lay->arb_alt_model && lay->arb_alt ? lay->arb_alt : lay->arb;
	u->ncores = ncores;
	u->ncbox = ncores < n && !F(u, CBOX_ALL_PRESENT) ? ncores : n;
	u->now = now;
	for (i = 0; i < CLIENT_NGP; i++) {
		u->seam[i].at = UINT64_MAX;
		stream_fill(u, i);
	}
}

/* One init per layout (struct emu_model.init); uclk_khz unused (OQ-L24). */
#define CLIENT_INIT(x)                                            \
	CLIENT_INIT_DECL(x)                                       \
	{                                                         \
		(void)uclk_khz;                                   \
		init(m, &client_layout_##x, faults, ncores, model, now); \
	}
CLIENT_INIT(a)
CLIENT_INIT(b)
CLIENT_INIT(icl)
CLIENT_INIT(c)
CLIENT_INIT(d)
