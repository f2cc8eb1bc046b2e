/* The Xeon Scalable tests (spec xeon-sp-uncore.md): the CHAs CAPID6 names
 * (K-14), box control on every MSR box type the model has (K-06), the
 * global freeze at 63/61 (K-03, K-04), widths (K-10), threshold, invert and
 * edge on clockticks (K-07, K-09), the CHA's filters and tid (K-12, K-13),
 * its counter restrictions (K-15), overflow to the box and global status
 * and their clearing (K-08). Clockticks (CHA and PCU event 0x00, IIO and
 * IRP 0x01) run in every cycle on hardware too. The IIO's free-running
 * counters and the I/O boxes' overflow: suites/skx/io.c. */
#include "suites/skx/skx.h"

#define RUN_US 100     /* thousands of clocks at least */
#define WIN_US 200

/* The CHA count, or the test's N/A where CAPID6 is out of reach. */
static enum verdict ncha_of(struct tctx *t, unsigned *n)
{
	char why[T_REASON_LEN - 40];

	*n = skx_ncha(why, sizeof(why));
	if (*n)
		return V_PASS;
	return t_error(t, "%s", why);
}

/* K-14: CHAs 0..n-1 answer; one beyond faults (OQ-K9 model choice). */
static enum verdict cha_count(struct tctx *t)
{
	unsigned n, c, answered = 0;
	uint64_t v;
	int e;

	TRY(ncha_of(t, &n));
	t_figure(t, "capid6_chas_count", n, "count");
	CHECK(t, n <= SKX_MAX_CHA, "CAPID6 names %u CHAs, more than %u (K-14)", n, SKX_MAX_CHA);
	for (c = 0; c < SKX_MAX_CHA; c++) {
		e = msr_read(plat_this_cpu(), SKX_C_CTR(c, 0), &v);
		if (e < 0)
			return t_error(t, "rdmsr 0x%x: backend error %d", SKX_C_CTR(c, 0), e);
		answered += !e;
		if (c < n)
			CHECK(t, !e, "CHA %u of the %u CAPID6 names faulted (%d) (K-14)", c, n, e);
		else
			TRY(t_default(t, "OQ-K9", "a CHA beyond CAPID6's count faults", e == VEC_GP,
				      "CHA %u answered, CAPID6 names %u (OQ-K9 model choice: #GP)",
				      c, n));
	}
	t_figure(t, "chas_answering_count", answered, "count");
	return V_PASS;
}

/* K-06, K-16, K-66: in each box (CHA, PCU, IIO, IRP; ICX's M2PCIe), frz with frz_en holds
 * every counter while another box counts on; rst_ctrs zeroes all four; rst_ctrl zeroes the controls;
 * CTL.rst zeroes its counter; frz without frz_en stops nothing (OQ-K6 on
 * the CHAs). */
static enum verdict box_steps(struct tctx *t, unsigned n, unsigned b)
{
	unsigned o = (b + 1) % SKX_NBOX, nk = skx_box_nctr(b), k;
	uint64_t a[SKX_NCTR], c[SKX_NCTR], x, y, z, w0, w1, clk = skx_box_clk(b);

