/* Enumeration and counter registers: what CPUID.0AH says is there, is
 * (C-11, C-12, C-14); counter widths and write semantics (C-17, C-18,
 * C-23). Every counter is written with its enable clear (C-15) and read
 * back without running. */
#include "suites/core/core.h"

/* C-12: Nehalem and Westmere cores, client, EP and EX. */
static bool nehalem_class(const struct core_enum *e)
{
	static const uint8_t models[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(models); i++)
		if (e->family == 6 && e->model == models[i])
			return true;
	return false;
}

static void figures(struct tctx *t, const struct core_enum *e)
{
	t_figure(t, "version_id", e->version, "id");
	t_figure(t, "gp_counters_count", e->ngp, "count");
	t_figure(t, "gp_width_bits", e->gp_width, "bits");
	t_figure(t, "fixed_counters_count", e->nfixed, "count");
	t_figure(t, "fixed_width_bits", e->fixed_width, "bits");
	t_figure(t, "ebx_length_bits", e->ebx_len, "bits");
	t_figure(t, "ebx_not_available_mask", e->ebx, "mask");
	t_figure(t, "perf_capabilities_mask", (int64_t)e->perf_caps, "mask");
}

/* C-11, C-12, C-14: the enumeration is consistent, each enumerated counter
 * and select answers at its MSR, a select keeps what is written (EN clear),
 * the global control keeps each counter's enable; and a counter written
 * with all ones through IA32_PMCn reads all ones up to the enumerated width
 * and 0 above it (C-17: EAX sign-extended to the width). */
static enum verdict counters(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	const struct core_enum *e = &c.e;
	uint64_t r, sel = core_event(EV_INST) | SEL_OS | SEL_USR | SEL_INV | SEL_CMASK(2);
	unsigned n;

	if (v != V_PASS)
		return v;
	figures(t, e);
	CHECK(t, e->ebx_len >= 1 && e->ebx_len <= 32, "CPUID.0AH:EAX[31:24] = %u EBX bits "
	      "(C-11)", e->ebx_len);
	CHECK(t, !e->pdcm || e->caps_read, "CPUID.01H:ECX[15] (PDCM) = 1 but "
	      "IA32_PERF_CAPABILITIES faults (C-18)");
	if (nehalem_class(e))
		CHECK(t, e->version == 3 && e->ngp == 4 && e->gp_width == 48 && e->nfixed == 3 &&
		      e->fixed_width == 48, "family 6 model 0x%x is a Nehalem/Westmere core: "
		      "version 3, 4 x 48-bit general and 3 x 48-bit fixed counters expected, "
		      "CPUID.0AH says version %u, %u x %u, %u x %u (C-12)", e->model, e->version,
		      e->ngp, e->gp_width, e->nfixed, e->fixed_width);
	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!core_has_gp(&c, n))
			continue; /* C-66, C-73: a hole is not there */
		WR(t, CORE_SEL(n), sel);
		RD(t, CORE_SEL(n), &r);
		CHECK(t, r == sel, "IA32_PERFEVTSEL%u (0x%x) reads 0x%lx after 0x%lx (C-14)", n,
		      CORE_SEL(n), (unsigned long)r, (unsigned long)sel);
		WR(t, CORE_SEL(n), 0);
		if ((v = core_set_pmc(t, n, 0xFFFFFFFF)) != V_PASS)
			return v;
		RD(t, CORE_PMC(n), &r);
		CHECK(t, r == c.gp_mask, "IA32_PMC%u (0x%x) reads 0x%lx after a write of "
		      "0xFFFFFFFF: want %u one bits, then 0 (C-11, C-17)", n, CORE_PMC(n),
		      (unsigned long)r, e->gp_width);
		if ((v = core_set_pmc(t, n, 0)) != V_PASS)
			return v;
	}
	for (n = 0; n < CORE_MAX_FIXED; n++) {
		if (!core_has_fixed(&c, n))
			continue; /* C-52: one the bitmap omits is not there (C-61) */
		WR(t, CORE_FIXED(n), c.fixed_mask); /* full width (C-23) */
		RD(t, CORE_FIXED(n), &r);
		CHECK(t, r == c.fixed_mask, "IA32_FIXED_CTR%u (0x%x) reads 0x%lx after a write of "
		      "its %u-bit maximum (C-11, C-23)", n, CORE_FIXED(n), (unsigned long)r,
		      e->fixed_width);
		WR(t, CORE_FIXED(n), 0);
	}
	r = c.gp_set;
	for (n = 0; n < CORE_MAX_FIXED; n++)
		r |= core_has_fixed(&c, n) ? G_FIXED(n) : 0;
	WR(t, MSR_GLOBAL_CTRL, r);
	RD(t, MSR_GLOBAL_CTRL, &sel);
	WR(t, MSR_GLOBAL_CTRL, 0);
	CHECK(t, sel == r, "IA32_PERF_GLOBAL_CTRL reads 0x%lx after 0x%lx (C-09)",
	      (unsigned long)sel, (unsigned long)r);
	return core_end(&c, V_PASS);
}

