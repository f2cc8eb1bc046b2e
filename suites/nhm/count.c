/* Counting gates of the general counters PerfCntr0-7 (N-06, N-09, N-10,
 * N-11) and their package scope (N-03). FixedCntr0's own gates and rate are
 * in fixed.c.
 *
 * Event: UNC_GQ_CYCLES_NOT_EMPTY.READ_TRACKER (01H, umask 01, spec §5): at
 * most one count per U-clock cycle, busy whenever a core of the package
 * misses its caches. The emulated uncore keeps it busy by itself; on
 * hardware every counting window runs traffic() on a CPU of the package
 * under test so that a counter that should count does, and one that should
 * not would have had something to count. */
#include "suites/nhm/nhm.h"

#define NCTR        8                 /* N-04 */
#define EN_PC(n)    (1ull << (n))     /* N-06 */
#define EN_PC_ALL   0xFFull
#define EVT         0x0101ull         /* 01H umask 01 */
#define SEL         (EVT | NHM_SEL_EN)
/* A counting window: about a million U-clocks, in which the traffic loop
 * (a cache miss every ~100 ns) keeps the read tracker busy thousands of
 * times; 48 windows make nhm.count.gates, so their length is its run time. */
#define WINDOW_US   500
/* Upper bound of the U-clock (fixed.c: Nehalem/Westmere run it at 1.6-3.5
 * GHz). A cycles event adds at most 1 per U-clock, so a counter may add at
 * most this rate times the TSC-timed interval: a preset that was ignored,
 * or a counter that jumped, falls outside. */
#define UCLK_MAX_HZ 4000000000ull

/* Presets: distinct per counter and per package, bit 47 set so that all
 * 48 bits must be stored (N-04, N-11), and at least 2^46 below the wrap,
 * far more than any window here can count. */
#define PRESET(n)     (0x800000000000ull | (uint64_t)((n) + 1) << 40 | 0x5A5A0000ull)
#define PKG_PRESET(p) (0xC00000000000ull | (uint64_t)((p) + 1) << 32)
/* A PerfEvtSel0 value per package: EN clear, CMASK as the package's tag. */
#define PKG_SEL(p)    (EVT | (uint64_t)((p) + 1) << 24)

/* CTR: a counter read on CPU `cpu` (RD_ON, suites/common/msr.h) masked to its 48
 * bits (N-12). */
#define CTR(t, cpu, msr, v) \
	do { RD_ON(t, cpu, msr, v); *(v) &= NHM_WIDTH_MASK; } while (0)

/* ---- traffic ---- */

/* Memory traffic from the calling CPU for `us` microseconds of TSC. */
static void traffic(uint64_t us)
{
	traffic_until(NULL, plat_tsc() + plat_tsc_hz() / 1000000 * us);
}

static void traffic_fn(void *arg)
{
	traffic(*(const uint64_t *)arg);
}

/* One counting window with traffic on CPU `cpu` (the BSP runs it inline). */
static int window_on(unsigned cpu)
{
	uint64_t us = WINDOW_US;

	return plat_run_on(cpu, traffic_fn, &us, WINDOW_US + 1000000, NULL);
}

#define WINDOW(t, cpu) \
	do { int e_ = window_on(cpu); \
	     if (e_) return t_error((t), "traffic on CPU %u failed (%d)", (unsigned)(cpu), e_); \
	} while (0)

/* ---- arithmetic ---- */

/* Most a cycles event can add in `ticks` TSC ticks (UCLK_MAX_HZ), plus one
 * for the cycle in progress. Split so no product exceeds 64 bits. */
static uint64_t max_count(uint64_t ticks)
{
	uint64_t hz = plat_tsc_hz();

	return ticks / hz * UCLK_MAX_HZ + ticks % hz * (UCLK_MAX_HZ / 1000) / (hz / 1000) + 1;
}

/* The counter went from `from` to `to`, counting up by at least 1 and by no
 * more than the interval of `ticks` allows (N-11, N-12). */
