/* Counting gates and the counter's own filters (S-16..S-25, S-33, S-35):
 * en, the UCLK fixed counter's en, the U-box's late start, CTL.rst, and
 * threshold, invert and edge detect on the PCU's clockticks, which count
 * in every pclk on hardware (S-44) so the expected figures are exact:
 * the four counters of one box start and stop with one BOX_CTL write
 * (S-41, S-42), so they see the same pclks. */
#include "suites/snbep/v2.h"
#include "suites/common/not_counted.h"

/* 100 us: 80 000 pclks, ~10^5 uncore clocks: any counter that counts moves. */
#define RUN_US 100
#define WIN_US 200   /* a PCU window: 160 000 pclks */
#define PRESET 0x123456789ull

/* Split-lock operations for the U-box's LOCK_CYCLES (§6): a locked add on a
 * dword that straddles two cache lines. Under the host build the model's
 * stream needs none (and Linux may trap split locks). */
static uint8_t lockbuf[128] __attribute__((aligned(64)));
static void split_locks(unsigned n)
{
#ifndef HOST
	volatile uint32_t *p = (volatile uint32_t *)(void *)(lockbuf + 62);

	while (n--)
		__asm__ volatile("lock; addl $1, %0" : "+m"(*p));
#else
	(void)n;
	(void)lockbuf;
#endif
}

/* S-16, S-17: in every box counters 1 and 3 have en = 0, 0 and 2 en = 1: the
 * first hold their presets while the others count; en set again, they go
 * on from the preset (not from 0). */
static enum verdict en(struct tctx *t)
{
	unsigned b, k;
	uint64_t v;

	TRY(snb_all_clk(t));
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 0; k < SNB_NCTR; k++) {
			WR(t, snb_box_ctlk(b, k), snb_box_clk(b) & ~(k & 1 ? SNB_EN : 0));
			WR(t, snb_box_ctr(b, k), PRESET);
		}
	WR(t, SNB_U_CTL(0), SNB_U_LOCK);  /* en = 0 */
	WR(t, SNB_U_CTR(0), PRESET);
	TRY(snb_box_all(t, SNB_RUN, -1));
	split_locks(1000);
	plat_stall_us(RUN_US);
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			if (k & 1)
				CHECK(t, v == PRESET, "%s counter %u with en = 0 went 0x%lx -> 0x%lx "
				      "(S-16)", snb_box_name(b), k, (unsigned long)PRESET,
				      (unsigned long)v);
			else
				CHECK(t, v > PRESET, "%s counter %u with en = 1 did not count (S-16)",
				      snb_box_name(b), k);
		}
	RD(t, SNB_U_CTR(0), &v);
	CHECK(t, v == PRESET, "U-box counter 0 with en = 0 went 0x%lx -> 0x%lx (S-16)",
	      (unsigned long)PRESET, (unsigned long)v);
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 1; k < SNB_NCTR; k += 2)
			WR(t, snb_box_ctlk(b, k), snb_box_clk(b));
	plat_stall_us(RUN_US);
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 1; k < SNB_NCTR; k += 2) {
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v > PRESET && v - PRESET < 1ull << 40, "%s counter %u went 0x%lx -> "
			      "0x%lx with en set again: want on from the held value (S-17)",
			      snb_box_name(b), k, (unsigned long)PRESET, (unsigned long)v);
		}
	return snb_quiet(t);
}

/* S-16, OQ-S21, S-45: FIXED_CTL.en alone starts and stops the UCLK fixed
 * counter; over RUN_US it moves when enabled and holds when not. */
static enum verdict uclk_en(struct tctx *t)
{
	uint64_t a, b, c;

