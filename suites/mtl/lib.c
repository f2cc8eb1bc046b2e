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

uint32_t mtl_ctr_msr(unsigned i) { return ctr_msr[i]; }
uint32_t mtl_sel_msr(unsigned i) { return sel_msr[i]; }

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
	keep(&err, msr_write(me, MT_SNCU_BOX, 0));
	keep(&err, msr_write(me, MT_CNCU_FCTL, 0));
	keep(&err, msr_write(me, MT_SNCU_FCTL, 0));
	for (b = 0; b < e->ncbox; b++)
		for (k = 0; k < 2; k++)
			keep(&err, msr_write(me, mtl_sel(MT_CBO_SEL, b, k), 0));
	for (u = 0; u < ARRAY_SIZE(two_box); u++)
		for (b = 0; b < MT_NBOX2; b++)
			for (k = 0; k < 2; k++)
				keep(&err, msr_write(me, mtl_sel(two_box[u], b, k), 0));
	return err;
}

enum verdict mtl_begin(struct tctx *t, struct mtl_e *e)
{
	uint32_t r[4];
	uint64_t cfg;
	unsigned i;
	int err;

	pmu_cpuid(1, 0, r);
	e->model = (r[0] >> 4 & 0xF) | (r[0] >> 16 & 0xF) << 4;
	for (i = 0; i < ARRAY_SIZE(mt_models) && mt_models[i] != e->model; i++)
		;
	if (i == ARRAY_SIZE(mt_models))
		return t_error(t, "model 0x%x has no layout E (L-100): uncore= forced it", e->model);
	RD(t, MT_CBO_CONFIG, &cfg);
	e->ncbox = (unsigned)(cfg & 0xF); /* L-106 */
	if (!e->ncbox)
		return t_fail(t, "CBO_CONFIG[3:0] reads 0: no C-box (L-106)");
	if (e->ncbox > MT_CBOX_MAX && t_on_model())
		return t_fail(t, "CBO_CONFIG[3:0] = %u, beyond the model's %u (OQ-L29)", e->ncbox,
			      MT_CBOX_MAX);
	e->ncbox = e->ncbox < MT_CBOX_MAX ? e->ncbox : MT_CBOX_MAX;
	if ((err = mtl_quiet(e)))
		return t_error(t, "stopping the layout-E uncore faulted (%d)", err);
	return V_PASS;
}

enum verdict mtl_window(struct tctx *t, struct mtl_win *w, uint64_t us)
{
	uint64_t a[MW_N], t0;
	unsigned i;

	WR(t, MT_CNCU_BOX, 0);
	WR(t, MT_SNCU_BOX, 0);
	for (i = 0; i < MW_N; i++) {
		WR(t, sel_msr[i], 0);
		WR(t, ctr_msr[i], 0);
		WR(t, sel_msr[i], w->sel[i]);
		RD(t, ctr_msr[i], &a[i]);
	}
	t0 = plat_tsc();
	WR(t, MT_CNCU_BOX, w->box[0]);
	WR(t, MT_SNCU_BOX, w->box[1]);
	traffic_until(NULL, t0 + mtl_tsc_us(us));
	WR(t, MT_CNCU_BOX, 0);
	WR(t, MT_SNCU_BOX, 0);
	w->tsc = plat_tsc() - t0;
	for (i = 0; i < MW_N; i++) {
		RD(t, ctr_msr[i], &w->d[i]);
		w->d[i] -= a[i];
		WR(t, sel_msr[i], 0);
	}
	return V_PASS;
}
