/* Box control (S-07..S-15, S-41; OQ-S02, OQ-S03, OQ-S13): the set-up
 * sequence of the guide, the two resets, freeze and unfreeze, each acting
 * on its own box only. Every box counts its clockticks (C-box 0x00, PCU
 * 0x00 at 800 MHz, S-44), which run in every cycle on hardware too, so a
 * counter that should move does without any workload. */
#include "suites/snbep/v2.h"

#define MAXB 25 /* the most C-boxes of a generation (24, V-21) and the PCU */
/* A running window: 100 us is 80 000 pclks and ~10^5 uncore clocks, so a
 * counting counter moves by thousands at least; two reads of a stopped one
 * this far apart must be equal (S-11). */
#define RUN_US 100
/* Presets: distinct per box and counter, bit 43 set so that the stored
 * value shows all 44 bits (S-05, S-36), far below any wrap. */
#define PRESET(b, k) (0x80000000000ull | (uint64_t)((b) + 1) << 36 | (uint64_t)((k) + 1) << 28)

/* Each box's filter: defined bits (C-box tid, §3.6; PCU band bytes, §3.4),
 * distinct per box, which leave clockticks alone. */
#define FILT(b) (0x11u + (b))
static uint32_t filter_of(unsigned b)
{
	return snb_is_pcu(b) ? SNB_P_FILTER : SNB_C_FILTER(b);
}

/* The U-box, which has no BOX_CTL (§2.1): its controls hold an event with
 * en = 0 and its counters presets, so that they stay still (S-16) and
 * only a reset could change them. */
#define U_CTL_SET (SNB_U_LOCK | SNB_THRESH(3) | snb_inv()) /* V-12: none on the v2 */
#define U_PRESET(k) (0x70000000000ull + (k))

/* Every counter of every box at PRESET, frozen, counting clockticks once
 * unfrozen (S-05: a frozen counter takes writes); the filters at FILT,
 * the U-box as above. */
static enum verdict preset_all(struct tctx *t)
{
	unsigned b, k;
	uint64_t v;

	TRY(snb_all_clk(t));
	for (k = 0; k < 2; k++) {
		WR(t, SNB_U_CTL(k), U_CTL_SET);
		WR(t, SNB_U_CTR(k), U_PRESET(k));
	}
	WR(t, SNB_U_FIXED_CTR, U_PRESET(2));
	for (b = 0; b < snb_nboxes(); b++) {
		WR(t, filter_of(b), FILT(b));
		for (k = 0; k < SNB_NCTR; k++) {
			WR(t, snb_box_ctr(b, k), PRESET(b, k));
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v == PRESET(b, k), "%s counter %u reads 0x%lx after writing 0x%lx "
			      "while frozen (S-05)", snb_box_name(b), k, (unsigned long)v,
			      (unsigned long)PRESET(b, k));
		}
	}
	return V_PASS;
}

/* The U-box keeps its presets and controls, which no BOX_CTL reaches
 * (S-14: a BOX_CTL acts on its own box; the U-box has none, §2.1). */
static enum verdict ubox_kept(struct tctx *t, const char *after)
{
	unsigned k;
	uint64_t v, c;

	for (k = 0; k < 3; k++) {
		RD(t, k < 2 ? SNB_U_CTR(k) : SNB_U_FIXED_CTR, &v);
		RD(t, k < 2 ? SNB_U_CTL(k) : SNB_U_FIXED_CTL, &c);
		CHECK(t, v == U_PRESET(k) && c == (k < 2 ? U_CTL_SET : 0), "U-box %s %u / its "
		      "control read 0x%lx / 0x%lx after %s, want 0x%lx / 0x%lx (S-14)",
		      k < 2 ? "counter" : "UCLK fixed counter", k, (unsigned long)v,
		      (unsigned long)c, after, (unsigned long)U_PRESET(k),
		      (unsigned long)(k < 2 ? U_CTL_SET : 0));
	}
	return V_PASS;
}

