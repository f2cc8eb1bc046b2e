/* The emulated Xeon E5 v3 (Haswell-EP) and E5 v4 / Xeon D (Broadwell-EP
 * and -DE) uncore: the E5-2600's model on their register descriptions with
 * the global layer, the C-box and SBOX status and the SBOXes (struct
 * snbep_gen snbep_gen_hswep, snbep_gen_bdx, snbep_gen_bdx_de,
 * pmu/emu/snbep/gens.c; spec xeon-e5-v2-v4-uncore.md), and the one PCI
 * function software learns the die from: the PCU's function 3 with CAPID4
 * (V-31, OQ-V14; pmu/emu/snbep/capid.c) beside its PCI boxes (V-33..V-40,
 * pmu/emu/snbep/pci_gens.c). */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

static void hswep_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		       uint32_t uclk_khz, uint64_t now)
{
	(void)model; /* V-01: one map for 0x3F */
	snbep_init_gen(m, &snbep_gen_hswep, faults, ncores, uclk_khz, now);
}

/* V-01, V-31: 0x56 (Broadwell-DE) has no SBOX on any die. */
static void bdx_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		     uint32_t uclk_khz, uint64_t now)
{
	snbep_init_gen(m, model == 0x56 ? &snbep_gen_bdx_de : &snbep_gen_bdx, faults, ncores,
		       uclk_khz, now);
}

/* As the E5-2600's (pmu/emu/snbep/ops.c): OQ-N4, OQ-S18, the C-states feed
 * the PCU; the PMIs go where pmi_core_sel says (V-07, OQ-V4). */
const struct emu_model hswep_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = hswep_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = snbep_take_global_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pci_v2_model,
};

const struct emu_model bdx_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = bdx_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = snbep_take_global_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pci_v2_model,
};
