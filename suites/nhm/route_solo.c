/* Uncore PMI delivery through the LVT performance-counter entry on the BSP
 * alone (N-30, N-32, N-35; C-02, C-26, C-28, C-29, C-41): NMI mode, the
 * mask and DEBUGCTL gates and the re-arm cycle (the Fixed-mode PMI to core
 * 0 is nhm.pmi.fixed-vector-core0). Shared parts: suites/nhm/route.h. */
#include "suites/nhm/route.h"

struct solo {
	struct clock c;
	struct pmi_path a;
	unsigned cores; /* EN_PMI_CORE bits that reach the BSP */
	bool dc;        /* DEBUGCTL bit 13 as armed */
};

/* Exactly `want` PMIs so far, all on the BSP; a storm named as such. */
/* The BSP's PMIs after `after` (N-30, N-32, C-41; suites/common/pmi_path.c). */
static enum verdict counted(struct tctx *t, unsigned want, const char *after)
{
	const struct pmi_tally p = { .hits = route_pmi.hits, .fault = route_pmi.fault,
				     .fault_cpu = route_pmi.fault_cpu, .storm = STORM,
				     .arrive_us = ARRIVE_US, .one_per = "N-30", .bsp_only = "N-32" };

	return pmi_bsp_counted(t, &p, want, after);
}

/* One overflow and its wait: for the PMI when `want` exceeds the count so
 * far (ARRIVE_US), else past the wrap; then until every PMI it raised is
 * handled; then, with `check`, the count must be `want`. */
static enum verdict step(struct tctx *t, struct solo *s, unsigned want, bool check,
			 const char *after)
{
	unsigned base = route_pmi.hits[0];
	struct wrap w;
	uint64_t end;
	int e = route_start(&s->c, s->cores, &w);

	if (e)
		return t_error(t, "programming the overflow faulted (%d)", e);
	end = want > base ? w.due + route_tsc_us(ARRIVE_US) : w.by + route_tsc_us(EARLY_US);
	while (route_pmi.hits[0] < (want > base ? want : base + 1) && plat_tsc() < end)
		;
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the BSP did not take the PMI fence");
	return check ? counted(t, want, after) : V_PASS;
}

/* Measure the U-clock, arm the BSP with `lvt` and DEBUGCTL bit 13 = dc, run
 * body, stop the uncore and restore (N-05, C-03). The overflows go to the
 * BSP's core by the OQ-N4 default on the model; on hardware, where the
 * mapping is open, to all four cores, which reach the BSP whichever it is
 * (N-34), with only the BSP armed. A choice of set-up, not an assertion:
 * t_on_model(). */
static enum verdict solo(struct tctx *t, unsigned vector, uint32_t lvt, bool dc,
			 enum verdict (*body)(struct tctx *, struct solo *))
{
	struct solo s;
	struct cpu_topo topo;
	enum verdict v;
	int rc;

	memset((void *)&route_pmi, 0, sizeof(route_pmi));
	v = route_measure(t, &s.c);
	if (v != V_PASS)
		return v;
	cpu_topo_read(&topo);
	s.cores = t_on_model() ? 1u << cpu_topo_core(&topo, 0) : ALL_CORES;
	rc = plat_irq_register(vector, route_on_pmi);
	if (rc)
		return t_error(t, "cannot register vector %u (error %d)", vector, rc);
	s.dc = dc;
	rc = pmi_arm(&s.a, lvt, dc);
	v = rc ? t_error(t, "arming the BSP faulted (%d)", rc) : body(t, &s);
	rc = route_stop_uncore(0);
	route_keep(&rc, pmi_disarm(&s.a));
	plat_irq_unregister(vector);
	cpu_topo_name_types(t, 1); /* the BSP, the one CPU these PMIs reach */
	if (rc && v == V_PASS)
		return t_error(t, "restoring the uncore or DEBUGCTL faulted (%d)", rc);
	return v;
}

/* NMI mode (C-26, N-35): one NMI for one overflow; the entry keeps its mode
 * and is masked on delivery (OQ-C1: asserted on the model, else reported). */
static enum verdict nmi_body(struct tctx *t, struct solo *s)
{
	TRY(step(t, s, 1, true, "an overflow with LVTPC in NMI mode (C-26, N-35)"));
	CHECK(t, route_pmi.status[0] & NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx in the NMI handler lacks "
	      "OVF_FC0 (N-22, C-30)", (unsigned long)route_pmi.status[0]);
	t_figure(t, "lvt_in_handler_reg", route_pmi.lvt[0], "reg");
	TRY(t_default(t, "OQ-C1", "NMI mode kept, masked on delivery", route_pmi.lvt[0] ==
		      (LVT_NMI | LVT_MASKED), "LVTPC 0x%x in the NMI handler, want 0x%x: NMI mode "
		      "kept, masked on delivery (C-29)", route_pmi.lvt[0], LVT_NMI | LVT_MASKED));
	return V_PASS;
}

