/* The emulated Xeon 7500 / Westmere-EX uncore (spec xeon7500-uncore.md):
 * register semantics of one package, evaluated lazily (pmu/emu/nhmex/model.h).
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T; a counter "wraps at W" when its value at W is the first
 * past 2^48 - 1, and everything the wrap causes happens at W.
 *
 * The chain (§2.3): a wrap sets the box's ov bit, the S-box
 * summary bit its box feeds and the U-box's ov_s0/ov_s1, or U ov_w for the
 * W-box. If the counter's pmi_en is set and its ov bit rose
 * (OQ-X22), the U-box clears en_all when frz_all is set, then requests a
 * PMI for the cores in pmi_core_sel (X-19..X-23, OQ-X4). Clearing an ov bit
 * in a box's OVF_CTL clears the bits above it that no other ov bit still
 * feeds (X-27, OQ-X6). The documented set-up and new sample
 * interval are plain sequences of these writes; reads only bring
 * the model to their time, writes set no status. */
#include "pmu/emu/nhmex/model.h"
#include "pmu/emu/engine.h"
#include "pmu/regs/tables.h"
#include "arch/fault.h"

#define F(u, id) ((u)->faults & EMU_FF(NHMEX, id))
#define PERIOD EMU_STREAM_PERIOD

/* Functional bits (field tables in pmu/regs/nhmex.c). */
#define U_EN (1ull << 0)           /* */
#define U_CORE_SHIFT 1             /* X-19, OQ-X1 */
#define U_EN_ALL (1ull << 28)      /* */
#define U_RST_ALL (1ull << 29)     /* */
#define U_FRZ_ALL (1ull << 31)     /* */
#define U_OV_U (1ull << 0)         /* §5.2, OQ-X3 */
#define U_OV_W (1ull << 1)
#define U_OV_S(s) (1ull << (3 - (s))) /* ov_s0 bit 3, ov_s1 bit 2 */
#define SUM_C_R (1ull << 0)        /* §5.3 */
#define SUM_C_L (1ull << 2)
#define SUM_MB (1ull << 16)
#define SUM_S (1ull << 18)
#define SUM_R (1ull << 19)
#define W_FIXED_BIT (1ull << 31)   /* */
#define FIXED_EN (1ull << 0)       /* */
#define EN22 (1ull << 22)
#define PMI20 (1ull << 20)         /* pmi_en of C/S/W/U/B (§5.5) */
#define R_PMI (1ull << 6)          /* R: Table 2-44 */
#define THR_TOP (1ull << 31)       /* C/S/W threshold 31:24, its top bit */
#define IPERF_FLIT_SEND (1ull << 31) /* the seed's event, not an enable */
#define R_EV(v) ((unsigned)((v) >> 1) & 0x1F) /* */
#define R_EV_LIMIT 0x18
#define MSR_IPERF0 0xE04
#define MSR_IPERF1 0xE24
#define WIDTH 48

/* Where an overflow of a box goes above it: an S-box and its
 * summary bit, or a U-box bit directly; none for the U-box (its ov bit is
 * ov_u) and for C8/C9 (OQ-X13). */
struct route {
	int s;
	uint64_t sum, ubit;
};

static struct route route_of(const struct nhmex_uncore *u, unsigned b)
{
	struct route r = { .s = -1, .sum = 0, .ubit = 0 };
	bool left;

	if (b < 8) { /* C0,C1 -> ov_c_l, C2,C3 -> ov_c_r of S0; C4-C7 of S1 */
		left = (b % 4 < 2) != !!F(u, EX_C_LR_SWAPPED);
		r.s = (int)(b / 4);
		r.sum = left ? SUM_C_L : SUM_C_R;
	} else if (b >= NHMEX_B0 && b < NHMEX_R0) { /* OQ-X10, OQ-X11: by index */
		r.s = (int)(b - NHMEX_B0) % 2;
		r.sum = b < NHMEX_S0 || b >= NHMEX_M0 ? SUM_MB : SUM_S;
	} else if (b == NHMEX_R0 || b == NHMEX_R0 + 1) { /* X-34, OQ-X8: ov_r */
		r.s = (int)(b - NHMEX_R0) ^ !!F(u, EX_R_SWAPPED);
		r.sum = SUM_R;
	} else if (b == NHMEX_W) {
		r.ubit = F(u, EX_NO_U_OV_W) ? 0 : U_OV_W;
	}
	if (r.s >= 0)
		r.ubit = U_OV_S(r.s);
	return r;
}

