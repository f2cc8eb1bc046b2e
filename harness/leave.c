/* Leave the machine as found, on every path (harness/leave.h). The tests put
 * back what they change when they end normally, and the brackets
 * (harness/state.c, suites/core/state.c) what the run as a whole changed in
 * the PMUs; this covers what a test cut short (a CPU exception, a failed
 * check, an AP that never answers) or a run ended outside a test left
 * behind: an armed LVT entry (the BSP's read 0x10400 after a faulted test,
 * 0x10000 before) and running counters. Each CPU is visited on its own
 * (plat_run_on), so a lost one costs only itself. */
#include "harness/leave.h"
#include "arch/apic.h"
#include "arch/msr.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"
#include "harness/state.h"
#include "arch/cpuid.h"
#include "pmu/core_enum.h"

/* A job of an LVT write and an MSR access or two (arch/cpuid.h). */
#define JOB_US cpu_answer_bound_us()

static struct {
	bool recorded;
	bool global;                   /* IA32_PERF_GLOBAL_CTRL exists: version >= 2 */
	uint32_t lvt[PLAT_MAX_CPUS];
	uint64_t ctl[PLAT_MAX_CPUS];
	bool lvt_ok[PLAT_MAX_CPUS];    /* recorded on that CPU */
	bool ctl_ok[PLAT_MAX_CPUS];    /* and GLOBAL_CTRL read without a fault */
} found;

/* What each CPU reads at the end. */
static struct {
	uint32_t lvt;
	uint64_t ctl;
	int rc;
} now[PLAT_MAX_CPUS];

/* What stop_here found on each CPU: the LVT entry, GLOBAL_CTRL non-zero. */
static uint32_t was_lvt[PLAT_MAX_CPUS];
static bool was_counting[PLAT_MAX_CPUS];

static void record_here(void *arg)
{
	unsigned me = plat_this_cpu();

	(void)arg;
	found.lvt[me] = plat_apic_read_lvtpc();
	found.lvt_ok[me] = true;
	found.ctl_ok[me] = found.global && !msr_read(me, MSR_GLOBAL_CTRL, &found.ctl[me]);
}

void leave_record(void)
{
	struct core_enum e;
	unsigned i;

	core_enum_read(&e);
	found.global = e.version >= 2;
	for (i = 0; i < plat_cpu_count(); i++)
		if (plat_run_on(i, record_here, NULL, JOB_US, NULL))
			plat_log(0, "state: CPU %u (APIC id %u) did not answer: what it holds was not "
				 "recorded and will not be put back", i, plat_cpu(i)->apic_id);
	found.recorded = true;
}

bool leave_recorded(void)
{
	return found.recorded;
}

/* Masked, in the mode and vector found (C-28: a masked entry delivers
 * nothing), and the core PMU's counters off. */
static void stop_here(void *arg)
{
	unsigned me = plat_this_cpu();
	uint64_t ctl = 0;

	(void)arg;
	was_lvt[me] = pmu_lvtpc_read();
	pmu_lvtpc_write((found.lvt_ok[me] ? found.lvt[me] : was_lvt[me]) | APIC_LVT_MASKED);
	was_counting[me] = found.global && !msr_read(me, MSR_GLOBAL_CTRL, &ctl) && ctl;
	if (found.global)
		msr_write(me, MSR_GLOBAL_CTRL, 0);
}

void leave_stop(const char *after)
{
	unsigned i, n = plat_cpu_count(), missed = 0, unmasked = 0, counting = 0, uncore;

	for (i = 0; i < n; i++) {
		if (plat_cpu_lost(i) || plat_run_on(i, stop_here, NULL, JOB_US, NULL)) {
			missed++;
			continue;
		}
		unmasked += !(was_lvt[i] & APIC_LVT_MASKED);
		counting += was_counting[i];
	}
	uncore = state_stop();
	plat_log(1, "state: everything stopped %s: LVTPC was unmasked on %u of %u CPUs (BSP "
		 "0x%x), IA32_PERF_GLOBAL_CTRL non-zero on %u, uncore controls non-zero: %u%s",
		 after, unmasked, n - missed, was_lvt[0], counting, uncore,
		 missed ? "; lost CPUs not reached" : "");
}

