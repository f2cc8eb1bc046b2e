/* Host unit tests for harness/config.c: load options (the UEFI shell's UCS-2
 * command line), the one-line description and its round trip, and the
 * emulation and expect_cpu keys. */
#include "tests/harness/test_config.h"

static void test_loadopts_basic(void **state)
{
	(void)state;
	assert_int_equal(loadopts("\\EFI\\BOOT\\BOOTX64.EFI repeat=3  list\t"
				  "verbose=0 "), 0);
	assert_int_equal(c.repeat, 3);
	assert_true(c.list);
	assert_int_equal(c.verbose, 0);
	assert_int_equal(cap.n, 0);
	/* argv[0] is skipped even if it looks like an option. */
	assert_int_equal(loadopts("repeat=7 repeat=8"), 0);
	assert_int_equal(c.repeat, 8);
	assert_int_equal(cap.n, 0);
	/* The command line overrides the file without a note. */
	assert_int_equal(cfg_parse_file(&c, NAME, "verbose=2\n", 10, cap_fn,
					NULL), 0);
	assert_int_equal(c.verbose, 2);
}

static void test_loadopts_bom_and_limits(void **state)
{
	uint16_t u[64];
	size_t n;

	(void)state;
	u[0] = 0xfeff;
	n = 1 + ucs2(u + 1, "app.efi repeat=34 verbose=3");
	cfg_defaults(&c);
	assert_int_equal(cfg_parse_loadopts(&c, u, n, cap_fn, NULL), 0);
	assert_int_equal(c.repeat, 34);
	assert_int_equal(c.verbose, 3);
	/* nchars ends the line mid-token: "repeat=3". */
	cfg_defaults(&c);
	assert_int_equal(cfg_parse_loadopts(&c, u, 1 + 16, cap_fn, NULL), 0);
	assert_int_equal(c.repeat, 3);
	assert_int_equal(c.verbose, 1);
	/* So does a NUL before nchars. */
	u[1 + 16] = 0;
	cfg_defaults(&c);
	assert_int_equal(cfg_parse_loadopts(&c, u, n, cap_fn, NULL), 0);
	assert_int_equal(c.repeat, 3);
	assert_int_equal(c.verbose, 1);
}

static void test_loadopts_empty(void **state)
{
	uint16_t u[4] = { 0xfeff, 0, 0, 0 };

	(void)state;
	cfg_defaults(&c);
	cfg_defaults(&def);
	assert_int_equal(cfg_parse_loadopts(&c, NULL, 0, cap_fn, NULL), 0);
	assert_int_equal(cfg_parse_loadopts(&c, NULL, 10, cap_fn, NULL), 0);
	assert_int_equal(cfg_parse_loadopts(&c, u, 0, cap_fn, NULL), 0);
	assert_int_equal(cfg_parse_loadopts(&c, u, 1, cap_fn, NULL), 0);
	assert_int_equal(cfg_parse_loadopts(&c, u, 4, cap_fn, NULL), 0);
	assert_int_equal(loadopts(""), 0);
	assert_int_equal(loadopts("   \t "), 0);
	assert_int_equal(loadopts("app.efi"), 0);
	assert_int_equal(loadopts("app.efi \"\"  "), 0);
	assert_int_equal(cap.n, 0);
	assert_cfg_equal(&c, &def);
}

static void test_loadopts_quotes(void **state)
{
	(void)state;
	assert_int_equal(loadopts("\"\\EFI\\my tools\\h.efi\" tag=\"nightly "
				  "run\" \"skip=a, b\" tests=pmu.*"), 0);
	assert_string_equal(c.tag, "nightly run");
	assert_string_equal(c.skip, "a,b");
	assert_string_equal(c.tests, "pmu.*");
	/* An unclosed quote runs to the end of the line. */
	assert_int_equal(loadopts("app tag=\"a b  c"), 0);
	assert_string_equal(c.tag, "a b  c");
}

