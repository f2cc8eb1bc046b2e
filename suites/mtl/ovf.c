/* A wrap on layout E (L-108, OQ-L42, L-129, OQ-L53): no status register
 * receives it, so a counter preset a little below 2^48 wraps to 0 and
 * counts on; no source names where an uncore PMI would go, so on the model
 * none comes (asserted as the named default), on hardware what came is
 * reported. The source counts every cycle: C-box 0's lookups with
 * threshold 32 inverted (a cycle never has 32 lookups, L-107), with its
 * OVF_EN set (OQ-L41), beside the cNCU's fixed counter preset alike. On
 * Panther Lake the same, its MSR units having no status either (L-146),
 * with the table's freeze-all cleared around the window (L-145). */
#include "suites/mtl/mtl.h"

#define LEAD_US 1000              /* the wrap is due 1 ms after the start */
#define RUN_US  3000              /* the window: the wrap well inside it */
#define PMI_VEC 0xF6              /* C-32: >= 0x20; not client's 0xF4/0xF5 */

static volatile unsigned hits[PLAT_MAX_CPUS];

static void on_pmi(unsigned vector)
{
	(void)vector;
	__atomic_add_fetch(&hits[plat_this_cpu()], 1, __ATOMIC_SEQ_CST);
}

/* The uncore clocks in us microseconds: the cNCU's fixed counter, on
 * layout F (none in MSRs, L-118) C-box 0's counter 0 counting every cycle
 * as the wrap's source does. */
static enum verdict clocks_in(struct tctx *t, const struct mtl_e *e, uint64_t us, uint64_t *n)
{
	unsigned i = e->f ? MW_CB0 : MW_CFIX;
	struct mtl_win w;

	memset(&w, 0, sizeof(w));
	w.sel[MW_CFIX] = MT_FC_EN;
	w.sel[MW_CB0] = MT_LOOKUP_ANY | MT_ES_THRESH(MT_ES_THRESH_TOP) | MT_ES_INV | MT_ES_EN;
	w.box[0] = MT_BOX_EN;
	TRY(mtl_window(t, e, &w, us));
	if (!w.d[i] || !w.tsc)
		return t_fail(t, "%s did not count the window's cycles (L-104, L-107)", mtl_name(e, i));
	*n = w.d[i] * mtl_tsc_us(us) / w.tsc;
	return V_PASS;
}

/* The window around the wrap, with the BSP's PMI path open; cb and fx:
 * the counters after it. */
static enum verdict run(struct tctx *t, const struct mtl_e *e, uint64_t lead, uint64_t *cb,
			uint64_t *fx)
{
	const uint64_t top = 1ull << MT_BITS;

	WR(t, MT_CBO_CTR, top - lead);
	WR(t, MT_CBO_SEL, MT_LOOKUP_ANY | MT_ES_THRESH(MT_ES_THRESH_TOP) | MT_ES_INV |
	   MT_ES_OVF_EN | MT_ES_EN);
	if (!e->f) { /* L-118: no fixed counter in MSRs on layout F */
		WR(t, MT_CNCU_FCTR, top - lead);
		WR(t, MT_CNCU_FCTL, MT_FC_EN | MT_FC_OVF_EN);
	}
	WR(t, MT_CNCU_BOX, MT_BOX_EN);
	traffic_until(NULL, plat_tsc() + mtl_tsc_us(RUN_US));
	WR(t, MT_CNCU_BOX, 0);
	RD(t, MT_CBO_CTR, cb);
	if (!e->f)
		RD(t, MT_CNCU_FCTR, fx);
	if (pmi_quiesce(PMI_BSP_ONLY))
		plat_log(1, "  mtl.ovf.wrap: the BSP did not take the quiescence fence");
	return V_PASS;
}

static enum verdict wrap(struct tctx *t)
{
	const uint64_t top = 1ull << MT_BITS;
	uint64_t lead = 0, cb = 0, fx = 0, saved = 0;
	struct pmi_path p = { 0 };
	struct mtl_e e;
	unsigned cpu;
	enum verdict v;

	TRY(mtl_begin(t, &e));
	TRY(clocks_in(t, &e, LEAD_US, &lead));
	memset((void *)hits, 0, sizeof(hits));
	v = pmi_path_open(t, &p, PMI_VEC, PMI_VEC, true, on_pmi);
	if (v == V_PASS)
		v = mtl_thaw(t, &e, &saved); /* L-145: layout P's freeze-all */
	if (v == V_PASS) {
		v = run(t, &e, lead, &cb, &fx);
		v = v == V_PASS ? mtl_refreeze(t, &e, saved) : (mtl_refreeze(t, &e, saved), v);
	}
	pmi_path_close(&p);
	if (mtl_quiet(&e) && v == V_PASS)
		return t_error(t, "stopping the layout-E uncore faulted");
	if (v != V_PASS)
		return v;
	t_figure(t, "cbox_after_wrap_count", (int64_t)cb, "count");
	/* L-102, L-104: 48 bits, past 2^48 - 1 to 0; OQ-L42: and counting on */
	CHECK(t, cb < top - lead, "C-box 0's counter 0 reads 0x%lx after 2^48 - %lu and a "
	      "window of %u us: it did not wrap at 48 bits (L-102)", (unsigned long)cb,
	      (unsigned long)lead, RUN_US);
	TRY(t_default(t, "OQ-L42", "a wrap goes on counting from 0", cb > 0,
		      "after the wrap C-box 0 reads %lu", (unsigned long)cb));
	if (!e.f) { /* L-118: no fixed counter in MSRs on layout F */
		t_figure(t, "fixed_after_wrap_count", (int64_t)fx, "count");
		CHECK(t, fx < top - lead, "the cNCU's fixed counter reads 0x%lx, %lu clocks "
		      "after 2^48 - %lu: it did not wrap at 48 bits (L-104)", (unsigned long)fx,
		      (unsigned long)lead, (unsigned long)lead);
		TRY(t_default(t, "OQ-L42", "a wrap goes on counting from 0", fx > 0,
			      "after the wrap the fixed counter reads %lu", (unsigned long)fx));
	}
	for (cpu = 0; cpu < plat_cpu_count(); cpu++)
		t_figure_at(t, "pmi_count", FIG_CPU, cpu, hits[cpu], "count");
	return t_default(t, "OQ-L53", "no uncore PMI on layout E", hits[0] == 0,
			 "%u PMI(s) on the BSP after wraps with OVF_EN set", hits[0]);
}

static const struct test tests[] = {
	{ .id = "mtl.ovf.wrap", .desc = "a C-box counter and the cNCU's fixed counter wrap at "
	  "2^48 and count on; no uncore PMI (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = wrap },
};
const struct suite mtl_ovf_suite = SUITE("mtl.ovf", tests);
