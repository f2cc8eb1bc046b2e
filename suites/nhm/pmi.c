/* Uncore PMI to core 0 with a fixed vector: FixedCntr0 preset just below its
 * wrap, PMI bit set, routed to core 0 (N-22, N-23, N-30, N-31, N-32, N-35;
 * C-06, C-29, C-31, C-40). The handler follows C-40's reference order. */
#include "suites/nhm/nhm.h"
#include "harness/cpu_topo.h"

#define VEC        0xF1
#define PRESET_CYC 1000000ull /* wraps within ~0.5 ms of U-clock */
/* On hardware the PMI follows the wrap within microseconds (OQ-N23); the
 * emulated uncore delivers on its 1 ms tick, and TCG adds its own
 * scheduling delays. One second bounds "never came" without flaking. */
#define ARRIVE_US  1000000
/* More than this many PMIs in one test is a storm (C-41): the handler stops
 * the source instead of letting the machine hang. */
#define STORM      8

static struct {
	volatile unsigned count, cpu;
	volatile uint64_t status, status_after, core_status, core_after;
	volatile uint32_t lvt;
	volatile int fault;
} pmi;

static void on_pmi(unsigned vector)
{
	unsigned me = plat_this_cpu();
	uint64_t st = 0, core = 0;

	(void)vector;
	if (++pmi.count > STORM) { /* C-41: stop the source, report */
		msr_write(me, NHM_GLOBAL_CTRL, 0);
		return;
	}
	pmi.cpu = me;
	pmi.lvt = pmu_lvtpc_read();
	pmi.fault |= msr_read(me, NHM_STATUS, &st);
	pmi.fault |= msr_read(me, MSR_GLOBAL_STATUS, &core);
	pmi.status = st;
	pmi.core_status = core;
	pmi.fault |= msr_write(me, NHM_OVF_CTRL, st);                  /* N-26 */
	pmi.fault |= msr_write(me, MSR_GLOBAL_OVF_CTRL, OVF_UNCORE); /* C-07 */
	pmi.fault |= msr_read(me, NHM_STATUS, &st);
	pmi.status_after = st;
	pmi.fault |= msr_read(me, MSR_GLOBAL_STATUS, &core);
	pmi.core_after = core;
	pmu_lvtpc_write(pmi.lvt & ~LVT_MASKED);                        /* C-29 */
}

/* Controls at rest and status clear, behind the PMI path already open. */
static enum verdict arm(struct tctx *t)
{
	uint64_t v;

	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTL, 0);
	WR(t, NHM_OVF_CTRL, NHM_CLEAR_ALL);
	WR(t, MSR_GLOBAL_OVF_CTRL, OVF_UNCORE);
	RD(t, NHM_STATUS, &v);
	CHECK(t, !(v & (NHM_OVF_FC0 | NHM_OVF_PMI)), "status 0x%lx not clear before the test",
	      (unsigned long)v);
	return V_PASS;
}

static void disarm(void)
{
	unsigned me = plat_this_cpu();

	msr_write(me, NHM_GLOBAL_CTRL, 0);
	msr_write(me, NHM_FIXED_CTL, 0);
	msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL);
}

static enum verdict judge(struct tctx *t)
{
	struct cpu_topo topo;
	unsigned core;

	cpu_topo_read(&topo);
	core = cpu_topo_core(&topo, pmi.cpu);
	t_figure(t, "pmis_count", pmi.count, "count");
	CHECK(t, pmi.count, "no PMI within %u ms of the overflow (N-30, N-31)", ARRIVE_US / 1000);
	CHECK(t, pmi.count <= STORM, "PMI storm: %u PMIs, source stopped (C-41)", pmi.count);
	CHECK(t, pmi.count == 1, "%u PMIs for one overflow", pmi.count);
	CHECK(t, !pmi.fault, "an MSR access in the PMI handler faulted");
	CHECK(t, core == 0, "PMI taken by CPU %u (core %u of its package by %s), routed to core 0 "
	      "(N-31, OQ-N4)", pmi.cpu, core, cpu_topo_src_name(topo.src));
	CHECK(t, pmi.status & NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx lacks OVF_FC0 in the handler "
	      "(N-22)", (unsigned long)pmi.status);
	CHECK(t, pmi.status & NHM_OVF_PMI, "GLOBAL_STATUS 0x%lx lacks OVF_PMI in the handler "
	      "(N-23)", (unsigned long)pmi.status);
	CHECK(t, !(pmi.status_after & (NHM_OVF_FC0 | NHM_OVF_PMI)), "GLOBAL_OVF_CTRL left "
	      "0x%lx set (N-26)", (unsigned long)pmi.status_after);
	/* OQ-C1 / OQ-C4: asserted on the model, reported on hardware. */
	t_figure(t, "lvt_masked_in_handler_bool", (pmi.lvt & LVT_MASKED) != 0, "bool");
	t_figure(t, "core_status_bit61_bool", (pmi.core_status & OVF_UNCORE) != 0, "bool");
	/* C-07 holds wherever bit 61 was set: writing it to OVF_CTRL clears it. */
	CHECK(t, !(pmi.core_status & OVF_UNCORE) || !(pmi.core_after & OVF_UNCORE),
	      "IA32_PERF_GLOBAL_STATUS bit 61 still set after IA32_PERF_GLOBAL_OVF_CTRL "
	      "bit 61 was written (C-07)");
	TRY(t_default(t, "OQ-C1", "LVTPC masked on delivery", pmi.lvt & LVT_MASKED, "LVTPC 0x%x "
		      "not masked on delivery (C-29)", pmi.lvt));
	TRY(t_default(t, "OQ-C4", "bit 61 set on the CPU the PMI reaches",
		      pmi.core_status & OVF_UNCORE, "IA32_PERF_GLOBAL_STATUS 0x%lx lacks bit 61 "
		      "(C-06)", (unsigned long)pmi.core_status));
	return V_PASS;
}

enum verdict nhm_pmi_fixed_core0(struct tctx *t)
{
	struct pmi_path p;
	enum verdict v;

	memset((void *)&pmi, 0, sizeof(pmi));
	v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);
	if (v == V_PASS)
		v = arm(t);
	if (v == V_PASS) {
		int e = msr_write(plat_this_cpu(), NHM_FIXED_CTR, (1ull << 48) - PRESET_CYC);

		e |= msr_write(plat_this_cpu(), NHM_FIXED_CTL, 0x5); /* EN, PMI */
		e |= msr_write(plat_this_cpu(), NHM_GLOBAL_CTRL, NHM_EN_FC0 | NHM_EN_PMI(0));
		if (!e) {
			pmi_spin(&pmi.count, ARRIVE_US);
			if (pmi_quiesce(PMI_BSP_ONLY)) /* a second PMI is in by now */
				v = t_error(t, "the PMI fence was not taken on the BSP");
		}
		if (v == V_PASS)
			v = e ? t_error(t, "programming the overflow faulted") : judge(t);
	}
	disarm();
	pmi_path_close(&p);
	return v;
}
