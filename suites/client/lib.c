/* What the client.* tests share (suites/client/client.h): the layout from
 * the CPU model, the counting window, quiescing, the U-clock rate. */
#include "suites/client/client.h"
#include "harness/cpu_topo.h"

const char *const cl_ctr_names[CL_NWIN] = {
	"ARB PERFCTR0", "ARB PERFCTR1", "C-box 0 PERFCTR0", "C-box 0 PERFCTR1", "FIXED_CTR",
};

static bool listed(const uint8_t *m, unsigned n, uint32_t model)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (m[i] == model)
			return true;
	return false;
}

/* Layouts A and B: the C-box count by the core count (L-16, L-17). */
static void by_cores(struct cl_layout *l)
{
	struct cpu_topo topo;
	unsigned cores;

	cpu_topo_read(&topo);
	cores = cpu_topo_cores(&topo, 0);
	if (cores < l->ncbox)
		l->ncbox = cores;
}

/* L-85, OQ-L16: the fixed counter's width as the part shows it, so that
 * no preset rests on a width the sources dispute (44 or 48 on layout B).
 * The unit stopped, all ones written to FIXED_CTR and read back: the bits
 * that stay are the width (OQ-L14: the rest dropped). A part that faults
 * on bits above its width gets the next narrower candidate; where every
 * write faults or the bits that stay are not a run from bit 0, the
 * digest's width stands and client.ovf.width reports it. FIXED_CTR is
 * left 0. */
static enum verdict fixed_probe(struct tctx *t, struct cl_layout *l)
{
	static const uint64_t try_[] = { ~0ull, (1ull << 48) - 1, (1ull << 44) - 1 };
	unsigned me = plat_this_cpu(), i, w;
	uint64_t v = 0;

	l->fixed_bits_spec = l->fixed_bits;
	l->fixed_probed = false;
	WR(t, l->gctl, 0);
	WR(t, l->fixed_ctl, 0);
	for (i = 0; i < ARRAY_SIZE(try_); i++)
		if (!msr_write(me, l->fixed_ctl + 1, try_[i]))
			break;
	if (i < ARRAY_SIZE(try_))
		RD(t, l->fixed_ctl + 1, &v);
	for (w = 0; w < 64 && (v >> w & 1); w++)
		;
	if (w && w < 64 && !(v >> w)) {
		l->fixed_bits = w;
		l->fixed_probed = true;
	}
	/* on a part where FIXED_CTR faults outright the tests meet it later */
	(void)msr_write(me, l->fixed_ctl + 1, 0);
	return V_PASS;
}

enum verdict cl_layout(struct tctx *t, struct cl_layout *l)
{
	uint32_t r[4], model;
	uint64_t cfg;
	unsigned most;

	pmu_cpuid(1, 0, r);
	model = ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
	/* L-11, L-14 on A and B; the rest per layout below */
	*l = (struct cl_layout){ .cbo_sel = CL_CBO_SEL_AB, .cbo_ctr = CL_CBO_CTR_AB,
				 .cbo_stride = 0x10, .arb_sel = CL_ARB_SEL_A,
				 .arb_ctr = CL_ARB_CTR_A, .narb = 1, .cmask_bits = 5,
				 .fixed_ctl = CL_FIXED_CTL, .sel_bits = 5 };
	if (listed(cl_models_a, sizeof(cl_models_a), model)) {
		l->name = 'A';
		l->gctl = CL_GCTL_A;
		l->fixed_bits = CL_FIXED_BITS_A;
		l->sel_bits = 4;
		l->ncbox = l->maxcbox = CL_CBOX_MAX_A;
	} else if (listed(cl_models_b, sizeof(cl_models_b), model)) {
		most = model == CL_CBOX7_MODEL ? CL_CBOX_MAX_B : CL_CBOX_MAX_B - 1; /* OQ-L6 */
		l->name = 'B';
		l->gctl = CL_GCTL_B;
		l->fixed_bits = CL_FIXED_BITS_B;
		l->cbox7_far = true;
		l->ncbox = l->maxcbox = most;
	} else if (listed(cl_models_c, sizeof(cl_models_c), model)) {
		l->name = 'C'; /* L-65, L-66, L-70 */
		l->gctl = CL_GCTL_B;
		l->cbo_sel = CL_CBO_SEL_C;
		l->cbo_ctr = CL_CBO_CTR_C;
		l->cbo_stride = 8;
		l->icl068 = CL_ICL_ERRATUM(model); /* L-70, L-71 */
	} else if (listed(cl_models_d, sizeof(cl_models_d), model)) {
		l->name = 'D'; /* L-73..L-76 */
		l->gctl = CL_GCTL_D;
		l->fixed_ctl = CL_FIXED_CTL_D;
		l->cbo_sel = CL_CBO_SEL_D;
		l->cbo_ctr = CL_CBO_CTR_D;
		l->cbo_stride = 8;
		l->arb_sel = CL_ARB_SEL_D;
		l->arb_ctr = CL_ARB_CTR_D;
		l->narb = 2;
		l->cmask_bits = 6;
	} else {
		return t_error(t, "CPU model 0x%x is in no client layout's list (L-01, L-64)", model);
	}
	l->status = l->gctl + 1; /* L-07, L-09; OQ-L27 on C and D */
	l->req1_only = listed(cl_models_req1, sizeof(cl_models_req1), model);
	if (l->name == 'A' || l->name == 'B') {
		by_cores(l);
		return fixed_probe(t, l);
	}
	/* L-73, L-78; L-77, L-79: on C and D nothing at 0x390-0x392, on D
	 * nothing of A's to C's addresses but CBO_CONFIG */
	l->fixed_bits = CL_FIXED_BITS_A;
	RD(t, CL_CBO_CONFIG, &cfg);
	l->ncbox = (unsigned)(cfg & 0xF); /* L-68 */
	l->maxcbox = CL_CBOX_SPACE_CD;
	return fixed_probe(t, l);
}

