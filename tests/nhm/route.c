/* Uncore PMI delivery through the LVT performance-counter entry and its
 * routing (N-03, N-30..N-35; C-02, C-26, C-28, C-29, C-41). NMI mode, the
 * gates and the re-arm cycle run on the BSP alone (the Fixed-mode PMI to
 * core 0 is nhm.pmi.fixed-vector-core0); routing runs one fork-join per
 * selection, every CPU armed and waiting, each PMI counted and time-stamped
 * where it is taken. The source is FixedCntr0 preset 1 ms of measured
 * U-clock before its wrap, PMI bit set (N-29, N-30). */
#include "nhm.h"
#include "../topo.h"

#define VEC       0xF2   /* C-32: >= 0x20; not pmi.c's 0xF1 nor self.ipi's 0xF0 */
#define KICK      0xF3   /* a no-op vector, see listen() */
#define NMI       2
#define LVT_NMI   0x400u /* C-26: delivery mode 100 */
#define FC_EN_PMI 0x5    /* FIXED_CTR_CTRL: EN (bit 0), PMI (bit 2); N-07, N-30 */
#define PMI_CORES 4      /* OQ-N3: EN_PMI_CORE is bits 51:48 */
#define ALL_CORES ((1u << PMI_CORES) - 1)
#define ROUNDS    3      /* overflows per fork-join: latency samples per CPU */
#define RATE_US   5000   /* the U-clock, measured over 5 ms of FixedCntr0 */
#define LEAD_US   1000   /* the wrap is due 1 ms after the enabling write */
/* A FixedCntr0 read whose two TSC brackets are further apart is redone:
 * the CPU (vCPU thread) was away, and the midpoint would misdate it. */
#define BRACKET_US 20
/* How far the wrap may be from its predicted time: the 1 ms lead comes
 * from a rate whose 5 ms window has both ends dated to 20 us, under 1% of
 * the lead. So a PMI may seem this early on the model (which delivers only
 * after the wrap), and this long after the prediction the wrap is past. */
#define EARLY_US  50
/* On hardware a PMI follows the wrap within microseconds (OQ-N23); the model
 * delivers on its 1 ms tick, and TCG on a loaded host ran APs' handlers up
 * to 1.7 s late. Only a failing run waits this out, and once: a fork-join
 * stops at the first overflow that did not arrive. */
#define ARRIVE_US 5000000
/* After a PMI that came, or the wrap of one that must not come, the test
 * waits for pmi_quiesce: then a duplicate, a storm (C-41) or a
 * misrouted PMI has been taken, if there was one. */
/* More PMIs than this on one CPU in one test is a storm (C-41): the handler
 * stops the source and the test fails instead of hanging. */
#define STORM     8
#define ALL_CPUS  (plat_cpu_count() < 64 ? (1ull << plat_cpu_count()) - 1 : ~0ull)
#define LISTEN_S  30     /* an AP gives up waiting for the BSP */
#define KICK_US   (2ull * pmu_pmi_bound_us()) /* see listen() */

static struct {
	volatile unsigned hits[PLAT_MAX_CPUS];
	volatile uint64_t at[PLAT_MAX_CPUS][ROUNDS]; /* TSC at the first PMIs */
	volatile uint32_t lvt[PLAT_MAX_CPUS];        /* LVTPC as the handler found it */
	volatile uint64_t status[PLAT_MAX_CPUS];     /* uncore status in the handler */
	volatile int fault, fault_cpu;
	volatile bool rearm; /* the handler unmasks LVTPC (C-29, C-40) */
} pmi;

/* Also the NMI handler, so minimal: no clearing (the test clears between
 * overflows), one MSR read and the storm guard's write. A failed access
 * (PLAT_EBUSY: an NMI interrupted its own CPU's emulated access) makes the
 * test an ERROR. The count goes up last: whoever sees it knows the entry is
 * re-armed. */