	TRY(snb_quiet(t));
	WR(t, SNB_U_FIXED_CTR, PRESET);
	plat_stall_us(RUN_US);
	RD(t, SNB_U_FIXED_CTR, &a);
	CHECK(t, a == PRESET, "UCLK fixed counter with en = 0 went 0x%lx -> 0x%lx (S-16)",
	      (unsigned long)PRESET, (unsigned long)a);
	WR(t, SNB_U_FIXED_CTL, SNB_EN);
	plat_stall_us(RUN_US);
	RD(t, SNB_U_FIXED_CTR, &b);
	WR(t, SNB_U_FIXED_CTL, 0);
	RD(t, SNB_U_FIXED_CTR, &a);
	plat_stall_us(RUN_US);
	RD(t, SNB_U_FIXED_CTR, &c);
	t_figure(t, "uclk_per_run_cycles", (int64_t)(b - PRESET), "cycles");
	CHECK(t, b > PRESET, "UCLK fixed counter with en = 1 did not move in %u us (S-16, "
	      "S-45)", RUN_US);
	CHECK(t, a == c, "UCLK fixed counter went 0x%lx -> 0x%lx after en was cleared (S-16)",
	      (unsigned long)a, (unsigned long)c);
	return snb_quiet(t);
}

/* S-18, S-63: a U-box counter with en and ev_sel 0 does not count, the
 * guide's idle select; Intel's event lists call 0x00 UNC_U_CLOCKTICKS
 * (OQ-S31): asserted on the model, reported on hardware. A real ev_sel
 * written later starts it (LOCK_CYCLES, fed by split locks; on hardware a
 * counter that stays still then is a SKIP, not a verdict). */
static enum verdict ubox_ev0(struct tctx *t)
{
	uint64_t v[2];
	unsigned k;

	TRY(snb_quiet(t));
	for (k = 0; k < 2; k++)
		WR(t, SNB_U_CTL(k), SNB_EN);
	split_locks(1000);
	plat_stall_us(RUN_US);
	for (k = 0; k < 2; k++) {
		RD(t, SNB_U_CTR(k), &v[k]);
		t_figure_box(t, "ev_sel0_count", k ? "U1" : "U0", (int64_t)v[k], "count");
		TRY(t_default(t, "OQ-S31", "U-box ev_sel 0 is an idle select", v[k] == 0,
			      "U-box counter %u with en and ev_sel 0 counted 0x%lx: the guide's idle "
			      "select (S-18), Intel's event lists' UNC_U_CLOCKTICKS (S-63)", k,
			      (unsigned long)v[k]));
		WR(t, SNB_U_CTR(k), 0);
		WR(t, SNB_U_CTL(k), SNB_EN | SNB_U_LOCK);
	}
	split_locks(1000);
	plat_stall_us(RUN_US);
	for (k = 0; k < 2; k++)
		RD(t, SNB_U_CTR(k), &v[k]);
	t_figure(t, "lock_cycles", (int64_t)v[0], "cycles");
	TRY(snb_quiet(t));
	if (!v[0] || !v[1])
		return t_idle(t, "U-box LOCK_CYCLES did not count after 1000 split locks "
				"(S-18; on hardware the event may not see them)");
	return V_PASS;
}

/* S-20, OQ-S12: CTL.rst clears its own counter only and reads back 0. The
 * row was not seen in the guide: asserted on the model, reported on
 * hardware (rst_cleared, rst_reads). Boxes frozen, counters preset. */
static enum verdict ctl_rst(struct tctx *t)
{
	unsigned b, k, cleared = 0, others = 0, reads = 0;
	uint64_t v, c;

	TRY(snb_all_clk(t));
	for (b = 0; b < snb_nboxes(); b++) {
		for (k = 0; k < SNB_NCTR; k++)
			WR(t, snb_box_ctr(b, k), PRESET + k);
		WR(t, snb_box_ctlk(b, 1), snb_box_clk(b) | SNB_CTL_RST);
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			if (k == 1)
				cleared += v == 0;
			else
				others += v != PRESET + k;
		}
		RD(t, snb_box_ctlk(b, 1), &c);
		reads += (c & SNB_CTL_RST) != 0;
	}
	t_figure(t, "rst_cleared_count", cleared, "count");
	t_figure(t, "rst_cleared_others_count", others, "count");
	t_figure(t, "rst_reads_1_count", reads, "count");
	TRY(t_default(t, "OQ-S12", "CTL.rst clears its own counter", cleared == snb_nboxes(),
		      "CTL.rst cleared its counter in %u of %u boxes (S-20)", cleared, snb_nboxes()));
	TRY(t_default(t, "OQ-S12", "CTL.rst leaves the other counters", !others, "CTL.rst of "
		      "counter 1 changed %u other counters (S-20)", others));
	TRY(t_default(t, "OQ-S12", "CTL.rst reads back 0", !reads, "CTL.rst reads back 1 in %u "
		      "boxes (OQ-S12)", reads));
	return snb_quiet(t);
}

