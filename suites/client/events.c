/* Events of the ARB and the C-boxes (L-14, L-55..L-58, L-83, L-84, §5;
 * OQ-L13, OQ-L15, OQ-L22, OQ-L33, OQ-L34): the ARB's counters below its
 * selects, its counter-0-only occupancy, 83H's end after Haswell, 81H's
 * counters, and the two umask groups a C-box lookup needs. */
#include "suites/client/client.h"

#define WIN_US 2000

static enum verdict window(struct tctx *t, const struct cl_layout *l, uint64_t arb0,
			   uint64_t arb1, uint64_t cb0, struct cl_win *w)
{
	memset(w, 0, sizeof(*w));
	w->sel[CL_ARB0] = arb0;
	w->sel[CL_ARB1] = arb1;
	w->sel[CL_CB0] = cb0;
	w->sel[CL_FIX] = CL_FC_EN;
	w->gctl = CL_GC_EN;
	TRY(cl_prepare(t, l));
	return cl_window(t, l, w, WIN_US);
}

/* ARB counter 0 (0x3B0, select 0x3B2; 0x2FD2, 0x2FD0 on D) on 80H
 * occupancy and counter 1 on 81H requests both count (L-14, L-56, L-76);
 * "cycles with any request" (80H, CMASK 1) counts too and, on the model
 * (one clock, OQ-L13), no more than the window's U-clocks (§5). Not on Ice
 * Lake client, which has no counter 0 (L-70, L-72). */
static enum verdict arb_counting(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w, c;

	TRY(cl_layout(t, &l));
	if (l.icl068)
		return t_na(t, "no ARB counter 0 on this model, so no 80H (ICL068: L-70, L-72)");
	TRY(window(t, &l, CL_ARB_OCC | CL_ES_EN, CL_ARB_REQ | CL_ES_EN, 0, &w));
	t_figure(t, "occupancy_count", (int64_t)w.d[CL_ARB0], "count");
	t_figure(t, "requests_count", (int64_t)w.d[CL_ARB1], "count");
	if (!w.d[CL_ARB0] || !w.d[CL_ARB1])
		return t_idle(t, "ARB 80H counted %lu on counter 0, 81H %lu on counter 1 (L-14, "
				   "L-56; on hardware: no memory traffic)",
				   (unsigned long)w.d[CL_ARB0], (unsigned long)w.d[CL_ARB1]);
	TRY(window(t, &l, CL_ARB_OCC | CL_ES_EN | CL_ES_CMASK(1), 0, 0, &c));
	t_figure(t, "cycles_with_request_count", (int64_t)c.d[CL_ARB0], "count");
	CHECK(t, c.d[CL_ARB0], "80H with CMASK 1 did not count where 80H did (L-27, §5)");
	TRY(t_default(t, "OQ-L13", "80H with CMASK 1 at most one per U-clock", c.d[CL_ARB0] <=
		      c.d[CL_FIX], "80H with CMASK 1 counted %lu cycles in a window of %lu U-clocks "
		      "(§5, OQ-L13)", (unsigned long)c.d[CL_ARB0], (unsigned long)c.d[CL_FIX]));
	return V_PASS;
}

/* 80H on ARB counter 1: counts nothing on the model (L-58, OQ-L15
 * default; Ice Lake's one counter too, L-72); reported on hardware. 81H
 * on counter 0 beside it moves where every source lets it count there,
 * else (Ice Lake client, Rocket Lake: L-83, OQ-L34) a C-box lookup. */
static enum verdict arb_occ_on_1(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	unsigned ref;

	TRY(cl_layout(t, &l));
	ref = l.req1_only ? CL_CB0 : CL_ARB0;
	TRY(window(t, &l, l.req1_only ? 0 : CL_ARB_REQ | CL_ES_EN, CL_ARB_OCC | CL_ES_EN,
		   CL_LOOKUP_ANY | CL_ES_EN, &w));
	t_figure(t, "occupancy_on_counter1_count", (int64_t)w.d[CL_ARB1], "count");
	if (!w.d[ref])
		return t_idle(t, "%s did not move (on hardware: no traffic)", cl_ctr_names[ref]);
	TRY(t_default(t, "OQ-L15", "80H counts nothing on ARB counter 1", !w.d[CL_ARB1], "80H "
		      "(occupancy, counter 0 only) counted %lu on ARB counter 1 (L-56, L-58, OQ-L15 "
		      "default)", (unsigned long)w.d[CL_ARB1]));
	return V_PASS;
}

/* 83H (coherency-tracker occupancy) counts on ARB counter 0 of layout A
 * and nothing on counter 1 there (L-56, L-58, OQ-L15; on hardware device
 * traffic, about none in a UEFI application, so only reported there), and
 * nothing from Skylake on, where no list names it (L-83, OQ-L33 default:
 * asserted on the model, reported on hardware) while 81H moves on counter
 * 1 beside it (on Ice Lake client, whose one counter holds 83H, a C-box
 * lookup). */