/* C-17's examples on every general counter: a write through IA32_PMCn keeps
 * EAX sign-extended to the width, never the operand's bits 63:32. */
static enum verdict write_width(struct tctx *t)
{
	static const struct {
		uint64_t w, r; /* written, expected before masking to the width */
	} cases[] = {
		{ .w = 0x0000FFFF80000000ull, .r = 0xFFFFFFFF80000000ull },
		{ .w = 0x0000000012345678ull, .r = 0x12345678ull },
		{ .w = 0x0000000100000001ull, .r = 0x1ull },
		{ .w = 0xFFFFFFFF7FFFFFFFull, .r = 0x7FFFFFFFull },
	};
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	uint64_t r;
	unsigned n, i;

	if (v != V_PASS)
		return v;
	for (n = 0; n < CORE_MAX_GP; n++)
		for (i = 0; core_has_gp(&c, n) && i < ARRAY_SIZE(cases); i++) {
			if ((v = core_set_pmc(t, n, cases[i].w)) != V_PASS)
				return v;
			RD(t, CORE_PMC(n), &r);
			CHECK(t, r == (cases[i].r & c.gp_mask), "IA32_PMC%u reads 0x%lx after a "
			      "write of 0x%lx: want 0x%lx, EAX sign-extended to %u bits (C-17)", n,
			      (unsigned long)r, (unsigned long)cases[i].w,
			      (unsigned long)(cases[i].r & c.gp_mask), c.e.gp_width);
		}
	for (n = 0; n < CORE_MAX_GP; n++)
		if (core_has_gp(&c, n) && (v = core_set_pmc(t, n, 0)) != V_PASS)
			return v;
	return core_end(&c, V_PASS);
}

/* C-18: with IA32_PERF_CAPABILITIES.FW_WRITE, IA32_A_PMCn takes the full
 * width (bit width-1 included, which no 32-bit write through IA32_PMCn
 * leaves alone) and a value beyond it raises #GP; without it, IA32_A_PMCn
 * does not exist: a read raises #GP. */
