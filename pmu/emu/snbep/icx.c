/* The emulated Xeon Scalable third generation (Ice Lake-SP and -D, models
 * 0x6A and 0x6C) uncore: the E5 family's model on the Ice Lake-SP
 * register description (struct snbep_gen snbep_gen_icx,
 * pmu/emu/snbep/gens.c; spec xeon-sp-uncore.md §8), and the PCU function
 * whose CAPID6 and CAPID7 count the package's CHAs (K-64,
 * pmu/emu/snbep/capid.c). One model for both models (K-60). Its IIO, IRP
 * and M2PCIe boxes are stream boxes beside the CHAs (K-66); of the
 * free-running counters the I/O clock alone is modelled (OQ-K33); the
 * memory controllers behind MMIO and the PCI boxes are not. */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

static void icx_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		     uint32_t uclk_khz, uint64_t now)
{
	(void)model; /* K-60: one map for 0x6A and 0x6C; OQ-K31: the same dies */
	snbep_init_gen(m, &snbep_gen_icx, faults, ncores, uclk_khz, now);
}

/* As the Xeon Scalable's (pmu/emu/snbep/skx.c); K-69, OQ-K4: GLOBAL_CTL
 * has no pmi_core_sel in ICX's table, so an overflow freezes and sets its
 * status bits but raises no PMI. */
const struct emu_model icx_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = icx_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = snbep_take_global_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pcu3_model,
};
