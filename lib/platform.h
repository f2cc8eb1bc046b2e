/* Platform services: everything pmu/ and tests/ may ask of the machine
 * besides MSRs. Declarations only, in lib/ so that every layer above may
 * include it (docs/design.md, Layers). Implemented for UEFI in
 * efi/platform/platform.c (and the other efi/ files), and on Linux twice:
 * single-threaded for the host unit tests (host/platform_host.c) and
 * with a thread per CPU for the host suite (host/platform_threads.c).
 * Never includes <efi.h>. */
#ifndef LIB_PLATFORM_H
#define LIB_PLATFORM_H

#include "lib/rt.h"
#include "lib/identity.h"

#define PLAT_MAX_CPUS 64

struct plat_cpu {
	uint32_t apic_id;
	uint32_t package, core, thread;
	bool bsp;
	bool enabled;
};

/* --- CPUs ------------------------------------------------------------ */
unsigned plat_cpu_count(void);
const struct plat_cpu *plat_cpu(unsigned idx);
unsigned plat_package_count(void);
/* Index of the calling CPU (from its APIC id); safe in interrupt handlers. */
unsigned plat_this_cpu(void);
/* CPU idx is lost: a job did not return from it in time (or it did not
 * come back at the end), so it is left out of the rest of the run
 * (plat_run_on and plat_run_all give PLAT_ETIMEDOUT at once) and nothing it
 * holds (its LVT entry, its thread-scoped MSRs) can be put back. */
bool plat_cpu_lost(unsigned idx);

/* Run fn(arg) on CPU idx (the BSP runs it inline) and wait at most
 * timeout_us. Returns 0, PLAT_ETIMEDOUT, PLAT_EFAULT (a CPU exception hit
 * fn; the vector is in *fault_vec if non-NULL) or PLAT_EINVAL. */
enum { PLAT_OK = 0, PLAT_EINVAL = -1, PLAT_ETIMEDOUT = -2, PLAT_EFAULT = -3,
       PLAT_EUNSUPPORTED = -4, PLAT_EBUSY = -5, PLAT_ENOMEM = -6,
       /* a PCI access to a function that is not there: a master abort,
	* which reads all-ones (pmu/backend/space.h) */
       PLAT_EABORT = -7,
       /* an MMIO address outside every range the firmware reports as
	* memory-mapped I/O: refused, never accessed */
       PLAT_ERANGE = -8,
       /* a PCI memory BAR the firmware left without an address: 0, or a
	* 64-bit one whose upper half reads unset (pmu/backend/space.h) */
       PLAT_ENOBAR = -9 };
int plat_run_on(unsigned idx, void (*fn)(void *), void *arg,
		uint64_t timeout_us, int *fault_vec);

/* Call fn(arg) on the calling CPU with unexpected CPU exceptions caught:
 * returns 0, or the vector of the exception that cut fn short, with a
 * one-line description in why. */
int plat_guarded(void (*fn)(void *), void *arg, char *why, size_t len);

/* Fork-join over every CPU: ap_fn(arg) starts on all enabled APs at once,
 * then bsp_fn(arg) runs on the BSP; returns when all APs have returned (or
 * timeout_us passed: PLAT_ETIMEDOUT). ap_fn runs with IF=0 and must not
 * print. */
int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us);

/* --- interrupts ------------------------------------------------------- */
/* handler(vector) runs on whichever CPU takes the interrupt. For an external
 * vector (>= 0x20) the platform writes EOI after the handler returns; NMI
 * (vector 2) gets none. */
typedef void (*plat_irq_fn)(unsigned vector);
int plat_irq_register(unsigned vector, plat_irq_fn fn);
void plat_irq_unregister(unsigned vector);

/* --- local APIC (current CPU, current mode) ---------------------------- */
enum plat_apic_mode { APIC_DISABLED, APIC_XAPIC, APIC_X2APIC };
enum plat_apic_mode plat_apic_mode(void);
uint32_t plat_apic_id(void);
uint32_t plat_apic_read_lvtpc(void);
void plat_apic_write_lvtpc(uint32_t v);
/* Fixed IPI (vector >= 0x20) or, with nmi, an NMI IPI to an APIC id. */
int plat_apic_send_ipi(uint32_t apic_id, unsigned vector, bool nmi);
void plat_apic_self_ipi(unsigned vector);

