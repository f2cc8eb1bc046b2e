/* The emulated architectural core PMU (spec core-pmu-and-apic.md, C-xx):
 * the register semantics of one logical CPU's core PMU, evaluated lazily.
 * Counter index i is general counter i below CORE_MAX_GP and fixed counter
 * i - CORE_MAX_GP above; its bit in IA32_PERF_GLOBAL_CTRL and STATUS is the
 * same bit, ctr_bit() (C-07, C-09).
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T. An overflow takes effect at the first cycle whose
 * increments wrap the counter from 2^width - 1 to 0 (OQ-C12 default: the
 * architectural PMU's overflow is the wrap; C-19's "one event later" is
 * NetBurst-era guidance). Status and PMI request take effect at that cycle,
 * so a read at it sees them and a read one cycle earlier does not. With
 * the core-ovf-late defect a counter that stops exactly at 0 is "armed" and
 * overflows at its next event. Below version 4 counters do not act on
 * each other (FREEZE_PERFMON_ON_PMI, C-04, is hardware only there: DEBUGCTL
 * is the emulated backend's, C-38), so overflows are independent events,
 * taken in cycle order for the PMI queue; on version 4 a PMI request can
 * freeze them all from its cycle on (C-47, pmu/emu/core/v4.c), which the
 * same order takes care of, each next overflow being looked for afresh.
 * Counting is O(1) per window: each
 * general counter caches its filtered increments over one period of the
 * streams (pmu/emu/stream.c), fixed counters share unfiltered ones. */
#include "pmu/emu/core/model.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/pmi_fifo.h"
#include "pmu/regs/regs.h"
#include "arch/msr.h"

#define PERIOD EMU_STREAM_PERIOD
#define FIXED_IDX(j) (CORE_MAX_GP + (j)) /* counter index of fixed counter j */

/* Dispatch by the register's template (pmu/regs/core.c). */
#define MSR_PMC0 0xC1u
#define MSR_PERFEVTSEL0 0x186u
#define MSR_FIXED_CTR0 0x309u
#define MSR_FIXED_CTR_CTRL 0x38Du
#define MSR_A_PMC0 0x4C1u
#define MSR_GP0_CTR 0x1900u  /* the version-6 aliases (C-69) */
#define MSR_GP0_CFG_A 0x1901u
#define MSR_FX0_CTR 0x1980u

/* Functional bits (field tables in pmu/regs/core.c). Reserved and W1C masks
 * come from the tables. */
#define ES_EVENT(v) ((uint8_t)(v))
#define ES_UMASK(v) ((uint8_t)((v) >> 8))
#define ES_USR (1ull << 16)         /* C-09 */
#define ES_OS (1ull << 17)          /* C-09 */
#define ES_E (1ull << 18)           /* C-16 */
#define ES_INT (1ull << 20)         /* C-10 */
#define ES_ANY (1ull << 21)         /* C-20 */
#define ES_EN (1ull << 22)          /* C-09 */
#define ES_INV (1ull << 23)         /* C-16 */
#define ES_CMASK(v) ((uint8_t)((v) >> 24))
#define ES_CMASK_BITS 0xFF000000ull
#define ES_STREAM (0xFFFFull | ES_E | ES_INV | ES_CMASK_BITS | ES_EQ_BIT | ES_UMASK2_BITS) \
	/* what the cache depends on */
#define FC_FIELD(j) (0xFull << 4 * (j)) /* C-22: fixed counter j's 4 bits */
#define FC_EN(v, j) ((unsigned)((v) >> 4 * (j)) & 3)
#define FC_ANY(j) (1ull << (4 * (j) + 2))
#define FC_PMI(j) (1ull << (4 * (j) + 3))

#define F(u, id) ((u)->faults & EMU_FF(CORE, id))
#define EDX_ANY_DEPRECATED (1u << 15) /* CPUID.0AH:EDX[15], C-54 */

/* ---- shapes (C-11, C-12) ---- */

const struct core_shape core_shape_nhm = { .version = 3, .ngp = 4, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true };
const struct core_shape core_shape_nhm_fw = { .version = 3, .ngp = 4, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE };
const struct core_shape core_shape_v3 = { .version = 3, .ngp = 8, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE };
/* core_shape_v4: pmu/emu/core/v4.c */