/* One PCU window of four controls (suites/snbep/lib.c). */
static enum verdict pcu(struct tctx *t, uint64_t c0, uint64_t c1, uint64_t c2, uint64_t c3,
			uint64_t d[SNB_NCTR])
{
	const uint64_t ctl[SNB_NCTR] = { c0, c1, c2, c3 };

	TRY(snb_quiet(t));
	return snb_pcu_window(t, ctl, WIN_US, d);
}

#define CLK (SNB_PCLK | SNB_EN)

/* S-23: the tests of invert, which the E5 v2's controls have not (V-12);
 * snbep.v2.thresh and snbep.v2.edge test threshold and edge there. */
static enum verdict needs_invert(struct tctx *t)
{
	return snb_v2() ? t_na(t, "the E5 v2's counter controls have no invert (V-12)") : V_PASS;
}

/* S-22: clockticks increments by 1 per pclk, so thresh 1 passes every pclk
 * and thresh 2 none; S-23: with invert thresh 1 passes none, and the two
 * add up to clockticks. Exact on hardware too: one box, one freeze. */
static enum verdict thresh(struct tctx *t)
{
	uint64_t d[SNB_NCTR];

	TRY(needs_invert(t));
	TRY(pcu(t, CLK, CLK | SNB_THRESH(1), CLK | SNB_THRESH(2), CLK | SNB_THRESH(2) | SNB_INV,
		d));
	t_figure(t, "pclk_cycles", (int64_t)d[0], "cycles");
	CHECK(t, d[0] > 0, "PCU clockticks did not count in %u us (S-44)", WIN_US);
	CHECK(t, d[1] == d[0], "thresh 1 on clockticks counted %lu of %lu pclks (S-22: x = 1 "
	      ">= 1 in every pclk)", (unsigned long)d[1], (unsigned long)d[0]);
	CHECK(t, d[2] == 0, "thresh 2 on clockticks counted %lu (S-22: x = 1 < 2)",
	      (unsigned long)d[2]);
	CHECK(t, d[3] == d[0], "thresh 2 inverted counted %lu of %lu pclks (S-23)",
	      (unsigned long)d[3], (unsigned long)d[0]);
	return snb_quiet(t);
}

static enum verdict invert(struct tctx *t)
{
	uint64_t d[SNB_NCTR];

	TRY(needs_invert(t));
	TRY(pcu(t, CLK, CLK | SNB_THRESH(1) | SNB_INV, CLK | SNB_THRESH(1), 0, d));
	CHECK(t, d[0] > 0, "PCU clockticks did not count in %u us (S-44)", WIN_US);
	CHECK(t, d[1] == 0, "thresh 1 inverted on clockticks counted %lu (S-23: x = 1 is "
	      "never < 1)", (unsigned long)d[1]);
	CHECK(t, d[1] + d[2] == d[0], "thresh 1 (%lu) + inverted (%lu) != clockticks (%lu) "
	      "(S-23)", (unsigned long)d[2], (unsigned long)d[1], (unsigned long)d[0]);
	return snb_quiet(t);
}

/* S-24: edge detect on clockticks (thresh 1) counts the one rising edge at
 * the start (OQ-S09: maybe none) and nothing once counting has run:
 * read RUN_US after the start and again RUN_US later, the delta is 0. */
static enum verdict edge(struct tctx *t)
{
	uint64_t a, b, c;

	TRY(snb_quiet(t));
	WR(t, SNB_P_CTL(0), CLK | SNB_THRESH(1) | SNB_EDGE);
	WR(t, SNB_P_CTL(1), CLK);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	plat_stall_us(RUN_US);
	RD(t, SNB_P_CTR(0), &a);
	plat_stall_us(RUN_US);
	RD(t, SNB_P_CTR(0), &b);
	RD(t, SNB_P_CTR(1), &c);
	t_figure(t, "edges_at_start_count", (int64_t)a, "count");
	CHECK(t, c > 0, "PCU clockticks did not count (S-44)");
	CHECK(t, a <= 1, "edge detect on clockticks counted %lu in the first %u us: at most "
	      "the first edge (S-24, OQ-S09)", (unsigned long)a, RUN_US);
	CHECK(t, b == a, "edge detect on clockticks went %lu -> %lu while x stayed 1 (S-24)",
	      (unsigned long)a, (unsigned long)b);
	return snb_quiet(t);
}