/* Every box but `skip` (-1: none) still holds its presets, its controls
 * and its filter; the U-box too. */
static enum verdict others_kept(struct tctx *t, int skip, const char *after)
{
	unsigned b, k;
	uint64_t v, c;

	TRY(ubox_kept(t, after));
	for (b = 0; b < snb_nboxes(); b++) {
		if ((int)b != skip) {
			RD(t, filter_of(b), &v);
			CHECK(t, v == FILT(b), "%s filter went 0x%x -> 0x%lx after %s (S-14)",
			      snb_box_name(b), FILT(b), (unsigned long)v, after);
		}
		for (k = 0; k < SNB_NCTR && (int)b != skip; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			RD(t, snb_box_ctlk(b, k), &c);
			CHECK(t, v == PRESET(b, k), "%s counter %u went 0x%lx -> 0x%lx after %s "
			      "(S-14: a BOX_CTL acts on its own box)", snb_box_name(b), k,
			      (unsigned long)PRESET(b, k), (unsigned long)v, after);
			CHECK(t, c == snb_box_clk(b), "%s CTL%u went 0x%lx -> 0x%lx after %s (S-14)",
			      snb_box_name(b), k, (unsigned long)snb_box_clk(b), (unsigned long)c,
			      after);
		}
	}
	return V_PASS;
}

/* S-41: (a) frz_en, (b) frz, (c) en, (d) event and filter, (e) 0x10102
 * zeroes every counter and keeps the box frozen, (f) 0x10000 starts it.
 * The U-box (no BOX_CTL): en with ev_sel 0 counts nothing (S-18; reported
 * on hardware, where it may be UNC_U_CLOCKTICKS, OQ-S31), its counters
 * are written 0, and the real event goes in just before (f).
 * Counters hold junk before (e), so a zero read after it is the reset's. */
static enum verdict setup(struct tctx *t)
{
	uint64_t a[MAXB][SNB_NCTR], v, u0, u1;
	unsigned b, k, nb = snb_nboxes();

	for (b = 0; b < nb; b++) {
		WR(t, snb_box_ctl(b), SNB_FRZ_EN);  /* a */
		WR(t, snb_box_ctl(b), SNB_FROZEN);  /* b */
		for (k = 0; k < SNB_NCTR; k++) {
			WR(t, snb_box_ctlk(b, k), SNB_EN);          /* c */
			WR(t, snb_box_ctlk(b, k), snb_box_clk(b));  /* d */
			WR(t, snb_box_ctr(b, k), PRESET(b, k));     /* junk to be reset */
		}
		WR(t, filter_of(b), 0);
		WR(t, snb_box_ctl(b), SNB_FROZEN | SNB_RST_CTRS); /* e */
	}
	WR(t, SNB_U_CTL(0), SNB_EN); /* U-box: en, ev_sel 0 */
	WR(t, SNB_U_CTR(0), 0);
	plat_stall_us(RUN_US);
	for (b = 0; b < nb; b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v == 0, "%s counter %u reads 0x%lx %u us after step e "
			      "(0x10102): want 0, zeroed and frozen (S-41, S-07, S-11)",
			      snb_box_name(b), k, (unsigned long)v, RUN_US);
		}
	RD(t, SNB_U_CTR(0), &u0);
	t_figure(t, "ubox_ev_sel0_count", (int64_t)u0, "count");
	TRY(t_default(t, "OQ-S31", "U-box ev_sel 0 is an idle select", u0 == 0, "U-box counter "
		      "0 with en and ev_sel 0 reads 0x%lx (S-18, S-41, S-63)", (unsigned long)u0));
	WR(t, SNB_U_CTR(0), 0);
	WR(t, SNB_U_CTL(0), SNB_EN | SNB_U_LOCK);
	TRY(snb_box_all(t, SNB_RUN, -1)); /* f */
	for (b = 0; b < nb; b++)
		TRY(snb_read_box(t, b, a[b]));
	plat_stall_us(RUN_US);
	for (b = 0; b < nb; b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v > a[b][k], "%s counter %u went 0x%lx -> 0x%lx in %u us after "
			      "step f (0x10000): want counting (S-41, S-13)", snb_box_name(b), k,
			      (unsigned long)a[b][k], (unsigned long)v, RUN_US);
		}
	RD(t, SNB_U_CTR(0), &u1);
	t_figure(t, "ubox_lock_cycles", (int64_t)u1, "cycles");
	TRY(snb_quiet(t));
	return V_PASS;
}

