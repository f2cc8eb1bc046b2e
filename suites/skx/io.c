/* The Xeon Scalable IIO's free-running counters and the IIO's and IRP's
 * overflow (spec xeon-sp-uncore.md): apart from suites/skx/skx.c since
 * they read the I/O stacks' own clocks and status, not the CHAs' and the
 * PCU's. The free-running counters are judged against the TSC and
 * against each other: the I/O clock moves (K-42) at the TSC's rate on the
 * model (OQ-K41), every bandwidth counter within what a port can carry
 * (K-43), every utilisation counter by at most one an I/O clock (OQ-K41),
 * none goes back, a write leaves them (K-42, OQ-K41). Constants from
 * suites/skx/skx.h. */
#include "suites/skx/skx.h"

#define FREE_US 2000   /* the window: millions of TSC cycles on any part */
#define BACK (1ull << 35) /* a 36-bit delta this large went back (K-10) */
/* The most a port carries: PCIe 3.0 x16, 8 GT/s on 16 lanes at 128/130,
 * 15.75 GB/s each way, the widest port of these parts; in 4-byte counts
 * (K-43), rounded up. */
#define BW_MAX_PER_S 4000000000ull

/* The free-running counters' addresses and widths (K-42 against K-68)
 * and the global status's bits (OQ-K40 against K-62, OQ-K30) differ on
 * Ice Lake-SP: these tests are the first and second generation's. */
static enum verdict skx_only(struct tctx *t)
{
	if (skx_map()->icx)
		return t_na(t, "Ice Lake-SP: its free-running counters and global status differ "
			    "(K-68, K-62)");
	return V_PASS;
}

/* A 36-bit counter's gain from a to b (K-10). */
static uint64_t gain(uint64_t a, uint64_t b)
{
	return (b - a) & SKX_W36;
}

/* IIO 0's free-running counters at one moment: the I/O clock bracketed by
 * TSC reads, its ports' counters read after it (first) or before it. */
struct free_snap {
	uint64_t t0, t1, io, bw[SKX_FREE_PORTS], util[SKX_FREE_PORTS];
};

static enum verdict ports(struct tctx *t, struct free_snap *s)
{
	unsigned p;

	for (p = 0; p < SKX_FREE_PORTS; p++) {
		RD(t, SKX_FREE_BW(0, p), &s->bw[p]);
		RD(t, SKX_FREE_UTIL(0, p), &s->util[p]);
	}
	return V_PASS;
}

static enum verdict clock(struct tctx *t, struct free_snap *s)
{
	s->t0 = plat_tsc();
	RD(t, SKX_FREE_IOCLK(0), &s->io);
	s->t1 = plat_tsc();
	return V_PASS;
}

/* The window: a's ports' reads and b's lie between a's and b's I/O
 * clock reads, so no port counts a cycle the clock did not. */
static enum verdict window(struct tctx *t, struct free_snap *a, struct free_snap *b)
{
	TRY(clock(t, a));
	TRY(ports(t, a));
	plat_stall_us(FREE_US);
	TRY(ports(t, b));
	return clock(t, b);
}

/* K-42, OQ-K41: the I/O clock moves; on the model at the TSC's rate: its
 * gain lies between the TSC's inside and outside the two bracketed reads,
 * widened by 1/64 (a clock derived from the TSC by a ratio rounds), far
 * inside what half the rate would give. */
static enum verdict io_clock(struct tctx *t, const struct free_snap *a,
			     const struct free_snap *b)
{
	uint64_t io = gain(a->io, b->io), lo = b->t0 - a->t1, hi = b->t1 - a->t0;

	CHECK(t, io > 0 && io < BACK, "IIO 0's I/O clock went 0x%lx -> 0x%lx in %u us: want it "
	      "counting on (K-42)", (unsigned long)a->io, (unsigned long)b->io, FREE_US);
	t_figure(t, "ioclk_hz", (int64_t)(io * plat_tsc_hz() / (hi ? hi : 1)), "hz");
	return t_default(t, "OQ-K41", "the I/O clock at the TSC's rate",
			 io >= lo - lo / 64 && io <= hi + hi / 64, "IIO 0's I/O clock gained %lu "
			 "while the TSC gained %lu..%lu (OQ-K41 model choice: the same)",
			 (unsigned long)io, (unsigned long)lo, (unsigned long)hi);
}