/* S-22, S-23 at the top of the thresh field (S-04: it reads back whole):
 * 8 bits in a C-box (31:24, §3.2), 5 in the PCU (28:24, §3.3). Clockticks
 * count 1 per cycle, so thresh 0x81 (C-box) and 0x11 (PCU) pass no cycle
 * and their inverses every cycle, while thresh 1 passes every cycle: a
 * field one bit short would read them as 1. Exact on hardware too: one
 * box, one freeze (C-box 0 and the PCU in turn). */
static enum verdict thresh_top(struct tctx *t)
{
	unsigned i;
	uint64_t d[SNB_NCTR];

	TRY(needs_invert(t));
	TRY(snb_quiet(t));
	for (i = 0; i < 2; i++) {
		unsigned box = i ? snb_ncbox() : 0;
		uint64_t clk = snb_box_clk(box), top = SNB_THRESH(i ? 0x11 : 0x81);
		const uint64_t ctl[SNB_NCTR] = { clk, clk | top, clk | top | SNB_INV,
						 clk | SNB_THRESH(1) };

		TRY(snb_box_window(t, box, ctl, WIN_US, d));
		CHECK(t, d[0] > 0, "%s clockticks did not count in %u us", snb_box_name(box),
		      WIN_US);
		CHECK(t, d[1] == 0 && d[2] == d[0] && d[3] == d[0], "%s clockticks over %lu "
		      "cycles: thresh 0x%x counted %lu (want 0), inverted %lu (want all), thresh 1 "
		      "%lu (want all) (S-22, S-23)", snb_box_name(box), (unsigned long)d[0],
		      (unsigned)(top >> 24), (unsigned long)d[1], (unsigned long)d[2],
		      (unsigned long)d[3]);
	}
	return snb_quiet(t);
}

/* S-24: edge detect follows the threshold (the edges are those of "x >=
 * t", OQ-S09), which only a threshold of 2 or more shows, on an event of
 * several a cycle: TOR_OCCUPANCY.ALL, which counts on C-box counter 0
 * alone (S-59), so in four successive windows counter 0 counts x >= 2, its
 * rising edges, its falling edges (edge with invert) and x < 2, counter 1
 * the C-box's clockticks of the same window. Everywhere: a level count is
 * no more than the window's cycles, and edges alternate with cycles of
 * the other level, so they are at most half the window's cycles + 1. On
 * the model the event moves, so rising edges must be seen where levels
 * were; on hardware a still counter 0 names its event (OQ-S30). */
static enum verdict edge_thresh(struct tctx *t)
{
	static const char *const what[SNB_NCTR] = { "x_ge_2_cycles", "rising_count",
						     "falling_count", "x_lt_2_cycles" };
	const uint64_t lvl = SNB_TOR_ALL | SNB_EN | SNB_THRESH(2);
	const uint64_t sel[SNB_NCTR] = { lvl, lvl | SNB_EDGE, lvl | SNB_EDGE | SNB_INV,
					 lvl | SNB_INV };
	uint64_t d[SNB_NCTR], n[SNB_NCTR], clk[SNB_NCTR];
	unsigned w;