static unsigned nctr(unsigned b)
{
	if (b < NHMEX_MAX_CBOX || (b >= NHMEX_M0 && b < NHMEX_R0))
		return 6;
	if (b < NHMEX_M0)
		return 4;
	if (b < NHMEX_W)
		return 8;
	return b == NHMEX_W ? 5 : 1; /* W: four and the fixed counter */
}

static bool present(const struct nhmex_uncore *u, unsigned b)
{
	return b >= NHMEX_MAX_CBOX || b < u->ncbox;
}

/* The counter's bit in its box's GLOBAL_CTL and GLOBAL_STATUS (§5.4). */
static uint64_t ctr_bit(unsigned b, unsigned k)
{
	return b == NHMEX_W && k == NHMEX_W_FIXED ? W_FIXED_BIT : 1ull << k;
}

static uint64_t width_mask(const struct nhmex_uncore *u)
{
	return F(u, EX_WIDTH_32) ? 0xFFFFFFFFull : (1ull << WIDTH) - 1; /* */
}

/* ---- counting ---- */

static bool running(const struct nhmex_uncore *u, unsigned b, unsigned k)
{
	const struct nhmex_box *x = &u->box[b];
	uint64_t en = u->en_bit[b];
	bool fixed = b == NHMEX_W && k == NHMEX_W_FIXED;

	if (!present(u, b))
		return false;
	/* en_all, the box's bit, the counter's own */
	if (!(u->box[NHMEX_U].ctl & U_EN_ALL) && !F(u, EX_GLOBAL_EN_IGNORED))
		return false;
	if (!(x->ctl & ctr_bit(b, k)) && !F(u, EX_BOX_EN_IGNORED) &&
	    !(fixed && F(u, EX_FIXED_EN_IGNORED)))
		return false;
	if (fixed)
		return x->evsel[k] & FIXED_EN;
	if (F(u, EX_EN_BIT22))
		en = EN22;
	return x->evsel[k] & en;
}

/* The flit stream an R counter counts, or NULL (X-32, X-33, OQ-X21): its
 * ev_sel names a port of its own half and one of the port's two IPERF
 * sub-counters, whose value is the event: any non-zero value counts the
 * port's flit stream (OQ-X19), 0 counts nothing. */
static const struct emu_stream *r_stream(const struct nhmex_uncore *u, unsigned b, unsigned k)
{
	unsigned h = b - NHMEX_R0, ev = R_EV(u->box[b].evsel[k]), port, sub;
	uint64_t event;

	if (ev >= R_EV_LIMIT || ev % 6 > 1)
		return NULL; /* QLX and XBR selections: no synthetic flits */
	port = (F(u, EX_R_PORT_NO_HALF) ? 0 : 4 * h) + ev / 6;
	sub = ev % 6;
	event = u->sub_e[(sub ? MSR_IPERF1 : MSR_IPERF0) - 0xE00 + port];
	if (F(u, EX_IPERF_BIT31_ONLY))
		event &= IPERF_FLIT_SEND;
	if (!event && !F(u, EX_IPERF_ZERO_COUNTS))
		return NULL;
	return &u->flit[port][sub];
}

static bool is_r(unsigned b)
{
	return b == NHMEX_R0 || b == NHMEX_R0 + 1;
}

static bool is_b(unsigned b)
{
	return b == NHMEX_B0 || b == NHMEX_B0 + 1;
}

/* The box types whose events the guide restricts (X-44..X-47). */
static const struct box_type *rules_of(unsigned b)
{
	if (b < NHMEX_MAX_CBOX)
		return &nhmex_cbox;
	if (is_b(b))
		return &nhmex_bbox;
	if (b == NHMEX_S0 || b == NHMEX_S0 + 1)
		return &nhmex_sbox;
	return b == NHMEX_W ? &nhmex_wbox : NULL;
}

