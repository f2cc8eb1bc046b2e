/* Host unit tests of the access layer for the three register spaces
 * (pmu/backend/space.c): PCI configuration space and MMIO through the
 * emulated backend over the host platform's simulated machine
 * (host/platform_pci.c: QEMU q35's host bridge at 0000:00:00.0 and what a
 * test adds), their errors returned and never escaping, and their trace
 * lines (pmu/backend/trace.h). */
#include "host/host.h"
#include "pmu/backend/space.h"
#include "pmu/backend/trace.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define DEV ((struct pci_fn){ .bus = 0x01, .dev = 0x02, .fn = 3 })


static uint8_t cfg[4096];
static uint64_t window[4];

static int setup(void **state)
{
	struct emu_cfg c = { .gen = NULL, .uclk_khz = 2133000, .lower = &below_no_msr,
			     .core = &core_shape_v3 };

	(void)state;
	host_machine(2, 1);
	host_pci_reset();
	memset(cfg, 0, sizeof(cfg));
	cfg[0] = 0x86, cfg[1] = 0x80, cfg[2] = 0x34, cfg[3] = 0x12; /* 8086:1234 */
	assert_true(host_pci_add(DEV, cfg));
	memset(window, 0, sizeof(window));
	assert_true(host_mmio_map(0xFED00000, window, sizeof(window)));
	assert_int_equal(emu_setup(&c), 0);
	msr_backend_set(&msr_backend_emu);
	return 0;
}

/* A function that is there answers; QEMU's host bridge still does. */
static void pci_present_function_reads(void **state)
{
	uint32_t v;

	(void)state;
	assert_int_equal(pci_cfg_read((struct pci_fn){ 0 }, 0, 4, &v), 0);
	assert_int_equal(v, 0x29C08086);
	assert_int_equal(pci_cfg_read(DEV, 2, 2, &v), 0);
	assert_int_equal(v, 0x1234);
}

/* An absent function is a master abort: all-ones of the size, PLAT_EABORT,
 * and a write to it is not made. */
static void pci_absent_function_is_master_abort(void **state)
{
	struct pci_fn none = { .bus = 0x7f, .dev = 16 };
	uint32_t v = 0;
	uint64_t v64 = 0;

	(void)state;
	assert_int_equal(pci_cfg_read(none, 0xF4, 4, &v), PLAT_EABORT);
	assert_int_equal(v, 0xFFFFFFFFu);
	assert_int_equal(pci_cfg_read(none, 0xF5, 1, &v), PLAT_EABORT);
	assert_int_equal(v, 0xFF);
	assert_int_equal(pci_cfg_read(none, 0xF6, 2, &v), PLAT_EABORT);
	assert_int_equal(v, 0xFFFF);
	assert_int_equal(pci_cfg_read64(none, 0xA0, &v64), PLAT_EABORT);
	assert_int_equal(v64, ~0ull);
	assert_int_equal(pci_cfg_write(none, 0xF4, 4, 0x10100), PLAT_EABORT);
}

/* A register that reads all-ones in a function that is there is a value,
 * not an abort. */
static void pci_all_ones_register_is_a_value(void **state)
{
	uint32_t v;

	(void)state;
	assert_int_equal(pci_cfg_write(DEV, 0x40, 4, 0xFFFFFFFFu), 0);
	assert_int_equal(pci_cfg_read(DEV, 0x40, 4, &v), 0);
	assert_int_equal(v, 0xFFFFFFFFu);
}

/* Sizes 1, 2 and 4 at their alignment; a 64-bit register as two dwords,
 * low then high. */
static void pci_sizes_and_two_dword_registers(void **state)
{
	uint32_t v;
	uint64_t v64;

	(void)state;
	assert_int_equal(pci_cfg_write(DEV, 0x40, 4, 0x11223344), 0);
	assert_int_equal(pci_cfg_write(DEV, 0x41, 1, 0xAA), 0);
	assert_int_equal(pci_cfg_write(DEV, 0x42, 2, 0xBBCC), 0);
	assert_int_equal(pci_cfg_read(DEV, 0x40, 4, &v), 0);
	assert_int_equal(v, 0xBBCCAA44);
	assert_int_equal(pci_cfg_write64(DEV, 0xA0, 0x0000123456789ABCull), 0);
	assert_int_equal(pci_cfg_read(DEV, 0xA4, 4, &v), 0);
	assert_int_equal(v, 0x1234);
	assert_int_equal(pci_cfg_read64(DEV, 0xA0, &v64), 0);
	assert_int_equal(v64, 0x0000123456789ABCull);
}

/* What no access has is PLAT_EINVAL; a segment no mechanism reaches is
 * PLAT_EUNSUPPORTED; neither touches anything. */
