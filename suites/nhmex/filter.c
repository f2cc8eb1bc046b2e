/* Threshold, invert and edge detect of the Xeon 7500 C, S and W counters
 * and the U counter's edge detect (X-41..X-43, OQ-X25), each test one
 * window opened and closed by one U GLOBAL_CTL write each, so
 * every counter and the W fixed counter (the cycles: OQ-X25 e) see the same
 * cycles. The event is ev_sel 0x07 on C, S and U, 0x04 on W: the model's
 * varying event (OQ-X26); on hardware an S-box queue occupancy and the
 * W-box's C_CYCLES_TURBO, at most 64 and 1 a cycle (Tables 2-37, 2-102;
 * W's TM1_ON, 0x07, counts only while the part throttles, X-47). Where the
 * guide leaves the answer open (the direction of the comparison, the order
 * of edge and threshold, the detector across a write, the clock: OQ-X25)
 * the test asserts the default on the model and reports on hardware
 * (figures, and a log line where the default did not hold). */
#include "suites/nhmex/nhmex.h"
#include "suites/common/not_counted.h"

/* 1 ms: over two million U-clocks on the model; a broken filter is off by
 * thousands. */
#define WINDOW_US 1000
#define HOLD_US   100 /* between the edge test's select writes */
#define NBOX      4

#define C0 .name = "C0", .gctl = 0xD00u, .sel0 = 0xD10u    /* §4.2 */
#define S0 .name = "S0", .gctl = 0xC40u, .sel0 = 0xC50u    /* §4.4 */
#define W  .name = "W", .gctl = EX_W_GCTL, .sel0 = 0xC90u  /* §4.7 */
#define U  .name = "U", .gctl = EX_U_CTL, .sel0 = 0xC10u   /* §4.1 */
/* Each box's event within its constraints (X-45..X-47): S and C with
 * umasks that select something, W's turbo cycles, not a throttle event. */
#define EV_S (EX_EV_07 | EX_UMASK(EX_S_HOM_RB)) /* Table 2-37: umask 0 counts nothing */
#define EV_C (EX_EV_07 | EX_UMASK(EX_C_ALL))
#define EV_W EX_W_TURBO
#define EV_U EX_EV_07

/* Where OQ-X25 is open: the model's default asserted, hardware's answer
 * recorded (t_default). */
#define EXPECT(t, want, cond, ...) TRY(t_default((t), "OQ-X25", (want), (cond), __VA_ARGS__))
/* An event that added nothing: the model's always add (OQ-X26), hardware's
 * may be idle (OQ-X19). */
#define MOVED(t, cond, ...) do { if (!(cond)) TRY(t_still((t), __VA_ARGS__)); } while (0)

static bool has(const struct ex_fbox *b, unsigned nb, uint32_t gctl)
{
	unsigned i;

	for (i = 0; i < nb; i++)
		if (b[i].gctl == gctl)
			return true;
	return false;
}

/* Program the boxes and the W fixed counter, every counter from 0,
 * with en_all clear. */
static enum verdict program(struct tctx *t, const struct ex_fbox *b, unsigned nb)
{
	unsigned i, k;

	for (i = 0; i < nb; i++) {
		bool bbox = b[i].gctl == EX_B_GCTL(0) || b[i].gctl == EX_B_GCTL(1);

		for (k = 0; k < b[i].n; k++) {
			WR(t, b[i].sel0 + k * EX_STRIDE, b[i].sel[k] | (bbox ? EX_EN0 : EX_EN22));
			WR(t, b[i].sel0 + k * EX_STRIDE + 1, 0);
		}
		if (b[i].gctl != EX_U_CTL && b[i].gctl != EX_W_GCTL)
			WR(t, b[i].gctl, EX_CTR_MASK(b[i].n));
	}
	WR(t, EX_W_GCTL, EX_FIXED_EN | (has(b, nb, EX_W_GCTL) ? EX_CTR_MASK(4) : 0));
	WR(t, EX_FIXED_CTR, 0);
	WR(t, EX_FIXED_CTL, 1); /* */
	return V_PASS;
}

/* Every count and the cycles; figures named box_index. */
static enum verdict collect(struct tctx *t, const struct ex_fbox *b, unsigned nb,
			    uint64_t (*c)[6], uint64_t *cycles)
{
	char name[32];
	unsigned i, k;

	for (i = 0; i < nb; i++)
		for (k = 0; k < b[i].n; k++) {
			EX_RD(t, b[i].sel0 + k * EX_STRIDE + 1, &c[i][k]);
			c[i][k] &= EX_MASK;
			snprintf(name, sizeof(name), "ctr%u_count", k);
			t_figure_box(t, name, b[i].name, (int64_t)c[i][k], "count");
		}
	EX_RD(t, EX_FIXED_CTR, cycles);
	*cycles &= EX_MASK;
	t_figure(t, "uclk_cycles", (int64_t)*cycles, "cycles");
	return V_PASS;
}

