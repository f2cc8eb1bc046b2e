/* The emulated Xeon Scalable first and second generation (Skylake-SP and
 * Cascade Lake, model 0x55) uncore: the E5 family's model on the Skylake-SP
 * register description with the global layer at 0x700 (struct snbep_gen
 * snbep_gen_skx, pmu/emu/snbep/gens.c; spec xeon-sp-uncore.md), and the
 * PCU function whose CAPID6 names the package's CHAs (K-14). One model
 * for both generations (K-01, OQ-K5). Its IIO and IRP boxes are stream
 * boxes beside the CHAs (snbep_gen_skx.more, K-16); of the free-running
 * counters the I/O clock alone is modelled (OQ-K10); the PCI boxes are
 * not: their functions do not answer. */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

#define F(u, id) ((u)->faults & EMU_FF(SNBEP, id))

/* K-14, §4: the PCU function with CAPID6. */
#define PCU_DEV 30
#define PCU_FN 3
#define PCU_DID 0x2083u
#define VENDOR_INTEL 0x8086u
#define CAPID6 0x9C
#define CAPID6_CHAS 0x0FFFFFFFu /* bits 27:0, one per CHA */

static void skx_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model,
		     uint32_t uclk_khz, uint64_t now)
{
	(void)model; /* K-01, OQ-K5: one map for every stepping of 0x55 */
	snbep_init_gen(m, &snbep_gen_skx, faults, ncores, uclk_khz, now);
}

/* The package's CHAs, CHA 0 up (K-14: present ones are numbered from 0 in
 * MSR space). */
static uint32_t capid6(const struct snbep_uncore *u)
{
	if (F(u, SKX_CAPID6_ALL))
		return CAPID6_CHAS; /* K-14 broken */
	return (uint32_t)((1ull << u->ndie) - 1) & CAPID6_CHAS;
}

/* The PCU function's configuration space: its ids and CAPID6, 0
 * elsewhere; no other function answers. */
static int skx_pci_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
			uint64_t now, uint32_t *val)
{
	struct snbep_uncore *u = m;
	uint32_t d;

	(void)now; /* nothing of it moves with time */
	if (dev != PCU_DEV || fn != PCU_FN)
		return -1;
	d = (off & ~3u) == 0 ? PCU_DID << 16 | VENDOR_INTEL : (off & ~3u) == CAPID6 ? capid6(u) : 0;
	d >>= 8 * (off & 3);
	*val = bytes == 4 ? d : d & ((1u << (8 * bytes)) - 1);
	return 0;
}

/* CAPID6 and the ids are read-only: writes are dropped. */
static int skx_pci_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
			 uint32_t val, uint64_t now)
{
	(void)m, (void)off, (void)bytes, (void)val, (void)now;
	return dev == PCU_DEV && fn == PCU_FN ? 0 : -1;
}

/* The package model's state is the function's (size 0): its init sets the
 * CHA count CAPID6 reads. The bus is the E5 family's choice (OQ-S27). */
static const struct emu_pci_model skx_pci_model = {
	.size = 0,
	.init = NULL,
	.bus = snbep_pci_bus,
	.read = skx_pci_read,
	.write = skx_pci_write,
	.mmio = NULL,
	.traffic = NULL,
};

/* The E5 v2's requests: a defect's, then the global layer's, which has no
 * PMI core select here (OQ-K4), so none. */
static unsigned skx_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	unsigned n = snbep_take_pmi(m, now, out, max);

	return n + snbep_take_gpmi(m, out + n, max - n);
}

/* As the E5 family's (pmu/emu/snbep/ops.c): OQ-N4, OQ-S18, the C-states
 * feed the PCU. */
const struct emu_model skx_model = {
	.size = sizeof(struct snbep_uncore),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = skx_init,
	.rdmsr = snbep_rdmsr,
	.wrmsr = snbep_wrmsr,
	.take_pmi = skx_take_pmi,
	.routed = NULL,
	.cstate = snbep_core_state,
	.pci = &skx_pci_model,
};
