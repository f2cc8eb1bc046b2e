/* Layout E's registers (L-102..L-107, OQ-L42): each at its address holds
 * what is written to its defined bits, independently of every other; the
 * counters are 48 bits wide; reserved bits fault on the model (reported on
 * hardware); CBO_CONFIG names the C-boxes that answer. Every control is 0
 * while the tests write, so nothing counts. */
#include "suites/mtl/mtl.h"

/* Every select, FIXED_CTRL and box control of the layout, in one list. */
struct reg {
	uint32_t msr;
	uint64_t defined; /* the bits a pattern may use */
};
#define SEL_BITS  0x3FD4FFFFull /* L-107: 7:0, 15:8, 18, 20, 22, 23, 29:24 */
#define FCTL_BITS (MT_FC_OVF_EN | MT_FC_EN)

static unsigned regs_of(const struct mtl_e *e, struct reg *out)
{
	static const uint32_t two_box[] = { MT_ARB_SEL, MT_HAC_ARB_SEL, MT_HAC_CBO_SEL };
	unsigned n = 0, b, k, u;

	for (b = 0; b < e->ncbox; b++)
		for (k = 0; k < 2; k++)
			out[n++] = (struct reg){ .msr = mtl_sel(MT_CBO_SEL, b, k),
				.defined = SEL_BITS };
	if (e->p) { /* L-141, L-143: SANTA, the bridge, both cNCU boxes */
		for (k = 0; k < 2; k++) {
			for (b = 0; b < MT_NBOX2; b++)
				out[n++] = (struct reg){ .msr = mtl_sel(MT_SANTA_SEL, b, k),
					.defined = SEL_BITS };
			out[n++] = (struct reg){ .msr = MT_BRIDGE_SEL + k, .defined = SEL_BITS };
			out[n++] = (struct reg){ .msr = MT_CNCU_FCTL + MT_CNCU_STEP * k,
				.defined = FCTL_BITS };
		}
		return n;
	}
	for (u = 0; u < (e->f ? 1 : ARRAY_SIZE(two_box)); u++) /* L-118: the ARB alone on F */
		for (b = 0; b < MT_NBOX2; b++)
			for (k = 0; k < 2; k++)
				out[n++] = (struct reg){ .msr = mtl_sel(two_box[u], b, k),
					.defined = SEL_BITS };
	if (e->f)
		return n;
	out[n++] = (struct reg){ .msr = MT_CNCU_FCTL, .defined = FCTL_BITS };
	out[n++] = (struct reg){ .msr = MT_SNCU_FCTL, .defined = FCTL_BITS };
	return n;
}
#define MAX_REGS (2 * MT_CBOX_MAX + 3 * 2 * MT_NBOX2 + 2)

/* Register j's pattern: its own index in the event and umask fields,
 * never an enable (FIXED_CTRL: OVF_EN alone, alternately). */
static uint64_t pattern(const struct reg *r, unsigned j)
{
	if (r->defined == FCTL_BITS)
		return j & 1 ? MT_FC_OVF_EN : 0;
	return (uint64_t)(j + 1) | (uint64_t)(0x80 | j) << 8 | MT_ES_THRESH(j % 64);
}

static enum verdict readback(struct tctx *t)
{
	struct mtl_e e;
	struct reg r[MAX_REGS];
	uint64_t v, want = (1ull << MT_BITS) - 1;
	unsigned n, j, i;

