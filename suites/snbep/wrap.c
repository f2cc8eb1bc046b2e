/* Counter widths and the silent wrap (S-36..S-40; OQ-S07, OQ-S16): C-box
 * and U-box counters wrap at 2^44, the PCU's at 2^48, the UCLK fixed
 * counter at 2^48 on the model (OQ-S07: reported on hardware); a wrap
 * changes nothing but the counter: no flag, no freeze, no PMI, and
 * counting goes on. SNB-EP has no uncore PMI at all, so the PMI tests of
 * the other generations SKIP here naming that. */
#include "suites/snbep/v2.h"
#include "suites/common/pmi.h"

/* Presets LEAD counts below a wrap; the counters then run RUN_US. LEAD is
 * 1 us of the slowest clock here (pclk, 800 MHz); RUN_US is 80 000 pclks
 * and ~10^5 uncore clocks, so the wrap is far behind and the count past it
 * (m) far below the preset. */
#define LEAD   800ull
#define RUN_US 100
#define VEC    0xF5   /* C-32: >= 0x20; one of its own */

/* A clockticks counter of box b preset to `at` - LEAD, run RUN_US frozen
 * before and after: its value. */
static enum verdict run_from(struct tctx *t, unsigned b, uint64_t at, uint64_t *v)
{
	TRY(snb_all_clk(t));
	WR(t, snb_box_ctr(b, 0), at - LEAD);
	WR(t, snb_box_ctl(b), SNB_RUN);
	plat_stall_us(RUN_US);
	WR(t, snb_box_ctl(b), SNB_FROZEN);
	RD(t, snb_box_ctr(b, 0), v);
	return V_PASS;
}

/* S-36, V-16: every C-box's counter wraps at its width (2^44; 2^48 on the
 * E5 v3 and v4), bits above it read 0, and a U-box counter at its own
 * (2^44; 2^48 on the v4) (LOCK_CYCLES from split-free time on the model;
 * on hardware only if it moved: the event needs split locks, reported). */
static enum verdict cbox_ubox(struct tctx *t)
{
	unsigned b, wc = snb_map()->w_cbox, wu = snb_map()->w_ubox;
	uint64_t v;

	for (b = 0; b < snb_ncbox(); b++) {
		TRY(run_from(t, b, 1ull << wc, &v));
		CHECK(t, v < (1ull << wc) - LEAD && v > 0, "%s counter preset 2^%u - %lu reads "
		      "0x%lx after %u us: want a wrap at 2^%u to a small count (S-36, V-16)",
		      snb_box_name(b), wc, (unsigned long)LEAD, (unsigned long)v, RUN_US, wc);
	}
	TRY(snb_quiet(t));
	WR(t, SNB_U_CTR(0), SNB_W_UBOX);
	WR(t, SNB_U_CTL(0), SNB_EN | SNB_U_LOCK);
	plat_stall_us(RUN_US);
	WR(t, SNB_U_CTL(0), SNB_U_LOCK);
	RD(t, SNB_U_CTR(0), &v);
	t_figure(t, "ubox_after_wrap_count", (int64_t)v, "count");
	if (v != SNB_W_UBOX)
		CHECK(t, v < SNB_W_UBOX, "U-box counter preset 2^%u - 1 reads 0x%lx after counting: "
		      "want a wrap at 2^%u (S-36, V-16)", wu, (unsigned long)v, wu);
	else
		TRY(t_still(t, "U-box LOCK_CYCLES did not count in %u us", RUN_US));
	return snb_quiet(t);
}

/* S-37: the PCU counts past 2^44 and wraps at 2^48. */
static enum verdict pcu48(struct tctx *t)
{
	unsigned p = snb_ncbox();
	uint64_t v, w;

	TRY(run_from(t, p, 1ull << 44, &v));
	TRY(run_from(t, p, 1ull << 48, &w));
	CHECK(t, v >= 1ull << 44 && v < 1ull << 45, "PCU counter preset 2^44 - %lu reads 0x%lx "
	      "after %u us: want past 2^44, no wrap there (S-37)", (unsigned long)LEAD,
	      (unsigned long)v, RUN_US);
	CHECK(t, w > 0 && w < 1ull << 44, "PCU counter preset 2^48 - %lu reads 0x%lx after %u us: "
	      "want a wrap at 2^48 to a small count (S-37)", (unsigned long)LEAD,
	      (unsigned long)w, RUN_US);
	return snb_quiet(t);
}

/* The UCLK fixed counter from `preset`, RUN_US with en. A preset beyond a
 * 44-bit counter may fault on hardware (OQ-S16): *v is then ~0. */
static enum verdict uclk_from(struct tctx *t, uint64_t preset, uint64_t *v)
{
	int e;