static void on_pmi(unsigned vector)
{
	uint64_t now = plat_tsc(), st = 0;
	unsigned me = plat_this_cpu(), n = pmi.hits[me] + 1;
	int e;

	(void)vector;
	if (n <= ROUNDS)
		pmi.at[me][n - 1] = now;
	if (n > STORM) { /* C-41: stop the source, leave the entry masked */
		e = msr_write(me, NHM_GLOBAL_CTRL, 0);
	} else {
		pmi.lvt[me] = pmu_lvtpc_read();
		e = msr_read(me, NHM_STATUS, &st); /* C-30: the uncore's PMI */
		pmi.status[me] = st;
		if (pmi.rearm)
			pmu_lvtpc_write(pmi.lvt[me] & ~LVT_MASKED); /* C-29 */
	}
	if (e && !pmi.fault) {
		pmi.fault_cpu = (int)me;
		pmi.fault = e;
	}
	__atomic_store_n(&pmi.hits[me], n, __ATOMIC_SEQ_CST);
}

static void keep(int *e, int rc)
{
	if (!*e)
		*e = rc;
}

static uint64_t tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

static int stop_uncore(unsigned me)
{
	int e = 0;

	keep(&e, msr_write(me, NHM_GLOBAL_CTRL, 0));
	keep(&e, msr_write(me, NHM_FIXED_CTL, 0));
	keep(&e, msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL)); /* N-26 */
	return e;
}

/* The preset, from the U-clock measured against the TSC (OQ-N17). */
struct clock {
	uint64_t lead;     /* U-clocks in LEAD_US */
	uint64_t lead_tsc; /* the same in TSC ticks */
};

static int stamp(uint64_t *ctr, uint64_t *tsc)
{
	uint64_t a = 0, b = 0;
	int i, e = 0;

	for (i = 0; i < 8; i++) {
		a = plat_tsc();
		e = msr_read(plat_this_cpu(), NHM_FIXED_CTR, ctr);
		b = plat_tsc();
		if (e || b - a <= tsc_us(BRACKET_US))
			break;
	}
	*tsc = a + (b - a) / 2;
	return e;
}

static enum verdict measure(struct tctx *t, struct clock *c)
{
	uint64_t c0, c1, t0, t1, hz;
	int e;

	WR(t, NHM_GLOBAL_CTRL, 0); /* N-05: write what the test relies on */
	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_FIXED_CTL, 1);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	e = stamp(&c0, &t0);
	plat_stall_us(RATE_US);
	keep(&e, stamp(&c1, &t1));
	keep(&e, stop_uncore(plat_this_cpu()));
	if (e)
		return t_error(t, "measuring the U-clock: an MSR access failed (%d)", e);
	CHECK(t, c1 > c0, "FixedCntr0 did not advance in %u us (N-08)", RATE_US);
	hz = (c1 - c0) * plat_tsc_hz() / (t1 - t0);
	c->lead = hz / (1000000 / LEAD_US);
	c->lead_tsc = c->lead * plat_tsc_hz() / hz;
	return V_PASS;
}

/* FixedCntr0 c->lead U-clocks before 2^48, PMI bit set, routed to the
 * EN_PMI_CORE bits `cores` (N-29, N-30, N-31); *due is the TSC of the wrap
 * (OQ-N15), dated from just before the enabling write. */
static int start(const struct clock *c, unsigned cores, uint64_t *due)
{
	unsigned me = plat_this_cpu();
	uint64_t t0;
	int e = 0;

	keep(&e, msr_write(me, NHM_GLOBAL_CTRL, 0));
	keep(&e, msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL));
	keep(&e, msr_write(me, NHM_FIXED_CTR, (1ull << 48) - c->lead));
	keep(&e, msr_write(me, NHM_FIXED_CTL, FC_EN_PMI));
	t0 = plat_tsc();
	keep(&e, msr_write(me, NHM_GLOBAL_CTRL, NHM_EN_FC0 | (uint64_t)cores << 48));
	*due = t0 + c->lead_tsc;
	return e;
}

/* ---- the BSP alone ------------------------------------------------------ */

