/* The emulated Nehalem/Westmere uncore (spec nehalem-uncore.md): register
 * semantics of one package's uncore, evaluated lazily. Counters are indexed
 * 0..7 (PerfCntr n) and NHM_FIXED (FixedCntr0); the counter's bit in
 * GLOBAL_CTRL (EN_PCn / EN_FC0) and in GLOBAL_STATUS (OVF_PCn / OVF_FC0) is
 * the same bit, ctr_bit().
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T. A counter "wraps at cycle W" when its value at W is the
 * first to have passed 0xFFFF_FFFF_FFFF; status, PMI request and freeze take
 * effect at W (OQ-N15, OQ-N23), so a read at W sees them and a read at W - 1
 * does not. Counting is O(1) per window plus at most one period of work
 * after an occupancy reset: the per-cycle increment of a general counter is
 * periodic (pmu/emu/nhm/stream.c) and cached per counter with prefix sums
 * (pmu/emu/stream.c). */
#include "pmu/emu/nhm/model.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/regs/tables.h"
#include "arch/fault.h"

#define NHM_FIXED NHM_NCTR       /* index of FixedCntr0 */
#define NHM_ALL (NHM_NCTR + 1)   /* nine counters (N-04) */
#define PERIOD EMU_STREAM_PERIOD
#define WIDTH 48                 /* N-04, N-12 */

/* Functional bits (field tables in pmu/regs/nhm.c). Reserved, W1C and W1A
 * masks come from the tables. */
#define GC_EN_FC0 (1ull << 32)        /* N-07 */
#define GC_PMI_FRZ (1ull << 63)       /* N-36 */
#define ST_OVF_PMI (1ull << 61)       /* N-23 */
#define ST_CHG (1ull << 63)           /* N-24 */
#define FC_EN (1ull << 0)             /* N-07 */
#define FC_PMI (1ull << 2)            /* N-30 */
#define ES_EVENT(v) ((uint8_t)(v))
#define ES_UMASK(v) ((uint8_t)((v) >> 8))
#define ES_E (1ull << 18)             /* N-16 */
#define ES_PMI (1ull << 20)           /* N-30 */
#define ES_EN (1ull << 22)            /* N-06 */
#define ES_INV (1ull << 23)           /* N-19 */
#define ES_CMASK(v) ((uint8_t)((v) >> 24))
#define ES_CMASK_BITS 0xFF000000ull   /* N-18 */
#define ES_SELECT 0xFFFFull           /* event + umask: which stream */
#define ES_FILTER (ES_SELECT | ES_E | ES_INV | ES_CMASK_BITS) /* what the cache depends on */

#define F(u, id) ((u)->faults & EMU_FF(UNCORE, id))

/* N-03: one struct nhm_uncore per package, nothing shared between them;
 * the backend routes each access to its package (EMU_F(SHARED_PACKAGES) is
 * a routing defect, implemented there). */

static uint64_t ctr_bit(unsigned i)
{
	return i == NHM_FIXED ? GC_EN_FC0 : 1ull << i;
}

static uint64_t width_mask(const struct nhm_uncore *u)
{
	return F(u, WIDTH_32) ? 0xFFFFFFFFull : (1ull << WIDTH) - 1; /* N-04, N-12 */
}

static uint64_t *ctr_val(struct nhm_uncore *u, unsigned i)
{
	return i == NHM_FIXED ? &u->fixed_ctr : &u->ctr[i];
}

/* Increments left until the counter wraps to 0 (OQ-N15), at least 1. */
static uint64_t to_wrap(const void *m, unsigned i)
{
	const struct nhm_uncore *u = m;
	uint64_t v = i == NHM_FIXED ? u->fixed_ctr : u->ctr[i];

	return width_mask(u) - (v & width_mask(u)) + 1;
}

