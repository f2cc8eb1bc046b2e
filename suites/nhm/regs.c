/* Register behaviour of the uncore, driven by the register table
 * (pmu/regs/nhm.c) instead of hand-written masks, so that the table, the
 * model and the silicon are held to the same field list, the table itself
 * first checked against the suite's copy of spec §3 (regs_spec.c): read-write fields
 * read back (§3, N-05, N-41), reserved bits (OQ-N11), write-only bits and
 * registers (N-14, N-27, OQ-N10), the read-only status (N-25, OQ-N9) and the
 * counting width (N-04, N-11, N-12, OQ-N11).
 *
 * Nothing counts while a test writes: GLOBAL_CTRL is 0 while local controls
 * are written (N-06, N-07), and every local control is 0 while GLOBAL_CTRL
 * is, so the walks may set enable bits too. These tests are about access
 * itself, so a fault on a documented access to a documented register is a
 * finding (FAIL, citing the register's statements from the table); a
 * negative backend code is the harness's (ERROR). Every test leaves the
 * controls at their reset value 0 (N-05), status clear, and the counters as
 * it found them. All accesses are on the calling CPU's package (N-03). */
#include "suites/nhm/regs_spec.h"

#define MAX_REGS     16 /* registers of one role: 8 PerfEvtSel + FIXED_CTR_CTRL, 9 counters */
#define MAX_PATTERNS 16 /* a register's RW fields (8 at most in §3) + 4 */
#define ALT_5        0x5555555555555555ull
#define ALT_A        0xAAAAAAAAAAAAAAAAull
#define GP           13 /* #GP: OQ-N9 and OQ-N11 defaults */
/* FixedCntr0 is preset this many U-clocks below its wrap by status_ro: under
 * 1 us at any U-clock of 1 GHz or more (fixed.c's lower bound), so WRAP_US
 * leaves a factor of 100 for the wrap to have happened. */
#define PRESET       1000
#define WRAP_US      100
/* The spec's §3 example: UNC_QHL_OCCUPANCY.LOCAL (23H/04), CMASK 1, EN, plus
 * OCC_CTR_RST, which it says reads back 0 (N-14). */
#define EVTSEL_OCC_RST 0x01420423ull
/* A 48-bit pattern with bits set on both sides of bit 32 (width-32 shows)
 * and bit 47 clear (see counter_width). */
#define CTR_PATTERN  0x5A5AC3C3A5A5ull

/* The table's package-scoped box; the core-side box of the same generation
 * belongs to the PMI path, not to this suite. */
static const struct box_type *uncore_box(const struct uncore_gen **gen)
{
	const struct uncore_gen *g = uncore_gen_by_name("nhm");
	unsigned i;

	for (i = 0; g && i < g->nboxes; i++)
		if (g->boxes[i]->scope == SCOPE_PACKAGE) {
			*gen = g;
			return g->boxes[i];
		}
	return NULL;
}

/* Every register of one role, in table order (at most MAX_REGS). */
static unsigned regs_of(enum reg_role role, struct reg_ref *out)
{
	const struct uncore_gen *g = NULL;
	const struct box_type *b = uncore_box(&g);
	unsigned n = 0, ti, box, idx;

	for (ti = 0; b && ti < b->nregs; ti++) {
		const struct reg_tmpl *tm = &b->regs[ti];

		for (box = 0; tm->role == role && box < b->nboxes; box++)
			for (idx = 0; idx < tm->count && n < MAX_REGS; idx++)
				out[n++] = (struct reg_ref){ .gen = g, .box = b, .tmpl = tm,
						.box_idx = box, .idx = idx,
						.msr = reg_msr(tm, b, box, idx) };
	}
	return n;
}

static enum verdict put(struct tctx *t, const struct reg_ref *r, uint64_t v)
{
	int e = msr_write(plat_this_cpu(), r->msr, v);
	char n[48];

	if (!e)
		return V_PASS;
	reg_name(r, n, sizeof(n));
	if (e < 0)
		return t_error(t, "wrmsr %s (0x%x): backend error %d", n, (unsigned)r->msr, e);
	return t_fail(t, "wrmsr %s (0x%x) = 0x%llx, documented bits only, raised #%d (%s)", n,
		      (unsigned)r->msr, (unsigned long long)v, e, r->tmpl->spec);
}

