/* The PCI boxes (S-47..S-58): box control on every box type, exact widths
 * and torn-free reads, the iMC's DRAM clock against the TSC, memory
 * traffic against a streaming workload, threshold/invert/edge and QPI's
 * packet match/mask. Every test leaves every box at rest (spb_end); the
 * state bracket saves what the machine held before the run and puts it
 * back verified after it (harness/state.c). Each box counts
 * its clockticks (S-56), which run in every box clock on hardware too. */
#include "suites/snbep/pci.h"

#define RUN_US 100
/* The streaming buffer: well beyond the 20 MB LLC of the largest
 * E5-2600 (S-54). */
#define STREAM_BYTES (64ull << 20)
#define CAS_MULTIPLE 2 /* S-54's upper bound, in lines per line moved */
/* PKT_MATCH0 with a bit in each of dnid, mc and opc and none reserved
 * (S-57: reserved bits are written 0) */
#define PKT_MATCH0_VAL 0x12340u

static enum verdict count_clk(struct tctx *t, struct pci_fn f, unsigned b, unsigned k,
			      uint32_t extra)
{
	PWR(t, f, SPB_CTL(k), SNB_EN | spb[b].clk | extra);
	PWR(t, f, SPB_CTR(k), 0);
	PWR(t, f, SPB_CTR(k) + 4, 0);
	return V_PASS;
}

static enum verdict read_ctr(struct tctx *t, struct pci_fn f, uint16_t off, uint64_t *v)
{
	int rc = spb_read_ctr(f, off, v);

	return rc ? t_error(t, "pci counter %02x:%02x.%u+0x%x: %s (%d)", f.bus, f.dev, f.fn,
			    (unsigned)off, space_rc_text(rc), rc) : V_PASS;
}

/* One box b of socket s: frozen with frz_en it holds while the next box
 * counts (S-11, S-14), frz alone does not hold it (S-12: asserted on the
 * model, reported on hardware), resumed it moves (S-13); rst_ctrs and
 * rst_ctrl zero its counters and controls where it has them, and change
 * nothing on HA and iMC (S-50). */
static enum verdict box_ctl_one(struct tctx *t, unsigned s, unsigned b)
{
	struct pci_fn f = spb_fn(s, b), g = spb_fn(s, (b + 1) % SPB_BOXES);
	uint64_t a, c, x, y;
	uint32_t v;

	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	PWR(t, g, SPB_BOX_CTL, 0);
	TRY(count_clk(t, f, b, 0, 0));
	TRY(count_clk(t, g, (b + 1) % SPB_BOXES, 0, 0));
	TRY(read_ctr(t, f, SPB_CTR(0), &a));
	TRY(read_ctr(t, g, SPB_CTR(0), &x));
	plat_stall_us(RUN_US);
	TRY(read_ctr(t, f, SPB_CTR(0), &c));
	TRY(read_ctr(t, g, SPB_CTR(0), &y));
	CHECK(t, a == c, "socket %u %s moved from %llu to %llu frozen (BOX_CTL 0x10100, S-50, "
	      "S-11)", s, spb[b].name, (unsigned long long)a, (unsigned long long)c);
	if (y == x)
		return t_idle(t, "socket %u %s's clockticks did not move while %s was frozen "
				   "(S-50, S-14)", s, spb[(b + 1) % SPB_BOXES].name, spb[b].name);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FRZ);
	plat_stall_us(RUN_US);
	TRY(read_ctr(t, f, SPB_CTR(0), &a));
	TRY(t_default(t, "OQ-S03", "frz without frz_en has no effect", a > c,
		      "socket %u %s held with frz alone (S-12, OQ-S03)", s, spb[b].name));
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	TRY(read_ctr(t, f, SPB_CTR(0), &c));
	if (c <= a)
		return t_idle(t, "socket %u %s did not resume (S-13)", s, spb[b].name);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)(SNB_FROZEN | SNB_RST_CTRS | SNB_RST_CTRL));
	TRY(read_ctr(t, f, SPB_CTR(0), &a));
	PRD(t, f, SPB_CTL(0), &v);
	if (spb[b].rst)
		CHECK(t, a == 0 && v == 0, "socket %u %s: rst_ctrs|rst_ctrl left counter 0x%llx, "
		      "CTL 0x%x (S-50, S-07, S-08)", s, spb[b].name, (unsigned long long)a, v);
	else
		CHECK(t, a >= c && v == (SNB_EN | spb[b].clk), "socket %u %s: BOX_CTL bits 1:0, "
		      "reserved there, changed counter (0x%llx) or CTL (0x%x) (S-50)", s,
		      spb[b].name, (unsigned long long)a, v);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	return V_PASS;
}

/* one on every PCI box of every socket, in order, until one does not pass;
 * every box left at rest after (spb_end). */
