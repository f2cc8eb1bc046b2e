/* The self-test table: ids are stable, selection is by glob (tests=self.*). */
#include "self.h"

static const struct test self_tests[] = {
	{ "self.cpu.detect", "CPUID signature decodes consistently (and matches expect_cpu= if set)",
	  0, self_cpu_detect },
	{ "self.cpu.same-on-every-cpu", "every CPU reports the BSP's signature and its own APIC id",
	  0, self_cpu_same },
	{ "self.fault.bsp", "#GP (segment, rdmsr, wrmsr) and #UD caught on the BSP; good rdmsr intact",
	  0, self_fault_bsp },
	{ "self.fault.each-ap", "#GP (segment, rdmsr, wrmsr) and #UD caught on every AP", NEED_SMP2, self_fault_each_ap },
	{ "self.fault.unexpected", "an unexpected fault ends only the test that caused it",
	  0, self_fault_unexpected },
	{ "self.apic.each-cpu", "APIC mode, id and LVT performance-counter entry on every CPU",
	  0, self_apic_each_cpu },
	{ "self.ipi.self", "a self-IPI reaches the handler once", 0, self_ipi_self },
	{ "self.ipi.fixed-each-cpu", "a fixed IPI to each APIC id is handled there and nowhere else",
	  0, self_ipi_fixed },
	{ "self.ipi.nmi-each-cpu", "an NMI IPI to each APIC id is handled there and nowhere else",
	  0, self_ipi_nmi },
	{ "self.tsc.calibration", "TSC frequency from the firmware stall agrees with the 8254 PIT",
	  0, self_tsc_calibration },
};
const struct suite self_suite = SUITE("self", self_tests);
