/* Counting gates at all three levels
 * and reset-all, over every counter of every box at once: the U
 * counter, C0-C7 (C0-C9 on 0x2F), B, S, M, both R halves, W and its fixed
 * counter. A counter is judged "moving" or "still" across WINDOW_US. */
#include "suites/nhmex/nhmex.h"
#include "suites/common/not_counted.h"

/* 1 ms: over two million U-clocks on the model (2.133 GHz), and on
 * hardware any counting event of an uncore at 1-3 GHz moves in it. A still
 * counter must read exactly equal: no tolerance, nothing counts it. */
#define WINDOW_US 1000
#define NCTR      (EX_MAX_BOXES * 8 + 1) /* + the W fixed counter, last */

struct all {
	struct ex_box bx[EX_MAX_BOXES];
	unsigned n;
	uint64_t a[NCTR], b[NCTR];
	bool idle[NCTR]; /* did not move with every gate open (hardware: its event) */
};

static struct all s;

static uint32_t ctr_of(unsigned i, unsigned k)
{
	return i < s.n ? ex_ctr(&s.bx[i], k) : EX_FIXED_CTR;
}

static unsigned nctr_of(unsigned i)
{
	return i < s.n ? s.bx[i].nctr : 1;
}

static const char *name_of(unsigned i)
{
	return i < s.n ? s.bx[i].name : "W fixed";
}

/* Every counter read before and after the window, into s.a and s.b. */
static enum verdict window(struct tctx *t)
{
	unsigned i, k, j;

	for (i = 0, j = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++)
			EX_RD(t, ctr_of(i, k), &s.a[j]);
	pmi_spin(NULL, WINDOW_US);
	for (i = 0, j = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++)
			EX_RD(t, ctr_of(i, k), &s.b[j]);
	return V_PASS;
}

/* Each counter's verdict against `want(i, k)`: moving (true) or still. */
static enum verdict judge(struct tctx *t, bool (*want)(unsigned, unsigned), const char *how)
{
	unsigned i, k, j;

	for (i = 0, j = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++) {
			bool moved = s.a[j] != s.b[j];

			if (s.idle[j] || moved == want(i, k))
				continue;
			return t_fail(t, "%s counter %u (0x%x) %s with %s (0x%lx -> 0x%lx)",
				      name_of(i), k, ctr_of(i, k), moved ? "moved" : "did not move",
				      how, (unsigned long)s.a[j], (unsigned long)s.b[j]);
		}
	return V_PASS;
}

static bool all(unsigned i, unsigned k) { (void)i; (void)k; return true; }
static bool none(unsigned i, unsigned k) { (void)i; (void)k; return false; }
static bool odd(unsigned i, unsigned k) { return i == s.n || (k & 1) || s.bx[i].ctl == EX_U_CTL; }

/* Box enables: every counter's bit, or only the odd ones; the U
 * counter's box enable is U GLOBAL_CTL.en, kept whenever u_en. */
static enum verdict boxes_on(struct tctx *t, uint64_t keep_mask, bool fixed)
{
	unsigned i;

	for (i = 0; i < s.n; i++)
		if (s.bx[i].ctl != EX_U_CTL)
			WR(t, s.bx[i].ctl, (s.bx[i].box_en & keep_mask) |
			   (s.bx[i].name[0] == 'W' && fixed ? EX_FIXED_EN : 0));
	return V_PASS;
}

static enum verdict sels(struct tctx *t, bool en)
{
	unsigned i, k;

	for (i = 0; i < s.n; i++)
		for (k = 0; k < s.bx[i].nctr; k++)
			WR(t, ex_sel(&s.bx[i], k), s.bx[i].ev[k] | (en ? s.bx[i].en : 0));
	WR(t, EX_FIXED_CTL, en ? 1 : 0); /* bit 0 */
	return V_PASS;
}

static enum verdict gates(struct tctx *t)
{
	unsigned i, k, j, idle = 0;
	uint64_t ref = 0;

	s.n = ex_boxes(s.bx);
	memset(s.idle, 0, sizeof(s.idle));
	TRY(ex_prepare(t));
	for (i = 0; i < s.n; i++)
		if (s.bx[i].name[0] == 'R') /* what R counters count */
			WR(t, 0xE04 + 4 * s.bx[i].idx, 1ull << 31);
	/* Everything open: X-13, one U GLOBAL_CTL write starts it all. */
	TRY(sels(t, true));
	TRY(boxes_on(t, ~0ull, true));
	WR(t, EX_U_CTL, EX_EN_ALL | EX_U_EN);
	TRY(window(t));
	for (i = 0, j = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++)
			ref = s.b[j] - s.a[j]; /* the last: the W fixed counter's cycles */
	for (i = 0, j = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++) {
			char ev[80];

			if (s.a[j] != s.b[j])
				continue;
			snprintf(ev, sizeof(ev), "%s counter %u (0x%x) on select 0x%lx", name_of(i), k,
				 ctr_of(i, k), (unsigned long)(i < s.n ? s.bx[i].ev[k] : 1));
			TRY(ev_still(t, ev, "the W fixed counter", i < s.n ? ref : 0,
				     "X-05, X-06, X-07; OQ-X19: its event"));
			s.idle[j] = true;
			idle++;
		}
	t_figure(t, "idle_counters_count", idle, "count");
	if (idle == j)
		return t_skip(t, "no counter moved with every gate open (OQ-X19: no event counts)");
	/* en_all clear: all still. */
	WR(t, EX_U_CTL, EX_U_EN);
	TRY(window(t));
	TRY(judge(t, none, "en_all clear (X-05, X-08)"));
	/* Box enables clear, en_all set: all still. */
	TRY(boxes_on(t, 0, false));
	WR(t, EX_U_CTL, EX_EN_ALL);
	TRY(window(t));
	TRY(judge(t, none, "en_all set, every box's ctr_en (U: en, W: fixed_en) clear (X-05, "
		 "X-06, X-07)"));
	/* Only odd counters' box enables (and the U counter, the fixed counter):
	 * only they move. */
	TRY(boxes_on(t, 0xAAAAAAAAull, true));
	WR(t, EX_U_CTL, EX_EN_ALL | EX_U_EN);
	TRY(window(t));
	TRY(judge(t, odd, "only odd ctr_en bits set (X-09)"));
	/* Box enables all set, every counter's own en clear: all still. */
	TRY(boxes_on(t, ~0ull, true));
	TRY(sels(t, false));
	TRY(window(t));
	TRY(judge(t, none, "en_all and box enables set, each control's en clear (X-05, "
		 "X-06, X-07; §5.5: bit 0 in B/M/R, 22 elsewhere)"));
	/* Back on: all move again, from where they stopped. */
	TRY(sels(t, true));
	TRY(window(t));
	TRY(judge(t, all, "every gate open again"));
	return V_PASS;
}

