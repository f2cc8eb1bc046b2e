/* Architectural performance monitoring version 5 and hybrid parts (spec
 * core-pmu-and-apic.md C-52..C-61): the fixed-counter bitmap honoured on
 * every core type, AnyThread left alone where deprecated, and each core
 * type's own enumeration and counters.
 *
 * The rest of the core suite runs on the BSP, one core type; these tests
 * run their probe on the first CPU of each core type (C-61), through
 * plat_run_on: the probe only reads CPUID and accesses that CPU's own
 * MSRs, records what it saw, and the BSP judges it. On hardware a probe
 * never writes a bit the enumeration says is absent or deprecated; on the
 * emulated core PMU it does, on purpose, to show that the model refuses
 * it (#GP, OQ-C20, OQ-C21): any core test that enabled such a counter or
 * bit would then fault there, so a clean run of core.* on the model is
 * the proof that no test does (C-61). */
#include "suites/core/core.h"
#include "harness/cpu_topo.h"
#include "harness/runner.h"

#define ANY (1ull << 21)           /* IA32_PERFEVTSELx AnyThread (C-20) */
#define FC_ANY(j) (4ull << 4 * (j)) /* IA32_FIXED_CTR_CTRL AnyThread (C-22) */
#define TYPE_ATOM 0x20             /* CPUID.1AH:EAX[31:24] (C-56) */
#define TYPE_CORE 0x40
#define PROBE_US 200               /* the counting window */
#define PROBE_JOB_US 2000000
#define MAX_TYPES RUN_MAX_TYPES

/* What a probe saw on one CPU. */
struct probe {
	unsigned cpu;
	uint32_t hybrid_edx, leaf1a_eax, a[4]; /* CPUID.(07H,0):EDX, 1AH:EAX, 0AH */
	struct core_enum e;                    /* the harness's decoding, there */
	bool model;
	int fault;           /* the first unexpected fault of the window, 0 none */
	uint64_t gp[CORE_MAX_GP], fixed[CORE_MAX_FIXED];
	int sel_beyond;      /* model: IA32_PERFEVTSEL<ngp> written (0 or the fault) */
	int omit_ctl[CORE_MAX_FIXED], omit_en[CORE_MAX_FIXED], omit_rd[CORE_MAX_FIXED];
};

static void spin_us(uint64_t us)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * us;

	while (plat_tsc() < end)
		;
}

static int wr(uint32_t msr, uint64_t v)
{
	return msr_write(plat_this_cpu(), msr, v);
}

/* One window on this CPU: every general counter its own CPUID.0AH counts
 * counting core cycles, every fixed counter the harness's set holds
 * enabled (ring 0), one GLOBAL_CTRL write each way (C-09). Then, on the
 * model only, the absent ones written. */