/* A closed gate passes nothing: LVTPC masked (C-28) or DEBUGCTL bit 13
 * clear (N-32, C-02). Opening it (unmask; set bit 13, C-01) does not bring
 * the earlier overflow's PMI: asserted on the model for the mask (OQ-C2
 * default: lost), reported otherwise; the next overflow gives one PMI. */
static enum verdict gate(struct tctx *t, struct solo *s)
{
	bool lvt = s->dc; /* the other gate is the one closed */
	unsigned held;

	TRY(step(t, s, 0, true, lvt ? "an overflow with LVTPC masked (C-28)"
				    : "an overflow with DEBUGCTL bit 13 clear (N-32, C-02)"));
	if (lvt)
		pmu_lvtpc_write(VEC);
	else
		WR(t, MSR_DEBUGCTL, s->a.debugctl | DEBUGCTL_UNCORE_PMI);
	if (pmi_quiesce(PMI_BSP_ONLY)) /* a held PMI comes on the opening */
		return t_error(t, "the BSP did not take the PMI fence");
	held = route_pmi.hits[0];
	t_figure(t, "pmis_on_opening_count", held, "count");
	/* Faults, storms and other CPUs' PMIs the next step's count judges. */
	if (lvt)
		TRY(t_default(t, "OQ-C2", "a PMI the mask held is lost", !held, "%u PMIs on "
			      "unmasking LVTPC after an overflow (OQ-C2 default: lost, C-39)", held));
	route_pmi.rearm = true; /* so that a storm shows (C-41) */
	pmu_lvtpc_write(VEC);
	TRY(step(t, s, held + 1, true, lvt ? "an overflow with LVTPC unmasked (C-28, N-30)"
					   : "an overflow with DEBUGCTL bit 13 set (N-32, N-30)"));
	return V_PASS;
}

/* C-29: delivery masks LVTPC, so a handler that does not unmask gets no
 * second PMI (OQ-C1: asserted on the model, else reported); one that does
 * gets exactly one PMI per overflow. */
static enum verdict rearm_body(struct tctx *t, struct solo *s)
{
	unsigned base;

	TRY(step(t, s, 1, true, "the first overflow (N-30)"));
	t_figure(t, "lvt_in_handler_reg", route_pmi.lvt[0], "reg");
	TRY(t_default(t, "OQ-C1", "LVTPC masked on delivery", route_pmi.lvt[0] & LVT_MASKED,
		      "LVTPC 0x%x not masked in the handler (C-29)", route_pmi.lvt[0]));
	/* Faults, storms and other CPUs' PMIs the next step's count judges. */
	TRY(step(t, s, 1, false, "a second overflow"));
	TRY(t_default(t, "OQ-C1", "no second PMI while delivery left LVTPC masked",
		      route_pmi.hits[0] == 1, "%u PMIs after a second overflow, LVTPC left masked "
		      "by the delivery, want 1 (C-29)", route_pmi.hits[0]));
	base = route_pmi.hits[0];
	t_figure(t, "pmis_not_rearmed_count", base - 1, "count");
	route_pmi.rearm = true;
	pmu_lvtpc_write(VEC);
	TRY(step(t, s, base + 1, true, "an overflow with LVTPC unmasked (N-30)"));
	TRY(step(t, s, base + 2, true, "an overflow after the handler unmasked LVTPC (C-29, C-40)"));
	return V_PASS;
}

static enum verdict nmi(struct tctx *t) { return solo(t, NMI, LVT_NMI, true, nmi_body); }
static enum verdict masked(struct tctx *t) { return solo(t, VEC, VEC | LVT_MASKED, true, gate); }
static enum verdict debugctl(struct tctx *t) { return solo(t, VEC, VEC, false, gate); }
static enum verdict rearm(struct tctx *t) { return solo(t, VEC, VEC, true, rearm_body); }

static const struct test tests[] = {
	{ .id = "nhm.route.nmi", .desc = "with LVTPC in NMI mode an overflow gives one NMI on the "
	  "BSP", .needs = NEED_UNCORE, .run = nmi },
	{ .id = "nhm.route.lvt-masked", .desc = "no PMI through a masked LVTPC, none on unmasking, "
	  "one after", .needs = NEED_UNCORE, .run = masked },
	{ .id = "nhm.route.debugctl-gate", .desc = "no PMI with DEBUGCTL bit 13 clear, one with it "
	  "set", .needs = NEED_UNCORE, .run = debugctl },
	{ .id = "nhm.route.rearm", .desc = "delivery masks LVTPC; a handler that unmasks gets one "
	  "PMI per overflow", .needs = NEED_UNCORE, .run = rearm },
};
const struct suite nhm_route_solo_suite = SUITE("nhm.route", tests);