/* One window over the boxes (X-08: en_all stops every counter at once),
 * the package left at rest. */
static enum verdict open_close(struct tctx *t, const struct ex_fbox *b, unsigned nb,
			       uint64_t (*c)[6], uint64_t *cycles)
{
	enum verdict v = ex_prepare(t);

	if (v == V_PASS)
		v = program(t, b, nb);
	if (v != V_PASS)
		return v;
	WR(t, EX_U_CTL, EX_EN_ALL | (has(b, nb, EX_U_CTL) ? EX_U_EN : 0));
	pmi_spin(NULL, WINDOW_US);
	WR(t, EX_U_CTL, 0);
	return collect(t, b, nb, c, cycles);
}

enum verdict ex_window(struct tctx *t, const struct ex_fbox *b, unsigned nb, uint64_t (*c)[6],
			uint64_t *cycles)
{
	enum verdict v = open_close(t, b, nb, c, cycles);

	ex_quiet();
	return v;
}

static uint64_t dist(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* thresholds and inverted thresholds in pairs; each pair sums
 * to the cycles, and a higher threshold passes no more cycles (its inverse
 * no fewer). The event varies: the lowest threshold passes some cycles. */
static enum verdict thresh_sum(struct tctx *t)
{
	const struct ex_fbox b[2] = {
		{ C0, .n = 6, .sel = { EV_C | EX_THR(1), EV_C | EX_THR(1) | EX_INV, EV_C | EX_THR(4),
			   EV_C | EX_THR(4) | EX_INV, EV_C | EX_THR(12), EV_C | EX_THR(12) | EX_INV } },
		{ S0, .n = 4, .sel = { EV_S | EX_THR(8), EV_S | EX_THR(8) | EX_INV, EV_S | EX_THR(40),
			   EV_S | EX_THR(40) | EX_INV } },
	};
	uint64_t cyc, c[NBOX][6];
	unsigned i, k;
	enum verdict v = ex_window(t, b, 2, c, &cyc);

	if (v != V_PASS)
		return v;
	for (i = 0; i < 2; i++) {
		MOVED(t, c[i][0], "%s: threshold %lu passed no cycle (model: its event, OQ-X26; "
		       "hardware: idle, OQ-X19)", b[i].name, (unsigned long)(b[i].sel[0] >> 24));
		for (k = 0; k < b[i].n; k += 2) {
			EXPECT(t, "threshold plus inverted: every cycle", c[i][k] + c[i][k + 1] == cyc,
			       "%s threshold %lu: %lu cycles plus %lu inverted = %lu, the W fixed "
			       "counter %lu (X-42, OQ-X25 a, e)",
			       b[i].name, (unsigned long)(b[i].sel[k] >> 24), (unsigned long)c[i][k],
			       (unsigned long)c[i][k + 1], (unsigned long)(c[i][k] + c[i][k + 1]),
			       (unsigned long)cyc);
			if (k < 2)
				continue;
			EXPECT(t, "thresholds monotonic", c[i][k] <= c[i][k - 2] &&
			       c[i][k + 1] >= c[i][k - 1],
			       "%s: threshold %lu passed %lu cycles (inverted %lu), threshold %lu "
			       "%lu (%lu): not monotonic (X-41, X-42)", b[i].name,
			       (unsigned long)(b[i].sel[k] >> 24), (unsigned long)c[i][k],
			       (unsigned long)c[i][k + 1], (unsigned long)(b[i].sel[k - 2] >> 24),
			       (unsigned long)c[i][k - 2], (unsigned long)c[i][k - 1]);
		}
	}
	return V_PASS;
}

/* the threshold is the whole byte 31:24: 0x81 passes no cycle of any
 * event (none adds 128), 0x80 inverted passes all. And ">=": on the W
 * event (0 or 1 a cycle) threshold 1 passes exactly what threshold 0 adds,
 * threshold 2 nothing. */
static enum verdict thresh_top(struct tctx *t)
{
	const struct ex_fbox b[3] = {
		{ C0, .n = 2, .sel = { EV_C | EX_THR(0x81), EV_C | EX_THR(0x80) | EX_INV } },
		{ S0, .n = 2, .sel = { EV_S | EX_THR(0x81), EV_S | EX_THR(0x80) | EX_INV } },
		{ W, .n = 4,
		  .sel = { EV_W | EX_THR(0x81), EV_W | EX_THR(0x80) | EX_INV, EV_W | EX_THR(1), EV_W } },
	};
	uint64_t cyc, c[NBOX][6];
	unsigned i;
	enum verdict v = ex_window(t, b, 3, c, &cyc);

	if (v != V_PASS)
		return v;
	for (i = 0; i < 3; i++) {
		EXPECT(t, "the threshold is the whole byte 31:24", !c[i][0],
		       "%s: threshold 0x81 passed %lu cycles: bit 31 not compared "
		       "(X-41; hardware: the direction, OQ-X25 a)", b[i].name,
		       (unsigned long)c[i][0]);
		EXPECT(t, "the threshold is the whole byte 31:24", c[i][1] == cyc,
		       "%s: threshold 0x80 inverted passed %lu of %lu cycles "
		       "(X-41, X-42, OQ-X25 e)", b[i].name, (unsigned long)c[i][1],
		       (unsigned long)cyc);
	}
	if (!c[2][3])
		TRY(ev_still(t, "W C_CYCLES_TURBO (0x04)", "the W fixed counter", cyc,
			     "X-47: no core ran at turbo"));
	EXPECT(t, "threshold t passes x >= t", c[2][2] == c[2][3],
	       "W: threshold 1 passed %lu cycles of an event of at "
	       "most 1 a cycle that added %lu: not x >= t (X-41, OQ-X25 a)",
	       (unsigned long)c[2][2], (unsigned long)c[2][3]);
	return V_PASS;
}

/* X-43, OQ-X25 (c): edge detect sees the thresholded condition. On the W
 * event (0 or 1 a cycle) "x >= 2" never holds: no edge, where an edge taken
 * before the threshold would count the event's own rises (as edge detect
 * with threshold 0 does). On the S-box, threshold 16: the edges are no
 * more than the cycles that pass, nor the cycles that fail + 1, and some. */
static enum verdict edge_thresh(struct tctx *t)
{
	const struct ex_fbox b[2] = {
		{ W, .n = 3, .sel = { EV_W | EX_THR(2) | EX_EDGE, EV_W | EX_EDGE, EV_W } },
		{ S0, .n = 3, .sel = { EV_S | EX_THR(16) | EX_EDGE, EV_S | EX_THR(16),
			   EV_S | EX_THR(16) | EX_INV } },
	};
	uint64_t cyc, e, lvl, low, c[NBOX][6];
	enum verdict v = ex_window(t, b, 2, c, &cyc);

	if (v != V_PASS)
		return v;
	EXPECT(t, "edge detect after the threshold", !c[0][0],
	       "W: edge detect with threshold 2 counted %lu on an event of at "
	       "most 1 a cycle (raw rises %lu): the edge is not of the thresholded condition "
	       "(X-43, OQ-X25 c)", (unsigned long)c[0][0], (unsigned long)c[0][1]);
	EXPECT(t, "edge detect counts rises", c[0][1] > 0 && c[0][1] <= c[0][2],
	       "W: edge detect with threshold 0 "
	       "counted %lu rises in %lu asserted cycles (X-43)", (unsigned long)c[0][1],
	       (unsigned long)c[0][2]);
	e = c[1][0];
	lvl = c[1][1];
	low = c[1][2];
	EXPECT(t, "edge detect after the threshold", e <= lvl && e <= low + 1, "S0: threshold 16 "
	       "with edge detect counted %lu, passed %lu cycles and failed %lu: more rises than "
	       "either allows (X-43)",
	       (unsigned long)e, (unsigned long)lvl, (unsigned long)low);
	if (lvl && low)
		EXPECT(t, "edge detect after the threshold", e > 0,
		       "S0: edge detect counted nothing while threshold 16 held in %lu "
		       "cycles and not in %lu (X-43)", (unsigned long)lvl, (unsigned long)low);
	return V_PASS;
}

/* X-43 with X-42, OQ-X25 (c): edge detect with invert counts the rises of
 * x < t, the falls of x >= t: within 1 of the plain edges over one window,
 * and no more than the inverted level. The U counter (edge detect only,
 * OQ-X24): a rise needs a cycle without the event before it, so its
 * edges are at most half the cycles (+ 1). */
static enum verdict edge_inv(struct tctx *t)
{
	const struct ex_fbox b[3] = {
		{ C0, .n = 3, .sel = { EV_C | EX_THR(4) | EX_EDGE, EV_C | EX_THR(4) | EX_EDGE | EX_INV,
			   EV_C | EX_THR(4) | EX_INV } },
		{ S0, .n = 3, .sel = { EV_S | EX_THR(16) | EX_EDGE, EV_S | EX_THR(16) | EX_EDGE | EX_INV,
			   EV_S | EX_THR(16) | EX_INV } },
		{ U, .n = 1, .sel = { EV_U | EX_EDGE } },
	};
	uint64_t cyc, c[NBOX][6];
	unsigned i;
	enum verdict v = ex_window(t, b, 3, c, &cyc);

	if (v != V_PASS)
		return v;
	for (i = 0; i < 2; i++) {
		EXPECT(t, "edge with invert: the rises of x < t", dist(c[i][0], c[i][1]) <= 1 &&
		       c[i][1] <= c[i][2], "%s: edge "
		       "detect counted %lu, with invert %lu, the inverted level %lu: not the rises "
		       "of x < t (X-43, OQ-X25 c)", b[i].name, (unsigned long)c[i][0],
		       (unsigned long)c[i][1], (unsigned long)c[i][2]);
		MOVED(t, c[i][0] > 0, "%s: edge detect counted nothing (OQ-X26)", b[i].name);
	}
	TRY(t_default(t, "OQ-X24", "U edge detect counts rises only", 2 * c[2][0] <= cyc + 1 &&
		      c[2][0] > 0, "U: edge detect counted %lu in %lu cycles: not rises only (X-43, "
		      "OQ-X24)", (unsigned long)c[2][0], (unsigned long)cyc));
	return V_PASS;
}

/* X-43, OQ-X25 (d): W counters 0 and 1 with threshold 0xFF, which no cycle
 * reaches, and edge detect: the condition is "x >= 255" (never) and, with
 * invert, "x < 255" (always). Select writes that toggle invert while they
 * count (W selects are RW_RW, Table 2-94) enter and leave it: counter 0
 * opens out of it and is written in, out, in; counter 1 the reverse. The
 * W fixed counter is not needed: the two reads bracket the writes. */
static enum verdict edge_dir(struct tctx *t)
{
	const uint64_t never = EV_W | EX_THR(0xFF) | EX_EDGE;
	const struct ex_fbox b[1] = { { W, .n = 2, .sel = { never, never | EX_INV } } };
	uint64_t a[2], z[2], d[2];
	unsigned i, k;
	bool in = false;
	enum verdict v = ex_prepare(t);

	if (v == V_PASS)
		v = program(t, b, 1);
	if (v != V_PASS)
		return v;
	WR(t, EX_U_CTL, EX_EN_ALL);
	pmi_spin(NULL, HOLD_US);
	for (k = 0; k < 2; k++)
		EX_RD(t, 0xC91u + k * EX_STRIDE, &a[k]);
	for (i = 0; i < 3; i++) {
		in = !in;
		WR(t, 0xC90u, never | EX_EN22 | (in ? EX_INV : 0));
		WR(t, 0xC92u, never | EX_EN22 | (in ? 0 : EX_INV));
		pmi_spin(NULL, HOLD_US);
	}
	for (k = 0; k < 2; k++) {
		EX_RD(t, 0xC91u + k * EX_STRIDE, &z[k]);
		d[k] = (z[k] - a[k]) & EX_MASK;
	}
	ex_quiet();
	t_figure(t, "out_to_in_edges_count", (int64_t)d[0], "count");
	t_figure(t, "in_to_out_edges_count", (int64_t)d[1], "count");
	EXPECT(t, "one edge per entry across select writes", d[0] == 2 && d[1] == 1,
	       "W: the condition entered twice and left once, then "
	       "left twice and entered once, by select writes: edge detect counted %lu then "
	       "%lu, want 2 then 1 (rising edges, X-43; OQ-X25 d)", (unsigned long)d[0],
	       (unsigned long)d[1]);
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "nhmex.filter.thresh-sum", .desc = "C0 and S0 thresholds and inverted thresholds in pairs: "
	  "each pair sums to the cycles, monotonic in the threshold", .needs = NEED_UNCORE,
	  .run = thresh_sum },
	{ .id = "nhmex.filter.thresh-top", .desc = "C0, S0, W threshold 0x81 passes nothing, 0x80 inverted "
	  "everything; W threshold 1 is x >= 1", .needs = NEED_UNCORE,
	  .run = thresh_top },
	{ .id = "nhmex.filter.edge-thresh", .desc = "edge detect after a threshold >= 2: none on W's 0/1 "
	  "event, bounded by the level on S0", .needs = NEED_UNCORE,
	  .run = edge_thresh },
	{ .id = "nhmex.filter.edge-inv", .desc = "edge detect with invert counts the falls, within 1 of the "
	  "rises (C0, S0); the U counter's edges", .needs = NEED_UNCORE,
	  .run = edge_inv },
	{ .id = "nhmex.filter.edge-dir", .desc = "edge detect counts entries into a condition the test's W "
	  "select writes set, not exits (model; reported on hardware)", .needs = NEED_UNCORE,
	  .run = edge_dir },
};
const struct suite nhmex_filter_suite = SUITE("nhmex.filter", tests);
