/* One access layer for the three register spaces an uncore lives in: MSRs
 * (pmu/backend/backend.h, msr_read/msr_write), PCI configuration space
 * (segment, bus, device, function, offset) and MMIO (physical address, 32
 * or 64 bits). Every access goes through the current backend and the
 * register trace (pmu/backend/trace.h), and returns what went wrong rather
 * than hang or fault the caller:
 *   0                     done;
 *   PLAT_EABORT           PCI: the function is not there (its vendor id
 *                         reads 0xFFFF, a master abort): a read gives
 *                         all-ones, a write is not made;
 *   PLAT_EUNSUPPORTED     PCI: no mechanism reaches that segment/offset;
 *   PLAT_ERANGE           MMIO: outside every firmware-reported MMIO range,
 *                         never touched;
 *   PLAT_ENOBAR           PCI: a memory BAR with no address (pci_bar_mmio);
 *   PLAT_EINVAL           a size, alignment or device number no access has;
 *   a vector (> 0)        MMIO: the access raised that CPU exception. */
#ifndef PMU_BACKEND_SPACE_H
#define PMU_BACKEND_SPACE_H

#include "pmu/backend/backend.h"

enum reg_space { SPACE_MSR, SPACE_PCI, SPACE_MMIO };

/* A register by space and address. */
struct reg_loc {
	enum reg_space space;
	uint8_t bytes;     /* PCI: 1, 2 or 4; MMIO: 4 or 8; MSR: 8 */
	unsigned cpu;      /* MSR: the CPU whose MSR it is */
	uint32_t msr;      /* SPACE_MSR */
	struct pci_fn fn;  /* SPACE_PCI */
	uint16_t off;      /* SPACE_PCI: configuration offset */
	uint64_t phys;     /* SPACE_MMIO */
};

int pci_cfg_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val);
int pci_cfg_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val);
/* A 64-bit register read as two dwords, low then high (the PCI uncore's
 * counters: not atomic, spec S-47). */
int pci_cfg_read64(struct pci_fn f, uint16_t off, uint64_t *val);
int pci_cfg_write64(struct pci_fn f, uint16_t off, uint64_t val);
/* The MMIO window of len bytes that memory BAR `bar` (0-5, at 0x10 + 4 *
 * bar) of function f points to, decoded from the BAR (PCI Local Bus 3.0
 * 6.2.5.1: bit 0 memory or I/O, bits 2:1 the type, a 64-bit BAR's upper
 * half in the next one) and checked against the firmware's MMIO ranges
 * without any access to it: 0 and *phys; PLAT_ENOBAR (the BAR reads 0, or
 * a 64-bit one's upper half reads all-ones: never assigned); PLAT_ERANGE
 * (outside every firmware-reported MMIO range); PLAT_EINVAL (an I/O BAR,
 * a reserved type, a 64-bit BAR in the last slot); PLAT_EABORT and the
 * other errors of the configuration reads. */
int pci_bar_mmio(struct pci_fn f, unsigned bar, uint64_t len, uint64_t *phys);
int mmio_read(uint64_t phys, unsigned bytes, uint64_t *val);
int mmio_write(uint64_t phys, unsigned bytes, uint64_t val);
/* The same through a reg_loc, whatever its space. */
int reg_loc_read(const struct reg_loc *l, uint64_t *val);
int reg_loc_write(const struct reg_loc *l, uint64_t val);

/* "0000:7f:10.0" */
void pci_fn_text(struct pci_fn f, char *buf, size_t len);
/* A clear word for a return code above: "master abort (no function)"... */
const char *space_rc_text(int rc);

#endif
