/* Host unit tests for host/replay/parse.c: the lines of a verbose=3
 * register trace (pmu/backend/trace.h) as the serial console and log.txt carry
 * them, read back for make replay. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "host/replay/parse.h"

static struct rp_run run;
static struct rp_access a;
static char why[160];

static enum rp_kind parse(const char *line)
{
	memset(&a, 0, sizeof(a));
	return rp_parse_line(line, &run, &a, why, sizeof(why));
}

static int setup(void **state)
{
	(void)state;
	rp_run_init(&run);
	return 0;
}

/* The banner lines the replay needs, and the header's clock and CPUs. */
static void header_lines(void **state)
{
	(void)state;
	assert_int_equal(parse("cpu: GenuineIntel signature 0x000206f1 family 0x6 model 0x2f "
			       "stepping 0x1"), RP_HEADER);
	assert_int_equal(run.model, 0x2f);
	assert_int_equal(parse("uncore: nhmex (Xeon 7500 (Nehalem-EX) and Westmere-EX uncore: U, "
			       "C, B, S, M, R, W boxes)"), RP_HEADER);
	assert_string_equal(run.uncore, "nhmex");
	assert_int_equal(parse("core PMU: emulated, shape nhm: version 3, 4 general x 48 bits, 3 "
			       "fixed x 48 bits, EBX 0x4 of 7 bits (a set bit: event NOT "
			       "available), PERF_CAPABILITIES 0x2000"), RP_HEADER);
	assert_int_equal(run.version, 3);
	assert_int_equal(run.ngp, 4);
	assert_int_equal(run.fixed_width, 48);
	assert_int_equal(run.ebx, 4);
	assert_int_equal(run.ebx_len, 7);
	assert_true(run.pdcm);
	assert_int_equal(run.perf_caps, 0x2000);
	assert_int_equal(parse("config: tests=nhmex.* verbose=3 emu.fault=none emu.uclk_mhz=1600 "
			       "emu.core_ebx=auto"), RP_HEADER);
	assert_int_equal(run.uclk_mhz, 1600);
	assert_string_equal(rp_run_missing(&run), "no 'trace-clock: tsc_hz H at tsc T' line "
			    "(verbose=3 prints it before the first traced test)");
	assert_int_equal(parse("  trace-clock: tsc_hz 2097700500 at tsc 16481311297 emu core "
			       "clock 258724116"), RP_HEADER);
	assert_int_equal(run.tsc_hz, 2097700500ull);
	assert_int_equal(run.clock_tsc, 16481311297ull);
	assert_true(run.emu_clock);
	assert_int_equal(run.emu_core, 258724116ull);
	assert_int_equal(parse("  trace-cpu 1: apic 0x6 package 1 core 3 thread 1"), RP_HEADER);
	assert_int_equal(run.ncpus, 2);
	assert_int_equal(run.cpu[1].apic, 6);
	assert_int_equal(run.cpu[1].package, 1);
	assert_int_equal(run.cpu[1].core, 3);
	assert_int_equal(run.cpu[1].thread, 1);
	assert_non_null(rp_run_missing(&run)); /* trace-cpu 0 still missing */
	assert_int_equal(parse("  trace-cpu 0: apic 0x0 package 0 core 0 thread 0"), RP_HEADER);
	assert_null(rp_run_missing(&run));
}

/* Hardware: no emulated clock; a CPU without a core PMU; no uncore. */
static void header_hardware(void **state)
{
	(void)state;
	assert_int_equal(parse("  trace-clock: tsc_hz 2400000000 at tsc 99"), RP_HEADER);
	assert_false(run.emu_clock);
	assert_int_equal(parse("uncore: none: no supported uncore (GenuineIntel family 0x6 model "
			       "0x55); uncore tests will SKIP"), RP_HEADER);
	assert_string_equal(run.uncore, "");
	assert_int_equal(parse("core PMU: none: no architectural PMU (CPUID.0AH:EAX[7:0] = 0); "
			       "core tests are N/A"), RP_HEADER);
	assert_int_equal(run.version, 0);
	assert_int_equal(parse("core PMU: hardware: version 2, 2 general x 40 bits, 3 fixed x 40 "
			       "bits, EBX 0x0 of 7 bits (x), PERF_CAPABILITIES (none) 0x0"), RP_OTHER);
	assert_int_equal(run.version, 0); /* the first core PMU line of the run counts */
}

/* Reads, writes and faults, with the prefixes a serial log adds. */
static void accesses(void **state)
{
	(void)state;
	assert_int_equal(parse("  trace nhmex.ovf.chain: wr cpu 3 0xc00 U_MSR_PMON_GLOBAL_CTL "
			       "0x20000001 tsc 101088802227+16275\n"), RP_ACCESS);
	assert_string_equal(a.test, "nhmex.ovf.chain");
	assert_true(a.write);
	assert_false(a.cstate);
	assert_int_equal(a.cpu, 3);
	assert_int_equal(a.msr, 0xc00);
	assert_int_equal(a.val, 0x20000001);
	assert_int_equal(a.rc, 0);
	assert_int_equal(a.tsc, 101088802227ull);
	assert_int_equal(a.dur, 16275);
	/* CR LF, ANSI escapes and a terminal's timestamp before the text */
	assert_int_equal(parse("\x1b[0m[12:00:01.5]   trace nhm.regs.addr-match: rd cpu 0 0x396 "
			       "UNCORE_ADDR_OPCODE_MATCH 0x8000555555555550 tsc 5+7\r\n"), RP_ACCESS);
	assert_false(a.write);
	assert_int_equal(a.val, 0x8000555555555550ull);
	assert_int_equal(a.tsc, 5);
	assert_int_equal(a.dur, 7);
	/* a faulted write keeps its value; a faulted read has none */
	assert_int_equal(parse("  trace nhm.regs.addr-match: wr cpu 0 0x396 "
			       "UNCORE_ADDR_OPCODE_MATCH 0xffffffffffffffff faulted (13) tsc 9+1"),
			 RP_ACCESS);
	assert_int_equal(a.val, ~0ull);
	assert_int_equal(a.rc, 13);
	assert_int_equal(parse("  trace nhmex.regs.cboxes: rd cpu 0 0xf00 ? faulted (13) tsc 9+1"),
			 RP_ACCESS);
	assert_int_equal(a.rc, 13);
	assert_int_equal(a.msr, 0xf00);
	assert_int_equal(parse("  trace snbep.pcu.occupancy: cstate cpu 2 C6 tsc 40+2"), RP_ACCESS);
	assert_true(a.cstate);
	assert_int_equal(a.cpu, 2);
	assert_int_equal(a.val, 3);
	assert_string_equal(a.test, "snbep.pcu.occupancy");
	assert_int_equal(parse("  trace nhmex.ovf.chain: 16321 more accesses not kept"), RP_DROPPED);
	assert_int_equal(a.val, 16321);
}