static void test_loadopts_bad_tokens(void **state)
{
	static char big[CFG_LINE_MAX + 32];

	(void)state;
	assert_int_equal(loadopts("app repeat=x foo=1 list=2 bare verbose=2"),
			 4);
	assert_int_equal(c.verbose, 2);
	assert_string_equal(cap.msg[0], "UEFI shell command line token 1: repeat='x': "
			    "expected a number 1..1000; token ignored");
	msg_has(1, "UEFI shell command line token 2: unknown key 'foo'", NULL);
	assert_int_equal(c.ignored, 4);
	msg_has(2, "token 3: list='2'", NULL);
	msg_has(3, "token 4: 'bare': expected key=value", NULL);
	assert_int_equal(loadopts("app repeat=2 repeat=3"), 0);
	msg_has(0, "token 2: note: repeat='3' overrides repeat='2' from "
		"token 1", NULL);
	memcpy(big, "app tag=", 8);
	memset(big + 8, 'x', CFG_LINE_MAX);
	assert_int_equal(loadopts(big), 1);
	msg_has(0, "token 1: token of 1028 bytes is longer than 1024", NULL);
}

static void test_loadopts_non_ascii(void **state)
{
	uint16_t u[32];
	size_t n = ucs2(u, "app tag=caf_ tag=\x1b[1m repeat=5");

	(void)state;
	u[11] = 0x00e9;
	cfg_defaults(&c);
	memset(&cap, 0, sizeof(cap));
	assert_int_equal(cfg_parse_loadopts(&c, u, n, cap_fn, NULL), 2);
	assert_int_equal(c.repeat, 5);
	assert_string_equal(c.tag, "");
	msg_has(0, "token 1: tag='caf\\xc3\\xa9': expected", NULL);
	msg_has(1, "token 2: control byte \\x1b in 'tag=\\x1b[1m'", NULL);
	/* U+0120 must not pass for a blank (its low byte is 0x20). */
	n = ucs2(u, "app list=yes_no");
	u[12] = 0x0120;
	assert_int_equal(cfg_parse_loadopts(&c, u, n, cap_fn, NULL), 1);
	msg_has(2, "token 1: list='yes\\xc4\\xa0no'", NULL);
}

#define DEFAULTS "tests=* skip= list=0 verbose=1 end=auto repeat=1 tag= " \
		 "serial=off baud=115200 results.serial=auto apic=keep expect_cpu=any backend=auto uncore=auto emu.fault=none emu.fault.each=0 emu.uclk_mhz=2133 emu.core_ebx=auto emu.core_leaf23=full emu.throttle=0 inject=none " \
		 "watchdog=300 watchdog.resets=3 debug.hang=none debug.allow_hang=0"

static void test_describe(void **state)
{
	char buf[1024];
	size_t len = strlen(DEFAULTS);

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(cfg_describe(&c, buf, sizeof(buf)), len);
	assert_string_equal(buf, DEFAULTS);
	assert_int_equal(c.serial_port, 0);
	assert_string_equal(cfg_end_name(END_EXIT), "exit");
	assert_string_equal(cfg_end_name((enum cfg_end)99), "?");
	assert_string_equal(cfg_apic_name(CFG_APIC_X2APIC), "x2apic");
	assert_string_equal(cfg_apic_name((enum cfg_apic)-1), "?");
	/* Truncated output is a NUL-terminated prefix; the full length is
	 * returned as snprintf does. */
	assert_int_equal(cfg_describe(&c, NULL, 0), len);
	for (size_t size = 1; size <= len + 1; size++) {
		memset(buf, '#', sizeof(buf));
		assert_int_equal(cfg_describe(&c, buf, size), len);
		assert_int_equal(strlen(buf), size - 1);
		assert_memory_equal(buf, DEFAULTS, size - 1);
		assert_int_equal(buf[size], '#');
	}
	c.serial_port = 0x3f8;
	c.end = END_EXIT;
	cfg_describe(&c, buf, sizeof(buf));
	assert_non_null(strstr(buf, " end=exit "));
	assert_non_null(strstr(buf, " serial=io:0x3f8 "));
}