bool core_shape_fw_write(const struct core_shape *s)
{
	return (s->perf_caps & PERF_CAPS_FW_WRITE) != 0;
}

/* Version 5 alone has a bitmap and AnyThread deprecation (C-52, C-54); its
 * bitmap names the model's three fixed counters at most (OQ-C24). */
bool core_shape_valid(const struct core_shape *s)
{
	bool v5 = s->version >= 5;
	uint32_t prefix = (1u << s->ngp) - 1;
	/* C-64, C-66, OQ-C31: leaf 23H has sub-leaf 0, its bitmap holds the
	 * CPUID.0AH counters and the hole above them; version 6 has the leaf
	 * (C-71) and the select's new fields only with it (C-70). */
	bool leaf23_ok = s->leaf23 ? (s->leaf23 & 1) && v5 && (s->gp_bitmap & prefix) == prefix &&
					     !(s->gp_bitmap >> s->ngp & 1)
				   : !s->gp_bitmap && s->version < 6;
	bool fixed_ok = s->version == 1 ? s->nfixed == 0
					: core_shape_fixed_set(s) && s->nfixed <= CORE_MAX_FIXED &&
						  s->fixed_width >= 32 && s->fixed_width < 64;

	return s->version >= 1 && s->version <= 6 && leaf23_ok &&
	       (s->version >= 6 || !s->leaf23_ext) && s->ngp >= 1 && s->ngp <= CORE_MAX_GP &&
	       s->gp_width >= 32 && s->gp_width < 64 && s->ebx_len <= CORE_NEVENTS && fixed_ok &&
	       !(s->fixed_bitmap >> CORE_MAX_FIXED) && (v5 || (!s->fixed_bitmap && !s->any_deprecated));
}

void core_cpuid_0a(const struct core_shape *s, uint32_t r[4])
{
	r[0] = s->version | (uint32_t)s->ngp << 8 | (uint32_t)s->gp_width << 16 |
	       (uint32_t)s->ebx_len << 24;
	r[1] = s->ebx & ((1u << s->ebx_len) - 1); /* C-11: only EAX[31:24] bits mean anything */
	r[2] = s->version >= 5 ? s->fixed_bitmap : 0; /* C-52 */
	r[3] = s->version > 1 ? s->nfixed | (uint32_t)s->fixed_width << 5 : 0;
	r[3] |= s->version >= 5 && s->any_deprecated ? EDX_ANY_DEPRECATED : 0; /* C-54 */
}

/* ---- counters ---- */

static bool is_fixed(unsigned i)
{
	return i >= CORE_MAX_GP;
}

/* C-11, C-52: the shape's counters; the others never count, whatever a
 * defect does to the enables. */
static bool exists(const struct core_pmu *u, unsigned i)
{
	return is_fixed(i) ? (core_v5_fixed_set(u) >> (i - CORE_MAX_GP) & 1)
			   : (core_v6_gp_set(u) >> i & 1); /* C-66 */
}

static uint64_t ctr_bit(unsigned i)
{
	return is_fixed(i) ? 1ull << (32 + i - CORE_MAX_GP) : 1ull << i;
}

static uint64_t width_mask(const struct core_pmu *u, unsigned i)
{
	unsigned w = is_fixed(i) ? u->shape->fixed_width : u->shape->gp_width;

	return (1ull << (F(u, CORE_WIDTH_32) ? 32 : w)) - 1; /* C-11, C-12, C-23 */
}

/* Fixed counters count unfiltered events, the same for every instance
 * (C-21): filled once, read-only afterwards. */
static struct emu_stream fixed_stream[CORE_MAX_FIXED];
static bool fixed_ready;
static const unsigned fixed_event[CORE_MAX_FIXED] = { CORE_EV_INST, CORE_EV_CYCLES, CORE_EV_REF };

static const struct emu_stream *stream_of(const struct core_pmu *u, unsigned i)
{
	return is_fixed(i) ? &fixed_stream[i - CORE_MAX_GP] : &u->stream[i];
}

