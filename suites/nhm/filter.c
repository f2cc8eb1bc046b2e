/* Event filters of the general counters on busy QHL/QMC events: CMASK, INV,
 * E, the umask union and the occupancy reset (N-13..N-20, OQ-N8, OQ-N12,
 * OQ-N13). Every measurement programs FixedCntr0 beside the general counters
 * and opens and closes the window with one GLOBAL_CTRL write each (N-09), so
 * all counters see the same cycles. On hardware the events are busy only
 * under memory traffic: every CPU streams LLC-missing reads through the
 * window (plat_run_all); under emulation the streams are synthetic and the
 * workload is harmless. */
#include "suites/nhm/nhm.h"

/* Register addresses and PerfEvtSel fields (spec §2, §3); candidates for
 * nhm.h. */
#define SEL(ev, umask, cmask, flags) \
	((uint64_t)(ev) | (uint64_t)(umask) << 8 | (uint64_t)(cmask) << 24 | NHM_SEL_EN | (flags))

/* Spec §5 events. QHL LOCAL sees the requests of this package's cores to
 * this package's memory: the image, and so the buffer below, sits in low
 * memory, which on two-socket boards normally belongs to the BSP's node. */
#define QHL_OCC_LOCAL(cmask, f)    SEL(0x23, 0x04, cmask, f) /* UNC_QHL_OCCUPANCY.LOCAL */
#define QHL_NEMPTY_LOCAL(cmask, f) SEL(0x22, 0x04, cmask, f) /* ..._CYCLES_NOT_EMPTY.LOCAL */
#define QMC_READS(umask)           SEL(0x2C, umask, 0, 0)   /* UNC_QMC_NORMAL_READS */

/* 10 ms: about 20 million U-clocks, so a broken filter is off by millions,
 * and the whole file stays well under a second. */
#define WINDOW_US 10000

/* One WRMSR to GLOBAL_CTRL opens (and one closes) the gates of all nine
 * counters (N-09). The manual promises no simultaneity, so on hardware allow
 * each counter to start or stop up to HW_SKEW U-clocks apart from another:
 * a few ns against a 10 ms window, while a broken filter is off by
 * millions. slack(n) covers n such counter edges of an event that adds at
 * most 1 per cycle. The model gates them all at the same cycle: exact. */
#define HW_SKEW 4

static uint64_t slack(struct tctx *t, unsigned edges)
{
	return (uint64_t)t_slack(t, (int64_t)edges * HW_SKEW, "counters' gates may open up to "
				 "4 U-clocks apart (N-09)");
}

static uint64_t dist(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* ---- workload: LLC-missing reads on every CPU ---------------------------- */

/* An AP that never hears "done" (the BSP side cut short) stops by itself. */
#define AP_LIMIT_US 5000000
/* Resident APs take a job within microseconds, but a vCPU of a loaded host
 * may not run for a while; the window waits for them this long, then opens
 * with whoever streams. */
#define READY_US 1000000


struct window {
	uint64_t en; /* GLOBAL_CTRL value of the open window */
	/* What the BSP does while the window is open: stream, plus any action
	 * of the test (occ_resets). */
	void (*during)(struct window *w, uint64_t end);
	void *arg;
	int err;
	uint32_t err_msr;
	unsigned streaming; /* APs streaming when the window opened */
	volatile unsigned ready;
	volatile bool done;
};

static uint64_t tsc_after(uint64_t us)
{
	return plat_tsc() + plat_tsc_hz() / 1000000 * us;
}

static void ap_stream(void *arg)
{
	struct window *w = arg;

	__atomic_add_fetch(&w->ready, 1, __ATOMIC_SEQ_CST);
	traffic_until(&w->done, tsc_after(AP_LIMIT_US));
}

/* MSR access inside the window, where a test cannot end: the first fault
 * is kept for after it. */
static bool fault_at(struct window *w, uint32_t msr, int e)
{
	if (e && !w->err) {
		w->err = e;
		w->err_msr = msr;
	}
	return !e;
}

static bool wmsr(struct window *w, uint32_t msr, uint64_t v)
{
	return fault_at(w, msr, msr_write(plat_this_cpu(), msr, v));
}

static bool rmsr(struct window *w, uint32_t msr, uint64_t *v)
{
	return fault_at(w, msr, msr_read(plat_this_cpu(), msr, v));
}

static void just_stream(struct window *w, uint64_t end)
{
	(void)w;
	traffic_until(NULL, end);
}

static void bsp_window(void *arg)
{
	struct window *w = arg;
	uint64_t until = tsc_after(READY_US);

	while (w->ready < plat_cpu_count() - 1 && plat_tsc() < until)
		;
	w->streaming = w->ready;
	/* N-09: one write starts every counter, one stops them all. */
	if (wmsr(w, NHM_GLOBAL_CTRL, w->en)) {
		w->during(w, tsc_after(WINDOW_US));
		wmsr(w, NHM_GLOBAL_CTRL, 0);
	}
	w->done = true;
}

/* ---- programming, one window, read-back, restore ------------------------- */

/* N-05: write every control relied on; counters from 0. */
static enum verdict program(struct tctx *t, const uint64_t *sel, unsigned n)
{
	unsigned i;

	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTL, 0);
	for (i = 0; i < n; i++) {
		WR(t, NHM_EVTSEL(i), sel[i]);
		WR(t, NHM_PERFCTR(i), 0);
	}
	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_FIXED_CTL, 1); /* EN, no PMI (N-07) */
	return V_PASS;
}

