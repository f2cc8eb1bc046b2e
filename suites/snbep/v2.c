/* What the Xeon E5 v2 (Ivy Bridge-EP) adds to the E5-2600's boxes (spec
 * xeon-e5-v2-v4-uncore.md): the global control with freeze-all and
 * unfreeze-all (V-03, V-06), overflow to the box and global status with
 * ov_en (V-08, V-13), counter controls without invert (V-12), threshold
 * and edge without it, the second C-box filter (V-18) and the C-boxes the
 * part has (V-21). N/A on the E5-2600, which has none of it (S-03). Every
 * box counts its clockticks (C-box 0x00, PCU 0x00, the U-box's UCLK fixed
 * counter), which run in every cycle on hardware too. */
#include "suites/snbep/v3.h"
#include "pmu/backend/backend.h"
#include "suites/common/pmi.h"

#define RUN_US 100      /* as suites/snbep/box.c: thousands of clocks at least */
#define WIN_US 200
#define LEAD 20000ull   /* clocks before a preset counter wraps: 10-40 us */
#define WRAP_US 100000  /* the most a wrap may take to come (LEAD at 200 MHz) */
#define MAXB V2_MAXB
#define VEC 0xF6        /* C-32: >= 0x20; one of its own */

uint64_t snb_inv(void)
{
	return snb_v2() ? 0 : SNB_INV;
}

static enum verdict v2_only(struct tctx *t)
{
	if (!snb_global())
		return t_na(t, "the E5-2600 (model 0x2D) has no global control, status or ov_en "
			       "(S-03, S-39)");
	return V_PASS;
}

/* A behaviour of the E5 v2 alone (V-12). */
static enum verdict ivb_only(struct tctx *t)
{
	TRY(v2_only(t));
	if (!snb_v2())
		return t_na(t, "the E5 v3 and v4 have invert (V-11)");
	return V_PASS;
}

/* V-03: pmi_core_sel and wk_on_pmi read back; frz_all and unfrz_all are
 * write-only and read 0. frz_all is never written here (it would stop
 * everything); unfrz_all is harmless with nothing frozen. */
static enum verdict global_ctl(struct tctx *t)
{
	const uint64_t want = V2_PMI_SEL(0) | V2_PMI_SEL(14) | V2_WK_ON_PMI;
	uint64_t v = 0, u;
	int e;

	TRY(v2_only(t));
	/* On the v3 and v4 the bits are undocumented (OQ-V4): a fault is
	 * their answer, reported. */
	e = msr_write(plat_this_cpu(), V2_GLOBAL_CTL, want);
	if (e < 0 || (e && snb_v2()))
		return t_error(t, "wrmsr 0x%x faulted (%d)", V2_GLOBAL_CTL, e);
	if (!e)
		RD(t, V2_GLOBAL_CTL, &v);
	t_figure(t, "pmi_sel_write_fault_vector", e, "vector");
	WR(t, V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	RD(t, V2_GLOBAL_CTL, &u);
	WR(t, V2_GLOBAL_CTL, 0);
	if (snb_v2())
		CHECK(t, v == want, "GLOBAL_CTL reads 0x%lx after writing 0x%lx: pmi_core_sel and "
		      "wk_on_pmi are read-write (V-03)", (unsigned long)v, (unsigned long)want);
	else /* no source shows them on the v3 and v4 */
		TRY(t_default(t, "OQ-V4", "IVB-EP's pmi_core_sel and wk_on_pmi", v == want,
			      "GLOBAL_CTL reads 0x%lx after writing 0x%lx (OQ-V4 model choice: "
			      "IVB-EP's fields)", (unsigned long)v, (unsigned long)want));
	CHECK(t, u == 0, "GLOBAL_CTL reads 0x%lx after writing unfrz_all alone: want 0, the "
	      "freeze bits are write-only (V-03)", (unsigned long)u);
	return V_PASS;
}

/* Every box's counter 0 on clockticks and the UCLK fixed counter, all
 * running (frz_en set, S-41 f). */
static enum verdict all_running(struct tctx *t)
{
	TRY(snb_all_clk(t));
	WR(t, SNB_U_FIXED_CTL, SNB_EN);
	return snb_box_all(t, SNB_RUN, -1);
}

/* Counter 0 of every box, then the UCLK fixed counter at snb_nboxes(). */
static enum verdict snap(struct tctx *t, uint64_t v[MAXB])
{
	unsigned b;

