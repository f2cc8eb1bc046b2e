/* What the Xeon E5 v3 and v4 (Haswell-EP, Broadwell-EP/DE) add to the E5
 * v2's boxes (spec xeon-e5-v2-v4-uncore.md): the SBOXes, as many as the
 * die's CAPID4 says (V-22, V-31), with their BOX_CTL written one bit at a
 * time (V-10), their clockticks (V-30), width (V-16), threshold, invert
 * and edge (V-11), the global freeze (V-06) and overflow to their status
 * (V-32); and the U-box filter (V-19). N/A on the E5-2600 and the E5 v2.
 * The C-boxes, PCU and U-box of these parts run the E5-2600's and E5 v2's
 * tests through their map (suites/snbep/gen.c). */
#include "suites/snbep/v3.h"
#include "pmu/backend/space.h"

#define RUN_US 100      /* as suites/snbep/box.c: thousands of clocks at least */
#define WIN_US 200
#define LEAD 20000ull   /* clocks before a preset counter wraps: 10-40 us */
#define WRAP_US 100000  /* the most a wrap may take to come (LEAD at 200 MHz) */
#define BOX_BITS (SNB_RST_CTRL | SNB_RST_CTRS | SNB_FRZ_EN) /* V-10 */

static enum verdict v3_only(struct tctx *t)
{
	if (!snb_v3())
		return t_na(t, "the E5-2600 and E5 v2 have no SBOX and no U-box filter (V-20)");
	return V_PASS;
}

/* V-31, OQ-V14: CAPID4 of the first PCU function 3 found (device 30
 * function 3 of some bus, by its id); every package of a machine has the
 * same die. *found false where none answers. */
static enum verdict capid4(struct tctx *t, uint32_t *cap, bool *found)
{
	uint32_t want = snb_v4() ? V3_PCU3_ID_BDX : V3_PCU3_ID_HSX, id;
	unsigned bus;
	int rc;

	*found = false;
	for (bus = 0; bus < 256 && !*found; bus++) {
		struct pci_fn f = { .bus = (uint8_t)bus, .dev = V3_PCU3_DEV, .fn = V3_PCU3_FN };

		rc = pci_cfg_read(f, 0, 4, &id);
		if (rc == PLAT_EUNSUPPORTED || rc == PLAT_EINVAL)
			return t_skip(t, "PCI configuration space not reachable: %s (pci: %s)",
				      space_rc_text(rc), plat_pci_mechanism());
		if (rc || id != want)
			continue;
		rc = pci_cfg_read(f, V3_CAPID4, 4, cap);
		if (rc)
			return t_error(t, "pci read %02x:%02x.%u+0x%x: %s (%d)", bus, V3_PCU3_DEV,
				       V3_PCU3_FN, V3_CAPID4, space_rc_text(rc), rc);
		*found = true;
	}
	return V_PASS;
}

/* The die's SBOXes as software learns them (V-31): none on model 0x56;
 * from CAPID4's chop elsewhere: 0 the smallest die (two on the v3, none on
 * the v4), else four. */
static enum verdict nsbox(struct tctx *t, unsigned *n)
{
	uint32_t cap = 0;
	bool found;
	uint32_t r[4];

	pmu_cpuid(1, 0, r);
	if (((r[0] >> 12 & 0xF0) | (r[0] >> 4 & 0xF)) == V3_MODEL_BDX_DE) {
		*n = 0;
		return V_PASS;
	}
	TRY(capid4(t, &cap, &found));
	if (!found)
		return t_skip(t, "no PCU function 3 (8086:%04x) at device %u function %u of any "
			      "bus: the die's SBOXes unknown (V-31, OQ-V14; pci: %s)",
			      (snb_v4() ? V3_PCU3_ID_BDX : V3_PCU3_ID_HSX) >> 16, V3_PCU3_DEV,
			      V3_PCU3_FN, plat_pci_mechanism());
	t_figure(t, "capid4_chop_id", V3_CHOP(cap), "id");
	*n = V3_CHOP(cap) ? V3_MAX_SBOX : snb_v4() ? 0 : 2;
	return V_PASS;
}

/* The SBOXes of the die, at least one (the tests that need one). */
static enum verdict sboxes(struct tctx *t, unsigned *n)
{
	TRY(v3_only(t));
	TRY(nsbox(t, n));
	if (!*n)
		return t_na(t, "this die has no SBOX (V-31: CAPID4 chop 0 on the v4, or model 0x56)");
	return V_PASS;
}