bool nhmex_event_counts(const struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t sel)
{
	const struct box_type *bt = rules_of(b);
	const struct event_rule *r;

	if (!bt || (b == NHMEX_W && k == NHMEX_W_FIXED))
		return true; /* the fixed counter counts cycles */
	/* §5.5: B's ev_sel is bits 5:1 and it has no umask */
	r = is_b(b) ? event_rule_find(bt, (uint8_t)(sel >> 1 & 0x1F), 0)
		    : event_rule_find(bt, (uint8_t)sel, (uint8_t)(sel >> 8));
	if (!r)
		return true; /* OQ-X27: no source restricts it */
	if (r->throttle_only && !u->throttling && !F(u, EX_THROTTLE_COUNTS))
		return false; /* */
	if (r->counters >> k & 1)
		return true;
	if (r->umask_mask) /* a umask that selects nothing */
		return F(u, EX_UMASK0_COUNTS);
	return F(u, EX_BBOX_EVENT_ANY_COUNTER); /* not in its counter's list */
}

void nhmex_throttle(void *m, bool on, uint64_t now)
{
	struct nhmex_uncore *u = m;
	unsigned k;

	emu_advance(&nhmex_engine, u, now);
	u->throttling = on;
	for (k = 0; k < NHMEX_W_FIXED; k++)
		nhmex_filt_fill(u, NHMEX_W, k);
}

/* Increments over [a, c): a C/S/W/U counter's event through its threshold,
 * invert and edge detect (X-41..X-43, OQ-X19, OQ-X26; emu_nhmex_filt.c),
 * one per cycle (B, M: OQ-X19; W fixed: X-07), or the flits of an R
 * counter's sub-counter. */
static uint64_t count(const struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t a,
		      uint64_t c)
{
	const struct emu_stream *s;
	int i = nhmex_filt_idx(b, k);

	if (i >= 0)
		return emu_seam_count(&u->fs[i], &u->fseam[i], a, c);
	if (!is_r(b))
		return nhmex_event_counts(u, b, k, u->box[b].evsel[k]) ? c - a : 0;
	s = r_stream(u, b, k);
	return s ? emu_stream_count(s, a, c) : 0;
}

static uint64_t to_wrap(const struct nhmex_uncore *u, unsigned b, unsigned k)
{
	return width_mask(u) - (u->box[b].ctr[k] & width_mask(u)) + 1;
}

/* Cycle at which running counter (b, k) wraps, from u->now. */
static uint64_t wrap_at(const struct nhmex_uncore *u, unsigned b, unsigned k)
{
	const struct emu_stream *s;
	int i = nhmex_filt_idx(b, k);

	if (i >= 0)
		return emu_seam_reach(&u->fs[i], &u->fseam[i], u->now, to_wrap(u, b, k));
	if (!is_r(b))
		return nhmex_event_counts(u, b, k, u->box[b].evsel[k]) ? u->now + to_wrap(u, b, k)
									: UINT64_MAX;
	s = r_stream(u, b, k);
	return s ? emu_stream_reach(s, u->now, to_wrap(u, b, k)) : UINT64_MAX;
}

/* ---- overflow, status chain, PMI and freeze ---- */

static void queue_pmi(struct nhmex_uncore *u, uint16_t cores)
{
	struct emu_pmi_req req = { .cycle = u->now, .cores = cores };

	EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, req);
}

/* The U-box receives a PMI request from box b (X-19..X-23). */
static void ubox_pmi(struct nhmex_uncore *u, unsigned b)
{
	struct nhmex_box *ub = &u->box[NHMEX_U];
	uint16_t all = (uint16_t)((1u << u->ncores) - 1);
	uint16_t cores = (uint16_t)(ub->ctl >> U_CORE_SHIFT) & all;

	/* OQ-X4: en_all is cleared before the PMI goes out, no skew. */
	if (((ub->ctl & U_FRZ_ALL) || F(u, EX_FRZ_ALWAYS)) && !F(u, EX_FRZ_IGNORED)) {
		if (F(u, EX_FRZ_ONE_BOX))
			u->box[b].ctl = 0;
		else
			ub->ctl &= ~U_EN_ALL; /* */
	}
	if (F(u, EX_PMI_WRONG_CORE))
		cores = (uint16_t)((cores << 1 | cores >> (u->ncores - 1)) & all);
	if (!cores && F(u, EX_PMI_WITHOUT_SEL))
		cores = 1;
	if (cores) /* no core selected, no PMI */
		queue_pmi(u, cores);
}