	TRY(skx_quiet(t, n));
	for (k = 0; k < nk; k++)
		WR(t, skx_box_ctlk(n, b, k), clk);
	WR(t, skx_box_ctlk(n, o, 0), skx_box_clk(o));
	WR(t, skx_box_ctl(n, o), SKX_RUN);
	WR(t, skx_box_ctl(n, b), SKX_RUN);
	plat_stall_us(RUN_US);
	WR(t, skx_box_ctl(n, b), SKX_FROZEN);
	for (k = 0; k < nk; k++)
		RD(t, skx_box_ctr(n, b, k), &a[k]);
	RD(t, skx_box_ctr(n, o, 0), &w0);
	plat_stall_us(RUN_US);
	for (k = 0; k < nk; k++)
		RD(t, skx_box_ctr(n, b, k), &c[k]);
	RD(t, skx_box_ctr(n, o, 0), &w1);
	for (k = 0; k < nk; k++) {
		CHECK(t, a[k] > 0, "%s counter %u did not count clockticks in %u us (K-06)",
		      skx_box_name(b), k, RUN_US);
		CHECK(t, c[k] == a[k], "%s counter %u went 0x%lx -> 0x%lx while frozen (K-06)",
		      skx_box_name(b), k, (unsigned long)a[k], (unsigned long)c[k]);
	}
	CHECK(t, w1 > w0, "%s stopped (0x%lx -> 0x%lx) when %s froze: a freeze is its own box's "
	      "(K-06)", skx_box_name(o), (unsigned long)w0, (unsigned long)w1, skx_box_name(b));
	WR(t, skx_box_ctl(n, b), SKX_FROZEN | SKX_RST_CTRS);
	for (k = 0; k < nk; k++) {
		RD(t, skx_box_ctr(n, b, k), &x);
		RD(t, skx_box_ctlk(n, b, k), &y);
		CHECK(t, x == 0 && y == clk, "%s after rst_ctrs: counter %u 0x%lx, "
		      "control 0x%lx: want 0 and the control kept (K-06)", skx_box_name(b), k,
		      (unsigned long)x, (unsigned long)y);
	}
	RD(t, skx_box_ctr(n, o, 0), &w0);
	CHECK(t, w0 >= w1, "%s went 0x%lx -> 0x%lx when %s's counters were reset (K-06)",
	      skx_box_name(o), (unsigned long)w1, (unsigned long)w0, skx_box_name(b));
	WR(t, skx_box_ctl(n, b), SKX_FRZ); /* frz without frz_en */
	RD(t, skx_box_ctr(n, b, 0), &x);
	plat_stall_us(RUN_US);
	RD(t, skx_box_ctr(n, b, 0), &y);
	TRY(t_default(t, "OQ-K6", "frz acts only with frz_en", y > x, "%s with frz alone went "
		      "0x%lx -> 0x%lx (OQ-K6 model choice: it counts on)", skx_box_name(b),
		      (unsigned long)x, (unsigned long)y));
	/* Both count the same clock: counter 1 restarted at its CTL write
	 * counts no more than counter 0 gains around that write and read, a
	 * bound no preempted read can break; not restarted, it carries y. */
	WR(t, skx_box_ctlk(n, b, 1), clk | SKX_CTL_RST);
	RD(t, skx_box_ctr(n, b, 1), &x);
	RD(t, skx_box_ctr(n, b, 0), &z);
	CHECK(t, x <= z - y, "%s counter 1 reads 0x%lx after CTL.rst, counter 0 gained 0x%lx "
	      "meanwhile: want it restarted from 0 (K-07)", skx_box_name(b), (unsigned long)x,
	      (unsigned long)(z - y));
	WR(t, skx_box_ctl(n, b), SKX_FROZEN | SKX_RST_CTRL);
	for (k = 0; k < nk; k++) {
		RD(t, skx_box_ctlk(n, b, k), &y);
		CHECK(t, y == 0, "%s control %u reads 0x%lx after rst_ctrl (K-06)", skx_box_name(b),
		      k, (unsigned long)y);
	}
	return skx_quiet(t, n);
}

static enum verdict box_control(struct tctx *t)
{
	unsigned n, b;

	TRY(ncha_of(t, &n));
	for (b = 0; b < SKX_NBOX; b++)
		TRY(box_steps(t, n, b));
	return V_PASS;
}

/* Counter 0 of CHA 0 (frz_en), the last CHA (without frz_en), the PCU
 * (frz_en) and the UCLK fixed counter. */
#define NSNAP 4
static enum verdict snap(struct tctx *t, unsigned n, uint64_t v[NSNAP])
{
	RD(t, SKX_C_CTR(0, 0), &v[0]);
	RD(t, SKX_C_CTR(n - 1, 0), &v[1]);
	RD(t, SKX_P_CTR(0), &v[2]);
	RD(t, SKX_U_FIXED_CTR, &v[3]);
	return V_PASS;
}