	TRY(needs_invert(t));
	for (w = 0; w < SNB_NCTR; w++) {
		uint64_t ctl[SNB_NCTR] = { 0, 0, 0, 0 };

		ctl[SNB_TOR_CTR] = sel[w];
		ctl[SNB_TOR_CTR + 1] = snb_box_clk(0);
		TRY(snb_quiet(t));
		TRY(snb_box_window(t, 0, ctl, WIN_US, d));
		n[w] = d[SNB_TOR_CTR];
		clk[w] = d[SNB_TOR_CTR + 1];
		t_figure(t, what[w], (int64_t)n[w], w == 1 || w == 2 ? "count" : "cycles");
		CHECK(t, clk[w] > 0, "C-box 0 clockticks did not count in %u us", WIN_US);
		CHECK(t, n[w] <= clk[w], "%s: %lu in a window of %lu cycles (S-22, S-24)", what[w],
		      (unsigned long)n[w], (unsigned long)clk[w]);
		if (w == 1 || w == 2)
			CHECK(t, n[w] <= clk[w] / 2 + 1, "%lu %s edges of x >= 2 in %lu cycles: "
			      "edges need a cycle of the other level between them (S-24)",
			      (unsigned long)n[w], w == 1 ? "rising" : "falling",
			      (unsigned long)clk[w]);
	}
	TRY(snb_quiet(t));
	if (!n[0])
		return ev_idle(t, "C-box 0 TOR_OCCUPANCY.ALL (0x36/0x08) >= 2 on counter 0",
			       "C-box 0 clockticks", clk[0], "S-59, OQ-S30");
	if (!n[1] && n[0] && n[3])
		return t_idle(t, "no rising edge of x >= 2 in %u us though x >= 2 held in %lu "
				 "cycles and not in %lu of other windows: edge detect before the "
				 "threshold? (S-24)", WIN_US, (unsigned long)n[0],
			      (unsigned long)n[3]);
	return V_PASS;
}

/* S-59..S-62 on C-box 0: TOR_OCCUPANCY.ALL on counter 0 beside clockticks,
 * and on counters 2 and 3, which its restriction leaves out (reported on
 * hardware, OQ-S30); then on counter 0 alone with umask 0 (nothing, S-62),
 * with thresh 21 (never: at most 20 a cycle, S-60) and with thresh 21
 * inverted (every cycle: as many as the clockticks of the same window). */
static enum verdict tor(struct tctx *t)
{
	const uint64_t tor = SNB_TOR_ALL | SNB_EN, clk = snb_box_clk(0);
	const uint64_t w1[SNB_NCTR] = { tor, clk, tor, tor };
	const uint64_t w2[SNB_NCTR] = { SNB_TOR_UMASK0 | SNB_EN, clk, 0, 0 };
	const uint64_t w3[SNB_NCTR] = { tor | SNB_THRESH(SNB_TOR_MAX + 1), clk, 0, 0 };
	const uint64_t w4[SNB_NCTR] = { tor | SNB_THRESH(SNB_TOR_MAX + 1) | SNB_INV, clk, 0, 0 };
	uint64_t d[SNB_NCTR];

	if (snb_global()) /* S-60's bound is the E5-2600's; on the v2 the window needs invert (V-12) */
		return t_na(t, "TOR_OCCUPANCY's bound of 20 is the E5-2600's (S-60)");
	TRY(snb_quiet(t));
	TRY(snb_box_window(t, 0, w1, WIN_US, d));
	t_figure(t, "tor_ctr0_count", (int64_t)d[0], "count");
	t_figure(t, "tor_ctr2_count", (int64_t)d[2], "count");
	t_figure(t, "tor_ctr3_count", (int64_t)d[3], "count");
	CHECK(t, d[1] > 0, "C-box 0 clockticks did not count in %u us", WIN_US);
	TRY(t_default(t, "OQ-S30", "an event outside its counters counts nothing", !d[2] && !d[3],
		      "TOR_OCCUPANCY.ALL on C-box 0 counters 2 and 3 counted %lu and %lu (counter 0: "
		      "%lu); its restriction is counter 0 (S-59, S-61)", (unsigned long)d[2],
		      (unsigned long)d[3], (unsigned long)d[0]));
	if (!d[0]) {
		TRY(snb_quiet(t));
		return ev_idle(t, "C-box 0 TOR_OCCUPANCY.ALL (0x36/0x08) on counter 0",
			       "C-box 0 clockticks", d[1], "S-59, OQ-S30");
	}
	TRY(snb_box_window(t, 0, w2, WIN_US, d));
	t_figure(t, "tor_umask0_count", (int64_t)d[0], "count");
	TRY(t_default(t, "OQ-S32", "umask 0 selects no sub-event", !d[0], "TOR_OCCUPANCY with "
		      "umask 0 counted %lu in %lu cycles (S-62)", (unsigned long)d[0],
		      (unsigned long)d[1]));
	TRY(snb_box_window(t, 0, w3, WIN_US, d));
	CHECK(t, !d[0], "TOR_OCCUPANCY with thresh %u passed %lu of %lu cycles: it adds at most "
	      "%u a cycle (S-60)", SNB_TOR_MAX + 1, (unsigned long)d[0], (unsigned long)d[1],
	      SNB_TOR_MAX);
	TRY(snb_box_window(t, 0, w4, WIN_US, d));
	CHECK(t, d[0] == d[1], "TOR_OCCUPANCY with thresh %u inverted passed %lu of %lu cycles: "
	      "want every cycle (S-60, S-23)", SNB_TOR_MAX + 1, (unsigned long)d[0],
	      (unsigned long)d[1]);
	return snb_quiet(t);
}

