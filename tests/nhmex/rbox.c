/* R-box IPERF event programming as the seed gives it (SEED-003 §2.6.2.1
 * steps 3-5, OQ-X21): a counter on the half that owns the
 * port, one of the port's two IPERF sub-counters programmed (bit 31), the
 * counter's ev_sel pointing at it, then its en. The left half's example is
 * the seed's own: port 1 IPERF1 (0xE25), CTL3.ev_sel = 7; the right half's
 * is the same pattern on port 5 (counter 11, ev_sel 7 -> port 4 + 7 / 6,
 * IPERF1: 0xE29). Each half is measured in its own window with only its
 * port's sub-counter programmed, so a counter that decodes the wrong port
 * or counts an unprogrammed sub-counter shows.
 *
 * On hardware the IPERF events count QPI flits: every AP streams
 * cache-missing reads through the window (tests/traffic.c); the buffer is
 * in low memory, which sits on the BSP's node on multi-socket boards, so
 * the APs of the other sockets make QPI traffic through the BSP package's
 * R-box. Which ports carry it depends on the board: a half whose port saw
 * nothing is a SKIP there (on the model, whose flit streams ignore the
 * workload, a FAIL). */
#include "nhmex.h"

#define WINDOW_US 5000   /* ten million U-clocks: any live link moves */
#define AP_LIMIT_US 2000000
#define READY_US  100000
#define IPERF_ARM (1ull << 31)  /* SEED-003 step 4: IPERF1[31] = 1 */
#define EV_SEL(e) ((uint64_t)(e) << 1) /* §5.5 R column: ev_sel 5:1 */
#define R_EN      1ull                  /* §5.5: en is bit 0 */
#define R_CTL(k)  ((k) < 8 ? 0xE10u + 2 * (k) : 0xE30u + 2 * ((k) - 8))
#define R_CTR(k)  (R_CTL(k) + 1)
#define R_GCTL(h) (0xE00u + 0x20 * (h))
#define IPERF1(p) (0xE24u + (p))        /* OQ-X21: Linux's per-port naming */

struct win {
	unsigned half;          /* whose port is programmed */
	uint64_t r[2], clk;     /* CTR3, CTR11 and the W fixed counter over it */
	volatile unsigned ready;
	volatile bool done;
	int err;
};

static struct win w;

static void ap_stream(void *arg)
{
	struct win *x = arg;

	__atomic_add_fetch(&x->ready, 1, __ATOMIC_SEQ_CST);
	traffic_until(&x->done, plat_tsc() + plat_tsc_hz() / 1000000 * AP_LIMIT_US);
}

static void keep(int *e, int rc)
{
	if (!*e)
		*e = rc;
}

/* The window: one U GLOBAL_CTL write opens it and one closes it. */
static void bsp_window(void *arg)
{
	struct win *x = arg;
	uint64_t until = plat_tsc() + plat_tsc_hz() / 1000000 * READY_US;

	while (x->ready < plat_cpu_count() - 1 && plat_tsc() < until)
		;
	keep(&x->err, msr_write(0, EX_U_CTL, EX_EN_ALL));
	pmi_spin(NULL, WINDOW_US);
	keep(&x->err, msr_write(0, EX_U_CTL, 0));
	x->done = true;
}

/* Half h's port (1, or 5) programmed per the seed; both counters 3 and 11
 * pointing at IPERF1 of their own half's second port; W fixed as clock. */
static enum verdict window(struct tctx *t, unsigned h)
{
	unsigned k[2] = { 3, 11 }, i;
	int rc;

	enum verdict v = ex_prepare(t);

