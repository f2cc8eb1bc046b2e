/* PMI to each selected core alone and to none (X-19, X-20; OQ-X1, OQ-X2,
 * OQ-X20): one fork-join, every CPU armed (its LVT entry, DEBUGCTL bit 13:
 * suites/common/pmi_path.c) and listening, the BSP driving one overflow per
 * selection of the BSP package's core-select field: each core bit alone,
 * then none. Counting goes on after each (frz_all clear, X-23). Where a
 * PMI must not come, the verdict waits for quiescence (suites/common/pmi_quiesce.c),
 * not a guessed window. On hardware the core numbering is open (OQ-X2):
 * the test asserts what holds under any numbering (one bit reaches the
 * threads of one core of the package, distinct bits distinct cores) and
 * prints the mapping seen; on the model it asserts the OQ-X2 default,
 * numbered from the APIC ids (harness/cpu_topo.h), not with pmu/topo.c, by
 * which the emulated backend routes: a numbering bug there fails this. */
#include "suites/nhmex/nhmex.h"
#include "harness/cpu_topo.h"

#define VEC       0xF5    /* C-32: >= 0x20; not ovf.c's 0xF4 nor route.h's */
#define KICK      0xF6    /* a no-op vector: see listen() */
#define WRAP_US   1000
/* A PMI follows the wrap within microseconds on hardware; the model
 * delivers on its 1 ms tick, and TCG on a loaded host ran APs' handlers up
 * to 1.7 s late (suites/nhm/route.c). Only a failing run waits this out. */
#define ARRIVE_US 5000000
#define WAIT_US   10000   /* an overflow with no core selected: its ov bit */
#define LISTEN_S  30
#define MAX_ROUNDS 11     /* up to 10 cores (0x2F) and none */
#define ALL_CPUS  (plat_cpu_count() < 64 ? (1ull << plat_cpu_count()) - 1 : ~0ull)

static struct {
	volatile unsigned hits[PLAT_MAX_CPUS];
} pmi;

static void on_pmi(unsigned vector)
{
	unsigned me = plat_this_cpu();

	(void)vector;
	pmu_lvtpc_write(pmu_lvtpc_read() & ~LVT_MASKED); /* C-29: re-armed for the next round */
	__atomic_add_fetch(&pmi.hits[me], 1, __ATOMIC_SEQ_CST);
}

struct fork {
	struct pmi_rounds pr;
	struct tctx *t;
	const struct ex_box *src;
	uint64_t pre;
	uint16_t sel[MAX_ROUNDS];                  /* pmi_core_sel of each round */
	unsigned got[MAX_ROUNDS + 1][PLAT_MAX_CPUS]; /* hits before round r, at [r] */
	uint64_t status[MAX_ROUNDS];
	enum verdict v;                            /* the first round not passed */
};

/* An AP: armed, waiting with interrupts on. Under TCG a fixed IPI to a
 * spinning AP was seen to stay pending until some later interrupt
 * (suites/nhm/route.c): on the model the AP sends itself a no-op IPI every
 * two PMI bounds, which cannot bring a PMI that is not pending. */
static void listen(void *arg)
{
	struct fork *f = arg;
	unsigned me = plat_this_cpu();
	uint64_t now = plat_tsc(), end = now + plat_tsc_hz() * LISTEN_S, kick = now;
	uint64_t kick_tsc = plat_tsc_hz() / 1000000 * 2 * pmu_pmi_bound_us();
	bool emu = t_on_model(); /* the emulator's lost wake-up, not an open question */
	struct pmi_path a;

	f->pr.fault[me] = pmi_arm(&a, VEC, true);
	plat_irq_enable();
	__atomic_add_fetch(&f->pr.ready, 1, __ATOMIC_SEQ_CST);
	while (!f->pr.done && (now = plat_tsc()) < end)
		if (emu && now >= kick) {
			plat_apic_self_ipi(KICK);
			kick = now + kick_tsc;
		}
	plat_irq_disable();
	pmi_disarm(&a);
}

static bool any_new(const struct fork *f, unsigned r)
{
	unsigned i;

	for (i = 0; i < plat_cpu_count(); i++)
		if (pmi.hits[i] > f->got[r][i])
			return true;
	return false;
}

/* Round r on the BSP: the source preset to wrap with pmi_en, frz_all clear
 * and pmi_core_sel = f->sel[r]; wait for a PMI (or, selecting none, for the
 * ov bit), then for quiescence on every CPU. */
static enum verdict round_on(struct tctx *t, struct fork *f, unsigned r)
{
	uint64_t u = EX_EN_ALL | (uint64_t)f->sel[r] << 1, end, st = 0;
	const struct ex_box *b = f->src;
	enum verdict v;
	unsigned i;

