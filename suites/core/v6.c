/* CPUID leaf 23H and architectural performance monitoring version 6
 * (spec core-pmu-and-apic.md C-64..C-73): the harness's counters come
 * from the leaf where sub-leaf 0 flags sub-leaf 1 in bit 1, holes and all;
 * the alias MSRs are the legacy counters; EQ and UMASK2 where
 * enumerated. The suite runs once per core type (each on its own CPU,
 * C-61), so each type's bitmaps are its own. Expectations come from the
 * test's own reading of CPUID (the constants below), never from the
 * harness's decoding, which is what enumeration checks. */
#include "suites/core/core.h"

#define LEAF23 0x23u
#define SUB0_VALID 0x1u          /* CPUID.(23H,0):EAX bit 0 (C-64) */
#define SUB1_VALID 0x2u          /* bit 1: sub-leaf 1, the counters */
#define EXT_UMASK2 0x1u          /* CPUID.(23H,0):EBX (C-65) */
#define EXT_EQ 0x2u
#define HYPERVISOR (1u << 31)    /* CPUID.01H:ECX */
#define PERFMON_EXT (1u << 8)    /* CPUID.(07H,1):EAX: leaf 23H supported (C-68) */
#define GP_CTR(n) (0x1900u + 4 * (n))    /* C-69 */
#define GP_CFG_A(n) (0x1901u + 4 * (n))
#define FX_CTR(m) (0x1980u + 4 * (m))
#define SEL_EQ (1ull << 36)               /* C-70 */
#define SEL_UMASK2(v) ((uint64_t)(v) << 40)
#define WIN_US 200
/* Two values for the alias test, below 2^31 so that a write through
 * IA32_PMCn (32 bits sign-extended, C-17) and one through the alias (full
 * width, OQ-C27) store them alike: the register read first takes the low
 * one, the other register then the high one. */
#define VAL_LOW 0x20000000ull
#define VAL_HIGH 0x40000000ull

/* Leaf 23H as this test reads it. */
struct leaf23 {
	uint32_t max, s0[4], s1[4], a[4];
	bool hv, flag;
};

static bool read_leaf23(struct leaf23 *l)
{
	uint32_t r[4];

	memset(l, 0, sizeof(*l));
	pmu_cpuid(0, 0, r);
	l->max = r[0];
	pmu_cpuid(1, 0, r);
	l->hv = (r[2] & HYPERVISOR) != 0;
	pmu_cpuid(0xA, 0, l->a);
	if (l->max >= 7) { /* C-68: the leaf's flag, in leaf 7's sub-leaf 1 */
		pmu_cpuid(7, 0, r);
		if (r[0] >= 1) {
			pmu_cpuid(7, 1, r);
			l->flag = (r[0] & PERFMON_EXT) != 0;
		}
	}
	if (l->max < LEAF23 || !l->flag)
		return false;
	pmu_cpuid(LEAF23, 0, l->s0);
	pmu_cpuid(LEAF23, 1, l->s1);
	/* a leaf within the highest that the processor does not support
	 * reads 0 in every register (CPUID's rule), as under a hypervisor
	 * that raises the highest leaf past one it does not present */
	return (l->s0[0] | l->s0[1] | l->s0[2] | l->s0[3]) != 0;
}

/* The general counters by C-64/C-66: sub-leaf 1 EAX where bit 1 flags
 * it, else CPUID.0AH's first EAX[15:8]. */
static uint32_t want_gp(const struct leaf23 *l)
{
	unsigned n = l->a[0] >> 8 & 0xFF;

	if (l->s0[0] & SUB1_VALID)
		return l->s1[0];
	return n >= 32 ? ~0u : (1u << n) - 1;
}

static uint32_t want_fixed(const struct leaf23 *l)
{
	return l->s0[0] & SUB1_VALID ? l->s1[1] : core_rule_fixed_set(l->a);
}

/* Every general counter of `set` counting core cycles and every fixed one
 * of `fixed` enabled, for WIN_US, through one GLOBAL_CTRL write each way
 * (C-09); each must have counted. */
static enum verdict all_count(struct tctx *t, const struct core *c, uint32_t set, uint32_t fixed)
{
	struct core_win w = { .us = WIN_US };
	unsigned n;