/* A general counter's last select write (OQ-C13); fixed counters have no
 * filter to write. */
static const struct emu_seam *seam_of(const struct core_pmu *u, unsigned i)
{
	static const struct emu_seam none = { .at = UINT64_MAX, .held = false, .delta = 0 };

	return is_fixed(i) ? &none : &u->seam[i];
}

/* Counting at the CPL of the counted activity, which is always 0 (see
 * pmu/emu/core/model.h): C-09 for PERFEVTSELx.USR/OS, C-22 for the fixed EN
 * field (1 ring 0, 2 ring > 0, 3 all). */
static bool counts_at_ring0(const struct core_pmu *u, unsigned i)
{
	bool swap = F(u, CORE_USR_OS_SWAPPED);

	if (is_fixed(i)) {
		unsigned en = FC_EN(u->fixed_ctl, i - CORE_MAX_GP);

		return F(u, CORE_FIXED_EN_IGNORED) || (en & (swap ? 2 : 1));
	}
	return (u->evtsel[i] & (swap ? ES_USR : ES_OS)) != 0;
}

/* C-09: the AND of the global enable (version 2 and later), the local one
 * (PERFEVTSELx.EN, or the fixed EN field) and the CPL; from version 4 also
 * NOT CTR_Frz (C-47). */
static bool running(const void *m, unsigned i)
{
	const struct core_pmu *u = m;
	bool global = u->shape->version < 2 || (u->global_ctl & ctr_bit(i)) ||
		      F(u, CORE_GLOBAL_CTRL_IGNORED) || core_v6_ungated(u, i);
	bool local = is_fixed(i) || (u->evtsel[i] & ES_EN) || F(u, CORE_LOCAL_EN_IGNORED);

	return exists(u, i) && global && local && counts_at_ring0(u, i) &&
	       !core_v4_frozen(u, ctr_bit(i));
}

/* Increments until the overflow takes effect: the one that wraps the
 * counter (OQ-C12 default; see the top), one more with core-ovf-late. */
static uint64_t to_overflow(const void *m, unsigned i)
{
	const struct core_pmu *u = m;
	uint64_t w = width_mask(u, i);

	if (u->armed >> i & 1)
		return 1;
	return w - (u->ctr[i] & w) + 1 + !!F(u, CORE_OVF_LATE);
}

static uint64_t overflow_at(const void *m, unsigned i)
{
	const struct core_pmu *u = m;

	return emu_seam_reach(stream_of(u, i), seam_of(u, i), u->now, to_overflow(u, i));
}

static uint64_t count(const void *m, unsigned i, uint64_t a, uint64_t b)
{
	const struct core_pmu *u = m;

	return emu_seam_count(stream_of(u, i), seam_of(u, i), a, b);
}

/* ---- per-cycle increments of a general counter ---- */

/* C-16 through the shared filter (pmu/emu/stream.c), with the filter
 * defects both PMUs share (cmask-7-bits, edge-before-cmask, edge-inv-level:
 * pmu/emu/faults.h). */
static struct emu_filt filt_of(const struct core_pmu *u, uint64_t sel)
{
	struct emu_filt f = { .cmask = ES_CMASK(sel), .inv = sel & ES_INV, .edge = sel & ES_E,
			.gt = F(u, CORE_CMASK_OFF_BY_ONE) };

	if (F(u, CMASK_7_BITS))
		f.cmask &= 0x7F;
	if (F(u, CORE_INV_IGNORED))
		f.inv = false;
	if (!f.cmask && f.inv) { /* C-16: INV is ignored when CMASK = 0 */
		f.inv = F(u, CORE_INV_WITHOUT_CMASK);
		f.cmask = f.inv; /* the defect: "fewer than 1", cycles without the event */
	}
	if (F(u, CORE_EDGE_IGNORED) || (F(u, EDGE_INV_LEVEL) && f.inv))
		f.edge = false;
	if (F(u, EDGE_BEFORE_CMASK) && f.edge && f.cmask >= 2) {
		f.cmask = 1; /* the defect: edges of the event itself, count >= 1 */
		f.inv = false;
	}
	if (F(u, CORE_EDGE_FALLING) && f.edge)
		f.inv = !f.inv; /* C-16 broken: the rises of the inverse are the falls */
	return f;
}