/* Counter (b, k) wrapped at u->now; true if it asks the U-box for a PMI. */
static bool overflow(struct nhmex_uncore *u, unsigned b, unsigned k)
{
	struct nhmex_box *x = &u->box[b];
	uint64_t bit = ctr_bit(b, k);
	bool rose = !(x->status & bit), pmi_en;
	struct route r = route_of(u, b);

	if (!F(u, EX_NO_BOX_STATUS))
		x->status |= bit; /* X-15, whatever pmi_en */
	if (r.s >= 0 && !F(u, EX_NO_SUMMARY)) {
		u->summary[r.s] |= r.sum; /* */
		u->box[NHMEX_U].status |= r.ubit;
	} else if (r.s < 0) {
		u->box[NHMEX_U].status |= r.ubit; /* */
	}
	/* OQ-X18: the fixed counter has no PMI enable. */
	pmi_en = !(bit == W_FIXED_BIT && b == NHMEX_W) &&
		 (x->evsel[k] & (F(u, EX_PMI_EN_BIT20) ? PMI20 : u->pmi_bit[b]));
	/* pmi_en decides; OQ-X22: only when the ov bit rises. */
	return (pmi_en || F(u, EX_PMI_EN_IGNORED)) && (rose || F(u, EX_PMI_RETRIGGER));
}

/* ---- the engine's view: counter i is box i / SLOTS, counter i % SLOTS
 * of it; the slots beyond a box's counters never run ---- */

#define SLOTS (NHMEX_MAX_CTR + 1)
#define BOX(i) ((i) / SLOTS)
#define CTR(i) ((i) % SLOTS)
_Static_assert(NHMEX_NBOX * SLOTS <= EMU_MAX_CTR, "EMU_MAX_CTR holds every slot");

static bool e_running(const void *m, unsigned i)
{
	return CTR(i) < nctr(BOX(i)) && running(m, BOX(i), CTR(i));
}

static uint64_t e_count(const void *m, unsigned i, uint64_t a, uint64_t c)
{
	return count(m, BOX(i), CTR(i), a, c);
}

static uint64_t e_to_wrap(const void *m, unsigned i)
{
	return to_wrap(m, BOX(i), CTR(i));
}

static uint64_t e_wrap_at(const void *m, unsigned i)
{
	return wrap_at(m, BOX(i), CTR(i));
}

static void e_add(void *m, unsigned i, uint64_t d)
{
	struct nhmex_uncore *u = m;
	uint64_t w = width_mask(u), *v = &u->box[BOX(i)].ctr[CTR(i)];

	*v = (*v & ~w) | ((*v + d) & w);
}

/* The counters with wrapped[i] set wrapped at u->now: each sets its chain
 * in box order, and the first to ask for a PMI makes the one request of
 * the cycle however many wrapped. */
static void e_on_wrap(void *m, const bool *wrapped)
{
	struct nhmex_uncore *u = m;
	unsigned b, k, pmi_box = 0;
	bool pmi = false;

	for (b = 0; b < NHMEX_NBOX; b++)
		for (k = 0; k < nctr(b); k++)
			if (wrapped[b * SLOTS + k] && overflow(u, b, k) && !pmi) {
				pmi = true;
				pmi_box = b;
			}
	if (pmi)
		ubox_pmi(u, pmi_box);
}

/* at the wrap; the defect defers it to the access that finds it. */
static bool e_late(const void *m)
{
	const struct nhmex_uncore *u = m;

	return F(u, EX_LATE_OVERFLOW);
}

/* ---- clearing ---- */

/* X-27, OQ-X6: after box b's ov bits were cleared, clear each bit above
 * that no ov bit below still feeds. */
static void clear_up(struct nhmex_uncore *u, unsigned b)
{
	struct route r = route_of(u, b), o;
	unsigned i;

	if (F(u, EX_SUMMARY_STICKY))
		return;
	for (i = 0; i < NHMEX_NBOX && !F(u, EX_SUMMARY_FIRST_CLEAR); i++) {
		o = route_of(u, i);
		if (i != NHMEX_U && u->box[i].status && o.s == r.s && o.sum == r.sum &&
		    o.ubit == r.ubit)
			return;
	}
	if (r.s >= 0) {
		u->summary[r.s] &= ~r.sum;
		if (u->summary[r.s])
			return;
	}
	u->box[NHMEX_U].status &= ~r.ubit;
}

