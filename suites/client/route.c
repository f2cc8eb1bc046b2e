/* Uncore PMI routing and WakePMI (L-43, L-46..L-48; OQ-L10, OQ-L17): one
 * fork-join (suites/common/pmi_fork.c) per test, every CPU armed; the APs spin in
 * C0 or, for WakePMI, halt (HLT, declared C1 to the backend). The BSP makes
 * the overflows (suites/client/pmi_lib.c), each round with its GLOBAL_CTRL
 * select bits and WakePMI. Which CPUs should take a PMI comes from their
 * APIC ids and CPUID (harness/cpu_topo.h): every thread of a selected core
 * of the BSP's package (L-46), core n the n-th by APIC id (OQ-L17). */
#include "suites/client/client.h"
#include "harness/cpu_topo.h"
#include "suites/common/pmi_latency.h"

#define MAXR     16   /* 5 select bits alone, all, none: twice each */
#define LISTEN_S 30    /* an AP gives up waiting for the BSP */
#define KICK_US  (2ull * pmu_pmi_bound_us()) /* suites/nhm/route.c's listen() */

struct fork {
	struct pmi_rounds pr;
	struct cl_src s;
	struct cpu_topo topo;
	unsigned ncores;             /* selectable cores of the BSP's package */
	uint64_t gbits[MAXR];        /* select bits and WakePMI of round r */
	bool clear[MAXR];            /* clear the status before round r */
	bool halted;                 /* the rounds find the APs halted */
	volatile bool halt;          /* the APs halt instead of spinning (until the end) */
	uint64_t due[MAXR], by[MAXR];
	uint64_t st[MAXR];           /* GLOBAL_STATUS after the wait */
	unsigned got[MAXR + 1][PLAT_MAX_CPUS]; /* hits before round r, at [r] */
};

/* Idle until the BSP is done: HLT with interrupts on (sti's shadow covers
 * hlt) while halt holds, else spin. The host build (CPUs are threads) only
 * waits. */
static void idle_once(struct fork *f)
{
#ifdef HOST
	(void)f;
	plat_stall_us(20);
#else
	plat_irq_disable();
	if (f->halt && !f->pr.done)
		__asm__ volatile("sti; hlt" ::: "memory");
	plat_irq_enable();
#endif
}

/* An AP: armed, it spins (C0) or halts (C1) as the BSP says, until done.
 * On the model a spinning AP sends itself a no-op IPI every two PMI bounds
 * (a lost TCG wake-up, suites/nhm/route.c: the emulator's, not an open
 * question, so t_on_model()). */
static void listen(void *arg)
{
	struct fork *f = arg;
	unsigned me = plat_this_cpu();
	uint64_t now = plat_tsc(), end = now + plat_tsc_hz() * LISTEN_S, kick = now;
	enum pmu_cstate was = PMU_C1, want;
	bool emu = t_on_model();
	struct pmi_path a;

	f->pr.fault[me] = pmi_arm(&a, CL_PMI_VEC, true);
	plat_irq_enable();
	__atomic_add_fetch(&f->pr.ready, 1, __ATOMIC_SEQ_CST);
	while (!f->pr.done && (now = plat_tsc()) < end) {
		want = f->halt ? PMU_C1 : PMU_C0;
		if (want != was)
			pmu_cstate(was = want); /* L-47, L-48: what the model's WakePMI sees */
		if (want == PMU_C1) {
			idle_once(f);
		} else if (emu && now >= kick) {
			plat_apic_self_ipi(CL_KICK);
			kick = now + cl_tsc_us(KICK_US);
		}
	}
	pmu_cstate(PMU_C1); /* back to the MP loop's HLT (OQ-S19) */
	plat_irq_disable();
	if (!f->pr.fault[me])
		f->pr.fault[me] = pmi_disarm(&a);
}

/* CPU i should take round r's PMI: its core is selected, in the BSP's
 * package (L-43, L-46); a halted AP only with WakePMI (L-47; L-48 with the
 * OQ-L10 default: not at all without it). */
static bool wanted(const struct fork *f, unsigned r, unsigned i)
{
	unsigned k = cpu_topo_core(&f->topo, i);

	if (!cpu_topo_same_package(&f->topo, i, 0) || k >= f->s.l.sel_bits ||
	    !(f->gbits[r] >> k & 1))
		return false;
	return !f->halted || !i || (f->gbits[r] & CL_GC_WAKE);
}

static bool arrived(const struct fork *f, unsigned r, bool *any)
{
	bool all = true;
	unsigned i;

	*any = false;
	for (i = 0; i < plat_cpu_count(); i++) {
		bool has = cl_pmi.hits[i] > f->got[r][i];

		*any |= has;
		all &= has || !wanted(f, r, i);
	}
	return all;
}

/* Round r: the overflow, the wait for every wanted CPU (on the model; any
 * CPU on hardware) or, when none is wanted, past the wrap; the status read
 * (the wrap happened); then the BSP's
 * PMI fence (pmu_pmi_flush: whatever the model owes is sent), and the
 * receivers recorded before any halted AP is woken. */