struct solo {
	struct clock c;
	struct pmi_path a;
	unsigned cores; /* EN_PMI_CORE bits that reach the BSP */
	bool dc;        /* DEBUGCTL bit 13 as armed */
};

/* Exactly `want` PMIs so far, all on the BSP; a storm named as such. */
static enum verdict counted(struct tctx *t, unsigned want, const char *after)
{
	unsigned n = pmi.hits[0], i;

	if (pmi.fault)
		return t_error(t, "an MSR access in the PMI handler failed on CPU %d (%d)",
			       pmi.fault_cpu, pmi.fault);
	CHECK(t, n <= STORM, "PMI storm: %u PMIs, the handler stopped the source (C-41)", n);
	CHECK(t, n >= want, "no PMI within %u ms of %s", ARRIVE_US / 1000, after);
	CHECK(t, n == want, "%u PMIs after %s, want %u (N-30: one per overflow)", n, after,
	      want);
	for (i = 1; i < plat_cpu_count(); i++)
		CHECK(t, !pmi.hits[i], "CPU %u took %u PMIs; only the BSP is armed (N-32)", i,
		      pmi.hits[i]);
	return V_PASS;
}

/* One overflow and its wait: for the PMI when `want` exceeds the count so
 * far (ARRIVE_US), else past the wrap; then until every PMI it raised is
 * handled; then, with `check`, the count must be `want`. */
static enum verdict step(struct tctx *t, struct solo *s, unsigned want, bool check,
			 const char *after)
{
	unsigned base = pmi.hits[0];
	uint64_t due, end;
	int e = start(&s->c, s->cores, &due);

	if (e)
		return t_error(t, "programming the overflow faulted (%d)", e);
	end = due + tsc_us(want > base ? ARRIVE_US : EARLY_US);
	while (pmi.hits[0] < (want > base ? want : base + 1) && plat_tsc() < end)
		;
	if (pmi_quiesce(PMI_BSP_ONLY))
		return t_error(t, "the BSP did not take the PMI fence");
	return check ? counted(t, want, after) : V_PASS;
}

#define COUNTED(t, want, after) \
	do { enum verdict v_ = counted((t), (want), (after)); if (v_) return v_; } while (0)
#define STEP(t, s, want, check, after) \
	do { enum verdict v_ = step((t), (s), (want), (check), (after)); \
	     if (v_) return v_; } while (0)

/* Measure the U-clock, arm the BSP with `lvt` and DEBUGCTL bit 13 = dc, run
 * body, stop the uncore and restore (N-05, C-03). The overflows go to the
 * BSP's core by the OQ-N4 default on the model; on hardware, where the
 * mapping is open, to all four cores, which reach the BSP whichever it is
 * (N-34), with only the BSP armed. */
static enum verdict solo(struct tctx *t, unsigned vector, uint32_t lvt, bool dc,
			 enum verdict (*body)(struct tctx *, struct solo *))
{
	struct solo s;
	enum verdict v;
	int rc;

	memset((void *)&pmi, 0, sizeof(pmi));
	v = measure(t, &s.c);
	if (v != V_PASS)
		return v;
	s.cores = nhm_emulated() ? 1u << topo_core_index(0) : ALL_CORES;
	rc = plat_irq_register(vector, on_pmi);
	if (rc)
		return t_error(t, "cannot register vector %u (error %d)", vector, rc);
	s.dc = dc;
	rc = pmi_arm(&s.a, lvt, dc);
	v = rc ? t_error(t, "arming the BSP faulted (%d)", rc) : body(t, &s);
	rc = stop_uncore(0);
	keep(&rc, pmi_disarm(&s.a));
	plat_irq_unregister(vector);
	if (rc && v == V_PASS)
		return t_error(t, "restoring the uncore or DEBUGCTL faulted (%d)", rc);
	return v;
}

/* NMI mode (C-26, N-35): one NMI for one overflow; the entry keeps its mode
 * and is masked on delivery (OQ-C1: asserted on the model, else reported). */
