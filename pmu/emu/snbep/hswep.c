/* The emulated Xeon E5 v3 (Haswell-EP) and E5 v4 / Xeon D (Broadwell-EP
 * and -DE) uncore: the E5-2600's model on their register descriptions with
 * the global layer, the C-box and SBOX status and the SBOXes (struct
 * snbep_gen snbep_gen_hswep, snbep_gen_bdx, snbep_gen_bdx_de,
 * pmu/emu/snbep/gens.c; spec xeon-e5-v2-v4-uncore.md), and the one PCI
 * function software learns the die from: the PCU's function 3 with CAPID4
 * (V-31, OQ-V14). Its PMON PCI boxes are not modelled yet (V-23): their
 * functions do not answer, as on a part without them. */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

#define PCU3_DEV 30       /* OQ-V14 */
#define PCU3_FN 3
#define CAPID4 0x94       /* V-31 */
#define CHOP_SHIFT 6      /* V-31: CAPID4 bits 7:6 */
#define INTEL 0x8086u

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

/* As IVB-EP's (pmu/emu/snbep/ivbep.c): the E5-2600's requests, then the
 * global layer's (V-07, OQ-V4). */
static unsigned hswep_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	unsigned n = snbep_take_pmi(m, now, out, max);

	return n + snbep_take_gpmi(m, out + n, max - n);
}

/* The PCU function 3 lives in the package model's state: CAPID4 follows
 * the die snbep_init_gen chose, so there is nothing to set up. */
static void pcu3_init(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		      uint64_t now)
{
	(void)m, (void)f, (void)pkg, (void)npkg, (void)uclk_khz, (void)now;
}

/* V-31: the vendor and device id at 0, CAPID4 at 0x94 with the die's chop;
 * every other dword of the function 0 (its other fields are no PMU's). */
static int pcu3_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		     uint64_t now, uint32_t *val)
{
	const struct snbep_uncore *u = m;
	uint32_t dw = 0;

	(void)now;
	if (dev != PCU3_DEV || fn != PCU3_FN)
		return -1;
	if ((off & ~3u) == 0)
		dw = (uint32_t)u->g->capid_did << 16 | INTEL;
	else if ((off & ~3u) == CAPID4)
		dw = u->chop << CHOP_SHIFT;
	*val = bytes >= 4 ? dw : (dw >> 8 * (off & 3)) & ((1u << 8 * bytes) - 1);
	return 0;
}

/* The capability registers are read-only: writes are dropped. */
static int pcu3_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		      uint32_t val, uint64_t now)
{
	(void)m, (void)off, (void)bytes, (void)val, (void)now;
	return dev == PCU3_DEV && fn == PCU3_FN ? 0 : -1;
}

static const struct emu_pci_model pcu3_model = {
	.size = 0,
	.init = pcu3_init,
	.bus = snbep_pci_bus, /* OQ-V14: the E5-2600's uncore buses */
	.read = pcu3_read,
	.write = pcu3_write,
	.mmio = NULL,
	.traffic = NULL,
};

/* As the E5-2600's (pmu/emu/snbep/ops.c): OQ-N4, OQ-S18, the C-states feed
 * the PCU; the PMIs go where pmi_core_sel says (V-07, OQ-V4). */
const struct emu_model hswep_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = hswep_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = hswep_take_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &pcu3_model,
};

const struct emu_model bdx_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = bdx_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = hswep_take_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &pcu3_model,
};
