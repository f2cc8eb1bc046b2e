/* The backend a run uses: pmu_choose's answer, with the emulated uncore
 * and core PMU set up over the hardware backend when it is chosen
 * (pmu/setup.h). */
#include "pmu/setup.h"
#include "pmu/emu/emu.h"
#include "lib/platform.h"

bool pmu_setup(const struct pmu_cpu *cpu, const struct pmu_opts *o, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out)
{
	struct emu_cfg ec;
	int rc;

	pmu_choose(cpu, o, out);
	msr_backend_set(hw);
	if (!out->emulated || (!out->gen && !out->core))
		return false;
	ec = (struct emu_cfg){ out->gen, o->faults, o->uclk_mhz * 1000, hw, NULL, tick_us,
			       out->core, NULL, cpu->model, out->core_e };
	rc = emu_setup(&ec);
	if (rc == PLAT_EUNSUPPORTED) { /* a generation without a model: the core PMU alone */
		snprintf(out->why, sizeof(out->why), "no emulated model of %s yet", out->gen->name);
		out->gen = ec.gen = NULL;
		rc = ec.core ? emu_setup(&ec) : rc;
	}
	if (rc) {
		if (rc != PLAT_EUNSUPPORTED)
			snprintf(out->why, sizeof(out->why), "the emulated PMUs cannot be set up "
				 "(error %d)", rc);
		out->gen = NULL;
		out->core = out->core_e = NULL;
		return false;
	}
	msr_backend_set(&msr_backend_emu);
	return true;
}