	for (n = 0; n < CORE_MAX_GP; n++)
		if (set >> n & 1) {
			w.sel[n] = SEL_COUNT(EV_CYCLES);
			w.en |= G_PMC(n);
		}
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (fixed >> n & 1) {
			w.fixed_ctl |= FC_EN(n, 1);
			w.en |= G_FIXED(n);
		}
	TRY(core_window(t, c, &w));
	for (n = 0; n < CORE_MAX_GP; n++)
		CHECK(t, !(set >> n & 1) || w.gp[n], "IA32_PMC%u, enumerated, counted no cycles in "
		      "%u us (C-66)", n, WIN_US);
	for (n = 0; n < CORE_MAX_FIXED; n++)
		CHECK(t, !(fixed >> n & 1) || w.fixed[n], "IA32_FIXED_CTR%u, enumerated, counted "
		      "nothing in %u us (C-66)", n, WIN_US);
	return V_PASS;
}

/* C-64, C-66, C-68, C-73: where CPUID.(07H,1):EAX[8] says leaf 23H is
 * there, the harness's counters are those it gives when
 * sub-leaf 0 EAX bit 1 flags sub-leaf 1 (CPUID.0AH's otherwise), each of
 * them counts; sub-leaf 0 is always flagged, and on bare metal sub-leaf 1
 * too. On the model a hole below the bitmap's highest bit is no counter,
 * and a sub-leaf the bitmap leaves out answers zeros. */
static enum verdict enumeration(struct tctx *t)
{
	struct core c;
	struct leaf23 l;
	enum verdict v = core_begin(t, &c, 1);
	uint32_t gp, fixed, got_gp, got_fixed, top;
	uint64_t r;
	unsigned n;

	if (v != V_PASS)
		return v;
	if (!read_leaf23(&l))
		return core_end(&c, t_na(t, "no CPUID leaf 23H (CPUID.(07H,1):EAX[8] = %u, highest "
					 "basic leaf 0x%x, or the leaf reads 0; C-64, C-68)",
					 l.flag, l.max));
	gp = want_gp(&l);
	fixed = want_fixed(&l);
	got_gp = core_enum_gp_set(&c.e);
	got_fixed = core_enum_fixed_set(&c.e);
	t_figure(t, "leaf23_subleaves_mask", l.s0[0], "mask");
	t_figure(t, "gp_set_mask", got_gp, "mask");
	t_figure(t, "fixed_set_mask", got_fixed, "mask");
	/* what a reader of bit 0 (Linux before its fix) would take (C-64) */
	t_figure(t, "bit0_reader_gp_mask", l.s0[0] & SUB0_VALID ? l.s1[0] : 0, "mask");
	CHECK(t, l.s0[0] & SUB0_VALID, "CPUID.(23H,0):EAX 0x%x does not flag sub-leaf 0 (C-64)",
	      l.s0[0]);
	CHECK(t, l.hv || (l.s0[0] & SUB1_VALID), "CPUID.(23H,0):EAX 0x%x: no sub-leaf 1 on bare "
	      "metal, where it is always valid (C-64)", l.s0[0]);
	CHECK(t, got_gp == gp && got_fixed == fixed, "the harness takes general counters 0x%x "
	      "and fixed 0x%x; sub-leaf 0 EAX 0x%x (bit 1: sub-leaf 1 %s) gives 0x%x and 0x%x "
	      "(C-64, C-66: bit 1 flags sub-leaf 1, not bit 0)", got_gp, got_fixed, l.s0[0],
	      l.s0[0] & SUB1_VALID ? "valid" : "not valid", gp, fixed);
	/* the model's leaf 23H is its own (C-72); silicon's holes are never touched */
	if (c.model && !(l.s0[0] & SUB1_VALID))
		CHECK(t, !(l.s1[0] | l.s1[1]), "the model's sub-leaf 0 EAX 0x%x leaves sub-leaf 1 "
		      "out, yet it answers 0x%x / 0x%x (C-64)", l.s0[0], l.s1[0], l.s1[1]);
	TRY(all_count(t, &c, gp & c.gp_set, fixed & c.fixed_set));
	top = gp & ((1u << CORE_MAX_GP) - 1);
	for (n = 0; c.model && top && n < 31u - (unsigned)__builtin_clz(top); n++)
		if (!(gp >> n & 1)) /* C-66, C-72: the model's hole is no counter */
			CHECK(t, msr_read(plat_this_cpu(), CORE_PMC(n), &r) == VEC_GP,
			      "IA32_PMC%u, a hole of the bitmap 0x%x, took a read (C-66)", n, gp);
	return core_end(&c, V_PASS);
}