static enum verdict full_width(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	uint64_t r, want;
	unsigned n;
	int e;

	if (v != V_PASS)
		return v;
	t_figure(t, "fw_write_bool", core_enum_full_width(&c.e), "bool");
	if (!core_enum_full_width(&c.e)) {
		e = msr_read(plat_this_cpu(), CORE_A_PMC(0), &r);
		CHECK(t, e == VEC_GP, "IA32_A_PMC0 (0x4C1) read gave %d, not #GP, though "
		      "IA32_PERF_CAPABILITIES.FW_WRITE is 0%s (C-18)", e,
		      c.e.pdcm ? "" : " (no PDCM)");
		return core_end(&c, V_PASS);
	}
	want = (1ull << (c.e.gp_width - 1)) | 0x123456789ull;
	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!core_has_gp(&c, n))
			continue; /* C-73 */
		WR(t, CORE_SEL(n), 0); /* C-15 */
		WR(t, CORE_A_PMC(n), want);
		RD(t, CORE_PMC(n), &r);
		CHECK(t, r == want, "IA32_A_PMC%u took 0x%lx, IA32_PMC%u reads 0x%lx (C-18)", n,
		      (unsigned long)want, n, (unsigned long)r);
		e = msr_write(plat_this_cpu(), CORE_A_PMC(n), 1ull << c.e.gp_width);
		CHECK(t, e == VEC_GP, "writing 0x%lx, beyond %u bits, to IA32_A_PMC%u gave %d, not "
		      "#GP (C-18)", (unsigned long)(1ull << c.e.gp_width), c.e.gp_width, n, e);
		WR(t, CORE_A_PMC(n), 0);
	}
	return core_end(&c, V_PASS);
}

/* C-23: a fixed counter's bits beyond CPUID.0AH:EDX[12:5] are reserved. A
 * write setting one either raises #GP (OQ-C33's default, the model's) or
 * is cut to the width (what else hardware may do). */
static enum verdict fixed_reserved(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	uint64_t over, r;
	unsigned n, faults = 0;
	int e;

	if (v != V_PASS)
		return v;
	if (!c.fixed_set)
		return core_end(&c, t_skip(t, "no fixed counters (CPUID.0AH:EDX[4:0] = 0)"));
	over = (1ull << c.e.fixed_width) | 5;
	for (n = 0; n < CORE_MAX_FIXED; n++) {
		if (!core_has_fixed(&c, n))
			continue;
		WR(t, CORE_FIXED(n), 0);
		e = msr_write(plat_this_cpu(), CORE_FIXED(n), over);
		RD(t, CORE_FIXED(n), &r);
		faults += e == VEC_GP;
		CHECK(t, e == VEC_GP || !e, "writing 0x%lx to IA32_FIXED_CTR%u gave %d", (unsigned long)over,
		      n, e);
		CHECK(t, !(r & ~c.fixed_mask), "IA32_FIXED_CTR%u reads 0x%lx: bits beyond its %u "
		      "(C-23)", n, (unsigned long)r, c.e.fixed_width);
		TRY(t_default(t, "OQ-C33", "a write beyond the fixed counter's width raises #GP",
			      e == VEC_GP, "IA32_FIXED_CTR%u took 0x%lx, beyond its %u bits, "
			      "without #GP (C-23)", n, (unsigned long)over, c.e.fixed_width));
		WR(t, CORE_FIXED(n), 0);
	}
	t_figure(t, "reserved_write_faults_count", faults, "count");
	return core_end(&c, V_PASS);
}

static const struct test core_enum_tests[] = {
	{ .id = "core.enum.counters", .desc = "CPUID.0AH enumeration consistent; every enumerated "
	  "counter and select at its MSR, counters exactly as wide as enumerated",
	  .needs = NEED_CORE_PMU, .run = counters },
	{ .id = "core.enum.write-width", .desc = "a 32-bit write to IA32_PMCn is EAX sign-extended "
	  "to the counter width (C-17)", .needs = NEED_CORE_PMU, .run = write_width },
	{ .id = "core.enum.full-width", .desc = "IA32_A_PMCn take the full width with FW_WRITE, "
	  "and do not exist without it (C-18)", .needs = NEED_CORE_PMU, .run = full_width },
	{ .id = "core.enum.fixed-reserved", .desc = "fixed counter bits beyond the enumerated "
	  "width are reserved (C-23)", .needs = NEED_CORE_PMU, .run = fixed_reserved },
};
const struct suite core_enum_suite = SUITE_EACH_TYPE("core.enum", core_enum_tests);