static enum verdict get(struct tctx *t, const struct reg_ref *r, uint64_t *v)
{
	int e = msr_read(plat_this_cpu(), r->msr, v);
	char n[48];

	if (!e)
		return V_PASS;
	reg_name(r, n, sizeof(n));
	if (e < 0)
		return t_error(t, "rdmsr %s (0x%x): backend error %d", n, (unsigned)r->msr, e);
	return t_fail(t, "rdmsr %s (0x%x) raised #%d (%s)", n, (unsigned)r->msr, e,
		      r->tmpl->spec);
}

/* Bits a read-back is not judged on: none on the model, whose reserved bits
 * read 0 (OQ-N11 default); on hardware what reserved bits read is that open
 * question, so only the documented bits count there. */
static uint64_t unjudged(struct tctx *t, const struct reg_tmpl *tm)
{
	return (uint64_t)t_slack(t, (int64_t)~reg_defined_mask(tm), "what reserved bits read "
				 "back is OQ-N11");
}

/* Write p and read back expect, apart from the bits in skip. */
static enum verdict roundtrip(struct tctx *t, const struct reg_ref *r, uint64_t p,
			      uint64_t expect, uint64_t skip, const char *why)
{
	uint64_t v;
	char n[48];

	TRY(put(t, r, p));
	TRY(get(t, r, &v));
	if (((v ^ expect) & ~skip) == 0)
		return V_PASS;
	reg_name(r, n, sizeof(n));
	return t_fail(t, "%s (0x%x) read 0x%llx after writing 0x%llx, expected 0x%llx (%s)", n,
		      (unsigned)r->msr, (unsigned long long)v, (unsigned long long)p,
		      (unsigned long long)expect, why);
}

/* What a test changes and must put back: the counters' values. */
static struct {
	struct reg_ref ctr[MAX_REGS];
	uint64_t val[MAX_REGS];
	unsigned n;
} saved;

/* Every register of the table as spec §2/§3 has it, and none missing
 * (suites/nhm/regs_spec.c), before a test trusts the table. */
static enum verdict table_agrees(struct tctx *t)
{
	static const enum reg_role roles[] = { ROLE_GLOBAL_CTL, ROLE_GLOBAL_STATUS,
					       ROLE_GLOBAL_OVF, ROLE_CTR, ROLE_CTL, ROLE_FILTER };
	struct reg_ref r[MAX_REGS];
	unsigned k, i, n, total = 0;

	for (k = 0; k < ARRAY_SIZE(roles); k++)
		for (i = 0, n = regs_of(roles[k], r), total += n; i < n; i++)
			TRY(nhm_spec_agrees(t, &r[i]));
	CHECK(t, total == nhm_spec_regs(), "the register table has %u uncore registers, spec "
	      "section 2 lists %u", total, nhm_spec_regs());
	return V_PASS;
}

/* GLOBAL_CTRL = 0 stops all nine counters (N-09); then the counters are
 * saved. Local controls are written by the tests that rely on them. */
static enum verdict enter(struct tctx *t)
{
	struct reg_ref g[MAX_REGS];
	unsigned i, n = regs_of(ROLE_GLOBAL_CTL, g);

	saved.n = 0;
	TRY(table_agrees(t));
	if (!n)
		return t_error(t, "no GLOBAL_CTRL in the nhm register table");
	for (i = 0; i < n; i++)
		TRY(put(t, &g[i], 0));
	n = regs_of(ROLE_CTR, saved.ctr);
	for (saved.n = 0; saved.n < n; saved.n++)
		TRY(get(t, &saved.ctr[saved.n], &saved.val[saved.n]));
	return V_PASS;
}

/* Best effort on every path, faults ignored (a failing test has already
 * said why): GLOBAL_CTRL first so nothing counts while the rest is reset,
 * every control and the match register to 0 (N-05; the match write faults
 * harmlessly where the register is absent, OQ-N20), every status bit
 * cleared (N-26), the counters restored. */