static bool round_on(void *arg, unsigned r)
{
	struct fork *f = arg;
	bool any = false, need = false, came = false;
	uint64_t end;
	unsigned i;

	for (i = 0; i < plat_cpu_count(); i++)
		need |= wanted(f, r, i);
	if (cl_src_start(&f->s, f->gbits[r], f->clear[r], &f->due[r], &f->by[r])) {
		snprintf(f->pr.why, sizeof(f->pr.why), "programming the overflow faulted");
		return false;
	}
	end = need ? f->due[r] + cl_tsc_us(CL_ARRIVE_US) : f->by[r] + cl_tsc_us(CL_EARLY_US);
	/* How long to wait, not an open question: on the model for every
	 * default receiver (TCG may run their handlers far apart), on
	 * hardware, which delivers to all at once, for any (t_on_model()). */
	while (plat_tsc() < end) {
		came = arrived(f, r, &any) && any;
		if (need && (came || (any && !t_on_model())))
			break;
	}
	if (msr_read(0, f->s.l.status, &f->st[r])) {
		snprintf(f->pr.why, sizeof(f->pr.why), "reading GLOBAL_STATUS faulted");
		return false;
	}
	if (pmi_quiesce(f->halted ? PMI_BSP_ONLY : (1ull << plat_cpu_count()) - 1)) {
		snprintf(f->pr.why, sizeof(f->pr.why), "a CPU did not take the PMI fence");
		return false;
	}
	for (i = 0; i < plat_cpu_count(); i++)
		f->got[r + 1][i] = cl_pmi.hits[i];
	/* After the last round the halted APs are woken (while still armed):
	 * a PMI the uncore held for them comes now (OQ-L10). */
	if (f->halted && r + 1 == f->pr.rounds) {
		f->halt = false;
		if (pmi_quiesce((1ull << plat_cpu_count()) - 1)) {
			snprintf(f->pr.why, sizeof(f->pr.why), "a CPU did not take the PMI fence");
			return false;
		}
	}
	return came || !need || !t_on_model();
}

static void bsp_end(void *arg)
{
	struct fork *f = arg;

	cl_src_stop(&f->s);
}

/* Run f's rounds; then judge each: at most one PMI per CPU per overflow
 * (L-42), only in the BSP's package, the handler seeing FIXED_OVF (L-38,
 * L-45), nobody with no select bit (L-43); on the model exactly the wanted
 * CPUs (L-43, L-46..L-48), none before the wrap nor later than the bound.
 * recv[r]: round r's receivers; each PMI's latency from the wrap goes to
 * the results per core (the wrap's time from the measured U-clock, L-59:
 * on hardware within its rate's error, CL_EARLY_US). */
static enum verdict run(struct tctx *t, struct fork *f, uint64_t *recv)
{
	static struct pmi_lat lat;
	unsigned r, i;
	int64_t us;

	memset(&lat, 0, sizeof(lat));
	cl_pmi.rearm = true; /* each round needs the entry back (C-29) */
	f->pr.round = round_on;
	f->pr.after = bsp_end;
	TRY(pmi_fork(t, CL_PMI_VEC, cl_on_pmi, CL_KICK, listen, &f->pr, LISTEN_S));
	if (cl_pmi.fault)
		return t_error(t, "an MSR access in the PMI handler failed on CPU %d (%d)",
			       cl_pmi.fault_cpu, cl_pmi.fault);
	for (r = 0; r < f->pr.rounds; r++) {
		recv[r] = 0;
		CHECK(t, f->st[r] & CL_ST_FIXED, "round %u: GLOBAL_STATUS 0x%lx, FIXED_CTR did not "
		      "wrap (L-36, L-38)", r, (unsigned long)f->st[r]);
		for (i = 0; i < plat_cpu_count(); i++) {
			unsigned got = f->got[r + 1][i] - f->got[r][i];

			CHECK(t, got <= 1, "CPU %u took %u PMIs for one overflow (L-42, C-41)", i, got);
			CHECK(t, !got || cpu_topo_same_package(&f->topo, i, 0), "CPU %u of another "
			      "package took the BSP's package's PMI (L-03, L-43)", i);
			TRY(t_default(t, f->halted ? "OQ-L10" : "OQ-L17", f->halted ? "no PMI to a "
				      "halted core without WakePMI" : "select bit n: the n-th core, "
				      "both threads", got == wanted(f, r, i), "CPU %u (core %u) took %u "
				      "PMIs with GLOBAL_CTRL bits 0x%lx%s (L-43, L-46, L-47, L-48, "
				      "OQ-L10)", i, cpu_topo_core(&f->topo, i), got,
				      (unsigned long)f->gbits[r], f->halted ? ", the APs halted" : ""));
			if (!got)
				continue;
			recv[r] |= 1ull << i;
			CHECK(t, cl_pmi.status[i] & CL_ST_FIXED, "CPU %u: GLOBAL_STATUS 0x%lx in the "
			      "handler lacks bit 0 (L-38, L-45)", i, (unsigned long)cl_pmi.status[i]);
			if (f->got[r][i] >= CL_PMI_AT)
				continue;
			us = pmi_lat_us(cl_pmi.at[i][f->got[r][i]], f->due[r]);
			TRY(t_default(t, "OQ-L20", "the PMI within the model's bound of the wrap",
				      us >= -CL_EARLY_US && us <= CL_ARRIVE_US, "CPU %u: PMI %ld us "
				      "after the wrap (L-42, L-45)", i, (long)us));
			pmi_lat_add(&lat, cpu_topo_core(&f->topo, i), us);
		}
		CHECK(t, (f->gbits[r] & ((1ull << f->s.l.sel_bits) - 1)) || !recv[r], "CPUs 0x%lx "
		      "took a PMI with no select bit set (L-43)", (unsigned long)recv[r]);
	}
	pmi_lat_report(t, &lat);
	return V_PASS;
}