static enum verdict nmi_body(struct tctx *t, struct solo *s)
{
	STEP(t, s, 1, true, "an overflow with LVTPC in NMI mode (C-26, N-35)");
	CHECK(t, pmi.status[0] & NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx in the NMI handler lacks "
	      "OVF_FC0 (N-22, C-30)", (unsigned long)pmi.status[0]);
	t_figure(t, "lvt_in_handler", pmi.lvt[0], "");
	if (nhm_emulated())
		CHECK(t, pmi.lvt[0] == (LVT_NMI | LVT_MASKED), "LVTPC 0x%x in the NMI handler, "
		      "want 0x%x: NMI mode kept, masked on delivery (C-29)", pmi.lvt[0],
		      LVT_NMI | LVT_MASKED);
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

	STEP(t, s, 0, true, lvt ? "an overflow with LVTPC masked (C-28)"
				: "an overflow with DEBUGCTL bit 13 clear (N-32, C-02)");
	if (lvt)
		pmu_lvtpc_write(VEC);
	else
		WR(t, MSR_DEBUGCTL, s->a.debugctl | DEBUGCTL_UNCORE_PMI);
	if (pmi_quiesce(PMI_BSP_ONLY)) /* a held PMI comes on the opening */
		return t_error(t, "the BSP did not take the PMI fence");
	held = pmi.hits[0];
	t_figure(t, "pmis_on_opening", held, "");
	if (lvt && nhm_emulated())
		COUNTED(t, 0, "unmasking LVTPC after an overflow (OQ-C2 default: lost, C-39)");
	pmi.rearm = true; /* so that a storm shows (C-41) */
	pmu_lvtpc_write(VEC);
	STEP(t, s, held + 1, true, lvt ? "an overflow with LVTPC unmasked (C-28, N-30)"
				       : "an overflow with DEBUGCTL bit 13 set (N-32, N-30)");
	return V_PASS;
}

/* C-29: delivery masks LVTPC, so a handler that does not unmask gets no
 * second PMI (OQ-C1: asserted on the model, else reported); one that does
 * gets exactly one PMI per overflow. */
static enum verdict rearm_body(struct tctx *t, struct solo *s)
{
	unsigned base;

	STEP(t, s, 1, true, "the first overflow (N-30)");
	t_figure(t, "lvt_in_handler", pmi.lvt[0], "");
	if (nhm_emulated())
		CHECK(t, pmi.lvt[0] & LVT_MASKED, "LVTPC 0x%x not masked in the handler (C-29)",
		      pmi.lvt[0]);
	STEP(t, s, 1, nhm_emulated(), "a second overflow, LVTPC left masked by the delivery "
	     "(C-29)");
	base = pmi.hits[0];
	t_figure(t, "pmis_not_rearmed", base - 1, "");
	pmi.rearm = true;
	pmu_lvtpc_write(VEC);
	STEP(t, s, base + 1, true, "an overflow with LVTPC unmasked (N-30)");
	STEP(t, s, base + 2, true, "an overflow after the handler unmasked LVTPC (C-29, C-40)");
	return V_PASS;
}

static enum verdict nmi(struct tctx *t) { return solo(t, NMI, LVT_NMI, true, nmi_body); }
static enum verdict masked(struct tctx *t) { return solo(t, VEC, VEC | LVT_MASKED, true, gate); }
static enum verdict debugctl(struct tctx *t) { return solo(t, VEC, VEC, false, gate); }
static enum verdict rearm(struct tctx *t) { return solo(t, VEC, VEC, true, rearm_body); }

/* ---- routing: every CPU armed -------------------------------------------- */

struct fork {
	const struct clock *c;
	unsigned cores;          /* EN_PMI_CORE bits of every round */
	unsigned rounds;         /* cut short at the first that did not arrive */
	unsigned driver[ROUNDS]; /* CPU whose package's uncore overflows */
	uint64_t due[ROUNDS];
	uint64_t status[ROUNDS]; /* the BSP's GLOBAL_STATUS after the wait */
	unsigned got[ROUNDS + 1][PLAT_MAX_CPUS]; /* hits before round r, at [r] */
	volatile unsigned ready, go; /* go: round + 1 an AP driver is to start */
	volatile bool done;
	int fault[PLAT_MAX_CPUS];
	char why[T_REASON_LEN];  /* the BSP could not drive */
};