static void leave(void)
{
	static const enum reg_role zero[] = { ROLE_GLOBAL_CTL, ROLE_CTL, ROLE_FILTER };
	struct reg_ref r[MAX_REGS];
	unsigned me = plat_this_cpu(), i, k, n;

	for (k = 0; k < ARRAY_SIZE(zero); k++)
		for (i = 0, n = regs_of(zero[k], r); i < n; i++)
			msr_write(me, r[i].msr, 0);
	for (i = 0, n = regs_of(ROLE_GLOBAL_OVF, r); i < n; i++)
		msr_write(me, r[i].msr, reg_access_mask(r[i].tmpl, FA_W1C));
	for (i = 0; i < saved.n; i++)
		msr_write(me, saved.ctr[i].msr, saved.val[i]);
}

static enum verdict guarded(struct tctx *t, enum verdict (*body)(struct tctx *))
{
	enum verdict v = enter(t);

	if (v == V_PASS)
		v = body(t);
	leave();
	return v;
}

/* ---- read-write fields ---------------------------------------------- */

/* Each RW field all ones on its own (a field that drops or aliases bits
 * shows alone), all of them together, alternating bits both ways (adjacent
 * bits stored independently), and 0 last, so the register ends at reset. */
static unsigned rw_patterns(const struct reg_tmpl *tm, uint64_t *p)
{
	uint64_t rw = reg_access_mask(tm, FA_RW);
	const struct field *f;
	unsigned n = 0;

	for (f = tm->fields; f->name && n < MAX_PATTERNS - 4; f++)
		if (f->access == FA_RW)
			p[n++] = field_mask(f);
	p[n++] = rw;
	p[n++] = rw & ALT_5;
	p[n++] = rw & ALT_A;
	p[n++] = 0;
	return n;
}

static enum verdict walk_rw(struct tctx *t, const struct reg_ref *r)
{
	uint64_t p[MAX_PATTERNS];
	unsigned i, n = rw_patterns(r->tmpl, p);

	for (i = 0; i < n; i++)
		TRY(roundtrip(t, r, p[i], p[i], unjudged(t, r->tmpl), "RW fields, spec section 3; N-05"));
	return V_PASS;
}

/* Every control register: PerfEvtSel0-7 and FIXED_CTR_CTRL under
 * GLOBAL_CTRL = 0, then GLOBAL_CTRL with every local control back at 0. */
static enum verdict rw_fields(struct tctx *t)
{
	struct reg_ref r[MAX_REGS];
	unsigned i, n, total = 0;

	n = regs_of(ROLE_CTL, r);
	for (i = 0; i < n; i++, total++)
		TRY(walk_rw(t, &r[i]));
	n = regs_of(ROLE_GLOBAL_CTL, r);
	for (i = 0; i < n; i++, total++)
		TRY(walk_rw(t, &r[i]));
	t_figure(t, "registers_count", total, "count");
	if (total < 10) /* a shrunken table must not pass vacuously */
		return t_error(t, "only %u control registers in the table (8 PerfEvtSel, "
			       "FIXED_CTR_CTRL, GLOBAL_CTRL)", total);
	return V_PASS;
}

/* ---- reserved bits ---------------------------------------------------- */

struct rsv {
	unsigned gp, ignored, stored, other;
};

/* Each reserved bit of r alone on top of base (documented bits only).
 * OQ-N11's default, #GP(0) with the register unchanged, is asserted on the
 * model; on hardware each outcome is counted and reported. Everywhere the
 * documented bits must still read base afterwards: a fault, an ignored bit
 * and a stored bit all leave them as written. */
static enum verdict reserved_walk(struct tctx *t, const struct reg_ref *r, uint64_t base,
				  struct rsv *total)
{
	uint64_t defined = reg_defined_mask(r->tmpl), bit, v;
	struct rsv c = { 0 };
	unsigned k;
	char n[48];
	int e;