/* S-07, S-08, S-14: each box in turn, counters preset and controls on
 * clockticks, frozen, takes one reset: rst_ctrs (0x10102) zeroes its four
 * counters and keeps its controls, rst_ctrl (0x10101) the other way round;
 * every other box keeps counters, controls and filter, and the U-box
 * (no BOX_CTL) its counters and controls. Whether the box's own filter
 * survives is OQ-S17 (the model keeps it: asserted there, reported on
 * hardware). */
static enum verdict one_reset(struct tctx *t, uint64_t bit)
{
	bool ctrs = bit == SNB_RST_CTRS;
	const char *what = ctrs ? "rst_ctrs (S-07)" : "rst_ctrl (S-08)";
	unsigned b, k;
	uint64_t v, c, f, want_v, want_c;

	for (b = 0; b < snb_nboxes(); b++) {
		TRY(preset_all(t));
		WR(t, snb_box_ctl(b), SNB_FROZEN | bit);
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			RD(t, snb_box_ctlk(b, k), &c);
			want_v = ctrs ? 0 : PRESET(b, k);
			want_c = ctrs ? snb_box_clk(b) : 0;
			CHECK(t, v == want_v && c == want_c, "%s counter %u / CTL%u read 0x%lx / 0x%lx "
			      "after %s, want 0x%lx / 0x%lx", snb_box_name(b), k, k, (unsigned long)v,
			      (unsigned long)c, what, (unsigned long)want_v, (unsigned long)want_c);
		}
		RD(t, filter_of(b), &f);
		if (!b)
			t_figure(t, "filter_after_reset_reg", (int64_t)f, "reg");
		TRY(t_default(t, "OQ-S17", "rst_ctrl leaves the filter", f == FILT(b), "%s filter "
			      "reads 0x%lx after %s, want 0x%x (OQ-S17 model choice)",
			      snb_box_name(b), (unsigned long)f, what, FILT(b)));
		TRY(others_kept(t, (int)b, ctrs ? "another box's rst_ctrs" : "another box's rst_ctrl"));
	}
	return snb_quiet(t);
}

static enum verdict rst_ctrs(struct tctx *t) { return one_reset(t, SNB_RST_CTRS); }
static enum verdict rst_ctrl(struct tctx *t) { return one_reset(t, SNB_RST_CTRL); }

/* S-09: the resets act on a written 1 only: 0x10100 again and 0x10000
 * keep the counters (frozen: equal; running: from the preset on). S-10:
 * one write combines them: 0x10103 zeroes controls and counters and stays
 * frozen; 0x10002 zeroes the counters and runs. */
static enum verdict combined(struct tctx *t)
{
	unsigned b, k;
	uint64_t v, c;

