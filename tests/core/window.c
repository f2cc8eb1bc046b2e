/* What every core test is built from (tests/core/core.h): the enumeration,
 * controls at rest, counter writes that respect C-15, the C-42 errata
 * reset, and counting windows opened and closed by one GLOBAL_CTRL write. */
#include "core.h"

uint64_t core_event(unsigned row)
{
	/* C-24, Table 18-1: event select | umask << 8 of EBX bit `row` */
	static const uint16_t ev[] = { 0x003C, 0x00C0, 0x013C, 0x4F2E, 0x412E, 0x00C4, 0x00C5 };

	return row < ARRAY_SIZE(ev) ? ev[row] : 0;
}

uint64_t core_slack(const struct core *c, unsigned per_cycle_max)
{
	return c->model ? 0 : 2ull * CORE_SKEW * per_cycle_max;
}

/* Controls at rest; the first fault is returned, the rest still tried. */
static int rest(const struct core *c)
{
	unsigned me = plat_this_cpu(), n;
	int e = msr_write(me, MSR_GLOBAL_CTRL, 0), f;

	if (c->e.nfixed && (f = msr_write(me, CORE_FIXED_CTL, 0)) && !e)
		e = f;
	for (n = 0; n < c->e.ngp && n < CORE_MAX_GP; n++)
		if ((f = msr_write(me, CORE_SEL(n), 0)) && !e)
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

enum verdict core_begin(struct tctx *t, struct core *c, unsigned ngp)
{
	enum verdict v;
	int e;

	core_enum_read(&c->e);
	c->model = pmu_core_emulated();
	if (c->e.version && (v = enum_agrees(t, &c->e)) != V_PASS)
		return v;
	if (c->e.version < 2)
		return t_skip(t, "architectural PMU version %u: no IA32_PERF_GLOBAL_CTRL to open "
			      "one window for several counters (C-09)", c->e.version);
	if (c->e.ngp < ngp)
		return t_skip(t, "needs %u general counters, CPUID.0AH:EAX[15:8] = %u", ngp,
			      c->e.ngp);
	if (c->e.ngp > CORE_MAX_GP || c->e.nfixed > CORE_MAX_FIXED || c->e.gp_width < 32 ||
	    c->e.gp_width > 63 || (c->e.nfixed && (c->e.fixed_width < 32 || c->e.fixed_width > 63)))
		return t_skip(t, "CPUID.0AH enumerates beyond what the harness handles (%u x %u-bit "
			      "general, %u x %u-bit fixed)", c->e.ngp, c->e.gp_width, c->e.nfixed,
			      c->e.fixed_width);
	c->gp_mask = (1ull << c->e.gp_width) - 1;
	c->fixed_mask = c->e.nfixed ? (1ull << c->e.fixed_width) - 1 : 0;
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
	if (c->e.nfixed)
		WR(t, CORE_FIXED_CTL, 0); /* the fixed counters' EN clear before they are written */
	for (n = 0; n < c->e.ngp; n++) {
		WR(t, CORE_SEL(n), 0);
		if ((v = core_set_pmc(t, n, 0)) != V_PASS)
			return v;
	}
	for (n = 0; n < c->e.nfixed; n++)
		WR(t, CORE_FIXED(n), 0);
	for (n = 0; n < c->e.ngp; n++)
		if (w->sel[n])
			WR(t, CORE_SEL(n), w->sel[n]);
	if (c->e.nfixed)
		WR(t, CORE_FIXED_CTL, w->fixed_ctl);
	WR(t, MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	return V_PASS;
}

enum verdict core_window(struct tctx *t, const struct core *c, struct core_win *w)
{
	unsigned me = plat_this_cpu(), n;
	enum verdict v = program(t, c, w);
	uint64_t t0, t1, i0 = 0, i1 = 0;
	int e;

	if (v != V_PASS)
		return v;
	if (!c->model)
		plat_irq_disable();
	t0 = plat_tsc();
	e = msr_write(me, MSR_GLOBAL_CTRL, w->en);
	if (!e) {
		i0 = plat_tsc();
		if (w->work)
			w->work(w->arg);
		else
			pmi_spin(NULL, w->us);
		i1 = plat_tsc();
		e = msr_write(me, MSR_GLOBAL_CTRL, 0);
	}
	t1 = plat_tsc();
	if (!c->model)
		plat_irq_enable();
	if (e)
		return t_error(t, "opening or closing the window faulted (%d)", e);
	w->ticks = t1 - t0;
	w->inner = i1 - i0;
	for (n = 0; n < c->e.ngp; n++) {
		RD(t, CORE_PMC(n), &w->gp[n]);
		w->gp[n] &= c->gp_mask;
		WR(t, CORE_SEL(n), 0);
	}
	for (n = 0; n < c->e.nfixed; n++) {
		RD(t, CORE_FIXED(n), &w->fixed[n]);
		w->fixed[n] &= c->fixed_mask;
	}
	if (c->e.nfixed)
		WR(t, CORE_FIXED_CTL, 0);
	return V_PASS;
}