	reg_name(r, n, sizeof(n));
	for (k = 0; k < 64; k++) {
		bit = 1ull << k;
		if (defined & bit)
			continue;
		TRY(put(t, r, base));
		e = msr_write(plat_this_cpu(), r->msr, base | bit);
		if (e < 0)
			return t_error(t, "wrmsr %s: backend error %d", n, e);
		TRY(get(t, r, &v));
		CHECK(t, (v & defined) == base, "%s (0x%x): writing 0x%llx (reserved bit %u) left "
		      "documented bits 0x%llx, not 0x%llx (%s, OQ-N11)", n, (unsigned)r->msr,
		      (unsigned long long)(base | bit), k, (unsigned long long)(v & defined),
		      (unsigned long long)base, r->tmpl->spec);
		TRY(t_default(t, "OQ-N11", "a reserved bit: #GP(0), register unchanged", e == GP &&
			      v == base, "%s (0x%x): reserved bit %u %s (OQ-N11 default: #GP(0), "
			      "register unchanged)", n, (unsigned)r->msr, k,
			      e ? "raised a fault but changed the register"
				: v & bit ? "was stored without #GP" : "was ignored without #GP"));
		c.gp += e != 0;
		c.ignored += !e && v == base;
		c.stored += !e && v == (base | bit);
		c.other += !e && v != base && v != (base | bit);
	}
	/* Not an assertion: the counts are news on hardware, a detail on
	 * the model. */
	plat_log(t_on_model() ? 2 : 1, "  %s 0x%x: reserved bits: %u #GP, %u ignored, %u stored, "
		 "%u changed others (OQ-N11)", n, (unsigned)r->msr, c.gp, c.ignored, c.stored,
		 c.other);
	total->gp += c.gp;
	total->ignored += c.ignored;
	total->stored += c.stored;
	total->other += c.other;
	return put(t, r, 0);
}

static void rsv_figures(struct tctx *t, const struct rsv *c)
{
	t_figure(t, "reserved_gp_bits", c->gp, "bits");
	t_figure(t, "reserved_ignored_bits", c->ignored, "bits");
	t_figure(t, "reserved_stored_bits", c->stored, "bits");
	t_figure(t, "reserved_other_bits", c->other, "bits");
}

/* PerfEvtSel0-7 and FIXED_CTR_CTRL under GLOBAL_CTRL = 0, then GLOBAL_CTRL
 * with every local control at 0 (reserved_walk ends each at 0). The base
 * sets every other RW bit, enables included, so "unchanged" is checked
 * against a non-zero value. ADDR_OPCODE_MATCH: addr-match. */
static enum verdict reserved_bits(struct tctx *t)
{
	static const enum reg_role roles[] = { ROLE_CTL, ROLE_GLOBAL_CTL };
	struct reg_ref r[MAX_REGS];
	struct rsv c = { 0 };
	unsigned i, k, n;

	for (k = 0; k < ARRAY_SIZE(roles); k++)
		for (i = 0, n = regs_of(roles[k], r); i < n; i++)
			TRY(reserved_walk(t, &r[i], reg_access_mask(r[i].tmpl, FA_RW) & ALT_5, &c));
	rsv_figures(t, &c);
	if (!(c.gp + c.ignored + c.stored + c.other))
		return t_error(t, "no reserved bit in the table's control registers (section 3 lists "
			       "some in each)");
	return V_PASS;
}

/* ---- write-only ------------------------------------------------------- */

/* N-14 on every PerfEvtSel: with the spec's own example and with every
 * field set, OCC_CTR_RST reads back 0 and every other field as written
 * (GLOBAL_CTRL = 0: the EN bits start nothing, N-06). Then OQ-N10: what a
 * read of the write-only GLOBAL_OVF_CTRL returns after a write, asserted
 * only on the model (N-27: nothing else may depend on it). */
static enum verdict write_only(struct tctx *t)
{
	struct reg_ref r[MAX_REGS];
	unsigned i, n, tested = 0;
	uint64_t v, w1a, rw, wr;
	int e;

