/* Host unit tests for harness/config.c, the config file: it comes from the
 * user, so most cases here are malformed input. Load options, the
 * description and the emulation keys: test_config_opts.c. */
#include "tests/harness/test_config.h"

#define GOOD "# full example\ntests=pmu.*,uncore.?\nskip=pmu.slow\nlist\n" \
	     "verbose=3\nend=reboot\nrepeat=0x10\ntag=nightly run 7\n"     \
	     "serial=io:0x3f8\nbaud=9600\napic=x2apic\n"

static void check_good(void)
{
	char buf[512];

	assert_int_equal(cap.n, 0);
	cfg_describe(&c, buf, sizeof(buf));
	assert_string_equal(buf, "tests=pmu.*,uncore.? skip=pmu.slow list=1 "
			    "verbose=3 end=reboot repeat=16 tag=nightly run 7 "
			    "serial=io:0x3f8 baud=9600 results.serial=auto apic=x2apic expect_cpu=any backend=auto uncore=auto emu.fault=none emu.fault.each=0 emu.uclk_mhz=2133 emu.core_ebx=auto emu.core_leaf23=full emu.throttle=0 inject=none "
			    "watchdog=300 watchdog.resets=3 debug.hang=none debug.allow_hang=0");
}

static void test_good_lf(void **state)
{
	(void)state;
	assert_int_equal(parse(GOOD), 0);
	check_good();
}

static void test_good_crlf(void **state)
{
	char buf[1024], *d = buf;

	(void)state;
	for (const char *s = GOOD; *s; s++) {
		if (*s == '\n')
			*d++ = '\r';
		*d++ = *s;
	}
	assert_int_equal(parse_n(buf, (size_t)(d - buf)), 0);
	check_good();
	assert_int_equal(parse("\r\n\r\nrepeat=x\r\n"), 1);
	msg_has(0, "line 3:", "repeat='x'", NULL);
}

static void test_no_final_newline(void **state)
{
	(void)state;
	assert_int_equal(parse("verbose=2\nrepeat=5"), 0);
	assert_int_equal(c.repeat, 5);
	assert_int_equal(parse("repeat=6\r"), 0);
	assert_int_equal(c.repeat, 6);
	assert_int_equal(parse("repeat=7\n\n"), 0);
	assert_int_equal(c.repeat, 7);
}

static void test_empty_and_comments(void **state)
{
	(void)state;
	assert_int_equal(parse(""), 0);
	assert_int_equal(parse_n(NULL, 0), 0);
	assert_int_equal(parse("\n\n  \n\t\n# c\n   # indented\n#repeat=5\n"), 0);
	assert_int_equal(parse("# only a comment, no newline"), 0);
	assert_int_equal(cap.n, 0);
	assert_cfg_equal(&c, &def);
	/* '#' only starts a comment at the start of a line. */
	assert_int_equal(parse("tag=run #3\n"), 0);
	assert_string_equal(c.tag, "run #3");
}

static void test_utf8_bom(void **state)
{
	(void)state;
	assert_int_equal(parse("\xef\xbb\xbfrepeat=4\n"), 0);
	assert_int_equal(c.repeat, 4);
	/* Only at the very start: elsewhere it is part of a key. */
	assert_int_equal(parse("repeat=4\n\xef\xbb\xbfrepeat=5\n"), 1);
	msg_has(0, "line 2:", "unknown key '\\xef\\xbb\\xbfrepeat'", NULL);
	assert_int_equal(c.repeat, 4);
}

/* UTF-16LE file with BOM from ASCII text, '~' standing for U+00E9. */
static size_t utf16_file(unsigned char *dst, const char *s)
{
	size_t n = 0;

	dst[n++] = 0xff;
	dst[n++] = 0xfe;
	for (; *s; s++) {
		dst[n++] = *s == '~' ? 0xe9 : (unsigned char)*s;
		dst[n++] = 0;
	}
	return n;
}