static void pci_bad_access_is_returned(void **state)
{
	uint32_t v;

	(void)state;
	assert_int_equal(pci_cfg_read(DEV, 0x41, 4, &v), PLAT_EINVAL);
	assert_int_equal(pci_cfg_read(DEV, 0x40, 3, &v), PLAT_EINVAL);
	assert_int_equal(pci_cfg_read(DEV, 0x1000, 4, &v), PLAT_EINVAL);
	assert_int_equal(pci_cfg_read((struct pci_fn){ .dev = 32 }, 0, 4, &v), PLAT_EINVAL);
	assert_int_equal(pci_cfg_write(DEV, 0x42, 4, 1), PLAT_EINVAL);
	assert_int_equal(pci_cfg_read((struct pci_fn){ .seg = 1 }, 0, 4, &v), PLAT_EUNSUPPORTED);
	assert_string_equal(space_rc_text(PLAT_EABORT),
			    "master abort: no function there (reads all-ones)");
}

/* MMIO, 32 and 64 bits, inside a firmware-reported range only. */
static void mmio_inside_ranges_only(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(mmio_write(0xFED00008, 8, 0x1122334455667788ull), 0);
	assert_int_equal(mmio_read(0xFED00008, 4, &v), 0);
	assert_int_equal(v, 0x55667788);
	assert_int_equal(mmio_read(0xFED0000C, 4, &v), 0);
	assert_int_equal(v, 0x11223344);
	assert_int_equal(mmio_write(0xFED00000, 4, 0xCAFE), 0);
	assert_int_equal(mmio_read(0xFED00000, 8, &v), 0);
	assert_int_equal(v, 0xCAFE);
	assert_int_equal(mmio_read(0xFED00020, 4, &v), PLAT_ERANGE); /* just past it */
	assert_int_equal(mmio_read(0xFED0001C, 8, &v), PLAT_EINVAL); /* misaligned */
	assert_int_equal(mmio_write(0x1000, 8, 1), PLAT_ERANGE);
	assert_int_equal(mmio_read(0xFED00000, 2, &v), PLAT_EINVAL);
}

/* BAR k of DEV written as the firmware left it (the host platform keeps
 * what a test writes there). */
static void bar(unsigned k, uint32_t v)
{
	memcpy(cfg + 0x10 + 4 * k, &v, 4);
}

/* A memory BAR inside a firmware MMIO range gives its window, 32 or 64
 * bits; a BAR of 0, a 64-bit one whose upper half reads all-ones, one
 * outside every MMIO range, an I/O BAR and a 64-bit BAR in the last slot
 * each give their code and say why, and none is accessed: the trace holds
 * the configuration reads alone. */
static void bar_resolved_or_refused_never_accessed(void **state)
{
	const struct msr_trace *t;
	unsigned n, dropped, i;
	uint64_t phys;

	(void)state;
	bar(0, 0xFED00000);                     /* 32-bit memory, inside the window */
	bar(1, 0xFED00004), bar(2, 0);          /* 64-bit, upper half 0 */
	bar(3, 0);                              /* never assigned */
	bar(4, 0x00000004), bar(5, 0xFFFFFFFF); /* 64-bit, upper half unset */
	assert_int_equal(pci_bar_mmio(DEV, 0, 0x20, &phys), 0);
	assert_int_equal(phys, 0xFED00000);
	assert_int_equal(pci_bar_mmio(DEV, 1, 0x20, &phys), 0);
	assert_int_equal(phys, 0xFED00000);
	assert_int_equal(pci_bar_mmio(DEV, 0, 0x21, &phys), PLAT_ERANGE); /* past the window */
	host_cfg()->verbose = 3;
	pmu_trace_set_gen(NULL);
	pmu_trace_start(true);
	assert_int_equal(pci_bar_mmio(DEV, 3, 4, &phys), PLAT_ENOBAR);
	assert_int_equal(pci_bar_mmio(DEV, 4, 4, &phys), PLAT_ENOBAR);
	bar(3, 0xC0000000); /* memory the firmware reports as no MMIO range */
	assert_int_equal(pci_bar_mmio(DEV, 3, 4, &phys), PLAT_ERANGE);
	assert_int_equal(phys, 0xC0000000);
	bar(3, 0x0000C001); /* I/O */
	assert_int_equal(pci_bar_mmio(DEV, 3, 4, &phys), PLAT_EINVAL);
	bar(5, 0xFED00004); /* 64-bit with no upper half */
	assert_int_equal(pci_bar_mmio(DEV, 5, 4, &phys), PLAT_EINVAL);
	assert_int_equal(pci_bar_mmio(DEV, 6, 4, &phys), PLAT_EINVAL);
	assert_int_equal(pci_bar_mmio((struct pci_fn){ .bus = 0x7f, .dev = 16 }, 0, 4, &phys),
			 PLAT_EABORT);
	n = pmu_trace_get(&t, &dropped);
	pmu_trace_start(false);
	host_cfg()->verbose = 1;
	assert_int_equal(n, 7); /* 1 + 2 + 1 + 1 + 1 + 0 + 1 configuration reads */
	for (i = 0; i < n; i++)
		assert_int_equal(t[i].space, TRACE_PCI);
	assert_string_equal(space_rc_text(PLAT_ENOBAR),
			    "a BAR of 0 or unset: the firmware assigned the function no address");
}