static bool running(const void *m, unsigned i)
{
	const struct nhm_uncore *u = m;

	if (i == NHM_FIXED) /* N-07, N-10 */
		return !F(u, FIXED_NO_COUNT) && (u->fixed_ctl & FC_EN) && (u->global_ctl & GC_EN_FC0);
	/* N-06, N-10; N-09 follows: GLOBAL_CTRL = 0 stops all nine */
	return !F(u, NO_COUNT) && ((u->evtsel[i] & ES_EN) || F(u, LOCAL_EN_IGNORED)) &&
	       ((u->global_ctl & ctr_bit(i)) || F(u, GLOBAL_EN_IGNORED));
}

/* ---- per-cycle increment: stream, CMASK, INV, E ---- */

/* The filter itself (N-16..N-19, OQ-N13) is shared: pmu/emu/stream.c. */
static struct emu_filt filt_of(const struct nhm_uncore *u, uint64_t sel)
{
	struct emu_filt f = { .cmask = ES_CMASK(sel), .inv = sel & ES_INV, .edge = sel & ES_E,
			.gt = F(u, CMASK_OFF_BY_ONE) };

	if (F(u, CMASK_IGNORED))
		f.cmask = 0;
	if (F(u, CMASK_7_BITS))
		f.cmask &= 0x7F; /* N-18 broken: bit 31 of the field dropped */
	if (F(u, EDGE_BEFORE_CMASK) && f.edge && f.cmask >= 2)
		f.cmask = 1; /* OQ-N13 broken: E sees the event's own edges */
	if (F(u, INV_IGNORED) || !f.cmask) /* OQ-N12: INV ignored when CMASK = 0 (N-20) */
		f.inv = false;
	if (F(u, EDGE_IGNORED) || (F(u, EDGE_INV_LEVEL) && f.inv))
		f.edge = false; /* N-16 broken; with INV: the inverted level counted */
	if (F(u, EDGE_FALLING) && f.edge)
		f.inv = !f.inv; /* N-16 broken: the rises of the inverse are the falls */
	return f;
}

static uint8_t sel_umask(const struct nhm_uncore *u, uint64_t sel)
{
	uint8_t m = ES_UMASK(sel);

	if (F(u, UMASK_NO_UNION))
		m &= (uint8_t)-m; /* N-13 broken: lowest bit only */
	return m;
}

/* Event count of counter n's selected stream at cycle t (N-13, OQ-N18,
 * OQ-N21: the stream already counts nothing for umask bits without a
 * sub-event, for umask 0 and for unknown events). */
static unsigned stream_at(const struct nhm_uncore *u, unsigned n, uint64_t t)
{
	uint64_t sel = u->evtsel[n];

	return nhm_stream_value(ES_EVENT(sel), sel_umask(u, sel), t);
}

/* Recompute counter n's cached increments after its event select changed:
 * N-16..N-19 over the stream of N-13 (N-17: CMASK = 0 adds the full count). */
static void stream_fill(struct nhm_uncore *u, unsigned n)
{
	struct emu_filt f = filt_of(u, u->evtsel[n]);
	uint8_t raw[PERIOD];
	unsigned p;

	for (p = 0; p < PERIOD; p++)
		raw[p] = (uint8_t)stream_at(u, n, p);
	emu_stream_fill(&u->stream[n], &f, raw);
}

/* ---- occupancy tracker (N-15, OQ-N8) ---- */

/* What counter n's occupancy tracker holds at cycle t: the stream, except
 * after an OCC_CTR_RST at r, where it is max(0, v(t) - v(r)) until the first
 * empty cycle after r (from there on it has caught up with the queue), and
 * at r - 1, which keeps the value it had before the reset. */
static unsigned occ_value(const struct nhm_uncore *u, unsigned n, uint64_t t)
{
	uint64_t r = u->occ_rst[n];
	unsigned v;

	if (r == UINT64_MAX || t + 1 < r || t >= u->occ_end[n])
		return stream_at(u, n, t);
	if (t + 1 == r)
		return u->occ_prev[n];
	v = stream_at(u, n, t);
	return v > u->occ_base[n] ? v - u->occ_base[n] : 0;
}