static enum verdict arb_coh_occ(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;
	unsigned on, ref;

	TRY(cl_layout(t, &l));
	if (l.name == 'A') {
		TRY(window(t, &l, CL_ARB_COH_OCC | CL_ES_EN, CL_ARB_COH_OCC | CL_ES_EN, 0, &w));
		t_figure(t, "coh_occupancy_count", (int64_t)w.d[CL_ARB0], "count");
		if (!w.d[CL_ARB0])
			return t_still(t, "83H counted nothing on ARB counter 0 of layout A (L-56; on "
					  "hardware: no device traffic)");
		return t_default(t, "OQ-L15", "83H counts nothing on ARB counter 1", !w.d[CL_ARB1],
				 "83H (occupancy, counter 0 only) counted %lu on ARB counter 1 beside "
				 "counter 0's %lu (L-56, L-58, OQ-L15 default)",
				 (unsigned long)w.d[CL_ARB1], (unsigned long)w.d[CL_ARB0]);
	}
	on = l.icl068 ? CL_ARB1 : CL_ARB0;
	ref = l.icl068 ? CL_CB0 : CL_ARB1;
	TRY(window(t, &l, on == CL_ARB0 ? CL_ARB_COH_OCC | CL_ES_EN : 0,
		   on == CL_ARB1 ? CL_ARB_COH_OCC | CL_ES_EN : CL_ARB_REQ | CL_ES_EN,
		   CL_LOOKUP_ANY | CL_ES_EN, &w));
	t_figure(t, "coh_occupancy_count", (int64_t)w.d[on], "count");
	if (!w.d[ref])
		return t_idle(t, "%s did not move (on hardware: no traffic)", cl_ctr_names[ref]);
	return t_default(t, "OQ-L33", "83H counts nothing from Skylake on", !w.d[on], "83H "
			 "counted %lu on %s of layout %c, where no event list after Haswell names it "
			 "(L-83, OQ-L33 default)", (unsigned long)w.d[on], cl_ctr_names[on], l.name);
}

/* 81H on ARB counter 0 (L-56, L-83): every source lets it count there on
 * layouts A, B, D and Tiger Lake; Intel's Rocket Lake list puts it on
 * counter 1 alone where Linux schedules either (OQ-L34 default: nothing on
 * counter 0; asserted on the model, reported on hardware). 81H on
 * counter 1 is the reference. Ice Lake client has no counter 0 (L-70). */
static enum verdict arb_req_on_0(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;

	TRY(cl_layout(t, &l));
	if (l.icl068)
		return t_na(t, "no ARB counter 0 on this model (ICL068: L-70)");
	TRY(window(t, &l, CL_ARB_REQ | CL_ES_EN, CL_ARB_REQ | CL_ES_EN, 0, &w));
	t_figure(t, "requests_on_counter0_count", (int64_t)w.d[CL_ARB0], "count");
	if (!w.d[CL_ARB1])
		return t_idle(t, "81H did not move on ARB counter 1 (on hardware: no traffic)");
	if (l.req1_only)
		return t_default(t, "OQ-L34", "Rocket Lake counts 81H on ARB counter 1 alone",
				 !w.d[CL_ARB0], "81H counted %lu on ARB counter 0 of a part whose "
				 "event list gives it counter 1 alone (L-83, OQ-L34 default)",
				 (unsigned long)w.d[CL_ARB0]);
	if (!w.d[CL_ARB0])
		return cl_silent(t, &l, &w, CL_ARB0, "81H", CL_ARB_REQ_WIN, "81H");
	return V_PASS;
}

/* 34H with only the line-state group (0FH) beside 34H/8FH: nothing on the
 * model (L-57, OQ-L22 default); reported on hardware. 81H on ARB counter
 * 1 is the reference that tells no traffic from a C-box event that does
 * not count (L-86). */
static enum verdict umask_groups(struct tctx *t)
{
	struct cl_layout l;
	struct cl_win w;

	TRY(cl_layout(t, &l));
	memset(&w, 0, sizeof(w));
	w.sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | CL_ES_EN;
	w.sel[CL_CB0] = CL_LOOKUP_ANY | CL_ES_EN;
	w.sel[CL_CB1] = CL_LOOKUP_STATE_ONLY | CL_ES_EN;
	w.sel[CL_FIX] = CL_FC_EN;
	w.gctl = CL_GC_EN;
	TRY(cl_prepare(t, &l));
	TRY(cl_window(t, &l, &w, WIN_US));
	t_figure(t, "one_group_count", (int64_t)w.d[CL_CB1], "count");
	if (!w.d[CL_CB0])
		return cl_silent(t, &l, &w, CL_CB0, "34H/8FH", CL_ARB_REQ_WIN, "81H");
	TRY(t_default(t, "OQ-L22", "34H with one umask group counts nothing", !w.d[CL_CB1],
		      "34H/0FH (no request-filter bit) counted %lu beside 34H/8FH's %lu (L-57, "
		      "OQ-L22 default)", (unsigned long)w.d[CL_CB1], (unsigned long)w.d[CL_CB0]));
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.events.arb-counting", .desc = "ARB counter 0 on 80H and counter 1 on 81H "
	  "count; 80H with CMASK 1 too, within the window's U-clocks (model)", .needs = NEED_UNCORE,
	  .run = arb_counting },
	{ .id = "client.events.arb-occ-on-1", .desc = "80H occupancy on ARB counter 1 counts "
	  "nothing (model; reported on hardware)", .needs = NEED_UNCORE, .run = arb_occ_on_1 },
	{ .id = "client.events.arb-coh-occ", .desc = "83H counts on ARB counter 0 of layout A, "
	  "not on counter 1, and nothing from Skylake on (model; reported on hardware)",
	  .needs = NEED_UNCORE,
	  .run = arb_coh_occ },
	{ .id = "client.events.arb-req-on-0", .desc = "81H counts on ARB counter 0, but on "
	  "Rocket Lake (model; reported on hardware)", .needs = NEED_UNCORE, .run = arb_req_on_0 },
	{ .id = "client.events.umask-groups", .desc = "34H with one umask group counts nothing "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = umask_groups },
};
const struct suite client_events_suite = SUITE("client.events", tests);