/* V-10: BOX_CTL of SBOX s = v, the way LNX writes it: first v without
 * rst_ctrl, rst_ctrs and frz_en, then those of them v has, one more each
 * write (frz_en first), so that no write adds two. */
static enum verdict sbox_ctl(struct tctx *t, unsigned s, uint64_t v)
{
	static const uint64_t order[] = { SNB_FRZ_EN, SNB_RST_CTRL, SNB_RST_CTRS };
	uint64_t w = v & ~BOX_BITS;
	unsigned i;

	WR(t, V3_S_BOX_CTL(s), w);
	for (i = 0; i < ARRAY_SIZE(order); i++)
		if (v & order[i]) {
			w |= order[i];
			WR(t, V3_S_BOX_CTL(s), w);
		}
	return V_PASS;
}

/* SBOX s frozen with its controls and counters zeroed (S-41 a-e as
 * V-09 keeps them); its status cleared. */
static enum verdict sbox_quiet(struct tctx *t, unsigned s)
{
	uint64_t st;

	TRY(sbox_ctl(t, s, SNB_FROZEN));
	TRY(sbox_ctl(t, s, SNB_FROZEN | SNB_RST_CTRL | SNB_RST_CTRS));
	RD(t, V3_S_STATUS(s), &st);
	WR(t, V3_S_STATUS(s), st);
	return V_PASS;
}

static enum verdict all_quiet(struct tctx *t, unsigned n)
{
	unsigned s;

	for (s = 0; s < n; s++)
		TRY(sbox_quiet(t, s));
	return snb_quiet(t);
}

/* SBOX s: its four counters on clockticks (V-30), zeroed, running. */
static enum verdict sbox_run_clk(struct tctx *t, unsigned s, uint64_t extra)
{
	unsigned k;

	TRY(sbox_quiet(t, s));
	for (k = 0; k < SNB_NCTR; k++)
		WR(t, V3_S_CTL(s, k), V3_S_CLK | SNB_EN | extra);
	return sbox_ctl(t, s, SNB_RUN);
}

/* V-31, OQ-V14: the SBOXes CAPID4 names count their clockticks; the
 * register sets of the others read 0 and never count (model choice;
 * reported on hardware). */
static enum verdict sbox_count(struct tctx *t)
{
	unsigned n, s;
	uint64_t v[V3_MAX_SBOX];

	TRY(v3_only(t));
	TRY(nsbox(t, &n));
	t_figure(t, "sboxes_count", n, "count");
	for (s = 0; s < V3_MAX_SBOX; s++) {
		int e = msr_write(plat_this_cpu(), V3_S_CTL(s, 0), V3_S_CLK | SNB_EN);

		if (s < n) {
			CHECK(t, !e, "SBOX %u of the die's %u: wrmsr 0x%x faulted (%d) (V-31)", s, n,
			      V3_S_CTL(s, 0), e);
			TRY(sbox_run_clk(t, s, 0));
		}
	}
	plat_stall_us(RUN_US);
	for (s = 0; s < V3_MAX_SBOX; s++) {
		v[s] = 0;
		if (msr_read(plat_this_cpu(), V3_S_CTR(s, 0), &v[s]))
			v[s] = 0;
	}
	for (s = 0; s < V3_MAX_SBOX; s++) {
		if (s < n) {
			CHECK(t, v[s] > 0, "SBOX %u of the die's %u: clockticks did not count in %u us "
			      "(V-30, V-31)", s, n, RUN_US);
			TRY(sbox_quiet(t, s));
		} else {
			TRY(t_default(t, "OQ-V14", "an absent SBOX never counts", !v[s], "SBOX %u "
				      "beyond the die's %u counted 0x%lx in %u us (OQ-V14 model "
				      "choice: reads 0)", s, n, (unsigned long)v[s], RUN_US));
			msr_write(plat_this_cpu(), V3_S_CTL(s, 0), 0);
		}
	}
	return V_PASS;
}

/* V-09, V-10: each SBOX, written bit by bit: rst_ctrs zeroes its counters,
 * rst_ctrl its controls; with frz_en, frz holds it and clearing frz
 * resumes it; freezing one SBOX leaves the others and C-box 0 counting. */