static void restore(unsigned n)
{
	unsigned me = plat_this_cpu(), i;

	msr_write(me, NHM_GLOBAL_CTRL, 0);
	msr_write(me, NHM_FIXED_CTL, 0);
	for (i = 0; i < n; i++)
		msr_write(me, NHM_EVTSEL(i), 0);
}

/* c[0..n-1] = PerfCntr0..n-1, c[n] = FixedCntr0, after one window. */
static enum verdict window_run(struct tctx *t, struct window *w, unsigned n, uint64_t *c)
{
	unsigned i;
	int rc;

	w->en = ((1ull << n) - 1) | NHM_EN_FC0;
	if (!w->during)
		w->during = just_stream;
	rc = plat_run_all(ap_stream, bsp_window, w, AP_LIMIT_US * 2);
	t_figure(t, "streaming_aps_count", w->streaming, "count");
	if (rc)
		return t_error(t, "running the workload on every CPU failed (error %d)", rc);
	if (w->err)
		return t_error(t, "MSR 0x%x faulted in the window (%d)", w->err_msr, w->err);
	for (i = 0; i < n; i++) {
		RD(t, NHM_PERFCTR(i), &c[i]);
		c[i] &= NHM_WIDTH_MASK; /* N-12 */
	}
	RD(t, NHM_FIXED_CTR, &c[n]);
	c[n] &= NHM_WIDTH_MASK;
	return V_PASS;
}

static enum verdict measure(struct tctx *t, const uint64_t *sel, unsigned n,
			    struct window *w, uint64_t *c)
{
	enum verdict v = program(t, sel, n);

	if (v == V_PASS)
		v = window_run(t, w, n, c);
	restore(n);
	if (v == V_PASS)
		t_figure(t, "uclk_cycles", (int64_t)c[n], "cycles");
	return v;
}

/* OQ-N12: the text compares "on each core clock cycle", the model once per
 * U-clock. cnt(c) + cnt(c, INV) counts comparison-clock cycles (N-19);
 * whether that is FixedCntr0's U-clock is asserted on the model; hardware
 * reports it, and there the assertions that depend on it are made only when
 * it held (*uclk). `edges` bounds the gate skew of the three counters
 * involved. */
static enum verdict cmp_clock(struct tctx *t, uint64_t cycles, uint64_t fixed, unsigned edges,
			      bool *uclk)
{
	*uclk = dist(cycles, fixed) <= slack(t, edges);
	t_figure(t, "cmp_minus_fixed_cycles", (int64_t)(cycles - fixed), "cycles");
	return t_default(t, "OQ-N12", "CMASK compares once per U-clock", *uclk, "CMASK=1 plus "
			 "CMASK=1,INV counted %lu, FixedCntr0 %lu (N-19, OQ-N12)",
			 (unsigned long)cycles, (unsigned long)fixed);
}

