/* The PCU's function 3 of the E5 v3, v4 and the Xeon Scalable: the one
 * PCI function software learns the package's die from, by a capability
 * register (HSX, BDX: CAPID4 at 0x94, its chop in bits 7:6, V-31, OQ-V14;
 * SKX: CAPID6 at 0x9C, a bit per CHA, K-14; ICX: CAPID6 and CAPID7 at 0x9C
 * and 0xA0, K-64). The generation gives its
 * device id and the register's offset (struct snbep_gen), the die its
 * value (snbep_init_gen). */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

#define PCU3_DEV 30       /* OQ-V14, K-14 §4 */
#define PCU3_FN 3
#define VENDOR_INTEL 0x8086u

/* The vendor and device id at 0, the capability register at its offset;
 * every other dword 0 (its other fields are no PMU's). */
static int pcu3_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		     uint64_t now, uint32_t *val)
{
	const struct snbep_uncore *u = m;
	uint32_t dw = 0;

	(void)now; /* nothing of it moves with time */
	if (dev != PCU3_DEV || fn != PCU3_FN)
		return -1;
	if ((off & ~3u) == 0)
		dw = (uint32_t)u->g->capid_did << 16 | VENDOR_INTEL;
	else if ((off & ~3u) == u->g->capid_off)
		dw = (uint32_t)u->capid;
	else if (u->g->capid_hi && (off & ~3u) == u->g->capid_off + 4u)
		dw = u->faults & EMU_FF(SNBEP, ICX_CAPID7_ZERO) ? 0 /* K-64 broken */
		     : (uint32_t)(u->capid >> 32); /* K-64: CAPID7 */
	dw >>= 8 * (off & 3);
	*val = bytes >= 4 ? dw : dw & ((1u << 8 * bytes) - 1);
	return 0;
}

/* The capability registers are read-only: writes are dropped. */
static int pcu3_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		      uint32_t val, uint64_t now)
{
	(void)m, (void)off, (void)bytes, (void)val, (void)now;
	return dev == PCU3_DEV && fn == PCU3_FN ? 0 : -1;
}

/* The package model's state is the function's (size 0): its init sets the
 * value the register reads. The bus is the E5 family's (OQ-S27, OQ-V14). */
const struct emu_pci_model snbep_pcu3_model = {
	.size = 0,
	.init = NULL,
	.bus = snbep_pci_bus,
	.read = pcu3_read,
	.write = pcu3_write,
	.mmio = NULL,
	.traffic = NULL,
};