	for (b = 0; b < snb_nboxes(); b++)
		RD(t, snb_box_ctr(b, 0), &v[b]);
	RD(t, SNB_U_FIXED_CTR, &v[snb_nboxes()]);
	return V_PASS;
}

static const char *name_of(unsigned b)
{
	return b == snb_nboxes() ? "the UCLK fixed counter" : snb_box_name(b);
}

/* Counter i of the snap moved from a to b (moved) or held. */
static enum verdict expect(struct tctx *t, unsigned i, const uint64_t *a, const uint64_t *b,
			   bool moved, const char *after, const char *spec)
{
	CHECK(t, moved ? b[i] > a[i] : b[i] == a[i], "%s went 0x%lx -> 0x%lx in %u us after %s: "
	      "want %s (%s)", name_of(i), (unsigned long)a[i], (unsigned long)b[i], RUN_US, after,
	      moved ? "counting" : "held", spec);
	return V_PASS;
}

/* OQ-V13: the U-box, which has no frz_en, stops under frz_all (model
 * choice; reported on hardware). */
static enum verdict ubox_held(struct tctx *t, const uint64_t *a, const uint64_t *b)
{
	unsigned u = snb_nboxes();

	return t_default(t, "OQ-V13", "frz_all stops the U-box", b[u] == a[u], "the UCLK fixed "
			 "counter went 0x%lx -> 0x%lx under frz_all (OQ-V13 model choice: held)",
			 (unsigned long)a[u], (unsigned long)b[u]);
}

/* V-06: frz_all stops every box with frz_en, unfrz_all restarts them;
 * OQ-V10: a box whose frz_en is 0 counts through it. */
static enum verdict freeze_all_steps(struct tctx *t)
{
	uint64_t a[MAXB], b[MAXB];
	unsigned i, n = snb_nboxes() + 1;