static unsigned inc_direct(const struct nhm_uncore *u, unsigned n, const struct emu_filt *f,
			   uint64_t t)
{
	const struct emu_seam *m = &u->seam[n];

	if (t == m->at) /* OQ-N26 default: the condition before the write, held */
		return emu_filt_step(f, occ_value(u, n, t), m->held);
	return emu_filt_apply(f, occ_value(u, n, t), occ_value(u, n, t - 1));
}

static void occ_reset(struct nhm_uncore *u, unsigned n)
{
	uint64_t r = u->now, c;
	unsigned prev;

	/* Only occupancy events have a tracker (§5 "occ"); elsewhere bit 17
	 * does nothing. */
	if (F(u, OCC_RST_IGNORED) || !nhm_event_is_occupancy(ES_EVENT(u->evtsel[n])))
		return;
	prev = occ_value(u, n, r - 1);
	/* Every period has empty cycles (quiet chunks, emu_nhm_stream.c), so
	 * this ends within one period. */
	for (c = r + 1; stream_at(u, n, c); c++)
		;
	u->occ_prev[n] = (uint8_t)prev;
	u->occ_base[n] = (uint8_t)stream_at(u, n, r);
	u->occ_rst[n] = r;
	u->occ_end[n] = c + 1; /* the edge at c + 1 already compares with v(c) */
}

/* ---- counting and wrap cycles ---- */

/* Increments of general counter n over cycles [a, b): periodic with the
 * last PerfEvtSel write's edge (OQ-N26), corrected cycle by cycle inside an
 * occupancy-reset window. */
static uint64_t count_gp(const struct nhm_uncore *u, unsigned n, uint64_t a, uint64_t b)
{
	const struct emu_stream *s = &u->stream[n];
	const struct emu_seam *m = &u->seam[n];
	uint64_t c = emu_seam_count(s, m, a, b), lo, hi, t;
	struct emu_filt f;

	if (u->occ_rst[n] == UINT64_MAX)
		return c;
	lo = a > u->occ_rst[n] ? a : u->occ_rst[n];
	hi = b < u->occ_end[n] ? b : u->occ_end[n];
	if (lo >= hi)
		return c;
	f = filt_of(u, u->evtsel[n]);
	c -= emu_seam_count(s, m, lo, hi);
	for (t = lo; t < hi; t++)
		c += inc_direct(u, n, &f, t);
	return c;
}

static uint64_t count(const void *m, unsigned i, uint64_t a, uint64_t b)
{
	const struct nhm_uncore *u = m;

	return i == NHM_FIXED ? b - a : count_gp(u, i, a, b); /* N-08: one per cycle */
}

/* Cycle at which running counter i wraps, counting from u->now. */
static uint64_t wrap_at(const void *m, unsigned i)
{
	const struct nhm_uncore *u = m;
	uint64_t need = to_wrap(u, i), t = u->now, acc = 0;
	struct emu_filt f;

	if (i == NHM_FIXED)
		return t + need;
	if (u->occ_rst[i] != UINT64_MAX && t < u->occ_end[i]) {
		f = filt_of(u, u->evtsel[i]);
		for (; t < u->occ_end[i]; t++) {
			acc += inc_direct(u, i, &f, t);
			if (acc >= need)
				return t + 1;
		}
		need -= acc;
	}
	return emu_seam_reach(&u->stream[i], &u->seam[i], t, need);
}

/* ---- overflow: status, PMI request, freeze ---- */

static unsigned core_bits(const struct nhm_uncore *u)
{
	return u->pmi_core_bits < 8 ? u->pmi_core_bits : 8; /* OQ-N3; cores is 8 bits */
}

static void status_set(struct nhm_uncore *u, uint64_t bits)
{
	uint64_t rising = bits & ~u->status;

	u->status |= bits;
	if (rising && !F(u, CHG_NEVER))
		u->status |= ST_CHG; /* N-24, OQ-N6: any 0->1 of 7:0, 32, 61 */
}