#define BUSY_MSG "event 0x%x umask 04 counted nothing in %u us: the counter does not count " \
	"(N-06) or the workload left the QHL local tracker empty"

/* ---- the tests ------------------------------------------------------------ */

/* CMASK k and k with INV on an occupancy event, k = 1, 2, 4, beside CMASK 0
 * with and without INV (N-17..N-20). */
static enum verdict filter_cmask_inv(struct tctx *t)
{
	static const uint64_t sel[8] = {
		QHL_OCC_LOCAL(0, 0),
		QHL_OCC_LOCAL(1, 0), QHL_OCC_LOCAL(1, NHM_SEL_INV),
		QHL_OCC_LOCAL(2, 0), QHL_OCC_LOCAL(2, NHM_SEL_INV),
		QHL_OCC_LOCAL(4, 0), QHL_OCC_LOCAL(4, NHM_SEL_INV),
		QHL_OCC_LOCAL(0, NHM_SEL_INV),
	};
	static const unsigned k[3] = { 1, 2, 4 };
	struct window w = { 0 };
	uint64_t c[9], fixed, s[3];
	enum verdict v = measure(t, sel, 8, &w, c);
	bool uclk;
	unsigned i;

	if (v != V_PASS)
		return v;
	fixed = c[8];
	for (i = 0; i < 3; i++)
		s[i] = c[1 + 2 * i] + c[2 + 2 * i];
	t_figure(t, "occ_sum_count", (int64_t)c[0], "count");
	t_figure(t, "cmask1_cycles", (int64_t)c[1], "cycles");
	t_figure(t, "cmask2_cycles", (int64_t)c[3], "cycles");
	t_figure(t, "cmask4_cycles", (int64_t)c[5], "cycles");
	t_figure(t, "cmask0_inv_count", (int64_t)c[7], "count");
	CHECK(t, c[1] > 0 && c[0] > 0, BUSY_MSG, 0x23, WINDOW_US);
	/* N-19, the part that holds on any comparison clock: for every k the
	 * pair counts the same cycles; 2 counters x 2 edges on each side. */
	for (i = 1; i < 3; i++)
		CHECK(t, dist(s[i], s[0]) <= slack(t, 8), "CMASK=%u plus CMASK=%u,INV counted %lu, "
		      "CMASK=1 plus CMASK=1,INV %lu: both must be the cycles of the window "
		      "(N-19)", k[i], k[i], (unsigned long)s[i], (unsigned long)s[0]);
	/* With the pairs equal above, every pair equals FixedCntr0 on the
	 * model once the first does. */
	TRY(cmp_clock(t, s[0], fixed, 6, &uclk));
	/* N-18: a higher threshold passes fewer cycles; with INV, more. Same
	 * cycles for both counters up to 2 x 2 skewed edges. */
	for (i = 1; i < 3; i++) {
		CHECK(t, c[1 + 2 * i] <= c[2 * i - 1] + slack(t, 4), "CMASK=%u counted %lu cycles, "
		      "more than CMASK=%u's %lu (N-18)", k[i], (unsigned long)c[1 + 2 * i],
		      k[i - 1], (unsigned long)c[2 * i - 1]);
		CHECK(t, c[2 + 2 * i] + slack(t, 4) >= c[2 * i], "CMASK=%u,INV counted %lu cycles, "
		      "fewer than CMASK=%u,INV's %lu (N-19)", k[i], (unsigned long)c[2 + 2 * i],
		      k[i - 1], (unsigned long)c[2 * i]);
	}
	/* N-17 against N-18, per comparison cycle: x = sum over j >= 1 of
	 * [x >= j] >= [x>=1] + [x>=2] + 2[x>=4]. The right side weighs four
	 * counts, each with 2 edges that may fall outside CMASK 0's window: 8.
	 * Only meaningful when both count the same clock (OQ-N12). */
	if (uclk)
		CHECK(t, c[0] + slack(t, 8) >= c[1] + c[3] + 2 * c[5], "CMASK=0 summed %lu, less "
		      "than CMASK=1 + CMASK=2 + 2 x CMASK=4 = %lu + %lu + 2 x %lu (N-17, N-18)",
		      (unsigned long)c[0], (unsigned long)c[1], (unsigned long)c[3],
		      (unsigned long)c[5]);
	/* N-20 is OQ-N12: INV with CMASK = 0 is ignored on the model. */
	TRY(t_default(t, "OQ-N12", "INV ignored with CMASK=0", c[7] == c[0], "CMASK=0,INV "
		      "counted %lu, CMASK=0 %lu: INV not ignored with CMASK=0 (N-20, OQ-N12)",
		      (unsigned long)c[7], (unsigned long)c[0]));
	return V_PASS;
}

