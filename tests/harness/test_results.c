/* Result writers against a memory-backed rfile (test_results.h): the exact
 * TAP text, its banner and line structure, and write/flush failures. The
 * JSON writer: test_results_json.c. */
#include "tests/harness/test_results.h"
#include "host/host.h"

/* ---- TAP ---------------------------------------------------------------- */

/* The identity the TAP head shows (lib/identity.h): a clock 60 minutes
 * east of UTC, the microcode unread, SMBIOS 3.0 with every structure and
 * a serial not given (test_results_json.c takes no board and a microcode). */
static void tap_identity(void)
{
	struct plat_identity *id = host_identity();

	memset(id, 0, sizeof(*id));
	ident_date_utc(id, 2026, 11, 25, 4, 19, 47, 60);
	snprintf(id->microcode_why, sizeof(id->microcode_why), "#GP reading MSR 0x8b");
	strcpy(id->smbios.version, "3.0");
	id->smbios.firmware = (struct smbios_strs){ .present = true,
						    .s = { "Dell Inc.", "1.2.3", "05/06/2010" } };
	id->smbios.system = (struct smbios_strs){ .present = true,
						  .s = { "Dell Inc.", "PowerEdge R610", "ABC1234" } };
	id->smbios.board = (struct smbios_strs){ .present = true,
						 .s = { "Dell Inc.", "0K399H", "" } };
}

static const char tap_expected[] =
	"TAP version 13\n"
	"# uncore-harness v1.2-3-gabc\n"
	"# cpu: GenuineIntel signature 0x106a5 family 0x6 model 0x1a stepping 0x5\n"
	"# brand: Intel(R) Xeon(R) CPU X5550 @ 2.67GHz\n"
	"# hypervisor: bare metal\n"
	"# date_utc: 2026-11-25T03:19:47Z (firmware clock, UTC+60 min)\n"
	"# microcode: unavailable (#GP reading MSR 0x8b)\n"
	"# smbios: 3.0\n"
	"# firmware: Dell Inc., 1.2.3, 05/06/2010\n"
	"# system: Dell Inc., PowerEdge R610, serial ABC1234\n"
	"# board: Dell Inc., 0K399H, serial (not given)\n"
	"# cpus: 8, packages: 2\n"
	"# apic mode: xAPIC\n"
	"# backend: hw\n"
	"# uncore: nhm\n"
	"# core PMU: hardware: version 3, 4 general x 48 bits, 3 fixed x 48 bits, EBX 0x40 of 7 "
	"bits (a set bit: event NOT available), PERF_CAPABILITIES 0x1c3\n"
	"# tsc_hz: 2666000000\n"
	"# tag: lab1\n"
	"# config: tests=* repeat=1\n"
	"ok 1 - a.pass.plain\n"
	"ok 2 - a.pass.figs\n"
	"  ---\n"
	"  duration_ms: 1.234\n"
	"  iteration: 2\n"
	"  figures:\n"
	"    - name: \"latency_us\"\n"
	"      value: 42\n"
	"      unit: \"us\"\n"
	"    - name: \"latency_us_median\"\n"
	"      core: 0\n"
	"      value: 12\n"
	"      unit: \"us\"\n"
	"    - name: \"latency_us_median\"\n"
	"      core: 1\n"
	"      value: 15\n"
	"      unit: \"us\"\n"
	"    - name: \"delta_count\"\n"
	"      value: -7\n"
	"      unit: \"count\"\n"
	"    - name: \"pmis_count\"\n"
	"      box: \"C0\"\n"
	"      value: 3\n"
	"      unit: \"count\"\n"
	"    - name: \"uclk_hz\"\n"
	"      value: 133000000\n"
	"      unit: \"hz\"\n"
	"      expected: 133330000\n"
	"      tolerance: 2666600\n"
	"  ...\n"
	"not ok 3 - a.fail\n"
	"  ---\n"
	"  message: \"expected 1, got \\\"2\\\"\"\n"
	"  severity: fail\n"
	"  duration_ms: 0.050\n"
	"  ...\n"
	"ok 4 - a.skip # SKIP needs 2 packages\n"
	"not ok 5 - a.xfail # TODO known erratum\n"
	"not ok 6 - a.error\n"
	"  ---\n"
	"  message: \"timeout\"\n"
	"  severity: error\n"
	"  duration_ms: 5000.000\n"
	"  ...\n"
	"# ran 6, planned 6\n"
	"# passed 2, failed 1, skipped 1, xfail 1, error 1, not applicable 0\n"
	"1..6\n";

static void tap_sample_run_exact(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	sample_run(r, &t);
	tap_identity();
	tap_begin(&f, &info);
	assert_int_equal(m.flushes, 1);
	for (int i = 0; i < 6; i++) {
		tap_result(&f, &r[i]);
		assert_int_equal(m.flushes, i + 2);
		assert_int_equal(m.flushed_len, m.len);
	}
	tap_end(&f, &t);
	assert_false(f.failed);
	assert_int_equal(m.flushed_len, m.len);
	assert_int_equal(f.pos, m.len);
	assert_string_equal(m.p, tap_expected);
	mem_teardown(&m);
}

