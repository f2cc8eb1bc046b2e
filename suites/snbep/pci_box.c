/* The PCI boxes of the E5-2600 (S-47..S-58), of the E5 v2, v3 and v4
 * (V-33..V-40) and of the Xeon Scalable (K-20..K-27, as skx.pci.*): box control on every box, exact widths and torn-free
 * reads, the iMC's DRAM clock against the TSC, memory traffic against a
 * streaming workload, threshold/invert/edge, the box status (V-38) and
 * QPI's packet match/mask, on the boxes the machine has (V-39). Every test
 * leaves every box at rest (spb_end); the state bracket saves what the
 * machine held before the run and puts it back verified after it
 * (harness/state.c). Each box counts its clockticks (S-56, V-35), which
 * run in every box clock on hardware too. */
#include "suites/snbep/pci.h"

#define RUN_US 100
/* The streaming buffer: well beyond the 20 MB LLC of the largest
 * E5-2600 (S-54) and the largest LLC of the E5 v2..v4 (V-37). */
#define STREAM_BYTES (64ull << 20)
#define CAS_MULTIPLE 2 /* S-54's upper bound, in lines per line moved */
/* PKT_MATCH0 with a bit in each of dnid, mc and opc and none reserved
 * (S-57: reserved bits are written 0) */
#define PKT_MATCH0_VAL 0x12340u

static enum verdict count_clk(struct tctx *t, struct pci_fn f, const struct spb_type *ty,
			      unsigned k, uint32_t extra)
{
	PWR(t, f, SPB_CTL(ty, k), SNB_EN | ty->clk | extra);
	PWR(t, f, SPB_CTR(ty, k), 0);
	PWR(t, f, SPB_CTR(ty, k) + 4, 0);
	return V_PASS;
}

static enum verdict read_ctr(struct tctx *t, struct pci_fn f, uint16_t off, uint64_t *v)
{
	int rc = spb_read_ctr(f, off, v);

	return rc ? t_error(t, "pci counter %02x:%02x.%u+0x%x: %s (%d)", f.bus, f.dev, f.fn,
			    (unsigned)off, space_rc_text(rc), rc) : V_PASS;
}

/* Box b of n: frozen with frz_en it holds while every other box of its
 * socket counts (S-11, S-14, V-34), frz alone does not hold it (S-12:
 * asserted on the model, reported on hardware), resumed it moves (S-13);
 * rst_ctrs and rst_ctrl zero its counters and controls where it has them
 * (S-50, V-34), and change nothing on the E5-2600's HA and iMC (S-50). */
static enum verdict box_ctl_one(struct tctx *t, const struct spb_box *bx, unsigned n, unsigned b)
{
	static uint64_t x[SPB_MAX_BOXES], y[SPB_MAX_BOXES];
	struct pci_fn f = bx[b].f;
	const struct spb_type *ty = bx[b].t;
	uint64_t a, c;
	uint32_t v;
	unsigned i;