static enum verdict sbox_box(struct tctx *t)
{
	unsigned n, s, o, k;
	uint64_t a[SNB_NCTR], b[SNB_NCTR], x, y, c0, c1, v;

	TRY(sboxes(t, &n));
	TRY(all_quiet(t, n));
	for (s = 0; s < n; s++) {
		for (k = 0; k < SNB_NCTR; k++)
			WR(t, V3_S_CTR(s, k), 0x1000 + k);
		TRY(sbox_ctl(t, s, SNB_FROZEN | SNB_RST_CTRS));
		for (k = 0; k < SNB_NCTR; k++) {
			RD(t, V3_S_CTR(s, k), &v);
			CHECK(t, v == 0, "SBOX %u counter %u reads 0x%lx after rst_ctrs (S-07, V-09)",
			      s, k, (unsigned long)v);
		}
		WR(t, V3_S_CTL(s, 0), V3_S_CLK | SNB_EN);
		TRY(sbox_ctl(t, s, SNB_FROZEN | SNB_RST_CTRL));
		RD(t, V3_S_CTL(s, 0), &v);
		CHECK(t, v == 0, "SBOX %u CTL0 reads 0x%lx after rst_ctrl (S-08, V-09)", s,
		      (unsigned long)v);
		TRY(sbox_run_clk(t, s, 0));
		o = (s + 1) % n;
		if (o != s)
			TRY(sbox_run_clk(t, o, 0));
		WR(t, SNB_C_CTL(0, 0), SNB_C_CLK | SNB_EN);
		WR(t, SNB_C_BOX_CTL(0), SNB_RUN);
		plat_stall_us(RUN_US);
		TRY(sbox_ctl(t, s, SNB_FROZEN));
		for (k = 0; k < SNB_NCTR; k++)
			RD(t, V3_S_CTR(s, k), &a[k]);
		RD(t, V3_S_CTR(o, 0), &x);
		RD(t, SNB_C_CTR(0, 0), &c0);
		plat_stall_us(RUN_US);
		for (k = 0; k < SNB_NCTR; k++)
			RD(t, V3_S_CTR(s, k), &b[k]);
		RD(t, V3_S_CTR(o, 0), &y);
		RD(t, SNB_C_CTR(0, 0), &c1);
		for (k = 0; k < SNB_NCTR; k++)
			CHECK(t, a[k] > 0 && b[k] == a[k], "SBOX %u counter %u: 0x%lx -> 0x%lx over %u "
			      "us frozen: want counted, then held (S-11, V-30)", s, k,
			      (unsigned long)a[k], (unsigned long)b[k], RUN_US);
		CHECK(t, c1 > c0, "C-box 0 went 0x%lx -> 0x%lx while SBOX %u was frozen: a box's "
		      "freeze is its own (S-14)", (unsigned long)c0, (unsigned long)c1, s);
		if (o != s)
			CHECK(t, y > x, "SBOX %u went 0x%lx -> 0x%lx while SBOX %u was frozen (S-14)",
			      o, (unsigned long)x, (unsigned long)y, s);
		TRY(sbox_ctl(t, s, SNB_RUN));
		plat_stall_us(RUN_US);
		RD(t, V3_S_CTR(s, 0), &v);
		CHECK(t, v > b[0], "SBOX %u counter 0 went 0x%lx -> 0x%lx after its freeze was "
		      "cleared: want counting (S-13)", s, (unsigned long)b[0], (unsigned long)v);
		TRY(all_quiet(t, n));
	}
	return V_PASS;
}

/* V-10, OQ-V9: a BOX_CTL write that adds rst_ctrl, rst_ctrs and frz_en at
 * once faults on the model (the write LNX avoids "to avoid spurious
 * #GPs"); LNX's one bit at a time does not. Reported on hardware. */
static enum verdict sbox_multi_bit(struct tctx *t)
{
	unsigned n;
	int e;

	TRY(sboxes(t, &n));
	TRY(all_quiet(t, n));
	WR(t, V3_S_BOX_CTL(0), 0);
	e = msr_write(plat_this_cpu(), V3_S_BOX_CTL(0), BOX_BITS);
	if (e < 0)
		return t_error(t, "wrmsr 0x%x: backend error %d", V3_S_BOX_CTL(0), e);
	t_figure(t, "multi_bit_write_fault_vector", e, "vector");
	TRY(all_quiet(t, n));
	return t_default(t, "OQ-V9", "an SBOX BOX_CTL write adding several bits faults",
			 e == VEC_GP, "SBOX 0 BOX_CTL 0 -> 0x%llx in one write returned %d (OQ-V9 "
			 "model choice: #GP)", (unsigned long long)BOX_BITS, e);
}