/* Register k of C-box n from box 0's first at base (box 7 of B: far7), or
 * of ARB box b (Ice Lake's counter 0: none). */
static uint32_t cbo(const struct cl_layout *l, uint32_t base, uint32_t far7, unsigned n,
		    unsigned k)
{
	return (n == 7 && l->cbox7_far ? far7 : base + l->cbo_stride * n) + k;
}

static uint32_t arb(const struct cl_layout *l, uint32_t base, unsigned b, unsigned k)
{
	return l->icl068 && !k ? 0 : base + CL_ARB_STRIDE_D * b + k; /* L-70, L-76 */
}

uint32_t cl_cbo_sel(const struct cl_layout *l, unsigned n, unsigned k)
{
	return cbo(l, l->cbo_sel, CL_CBO7_SEL_B, n, k);
}

uint32_t cl_cbo_ctr(const struct cl_layout *l, unsigned n, unsigned k)
{
	return cbo(l, l->cbo_ctr, CL_CBO7_CTR_B, n, k);
}

uint32_t cl_arb_sel(const struct cl_layout *l, unsigned b, unsigned k)
{
	return arb(l, l->arb_sel, b, k);
}

uint32_t cl_arb_ctr(const struct cl_layout *l, unsigned b, unsigned k)
{
	return arb(l, l->arb_ctr, b, k);
}

unsigned cl_cmask_top(const struct cl_layout *l)
{
	return 1u << (l->cmask_bits - 1);
}

/* Window slot i's counter (sel false) or control (sel true). */
static uint32_t slot(const struct cl_layout *l, unsigned i, bool sel)
{
	if (i == CL_ARB0 || i == CL_ARB1)
		return sel ? cl_arb_sel(l, 0, i - CL_ARB0) : cl_arb_ctr(l, 0, i - CL_ARB0);
	if (i == CL_CB0 || i == CL_CB1)
		return sel ? cl_cbo_sel(l, 0, i - CL_CB0) : cl_cbo_ctr(l, 0, i - CL_CB0);
	return l->fixed_ctl + !sel; /* L-08, L-73 */
}

uint32_t cl_ctr_msr(const struct cl_layout *l, unsigned i)
{
	return slot(l, i, false);
}

uint32_t cl_sel_msr(const struct cl_layout *l, unsigned i)
{
	return slot(l, i, true);
}

uint64_t cl_tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

/* Every select of the window (FIXED_CTRL for CL_FIX) written: sel[i], or 0
 * where sel is NULL, with its enable (bit 22 in both, L-21, L-22) as en
 * says; Ice Lake's ARB counter 0 left alone (L-70). */
static enum verdict selects(struct tctx *t, const struct cl_layout *l, const uint64_t *sel,
			    bool en)
{
	unsigned i;

	for (i = 0; i < CL_NWIN; i++)
		if (cl_ctr_msr(l, i))
			WR(t, cl_sel_msr(l, i), sel ? (en ? sel[i] : sel[i] & ~CL_ES_EN) : 0);
	return V_PASS;
}

