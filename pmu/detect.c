/* Uncore detection by CPU model (N-01, N-02, S-01, X-01), backend choice,
 * and the shape of an emulated core PMU. */
#include "pmu/detect.h"
#include "pmu/registry.h"

/* Whether an on-target suite tests the generation (its registry row's
 * suite). Any other generation is recognised by its model and described
 * (`make regs`, the model), but until its own suite exists a run must not
 * point the Nehalem tests at its registers: it counts as no supported
 * uncore, named in the reason. */
static bool has_suite(const struct uncore_gen *g)
{
	return g && g->suite;
}

/* emu.core_ebx= marks events unavailable in the chosen shape (C-11), so
 * that a run shows the core suite's SKIP for them. */
static struct core_shape ebx_shape;
/* emu.core_leaf23=sub0 enumerates leaf 23H's sub-leaf 0 alone on both
 * core types, as a hypervisor that hides sub-leaf 1 does (C-64, C-72). */
static struct core_shape sub0_p, sub0_e;

static const struct core_shape *sub0(struct core_shape *copy, const struct core_shape *s)
{
	if (!s || !s->leaf23)
		return s;
	*copy = *s;
	copy->leaf23 = 1; /* sub-leaf 0 valid, nothing else */
	return copy;
}

static void choose_core(const struct pmu_cpu *cpu, const struct pmu_opts *o, bool intel,
			struct pmu_choice *out)
{
	const struct core_row *r;

	if (!out->emulated || !intel || cpu->pmu_version)
		return; /* C-13: only where the CPU's own CPUID.0AH reports none */
	r = core_row_for_model(cpu->family, cpu->model);
	out->core = r->shape;
	out->core_e = r->ecore;
	out->core_name = r->name;
	if (o->core_ebx >= 0) {
		ebx_shape = *out->core;
		ebx_shape.ebx = (uint32_t)o->core_ebx;
		out->core = &ebx_shape;
	}
	if (o->core_leaf23_sub0) {
		out->core = sub0(&sub0_p, out->core);
		out->core_e = sub0(&sub0_e, out->core_e);
	}
}

/* C-50: from version 4 on, 0x391 and 0x392 are the core's STATUS_SET and
 * INUSE, so a generation with a register there (the Nehalem uncore's
 * global control and status) must not be driven on that CPU. */
static bool core_owns(const struct uncore_gen *g, unsigned core_version)
{
	struct reg_ref r;

	return core_version >= 4 && (reg_lookup(g, 0x391, &r) || reg_lookup(g, 0x392, &r));
}

/* Whether every generation whose suite is g's has its registers where the
 * core PMU's now are: a suite serving several generations (the client
 * suite: layout A has 0x391/0x392, layout B, on the version-4 cores, has
 * not) stays allowed while one of them is. */
static bool suite_ruled_out(const struct uncore_gen *g, unsigned core_version)
{
	unsigned i;

	for (i = 0; i < uncore_gens_count; i++)
		if (has_suite(&uncore_gens[i]) && !strcmp(uncore_gens[i].suite, g->suite) &&
		    !core_owns(&uncore_gens[i], core_version))
			return false;
	return true;
}

/* The suites the core PMU rules out, each once, into out->ruled_out. */
static void rule_out(unsigned core_version, struct pmu_choice *out)
{
	size_t n = 0;
	unsigned i, j;

	for (i = 0; i < uncore_gens_count; i++) {
		const struct uncore_gen *g = &uncore_gens[i];

		if (!has_suite(g) || !suite_ruled_out(g, core_version))
			continue;
		for (j = 0; j < i && !(has_suite(&uncore_gens[j]) &&
				       !strcmp(uncore_gens[j].suite, g->suite)); j++)
			;
		if (j == i) /* its suite's first generation */
			n += (size_t)snprintf(out->ruled_out + n, n < sizeof(out->ruled_out) ?
					      sizeof(out->ruled_out) - n : 0, "%s%s", n ? " " : "",
					      g->suite);
	}
}

void pmu_choose(const struct pmu_cpu *cpu, const struct pmu_opts *o, struct pmu_choice *out)
{
	bool intel = !strcmp(cpu->vendor, "GenuineIntel");
	bool forced = strcmp(o->uncore, "auto") != 0;
	const struct uncore_gen *g;
	unsigned core_version;
	size_t n;

	memset(out, 0, sizeof(*out));
	out->emulated = o->backend == PMU_BACKEND_EMU ||
			(o->backend == PMU_BACKEND_AUTO && cpu->hypervisor);
	choose_core(cpu, o, intel, out);
	core_version = out->core ? out->core->version : cpu->pmu_version;
	if (forced && out->emulated) {
		g = uncore_gen_by_name(o->uncore);
		if (has_suite(g) && !core_owns(g, core_version))
			out->gen = g;
		snprintf(out->why, sizeof(out->why), g == out->gen ? "uncore=%s forces the "
			 "generation" : g && has_suite(g) ? "uncore=%s refused: its 0x391/0x392 are "
			 "the version-4 core PMU's STATUS_SET and INUSE here (C-50)" :
			 "uncore=%s: no on-target suite for it yet", o->uncore);
		rule_out(core_version, out);
		return;
	}
	if (forced)
		snprintf(out->why, sizeof(out->why), "uncore=%s ignored: it applies to the "
			 "emulated backend only; ", o->uncore);
	g = intel ? uncore_gen_for_cpu(cpu->family, cpu->model, cpu->stepping) : NULL;
	n = strlen(out->why);
	if (g && has_suite(g) && !core_owns(g, core_version))
		out->gen = g;
	else if (g)
		snprintf(out->why + n, sizeof(out->why) - n, "no supported uncore (%s family 0x%x "
			 "model 0x%x: %s, %s)", cpu->vendor, cpu->family, cpu->model, g->name,
			 has_suite(g) ? "its 0x391/0x392 are the core PMU's (C-50)" :
			 "no on-target suite for it yet");
	else
		snprintf(out->why + n, sizeof(out->why) - n, "no supported uncore (%s family "
			 "0x%x model 0x%x)", cpu->vendor, cpu->family, cpu->model);
	rule_out(core_version, out);
}