/* C-11, C-24: event i is usable iff its EBX bit is 0 and i < EAX[31:24];
 * the model counts nothing for an unusable or non-architectural one. */
static int usable_event(const struct core_pmu *u, uint64_t sel)
{
	int ev = core_arch_event(ES_EVENT(sel), ES_UMASK(sel));
	bool avail = ev >= 0 && (unsigned)ev < u->shape->ebx_len && !(u->shape->ebx >> ev & 1) &&
		     core_v6_umask2_kept(u, sel); /* C-70: UMASK2 is the unit mask's too */

	return avail ? ev : -1;
}

/* The count of select sel's event in cycle t. With EQ (C-70, OQ-C28) a
 * cycle whose count equals CMASK keeps it and any other counts 0, so the
 * shared filter's ">= CMASK" is "== CMASK", "< CMASK" with INV is "!=",
 * and E takes the rises of the equality. */
static unsigned raw_at(const struct core_pmu *u, uint64_t sel, uint64_t t)
{
	int ev = usable_event(u, sel);
	unsigned x = ev < 0 ? 0 : core_event_value((unsigned)ev, t), c = ES_CMASK(sel);

	return core_v6_eq(u, sel) && c ? (x == c ? c : 0) : x;
}

static void stream_fill(struct core_pmu *u, unsigned n)
{
	struct emu_filt f = filt_of(u, u->evtsel[n]);
	uint8_t raw[PERIOD];
	unsigned p;

	for (p = 0; p < PERIOD; p++)
		raw[p] = (uint8_t)raw_at(u, u->evtsel[n], p);
	emu_stream_fill(&u->stream[n], &f, raw);
}

static void fixed_fill(void)
{
	static const struct emu_filt none;
	uint8_t raw[PERIOD];
	unsigned j, p;

	if (fixed_ready)
		return;
	for (j = 0; j < CORE_MAX_FIXED; j++) {
		for (p = 0; p < PERIOD; p++)
			raw[p] = (uint8_t)core_event_value(fixed_event[j], p);
		emu_stream_fill(&fixed_stream[j], &none, raw);
	}
	fixed_ready = true;
}

/* ---- overflow and time ---- */

static void queue_pmi(struct core_pmu *u, uint64_t ovf)
{
	struct core_pmi_req req = { .cycle = u->now, .ovf = ovf };

	EMU_QUEUE_PMI(u->pmi, u->npmi, u->pmi_dropped, req);
}

static bool pmi_enabled(const struct core_pmu *u, unsigned i)
{
	if (F(u, CORE_INT_IGNORED))
		return false;
	return is_fixed(i) ? (u->fixed_ctl & FC_PMI(i - CORE_MAX_GP)) != 0 /* C-22 */
			   : (u->evtsel[i] & ES_INT) != 0;                 /* C-10 */
}

/* The counters with wrapped[i] set overflowed at u->now. */
static void overflow(void *m, const bool *wrapped)
{
	struct core_pmu *u = m;
	uint64_t ovf = 0, pmi = 0;
	unsigned i;

	for (i = 0; i < CORE_NCTR; i++) {
		if (!wrapped[i])
			continue;
		ovf |= ctr_bit(i); /* C-10: whatever INT says */
		if (pmi_enabled(u, i))
			pmi |= ctr_bit(i);
		u->armed &= (uint16_t)~(1u << i);
	}
	if (!F(u, CORE_STATUS_NOT_SET))
		u->status |= ovf;
	u->status |= core_v4_pmi(u, ovf, pmi); /* C-47, C-48: the freezes */
	if (pmi)
		queue_pmi(u, pmi); /* C-10: a PMI only with INT (the PMI bit) */
}

/* d more events of running counter i, no overflow taking effect before
 * them; with core-ovf-late a counter that lands exactly on its wrap is
 * armed. */