/* E on the CMASK=1 condition against its level and its inverse (N-16). With
 * CMASK = 1 the condition is "count > 0" whichever order E and CMASK take
 * (OQ-N13). E with INV counts the rising edges of the inverted condition
 * (N-16 with N-19: INV is one of "the other fields"), which are the falling
 * edges of the plain one: over one window the two differ by at most 1 (the
 * state at the open and the close). Asserted on the model; hardware, where
 * the order of INV and E is not documented, reports it. Which direction E
 * counts (rising, not falling) this window cannot tell, the condition's
 * state at the open and the close being the traffic's: nhm.filter.edge-dir
 * (suites/nhm/edge.c) sets that state by its own PerfEvtSel writes. */
static enum verdict filter_edge(struct tctx *t)
{
	static const uint64_t sel[4] = {
		QHL_OCC_LOCAL(1, 0), QHL_OCC_LOCAL(1, NHM_SEL_INV), QHL_OCC_LOCAL(1, NHM_SEL_EDGE),
		QHL_OCC_LOCAL(1, NHM_SEL_EDGE | NHM_SEL_INV),
	};
	struct window w = { 0 };
	uint64_t c[5], level, low, edges, falls;
	enum verdict v = measure(t, sel, 4, &w, c);

	if (v != V_PASS)
		return v;
	level = c[0];
	low = c[1];
	edges = c[2];
	falls = c[3];
	t_figure(t, "level_cycles", (int64_t)level, "cycles");
	t_figure(t, "inverse_cycles", (int64_t)low, "cycles");
	t_figure(t, "edges_count", (int64_t)edges, "count");
	t_figure(t, "inverse_edges_count", (int64_t)falls, "count");
	TRY(t_default(t, "OQ-N13", "E after INV: E,INV within 1 of E", dist(falls, edges) <= 1 +
		      slack(t, 4), "E with INV counted %lu, E alone %lu: the rising edges of the "
		      "inverted condition are the falling edges of the plain one, within 1 of its "
		      "rising edges (N-16, N-19)", (unsigned long)falls, (unsigned long)edges));
	CHECK(t, level > 0, BUSY_MSG, 0x23, WINDOW_US);
	/* Every rising edge follows a deasserted cycle, one counted by INV
	 * (N-19), except perhaps the first, whose deasserted cycle may precede
	 * the window. */
	CHECK(t, edges <= level + slack(t, 4), "E counted %lu transitions in %lu asserted cycles "
	      "(N-16)", (unsigned long)edges, (unsigned long)level);
	CHECK(t, edges <= low + 1 + slack(t, 4), "E counted %lu transitions but only %lu "
	      "deasserted cycles came before them (N-16, N-19)", (unsigned long)edges,
	      (unsigned long)low);
	/* Strictly between "never" and "always" (beyond the skew) the condition
	 * must have risen at least once. */
	if (low > slack(t, 4))
		CHECK(t, edges > 0, "E counted nothing while the condition held in %lu cycles "
		      "and not in %lu (N-16)", (unsigned long)level, (unsigned long)low);
	return V_PASS;
}