static enum verdict window(struct tctx *t, unsigned n, uint64_t gctl, uint64_t a[NSNAP],
			   uint64_t b[NSNAP])
{
	if (gctl)
		WR(t, SKX_G_CTL, gctl);
	TRY(snap(t, n, a));
	plat_stall_us(RUN_US);
	return snap(t, n, b);
}

/* K-03, K-04: frz_all (63) stops CHA 0 and the PCU, whose frz_en is 1,
 * and the U-box (OQ-V13's reading); unfrz_all (61) restarts them; the
 * last CHA, without frz_en, counts through (OQ-K6); bit 31, IVB-EP's
 * frz_all, freezes nothing (OQ-K3). Needs two CHAs. */
static enum verdict freeze_all_steps(struct tctx *t, unsigned n)
{
	uint64_t a[NSNAP], b[NSNAP];
	unsigned i;

	TRY(skx_quiet(t, n));
	WR(t, SKX_C_CTL(0, 0), SKX_CLK | SKX_EN);
	WR(t, SKX_C_CTL(n - 1, 0), SKX_CLK | SKX_EN);
	WR(t, SKX_P_CTL(0), SKX_CLK | SKX_EN);
	WR(t, SKX_U_FIXED_CTL, SKX_EN);
	WR(t, SKX_C_BOX_CTL(0), SKX_RUN);
	WR(t, SKX_C_BOX_CTL(n - 1), 0);
	WR(t, SKX_P_BOX_CTL, SKX_RUN);
	TRY(window(t, n, SKX_FRZ_ALL, a, b));
	CHECK(t, a[0] == b[0] && a[2] == b[2], "under frz_all CHA 0 went 0x%lx -> 0x%lx, the PCU "
	      "0x%lx -> 0x%lx: want both held (K-03, K-04)", (unsigned long)a[0],
	      (unsigned long)b[0], (unsigned long)a[2], (unsigned long)b[2]);
	TRY(t_default(t, "OQ-K6", "frz_all leaves a box without frz_en", b[1] > a[1], "the last "
		      "CHA with frz_en 0 went 0x%lx -> 0x%lx under frz_all (OQ-K6 model choice: "
		      "it counts on)", (unsigned long)a[1], (unsigned long)b[1]));
	TRY(t_default(t, "OQ-V13", "frz_all stops the U-box", a[3] == b[3], "the UCLK fixed "
		      "counter went 0x%lx -> 0x%lx under frz_all (K-04: held)",
		      (unsigned long)a[3], (unsigned long)b[3]));
	TRY(window(t, n, SKX_UNFRZ_ALL, a, b));
	for (i = 0; i < NSNAP; i++)
		CHECK(t, b[i] > a[i], "counter %u of the snapshot went 0x%lx -> 0x%lx after "
		      "unfrz_all: want counting (K-03, K-04)", i, (unsigned long)a[i],
		      (unsigned long)b[i]);
	TRY(window(t, n, SKX_OLD_FRZ, a, b));
	WR(t, SKX_G_CTL, SKX_UNFRZ_ALL);
	TRY(t_default(t, "OQ-K3", "bit 31 of 0x700 freezes nothing", b[0] > a[0] && b[2] > a[2],
		      "with bit 31 written CHA 0 went 0x%lx -> 0x%lx, the PCU 0x%lx -> 0x%lx (OQ-K3 "
		      "model choice: reserved)", (unsigned long)a[0], (unsigned long)b[0],
		      (unsigned long)a[2], (unsigned long)b[2]));
	return skx_quiet(t, n);
}

/* Whatever the verdict, nothing is left under frz_all. */
static enum verdict freeze_all(struct tctx *t)
{
	enum verdict v;
	unsigned n;

	TRY(ncha_of(t, &n));
	if (n < 2)
		return t_na(t, "one CHA: the test needs one with frz_en and one without");
	v = freeze_all_steps(t, n);
	msr_write(plat_this_cpu(), SKX_G_CTL, SKX_UNFRZ_ALL);
	return v;
}