	for (i = 0, n = regs_of(ROLE_CTL, r); i < n; i++) {
		w1a = reg_access_mask(r[i].tmpl, FA_W1A);
		rw = reg_access_mask(r[i].tmpl, FA_RW);
		if (!w1a)
			continue; /* FIXED_CTR_CTRL has no action bit */
		TRY(roundtrip(t, &r[i], EVTSEL_OCC_RST, EVTSEL_OCC_RST & ~w1a, unjudged(t, r[i].tmpl),
			      "N-14: OCC_CTR_RST reads 0, other fields as written"));
		TRY(roundtrip(t, &r[i], rw | w1a, rw, unjudged(t, r[i].tmpl),
			      "N-14: OCC_CTR_RST reads 0, other fields as written"));
		TRY(put(t, &r[i], 0));
		tested++;
	}
	if (tested != 8)
		return t_error(t, "%u PerfEvtSel with OCC_CTR_RST in the table, not 8", tested);
	n = regs_of(ROLE_GLOBAL_OVF, r);
	if (n != 1)
		return t_error(t, "%u GLOBAL_OVF_CTRL in the nhm register table", n);
	/* Every CLR bit: clears status, which no test relies on unwritten. */
	wr = reg_access_mask(r[0].tmpl, FA_W1C);
	TRY(put(t, &r[0], wr));
	e = msr_read(plat_this_cpu(), r[0].msr, &v);
	if (e < 0)
		return t_error(t, "rdmsr GLOBAL_OVF_CTRL: backend error %d", e);
	t_figure(t, "ovf_ctrl_read_fault_vector", e, "vector");
	if (!e)
		t_figure(t, "ovf_ctrl_read_reg", (int64_t)v, "reg");
	TRY(t_default(t, "OQ-N10", "GLOBAL_OVF_CTRL reads 0", !e && !v, "rdmsr GLOBAL_OVF_CTRL "
		      "(0x%x) after writing 0x%llx: fault %d, value 0x%llx (OQ-N10 default: reads 0)",
		      (unsigned)r[0].msr, (unsigned long long)wr, e, (unsigned long long)v));
	return V_PASS;
}

/* ---- read-only status ------------------------------------------------- */

/* N-25: a wrap of FixedCntr0 (EN without PMI: no PMI, no freeze, N-30,
 * N-38) sets OVF_FC0 (N-22), so there is a set bit a write could clear;
 * then WRMSR 0 (would clear) and WRMSR of every documented bit (would set)
 * must both leave the status as it was, with nothing counting. OQ-N9 (#GP
 * or ignored) is asserted on the model and reported on hardware. */
static enum verdict status_ro(struct tctx *t)
{
	struct reg_ref st[MAX_REGS];
	uint64_t s0, s1, s2, all;
	unsigned me = plat_this_cpu();
	int e0, e1;

	if (regs_of(ROLE_GLOBAL_STATUS, st) != 1)
		return t_error(t, "no single GLOBAL_STATUS in the nhm register table");
	all = reg_defined_mask(st[0].tmpl);
	WR(t, NHM_FIXED_CTL, 0);
	WR(t, NHM_OVF_CTRL, NHM_CLEAR_ALL);
	WR(t, NHM_FIXED_CTR, NHM_WIDTH_MASK + 1 - PRESET);
	WR(t, NHM_FIXED_CTL, 1);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	plat_stall_us(WRAP_US);
	WR(t, NHM_GLOBAL_CTRL, 0);
	TRY(get(t, &st[0], &s0));
	CHECK(t, s0 & NHM_OVF_FC0, "GLOBAL_STATUS 0x%llx lacks OVF_FC0 %u us after FixedCntr0 was "
	      "preset %u below its wrap (N-22): no set bit to test writes against",
	      (unsigned long long)s0, WRAP_US, PRESET);
	e0 = msr_write(me, st[0].msr, 0);
	TRY(get(t, &st[0], &s1));
	e1 = msr_write(me, st[0].msr, all);
	TRY(get(t, &st[0], &s2));
	if (e0 < 0 || e1 < 0)
		return t_error(t, "wrmsr GLOBAL_STATUS: backend error %d/%d", e0, e1);
	t_figure(t, "status_write_fault_vector", e0, "vector");
	CHECK(t, s1 == s0, "GLOBAL_STATUS went from 0x%llx to 0x%llx on WRMSR 0 (N-25)",
	      (unsigned long long)s0, (unsigned long long)s1);
	CHECK(t, s2 == s0, "GLOBAL_STATUS went from 0x%llx to 0x%llx on WRMSR 0x%llx (N-25)",
	      (unsigned long long)s0, (unsigned long long)s2, (unsigned long long)all);
	TRY(t_default(t, "OQ-N9", "WRMSR to GLOBAL_STATUS: #GP(0)", e0 == GP && e1 == GP,
		      "WRMSR to GLOBAL_STATUS raised %d and %d, not #GP (OQ-N9 default)", e0, e1));
	return V_PASS;
}

