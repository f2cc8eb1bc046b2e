/* The memory controllers' MMIO counters behind MCHBAR (L-110..L-117,
 * L-131): the box control's own layout (freeze bit 0, resets bits 1 and
 * 2), the counter control's reset, threshold, invert and edge on clock
 * ticks, the global freeze of both controllers, CAS counts and the
 * free-running read, write and total counters against a streaming
 * workload (declared to the model, pmu_traffic), the last also on Panther
 * Lake, whose MCHBAR has them alone (L-138). Every register written is
 * saved first and restored, verified, at the end (imc_begin/end,
 * suites/imc/lib.c, L-130); the free-running test writes none. */
#include "suites/imc/imc.h"

#define RUN_US 2000
#define STREAM_BYTES (64ull << 20)
#define CAS_MULTIPLE 2 /* hardware: prefetch and other agents, as S-54's bound */
#define FR_TOL_PPM 10000 /* hardware: total read apart from read and write */

#define IRD(t, m, off, v)                                                                   \
	do { int e_ = imc_rd64(&im, (m), (off), (v));                                   \
	     if (e_) return t_error((t), "reading controller %u's 0x%x: %s", (m), (off),   \
				    space_rc_text(e_)); } while (0)
#define IWR(t, m, off, v)                                                                   \
	do { int e_ = imc_wr(&im, (m), (off), (v));                                     \
	     if (e_) return t_error((t), "writing controller %u's 0x%x: %s", (m), (off),   \
				    space_rc_text(e_)); } while (0)

static struct imc_ctx im;

/* Counters 0..4 of controller m zeroed, each control written ctl[k], the
 * box unfrozen for RUN_US, frozen again, the counts read into d. */
static enum verdict box_window(struct tctx *t, unsigned m, const uint32_t *ctl, uint64_t *d)
{
	unsigned k;

	IWR(t, m, IM_BOX, IM_FRZ);
	for (k = 0; k < IM_NCTR; k++) {
		IWR(t, m, IM_CTL(k), ctl[k]);
		IWR(t, m, IM_CTL(k), ctl[k] | IM_RST); /* L-112: cleared */
	}
	IWR(t, m, IM_BOX, 0);
	plat_stall_us(RUN_US);
	IWR(t, m, IM_BOX, IM_FRZ);
	for (k = 0; k < IM_NCTR; k++)
		IRD(t, m, IM_CTR(k), &d[k]);
	return V_PASS;
}

/* L-112, L-113: FREEZE stops the box, the resets (bit 1 controls, bit 2
 * counters) act and read 0 (OQ-L46), a control's reset clears its counter
 * and reads 0. */
static enum verdict box_ctl_run(struct tctx *t)
{
	uint32_t ctl[IM_NCTR] = { IM_CLK, IM_CLK, IM_CLK, IM_CLK, IM_CLK };
	uint64_t d[IM_NCTR], held, v;
	uint32_t c;
	unsigned k;

	TRY(box_window(t, 0, ctl, d));
	if (!d[0])
		return t_fail(t, "clock ticks (01H) did not count in an unfrozen box (L-113, L-131)");
	plat_stall_us(RUN_US);
	IRD(t, 0, IM_CTR(0), &held);
	CHECK(t, held == d[0], "counter 0 moved from %llu to %llu with the box frozen (bit 0, "
	      "L-113)", (unsigned long long)d[0], (unsigned long long)held);
	IWR(t, 0, IM_CTL(1), IM_CLK | IM_RST);
	IRD(t, 0, IM_CTR(1), &v);
	TRY(imc_rd32(&im, 0, IM_CTL(1), &c) ? t_error(t, "reading control 1") : V_PASS);
	CHECK(t, v == 0 && !(c & IM_RST), "after a control write with reset (bit 17) counter "
	      "1 reads %llu, the control 0x%x (L-112: cleared, the bit self-clearing)",
	      (unsigned long long)v, c);
	IWR(t, 0, IM_BOX, IM_FRZ | IM_RST_CTRS);
	for (k = 0; k < IM_NCTR; k++) {
		IRD(t, 0, IM_CTR(k), &v);
		CHECK(t, v == 0, "counter %u reads %llu after the box control's bit 2 (reset "
		      "counters, L-113)", k, (unsigned long long)v);
		TRY(imc_rd32(&im, 0, IM_CTL(k), &c) ? t_error(t, "reading a control") : V_PASS);
		CHECK(t, c == IM_CLK, "control %u reads 0x%x after bit 2, want 0x%x: bit 2 "
		      "resets the counters, not the controls (L-113)", k, c, IM_CLK);
	}
	IWR(t, 0, IM_BOX, IM_FRZ | IM_RST_CTRL);
	for (k = 0; k < IM_NCTR; k++) {
		TRY(imc_rd32(&im, 0, IM_CTL(k), &c) ? t_error(t, "reading a control") : V_PASS);
		CHECK(t, c == 0, "control %u reads 0x%x after the box control's bit 1 (reset "
		      "controls, L-113)", k, c);
	}
	TRY(imc_rd32(&im, 0, IM_BOX, &c) ? t_error(t, "reading the box control") : V_PASS);
	return t_default(t, "OQ-L46", "the resets read 0, FREEZE as written", c == IM_FRZ,
			 "the box control reads 0x%x after 0x%x", c, IM_FRZ | IM_RST_CTRL);
}