static void add(void *m, unsigned i, uint64_t d)
{
	struct core_pmu *u = m;
	uint64_t w = width_mask(u, i);

	if (d == w - (u->ctr[i] & w) + 1 && F(u, CORE_OVF_LATE))
		u->armed |= (uint16_t)(1u << i);
	u->ctr[i] = (u->ctr[i] + d) & w;
}

/* ---- registers ---- */

/* Reserved bits raise #GP(0) and change nothing (spec §3: reserved). */
static int reserved_gp(const struct core_pmu *u, uint64_t val, uint64_t defined)
{
	return (val & ~defined) && !F(u, CORE_RESERVED_ACCEPTED) ? VEC_GP : 0;
}

/* A counter or its control that this shape has (C-11, C-14, C-18). */
static bool present(const struct core_pmu *u, uint32_t base, unsigned idx)
{
	const struct core_shape *s = u->shape;

	switch (base) {
	case MSR_PMC0:
	case MSR_PERFEVTSEL0: /* C-66: the bitmap's counters */
		return core_v6_gp_set(u) >> idx & 1;
	case MSR_GP0_CTR:
	case MSR_GP0_CFG_A: /* C-69: version 6's aliases of those */
		return core_v6_aliases(u) && (core_v6_gp_set(u) >> idx & 1);
	case MSR_FX0_CTR:
		return core_v6_aliases(u) && (core_v5_fixed_set(u) >> idx & 1);
	case MSR_A_PMC0:
		return (core_v6_gp_set(u) >> idx & 1) && (F(u, CORE_A_PMC_ALWAYS) ||
					(s->pdcm && (s->perf_caps & PERF_CAPS_FW_WRITE)));
	case MSR_FIXED_CTR0: /* C-52, OQ-C20: one the bitmap omits is absent */
		return core_v5_fixed_set(u) >> idx & 1;
	case MSR_PERF_CAPS:
		return s->pdcm;
	default: /* the global registers and FIXED_CTR_CTRL: version 2 on */
		return s->version >= 2;
	}
}

/* Bits of the counters this shape has, out of a table field mask. */
static uint64_t present_bits(const struct core_pmu *u, uint64_t field_bits)
{
	uint64_t gp = core_v6_gp_set(u), fixed = (uint64_t)core_v5_fixed_set(u) << 32;

	return field_bits & (gp | fixed);
}

static int write_evtsel(struct core_pmu *u, const struct reg_tmpl *t, unsigned n,
			uint64_t val)
{
	uint64_t defined = reg_defined_mask(t) & ~(core_v5_any_ok(u) ? 0 : ES_ANY) &
			   ~((ES_EQ_BIT | ES_UMASK2_BITS) & ~core_v6_ext_bits(u)); /* C-70 */
	uint64_t old = u->evtsel[n], at = u->now;
	struct emu_filt was = filt_of(u, old), cur = filt_of(u, val);

	/* C-20, C-54: ANY from version 3 on, till deprecated; C-70: UMASK2 and
	 * EQ where enumerated */
	if (reserved_gp(u, val, defined))
		return VEC_GP;
	/* C-15 binds software (EN clear before writing the counter); the model
	 * takes the counter write whenever it comes. ANY and PC change nothing
	 * here: one logical CPU, no pins (C-20). */
	u->evtsel[n] = val;
	if ((old ^ val) & ES_STREAM)
		stream_fill(u, n);
	/* OQ-C13 default: written while it counts, the edge detector's next
	 * cycle compares with the condition of the last one as the old select
	 * formed it. */
	if (((old ^ val) & ES_STREAM) && (old & ES_EN) && running(u, n)) {
		emu_seam_set(&u->seam[n], at, emu_filt_cond(&was, raw_at(u, old, at - 1)), &cur,
			     raw_at(u, val, at - 1), raw_at(u, val, at));
	}
	return 0;
}

static int write_fixed_ctl(struct core_pmu *u, const struct reg_tmpl *t, uint64_t val)
{
	uint64_t defined = 0;
	unsigned j;

	for (j = 0; j < CORE_MAX_FIXED; j++) /* C-22, C-23, C-52: fields of present counters */
		if (core_v5_fixed_set(u) >> j & 1)
			defined |= FC_FIELD(j) & ~(core_v5_any_ok(u) ? 0 : FC_ANY(j));
	if (reserved_gp(u, val, defined & reg_defined_mask(t)))
		return VEC_GP;
	u->fixed_ctl = val;
	return 0;
}

