/* Layout F's units behind SAFBAR (L-119..L-127): the sNCU's and the two
 * HBO boxes' counters on event FFH (OQ-L54) under threshold, invert and
 * edge, each unit's freeze; an overflow of every unit, the memory
 * controllers' included, into the write-1-to-clear status bitmap, each bit
 * cleared alone; a freeze on overflow freezing the domain through the
 * global control. Every register written is saved first and put back,
 * verified, at the end; the status by clearing what the run set (L-130).
 * N/A on layout E, which has none of them (L-101). */
#include "suites/mtl/mtl.h"

#define RUN_US 2000
#define LEAD 1000 /* clocks before a preset wraps: far inside RUN_US on any clock */

static const struct pci_fn host_bridge = { 0 };

struct saf {
	uint64_t base;
	uint64_t val[32];
	uint64_t status;
	unsigned n;
	bool saved;
};
static struct saf sf;
static struct imc_ctx im;

/* The registers a test writes, in restore order: counters (SAF_NCTR),
 * controls (SAF_NCTR), unit controls, the global control (all 64 bits). */
#define SAF_NCTR 10
static unsigned saf_regs(uint32_t *r)
{
	unsigned n = 0, b, k;

	for (k = 0; k < 2; k++)
		r[n++] = MT_SNCU_CTR(k);
	for (b = 0; b < 2; b++)
		for (k = 0; k < 4; k++)
			r[n++] = MT_HBO_CTR(b, k);
	for (k = 0; k < 2; k++)
		r[n++] = MT_SNCU_CTL(k);
	for (b = 0; b < 2; b++)
		for (k = 0; k < 4; k++)
			r[n++] = MT_HBO_CTL(b, k);
	r[n++] = MT_SNCU_UNIT;
	r[n++] = MT_HBO_UNIT(0);
	r[n++] = MT_HBO_UNIT(1);
	r[n++] = MT_SAF_GCTL;
	return n;
}

static int srd(uint32_t off, uint64_t *v) { return mmio_read(sf.base + off, 8, v); }
static int swr(uint32_t off, uint64_t v) { return mmio_write(sf.base + off, 8, v); }

#define SRD(t, off, v)                                                                      \
	do { int e_ = srd((off), (v));                                                      \
	     if (e_) return t_error((t), "reading SAFBAR + 0x%x: %s", (unsigned)(off),      \
				    space_rc_text(e_)); } while (0)
#define SWR(t, off, v)                                                                      \
	do { int e_ = swr((off), (v));                                                      \
	     if (e_) return t_error((t), "writing SAFBAR + 0x%x: %s", (unsigned)(off),      \
				    space_rc_text(e_)); } while (0)

static const uint32_t units[3] = { MT_SNCU_UNIT, MT_HBO_UNIT(0), MT_HBO_UNIT(1) };

/* Layout F only; SAFBAR from the host bridge (N/A if disabled); every
 * register saved; the units frozen, their controls 0, the freeze-all
 * clear. */
static enum verdict saf_begin(struct tctx *t)
{
	struct mtl_e e;
	uint32_t r[32];
	uint64_t bar;
	unsigned i;
	int rc;

	TRY(mtl_begin(t, &e));
	if (e.p)
		return t_na(t, "Panther Lake (model 0x%x) lists its sNCU and HBOs in its discovery "
			    "table, tested by disc.* (L-134)", e.model);
	if (!e.f)
		return t_na(t, "layout E (model 0x%x) has no sNCU or HBO in MMIO (L-101, L-119)",
			    e.model);
	memset(&sf, 0, sizeof(sf));
	if ((rc = pci_cfg_read64(host_bridge, MT_SAFBAR_CFG, &bar)))
		return t_error(t, "reading SAFBAR (0:0.0 + 0x68): %s", space_rc_text(rc));
	if (!(bar & 1) || bar == ~0ull)
		return t_na(t, "SAFBAR (0:0.0 + 0x68) = 0x%llx: not enabled (L-119, OQ-L49)",
			    (unsigned long long)bar);
	sf.base = bar & IM_MCHBAR_MASK; /* OQ-L49: as OQ-L43 */
	sf.n = saf_regs(r);
	for (i = 0; i < sf.n; i++)
		SRD(t, r[i], &sf.val[i]);
	SRD(t, MT_SAF_STATUS, &sf.status);
	sf.saved = true;
	for (i = 0; i < 3; i++)
		SWR(t, units[i], MT_UNIT_FRZ);
	for (i = SAF_NCTR; i < 2 * SAF_NCTR; i++)
		SWR(t, r[i], 0); /* the controls */
	SWR(t, MT_SAF_GCTL, 0);
	return V_PASS;
}