static enum verdict box_ctl(struct tctx *t)
{
	TRY(imc_begin(t, &im));
	return imc_end(t, &im, box_ctl_run(t));
}

/* L-112 on clock ticks, one a clock (S-49's checks on the server iMC):
 * threshold 1 counts every clock, inverted none; threshold 2 inverted
 * every clock; with edge detect at most one; threshold 0 every clock. */
static enum verdict filter_run(struct tctx *t)
{
	static const uint32_t ctl[IM_NCTR] = {
		IM_CLK | IM_TH(1), IM_CLK | IM_TH(1) | IM_INV,
		IM_CLK | IM_TH(2) | IM_INV, IM_CLK | IM_TH(1) | IM_EDGE,
		IM_CLK,
	};
	uint64_t d[IM_NCTR];
	unsigned m;

	for (m = 0; m < 2; m++) {
		TRY(box_window(t, m, ctl, d));
		if (!d[4])
			return t_fail(t, "controller %u's clock ticks did not count (L-131)", m);
		CHECK(t, d[0] == d[4] && d[1] == 0 && d[2] == d[4] && d[3] <= 1,
		      "controller %u clock ticks: threshold 1 %llu, inverted %llu (want 0), "
		      "threshold 2 inverted %llu, edge %llu (want <= 1), plain %llu (L-112)", m,
		      (unsigned long long)d[0], (unsigned long long)d[1], (unsigned long long)d[2],
		      (unsigned long long)d[3], (unsigned long long)d[4]);
	}
	return V_PASS;
}

static enum verdict filter(struct tctx *t)
{
	TRY(imc_begin(t, &im));
	return imc_end(t, &im, filter_run(t));
}

/* L-114, OQ-L47: GLOBAL_CTL bit 0 in controller 1's block freezes both
 * controllers; a wrap with freeze on overflow sets it. */
static enum verdict gfreeze_run(struct tctx *t)
{
	static const uint32_t clk[IM_NCTR] = { IM_CLK };
	uint64_t a[2], b[2], v;
	uint32_t g;
	unsigned m;