static void test_utf16(void **state)
{
	unsigned char f[512];
	size_t n;

	(void)state;
	n = utf16_file(f, "repeat=6\r\ntag=x y\n# caf~ is fine here\r\n"
			  "tag=caf~\r\nverbose=2");
	assert_int_equal(parse_n(f, n), 1);
	assert_int_equal(c.repeat, 6);
	assert_string_equal(c.tag, "x y");
	assert_int_equal(c.verbose, 2);
	msg_has(0, "line 4:", "tag='caf\\xc3\\xa9'", NULL);
	/* A NUL code unit, and a dangling half unit at the end. */
	n = utf16_file(f, "repeat=3\nlist\n");
	f[n - 4] = 0; /* the 't' of list */
	f[n++] = 'x';
	assert_int_equal(parse_n(f, n), 2);
	assert_int_equal(c.repeat, 3);
	assert_false(c.list);
	msg_has(0, "line 2:", "control byte \\x00 in 'lis\\x00'", NULL);
	msg_has(1, "line 3:", "\\xef\\xbf\\xbd", NULL);
}

static void test_no_equals(void **state)
{
	(void)state;
	assert_int_equal(parse("garbage\nrepeat\nthis is junk\n"), 3);
	msg_has(0, NAME " line 1: 'garbage': expected key=value", "ignored",
		NULL);
	msg_has(1, "line 2: 'repeat': expected key=value", NULL);
	msg_has(2, "line 3: 'this is junk'", NULL);
	assert_cfg_equal(&c, &def);
}

static void test_bare_list(void **state)
{
	(void)state;
	assert_int_equal(parse("  list  \n"), 0);
	assert_true(c.list);
	assert_int_equal(cap.n, 0);
	assert_int_equal(parse("list\nlist=no\n"), 0);
	assert_false(c.list);
	msg_has(0, "line 2: note: list='0' overrides list='1' from line 1",
		NULL);
}

static void test_trimming(void **state)
{
	(void)state;
	assert_int_equal(parse("  repeat \t=\t 7  \n\ttag =  a b \t\n"), 0);
	assert_int_equal(c.repeat, 7);
	assert_string_equal(c.tag, "a b");
	assert_int_equal(parse("tag=a=b\n"), 0); /* split at the first '=' */
	assert_string_equal(c.tag, "a=b");
}

/* "repeat=9" padded with leading blanks to len bytes, then end. */
static size_t long_line(char *buf, size_t len, const char *end)
{
	memset(buf, ' ', len - 8);
	memcpy(buf + len - 8, "repeat=9", 8);
	strcpy(buf + len, end);
	return len + strlen(end);
}

static void test_line_max(void **state)
{
	static char buf[20000];
	size_t n;

	(void)state;
	n = long_line(buf, CFG_LINE_MAX - 1, "\n");
	assert_int_equal(parse_n(buf, n), 0);
	assert_int_equal(c.repeat, 9);
	n = long_line(buf, CFG_LINE_MAX, "\r\n");
	assert_int_equal(parse_n(buf, n), 0);
	assert_int_equal(c.repeat, 9);
	n = long_line(buf, CFG_LINE_MAX + 1, "\nverbose=0\n");
	assert_int_equal(parse_n(buf, n), 1);
	assert_int_equal(c.repeat, 1);
	assert_int_equal(c.verbose, 0);
	msg_has(0, "line 1: line of 1025 bytes is longer than 1024 ('    ",
		"...'); line ignored", NULL);
	memcpy(buf, "repeat=2\n", 9);
	n = long_line(buf + 9, 15000, "\nverbose=3") + 9;
	assert_int_equal(parse_n(buf, n), 1);
	assert_int_equal(c.repeat, 2);
	assert_int_equal(c.verbose, 3);
	msg_has(0, "line 2: line of 15000 bytes", NULL);
}

static void test_nul_byte(void **state)
{
	static const char f[] = "rep\0eat=3\nrepeat=4\ntag=a\0\n";

	(void)state;
	assert_int_equal(parse_n(f, sizeof(f) - 1), 2);
	assert_int_equal(c.repeat, 4);
	assert_string_equal(c.tag, "");
	msg_has(0, "line 1: control byte \\x00 in 'rep\\x00eat=3'", NULL);
	msg_has(1, "line 3: control byte \\x00 in 'tag=a\\x00'", NULL);
}