/* V-16: an SBOX counter preset LEAD clocks below 2^w wraps to a small
 * count (w: 44 on the v3, 48 on the v4), and bits above it read 0. */
static enum verdict sbox_width(struct tctx *t)
{
	unsigned n, s, w = v3_sbox_width();
	uint64_t v;

	TRY(sboxes(t, &n));
	for (s = 0; s < n; s++) {
		TRY(sbox_quiet(t, s));
		WR(t, V3_S_CTL(s, 0), V3_S_CLK | SNB_EN);
		WR(t, V3_S_CTR(s, 0), (1ull << w) - LEAD);
		TRY(sbox_ctl(t, s, SNB_RUN));
		plat_stall_us(RUN_US * 4);
		TRY(sbox_ctl(t, s, SNB_FROZEN));
		RD(t, V3_S_CTR(s, 0), &v);
		CHECK(t, v > 0 && v < (1ull << w) - LEAD, "SBOX %u counter preset 2^%u - %lu reads "
		      "0x%lx after %u us: want a wrap at 2^%u to a small count (V-16)", s, w,
		      (unsigned long)LEAD, (unsigned long)v, RUN_US * 4, w);
	}
	return all_quiet(t, n);
}

/* S-22..S-24 on SBOX 0's clockticks (1 every cycle, V-30): thresh 1
 * counts every cycle, thresh 2 none, invert with thresh 2 every one, and
 * the rising edges of thresh 1 at most the one at the start. One window,
 * one freeze: exact on hardware too. */
static enum verdict sbox_filter(struct tctx *t)
{
	const uint64_t clk = V3_S_CLK | SNB_EN;
	const uint64_t ctl[SNB_NCTR] = { clk | SNB_THRESH(1), clk | SNB_THRESH(2),
					 clk | SNB_THRESH(2) | SNB_INV,
					 clk | SNB_THRESH(1) | SNB_EDGE };
	uint64_t d[SNB_NCTR], c, v;
	unsigned n, k;

	TRY(sboxes(t, &n));
	TRY(sbox_quiet(t, 0));
	for (k = 0; k < SNB_NCTR; k++) {
		WR(t, V3_S_CTL(0, k), ctl[k]);
		RD(t, V3_S_CTL(0, k), &v);
		CHECK(t, v == ctl[k], "SBOX 0 CTL%u reads 0x%lx after writing 0x%lx (V-30)", k,
		      (unsigned long)v, (unsigned long)ctl[k]);
	}
	WR(t, SNB_C_CTL(0, 0), SNB_C_CLK | SNB_EN);
	WR(t, SNB_C_BOX_CTL(0), SNB_FROZEN | SNB_RST_CTRS);
	TRY(sbox_ctl(t, 0, SNB_FROZEN | SNB_RST_CTRS));
	TRY(sbox_ctl(t, 0, SNB_RUN));
	plat_stall_us(WIN_US);
	TRY(sbox_ctl(t, 0, SNB_FROZEN));
	for (k = 0; k < SNB_NCTR; k++)
		RD(t, V3_S_CTR(0, k), &d[k]);
	RD(t, SNB_C_CTR(0, 0), &c);
	TRY(all_quiet(t, n));
	t_figure(t, "rising_count", (int64_t)d[3], "count");
	CHECK(t, d[0] > 0 && !d[1] && d[2] == d[0] && d[3] <= 1, "SBOX 0 clockticks: thresh 1 "
	      "%lu, thresh 2 %lu (want 0), inverted thresh 2 %lu (want %lu), rising edges %lu "
	      "(want at most 1) (S-22, S-23, S-24, V-30)", (unsigned long)d[0],
	      (unsigned long)d[1], (unsigned long)d[2], (unsigned long)d[0], (unsigned long)d[3]);
	return V_PASS;
}

/* V-06: frz_all stops every SBOX with frz_en, unfrz_all restarts them. */
static enum verdict sbox_freeze_all_steps(struct tctx *t, unsigned n)
{
	uint64_t a[V3_MAX_SBOX], b[V3_MAX_SBOX];
	unsigned s, pass;