	for (m = 0; m < 2; m++) {
		IWR(t, m, IM_CTL(0), clk[0] | IM_RST);
		IWR(t, m, IM_BOX, 0);
	}
	IWR(t, 1, IM_GCTL, IM_FRZ);
	for (m = 0; m < 2; m++)
		IRD(t, m, IM_CTR(0), &a[m]);
	plat_stall_us(RUN_US);
	for (m = 0; m < 2; m++)
		IRD(t, m, IM_CTR(0), &b[m]);
	IWR(t, 1, IM_GCTL, 0);
	TRY(t_default(t, "OQ-L47", "controller 1's GLOBAL_CTL bit 0 freezes both controllers",
		      a[0] == b[0] && a[1] == b[1], "with it set, controller 0's clock ticks went "
		      "%llu -> %llu, controller 1's %llu -> %llu", (unsigned long long)a[0],
		      (unsigned long long)b[0], (unsigned long long)a[1], (unsigned long long)b[1]));
	/* a wrap of controller 0's counter 0, 64 bits, with freeze on overflow */
	IWR(t, 0, IM_BOX, IM_FRZ);
	IWR(t, 0, IM_CTL(0), IM_CLK | IM_FRZ_OV);
	if (imc_rd64(&im, 0, IM_CTR(0), &v) ||
	    mmio_write(imc_addr(&im, 0, IM_CTR(0)), 8, ~0ull - 99))
		return t_error(t, "presetting controller 0's counter 0 failed");
	IWR(t, 0, IM_BOX, 0);
	plat_stall_us(RUN_US);
	TRY(imc_rd32(&im, 1, IM_GCTL, &g) ? t_error(t, "reading GLOBAL_CTL") : V_PASS);
	IRD(t, 1, IM_CTR(0), &a[1]);
	plat_stall_us(RUN_US);
	IRD(t, 1, IM_CTR(0), &b[1]);
	IWR(t, 1, IM_GCTL, 0);
	return t_default(t, "OQ-L47", "a wrap with freeze on overflow sets the global freeze",
			 (g & IM_FRZ) && a[1] == b[1], "after controller 0's wrap GLOBAL_CTL "
			 "reads 0x%x, controller 1's clock ticks went %llu -> %llu", g,
			 (unsigned long long)a[1], (unsigned long long)b[1]);
}

static enum verdict gfreeze(struct tctx *t)
{
	TRY(imc_begin(t, &im));
	return imc_end(t, &im, gfreeze_run(t));
}

/* The streaming workload's buffer, once a run (plat_alloc). */
static volatile uint64_t *stream;

static void stream_once(bool write)
{
	uint64_t i;

	if (write)
		for (i = 0; i < STREAM_BYTES / 8; i += 8)
			stream[i] = i;
	else
		for (i = 0; i < STREAM_BYTES / 8; i += 8)
			(void)stream[i];
	pmu_traffic((uint64_t)(uintptr_t)stream, STREAM_BYTES, write);
}

/* The sum over both controllers of the register at off (both boxes
 * frozen: a counter; or a free-running counter). */
static enum verdict sum2(struct tctx *t, uint32_t off, uint64_t *sum)
{
	uint64_t v;
	unsigned m;

	*sum = 0;
	for (m = 0; m < 2; m++) {
		IRD(t, m, off, &v);
		*sum += v;
	}
	return V_PASS;
}

/* The lines of STREAM_BYTES. */
#define STREAM_LINES (STREAM_BYTES / IM_LINE)

/* Whether a move d of a counter that counts the stream's lines is within
 * [lines, CAS_MULTIPLE times that], exactly the lines on the model
 * (L-117: other agents and prefetch add on hardware). */
static bool stream_moved(uint64_t d)
{
	return d >= STREAM_LINES && d <= CAS_MULTIPLE * STREAM_LINES &&
	       (d == STREAM_LINES || !t_on_model());
}

/* L-117, L-131: reading then writing STREAM_BYTES moves the CAS counters
 * (22H, 23H), summed over both controllers, by at least its lines and at
 * most CAS_MULTIPLE times that (exactly on the model). */
static enum verdict stream_run(struct tctx *t)
{
	uint64_t c0, c1;
	unsigned m, pass;

	for (m = 0; m < 2; m++) {
		IWR(t, m, IM_CTL(0), IM_CAS_RD | IM_RST);
		IWR(t, m, IM_CTL(1), IM_CAS_WR | IM_RST);
		IWR(t, m, IM_BOX, 0);
	}
	for (pass = 0; pass < 2; pass++) {
		bool write = pass == 1;

		TRY(sum2(t, IM_CTR(pass), &c0));
		stream_once(write);
		TRY(sum2(t, IM_CTR(pass), &c1));
		t_figure_expect(t, write ? "cas_writes_count" : "cas_reads_count",
				(int64_t)(c1 - c0), (int64_t)STREAM_LINES, (int64_t)STREAM_LINES,
				"count");
		CHECK(t, stream_moved(c1 - c0), "%s %llu lines: %llu CAS %s over both controllers "
		      "(22H/23H), want [%llu, %llu] (L-117, L-131)", write ? "writing" : "reading",
		      (unsigned long long)STREAM_LINES, (unsigned long long)(c1 - c0),
		      write ? "writes" : "reads", (unsigned long long)STREAM_LINES,
		      (unsigned long long)(CAS_MULTIPLE * STREAM_LINES));
	}
	return V_PASS;
}