	for (i = 0; i < n; i++)
		if (bx[i].socket == bx[b].socket) {
			PWR(t, bx[i].f, SPB_BOX_CTL(bx[i].t), i == b ? (uint32_t)SNB_FROZEN : 0);
			TRY(count_clk(t, bx[i].f, bx[i].t, 0, 0));
		}
	for (i = 0; i < n; i++)
		if (bx[i].socket == bx[b].socket)
			TRY(read_ctr(t, bx[i].f, SPB_CTR(bx[i].t, 0), &x[i]));
	plat_stall_us(RUN_US);
	for (i = 0; i < n; i++)
		if (bx[i].socket == bx[b].socket)
			TRY(read_ctr(t, bx[i].f, SPB_CTR(bx[i].t, 0), &y[i]));
	CHECK(t, x[b] == y[b], "socket %u %s moved from %llu to %llu frozen (BOX_CTL 0x10100, "
	      "S-50, S-11, V-34)", bx[b].socket, ty->name, (unsigned long long)x[b],
	      (unsigned long long)y[b]);
	for (i = 0; i < n; i++)
		if (i != b && bx[i].socket == bx[b].socket && y[i] == x[i])
			return t_idle(t, "socket %u %s's clockticks did not move while %s was frozen "
					 "(S-50, S-14, V-34)", bx[b].socket, bx[i].t->name, ty->name);
	c = y[b];
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FRZ);
	plat_stall_us(RUN_US);
	TRY(read_ctr(t, f, SPB_CTR(ty, 0), &a));
	TRY(t_default(t, "OQ-S03", "frz without frz_en has no effect", a > c,
		      "socket %u %s held with frz alone (S-12, OQ-S03)", bx[b].socket, ty->name));
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	TRY(read_ctr(t, f, SPB_CTR(ty, 0), &c));
	if (c <= a)
		return t_idle(t, "socket %u %s did not resume (S-13)", bx[b].socket, ty->name);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)(SNB_FROZEN | SNB_RST_CTRS | SNB_RST_CTRL));
	TRY(read_ctr(t, f, SPB_CTR(ty, 0), &a));
	PRD(t, f, SPB_CTL(ty, 0), &v);
	if (ty->rst)
		CHECK(t, a == 0 && v == 0, "socket %u %s: rst_ctrs|rst_ctrl left counter 0x%llx, "
		      "CTL 0x%x (S-50, S-07, S-08, V-34)", bx[b].socket, ty->name,
		      (unsigned long long)a, v);
	else
		CHECK(t, a >= c && v == (SNB_EN | ty->clk), "socket %u %s: BOX_CTL bits 1:0, "
		      "reserved there, changed counter (0x%llx) or CTL (0x%x) (S-50)", bx[b].socket,
		      ty->name, (unsigned long long)a, v);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	return V_PASS;
}

/* one on every PCI box the machine has, in order, until one does not
 * pass; every box left at rest after (spb_end). */
static enum verdict each_box(struct tctx *t,
			     enum verdict (*one)(struct tctx *, const struct spb_box *, unsigned,
						 unsigned),
			     unsigned *nbox, unsigned *nsock)
{
	const struct spb_box *bx;
	unsigned b;
	enum verdict v = spb_begin(t, &bx, nbox, nsock);

	for (b = 0; v == V_PASS && b < *nbox; b++)
		v = one(t, bx, *nbox, b);
	return spb_end(t, v);
}

static enum verdict box_ctl(struct tctx *t)
{
	unsigned n, s;
	enum verdict v = each_box(t, box_ctl_one, &n, &s);

	t_figure(t, "pci_sockets_count", s, "count");
	t_figure(t, "pci_boxes_count", n, "count");
	return v;
}

/* S-51, V-33: preloaded 2^W - 3, frozen, each counter reads back exactly;
 * run past the wrap, frozen again: small, bits above the width 0. S-47:
 * while a counter runs across the 2^32 carry its high-low-high read never
 * tears. */
static enum verdict width_one(struct tctx *t, const struct spb_box *bx, unsigned n, unsigned b)
{
	struct pci_fn f = bx[b].f;
	const struct spb_type *ty = bx[b].t;
	uint64_t top = (1ull << ty->width) - 3, v, prev = 0;
	unsigned i, s = bx[b].socket;

	(void)n;
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	TRY(count_clk(t, f, ty, 0, 0));
	PWR(t, f, SPB_CTR(ty, 0), (uint32_t)top);
	PWR(t, f, SPB_CTR(ty, 0) + 4, (uint32_t)(top >> 32));
	TRY(read_ctr(t, f, SPB_CTR(ty, 0), &v));
	CHECK(t, v == top, "socket %u %s counter reads 0x%llx after 0x%llx frozen (S-05, S-51, "
	      "V-33)", s, ty->name, (unsigned long long)v, (unsigned long long)top);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	TRY(read_ctr(t, f, SPB_CTR(ty, 0), &v));
	if (v == top)
		return t_idle(t, "socket %u %s clockticks did not move", s, ty->name);
	CHECK(t, v < top, "socket %u %s read 0x%llx after counting past 2^%u: it did not wrap "
	      "there (S-51, V-33)", s, ty->name, (unsigned long long)v, ty->width);
	PWR(t, f, SPB_CTR(ty, 0), 0xFFFFFF00u);
	PWR(t, f, SPB_CTR(ty, 0) + 4, 0);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_RUN);
	for (i = 0; i < 64; i++) {
		TRY(read_ctr(t, f, SPB_CTR(ty, 0), &v));
		CHECK(t, v >= prev, "socket %u %s: a running counter read 0x%llx after 0x%llx: a "
		      "torn two-dword read (S-47)", s, ty->name, (unsigned long long)v,
		      (unsigned long long)prev);
		prev = v;
	}
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	return V_PASS;
}

