/* Ice Lake-SP's and -D's own tests (spec xeon-sp-uncore.md §8): the CHAs
 * at their offset table's addresses, each box its own (K-63), and the two
 * global status registers, a bit per box, each cleared written 1 (K-62,
 * OQ-K30), and whether an overflow reaches the BSP as a PMI, which no
 * source documents (K-69, OQ-K4). The rest of ICX runs the skx.* tests on its map
 * (suites/skx/map.c). N/A on another part. */
#include "suites/skx/icx.h"
#include "suites/common/pmi.h"

#define LEAD 20000ull  /* clocks before a preset counter wraps: 10-40 us */
#define WRAP_US 100000 /* the most a wrap may take to come (LEAD at 200 MHz) */
#define VEC 0xF7       /* C-32: >= 0x20; one of its own */

static enum verdict ncha_of(struct tctx *t, unsigned *n)
{
	char why[T_REASON_LEN - 40];

	if (!skx_map()->icx)
		return t_na(t, "not Ice Lake-SP or -D (model 0x6A, 0x6C; K-60)");
	*n = skx_ncha(why, sizeof(why));
	return *n ? V_PASS : t_error(t, "%s", why);
}

/* A CTL0 value that names CHA c: a threshold of c + 1, without en. */
static uint64_t mark(unsigned c)
{
	return SKX_THRESH(c + 1);
}

/* K-63: every CHA CAPID6/7 counts keeps its own CTL0 at its table
 * address, and its BOX_CTL's rst_ctrl clears that CTL0 alone: a map
 * without the gap or the wrap puts a CHA's registers on another's or on
 * none. */
static enum verdict cha_offsets(struct tctx *t)
{
	unsigned n, c;
	uint64_t v;

	TRY(ncha_of(t, &n));
	TRY(skx_quiet(t, n));
	t_figure(t, "last_cha_box_ctl_reg", skx_cha_at(n - 1), "reg");
	for (c = 0; c < n; c++) {
		WR(t, SKX_C_BOX_CTL(c), SKX_FROZEN);
		WR(t, SKX_C_CTL(c, 0), mark(c));
	}
	for (c = 0; c < n; c++) {
		RD(t, SKX_C_CTL(c, 0), &v);
		CHECK(t, v == mark(c), "CHA %u CTL0 (0x%x) reads 0x%lx, want 0x%lx (K-63)", c,
		      SKX_C_CTL(c, 0), (unsigned long)v, (unsigned long)mark(c));
	}
	for (c = 0; c < n; c++) {
		WR(t, SKX_C_BOX_CTL(c), SKX_FROZEN | SKX_RST_CTRL);
		RD(t, SKX_C_CTL(c, 0), &v);
		CHECK(t, v == 0, "CHA %u CTL0 reads 0x%lx after its BOX_CTL (0x%x) rst_ctrl (K-63, "
		      "K-06)", c, (unsigned long)v, SKX_C_BOX_CTL(c));
		if (c + 1 == n)
			break;
		RD(t, SKX_C_CTL(c + 1, 0), &v);
		CHECK(t, v == mark(c + 1), "CHA %u CTL0 reads 0x%lx after CHA %u's rst_ctrl: want "
		      "0x%lx kept (K-63, K-06)", c + 1, (unsigned long)v, c,
		      (unsigned long)mark(c + 1));
	}
	return skx_quiet(t, n);
}

/* Counter 0 of a box preset LEAD below 2^48 counts clockticks with ov_en
 * until it wraps. */
static enum verdict wrap(struct tctx *t, uint32_t box, uint32_t ctl, uint32_t ctr, uint64_t clk,
			 const char *name)
{
	uint64_t v, end;

	WR(t, box, SKX_FROZEN);
	WR(t, ctr, SKX_W48 + 1 - LEAD);
	WR(t, ctl, clk | SKX_EN | SKX_OV_EN);
	WR(t, box, SKX_RUN);
	end = plat_tsc() + plat_tsc_hz() / 1000000 * WRAP_US;
	do
		RD(t, ctr, &v);
	while (v > SKX_W48 / 2 && plat_tsc() < end);
	CHECK(t, v <= SKX_W48 / 2, "%s counter 0 preset 2^48 - %llu did not wrap in %u us (K-67)",
	      name, LEAD, WRAP_US);
	return V_PASS;
}

/* K-62: the last CHA's overflow sets its bit of STATUS1; IIO 0's then
 * sets a bit of its own, which OQ-K30's default puts in STATUS2, and
 * leaves the CHA's set; each register clears written 1, the other kept. */
static enum verdict status_steps(struct tctx *t, unsigned n)
{
	uint64_t s1, s2, c2, want = 1ull << (n - 1);