static bool counted(uint64_t from, uint64_t to, uint64_t ticks)
{
	uint64_t d = (to - from) & NHM_WIDTH_MASK;

	return d && d <= max_count(ticks);
}

/* What counted() asks, for failure messages. */
#define COUNTING "counting (> 0, at most 1 per U-clock of <= 4 GHz)"

/* `to` is `from` or a little above: a stop neither resets nor moves it. */
static bool barely_moved(uint64_t from, uint64_t to, uint64_t ticks)
{
	return ((to - from) & NHM_WIDTH_MASK) <= max_count(ticks);
}

/* ---- setup and cleanup ---- */

/* First CPU (index) of each package, in CPU order; lead[0] is the BSP's. */
static unsigned leaders(unsigned *lead)
{
	unsigned i, j, n = 0;

	for (i = 0; i < plat_cpu_count(); i++) {
		for (j = 0; j < n && plat_cpu(lead[j])->package != plat_cpu(i)->package; j++)
			;
		if (j == n)
			lead[n++] = i;
	}
	return n;
}

static unsigned package_index(const unsigned *lead, unsigned n, unsigned cpu)
{
	unsigned p;

	for (p = 0; p < n && plat_cpu(lead[p])->package != plat_cpu(cpu)->package; p++)
		;
	return p;
}

/* N-05: every gate the tests rely on closed, every PerfEvtSel = sel and
 * all nine counters at their presets (far from the wrap, so no overflow
 * status is ever set), on the package of `cpu`. */
static enum verdict setup(struct tctx *t, unsigned cpu, uint64_t sel)
{
	unsigned n;

	WR_ON(t, cpu, NHM_GLOBAL_CTRL, 0);
	WR_ON(t, cpu, NHM_FIXED_CTL, 0);
	WR_ON(t, cpu, NHM_FIXED_CTR, PRESET(NCTR));
	for (n = 0; n < NCTR; n++) {
		WR_ON(t, cpu, NHM_EVTSEL(n), sel);
		WR_ON(t, cpu, NHM_PERFCTR(n), PRESET(n));
	}
	return V_PASS;
}

/* Leave every package's controls at their reset value (N-05), whatever
 * the test's verdict; counter values are the run's state restore's. */
static enum verdict quiesce(enum verdict v)
{
	unsigned lead[PLAT_MAX_CPUS], np = leaders(lead), p, n;

	for (p = 0; p < np; p++) {
		msr_write(lead[p], NHM_GLOBAL_CTRL, 0);
		msr_write(lead[p], NHM_FIXED_CTL, 0);
		for (n = 0; n < NCTR; n++)
			msr_write(lead[p], NHM_EVTSEL(n), 0);
	}
	return v;
}

/* ---- nhm.count.gates (N-06) ---- */

/* PerfCntr n, read a (counting since t0) just before `gate` closed: it
 * stops where it is and stays there over a window; *c: where (N-06). */
static enum verdict stops_at(struct tctx *t, unsigned me, unsigned n, uint64_t a, uint64_t t0,
			     const char *gate, uint64_t *c)
{
	uint64_t b;

	CTR(t, me, NHM_PERFCTR(n), &b);
	CHECK(t, barely_moved(a, b, plat_tsc() - t0), "PerfCntr%u jumped 0x%lx -> 0x%lx when "
	      "%s was cleared (N-06)", n, (unsigned long)a, (unsigned long)b, gate);
	WINDOW(t, me);
	CTR(t, me, NHM_PERFCTR(n), c);
	CHECK(t, *c == b, "PerfCntr%u still counting after %s was cleared: 0x%lx -> 0x%lx "
	      "(N-06)", n, gate, (unsigned long)b, (unsigned long)*c);
	return V_PASS;
}

static enum verdict gates_one(struct tctx *t, unsigned n, uint64_t *min_delta)
{
	const unsigned me = plat_this_cpu();
	const uint64_t others = (EN_PC_ALL & ~EN_PC(n)) | NHM_EN_FC0;
	uint64_t a, c, t0, t1;
	char gate[24];