static enum verdict setup(struct tctx *t, struct fork *f)
{
	memset(f, 0, sizeof(*f));
	TRY(cl_src_measure(t, &f->s));
	cpu_topo_read(&f->topo);
	f->ncores = cpu_topo_cores(&f->topo, 0);
	if (f->ncores > f->s.l.sel_bits)
		f->ncores = f->s.l.sel_bits;
	plat_log(1, "  %s: the BSP's package has %u selectable cores by %s", t->res->test->id,
		 f->ncores, cpu_topo_src_name(f->topo.src));
	return V_PASS;
}

/* Each select bit alone, then all of them, then none (L-43): twice each,
 * the status left set before the second (L-49). */
static enum verdict selects(struct tctx *t)
{
	static struct fork f;
	uint64_t recv[MAXR];
	unsigned k, n = 0;

	TRY(setup(t, &f));
	for (k = 0; k < f.ncores; k++, n += 2)
		f.gbits[n] = f.gbits[n + 1] = 1ull << k;
	f.gbits[n] = f.gbits[n + 1] = (1ull << f.s.l.sel_bits) - 1;
	n += 2;
	f.gbits[n] = f.gbits[n + 1] = 0;
	n += 2;
	for (k = 0; k < n; k += 2)
		f.clear[k] = true;
	f.pr.rounds = n;
	TRY(run(t, &f, recv));
	for (k = 0; k < f.pr.rounds; k += 2) {
		t_figure_at(t, "receivers_mask", FIG_BOX, k / 2, (int64_t)recv[k], "mask");
		cpu_topo_name_types(t, recv[k]);
		plat_log(1, "  client.route.selects: GLOBAL_CTRL bits 0x%lx reached CPUs 0x%lx",
			 (unsigned long)f.gbits[k], (unsigned long)recv[k]);
	}
	return V_PASS;
}

/* The APs halted, the cores other than the BSP's selected: with WakePMI
 * they wake and take the PMI (L-47); without it, no PMI (L-48; OQ-L10
 * default: not queued either, so none when they are woken later): asserted
 * on the model, reported on hardware. */
static enum verdict wake(struct tctx *t)
{
	static struct fork f;
	uint64_t recv[MAXR], others;
	unsigned late = 0, i;

	TRY(setup(t, &f));
	others = ((1ull << f.ncores) - 1) & ~(1ull << cpu_topo_core(&f.topo, 0));
	if (!others)
		return t_skip(t, "the BSP's package has no other selectable core");
	f.halt = f.halted = true;
	f.gbits[0] = others | CL_GC_WAKE;
	f.gbits[1] = others;
	f.clear[0] = f.clear[1] = true;
	f.pr.rounds = 2;
	TRY(run(t, &f, recv));
	for (i = 0; i < plat_cpu_count(); i++) /* woken after the last round */
		late += cl_pmi.hits[i] - f.got[2][i];
	t_figure(t, "wake_receivers_mask", (int64_t)recv[0], "mask");
	t_figure(t, "halted_receivers_mask", (int64_t)recv[1], "mask");
	cpu_topo_name_types(t, recv[0] | recv[1]);
	t_figure(t, "after_waking_count", late, "count");
	plat_log(1, "  client.route.wake: WakePMI reached CPUs 0x%lx, without it 0x%lx; %u PMIs "
		 "came once they were woken (L-47, L-48, OQ-L10)", (unsigned long)recv[0],
		 (unsigned long)recv[1], late);
	CHECK(t, recv[0] || f.pr.rounds < 1, "no halted CPU took the PMI with WakePMI set (L-47)");
	TRY(t_default(t, "OQ-L10", "a PMI held from a halted core is lost", !late, "%u PMIs came "
		      "when the halted CPUs were woken after an overflow without WakePMI (OQ-L10 "
		      "default: lost)", late));
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.route.selects", .desc = "each PMI-select bit alone, all and none reach "
	  "exactly their cores' CPUs (model; recorded on hardware)",
	  .needs = NEED_UNCORE | NEED_SMP2, .run = selects },
	{ .id = "client.route.wake", .desc = "halted selected cores take the PMI with WakePMI, "
	  "not without it (model; reported on hardware)", .needs = NEED_UNCORE | NEED_SMP2,
	  .run = wake },
};
const struct suite client_route_suite = SUITE("client.route", tests);
