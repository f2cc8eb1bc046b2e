/* What every core test is built from (suites/core/core.h): the enumeration,
 * controls at rest, counter writes that respect C-15, the C-42 errata
 * reset, and counting windows opened and closed by one GLOBAL_CTRL write. */
#include "suites/core/core.h"

uint64_t core_event(unsigned row)
{
	/* C-24, Table 18-1: event select | umask << 8 of EBX bit `row` */
	static const uint16_t ev[] = { 0x003C, 0x00C0, 0x013C, 0x4F2E, 0x412E, 0x00C4, 0x00C5 };

	return row < ARRAY_SIZE(ev) ? ev[row] : 0;
}

uint32_t core_rule_fixed_set(const uint32_t a[4])
{
	unsigned ver = a[0] & 0xFF, n = a[3] & 0x1F, i;
	uint32_t set = 0;

	for (i = 0; ver >= 2 && i < CORE_MAX_FIXED; i++)
		if (n > i || (ver >= 5 && (a[2] >> i & 1)))
			set |= 1u << i;
	return set;
}

uint64_t core_slack(struct tctx *t, unsigned per_cycle_max)
{
	return (uint64_t)t_slack(t, 2 * CORE_SKEW * (int64_t)per_cycle_max, "counters start and stop "
				 "up to CORE_SKEW cycles apart: one GLOBAL_CTRL write, no "
				 "simultaneity promised (C-09)");
}

/* Controls at rest; the first fault is returned, the rest still tried. */
static int rest(const struct core *c)
{
	unsigned me = plat_this_cpu(), n;
	int e = msr_write(me, MSR_GLOBAL_CTRL, 0), f;

	if (c->fixed_set && (f = msr_write(me, CORE_FIXED_CTL, 0)) && !e)
		e = f;
	for (n = 0; n < CORE_MAX_GP; n++)
		if (core_has_gp(c, n) && (f = msr_write(me, CORE_SEL(n), 0)) && !e)
			e = f;
	if ((f = msr_write(me, MSR_GLOBAL_OVF_CTRL, G_COUNTERS)) && !e) /* C-07 */
		e = f;
	return e;
}

/* The enumeration comes from pmu/core_enum.c; before a test relies on it,
 * its decoding is checked against the fields as spec §3 and C-11 place
 * them in CPUID.0AH (version EAX[7:0], general counters EAX[15:8] of
 * EAX[23:16] bits, EBX length EAX[31:24]; from version 2 fixed counters
 * EDX[4:0] of EDX[12:5] bits) and CPUID.01H:ECX[15] (PDCM, C-18). */
static enum verdict enum_agrees(struct tctx *t, const struct core_enum *e)
{
	uint32_t a[4], d[4];
	unsigned ver, nfixed, fwidth;

	pmu_cpuid(1, 0, d);
	pmu_cpuid(0xA, 0, a);
	ver = a[0] & 0xFF;
	nfixed = ver > 1 ? a[3] & 0x1F : 0;
	fwidth = ver > 1 ? (a[3] >> 5) & 0xFF : 0;
	if (e->version != ver || e->ngp != ((a[0] >> 8) & 0xFF) ||
	    e->gp_width != ((a[0] >> 16) & 0xFF) || e->ebx_len != a[0] >> 24 ||
	    e->nfixed != nfixed || e->fixed_width != fwidth || e->pdcm != ((d[2] >> 15) & 1))
		return t_error(t, "pmu/core_enum.c decodes CPUID.0AH EAX 0x%x EDX 0x%x (01H:ECX "
			       "0x%x) as version %u, %u x %u general, %u x %u fixed, EBX length %u, "
			       "PDCM %u: not the fields of C-11 and C-18", a[0], a[3], d[2],
			       e->version, e->ngp, e->gp_width, e->nfixed, e->fixed_width,
			       e->ebx_len, e->pdcm);
	return V_PASS;
}

unsigned core_gp_count(const struct core *c)
{
	unsigned n, k = 0;

	for (n = 0; n < CORE_MAX_GP; n++)
		k += core_has_gp(c, n);
	return k;
}

unsigned core_gp_after(const struct core *c, unsigned n, unsigned k)
{
	while (k && c->gp_set) {
		n = (n + 1) % CORE_MAX_GP;
		k -= core_has_gp(c, n);
	}
	return n;
}

enum verdict core_begin(struct tctx *t, struct core *c, unsigned ngp)
{
	enum verdict v;
	int e;