static void write_ovf(struct nhmex_uncore *u, unsigned b, const struct reg_tmpl *t,
		      uint64_t val)
{
	uint64_t clr = val & reg_access_mask(t, FA_W1C);
	unsigned i;

	if (F(u, EX_OVF_CTL_NOCLEAR) && b != NHMEX_U)
		clr = 0;
	if (F(u, EX_OVF_CLR_ALL) && clr && b != NHMEX_U)
		clr = reg_access_mask(t, FA_W1C);
	u->box[b].status &= ~clr; /* X-26; U: X-28, lower levels kept (OQ-X6) */
	if (b != NHMEX_U) {
		clear_up(u, b);
		return;
	}
	if (F(u, EX_U_OVF_CLEARS_LOWER))
		for (i = 0; i < NHMEX_U; i++)
			if (route_of(u, i).ubit & clr) {
				u->box[i].status = 0;
				if (route_of(u, i).s >= 0)
					u->summary[route_of(u, i).s] = 0;
			}
}

static void write_uctl(struct nhmex_uncore *u, const struct reg_tmpl *t, uint64_t val)
{
	/* OQ-X1: pmi_core_sel has one bit per core of the part. */
	uint64_t keep = reg_defined_mask(t) & ~(0x3FFull << U_CORE_SHIFT);
	unsigned b, k;

	keep |= (uint64_t)((1u << u->ncores) - 1) << U_CORE_SHIFT;
	u->box[NHMEX_U].ctl = F(u, EX_IG_BITS_KEPT) ? val & 0xFFFFFFFFull : val & keep;
	/* X-12, OQ-X5: each write with rst_all zeroes every data counter then;
	 * later counter writes stick, controls and status stay. */
	if (!(val & U_RST_ALL) || F(u, EX_RST_ALL_IGNORED))
		return;
	for (b = 0; b < NHMEX_NBOX; b++)
		for (k = 0; k < nctr(b); k++) {
			if (!(b == NHMEX_W && k == NHMEX_W_FIXED && F(u, EX_RST_ALL_LEAVES_FIXED)))
				u->box[b].ctr[k] = 0;
			if (F(u, EX_RST_ALL_CLEARS_CTL) && b != NHMEX_U) {
				u->box[b].evsel[k] = u->box[b].ctl = 0;
				nhmex_filt_fill(u, b, k);
			}
		}
}

/* ---- registers ---- */

struct loc {
	struct reg_ref r;
	unsigned b; /* model box, for the boxes with counters */
};

static const struct {
	const struct box_type *type;
	unsigned first;
} box_map[] = {
	{ .type = &nhmex_cbox, .first = 0 },
	{ .type = &nhmex_bbox, .first = NHMEX_B0 },
	{ .type = &nhmex_sbox, .first = NHMEX_S0 },
	{ .type = &nhmex_mbox, .first = NHMEX_M0 },
	{ .type = &nhmex_rbox, .first = NHMEX_R0 },
	{ .type = &nhmex_wbox, .first = NHMEX_W },
	{ .type = &nhmex_ubox, .first = NHMEX_U },
};

/* 0 and *l; VEC_GP for an absent C-box or a hole in the map (OQ-X17);
 * -1: not this generation's. */
static int locate(const struct nhmex_uncore *u, uint32_t msr, struct loc *l)
{
	unsigned i;

	if (!reg_find(nhmex_boxes, ARRAY_SIZE(nhmex_boxes), msr, &l->r))
		return (msr >= 0xC00 && msr <= 0xFFF) ? VEC_GP : -1;
	l->b = NHMEX_NBOX;
	for (i = 0; i < ARRAY_SIZE(box_map); i++)
		if (box_map[i].type == l->r.box)
			l->b = box_map[i].first + l->r.box_idx;
	if (l->r.box == &nhmex_cbox && l->r.box_idx >= u->ncbox && !F(u, EX_C8_ON_0X2E))
		return VEC_GP;
	return 0;
}

/* The counter index of a CTL/CTR: the W fixed pair is index 4. */
static unsigned ctr_idx(const struct loc *l)
{
	return l->r.msr == 0x394 || l->r.msr == 0x395 ? NHMEX_W_FIXED : l->r.idx;
}