/* Put back what saf_begin saved, each read back, the units frozen until
 * their own control; the status bits the run set cleared (W1C). */
static enum verdict saf_end(struct tctx *t, enum verdict v)
{
	uint32_t r[32];
	uint64_t now = 0, st = 0;
	unsigned i, bad = 0;
	char first[96] = "";

	if (!sf.saved)
		return v;
	saf_regs(r);
	for (i = 0; i < 3; i++)
		(void)swr(units[i], MT_UNIT_FRZ);
	for (i = 0; i < sf.n; i++) {
		int rc = swr(r[i], sf.val[i]);

		if (!rc)
			rc = srd(r[i], &now);
		if (!rc && now == sf.val[i])
			continue;
		if (!bad++)
			snprintf(first, sizeof(first), "SAFBAR + 0x%x reads 0x%llx, saved 0x%llx",
				 r[i], (unsigned long long)now, (unsigned long long)sf.val[i]);
	}
	if (!srd(MT_SAF_STATUS, &st) && (st & ~sf.status))
		(void)swr(MT_SAF_STATUS, st & ~sf.status); /* L-124: W1C */
	sf.saved = false;
	if (bad && v == V_PASS)
		return t_error(t, "%u SAFBAR register(s) not restored; first: %s (L-130)", bad,
			       first);
	return v;
}

/* OQ-L54, L-122, L-126: FFH counts while the unit runs; threshold 1 every
 * clock, inverted none; threshold 2 inverted every clock; edge detect at
 * most once; the unit's freeze holds its counters; a control's reset
 * clears its counter. */
static enum verdict counting_run(struct tctx *t)
{
	static const uint64_t hbo[4] = {
		MT_SAF_CLK | IM_TH(1), MT_SAF_CLK | IM_TH(2) | IM_INV,
		MT_SAF_CLK | IM_TH(1) | IM_EDGE, MT_SAF_CLK | IM_TH(2),
	};
	uint64_t s[2], h[2][4], held;
	unsigned b, k;

