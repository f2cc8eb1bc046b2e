/* Registers of every box, with en_all = 0 (X-29, OQ-X16: the harness
 * programs while counting is stopped): read/write fields and the ig bits
 * around them, counter width (X-11, X-14, OQ-X15), the C-box
 * population (X-37, X-39, OQ-X13, OQ-X17) and the sub-controls. */
#include "suites/nhmex/nhmex.h"

/* The sub-controls by the spec's addresses (§4.3-4.6): n registers from
 * `first`, in `inst` instances `step` apart, each holding `def`. */
static const struct sub {
	const char *name;
	uint32_t first;
	unsigned n, inst, step;
	uint64_t def;
} subs[] = {
	{ .name = "B MATCH/MASK", .first = 0xE45, .n = 2, .inst = 2, .step = 8, .def = ~0ull },
	{ .name = "S MM_CFG/MATCH/MASK", .first = 0xE48, .n = 3, .inst = 2, .step = 0x10,
	  .def = ~0ull },
	/* low 32 bits (§4.5) */
	{ .name = "M DSP..ZDP", .first = 0xCA5, .n = 7, .inst = 2, .step = 0x40,
	  .def = 0xFFFFFFFFull },
	{ .name = "M MM_CFG/ADDR_MATCH/MASK", .first = 0xE54, .n = 3, .inst = 2, .step = 8,
	  .def = ~0ull },
	/* one event field */
	{ .name = "R IPERF_CFG0", .first = 0xE04, .n = 8, .inst = 1, .step = 0,
	  .def = 0xFFFFFFFFull },
	{ .name = "R IPERF_CFG1", .first = 0xE24, .n = 8, .inst = 1, .step = 0,
	  .def = 0xFFFFFFFFull },
	/* ports 0-3, 4-7 */
	{ .name = "R QLX_CFG", .first = 0xE0C, .n = 4, .inst = 2, .step = 0x20, .def = ~0ull },
	/* ports 0-7 (below) */
	{ .name = "R XBR_SET1", .first = 0xE60, .n = 3, .inst = 8, .step = 4, .def = ~0ull },
	{ .name = "R XBR_SET2", .first = 0xE70, .n = 3, .inst = 8, .step = 4, .def = ~0ull },
};

/* Instance i's first MSR: the XBR sets of ports 4-7 sit 0x10 higher
 * (§4.6: M(p) = base + 4p + (p >= 4 ? 0x10 : 0)). */
static uint32_t sub_msr(const struct sub *s, unsigned i, unsigned r)
{
	return s->first + s->step * i + r + (s->first >= 0xE60 && i >= 4 ? 0x10 : 0);
}

/* Write w, read back: want r. */
#define RW(t, msr, w, want, what)                                                         \
	do {                                                                              \
		uint64_t got_;                                                            \
		WR(t, msr, w);                                                            \
		RD(t, msr, &got_);                                                        \
		CHECK(t, got_ == (want), "%s (0x%x): wrote 0x%lx, reads 0x%lx, want 0x%lx " \
		      "(%s)", what, (unsigned)(msr), (unsigned long)(w),                  \
		      (unsigned long)got_, (unsigned long)(want), "X-04, X-40, §5.4, §5.5"); \
	} while (0)

/* Per box: GLOBAL_CTL written all ones (32 bits) keeps exactly ctr_en (W:
 * and fixed_en, X-04's 0x8000000F; §5.4: every other bit is ig); each
 * control reads back its defined fields (§5.5: in C/S/W the threshold's top
 * bit with edge and invert; rsv bits, which must be written 0, are not
 * tried); then 0 everywhere. The sub-controls (B/S match and mask, M
 * sub-selects, R IPERF/QLX/XBR) hold a pattern of their defined bits and
 * all of them. */
static enum verdict fields(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, k, j, r;
	enum verdict v = ex_prepare(t);
	char name[48];

	if (v != V_PASS)
		return v;
	for (i = 0; i < n; i++) {
		const struct ex_box *b = &bx[i];

		if (b->ctl != EX_U_CTL) {
			uint64_t want = b->box_en | (b->name[0] == 'W' ? EX_FIXED_EN : 0);

			RW(t, b->ctl, 0xFFFFFFFFull, want, b->name);
			RW(t, b->ctl, 0, 0, b->name);
		}
		for (k = 0; k < b->nctr; k++) {
			RW(t, ex_sel(b, k), b->def, b->def, b->name);
			RW(t, ex_sel(b, k), 0, 0, b->name);
		}
	}
	for (j = 0; j < ARRAY_SIZE(subs); j++)
		for (i = 0; i < subs[j].inst; i++)
			for (r = 0; r < subs[j].n; r++) {
				uint32_t msr = sub_msr(&subs[j], i, r);
				uint64_t def = subs[j].def;

				snprintf(name, sizeof(name), "%s %u.%u", subs[j].name, i, r);
				RW(t, msr, 0xA5A5A5A5A5A5A5A5ull & def, 0xA5A5A5A5A5A5A5A5ull & def, name);
				RW(t, msr, def, def, name);
				RW(t, msr, 0, 0, name);
			}
	return V_PASS;
}

/* OQ-X1: U GLOBAL_CTL's en, pmi_core_sel 4:1 and frz_all read back as
 * written (Linux's positions); bits 8:5 (cores 4-7) are asserted on the
 * model, logged on hardware. en_all stays 0 (nothing counts). */
static enum verdict u_ctl(struct tctx *t)
{
	uint64_t w = EX_U_EN | 0x1Eull | EX_FRZ_ALL, hi = 0x1E0, got;
	enum verdict v = ex_prepare(t);