static uint64_t *sub_reg(struct nhmex_uncore *u, const struct loc *l)
{
	if (l->r.msr >= 0xE00 && l->r.msr <= 0xEFF)
		return &u->sub_e[l->r.msr - 0xE00];
	return &u->mbox_sel[l->r.box_idx][(l->r.msr & 0xF) - 5]; /* DSP 5 ... ZDP 0xB */
}

/* The register's defined bits as the table gives them, or as a wrong
 * entry would: the R-box pmi_en at bit 20 (ex-table-r-pmi-20), the
 * threshold without its top bit (ex-thr-7-bits). */
static uint64_t ctl_defined(const struct nhmex_uncore *u, const struct loc *l)
{
	uint64_t def = reg_defined_mask(l->r.tmpl);

	if (l->r.tmpl->role != ROLE_CTL)
		return def;
	if (is_r(l->b) && F(u, EX_TABLE_R_PMI_20))
		def = (def & ~R_PMI) | PMI20;
	if (F(u, EX_THR_7_BITS))
		def &= ~THR_TOP;
	return def;
}

/* The register at msr: 0 with *r and its model box in *i, VEC_GP, or -1.
 * core: every register is the package's. */
static int e_find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	struct loc l;
	int rc = locate(m, msr, &l);

	(void)core;
	if (!rc) {
		*r = l.r;
		*i = l.b;
	}
	return rc;
}

static int e_read(void *m, const struct reg_ref *r, unsigned b, uint64_t *val)
{
	struct nhmex_uncore *u = m;
	struct loc l = { .r = *r, .b = b };

	switch (l.r.tmpl->role) {
	case ROLE_GLOBAL_CTL:
		*val = u->box[l.b].ctl;
		break;
	case ROLE_GLOBAL_STATUS:
		*val = u->box[l.b].status;
		break;
	case ROLE_CTL:
		*val = u->box[l.b].evsel[ctr_idx(&l)];
		break;
	case ROLE_CTR: /* M TIMESTAMP: free-running 16 bits (UPG p.2-101) */
		*val = l.r.tmpl->width == 16 ? u->now & 0xFFFF : u->box[l.b].ctr[ctr_idx(&l)];
		break;
	case ROLE_FILTER:
		*val = *sub_reg(u, &l);
		break;
	default:
		*val = 0; /* OVF_CTL reads 0 (OQ-X7) */
	}
	return 0;
}

static int e_write(void *m, const struct reg_ref *r, unsigned b, uint64_t val)
{
	struct nhmex_uncore *u = m;
	struct loc l = { .r = *r, .b = b };
	/* ig bits are dropped and read 0 */
	uint64_t def = F(u, EX_IG_BITS_KEPT) ? ~0ull : ctl_defined(u, &l), old;
	bool was;

	switch (l.r.tmpl->role) {
	case ROLE_GLOBAL_CTL:
		if (l.b == NHMEX_U)
			write_uctl(u, l.r.tmpl, val);
		else
			u->box[l.b].ctl = val & def;
		break;
	case ROLE_GLOBAL_OVF:
		write_ovf(u, l.b, l.r.tmpl, val);
		break;
	case ROLE_CTL: /* X-41..X-43: the counter's filter follows its select */
		old = u->box[l.b].evsel[ctr_idx(&l)];
		was = running(u, l.b, ctr_idx(&l));
		u->box[l.b].evsel[ctr_idx(&l)] = val & def;
		nhmex_filt_write(u, l.b, ctr_idx(&l), old, was && running(u, l.b, ctr_idx(&l)));
		break;
	case ROLE_CTR: /* X-11, OQ-X15; TIMESTAMP is read-only */
		if (l.r.tmpl->width != 16)
			u->box[l.b].ctr[ctr_idx(&l)] =
				val & (F(u, EX_UPPER_BITS_KEPT) ? ~0ull : width_mask(u));
		break;
	case ROLE_FILTER: /* */
		*sub_reg(u, &l) = val & def;
		break;
	default: /* STATUS: writes ignored (OQ-X7) */
		break;
	}
	return 0;
}

