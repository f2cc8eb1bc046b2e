/* What the mtl.* tests share (suites/mtl/mtl.h): the layout of this CPU,
 * the controls at rest, and a counting window bounded by the NCU box
 * controls (L-105). */
#include "suites/mtl/mtl.h"

static const char *const names[MW_N] = { "CBO0.0", "CBO0.1", "ARB0.0", "HAC_ARB0.0",
					 "HAC_CBO0.0", "CNCU_FIXED", "SNCU_FIXED" };
static const uint32_t ctr_msr[MW_N] = { MT_CBO_CTR, MT_CBO_CTR + 1, MT_ARB_CTR, MT_HAC_ARB_CTR,
					MT_HAC_CBO_CTR, MT_CNCU_FCTR, MT_SNCU_FCTR };
static const uint32_t sel_msr[MW_N] = { MT_CBO_SEL, MT_CBO_SEL + 1, MT_ARB_SEL, MT_HAC_ARB_SEL,
					MT_HAC_CBO_SEL, MT_CNCU_FCTL, MT_SNCU_FCTL };
/* L-141, L-143: layout P's window, no HAC C-box. */
static const char *const names_p[MW_N] = { "CBO0.0", "CBO0.1", "SANTA0.0", "BRIDGE.0", "",
					   "CNCU0_FIXED", "CNCU1_FIXED" };
static const uint32_t ctr_msr_p[MW_N] = { MT_CBO_CTR, MT_CBO_CTR + 1, MT_SANTA_CTR,
					  MT_BRIDGE_CTR, 0, MT_CNCU_FCTR,
					  MT_CNCU_FCTR + MT_CNCU_STEP };
static const uint32_t sel_msr_p[MW_N] = { MT_CBO_SEL, MT_CBO_SEL + 1, MT_SANTA_SEL,
					  MT_BRIDGE_SEL, 0, MT_CNCU_FCTL,
					  MT_CNCU_FCTL + MT_CNCU_STEP };

/* L-118: layout F has C-box 0 and ARB box 0 of the window alone. */
static bool present(const struct mtl_e *e, unsigned i)
{
	if (e->p)
		return ctr_msr_p[i] != 0;
	return !e->f || i == MW_CB0 || i == MW_CB1 || i == MW_ARB;
}

const char *mtl_name(const struct mtl_e *e, unsigned i) { return e->p ? names_p[i] : names[i]; }

uint32_t mtl_ctr_msr(const struct mtl_e *e, unsigned i)
{
	return !present(e, i) ? 0 : e->p ? ctr_msr_p[i] : ctr_msr[i];
}

uint32_t mtl_sel_msr(const struct mtl_e *e, unsigned i)
{
	return !present(e, i) ? 0 : e->p ? sel_msr_p[i] : sel_msr[i];
}

uint32_t mtl_box_msr(const struct mtl_e *e, unsigned k)
{
	if (!k)
		return MT_CNCU_BOX;
	return e->p ? MT_CNCU_BOX + MT_CNCU_STEP : e->f ? 0 : MT_SNCU_BOX;
}

enum verdict mtl_needs_e(struct tctx *t, const struct mtl_e *e, const char *what)
{
	if (e->f)
		return t_na(t, "layout F (model 0x%x) has no %s in MSRs (L-118)", e->model, what);
	return V_PASS;
}

/* L-105, OQ-L40: C-boxes, ARB and cNCU on the compute tile; HAC units and
 * sNCU on the SoC tile. L-144, OQ-L61: on layout P 0x240E enables every
 * general counter and cNCU box 0's fixed one, 0x254E cNCU box 1's. */