	TRY(preset_all(t));
	TRY(snb_box_all(t, SNB_FROZEN, -1));
	TRY(others_kept(t, -1, "writing 0x10100 to every BOX_CTL (S-09)"));
	TRY(snb_box_all(t, SNB_RUN, -1));
	plat_stall_us(RUN_US);
	TRY(snb_box_all(t, SNB_FROZEN, -1));
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v > PRESET(b, k) && v - PRESET(b, k) < 1ull << 36, "%s counter %u "
			      "went 0x%lx -> 0x%lx running %u us after 0x10000: want counting on "
			      "from the preset (S-09, S-13)", snb_box_name(b), k,
			      (unsigned long)PRESET(b, k), (unsigned long)v, RUN_US);
		}
	TRY(snb_box_all(t, SNB_RUN | SNB_RST_CTRS, -1)); /* 0x10002 */
	plat_stall_us(RUN_US);
	TRY(snb_box_all(t, SNB_FROZEN, -1));
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			CHECK(t, v > 0 && v < PRESET(0, 0), "%s counter %u reads 0x%lx %u us after "
			      "0x10002: want zeroed, then counting (S-10)", snb_box_name(b), k,
			      (unsigned long)v, RUN_US);
		}
	TRY(snb_box_all(t, SNB_FROZEN | SNB_RST_CTRL | SNB_RST_CTRS, -1)); /* 0x10103 */
	for (b = 0; b < snb_nboxes(); b++)
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctr(b, k), &v);
			RD(t, snb_box_ctlk(b, k), &c);
			CHECK(t, v == 0 && c == 0, "%s counter %u / CTL%u read 0x%lx / 0x%lx after "
			      "0x10103: want both 0 (S-10)", snb_box_name(b), k, k,
			      (unsigned long)v, (unsigned long)c);
		}
	return snb_quiet(t);
}

/* Counter 0 of every box, and the TSC between the first and last read. */
static enum verdict snap(struct tctx *t, uint64_t v[MAXB], uint64_t *tsc)
{
	unsigned b;

	tsc[0] = plat_tsc();
	for (b = 0; b < snb_nboxes(); b++)
		RD(t, snb_box_ctr(b, 0), &v[b]);
	tsc[1] = plat_tsc();
	return V_PASS;
}

/* S-11, S-13, S-14 for box f: frozen (0x10100), its counters hold over
 * HOLD_US while every other box counts on; unfrozen (0x10000), it resumes
 * from the held value, adding no more than it can count in the time since
 * the unfreezing write (S-13: nothing of the frozen time is added). Rates:
 * each box's own, measured just before over RUN_US of TSC, with 2x
 * margin for clocks that vary (S-45) and for the reads' own time. */
#define HOLD_US 2000
static enum verdict freeze_one(struct tctx *t, unsigned f)
{
	uint64_t a[MAXB], b[MAXB], c[MAXB], d[MAXB], ta[2], tb[2], tc[2], td[2], rate_n, rate_d;
	unsigned x;

	TRY(snb_all_clk(t));
	TRY(snb_box_all(t, SNB_RUN, -1));
	TRY(snap(t, a, ta));
	plat_stall_us(RUN_US);
	TRY(snap(t, b, tb));
	rate_n = b[f] - a[f];
	rate_d = tb[0] - ta[1]; /* the shortest span: the highest rate */
	WR(t, snb_box_ctl(f), SNB_FROZEN);
	TRY(snap(t, c, tc));
	plat_stall_us(HOLD_US);
	TRY(snap(t, d, td));
	CHECK(t, rate_n > 0, "%s counter 0 did not move in %u us of counting (S-16)",
	      snb_box_name(f), RUN_US);
	CHECK(t, c[f] == d[f], "%s frozen (0x10100): counter 0 went 0x%lx -> 0x%lx in %u us "
	      "(S-11)", snb_box_name(f), (unsigned long)c[f], (unsigned long)d[f], HOLD_US);
	for (x = 0; x < snb_nboxes(); x++)
		CHECK(t, x == f || d[x] > c[x], "%s stopped counting (0x%lx -> 0x%lx) while %s "
		      "was frozen (S-14)", snb_box_name(x), (unsigned long)c[x],
		      (unsigned long)d[x], snb_box_name(f));
	ta[0] = plat_tsc();
	WR(t, snb_box_ctl(f), SNB_RUN);
	RD(t, snb_box_ctr(f, 0), &a[f]);
	ta[1] = plat_tsc();
	CHECK(t, a[f] >= d[f], "%s counter 0 went back from 0x%lx to 0x%lx on unfreezing (S-13)",
	      snb_box_name(f), (unsigned long)d[f], (unsigned long)a[f]);
	CHECK(t, (a[f] - d[f]) * rate_d <= 2 * rate_n * (ta[1] - ta[0]) + 2 * rate_n,
	      "%s counter 0 added %lu on unfreezing, more than it counts in the %lu TSC "
	      "ticks since: the frozen %u us were added (S-13)", snb_box_name(f),
	      (unsigned long)(a[f] - d[f]), (unsigned long)(ta[1] - ta[0]), HOLD_US);
	return V_PASS;
}