const struct emu_engine nhmex_engine = {
	.now = offsetof(struct nhmex_uncore, now),
	.nctr = NHMEX_NBOX * SLOTS,
	.running = e_running,
	.count = e_count,
	.to_wrap = e_to_wrap,
	.wrap_at = e_wrap_at,
	.add = e_add,
	.on_wrap = e_on_wrap,
	.late = e_late,
	.find = e_find,
	.read = e_read,
	.write = e_write,
};

int nhmex_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	return emu_rdmsr(&nhmex_engine, m, core, msr, now, val);
}

int nhmex_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	return emu_wrmsr(&nhmex_engine, m, core, msr, val, now);
}

/* ncores: the model's C-box count names the cores (X-37, OQ-X1); uclk_khz:
 * counting is in the cycles the caller gives. */
void nhmex_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		uint64_t now)
{
	static const struct emu_filt raw = { 0 };
	struct nhmex_uncore *u = m;
	uint8_t v[PERIOD];
	unsigned b, k, p, s, t;
	struct reg_ref r;

	(void)ncores, (void)uclk_khz;
	memset(u, 0, sizeof(*u)); /* every register 0 */
	u->faults = faults;
	u->ncbox = u->ncores = box_count(&nhmex_cbox, model); /* OQ-X1 */
	u->now = now;
	/* §5.5: each box type's enable and PMI-enable bits, from the table. */
	for (b = 0; b < NHMEX_NBOX; b++) {
		uint32_t ctl = b == NHMEX_U ? 0xC10 : b < NHMEX_B0 ? 0xD10 : b < NHMEX_S0 ? 0xC30
			: b < NHMEX_M0 ? 0xC50 : b < NHMEX_R0 ? 0xCB0 : b < NHMEX_W ? 0xE10 : 0xC90;

		reg_find(nhmex_boxes, ARRAY_SIZE(nhmex_boxes), ctl, &r);
		u->en_bit[b] = field_mask(reg_field(r.tmpl, "en"));
		u->pmi_bit[b] = field_mask(reg_field(r.tmpl, "pmi_en"));
		if (is_r(b) && F(u, EX_TABLE_R_PMI_20))
			u->pmi_bit[b] = PMI20;
		for (k = 0; k < nctr(b); k++)
			nhmex_filt_fill(u, b, k); /* X-41..X-43 over a select of 0 */
	}
	for (k = 0; k < NHMEX_NFILT; k++)
		u->fseam[k].at = UINT64_MAX;
	for (p = 0; p < NHMEX_NPORT; p++)
		for (s = 0; s < 2; s++) {
			for (t = 0; t < PERIOD; t++)
				v[t] = (uint8_t)nhmex_flit_value(p, s, t);
			emu_stream_fill(&u->flit[p][s], &raw, v);
		}
}

unsigned nhmex_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct nhmex_uncore *u = m;

	emu_advance(&nhmex_engine, u, now);
	return emu_fifo_take(u->pmi, &u->npmi, sizeof(*out), out, max);
}

uint64_t nhmex_s_summary(struct nhmex_uncore *u, unsigned s, uint64_t now)
{
	emu_advance(&nhmex_engine, u, now);
	return s < 2 ? u->summary[s] : 0;
}

/* MODEL CHOICE (OQ-X19 for the R-box): a port's traffic comes in bursts of
 * 64 cycles, busy or quiet by a hash of (port, sub-counter, burst), with a
 * flit in 3 of 4 busy cycles; which non-zero event the IPERF selects
 * does not change it. */
unsigned nhmex_flit_value(unsigned port, unsigned sub, uint64_t t)
{
	uint32_t key = 0x7500u + 2 * port + sub, p = (uint32_t)(t % PERIOD);

	return (emu_mix(key, p >> 6) & 1) && (emu_mix(key, 0x10000 | p) & 3);
}

/* OQ-X2: a PMI goes to the lowest-APIC-id thread of each selected core; the
 * U-clock is emu.uclk_mhz's; no PMI storm defect, no occupancy input. */
const struct emu_model nhmex_model = {
	.size = sizeof(struct nhmex_uncore),
	.one_thread = true,
	.uclk_is_tsc = false,
	.init = nhmex_init,
	.rdmsr = nhmex_rdmsr,
	.wrmsr = nhmex_wrmsr,
	.take_pmi = nhmex_take_pmi,
	.routed = NULL,
	.cstate = NULL,
	.throttle = nhmex_throttle,
};