/* K-42, K-43, OQ-K41: no port counter goes back; a bandwidth counter
 * gains no more than the widest port carries over the bracket; a
 * utilisation counter no more than the I/O clock; some port moved (an
 * idle I/O stack is no failure on hardware). */
static enum verdict port_rates(struct tctx *t, const struct free_snap *a,
			       const struct free_snap *b)
{
	uint64_t io = gain(a->io, b->io), bw, util, sum = 0;
	uint64_t most = (b->t1 - a->t0) * (BW_MAX_PER_S / 1000000) / (plat_tsc_hz() / 1000000);
	unsigned p;

	for (p = 0; p < SKX_FREE_PORTS; p++) {
		bw = gain(a->bw[p], b->bw[p]);
		util = gain(a->util[p], b->util[p]);
		CHECK(t, bw < BACK && util < BACK, "IIO 0 port counter %u went back: bandwidth "
		      "0x%lx -> 0x%lx, utilisation 0x%lx -> 0x%lx (K-42)", p,
		      (unsigned long)a->bw[p], (unsigned long)b->bw[p],
		      (unsigned long)a->util[p], (unsigned long)b->util[p]);
		CHECK(t, bw <= most, "IIO 0 bandwidth counter %u gained %lu in %u us: more than "
		      "the %lu four-byte counts a PCIe 3.0 x16 port carries (K-43)", p,
		      (unsigned long)bw, FREE_US, (unsigned long)most);
		TRY(t_default(t, "OQ-K41", "utilisation gains at most the I/O clock", util <= io,
			      "IIO 0 utilisation counter %u gained %lu, the I/O clock %lu "
			      "(OQ-K41 model choice: at most one an I/O clock)", p,
			      (unsigned long)util, (unsigned long)io));
		sum += bw;
	}
	t_figure(t, "bw_count", (int64_t)sum, "count");
	if (!sum)
		return t_still(t, "no bandwidth counter of IIO 0 moved in %u us (K-43)", FREE_US);
	return V_PASS;
}

/* K-42, OQ-K41: a write to a bandwidth counter faults and leaves it. */
static enum verdict write_refused(struct tctx *t, uint64_t before)
{
	uint64_t after;
	int e = msr_write(plat_this_cpu(), SKX_FREE_BW(0, 0), 0);

	if (e < 0)
		return t_error(t, "wrmsr 0x%x: backend error %d", SKX_FREE_BW(0, 0), e);
	RD(t, SKX_FREE_BW(0, 0), &after);
	TRY(t_default(t, "OQ-K41", "a write to a free-running counter faults", e == VEC_GP,
		      "a write of 0 to IIO 0's bandwidth counter 0 returned %d (OQ-K41 model "
		      "choice: #GP)", e));
	return t_default(t, "OQ-K41", "a write leaves a free-running counter",
			 gain(before, after) < BACK, "IIO 0's bandwidth counter 0 went 0x%lx -> "
			 "0x%lx across a write of 0 (K-42: read-only)", (unsigned long)before,
			 (unsigned long)after);
}

static enum verdict free_running(struct tctx *t)
{
	struct free_snap a, b;

	TRY(skx_only(t));
	TRY(window(t, &a, &b));
	TRY(io_clock(t, &a, &b));
	TRY(port_rates(t, &a, &b));
	return write_refused(t, b.bw[0]);
}

/* The IIO 0 (4 counters) and IRP 0 (2) registers an overflow test uses. */
struct io_box {
	const char *name;
	uint32_t box_ctl, ctl, ctr, status;
};

