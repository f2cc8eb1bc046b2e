/* The backend a run uses: pmu_choose's answer, with the emulated uncore set
 * up over the hardware backend when it is chosen (pmu/detect.h). */
#include "detect.h"
#include "emu.h"

bool pmu_setup(const struct pmu_cpu *cpu, const struct cfg *c, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out)
{
	struct emu_cfg ec;

	pmu_choose(cpu, c, out);
	msr_backend_set(hw);
	if (!out->emulated || !out->gen)
		return false;
	ec = (struct emu_cfg){ out->gen, c->emu_faults, c->emu_uclk_mhz * 1000, hw, NULL, tick_us };
	if (emu_setup(&ec)) {
		snprintf(out->why, sizeof(out->why), "no emulated model of %s yet", out->gen->name);
		out->gen = NULL;
		return false;
	}
	msr_backend_set(&msr_backend_emu);
	return true;
}