/* One direction of C-69, counting: `from` takes VAL_LOW, `to` then
 * VAL_HIGH; `from` must read VAL_HIGH plus what the counter added since,
 * which `to`, read last, bounds from above. The bound is the counter's own
 * reading, not a count from an assumed rate, so no time between the
 * accesses (a preempted CPU, a loaded host under QEMU) moves the verdict.
 * A `from` of its own reads VAL_LOW or what it counted from there, below
 * VAL_HIGH short of 2^29 counts between two accesses, and at most what a
 * `to` of its own reads only by equalling it exactly; an alias of its own
 * that does not count (the model's v6-alias-split) fails the direction
 * from the alias whatever the timing (C-69). */
static enum verdict same_counter(struct tctx *t, uint32_t to, uint32_t from, const char *what)
{
	uint64_t r, back;

	WR(t, from, VAL_LOW);
	WR(t, to, VAL_HIGH);
	RD(t, from, &r);
	RD(t, to, &back);
	CHECK(t, r >= VAL_HIGH && r <= back, "%s: 0x%lx written to MSR 0x%x (0x%lx before to MSR "
	      "0x%x), counting, reads 0x%lx through MSR 0x%x, then 0x%lx through MSR 0x%x: not the "
	      "same counter (C-69)", what, (unsigned long)VAL_HIGH, to, (unsigned long)VAL_LOW, from,
	      (unsigned long)r, from, (unsigned long)back, to);
	return V_PASS;
}

/* C-69 on every counter the harness has, all counting (general ones core
 * cycles, fixed ones their own event): a value written through the alias
 * reads through the legacy MSR and one written through the legacy MSR
 * reads through the alias, each plus what the counter added meanwhile,
 * and the alias goes on counting. The writes come while the counter
 * counts on purpose: one register is one register whenever it is
 * written, and same_counter's bounds leave room for the increments,
 * however many (C-15 asks software to stop a counter before writing it
 * only so that no increment is lost). */
static enum verdict alias_counters(struct tctx *t, const struct core *c)
{
	uint64_t en = 0, ctl = 0, before, after;
	char what[24];
	unsigned idx;

	for (idx = 0; idx < CORE_MAX_GP; idx++)
		if (core_has_gp(c, idx)) {
			WR(t, CORE_SEL(idx), SEL_COUNT(EV_CYCLES));
			en |= G_PMC(idx);
		}
	for (idx = 0; idx < CORE_MAX_FIXED; idx++)
		if (core_has_fixed(c, idx)) {
			ctl |= FC_EN(idx, 1);
			en |= G_FIXED(idx);
		}
	WR(t, CORE_FIXED_CTL, ctl);
	WR(t, MSR_GLOBAL_CTRL, en);
	for (idx = 0; idx < CORE_MAX_GP + CORE_MAX_FIXED; idx++) {
		bool gp = idx < CORE_MAX_GP;
		unsigned k = gp ? idx : idx - CORE_MAX_GP;
		uint32_t legacy = gp ? CORE_PMC(k) : CORE_FIXED(k), al = gp ? GP_CTR(k) : FX_CTR(k);

		if (gp ? !core_has_gp(c, k) : !core_has_fixed(c, k))
			continue;
		core_name(idx, what, sizeof(what));
		TRY(same_counter(t, al, legacy, what));
		TRY(same_counter(t, legacy, al, what));
		RD(t, al, &before);
		pmi_spin(NULL, 1);
		RD(t, al, &after);
		CHECK(t, after > before, "%s's alias (MSR 0x%x) stood at 0x%lx over 1 us while the "
		      "counter counts (C-69)", what, al, (unsigned long)before);
	}
	WR(t, MSR_GLOBAL_CTRL, 0);
	return V_PASS;
}

/* C-69: the alias select IA32_PMC_GPn_CFG_A is IA32_PERFEVTSELn, both
 * ways, on every general counter the harness has. */
static enum verdict alias_selects(struct tctx *t, const struct core *c)
{
	uint64_t a = SEL_COUNT(EV_CYCLES), b = SEL_COUNT(EV_INST), r;
	unsigned n;

	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!core_has_gp(c, n))
			continue;
		WR(t, GP_CFG_A(n), a);
		RD(t, CORE_SEL(n), &r);
		CHECK(t, r == a, "IA32_PMC_GP%u_CFG_A took 0x%lx, IA32_PERFEVTSEL%u reads 0x%lx "
		      "(C-69)", n, (unsigned long)a, n, (unsigned long)r);
		WR(t, CORE_SEL(n), b);
		RD(t, GP_CFG_A(n), &r);
		CHECK(t, r == b, "IA32_PERFEVTSEL%u took 0x%lx, IA32_PMC_GP%u_CFG_A reads 0x%lx "
		      "(C-69)", n, (unsigned long)b, n, (unsigned long)r);
		WR(t, CORE_SEL(n), 0);
	}
	return V_PASS;
}

