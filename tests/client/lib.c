/* What the client.* tests share (tests/client/client.h): the layout from
 * the CPU model, the counting window, quiescing, the U-clock rate. */
#include "client.h"
#include "../cpu_topo.h"

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

enum verdict cl_layout(struct tctx *t, struct cl_layout *l)
{
	uint32_t r[4], model;
	struct cpu_topo topo;
	unsigned cores, most;

	pmu_cpuid(1, 0, r);
	model = ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
	if (listed(cl_models_a, sizeof(cl_models_a), model)) {
		*l = (struct cl_layout){ 'A', CL_GCTL_A, CL_GCTL_A + 1, CL_FIXED_BITS_A, 4,
					 CL_CBOX_MAX_A, CL_CBOX_MAX_A };
	} else if (listed(cl_models_b, sizeof(cl_models_b), model)) {
		most = model == CL_CBOX7_MODEL ? CL_CBOX_MAX_B : CL_CBOX_MAX_B - 1; /* OQ-L6 */
		*l = (struct cl_layout){ 'B', CL_GCTL_B, CL_GCTL_B + 1, CL_FIXED_BITS_B, 5, most,
					 most };
	} else {
		return t_error(t, "CPU model 0x%x is in neither client layout's list (L-01)", model);
	}
	cpu_topo_read(&topo);
	cores = cpu_topo_cores(&topo, 0);
	if (cores < l->ncbox) /* L-16, L-17 */
		l->ncbox = cores;
	return V_PASS;
}

uint32_t cl_ctr_msr(unsigned i)
{
	static const uint32_t m[CL_NWIN] = { CL_ARB_CTR(0), CL_ARB_CTR(1), CL_CBO_CTR(0, 0),
					     CL_CBO_CTR(0, 1), CL_FIXED_CTR };

	return m[i];
}

uint32_t cl_sel_msr(unsigned i)
{
	static const uint32_t m[CL_NWIN] = { CL_ARB_SEL(0), CL_ARB_SEL(1), CL_CBO_SEL(0, 0),
					     CL_CBO_SEL(0, 1), CL_FIXED_CTL };

	return m[i];
}

uint64_t cl_tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

enum verdict cl_window(struct tctx *t, const struct cl_layout *l, struct cl_win *w, uint64_t us)
{
	uint64_t a[CL_NWIN];
	unsigned i;

	WR(t, l->gctl, 0);
	for (i = 0; i < CL_NWIN; i++) {
		WR(t, cl_ctr_msr(i), 0);
		WR(t, cl_sel_msr(i), w->sel[i]);
	}
	for (i = 0; i < CL_NWIN; i++) /* L-32: what was written reads back while stopped */
		RD(t, cl_ctr_msr(i), &a[i]);
	w->tsc = plat_tsc();
	WR(t, l->gctl, w->gctl);
	traffic_until(NULL, plat_tsc() + cl_tsc_us(us));
	WR(t, l->gctl, 0);
	w->tsc = plat_tsc() - w->tsc;
	for (i = 0; i < CL_NWIN; i++) {
		RD(t, cl_ctr_msr(i), &w->d[i]);
		w->d[i] -= a[i];
	}
	for (i = 0; i < CL_NWIN; i++)
		WR(t, cl_sel_msr(i), 0);
	return V_PASS;
}

uint64_t cl_counts_in(const struct cl_win *w, unsigned i, uint64_t us)
{
	return w->tsc ? w->d[i] * cl_tsc_us(us) / w->tsc : 0;
}

enum verdict cl_begin(struct tctx *t, struct cl_layout *l)
{
	TRY(cl_layout(t, l));
	return cl_prepare(t, l);
}

int cl_quiet(const struct cl_layout *l)
{
	unsigned me = plat_this_cpu(), n, k;
	int e = msr_write(me, l->gctl, 0), e2;

	for (n = 0; n < CL_NWIN; n++)
		if ((e2 = msr_write(me, cl_sel_msr(n), 0)) && !e)
			e = e2;
	for (n = 0; n < l->ncbox; n++)
		for (k = 0; k < 2; k++)
			if ((e2 = msr_write(me, CL_CBO_SEL(n, k), 0)) && !e)
				e = e2;
	if ((e2 = msr_write(me, l->status, 0)) && !e) /* L-40, OQ-L8 */
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
	CHECK(t, !(st & (CL_ST_FIXED | CL_ST_ARB | CL_ST_CBO)), "GLOBAL_STATUS 0x%lx after writing "
	      "it 0 (L-40, OQ-L8 default)", (unsigned long)st);
	return V_PASS;
}

enum verdict cl_uclk_hz(struct tctx *t, const struct cl_layout *l, uint64_t us, uint64_t *hz)
{
	uint64_t c0 = 0, c1 = 0, t0 = 0, t1 = 0;
	int e;

	WR(t, l->gctl, 0);
	WR(t, CL_FIXED_CTR, 0);
	WR(t, CL_FIXED_CTL, CL_FC_EN);
	WR(t, l->gctl, CL_GC_EN);
	e = msr_stamp(CL_FIXED_CTR, &c0, &t0);
	plat_stall_us(us);
	if (!e)
		e = msr_stamp(CL_FIXED_CTR, &c1, &t1);
	WR(t, l->gctl, 0);
	WR(t, CL_FIXED_CTL, 0);
	if (e == PLAT_ETIMEDOUT)
		return t_error(t, "no FIXED_CTR read in %u was dated within %u us", STAMP_TRIES,
			       STAMP_BRACKET_US);
	if (e)
		return t_error(t, "rdmsr 0x%x faulted (%d)", CL_FIXED_CTR, e);
	CHECK(t, c1 > c0, "FIXED_CTR did not advance in %lu us with FIXED_CTRL bit 22 and "
	      "GLOBAL_CTRL.EN set (L-22, L-59)", (unsigned long)us);
	*hz = (c1 - c0) * plat_tsc_hz() / (t1 - t0);
	return V_PASS;
}