/* Box i (0: IIO 0, 1: IRP 0) of the part's map (suites/skx/map.c). */
static struct io_box io_box(unsigned i)
{
	if (!i)
		return (struct io_box){ .name = "IIO 0", .box_ctl = SKX_I_BOX_CTL(0),
					.ctl = SKX_I_CTL(0, 0), .ctr = SKX_I_CTR(0, 0),
					.status = SKX_I_STATUS(0) };
	return (struct io_box){ .name = "IRP 0", .box_ctl = SKX_R_BOX_CTL(0),
				.ctl = SKX_R_CTL(0, 0), .ctr = SKX_R_CTR(0, 0),
				.status = SKX_R_STATUS(0) };
}

/* K-08, OQ-K2, OQ-K40: counter 0 of box b preset SKX_LEAD below 2^48 counting
 * its clockticks with ov_en wraps; bit 0 of its box status and GLOBAL_STATUS's
 * bit of the I/O boxes are set (OQ-V16's SBOX bit); written 1 they clear. */
static enum verdict io_ov_once(struct tctx *t, unsigned n, const struct io_box *b)
{
	uint64_t st, gs, v;

	TRY(skx_quiet(t, n));
	WR(t, b->box_ctl, SKX_FROZEN);
	WR(t, b->ctr, SKX_W48 + 1 - SKX_LEAD);
	WR(t, b->ctl, SKX_IO_CLK | SKX_EN | SKX_OV_EN);
	WR(t, b->box_ctl, SKX_RUN);
	TRY(skx_await_wrap(t, b->ctr, &v));
	CHECK(t, v <= SKX_W48 / 2, "%s counter 0 preset 2^48 - %llu did not wrap in %u us (K-10)",
	      b->name, SKX_LEAD, SKX_WRAP_US);
	RD(t, b->status, &st);
	RD(t, SKX_G_STATUS, &gs);
	t_figure_box(t, "global_status_after_ov_reg", b->name, (int64_t)gs, "reg");
	TRY(t_default(t, "OQ-K2", "the I/O box's status at +7, bit 0 for counter 0", st == 1,
		      "%s's status reads 0x%lx after counter 0 overflowed with ov_en (OQ-K2 model "
		      "choice: 0x1)", b->name, (unsigned long)st));
	TRY(t_default(t, "OQ-K40", "GLOBAL_STATUS bit 4 for the IIO and IRP", gs == SKX_GS_IO,
		      "GLOBAL_STATUS 0x%lx after %s's overflow (OQ-K40 model choice: 0x%llx)",
		      (unsigned long)gs, b->name, SKX_GS_IO));
	WR(t, b->status, st);
	WR(t, SKX_G_STATUS, gs);
	RD(t, b->status, &st);
	RD(t, SKX_G_STATUS, &gs);
	CHECK(t, st == 0 && gs == 0, "after writing 1 to the set bits %s's status reads 0x%lx, "
	      "GLOBAL_STATUS 0x%lx: want 0 (K-08)", b->name, (unsigned long)st, (unsigned long)gs);
	return V_PASS;
}

/* Whatever the verdict, nothing is left frozen by the overflow (OQ-K4). */
static enum verdict io_overflow(struct tctx *t)
{
	char why[T_REASON_LEN - 40];
	enum verdict v = V_PASS;
	unsigned n, i;

	TRY(skx_only(t));
	n = skx_ncha(why, sizeof(why));
	if (!n)
		return t_error(t, "%s", why);
	for (i = 0; i < 2 && v == V_PASS; i++) {
		struct io_box b = io_box(i);

		v = io_ov_once(t, n, &b);
	}
	msr_write(plat_this_cpu(), SKX_G_CTL, SKX_UNFRZ_ALL);
	return v == V_PASS ? skx_quiet(t, n) : v;
}

static const struct test tests[] = {
	{ .id = "skx.io.free-running", .desc = "IIO 0's I/O clock, bandwidth and utilisation "
	  "counters move on, within their rates, and take no write", .needs = NEED_UNCORE,
	  .run = free_running },
	{ .id = "skx.io.overflow", .desc = "an IIO and an IRP wrap with ov_en set their status "
	  "and GLOBAL_STATUS's bit 4 (model; reported on hardware)", .needs = NEED_UNCORE,
	  .run = io_overflow },
};
const struct suite skx_io_suite = SUITE("skx.io", tests);
