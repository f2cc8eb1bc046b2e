/* What architectural performance monitoring version 4 adds to the core PMU
 * (C-43..C-48, OQ-C14..OQ-C17): IA32_PERF_GLOBAL_STATUS_SET and _RESET
 * (0x391, 0x390), IA32_PERF_GLOBAL_INUSE (0x392) and the streamlined
 * freezes on PMI of DEBUGCTL bits 11 and 12. N/A below version 4, where
 * 0x391 and 0x392 are not the core's (C-50). Expectations are this file's
 * own constants (suites/core/core.h); where the spec leaves the answer open
 * the model's default is asserted on the emulated core PMU and hardware's
 * reported. Every test leaves the freeze bits cleared and DEBUGCTL as it
 * found it, whatever its verdict. */
#include "suites/core/core.h"

#define PRESET_N  200000ull /* events to the overflow, as suites/core/pmi.c */
#define HOLD_US   2000      /* a frozen counter must not move over this */

static struct {
	volatile unsigned count;
	volatile uint64_t status;
} got;

/* Records the PMI and the status it found, clears nothing: the test judges
 * the freeze afterwards; unmasks the entry for the next (C-29). */
static void on_pmi(unsigned vector)
{
	uint64_t st = 0;

	(void)vector;
	got.count++;
	msr_read(plat_this_cpu(), MSR_GLOBAL_STATUS, &st);
	got.status = st;
	pmu_lvtpc_write(CORE_PMI_VEC);
}

/* The core PMU at rest, the freeze bits reset (C-43). */
static enum verdict v4_end(struct core *c, enum verdict v)
{
	msr_write(plat_this_cpu(), MSR_GLOBAL_OVF_CTRL, ST_LBR_FRZ | ST_CTR_FRZ | G_COUNTERS);
	return core_end(c, v);
}

/* core_begin for this file: N/A below version 4. */
static enum verdict v4_begin(struct tctx *t, struct core *c, unsigned ngp)
{
	enum verdict v = core_begin(t, c, ngp);

	if (v == V_PASS && c->e.version < 4)
		return core_end(c, t_na(t, "architectural PMU version %u: STATUS_SET, INUSE and the "
					"streamlined freeze come with version 4 (C-43..C-47)",
					c->e.version));
	return v;
}

/* ---- STATUS_SET and STATUS_RESET ---- */

/* STATUS_SET of `bits` adds exactly them to the status (C-44), STATUS_RESET
 * of them takes exactly them away (C-43). */
static enum verdict set_then_reset(struct tctx *t, uint64_t bits)
{
	uint64_t s0, s1, s2;

	RD(t, MSR_GLOBAL_STATUS, &s0);
	WR(t, CORE_STATUS_SET, bits);
	RD(t, MSR_GLOBAL_STATUS, &s1);
	WR(t, MSR_GLOBAL_OVF_CTRL, bits);
	RD(t, MSR_GLOBAL_STATUS, &s2);
	CHECK(t, s1 == (s0 | bits), "IA32_PERF_GLOBAL_STATUS 0x%lx after STATUS_SET 0x%lx over "
	      "0x%lx: not exactly the bits written added (C-44)", (unsigned long)s1,
	      (unsigned long)bits, (unsigned long)s0);
	CHECK(t, s2 == (s0 & ~bits), "IA32_PERF_GLOBAL_STATUS 0x%lx after STATUS_RESET 0x%lx: "
	      "not exactly those bits taken away (C-43)", (unsigned long)s2, (unsigned long)bits);
	return V_PASS;
}

static enum verdict status_set_body(struct tctx *t, const struct core *c)
{
	uint64_t r390 = 0, r391 = 0;
	unsigned n;