	TRY(all_running(t));
	WR(t, V2_GLOBAL_CTL, V2_FRZ_ALL);
	TRY(snap(t, a));
	plat_stall_us(RUN_US);
	TRY(snap(t, b));
	for (i = 0; i < n - 1; i++)
		TRY(expect(t, i, a, b, false, "frz_all", "V-06"));
	TRY(ubox_held(t, a, b));
	WR(t, V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	TRY(snap(t, a));
	plat_stall_us(RUN_US);
	TRY(snap(t, b));
	for (i = 0; i < n; i++)
		TRY(expect(t, i, a, b, true, "unfrz_all", "V-06"));
	WR(t, snb_box_ctl(0), 0); /* C-box 0 runs without frz_en */
	WR(t, V2_GLOBAL_CTL, V2_FRZ_ALL);
	TRY(snap(t, a));
	plat_stall_us(RUN_US);
	TRY(snap(t, b));
	WR(t, V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	t_figure(t, "frz_en0_box_moved_count", (int64_t)(b[0] - a[0]), "count");
	for (i = 1; i < n - 1; i++)
		TRY(expect(t, i, a, b, false, "frz_all", "V-06"));
	TRY(ubox_held(t, a, b));
	TRY(t_default(t, "OQ-V10", "frz_all leaves a box without frz_en", b[0] > a[0],
		      "C-box 0 with frz_en 0 went 0x%lx -> 0x%lx under frz_all (OQ-V10 model "
		      "choice: it counts on)", (unsigned long)a[0], (unsigned long)b[0]));
	return snb_quiet(t);
}

/* Whatever the verdict, nothing is left under frz_all. */
static enum verdict freeze_all(struct tctx *t)
{
	enum verdict v;

	TRY(v2_only(t));
	v = freeze_all_steps(t);
	msr_write(plat_this_cpu(), V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	return v;
}

/* Status registers cleared by writing back what they read (W1C: no bit
 * but the set ones is written, V-04, V-13). */
static enum verdict clear_status(struct tctx *t, uint32_t msr, uint64_t *was)
{
	uint64_t v;

	RD(t, msr, was);
	WR(t, msr, *was);
	RD(t, msr, &v);
	CHECK(t, v == 0, "status 0x%x reads 0x%lx after writing back 0x%lx: want 0, written 1 "
	      "clears (V-04, V-13)", (unsigned)msr, (unsigned long)v, (unsigned long)*was);
	return V_PASS;
}

/* One overflow case: counter 0 of box `box` (snb_nboxes(): the UCLK fixed
 * counter) preset LEAD clocks below its width's wrap, with or without
 * ov_en; another box counts clockticks with frz_en. The v3's and v4's
 * C-box status is cleared where the case names it. */
struct ov_case {
	unsigned box;      /* C-box 0, the PCU, or the UCLK fixed counter */
	unsigned width;    /* V-16 */
	uint64_t gs;       /* its GLOBAL_STATUS bit (OQ-V1) */
	uint32_t status;   /* its box status register, 0: none (the v2's C-box, OQ-V8; V-32) */
};

static enum verdict ov_arm(struct tctx *t, const struct ov_case *c, bool ov, uint64_t *preset)
{
	uint64_t was;
	bool fixed = c->box == snb_nboxes();
	uint32_t ctr = fixed ? SNB_U_FIXED_CTR : snb_box_ctr(c->box, 0);

	TRY(snb_all_clk(t));
	TRY(clear_status(t, V2_GLOBAL_STATUS, &was));
	TRY(clear_status(t, V2_U_STATUS, &was));
	TRY(clear_status(t, V2_P_STATUS, &was));
	if (c->status)
		TRY(clear_status(t, c->status, &was));
	*preset = (1ull << c->width) - LEAD;
	if (fixed)
		WR(t, SNB_U_FIXED_CTL, SNB_EN | (ov ? V2_OV_EN : 0));
	else
		WR(t, snb_box_ctlk(c->box, 0), snb_box_clk(c->box) | (ov ? V2_OV_EN : 0));
	WR(t, ctr, *preset);
	return snb_box_all(t, SNB_RUN, -1);
}

/* Wait until the counter has wrapped (reads below its preset). */
static enum verdict ov_wait(struct tctx *t, const struct ov_case *c, uint64_t preset)
{
	uint32_t ctr = c->box == snb_nboxes() ? SNB_U_FIXED_CTR : snb_box_ctr(c->box, 0);
	uint64_t end = plat_tsc() + snb_tsc_us(WRAP_US), v;

	do {
		RD(t, ctr, &v);
		if (v < preset)
			return V_PASS;
	} while (plat_tsc() < end);
	return t_fail(t, "%s preset 0x%lx did not wrap in %u us (V-16: %u bits)", name_of(c->box),
		      (unsigned long)preset, WRAP_US, c->width);
}

/* V-08: without ov_en a wrap sets nothing and stops nothing; with it the
 * box status (where the box has one, V-13) and GLOBAL_STATUS take its
 * bits and every box with frz_en stops; the bits clear by writing 1, and
 * unfrz_all restarts counting. The witness is a box other than c's. */
static enum verdict ov_one(struct tctx *t, const struct ov_case *c)
{
	unsigned w = c->box ? 0 : snb_ncbox(); /* C-box 0, or the PCU for C-box 0 */
	uint64_t preset, gs, st = 0, a, b, was;
	int ov;

	for (ov = 0; ov < 2; ov++) {
		TRY(ov_arm(t, c, ov, &preset));
		TRY(ov_wait(t, c, preset));
		RD(t, V2_GLOBAL_STATUS, &gs);
		if (c->status)
			RD(t, c->status, &st);
		RD(t, snb_box_ctr(w, 0), &a);
		plat_stall_us(RUN_US);
		RD(t, snb_box_ctr(w, 0), &b);
		if (!ov) {
			CHECK(t, gs == 0 && st == 0 && b > a, "%s wrapped without ov_en: GLOBAL_STATUS "
			      "0x%lx, box status 0x%lx, %s 0x%lx -> 0x%lx: want 0, 0, counting (V-08)",
			      name_of(c->box), (unsigned long)gs, (unsigned long)st, snb_box_name(w),
			      (unsigned long)a, (unsigned long)b);
			continue;
		}
		t_figure(t, "global_status_after_ov_reg", (int64_t)gs, "reg");
		CHECK(t, gs != 0, "%s wrapped with ov_en: GLOBAL_STATUS reads 0 (V-08)",
		      name_of(c->box));
		TRY(t_default(t, "OQ-V1", "one GLOBAL_STATUS bit per box type", gs == c->gs, "%s "
			      "overflowed: GLOBAL_STATUS 0x%lx, want 0x%lx (OQ-V1 model choice)",
			      name_of(c->box), (unsigned long)gs, (unsigned long)c->gs));
		CHECK(t, !c->status || st == 1, "%s overflowed from counter 0: its status reads "
		      "0x%lx, want 0x1 (V-08, V-13)", name_of(c->box), (unsigned long)st);
		CHECK(t, b == a, "%s went 0x%lx -> 0x%lx after %s overflowed with ov_en: want held, "
		      "the freeze reaches every box with frz_en (V-08)", snb_box_name(w),
		      (unsigned long)a, (unsigned long)b, name_of(c->box));
		TRY(clear_status(t, V2_GLOBAL_STATUS, &was));
		if (c->status)
			TRY(clear_status(t, c->status, &was));
		WR(t, V2_GLOBAL_CTL, V2_UNFRZ_ALL);
		RD(t, snb_box_ctr(w, 0), &a);
		plat_stall_us(RUN_US);
		RD(t, snb_box_ctr(w, 0), &b);
		CHECK(t, b > a, "%s went 0x%lx -> 0x%lx after unfrz_all: want counting (V-08, V-06)",
		      snb_box_name(w), (unsigned long)a, (unsigned long)b);
	}
	return snb_quiet(t);
}

static enum verdict overflow(struct tctx *t)
{
	const struct ov_case cases[] = {
		{ .box = 0, .width = V2_W_CBOX, .gs = V2_GS_CBOX, .status = snb_map()->c_status },
		{ .box = snb_ncbox(), .width = V2_W_PCU, .gs = V2_GS_PCU, .status = V2_P_STATUS },
		{ .box = snb_nboxes(), .width = V2_W_UFIX, .gs = V2_GS_U_FIXED, .status = 0 },
	};
	unsigned i;

	TRY(v2_only(t));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		enum verdict v = ov_one(t, &cases[i]);

		if (v != V_PASS) {
			msr_write(plat_this_cpu(), V2_GLOBAL_CTL, V2_UNFRZ_ALL);
			return v;
		}
	}
	return V_PASS;
}

static volatile unsigned pmis;
static void on_pmi(unsigned vector)
{
	(void)vector;
	pmis++;
}

/* C-box 0 overflows with ov_en while GLOBAL_CTL's pmi_core_sel is sel and
 * the BSP's PMI path is open (LVTPC on a vector of its own, DEBUGCTL bit 13
 * as for an uncore PMI elsewhere); *got: the PMIs the BSP took by the time
 * every PMI owed was handled (pmi_quiesce). */
static enum verdict pmi_once(struct tctx *t, uint64_t sel, unsigned *got)
{
	const struct ov_case c = { .width = V2_W_CBOX, .gs = V2_GS_CBOX };
	struct pmi_path p;
	uint64_t preset, was;
	enum verdict v;
	int rc;

	pmis = 0;
	v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);
	if (v == V_PASS && !(rc = msr_write(plat_this_cpu(), V2_GLOBAL_CTL, sel))) {
		v = ov_arm(t, &c, true, &preset);
		if (v == V_PASS)
			v = ov_wait(t, &c, preset);
	} else if (v == V_PASS) {
		v = snb_v2() ? t_error(t, "wrmsr 0x%x faulted (%d)", V2_GLOBAL_CTL, rc)
			     : t_default(t, "OQ-V4", "IVB-EP's pmi_core_sel", false, "wrmsr 0x%x "
					 "of pmi_core_sel 0x%lx faulted (%d) (OQ-V4 model choice: "
					 "IVB-EP's fields)", V2_GLOBAL_CTL, (unsigned long)sel, rc);
	}
	rc = v == V_PASS ? pmi_quiesce(PMI_BSP_ONLY) : 0;
	pmi_path_close(&p);
	*got = pmis;
	msr_write(plat_this_cpu(), V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	if (v != V_PASS)
		return v;
	if (rc)
		return t_error(t, "the BSP did not take the PMI fence (%d)", rc);
	TRY(clear_status(t, V2_GLOBAL_STATUS, &was));
	return snb_quiet(t);
}

/* V-07, OQ-V3: an ov_en overflow's PMI goes to the cores pmi_core_sel
 * selects: once to the BSP's core when it alone is selected, not at all
 * with none. Asserted on the model, reported on hardware ([MODEL]). */
static enum verdict pmi(struct tctx *t)
{
	unsigned me = snb_core(plat_this_cpu()), n[2];

	TRY(v2_only(t));
	TRY(pmi_once(t, V2_PMI_SEL(me), &n[0]));
	TRY(pmi_once(t, 0, &n[1]));
	t_figure(t, "pmis_core_selected_count", n[0], "count");
	t_figure(t, "pmis_none_selected_count", n[1], "count");
	return t_default(t, "OQ-V3", "the PMI goes to the cores of pmi_core_sel", n[0] == 1 &&
			 n[1] == 0, "C-box 0 overflowed with ov_en: %u PMI(s) with the BSP's core "
			 "%u selected (want 1), %u with none (want 0) (V-07)", n[0], me, n[1]);
}

/* V-12, OQ-V2: bit 23 of a U-box, C-box and PCU counter control is
 * reserved: it reads 0 and thresh 1 with it still counts every clocktick.
 * Asserted on the model, reported on hardware. */
static enum verdict no_invert(struct tctx *t)
{
	const uint64_t c = SNB_PCLK | SNB_EN | SNB_THRESH(1);
	const uint32_t ctl[3] = { SNB_U_CTL(0), SNB_C_CTL(0, 0), SNB_P_CTL(0) };
	const uint64_t ev[3] = { SNB_U_LOCK, SNB_C_CLK, SNB_PCLK };
	uint64_t v, d[2];
	unsigned i;

	TRY(ivb_only(t));
	TRY(snb_quiet(t));
	for (i = 0; i < ARRAY_SIZE(ctl); i++) {
		WR(t, ctl[i], ev[i] | SNB_THRESH(1) | SNB_INV);
		RD(t, ctl[i], &v);
		WR(t, ctl[i], 0);
		t_figure(t, "ctl_bit23_reads_reg", (int64_t)v, "reg");
		TRY(t_default(t, "OQ-V2", "no invert bit", !(v & SNB_INV), "CTL 0x%x reads 0x%lx "
			      "after writing invert (bit 23): want it dropped (V-12)",
			      (unsigned)ctl[i], (unsigned long)v));
	}
	WR(t, SNB_P_CTL(0), c);
	WR(t, SNB_P_CTL(1), c | SNB_INV);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN | SNB_RST_CTRS);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	plat_stall_us(WIN_US);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN);
	RD(t, SNB_P_CTR(0), &d[0]);
	RD(t, SNB_P_CTR(1), &d[1]);
	CHECK(t, d[0] > 0, "PCU clockticks did not count in %u us (S-44)", WIN_US);
	TRY(t_default(t, "OQ-V2", "no invert bit", d[1] == d[0], "thresh 1 on clockticks "
		      "counted %lu of %lu pclks with bit 23 set: want all, nothing inverts (V-12)",
		      (unsigned long)d[1], (unsigned long)d[0]));
	return snb_quiet(t);
}

/* S-22 without invert: clockticks count 1 per cycle, so thresh 1 passes
 * every cycle, 2 none, and the field's top value (C-box 0x81, PCU 0x11:
 * 8 and 5 bits, V-11) none, which a field one bit short would read as 1.
 * Exact on hardware too: one box, one freeze. */
static enum verdict thresh(struct tctx *t)
{
	unsigned i;
	uint64_t d[SNB_NCTR];

