/* Uncore detection by CPU model (N-01, N-02) and backend choice. */
#include "detect.h"

void pmu_choose(const struct pmu_cpu *cpu, const struct cfg *c, struct pmu_choice *out)
{
	bool intel = !strcmp(cpu->vendor, "GenuineIntel");
	bool forced = strcmp(c->uncore, "auto") != 0;

	memset(out, 0, sizeof(*out));
	out->emulated = c->backend == CFG_BACKEND_EMU ||
			(c->backend == CFG_BACKEND_AUTO && cpu->hypervisor);
	if (forced && out->emulated) {
		out->gen = uncore_gen_by_name(c->uncore);
		snprintf(out->why, sizeof(out->why), "uncore=%s forces the generation", c->uncore);
		return;
	}
	if (forced)
		snprintf(out->why, sizeof(out->why), "uncore=%s ignored: it applies to the "
			 "emulated backend only; ", c->uncore);
	out->gen = intel ? uncore_gen_for_model(cpu->family, cpu->model) : NULL;
	if (!out->gen) {
		size_t n = strlen(out->why);

		snprintf(out->why + n, sizeof(out->why) - n, "no supported uncore (%s family "
			 "0x%x model 0x%x)", cpu->vendor, cpu->family, cpu->model);
	}
}
