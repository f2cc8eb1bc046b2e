/* The discovery parts' operations as the emulated backend calls them
 * (struct emu_model, struct emu_pci_model): one set for every part, the
 * part chosen by the CPU model (pmu/emu/disc/parts.c). */
#include "pmu/emu/disc/model.h"

static const struct disc_emu_part *part_for(uint32_t model)
{
	switch (model) {
	case 0x8F:
		return &disc_part_spr; /* D-40 */
	case 0xCF:
		return &disc_part_emr;
	case 0xAF:
		return &disc_part_srf; /* D-43 */
	case 0xDD:
		return &disc_part_cwf;
	case 0xAD:
	case 0xAE:
		return &disc_part_gnr;
	default:
		return &disc_part_new; /* D-60 */
	}
}

/* The package's place comes with the PCI model's init, next. */
static void init(void *m, emu_faults_t f, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		 uint64_t now)
{
	(void)ncores, (void)uclk_khz;
	disc_emu_init(m, part_for(model), f, 0, 1, now);
}

static int rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	(void)core;
	return disc_emu_rdmsr(m, msr, now, val);
}

static int wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	(void)core;
	return disc_emu_wrmsr(m, msr, val, now);
}

/* No unit of the generic contract raises a PMI (D-35 sets a status bit). */
static unsigned take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	(void)m, (void)now, (void)out, (void)max;
	return 0;
}

static void pci_init(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		     uint64_t now)
{
	(void)f, (void)uclk_khz, (void)now;
	disc_emu_place(m, pkg, npkg);
}

static int pci_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		    uint64_t now, uint32_t *val)
{
	return disc_emu_pci_read(m, dev, fn, off, bytes, now, val);
}

static int pci_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		     uint32_t val, uint64_t now)
{
	return disc_emu_pci_write(m, dev, fn, off, bytes, val, now);
}

static int mmio(void *m, uint64_t phys, unsigned bytes, bool write, uint64_t *val, uint64_t now)
{
	return disc_emu_mmio(m, phys, bytes, write, val, now);
}

static void traffic(void *m, uint32_t apic_id, uint64_t phys, uint64_t lines, bool write,
		    uint64_t now)
{
	(void)phys;
	disc_emu_traffic(m, apic_id, lines, write, now);
}

/* Size 0: the PCI functions and the MMIO window are the package model's
 * own (one state: the freeze-all holds them all, D-36). */
static const struct emu_pci_model disc_pci_model = {
	.size = 0,
	.init = pci_init,
	.bus = disc_emu_bus,
	.read = pci_read,
	.write = pci_write,
	.mmio = mmio,
	.traffic = traffic,
};

/* OQ-D9: the units count at the TSC's rate. */
const struct emu_model disc_model = {
	.size = sizeof(struct disc_emu),
	.uclk_is_tsc = true,
	.init = init,
	.rdmsr = rdmsr,
	.wrmsr = wrmsr,
	.take_pmi = take_pmi,
	.pci = &disc_pci_model,
};