	CORE_FOR_GP(c, n, 1)
		TRY(set_then_reset(t, G_PMC(n)));
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (core_has_fixed(c, n)) /* C-52, C-61 */
			TRY(set_then_reset(t, G_FIXED(n)));
	TRY(set_then_reset(t, ST_LBR_FRZ));
	TRY(set_then_reset(t, ST_CTR_FRZ));
	TRY(set_then_reset(t, ST_OVF_BUF));
	TRY(set_then_reset(t, G_PMC(0) | G_FIXED(core_has_fixed(c, 1) ? 1 : 0) | ST_OVF_BUF));
	/* OQ-C16: what a read of either returns */
	RD(t, MSR_GLOBAL_OVF_CTRL, &r390);
	RD(t, CORE_STATUS_SET, &r391);
	t_figure(t, "status_reset_read_id", (int64_t)r390, "id");
	t_figure(t, "status_set_read_id", (int64_t)r391, "id");
	return t_default(t, "OQ-C16", "STATUS_RESET and STATUS_SET read 0", !r390 && !r391,
			 "STATUS_RESET reads 0x%lx, STATUS_SET 0x%lx", (unsigned long)r390,
			 (unsigned long)r391);
}

static enum verdict status_set(struct tctx *t)
{
	struct core c;
	enum verdict v = v4_begin(t, &c, 1);

	return v == V_PASS ? v4_end(&c, status_set_body(t, &c)) : v;
}

/* ---- INUSE ---- */

static enum verdict inuse_is(struct tctx *t, uint64_t want, const char *how)
{
	uint64_t r;

	RD(t, CORE_INUSE, &r);
	CHECK(t, (r & ~INUSE_PMI) == (want & ~INUSE_PMI), "IA32_PERF_GLOBAL_INUSE 0x%lx with %s, "
	      "0x%lx expected (C-45)", (unsigned long)r, how, (unsigned long)want);
	return t_default(t, "OQ-C15", "PMI_InUse is bit 63", (r & INUSE_PMI) == (want & INUSE_PMI),
			 "IA32_PERF_GLOBAL_INUSE 0x%lx with %s, bit 63 %s expected (C-45)",
			 (unsigned long)r, how, want & INUSE_PMI ? "set" : "clear");
}

static enum verdict inuse_body(struct tctx *t, const struct core *c)
{
	unsigned n, en;

	TRY(inuse_is(t, 0, "every control at rest"));
	CORE_FOR_GP(c, n, 1) {
		WR(t, CORE_SEL(n), core_event(EV_CYCLES) | SEL_OS); /* an event, EN clear */
		TRY(inuse_is(t, G_PMC(n), "an event select and EN clear"));
		WR(t, CORE_SEL(n), SEL_OS | SEL_EN); /* EN, event select 0 */
		WR(t, MSR_GLOBAL_CTRL, G_PMC(n));
		TRY(inuse_is(t, 0, "EN and EN_PMC set, event select 0"));
		WR(t, MSR_GLOBAL_CTRL, 0);
		WR(t, CORE_SEL(n), SEL_INT);
		TRY(inuse_is(t, INUSE_PMI, "INT alone"));
		WR(t, CORE_SEL(n), 0);
	}
	for (n = 0; n < CORE_MAX_FIXED; n++) {
		if (!core_has_fixed(c, n))
			continue; /* C-52, C-61 */
		for (en = 0; en < 4; en++) {
			WR(t, CORE_FIXED_CTL, FC_EN(n, en));
			TRY(inuse_is(t, en ? G_FIXED(n) : 0, "a fixed counter's EN field"));
		}
		WR(t, CORE_FIXED_CTL, FC_PMI(n));
		TRY(inuse_is(t, INUSE_PMI, "a fixed counter's PMI bit alone"));
		WR(t, CORE_FIXED_CTL, 0);
	}
	return V_PASS;
}

static enum verdict inuse(struct tctx *t)
{
	struct core c;
	enum verdict v = v4_begin(t, &c, 1);

	return v == V_PASS ? v4_end(&c, inuse_body(t, &c)) : v;
}

/* ---- freezes on PMI ---- */

/* IA32_PMC0 at -N on core cycles (INT as given) beside IA32_PMC1 on core
 * cycles and, if there, IA32_FIXED_CTR1, all started by one write. */