	for (s = 0; s < n; s++)
		TRY(sbox_run_clk(t, s, 0));
	for (pass = 0; pass < 2; pass++) {
		WR(t, V2_GLOBAL_CTL, pass ? V2_UNFRZ_ALL : V2_FRZ_ALL);
		for (s = 0; s < n; s++)
			RD(t, V3_S_CTR(s, 0), &a[s]);
		plat_stall_us(RUN_US);
		for (s = 0; s < n; s++)
			RD(t, V3_S_CTR(s, 0), &b[s]);
		for (s = 0; s < n; s++)
			CHECK(t, pass ? b[s] > a[s] : b[s] == a[s], "SBOX %u went 0x%lx -> 0x%lx in "
			      "%u us after %s: want %s (V-06)", s, (unsigned long)a[s],
			      (unsigned long)b[s], RUN_US, pass ? "unfrz_all" : "frz_all",
			      pass ? "counting" : "held");
	}
	return all_quiet(t, n);
}

/* steps on the SBOXes, then unfrz_all whatever its verdict. */
static enum verdict unfrozen_after(struct tctx *t, enum verdict (*steps)(struct tctx *, unsigned))
{
	unsigned n;
	enum verdict v;

	TRY(sboxes(t, &n));
	v = steps(t, n);
	msr_write(plat_this_cpu(), V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	return v;
}

static enum verdict sbox_freeze_all(struct tctx *t)
{
	return unfrozen_after(t, sbox_freeze_all_steps);
}

/* V-32: SBOX 0's counter 0 preset below its wrap with ov_en sets bit 0 of
 * its status and GLOBAL_STATUS's SBOX bit (OQ-V16 model choice), and the
 * freeze stops C-box 0; writing the bits back clears them; unfrz_all
 * restarts counting. */
static enum verdict sbox_overflow_steps(struct tctx *t, unsigned n)
{
	unsigned w = v3_sbox_width();
	uint64_t preset = (1ull << w) - LEAD, v, st, gs, a, b, end;

	TRY(all_quiet(t, n));
	RD(t, V2_GLOBAL_STATUS, &gs);
	WR(t, V2_GLOBAL_STATUS, gs);
	WR(t, SNB_C_CTL(0, 0), SNB_C_CLK | SNB_EN);
	WR(t, SNB_C_BOX_CTL(0), SNB_RUN);
	WR(t, V3_S_CTL(0, 0), V3_S_CLK | SNB_EN | V2_OV_EN);
	WR(t, V3_S_CTR(0, 0), preset);
	TRY(sbox_ctl(t, 0, SNB_RUN));
	end = plat_tsc() + snb_tsc_us(WRAP_US);
	do
		RD(t, V3_S_CTR(0, 0), &v);
	while (v >= preset && plat_tsc() < end);
	CHECK(t, v < preset, "SBOX 0 preset 0x%lx did not wrap in %u us (V-16: %u bits)",
	      (unsigned long)preset, WRAP_US, w);
	RD(t, V3_S_STATUS(0), &st);
	RD(t, V2_GLOBAL_STATUS, &gs);
	RD(t, SNB_C_CTR(0, 0), &a);
	plat_stall_us(RUN_US);
	RD(t, SNB_C_CTR(0, 0), &b);
	t_figure(t, "global_status_after_ov_reg", (int64_t)gs, "reg");
	CHECK(t, st == 1, "SBOX 0 overflowed from counter 0 with ov_en: its status reads 0x%lx, "
	      "want 0x1 (V-32)", (unsigned long)st);
	CHECK(t, gs != 0, "SBOX 0 overflowed with ov_en: GLOBAL_STATUS reads 0 (V-08, V-32)");
	TRY(t_default(t, "OQ-V16", "GLOBAL_STATUS bit 4 for the SBOXes", gs == V3_GS_SBOX,
		      "GLOBAL_STATUS 0x%lx after an SBOX overflow (OQ-V16 model choice: 0x%llx)",
		      (unsigned long)gs, (unsigned long long)V3_GS_SBOX));
	CHECK(t, b == a, "C-box 0 went 0x%lx -> 0x%lx after SBOX 0 overflowed with ov_en: want "
	      "held (V-08, V-32)", (unsigned long)a, (unsigned long)b);
	WR(t, V3_S_STATUS(0), st);
	WR(t, V2_GLOBAL_STATUS, gs);
	RD(t, V3_S_STATUS(0), &st);
	RD(t, V2_GLOBAL_STATUS, &gs);
	CHECK(t, !st && !gs, "SBOX 0 status 0x%lx, GLOBAL_STATUS 0x%lx after writing their bits "
	      "back: want 0 (V-13, V-04)", (unsigned long)st, (unsigned long)gs);
	WR(t, V2_GLOBAL_CTL, V2_UNFRZ_ALL);
	RD(t, SNB_C_CTR(0, 0), &a);
	plat_stall_us(RUN_US);
	RD(t, SNB_C_CTR(0, 0), &b);
	CHECK(t, b > a, "C-box 0 went 0x%lx -> 0x%lx after unfrz_all: want counting (V-06)",
	      (unsigned long)a, (unsigned long)b);
	return all_quiet(t, n);
}

static enum verdict sbox_overflow(struct tctx *t)
{
	return unfrozen_after(t, sbox_overflow_steps);
}

/* V-19: the U-box filter holds tid (bit 0) and cid (5:1); its other bits
 * read 0 (OQ-S16's choice for bits a table leaves undefined). */
static enum verdict ubox_filter(struct tctx *t)
{
	uint64_t v;

