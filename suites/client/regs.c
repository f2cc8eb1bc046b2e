/* The register inventory as the spec gives it (L-11, L-16..L-19, L-26,
 * L-31; OQ-L3, OQ-L5, OQ-L14): C-boxes by the core count, not by
 * CBO_CONFIG; reserved bits. */
#include "suites/client/client.h"
#include "harness/cpu_topo.h"

/* Each present C-box's selects read back what was written (L-11, L-31,
 * L-66, L-74); each box from the count (min(4 or 8, cores), L-16, L-17;
 * CBO_CONFIG on C and D, L-68) up to the layout's maximum is absent: #GP
 * on the model (L-19, OQ-L3, OQ-L29 defaults), reported on hardware.
 * CBO_CONFIG is reported (L-18); on the model of C and D it holds min(8,
 * cores) (OQ-L29). */
/* OQ-L29: CBO_CONFIG on C and D holds min(8, cores of the package), the
 * tests' own topology's count. */
static enum verdict cd_count(struct tctx *t, const struct cl_layout *l)
{
	struct cpu_topo topo;
	unsigned cores;

	cpu_topo_read(&topo);
	cores = cpu_topo_cores(&topo, 0);
	cores = cores < CL_CBOX_MAX_CD ? cores : CL_CBOX_MAX_CD;
	return t_default(t, "OQ-L29", "CBO_CONFIG: min(8, cores) C-boxes", l->ncbox == cores,
			 "CBO_CONFIG[3:0] reads %u C-boxes, not min(8, %u cores) (L-68, OQ-L29 "
			 "default)", l->ncbox, cores);
}

static enum verdict cbox_count(struct tctx *t)
{
	struct cl_layout l;
	uint64_t v, cfg = 0, val = CL_LOOKUP_ANY | CL_ES_OVF_EN | CL_ES_CMASK(3);
	unsigned n, k, answered = 0;
	int e;

	TRY(cl_begin(t, &l));
	RD(t, CL_CBO_CONFIG, &cfg);
	t_figure(t, "cbo_config_reg", (int64_t)cfg, "reg");
	if (l.name == 'C' || l.name == 'D')
		TRY(cd_count(t, &l));
	t_figure(t, "cboxes_count", l.ncbox, "count");
	plat_log(1, "  client.regs.cbox-count: layout %c, %u C-boxes by the core count, CBO_CONFIG "
		 "0x%lx (L-18)", l.name, l.ncbox, (unsigned long)cfg);
	for (n = 0; n < l.ncbox; n++)
		for (k = 0; k < 2; k++) {
			WR(t, cl_cbo_sel(&l, n, k), val);
			RD(t, cl_cbo_sel(&l, n, k), &v);
			WR(t, cl_cbo_sel(&l, n, k), 0);
			CHECK(t, v == val, "C-box %u PERFEVTSEL%u (0x%x) written 0x%lx reads 0x%lx "
			      "(L-11, L-31, L-66, L-74)", n, k, cl_cbo_sel(&l, n, k),
			      (unsigned long)val, (unsigned long)v);
		}
	for (n = l.ncbox; n < l.maxcbox; n++) {
		e = msr_read(plat_this_cpu(), cl_cbo_sel(&l, n, 0), &v);
		answered |= (unsigned)(e == 0) << n;
		CHECK(t, !e || e == VEC_GP, "reading C-box %u's select failed (%d)", n, e);
	}
	t_figure(t, "absent_answered_mask", answered, "mask");
	return t_default(t, "OQ-L3", "an absent C-box: #GP(0)", !answered, "C-boxes 0x%x at or "
			 "beyond the count %u answer reads instead of #GP (L-16, L-17, L-19, OQ-L3 "
			 "default)", answered, l.ncbox);
}

/* A non-zero reserved bit: #GP on the model and nothing changes (OQ-L14
 * default); reported on hardware. GLOBAL_CTRL bit 28, FIXED_CTRL bit 21,
 * an event select's bit 29 (CMASK is 5 bits, OQ-L19), bit 30 on D's C-boxes
 * (their threshold has bit 29, L-75). */
static enum verdict reserved(struct tctx *t)
{
	struct cl_layout l;
	const struct { uint32_t msr; uint64_t bit; const char *name; } regs[] = {
		{ .msr = 0, .bit = 1ull << 28, .name = "GLOBAL_CTRL" },
		{ .msr = 1, .bit = 1ull << 21, .name = "FIXED_CTRL" },
		{ .msr = 2, .bit = CL_ES_RSV29, .name = "C-box 0 PERFEVTSEL0" },
	};
	unsigned i, took = 0;
	uint64_t v;
	int e;

	TRY(cl_begin(t, &l));
	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		uint32_t msr = regs[i].msr == 0 ? l.gctl : regs[i].msr == 1 ? l.fixed_ctl
										: l.cbo_sel;
		uint64_t bit = regs[i].msr == 2 && l.cmask_bits == 6 ? CL_ES_RSV30 : regs[i].bit;

		e = msr_write(plat_this_cpu(), msr, bit);
		CHECK(t, !e || e == VEC_GP, "writing %s failed (%d)", regs[i].name, e);
		RD(t, msr, &v);
		WR(t, msr, 0);
		took |= (unsigned)(e == 0) << i;
		TRY(t_default(t, "OQ-L14", "a reserved bit: #GP(0), register unchanged", e == VEC_GP &&
			      !v, "%s written reserved bit 0x%lx: %s, reads 0x%lx; want #GP and no "
			      "change (L-26, L-75, OQ-L14 default)", regs[i].name, (unsigned long)bit,
			      e ? "#GP" : "no fault", (unsigned long)v));
	}
	t_figure(t, "reserved_taken_mask", took, "mask");
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.regs.cbox-count", .desc = "C-boxes up to min(4 or 8, cores) read back their "
	  "selects; those beyond #GP (model; reported on hardware)", .needs = NEED_UNCORE,
	  .run = cbox_count },
	{ .id = "client.regs.reserved", .desc = "reserved bits of GLOBAL_CTRL, FIXED_CTRL and an "
	  "event select raise #GP (model; reported on hardware)", .needs = NEED_UNCORE,
	  .run = reserved },
};
const struct suite client_regs_suite = SUITE("client.regs", tests);