static void probe_here(void *arg)
{
	struct probe *p = arg;
	uint32_t r[4], set, omitted;
	uint64_t en = 0, ctl = 0, absent;
	unsigned n;
	int f = 0;

	p->cpu = plat_this_cpu();
	pmu_cpuid(7, 0, r);
	p->hybrid_edx = r[3];
	pmu_cpuid(0x1A, 0, r);
	p->leaf1a_eax = r[0];
	pmu_cpuid(0xA, 0, p->a);
	core_enum_read(&p->e);
	set = core_enum_fixed_set(&p->e) & ((1u << CORE_MAX_FIXED) - 1);
	omitted = ~core_rule_fixed_set(p->a) & ((1u << CORE_MAX_FIXED) - 1);
	f |= wr(MSR_GLOBAL_CTRL, 0) | wr(CORE_FIXED_CTL, 0);
	for (n = 0; n < p->e.ngp && n < CORE_MAX_GP; n++) {
		f |= wr(CORE_SEL(n), 0) | wr(CORE_PMC(n), 0);
		f |= wr(CORE_SEL(n), SEL_COUNT(EV_CYCLES));
		en |= G_PMC(n);
	}
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (set >> n & 1) {
			f |= wr(CORE_FIXED(n), 0);
			ctl |= FC_EN(n, 1);
			en |= G_FIXED(n);
		}
	f |= wr(CORE_FIXED_CTL, ctl) | wr(MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	f |= wr(MSR_GLOBAL_CTRL, en);
	spin_us(PROBE_US);
	f |= wr(MSR_GLOBAL_CTRL, 0);
	for (n = 0; n < p->e.ngp && n < CORE_MAX_GP; n++)
		f |= msr_read(p->cpu, CORE_PMC(n), &p->gp[n]) | wr(CORE_SEL(n), 0);
	for (n = 0; n < CORE_MAX_FIXED; n++)
		if (set >> n & 1)
			f |= msr_read(p->cpu, CORE_FIXED(n), &p->fixed[n]);
	f |= wr(CORE_FIXED_CTL, 0) | wr(MSR_GLOBAL_OVF_CTRL, G_COUNTERS);
	p->fault = f;
	p->model = pmu_core_emulated();
	if (!p->model) /* not an open question: the harness writes no absent bit on silicon */
		return; /* hardware: nothing absent is ever written (C-61) */
	if (p->e.ngp < CORE_MAX_GP) {
		p->sel_beyond = wr(CORE_SEL(p->e.ngp), 0);
		if (!p->sel_beyond)
			wr(CORE_SEL(p->e.ngp), 0);
	}
	for (n = 0; n < CORE_MAX_FIXED; n++) {
		if (!(omitted >> n & 1))
			continue;
		p->omit_ctl[n] = wr(CORE_FIXED_CTL, FC_EN(n, 1));
		p->omit_en[n] = wr(MSR_GLOBAL_CTRL, G_FIXED(n));
		p->omit_rd[n] = msr_read(p->cpu, CORE_FIXED(n), &absent);
		wr(MSR_GLOBAL_CTRL, 0);
		wr(CORE_FIXED_CTL, 0);
	}
}

/* The probes of the first CPU of each core type (cpu_topo_types; where
 * not hybrid, the BSP's alone), BSP first; returns how many, 0 after an
 * ERROR verdict in *v. */
static unsigned probe_types(struct tctx *t, struct probe *p, enum verdict *v)
{
	static struct probe one;
	struct run_types types;
	unsigned k, n;
	int rc;

	cpu_topo_types(&types);
	n = types.n ? types.n : 1;
	for (k = 0; k < n; k++) {
		memset(&one, 0, sizeof(one));
		rc = plat_run_on(types.n ? types.cpu[k] : 0, probe_here, &one, PROBE_JOB_US, NULL);
		if (rc) {
			*v = t_error(t, "the probe on CPU %u did not complete (%d)",
				     types.n ? types.cpu[k] : 0, rc);
			return 0;
		}
		p[k] = one;
		if (one.e.hybrid)
			t_figure_at(t, "core_type_id", FIG_CPU, one.cpu, one.e.core_type, "id");
	}
	*v = V_PASS;
	return n;
}

/* Where a probe's CPU is named: "cpu 2, E-core (20H)". */
static const char *where(const struct probe *p, char *buf, size_t len)
{
	snprintf(buf, len, "cpu %u%s%s", p->cpu, p->e.hybrid ? ", " : "",
		 p->e.hybrid ? core_type_name(p->e.core_type) : "");
	return buf;
}

/* C-52, C-61, OQ-C20: on each core type the harness enables exactly the
 * fixed counters the rule gives, each of them counts, and on the model an
 * absent one refuses its enable and its MSR. */
static enum verdict fixed_bitmap(struct tctx *t)
{
	static struct probe p[MAX_TYPES];
	char w[40];
	enum verdict v;
	unsigned n = probe_types(t, p, &v), k, i;

	if (!n)
		return v;
	if (p[0].e.version < 5)
		return t_na(t, "architectural PMU version %u: the fixed-counter bitmap comes with "
			    "version 5 (C-52, C-53)", p[0].e.version);
	for (k = 0; k < n; k++) {
		uint32_t want = core_rule_fixed_set(p[k].a), got = core_enum_fixed_set(&p[k].e);

		where(&p[k], w, sizeof(w));
		t_figure_at(t, "fixed_set_mask", FIG_CPU, p[k].cpu, got, "mask");
		CHECK(t, (got & 7) == want, "%s: CPUID.0AH ECX 0x%x EDX 0x%x gives fixed counters "
		      "0x%x (C-52: ECX[i] or EDX[4:0] > i), the harness's set is 0x%x", w, p[k].a[2],
		      p[k].a[3], want, got);
		if (p[k].fault)
			return t_error(t, "%s: the counting window faulted (%d)", w, p[k].fault);
		for (i = 0; i < CORE_MAX_FIXED; i++) {
			CHECK(t, !(want >> i & 1) || p[k].fixed[i], "%s: IA32_FIXED_CTR%u, enumerated, "
			      "counted nothing in %u us (C-09, C-52)", w, i, PROBE_US);
			if (!p[k].model || (want >> i & 1)) /* written on the model only (C-61) */
				continue;
			CHECK(t, p[k].omit_ctl[i] == VEC_GP && p[k].omit_en[i] == VEC_GP &&
			      p[k].omit_rd[i] == VEC_GP, "%s: IA32_FIXED_CTR%u, which the bitmap "
			      "omits, took an enable (FIXED_CTR_CTRL %d, GLOBAL_CTRL %d, read %d; "
			      "13 = #GP): the model's absent counter must refuse it (C-52, OQ-C20)", w,
			      i, p[k].omit_ctl[i], p[k].omit_en[i], p[k].omit_rd[i]);
		}
	}
	return V_PASS;
}

/* The emulated hybrid parts' shapes as C-59 and C-72 give them (the
 * suite's own copy): version, general counters, EDX[4:0], ECX of the
 * P-core and the E-core; version 6 on the models C-71 lists (Lunar Lake,
 * Arrow Lake, Panther Lake), whose E-core's CPUID.0AH counts the four
 * general counters below its bitmap's hole (OQ-C31). */
static const struct model_type {
	uint8_t type, version, ngp, nfixed;
	uint32_t bitmap;
} model_types[] = { { TYPE_CORE, 5, 8, 3, 0x7 }, { TYPE_ATOM, 5, 6, 1, 0x5 },
		    { TYPE_CORE, 6, 8, 3, 0x7 }, { TYPE_ATOM, 6, 4, 1, 0x5 } };
static const uint8_t v6_models[] = { 0xBD, 0xC6, 0xC5, 0xCC };

/* The version-5 parts of one core type this test asserts, by CPUID.01H
 * model (family 6), as the spec lists them (the suite's own copy), and the
 * type whose C-59 counts the model presents on each of their CPUs: Ice
 * Lake, Tiger Lake and Rocket Lake cores, version 5 and not hybrid (C-58;
 * the `v5` shape's counts are the P-core's, C-59), and Alder Lake-N, the
 * hybrid parts' E-cores alone (C-62, OQ-C25). */
static const struct {
	uint8_t model, type;
} one_type_parts[] = {
	{ .model = 0x7D, .type = TYPE_CORE },
	{ .model = 0x7E, .type = TYPE_CORE },
	{ .model = 0x8C, .type = TYPE_CORE },
	{ .model = 0x8D, .type = TYPE_CORE },
	{ .model = 0xA7, .type = TYPE_CORE },
	{ .model = 0xBE, .type = TYPE_ATOM },
};

/* C-59's (C-72's on a version-6 model) counts for core type `type` on
 * the probe's CPU model, or NULL. */
static const struct model_type *model_type(const struct probe *p, uint8_t type)
{
	unsigned i, version = 5;

	for (i = 0; p->e.family == 6 && i < ARRAY_SIZE(v6_models); i++)
		if (v6_models[i] == p->e.model)
			version = 6;
	for (i = 0; i < ARRAY_SIZE(model_types); i++)
		if (model_types[i].type == type && model_types[i].version == version)
			return &model_types[i];
	return NULL;
}

/* The core type whose counts the model presents on the listed part of one
 * core type the probe's CPU is, 0 where it is none of them. */
static uint8_t one_type_part(const struct probe *p)
{
	unsigned i;

	for (i = 0; p->e.family == 6 && i < ARRAY_SIZE(one_type_parts); i++)
		if (one_type_parts[i].model == p->e.model)
			return one_type_parts[i].type;
	return 0;
}

/* C-60, OQ-C22's default: the lower half of the APIC ids (the odd one
 * included) are P-cores. */
static uint8_t model_type_of(unsigned cpu)
{
	unsigned j, below = 0, n = plat_cpu_count();

	for (j = 0; j < n; j++)
		below += plat_cpu(j)->apic_id < plat_cpu(cpu)->apic_id;
	return below >= (n + 1) / 2 ? TYPE_ATOM : TYPE_CORE;
}

/* C-59, C-57 on one probe of the model: the counts of core type `type`,
 * and no general counter beyond them. */
static enum verdict model_counts(struct tctx *t, const struct probe *p, uint8_t type)
{
	const struct model_type *m = model_type(p, type);
	char w[40];

	where(p, w, sizeof(w));
	if (m)
		CHECK(t, p->e.version == m->version && p->e.ngp == m->ngp &&
		      p->e.nfixed == m->nfixed && p->e.fixed_bitmap == m->bitmap, "%s: CPUID.0AH "
		      "version %u, %u general, EDX[4:0] %u, ECX 0x%x; the model's %s is version %u, "
		      "%u, %u, 0x%x (C-59, C-72)", w, p->e.version, p->e.ngp, p->e.nfixed,
		      p->e.fixed_bitmap, core_type_name(type), m->version, m->ngp, m->nfixed,
		      m->bitmap);
	CHECK(t, p->e.ngp >= CORE_MAX_GP || p->sel_beyond == VEC_GP, "%s: IA32_PERFEVTSEL%u, "
	      "beyond the %u general counters of this core type, took a write (%d) (C-57)", w,
	      p->e.ngp, p->e.ngp, p->sel_beyond);
	return V_PASS;
}


/* C-62: a version-5 part of one core type, the BSP's probe: not
 * hybrid (checked by the caller), the suite run once; on the model, C-59's
 * counts of the type its CPUs have (OQ-C25 for Alder Lake-N). Any other
 * part that is not hybrid: N/A. */
static enum verdict one_type(struct tctx *t, const struct probe *p)
{
	uint8_t type = one_type_part(p);

	if (!type)
		return t_na(t, "not a hybrid part (CPUID.07H:EDX[15] = 0, C-55)");
	t_figure(t, "version_id", p->e.version, "id");
	t_figure(t, "gp_counters_count", p->e.ngp, "count");
	t_figure(t, "fixed_set_mask", core_enum_fixed_set(&p->e), "mask");
	if (p->fault)
		return t_error(t, "cpu %u: the counting window faulted (%d)", p->cpu, p->fault);
	/* the model's shape is its own (C-59, C-72); silicon's counts are figures */
	return p->model ? model_counts(t, p, type) : V_PASS;
}

/* C-55..C-57, C-61: on a hybrid part every CPU says so, each is of core
 * type 20H or 40H, and the first CPU of each type counts on every general
 * counter its own CPUID.0AH enumerates; on the model, also C-59/C-60. A
 * part the spec lists as of one core type (C-62) must not say it is
 * hybrid, and on the model presents its type's counts (one_type). */
static enum verdict types(struct tctx *t)
{
	static struct probe p[MAX_TYPES];
	char w[40];
	enum verdict v;
	unsigned n = probe_types(t, p, &v), k, i;

	if (!n)
		return v;
	if (!p[0].e.hybrid)
		return one_type(t, &p[0]);
	CHECK(t, !one_type_part(&p[0]), "family 6 model 0x%x is a part of one core type (C-62), "
	      "yet CPUID.07H:EDX[15] = 1 calls it hybrid (C-55)", p[0].e.model);
	t_figure(t, "core_types_count", n, "count");
	for (k = 0; k < n; k++) {
		where(&p[k], w, sizeof(w));
		CHECK(t, p[k].e.hybrid, "CPU %u says CPUID.07H:EDX[15] = 0, the BSP 1 (C-55)",
		      p[k].cpu);
		CHECK(t, p[k].e.core_type == TYPE_ATOM || p[k].e.core_type == TYPE_CORE,
		      "%s: CPUID.1AH:EAX 0x%x: core type neither 20H nor 40H (C-56)", w,
		      p[k].leaf1a_eax);
		if (p[k].fault)
			return t_error(t, "%s: the counting window faulted (%d)", w, p[k].fault);
		t_figure_at(t, "gp_counters_count", FIG_CPU, p[k].cpu, p[k].e.ngp, "count");
		for (i = 0; i < p[k].e.ngp && i < CORE_MAX_GP; i++)
			CHECK(t, p[k].gp[i], "%s: IA32_PMC%u, one of the %u this core type "
			      "enumerates, counted no cycles in %u us (C-57)", w, i, p[k].e.ngp,
			      PROBE_US);
		TRY(t_default(t, "OQ-C22", "the lower half of the APIC ids are P-cores",
			      p[k].e.core_type == model_type_of(p[k].cpu), "%s: CPU %u (APIC id "
			      "%u) is core type 0x%x, not 0x%x (C-60)", w, p[k].cpu,
			      plat_cpu(p[k].cpu)->apic_id, p[k].e.core_type,
			      model_type_of(p[k].cpu)));
		/* the model's shape is its own (C-59, C-72); silicon's counts are figures */
		if (p[k].model)
			TRY(model_counts(t, &p[k], p[k].e.core_type));
	}
	/* the model's part has both types on 2 CPUs (C-60); silicon's may not */
	if (p[0].model && plat_cpu_count() >= 2)
		CHECK(t, n == 2, "the emulated hybrid part with %u CPUs shows %u core type(s), "
		      "not both (C-60)", plat_cpu_count(), n);
	return V_PASS;
}

/* C-54, OQ-C21: where CPUID.0AH:EDX[15] deprecates AnyThread no core test
 * sets it; on the model an ANY bit is refused (#GP), so one that did would
 * fault. On hardware nothing is written (C-61). */
static enum verdict anythread(struct tctx *t)
{
	struct core c;
	enum verdict v = core_begin(t, &c, 1);
	int sel, fixed;

	if (v != V_PASS)
		return v;
	t_figure(t, "anythread_deprecated_bool", c.e.any_deprecated, "bool");
	if (c.e.version < 5)
		return core_end(&c, t_na(t, "architectural PMU version %u: AnyThread deprecation "
					 "comes with version 5 (C-54)", c.e.version));
	if (!c.e.any_deprecated)
		return core_end(&c, t_na(t, "AnyThread not deprecated (CPUID.0AH:EDX[15] = 0, "
					 "C-54)"));
	if (!c.model) /* not an open question: the harness sets no ANY bit on silicon (C-61) */
		return core_end(&c, V_PASS);
	sel = msr_write(plat_this_cpu(), CORE_SEL(0), core_event(EV_CYCLES) | SEL_OS | ANY);
	fixed = msr_write(plat_this_cpu(), CORE_FIXED_CTL, FC_EN(0, 1) | FC_ANY(0));
	CHECK(t, sel == VEC_GP && fixed == VEC_GP, "AnyThread deprecated, yet the model took "
	      "IA32_PERFEVTSEL0.ANY (%d) and IA32_FIXED_CTR_CTRL's AnyThread (%d); 13 = #GP "
	      "(C-54, OQ-C21)", sel, fixed);
	return core_end(&c, V_PASS);
}

static const struct test core_v5_tests[] = {
	{ .id = "core.v5.fixed-bitmap", .desc = "each core type enables exactly the fixed "
	  "counters CPUID.0AH:ECX/EDX give, each counts; the model refuses an omitted one "
	  "(C-52, C-61)", .needs = NEED_CORE_PMU, .run = fixed_bitmap },
	{ .id = "core.v5.anythread", .desc = "AnyThread deprecated: the model refuses the ANY "
	  "bits, so no core test sets them (C-54)", .needs = NEED_CORE_PMU, .run = anythread },
	{ .id = "core.hybrid.types", .desc = "hybrid part: each CPU's core type, each type's "
	  "own CPUID.0AH and general counters, on one CPU per type (C-55..C-60); a version-5 "
	  "part of one type (Ice/Tiger/Rocket Lake; Alder Lake-N: E-cores) not hybrid, its "
	  "model shape C-59's (C-58, C-62)",
	  .needs = NEED_CORE_PMU, .run = types },
};
const struct suite core_v5_suite = SUITE("core.v5", core_v5_tests);