	uint64_t w = 0;
	int e;

	TRY(v3_only(t));
	WR(t, V3_U_FILTER, V3_U_FILTER_DEFINED);
	RD(t, V3_U_FILTER, &v);
	/* Reserved bits: hardware may fault on them (reported). */
	e = msr_write(plat_this_cpu(), V3_U_FILTER, ~V3_U_FILTER_DEFINED & 0xFFFFFFFFull);
	if (e < 0)
		return t_error(t, "wrmsr 0x%x: backend error %d", V3_U_FILTER, e);
	if (!e)
		RD(t, V3_U_FILTER, &w);
	WR(t, V3_U_FILTER, 0);
	t_figure(t, "reserved_write_fault_vector", e, "vector");
	CHECK(t, v == V3_U_FILTER_DEFINED, "U-box filter 0x%x reads 0x%lx after writing tid and "
	      "cid (0x%llx) (V-19)", V3_U_FILTER, (unsigned long)v,
	      (unsigned long long)V3_U_FILTER_DEFINED);
	return t_default(t, "OQ-S16", "bits a register does not define are dropped", !e && !w,
			 "U-box filter reads 0x%lx after writing its undefined bits 31:6 (fault "
			 "%d) (OQ-S16 model choice: dropped, read 0)", (unsigned long)w, e);
}

static const struct test tests[] = {
	{ .id = "snbep.v3.sbox-count", .desc = "the SBOXes CAPID4's die names count; the others "
	  "never do (model; reported on hardware)", .needs = NEED_UNCORE, .run = sbox_count },
	{ .id = "snbep.v3.sbox-box", .desc = "SBOX box control written bit by bit: resets, "
	  "freeze, resume, own box only", .needs = NEED_UNCORE, .run = sbox_box },
	{ .id = "snbep.v3.sbox-multi-bit", .desc = "an SBOX BOX_CTL write adding several bits "
	  "faults (model; reported on hardware)", .needs = NEED_UNCORE, .run = sbox_multi_bit },
	{ .id = "snbep.v3.sbox-width", .desc = "SBOX counters wrap at 2^44 (v3) or 2^48 (v4)",
	  .needs = NEED_UNCORE, .run = sbox_width },
	{ .id = "snbep.v3.sbox-filter", .desc = "thresh, invert and edge on SBOX clockticks",
	  .needs = NEED_UNCORE, .run = sbox_filter },
	{ .id = "snbep.v3.sbox-freeze-all", .desc = "frz_all stops the SBOXes, unfrz_all "
	  "restarts them", .needs = NEED_UNCORE, .run = sbox_freeze_all },
	{ .id = "snbep.v3.sbox-overflow", .desc = "an SBOX wrap with ov_en sets its status and "
	  "GLOBAL_STATUS and freezes", .needs = NEED_UNCORE, .run = sbox_overflow },
	{ .id = "snbep.v3.ubox-filter", .desc = "the U-box filter holds tid and cid",
	  .needs = NEED_UNCORE, .run = ubox_filter },
};
const struct suite snbep_v3_suite = SUITE("snbep.v3", tests);