static enum verdict start_pair(struct tctx *t, const struct core *c, bool pmi, uint64_t *gctl)
{
	uint64_t st;

	WR(t, MSR_GLOBAL_CTRL, 0);
	WR(t, CORE_SEL(0), 0);
	/* The status and freeze bits are reset before any select is written:
	 * a PMU whose counters run without GLOBAL_CTRL would otherwise count
	 * from the select write on, and an overflow then would be erased or
	 * kept by how long the writes between took. */
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS | ST_LBR_FRZ | ST_CTR_FRZ);
	/* And found reset, every counter stopped: a bit left over would pass
	 * for IA32_PMC0's overflow before it came, and the test's verdict
	 * would hang on whether that overflow, and the freeze its PMI makes,
	 * came before the test ended (C-07, C-43). */
	RD(t, MSR_GLOBAL_STATUS, &st);
	CHECK(t, !(st & (G_COUNTERS | ST_LBR_FRZ | ST_CTR_FRZ)), "IA32_PERF_GLOBAL_STATUS 0x%lx "
	      "after STATUS_RESET of every counter's bit and both freeze bits, the counters "
	      "stopped (C-07, C-43)", (unsigned long)st);
	TRY(core_set_pmc(t, 0, 0 - PRESET_N)); /* C-17: sign-extended */
	WR(t, CORE_SEL(0), SEL_COUNT(EV_CYCLES) | (pmi ? SEL_INT : 0));
	WR(t, CORE_SEL(1), SEL_COUNT(EV_CYCLES));
	*gctl = G_PMC(0) | G_PMC(1);
	if (core_has_fixed(c, 1)) {
		WR(t, CORE_FIXED_CTL, FC_EN(1, 1));
		*gctl |= G_FIXED(1);
	}
	WR(t, MSR_GLOBAL_CTRL, *gctl);
	return V_PASS;
}

/* IA32_PMC0's overflow and the PMIs it owed are in: the status then. */
static enum verdict overflowed(struct tctx *t, uint64_t *st)
{
	TRY(core_overflowed(t, G_PMC(0), "IA32_PMC0"));
	RD(t, MSR_GLOBAL_STATUS, st);
	return V_PASS;
}

/* IA32_PMC1 (and IA32_FIXED_CTR1) over HOLD_US: *moved whether either did. */
static enum verdict moved(struct tctx *t, const struct core *c, bool *moved)
{
	uint64_t a0, a1, f0 = 0, f1 = 0;

	RD(t, CORE_PMC(1), &a0);
	if (core_has_fixed(c, 1))
		RD(t, CORE_FIXED(1), &f0);
	plat_stall_us(HOLD_US);
	RD(t, CORE_PMC(1), &a1);
	if (core_has_fixed(c, 1))
		RD(t, CORE_FIXED(1), &f1);
	*moved = a1 != a0 || f1 != f0;
	return V_PASS;
}

/* C-47: FREEZE_PERFMON_ON_PMI and IA32_PMC0's PMI: CTR_Frz set, every
 * counter still, GLOBAL_CTRL as written (not the legacy clear of C-04);
 * STATUS_RESET of CTR_Frz alone lets them count again. */
static enum verdict freeze_body(struct tctx *t, const struct core *c)
{
	uint64_t gctl, st, g;
	bool mv;

