/* The Sandy Bridge-EP uncore's PMI requests as the backend takes them, and
 * the model's operations set (struct emu_model). */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

/* No uncore PMI exists (S-40); with EMU_F(SNBEP_WRAP_PMI) a wrap asks for
 * one, and with no routing register to name a core it goes to every core
 * of the package, so a test watching any of them sees it. */
unsigned snbep_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct snbep_uncore *u = m;
	uint64_t c[SNBEP_MAX_PMI_REQ];
	unsigned i, n;

	emu_advance(&snbep_engine, u, now);
	n = emu_fifo_take(u->pmi, &u->npmi, sizeof(c[0]), c,
			  max < SNBEP_MAX_PMI_REQ ? max : SNBEP_MAX_PMI_REQ);
	for (i = 0; i < n; i++)
		out[i] = (struct emu_pmi_req){ .cycle = c[i],
					       .cores = (uint16_t)((1u << u->ncores) - 1) };
	return n;
}

/* The generations with the global layer: the E5-2600's requests (a
 * defect's, S-40), then the global layer's (V-07; SKX has no PMI core
 * select, so none, OQ-K4). */
unsigned snbep_take_global_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	unsigned n = snbep_take_pmi(m, now, out, max);

	return n + snbep_take_gpmi(m, out + n, max - n);
}

/* OQ-N4: a PMI goes to every thread of each selected core; OQ-S18: the
 * U-clock runs at the TSC's rate; no routing register, so no PMI storm
 * defect to end; the cores' C-states feed the PCU's occupancy (S-26); the
 * PCI boxes are pmu/emu/snbep/pci.c's (S-47..S-58). */
const struct emu_model snbep_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = snbep_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = snbep_take_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pci_model,
};