static enum verdict freeze(struct tctx *t)
{
	unsigned f;

	for (f = 0; f < snb_nboxes(); f++)
		TRY(freeze_one(t, f));
	return snb_quiet(t);
}

/* S-12, OQ-S03: frz without frz_en (0x100) does not freeze. The guide's
 * reading, the model's choice: asserted on the model, reported on
 * hardware (freezes_without_frz_en). */
static enum verdict frz_needs_en(struct tctx *t)
{
	uint64_t a[MAXB], b[MAXB], ta[2], tb[2];
	unsigned x, froze = 0;

	TRY(snb_all_clk(t));
	TRY(snb_box_all(t, SNB_RUN, -1));
	TRY(snb_box_all(t, SNB_FRZ, -1));
	TRY(snap(t, a, ta));
	plat_stall_us(RUN_US);
	TRY(snap(t, b, tb));
	for (x = 0; x < snb_nboxes(); x++)
		froze += a[x] == b[x];
	t_figure(t, "boxes_frozen_by_frz_alone_count", froze, "count");
	for (x = 0; x < snb_nboxes(); x++)
		TRY(t_default(t, "OQ-S03", "frz without frz_en has no effect", b[x] > a[x], "%s "
			      "stopped with BOX_CTL = 0x100, frz without frz_en (S-12, OQ-S03)",
			      snb_box_name(x)));
	return snb_quiet(t);
}

/* OQ-S02: BOX_CTL's fields are write-only. The model reads 0 (asserted);
 * hardware's read-back after 0x10100 is reported (box_ctl_reads). */
static enum verdict ctl_reads(struct tctx *t)
{
	unsigned b;
	uint64_t v;
	int e;

	TRY(snb_all_clk(t));
	for (b = 0; b < snb_nboxes(); b++) {
		e = msr_read(plat_this_cpu(), snb_box_ctl(b), &v);
		if (!b) {
			t_figure(t, "box_ctl_read_fault_vector", e, "vector");
			t_figure(t, "box_ctl_reads_reg", e ? -1 : (int64_t)v, "reg");
		}
		TRY(t_default(t, "OQ-S02", "BOX_CTL reads 0", !e, "reading %s BOX_CTL faulted (%d)",
			      snb_box_name(b), e));
		TRY(t_default(t, "OQ-S02", "BOX_CTL reads 0", !e && v == 0, "%s BOX_CTL reads 0x%lx "
			      "after 0x10100: its fields are write-only and read 0 (OQ-S02)",
			      snb_box_name(b), (unsigned long)v));
	}
	return snb_quiet(t);
}

/* S-64, OQ-S02: Linux's disable_box reads BOX_CTL, sets frz and writes it
 * back. With write-only fields read as 0 (the model) the write is frz
 * without frz_en, which freezes nothing (S-12): C-box 0, running on
 * clockticks, keeps counting. Asserted on the model; on hardware whether
 * the read-modify-write froze the box is reported (linux_disable_froze_bool),
 * which settles whether BOX_CTL reads back. */
static enum verdict linux_disable(struct tctx *t)
{
	uint64_t v, a, b;