static enum verdict width(struct tctx *t)
{
	unsigned n, s;

	return each_box(t, width_one, &n, &s);
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

/* S-52, V-36, K-24: the fixed counter's rate against the TSC over 10 ms
 * (each end dated within SNB_BRACKET_US: 0.2 % of the window each), each
 * channel of each socket: inside the generation's range within 2 %; on
 * the model its one rate (OQ-S24, OQ-V21, OQ-K12). */
static enum verdict dclk_one(struct tctx *t, const struct spb_type *ty, struct pci_fn f,
			     uint64_t *hz)
{
	uint64_t c0, c1, t0, t1;

	PWR(t, f, SPB_BOX_CTL(ty), 0);
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
	const struct spb_box *bx;
	const struct spb_gen *g = spb_gen();
	unsigned n, s, b, nimc = 0;
	uint64_t hz = 0, lo = g->dclk_lo_mhz * 1000000ull * 98 / 100,
		 hi = g->dclk_hi_mhz * 1000000ull * 102 / 100;
	enum verdict v = spb_begin(t, &bx, &n, &s);

	/* The model's DRAM clock is one rate (OQ-S24, OQ-V21, OQ-K12), not a
	 * range. */
	if (t_on_model())
		lo = g->model_dclk_mhz * 1000000ull * 98 / 100,
		hi = g->model_dclk_mhz * 1000000ull * 102 / 100;
	for (b = 0; v == V_PASS && b < n; b++) {
		if (!bx[b].t->imc)
			continue;
		nimc++;
		v = dclk_one(t, bx[b].t, bx[b].f, &hz);
		if (v == V_PASS && (hz < lo || hz > hi))
			v = t_fail(t, "socket %u %s fixed counter ran at %llu Hz, outside "
				   "[%llu, %llu] (S-52, V-36%s)", bx[b].socket, bx[b].t->name,
				   (unsigned long long)hz, (unsigned long long)lo,
				   (unsigned long long)hi, t_on_model() ? ", OQ-S24" : "");
	}
	t_figure(t, "dram_clock_hz", (int64_t)hz, "hz");
	t_figure(t, "imc_channels_count", nimc, "count");
	if (v == V_PASS && !nimc)
		v = t_on_model() ? t_fail(t, "no iMC channel answers (V-39)")
				 : t_skip(t, "no iMC channel answers (V-39)");
	return spb_end(t, v);
}

/* The buffer of the streaming workload, once a run (plat_alloc). */
static volatile uint64_t *stream;

/* S-54, V-37: Σ CAS reads and writes over every channel of every socket,
 * the workload reading then writing STREAM_BYTES (declared to the model,
 * pmu_traffic). */
static enum verdict cas_window(struct tctx *t, const struct spb_box *bx, unsigned n, bool write,
			       uint64_t *rd, uint64_t *wr)
{
	uint64_t i, c;
	unsigned b;

	for (b = 0; b < n; b++) {
		struct pci_fn f = bx[b].f;

		if (!bx[b].t->imc)
			continue;
		PWR(t, f, SPB_BOX_CTL(bx[b].t), (uint32_t)SNB_FROZEN);
		PWR(t, f, SPB_CTL(bx[b].t, 0), SNB_EN | SPB_CAS | SPB_CAS_RD);
		PWR(t, f, SPB_CTL(bx[b].t, 1), SNB_EN | SPB_CAS | SPB_CAS_WR);
		for (c = 0; c < 2; c++) {
			PWR(t, f, SPB_CTR(bx[b].t, c), 0);
			PWR(t, f, SPB_CTR(bx[b].t, c) + 4, 0);
		}
		PWR(t, f, SPB_BOX_CTL(bx[b].t), (uint32_t)SNB_RUN);
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
	for (b = 0; b < n; b++) {
		struct pci_fn f = bx[b].f;

		if (!bx[b].t->imc)
			continue;
		PWR(t, f, SPB_BOX_CTL(bx[b].t), (uint32_t)SNB_FROZEN);
		TRY(read_ctr(t, f, SPB_CTR(bx[b].t, 0), &c));
		*rd += c;
		TRY(read_ctr(t, f, SPB_CTR(bx[b].t, 1), &c));
		*wr += c;
	}
	return V_PASS;
}

static enum verdict traffic(struct tctx *t)
{
	const struct spb_box *bx;
	uint64_t lines = STREAM_BYTES / SPB_LINE, rd, wr;
	unsigned n, s;
	enum verdict v = spb_begin(t, &bx, &n, &s);

	if (v != V_PASS)
		return v;
	if (!stream && !(stream = plat_alloc(STREAM_BYTES)))
		return spb_end(t, t_skip(t, "no %llu MiB for the streaming buffer",
					 (unsigned long long)(STREAM_BYTES >> 20)));
	v = cas_window(t, bx, n, false, &rd, &wr);
	t_figure_expect(t, "cas_reads_count", (int64_t)rd, (int64_t)(lines * 3 / 2),
			(int64_t)(lines / 2), "count");
	if (v == V_PASS && (rd < lines || rd > CAS_MULTIPLE * lines))
		v = t_fail(t, "reading %llu lines: %llu CAS reads over every channel and socket, "
			   "want [%llu, %llu] (S-53, S-54, S-55, V-37)", (unsigned long long)lines,
			   (unsigned long long)rd, (unsigned long long)lines,
			   (unsigned long long)(CAS_MULTIPLE * lines));
	if (v == V_PASS)
		v = cas_window(t, bx, n, true, &rd, &wr);
	t_figure_expect(t, "cas_writes_count", (int64_t)wr, (int64_t)(lines * 3 / 2),
			(int64_t)(lines / 2), "count");
	if (v == V_PASS && (wr < lines || wr > CAS_MULTIPLE * lines))
		v = t_fail(t, "writing %llu lines: %llu CAS writes over every channel and socket, "
			   "want [%llu, %llu] (S-53, S-54, S-55, V-37)", (unsigned long long)lines,
			   (unsigned long long)wr, (unsigned long long)lines,
			   (unsigned long long)(CAS_MULTIPLE * lines));
	return spb_end(t, v);
}

/* What one counter of filter_one must show against counter 0's count d0:
 * all of it, none, or at most one (an edge). */
enum want { ALL, NONE, AT_MOST_1 };
struct shape {
	uint32_t extra;
	enum want want;
};

/* S-49, V-35 on a box's clockticks (x = 1 a cycle, S-56), one
 * frozen-bounded window: thresh 1 counts every cycle; with invert none,
 * thresh 2 with invert every cycle; thresh 1 with edge_det at most once
 * (OQ-S09). Without invert (IVB-EP, V-12): thresh 2 none. A box with 3
 * counters leaves out the last shape. */
static enum verdict filter_one(struct tctx *t, const struct spb_box *bx, unsigned n, unsigned b)
{
	static const struct shape inv[] = {
		{ .extra = (uint32_t)SNB_THRESH(1), .want = ALL },
		{ .extra = (uint32_t)(SNB_THRESH(1) | SNB_INV), .want = NONE },
		{ .extra = (uint32_t)(SNB_THRESH(2) | SNB_INV), .want = ALL },
		{ .extra = (uint32_t)(SNB_THRESH(1) | SNB_EDGE), .want = AT_MOST_1 },
	};
	static const struct shape noinv[] = {
		{ .extra = (uint32_t)SNB_THRESH(1), .want = ALL },
		{ .extra = (uint32_t)SNB_THRESH(2), .want = NONE },
		{ .extra = (uint32_t)(SNB_THRESH(1) | SNB_EDGE), .want = AT_MOST_1 },
	};
	const struct shape *sh = spb_gen()->invert ? inv : noinv;
	unsigned nsh = spb_gen()->invert ? ARRAY_SIZE(inv) : ARRAY_SIZE(noinv), k;
	struct pci_fn f = bx[b].f;
	const struct spb_type *ty = bx[b].t;
	uint64_t d[4] = { 0 };

	(void)n;
	if (bx[b].socket)
		return V_PASS; /* socket 0's boxes stand for the rest */
	nsh = nsh < ty->nctr ? nsh : ty->nctr;
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	for (k = 0; k < nsh; k++)
		TRY(count_clk(t, f, ty, k, sh[k].extra));
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	for (k = 0; k < nsh; k++)
		TRY(read_ctr(t, f, SPB_CTR(ty, k), &d[k]));
	if (!d[0])
		return t_idle(t, "%s clockticks with thresh 1 did not move", ty->name);
	for (k = 1; k < nsh; k++)
		CHECK(t, sh[k].want == ALL ? d[k] == d[0] : sh[k].want == NONE ? d[k] == 0 : d[k] <= 1,
		      "%s clockticks: thresh 1 %llu, counter %u (CTL extra 0x%x) %llu, want %s "
		      "(S-49, S-22..S-24, V-35)", ty->name, (unsigned long long)d[0], k,
		      sh[k].extra, (unsigned long long)d[k],
		      sh[k].want == ALL ? "the same" : sh[k].want == NONE ? "0" : "<= 1");
	return V_PASS;
}

/* ... and QPI's packet match/mask read back as written (S-57, V-27:
 * asserted on the model, reported on hardware, which needs ECAM for
 * offsets 0x228-0x23C). */
static enum verdict filter(struct tctx *t)
{
	unsigned n, s;
	uint32_t m = 0;
	struct pci_fn q;
	int rc;
	enum verdict v = each_box(t, filter_one, &n, &s);

	if (v != V_PASS || !spb_gen()->match_did)
		return v; /* K-20: no QPI, no packet match/mask */
	if (!spb_match_fn(&q))
		return t_default(t, "OQ-S28", "a QPI match/mask function", false,
				 "no QPI port 0 match/mask function 8086:%04X on socket 0's bus "
				 "(S-57, V-27, OQ-S28)", spb_gen()->match_did);
	rc = pci_cfg_write(q, 0x228, 4, PKT_MATCH0_VAL);
	if (!rc)
		rc = pci_cfg_read(q, 0x228, 4, &m);
	t_figure(t, "pkt_match0_reads_reg", rc ? -1 : (int64_t)m, "reg");
	if (rc == PLAT_EUNSUPPORTED)
		plat_log(1, "  snbep.pci.filter: QPI match/mask not reached: %s (pci: %s)",
			 space_rc_text(rc), plat_pci_mechanism());
	else
		TRY(t_default(t, "OQ-S28", "QPI match/mask reads back", !rc && m == PKT_MATCH0_VAL,
			      "QPI port 0 PKT_MATCH0 read %d/0x%x after 0x%x (S-57, OQ-S28)", rc, m,
			      PKT_MATCH0_VAL));
	if (!rc)
		PWR(t, q, 0x228, 0);
	return V_PASS;
}

/* V-38, OQ-V18: counter 0 with ov_en and counter 1 without, both 2^W - 2
 * counting clockticks, and the iMC's fixed counter with ov_en at 2^48 -
 * 2: after the wrap the status holds counter 0's bit (bit 1 on the iMC,
 * its fixed counter bit 0) and not counter 1's; writing the bits back
 * clears them. The bit positions are asserted on the model and reported
 * on hardware (OQ-V18). */
static enum verdict ovf_one(struct tctx *t, const struct spb_box *bx, unsigned n, unsigned b)
{
	struct pci_fn f = bx[b].f;
	const struct spb_type *ty = bx[b].t;
	uint64_t top = (1ull << ty->width) - 2, ftop = (1ull << 48) - 2;
	uint32_t st, want = ty->imc ? 0x3u : 0x1u;
	unsigned k;

	(void)n;
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	PWR(t, f, SPB_STATUS, 0x7Fu);
	for (k = 0; k < 2; k++) {
		TRY(count_clk(t, f, ty, k, k ? 0 : SPB_OV_EN));
		PWR(t, f, SPB_CTR(ty, k), (uint32_t)top);
		PWR(t, f, SPB_CTR(ty, k) + 4, (uint32_t)(top >> 32));
	}
	if (ty->imc) {
		PWR(t, f, SPB_FIXED_CTL, SNB_EN | SPB_OV_EN);
		PWR(t, f, SPB_FIXED_CTR, (uint32_t)ftop);
		PWR(t, f, SPB_FIXED_CTR + 4, (uint32_t)(ftop >> 32));
	}
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_RUN);
	plat_stall_us(RUN_US);
	PWR(t, f, SPB_BOX_CTL(ty), (uint32_t)SNB_FROZEN);
	PRD(t, f, SPB_STATUS, &st);
	CHECK(t, st != 0, "socket %u %s: no status bit after an ov_en counter wrapped (V-38, "
	      "V-14)", bx[b].socket, ty->name);
	TRY(t_default(t, "OQ-V18", "ov_en counter 0 bit 0 (bit 1 on the iMC, fixed bit 0)",
		      st == want, "socket %u %s: status 0x%x after the wraps, want 0x%x (V-38, "
		      "OQ-V18)", bx[b].socket, ty->name, st, want));
	PWR(t, f, SPB_STATUS, st);
	PRD(t, f, SPB_STATUS, &st);
	CHECK(t, st == 0, "socket %u %s: status 0x%x after writing its bits back: not cleared "
	      "(V-38)", bx[b].socket, ty->name, st);
	if (ty->imc)
		PWR(t, f, SPB_FIXED_CTL, 0);
	return V_PASS;
}

static enum verdict ovf(struct tctx *t)
{
	unsigned n, s;