/* N-31: the routing bits at the wrap; delivery is the backend's. */
static void queue_pmi(struct nhm_uncore *u, uint64_t cycle)
{
	uint8_t cores = (uint8_t)(u->global_ctl >> GC_PMI_CORE_SHIFT & ((1u << core_bits(u)) - 1));
	struct emu_pmi_req req = { .cycle = cycle, .cores = cores };

	EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, req);
}

static void freeze(struct nhm_uncore *u)
{
	/* OQ-N5: the freeze clears EN_PC7..0 and EN_FC0, keeps EN_PMI_CORE and
	 * PMI_FRZ; N-37: rewriting them resumes counting. At the wrap cycle, so
	 * every counter holds its value of that cycle (N-39, model part). */
	uint64_t en = F(u, FRZ_PARTIAL) ? 0xFull : 0xFFull | GC_EN_FC0;

	if (!F(u, FRZ_IGNORED))
		u->global_ctl &= ~en;
}

/* The counters with wrapped[i] set wrapped at cycle u->now. */
static void overflow(void *m, const bool *wrapped)
{
	struct nhm_uncore *u = m;
	uint64_t ovf = 0;
	bool pmi = false, frz = false, en_pmi;
	unsigned i;

	for (i = 0; i < NHM_ALL; i++) {
		if (!wrapped[i])
			continue;
		en_pmi = i == NHM_FIXED ? u->fixed_ctl & FC_PMI : u->evtsel[i] & ES_PMI;
		ovf |= ctr_bit(i); /* N-21, N-22: whatever the PMI bit */
		if (en_pmi || F(u, OVF_PMI_ALWAYS))
			ovf |= ST_OVF_PMI; /* N-23, OQ-N7: the PMI bit alone decides */
		pmi |= en_pmi;
		frz |= en_pmi || F(u, FRZ_WITHOUT_PMI); /* N-38 */
	}
	if (!F(u, NO_OVF_STATUS))
		status_set(u, ovf);
	/* N-30, OQ-N22: every overflow of a PMI-enabled counter requests a PMI,
	 * one request per cycle however many counters wrapped in it. */
	if (pmi)
		queue_pmi(u, u->now);
	if (frz && (u->global_ctl & GC_PMI_FRZ))
		freeze(u); /* N-36, N-38, OQ-N7 */
}

static void add(void *m, unsigned i, uint64_t d)
{
	struct nhm_uncore *u = m;
	uint64_t w = width_mask(u), *v = ctr_val(u, i);

	*v = (*v & ~w) | ((*v + d) & w); /* N-12, N-29: wraps and goes on */
}

/* OQ-N15: a wrap takes effect at its cycle; the defect defers it to the
 * access or tick that finds it. */
static bool late(const void *m)
{
	const struct nhm_uncore *u = m;

	return F(u, LATE_OVERFLOW);
}

/* After every advance: an occupancy tracker that has caught up with its
 * queue is the stream again (the cache counts it). */
static void settle(void *m)
{
	struct nhm_uncore *u = m;
	unsigned i;

	for (i = 0; i < NHM_NCTR; i++)
		if (u->occ_rst[i] != UINT64_MAX && u->now >= u->occ_end[i])
			u->occ_rst[i] = UINT64_MAX;
}

/* ---- registers ---- */

/* UNCORE_PerfEvtSel3, by the register table. */
static bool evtsel3(uint32_t msr)
{
	struct reg_ref r;

	return reg_find(nhm_boxes, ARRAY_SIZE(nhm_boxes), msr, &r) && r.tmpl->role == ROLE_CTL &&
	       r.tmpl->count == NHM_NCTR && r.idx == 3;
}

/* The family's address defects, ahead of the lookup (struct
 * emu_engine.remap). msr-faults (N-05 broken): PerfEvtSel3 raises #GP,
 * once the access has brought the model to its time. */