/* K-10: every counter keeps 48 bits of a write and wraps past 2^48 - 1;
 * a write with the bits above set is dropped there (OQ-S16's reading; a
 * part may fault it instead, reported). */
static enum verdict widths(struct tctx *t)
{
	const struct {
		uint32_t ctr, ctl;
		uint64_t ev;
		const char *name;
	} c[] = {
		{ SKX_C_CTR(0, 0), SKX_C_CTL(0, 0), SKX_CLK | SKX_EN, "CHA 0 counter 0" },
		{ SKX_P_CTR(0), SKX_P_CTL(0), SKX_CLK | SKX_EN, "PCU counter 0" },
		{ SKX_U_FIXED_CTR, SKX_U_FIXED_CTL, SKX_EN, "UCLK fixed counter" },
		{ SKX_U_CTR(1), SKX_U_CTL(1), 0, "U-box counter 1" },
	};
	unsigned n, i;
	uint64_t v;
	int e;

	TRY(ncha_of(t, &n));
	TRY(skx_quiet(t, n));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		e = msr_write(plat_this_cpu(), c[i].ctr, ~0ull);
		if (e < 0)
			return t_error(t, "wrmsr 0x%x: backend error %d", c[i].ctr, e);
		TRY(t_default(t, "OQ-S16", "bits above the width dropped on write", e == 0, "%s "
			      "faulted (%d) on a write of all ones (OQ-S16 model choice: dropped)",
			      c[i].name, e));
		if (e)
			WR(t, c[i].ctr, SKX_W48);
		RD(t, c[i].ctr, &v);
		CHECK(t, v == SKX_W48, "%s reads 0x%lx after writing all ones: want 48 bits "
		      "(K-10)", c[i].name, (unsigned long)v);
		if (!c[i].ev)
			continue;
		WR(t, c[i].ctr, SKX_W48 + 1 - SKX_LEAD);
		WR(t, c[i].ctl, c[i].ev);
		WR(t, SKX_C_BOX_CTL(0), SKX_RUN);
		WR(t, SKX_P_BOX_CTL, SKX_RUN);
		TRY(skx_await_wrap(t, c[i].ctr, &v));
		WR(t, c[i].ctl, 0);
		/* Wrapped: below 2^47 (skx_await_wrap). */
		CHECK(t, v < SKX_W48 / 2, "%s preset 2^48 - %llu reads 0x%lx after %u us: want it "
		      "wrapped below 2^47 (K-10)", c[i].name, SKX_LEAD, (unsigned long)v,
		      SKX_WRAP_US);
	}
	return skx_quiet(t, n);
}

/* K-07, K-09: clockticks add 1 a cycle, so with thresh 1 a counter
 * counts every cycle, with thresh 2 none, with invert and thresh 2 every
 * cycle, with edge_det and thresh 1 at most the one rising edge; the
 * threshold field reads back whole; a counter without en counts nothing.
 * CHA 0, the PCU (5-bit threshold), IIO 0 (12 bits, K-07; 8 on ICX, K-66)
 * and on ICX M2PCIe 0. */
static enum verdict tie_one(struct tctx *t, unsigned n, unsigned b, unsigned top)
{
	const uint64_t clk = skx_box_clk(b);
	const uint64_t ctl[SKX_NCTR] = { clk | SKX_THRESH(1), clk | SKX_THRESH(2),
					 clk | SKX_INV | SKX_THRESH(2),
					 clk | SKX_EDGE | SKX_THRESH(1) };
	const uint64_t wide[SKX_NCTR] = { clk, clk | SKX_THRESH(top), 0, 0 };
	uint64_t d[SKX_NCTR], e[SKX_NCTR];