static enum verdict alias(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);

	if (v != V_PASS)
		return v;
	if (c.e.version < 6)
		return core_end(&c, t_na(t, "architectural PMU version %u: the alias MSRs come "
					 "with version 6 (C-69)", c.e.version));
	v = alias_selects(t, &c);
	if (v == V_PASS)
		v = alias_counters(t, &c);
	return core_end(&c, v);
}

/* The first k general counters the harness has, in out; false if fewer. */
static bool first_gp(const struct core *c, unsigned k, unsigned *out)
{
	unsigned n, i = 0;

	for (n = 0; n < CORE_MAX_GP && i < k; n++)
		if (core_has_gp(c, n))
			out[i++] = n;
	return i == k;
}

/* C-70, OQ-C28: with EQ and CMASK = 1 a counter of instructions retired
 * counts the cycles retiring exactly one, which is what a counter with
 * CMASK = 1 counts less one with CMASK = 2, all three over one window;
 * on hardware within the skew of their starts and stops (core_slack).
 * Where EQ is not enumerated (C-65), on the model a select with it
 * raises #GP (C-70); on hardware nothing is written (C-73). */
static enum verdict eq(struct tctx *t)
{
	struct core c;
	struct leaf23 l;
	enum verdict v = core_begin(t, &c, 3);
	struct core_win w = { .us = WIN_US };
	uint64_t base = core_event(EV_INST) | SEL_OS | SEL_EN, diff, slack;
	unsigned g[3], i;
	int e;

	if (v != V_PASS)
		return v;
	if (!read_leaf23(&l) || c.e.version < 6)
		return core_end(&c, t_na(t, "architectural PMU version %u: EQ comes with version "
					 "6 (C-70)", c.e.version));
	if (!(l.s0[1] & EXT_EQ)) {
		if (!c.model) /* not enumerated: written on the model only (C-73) */
			return core_end(&c, t_na(t, "EQ not enumerated (CPUID.(23H,0):EBX 0x%x, "
						 "C-65)", l.s0[1]));
		e = msr_write(plat_this_cpu(), CORE_SEL(0), base | SEL_CMASK(1) | SEL_EQ);
		msr_write(plat_this_cpu(), CORE_SEL(0), 0);
		return core_end(&c, e == VEC_GP ? V_PASS : t_fail(t, "EQ not enumerated "
			"(CPUID.(23H,0):EBX 0x%x), yet the model took it (%d; 13 = #GP) (C-70)",
			l.s0[1], e));
	}
	if (!first_gp(&c, 3, g))
		return core_end(&c, t_skip(t, "needs 3 general counters"));
	w.sel[g[0]] = base | SEL_CMASK(1);
	w.sel[g[1]] = base | SEL_CMASK(2);
	w.sel[g[2]] = base | SEL_CMASK(1) | SEL_EQ;
	for (i = 0; i < 3; i++)
		w.en |= G_PMC(g[i]);
	v = core_window(t, &c, &w);
	if (v != V_PASS)
		return core_end(&c, v);
	diff = w.gp[g[0]] - w.gp[g[1]];
	slack = 2 * core_slack(t, 1);
	t_figure(t, "eq_count", w.gp[g[2]], "count");
	t_figure(t, "ge1_less_ge2_count", diff, "count");
	return core_end(&c, t_default(t, "OQ-C28", "EQ with CMASK 1 counts the cycles retiring "
				      "exactly 1", w.gp[g[2]] + slack >= diff &&
				      w.gp[g[2]] <= diff + slack && w.gp[g[1]], "EQ, CMASK 1 counted "
				      "%lu cycles; CMASK 1 less CMASK 2 is %lu - %lu = %lu (tolerance "
				      "%lu), want the same, CMASK 2 above 0 (C-70)",
				      (unsigned long)w.gp[g[2]], (unsigned long)w.gp[g[0]],
				      (unsigned long)w.gp[g[1]], (unsigned long)diff,
				      (unsigned long)slack));
}