	TRY(start_pair(t, c, true, &gctl));
	TRY(overflowed(t, &st));
	t_figure(t, "pmis_count", got.count, "count");
	CHECK(t, got.count == 1, "%u PMIs for IA32_PMC0's one overflow with INT (C-10)", got.count);
	CHECK(t, st & ST_CTR_FRZ, "IA32_PERF_GLOBAL_STATUS 0x%lx: no CTR_Frz after a PMI with "
	      "FREEZE_PERFMON_ON_PMI (C-47)", (unsigned long)st);
	RD(t, MSR_GLOBAL_CTRL, &g);
	CHECK(t, g == gctl, "IA32_PERF_GLOBAL_CTRL 0x%lx after the freeze, 0x%lx written: version 4 "
	      "keeps it (C-47, not C-04's legacy clear)", (unsigned long)g, (unsigned long)gctl);
	TRY(moved(t, c, &mv));
	CHECK(t, !mv, "IA32_PMC1 or IA32_FIXED_CTR1 counted with CTR_Frz set (C-47)");
	WR(t, MSR_GLOBAL_OVF_CTRL, ST_CTR_FRZ);
	RD(t, MSR_GLOBAL_STATUS, &st);
	CHECK(t, !(st & ST_CTR_FRZ), "STATUS_RESET bit 59 left CTR_Frz set: 0x%lx (C-43)",
	      (unsigned long)st);
	TRY(moved(t, c, &mv));
	CHECK(t, mv, "IA32_PMC1 did not count again once CTR_Frz was reset (C-47)");
	return V_PASS;
}

/* Runs body with DEBUGCTL's freeze bits `dbg` set and a handler on the PMI
 * vector; DEBUGCTL and the entry restored, the freeze bits reset after. */
static enum verdict with_freeze(struct tctx *t, uint64_t dbg,
				enum verdict (*body)(struct tctx *, const struct core *))
{
	struct core c;
	struct pmi_path p;
	enum verdict v = v4_begin(t, &c, 2);
	uint64_t d;
	int e;

	if (v != V_PASS)
		return v;
	memset((void *)&got, 0, sizeof(got));
	v = pmi_path_open(t, &p, CORE_PMI_VEC, CORE_PMI_VEC, false, on_pmi);
	if (v == V_PASS && (e = msr_read(plat_this_cpu(), MSR_DEBUGCTL, &d)) == 0)
		e = msr_write(plat_this_cpu(), MSR_DEBUGCTL, d | dbg);
	else if (v == V_PASS)
		v = t_error(t, "rdmsr IA32_DEBUGCTL faulted (%d)", e);
	if (v == V_PASS && e)
		v = t_error(t, "setting IA32_DEBUGCTL's freeze bits faulted (%d)", e);
	if (v == V_PASS)
		v = body(t, &c);
	msr_write(plat_this_cpu(), MSR_GLOBAL_CTRL, 0);
	pmi_path_close(&p); /* DEBUGCTL as found */
	return v4_end(&c, v);
}

static enum verdict freeze(struct tctx *t)
{
	return with_freeze(t, DBG_FRZ_PERFMON, freeze_body);
}

/* OQ-C14: an overflow without INT, both freeze bits set: the model freezes
 * nothing (its default); hardware's answer is reported. */
static enum verdict no_int_body(struct tctx *t, const struct core *c)
{
	uint64_t gctl, st;
	bool mv;

	TRY(start_pair(t, c, false, &gctl));
	TRY(overflowed(t, &st));
	TRY(moved(t, c, &mv));
	t_figure(t, "ctr_frz_bool", (st & ST_CTR_FRZ) != 0, "bool");
	t_figure(t, "lbr_frz_bool", (st & ST_LBR_FRZ) != 0, "bool");
	return t_default(t, "OQ-C14", "an overflow without INT freezes nothing",
			 !(st & (ST_CTR_FRZ | ST_LBR_FRZ)) && mv, "an overflow without INT froze: "
			 "status 0x%lx, IA32_PMC1 %s", (unsigned long)st, mv ? "counting" : "still");
}

static enum verdict freeze_no_int(struct tctx *t)
{
	return with_freeze(t, DBG_FRZ_PERFMON | DBG_FRZ_LBRS, no_int_body);
}

/* C-48: FREEZE_LBRS_ON_PMI alone: LBR_Frz on the PMI, no CTR_Frz, the
 * counters count on. Whether hardware sets LBR_Frz with the LBRs off
 * (DEBUGCTL.LBR clear) is not said: OQ-C34. */
static enum verdict lbr_body(struct tctx *t, const struct core *c)
{
	uint64_t gctl, st;
	bool mv;