static void test_high_bytes(void **state)
{
	(void)state;
	assert_int_equal(parse("tag=a\xff" "b\nend=\xff\n# \xff in a comment\n"),
			 2);
	msg_has(0, "line 1: tag='a\\xffb': expected", NULL);
	msg_has(1, "line 2: end='\\xff': expected auto, shutdown", NULL);
	assert_cfg_equal(&c, &def);
}

static void test_escape_sequences(void **state)
{
	(void)state;
	/* ESC, CR, DEL, backspace: each would garble a console if echoed. */
	assert_int_equal(parse("tag=\x1b[2J\x1b[31mred\nrepeat=2\rrepeat=3\n"
			       "tag=x\x7f\ntag=\b\b\n"), 4);
	msg_has(0, "line 1: control byte \\x1b in 'tag=\\x1b[2J\\x1b[31mred'",
		NULL);
	msg_has(1, "line 2: control byte \\x0d", NULL);
	msg_has(2, "line 3: control byte \\x7f", NULL);
	msg_has(3, "line 4: control byte \\x08", NULL);
	assert_cfg_equal(&c, &def);
}

static void test_binary_garbage(void **state)
{
	static unsigned char f[8192];
	uint32_t x = 12345;
	int bad;

	(void)state;
	for (size_t i = 0; i < sizeof(f); i++) {
		x = x * 1103515245 + 12345;
		f[i] = (unsigned char)(x >> 16);
	}
	bad = parse_n(f, sizeof(f));
	assert_true(bad > 0);
	assert_int_equal(cap.n, bad); /* cap_fn checked each is printable */
}

static void test_duplicates(void **state)
{
	(void)state;
	assert_int_equal(parse("repeat=3\nverbose=2\nrepeat=5\n"), 0);
	assert_int_equal(c.repeat, 5);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.msg[0], "config " NAME " line 3: note: "
			    "repeat='5' overrides repeat='3' from line 1");
	/* Nothing was overridden when the earlier line was bad. */
	assert_int_equal(parse("repeat=x\nrepeat=5\n"), 1);
	assert_int_equal(cap.n, 1);
	assert_int_equal(c.repeat, 5);
}

static void test_unknown_key(void **state)
{
	(void)state;
	assert_int_equal(parse("foo=1\nrepeat=2\n=5\n"), 2);
	assert_int_equal(c.repeat, 2);
	msg_has(0, "line 1: unknown key 'foo' (known: tests skip list help verbose "
		"end repeat tag serial baud results.serial apic expect_cpu backend uncore emu.fault emu.fault.each emu.uclk_mhz emu.core_ebx emu.core_leaf23 emu.throttle inject watchdog watchdog.resets debug.hang "
		"debug.allow_hang strict); line ignored", NULL);
	msg_has(1, "line 3: unknown key ''", NULL);
	assert_int_equal(c.ignored, 2);
	assert_string_equal(c.ignored_msg[1], "config " NAME " line 3: unknown key ''; line ignored");
}

/* A typo gets the nearest key: within two edits, or one a key begins; a
 * word near no key gets none. */
static void test_unknown_key_nearest(void **state)
{
	(void)state;
	assert_int_equal(parse("verbos=3\nreapet=2\nwatchdog.reset=1\ntest=a.*\nfoo=1\n"
			       "backen=hw\nemu.fualt=x\n"), 7);
	msg_has(0, "line 1: unknown key 'verbos'; did you mean verbose? (known:", NULL);
	msg_has(1, "unknown key 'reapet'; did you mean repeat?", NULL);
	msg_has(2, "unknown key 'watchdog.reset'; did you mean watchdog.resets?", NULL);
	msg_has(3, "unknown key 'test'; did you mean tests?", NULL);
	assert_null(strstr(cap.msg[4], "did you mean"));
	msg_has(5, "did you mean backend?", NULL);
	msg_has(6, "did you mean emu.fault?", NULL);
}