static enum verdict each_box(struct tctx *t, enum verdict (*one)(struct tctx *, unsigned, unsigned),
			     unsigned *nsock)
{
	unsigned s, b;
	enum verdict v = spb_begin(t, nsock);

	for (s = 0; v == V_PASS && s < *nsock; s++)
		for (b = 0; v == V_PASS && b < SPB_BOXES; b++)
			v = one(t, s, b);
	return spb_end(t, *nsock, v);
}

static enum verdict box_ctl(struct tctx *t)
{
	unsigned n;
	enum verdict v = each_box(t, box_ctl_one, &n);

	t_figure(t, "pci_sockets_count", n, "count");
	return v;
}

/* S-51: preloaded 2^W - 3, frozen, each counter reads back exactly; run
 * past the wrap, frozen again: small, bits above the width 0. S-47: while
 * a counter runs across the 2^32 carry its high-low-high read never
 * tears. */
static enum verdict width_one(struct tctx *t, unsigned s, unsigned b)
{
	struct pci_fn f = spb_fn(s, b);
	uint64_t top = (1ull << spb[b].width) - 3, v, prev = 0;
	unsigned i;

	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	TRY(count_clk(t, f, b, 0, 0));
	PWR(t, f, SPB_CTR(0), (uint32_t)top);
	PWR(t, f, SPB_CTR(0) + 4, (uint32_t)(top >> 32));
	TRY(read_ctr(t, f, SPB_CTR(0), &v));
	CHECK(t, v == top, "socket %u %s counter reads 0x%llx after 0x%llx frozen (S-05, S-51)",
	      s, spb[b].name, (unsigned long long)v, (unsigned long long)top);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	TRY(read_ctr(t, f, SPB_CTR(0), &v));
	if (v == top)
		return t_idle(t, "socket %u %s clockticks did not move", s, spb[b].name);
	CHECK(t, v < top, "socket %u %s read 0x%llx after counting past 2^%u: it did not wrap "
	      "there (S-51)", s, spb[b].name, (unsigned long long)v, spb[b].width);
	PWR(t, f, SPB_CTR(0), 0xFFFFFF00u);
	PWR(t, f, SPB_CTR(0) + 4, 0);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_RUN);
	for (i = 0; i < 64; i++) {
		TRY(read_ctr(t, f, SPB_CTR(0), &v));
		CHECK(t, v >= prev, "socket %u %s: a running counter read 0x%llx after 0x%llx: a "
		      "torn two-dword read (S-47)", s, spb[b].name, (unsigned long long)v,
		      (unsigned long long)prev);
		prev = v;
	}
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	return V_PASS;
}

static enum verdict width(struct tctx *t)
{
	unsigned n;

	return each_box(t, width_one, &n);
}

/* A read of the fixed counter dated by the TSC reads around it, redone
 * while the two are more than SNB_BRACKET_US apart (the vCPU was away):
 * its TSC is their midpoint. */
static enum verdict dclk_stamp(struct tctx *t, struct pci_fn f, uint64_t *c, uint64_t *tsc)
{
	uint64_t t0, t1;
	unsigned i;

	for (i = 0; i < SNB_STAMP_TRIES; i++) {
		t0 = plat_tsc();
		TRY(read_ctr(t, f, SPB_FIXED_CTR, c));
		t1 = plat_tsc();
		if (t1 - t0 <= snb_tsc_us(SNB_BRACKET_US)) {
			*tsc = t0 + (t1 - t0) / 2;
			return V_PASS;
		}
	}
	return t_error(t, "no read of %02x:%02x.%u's fixed counter within %u us of the TSC in %u "
		       "tries", f.bus, f.dev, f.fn, SNB_BRACKET_US, SNB_STAMP_TRIES);
}

/* S-52: the fixed counter's rate against the TSC over 10 ms (each end
 * dated within SNB_BRACKET_US: 0.2 % of the window each), each channel of
 * each socket: inside [400, 800] MHz within 2 %; on the model its
 * 800 MHz (OQ-S24). */
static enum verdict dclk_one(struct tctx *t, unsigned s, unsigned b, uint64_t *hz)
{
	struct pci_fn f = spb_fn(s, b);
	uint64_t c0, c1, t0, t1;

	PWR(t, f, SPB_BOX_CTL, 0);
	PWR(t, f, SPB_FIXED_CTL, SNB_EN | SPB_FIXED_RST);
	TRY(dclk_stamp(t, f, &c0, &t0));
	plat_stall_us(10000);
	TRY(dclk_stamp(t, f, &c1, &t1));
	PWR(t, f, SPB_FIXED_CTL, 0);
	*hz = (c1 - c0) * (plat_tsc_hz() / 1000) / ((t1 - t0) / 1000 ? (t1 - t0) / 1000 : 1);
	return V_PASS;
}

