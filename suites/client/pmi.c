/* The uncore PMI on the BSP alone (L-38, L-42, L-44, L-45, L-49; C-02,
 * C-28, C-29): one PMI per forwarded overflow with the status bit seen in
 * the handler, again without the status cleared, and none through a closed
 * gate (DEBUGCTL bit 13 clear, LVTPC masked) until it is opened. The
 * overflow is routed to the BSP's core (suites/client/pmi_lib.c). */
#include "suites/client/client.h"

struct solo {
	struct cl_src s;
	struct pmi_path a;
	uint64_t sel;
};

/* Exactly `want` PMIs so far, all on the BSP. */
/* The BSP's PMIs after `after` (L-42, L-44, C-41; suites/common/pmi_path.c). */
static enum verdict counted(struct tctx *t, unsigned want, const char *after)
{
	const struct pmi_tally p = { .hits = cl_pmi.hits, .fault = cl_pmi.fault,
				     .fault_cpu = cl_pmi.fault_cpu, .storm = CL_STORM,
				     .arrive_us = CL_ARRIVE_US, .one_per = "L-42", .bsp_only = "L-44" };

	return pmi_bsp_counted(t, &p, want, after);
}

/* One overflow (the status cleared first when clear), the wait for a PMI
 * when want exceeds the count so far, else past the wrap; then every PMI
 * it raised is in; with check, the count must be want. */
static enum verdict step(struct tctx *t, struct solo *p, unsigned want, bool clear, bool check,
			 const char *after)
{
	unsigned base = cl_pmi.hits[0];
	uint64_t due, by, end;
	int e = cl_src_start(&p->s, p->sel, clear, &due, &by);

	if (e)
		return t_error(t, "programming the overflow faulted (%d)", e);
	end = want > base ? due + cl_tsc_us(CL_ARRIVE_US) : by + cl_tsc_us(CL_EARLY_US);
	while (cl_pmi.hits[0] < (want > base ? want : base + 1) && plat_tsc() < end)
		;
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the BSP did not take the PMI fence");
	return check ? counted(t, want, after) : V_PASS;
}

/* Arm the BSP with lvt and DEBUGCTL bit 13 = dc, run body, stop and
 * restore. */
static enum verdict solo(struct tctx *t, uint32_t lvt, bool dc,
			 enum verdict (*body)(struct tctx *, struct solo *))
{
	struct solo p;
	enum verdict v;
	int rc;

	TRY(cl_src_measure(t, &p.s));
	p.sel = cl_bsp_select(&p.s.l);
	rc = plat_irq_register(CL_PMI_VEC, cl_on_pmi);
	if (rc)
		return t_error(t, "cannot register vector 0x%x (error %d)", CL_PMI_VEC, rc);
	rc = pmi_arm(&p.a, lvt, dc);
	v = rc ? t_error(t, "arming the BSP faulted (%d)", rc) : body(t, &p);
	rc = cl_src_stop(&p.s);
	if (!rc)
		rc = pmi_disarm(&p.a);
	plat_irq_unregister(CL_PMI_VEC);
	if (rc && v == V_PASS)
		return t_error(t, "restoring the uncore or DEBUGCTL faulted (%d)", rc);
	return v;
}

/* One PMI with FIXED_OVF in the handler's status (L-38, L-42, L-45); a
 * second overflow with that bit still set raises another (L-49, asserted
 * on the model, reported on hardware). */
static enum verdict status_body(struct tctx *t, struct solo *p)
{
	cl_pmi.rearm = true;
	TRY(step(t, p, 1, true, true, "an overflow routed to the BSP's core (L-42, L-43)"));
	CHECK(t, cl_pmi.status[0] & CL_ST_FIXED, "GLOBAL_STATUS 0x%lx in the handler lacks bit 0 "
	      "(L-38, L-45)", (unsigned long)cl_pmi.status[0]);
	TRY(step(t, p, 2, false, false, "a second overflow"));
	/* Faults, a storm and other CPUs' PMIs judged on any machine; the
	 * count is the open question. */
	TRY(counted(t, cl_pmi.hits[0], "a second overflow, the status left set (L-49)"));
	TRY(t_default(t, "OQ-L20", "a second overflow, the status still set, raises a PMI",
		      cl_pmi.hits[0] == 2, "%u PMIs after a second overflow, the status left set, "
		      "want 2 (L-49)", cl_pmi.hits[0]));
	t_figure(t, "pmis_status_set_count", cl_pmi.hits[0] - 1, "count");
	return V_PASS;
}

/* A closed gate passes nothing: DEBUGCTL bit 13 clear (L-44) or LVTPC
 * masked (L-45, C-28); opening both (the test closed one) the PMIs it
 * brings are reported, and the next overflow gives one more. */
static enum verdict gate(struct tctx *t, struct solo *p)
{
	unsigned held;

	TRY(step(t, p, 0, true, true, "an overflow through a closed gate (L-44, L-45)"));
	pmu_lvtpc_write(CL_PMI_VEC);
	WR(t, MSR_DEBUGCTL, p->a.debugctl | DEBUGCTL_UNCORE_PMI);
	if (pmi_quiesce(PMI_BSP_ONLY)) /* a held PMI would come on the opening */
		return t_error(t, "the BSP did not take the PMI fence");
	held = cl_pmi.hits[0];
	t_figure(t, "pmis_on_opening_count", held, "count");
	cl_pmi.rearm = true;
	return step(t, p, held + 1, true, true, "an overflow through the opened gate (L-44, "
		    "L-45)");
}

static enum verdict status(struct tctx *t) { return solo(t, CL_PMI_VEC, true, status_body); }
static enum verdict debugctl(struct tctx *t) { return solo(t, CL_PMI_VEC, false, gate); }
static enum verdict masked(struct tctx *t)
{
	return solo(t, CL_PMI_VEC | LVT_MASKED, true, gate);
}

static const struct test tests[] = {
	{ .id = "client.pmi.status", .desc = "a forwarded overflow gives the BSP one PMI with "
	  "GLOBAL_STATUS bit 0; another with the bit still set", .needs = NEED_UNCORE,
	  .run = status },
	{ .id = "client.pmi.debugctl-gate", .desc = "no PMI with DEBUGCTL bit 13 clear, one once "
	  "it is set", .needs = NEED_UNCORE, .run = debugctl },
	{ .id = "client.pmi.lvt-masked", .desc = "no PMI through a masked LVTPC, one once it is "
	  "unmasked", .needs = NEED_UNCORE, .run = masked },
};
const struct suite client_pmi_suite = SUITE("client.pmi", tests);