/* Describe c, turn it into a file (one key per line), parse that into a
 * fresh struct and compare. */
static void round_trip(const struct cfg *orig)
{
	char buf[2048];
	struct cfg back;

	cfg_describe(orig, buf, sizeof(buf));
	for (char *p = buf; *p; p++)
		if (*p == ' ')
			*p = '\n';
	cfg_defaults(&back);
	memset(&cap, 0, sizeof(cap));
	assert_int_equal(cfg_parse_file(&back, NAME, buf, strlen(buf), cap_fn,
					NULL), 0);
	assert_int_equal(cap.n, 0);
	assert_cfg_equal(&back, orig);
}

static void test_describe_round_trip(void **state)
{
	struct cfg x;
	char err[512];

	(void)state;
	cfg_defaults(&x);
	round_trip(&x);
	assert_int_equal(cfg_set(&x, "tests", "pmu.* , uncore.cbo?", err,
				 sizeof(err)), 0);
	cfg_set(&x, "skip", "*.slow", err, sizeof(err));
	cfg_set(&x, "list", "true", err, sizeof(err));
	cfg_set(&x, "verbose", "3", err, sizeof(err));
	cfg_set(&x, "end", "shutdown", err, sizeof(err));
	cfg_set(&x, "repeat", "1000", err, sizeof(err));
	cfg_set(&x, "tag", "nightly-42=ok", err, sizeof(err));
	cfg_set(&x, "serial", "io:0x2f8", err, sizeof(err));
	cfg_set(&x, "baud", "50", err, sizeof(err));
	cfg_set(&x, "apic", "xapic", err, sizeof(err));
	cfg_set(&x, "expect_cpu", "6:2e", err, sizeof(err));
	assert_int_equal(cfg_set(&x, "backend", "emu", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "uncore", "nhm", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "emu.fault", "no-count,pmi-never", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "emu.uclk_mhz", "2666", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "emu.fault.each", "1", err, sizeof(err)), 0);
	round_trip(&x);
}

/* backend=, uncore=, emu.fault=, emu.fault.each=, emu.uclk_mhz=,
 * emu.core_ebx= and emu.throttle= take only known values. */