/* S-34, S-24: the direction of edge detect, on a condition the test sets:
 * band 0 (0x0B, thresh 1) holds while the uncore runs at 100 MHz x filter
 * byte 0 or more, so byte 0 puts it in the band and 0xFF (25.5 GHz) out.
 * PCU CTL0 counts entries into the band (edge), CTL1 exits (edge with
 * invert), CTL2 the pclks in it. Between two reads of running counters
 * the band is entered twice and left once, opening out of it and closing
 * in it; then left twice and entered once, the other way round. Model:
 * exactly those counts, so swapped directions show. Hardware: band state
 * may refresh only on a frequency transition (OQ-S18), so the counts are
 * reported; that rises and falls alternate and that no more entries than
 * pclks in the band are seen is asserted. */
#define HOLD_US 100
#define OUT_OF_BAND 0xFFu
static enum verdict band_flips(struct tctx *t, bool in, uint64_t e[SNB_NCTR])
{
	uint64_t a[SNB_NCTR], b[SNB_NCTR];
	unsigned i, k;

	TRY(snb_read_box(t, snb_ncbox(), a));
	for (i = 0; i < 3; i++) {
		in = !in;
		WR(t, SNB_P_FILTER, in ? 0 : OUT_OF_BAND);
		plat_stall_us(HOLD_US);
	}
	TRY(snb_read_box(t, snb_ncbox(), b));
	for (k = 0; k < SNB_NCTR; k++)
		e[k] = b[k] - a[k];
	return V_PASS;
}

static enum verdict edge_dir(struct tctx *t)
{
	const uint64_t band = 0x0Bu | SNB_EN;
	uint64_t e[2][SNB_NCTR];
	unsigned i;
	static const char *const names[2][2] = {
		{ "entries_out_to_in_count", "exits_out_to_in_count" },
		{ "entries_in_to_out_count", "exits_in_to_out_count" } };

	TRY(needs_invert(t));
	TRY(snb_quiet(t));
	WR(t, SNB_P_FILTER, OUT_OF_BAND);
	WR(t, SNB_P_CTL(0), band | SNB_THRESH(1) | SNB_EDGE);
	WR(t, SNB_P_CTL(1), band | SNB_THRESH(1) | SNB_EDGE | SNB_INV);
	WR(t, SNB_P_CTL(2), band);
	WR(t, SNB_P_CTL(3), SNB_PCLK | SNB_EN);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	plat_stall_us(HOLD_US);
	TRY(band_flips(t, false, e[0])); /* out -> in -> out -> in */
	TRY(band_flips(t, true, e[1]));  /* in -> out -> in -> out */
	for (i = 0; i < 2; i++) {
		t_figure(t, names[i][0], (int64_t)e[i][0], "count");
		t_figure(t, names[i][1], (int64_t)e[i][1], "count");
		CHECK(t, e[i][3] > 0, "PCU clockticks did not count (S-44)");
		CHECK(t, e[i][0] <= e[i][1] + 1 && e[i][1] <= e[i][0] + 1 && e[i][0] <= e[i][2],
		      "%lu entries, %lu exits, %lu pclks in band 0 (S-24, S-34)",
		      (unsigned long)e[i][0], (unsigned long)e[i][1], (unsigned long)e[i][2]);
	}
	TRY(t_default(t, "OQ-S18", "band state follows a filter write at once", e[0][0] == 2 &&
		      e[0][1] == 1 && e[1][0] == 1 && e[1][1] == 2, "band 0 entered twice and left "
		      "once, then left twice and entered once: edge counted %lu then %lu (want 2, "
		      "1), edge with invert %lu then %lu (want 1, 2) (S-24, S-34)",
		      (unsigned long)e[0][0], (unsigned long)e[1][0], (unsigned long)e[0][1],
		      (unsigned long)e[1][1]));
	return snb_quiet(t);
}

