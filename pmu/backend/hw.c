/* Hardware backend: arch's fault-catching MSR accessors, on the target
 * CPU, the CPUID instruction, and the platform's PCI configuration and MMIO
 * accesses.
 * Target only (arch/fault.S); host tests use the emulated backend. */
#include "pmu/backend/backend.h"
#include "arch/apic.h"
#include "arch/cpuid.h"
#include "arch/fault.h"
#include "lib/platform.h"

struct msr_op {
	uint32_t msr;
	bool write;
	uint64_t val;
	int vec;
};

static void do_op(void *p)
{
	struct msr_op *op = p;

	op->vec = op->write ? wrmsr_safe(op->msr, op->val) : rdmsr_safe(op->msr, &op->val);
}

/* The bound (arch/cpuid.h) only turns a CPU that never answers into an
 * error instead of a hang. */
static int run_op(unsigned cpu, struct msr_op *op)
{
	int rc;

	if (cpu == plat_this_cpu()) {
		do_op(op);
		return op->vec;
	}
	rc = plat_run_on(cpu, do_op, op, cpu_answer_bound_us(), NULL);
	return rc ? rc : op->vec;
}

static int hw_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct msr_op op = { .msr = msr };
	int rc = run_op(cpu, &op);

	*val = rc ? 0 : op.val;
	return rc;
}

static int hw_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	struct msr_op op = { .msr = msr, .write = true, .val = val };

	return run_op(cpu, &op);
}

static uint32_t hw_lvtpc_read(void)
{
	return apic_read(APIC_LVTPC);
}

static void hw_lvtpc_write(uint32_t v)
{
	apic_write(APIC_LVTPC, v);
}

/* No manual gives the uncore's overflow-to-PMI latency; it is a message
 * inside the package, microseconds at most. 1 ms is a bound with a margin
 * of hundreds, and nhm.route.* prints the latency it measures, so a part
 * slower than this shows up there. */
static uint32_t hw_pmi_bound_us(void)
{
	return 1000;
}

static void hw_pmi_flush(void)
{
	plat_stall_us(hw_pmi_bound_us());
}

static void hw_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	struct cpuid_regs c = cpuid(leaf, subleaf);

	r[0] = c.a, r[1] = c.b, r[2] = c.c, r[3] = c.d;
}

static bool hw_core_emulated(void)
{
	return false;
}

static void hw_cstate(enum pmu_cstate s)
{
	(void)s;
}

static void hw_traffic(uint64_t phys, uint64_t bytes, bool write)
{
	(void)phys, (void)bytes, (void)write;
}

/* Configuration space and MMIO are the platform's (lib/platform.h: ECAM
 * from the firmware's MCFG, the legacy ports below 0x100; MMIO inside the
 * firmware's MMIO ranges only, each access fault-catching). */
const struct msr_backend msr_backend_hw = {
	.name = "hw",
	.read = hw_read,
	.write = hw_write,
	.lvtpc_read = hw_lvtpc_read,
	.lvtpc_write = hw_lvtpc_write,
	.pmi_bound_us = hw_pmi_bound_us,
	.pmi_flush = hw_pmi_flush,
	.cpuid = hw_cpuid,
	.core_emulated = hw_core_emulated,
	.cstate = hw_cstate,
	.pci_read = plat_pci_read,
	.pci_write = plat_pci_write,
	.mmio_read = plat_mmio_read,
	.mmio_write = plat_mmio_write,
	.traffic = hw_traffic,
};