/* One interface, whatever the space. */
static void reg_loc_reaches_every_space(void **state)
{
	struct reg_loc pci = { .space = SPACE_PCI, .bytes = 4, .fn = DEV, .off = 0x44 };
	struct reg_loc pci64 = { .space = SPACE_PCI, .bytes = 8, .fn = DEV, .off = 0xB0 };
	struct reg_loc mmio = { .space = SPACE_MMIO, .bytes = 8, .phys = 0xFED00010 };
	struct reg_loc msr = { .space = SPACE_MSR, .bytes = 8, .cpu = 1, .msr = 0xC1 };
	uint64_t v;

	(void)state;
	assert_int_equal(reg_loc_write(&pci, 0xABCD), 0);
	assert_int_equal(reg_loc_read(&pci, &v), 0);
	assert_int_equal(v, 0xABCD);
	assert_int_equal(reg_loc_write(&pci64, 0xFFFF00000001ull), 0);
	assert_int_equal(reg_loc_read(&pci64, &v), 0);
	assert_int_equal(v, 0xFFFF00000001ull);
	assert_int_equal(reg_loc_write(&mmio, 0x5555AAAA5555AAAAull), 0);
	assert_int_equal(reg_loc_read(&mmio, &v), 0);
	assert_int_equal(v, 0x5555AAAA5555AAAAull);
	assert_int_equal(reg_loc_write(&msr, 5), 0); /* IA32_PMC0 of CPU 1's core model */
	assert_int_equal(reg_loc_read(&msr, &v), 0);
	assert_int_equal(v, 5);
}

/* verbose=3: every access is a trace line, PCI and MMIO with their
 * addresses and sizes, a master abort with its value and PLAT_EABORT; a
 * streaming workload's declaration too. */
static void trace_lines_of_every_space(void **state)
{
	const struct msr_trace *t;
	unsigned n, dropped;
	uint32_t v;
	uint64_t v64;
	const char *out;

	(void)state;
	host_cfg()->verbose = 3;
	pmu_trace_set_gen(NULL);
	pmu_trace_start(true);
	assert_int_equal(pci_cfg_write(DEV, 0x40, 4, 0x1234), 0);
	assert_int_equal(pci_cfg_read((struct pci_fn){ .bus = 0x7f, .dev = 16 }, 0xF4, 4, &v),
			 PLAT_EABORT);
	assert_int_equal(mmio_read(0xFED00000, 8, &v64), 0);
	assert_int_equal(mmio_read(0x1000, 4, &v64), PLAT_ERANGE);
	pmu_traffic(0x200000, 4096, true);
	n = pmu_trace_get(&t, &dropped);
	pmu_trace_start(false);
	assert_int_equal(n, 5);
	assert_int_equal(dropped, 0);
	pmu_trace_print("t", t, n, dropped);
	host_cfg()->verbose = 1;
	out = host_output();
	assert_non_null(strstr(out, "trace t: wr cpu 0 pci 0000:01:02.3+0x40/4 ? 0x1234 tsc "));
	assert_non_null(strstr(out, "trace t: rd cpu 0 pci 0000:7f:10.0+0xf4/4 ? 0xffffffff "
				    "faulted (-7) tsc "));
	assert_non_null(strstr(out, "trace t: rd cpu 0 mmio 0xfed00000/8 ? 0x0 tsc "));
	assert_non_null(strstr(out, "trace t: rd cpu 0 mmio 0x1000/4 ? faulted (-8) tsc "));
	assert_non_null(strstr(out, "trace t: traffic cpu 0 wr 0x200000 4096 tsc "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(pci_present_function_reads, setup),
		cmocka_unit_test_setup(pci_absent_function_is_master_abort, setup),
		cmocka_unit_test_setup(pci_all_ones_register_is_a_value, setup),
		cmocka_unit_test_setup(pci_sizes_and_two_dword_registers, setup),
		cmocka_unit_test_setup(pci_bad_access_is_returned, setup),
		cmocka_unit_test_setup(mmio_inside_ranges_only, setup),
		cmocka_unit_test_setup(bar_resolved_or_refused_never_accessed, setup),
		cmocka_unit_test_setup(reg_loc_reaches_every_space, setup),
		cmocka_unit_test_setup(trace_lines_of_every_space, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