static enum verdict dclk(struct tctx *t)
{
	unsigned n, s, b;
	uint64_t hz = 0, lo = 400000000ull * 98 / 100, hi = 800000000ull * 102 / 100;
	enum verdict v = spb_begin(t, &n);

	/* The model's DRAM clock is one rate, 800 MHz (OQ-S24), not a range. */
	if (t_on_model())
		lo = 800000000ull * 98 / 100;
	for (s = 0; v == V_PASS && s < n; s++)
		for (b = 1; v == V_PASS && b <= 4; b++) {
			v = dclk_one(t, s, b, &hz);
			if (v == V_PASS && (hz < lo || hz > hi))
				v = t_fail(t, "socket %u %s fixed counter ran at %llu Hz, outside "
					   "[%llu, %llu] (S-52%s)", s, spb[b].name,
					   (unsigned long long)hz, (unsigned long long)lo,
					   (unsigned long long)hi, t_on_model() ? ", OQ-S24" : "");
		}
	t_figure(t, "dram_clock_hz", (int64_t)hz, "hz");
	return spb_end(t, n, v);
}

/* The buffer of the streaming workload, once a run (plat_alloc). */
static volatile uint64_t *stream;

/* S-54: Σ CAS reads and writes over every channel and socket, the
 * workload reading then writing STREAM_BYTES (declared to the model,
 * pmu_traffic). */
static enum verdict cas_window(struct tctx *t, unsigned n, bool write, uint64_t *rd, uint64_t *wr)
{
	uint64_t i, c;
	unsigned s, b;

	for (s = 0; s < n; s++)
		for (b = 1; b <= 4; b++) {
			struct pci_fn f = spb_fn(s, b);

			PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
			PWR(t, f, SPB_CTL(0), SNB_EN | SPB_CAS | SPB_CAS_RD);
			PWR(t, f, SPB_CTL(1), SNB_EN | SPB_CAS | SPB_CAS_WR);
			for (c = 0; c < 2; c++) {
				PWR(t, f, SPB_CTR(c), 0);
				PWR(t, f, SPB_CTR(c) + 4, 0);
			}
			PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_RUN);
		}
	if (write) {
		for (i = 0; i < STREAM_BYTES / 8; i += 8)
			stream[i] = i;
		pmu_traffic((uint64_t)(uintptr_t)stream, STREAM_BYTES, true);
	} else {
		for (i = 0; i < STREAM_BYTES / 8; i += 8)
			(void)stream[i];
		pmu_traffic((uint64_t)(uintptr_t)stream, STREAM_BYTES, false);
	}
	*rd = *wr = 0;
	for (s = 0; s < n; s++)
		for (b = 1; b <= 4; b++) {
			struct pci_fn f = spb_fn(s, b);

			PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
			TRY(read_ctr(t, f, SPB_CTR(0), &c));
			*rd += c;
			TRY(read_ctr(t, f, SPB_CTR(1), &c));
			*wr += c;
		}
	return V_PASS;
}

static enum verdict traffic(struct tctx *t)
{
	uint64_t lines = STREAM_BYTES / SPB_LINE, rd, wr;
	unsigned n;
	enum verdict v = spb_begin(t, &n);

	if (v != V_PASS)
		return v;
	if (!stream && !(stream = plat_alloc(STREAM_BYTES)))
		return spb_end(t, n, t_skip(t, "no %llu MiB for the streaming buffer",
					 (unsigned long long)(STREAM_BYTES >> 20)));
	v = cas_window(t, n, false, &rd, &wr);
	t_figure_expect(t, "cas_reads_count", (int64_t)rd, (int64_t)(lines * 3 / 2),
			(int64_t)(lines / 2), "count");
	if (v == V_PASS && (rd < lines || rd > CAS_MULTIPLE * lines))
		v = t_fail(t, "reading %llu lines: %llu CAS reads over every channel and socket, "
			   "want [%llu, %llu] (S-53, S-54, S-55)", (unsigned long long)lines,
			   (unsigned long long)rd, (unsigned long long)lines,
			   (unsigned long long)(CAS_MULTIPLE * lines));
	if (v == V_PASS)
		v = cas_window(t, n, true, &rd, &wr);
	t_figure_expect(t, "cas_writes_count", (int64_t)wr, (int64_t)(lines * 3 / 2),
			(int64_t)(lines / 2), "count");
	if (v == V_PASS && (wr < lines || wr > CAS_MULTIPLE * lines))
		v = t_fail(t, "writing %llu lines: %llu CAS writes over every channel and socket, "
			   "want [%llu, %llu] (S-53, S-54, S-55)", (unsigned long long)lines,
			   (unsigned long long)wr, (unsigned long long)lines,
			   (unsigned long long)(CAS_MULTIPLE * lines));
	return spb_end(t, n, v);
}

