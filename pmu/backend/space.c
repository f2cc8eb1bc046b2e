/* PCI configuration and MMIO through the current backend, traced
 * (pmu/backend/space.h). */
#include "pmu/backend/space.h"
#include "pmu/backend/trace.h"

static bool pci_args_ok(struct pci_fn f, uint16_t off, unsigned bytes)
{
	return (bytes == 1 || bytes == 2 || bytes == 4) && !(off & (bytes - 1)) && off < 0x1000 &&
	       f.dev < 32 && f.fn < 8;
}

static uint32_t ones(unsigned bytes)
{
	return bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1;
}

/* A function that is not there answers every read with all-ones (PCI
 * Local Bus 3.0 6.1: the host bridge ends a master abort so), its vendor
 * id 0xFFFF included, which no vendor has: only a value of all-ones costs
 * the second read that tells the two apart. */
static bool absent(struct pci_fn f)
{
	uint32_t vid = 0;

	return msr_backend()->pci_read(f, 0, 2, &vid) == 0 && vid == 0xFFFF;
}

int pci_cfg_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val)
{
	uint64_t t = pmu_trace_clock();
	int rc;

	*val = ones(bytes);
	rc = pci_args_ok(f, off, bytes) ? msr_backend()->pci_read(f, off, bytes, val) : PLAT_EINVAL;
	if (!rc && *val == ones(bytes) && absent(f))
		rc = PLAT_EABORT;
	if (rc)
		*val = ones(bytes);
	pmu_trace_add_pci(f, off, bytes, false, *val, rc, t);
	return rc;
}

int pci_cfg_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val)
{
	uint64_t t = pmu_trace_clock();
	int rc = PLAT_EINVAL;

	if (pci_args_ok(f, off, bytes))
		rc = absent(f) ? PLAT_EABORT : msr_backend()->pci_write(f, off, bytes, val);
	pmu_trace_add_pci(f, off, bytes, true, val, rc, t);
	return rc;
}

int pci_cfg_read64(struct pci_fn f, uint16_t off, uint64_t *val)
{
	uint32_t lo, hi = 0xFFFFFFFFu;
	int rc = pci_cfg_read(f, off, 4, &lo);

	if (!rc)
		rc = pci_cfg_read(f, (uint16_t)(off + 4), 4, &hi);
	*val = (uint64_t)hi << 32 | lo;
	return rc;
}

int pci_cfg_write64(struct pci_fn f, uint16_t off, uint64_t val)
{
	int rc = pci_cfg_write(f, off, 4, (uint32_t)val);

	return rc ? rc : pci_cfg_write(f, (uint16_t)(off + 4), 4, (uint32_t)(val >> 32));
}

#define BAR0       0x10
#define BAR_IO     0x1u
#define BAR_TYPE   0x6u /* bits 2:1: 0 32-bit, 2 64-bit, 1 and 3 reserved */
#define BAR_64     0x4u
#define BAR_ADDR   (~0xFull)

int pci_bar_mmio(struct pci_fn f, unsigned bar, uint64_t len, uint64_t *phys)
{
	uint32_t lo, hi = 0;
	int rc;

	*phys = 0;
	if (bar > 5)
		return PLAT_EINVAL;
	if ((rc = pci_cfg_read(f, (uint16_t)(BAR0 + 4 * bar), 4, &lo)))
		return rc;
	if ((lo & BAR_IO) || (lo & BAR_TYPE) == 2 || (lo & BAR_TYPE) == 6)
		return PLAT_EINVAL;
	if (lo & BAR_64) {
		if (bar == 5)
			return PLAT_EINVAL;
		if ((rc = pci_cfg_read(f, (uint16_t)(BAR0 + 4 * bar + 4), 4, &hi)))
			return rc;
		if (hi == 0xFFFFFFFFu)
			return PLAT_ENOBAR;
	}
	*phys = ((uint64_t)hi << 32 | lo) & BAR_ADDR;
	if (!*phys)
		return PLAT_ENOBAR;
	return plat_mmio_range(*phys, len);
}

static bool mmio_args_ok(uint64_t phys, unsigned bytes)
{
	return (bytes == 4 || bytes == 8) && !(phys & (bytes - 1));
}

int mmio_read(uint64_t phys, unsigned bytes, uint64_t *val)
{
	uint64_t t = pmu_trace_clock();
	int rc;

	*val = 0;
	rc = mmio_args_ok(phys, bytes) ? msr_backend()->mmio_read(phys, bytes, val) : PLAT_EINVAL;
	if (rc)
		*val = 0;
	pmu_trace_add_mmio(phys, bytes, false, *val, rc, t);
	return rc;
}

int mmio_write(uint64_t phys, unsigned bytes, uint64_t val)
{
	uint64_t t = pmu_trace_clock();
	int rc = mmio_args_ok(phys, bytes) ? msr_backend()->mmio_write(phys, bytes, val) : PLAT_EINVAL;

	pmu_trace_add_mmio(phys, bytes, true, val, rc, t);
	return rc;
}

int reg_loc_read(const struct reg_loc *l, uint64_t *val)
{
	uint32_t v = 0;
	int rc;

	switch (l->space) {
	case SPACE_MSR:
		return msr_read(l->cpu, l->msr, val);
	case SPACE_PCI:
		if (l->bytes == 8)
			return pci_cfg_read64(l->fn, l->off, val);
		rc = pci_cfg_read(l->fn, l->off, l->bytes, &v);
		*val = v;
		return rc;
	case SPACE_MMIO:
		return mmio_read(l->phys, l->bytes, val);
	}
	return PLAT_EINVAL;
}

int reg_loc_write(const struct reg_loc *l, uint64_t val)
{
	switch (l->space) {
	case SPACE_MSR:
		return msr_write(l->cpu, l->msr, val);
	case SPACE_PCI:
		if (l->bytes == 8)
			return pci_cfg_write64(l->fn, l->off, val);
		return pci_cfg_write(l->fn, l->off, l->bytes, (uint32_t)val);
	case SPACE_MMIO:
		return mmio_write(l->phys, l->bytes, val);
	}
	return PLAT_EINVAL;
}

void pci_fn_text(struct pci_fn f, char *buf, size_t len)
{
	snprintf(buf, len, "%04x:%02x:%02x.%u", f.seg, f.bus, f.dev, f.fn);
}

const char *space_rc_text(int rc)
{
	switch (rc) {
	case 0:
		return "done";
	case PLAT_EABORT:
		return "master abort: no function there (reads all-ones)";
	case PLAT_EUNSUPPORTED:
		return "no configuration mechanism reaches it";
	case PLAT_ERANGE:
		return "outside the firmware's MMIO ranges: not accessed";
	case PLAT_EINVAL:
		return "no access of that size, alignment or device";
	case PLAT_ENOBAR:
		return "a BAR of 0 or unset: the firmware assigned the function no address";
	case PLAT_EBUSY:
		return "the model was busy on this CPU";
	}
	return rc > 0 ? "CPU exception" : "backend error";
}