	if (!spb_gen()->status)
		return t_na(t, "the E5-2600's PCI counters wrap silently: no ov_en, no box status "
			    "(S-51, S-03)");
	return each_box(t, ovf_one, &n, &s);
}

static const struct test tests[] = {
	{ .id = "snbep.pci.box-ctl", .desc = "every PCI box of every socket: freeze, resume, "
	  "resets, its own box only", .needs = NEED_UNCORE, .run = box_ctl },
	{ .id = "snbep.pci.width", .desc = "PCI counters wrap at their generation's 48 or 44 "
	  "bits; two-dword reads never torn", .needs = NEED_UNCORE, .run = width },
	{ .id = "snbep.pci.dram-clock", .desc = "the iMC fixed counter runs at the DRAM clock "
	  "against the TSC", .needs = NEED_UNCORE, .run = dclk },
	{ .id = "snbep.pci.traffic", .desc = "CAS reads and writes cover a streaming workload's "
	  "lines", .needs = NEED_UNCORE, .run = traffic },
	{ .id = "snbep.pci.filter", .desc = "threshold, invert and edge on each PCI box; "
	  "QPI packet match/mask", .needs = NEED_UNCORE, .run = filter },
	{ .id = "snbep.pci.overflow", .desc = "an ov_en wrap sets its bit of the box status, "
	  "written back to clear (E5 v2..v4)", .needs = NEED_UNCORE, .run = ovf },
};
const struct suite snbep_pci_suite = SUITE("snbep.pci", tests);

/* K-20..K-24 on the Xeon Scalable: the same tests, but the overflow (no
 * box status read, OQ-K13) and the packet match/mask (no QPI); K-25,
 * K-27: its buses (suites/snbep/pci_bus.c). */
static const struct test sp_tests[] = {
	{ .id = "skx.pci.box-ctl", .desc = "every PCI box of every socket (iMC, M2M, UPI, M2PCIe, "
	  "M3UPI): freeze, resume, resets, its own box only", .needs = NEED_UNCORE, .run = box_ctl },
	{ .id = "skx.pci.width", .desc = "PCI counters wrap at 48 bits; two-dword reads never "
	  "torn", .needs = NEED_UNCORE, .run = width },
	{ .id = "skx.pci.dram-clock", .desc = "the iMC fixed counter runs at the DRAM clock "
	  "against the TSC", .needs = NEED_UNCORE, .run = dclk },
	{ .id = "skx.pci.traffic", .desc = "CAS reads and writes over the six channels cover a "
	  "streaming workload's lines", .needs = NEED_UNCORE, .run = traffic },
	{ .id = "skx.pci.filter", .desc = "threshold, invert and edge on each PCI box",
	  .needs = NEED_UNCORE, .run = filter },
	{ .id = "skx.pci.busno", .desc = "MSR 0x300 gives each package's stack buses, valid and "
	  "the same on its every CPU; the boxes on their stacks", .needs = NEED_UNCORE,
	  .run = spb_busno },
};
const struct suite skx_pci_suite = SUITE("skx.pci", sp_tests);