	/* Stopped (GLOBAL_CTRL = 0): the preset again, since earlier rounds
	 * let this counter run as one of the "others". */
	WR_ON(t, me, NHM_PERFCTR(n), PRESET(n));
	CTR(t, me, NHM_PERFCTR(n), &a);
	CHECK(t, a == PRESET(n), "PerfCntr%u wrote 0x%lx with GLOBAL_CTRL = 0 (PerfEvtSel%u.EN "
	      "set), read back 0x%lx (N-06, N-11)", n, (unsigned long)PRESET(n), n,
	      (unsigned long)a);
	/* EN alone, every other enable of GLOBAL_CTRL set: constant. */
	WR_ON(t, me, NHM_GLOBAL_CTRL, others);
	WINDOW(t, me);
	CTR(t, me, NHM_PERFCTR(n), &a);
	CHECK(t, a == PRESET(n), "PerfCntr%u moved 0x%lx -> 0x%lx with PerfEvtSel%u.EN set and "
	      "only EN_PC%u clear (N-06)", n, (unsigned long)PRESET(n), (unsigned long)a, n, n);
	/* EN_PCn alone, every other PerfEvtSel enabled: constant. */
	WR_ON(t, me, NHM_EVTSEL(n), EVT);
	WR_ON(t, me, NHM_GLOBAL_CTRL, EN_PC_ALL | NHM_EN_FC0);
	WINDOW(t, me);
	CTR(t, me, NHM_PERFCTR(n), &a);
	CHECK(t, a == PRESET(n), "PerfCntr%u moved 0x%lx -> 0x%lx with EN_PC%u set and "
	      "PerfEvtSel%u.EN clear (N-06)", n, (unsigned long)PRESET(n), (unsigned long)a, n, n);
	/* Both: counts up from the preset. */
	t0 = plat_tsc();
	WR_ON(t, me, NHM_EVTSEL(n), SEL);
	WINDOW(t, me);
	CTR(t, me, NHM_PERFCTR(n), &a);
	t1 = plat_tsc();
	CHECK(t, counted(PRESET(n), a, t1 - t0), "PerfCntr%u went 0x%lx -> 0x%lx in %lu us with "
	      "both enables set: want it " COUNTING " from the preset (N-06, N-11)", n,
	      (unsigned long)PRESET(n), (unsigned long)a,
	      (unsigned long)((t1 - t0) * 1000000 / plat_tsc_hz()));
	if (((a - PRESET(n)) & NHM_WIDTH_MASK) < *min_delta)
		*min_delta = (a - PRESET(n)) & NHM_WIDTH_MASK;
	/* Clearing EN_PCn stops it where it is, and it stays. */
	WR_ON(t, me, NHM_GLOBAL_CTRL, others);
	snprintf(gate, sizeof(gate), "EN_PC%u", n);
	TRY(stops_at(t, me, n, a, t0, gate, &c));
	/* Setting it again resumes counting ... */
	t0 = plat_tsc();
	WR_ON(t, me, NHM_GLOBAL_CTRL, EN_PC_ALL | NHM_EN_FC0);
	WINDOW(t, me);
	CTR(t, me, NHM_PERFCTR(n), &a);
	t1 = plat_tsc();
	CHECK(t, counted(c, a, t1 - t0), "PerfCntr%u went 0x%lx -> 0x%lx after EN_PC%u was set "
	      "again: want it " COUNTING " (N-06)", n, (unsigned long)c, (unsigned long)a, n);
	/* ... and clearing EN stops it, with EN_PCn still set. */
	WR_ON(t, me, NHM_EVTSEL(n), EVT);
	snprintf(gate, sizeof(gate), "PerfEvtSel%u.EN", n);
	return stops_at(t, me, n, a, t0, gate, &c);
}

/* Each counter alone through both gates, with every other gate of the
 * uncore open, so that a gate wired to the wrong counter shows too. */
static enum verdict gates(struct tctx *t)
{
	const unsigned me = plat_this_cpu();
	uint64_t min_delta = UINT64_MAX;
	enum verdict v;
	unsigned n;