	TRY(mtl_begin(t, &e));
	n = regs_of(&e, r);
	for (j = 0; j < n; j++)
		WR(t, r[j].msr, pattern(&r[j], j));
	/* the box controls' stored bits without EN (OQ-L42), so nothing runs */
	WR(t, MT_CNCU_BOX, MT_BOX_STORED & ~MT_BOX_EN);
	for (j = 0; j < n; j++) {
		RD(t, r[j].msr, &v);
		CHECK(t, v == pattern(&r[j], j), "0x%x reads 0x%lx after 0x%lx was written to it "
		      "and the other %u selects (L-102, L-103, L-107: one register each)",
		      r[j].msr, (unsigned long)v, (unsigned long)pattern(&r[j], j), n - 1);
	}
	RD(t, MT_CNCU_BOX, &v);
	TRY(t_default(t, "OQ-L42", "box control bits 4:0, 30, 31 stored",
		      v == (MT_BOX_STORED & ~MT_BOX_EN), "0x240E reads 0x%lx after 0x%lx",
		      (unsigned long)v, (unsigned long)(MT_BOX_STORED & ~MT_BOX_EN)));
	WR(t, MT_CNCU_BOX, 0);
	/* L-102..L-104: every counter of the window holds 48 bits */
	for (i = 0; i < MW_N; i++) {
		uint32_t msr = mtl_ctr_msr(&e, i);

		if (!msr)
			continue;
		WR(t, msr, want);
		RD(t, msr, &v);
		CHECK(t, v == want, "%s (0x%x) reads 0x%lx after 2^48 - 1 was written: not 48 bits "
		      "wide (L-102..L-104)", mtl_name(&e, i), msr, (unsigned long)v);
		WR(t, msr, 0);
	}
	if (mtl_quiet(&e))
		return t_error(t, "stopping the layout-E uncore faulted");
	return V_PASS;
}

/* A reserved bit in a select, a FIXED_CTRL and a box control: #GP(0) and
 * nothing stored on the model (OQ-L42), what happens reported on
 * hardware. */
static enum verdict reserved(struct tctx *t)
{
	/* e_only: a register layout F has not in MSRs (L-118); p: layout P's
	 * in its place (L-141, L-143) */
	static const struct { uint32_t msr; uint64_t bit; bool e_only; uint32_t p; } rsv[] = {
		{ .msr = MT_CBO_SEL, .bit = MT_ES_RSV30, .e_only = false, .p = MT_CBO_SEL },
		{ .msr = MT_ARB_SEL, .bit = MT_ES_RSV30, .e_only = false, .p = MT_SANTA_SEL },
		{ .msr = MT_CNCU_BOX, .bit = MT_BOX_RSV5, .e_only = false, .p = MT_CNCU_BOX },
		{ .msr = MT_HAC_ARB_SEL, .bit = MT_ES_RSV30, .e_only = true, .p = MT_BRIDGE_SEL },
		{ .msr = MT_CNCU_FCTL, .bit = MT_FC_RSV21, .e_only = true, .p = MT_CNCU_FCTL },
		{ .msr = MT_SNCU_BOX, .bit = MT_BOX_RSV5, .e_only = true,
		  .p = MT_CNCU_BOX + MT_CNCU_STEP },
	};
	unsigned me = plat_this_cpu(), i;
	struct mtl_e e;
	uint64_t v;
	int rc;

	TRY(mtl_begin(t, &e));
	for (i = 0; i < ARRAY_SIZE(rsv); i++) {
		uint32_t msr = e.p ? rsv[i].p : rsv[i].msr;

		if (rsv[i].e_only && e.f)
			continue;
		rc = msr_write(me, msr, rsv[i].bit);
		RD(t, msr, &v);
		TRY(t_default(t, "OQ-L42", "a reserved bit raises #GP(0), nothing stored",
			      rc == VEC_GP && v == 0, "0x%x with reserved bit 0x%lx: write returned "
			      "%d, reads 0x%lx", msr, (unsigned long)rsv[i].bit, rc,
			      (unsigned long)v));
		WR(t, msr, 0);
	}
	return V_PASS;
}

/* L-142, OQ-L59: layout P's six C-boxes answer; on the model C-box 6 and
 * CBO_CONFIG do not (what hardware does is reported). */
static enum verdict six(struct tctx *t, const struct mtl_e *e)
{
	unsigned me = plat_this_cpu(), b, k;
	uint64_t v = 0;
	int rc;