/* S-49 on each box type's clockticks (x = 1 a cycle, S-56: HA, iMC 0,
 * QPI 0, R2PCIe, R3QPI 0 of socket 0), one frozen-bounded window per box:
 * thresh 1 counts, with invert none, thresh 2 with invert every cycle,
 * thresh 1 with edge_det at most once (OQ-S09; R3QPI has 3 counters, so
 * its edge case is left out). */
static enum verdict filter_one(struct tctx *t, unsigned b)
{
	struct pci_fn f = spb_fn(0, b);
	uint64_t d[4] = { 0 };
	unsigned k;

	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	TRY(count_clk(t, f, b, 0, (uint32_t)SNB_THRESH(1)));
	TRY(count_clk(t, f, b, 1, (uint32_t)(SNB_THRESH(1) | SNB_INV)));
	TRY(count_clk(t, f, b, 2, (uint32_t)(SNB_THRESH(2) | SNB_INV)));
	if (spb[b].nctr > 3)
		TRY(count_clk(t, f, b, 3, (uint32_t)(SNB_THRESH(1) | SNB_EDGE)));
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
	for (k = 0; k < spb[b].nctr; k++)
		TRY(read_ctr(t, f, SPB_CTR(k), &d[k]));
	if (!d[0])
		return t_idle(t, "%s clockticks with thresh 1 did not move", spb[b].name);
	CHECK(t, d[1] == 0 && d[2] == d[0] && d[3] <= 1, "%s clockticks: thresh 1 %llu, with "
	      "invert %llu (want 0), thresh 2 with invert %llu (want %llu), edge %llu (want <= 1) "
	      "(S-49, S-22..S-24)", spb[b].name, (unsigned long long)d[0],
	      (unsigned long long)d[1], (unsigned long long)d[2], (unsigned long long)d[0],
	      (unsigned long long)d[3]);
	return V_PASS;
}

/* ... and QPI's packet match/mask read back as written (S-57: asserted on
 * the model, reported on hardware, which needs ECAM for offsets
 * 0x228-0x23C). */
static enum verdict filter(struct tctx *t)
{
	static const uint8_t types[] = { 0, 1, 5, 7, 8 }; /* HA, iMC 0, QPI 0, R2PCIe, R3QPI 0 */
	unsigned n, i;
	uint32_t m = 0;
	struct pci_fn q;
	int rc;
	enum verdict v = spb_begin(t, &n);

	for (i = 0; v == V_PASS && i < ARRAY_SIZE(types); i++)
		v = filter_one(t, types[i]);
	if (v != V_PASS)
		return spb_end(t, n, v);
	q = (struct pci_fn){ .bus = spb_bus(0), .dev = 8, .fn = 6 };
	rc = pci_cfg_write(q, 0x228, 4, PKT_MATCH0_VAL);
	if (!rc)
		rc = pci_cfg_read(q, 0x228, 4, &m);
	t_figure(t, "pkt_match0_reads_reg", rc ? -1 : (int64_t)m, "reg");
	if (rc == PLAT_EUNSUPPORTED)
		plat_log(1, "  snbep.pci.filter: QPI match/mask not reached: %s (pci: %s)",
			 space_rc_text(rc), plat_pci_mechanism());
	else if (rc || m != PKT_MATCH0_VAL) {
		enum verdict v = t_default(t, "OQ-S28", "QPI match/mask at device 8/9 function 6",
					   false, "QPI port 0 PKT_MATCH0 read %d/0x%x after 0x%x "
					   "(S-57, OQ-S28)", rc, m, PKT_MATCH0_VAL);

		if (v != V_PASS)
			return spb_end(t, n, v);
	}
	if (!rc)
		PWR(t, q, 0x228, 0);
	return spb_end(t, n, V_PASS);
}

static const struct test tests[] = {
	{ .id = "snbep.pci.box-ctl", .desc = "every PCI box of every socket: freeze, resume, "
	  "resets, its own box only", .needs = NEED_UNCORE, .run = box_ctl },
	{ .id = "snbep.pci.width", .desc = "PCI counters wrap at 48 (HA, iMC, QPI) or 44 bits "
	  "(R2PCIe, R3QPI); two-dword reads never torn", .needs = NEED_UNCORE, .run = width },
	{ .id = "snbep.pci.dram-clock", .desc = "the iMC fixed counter runs at the DRAM clock "
	  "against the TSC", .needs = NEED_UNCORE, .run = dclk },
	{ .id = "snbep.pci.traffic", .desc = "CAS reads and writes cover a streaming workload's "
	  "lines", .needs = NEED_UNCORE, .run = traffic },
	{ .id = "snbep.pci.filter", .desc = "threshold, invert and edge on each PCI box type; "
	  "QPI packet match/mask", .needs = NEED_UNCORE, .run = filter },
};
const struct suite snbep_pci_suite = SUITE("snbep.pci", tests);