/* PCI configuration and MMIO accesses: their space, address and size; a
 * master abort keeps its all-ones value. */
static void pci_and_mmio_accesses(void **state)
{
	(void)state;
	assert_int_equal(parse("  trace snbep.pci.box: wr cpu 1 pci 0000:7f:10.4+0xf4/4 "
			       "MC_CH_PCI_PMON_BOX_CTL[2] 0x10100 tsc 10+2"), RP_ACCESS);
	assert_int_equal(a.space, RP_PCI);
	assert_int_equal(a.cpu, 1);
	assert_int_equal(a.bytes, 4);
	assert_int_equal(a.addr, 0x7full << 20 | 16 << 15 | 4 << 12 | 0xf4);
	assert_int_equal(a.val, 0x10100);
	assert_true(a.write);
	assert_int_equal(parse("  trace snbep.pci.box: rd cpu 0 pci 0001:ff:13.6+0x0/2 ? 0xffff "
			       "faulted (-7) tsc 10+2"), RP_ACCESS);
	assert_int_equal(a.addr, 1ull << 32 | 0xffull << 20 | 19 << 15 | 6 << 12);
	assert_int_equal(a.bytes, 2);
	assert_int_equal(a.val, 0xffff);
	assert_int_equal(a.rc, -7);
	assert_int_equal(parse("  trace x.mmio: rd cpu 0 mmio 0xfed00000/8 ? 0x8086a701 tsc 3+1"),
			 RP_ACCESS);
	assert_int_equal(a.space, RP_MMIO);
	assert_int_equal(a.addr, 0xfed00000ull);
	assert_int_equal(a.bytes, 8);
	assert_int_equal(a.val, 0x8086a701);
	assert_int_equal(parse("  trace x.mmio: rd cpu 0 mmio 0x1000/4 ? faulted (-8) tsc 3+1"),
			 RP_ACCESS);
	assert_int_equal(a.rc, -8);
	assert_int_equal(parse("  trace snbep.pci.traffic: traffic cpu 2 wr 0x7f85a135e010 67108864 "
			       "tsc 46+4"), RP_ACCESS);
	assert_int_equal(a.space, RP_TRAFFIC);
	assert_int_equal(a.cpu, 2);
	assert_int_equal(a.bytes, 1);
	assert_int_equal(a.addr, 0x7f85a135e010ull);
	assert_int_equal(a.val, 67108864);
	assert_true(a.write);
	assert_int_equal(parse("  trace x: traffic cpu 2 up 0x0 64 tsc 46+4"), RP_BAD);
	assert_int_equal(parse("  trace x: rd cpu 0 pci 0000:7f:20.0+0x0/4 ? 0x0 tsc 3+1"), RP_BAD);
	assert_int_equal(parse("  trace x: rd cpu 0 pci 0000:7f:10.0+0x1000/4 ? 0x0 tsc 3+1"),
			 RP_BAD);
}

/* What is not a trace line, and trace lines that cannot be replayed. */
static void other_and_bad(void **state)
{
	(void)state;
	assert_int_equal(parse("[3/15] PASS nhmex.regs.width"), RP_OTHER);
	assert_int_equal(parse("  nhmex.count.gates: idle_counters = 0 "), RP_OTHER);
	assert_int_equal(parse("check that results.json must carry the register trace: ok"),
			 RP_OTHER);
	assert_int_equal(parse("cpus: 8 in 2 package(s); apic: xAPIC (x2APIC not available)"),
			 RP_OTHER);
	/* the format before the TSC time was added */
	assert_int_equal(parse("  trace nhm.fixed.gates: rd cpu 0 0x394 UNCORE_FixedCntr0 0x5"),
			 RP_BAD);
	assert_non_null(strstr(why, "no 'tsc T+D' time"));
	assert_int_equal(parse("  trace nhm.fixed.gates: rd cpu 0 0x394 UNCORE_FixedCntr0 zz tsc "
			       "1+1"), RP_BAD);
	assert_int_equal(parse("  trace nhm.fixed.gates: wr cpu 99 0x394 X 0x0 tsc 1+1"), RP_BAD);
	assert_int_equal(parse("  trace snbep.pcu.occupancy: cstate cpu 2 C2 tsc 40+2"), RP_BAD);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(header_lines, setup),
		cmocka_unit_test_setup(header_hardware, setup),
		cmocka_unit_test_setup(accesses, setup),
		cmocka_unit_test_setup(pci_and_mmio_accesses, setup),
		cmocka_unit_test_setup(other_and_bad, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