	core_enum_read(&c->e);
	c->model = pmu_core_emulated();
	if (c->e.hybrid) /* C-61: the results name the core type the test ran on */
		t_figure(t, "core_type_id", c->e.core_type, "id");
	if (c->e.version && (v = enum_agrees(t, &c->e)) != V_PASS)
		return v;
	if (c->e.version < 2)
		return t_skip(t, "architectural PMU version %u: no IA32_PERF_GLOBAL_CTRL to open "
			      "one window for several counters (C-09)", c->e.version);
	/* C-61: fixed counters beyond the three the suite knows are left alone */
	c->fixed_set = core_enum_fixed_set(&c->e) & ((1u << CORE_MAX_FIXED) - 1);
	c->gp_set = core_enum_gp_set(&c->e) & ((1u << CORE_MAX_GP) - 1); /* C-73 */
	if (core_gp_count(c) < ngp)
		return t_skip(t, "needs %u general counters, %u enumerated (general set 0x%x: "
			      "leaf 23H's bitmap, else CPUID.0AH:EAX[15:8] = %u; C-73)", ngp,
			      core_gp_count(c), c->gp_set, c->e.ngp);
	if (c->e.ngp > CORE_MAX_GP || c->e.gp_width < 32 || c->e.gp_width > 63 ||
	    (c->fixed_set && (c->e.fixed_width < 32 || c->e.fixed_width > 63)))
		return t_skip(t, "CPUID.0AH enumerates beyond what the harness handles (%u x %u-bit "
			      "general, %u x %u-bit fixed)", c->e.ngp, c->e.gp_width, c->e.nfixed,
			      c->e.fixed_width);
	c->gp_mask = (1ull << c->e.gp_width) - 1;
	c->fixed_mask = c->fixed_set ? (1ull << c->e.fixed_width) - 1 : 0;
	e = rest(c);
	if (e)
		return t_error(t, "putting the core PMU at rest faulted (%d)", e);
	return core_errata_reset(t, c); /* C-42: the test adds counters */
}

enum verdict core_end(const struct core *c, enum verdict v)
{
	if (c->e.version >= 2)
		rest(c);
	return v;
}

enum verdict core_set_pmc(struct tctx *t, unsigned n, uint64_t v)
{
	uint64_t sel;

	RD(t, CORE_SEL(n), &sel);
	if (sel & SEL_EN)
		return t_error(t, "harness bug: IA32_PMC%u written with PERFEVTSEL%u.EN set "
			       "(C-15)", n, n);
	WR(t, CORE_PMC(n), v);
	return V_PASS;
}

enum verdict core_errata_reset(struct tctx *t, const struct core *c)
{
	/* C-42: Linux's intel_pmu_nhm_workaround values */
	static const uint64_t magic[4] = { 0x4300B5, 0x4300D2, 0x4300B1, 0x4300B1 };
	enum verdict v;
	unsigned n;

	if (c->e.family != 6 || (c->e.model != 0x1A && c->e.model != 0x1E && c->e.model != 0x2C) ||
	    c->e.ngp < 4)
		return V_PASS;
	WR(t, MSR_GLOBAL_CTRL, 0);
	for (n = 0; n < 4; n++) { /* the counter first, while EN is clear (C-15) */
		WR(t, CORE_SEL(n), 0);
		if ((v = core_set_pmc(t, n, 0)) != V_PASS)
			return v;
		WR(t, CORE_SEL(n), magic[n]);
	}
	WR(t, MSR_GLOBAL_CTRL, 0xF);
	WR(t, MSR_GLOBAL_CTRL, 0);
	for (n = 0; n < 4; n++)
		WR(t, CORE_SEL(n), 0);
	return V_PASS;
}

/* Every counter at 0 and the window's controls in place, GLOBAL_CTRL 0. */
static enum verdict program(struct tctx *t, const struct core *c, const struct core_win *w)
{
	enum verdict v = core_errata_reset(t, c);
	unsigned n;

	if (v != V_PASS)
		return v;
	WR(t, MSR_GLOBAL_CTRL, 0);
	if (c->fixed_set)
		WR(t, CORE_FIXED_CTL, 0); /* the fixed counters' EN clear before they are written */
	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!core_has_gp(c, n))
			continue; /* C-73: a hole of the bitmap is never written */
		WR(t, CORE_SEL(n), 0);
		if ((v = core_set_pmc(t, n, 0)) != V_PASS)
			return v;
	}
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (core_has_fixed(c, n))
			WR(t, CORE_FIXED(n), 0);
	for (n = 0; n < CORE_MAX_GP; n++)
		if (core_has_gp(c, n) && w->sel[n])
			WR(t, CORE_SEL(n), w->sel[n]);
	if (c->fixed_set)
		WR(t, CORE_FIXED_CTL, w->fixed_ctl);
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	return V_PASS;
}

int core_read(const struct core *c, unsigned idx, uint64_t *v)
{
	bool gp = idx < CORE_MAX_GP;
	int e = msr_read(plat_this_cpu(), gp ? CORE_PMC(idx) : CORE_FIXED(idx - CORE_MAX_GP), v);

	*v &= gp ? c->gp_mask : c->fixed_mask;
	return e;
}

const char *core_name(unsigned idx, char *buf, size_t len)
{
	if (idx < CORE_MAX_GP)
		snprintf(buf, len, "IA32_PMC%u", idx);
	else
		snprintf(buf, len, "IA32_FIXED_CTR%u", idx - CORE_MAX_GP);
	return buf;
}

