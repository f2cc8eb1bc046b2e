/* The backend a run uses: pmu_choose's answer, with the emulated uncore
 * and core PMU set up over the hardware backend when it is chosen
 * (pmu/setup.h). */
#include "pmu/setup.h"
#include "pmu/emu/emu.h"
#include "pmu/disc/find.h"
#include "pmu/registry.h"
#include "lib/platform.h"

#define PROBE_FNS 4096

/* D-60: whether a discovery table answers on this machine: MSR 0x201E on
 * the BSP (D-06), else a PMON capability on an Intel PCI function
 * (D-01..D-04), through the hardware backend. */
static bool table_answers(void)
{
	struct disc_pci_list l = { .e = plat_alloc(PROBE_FNS * sizeof(*l.e)), .cap = PROBE_FNS };
	struct disc_found d[4];
	unsigned n;

	if (disc_find_msr(&disc_io_space, plat_this_cpu(), d))
		return true;
	if (!l.e)
		return false;
	disc_pci_scan(&disc_io_space, &l);
	n = disc_find_pci(&disc_io_space, &l, d, ARRAY_SIZE(d));
	for (unsigned i = 0; i < n; i++)
		if (!d[i].bad)
			return true;
	return false;
}

bool pmu_setup(const struct pmu_cpu *cpu, const struct pmu_opts *o, const struct msr_backend *hw,
	       uint32_t tick_us, struct pmu_choice *out)
{
	struct emu_cfg ec;
	int rc;

	pmu_choose(cpu, o, out);
	msr_backend_set(hw);
	/* D-60: on hardware, a family-6 part no registry row names is the
	 * discovery generation when its table answers */
	if (!out->emulated && !out->gen && !strcmp(cpu->vendor, "GenuineIntel") &&
	    cpu->family == 6 && !uncore_gen_for_model(cpu->family, cpu->model) && table_answers()) {
		out->gen = uncore_gen_by_name("disc");
		snprintf(out->why, sizeof(out->why), "model 0x%x is in no registry row; its "
			 "discovery table answers (D-60)", cpu->model);
	}
	if (!out->emulated || (!out->gen && !out->core))
		return false;
	ec = (struct emu_cfg){ .gen = out->gen, .faults = o->faults,
			.uclk_khz = o->uclk_mhz * 1000, .lower = hw, .tick_us = tick_us,
			.core = out->core, .cpu_model = cpu->model, .core_e = out->core_e };
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
	if (o->throttle) /* emu.throttle=1 */
		emu_throttle(true);
	msr_backend_set(&msr_backend_emu);
	return true;
}