	TRY(v2_only(t));
	TRY(snb_quiet(t));
	for (i = 0; i < 2; i++) {
		unsigned box = i ? snb_ncbox() : 0;
		uint64_t clk = snb_box_clk(box);
		const uint64_t ctl[SNB_NCTR] = { clk, clk | SNB_THRESH(1), clk | SNB_THRESH(2),
						 clk | SNB_THRESH(i ? 0x11 : 0x81) };

		TRY(snb_box_window(t, box, ctl, WIN_US, d));
		CHECK(t, d[0] > 0 && d[1] == d[0] && !d[2] && !d[3], "%s clockticks %lu: thresh 1 "
		      "counted %lu (want all), 2 %lu and the top value %lu (want 0) (S-22, V-11)",
		      snb_box_name(box), (unsigned long)d[0], (unsigned long)d[1],
		      (unsigned long)d[2], (unsigned long)d[3]);
	}
	return snb_quiet(t);
}

/* S-24 without invert: C-box 0's LLC_LOOKUP (0x34, umask 0x03: several a
 * cycle on the model; V-24 lets it on counters 0 and 1 only, so the level
 * and its edges go there and clockticks on counter 2) at thresh 2 and its
 * rising edges: every rise is a cycle with x >= 2 that follows one with
 * x < 2 (but the first); the model's event moves, so rises are seen. */
#define EDGE_EV (0x34ull | 0x03ull << 8)
static enum verdict edge(struct tctx *t)
{
	const uint64_t lvl = EDGE_EV | SNB_EN | SNB_THRESH(2);
	const uint64_t ctl[SNB_NCTR] = { lvl, lvl | SNB_EDGE, snb_box_clk(0), snb_box_clk(0) };
	uint64_t d[SNB_NCTR];

