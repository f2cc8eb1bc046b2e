/* Uncore detection by CPU model (N-01, N-02, S-01, X-01), backend choice,
 * and the shape of an emulated core PMU. */
#include "detect.h"

/* Generations an on-target suite tests (tests/nhm, tests/snbep, tests/nhmex).
 * Any other generation is recognised by its model and described (`make
 * regs`, the model), but until its own suite exists a run must not point
 * the Nehalem tests at its registers: it counts as no supported uncore,
 * named in the reason. */
static const char *const suites_for[] = { "nhm", "snbep", "nhmex" };

static bool has_suite(const struct uncore_gen *g)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(suites_for); i++)
		if (!strcmp(suites_for[i], g->name))
			return true;
	return false;
}

/* Nehalem and Westmere cores, client, EP and EX: their core PMU is C-12's. */
static const uint8_t nhm_cores[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };

/* emu.core_ebx= marks events unavailable in the chosen shape (C-11), so
 * that a run shows the core suite's SKIP for them. */
static struct core_shape ebx_shape;

static void choose_core(const struct pmu_cpu *cpu, const struct pmu_opts *o, bool intel,
			struct pmu_choice *out)
{
	unsigned i;

	if (!out->emulated || !intel || cpu->pmu_version)
		return; /* C-13: only where the CPU's own CPUID.0AH reports none */
	out->core = &core_shape_v3;
	out->core_name = "v3";
	for (i = 0; i < ARRAY_SIZE(nhm_cores); i++)
		if (cpu->family == 6 && cpu->model == nhm_cores[i]) {
			out->core = &core_shape_nhm;
			out->core_name = "nhm";
		}
	if (o->core_ebx >= 0) {
		ebx_shape = *out->core;
		ebx_shape.ebx = (uint32_t)o->core_ebx;
		out->core = &ebx_shape;
	}
}

void pmu_choose(const struct pmu_cpu *cpu, const struct pmu_opts *o, struct pmu_choice *out)
{
	bool intel = !strcmp(cpu->vendor, "GenuineIntel");
	bool forced = strcmp(o->uncore, "auto") != 0;
	const struct uncore_gen *g;
	size_t n;

	memset(out, 0, sizeof(*out));
	out->emulated = o->backend == PMU_BACKEND_EMU ||
			(o->backend == PMU_BACKEND_AUTO && cpu->hypervisor);
	choose_core(cpu, o, intel, out);
	if (forced && out->emulated) {
		g = uncore_gen_by_name(o->uncore);
		if (has_suite(g))
			out->gen = g;
		snprintf(out->why, sizeof(out->why), g == out->gen ? "uncore=%s forces the "
			 "generation" : "uncore=%s: no on-target suite for it yet", o->uncore);
		return;
	}
	if (forced)
		snprintf(out->why, sizeof(out->why), "uncore=%s ignored: it applies to the "
			 "emulated backend only; ", o->uncore);
	g = intel ? uncore_gen_for_model(cpu->family, cpu->model) : NULL;
	n = strlen(out->why);
	if (g && has_suite(g))
		out->gen = g;
	else if (g)
		snprintf(out->why + n, sizeof(out->why) - n, "no supported uncore (%s family 0x%x "
			 "model 0x%x: %s, no on-target suite for it yet)", cpu->vendor, cpu->family,
			 cpu->model, g->name);
	else
		snprintf(out->why + n, sizeof(out->why) - n, "no supported uncore (%s family "
			 "0x%x model 0x%x)", cpu->vendor, cpu->family, cpu->model);
}
