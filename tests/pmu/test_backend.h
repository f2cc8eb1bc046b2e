/* What the host tests of the backends share (include after host.h and
 * <cmocka.h>): MSR and PCI configuration access through the current
 * backend, any error failing the test; the emulated backend's clock, set
 * by the test; the vectors each CPU took; and the machine below it. */
#ifndef TESTS_HOST_TEST_BACKEND_H
#define TESTS_HOST_TEST_BACKEND_H

#include "arch/msr.h"
#include "pmu/backend/backend.h"
#include "pmu/backend/space.h"
#include "pmu/emu/emu.h"

static inline uint64_t rd(unsigned cpu, uint32_t msr)
{
	uint64_t v = 0;

	assert_int_equal(msr_read(cpu, msr, &v), 0);
	return v;
}

static inline void wr(unsigned cpu, uint32_t msr, uint64_t v)
{
	assert_int_equal(msr_write(cpu, msr, v), 0);
}

/* A dword of function f's configuration space, the same way. */
static inline uint32_t rd32(struct pci_fn f, uint16_t off)
{
	uint32_t v = 0;

	assert_int_equal(pci_cfg_read(f, off, 4, &v), 0);
	return v;
}

static inline void wr32(struct pci_fn f, uint16_t off, uint32_t v)
{
	assert_int_equal(pci_cfg_write(f, off, 4, v), 0);
}

/* The emulated backend's clock (struct emu_cfg's): clock_now. */
static uint64_t clock_now __attribute__((unused));

static inline uint64_t manual_clock(void)
{
	return clock_now;
}

/* hits[cpu][vector]: interrupts taken, on_irq being their handler. */
static unsigned hits[PLAT_MAX_CPUS][256] __attribute__((unused));

static inline void on_irq(unsigned vector)
{
	hits[plat_this_cpu()][vector]++;
}

/* The machine below an emulated backend (struct emu_cfg.lower): no MSR
 * of its own (reads 0, writes dropped), the host platform's configuration
 * space and MMIO (as QEMU's under OVMF). */
static inline int no_msr_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)cpu, (void)msr;
	*val = 0;
	return 0;
}

static inline int no_msr_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)cpu, (void)msr, (void)val;
	return 0;
}

static const struct msr_backend below_no_msr __attribute__((unused)) = {
	.name = "hw", .read = no_msr_read, .write = no_msr_write,
	.pci_read = plat_pci_read, .pci_write = plat_pci_write,
	.mmio_read = plat_mmio_read, .mmio_write = plat_mmio_write,
};

/* The emulated backend of c over the host machine just shaped: its clock
 * at 1000, no vector taken yet, on_irq on vector vec and on the NMI's. */
static inline void emu_start(const struct emu_cfg *c, unsigned vec)
{
	clock_now = 1000;
	memset(hits, 0, sizeof(hits));
	assert_int_equal(emu_setup(c), 0);
	msr_backend_set(&msr_backend_emu);
	assert_int_equal(plat_irq_register(vec, on_irq), 0);
	assert_int_equal(plat_irq_register(2, on_irq), 0);
}

#endif