/* The nested counters of w read in order (at the opening) or in reverse
 * (at the closing); the first fault is returned, the rest still read so
 * that the reads keep their places. */
static int nest_read(const struct core *c, const struct core_win *w, uint64_t *v, bool closing)
{
	unsigned i, k;
	int e = 0, f;

	for (i = 0; i < w->nnest; i++) {
		k = closing ? w->nnest - 1 - i : i;
		if ((f = core_read(c, w->nest[k], &v[k])) && !e)
			e = f;
	}
	return e;
}

/* C-09: with IA32_PERF_GLOBAL_CTRL 0 no counter counts. A window whose
 * counts run from its opening write to its closing one (none nested) rests
 * on that for its counters' common span, so it checks it: STILL_US after
 * the closing, every counter reads as it did then. A gate that let the
 * counters run on would start and stop each at its own select write and
 * read, and what a test compares would hang on the timing of those
 * accesses; this check fails such a window every time instead: each
 * window counts core cycles, instructions or cycles retiring some on a
 * counter, and STILL_US holds over 13 whole periods of the model's streams
 * (and tens of thousands of cycles of any core). */
#define STILL_US 10

static enum verdict held_still(struct tctx *t, const struct core *c, const struct core_win *w)
{
	unsigned idx;
	uint64_t now, was;
	char name[24];
	int e;

	pmi_spin(NULL, STILL_US);
	for (idx = 0; idx < CORE_MAX_GP + CORE_MAX_FIXED; idx++) {
		if (idx < CORE_MAX_GP ? !core_has_gp(c, idx) : !core_has_fixed(c, idx - CORE_MAX_GP))
			continue;
		was = idx < CORE_MAX_GP ? w->gp[idx] : w->fixed[idx - CORE_MAX_GP];
		if ((e = core_read(c, idx, &now)))
			return t_error(t, "reading %s faulted (%d)", core_name(idx, name,
									      sizeof(name)), e);
		if (now != was)
			return t_fail(t, "%s went on from %lu to %lu in the %u us after "
				      "IA32_PERF_GLOBAL_CTRL was written 0: the window's counts are "
				      "not of its span (C-09)", core_name(idx, name, sizeof(name)),
				      (unsigned long)was, (unsigned long)now, STILL_US);
	}
	return V_PASS;
}

enum verdict core_window(struct tctx *t, const struct core *c, struct core_win *w)
{
	unsigned me = plat_this_cpu(), n;
	enum verdict v = program(t, c, w);
	uint64_t t0, t1, i0 = 0, i1 = 0, first[ARRAY_SIZE(w->nest)], last[ARRAY_SIZE(w->nest)];
	int e, f;

	if (v != V_PASS)
		return v;
	if (w->nnest > ARRAY_SIZE(w->nest))
		return t_error(t, "harness bug: %u nested counters", w->nnest);
	/* only silicon counts a handler's ring-0 work; the model's streams do not */
	if (!c->model)
		plat_irq_disable();
	t0 = plat_tsc();
	e = msr_write(me, MSR_GLOBAL_CTRL, w->en);
	if (!e) {
		i0 = plat_tsc();
		e = nest_read(c, w, first, false);
		if (w->work)
			w->work(w->arg);
		else
			pmi_spin(NULL, w->us);
		if ((f = nest_read(c, w, last, true)) && !e)
			e = f;
		i1 = plat_tsc();
		if ((f = msr_write(me, MSR_GLOBAL_CTRL, 0)) && !e)
			e = f;
	}
	t1 = plat_tsc();
	if (!c->model)
		plat_irq_enable();
	if (e)
		return t_error(t, "opening, reading or closing the window faulted (%d)", e);
	w->ticks = t1 - t0;
	w->inner = i1 - i0;
	for (n = 0; n < CORE_MAX_GP; n++)
		if (core_has_gp(c, n) && (e = core_read(c, n, &w->gp[n])))
			return t_error(t, "reading IA32_PMC%u faulted (%d)", n, e);
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (core_has_fixed(c, n) && (e = core_read(c, CORE_MAX_GP + n, &w->fixed[n])))
			return t_error(t, "reading IA32_FIXED_CTR%u faulted (%d)", n, e);
	if (!w->nnest && (v = held_still(t, c, w)) != V_PASS)
		return v;
	for (n = 0; n < CORE_MAX_GP; n++)
		if (core_has_gp(c, n))
			WR(t, CORE_SEL(n), 0);
	if (c->fixed_set)
		WR(t, CORE_FIXED_CTL, 0);
	for (n = 0; n < w->nnest; n++) {
		uint64_t d = last[n] - first[n];

		if (w->nest[n] < CORE_MAX_GP)
			w->gp[w->nest[n]] = d & c->gp_mask;
		else
			w->fixed[w->nest[n] - CORE_MAX_GP] = d & c->fixed_mask;
	}
	return V_PASS;
}