/* ---- counter width ---------------------------------------------------- */

/* Stopped counters (GLOBAL_CTRL = 0, N-09). All ones written: bits 47:0
 * read all ones (N-04, N-11); bits 63:48 read 0 on the model (OQ-N11
 * default) and are reported on hardware. Then a distinct pattern in each of
 * the nine, all written before any is read: exact read-back (N-11), and no
 * two registers alias. The pattern keeps bit 47 clear, so a part that
 * extends bit 47 into 63:48 (reported above) still reads it exactly. */
static enum verdict counter_width(struct tctx *t)
{
	struct reg_ref r[MAX_REGS];
	uint64_t v, w, p[MAX_REGS];
	unsigned i, n = regs_of(ROLE_CTR, r), kept = 0;
	char nm[48];

	if (n != 9)
		return t_error(t, "%u counters in the table, not PerfCntr0-7 and FixedCntr0", n);
	for (i = 0; i < n; i++) {
		w = (1ull << r[i].tmpl->width) - 1;
		reg_name(&r[i], nm, sizeof(nm));
		if (r[i].tmpl->width != 48)
			return t_error(t, "%s is %u bits wide in the table, N-04 says 48", nm,
				       r[i].tmpl->width);
		TRY(put(t, &r[i], ~0ull));
		TRY(get(t, &r[i], &v));
		CHECK(t, (v & w) == w, "%s (0x%x) read 0x%llx after writing all ones: bits 47:0 not "
		      "all ones (N-04, N-11)", nm, (unsigned)r[i].msr, (unsigned long long)v);
		kept += (v & ~w) != 0;
		TRY(t_default(t, "OQ-N11", "counter bits 63:48 dropped on write", !(v & ~w), "%s "
			      "(0x%x) read 0x%llx after writing all ones: bits 63:48 kept (OQ-N11 "
			      "default: dropped, read 0)", nm, (unsigned)r[i].msr,
			      (unsigned long long)v));
	}
	t_figure(t, "upper_bits_kept_count", kept, "count");
	for (i = 0; i < n; i++) {
		w = (1ull << r[i].tmpl->width) - 1;
		p[i] = (CTR_PATTERN ^ i * 0x010101010101ull) & (w >> 1);
		TRY(put(t, &r[i], p[i]));
	}
	for (i = 0; i < n; i++) {
		TRY(get(t, &r[i], &v));
		reg_name(&r[i], nm, sizeof(nm));
		CHECK(t, v == p[i], "%s (0x%x) read 0x%llx, written 0x%llx while stopped (N-11, "
		      "N-12)", nm, (unsigned)r[i].msr, (unsigned long long)v,
		      (unsigned long long)p[i]);
	}
	return V_PASS;
}

/* ---- address/opcode match --------------------------------------------- */

/* §3: the MatchSel encodings defined; the others are reserved, so the
 * read-back patterns use only these (the field is RW, its values are not
 * all legal). */
static const uint8_t match_sel[] = { 0, 4, 2, 6, 1 };

/* N-41: probed first (OQ-N20: the model has it; hardware may fault, then
 * SKIP). The data fields each all ones, together, alternating both ways,
 * each with one of the defined MatchSel encodings in turn; bit 3, the low
 * address bit the figure caption leaves out (OQ-N19), is asserted on the
 * model and reported on hardware. Then its reserved bits (OQ-N11). */
static enum verdict addr_match(struct tctx *t)
{
	struct reg_ref r[MAX_REGS];
	const struct field *sel, *addr, *f;
	uint64_t v, data, bit3, skip, p[MAX_PATTERNS];
	struct rsv c = { 0 };
	unsigned i, np = 0;
	int e;