/* CMASK on a 0/1-per-cycle event (22H, "not empty"): CMASK=1 passes exactly
 * the cycles CMASK=0 adds, CMASK=2 none (N-17, N-18). This pins the ">="
 * of N-18, which a relabelled threshold on the occupancy event cannot show.
 * CMASK is the whole byte 31:24 (§3): 0x81 passes no cycle, 0x80 with INV
 * every one. E with CMASK=2 counts the rising edges of "count >= 2", which
 * never holds here: none, where E taken before the threshold would count
 * the event's own edges (OQ-N13 default; reported on hardware). */
static enum verdict filter_cmask_flag(struct tctx *t)
{
	static const uint64_t sel[7] = {
		QHL_NEMPTY_LOCAL(0, 0), QHL_NEMPTY_LOCAL(1, 0), QHL_NEMPTY_LOCAL(1, NHM_SEL_INV),
		QHL_NEMPTY_LOCAL(2, 0), QHL_NEMPTY_LOCAL(2, NHM_SEL_EDGE), QHL_NEMPTY_LOCAL(0x81, 0),
		QHL_NEMPTY_LOCAL(0x80, NHM_SEL_INV),
	};
	struct window w = { 0 };
	uint64_t c[8];
	enum verdict v = measure(t, sel, 7, &w, c);
	bool uclk;

	if (v != V_PASS)
		return v;
	t_figure(t, "cmask0_cycles", (int64_t)c[0], "cycles");
	t_figure(t, "cmask1_cycles", (int64_t)c[1], "cycles");
	t_figure(t, "cmask2_cycles", (int64_t)c[3], "cycles");
	t_figure(t, "cmask2_edge_count", (int64_t)c[4], "count");
	t_figure(t, "cmask0x81_cycles", (int64_t)c[5], "cycles");
	t_figure(t, "cmask0x80_inv_cycles", (int64_t)c[6], "cycles");
	CHECK(t, c[0] > 0, BUSY_MSG, 0x22, WINDOW_US);
	TRY(t_default(t, "OQ-N13", "E after the threshold", c[4] <= slack(t, 2), "E with CMASK=2 "
		      "counted %lu edges on an event that never reaches 2: the edge is not of the "
		      "thresholded condition (N-16, N-18, OQ-N13)", (unsigned long)c[4]));
	/* All depend on the comparison clock being the event's (OQ-N12). */
	TRY(cmp_clock(t, c[1] + c[2], c[7], 6, &uclk));
	if (uclk) {
		CHECK(t, dist(c[1], c[0]) <= slack(t, 4), "CMASK=1 counted %lu cycles on a 0/1 "
		      "event whose CMASK=0 sum is %lu (N-17, N-18: count >= 1)",
		      (unsigned long)c[1], (unsigned long)c[0]);
		CHECK(t, c[3] <= slack(t, 2), "CMASK=2 counted %lu cycles on an event that never "
		      "exceeds 1 per cycle (N-18)", (unsigned long)c[3]);
		CHECK(t, c[5] <= slack(t, 2), "CMASK=0x81 counted %lu cycles on an event that never "
		      "exceeds 1 per cycle (N-18: CMASK is bits 31:24)", (unsigned long)c[5]);
		CHECK(t, dist(c[6], c[7]) <= slack(t, 2), "CMASK=0x80,INV counted %lu cycles, "
		      "FixedCntr0 %lu: every cycle counts below 128 (N-18, N-19)",
		      (unsigned long)c[6], (unsigned long)c[7]);
	}
	return V_PASS;
}

/* N-13: UNC_QMC_NORMAL_READS.ANY (07) against channels 01, 02, 04 in the
 * same window. */
static enum verdict filter_umask_union(struct tctx *t)
{
	static const uint64_t sel[4] = { QMC_READS(0x07), QMC_READS(0x01), QMC_READS(0x02),
					 QMC_READS(0x04) };
	struct window w = { 0 };
	uint64_t c[5], sum;
	enum verdict v = measure(t, sel, 4, &w, c);