	for (b = 0; b < e->ncbox; b++)
		for (k = 0; k < 2; k++) {
			rc = msr_read(me, mtl_sel(MT_CBO_SEL, b, k), &v);
			CHECK(t, !rc, "C-box %u's PERFEVTSEL%u (0x%x) faulted (%d): Panther Lake has "
			      "six (L-142)", b, k, mtl_sel(MT_CBO_SEL, b, k), rc);
			rc = msr_read(me, mtl_sel(MT_CBO_CTR, b, k), &v);
			CHECK(t, !rc, "C-box %u's PERFCTR%u (0x%x) faulted (%d): Panther Lake has "
			      "six (L-142)", b, k, mtl_sel(MT_CBO_CTR, b, k), rc);
		}
	rc = msr_read(me, mtl_sel(MT_CBO_SEL, MT_CBOX_P, 0), &v);
	TRY(t_default(t, "OQ-L59", "no C-box past the sixth", rc == VEC_GP, "C-box %u's "
		      "PERFEVTSEL0 (0x%x) answered (%d)", MT_CBOX_P,
		      mtl_sel(MT_CBO_SEL, MT_CBOX_P, 0), rc));
	rc = msr_read(me, MT_CBO_CONFIG, &v);
	if (!rc) /* what hardware holds there, where it answers */
		t_figure(t, "cbo_config_value", (int64_t)v, "value");
	return t_default(t, "OQ-L59", "no CBO_CONFIG on Panther Lake", rc == VEC_GP,
			 "CBO_CONFIG (0x%x) read 0x%llx (%d)", MT_CBO_CONFIG, (unsigned long long)v,
			 rc);
}

/* L-106: every C-box below CBO_CONFIG's count answers, on the model none
 * at or past it (L-19's default, OQ-L29); CBO_CONFIG does not take a
 * write. */
static enum verdict cbo_config(struct tctx *t)
{
	unsigned me = plat_this_cpu(), b, k;
	struct mtl_e e;
	uint64_t v, cfg;
	int rc;

	TRY(mtl_begin(t, &e));
	if (e.f)
		return t_na(t, "layout F (model 0x%x) has four C-boxes; what CBO_CONFIG holds there "
			    "no source read says (L-118)", e.model);
	if (e.p)
		return six(t, &e);
	RD(t, MT_CBO_CONFIG, &cfg);
	t_figure(t, "cbox_count", (int64_t)(cfg & 0xF), "count");
	for (b = 0; b < e.ncbox; b++)
		for (k = 0; k < 2; k++) {
			rc = msr_read(me, mtl_sel(MT_CBO_SEL, b, k), &v);
			CHECK(t, !rc, "C-box %u's PERFEVTSEL%u (0x%x) faulted (%d) though CBO_CONFIG "
			      "counts %u C-boxes (L-106)", b, k, mtl_sel(MT_CBO_SEL, b, k), rc,
			      e.ncbox);
			rc = msr_read(me, mtl_sel(MT_CBO_CTR, b, k), &v);
			CHECK(t, !rc, "C-box %u's PERFCTR%u (0x%x) faulted (%d) though CBO_CONFIG "
			      "counts %u C-boxes (L-106)", b, k, mtl_sel(MT_CBO_CTR, b, k), rc, e.ncbox);
		}
	if ((cfg & 0xF) < MT_CBOX_SPACE) {
		rc = msr_read(me, mtl_sel(MT_CBO_SEL, (unsigned)(cfg & 0xF), 0), &v);
		TRY(t_default(t, "OQ-L29", "no C-box at or past CBO_CONFIG's count", rc == VEC_GP,
			      "C-box %u's PERFEVTSEL0 (0x%x) answered (%d) past the count",
			      (unsigned)(cfg & 0xF), mtl_sel(MT_CBO_SEL, (unsigned)(cfg & 0xF), 0),
			      rc));
	}
	rc = msr_write(me, MT_CBO_CONFIG, 0);
	RD(t, MT_CBO_CONFIG, &v);
	CHECK(t, v == cfg, "CBO_CONFIG read 0x%lx, then 0x%lx after a write of 0 (write %d): "
	      "it is read-only (L-106)", (unsigned long)cfg, (unsigned long)v, rc);
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "mtl.regs.readback", .desc = "every select, FIXED_CTRL and box control of layout E "
	  "holds its own value; every counter 48 bits", .needs = NEED_UNCORE, .run = readback },
	{ .id = "mtl.regs.reserved", .desc = "reserved bits of a select, FIXED_CTRL and box "
	  "control raise #GP (model; reported on hardware)", .needs = NEED_UNCORE, .run = reserved },
	{ .id = "mtl.regs.cbo-config", .desc = "the C-boxes CBO_CONFIG counts answer, none past "
	  "them (model); CBO_CONFIG is read-only; Panther Lake: six C-boxes, no CBO_CONFIG (model)", .needs = NEED_UNCORE, .run = cbo_config },
};
const struct suite mtl_regs_suite = SUITE("mtl.regs", tests);