	WR(t, SNB_U_FIXED_CTL, 0);
	e = msr_write(plat_this_cpu(), SNB_U_FIXED_CTR, preset);
	if (e < 0)
		return t_error(t, "wrmsr 0x%x faulted (%d)", SNB_U_FIXED_CTR, e);
	TRY(t_default(t, "OQ-S16", "a counter write above the width does not fault", !e, "wrmsr "
		      "0x%x of 0x%lx faulted (%d) (OQ-S07 model choice: 48 bits, OQ-S16)",
		      SNB_U_FIXED_CTR, (unsigned long)preset, e));
	*v = ~0ull;
	if (e)
		return V_PASS;
	WR(t, SNB_U_FIXED_CTL, SNB_EN);
	plat_stall_us(RUN_US);
	WR(t, SNB_U_FIXED_CTL, 0);
	RD(t, SNB_U_FIXED_CTR, v);
	return V_PASS;
}

/* S-38, OQ-S07: the guide says both 44 and 48 bits. From 2^48 - LEAD it
 * wraps either way (BOTH); from 2^44 - LEAD it wraps only if 44 bits wide:
 * the model's 48 asserted, hardware's width reported (uclk_width). */
static enum verdict uclk(struct tctx *t)
{
	uint64_t v, w;

	TRY(snb_quiet(t));
	TRY(uclk_from(t, (1ull << 44) - LEAD, &v));
	TRY(uclk_from(t, (1ull << 48) - LEAD, &w));
	t_figure(t, "uclk_width_bits", v < (1ull << 44) - LEAD ? 44 : 48, "bits");
	t_figure(t, "uclk_2p48_preset_faulted_bool", w == ~0ull, "bool");
	CHECK(t, w == ~0ull || w < (1ull << 47), "UCLK fixed counter preset 2^48 - %lu reads "
	      "0x%lx after %u us: want a wrap (S-38)", (unsigned long)LEAD, (unsigned long)w,
	      RUN_US);
	TRY(t_default(t, "OQ-S07", "the UCLK fixed counter is 48 bits wide", v >= 1ull << 44,
		      "UCLK fixed counter preset 2^44 - %lu reads 0x%lx: wrapped at 2^44 (OQ-S07 "
		      "model choice: 48 bits)", (unsigned long)LEAD, (unsigned long)v));
	return snb_quiet(t);
}

/* S-05, OQ-S16: counter bits above the width. The model drops them
 * (asserted); hardware may fault or drop them (reported: upper_write_fault,
 * upper_read). Boxes frozen, so the value read is the value kept. */
static enum verdict upper(struct tctx *t)
{
	static const uint64_t junk = 1ull << 50 | 0x1234;
	uint64_t v;
	unsigned b;
	int e;

	TRY(snb_all_clk(t));
	for (b = 0; b < snb_nboxes(); b++) {
		uint64_t mask = snb_is_pcu(b) ? SNB_W48 : SNB_W_CBOX;

		e = msr_write(plat_this_cpu(), snb_box_ctr(b, 0), junk);
		if (e < 0)
			return t_error(t, "wrmsr 0x%x: backend error %d", snb_box_ctr(b, 0), e);
		RD(t, snb_box_ctr(b, 0), &v);
		if (!b || snb_is_pcu(b)) {
			t_figure(t, snb_is_pcu(b) ? "pcu_upper_write_fault_vector" :
				 "cbox_upper_write_fault_vector", e, "vector");
			t_figure(t, snb_is_pcu(b) ? "pcu_upper_read_reg" : "cbox_upper_read_reg",
				 (int64_t)v, "reg");
		}
		TRY(t_default(t, "OQ-S16", "counter bits above the width dropped", !e && v ==
			      (junk & mask), "%s counter written 0x%lx reads 0x%lx (fault %d): want "
			      "the bits above the width dropped (S-05, OQ-S16 model choice)",
			      snb_box_name(b), (unsigned long)junk, (unsigned long)v, e));
		CHECK(t, (v & ~mask) == 0, "%s counter reads 0x%lx: bits above its %u-bit width set "
		      "(S-36, S-37, V-16)", snb_box_name(b), (unsigned long)v,
		      snb_is_pcu(b) ? 48 : snb_map()->w_cbox);
	}
	return snb_quiet(t);
}

static volatile unsigned pmis;
static void on_pmi(unsigned vector)
{
	(void)vector;
	pmis++;
}

/* S-39, S-15, S-40: C-box 0, the PCU and the UCLK fixed counter wrap with
 * the BSP's PMI path open (LVTPC fixed vector, DEBUGCTL bit 13 as for an
 * uncore PMI elsewhere). Afterwards: no PMI (pmi_quiesce: every PMI owed
 * has been taken), every control reads as written, and every box still
 * counts, the wrapped ones included (nothing froze). */