	if (v != V_PASS)
		return v;
	for (i = 0; i < 8; i++) { /* no other sub-counter programmed */
		WR(t, 0xE04 + i, 0);
		WR(t, IPERF1(i), 0);
	}
	WR(t, IPERF1(1 + 4 * h), IPERF_ARM);                  /* step 4: the sub-counter */
	for (i = 0; i < 2; i++) {
		WR(t, R_CTR(k[i]), 0);
		WR(t, R_CTL(k[i]), EV_SEL(7));                    /* step 4: point at it */
		WR(t, R_CTL(k[i]), EV_SEL(7) | R_EN);             /* step 5 */
		WR(t, R_GCTL(i), 1ull << 3);                      /* ctr_en 3 */
	}
	WR(t, 0xC80, EX_FIXED_EN);
	WR(t, EX_FIXED_CTL, 1);
	memset(&w, 0, sizeof(w));
	w.half = h;
	rc = plat_run_all(ap_stream, bsp_window, &w, AP_LIMIT_US * 2);
	if (rc)
		return t_error(t, "running the workload on every CPU failed (error %d)", rc);
	if (w.err)
		return t_error(t, "an MSR access in the window faulted (%d)", w.err);
	RD(t, R_CTR(3), &w.r[0]);
	RD(t, R_CTR(11), &w.r[1]);
	RD(t, EX_FIXED_CTR, &w.clk);
	return V_PASS;
}

static enum verdict iperf(struct tctx *t)
{
	static const char *const half[2] = { "left (port 1, counter 3)", "right (port 5, "
					     "counter 11)" };
	unsigned h, counted = 0;
	char name[32];
	enum verdict v;

	for (h = 0; h < 2; h++) {
		if ((v = window(t, h)) != V_PASS)
			return v;
		snprintf(name, sizeof(name), "half%u_flits", h);
		t_figure(t, name, (int64_t)w.r[h], "counts");
		snprintf(name, sizeof(name), "half%u_uclk", h);
		t_figure(t, name, (int64_t)w.clk, "counts");
		plat_log(1, "  nhmex.rbox.iperf: %s half programmed: CTR3 %lu, CTR11 %lu over %lu "
			 "U-clocks", h ? "right" : "left", (unsigned long)w.r[0],
			 (unsigned long)w.r[1], (unsigned long)w.clk);
		CHECK(t, w.clk, "the W fixed counter did not move in %u us (X-07)", WINDOW_US);
		/* Plausible: a sub-counter sees at most one flit per U-clock per
		 * port (a QPI port moves a flit per link cycle, slower than the
		 * uncore clock); so never more than the clock. */
		CHECK(t, w.r[h] <= w.clk, "%s: %lu IPERF counts in %lu U-clocks, more than one per "
		      "clock (X-32)", half[h], (unsigned long)w.r[h], (unsigned long)w.clk);
		/* The other half's counter points at an unprogrammed sub-counter:
		 * nothing to count on the model; on hardware what an
		 * unprogrammed IPERF counts is not documented, so reported. */
		if (uncore_emulated())
			CHECK(t, !w.r[!h], "%s programmed: counter %u counted %lu with its own "
			      "half's IPERF1 not programmed (X-32, X-33)", half[h], h ? 3 : 11,
			      (unsigned long)w.r[!h]);
		if (!w.r[h]) {
			CHECK(t, !uncore_emulated(), "%s: no IPERF count in %u us with the sub-counter "
			      "programmed per SEED-003 (X-32, X-33)", half[h], WINDOW_US);
			plat_log(1, "  nhmex.rbox.iperf: %s saw no QPI traffic", half[h]);
			continue;
		}
		counted++;
	}
	if (!counted)
		return t_skip(t, "no QPI traffic on ports 1 and 5 of the BSP's package (the board's "
			      "links; one socket?)");
	return V_PASS;
}

static enum verdict run_iperf(struct tctx *t) { enum verdict v = iperf(t); ex_quiet(); return v; }

static const struct test tests[] = {
	{ "nhmex.rbox.iperf", "IPERF programmed per SEED-003 on each R half counts plausible "
	  "QPI flits, nothing without it", NEED_UNCORE, run_iperf },
};
const struct suite nhmex_rbox_suite = SUITE("nhmex.rbox", tests);