	TRY(snb_all_clk(t));
	WR(t, snb_box_ctl(0), SNB_RUN);
	RD(t, snb_box_ctl(0), &v);
	WR(t, snb_box_ctl(0), v | SNB_FRZ); /* Linux snbep_uncore_msr_disable_box */
	RD(t, snb_box_ctr(0, 0), &a);
	plat_stall_us(RUN_US);
	RD(t, snb_box_ctr(0, 0), &b);
	t_figure(t, "linux_disable_froze_bool", a == b, "bool");
	t_figure(t, "box_ctl_read_while_running_reg", (int64_t)v, "reg");
	TRY(t_default(t, "OQ-S02", "BOX_CTL reads 0", b > a, "C-box 0 %s after Linux's "
		      "read-modify-write of BOX_CTL (read 0x%lx, wrote 0x%lx): BOX_CTL reads back, "
		      "so frz_en was kept (S-64)", a == b ? "froze" : "counted", (unsigned long)v,
		      (unsigned long)(v | SNB_FRZ)));
	return snb_quiet(t);
}

/* S-03, OQ-S01: IVB-EP's global and status registers are not on 0x2D. Read
 * through the fault-catching path only: the model faults (asserted);
 * hardware's answer is reported, never asserted. */
static enum verdict absent(struct tctx *t)
{
	static const uint32_t msrs[] = { 0xC00, 0xC01, 0xC06, 0xC15, 0xC35 };
	unsigned i;
	uint64_t v;
	char name[24];
	int e;

	if (snb_global())
		return t_na(t, "the E5 v2, v3 and v4 have a global layer (V-03..V-05, V-13)");
	for (i = 0; i < ARRAY_SIZE(msrs); i++) {
		v = 0;
		e = msr_read(plat_this_cpu(), msrs[i], &v);
		snprintf(name, sizeof(name), "msr_%x_fault_vector", (unsigned)msrs[i]);
		t_figure(t, name, e, "vector");
		if (e < 0)
			return t_error(t, "rdmsr 0x%x: backend error %d", (unsigned)msrs[i], e);
		TRY(t_default(t, "OQ-S01", "no Ivy Bridge-EP global registers on 0x2D", e == VEC_GP,
			      "rdmsr 0x%x (an Ivy Bridge-EP register) returned 0x%lx without #GP "
			      "(S-03, OQ-S01)", (unsigned)msrs[i], (unsigned long)v));
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "snbep.box.setup", .desc = "the guide's set-up sequence leaves every counter 0 and "
	  "frozen, then counting", .needs = NEED_UNCORE, .run = setup },
	{ .id = "snbep.box.rst-ctrs", .desc = "rst_ctrs zeroes its box's counters, not its "
	  "controls nor another box", .needs = NEED_UNCORE, .run = rst_ctrs },
	{ .id = "snbep.box.rst-ctrl", .desc = "rst_ctrl zeroes its box's controls and keeps the "
	  "counters", .needs = NEED_UNCORE, .run = rst_ctrl },
	{ .id = "snbep.box.combined", .desc = "resets act on a 1 only; one write combines reset "
	  "and freeze", .needs = NEED_UNCORE, .run = combined },
	{ .id = "snbep.box.freeze", .desc = "a frozen box holds, resumes from the held value, and "
	  "no other box stops", .needs = NEED_UNCORE, .run = freeze },
	{ .id = "snbep.box.frz-needs-en", .desc = "frz without frz_en does not freeze (model; "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = frz_needs_en },
	{ .id = "snbep.box.linux-disable", .desc = "Linux's read-modify-write disable_box "
	  "freezes nothing where BOX_CTL reads 0 (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = linux_disable },
	{ .id = "snbep.box.ctl-reads", .desc = "BOX_CTL reads 0 (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = ctl_reads },
	{ .id = "snbep.box.absent-globals", .desc = "0xC00, 0xC01, 0xC06, 0xC15, 0xC35 fault "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = absent },
};
const struct suite snbep_box_suite = SUITE("snbep.box", tests);