	if ((v = setup(t, me, SEL)) != V_PASS)
		return v;
	WR_ON(t, me, NHM_FIXED_CTL, 1); /* FixedCntr0 running too: N-10 */
	for (n = 0; n < NCTR; n++) {
		if ((v = gates_one(t, n, &min_delta)) != V_PASS)
			return v;
		WR_ON(t, me, NHM_GLOBAL_CTRL, 0);
		WR_ON(t, me, NHM_EVTSEL(n), SEL);
	}
	t_figure(t, "min_window_count", (int64_t)min_delta, "count");
	return V_PASS;
}

/* ---- nhm.count.preset (N-11) ---- */

static enum verdict preset(struct tctx *t)
{
	const unsigned me = plat_this_cpu();
	uint64_t v[NCTR], q, t0, t1;
	enum verdict vd;
	unsigned n;

	if ((vd = setup(t, me, SEL)) != V_PASS)
		return vd;
	/* Count for a while, then stop the even counters by EN_PCn and the odd
	 * ones by EN, so that both stopped states are written to. */
	WR_ON(t, me, NHM_GLOBAL_CTRL, EN_PC_ALL);
	WINDOW(t, me);
	WR_ON(t, me, NHM_GLOBAL_CTRL, 0xAAull);
	for (n = 1; n < NCTR; n += 2)
		WR_ON(t, me, NHM_EVTSEL(n), EVT);
	for (n = 0; n < NCTR; n++) {
		q = PRESET(NCTR - 1 - n); /* not the value setup() wrote */
		WR_ON(t, me, NHM_PERFCTR(n), q);
		CTR(t, me, NHM_PERFCTR(n), &v[n]);
		CHECK(t, v[n] == q, "PerfCntr%u wrote 0x%lx while stopped by %s, read back 0x%lx "
		      "(N-06, N-11)", n, (unsigned long)q, n & 1 ? "EN" : "EN_PCn",
		      (unsigned long)v[n]);
	}
	WINDOW(t, me);
	for (n = 0; n < NCTR; n++) {
		CTR(t, me, NHM_PERFCTR(n), &q);
		CHECK(t, q == v[n], "stopped PerfCntr%u (by %s) did not hold its written 0x%lx: "
		      "0x%lx (N-06, N-11)", n, n & 1 ? "EN" : "EN_PCn", (unsigned long)v[n],
		      (unsigned long)q);
	}
	/* Dated before the odd counters' EN: with their EN_PCn still set in
	 * GLOBAL_CTRL (0xAA) they count from that write, and a CPU away
	 * between it and a later TSC read (a vCPU descheduled under load) let
	 * PerfCntr1 count more than the interval allowed. */
	t0 = plat_tsc();
	for (n = 1; n < NCTR; n += 2)
		WR_ON(t, me, NHM_EVTSEL(n), SEL);
	WR_ON(t, me, NHM_GLOBAL_CTRL, EN_PC_ALL);
	WINDOW(t, me);
	WR_ON(t, me, NHM_GLOBAL_CTRL, 0);
	t1 = plat_tsc();
	for (n = 0; n < NCTR; n++) {
		CTR(t, me, NHM_PERFCTR(n), &q);
		CHECK(t, counted(v[n], q, t1 - t0), "PerfCntr%u went 0x%lx -> 0x%lx once enabled: "
		      "want it " COUNTING " from the written value (N-11)", n, (unsigned long)v[n],
		      (unsigned long)q);
	}
	return V_PASS;
}

/* ---- nhm.count.global-off (N-09) ---- */

/* Counter i: PerfCntr0-7, then FixedCntr0 (index NCTR). */
static uint32_t ctr_msr(unsigned i)
{
	return i < NCTR ? NHM_PERFCTR(i) : NHM_FIXED_CTR;
}

static const char *const ctr_name[NCTR + 1] = {
	"PerfCntr0", "PerfCntr1", "PerfCntr2", "PerfCntr3", "PerfCntr4", "PerfCntr5",
	"PerfCntr6", "PerfCntr7", "FixedCntr0",
};

