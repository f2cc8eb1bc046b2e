/* The emulated Xeon Scalable first and second generation (Skylake-SP and
 * Cascade Lake, model 0x55) uncore: the E5 family's model on the Skylake-SP
 * register description with the global layer at 0x700 (struct snbep_gen
 * snbep_gen_skx, pmu/emu/snbep/gens.c; spec xeon-sp-uncore.md), and the
 * PCU function whose CAPID6 names the package's CHAs (K-14,
 * pmu/emu/snbep/capid.c). One model
 * for both generations (K-01, OQ-K5). Its IIO and IRP boxes are stream
 * boxes beside the CHAs (snbep_gen_skx.more, K-16); of the free-running
 * counters the I/O clock alone is modelled (OQ-K10); its PCI boxes
 * (K-20..K-24) in the package model's state beside that PCU function, each
 * on its stack's bus, which MSR 0x300 reports (K-25, K-27;
 * pmu/emu/snbep/pci_gens.c). */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"
#include "arch/fault.h"

#define SKX_MSR_CPU_BUS_NUMBER 0x300 /* K-25 */

static void skx_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		     uint32_t uclk_khz, uint64_t now)
{
	(void)model; /* K-01, OQ-K5: one map for every stepping of 0x55 */
	snbep_init_gen(m, &snbep_gen_skx, faults, ncores, uclk_khz, now);
}

/* K-25: MSR 0x300 reports the package's stack buses, read-only (OQ-K13:
 * a write faults); every other MSR as the E5 family's. */
static int skx_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	struct snbep_uncore *u = m;

	if (msr != SKX_MSR_CPU_BUS_NUMBER)
		return snbep_rdmsr(m, core, msr, now, val);
	*val = snbep_pci_busno(&u->pci);
	return 0;
}

static int skx_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	return msr == SKX_MSR_CPU_BUS_NUMBER ? VEC_GP : snbep_wrmsr(m, core, msr, val, now);
}

/* As the E5 family's (pmu/emu/snbep/ops.c): OQ-N4, OQ-S18, the C-states
 * feed the PCU. */
const struct emu_model skx_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = skx_init,
	.rdmsr = skx_rdmsr,
	.wrmsr = skx_wrmsr,
	.take_pmi = snbep_take_global_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &snbep_pci_v2_model,
};