/* C-17: IA32_PMCx takes EAX[31:0] sign-extended to the counter width;
 * IA32_A_PMCx and the fixed counters take the full width, and a value beyond
 * it raises #GP (C-18, C-23). Either way the counter starts afresh: no
 * pending overflow. */
static int write_counter(struct core_pmu *u, uint32_t base, unsigned i, uint64_t val)
{
	uint64_t m = width_mask(u, i);
	bool alias = base == MSR_GP0_CTR || base == MSR_FX0_CTR;

	if (base == MSR_PMC0) {
		val = (uint32_t)val;
		if ((val >> 31) && !F(u, CORE_PMC_NO_SIGN_EXTEND))
			val |= ~0xFFFFFFFFull;
	} else if (reserved_gp(u, val, m)) {
		return VEC_GP;
	}
	if (alias && F(u, CORE_V6_ALIAS_SPLIT)) {
		u->alias_ctr[i] = val & m; /* the defect: a register of its own */
		return 0;
	}
	u->ctr[i] = val & m;
	u->armed &= (uint16_t)~(1u << i);
	return 0;
}

/* i: unused, the register's own index says which counter. */
static int write_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t val)
{
	struct core_pmu *u = m;
	const struct reg_tmpl *t = r->tmpl;

	(void)i;

	switch (t->addr) {
	case MSR_PMC0:
	case MSR_A_PMC0:
	case MSR_GP0_CTR: /* C-69: the same counter; OQ-C27: full width */
		return write_counter(u, t->addr, r->idx, val);
	case MSR_FIXED_CTR0:
	case MSR_FX0_CTR:
		return write_counter(u, t->addr, FIXED_IDX(r->idx), val);
	case MSR_PERFEVTSEL0:
	case MSR_GP0_CFG_A: /* C-69: the same select */
		return write_evtsel(u, t, r->idx, val);
	case MSR_FIXED_CTR_CTRL:
		return write_fixed_ctl(u, t, val);
	case MSR_GLOBAL_CTRL:
		if (reserved_gp(u, val, present_bits(u, reg_defined_mask(t)))) /* C-09 */
			return VEC_GP;
		u->global_ctl = val;
		return 0;
	case MSR_GLOBAL_OVF_CTRL: {
		/* C-07: 1 clears the same status bit, 0 leaves it. Bits 61-63 have
		 * nothing to clear here (61 is the backend's, C-38; no DS buffer,
		 * no CondChgd); reserved bits are ignored, as for the uncore's.
		 * From version 4, as STATUS_RESET, the freeze bits too (C-43). */
		uint64_t w1c = present_bits(u, reg_access_mask(t, FA_W1C)) | core_v4_reset_bits(u);

		if (F(u, CORE_OVF_CTRL_CLEARS_ALL) && (val & w1c))
			val = w1c;
		if (!F(u, CORE_OVF_CTRL_NOCLEAR))
			u->status &= ~(val & w1c);
		return 0;
	}
	case MSR_GLOBAL_STATUS_SET: {
		/* C-44: 1 sets the same status bit; bit 61 is the backend's
		 * (C-38), reserved bits and 55/60 are ignored (OQ-C18) */
		uint64_t set = present_bits(u, reg_access_mask(t, FA_W1A)) | core_v4_set_bits(u);

		if (F(u, CORE_STATUS_SET_ALL) && (val & set))
			val |= present_bits(u, ~0ull);
		if (!F(u, CORE_STATUS_SET_IGNORED))
			u->status |= val & set;
		return 0;
	}
	default: /* GLOBAL_STATUS (C-06), PERF_CAPABILITIES, INUSE (C-45): read-only */
		return VEC_GP;
	}
}