static enum verdict silent(struct tctx *t)
{
	struct pmi_path p;
	uint64_t a[25], b[25], c; /* the most C-boxes (24, V-21) and the PCU */
	unsigned x, k, p_box = snb_ncbox(), me = plat_this_cpu(), wc = snb_map()->w_cbox;
	enum verdict v;
	int rc, e;

	TRY(snb_all_clk(t));
	WR(t, snb_box_ctr(0, 0), (1ull << wc) - LEAD);
	WR(t, snb_box_ctr(p_box, 0), (1ull << 48) - LEAD);
	WR(t, SNB_U_FIXED_CTR, (1ull << 48) - LEAD);
	pmis = 0;
	v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);
	if (v != V_PASS)
		return v;
	e = msr_write(me, SNB_U_FIXED_CTL, SNB_EN);
	for (x = 0; x < snb_nboxes() && !e; x++)
		e = msr_write(me, snb_box_ctl(x), SNB_RUN);
	plat_stall_us(10 * RUN_US);
	rc = pmi_quiesce(PMI_BSP_ONLY);
	pmi_path_close(&p);
	if (e)
		return t_error(t, "starting the counters faulted (%d)", e);
	if (rc)
		return t_error(t, "the BSP did not take the PMI fence (%d)", rc);
	CHECK(t, pmis == 0, "%u PMI(s) after counters wrapped: SNB-EP has no uncore PMI (S-39, "
	      "S-40)", pmis);
	for (x = 0; x < snb_nboxes(); x++) {
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, snb_box_ctlk(x, k), &c);
			CHECK(t, c == snb_box_clk(x), "%s CTL%u reads 0x%lx after a wrap, want 0x%lx "
			      "(S-39)", snb_box_name(x), k, (unsigned long)c,
			      (unsigned long)snb_box_clk(x));
		}
		RD(t, snb_box_ctr(x, 0), &a[x]);
	}
	RD(t, SNB_U_FIXED_CTL, &c);
	CHECK(t, c == SNB_EN, "UCLK FIXED_CTL reads 0x%lx after its wrap (S-39)",
	      (unsigned long)c);
	plat_stall_us(RUN_US);
	for (x = 0; x < snb_nboxes(); x++) {
		RD(t, snb_box_ctr(x, 0), &b[x]);
		CHECK(t, b[x] > a[x], "%s stopped counting after a wrap (0x%lx -> 0x%lx): nothing "
		      "freezes a box but its BOX_CTL (S-15, S-39)", snb_box_name(x),
		      (unsigned long)a[x], (unsigned long)b[x]);
	}
	CHECK(t, a[0] < 1ull << (wc - 1) && a[p_box] < 1ull << 47, "C-box 0 (0x%lx) or the PCU "
	      "(0x%lx) did not wrap (S-36, S-37)", (unsigned long)a[0], (unsigned long)a[p_box]);
	return snb_quiet(t);
}

/* S-40: no CTL bit requests a PMI and no register routes one on 0x2D. */
static enum verdict no_pmi(struct tctx *t)
{
	if (snb_global()) /* V-07: its routing register and ov_en */
		return t_na(t, snb_v2() ? "the E5 v2's uncore PMI is snbep.v2.pmi's (V-07)" :
			    "the E5 v3's and v4's uncore PMI is snbep.v2.pmi's (V-07, OQ-V4)");
	return t_skip(t, "no uncore PMI on model 0x2D (S-40): no overflow-enable bit, no "
		      "routing register");
}

static const struct test tests[] = {
	{ .id = "snbep.width.cbox-ubox", .desc = "C-box and U-box counters wrap at their width "
	  "(2^44; the C-box's 2^48 on the v3 and v4, the U-box's on the v4)",
	  .needs = NEED_UNCORE, .run = cbox_ubox },
	{ .id = "snbep.width.pcu", .desc = "PCU counters count past 2^44 and wrap at 2^48",
	  .needs = NEED_UNCORE, .run = pcu48 },
	{ .id = "snbep.width.uclk", .desc = "the UCLK fixed counter wraps at 2^48 (2^44: OQ-S07, "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = uclk },
	{ .id = "snbep.width.upper-bits", .desc = "counter bits above the width are not kept "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = upper },
	{ .id = "snbep.wrap.silent", .desc = "a wrap raises no PMI, changes no control and freezes "
	  "nothing", .needs = NEED_UNCORE, .run = silent },
	{ .id = "snbep.pmi.route", .desc = "uncore PMI routing (none on this generation)",
	  .needs = NEED_UNCORE, .run = no_pmi },
	{ .id = "snbep.pmi.freeze", .desc = "freeze on an uncore PMI (none on this generation)",
	  .needs = NEED_UNCORE, .run = no_pmi },
};
const struct suite snbep_width_suite = SUITE("snbep.width", tests);