static void tap_banner_hypervisor_and_empty_tag(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct run_info ri = info;
	(void)state;

	snprintf(ri.hypervisor, sizeof(ri.hypervisor), "KVMKVMKVM");
	ri.tag = "";
	ri.config = NULL;
	tap_begin(&f, &ri);
	assert_non_null(strstr(m.p, "\n# hypervisor: KVMKVMKVM\n"));
	assert_non_null(strstr(m.p, "\n# tag: (none)\n"));
	assert_non_null(strstr(m.p, "\n# config: (none)\n"));
	mem_teardown(&m);
}

/* A reason with line breaks or non-ASCII must not break the TAP lines;
 * a directive without a reason gets no dangling space. */
static void tap_line_structure(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult skip = mk(4, V_SKIP, "two\nlines\t\x80", 0);
	struct tresult bad = mk(3, V_FAIL, "a\nb\\", 0);
	struct tresult xf = mk(5, V_XFAIL, "", 0);
	struct tresult na = mk(4, V_NA, "a test of the snbep uncore", 0);
	(void)state;

	tap_result(&f, &skip);
	tap_result(&f, &bad);
	tap_result(&f, &xf);
	tap_result(&f, &na);
	assert_string_equal(m.p,
		"ok 4 - a.skip # SKIP two lines ?\n"
		"not ok 3 - a.fail\n"
		"  ---\n"
		"  message: \"a\\u000ab\\\\\"\n"
		"  severity: fail\n"
		"  duration_ms: 0.000\n"
		"  ...\n"
		"not ok 5 - a.xfail # TODO\n"
		/* N/A: a SKIP every TAP consumer takes, its reason marked. */
		"ok 4 - a.skip # SKIP N/A: a test of the snbep uncore\n");
	mem_teardown(&m);
}

static void tap_write_failure_stops_output(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	char banner[1024];
	(void)state;

	m.fail_write = 3;
	sample_run(r, &t);
	tap_begin(&f, &info);
	tap_result(&f, &r[0]);
	snprintf(banner, sizeof(banner), "%s", m.p);
	tap_result(&f, &r[1]);
	assert_true(f.failed);
	for (int i = 2; i < 6; i++)
		tap_result(&f, &r[i]);
	tap_end(&f, &t);
	assert_int_equal(m.writes, 3);
	assert_int_equal(m.flushes, 2);
	assert_string_equal(m.p, banner);
	mem_teardown(&m);
}

static void flush_failure_stops_output(void **state)
{
	struct mem mt, mj;
	struct rfile ft = mem_file(&mt), fj = mem_file(&mj);
	struct tresult r = mk(1, V_PASS, "", 0);
	(void)state;

	mt.fail_flush = mj.fail_flush = true;
	tap_begin(&ft, &info);
	json_begin(&fj, &info);
	assert_true(ft.failed && fj.failed);
	tap_result(&ft, &r);
	json_result(&fj, &r);
	assert_int_equal(mt.writes, 1);
	assert_int_equal(mj.writes, 1);
	mem_teardown(&mt);
	mem_teardown(&mj);
}

/* Deferred flushing: results written between tests are not flushed one by
 * one; rfile_defer(false), before the next test body, flushes each written
 * file once and leaves the others alone; undeferred writes flush at once. */
static void deferred_results_flush_once_before_the_next_test(void **state)
{
	static struct mem mt, mj, ml;
	static struct rfile ft, fj, fl;
	struct tresult r1 = mk(1, V_SKIP, "not here", 0), r2 = mk(2, V_SKIP, "nor here", 0);
	(void)state;

	ft = mem_file(&mt), fj = mem_file(&mj), fl = mem_file(&ml);
	rfile_track(&ft);
	rfile_track(&fj);
	rfile_track(&fl);
	tap_begin(&ft, &info);
	json_begin(&fj, &info);
	assert_int_equal(mt.flushes, 1);
	rfile_defer(true);
	tap_result(&ft, &r1);
	json_result(&fj, &r1);
	tap_result(&ft, &r2);
	json_result(&fj, &r2);
	assert_int_equal(mt.flushes, 1);
	assert_true(mt.flushed_len < mt.len);
	rfile_defer(false);
	assert_int_equal(mt.flushes, 2);
	assert_int_equal(mt.flushed_len, mt.len);
	assert_int_equal(mj.flushed_len, mj.len);
	assert_int_equal(ml.flushes, 0); /* nothing written: not flushed */
	tap_result(&ft, &r1);
	assert_int_equal(mt.flushes, 3);
	mem_teardown(&mt);
	mem_teardown(&mj);
	mem_teardown(&ml);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(tap_sample_run_exact),
		cmocka_unit_test(tap_banner_hypervisor_and_empty_tag),
		cmocka_unit_test(tap_line_structure),
		cmocka_unit_test(tap_write_failure_stops_output),
		cmocka_unit_test(flush_failure_stops_output),
		cmocka_unit_test(deferred_results_flush_once_before_the_next_test),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