/* S-25, S-31, OQ-S08: thresh 0 with edge_det, invert or occ_edge_det is
 * undefined by the guide; the model ignores them (raw count passes):
 * asserted on the model, reported on hardware. */
static enum verdict thresh0(struct tctx *t)
{
	uint64_t d[SNB_NCTR];

	TRY(pcu(t, CLK, CLK | SNB_EDGE, SNB_OCC(1) | SNB_EN | SNB_OCC_EDGE, SNB_OCC(1) | SNB_EN,
		d));
	t_figure(t, "pclk_cycles", (int64_t)d[0], "cycles");
	t_figure(t, "clk_edge_thresh0_cycles", (int64_t)d[1], "cycles");
	t_figure(t, "c0_occ_edge_thresh0_count", (int64_t)d[2], "count");
	t_figure(t, "c0_occ_thresh0_cycles", (int64_t)d[3], "cycles");
	TRY(t_default(t, "OQ-S08", "thresh 0: edge_det and invert ignored", d[1] == d[0],
		      "clockticks with edge_det and thresh 0 counted %lu of %lu (OQ-S08 model "
		      "choice: edge ignored)", (unsigned long)d[1], (unsigned long)d[0]));
	TRY(t_default(t, "OQ-S08", "thresh 0: edge_det and invert ignored", d[2] == d[3] &&
		      d[3] >= d[0], "C0 occupancy with occ_edge_det and thresh 0 counted %lu, "
		      "without %lu, over %lu pclks (S-31: edge ignored, N accumulates)",
		      (unsigned long)d[2], (unsigned long)d[3], (unsigned long)d[0]));
	return snb_quiet(t);
}

/* S-33 (hardware: reported, OQ-S18): band events 0x0B..0x0E compare the
 * uncore frequency with their own filter byte. Bytes 0 and 0xFF (25.5 GHz)
 * alternate, so bands 0 and 2 count every pclk and 1 and 3 none. */
static enum verdict band(struct tctx *t)
{
	uint64_t d[SNB_NCTR];
	unsigned k;

	TRY(snb_quiet(t));
	WR(t, SNB_P_FILTER, 0xFF00FF00u);
	for (k = 0; k < SNB_NCTR; k++)
		WR(t, SNB_P_CTL(k), (0x0Bu + k) | SNB_EN);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN | SNB_RST_CTRS);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	plat_stall_us(WIN_US);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN);
	for (k = 0; k < SNB_NCTR; k++)
		RD(t, SNB_P_CTR(k), &d[k]);
	t_figure(t, "band0_ge_0mhz_cycles", (int64_t)d[0], "cycles");
	t_figure(t, "band1_ge_25500mhz_cycles", (int64_t)d[1], "cycles");
	TRY(t_default(t, "OQ-S18", "band events compare the uncore frequency with the filter",
		      d[0] > 0 && d[2] == d[0] && !d[1] && !d[3], "band events over filter "
		      "0xFF00FF00 counted %lu %lu %lu %lu: want bands 0 and 2 every pclk, 1 and 3 "
		      "none (S-33)", (unsigned long)d[0], (unsigned long)d[1], (unsigned long)d[2],
		      (unsigned long)d[3]));
	return snb_quiet(t);
}

/* S-35 (the E5 v3's and v4's PCU too, V-29): an event is the pair
 * (ev_sel, bit 21): 0x0B with bit 21 is
 * TOTAL_TRANSITION_CYCLES, not band 0, and 0x00 with it FREQ_TRANS_CYCLES,
 * not clockticks. Both count at most one per pclk (§6; BOTH); that they
 * differ from band 0 and clockticks is asserted on the model (which makes
 * no transitions, OQ-S18), reported on hardware. */
static enum verdict ext(struct tctx *t)
{
	uint64_t d[SNB_NCTR];

