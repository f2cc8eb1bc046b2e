/* The emulated Xeon E5 v2 (Ivy Bridge-EP) uncore: the E5-2600's model on
 * IVB-EP's register description with the global layer (struct snbep_gen
 * snbep_gen_ivbep, pmu/emu/snbep/gens.c; spec xeon-e5-v2-v4-uncore.md). */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

static void ivbep_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		       uint32_t uclk_khz, uint64_t now)
{
	(void)model; /* V-01: one map for 0x3E, EP and EX */
	snbep_init_gen(m, &snbep_gen_ivbep, faults, ncores, uclk_khz, now);
}

/* As the E5-2600's (pmu/emu/snbep/ops.c): OQ-N4, OQ-S18, the C-states feed
 * the PCU; the PMIs go where pmi_core_sel says (V-07); its PCI boxes
 * (V-33..V-40) in the package model's state (pmu/emu/snbep/pci_gens.c). */
const struct emu_model ivbep_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = ivbep_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = snbep_take_global_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pci_v2_model,
};