/* The streaming buffer, allocated once a run; false: no memory for it. */
static bool stream_ready(void)
{
	return stream || (stream = plat_alloc(STREAM_BYTES));
}

static enum verdict streaming(struct tctx *t)
{
	if (!stream_ready())
		return t_skip(t, "no %llu MiB for the streaming buffer",
			      (unsigned long long)(STREAM_BYTES >> 20));
	TRY(imc_begin(t, &im));
	return imc_end(t, &im, stream_run(t));
}

/* L-115, L-117, L-138: reading then writing STREAM_BYTES moves the
 * free-running read, then write, counters, summed over both controllers,
 * by at least its lines and at most CAS_MULTIPLE times that (exactly on
 * the model); the total moves by the read and write counters' moves
 * together. No control is involved: nothing is written. */
static enum verdict freerun_run(struct tctx *t)
{
	uint64_t r0, r1, w0, w1, x0, x1, tol;
	unsigned pass;

	for (pass = 0; pass < 2; pass++) {
		bool write = pass == 1;
		uint32_t fr = write ? IM_FR_WR : IM_FR_RD, other = write ? IM_FR_RD : IM_FR_WR;

		TRY(sum2(t, fr, &r0));
		TRY(sum2(t, other, &w0));
		TRY(sum2(t, IM_FR_TOTAL, &x0));
		stream_once(write);
		TRY(sum2(t, fr, &r1));
		TRY(sum2(t, other, &w1));
		TRY(sum2(t, IM_FR_TOTAL, &x1));
		t_figure_expect(t, write ? "freerun_writes_count" : "freerun_reads_count",
				(int64_t)(r1 - r0), (int64_t)STREAM_LINES, (int64_t)STREAM_LINES,
				"count");
		CHECK(t, stream_moved(r1 - r0), "%s %llu lines: the free-running %s counters moved "
		      "%llu, want [%llu, %llu] (L-115, L-117)", write ? "writing" : "reading",
		      (unsigned long long)STREAM_LINES, write ? "write" : "read",
		      (unsigned long long)(r1 - r0), (unsigned long long)STREAM_LINES,
		      (unsigned long long)(CAS_MULTIPLE * STREAM_LINES));
		tol = (uint64_t)t_slack(t, (int64_t)((x1 - x0) / 1000000 * FR_TOL_PPM + 64),
					"the total is read apart from the read and write counters");
		CHECK(t, x1 - x0 + tol >= (r1 - r0) + (w1 - w0) &&
			 x1 - x0 <= (r1 - r0) + (w1 - w0) + tol,
		      "the free-running total moved %llu, reads and writes %llu + %llu (+- %llu) "
		      "(L-115)", (unsigned long long)(x1 - x0), (unsigned long long)(r1 - r0),
		      (unsigned long long)(w1 - w0), (unsigned long long)tol);
	}
	return V_PASS;
}

static enum verdict freerun(struct tctx *t)
{
	if (!stream_ready())
		return t_skip(t, "no %llu MiB for the streaming buffer",
			      (unsigned long long)(STREAM_BYTES >> 20));
	TRY(imc_bar(t, &im));
	return freerun_run(t);
}

static const struct test tests[] = {
	{ .id = "imc.box-ctl", .desc = "the iMC box control (MCHBAR + 0xD9C4): freeze bit 0, "
	  "reset controls bit 1, reset counters bit 2; a control's reset bit 17",
	  .needs = NEED_UNCORE, .run = box_ctl },
	{ .id = "imc.filter", .desc = "iMC clock ticks under threshold, invert and edge "
	  "detect, both controllers", .needs = NEED_UNCORE, .run = filter },
	{ .id = "imc.global-freeze", .desc = "controller 1's GLOBAL_CTL freezes both "
	  "controllers, and a wrap with freeze on overflow sets it (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = gfreeze },
	{ .id = "imc.streaming", .desc = "CAS counters against a streaming read and write of "
	  "64 MiB", .needs = NEED_UNCORE, .run = streaming },
	{ .id = "imc.freerun", .desc = "the free-running read, write and total counters against "
	  "a streaming read and write of 64 MiB (Panther Lake too)",
	  .needs = NEED_UNCORE, .run = freerun },
};
const struct suite imc_suite = SUITE("imc", tests);