	TRY(skx_window(t, n, b, ctl, WIN_US, d));
	TRY(skx_window(t, n, b, wide, WIN_US, e));
	t_figure_box(t, "thresh1_count", skx_box_name(b), (int64_t)d[0], "count");
	CHECK(t, d[0] > 0 && d[2] > 0, "%s clockticks with thresh 1 counted %lu, with invert and "
	      "thresh 2 %lu: want every cycle (K-09)", skx_box_name(b), (unsigned long)d[0],
	      (unsigned long)d[2]);
	CHECK(t, d[1] == 0, "%s clockticks with thresh 2 counted %lu: want 0, no cycle adds 2 "
	      "(K-09)", skx_box_name(b), (unsigned long)d[1]);
	CHECK(t, d[3] <= 1, "%s clockticks with edge_det and thresh 1 counted %lu: want at most "
	      "the one rising edge (K-09)", skx_box_name(b), (unsigned long)d[3]);
	CHECK(t, e[1] == 0, "%s clockticks with thresh 0x%x counted %lu: want 0 (K-07, K-09)",
	      skx_box_name(b), top, (unsigned long)e[1]);
	CHECK(t, e[0] > 0 && !e[2] && !e[3], "%s counters 2 and 3 without en counted %lu and %lu "
	      "(counter 0 with it %lu): want 0 (K-07)", skx_box_name(b), (unsigned long)e[2],
	      (unsigned long)e[3], (unsigned long)e[0]);
	return V_PASS;
}

static enum verdict thresh_invert_edge(struct tctx *t)
{
	unsigned n;

	TRY(ncha_of(t, &n));
	TRY(skx_quiet(t, n));
	TRY(tie_one(t, n, 0, 0xFF));
	TRY(tie_one(t, n, SKX_PCU_BOX, 0x1F));
	TRY(tie_one(t, n, SKX_IIO_BOX, skx_map()->iio_thresh_top));
	if (skx_map()->m2p) /* K-66: ICX's M2PCIe, thresh 31:24 */
		TRY(tie_one(t, n, SKX_M2P_BOX, 0xFF));
	return skx_quiet(t, n);
}

/* K-12: FILTER0 and FILTER1 hold their fields apart (each written with
 * its defined bits alone: a reserved bit may fault on silicon); K-13, OQ-K8:
 * LLC_LOOKUP with tid_en and a tid naming a core beyond the package's
 * counts nothing, while without tid_en it counts. */
static enum verdict cha_filters(struct tctx *t)
{
	const uint64_t look = SKX_LOOKUP | SKX_EN;
	const uint64_t ctl[SKX_NCTR] = { look, look | SKX_TID_EN, SKX_CLK | SKX_EN, 0 };
	uint64_t f0, f1, d[SKX_NCTR];
	unsigned n;

	TRY(ncha_of(t, &n));
	TRY(skx_quiet(t, n));
	WR(t, SKX_C_F0(0), SKX_F0_DEFINED);
	f1 = 0; /* K-65: ICX has no FILTER1 */
	if (skx_map()->cha_f1) {
		WR(t, SKX_C_F1(0), SKX_F1_DEFINED);
		RD(t, SKX_C_F1(0), &f1);
	}
	RD(t, SKX_C_F0(0), &f0);
	CHECK(t, f0 == SKX_F0_DEFINED && f1 == SKX_F1_DEFINED, "CHA 0 FILTER0 / FILTER1 read "
	      "0x%lx / 0x%lx after 0x%llx / 0x%llx (K-12, K-65)", (unsigned long)f0,
	      (unsigned long)f1, (unsigned long long)SKX_F0_DEFINED,
	      (unsigned long long)SKX_F1_DEFINED);
	if (skx_map()->cha_f1)
		WR(t, SKX_C_F1(0), 0);
	WR(t, SKX_C_F0(0), 0x1F8); /* tid 0x1F8: core 63, beyond any package (OQ-K8) */
	TRY(skx_window(t, n, 0, ctl, WIN_US, d));
	TRY(skx_quiet(t, n));
	t_figure(t, "lookup_count", (int64_t)d[0], "count");
	t_figure(t, "lookup_tid_absent_count", (int64_t)d[1], "count");
	CHECK(t, d[2] > 0, "CHA 0 clockticks did not count in %u us", WIN_US);
	TRY(t_default(t, "OQ-K8", "a tid naming no thread selects nothing", d[1] == 0,
		      "LLC_LOOKUP with tid_en and tid 0x1F8 counted %lu (without tid_en %lu) "
		      "(OQ-K8 model choice: 0)", (unsigned long)d[1], (unsigned long)d[0]));
	if (!d[0])
		return t_idle(t, "LLC_LOOKUP counted nothing in %u us", WIN_US);
	return V_PASS;
}

