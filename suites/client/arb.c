/* The ARB of layouts C and D, what only they have (L-70, L-72, L-76):
 * Ice Lake client's one usable ARB counter beside the erratum's, and
 * Alder/Raptor Lake's two ARB boxes. Each is N/A on the other layouts. */
#include "suites/client/client.h"

#define WIN_US 2000

/* Erratum ICL068 (L-70): the harness never programs ARB counter 0 (0x3B0,
 * 0x3B2) on 0x7D/0x7E. Two parts: every MSR the suite's library programs
 * on this layout (the window's counters and selects, the selects cl_quiet
 * clears, every ARB register it knows) is checked against the erratum's
 * two addresses, the tests' own constants; and the one counter it does
 * use, 0x3B1/0x3B3, counts 81H in a window (L-72: an occupancy event
 * cannot be counted there). On the model, whose counter 0 ignores writes
 * (OQ-L28), a library that used counter 0 would see nothing count: the
 * window fails (cl-icl-arb0-live moves the model's counter there). */
static enum verdict erratum(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w = { .gctl = CL_GC_EN };
	uint32_t m[CL_NWIN * 2 + 4];
	unsigned i, n = 0, b, k;

	TRY(cl_begin(t, &l));
	if (!l.icl068)
		return t_na(t, "layout %c: no ARB erratum on this model (L-69, L-70)", l.name);
	for (i = 0; i < CL_NWIN; i++) {
		m[n++] = cl_ctr_msr(&l, i);
		m[n++] = cl_sel_msr(&l, i);
	}
	for (b = 0; b < l.narb; b++)
		for (k = 0; k < 2; k++) {
			m[n++] = cl_arb_ctr(&l, b, k);
			m[n++] = cl_arb_sel(&l, b, k);
		}
	for (i = 0; i < n; i++)
		CHECK(t, m[i] != CL_ARB_CTR_A && m[i] != CL_ARB_SEL_A, "the suite's library would "
		      "program 0x%x, ARB counter 0's, which ICL068 takes away (L-70)", m[i]);
	w.sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | CL_ES_EN;
	w.sel[CL_FIX] = CL_FC_EN;
	TRY(cl_window(t, &l, &w, WIN_US));
	t_figure(t, "arb_counter1_count", (int64_t)w.d[CL_ARB1], "count");
	if (!w.d[CL_ARB1])
		return t_idle(t, "ARB PERFCTR1 (0x%x, select 0x%x) counted no 81H: the one ARB "
				   "counter of this model (L-70, L-72; on hardware: no traffic)",
				   cl_ctr_msr(&l, CL_ARB1), cl_sel_msr(&l, CL_ARB1));
	return V_PASS;
}

/* A window with ARB box `on`'s counter 0 on 81H and the other box's
 * select 0: the counts of both boxes' counter 0. */
static enum verdict box_window(struct tctx *t, const struct cl_layout *l, unsigned on,
			       uint64_t d[2])
{
	unsigned b;

	WR(t, l->gctl, 0);
	for (b = 0; b < 2; b++) {
		WR(t, cl_arb_ctr(l, b, 0), 0);
		WR(t, cl_arb_sel(l, b, 0), b == on ? CL_ARB_REQ | CL_ES_EN : 0);
	}
	WR(t, l->gctl, CL_GC_EN);
	traffic_until(NULL, plat_tsc() + cl_tsc_us(WIN_US));
	WR(t, l->gctl, 0);
	for (b = 0; b < 2; b++) {
		RD(t, cl_arb_ctr(l, b, 0), &d[b]);
		WR(t, cl_arb_sel(l, b, 0), 0);
	}
	return V_PASS;
}

/* Layout D's two ARB boxes (0x2FD0/0x2FD2 and 0x2FD8/0x2FDA) count each on
 * its own (L-76): with one box's counter enabled, it moves and the other
 * box's does not, each way round. */
static enum verdict boxes(struct tctx *t)
{
	struct cl_layout l;
	uint64_t d[2];
	unsigned on;

	TRY(cl_begin(t, &l));
	if (l.narb != 2)
		return t_na(t, "layout %c has one ARB box (L-14, L-76)", l.name);
	for (on = 0; on < 2; on++) {
		TRY(box_window(t, &l, on, d));
		t_figure_at(t, "arb_box_count", FIG_BOX, on, (int64_t)d[on], "count");
		if (!d[on])
			return t_idle(t, "ARB box %u's counter 0 (0x%x) counted no 81H (L-76; on "
					   "hardware: no traffic)", on, cl_arb_ctr(&l, on, 0));
		CHECK(t, !d[1 - on], "ARB box %u's counter 0 (0x%x), select 0, counted %lu while box "
		      "%u's ran (L-76)", 1 - on, cl_arb_ctr(&l, 1 - on, 0), (unsigned long)d[1 - on],
		      on);
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.arb.erratum", .desc = "Ice Lake client: the suite never programs ARB "
	  "counter 0 (ICL068), and its one ARB counter 0x3B1 counts", .needs = NEED_UNCORE,
	  .run = erratum },
	{ .id = "client.arb.boxes", .desc = "Alder/Raptor Lake: each of the two ARB boxes counts "
	  "on its own", .needs = NEED_UNCORE, .run = boxes },
};
const struct suite client_arb_suite = SUITE("client.arb", tests);