static void test_emulation_keys(void **state)
{
	char err[512];
	struct cfg x;
	unsigned last;

	(void)state;
	cfg_defaults(&x);
	assert_int_equal(x.backend, PMU_BACKEND_AUTO);
	assert_string_equal(x.uncore, "auto");
	assert_int_equal(cfg_set(&x, "backend", "silicon", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected auto, hw or emu"));
	assert_int_equal(cfg_set(&x, "uncore", "skylake", err, sizeof(err)), -1);
	assert_string_equal(x.uncore, "auto");
	assert_int_equal(cfg_set(&x, "emu.fault", "no-count,bogus", err, sizeof(err)), -1);
	assert_true(emu_faults_empty(&x.emu_faults));
	assert_int_equal(cfg_set(&x, "emu.fault", "", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "emu.fault", "width-32", err, sizeof(err)), 0);
	assert_true(x.emu_faults.fam[EMU_FAM_UNCORE] == EMU_F(WIDTH_32));
	assert_true(emu_faults_has(&x.emu_faults, EMU_FAULT_BIT_WIDTH_32));
	assert_int_equal(cfg_set(&x, "emu.fault", "none", err, sizeof(err)), 0);
	assert_true(emu_faults_empty(&x.emu_faults));
	/* The last defect, of the last family, past global bit 128. */
	last = EMU_FAULT_COUNT - 1;
	assert_int_equal(cfg_set(&x, "emu.fault", emu_fault_name(last), err, sizeof(err)), 0);
	assert_true(emu_faults_has(&x.emu_faults, last));
	emu_faults_describe(&x.emu_faults, err, sizeof(err));
	assert_string_equal(err, emu_fault_name(last));
	assert_int_equal(cfg_set(&x, "emu.uclk_mhz", "999", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "emu.uclk_mhz", "4001", err, sizeof(err)), -1);
	assert_int_equal(x.emu_uclk_mhz, 2133);
	/* emu.core_ebx=: C-24 event bits 2-6, or auto (the shape's own). */
	assert_int_equal(x.emu_core_ebx, -1);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "0x80", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "0x01", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "ten", err, sizeof(err)), -1);
	assert_int_equal(x.emu_core_ebx, -1);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "0x44", err, sizeof(err)), 0);
	assert_int_equal(x.emu_core_ebx, 0x44);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "auto", err, sizeof(err)), 0);
	assert_int_equal(x.emu_core_ebx, -1);
	/* emu.fault.each=: a boolean; with it the emulated PMUs are set up
	 * without a defect (each pass sets its own, harness/session.c). */
	assert_int_equal(cfg_set(&x, "emu.fault", "width-32", err, sizeof(err)), 0);
	assert_true(cfg_pmu_opts(&x).faults == &x.emu_faults);
	assert_int_equal(cfg_set(&x, "emu.fault.each", "2", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected 0, 1, no, yes, false or true"));
	assert_false(x.emu_fault_each);
	assert_int_equal(cfg_set(&x, "emu.fault.each", "yes", err, sizeof(err)), 0);
	assert_true(x.emu_fault_each);
	assert_null(cfg_pmu_opts(&x).faults);
	assert_true(emu_faults_has(&x.emu_faults, EMU_FAULT_BIT_WIDTH_32));
	/* emu.throttle=: a boolean, off by default (X-47: a healthy part does
	 * not throttle), carried to pmu_setup's options. */
	assert_false(x.emu_throttle);
	assert_false(cfg_pmu_opts(&x).throttle);
	assert_int_equal(cfg_set(&x, "emu.throttle", "hot", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected 0, 1, no, yes, false or true"));
	assert_false(x.emu_throttle);
	assert_int_equal(cfg_set(&x, "emu.throttle", "1", err, sizeof(err)), 0);
	assert_true(x.emu_throttle);
	assert_true(cfg_pmu_opts(&x).throttle);
	assert_int_equal(cfg_set(&x, "emu.throttle", "no", err, sizeof(err)), 0);
	assert_false(x.emu_throttle);
}

/* inject=: one of the named faults or none; anything else changes nothing. */
static void test_inject_key(void **state)
{
	static const char *const names[] = { "none", "gp-in-test", "gp-outside-test", "ap-hang",
					      "preflight-fail" };
	char err[512];
	struct cfg x;

	(void)state;
	cfg_defaults(&x);
	assert_int_equal(x.inject, INJECT_NONE);
	for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
		assert_int_equal(cfg_set(&x, "inject", names[i], err, sizeof(err)), 0);
		assert_int_equal(x.inject, (enum cfg_inject)i);
		assert_string_equal(cfg_inject_name(x.inject), names[i]);
	}
	assert_int_equal(cfg_set(&x, "inject", "gp", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "inject", "", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "inject", "ap-hang,gp-in-test", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected none, gp-in-test, gp-outside-test, ap-hang or "
			       "preflight-fail"));
	assert_int_equal(x.inject, INJECT_PREFLIGHT_FAIL);
	round_trip(&x);
}

/* expect_cpu=FAMILY:MODEL in hex, as Intel writes 06_1AH: hex digits
 * without 0x, exactly one ':' or '_', FAMILY 1..10f, MODEL 0..ff. */
static void test_expect_cpu(void **state)
{
	static const char *const bad[] = {
		"", "6", "6:", ":1a", ":", "_", "6:1g", "6:100", "110:1a", "0:1a",
		"6:1a:0", "6:1a:3", "6_zz:1a", "6_1a:2", "6:1a_2", "6__1a", "6::1a",
		"0x6:1a", "6:0x1a", "0x6:0x1a", "06_1AH", "6 :1a", "6: 1a", "6:1a ",
		"any:1", "ANY", "6:-1", "+6:1a", "6:1a\x01", "fffffffff:1",
		"6:fffffffffffffffff1a" };
	static const struct {
		const char *v;
		uint32_t fam, mod;
	} good[] = {
		{ .v = "6:1a", .fam = 6, .mod = 0x1a },
		{ .v = "6:1A", .fam = 6, .mod = 0x1a },
		{ .v = "06_2D", .fam = 6, .mod = 0x2d },
		{ .v = "f:0", .fam = 0xf, .mod = 0 },
		{ .v = "10f:ff", .fam = 0x10f, .mod = 0xff },
		{ .v = "0006:001a", .fam = 6, .mod = 0x1a },
	};
	char err[512];
	struct cfg x;

	(void)state;
	cfg_defaults(&x);
	assert_int_equal(x.expect_family, 0);
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		assert_int_equal(cfg_set(&x, "expect_cpu", "any", err, sizeof(err)), 0);
		assert_int_equal(cfg_set(&x, "expect_cpu", good[i].v, err, sizeof(err)), 0);
		assert_int_equal(x.expect_family, good[i].fam);
		assert_int_equal(x.expect_model, good[i].mod);
	}
	assert_int_equal(cfg_set(&x, "expect_cpu", "06_2D", err, sizeof(err)), 0);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		if (cfg_set(&x, "expect_cpu", bad[i], err, sizeof(err)) != -1)
			fail_msg("expect_cpu='%s' accepted", bad[i]);
		/* Names the key and the accepted form. */
		assert_non_null(strstr(err, "expect_cpu='"));
		assert_non_null(strstr(err, "expected any or FAMILY:MODEL in hex digits "
				       "without 0x, FAMILY 1..10f, MODEL 0..ff"));
		/* A bad value changes nothing. */
		assert_int_equal(x.expect_family, 6);
		assert_int_equal(x.expect_model, 0x2d);
	}
	assert_int_equal(cfg_set(&x, "expect_cpu", "any", err, sizeof(err)), 0);
	assert_int_equal(x.expect_family, 0);
	assert_int_equal(x.expect_model, 0);
	/* And from a file: the whole message, the earlier value kept. */
	assert_int_equal(parse("expect_cpu=6:1A\nexpect_cpu=6_zz:1a\n"), 1);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.msg[0], "config " NAME " line 2: expect_cpu='6_zz:1a': "
			    "expected any or FAMILY:MODEL in hex digits without 0x, "
			    "FAMILY 1..10f, MODEL 0..ff, e.g. 6:1a (or 06_1A); line ignored");
	assert_int_equal(c.expect_family, 6);
	assert_int_equal(c.expect_model, 0x1a);
	assert_int_equal(parse("expect_cpu=0x6:0x1a\n"), 1);
	msg_has(0, "line 1:", "expect_cpu='0x6:0x1a'", "without 0x", NULL);
	assert_int_equal(c.expect_family, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loadopts_basic),
		cmocka_unit_test(test_loadopts_bom_and_limits),
		cmocka_unit_test(test_loadopts_empty),
		cmocka_unit_test(test_loadopts_quotes),
		cmocka_unit_test(test_loadopts_bad_tokens),
		cmocka_unit_test(test_loadopts_non_ascii),
		cmocka_unit_test(test_describe),
		cmocka_unit_test(test_describe_round_trip),
		cmocka_unit_test(test_expect_cpu),
		cmocka_unit_test(test_emulation_keys),
		cmocka_unit_test(test_inject_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