/* K-15: 0x36 counts on CHA counter 0 alone (reported on hardware, where
 * the event may be idle). */
static enum verdict restrictions(struct tctx *t)
{
	const uint64_t tor = SKX_TOR | SKX_EN;
	const uint64_t ctl[SKX_NCTR] = { tor, tor, tor, SKX_CLK | SKX_EN };
	uint64_t d[SKX_NCTR];
	unsigned n;

	TRY(ncha_of(t, &n));
	TRY(skx_quiet(t, n));
	TRY(skx_window(t, n, 0, ctl, WIN_US, d));
	TRY(skx_quiet(t, n));
	CHECK(t, d[3] > 0, "CHA 0 clockticks did not count in %u us", WIN_US);
	TRY(t_default(t, "OQ-S30", "an event outside its counters counts nothing",
		      !d[1] && !d[2], "event 0x36 on CHA 0 counters 1 and 2 counted %lu and %lu "
		      "(counter 0: %lu); K-15 allows counter 0 alone", (unsigned long)d[1],
		      (unsigned long)d[2], (unsigned long)d[0]));
	if (!d[0])
		return t_idle(t, "event 0x36 counted nothing on counter 0 in %u us", WIN_US);
	return V_PASS;
}

/* K-08: CHA 0's counter 0 preset SKX_LEAD below 2^48 wraps; without ov_en it
 * sets no status; with it, bit 0 of its box status and the CHAs' bit of
 * GLOBAL_STATUS (OQ-K1), and the PCU with frz_en stops (OQ-K4, as V-08);
 * written 1 they clear; unfrz_all restarts the PCU. */
static enum verdict ov_once(struct tctx *t, unsigned n, bool ov)
{
	uint64_t st, gs, a, b, v;

	TRY(skx_quiet(t, n));
	WR(t, SKX_P_CTL(0), SKX_CLK | SKX_EN);
	WR(t, SKX_C_CTR(0, 0), SKX_W48 + 1 - SKX_LEAD);
	WR(t, SKX_C_CTL(0, 0), SKX_CLK | SKX_EN | (ov ? SKX_OV_EN : 0));
	WR(t, SKX_P_BOX_CTL, SKX_RUN);
	WR(t, SKX_C_BOX_CTL(0), SKX_RUN);
	TRY(skx_await_wrap(t, SKX_C_CTR(0, 0), &v));
	CHECK(t, v <= SKX_W48 / 2, "CHA 0 preset 2^48 - %llu did not wrap in %u us (K-10)", SKX_LEAD,
	      SKX_WRAP_US);
	RD(t, SKX_C_STATUS(0), &st);
	RD(t, SKX_G_STATUS, &gs);
	RD(t, SKX_P_CTR(0), &a);
	plat_stall_us(RUN_US);
	RD(t, SKX_P_CTR(0), &b);
	if (!ov) {
		CHECK(t, st == 0 && gs == 0 && b > a, "CHA 0 wrapped without ov_en: its status 0x%lx, "
		      "GLOBAL_STATUS 0x%lx, the PCU 0x%lx -> 0x%lx: want 0, 0, counting (K-08)",
		      (unsigned long)st, (unsigned long)gs, (unsigned long)a, (unsigned long)b);
		return V_PASS;
	}
	t_figure(t, "global_status_after_ov_reg", (int64_t)gs, "reg");
	CHECK(t, st == 1, "CHA 0 overflowed from counter 0 with ov_en: its status reads 0x%lx, "
	      "want 0x1 (K-08)", (unsigned long)st);
	if (skx_map()->icx) /* K-62: documented, CHA 0's bit of STATUS1 */
		CHECK(t, gs == SKX_GS_CHA, "GLOBAL_STATUS1 0x%lx after CHA 0's overflow: want "
		      "0x%llx (K-62)", (unsigned long)gs, (unsigned long long)SKX_GS_CHA);
	else
		TRY(t_default(t, "OQ-K1", "GLOBAL_STATUS's CHA bit", gs == SKX_GS_CHA,
			      "GLOBAL_STATUS 0x%lx after CHA 0's overflow (OQ-K1 model choice: "
			      "0x%llx)", (unsigned long)gs, (unsigned long long)SKX_GS_CHA));
	TRY(t_default(t, "OQ-K4", "an overflow with ov_en freezes the boxes with frz_en", a == b,
		      "the PCU went 0x%lx -> 0x%lx after CHA 0 overflowed with ov_en (OQ-K4 model "
		      "choice, as V-08: held)", (unsigned long)a, (unsigned long)b));
	WR(t, SKX_C_STATUS(0), st);
	WR(t, SKX_G_STATUS, gs);
	RD(t, SKX_C_STATUS(0), &st);
	RD(t, SKX_G_STATUS, &gs);
	CHECK(t, st == 0 && gs == 0, "after writing 1 to the set bits CHA 0's status reads 0x%lx, "
	      "GLOBAL_STATUS 0x%lx: want 0 (K-08)", (unsigned long)st, (unsigned long)gs);
	WR(t, SKX_G_CTL, SKX_UNFRZ_ALL);
	RD(t, SKX_P_CTR(0), &a);
	plat_stall_us(RUN_US);
	RD(t, SKX_P_CTR(0), &b);
	CHECK(t, b > a, "the PCU went 0x%lx -> 0x%lx after unfrz_all: want counting (K-03)",
	      (unsigned long)a, (unsigned long)b);
	return V_PASS;
}