/* The core PMU of a CPU core.state.preflight saved (the BSP, a hybrid
 * part's E-core) is core.state.restore's when the core suite ran: it put
 * GLOBAL_CTRL back, or left it stopped for a reason of its own. */
static bool ctl_mine(unsigned cpu)
{
	return found.ctl_ok[cpu] && !core_state_holds(cpu);
}

static void put_back_here(void *arg)
{
	unsigned me = plat_this_cpu();

	(void)arg;
	if (found.lvt_ok[me])
		pmu_lvtpc_write(found.lvt[me]);
	if (ctl_mine(me))
		msr_write(me, MSR_GLOBAL_CTRL, found.ctl[me]);
	now[me].lvt = plat_apic_read_lvtpc();
	now[me].rc = found.global ? msr_read(me, MSR_GLOBAL_CTRL, &now[me].ctl) : 0;
}

/* One CPU at the end: put back and compare. */
static void finish_cpu(unsigned i, unsigned *lvt_ok, unsigned *ctl_ok)
{
	uint32_t id = plat_cpu(i)->apic_id;
	const char *what = found.global ? "LVTPC and IA32_PERF_GLOBAL_CTRL" : "LVTPC";
	bool lvt, ctl;

	if (plat_cpu_lost(i) || plat_run_on(i, put_back_here, NULL, JOB_US, NULL)) {
		plat_log(0, "state: %s could not be restored on CPU %u (APIC id %u): %s", what, i,
			 id, plat_cpu_lost(i) ? "lost" : "the job failed");
		return;
	}
	lvt = found.lvt_ok[i] && now[i].lvt == found.lvt[i];
	ctl = !found.global || (found.ctl_ok[i] && !now[i].rc && now[i].ctl == found.ctl[i]);
	*lvt_ok += lvt;
	*ctl_ok += ctl && found.global;
	if (!lvt)
		plat_log(0, "state: CPU %u (APIC id %u): LVTPC reads 0x%x, found 0x%x", i, id,
			 now[i].lvt, found.lvt[i]);
	if (!ctl)
		plat_log(0, "state: CPU %u (APIC id %u): IA32_PERF_GLOBAL_CTRL reads 0x%lx "
			 "(error %d), found 0x%lx", i, id, (unsigned long)now[i].ctl, now[i].rc,
			 (unsigned long)found.ctl[i]);
	plat_log(2, "state: CPU %u (APIC id %u): LVTPC 0x%x, IA32_PERF_GLOBAL_CTRL 0x%lx", i, id,
		 now[i].lvt, (unsigned long)now[i].ctl);
}

void leave_finish(void)
{
	unsigned i, n = plat_cpu_count(), lvt_ok = 0, ctl_ok = 0, pk_ok, pk, pci_ok, npci;
	char ctl[64], unc[96];

	if (!found.recorded)
		return;
	for (i = 0; i < n; i++)
		finish_cpu(i, &lvt_ok, &ctl_ok);
	if (found.global)
		snprintf(ctl, sizeof(ctl), "on %u of %u CPUs (BSP 0x%lx)", ctl_ok, n,
			 (unsigned long)now[0].ctl);
	else
		snprintf(ctl, sizeof(ctl), "none (no architectural PMU v2)");
	if (!state_check(&pk_ok, &pk, &pci_ok, &npci))
		snprintf(unc, sizeof(unc), "not touched");
	else if (npci)
		snprintf(unc, sizeof(unc), "in %u of %u packages and %u of %u PCI boxes", pk_ok, pk,
			 pci_ok, npci);
	else
		snprintf(unc, sizeof(unc), "in %u of %u packages", pk_ok, pk);
	plat_log(1, "state: as found at the end: LVTPC on %u of %u CPUs (BSP 0x%x), "
		 "IA32_PERF_GLOBAL_CTRL %s, uncore controls %s", lvt_ok, n, now[0].lvt, ctl, unc);
}