	TRY(start_pair(t, c, true, &gctl));
	TRY(overflowed(t, &st));
	TRY(moved(t, c, &mv));
	CHECK(t, !(st & ST_CTR_FRZ) && mv, "FREEZE_LBRS_ON_PMI alone froze the counters: status "
	      "0x%lx, IA32_PMC1 %s (C-48)", (unsigned long)st, mv ? "counting" : "still");
	t_figure(t, "lbr_frz_bool", (st & ST_LBR_FRZ) != 0, "bool");
	return t_default(t, "OQ-C34", "LBR_Frz set with the LBRs off", st & ST_LBR_FRZ,
			 "no LBR_Frz after a PMI with FREEZE_LBRS_ON_PMI: status 0x%lx (C-48)",
			 (unsigned long)st);
}

static enum verdict lbr_freeze(struct tctx *t)
{
	return with_freeze(t, DBG_FRZ_LBRS, lbr_body);
}

/* OQ-C17: CTR_Frz set by STATUS_SET stands the counters still as a freeze
 * on PMI does, STATUS_RESET lets them go: asserted on the model, reported
 * on hardware. */
static enum verdict soft_body(struct tctx *t, const struct core *c)
{
	uint64_t gctl;
	bool held, again;

	TRY(start_pair(t, c, false, &gctl)); /* IA32_PMC0 far from its overflow for HOLD_US */
	WR(t, CORE_STATUS_SET, ST_CTR_FRZ);
	TRY(moved(t, c, &held));
	WR(t, MSR_GLOBAL_OVF_CTRL, ST_CTR_FRZ);
	TRY(moved(t, c, &again));
	t_figure(t, "frozen_by_software_bool", !held, "bool");
	TRY(t_default(t, "OQ-C17", "CTR_Frz set by STATUS_SET freezes", !held, "IA32_PMC1 or "
		      "IA32_FIXED_CTR1 counted with CTR_Frz set through STATUS_SET"));
	CHECK(t, again, "IA32_PMC1 still once CTR_Frz was reset (C-47)");
	return V_PASS;
}

static enum verdict soft_freeze(struct tctx *t)
{
	return with_freeze(t, 0, soft_body);
}

static const struct test core_v4_tests[] = {
	{ .id = "core.v4.status-set", .desc = "STATUS_SET (0x391) sets exactly the bits written, "
	  "STATUS_RESET (0x390) clears exactly them, freeze bits included (C-43, C-44, OQ-C16)",
	  .needs = NEED_CORE_PMU, .run = status_set },
	{ .id = "core.v4.inuse", .desc = "INUSE (0x392) shows each event select and fixed EN "
	  "field programmed, whatever EN, and PMI_InUse for INT or a fixed PMI bit (C-45, OQ-C15)",
	  .needs = NEED_CORE_PMU, .run = inuse },
	{ .id = "core.v4.freeze", .desc = "FREEZE_PERFMON_ON_PMI: a PMI sets CTR_Frz and stands "
	  "every counter still, GLOBAL_CTRL kept; resetting CTR_Frz resumes them (C-47)",
	  .needs = NEED_CORE_PMU, .run = freeze },
	{ .id = "core.v4.freeze-no-int", .desc = "an overflow without INT freezes nothing, both "
	  "freeze bits set (OQ-C14)", .needs = NEED_CORE_PMU, .run = freeze_no_int },
	{ .id = "core.v4.lbr-freeze", .desc = "FREEZE_LBRS_ON_PMI alone: LBR_Frz on the PMI, the "
	  "counters run on (C-48)", .needs = NEED_CORE_PMU, .run = lbr_freeze },
	{ .id = "core.v4.soft-freeze", .desc = "CTR_Frz set through STATUS_SET stands the counters "
	  "still until reset (OQ-C17)", .needs = NEED_CORE_PMU, .run = soft_freeze },
};
const struct suite core_v4_suite = SUITE_EACH_TYPE("core.v4", core_v4_tests);