	SWR(t, MT_SNCU_CTL(0), MT_SAF_CLK | IM_TH(1));
	SWR(t, MT_SNCU_CTL(1), MT_SAF_CLK | IM_TH(1) | IM_INV);
	for (b = 0; b < 2; b++)
		for (k = 0; k < 4; k++)
			SWR(t, MT_HBO_CTL(b, k), hbo[k] | IM_RST);
	SWR(t, MT_SNCU_CTL(0), MT_SAF_CLK | IM_TH(1) | IM_RST);
	SWR(t, MT_SNCU_CTL(1), MT_SAF_CLK | IM_TH(1) | IM_INV | IM_RST);
	for (k = 0; k < 3; k++)
		SWR(t, units[k], 0);
	plat_stall_us(RUN_US);
	for (k = 0; k < 3; k++)
		SWR(t, units[k], MT_UNIT_FRZ);
	for (k = 0; k < 2; k++)
		SRD(t, MT_SNCU_CTR(k), &s[k]);
	for (b = 0; b < 2; b++)
		for (k = 0; k < 4; k++)
			SRD(t, MT_HBO_CTR(b, k), &h[b][k]);
	t_figure(t, "sncu_clocks_count", (int64_t)s[0], "count");
	if (!s[0] || !h[0][0] || !h[1][0])
		return t_idle(t, "FFH did not count (sNCU %llu, HBO 0 %llu, HBO 1 %llu) (OQ-L54; "
			      "on hardware: another event code)", (unsigned long long)s[0],
			      (unsigned long long)h[0][0], (unsigned long long)h[1][0]);
	CHECK(t, s[1] == 0, "the sNCU's counter 1, threshold 1 inverted, counted %llu (L-122)",
	      (unsigned long long)s[1]);
	for (b = 0; b < 2; b++)
		CHECK(t, h[b][1] == h[b][0] && h[b][2] <= 1 && h[b][3] == 0, "HBO %u: threshold "
		      "1 %llu, threshold 2 inverted %llu (want equal), edge %llu (want <= 1), "
		      "threshold 2 %llu (want 0) (L-122)", b, (unsigned long long)h[b][0],
		      (unsigned long long)h[b][1], (unsigned long long)h[b][2],
		      (unsigned long long)h[b][3]);
	plat_stall_us(RUN_US);
	SRD(t, MT_HBO_CTR(1, 0), &held);
	CHECK(t, held == h[1][0], "HBO 1's counter 0 moved from %llu to %llu with its unit "
	      "frozen (L-126)", (unsigned long long)h[1][0], (unsigned long long)held);
	SWR(t, MT_HBO_CTL(1, 0), hbo[0] | IM_RST);
	SRD(t, MT_HBO_CTR(1, 0), &held);
	CHECK(t, held == 0, "HBO 1's counter 0 reads %llu after its control's reset (L-122)",
	      (unsigned long long)held);
	return V_PASS;
}

static enum verdict counting(struct tctx *t)
{
	TRY(saf_begin(t));
	return saf_end(t, counting_run(t));
}

/* L-124, L-125, L-127: a wrap of each unit's counter (sNCU, HBO 0, HBO 1,
 * both memory controllers) sets its status bit; writing 0 leaves the
 * status; writing 1 to a bit clears that bit alone. */
static enum verdict status_run(struct tctx *t)
{
	static const char *const names[5] = { "sNCU", "MC 0", "MC 1", "HBO 0", "HBO 1" };
	uint64_t st, now;
	unsigned b, m;

	SWR(t, MT_SAF_STATUS, MT_ST_ALL); /* W1C: from a clear status */
	SWR(t, MT_SNCU_CTL(0), MT_SAF_CLK);
	SWR(t, MT_SNCU_CTR(0), -(uint64_t)LEAD);
	for (b = 0; b < 2; b++) {
		SWR(t, MT_HBO_CTL(b, 0), MT_SAF_CLK);
		SWR(t, MT_HBO_CTR(b, 0), -(uint64_t)LEAD);
	}
	for (m = 0; m < 2; m++) {
		if (imc_wr(&im, m, IM_CTL(0), IM_CLK) ||
		    mmio_write(imc_addr(&im, m, IM_CTR(0)), 8, -(uint64_t)LEAD) ||
		    imc_wr(&im, m, IM_BOX, 0))
			return t_error(t, "programming controller %u's wrap failed", m);
	}
	for (b = 0; b < 3; b++)
		SWR(t, units[b], 0);
	plat_stall_us(RUN_US);
	for (b = 0; b < 3; b++)
		SWR(t, units[b], MT_UNIT_FRZ);
	for (m = 0; m < 2; m++)
		(void)imc_wr(&im, m, IM_BOX, IM_FRZ);
	SRD(t, MT_SAF_STATUS, &st);
	t_figure(t, "status_after_wraps_reg", (int64_t)st, "reg");
	if (!(st & MT_ST_ALL))
		return t_idle(t, "no status bit after wraps of every unit (L-124; on hardware: FFH "
			      "may count nothing, OQ-L54)");
	for (b = 0; b < 5; b++)
		CHECK(t, st >> b & 1, "status 0x%llx: bit %u (%s) not set after its counter "
		      "wrapped (L-124, L-125, L-127)", (unsigned long long)st, b, names[b]);
	SWR(t, MT_SAF_STATUS, 0);
	SRD(t, MT_SAF_STATUS, &now);
	CHECK(t, now == st, "the status read 0x%llx, then 0x%llx after a write of 0: writing 0 "
	      "leaves it (L-124)", (unsigned long long)st, (unsigned long long)now);
	for (b = 0; b < 5; b++) {
		SWR(t, MT_SAF_STATUS, 1ull << b);
		SRD(t, MT_SAF_STATUS, &now);
		st &= ~(1ull << b);
		CHECK(t, now == st, "writing 1 to status bit %u (%s) left 0x%llx, want 0x%llx: "
		      "that bit alone clears (L-124)", b, names[b], (unsigned long long)now,
		      (unsigned long long)st);
	}
	return V_PASS;
}