unsigned mtl_tile(const struct mtl_e *e, unsigned i)
{
	if (e->p)
		return i == MW_SFIX;
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

/* Layout P (L-141, L-143): the second enable, SANTA's and the bridge's
 * selects, both FIXED_CTRLs. */
static int quiet_p(const struct mtl_e *e)
{
	unsigned me = plat_this_cpu(), b, k;
	int err = 0;

	keep(&err, msr_write(me, mtl_box_msr(e, 1), 0));
	for (k = 0; k < 2; k++) {
		for (b = 0; b < MT_NBOX2; b++)
			keep(&err, msr_write(me, mtl_sel(MT_SANTA_SEL, b, k), 0));
		keep(&err, msr_write(me, MT_BRIDGE_SEL + k, 0));
		keep(&err, msr_write(me, MT_CNCU_FCTL + MT_CNCU_STEP * k, 0));
	}
	return err;
}

int mtl_quiet(const struct mtl_e *e)
{
	static const uint32_t two_box[] = { MT_ARB_SEL, MT_HAC_ARB_SEL, MT_HAC_CBO_SEL };
	unsigned me = plat_this_cpu(), b, k, u;
	int err = 0;

	keep(&err, msr_write(me, MT_CNCU_BOX, 0));
	if (e->p) {
		for (b = 0; b < e->ncbox; b++)
			for (k = 0; k < 2; k++)
				keep(&err, msr_write(me, mtl_sel(MT_CBO_SEL, b, k), 0));
		keep(&err, quiet_p(e));
		return err;
	}
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

/* Layout P: the table's global control from MSR 0x201E's global entry
 * (L-132, D-10, L-135); none (reported) when the MSR faults or reads 0, or
 * the entry is not MMIO. */
static enum verdict find_gctl(struct tctx *t, struct mtl_e *e)
{
	uint64_t base = 0, q0 = 0, q1 = 0;
	int rc = msr_read(plat_this_cpu(), MT_DISC_MSR, &base);

	e->gctl = 0;
	if (rc || !base) {
		plat_log(1, "  no discovery table (MSR 0x201E: %d, 0x%llx): the freeze-all stays "
			 "as found (L-132, L-145)", rc, (unsigned long long)base);
		return V_PASS;
	}
	if ((rc = mmio_read(base, 8, &q0)) || (rc = mmio_read(base + 8, 8, &q1)))
		return t_error(t, "reading the discovery table's global entry at 0x%llx: %s",
			       (unsigned long long)base, space_rc_text(rc));
	if (MT_DISC_ACCESS(q0) != MT_DISC_MMIO || !q1) {
		plat_log(1, "  the table's global control is not in MMIO (entry 0x%llx, 0x%llx): "
			 "the freeze-all stays as found (L-135)", (unsigned long long)q0,
			 (unsigned long long)q1);
		return V_PASS;
	}
	e->gctl = q1;
	return V_PASS;
}

enum verdict mtl_thaw(struct tctx *t, const struct mtl_e *e, uint64_t *saved)
{
	int rc;

	*saved = 0;
	if (!e->gctl)
		return V_PASS;
	if ((rc = mmio_read(e->gctl, 8, saved)) ||
	    (rc = mmio_write(e->gctl, 8, *saved & ~MT_FRZ_ALL)))
		return t_error(t, "clearing the freeze-all at 0x%llx: %s",
			       (unsigned long long)e->gctl, space_rc_text(rc));
	return V_PASS;
}

enum verdict mtl_refreeze(struct tctx *t, const struct mtl_e *e, uint64_t saved)
{
	uint64_t now = 0;
	int rc;

	if (!e->gctl)
		return V_PASS;
	if ((rc = mmio_write(e->gctl, 8, saved)) || (rc = mmio_read(e->gctl, 8, &now)))
		return t_error(t, "restoring the global control at 0x%llx: %s",
			       (unsigned long long)e->gctl, space_rc_text(rc));
	if (now != saved)
		return t_error(t, "the global control at 0x%llx reads 0x%llx, saved 0x%llx (L-148)",
			       (unsigned long long)e->gctl, (unsigned long long)now,
			       (unsigned long long)saved);
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
	e->p = e->model == mt_models_p[0];
	e->gctl = 0;
	if (i == ARRAY_SIZE(mt_models) && !e->f && !e->p)
		return t_error(t, "model 0x%x has neither layout E nor F nor Panther Lake's MSR "
			       "units (L-100, L-118, L-141): uncore= forced it", e->model);
	e->ncbox = e->p ? MT_CBOX_P : MT_CBOX_F; /* L-118, L-142 */
	if (e->p)
		TRY(find_gctl(t, e));
	else if (!e->f)
		TRY(cbox_count(t, e));
	if ((err = mtl_quiet(e)))
		return t_error(t, "stopping the uncore's MSR units faulted (%d)", err);
	return V_PASS;
}

enum verdict mtl_window_as_is(struct tctx *t, const struct mtl_e *e, struct mtl_win *w, uint64_t us)
{
	uint64_t a[MW_N] = { 0 }, t0;
	uint32_t box1 = mtl_box_msr(e, 1);
	unsigned i;

	WR(t, MT_CNCU_BOX, 0);
	if (box1)
		WR(t, box1, 0);
	for (i = 0; i < MW_N; i++) {
		w->d[i] = 0;
		if (!present(e, i))
			continue;
		WR(t, mtl_sel_msr(e, i), 0);
		WR(t, mtl_ctr_msr(e, i), 0);
		WR(t, mtl_sel_msr(e, i), w->sel[i]);
		RD(t, mtl_ctr_msr(e, i), &a[i]);
	}
	t0 = plat_tsc();
	WR(t, MT_CNCU_BOX, w->box[0]);
	if (box1)
		WR(t, box1, w->box[1]);
	traffic_until(NULL, t0 + mtl_tsc_us(us));
	WR(t, MT_CNCU_BOX, 0);
	if (box1)
		WR(t, box1, 0);
	w->tsc = plat_tsc() - t0;
	for (i = 0; i < MW_N; i++) {
		if (!present(e, i))
			continue;
		RD(t, mtl_ctr_msr(e, i), &w->d[i]);
		w->d[i] -= a[i];
		WR(t, mtl_sel_msr(e, i), 0);
	}
	return V_PASS;
}

enum verdict mtl_window(struct tctx *t, const struct mtl_e *e, struct mtl_win *w, uint64_t us)
{
	uint64_t saved;
	enum verdict v;

	TRY(mtl_thaw(t, e, &saved));
	v = mtl_window_as_is(t, e, w, us);
	return v == V_PASS ? mtl_refreeze(t, e, saved) : (mtl_refreeze(t, e, saved), v);
}
