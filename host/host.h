/* Host (Linux) implementation of lib/platform.h for unit tests: a simulated
 * machine of N CPUs whose "APIC" delivers IPIs synchronously to registered
 * handlers, with every printed line captured for the tests to inspect. */
#ifndef TESTS_HOST_HOST_H
#define TESTS_HOST_HOST_H

#include "lib/platform.h"
#include "harness/config.h"

/* Shape of the simulated machine: ncpus CPUs spread evenly over npackages,
 * APIC id = index. Resets the LVTs, handlers and the captured output. */
void host_machine(unsigned ncpus, unsigned npackages);
/* The same with `threads` logical CPUs per core (Hyper-Threading siblings
 * share a core id, N-33). */
void host_machine_smt(unsigned ncpus, unsigned npackages, unsigned threads);
/* Everything plat_puts printed since host_machine(), lines joined by '\n'. */
const char *host_output(void);
/* The configuration plat_config() returns. */
struct cfg *host_cfg(void);
/* What plat_identity returns (the host's date, no microcode, no SMBIOS),
 * for a test to fill. */
struct plat_identity *host_identity(void);
/* AP idx is lost from now on (plat_cpu_lost): platform_host.c's
 * plat_run_on gives PLAT_ETIMEDOUT for it without running anything, as
 * efi/platform/mp.c does for an AP that never returned. Until host_machine. */
void host_lose_cpu(unsigned idx);
/* The simulated PCI configuration space and MMIO (host/platform_pci.c):
 * back to QEMU q35's host bridge alone and no MMIO window; a function whose
 * 4 KiB configuration space is cfg (its first bytes the vendor and device
 * ids, read-only); an MMIO window of len bytes at phys backed by mem. */
void host_pci_reset(void);
bool host_pci_add(struct pci_fn f, uint8_t *cfg);
bool host_mmio_map(uint64_t phys, void *mem, size_t len);
/* What plat_tsc_trusted() answers negated: set to play a run whose TSC
 * could not be calibrated. */
extern bool host_tsc_untrusted;

#endif