	if (regs_of(ROLE_FILTER, r) != 1)
		return t_error(t, "no single ADDR_OPCODE_MATCH in the nhm register table");
	sel = reg_field(r[0].tmpl, "MATCH_SEL");
	addr = reg_field(r[0].tmpl, "ADDR");
	if (!sel || !addr)
		return t_error(t, "ADDR_OPCODE_MATCH lacks MATCH_SEL or ADDR in the table");
	e = msr_read(plat_this_cpu(), r[0].msr, &v);
	if (e < 0)
		return t_error(t, "rdmsr ADDR_OPCODE_MATCH: backend error %d", e);
	TRY(t_default(t, "OQ-N20", "ADDR_OPCODE_MATCH on every model", !e, "rdmsr "
		      "ADDR_OPCODE_MATCH (0x%x) raised #%d (OQ-N20 default: present on every model)",
		      (unsigned)r[0].msr, e));
	if (e)
		return t_skip(t, "rdmsr ADDR_OPCODE_MATCH (0x%x) raised #%d: not on this model "
			      "(OQ-N20)", (unsigned)r[0].msr, e);
	data = reg_access_mask(r[0].tmpl, FA_RW) & ~field_mask(sel);
	bit3 = 1ull << addr->lo;
	for (f = r[0].tmpl->fields; f->name && np < MAX_PATTERNS - 3; f++)
		if (f->access == FA_RW && f != sel)
			p[np++] = field_mask(f);
	p[np++] = data;
	p[np++] = data & ALT_5;
	p[np++] = data & ALT_A;
	skip = unjudged(t, r[0].tmpl) | (uint64_t)t_slack(t, (int64_t)bit3, "whether address "
							    "bit 3 is stored is OQ-N19");
	for (i = 0; i < np; i++) {
		v = p[i] | (uint64_t)match_sel[i % ARRAY_SIZE(match_sel)] << sel->lo;
		TRY(roundtrip(t, &r[0], v, v, skip, "N-41"));
	}
	if (np < ARRAY_SIZE(match_sel))
		return t_error(t, "only %u patterns: not every MatchSel encoding tried", np);
	TRY(put(t, &r[0], bit3));
	TRY(get(t, &r[0], &v));
	t_figure(t, "addr_bit3_kept_bool", (v & bit3) != 0, "bool");
	TRY(t_default(t, "OQ-N19", "ADDR_OPCODE_MATCH stores address bits 39:3", v & bit3,
		      "ADDR_OPCODE_MATCH dropped address bit 3: read 0x%llx (OQ-N19 default: bits "
		      "39:3)", (unsigned long long)v));
	TRY(reserved_walk(t, &r[0], (data & ALT_5) | 4ull << sel->lo, &c));
	rsv_figures(t, &c);
	return V_PASS;
}

static enum verdict run_rw_fields(struct tctx *t) { return guarded(t, rw_fields); }
static enum verdict run_reserved(struct tctx *t) { return guarded(t, reserved_bits); }
static enum verdict run_write_only(struct tctx *t) { return guarded(t, write_only); }
static enum verdict run_status_ro(struct tctx *t) { return guarded(t, status_ro); }
static enum verdict run_width(struct tctx *t) { return guarded(t, counter_width); }
static enum verdict run_addr_match(struct tctx *t) { return guarded(t, addr_match); }

static const struct test tests[] = {
	{ .id = "nhm.regs.rw-fields", .desc = "every RW field of every control register reads back "
	  "as written", .needs = NEED_UNCORE, .run = run_rw_fields },
	{ .id = "nhm.regs.reserved-bits", .desc = "a reserved control bit faults (model) or leaves "
	  "the documented bits intact", .needs = NEED_UNCORE, .run = run_reserved },
	{ .id = "nhm.regs.write-only", .desc = "OCC_CTR_RST reads 0 with the rest as written; "
	  "GLOBAL_OVF_CTRL read", .needs = NEED_UNCORE, .run = run_write_only },
	{ .id = "nhm.regs.status-read-only", .desc = "WRMSR to GLOBAL_STATUS neither clears nor "
	  "sets a bit", .needs = NEED_UNCORE, .run = run_status_ro },
	{ .id = "nhm.regs.counter-width", .desc = "counters keep bits 47:0 of a write, drop 63:48, "
	  "do not alias", .needs = NEED_UNCORE, .run = run_width },
	{ .id = "nhm.regs.addr-match", .desc = "ADDR_OPCODE_MATCH reads back its documented "
	  "fields; reserved bits", .needs = NEED_UNCORE, .run = run_addr_match },
};
const struct suite nhm_regs_suite = SUITE("nhm.regs", tests);
