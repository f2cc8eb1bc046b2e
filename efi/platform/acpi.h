/* The ACPI MCFG table (PCI Firmware 3.0 4.1.2) as the UEFI platform reads
 * it for ECAM (efi/platform/pci.c): from the RSDP, through the XSDT (the
 * RSDT where there is none), its configuration-space ranges, and the ECAM
 * address of a function's register (PCI Express Base 3.0 7.2.2).
 * Portable (efi/platform/acpi.c), so the host tests hand in bytes; the
 * tables' 64-bit physical addresses are pointers (boot services map 1:1). */
#ifndef EFI_ACPI_H
#define EFI_ACPI_H

#include "lib/platform.h"

struct ecam_range {
	uint64_t base;
	uint16_t seg;
	uint8_t start, end; /* buses */
};

/* The MCFG's ranges, at most max, into out: how many (0: an MCFG with
 * none), or -1 (rsdp is not an RSDP: its signature) or -2 (no MCFG). */
int acpi_mcfg(const void *rsdp, struct ecam_range *out, unsigned max);
/* The ECAM address of (f, off) in the first of n ranges that covers f, or
 * 0 if none does. */
uint64_t ecam_address(const struct ecam_range *r, unsigned n, struct pci_fn f, uint16_t off);

#endif