	TRY(v2_only(t));
	TRY(snb_quiet(t));
	TRY(snb_box_window(t, 0, ctl, WIN_US, d));
	t_figure(t, "x_ge_2_cycles", (int64_t)d[0], "cycles");
	t_figure(t, "rising_count", (int64_t)d[1], "count");
	CHECK(t, d[2] >= d[0] && d[1] <= d[0] && d[1] <= d[2] - d[0] + 1, "x >= 2 in %lu of %lu "
	      "cycles: %lu rising edges cannot be (S-24)", (unsigned long)d[0],
	      (unsigned long)d[2], (unsigned long)d[1]);
	TRY(snb_quiet(t));
	if (!d[1])
		return t_idle(t, "no rising edge of x >= 2 in %u us (%lu cycles with x >= 2): "
				 "edge detect before the threshold? (S-24)", WIN_US,
			      (unsigned long)d[0]);
	return V_PASS;
}

/* V-24 on C-box 0: on the v2 LLC_LOOKUP (EDGE_EV) may count on counters
 * 0 and 1, on the v3 and v4 RxR_OCCUPANCY (0x11, umask 0x01) on counter 0
 * alone; TOR_OCCUPANCY.ALL on counter 0 alone on all three. Two windows:
 * the restricted event on 0 and on 2 and 3, which its restriction leaves
 * out, clockticks on 1; then
 * TOR_OCCUPANCY.ALL on 0 and on 1, clockticks on 2. Outside its counters
 * an event counts nothing (model; reported on hardware, OQ-S30); on its
 * own the model's events move, so an idle one names itself. */
static enum verdict restrictions(struct tctx *t)
{
	const uint64_t llc = (snb_v2() ? EDGE_EV : V3_RXR_OCC) | SNB_EN;
	const uint64_t tor = SNB_TOR_ALL | SNB_EN, clk = snb_box_clk(0);
	const char *what = snb_v2() ? "LLC_LOOKUP" : "RxR_OCCUPANCY";
	const uint64_t w1[SNB_NCTR] = { llc, clk, llc, llc };
	const uint64_t w2[SNB_NCTR] = { tor, tor, clk, 0 };
	uint64_t a[SNB_NCTR], b[SNB_NCTR];