/* A window bounded by the selects (L-81) is programmed with every enable
 * clear first and then opened and closed by writes of the enables alone,
 * so that the writes that bound it are short (on the model, a change of
 * event or filter recomputes the counter's stream; on hardware nothing is
 * lost). One whose enabling and disabling writes still took more than
 * 1/CL_SKEW_DIV of it is taken again, up to CL_SKEW_TRIES times, and the
 * least disturbed kept: a CPU (or vCPU thread) away between two of them
 * widens the slack every cross-counter comparison must then allow. Under
 * TCG, idle, the eight writes took about 44 us of a 2 ms window (2.2%);
 * client.filter.inv-sum reports the slack (select_write_slack_cycles). */
#define CL_SKEW_DIV   40
#define CL_SKEW_TRIES 8

static enum verdict window_once(struct tctx *t, const struct cl_layout *l, struct cl_win *w,
				uint64_t us)
{
	bool local = l->icl068; /* L-81 */
	uint64_t a[CL_NWIN], t0, t1;
	unsigned i;

	WR(t, l->gctl, local ? w->gctl : 0);
	for (i = 0; i < CL_NWIN; i++) {
		a[i] = w->d[i] = 0;
		if (cl_ctr_msr(l, i))
			WR(t, cl_ctr_msr(l, i), 0);
	}
	TRY(selects(t, l, w->sel, !local));
	for (i = 0; i < CL_NWIN; i++) /* L-32: what was written reads back while stopped */
		if (cl_ctr_msr(l, i))
			RD(t, cl_ctr_msr(l, i), &a[i]);
	/* L-20, L-21, L-23: nothing counts before the window opens. A counter
	 * that does already counts from its own select write, and every
	 * comparison between two counters of the window would turn on those
	 * writes' timing; the fixed counter, one count a U-clock, shows it
	 * whenever it runs, so the window refuses to open rather than measure
	 * something that depends on timing. */
	if ((w->sel[CL_FIX] & CL_FC_EN) && a[CL_FIX])
		return t_fail(t, "FIXED_CTR counted %lu after its enable was written, before %s "
			      "opened the window (L-20, L-21, L-23)", (unsigned long)a[CL_FIX],
			      local ? "the selects' enables" : "GLOBAL_CTRL.EN");
	w->skew = 0;
	w->tsc = plat_tsc();
	if (local)
		TRY(selects(t, l, w->sel, true));
	else
		WR(t, l->gctl, w->gctl);
	t0 = plat_tsc();
	traffic_until(NULL, t0 + cl_tsc_us(us));
	t1 = plat_tsc();
	if (local)
		TRY(selects(t, l, w->sel, false));
	else
		WR(t, l->gctl, 0);
	w->tsc = plat_tsc() - w->tsc;
	if (local) /* the enabling writes' span and the disabling ones' */
		w->skew = w->tsc - (t1 - t0);
	WR(t, l->gctl, 0);
	for (i = 0; i < CL_NWIN; i++) {
		if (!cl_ctr_msr(l, i))
			continue;
		RD(t, cl_ctr_msr(l, i), &w->d[i]);
		w->d[i] -= a[i];
	}
	return selects(t, l, NULL, false);
}

enum verdict cl_window(struct tctx *t, const struct cl_layout *l, struct cl_win *w, uint64_t us)
{
	struct cl_win best;
	unsigned k;

	for (k = 0; k < CL_SKEW_TRIES; k++) {
		TRY(window_once(t, l, w, us));
		if (!k || w->skew * best.tsc < best.skew * w->tsc)
			best = *w;
		if (best.skew * CL_SKEW_DIV <= best.tsc)
			break;
	}
	*w = best; /* the least disturbed */
	return V_PASS;
}

uint64_t cl_slack(const struct cl_win *w)
{
	return w->skew && w->tsc ? (w->skew * w->d[CL_FIX] + w->tsc - 1) / w->tsc : 0;
}

uint64_t cl_counts_in(const struct cl_win *w, unsigned i, uint64_t us)
{
	return w->tsc ? w->d[i] * cl_tsc_us(us) / w->tsc : 0;
}

enum verdict cl_silent(struct tctx *t, const struct cl_layout *l, const struct cl_win *w,
		       unsigned i, const char *what, unsigned ref, const char *ref_what)
{
	bool cbox = i == CL_CB0 || i == CL_CB1;

	if (!w->d[ref])
		return t_idle(t, "%s on %s and the reference %s on %s both did not move (on "
				   "hardware: no traffic)", what, cl_ctr_names[i], ref_what,
				   cl_ctr_names[ref]);
	if (cbox && l->name >= 'C')
		TRY(t_default(t, "OQ-L32", "C-box 34H counts on layouts C and D", false, "%s "
			      "counted nothing on %s of layout %c while %s counted %lu on %s in "
			      "the same window (L-84, L-86, OQ-L32)", what, cl_ctr_names[i], l->name,
			      ref_what, (unsigned long)w->d[ref], cl_ctr_names[ref]));
	return t_idle(t, "%s did not count on %s of this part (layout %c) while %s counted %lu "
			   "on %s in the same window (L-86%s)", what, cl_ctr_names[i], l->name,
			   ref_what, (unsigned long)w->d[ref], cl_ctr_names[ref],
			   cbox && l->name >= 'C' ? ": answers OQ-L32, no" : "");
}