/* The lines after "#source: TEXT" (tools/medium.py's, for make qemu's
 * OPTS) are named by that source and their word's place in it, the file's
 * line beside; every ignored one is kept, the first CFG_IGNORED_KEEP
 * messages whole. */
static void test_source_named(void **state)
{
	static char big[CFG_DESCRIBE_MAX];

	(void)state;
	assert_int_equal(parse("verbose=2\nbogus=1\n#source: make qemu OPTS\ntag=a\nverbos=3\n"), 2);
	msg_has(0, "config " NAME " line 2: unknown key 'bogus'", NULL);
	msg_has(1, "config from make qemu OPTS, word 2 (config " NAME " line 5): unknown key "
		"'verbos'; did you mean verbose?", "; line ignored", NULL);
	assert_int_equal(c.ignored, 2);
	assert_string_equal(c.tag, "a");
	/* strict= is a key of its own, kept out of the run's description */
	assert_int_equal(parse("strict=1\n"), 0);
	assert_true(c.strict);
	cfg_describe(&c, big, sizeof(big));
	assert_null(strstr(big, "strict"));
	assert_int_equal(parse("a=1\nb=1\nc=1\nd=1\ne=1\nf=1\ng=1\nh=1\ni=1\nj=1\n"), 10);
	assert_int_equal(c.ignored, 10);
	assert_non_null(strstr(c.ignored_msg[CFG_IGNORED_KEEP - 1], "unknown key 'h'"));
	cfg_say_ignored(&c, cap_fn, NULL);
	assert_string_equal(cap.msg[cap.n - 2], "config ignored: " NAME " line 8: unknown key 'h'; "
			    "line ignored");
	assert_string_equal(cap.msg[cap.n - 1], "config ignored: 2 more (their messages are at "
			    "the start)");
}

static void test_exact_message(void **state)
{
	(void)state;
	assert_int_equal(parse("#\n#\n\n\n#\n\nrepeat=abc\n"), 1);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.msg[0], "config " NAME " line 7: repeat='abc': "
			    "expected a number 1..1000; line ignored");
}

static void test_bad_numbers(void **state)
{
	static const char *const bad[] = {
		"", "-1", "+1", "0x", "0x-1", "99999999999999999999", "1x",
		"0", "1001", "0x3e9", "1 2", "1.5", "0b1", "x10", "0x 1",
	};
	char line[64], want[64];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		snprintf(line, sizeof(line), "repeat=%s\n", bad[i]);
		snprintf(want, sizeof(want), "line 1: repeat='%s': expected",
			 bad[i]);
		assert_int_equal(parse(line), 1);
		msg_has(0, want, NULL);
		assert_int_equal(c.repeat, 1);
	}
	assert_int_equal(parse("repeat=1000\nverbose=0x3\n"), 0);
	assert_int_equal(c.repeat, 1000);
	assert_int_equal(c.verbose, 3);
	assert_int_equal(parse("repeat=0X1f\n"), 0);
	assert_int_equal(c.repeat, 31);
	assert_int_equal(parse("repeat=007\n"), 0); /* decimal, not octal */
	assert_int_equal(c.repeat, 7);
}

struct kv {
	const char *key, *value;
};