	TRY(v2_only(t));
	TRY(snb_quiet(t));
	TRY(snb_box_window(t, 0, w1, WIN_US, a));
	TRY(snb_box_window(t, 0, w2, WIN_US, b));
	TRY(snb_quiet(t));
	t_figure(t, "llc_lookup_ctr0_count", (int64_t)a[0], "count");
	t_figure(t, "llc_lookup_ctr2_count", (int64_t)a[2], "count");
	t_figure(t, "llc_lookup_ctr3_count", (int64_t)a[3], "count");
	t_figure(t, "tor_ctr0_count", (int64_t)b[0], "count");
	t_figure(t, "tor_ctr1_count", (int64_t)b[1], "count");
	CHECK(t, a[1] > 0 && b[2] > 0, "C-box 0 clockticks did not count in %u us", WIN_US);
	TRY(t_default(t, "OQ-S30", "an event outside its counters counts nothing",
		      !a[2] && !a[3] && !b[1], "%s on C-box 0 counters 2 and 3 counted %lu and %lu "
		      "(counter 0: %lu), TOR_OCCUPANCY.ALL on counter 1 %lu (counter 0: %lu); V-24 "
		      "allows neither", what, (unsigned long)a[2],
		      (unsigned long)a[3], (unsigned long)a[0], (unsigned long)b[1],
		      (unsigned long)b[0]));
	if (!a[0] || !b[0])
		return t_idle(t, "on counter 0, where V-24 lets them count, %s counted %lu and "
				 "TOR_OCCUPANCY.ALL %lu in %lu and %lu clockticks", what,
			      (unsigned long)a[0], (unsigned long)b[0], (unsigned long)a[1],
			      (unsigned long)b[2]);
	return V_PASS;
}

/* V-21, OQ-V6: the C-boxes of the part's cores answer; of the fifteen
 * register sets, one beyond them faults (model choice; reported on
 * hardware, where a slice may outlive its core). */
static enum verdict cbox_count(struct tctx *t)
{
	unsigned n, answered = 0;
	uint64_t v;
	int e;