static int remap(const void *m, uint32_t *msr)
{
	const struct nhm_uncore *u = m;

	return F(u, MSR_FAULTS) && evtsel3(*msr) ? EMU_GP_AT_NOW : 0;
}

/* An uncore MSR of this generation (the core-side ones are the backend's):
 * 0 and *i = its counter index for counters and their controls, else -1.
 * core: every register is the package's (N-03). */
static int find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	(void)m, (void)core;
	if (!reg_find(nhm_boxes, ARRAY_SIZE(nhm_boxes), msr, r) || r->box == &core_pmi_box)
		return -1;
	*i = r->tmpl->count == NHM_NCTR ? r->idx : NHM_FIXED;
	return 0;
}

/* OQ-N11: non-zero reserved bits raise #GP(0) and change nothing. */
static bool reserved_gp(const struct nhm_uncore *u, uint64_t val, uint64_t defined)
{
	return (val & ~defined) && !F(u, RESERVED_ACCEPTED);
}

static int write_global_ctl(struct nhm_uncore *u, const struct reg_tmpl *t, uint64_t val)
{
	const struct field *pmi = reg_field(t, "EN_PMI_CORE");
	/* OQ-N3: EN_PMI_CORE has pmi_core_bits bits, the rest is reserved. */
	uint64_t defined = (reg_defined_mask(t) & ~field_mask(pmi)) |
			   (uint64_t)((1u << core_bits(u)) - 1) << pmi->lo;

	if (reserved_gp(u, val, defined))
		return VEC_GP;
	u->global_ctl = val;
	return 0;
}

static int write_status(struct nhm_uncore *u, const struct reg_tmpl *t, uint64_t val)
{
	if (!F(u, STATUS_WRITABLE))
		return VEC_GP; /* N-25, OQ-N9 */
	u->status = val & reg_defined_mask(t);
	return 0;
}

static void write_ovf_ctrl(struct nhm_uncore *u, const struct reg_tmpl *t, uint64_t val)
{
	/* N-26: 1 clears the same status bit, 0 leaves it; N-28: nothing else
	 * changes; OQ-N6: clearing does not set CHG. Reserved bits of this write
	 * are ignored: the spec lists no fault for them. */
	uint64_t clr = val & reg_access_mask(t, FA_W1C);

	if (F(u, OVF_CTRL_PMI_CLEARS_OVF) && (clr & ST_OVF_PMI))
		clr |= 0xFFull | GC_EN_FC0; /* N-26 broken: OVF_PC7..0 and OVF_FC0 too */
	if (F(u, OVF_CTRL_NOCLEAR))
		clr = 0;
	if (F(u, OVF_CTRL_CLEARS_ALL))
		clr = ~0ull;
	u->status &= ~clr;
}

static void write_counter(struct nhm_uncore *u, unsigned i, uint64_t val)
{
	/* N-11; OQ-N11: bits 63:48 are dropped and read 0. */
	*ctr_val(u, i) = val & (F(u, UPPER_BITS_KEPT) ? ~0ull : width_mask(u));
}

static int write_evtsel(struct nhm_uncore *u, const struct reg_tmpl *t, unsigned n,
			uint64_t val)
{
	uint64_t w1a = reg_access_mask(t, FA_W1A), old = u->evtsel[n];
	struct emu_filt was = filt_of(u, old), cur;
	bool held = emu_filt_cond(&was, occ_value(u, n, u->now - 1));

	if (reserved_gp(u, val, reg_defined_mask(t)))
		return VEC_GP;
	/* N-14: OCC_CTR_RST is an action, not stored. */
	u->evtsel[n] = F(u, OCC_RST_READS_1) ? val : val & ~w1a;
	/* The tracker follows the selected queue: a new event or umask ends a
	 * reset window (the new queue's tracker is caught up). */
	if ((old ^ val) & ES_SELECT)
		u->occ_rst[n] = UINT64_MAX;
	if ((old ^ val) & ES_FILTER)
		stream_fill(u, n);
	/* OQ-N26 default: written while it counts, the edge detector's next
	 * cycle compares with the condition of the last one as the old select
	 * formed it. */
	if (((old ^ val) & ES_FILTER) && (old & ES_EN) && running(u, n)) {
		cur = filt_of(u, val);
		emu_seam_set(&u->seam[n], u->now, held, &cur, stream_at(u, n, u->now - 1),
			     stream_at(u, n, u->now));
	}
	if (val & w1a)
		occ_reset(u, n); /* N-15, OQ-N8: PerfCntr n unchanged */
	return 0;
}