	TRY(pcu(t, CLK, CLK | SNB_EXT, 0x0Bu | SNB_EN, 0x0Bu | SNB_EN | SNB_EXT, d));
	t_figure(t, "pclk_cycles", (int64_t)d[0], "cycles");
	t_figure(t, "freq_trans_cycles", (int64_t)d[1], "cycles");
	t_figure(t, "total_transition_cycles", (int64_t)d[3], "cycles");
	CHECK(t, d[0] > 0, "PCU clockticks did not count (S-44)");
	CHECK(t, d[1] <= d[0] && d[3] <= d[0], "transition cycles %lu, %lu exceed the %lu pclks "
	      "(§6)", (unsigned long)d[1], (unsigned long)d[3], (unsigned long)d[0]);
	TRY(t_default(t, "OQ-S18", "no frequency transitions", d[2] == d[0] && !d[1] && !d[3],
		      "with bit 21 clockticks counted %lu and 0x0B %lu (band 0 at filter 0: %lu) of "
		      "%lu pclks: want 0 (S-35)", (unsigned long)d[1], (unsigned long)d[3],
		      (unsigned long)d[2], (unsigned long)d[0]));
	return snb_quiet(t);
}

static const struct test tests[] = {
	{ .id = "snbep.gate.en", .desc = "a counter counts only with CTL.en, and goes on from "
	  "where it held", .needs = NEED_UNCORE, .run = en },
	{ .id = "snbep.gate.uclk-en", .desc = "FIXED_CTL.en alone starts and stops the UCLK fixed "
	  "counter", .needs = NEED_UNCORE, .run = uclk_en },
	{ .id = "snbep.gate.ubox-ev0", .desc = "a U-box counter with en and ev_sel 0 does not "
	  "count (model; reported on hardware)", .needs = NEED_UNCORE, .run = ubox_ev0 },
	{ .id = "snbep.gate.ctl-rst", .desc = "CTL.rst clears its counter only and reads 0 (model; "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = ctl_rst },
	{ .id = "snbep.filter.thresh", .desc = "thresh 1 passes every pclk of clockticks, thresh 2 "
	  "none", .needs = NEED_UNCORE, .run = thresh },
	{ .id = "snbep.filter.invert", .desc = "invert with thresh 1 passes no clocktick; the pair "
	  "adds up", .needs = NEED_UNCORE, .run = invert },
	{ .id = "snbep.filter.edge", .desc = "edge detect on clockticks counts no edge once "
	  "running", .needs = NEED_UNCORE, .run = edge },
	{ .id = "snbep.filter.thresh-top", .desc = "thresh with its field's top bit set: 0x81 in a "
	  "C-box, 0x11 in the PCU", .needs = NEED_UNCORE, .run = thresh_top },
	{ .id = "snbep.filter.edge-thresh", .desc = "edge detect of x >= 2 on TOR_OCCUPANCY, "
	  "counter 0 in successive windows: edges bounded by the cycles", .needs = NEED_UNCORE,
	  .run = edge_thresh },
	{ .id = "snbep.filter.tor", .desc = "TOR_OCCUPANCY on C-box counter 0 only, at most 20 a "
	  "cycle, umask 0 nothing (counters 2-3 and umask 0: model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = tor },
	{ .id = "snbep.filter.edge-dir", .desc = "edge detect counts entries into band 0, with "
	  "invert exits (model; reported on hardware)", .needs = NEED_UNCORE, .run = edge_dir },
	{ .id = "snbep.filter.thresh0", .desc = "thresh 0 ignores edge and occ_edge (model; "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = thresh0 },
	{ .id = "snbep.clock.pclk", .desc = "PCU clockticks count 800 MHz against the TSC",
	  .needs = NEED_UNCORE, .run = snb_pclk_rate },
	{ .id = "snbep.clock.uclk", .desc = "the UCLK fixed counter against the TSC (its rate "
	  "asserted on the model, reported on hardware)", .needs = NEED_UNCORE,
	  .run = snb_uclk_rate },
	{ .id = "snbep.pcu.band", .desc = "band events compare with their own filter byte (model; "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = band },
	{ .id = "snbep.pcu.ext", .desc = "bit 21 makes 0x00 and 0x0B other events",
	  .needs = NEED_UNCORE, .run = ext },
};
const struct suite snbep_gate_suite = SUITE("snbep.gate", tests);
