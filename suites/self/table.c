/* The self-test table: ids are stable, selection is by glob (tests=self.*). */
#include "suites/self/self.h"

static const struct test self_tests[] = {
	{ .id = "self.cpu.detect", .desc = "CPUID signature decodes consistently (and matches "
	  "expect_cpu= if set)", .needs = 0, .run = self_cpu_detect },
	{ .id = "self.cpu.same-on-every-cpu", .desc = "every CPU reports the BSP's signature and "
	  "its own APIC id", .needs = 0, .run = self_cpu_same },
	{ .id = "self.fault.bsp", .desc = "#GP (segment, rdmsr, wrmsr) and #UD caught on the BSP; "
	  "good rdmsr intact", .needs = 0, .run = self_fault_bsp },
	{ .id = "self.fault.each-ap", .desc = "#GP (segment, rdmsr, wrmsr) and #UD caught on every "
	  "AP", .needs = NEED_SMP2, .run = self_fault_each_ap },
	{ .id = "self.fault.unexpected", .desc = "an unexpected fault ends only the test that "
	  "caused it", .needs = 0, .run = self_fault_unexpected },
	{ .id = "self.apic.each-cpu", .desc = "APIC mode, id and LVT performance-counter entry on "
	  "every CPU", .needs = 0, .run = self_apic_each_cpu },
	{ .id = "self.ipi.self", .desc = "a self-IPI reaches the handler once", .needs = 0,
	  .run = self_ipi_self },
	{ .id = "self.ipi.fixed-each-cpu", .desc = "a fixed IPI to each APIC id is handled there "
	  "and nowhere else", .needs = 0, .run = self_ipi_fixed },
	{ .id = "self.ipi.nmi-each-cpu", .desc = "an NMI IPI to each APIC id is handled there and "
	  "nowhere else", .needs = 0, .run = self_ipi_nmi },
	{ .id = "self.tsc.calibration", .desc = "TSC frequency from the firmware stall agrees with "
	  "the 8254 PIT", .needs = 0, .run = self_tsc_calibration },
	{ .id = "self.pci.config", .desc = "the host bridge's ids alike through the platform's "
	  "mechanism and 0xCF8/0xCFC; an absent function aborts", .needs = 0,
	  .run = self_pci_config },
	{ .id = "self.mmio.ranges", .desc = "MMIO refused outside the firmware's MMIO ranges; "
	  "the local APIC's ID register read inside them; bus 0's memory BARs resolved to "
	  "their windows untouched", .needs = 0, .run = self_mmio_ranges },
};
const struct suite self_suite = SUITE("self", self_tests);