/* Every box GLOBAL_CTL (all its ctr_en bits, W: fixed_en) and counter
 * control (its event and pmi_en; en too, but en_all stays 0) set, or
 * compared with that (OQ-X5 default: rst_all leaves them; asserted on the
 * model, counted and reported on hardware). */
static enum verdict controls(struct tctx *t, bool check, unsigned *changed)
{
	unsigned i, k;
	uint64_t v, want;

	for (i = 0; i < s.n; i++)
		for (k = 0; k <= s.bx[i].nctr; k++) {
			uint32_t msr = k < s.bx[i].nctr ? ex_sel(&s.bx[i], k) : s.bx[i].ctl;

			if (k == s.bx[i].nctr && msr == EX_U_CTL)
				continue; /* U: its GLOBAL_CTL is the register written */
			want = k < s.bx[i].nctr ? s.bx[i].ev[k] | s.bx[i].pmi | s.bx[i].en :
			       s.bx[i].box_en | (s.bx[i].name[0] == 'W' ? EX_FIXED_EN : 0);
			if (!check) {
				WR(t, msr, want);
				continue;
			}
			RD(t, msr, &v);
			TRY(t_default(t, "OQ-X5", "rst_all resets counters only", v == want, "%s "
				      "control 0x%x reads 0x%lx after rst_all, 0x%lx written: rst_all "
				      "resets counters only (X-12, OQ-X5 default)", s.bx[i].name, msr,
				      (unsigned long)v, (unsigned long)want));
			*changed += v != want;
		}
	return V_PASS;
}

/* with en_all = 0, every counter preset non-zero and every control
 * programmed, one U GLOBAL_CTL write with rst_all = 1 zeroes every counter
 * and leaves the controls. OQ-X5 (asserted on the model, reported on
 * hardware): the controls kept, and a counter written while rst_all is
 * still 1 keeps the new value. */
static enum verdict reset_all(struct tctx *t)
{
	unsigned i, k, j = 0, changed = 0;
	uint64_t v;

	s.n = ex_boxes(s.bx);
	TRY(ex_prepare(t));
	TRY(controls(t, false, NULL));
	for (i = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++)
			WR(t, ctr_of(i, k), 0x1000 + 0x10 * i + k);
	WR(t, EX_U_CTL, EX_RST_ALL);
	TRY(controls(t, true, &changed));
	t_figure(t, "controls_changed_count", changed, "count");
	for (i = 0; i <= s.n; i++)
		for (k = 0; k < nctr_of(i); k++, j++) {
			RD(t, ctr_of(i, k), &v);
			CHECK(t, !v, "%s counter %u (0x%x) reads 0x%lx after rst_all (X-12)",
			      name_of(i), k, ctr_of(i, k), (unsigned long)v);
		}
	WR(t, s.bx[0].ctr0, 0x77);
	RD(t, s.bx[0].ctr0, &v);
	WR(t, EX_U_CTL, 0); /* OQ-X5: always written back to 0 */
	t_figure(t, "counters_reset_count", j, "count");
	t_figure(t, "write_after_rst_all_count", (int64_t)v, "count");
	TRY(t_default(t, "OQ-X5", "rst_all a pulse per write, later writes stick", v == 0x77,
		      "U counter written 0x77 while rst_all = 1 reads 0x%lx (OQ-X5 default: a pulse "
		      "per write, later writes stick)", (unsigned long)v));
	return V_PASS;
}

static enum verdict run_gates(struct tctx *t) { enum verdict v = gates(t); ex_quiet(); return v; }
static enum verdict run_reset(struct tctx *t) { enum verdict v = reset_all(t); ex_quiet(); return v; }

static const struct test tests[] = {
	{ .id = "nhmex.count.gates", .desc = "every counter counts only with en_all, its box "
	  "enable and its own en; ctr_en stops only its counter", .needs = NEED_UNCORE,
	  .run = run_gates },
	{ .id = "nhmex.count.reset-all", .desc = "one rst_all write zeroes every counter, U and W "
	  "fixed included, and leaves every control", .needs = NEED_UNCORE, .run = run_reset },
};
const struct suite nhmex_count_suite = SUITE("nhmex.count", tests);
