/* lib/platform.h's PCI configuration space and MMIO on Linux, for both host
 * platforms: a simulated machine. Its configuration space holds what the
 * tests put there (host_pci_add) and, from the start, QEMU q35's host
 * bridge at 0000:00:00.0 (vendor 8086, device 29C0), which the emulated
 * backend's functions must leave answering; every other function reads
 * all-ones, as a master abort does. Segment 0 is reached by "ECAM" over
 * all 4 KiB, any other segment by nothing (PLAT_EUNSUPPORTED). MMIO is
 * only inside the windows the tests map (host_mmio_map), as on target only
 * inside the firmware's MMIO ranges. */
#include "host/host.h"
#include <stdlib.h>

#define HOST_PCI_MAX 8
#define HOST_MMIO_MAX 4

static struct {
	struct pci_fn f;
	uint8_t *cfg;
} fns[HOST_PCI_MAX];
static unsigned nfns;
static uint8_t q35_host_bridge[4096] = { 0x86, 0x80, 0xC0, 0x29 };

static struct {
	uint64_t phys;
	uint8_t *mem;
	size_t len;
} windows[HOST_MMIO_MAX];
static unsigned nwindows;

void host_pci_reset(void)
{
	nfns = 1;
	fns[0].f = (struct pci_fn){ 0 };
	fns[0].cfg = q35_host_bridge;
	nwindows = 0;
}

bool host_pci_add(struct pci_fn f, uint8_t *cfg)
{
	if (!nfns)
		host_pci_reset();
	if (nfns == HOST_PCI_MAX)
		return false;
	fns[nfns].f = f;
	fns[nfns++].cfg = cfg;
	return true;
}

bool host_mmio_map(uint64_t phys, void *mem, size_t len)
{
	if (nwindows == HOST_MMIO_MAX)
		return false;
	windows[nwindows].phys = phys;
	windows[nwindows].mem = mem;
	windows[nwindows++].len = len;
	return true;
}

static uint8_t *cfg_of(struct pci_fn f)
{
	unsigned i;

	if (!nfns)
		host_pci_reset();
	for (i = 0; i < nfns; i++)
		if (fns[i].f.seg == f.seg && fns[i].f.bus == f.bus && fns[i].f.dev == f.dev &&
		    fns[i].f.fn == f.fn)
			return fns[i].cfg;
	return NULL;
}

static int pci_check(struct pci_fn f, uint16_t off, unsigned bytes)
{
	if ((bytes != 1 && bytes != 2 && bytes != 4) || (off & (bytes - 1)) || off >= 4096 ||
	    f.dev > 31 || f.fn > 7)
		return PLAT_EINVAL;
	return f.seg ? PLAT_EUNSUPPORTED : PLAT_OK;
}

int plat_pci_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val)
{
	uint8_t *c = cfg_of(f);
	int rc = pci_check(f, off, bytes);

	*val = bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1;
	if (!rc && c) {
		*val = 0;
		memcpy(val, c + off, bytes); /* little-endian, as the bus */
	}
	return rc;
}

int plat_pci_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val)
{
	uint8_t *c = cfg_of(f);
	int rc = pci_check(f, off, bytes);

	if (!rc && c && off >= 4) /* the ids are read-only */
		memcpy(c + off, &val, bytes);
	return rc;
}

const char *plat_pci_mechanism(void)
{
	return "host: simulated segment 0 (QEMU q35's host bridge and what the tests add)";
}

static uint8_t *mmio_at(uint64_t phys, uint64_t bytes)
{
	unsigned i;

	for (i = 0; i < nwindows; i++)
		if (phys >= windows[i].phys && phys - windows[i].phys < windows[i].len &&
		    bytes <= windows[i].len - (phys - windows[i].phys))
			return windows[i].mem + (phys - windows[i].phys);
	return NULL;
}

int plat_mmio_range(uint64_t phys, uint64_t len)
{
	return mmio_at(phys, len) ? PLAT_OK : PLAT_ERANGE;
}

int plat_mmio_read(uint64_t phys, unsigned bytes, uint64_t *val)
{
	uint8_t *p;

	*val = 0;
	if ((bytes != 4 && bytes != 8) || (phys & (bytes - 1)))
		return PLAT_EINVAL;
	if (!(p = mmio_at(phys, bytes)))
		return PLAT_ERANGE;
	memcpy(val, p, bytes);
	return PLAT_OK;
}

int plat_mmio_write(uint64_t phys, unsigned bytes, uint64_t val)
{
	uint8_t *p;

	if ((bytes != 4 && bytes != 8) || (phys & (bytes - 1)))
		return PLAT_EINVAL;
	if (!(p = mmio_at(phys, bytes)))
		return PLAT_ERANGE;
	memcpy(p, &val, bytes);
	return PLAT_OK;
}