static enum verdict global_off(struct tctx *t)
{
	const unsigned me = plat_this_cpu();
	uint64_t a[NCTR + 1], b[NCTR + 1], c, t0, t1;
	enum verdict v;
	unsigned i;

	if ((v = setup(t, me, SEL)) != V_PASS)
		return v;
	WR_ON(t, me, NHM_FIXED_CTL, 1);
	t0 = plat_tsc();
	WR_ON(t, me, NHM_GLOBAL_CTRL, EN_PC_ALL | NHM_EN_FC0);
	WINDOW(t, me);
	for (i = 0; i <= NCTR; i++)
		CTR(t, me, ctr_msr(i), &a[i]);
	WR_ON(t, me, NHM_GLOBAL_CTRL, 0);
	for (i = 0; i <= NCTR; i++)
		CTR(t, me, ctr_msr(i), &b[i]);
	t1 = plat_tsc();
	/* All nine ran (FixedCntr0 at one per U-clock, N-08) ... */
	for (i = 0; i <= NCTR; i++)
		CHECK(t, counted(PRESET(i), a[i], t1 - t0), "%s went 0x%lx -> 0x%lx with all "
		      "enables set: want it " COUNTING " (N-06, N-07)", ctr_name[i],
		      (unsigned long)PRESET(i), (unsigned long)a[i]);
	/* ... and one write of 0 stopped them all, values kept. */
	WINDOW(t, me);
	for (i = 0; i <= NCTR; i++) {
		CTR(t, me, ctr_msr(i), &c);
		CHECK(t, barely_moved(a[i], b[i], t1 - t0) && c == b[i], "%s 0x%lx -> 0x%lx -> "
		      "0x%lx across GLOBAL_CTRL = 0: want it stopped with its value (N-09)",
		      ctr_name[i], (unsigned long)a[i], (unsigned long)b[i], (unsigned long)c);
	}
	return V_PASS;
}

/* ---- nhm.count.fixed-independent (N-10) ---- */

/* One window under the given gates; every counter must advance (run) or
 * hold (stopped) as its own two enables say. */
static enum verdict indep_window(struct tctx *t, const char *what, uint64_t global,
				 uint64_t sel, uint64_t fixed_ctl)
{
	const unsigned me = plat_this_cpu();
	bool fixed_runs = (global & NHM_EN_FC0) && fixed_ctl;
	uint64_t a[NCTR + 1], b, t0, t1;
	unsigned i, n;

	/* Stop everything, then set the window's gates. */
	WR_ON(t, me, NHM_GLOBAL_CTRL, 0);
	WR_ON(t, me, NHM_FIXED_CTL, fixed_ctl);
	for (n = 0; n < NCTR; n++)
		WR_ON(t, me, NHM_EVTSEL(n), sel);
	for (i = 0; i <= NCTR; i++)
		CTR(t, me, ctr_msr(i), &a[i]);
	t0 = plat_tsc();
	WR_ON(t, me, NHM_GLOBAL_CTRL, global);
	WINDOW(t, me);
	WR_ON(t, me, NHM_GLOBAL_CTRL, 0);
	t1 = plat_tsc();
	for (i = 0; i <= NCTR; i++) {
		bool runs = i == NCTR ? fixed_runs : (global & EN_PC(i)) && (sel & NHM_SEL_EN);

		CTR(t, me, ctr_msr(i), &b);
		CHECK(t, runs ? counted(a[i], b, t1 - t0) : b == a[i], "%s went 0x%lx -> 0x%lx "
		      "with %s; want it %s (N-10)", ctr_name[i], (unsigned long)a[i],
		      (unsigned long)b, what, runs ? COUNTING : "stopped");
	}
	return V_PASS;
}