	if (v != V_PASS)
		return v;
	WR(t, EX_U_CTL, w);
	RD(t, EX_U_CTL, &got);
	t_figure(t, "u_ctl_readback_reg", (int64_t)got, "reg");
	CHECK(t, got == w, "U GLOBAL_CTL: wrote 0x%lx, reads 0x%lx (OQ-X1: en 0, pmi_core_sel "
	      "4:1, frz_all 31)", (unsigned long)w, (unsigned long)got);
	WR(t, EX_U_CTL, hi);
	RD(t, EX_U_CTL, &got);
	WR(t, EX_U_CTL, 0);
	t_figure(t, "u_ctl_core_sel_8_5_reg", (int64_t)got, "reg");
	TRY(t_default(t, "OQ-X1", "pmi_core_sel is 8:1 or wider", got == hi, "U GLOBAL_CTL bits "
		      "8:5 written 0x%lx read 0x%lx: the model's pmi_core_sel is 8:1 or wider (OQ-X1 "
		      "default)", (unsigned long)hi, (unsigned long)got));
	return V_PASS;
}

/* Every counter: a 48-bit pattern reads back whole, all ones 47:0
 * too (the width, X-14); a write of 64 ones reads 2^48 - 1 (OQ-X15: bits
 * 63:48 read 0; asserted on the model, reported on hardware). The W fixed
 * counter and the U counter included. */
static enum verdict width(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	static const uint64_t pat = 0x0000123456789ABCull;
	unsigned n = ex_boxes(bx), i, k, upper = 0;
	enum verdict v = ex_prepare(t);
	uint64_t got;

	if (v != V_PASS)
		return v;
	for (i = 0; i <= n; i++)
		for (k = 0; k < (i < n ? bx[i].nctr : 1); k++) {
			uint32_t msr = i < n ? ex_ctr(&bx[i], k) : EX_FIXED_CTR;
			const char *name = i < n ? bx[i].name : "W fixed";

			RW(t, msr, pat, pat, name);
			RW(t, msr, EX_MASK, EX_MASK, name);
			WR(t, msr, ~0ull);
			RD(t, msr, &got);
			WR(t, msr, 0);
			CHECK(t, (got & EX_MASK) == EX_MASK, "%s counter %u (0x%x): 64 ones read "
			      "0x%lx: not 48 bits wide (X-14)", name, k, msr, (unsigned long)got);
			upper += got >> 48 != 0;
			TRY(t_default(t, "OQ-X15", "counter bits 63:48 read 0", !(got >> 48), "%s "
				      "counter %u (0x%x): bits 63:48 kept, reads 0x%lx (OQ-X15 default: "
				      "read 0)", name, k, msr, (unsigned long)got));
		}
	t_figure(t, "counters_keeping_63_48_count", upper, "count");
	return V_PASS;
}

/* every C-box of the model takes a GLOBAL_CTL write; on 0x2E
 * C8 (base 0xF40) does not exist: its access faults (OQ-X17; asserted on
 * the model, reported on hardware). */
static enum verdict cboxes(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, nc = 0;
	uint32_t model = ex_model();
	uint64_t got = 0;
	enum verdict v = ex_prepare(t);
	int rc;

	if (v != V_PASS)
		return v;
	for (i = 0; i < n; i++)
		if (bx[i].name[0] == 'C') {
			RW(t, bx[i].ctl, 0x3F, 0x3F, bx[i].name);
			WR(t, bx[i].ctl, 0);
			nc++;
		}
	t_figure(t, "cboxes_count", nc, "count");
	CHECK(t, nc == (model == 0x2F ? 10u : 8u), "%u C-boxes on model 0x%x, want %u (X-37, "
	      "X-39)", nc, model, model == 0x2F ? 10 : 8);
	if (model != 0x2E)
		return V_PASS;
	rc = msr_read(plat_this_cpu(), 0xF40, &got);
	t_figure(t, "c8_rdmsr_fault_vector", rc, "vector");
	TRY(t_default(t, "OQ-X17", "no C8 on model 0x2E: #GP", rc == VEC_GP, "rdmsr 0xF40 (C8 "
		      "GLOBAL_CTL) on model 0x2E returned %d, 0x%lx: want #GP, C8 is 0x2F's (X-39, "
		      "OQ-X17)", rc, (unsigned long)got));
	return V_PASS;
}

/* The boxes' fields, then the U-box's (whose layout is open, OQ-X1). */
static enum verdict run_fields(struct tctx *t)
{
	enum verdict v = fields(t);

	if (v == V_PASS)
		v = u_ctl(t);
	ex_quiet();
	return v;
}

static enum verdict run_width(struct tctx *t) { enum verdict v = width(t); ex_quiet(); return v; }
static enum verdict run_cboxes(struct tctx *t) { enum verdict v = cboxes(t); ex_quiet(); return v; }

static const struct test tests[] = {
	{ .id = "nhmex.regs.fields", .desc = "every box's GLOBAL_CTL, controls and sub-controls "
	  "keep their fields and drop ig bits; U GLOBAL_CTL's read back (OQ-X1)",
	  .needs = NEED_UNCORE, .run = run_fields },
	{ .id = "nhmex.regs.width", .desc = "every counter, U and W fixed included, is 48 bits "
	  "wide", .needs = NEED_UNCORE, .run = run_width },
	{ .id = "nhmex.regs.cboxes", .desc = "8 C-boxes on 0x2E, 10 on 0x2F; C8 absent on 0x2E",
	  .needs = NEED_UNCORE, .run = run_cboxes },
};
const struct suite nhmex_regs_suite = SUITE("nhmex.regs", tests);