/* An AP: armed, it waits with interrupts on, making the overflow of a round
 * it drives. Under QEMU TCG (loaded host) a fixed IPI to a spinning AP was
 * seen to stay in its IRR, ISR and PPR clear, until some later interrupt:
 * the emulator lost the wake-up. On the model the AP therefore sends itself
 * a no-op IPI every two PMI bounds (2 ms), which makes the emulator look
 * again, well inside the SETTLE and QUIET windows; it cannot
 * bring a PMI that is not pending. */
static void listen(void *arg)
{
	struct fork *f = arg;
	unsigned me = plat_this_cpu();
	uint64_t now = plat_tsc(), end = now + plat_tsc_hz() * LISTEN_S, kick = now;
	bool drove = false, emu = nhm_emulated();
	struct pmi_path a;

	f->fault[me] = pmi_arm(&a, VEC, true);
	plat_irq_enable();
	__atomic_add_fetch(&f->ready, 1, __ATOMIC_SEQ_CST);
	while (!f->done && (now = plat_tsc()) < end) {
		/* One read: the driver clears go while the other APs look at it,
		 * and a second read of 0 would index driver[-1]. */
		unsigned go = f->go;

		if (emu && now >= kick) {
			plat_apic_self_ipi(KICK);
			kick = now + tsc_us(KICK_US);
		}
		if (go && f->driver[go - 1] == me) {
			keep(&f->fault[me], start(f->c, f->cores, &f->due[go - 1]));
			drove = true;
			f->go = 0;
		}
	}
	plat_irq_disable();
	if (drove)
		keep(&f->fault[me], stop_uncore(me));
	keep(&f->fault[me], pmi_disarm(&a));
}

/* CPU i receives round r by the OQ-N4 default: every thread of a selected
 * core of the overflowing package (N-31, N-33, N-34). */
static bool wanted(const struct fork *f, unsigned r, unsigned i)
{
	unsigned k = topo_core_index(i);

	return plat_cpu(i)->package == plat_cpu(f->driver[r])->package && k < PMI_CORES &&
	       (f->cores >> k & 1);
}

/* Round r has arrived: on the model at every default receiver (TCG may run
 * their handlers far apart); on hardware, which delivers to all at once, at
 * any CPU. */
static bool arrived(const struct fork *f, unsigned r)
{
	bool any = false, all = true;
	unsigned i;

	for (i = 0; i < plat_cpu_count(); i++) {
		bool has = pmi.hits[i] > f->got[r][i];

		any |= has;
		all &= has || !wanted(f, r, i);
	}
	return any && (all || !nhm_emulated());
}

/* Round r: the overflow, then the wait until it arrived, or with no core
 * selected past the wrap, and then until every PMI it raised is handled on
 * every CPU. False if it never came. */
static bool round_on(struct fork *f, unsigned r)
{
	uint64_t end = plat_tsc() + tsc_us(ARRIVE_US);
	bool came;
	unsigned i;

	if (f->driver[r]) {
		f->go = r + 1;
		while (f->go && plat_tsc() < end)
			;
		if (f->go) {
			snprintf(f->why, sizeof(f->why), "CPU %u did not start its overflow",
				 f->driver[r]);
			return false;
		}
	} else {
		keep(&f->fault[0], start(f->c, f->cores, &f->due[r]));
	}
	end = f->due[r] + tsc_us(f->cores ? ARRIVE_US : EARLY_US);
	while (!(came = arrived(f, r)) && plat_tsc() < end)
		;
	if ((came || !f->cores) && pmi_quiesce(ALL_CPUS)) {
		snprintf(f->why, sizeof(f->why), "a CPU did not take the PMI fence");
		return false;
	}
	if (!f->driver[r])
		keep(&f->fault[0], msr_read(0, NHM_STATUS, &f->status[r]));
	keep(&f->fault[0], stop_uncore(0));
	for (i = 0; i < plat_cpu_count(); i++)
		f->got[r + 1][i] = pmi.hits[i];
	return came || !f->cores;
}

