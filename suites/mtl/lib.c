/* What the mtl.* tests share (suites/mtl/mtl.h): the layout of this CPU,
 * the controls at rest, and a counting window bounded by the NCU box
 * controls (L-105). */
#include "suites/mtl/mtl.h"

const char *const mtl_names[MW_N] = { "CBO0.0", "CBO0.1", "ARB0.0", "HAC_ARB0.0", "HAC_CBO0.0",
				      "CNCU_FIXED", "SNCU_FIXED" };
const uint32_t mtl_box_msr[2] = { MT_CNCU_BOX, MT_SNCU_BOX };

static const uint32_t ctr_msr[MW_N] = { MT_CBO_CTR, MT_CBO_CTR + 1, MT_ARB_CTR, MT_HAC_ARB_CTR,
					MT_HAC_CBO_CTR, MT_CNCU_FCTR, MT_SNCU_FCTR };
static const uint32_t sel_msr[MW_N] = { MT_CBO_SEL, MT_CBO_SEL + 1, MT_ARB_SEL, MT_HAC_ARB_SEL,
					MT_HAC_CBO_SEL, MT_CNCU_FCTL, MT_SNCU_FCTL };

/* L-118: layout F has C-box 0 and ARB box 0 of the window alone. */
static bool present(const struct mtl_e *e, unsigned i)
{
	return !e->f || i == MW_CB0 || i == MW_CB1 || i == MW_ARB;
}

uint32_t mtl_ctr_msr(const struct mtl_e *e, unsigned i) { return present(e, i) ? ctr_msr[i] : 0; }
uint32_t mtl_sel_msr(const struct mtl_e *e, unsigned i) { return present(e, i) ? sel_msr[i] : 0; }

enum verdict mtl_needs_e(struct tctx *t, const struct mtl_e *e, const char *what)
{
	if (e->f)
		return t_na(t, "layout F (model 0x%x) has no %s in MSRs (L-118)", e->model, what);
	return V_PASS;
}

/* L-105, OQ-L40: C-boxes, ARB and cNCU on the compute tile; HAC units and
 * sNCU on the SoC tile. */
unsigned mtl_tile(unsigned i)
{
	return i == MW_HARB || i == MW_HCB || i == MW_SFIX;
}

uint32_t mtl_sel(uint32_t unit_sel, unsigned box, unsigned k)
{
	return unit_sel + MT_BOX_STRIDE * box + k;
}

uint64_t mtl_tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

static void keep(int *e, int rc)
{
	if (!*e)
		*e = rc;
}

int mtl_quiet(const struct mtl_e *e)
{
	static const uint32_t two_box[] = { MT_ARB_SEL, MT_HAC_ARB_SEL, MT_HAC_CBO_SEL };
	unsigned me = plat_this_cpu(), b, k, u;
	int err = 0;

	keep(&err, msr_write(me, MT_CNCU_BOX, 0));
	for (b = 0; b < e->ncbox; b++)
		for (k = 0; k < 2; k++)
			keep(&err, msr_write(me, mtl_sel(MT_CBO_SEL, b, k), 0));
	for (u = 0; u < (e->f ? 1 : ARRAY_SIZE(two_box)); u++) /* L-118: the ARB alone on F */
		for (b = 0; b < MT_NBOX2; b++)
			for (k = 0; k < 2; k++)
				keep(&err, msr_write(me, mtl_sel(two_box[u], b, k), 0));
	if (e->f)
		return err;
	keep(&err, msr_write(me, MT_SNCU_BOX, 0));
	keep(&err, msr_write(me, MT_CNCU_FCTL, 0));
	keep(&err, msr_write(me, MT_SNCU_FCTL, 0));
	return err;
}

/* L-106: the C-box count of layout E from CBO_CONFIG, the model's most at
 * most (OQ-L29). */
static enum verdict cbox_count(struct tctx *t, struct mtl_e *e)
{
	uint64_t cfg;

	RD(t, MT_CBO_CONFIG, &cfg);
	e->ncbox = (unsigned)(cfg & 0xF);
	if (!e->ncbox)
		return t_fail(t, "CBO_CONFIG[3:0] reads 0: no C-box (L-106)");
	if (e->ncbox > MT_CBOX_MAX && t_on_model())
		return t_fail(t, "CBO_CONFIG[3:0] = %u, beyond the model's %u (OQ-L29)", e->ncbox,
			      MT_CBOX_MAX);
	e->ncbox = e->ncbox < MT_CBOX_MAX ? e->ncbox : MT_CBOX_MAX;
	return V_PASS;
}

enum verdict mtl_begin(struct tctx *t, struct mtl_e *e)
{
	uint32_t r[4];
	unsigned i;
	int err;

	pmu_cpuid(1, 0, r);
	e->model = (r[0] >> 4 & 0xF) | (r[0] >> 16 & 0xF) << 4;
	for (i = 0; i < ARRAY_SIZE(mt_models) && mt_models[i] != e->model; i++)
		;
	e->f = e->model == mt_models_f[0];
	if (i == ARRAY_SIZE(mt_models) && !e->f)
		return t_error(t, "model 0x%x has neither layout E nor F (L-100, L-118): uncore= "
			       "forced it", e->model);
	e->ncbox = MT_CBOX_F; /* L-118 */
	if (!e->f)
		TRY(cbox_count(t, e));
	if ((err = mtl_quiet(e)))
		return t_error(t, "stopping the uncore's MSR units faulted (%d)", err);
	return V_PASS;
}

enum verdict mtl_window(struct tctx *t, const struct mtl_e *e, struct mtl_win *w, uint64_t us)
{
	uint64_t a[MW_N] = { 0 }, t0;
	unsigned i;

	WR(t, MT_CNCU_BOX, 0);
	if (!e->f)
		WR(t, MT_SNCU_BOX, 0);
	for (i = 0; i < MW_N; i++) {
		w->d[i] = 0;
		if (!present(e, i))
			continue;
		WR(t, sel_msr[i], 0);
		WR(t, ctr_msr[i], 0);
		WR(t, sel_msr[i], w->sel[i]);
		RD(t, ctr_msr[i], &a[i]);
	}
	t0 = plat_tsc();
	WR(t, MT_CNCU_BOX, w->box[0]);
	if (!e->f)
		WR(t, MT_SNCU_BOX, w->box[1]);
	traffic_until(NULL, t0 + mtl_tsc_us(us));
	WR(t, MT_CNCU_BOX, 0);
	if (!e->f)
		WR(t, MT_SNCU_BOX, 0);
	w->tsc = plat_tsc() - t0;
	for (i = 0; i < MW_N; i++) {
		if (!present(e, i))
			continue;
		RD(t, ctr_msr[i], &w->d[i]);
		w->d[i] -= a[i];
		WR(t, sel_msr[i], 0);
	}
	return V_PASS;
}