static enum verdict status(struct tctx *t)
{
	enum verdict v;

	TRY(saf_begin(t));
	v = imc_begin(t, &im);
	if (v == V_PASS)
		v = imc_end(t, &im, status_run(t));
	return saf_end(t, v);
}

/* L-125, OQ-L51: the sNCU's counter 0 wrapping with freeze on overflow
 * sets the global control's freeze-all, which stops HBO 0's counter too;
 * clearing it lets it count again. */
static enum verdict freeze_run(struct tctx *t)
{
	uint64_t g, a, b, c;

	SWR(t, MT_SNCU_CTL(0), MT_SAF_CLK | IM_FRZ_OV);
	SWR(t, MT_SNCU_CTR(0), -(uint64_t)LEAD);
	SWR(t, MT_HBO_CTL(0, 0), MT_SAF_CLK | IM_RST);
	SWR(t, MT_SNCU_UNIT, 0);
	SWR(t, MT_HBO_UNIT(0), 0);
	plat_stall_us(RUN_US);
	SRD(t, MT_SAF_GCTL, &g);
	SRD(t, MT_HBO_CTR(0, 0), &a);
	plat_stall_us(RUN_US);
	SRD(t, MT_HBO_CTR(0, 0), &b);
	SWR(t, MT_SAF_GCTL, 0);
	plat_stall_us(RUN_US);
	SRD(t, MT_HBO_CTR(0, 0), &c);
	SWR(t, MT_SNCU_UNIT, MT_UNIT_FRZ);
	SWR(t, MT_HBO_UNIT(0), MT_UNIT_FRZ);
	if (!a && !c)
		return t_idle(t, "HBO 0's FFH did not count (OQ-L54)");
	TRY(t_default(t, "OQ-L51", "a freeze on overflow sets the global freeze-all (bit 0)",
		      g & MT_SAF_FRZ_ALL, "the global control reads 0x%llx after the sNCU's wrap",
		      (unsigned long long)g));
	CHECK(t, a == b, "HBO 0's counter went %llu -> %llu after the sNCU's freeze on overflow: "
	      "the domain did not freeze (L-125)", (unsigned long long)a, (unsigned long long)b);
	CHECK(t, c > b, "HBO 0's counter held at %llu after freeze-all was cleared (L-123)",
	      (unsigned long long)c);
	return V_PASS;
}

static enum verdict freeze(struct tctx *t)
{
	TRY(saf_begin(t));
	return saf_end(t, freeze_run(t));
}

static const struct test tests[] = {
	{ .id = "mtl.saf.counting", .desc = "layout F's sNCU and HBO counters (SAFBAR) under "
	  "threshold, invert and edge; a unit's freeze; a control's reset",
	  .needs = NEED_UNCORE, .run = counting },
	{ .id = "mtl.saf.status", .desc = "a wrap of each unit and memory controller sets its bit "
	  "of the write-1-to-clear status at SAFBAR + 0xE4B708, each bit cleared alone",
	  .needs = NEED_UNCORE, .run = status },
	{ .id = "mtl.saf.freeze", .desc = "a freeze on overflow sets the global freeze-all and "
	  "stops the domain; clearing it resumes (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = freeze },
};
const struct suite mtl_saf_suite = SUITE("mtl.saf", tests);