static void test_bad_values(void **state)
{
	static const struct kv bad[] = {
		{ .key = "end", .value = "" }, { .key = "end", .value = "never" },
		{ .key = "end", .value = "Auto" }, { .key = "end", .value = "auto " },
		{ .key = "apic", .value = "x3apic" }, { .key = "apic", .value = "KEEP" },
		{ .key = "apic", .value = "" }, { .key = "serial", .value = "" },
		{ .key = "serial", .value = "com1" }, { .key = "serial", .value = "io:" },
		{ .key = "serial", .value = "io:0" }, { .key = "serial", .value = "io:0x0" },
		{ .key = "serial", .value = "io:0x10000" },
		{ .key = "serial", .value = "io:0x3f8x" }, { .key = "serial", .value = "io:-1" },
		{ .key = "serial", .value = "0x3f8" }, { .key = "serial", .value = "on" },
		{ .key = "baud", .value = "0" }, { .key = "baud", .value = "49" },
		{ .key = "baud", .value = "7" }, { .key = "baud", .value = "115201" },
		{ .key = "baud", .value = "230400" }, { .key = "baud", .value = "abc" },
		{ .key = "baud", .value = "9600x" }, { .key = "verbose", .value = "4" },
		{ .key = "verbose", .value = "-1" }, { .key = "verbose", .value = "" },
		{ .key = "list", .value = "2" }, { .key = "list", .value = "on" },
		{ .key = "list", .value = "TRUE" }, { .key = "list", .value = "" },
		{ .key = "tag", .value = "a\tb" }, { .key = "tag", .value = "\x7f" },
		{ .key = "tag", .value = "caf\xc3\xa9" },
		{ .key = "tag",
		  .value = "0123456789012345678901234567890123456789012345678901"
			   "234567890123" }, /* 64 characters */
		{ .key = "tests", .value = "" }, { .key = "tests", .value = " , " },
		{ .key = "tests", .value = "a b" }, { .key = "tests", .value = "pmu.*,a b" },
		{ .key = "tests", .value = "a\x01" }, { .key = "skip", .value = "a b" },
		{ .key = "skip", .value = "\xff" }, { .key = "results.serial", .value = "" },
		{ .key = "results.serial", .value = "on" },
		{ .key = "results.serial", .value = "Each" },
		{ .key = "results.serial", .value = "end " },
		{ .key = "results.serial", .value = "1" },
	};
	char err[512], want[128];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cfg_defaults(&c);
		cfg_defaults(&def);
		assert_int_equal(cfg_set(&c, bad[i].key, bad[i].value, err,
					 sizeof(err)), -1);
		snprintf(want, sizeof(want), "%s='", bad[i].key);
		if (strncmp(err, want, strlen(want)) || !strstr(err, "expected"))
			fail_msg("%s=%s: bad message: %s", bad[i].key,
				 bad[i].value, err);
		assert_memory_equal(&c, &def, sizeof(c)); /* untouched */
	}
}

static void test_long_lists(void **state)
{
	static char v[CFG_LIST_MAX + 32];
	char err[512];

	(void)state;
	cfg_defaults(&c);
	memset(v, 'a', CFG_LIST_MAX - 1);
	assert_int_equal(cfg_set(&c, "tests", v, err, sizeof(err)), 0);
	assert_int_equal(strlen(c.tests), CFG_LIST_MAX - 1);
	v[CFG_LIST_MAX - 1] = 'a';
	assert_int_equal(cfg_set(&c, "skip", v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "...': expected")); /* quote is cut */
	/* Blanks dropped by normalisation do not count against the limit. */
	memset(v, ' ', 20);
	memset(v + 20, 'a', CFG_LIST_MAX - 1);
	assert_int_equal(cfg_set(&c, "skip", v, err, sizeof(err)), 0);
	assert_int_equal(strlen(c.skip), CFG_LIST_MAX - 1);
}