enum verdict cl_gctl_live(struct tctx *t, const struct cl_layout *l, const char *what)
{
	if (l->icl068)
		return t_na(t, "erratum ICL068 on this model: GLOBAL_CTRL.EN and FREEZE cannot "
			    "control counting, so %s has nothing to test (L-71, L-81)", what);
	return V_PASS;
}

enum verdict cl_begin(struct tctx *t, struct cl_layout *l)
{
	TRY(cl_layout(t, l));
	return cl_prepare(t, l);
}

int cl_status_clear(const struct cl_layout *l)
{
	unsigned me = plat_this_cpu();
	uint64_t st = 0;
	int e = msr_write(me, l->status, 0); /* L-40, OQ-L8 default */

	/* The write-1-to-clear reading of OQ-L8 tried on hardware only: on the
	 * model nothing but the write of 0 may clear the status, so that
	 * cl_prepare judges the default (a clean-up, not an assertion). */
	if (!e && !t_on_model())
		e = msr_read(me, l->status, &st);
	if (!e && (st & (CL_ST_FIXED | CL_ST_ARB | CL_ST_CBO))) /* hardware: write-1-to-clear? */
		e = msr_write(me, l->status, st);
	return e;
}

int cl_quiet(const struct cl_layout *l)
{
	unsigned me = plat_this_cpu(), n, k;
	int e = msr_write(me, l->gctl, 0), e2;

	for (n = 0; n < CL_NWIN; n++)
		if (cl_sel_msr(l, n) && (e2 = msr_write(me, cl_sel_msr(l, n), 0)) && !e)
			e = e2;
	for (n = 0; n < l->narb; n++) /* L-76: D's second ARB box */
		for (k = 0; k < 2; k++)
			if (cl_arb_sel(l, n, k) && (e2 = msr_write(me, cl_arb_sel(l, n, k), 0)) && !e)
				e = e2;
	for (n = 0; n < l->ncbox; n++)
		for (k = 0; k < 2; k++)
			if ((e2 = msr_write(me, cl_cbo_sel(l, n, k), 0)) && !e)
				e = e2;
	if ((e2 = cl_status_clear(l)) && !e)
		e = e2;
	return e;
}

enum verdict cl_prepare(struct tctx *t, const struct cl_layout *l)
{
	uint64_t st;
	int e = cl_quiet(l);

	if (e)
		return t_error(t, "quiescing the uncore faulted (%d)", e);
	RD(t, l->status, &st);
	if (st & (CL_ST_FIXED | CL_ST_ARB | CL_ST_CBO))
		return t_idle(t, "GLOBAL_STATUS 0x%lx after writing it 0 (L-40, OQ-L8 default; "
				   "on hardware also after writing its set bits back: the client "
				   "tests need it clear)", (unsigned long)st);
	return V_PASS;
}

enum verdict cl_uclk_hz(struct tctx *t, const struct cl_layout *l, uint64_t us, uint64_t *hz)
{
	uint64_t c0 = 0, c1 = 0, t0 = 0, t1 = 0;
	int e;

	WR(t, l->gctl, 0);
	WR(t, l->fixed_ctl + 1, 0);
	WR(t, l->fixed_ctl, CL_FC_EN);
	WR(t, l->gctl, CL_GC_EN);
	e = msr_stamp(l->fixed_ctl + 1, &c0, &t0);
	plat_stall_us(us);
	if (!e)
		e = msr_stamp(l->fixed_ctl + 1, &c1, &t1);
	WR(t, l->gctl, 0);
	WR(t, l->fixed_ctl, 0);
	if (e == PLAT_ETIMEDOUT)
		return t_error(t, "no FIXED_CTR read in %u was dated within %u us", STAMP_TRIES,
			       STAMP_BRACKET_US);
	if (e)
		return t_error(t, "rdmsr 0x%x faulted (%d)", l->fixed_ctl + 1, e);
	CHECK(t, c1 > c0, "FIXED_CTR did not advance in %lu us with FIXED_CTRL bit 22 and "
	      "GLOBAL_CTRL.EN set (L-22, L-59)", (unsigned long)us);
	*hz = (c1 - c0) * plat_tsc_hz() / (t1 - t0);
	return V_PASS;
}