/* --- locking ---------------------------------------------------------- */
/* A spinlock across CPUs that also disables interrupts on the holder, so an
 * event callback on the same CPU cannot deadlock against it. Returns the
 * interrupt state to give back to plat_unlock. Hold it briefly; never send
 * an IPI or wait for another CPU while holding it. */
uint64_t plat_lock(volatile int *lock);
void plat_unlock(volatile int *lock, uint64_t flags);

/* --- time ------------------------------------------------------------- */
uint64_t plat_tsc(void);
uint64_t plat_tsc_hz(void);
/* False when the TSC could not be calibrated from undisturbed windows: every
 * time of the run is suspect, so a FAIL is then the harness's ERROR. */
bool plat_tsc_trusted(void);
void plat_stall_us(uint64_t us);
/* Interrupts on/off on the calling CPU (APs start with IF=0). */
void plat_irq_enable(void);
void plat_irq_disable(void);
/* Interrupts off; returns the state plat_irq_restore gives back. */
uint64_t plat_irq_save(void);
void plat_irq_restore(uint64_t flags);

/* --- memory ----------------------------------------------------------- */
/* n bytes, uninitialised, or NULL. For state as large as a per-CPU model,
 * which static storage would put in the .efi file (gnu-efi's linker script
 * stores .bss there). Nothing is ever freed: what is allocated lives as
 * long as the run (UEFI: boot-services pool, gone with the boot). */
void *plat_alloc(size_t n);

/* --- PCI configuration space and MMIO ---------------------------------- */
/* A PCI function: segment, bus, device (0-31), function (0-7). */
struct pci_fn {
	uint16_t seg;
	uint8_t bus, dev, fn;
};

/* One configuration access of 1, 2 or 4 bytes at offset off (aligned to
 * its size, below 0x1000): PLAT_OK (an absent function reads all-ones, as
 * a master abort does; pmu/ tells it apart), PLAT_EINVAL (bad size,
 * alignment or device), PLAT_EUNSUPPORTED (no mechanism reaches that
 * segment or offset: no ECAM for it, and the legacy 0xCF8/0xCFC ports
 * reach segment 0 below 0x100 only). */
int plat_pci_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val);
int plat_pci_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val);
/* How configuration space is reached, one line for the banner ("ECAM from
 * ACPI MCFG: segment 0 buses 0x00-0xff at 0xb0000000", or why only the
 * legacy mechanism is there). */
const char *plat_pci_mechanism(void);
/* One uncached load or store of 4 or 8 bytes (aligned) at physical address
 * phys: PLAT_OK, PLAT_EINVAL (size, alignment), PLAT_ERANGE (not wholly
 * inside a range the firmware reports as memory-mapped I/O: refused). */
int plat_mmio_read(uint64_t phys, unsigned bytes, uint64_t *val);
int plat_mmio_write(uint64_t phys, unsigned bytes, uint64_t val);
/* Whether [phys, phys + len) lies wholly inside one range the firmware
 * reports as memory-mapped I/O: PLAT_OK or PLAT_ERANGE; nothing accessed. */
int plat_mmio_range(uint64_t phys, uint64_t len);

/* --- output ------------------------------------------------------------- */
/* One line of text, without the newline, to the console and the serial
 * writers. Verdict lines come from the test runner only. */
void plat_puts(const char *line);
void plat_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int plat_verbosity(void);

/* The effective configuration (file, then load options): struct cfg is
 * harness/config.h's, which a caller that reads it includes (the test
 * layer's, above this one). */
struct cfg;
const struct cfg *plat_config(void);

/* --- identity ------------------------------------------------------------ */
/* The date, microcode revision and SMBIOS identity (lib/identity.h), read
 * once, on the BSP, at the first call; never NULL. */
const struct plat_identity *plat_identity(void);

#endif