static void drive(void *arg)
{
	struct fork *f = arg;
	unsigned r;
	struct pmi_path a;

	f->fault[0] = pmi_arm(&a, VEC, true);
	pmi_aps_ready(&f->ready, f->why, sizeof(f->why));
	for (r = 0; r < f->rounds && !f->why[0] && !f->fault[0]; r++)
		if (!round_on(f, r))
			f->rounds = r + 1;
	f->done = true;
	keep(&f->fault[0], pmi_disarm(&a));
}

static enum verdict fork_run(struct tctx *t, struct fork *f)
{
	unsigned i;
	enum verdict v;

	memset((void *)&pmi, 0, sizeof(pmi));
	pmi.rearm = true; /* each round needs the entry back (C-29, C-40) */
	if ((v = pmi_fork(t, VEC, on_pmi, KICK, listen, drive, f, LISTEN_S)) != V_PASS)
		return v;
	if (f->why[0])
		return t_error(t, "%s", f->why);
	for (i = 0; i < plat_cpu_count(); i++)
		if (f->fault[i])
			return t_error(t, "an MSR access on CPU %u faulted (%d)", i, f->fault[i]);
	if (pmi.fault)
		return t_error(t, "an MSR access in the PMI handler failed on CPU %d (%d)",
			       pmi.fault_cpu, pmi.fault);
	return V_PASS;
}

/* PMI latency samples per core index of the BSP's package, in us. */
struct lat {
	int64_t us[PMI_CORES][ROUNDS * 4]; /* two fork-joins of two threads */
	unsigned n[PMI_CORES];
};

/* Who took round r's PMI (*recv, a CPU mask). Everywhere: at most one PMI
 * per CPU per overflow (N-30), only in the overflowing package (N-03,
 * N-31), both threads of a receiving core (N-33), the status showing the
 * overflow (N-22, C-30), nobody with EN_PMI_CORE = 0 (N-31). On the model
 * also exactly the OQ-N4 default receivers and a latency neither negative
 * nor absurd. */
static enum verdict judge(struct tctx *t, const struct fork *f, unsigned r, uint64_t *recv,
			  struct lat *lat)
{
	unsigned i, j, n = plat_cpu_count(), drv = plat_cpu(f->driver[r])->package;
	bool emu = nhm_emulated();

	*recv = 0;
	if (!f->driver[r])
		CHECK(t, f->status[r] & NHM_OVF_FC0, "GLOBAL_STATUS 0x%lx: FixedCntr0 did not wrap "
		      "(N-22, N-29)", (unsigned long)f->status[r]);
	for (i = 0; i < n; i++) {
		const struct plat_cpu *c = plat_cpu(i);
		unsigned k = topo_core_index(i), got = f->got[r + 1][i] - f->got[r][i];
		int64_t us;

		CHECK(t, got <= 1, "CPU %u took %u PMIs for one overflow (N-30, C-41)", i, got);
		CHECK(t, !got || c->package == drv, "CPU %u of package %u took the PMI of package "
		      "%u's uncore (N-03, N-31)", i, c->package, drv);
		CHECK(t, !emu || got == wanted(f, r, i), "CPU %u (package %u, core %u) took %u "
		      "PMIs with EN_PMI_CORE = 0x%x in package %u (N-31, N-34, OQ-N4)", i,
		      c->package, k, got, f->cores, drv);
		if (!got)
			continue;
		*recv |= 1ull << i;
		CHECK(t, pmi.status[i] & NHM_OVF_FC0, "CPU %u: GLOBAL_STATUS 0x%lx in the handler "
		      "lacks OVF_FC0 (N-22, C-30)", i, (unsigned long)pmi.status[i]);
		for (j = 0; j < n; j++)
			CHECK(t, plat_cpu(j)->package != c->package || plat_cpu(j)->core != c->core ||
			      f->got[r + 1][j] > f->got[r][j], "CPU %u took the PMI, its sibling "
			      "CPU %u did not (N-33)", i, j);
		us = (int64_t)(pmi.at[i][f->got[r][i]] - f->due[r]) * 1000000 /
		     (int64_t)plat_tsc_hz();
		CHECK(t, !emu || (us >= -EARLY_US && us <= ARRIVE_US), "CPU %u: PMI %ld us after "
		      "the wrap (N-30, OQ-N23)", i, (long)us);
		if (lat && k < PMI_CORES && lat->n[k] < ARRAY_SIZE(lat->us[k]))
			lat->us[k][lat->n[k]++] = us;
	}
	CHECK(t, f->cores || !*recv, "CPUs 0x%lx took a PMI with EN_PMI_CORE = 0 (N-31)",
	      (unsigned long)*recv);
	return V_PASS;
}