	TRY(v2_only(t));
	for (n = 0; n < V2_MAX_CBOX; n++) {
		e = msr_read(plat_this_cpu(), SNB_C_CTL(n, 0), &v);
		if (e < 0)
			return t_error(t, "rdmsr 0x%x: backend error %d", SNB_C_CTL(n, 0), e);
		answered += !e;
		if (n < snb_ncbox())
			CHECK(t, !e, "C-box %u of the package's %u faulted (%d) (V-21)", n,
			      snb_ncbox(), e);
		else
			TRY(t_default(t, "OQ-V6", "a C-box beyond the part's cores faults",
				      e == VEC_GP, "C-box %u answered, the package has %u cores "
				      "(OQ-V6 model choice: #GP)", n, snb_ncbox()));
	}
	t_figure(t, "cboxes_answering_count", answered, "count");
	t_figure(t, "package_cores_count", snb_ncbox(), "count");
	return V_PASS;
}

/* V-18: FILTER0 (tid, state; the v3's and v4's link too) and FILTER1
 * (nid, opc, nc, isoc; their c6 too) of every C-box hold their fields
 * apart; OQ-V12: LNX's link (FILTER0 8:5) and c6
 * (FILTER1 29), reserved in the guide, read 0 (model), reported. */
static enum verdict cbox_filters(struct tctx *t)
{
	unsigned b;
	uint64_t f0, f1, x0, x1;
	int e0, e1;