static int write_ctl(struct nhm_uncore *u, const struct reg_tmpl *t, unsigned i, uint64_t val)
{
	if (i != NHM_FIXED)
		return write_evtsel(u, t, i, val);
	if (reserved_gp(u, val, reg_defined_mask(t)))
		return VEC_GP;
	u->fixed_ctl = val;
	return 0;
}

static int write_match(struct nhm_uncore *u, const struct reg_tmpl *t, uint64_t val)
{
	if (reserved_gp(u, val, reg_defined_mask(t)))
		return VEC_GP;
	/* N-41, OQ-N19 (address bits 39:3 as the table defines them), OQ-N20
	 * (present on every model); no filtering of the synthetic events (N-42
	 * is HW). */
	u->match = val;
	return 0;
}

/* ncores, model, uclk_khz: one shape on every Nehalem/Westmere model and
 * package (N-03, OQ-N3), counting in the U-clock cycles the caller gives. */
void nhm_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now)
{
	struct nhm_uncore *u = m;
	unsigned n;

	(void)ncores, (void)model, (void)uclk_khz;
	memset(u, 0, sizeof(*u)); /* N-05, OQ-N14: registers and counters reset to 0 */
	u->faults = faults;
	u->pmi_core_bits = 4; /* OQ-N3 */
	u->now = now;
	for (n = 0; n < NHM_NCTR; n++) {
		u->occ_rst[n] = UINT64_MAX;
		u->seam[n].at = UINT64_MAX;
		stream_fill(u, n);
	}
}

static uint64_t reg_value(struct nhm_uncore *u, const struct reg_ref *r, unsigned i)
{
	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		return u->global_ctl;
	case ROLE_GLOBAL_STATUS:
		return u->status;
	case ROLE_CTR:
		return *ctr_val(u, i);
	case ROLE_CTL:
		return i == NHM_FIXED ? u->fixed_ctl : u->evtsel[i];
	case ROLE_FILTER:
		return u->match;
	default:
		return 0; /* GLOBAL_OVF_CTRL is write-only: N-27, OQ-N10 */
	}
}

static int read_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t *val)
{
	*val = reg_value(m, r, i);
	return 0;
}

static int write_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t val)
{
	struct nhm_uncore *u = m;

	switch (r->tmpl->role) {
	case ROLE_GLOBAL_CTL:
		return write_global_ctl(u, r->tmpl, val);
	case ROLE_GLOBAL_STATUS:
		return write_status(u, r->tmpl, val);
	case ROLE_GLOBAL_OVF:
		write_ovf_ctrl(u, r->tmpl, val);
		return 0;
	case ROLE_CTR:
		write_counter(u, i, val);
		return 0;
	case ROLE_CTL:
		return write_ctl(u, r->tmpl, i, val);
	default:
		return write_match(u, r->tmpl, val);
	}
}

const struct emu_engine nhm_engine = {
	.now = offsetof(struct nhm_uncore, now),
	.nctr = NHM_ALL,
	.running = running,
	.count = count,
	.to_wrap = to_wrap,
	.wrap_at = wrap_at,
	.add = add,
	.on_wrap = overflow,
	.late = late,
	.settle = settle,
	.remap = remap,
	.find = find,
	.read = read_reg,
	.write = write_reg,
};

int nhm_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	return emu_rdmsr(&nhm_engine, m, core, msr, now, val);
}

int nhm_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	return emu_wrmsr(&nhm_engine, m, core, msr, val, now);
}
