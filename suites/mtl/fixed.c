/* The two NCUs' fixed counters against the TSC (L-104): one count per
 * uncore clock while FIXED_CTRL bit 22 and the tile's box-control EN are
 * set. On the model the rate is its configured U-clock (emu.uclk_mhz,
 * OQ-L24's constant ratio) and both tiles run it; on hardware each tile's
 * clock follows load and power state, so only a plausible range is
 * required and the rates are reported. */
#include "suites/mtl/mtl.h"
#include "harness/config.h"

#define WIN_US 2000
#define HW_MIN_HZ 100000000ull   /* as client.fixed.uclk-rate: 0.1-10 GHz */
#define HW_MAX_HZ 10000000000ull
#define EMU_TOL_PCT 2            /* 20 us of dating in a 2 ms window, with room */

/* Counter k's rate (one of fix[]) over a window, the freeze-all of
 * layout P clear around it (L-145). */
static enum verdict one(struct tctx *t, const struct mtl_e *e, unsigned i, unsigned k,
			uint64_t *hz)
{
	uint64_t c0, c1, t0, t1, saved;
	enum verdict v;
	int err;

	TRY(mtl_thaw(t, e, &saved));
	WR(t, mtl_ctr_msr(e, i), 0);
	WR(t, mtl_sel_msr(e, i), MT_FC_EN);
	WR(t, mtl_box_msr(e, k), MT_BOX_EN);
	err = msr_stamp(mtl_ctr_msr(e, i), &c0, &t0);
	plat_stall_us(WIN_US);
	if (!err)
		err = msr_stamp(mtl_ctr_msr(e, i), &c1, &t1);
	WR(t, mtl_box_msr(e, k), 0);
	WR(t, mtl_sel_msr(e, i), 0);
	v = mtl_refreeze(t, e, saved);
	if (err)
		return t_error(t, "dating %s's reads failed (%d)", mtl_name(e, i), err);
	*hz = t1 > t0 ? (c1 - c0) * plat_tsc_hz() / (t1 - t0) : 0;
	return v;
}

static enum verdict rate(struct tctx *t)
{
	static const unsigned fix[2] = { MW_CFIX, MW_SFIX };
	uint64_t hz = 0, want;
	struct mtl_e e;
	unsigned k;

	TRY(mtl_begin(t, &e));
	TRY(mtl_needs_e(t, &e, "fixed counter"));
	/* on layout P's model one clock for the package, the TSC's (L-147,
	 * L-140, OQ-D9) */
	want = !t_on_model() ? (HW_MIN_HZ + HW_MAX_HZ) / 2
	       : e.p	     ? plat_tsc_hz()
			     : (uint64_t)plat_config()->emu_uclk_mhz * 1000000;
	for (k = 0; k < 2; k++) {
		TRY(one(t, &e, fix[k], k, &hz));
		t_figure_expect(t, !k ? "cncu_hz" : e.p ? "cncu1_hz" : "sncu_hz", (int64_t)hz, (int64_t)want,
				(int64_t)(t_on_model() ? want / 100 * EMU_TOL_PCT
						       : (HW_MAX_HZ - HW_MIN_HZ) / 2), "hz");
		if (!t_on_model()) {
			CHECK(t, hz >= HW_MIN_HZ && hz <= HW_MAX_HZ, "%s ran at %lu MHz, outside "
			      "%lu..%lu MHz (L-104)", mtl_name(&e, fix[k]), (unsigned long)(hz / 1000000),
			      (unsigned long)(HW_MIN_HZ / 1000000), (unsigned long)(HW_MAX_HZ / 1000000));
			continue;
		}
		CHECK(t, hz * 100 >= want * (100 - EMU_TOL_PCT) &&
			 hz * 100 <= want * (100 + EMU_TOL_PCT),
		      "%s ran at %lu kHz against the TSC, the model's uncore clock is %lu kHz "
		      "(L-104, OQ-L24)", mtl_name(&e, fix[k]), (unsigned long)(hz / 1000),
		      (unsigned long)(want / 1000));
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "mtl.fixed.rate", .desc = "the cNCU's (0x2402/0x2408) and the sNCU's "
	  "(0x2002/0x2008; Panther Lake: cNCU box 1's, 0x2542/0x2548) fixed counters count "
	  "uncore clocks against the TSC",
	  .needs = NEED_UNCORE, .run = rate },
};
const struct suite mtl_fixed_suite = SUITE("mtl.fixed", tests);
