/* Panther Lake (0xCC) as one emulated package: its legacy MSR units on the
 * layout-E model (L-141..L-146, pmu/emu/mtl/model.c) beside its discovery
 * table and the table's MMIO units (L-132..L-140, pmu/emu/disc/), two
 * defect families in one package: the MSR units' (MTL, the binding's) and
 * the table's (DISC, its PCI model's own); beside the package, the
 * platform's MCHBAR with the memory controllers' free-running counters
 * (L-138, pmu/emu/imc/, family IMC). Apart from both because only
 * here does one reach the other: the table's freeze-all, an MMIO write,
 * holds the MSR units too (L-145, OQ-L62). Portable. */
#include "pmu/emu/mtl/model.h"
#include "pmu/emu/disc/model.h"

#define GLOBAL_FRZ 1ull /* L-135, D-36 */

struct ptl_emu {
	struct mtl_uncore msr;
	struct disc_emu disc;
};

/* The MSR units hold while the table's freeze-all is set (L-145). */
static void follow(struct ptl_emu *p, uint64_t now)
{
	mtl_hold(&p->msr, (p->disc.global & GLOBAL_FRZ) != 0, now);
}

/* The MSR units; the table's part comes with the PCI model's init, next,
 * with its own family's defects. */
static void init(void *m, emu_faults_t f, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		 uint64_t now)
{
	ptl_msr_init(&((struct ptl_emu *)m)->msr, f, ncores, model, uclk_khz, now);
}

/* The MSR units first; what they do not hold (MSR 0x201E, L-132) is the
 * table's. */
static int rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	struct ptl_emu *p = m;
	int rc = mtl_rdmsr(&p->msr, core, msr, now, val);

	return rc == -1 ? disc_emu_rdmsr(&p->disc, msr, now, val) : rc;
}

static int wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	struct ptl_emu *p = m;
	int rc = mtl_wrmsr(&p->msr, core, msr, val, now);

	return rc == -1 ? disc_emu_wrmsr(&p->disc, msr, val, now) : rc;
}

static unsigned take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	return mtl_take_pmi(&((struct ptl_emu *)m)->msr, now, out, max);
}

/* L-132..L-137: the table of disc_part_ptl, f its family's (DISC) mask;
 * the freeze-all set at power-on holds the MSR units from the start. */
static void pci_init(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		     uint64_t now)
{
	struct ptl_emu *p = m;

	(void)uclk_khz;
	disc_emu_init(&p->disc, &disc_part_ptl, f, pkg, npkg, now);
	follow(p, now);
}

static int pci_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		    uint64_t now, uint32_t *val)
{
	return disc_emu_pci_read(&((struct ptl_emu *)m)->disc, dev, fn, off, bytes, now, val);
}

static int pci_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		     uint32_t val, uint64_t now)
{
	return disc_emu_pci_write(&((struct ptl_emu *)m)->disc, dev, fn, off, bytes, val, now);
}

/* An MMIO access may move the freeze-all: the MSR units follow it. */
static int mmio(void *m, uint64_t phys, unsigned bytes, bool write, uint64_t *val, uint64_t now)
{
	struct ptl_emu *p = m;
	int rc = disc_emu_mmio(&p->disc, phys, bytes, write, val, now);

	if (!rc && write)
		follow(p, now);
	return rc;
}

static const struct emu_pci_model ptl_pci_model = {
	.size = 0,
	.own_family = true,
	.defects = EMU_FAM_DISC,
	.init = pci_init,
	.bus = disc_emu_bus,
	.read = pci_read,
	.write = pci_write,
	.mmio = mmio,
	.traffic = NULL, /* a client's table counts no stream (D-70's events are not its) */
};

/* OQ-L53: no PMI but a defect's; no storm, no occupancy input; one clock
 * for the package, the TSC's (OQ-D9, L-140: the table's units; L-147: the
 * MSR units with them). */
const struct emu_model ptl_model = {
	.size = sizeof(struct ptl_emu),
	.one_thread = false,
	.uclk_is_tsc = true,
	.init = init,
	.rdmsr = rdmsr,
	.wrmsr = wrmsr,
	.take_pmi = take_pmi,
	.routed = NULL,
	.cstate = NULL,
	.pci = &ptl_pci_model,
	.mmio = &imc_fr_emu_model, /* L-138: MCHBAR's free-running counters alone (OQ-L63) */
};