static enum verdict fixed_independent(struct tctx *t)
{
	static const struct {
		const char *what;
		uint64_t global, sel, fixed_ctl;
	} w[] = {
		{ .what = "all enables set", .global = EN_PC_ALL | NHM_EN_FC0, .sel = SEL,
		  .fixed_ctl = 1 },
		{ .what = "EN_PC0-7 set, PerfEvtSel.EN clear", .global = EN_PC_ALL | NHM_EN_FC0,
		  .sel = EVT, .fixed_ctl = 1 },
		{ .what = "EN_PC0-7 clear, PerfEvtSel.EN set", .global = NHM_EN_FC0, .sel = SEL,
		  .fixed_ctl = 1 },
		{ .what = "EN_FC0 clear", .global = EN_PC_ALL, .sel = SEL, .fixed_ctl = 1 },
		{ .what = "FIXED_CTR_CTRL.EN clear", .global = EN_PC_ALL | NHM_EN_FC0, .sel = SEL,
		  .fixed_ctl = 0 },
	};
	enum verdict v = setup(t, plat_this_cpu(), EVT);
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(w) && v == V_PASS; i++)
		v = indep_window(t, w[i].what, w[i].global, w[i].sel, w[i].fixed_ctl);
	return v;
}

/* ---- nhm.count.package-scope (N-03) ---- */

static enum verdict package_scope(struct tctx *t)
{
	unsigned lead[PLAT_MAX_CPUS], np = leaders(lead), p, c, x, shared = 0;
	uint64_t v, a, b;

	/* A distinct counter value and PerfEvtSel0 per package, written from
	 * its first CPU while stopped (N-11). */
	for (p = 0; p < np; p++) {
		WR_ON(t, lead[p], NHM_GLOBAL_CTRL, 0);
		WR_ON(t, lead[p], NHM_EVTSEL(0), PKG_SEL(p));
		WR_ON(t, lead[p], NHM_PERFCTR(0), PKG_PRESET(p));
	}
	/* Every CPU reads its own package's values. */
	for (c = 0; c < plat_cpu_count(); c++) {
		p = package_index(lead, np, c);
		CTR(t, c, NHM_PERFCTR(0), &v);
		CHECK(t, v == PKG_PRESET(p), "CPU %u (package %u) reads PerfCntr0 = 0x%lx; CPU %u "
		      "of its package wrote 0x%lx (N-03)", c, p, (unsigned long)v, lead[p],
		      (unsigned long)PKG_PRESET(p));
		RD_ON(t, c, NHM_EVTSEL(0), &v);
		CHECK(t, v == PKG_SEL(p), "CPU %u (package %u) reads PerfEvtSel0 = 0x%lx; CPU %u "
		      "of its package wrote 0x%lx (N-03)", c, p, (unsigned long)v, lead[p],
		      (unsigned long)PKG_SEL(p));
		shared += c != lead[p];
	}
	/* A running counter read in turn from two CPUs of a package is one
	 * counter: FixedCntr0 (one per U-clock, N-08) read on the first CPU,
	 * on another, on the first again, strictly increases. */
	for (c = 0; c < plat_cpu_count(); c++) {
		p = package_index(lead, np, c);
		if (c == lead[p])
			continue;
		x = lead[p];
		WR_ON(t, x, NHM_FIXED_CTR, PKG_PRESET(p)); /* far from the wrap */
		WR_ON(t, x, NHM_FIXED_CTL, 1);
		WR_ON(t, x, NHM_GLOBAL_CTRL, NHM_EN_FC0);
		CTR(t, x, NHM_FIXED_CTR, &a);
		CTR(t, c, NHM_FIXED_CTR, &v);
		CTR(t, x, NHM_FIXED_CTR, &b);
		WR_ON(t, x, NHM_GLOBAL_CTRL, 0);
		CHECK(t, a < v && v < b, "running FixedCntr0 read 0x%lx on CPU %u, 0x%lx on CPU "
		      "%u, 0x%lx on CPU %u: want one counter, strictly increasing (N-03)",
		      (unsigned long)a, x, (unsigned long)v, c, (unsigned long)b, x);
	}
	t_figure(t, "packages_count", np, "count");
	t_figure(t, "cpus_sharing_checked_count", shared, "count");
	return V_PASS;
}

/* ---- nhm.count.packages (N-03) ---- */

static enum verdict packages(struct tctx *t)
{
	unsigned lead[PLAT_MAX_CPUS], np = leaders(lead), p, k;
	uint64_t before[PLAT_MAX_CPUS], v, t0, t1;
	enum verdict vd;