/* Latency per core: min, median, max to the log and results.json. */
static void report(struct tctx *t, struct lat *lat)
{
	static const char *const what[3] = { "min", "median", "max" };
	unsigned k, i, j;
	char name[32];

	for (k = 0; k < PMI_CORES; k++) {
		int64_t *v = lat->us[k];
		unsigned n = lat->n[k], at[3] = { 0, n / 2, n - 1 };

		for (i = 1; i < n; i++) /* insertion sort */
			for (j = i; j && v[j - 1] > v[j]; j--) {
				int64_t x = v[j];

				v[j] = v[j - 1];
				v[j - 1] = x;
			}
		if (n)
			plat_log(1, "  %s: core %u PMI latency min/median/max %ld/%ld/%ld us "
				 "(%u PMIs)", t->res->test->id, k, (long)v[at[0]], (long)v[at[1]],
				 (long)v[at[2]], n);
		for (i = 0; i < 3 && n; i++) {
			snprintf(name, sizeof(name), "core%u_latency_%s", k, what[i]);
			t_figure(t, name, v[at[i]], "us");
		}
	}
}

/* One fork-join routed to `cores`: `rounds` overflows of the BSP's uncore,
 * with `other` the last one another package's. recv[r] gets round r's
 * receivers, the same for the same package every round (N-31). */
static enum verdict select_cores(struct tctx *t, const struct clock *c, unsigned cores,
				 unsigned rounds, bool other, uint64_t *recv, struct lat *lat)
{
	static struct fork f;
	enum verdict v;
	unsigned r, i;

	memset(&f, 0, sizeof(f));
	memset(recv, 0, rounds * sizeof(*recv));
	f.c = c;
	f.cores = cores;
	f.rounds = rounds;
	for (i = 1; other && i < plat_cpu_count() && !f.driver[rounds - 1]; i++)
		if (plat_cpu(i)->package != plat_cpu(0)->package)
			f.driver[rounds - 1] = i;
	v = fork_run(t, &f);
	for (r = 0; r < f.rounds && v == V_PASS; r++) {
		v = judge(t, &f, r, &recv[r], f.driver[r] ? NULL : lat);
		if (v == V_PASS && r && f.driver[r] == f.driver[r - 1])
			CHECK(t, recv[r] == recv[r - 1], "EN_PMI_CORE = 0x%x reached CPUs 0x%lx, "
			      "then 0x%lx (N-31)", cores, (unsigned long)recv[r - 1],
			      (unsigned long)recv[r]);
		else if (v == V_PASS)
			plat_log(1, "  %s: EN_PMI_CORE = 0x%x in package %u reached CPUs 0x%lx",
				 t->res->test->id, cores, plat_cpu(f.driver[r])->package,
				 (unsigned long)recv[r]);
	}
	return v;
}

/* Each EN_PMI_COREn alone, n below the BSP package's core count (at most
 * four, OQ-N3); on hardware the receivers are recorded and the mapping is
 * not asserted (OQ-N4). */
static enum verdict each_core(struct tctx *t)
{
	unsigned k, cores = 0, pkg = plat_cpu(0)->package;
	uint64_t recv[ROUNDS];
	struct lat lat = { 0 };
	struct clock c;
	enum verdict v = measure(t, &c);
	char name[32];