	TRY(v2_only(t));
	for (b = 0; b < snb_ncbox(); b++) {
		WR(t, SNB_C_FILTER(b), V2_F0_DEFINED);
		WR(t, V2_C_FILTER1(b), V2_F1_DEFINED);
		RD(t, SNB_C_FILTER(b), &f0);
		RD(t, V2_C_FILTER1(b), &f1);
		CHECK(t, f0 == V2_F0_DEFINED && f1 == V2_F1_DEFINED, "C-box %u FILTER0 / FILTER1 "
		      "read 0x%lx / 0x%lx after 0x%llx / 0x%llx (V-18)", b, (unsigned long)f0,
		      (unsigned long)f1, (unsigned long long)V2_F0_DEFINED,
		      (unsigned long long)V2_F1_DEFINED);
		WR(t, V2_C_FILTER1(b), 0);
		RD(t, SNB_C_FILTER(b), &f0);
		CHECK(t, f0 == V2_F0_DEFINED, "C-box %u FILTER0 went 0x%llx -> 0x%lx when FILTER1 "
		      "was written 0 (V-18)", b, (unsigned long long)V2_F0_DEFINED,
		      (unsigned long)f0);
		WR(t, SNB_C_FILTER(b), 0);
	}
	if (!snb_v2()) /* LNX's link and c6 are the v3's and v4's fields (§3.3) */
		return V_PASS;
	e0 = msr_write(plat_this_cpu(), SNB_C_FILTER(0), 0xFull << 5);
	e1 = msr_write(plat_this_cpu(), V2_C_FILTER1(0), 1ull << 29);
	x0 = x1 = 0;
	if (!e0)
		RD(t, SNB_C_FILTER(0), &x0);
	if (!e1)
		RD(t, V2_C_FILTER1(0), &x1);
	WR(t, SNB_C_FILTER(0), 0);
	WR(t, V2_C_FILTER1(0), 0);
	t_figure(t, "filter0_link_reads_reg", e0 ? -1 : (int64_t)x0, "reg");
	t_figure(t, "filter1_c6_reads_reg", e1 ? -1 : (int64_t)x1, "reg");
	return t_default(t, "OQ-V12", "the guide's filter fields", !x0 && !x1, "LNX's link and c6 "
			 "bits read back 0x%lx / 0x%lx (OQ-V12 model choice: reserved, 0)",
			 (unsigned long)x0, (unsigned long)x1);
}

static const struct test tests[] = {
	{ .id = "snbep.v2.global-ctl", .desc = "GLOBAL_CTL: pmi_core_sel and wk_on_pmi read "
	  "back, the freeze bits read 0", .needs = NEED_UNCORE, .run = global_ctl },
	{ .id = "snbep.v2.freeze-all", .desc = "frz_all stops every box with frz_en and the "
	  "U-box, unfrz_all restarts them", .needs = NEED_UNCORE, .run = freeze_all },
	{ .id = "snbep.v2.overflow", .desc = "a wrap with ov_en sets box and global status and "
	  "freezes; without it nothing", .needs = NEED_UNCORE, .run = overflow },
	{ .id = "snbep.v2.pmi", .desc = "an overflow's PMI goes to the cores of pmi_core_sel "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = pmi },
	{ .id = "snbep.v2.no-invert", .desc = "bit 23 of the counter controls is reserved "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = no_invert },
	{ .id = "snbep.v2.thresh", .desc = "thresh 1, 2 and the field's top on C-box and PCU "
	  "clockticks", .needs = NEED_UNCORE, .run = thresh },
	{ .id = "snbep.v2.edge", .desc = "rising edges of x >= 2 on a C-box event",
	  .needs = NEED_UNCORE, .run = edge },
	{ .id = "snbep.v2.restrictions", .desc = "a restricted event and TOR_OCCUPANCY count on the "
	  "C-box counters V-24 allows, nothing elsewhere (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = restrictions },
	{ .id = "snbep.v2.cbox-count", .desc = "the part's C-boxes answer, those beyond fault "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = cbox_count },
	{ .id = "snbep.v2.cbox-filters", .desc = "the C-box's FILTER0 and FILTER1 hold their "
	  "fields apart", .needs = NEED_UNCORE, .run = cbox_filters },
};
const struct suite snbep_v2_suite = SUITE("snbep.v2", tests);