	TRY(skx_quiet(t, n));
	TRY(wrap(t, SKX_C_BOX_CTL(n - 1), SKX_C_CTL(n - 1, 0), SKX_C_CTR(n - 1, 0), SKX_CLK,
		 "the last CHA"));
	RD(t, ICX_G_STATUS1, &s1);
	RD(t, ICX_G_STATUS2, &s2);
	CHECK(t, s1 == want && s2 == 0, "after CHA %u's overflow STATUS1 0x%lx, STATUS2 0x%lx: "
	      "want 0x%lx and 0 (K-62)", n - 1, (unsigned long)s1, (unsigned long)s2,
	      (unsigned long)want);
	WR(t, SKX_G_CTL, SKX_UNFRZ_ALL);
	TRY(wrap(t, SKX_I_BOX_CTL(0), SKX_I_CTL(0, 0), SKX_I_CTR(0, 0), SKX_IO_CLK, "IIO 0"));
	RD(t, ICX_G_STATUS1, &s1);
	RD(t, ICX_G_STATUS2, &s2);
	t_figure(t, "status2_after_iio_ov_reg", (int64_t)s2, "reg");
	CHECK(t, (s1 & want) && ((s1 & ~want) | s2), "after IIO 0's overflow STATUS1 0x%lx, "
	      "STATUS2 0x%lx: want CHA %u's bit kept and one more bit for IIO 0 (K-62)",
	      (unsigned long)s1, (unsigned long)s2, n - 1);
	TRY(t_default(t, "OQ-K30", "IIO 0's bit of STATUS2", s1 == want && s2 == ICX_GS2_IIO(0),
		      "STATUS1 0x%lx, STATUS2 0x%lx after IIO 0's overflow (OQ-K30 model choice: "
		      "0x%lx, 0x%llx)", (unsigned long)s1, (unsigned long)s2, (unsigned long)want,
		      (unsigned long long)ICX_GS2_IIO(0)));
	WR(t, ICX_G_STATUS1, s1);
	RD(t, ICX_G_STATUS1, &s1);
	RD(t, ICX_G_STATUS2, &c2);
	CHECK(t, s1 == 0 && c2 == s2, "after writing 1 to STATUS1's bits: STATUS1 0x%lx, STATUS2 "
	      "0x%lx: want 0 and 0x%lx kept (K-62)", (unsigned long)s1, (unsigned long)c2,
	      (unsigned long)s2);
	WR(t, ICX_G_STATUS2, s2);
	RD(t, ICX_G_STATUS2, &c2);
	CHECK(t, c2 == 0, "STATUS2 reads 0x%lx after writing 1 to its bits 0x%lx (K-62)",
	      (unsigned long)c2, (unsigned long)s2);
	return V_PASS;
}

/* Whatever the verdict, nothing is left under frz_all. */
static enum verdict global_status(struct tctx *t)
{
	enum verdict v;
	unsigned n;

	TRY(ncha_of(t, &n));
	v = status_steps(t, n);
	msr_write(plat_this_cpu(), SKX_G_CTL, SKX_UNFRZ_ALL);
	return v == V_PASS ? skx_quiet(t, n) : v;
}

static volatile unsigned pmis;
static void on_pmi(unsigned vector)
{
	(void)vector;
	pmis++;
}

/* K-69, OQ-K4: with the BSP's PMI path open as for an uncore PMI elsewhere
 * (LVTPC on a vector of its own, DEBUGCTL bit 13), CHA 0 overflows with
 * ov_en and sets its bit of STATUS1 (K-62); once every PMI owed has been
 * handled (pmi_quiesce), how many the BSP took is reported: none on the
 * model, whatever silicon does ([MODEL]). */
static enum verdict pmi_steps(struct tctx *t, unsigned n)
{
	struct pmi_path p;
	enum verdict v;
	uint64_t s1;
	int rc;

	TRY(skx_quiet(t, n));
	pmis = 0;
	v = pmi_path_open(t, &p, VEC, VEC, true, on_pmi);
	if (v == V_PASS)
		v = wrap(t, SKX_C_BOX_CTL(0), SKX_C_CTL(0, 0), SKX_C_CTR(0, 0), SKX_CLK, "CHA 0");
	rc = v == V_PASS ? pmi_quiesce(PMI_BSP_ONLY) : 0;
	pmi_path_close(&p);
	if (v != V_PASS)
		return v;
	if (rc)
		return t_error(t, "the BSP did not take the PMI fence (%d)", rc);
	RD(t, ICX_G_STATUS1, &s1);
	CHECK(t, s1 & 1, "STATUS1 0x%lx after CHA 0's overflow: want bit 0 (K-62)",
	      (unsigned long)s1);
	t_figure(t, "bsp_pmis_count", pmis, "count");
	return t_default(t, "OQ-K4", "an overflow raises no PMI", pmis == 0, "the BSP took %u "
			 "PMIs after CHA 0's ov_en overflow (OQ-K4 model choice: none; K-69: no "
			 "source routes one)", pmis);
}

static enum verdict pmi(struct tctx *t)
{
	enum verdict v;
	unsigned n;

	TRY(ncha_of(t, &n));
	v = pmi_steps(t, n);
	msr_write(plat_this_cpu(), SKX_G_CTL, SKX_UNFRZ_ALL);
	return v == V_PASS ? skx_quiet(t, n) : v;
}

static const struct test tests[] = {
	{ .id = "skx.icx.cha-offsets", .desc = "each CHA's registers at its offset table's "
	  "address, past the gap and the wrap; each box's rst_ctrl its own", .needs = NEED_UNCORE,
	  .run = cha_offsets },
	{ .id = "skx.icx.global-status", .desc = "a CHA's overflow sets its bit of STATUS1, an "
	  "IIO's a bit of STATUS2; each clears written 1", .needs = NEED_UNCORE,
	  .run = global_status },
	{ .id = "skx.icx.pmi", .desc = "whether a CHA's ov_en overflow reaches the BSP as a PMI "
	  "(model: none; reported on hardware)", .needs = NEED_UNCORE, .run = pmi },
};
const struct suite skx_icx_suite = SUITE("skx.icx", tests);