	ex_quiet();
	if ((v = ex_arm(t, b, 0, f->pre, true, &u)) != V_PASS)
		return v;
	WR(t, EX_U_CTL, u);
	end = plat_tsc() + plat_tsc_hz() / 1000000 * (f->sel[r] ? ARRIVE_US : WAIT_US);
	while (plat_tsc() < end) {
		if (f->sel[r] && any_new(f, r))
			break;
		if (!f->sel[r]) {
			RD(t, b->status, &st);
			if (st & ex_bit(b, 0))
				break;
		}
	}
	if (pmi_quiesce(ALL_CPUS))
		return t_error(t, "a CPU did not take the PMI fence");
	RD(t, b->status, &f->status[r]);
	WR(t, EX_U_CTL, 0);
	for (i = 0; i < plat_cpu_count(); i++)
		f->got[r + 1][i] = pmi.hits[i];
	return V_PASS;
}

/* pmi_rounds.round and .after. */
static bool bsp_round(void *arg, unsigned r)
{
	struct fork *f = arg;

	f->v = round_on(f->t, f, r);
	return f->v == V_PASS;
}

static void bsp_end(void *arg)
{
	(void)arg;
	ex_quiet();
}

/* Who took round r's PMI, as a CPU mask; at most one each. */
static enum verdict receivers(struct tctx *t, const struct fork *f, unsigned r, uint64_t *recv)
{
	unsigned i;

	*recv = 0;
	for (i = 0; i < plat_cpu_count(); i++) {
		unsigned got = f->got[r + 1][i] - f->got[r][i];

		CHECK(t, got <= 1, "CPU %u took %u PMIs for one overflow (X-19, C-41)", i, got);
		if (got)
			*recv |= 1ull << i;
	}
	return V_PASS;
}

/* The machine's split of the APIC ids (harness/cpu_topo.h: CPUID leaf
 * 0BH/04H/01H), read by route(). */
static struct cpu_topo topo;

/* X-19 under any numbering: the receivers are threads of one core of the
 * BSP's package; on the model that core is core k by OQ-X2's default. */
static enum verdict judge(struct tctx *t, const struct fork *f, unsigned r, uint64_t recv,
			  int *core_of_bit)
{
	unsigned i, k = 0;
	int core = -1;

	while (f->sel[r] >> k > 1)
		k++;
	CHECK(t, recv, "no CPU took a PMI with pmi_core_sel = 0x%x (core %u) within %u ms "
	      "(X-19)", f->sel[r], k, ARRIVE_US / 1000);
	for (i = 0; i < plat_cpu_count(); i++) {
		if (!(recv >> i & 1))
			continue;
		CHECK(t, cpu_topo_same_package(&topo, i, 0), "CPU %u, not of the BSP's package, took "
		      "the PMI of the BSP package's uncore (X-02, X-19)", i);
		CHECK(t, core < 0 || (int)cpu_topo_core(&topo, i) == core, "pmi_core_sel = 0x%x "
		      "reached CPUs 0x%lx: threads of more than one core (X-19)", f->sel[r],
		      (unsigned long)recv);
		core = (int)cpu_topo_core(&topo, i);
		TRY(t_default(t, "OQ-X2", "core k: the k-th core by APIC id", (unsigned)core == k,
			      "pmi_core_sel bit %u (core %u) reached CPU %u, core %d of its package "
			      "(OQ-X2 default: core k = the k-th core by APIC id)", k + 1, k, i,
			      core));
	}
	*core_of_bit = core;
	return V_PASS;
}

/* The BSP package's cores the field can select: on the model as many as it
 * has (OQ-X1: 8 or 10 bits); on hardware bits 4:1, Linux's (OQ-X1). Which
 * bits to try, not an assertion: t_on_model(). */
static unsigned selectable(void)
{
	unsigned cores = cpu_topo_cores(&topo, 0), max = t_on_model() ?
					(ex_model() == 0x2F ? 10 : 8) : 4;

	return cores < max ? cores : max;
}