static enum verdict overflow(struct tctx *t)
{
	enum verdict v;
	unsigned n;

	TRY(ncha_of(t, &n));
	v = ov_once(t, n, false);
	if (v == V_PASS)
		v = ov_once(t, n, true);
	msr_write(plat_this_cpu(), SKX_G_CTL, SKX_UNFRZ_ALL);
	return v == V_PASS ? skx_quiet(t, n) : v;
}

static const struct test tests[] = {
	{ .id = "skx.cha-count", .desc = "the CHAs CAPID6 names answer, one beyond faults "
	  "(model; reported on hardware)", .needs = NEED_UNCORE, .run = cha_count },
	{ .id = "skx.box-control", .desc = "CHA, PCU, IIO, IRP (and ICX's M2PCIe): frz with "
	  "frz_en, rst_ctrs, rst_ctrl, CTL.rst, each box its own", .needs = NEED_UNCORE,
	  .run = box_control },
	{ .id = "skx.freeze-all", .desc = "frz_all at bit 63 stops every box with frz_en, "
	  "unfrz_all at 61 restarts them", .needs = NEED_UNCORE, .run = freeze_all },
	{ .id = "skx.widths", .desc = "CHA, PCU and U-box counters hold 48 bits and wrap there",
	  .needs = NEED_UNCORE, .run = widths },
	{ .id = "skx.thresh-invert-edge", .desc = "thresh, invert and edge_det on CHA, PCU, "
	  "IIO (and ICX's M2PCIe) clockticks", .needs = NEED_UNCORE, .run = thresh_invert_edge },
	{ .id = "skx.cha-filters", .desc = "FILTER0 and FILTER1 hold their fields; tid_en with "
	  "an absent thread counts nothing", .needs = NEED_UNCORE, .run = cha_filters },
	{ .id = "skx.restrictions", .desc = "event 0x36 counts on CHA counter 0 alone (model; "
	  "reported on hardware)", .needs = NEED_UNCORE, .run = restrictions },
	{ .id = "skx.overflow", .desc = "a CHA wrap with ov_en sets its status and "
	  "GLOBAL_STATUS, which clear written 1; without it nothing", .needs = NEED_UNCORE,
	  .run = overflow },
};
const struct suite skx_suite = SUITE("skx", tests);