static uint64_t reg_value(const struct core_pmu *u, const struct reg_ref *r)
{
	switch (r->tmpl->addr) {
	case MSR_PMC0:
	case MSR_A_PMC0: /* C-18: the same counter, full width */
		return u->ctr[r->idx];
	case MSR_GP0_CTR: /* C-69: the same counter again */
		return F(u, CORE_V6_ALIAS_SPLIT) ? u->alias_ctr[r->idx] : u->ctr[r->idx];
	case MSR_FIXED_CTR0:
		return u->ctr[FIXED_IDX(r->idx)];
	case MSR_FX0_CTR:
		return F(u, CORE_V6_ALIAS_SPLIT) ? u->alias_ctr[FIXED_IDX(r->idx)]
						  : u->ctr[FIXED_IDX(r->idx)];
	case MSR_PERFEVTSEL0:
	case MSR_GP0_CFG_A:
		return u->evtsel[r->idx];
	case MSR_FIXED_CTR_CTRL:
		return u->fixed_ctl;
	case MSR_GLOBAL_CTRL:
		return u->global_ctl;
	case MSR_GLOBAL_STATUS:
		return u->status;
	case MSR_PERF_CAPS:
		return u->shape->perf_caps;
	case MSR_GLOBAL_INUSE:
		return core_v4_inuse(u); /* C-45 */
	default: /* GLOBAL_OVF_CTRL / STATUS_RESET, STATUS_SET: actions, nothing kept
		  * to read (OQ-C16) */
		return 0;
	}
}

/* Below version 4, 0x391 and 0x392 are no core PMU MSRs (C-51): passed on
 * as before they were described, to whatever answers them (the client
 * uncore's global control and status on a version-3 part). */
static bool v4_only(const struct core_pmu *u, uint32_t addr)
{
	return (addr == MSR_GLOBAL_STATUS_SET || addr == MSR_GLOBAL_INUSE) && u->shape->version < 4;
}

static int read_reg(void *m, const struct reg_ref *r, unsigned i, uint64_t *val)
{
	(void)i;
	*val = reg_value(m, r);
	return 0;
}

/* The register at msr: -1 (not a core PMU MSR the model answers;
 * IA32_DEBUGCTL is the backend's, C-38), VEC_GP (not in this shape), or 0
 * with the register in *r. core: the PMU is the logical CPU's own. */
static int find(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i)
{
	const struct core_pmu *u = m;

	(void)core, (void)i;
	if (!reg_lookup(&core_pmu_regs, msr, r) || r->tmpl->addr == MSR_DEBUGCTL ||
	    v4_only(u, r->tmpl->addr))
		return -1;
	return present(u, r->tmpl->addr, r->idx) ? 0 : VEC_GP;
}

const struct emu_engine core_engine = {
	.now = offsetof(struct core_pmu, now),
	.nctr = CORE_NCTR,
	.running = running,
	.count = count,
	.to_wrap = to_overflow,
	.wrap_at = overflow_at,
	.add = add,
	.on_wrap = overflow,
	.find = find,
	.read = read_reg,
	.write = write_reg,
};

int core_init(struct core_pmu *u, const struct core_shape *s, emu_faults_t faults, uint64_t now)
{
	unsigned n;

	if (!core_shape_valid(s))
		return -1;
	memset(u, 0, sizeof(*u)); /* OQ-C6: the model's reset state is all 0 */
	u->shape = s;
	u->faults = faults;
	u->now = now;
	for (n = 0; n < CORE_MAX_GP; n++) {
		u->seam[n].at = UINT64_MAX;
		stream_fill(u, n);
	}
	fixed_fill();
	return 0;
}

int core_rdmsr(struct core_pmu *u, uint32_t msr, uint64_t now, uint64_t *val)
{
	return emu_rdmsr(&core_engine, u, 0, msr, now, val);
}

int core_wrmsr(struct core_pmu *u, uint32_t msr, uint64_t val, uint64_t now)
{
	return emu_wrmsr(&core_engine, u, 0, msr, val, now);
}

void core_advance(struct core_pmu *u, uint64_t now)
{
	emu_advance(&core_engine, u, now);
}

unsigned core_take_pmi(struct core_pmu *u, struct core_pmi_req *out, unsigned max)
{
	return emu_fifo_take(u->pmi, &u->npmi, sizeof(*out), out, max);
}