	/* Every package: PerfEvtSel0 enabled, GLOBAL_CTRL = 0, own preset, so
	 * only a package's own EN_PC0 can start its PerfCntr0. */
	for (p = 0; p < np; p++) {
		if ((vd = setup(t, lead[p], SEL)) != V_PASS)
			return vd;
		WR_ON(t, lead[p], NHM_PERFCTR(0), PKG_PRESET(p));
	}
	for (p = 0; p < np; p++) {
		CTR(t, lead[p], NHM_PERFCTR(0), &v);
		CHECK(t, v == PKG_PRESET(p), "package %u's PerfCntr0 reads 0x%lx on CPU %u, "
		      "written 0x%lx there with GLOBAL_CTRL = 0 (N-03, N-06, N-11)", p,
		      (unsigned long)v, lead[p], (unsigned long)PKG_PRESET(p));
	}
	/* Enable one package at a time; traffic on every package, so that a
	 * counter wrongly enabled would have had events to count. */
	for (k = 0; k < np; k++) {
		for (p = 0; p < np; p++)
			CTR(t, lead[p], NHM_PERFCTR(0), &before[p]);
		t0 = plat_tsc();
		WR_ON(t, lead[k], NHM_GLOBAL_CTRL, EN_PC(0));
		for (p = 0; p < np; p++)
			WINDOW(t, lead[p]);
		for (p = 0; p < np; p++) {
			CTR(t, lead[p], NHM_PERFCTR(0), &v);
			t1 = plat_tsc();
			CHECK(t, p == k ? counted(before[p], v, t1 - t0) : v == before[p],
			      "package %u's PerfCntr0 went 0x%lx -> 0x%lx while only package %u's "
			      "EN_PC0 was set; want it %s (N-03)", p, (unsigned long)before[p],
			      (unsigned long)v, k, p == k ? COUNTING : "constant");
		}
		WR_ON(t, lead[k], NHM_GLOBAL_CTRL, 0);
	}
	t_figure(t, "packages_count", np, "count");
	return V_PASS;
}

/* ---- table ---- */

static enum verdict count_gates(struct tctx *t) { return quiesce(gates(t)); }
static enum verdict count_preset(struct tctx *t) { return quiesce(preset(t)); }
static enum verdict count_global_off(struct tctx *t) { return quiesce(global_off(t)); }
static enum verdict count_fixed_indep(struct tctx *t) { return quiesce(fixed_independent(t)); }
static enum verdict count_package_scope(struct tctx *t) { return quiesce(package_scope(t)); }
static enum verdict count_packages(struct tctx *t) { return quiesce(packages(t)); }

static const struct test tests[] = {
	{ .id = "nhm.count.gates", .desc = "each PerfCntr counts only with PerfEvtSel.EN and "
	  "EN_PCn; clearing either stops it", .needs = NEED_UNCORE, .run = count_gates },
	{ .id = "nhm.count.preset", .desc = "a stopped PerfCntr written reads back, holds, and "
	  "counts up from the value", .needs = NEED_UNCORE, .run = count_preset },
	{ .id = "nhm.count.global-off", .desc = "GLOBAL_CTRL = 0 stops all nine counters at once, "
	  "values kept", .needs = NEED_UNCORE, .run = count_global_off },
	{ .id = "nhm.count.fixed-independent", .desc = "PerfCntr gates never start or stop "
	  "FixedCntr0, nor FixedCntr0's gates PerfCntr", .needs = NEED_UNCORE,
	  .run = count_fixed_indep },
	{ .id = "nhm.count.package-scope", .desc = "every CPU of a package sees that package's "
	  "counter and control values", .needs = NEED_UNCORE | NEED_SMP2,
	  .run = count_package_scope },
	{ .id = "nhm.count.packages", .desc = "enabling PerfCntr0 in one package leaves the "
	  "others' constant", .needs = NEED_UNCORE | NEED_PACKAGE2, .run = count_packages },
};
const struct suite nhm_count_suite = SUITE("nhm.count", tests);