	if (v != V_PASS)
		return v;
	sum = c[1] + c[2] + c[3];
	t_figure(t, "any_count", (int64_t)c[0], "count");
	t_figure(t, "ch0_count", (int64_t)c[1], "count");
	t_figure(t, "ch1_count", (int64_t)c[2], "count");
	t_figure(t, "ch2_count", (int64_t)c[3], "count");
	CHECK(t, c[0] > 0, "no DRAM read counted by 2CH umask 07 in %u us: the workload did "
	      "not reach the memory controller", WINDOW_US);
	/* Each read goes to exactly one channel. A DDR3 channel moves one line
	 * per burst of 4 DRAM clocks (>= 6 ns), more than a U-clock (> 1 GHz,
	 * fixed.c), so a channel adds at most 1 per U-clock and ANY at most 3:
	 * the 2 skewed edges of ANY weigh 3 x 2 edges, those of the three
	 * channels 1 x 2 each. */
	CHECK(t, dist(c[0], sum) <= slack(t, 12), "umask 07 counted %lu reads, umasks 01+02+04 "
	      "%lu + %lu + %lu = %lu (N-13)", (unsigned long)c[0], (unsigned long)c[1],
	      (unsigned long)c[2], (unsigned long)c[3], (unsigned long)sum);
	return V_PASS;
}

/* ---- occupancy reset ----------------------------------------------------- */

/* How often the BSP resets counter 0's tracker inside the window, and at
 * least how many times: on the model about a quarter of the cycles are
 * empty, where a reset changes nothing, so 32 resets all missing the busy
 * cycles has odds below 1e-15, however few fit in the window when TCG
 * starves the BSP. Hardware fits about 200 in the window. */
#define RESET_EVERY_US 50
#define MIN_RESETS     32

struct occ_run {
	unsigned resets, backwards;
};

/* Counter 0: bit 17 written while busy. Counter 1: the same value with bit
 * 17 clear written as often (N-15: writing 0 does nothing). Counter 2: left
 * alone. PerfCntr0 is read around each reset (OQ-N8: the tracker, not the
 * counter, is zeroed). */
static void occ_resets(struct window *w, uint64_t end)
{
	struct occ_run *r = w->arg;
	uint64_t a, b;

	while (plat_tsc() < end || r->resets < MIN_RESETS) {
		traffic_until(NULL, tsc_after(RESET_EVERY_US));
		if (!rmsr(w, NHM_PERFCTR(0), &a) ||
		    !wmsr(w, NHM_EVTSEL(0), QHL_OCC_LOCAL(0, NHM_SEL_OCC_RST)) ||
		    !rmsr(w, NHM_PERFCTR(0), &b) ||
		    !wmsr(w, NHM_EVTSEL(1), QHL_OCC_LOCAL(0, 0)))
			return;
		r->resets++;
		r->backwards += (b & NHM_WIDTH_MASK) < (a & NHM_WIDTH_MASK);
	}
}

/* A preset that a stray zeroing or counting would change. */
#define PRESET 0x123456789ull

/* While stopped: bit 17 reads back 0 (N-14) and, on the model, the counter
 * keeps its value (OQ-N8). ctr[0] before the reset, ctr[1] after. */
static enum verdict occ_reset_stopped(struct tctx *t, uint64_t *sel_back, uint64_t *ctr)
{
	static const uint64_t sel = QHL_OCC_LOCAL(0, 0);
	enum verdict v = program(t, &sel, 1);

	if (v != V_PASS)
		return v;
	WR(t, NHM_PERFCTR(0), PRESET);
	RD(t, NHM_PERFCTR(0), &ctr[0]);
	WR(t, NHM_EVTSEL(0), sel | NHM_SEL_OCC_RST);
	RD(t, NHM_EVTSEL(0), sel_back);
	RD(t, NHM_PERFCTR(0), &ctr[1]);
	ctr[0] &= NHM_WIDTH_MASK;
	ctr[1] &= NHM_WIDTH_MASK;
	return V_PASS;
}

static enum verdict filter_occ_reset(struct tctx *t)
{
	static const uint64_t sel[3] = { QHL_OCC_LOCAL(0, 0), QHL_OCC_LOCAL(0, 0),
					 QHL_OCC_LOCAL(0, 0) };
	struct occ_run r = { .resets = 0, .backwards = 0 };
	struct window w = { .during = occ_resets, .arg = &r };
	uint64_t back = 0, ctr[2] = { 0, 0 }, c[4];
	enum verdict v = occ_reset_stopped(t, &back, ctr);