	for (k = 0; k < plat_cpu_count(); k++)
		if (plat_cpu(k)->package == pkg && topo_core_index(k) + 1 > cores)
			cores = topo_core_index(k) + 1;
	for (k = 0; k < cores && k < PMI_CORES && v == V_PASS; k++) {
		v = select_cores(t, &c, 1u << k, ROUNDS, false, recv, &lat);
		snprintf(name, sizeof(name), "en_pmi_core%u_cpus", k);
		t_figure(t, name, (int64_t)recv[0], "mask");
	}
	if (v == V_PASS)
		report(t, &lat);
	return v;
}

/* All four bits: some CPU receives (N-34), on the model every selectable
 * core. */
static enum verdict all_cores(struct tctx *t)
{
	uint64_t recv[ROUNDS];
	struct lat lat = { 0 };
	struct clock c;
	enum verdict v = measure(t, &c);

	if (v != V_PASS)
		return v;
	v = select_cores(t, &c, ALL_CORES, ROUNDS, false, recv, &lat);
	t_figure(t, "receivers", (int64_t)recv[0], "mask");
	if (v != V_PASS)
		return v;
	CHECK(t, recv[0], "no CPU took the PMI with EN_PMI_CORE = 0x%x (N-34)", ALL_CORES);
	report(t, &lat);
	return V_PASS;
}

/* Bits 51:48 all 0: nobody takes the PMI of a wrap (N-31). */
static enum verdict no_core(struct tctx *t)
{
	uint64_t recv;
	struct clock c;
	enum verdict v = measure(t, &c);

	return v == V_PASS ? select_cores(t, &c, 0, 1, false, &recv, NULL) : v;
}

/* The BSP's package's overflow, then another package's, made by one of its
 * CPUs: each reaches some CPUs, all of its own package (N-03, N-34). */
static enum verdict package(struct tctx *t)
{
	uint64_t recv[2];
	struct clock c;
	enum verdict v = measure(t, &c);

	if (v != V_PASS)
		return v;
	v = select_cores(t, &c, ALL_CORES, 2, true, recv, NULL);
	t_figure(t, "bsp_package_cpus", (int64_t)recv[0], "mask");
	t_figure(t, "other_package_cpus", (int64_t)recv[1], "mask");
	if (v != V_PASS)
		return v;
	CHECK(t, recv[0] && recv[1], "an overflow with EN_PMI_CORE = 0x%x reached no CPU: "
	      "BSP's package 0x%lx, other 0x%lx (N-34)", ALL_CORES, (unsigned long)recv[0],
	      (unsigned long)recv[1]);
	return V_PASS;
}

static const struct test tests[] = {
	{ "nhm.route.nmi", "with LVTPC in NMI mode an overflow gives one NMI on the BSP",
	  NEED_UNCORE, nmi },
	{ "nhm.route.lvt-masked", "no PMI through a masked LVTPC, none on unmasking, one after",
	  NEED_UNCORE, masked },
	{ "nhm.route.debugctl-gate", "no PMI with DEBUGCTL bit 13 clear, one with it set",
	  NEED_UNCORE, debugctl },
	{ "nhm.route.rearm", "delivery masks LVTPC; a handler that unmasks gets one PMI per "
	  "overflow", NEED_UNCORE, rearm },
	{ "nhm.route.each-core", "EN_PMI_COREn alone reaches only core n of the package; "
	  "latency per core", NEED_UNCORE | NEED_SMP2, each_core },
	{ "nhm.route.all-cores", "EN_PMI_CORE 0-3 reach every selectable core of the package",
	  NEED_UNCORE | NEED_SMP2, all_cores },
	{ "nhm.route.no-core", "with EN_PMI_CORE all 0 no CPU takes the PMI of a wrap",
	  NEED_UNCORE, no_core },
	{ "nhm.route.package", "each package's overflow reaches only its own package's cores",
	  NEED_UNCORE | NEED_PACKAGE2, package },
};
const struct suite nhm_route_suite = SUITE("nhm.route", tests);