static void test_good_values(void **state)
{
	static const struct kv good[] = {
		{ .key = "end", .value = "auto" }, { .key = "end", .value = "shutdown" },
		{ .key = "end", .value = "reboot" }, { .key = "end", .value = "halt" },
		{ .key = "end", .value = "exit" }, { .key = "apic", .value = "keep" },
		{ .key = "apic", .value = "xapic" }, { .key = "apic", .value = "x2apic" },
		{ .key = "serial", .value = "io:0x3f8" }, { .key = "serial", .value = "io:0x2F8" },
		{ .key = "serial", .value = "io:1016" }, { .key = "serial", .value = "io:0xffff" },
		{ .key = "serial", .value = "off" }, { .key = "baud", .value = "50" },
		{ .key = "baud", .value = "9600" }, { .key = "baud", .value = "38400" },
		{ .key = "baud", .value = "115200" }, { .key = "verbose", .value = "0" },
		{ .key = "list", .value = "0" }, { .key = "list", .value = "1" },
		{ .key = "list", .value = "no" }, { .key = "list", .value = "yes" },
		{ .key = "list", .value = "false" }, { .key = "list", .value = "true" },
		{ .key = "tag", .value = "" },
		{ .key = "tag", .value = "~!@#$%^&*()_+{}|:\"<>? `-=[]\\;',./" },
		{ .key = "tag",
		  .value = "012345678901234567890123456789012345678901234567890"
			 "123456789012" }, /* 63 characters */
		{ .key = "skip", .value = "" }, { .key = "skip", .value = "," },
		{ .key = "results.serial", .value = "off" },
		{ .key = "results.serial", .value = "end" },
		{ .key = "results.serial", .value = "each" },
		{ .key = "results.serial", .value = "auto" },
	};
	char err[512];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		err[0] = '\0';
		if (cfg_set(&c, good[i].key, good[i].value, err, sizeof(err)))
			fail_msg("%s=%s rejected: %s", good[i].key,
				 good[i].value, err);
	}
	cfg_set(&c, "end", "halt", err, sizeof(err));
	assert_int_equal(c.end, END_HALT);
	cfg_set(&c, "serial", "io:1016", err, sizeof(err));
	assert_int_equal(c.serial_port, 0x3f8);
	cfg_set(&c, "list", "yes", err, sizeof(err));
	assert_true(c.list);
	cfg_set(&c, "results.serial", "off", err, sizeof(err));
	assert_int_equal(c.results_serial, WIRE_OFF);
	cfg_set(&c, "results.serial", "each", err, sizeof(err));
	assert_int_equal(c.results_serial, WIRE_EACH);
	cfg_set(&c, "tests", " a.* , ,b.? ,", err, sizeof(err));
	assert_string_equal(c.tests, "a.*,b.?");
}

static void test_small_err(void **state)
{
	char err[8];

	(void)state;
	cfg_defaults(&c);
	assert_int_equal(cfg_set(&c, "repeat", "x", err, sizeof(err)), -1);
	assert_string_equal(err, "repeat=");
	assert_int_equal(cfg_set(&c, "nope", "x", err, sizeof(err)), -1);
	assert_string_equal(err, "unknown");
	assert_int_equal(cfg_set(&c, "nope", "x", NULL, 0), -1);
	assert_int_equal(cfg_set(&c, "repeat", "x", NULL, 0), -1);
}

static void test_goes_on_after_bad(void **state)
{
	(void)state;
	assert_int_equal(parse("repeat=x\nbogus\n\x01\nfoo=bar\nverbose=9\n"
			       "repeat=12\nend=halt\n"), 5);
	assert_int_equal(c.repeat, 12);
	assert_int_equal(c.end, END_HALT);
	assert_int_equal(c.verbose, 1);
	for (int i = 0; i < 5; i++) {
		char want[16];

		snprintf(want, sizeof(want), "line %d:", i + 1);
		msg_has(i, want, "; line ignored", NULL);
	}
	assert_int_equal(cap.n, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_lf),
		cmocka_unit_test(test_good_crlf),
		cmocka_unit_test(test_no_final_newline),
		cmocka_unit_test(test_empty_and_comments),
		cmocka_unit_test(test_utf8_bom),
		cmocka_unit_test(test_utf16),
		cmocka_unit_test(test_no_equals),
		cmocka_unit_test(test_bare_list),
		cmocka_unit_test(test_trimming),
		cmocka_unit_test(test_line_max),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_high_bytes),
		cmocka_unit_test(test_escape_sequences),
		cmocka_unit_test(test_binary_garbage),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_unknown_key_nearest),
		cmocka_unit_test(test_source_named),
		cmocka_unit_test(test_exact_message),
		cmocka_unit_test(test_bad_numbers),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_long_lists),
		cmocka_unit_test(test_good_values),
		cmocka_unit_test(test_small_err),
		cmocka_unit_test(test_goes_on_after_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