	restore(1);
	if (v != V_PASS)
		return v;
	CHECK(t, back == sel[0], "PerfEvtSel0 written 0x%lx reads back 0x%lx (N-14: bit 17 "
	      "reads 0, the rest as written)", (unsigned long)(sel[0] | NHM_SEL_OCC_RST),
	      (unsigned long)back);
	CHECK(t, ctr[0] == PRESET, "stopped PerfCntr0 written 0x%lx reads 0x%lx (N-06, N-11, "
	      "N-12)", (unsigned long)PRESET, (unsigned long)ctr[0]);
	t_figure(t, "stopped_ctr_changed_bool", ctr[1] != PRESET, "bool");
	TRY(t_default(t, "OQ-N8", "OCC_CTR_RST leaves a stopped counter", ctr[1] == PRESET,
		      "OCC_CTR_RST changed the stopped PerfCntr0 from 0x%lx to 0x%lx (OQ-N8)",
		      (unsigned long)PRESET, (unsigned long)ctr[1]));

	v = measure(t, sel, 3, &w, c);
	if (v != V_PASS)
		return v;
	t_figure(t, "resets_count", r.resets, "count");
	t_figure(t, "ctr_went_back_count", r.backwards, "count");
	t_figure(t, "reset_ctr_count", (int64_t)c[0], "count");
	t_figure(t, "rewritten_ctr_count", (int64_t)c[1], "count");
	t_figure(t, "plain_ctr_count", (int64_t)c[2], "count");
	CHECK(t, c[2] > 0, BUSY_MSG, 0x23, WINDOW_US);
	/* OQ-N8 (what is zeroed) and OQ-N13 (per-cycle maxima, hence any
	 * tolerance between the three) are open. */
	TRY(t_default(t, "OQ-N8", "the tracker zeroed, not the counter", r.backwards == 0,
		      "OCC_CTR_RST moved PerfCntr0 back %u of %u times (OQ-N8: the tracker is "
		      "zeroed, not the counter)", r.backwards, r.resets));
	TRY(t_default(t, "OQ-N13", "counts exact between counters", c[1] == c[2], "rewriting "
		      "PerfEvtSel1 with OCC_CTR_RST = 0 changed its count: %lu, untouched counter "
		      "%lu (N-15)", (unsigned long)c[1], (unsigned long)c[2]));
	TRY(t_default(t, "OQ-N8", "resets in busy cycles lower the count", c[0] < c[2], "%u "
		      "occupancy resets in busy cycles left the count at %lu, not below the "
		      "untouched counter's %lu (N-15, OQ-N8)", r.resets, (unsigned long)c[0],
		      (unsigned long)c[2]));
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "nhm.filter.cmask-inv", .desc = "occupancy event: CMASK k + CMASK k,INV = "
	  "U-clocks, monotonic in k, CMASK 0 sum bounds them", .needs = NEED_UNCORE,
	  .run = filter_cmask_inv },
	{ .id = "nhm.filter.edge", .desc = "E counts rising edges: no more than the level or the "
	  "deasserted cycles, some when both occur; with INV the falling ones",
	  .needs = NEED_UNCORE, .run = filter_edge },
	{ .id = "nhm.filter.cmask-flag", .desc = "on a 0/1 event CMASK=1 counts what CMASK=0 adds, "
	  "CMASK=2 and 0x81 nothing, 0x80,INV every cycle, E with CMASK=2 no edge",
	  .needs = NEED_UNCORE, .run = filter_cmask_flag },
	{ .id = "nhm.filter.umask-union", .desc = "QMC normal reads: umask 07 counts channels "
	  "01+02+04 of the same window", .needs = NEED_UNCORE, .run = filter_umask_union },
	{ .id = "nhm.filter.occ-reset", .desc = "OCC_CTR_RST reads 0, lowers the following "
	  "occupancy count, leaves PerfCntr alone", .needs = NEED_UNCORE, .run = filter_occ_reset },
};
const struct suite nhm_filter_suite = SUITE("nhm.filter", tests);