/* C-70: where UMASK2 is enumerated a select takes it and keeps it; on
 * the model, instructions retired with UMASK2 = 1 is another event than
 * the architectural one and counts nothing, while without it the same
 * counter counts; on hardware the counts are reported. Where it is not
 * enumerated (C-65), on the model the select refuses it (#GP); on
 * hardware nothing is written (C-73). */
static enum verdict umask2(struct tctx *t)
{
	struct core c;
	struct leaf23 l;
	enum verdict v = core_begin(t, &c, 1);
	uint64_t sel = core_event(EV_INST) | SEL_OS | SEL_EN, r;
	struct core_win w = { .us = WIN_US, .en = G_PMC(0) };
	int e;

	if (v != V_PASS)
		return v;
	if (!read_leaf23(&l) || c.e.version < 6)
		return core_end(&c, t_na(t, "architectural PMU version %u: UMASK2 comes with "
					 "version 6 (C-70)", c.e.version));
	if (!(l.s0[1] & EXT_UMASK2)) {
		if (!c.model) /* not enumerated: written on the model only (C-73) */
			return core_end(&c, t_na(t, "UMASK2 not enumerated (CPUID.(23H,0):EBX 0x%x, "
						 "C-65)", l.s0[1]));
		e = msr_write(plat_this_cpu(), CORE_SEL(0), sel | SEL_UMASK2(1));
		msr_write(plat_this_cpu(), CORE_SEL(0), 0);
		return core_end(&c, e == VEC_GP ? V_PASS : t_fail(t, "UMASK2 not enumerated "
			"(CPUID.(23H,0):EBX 0x%x), yet the model took it (%d; 13 = #GP) (C-70)",
			l.s0[1], e));
	}
	e = msr_write(plat_this_cpu(), CORE_SEL(0), sel | SEL_UMASK2(1));
	if (!e)
		e = msr_read(plat_this_cpu(), CORE_SEL(0), &r);
	msr_write(plat_this_cpu(), CORE_SEL(0), 0);
	if (e)
		return core_end(&c, t_fail(t, "UMASK2 enumerated, yet IA32_PERFEVTSEL0 with it "
					   "faulted (%d) (C-70)", e));
	if (r != (sel | SEL_UMASK2(1)))
		return core_end(&c, t_fail(t, "IA32_PERFEVTSEL0 took 0x%lx, reads 0x%lx (C-70)",
					   (unsigned long)(sel | SEL_UMASK2(1)), (unsigned long)r));
	w.sel[0] = sel | SEL_UMASK2(1);
	if ((v = core_window(t, &c, &w)) != V_PASS)
		return core_end(&c, v);
	r = w.gp[0];
	w.sel[0] = sel;
	if ((v = core_window(t, &c, &w)) != V_PASS)
		return core_end(&c, v);
	t_figure(t, "umask2_count", r, "count");
	t_figure(t, "inst_count", w.gp[0], "count");
	/* only the model's UMASK2 event is known to count nothing (C-72) */
	if (c.model && (r || !w.gp[0]))
		return core_end(&c, t_fail(t, "instructions retired with UMASK2 = 1 counted %lu, "
			"without %lu: want 0 and more than 0, UMASK2 being part of the unit mask "
			"(C-70)", (unsigned long)r, (unsigned long)w.gp[0]));
	return core_end(&c, V_PASS);
}

static const struct test core_v6_tests[] = {
	{ .id = "core.v6.enum", .desc = "leaf 23H: the harness's counters from sub-leaf 1 where "
	  "sub-leaf 0 EAX bit 1 (not bit 0) flags it, else CPUID.0AH; each counts; a hole is none "
	  "(C-64, C-66, C-73)", .needs = NEED_CORE_PMU, .run = enumeration },
	{ .id = "core.v6.alias", .desc = "version 6: IA32_PMC_GPn_CTR/_CFG_A and IA32_PMC_FXm_CTR "
	  "are the legacy counters and selects, written either way while counting (C-69)",
	  .needs = NEED_CORE_PMU, .run = alias },
	{ .id = "core.v6.eq", .desc = "version 6: EQ with CMASK 1 counts CMASK 1 less CMASK 2; "
	  "refused where not enumerated (C-65, C-70, OQ-C28)", .needs = NEED_CORE_PMU, .run = eq },
	{ .id = "core.v6.umask2", .desc = "version 6: UMASK2 taken and kept where enumerated, "
	  "another event than the architectural one; refused where not (C-65, C-70)",
	  .needs = NEED_CORE_PMU, .run = umask2 },
};
const struct suite core_v6_suite = SUITE_EACH_TYPE("core.v6", core_v6_tests);