static enum verdict route(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	static struct fork f;
	unsigned n = ex_boxes(bx), src, r, j;
	int core[MAX_ROUNDS];
	uint64_t hz, recv;
	enum verdict v = ex_source(t, bx, n, &src, &hz);

	if (v != V_PASS)
		return v;
	cpu_topo_read(&topo);
	plat_log(1, "  nhmex.pmi.route: cores from %s (OQ-X2)", cpu_topo_src_name(topo.src));
	memset(&f, 0, sizeof(f));
	memset((void *)&pmi, 0, sizeof(pmi));
	f.t = t;
	f.src = &bx[src];
	f.pre = ex_preload(hz, WRAP_US);
	for (r = 0; r < selectable(); r++)
		f.sel[r] = (uint16_t)(1u << r);
	f.sel[r] = 0; /* none: X-20 */
	f.pr.rounds = r + 1;
	f.pr.round = bsp_round;
	f.pr.after = bsp_end;
	if ((v = pmi_fork(t, VEC, on_pmi, KICK, listen, &f.pr, LISTEN_S)) != V_PASS)
		return v;
	if (f.v != V_PASS)
		return f.v;
	for (r = 0; r < f.pr.rounds; r++) {
		if ((v = receivers(t, &f, r, &recv)) != V_PASS)
			return v;
		if (!f.sel[r]) {
			CHECK(t, f.status[r] & ex_bit(f.src, 0), "%s counter 0 did not wrap in %u ms "
			      "(X-14)", f.src->name, WAIT_US / 1000);
			CHECK(t, !recv, "CPUs 0x%lx took a PMI with pmi_core_sel = 0 (X-20)",
			      (unsigned long)recv);
			continue;
		}
		if ((v = judge(t, &f, r, recv, &core[r])) != V_PASS)
			return v;
		t_figure_at(t, "receivers_mask", FIG_CORE, r, (int64_t)recv, "mask");
		cpu_topo_name_types(t, recv);
		plat_log(1, "  nhmex.pmi.route: pmi_core_sel bit %u (core %u) reached CPUs 0x%lx "
			 "(core %d of the package by APIC id; OQ-X2)", r + 1, r, (unsigned long)recv, core[r]);
		for (j = 0; j < r; j++)
			CHECK(t, core[j] != core[r], "pmi_core_sel bits %u and %u reached the same core "
			      "(core %d) (X-19)", j + 1, r + 1, core[r]);
	}
	return V_PASS;
}

/* X-19 for each box type: counter 0 of the type's first box (U, C0, B0,
 * S0, M0, the left R half, W) wraps with the PMI enable of its control set
 * (§5.5 from spec.h: bit 20 in U/C/S/W/B, 6 in R by Table 2-44, 1 in M by
 * Table 2-67) and a PMI reaches the BSP; cores 0-3 selected (OQ-X1's safe
 * bits, the BSP's core among them as in nhmex.ovf.no-pmi-without-en),
 * frz_all clear. On hardware a box whose event is idle is named and passed
 * over (OQ-X19). */
static enum verdict each_box(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, tried = 0;
	uint64_t hz, u, st;
	char last = 0;
	enum verdict v;

	for (i = 0; i < n; i++) {
		const struct ex_box *b = &bx[i];

		if (b->name[0] == last)
			continue;
		last = b->name[0];
		if ((v = ex_rate(t, b, 0, &hz)) != V_PASS)
			return v;
		if (!hz) {
			TRY(t_still(t, "%s counter 0 did not move in %u us (X-05; on hardware idle, "
				    "not tried: OQ-X19)", b->name, EX_RATE_US));
			continue;
		}
		u = EX_EN_ALL | 0x1E;
		if ((v = ex_prepare(t)) != V_PASS ||
		    (v = ex_arm(t, b, 0, ex_preload(hz, WRAP_US), true, &u)) != V_PASS)
			return v;
		pmu_lvtpc_write(pmu_lvtpc_read() & ~LVT_MASKED); /* C-29: the last PMI masked it */
		ex_pmis = 0;
		WR(t, EX_U_CTL, u);
		pmi_spin(&ex_pmis, ARRIVE_US);
		RD(t, b->status, &st);
		WR(t, EX_U_CTL, 0);
		t_figure_box(t, "pmis_count", b->name, ex_pmis, "count");
		CHECK(t, ex_pmis, "%s counter 0 wrapped (STATUS 0x%lx) with its pmi_en 0x%lx set "
		      "(§5.5) and cores 0-3 selected: no PMI within %u ms (X-19)", b->name,
		      (unsigned long)st, (unsigned long)b->pmi, ARRIVE_US / 1000);
		tried++;
	}
	return tried ? V_PASS : t_skip(t, "no box's counter 0 counts (OQ-X19)");
}

static enum verdict run_each_box(struct tctx *t) { return ex_with_pmi(t, each_box); }

static const struct test tests[] = {
	{ .id = "nhmex.pmi.route", .desc = "each pmi_core_sel bit alone reaches one core of the "
	  "package, none reaches no CPU; the mapping printed", .needs = NEED_UNCORE | NEED_SMP2,
	  .run = route },
	{ .id = "nhmex.pmi.each-box", .desc = "the PMI enable of every box type's control brings a "
	  "PMI", .needs = NEED_UNCORE, .run = run_each_box },
};
const struct suite nhmex_pmi_suite = SUITE("nhmex.pmi", tests);
