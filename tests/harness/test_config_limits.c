/* Host unit tests for the config's limits: nothing read
 * is silently cut. A config file is taken whole up to CFG_FILE_MAX bytes and
 * refused whole beyond; cfg_describe's worst case fits CFG_DESCRIBE_MAX
 * exactly; the console's lines (cfg_describe_line) carry all of it. */
#include <limits.h>
#include <stdlib.h>
#include "tests/harness/test_config.h"
#include "harness/config_int.h"

/* A file of exactly len bytes: comment lines, then tail (if any) as its
 * last bytes. */
static char *make_file(size_t len, const char *tail)
{
	size_t tl = strlen(tail), at = 0;
	char *f = malloc(len + 1);

	assert_non_null(f);
	assert_true(tl <= len);
	while (at < len - tl) {
		size_t room = len - tl - at;
		size_t n = room < 100 ? room : 100;

		memset(f + at, 'x', n);
		f[at] = '#';
		f[at + n - 1] = '\n';
		at += n;
	}
	memcpy(f + at, tail, tl);
	f[len] = '\0';
	return f;
}

/* A file just within the limit is read to its last byte; what used to be
 * cut at 16 KiB (its last lines dropped, a line across the cut applied
 * shortened) is applied whole. */
static void test_file_within_limit(void **state)
{
	char *f;

	(void)state;
	f = make_file(CFG_FILE_MAX, "repeat=7\ntests=self.*,nhm.*");
	assert_int_equal(parse_n(f, CFG_FILE_MAX), 0);
	assert_int_equal(cap.n, 0);
	assert_int_equal(c.repeat, 7);
	assert_string_equal(c.tests, "self.*,nhm.*");
	free(f);
	/* The line across the old 16384-byte buffer's end. */
	f = make_file(20000, "");
	memcpy(f + 16373, "\ntests=self.*\n#", 15); /* bytes 16374-16385 */
	assert_int_equal(parse_n(f, 20000), 0);
	assert_string_equal(c.tests, "self.*");
	free(f);
}

#define OVER_MSG(n) "config " NAME ": " n " bytes, over the 65536-byte limit; " \
		    "file ignored, none of its settings applied"

/* One byte more and the file is refused whole, with one message naming it,
 * its size and the limit; nothing of it applies, not even its first line. */
static void test_file_over_limit(void **state)
{
	char *f;

	(void)state;
	assert_int_equal(CFG_FILE_MAX, 65536);
	f = make_file(CFG_FILE_MAX + 1, "");
	memcpy(f, "repeat=9\n", 9);
	assert_int_equal(parse_n(f, CFG_FILE_MAX + 1), 1);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.msg[0], OVER_MSG("65537"));
	assert_cfg_equal(&c, &def);
	free(f);
	/* The size alone suffices (load_config knows no more of a file it
	 * did not read): data is not touched. */
	assert_int_equal(parse_n(NULL, 70000), 1);
	assert_string_equal(cap.msg[0], OVER_MSG("70000"));
	assert_cfg_equal(&c, &def);
	/* The limit is on bytes, UTF-16 or not; no message sink is fine. */
	cfg_defaults(&c);
	assert_int_equal(cfg_parse_file(&c, NAME, NULL, (size_t)-1, NULL, NULL), 1);
	assert_cfg_equal(&c, &def);
}

/* Every field at the widest cfg_describe can print, even in a struct
 * filled by hand. */
static void fill_worst(struct cfg *x)
{
	cfg_defaults(x);
	memset(x->tests, 't', sizeof(x->tests));
	memset(x->skip, 's', sizeof(x->skip));
	memset(x->tag, 'g', sizeof(x->tag));
	memset(x->uncore, 'u', sizeof(x->uncore));
	x->list = true;
	x->verbose = INT_MIN;
	x->end = END_SHUTDOWN;
	x->repeat = UINT_MAX;
	x->serial_port = 0xffff;
	x->baud = UINT32_MAX;
	x->results_serial = WIRE_AUTO; /* "auto" and "each", 4 characters, the widest */
	x->apic = CFG_APIC_X2APIC;
	x->expect_family = UINT32_MAX;
	x->expect_model = UINT32_MAX;
	x->backend = PMU_BACKEND_AUTO;
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
		emu_faults_add(&x->emu_faults, bit);
	x->emu_uclk_mhz = UINT32_MAX;
	x->emu_core_ebx = INT32_MAX;
	x->inject = INJECT_GP_OUTSIDE_TEST;
	x->watchdog_s = UINT32_MAX;
	x->resets = UINT32_MAX;
	memset(x->hang, 'h', sizeof(x->hang));
	x->allow_hang = true;
	x->emu_fault_each = true;
}

static void test_describe_max(void **state)
{
	static char buf[CFG_DESCRIBE_MAX + 64];
	const char *last = "hhh debug.allow_hang=1";
	struct cfg x;
	size_t n, keys = 0;

	(void)state;
	/* The header's accounting: the keys' text... */
	for (int k = 0; k < K_COUNT; k++)
		if (cfg_key_described(k))
			keys += (k ? 1 : 0) + strlen(cfg_key_name(k)) + 1;
	assert_int_equal(keys, CFG_DESCRIBE_KEYS);
	/* ... and the whole: the worst case is exactly CFG_DESCRIBE_MAX - 1
	 * long, so the constant is neither short nor loose. */
	fill_worst(&x);
	n = cfg_describe(&x, buf, sizeof(buf));
	assert_int_equal(n, CFG_DESCRIBE_MAX - 1);
	assert_int_equal(strlen(buf), n);
	assert_string_equal(buf + n - strlen(last), last);
	assert_non_null(strstr(buf, " emu.core_ebx=0x7fffffff emu.core_leaf23=full inject=gp-outside-test watchdog="
			       "4294967295 watchdog.resets=4294967295 debug.hang=hhh"));
	assert_non_null(strstr(buf, " verbose=-2147483648 end=shutdown repeat=4294967295 "
			       "tag=ggg"));
	assert_non_null(strstr(buf, " serial=io:0xffff baud=4294967295 results.serial=auto apic=x2apic "
			       "expect_cpu=ffffffff:ffffffff backend=auto "
			       "uncore=uuuuuuuuuuuuuuu emu.fault=no-count,"));
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
		assert_non_null(strstr(buf, emu_fault_name(bit)));
	/* In a buffer of CFG_DESCRIBE_MAX nothing is cut. */
	memset(buf, '#', sizeof(buf));
	assert_int_equal(cfg_describe(&x, buf, CFG_DESCRIBE_MAX), CFG_DESCRIBE_MAX - 1);
	assert_string_equal(buf + CFG_DESCRIBE_MAX - 1 - strlen(last), last);
	assert_int_equal(buf[CFG_DESCRIBE_MAX], '#');
}

/* The same through the parser's own checks: every key at its longest valid
 * value fits, ends with the last key, and holds every defect name. */
static void test_describe_valid_max(void **state)
{
	static char buf[CFG_DESCRIBE_MAX], list[CFG_LIST_MAX];
	char err[512];
	struct cfg x;
	size_t n;

	(void)state;
	cfg_defaults(&x);
	memset(list, 'a', sizeof(list) - 1);
	list[sizeof(list) - 1] = '\0';
	assert_int_equal(cfg_set(&x, "tests", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "skip", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "tag", "ggggggggggggggggggggggggggggggggggggggggggggg"
				 "gggggggggggggggggg", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "verbose", "3", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "end", "shutdown", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "repeat", "1000", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "serial", "io:0xffff", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "expect_cpu", "10f:ff", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "uncore", "nhm", err, sizeof(err)), 0);
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++) /* every defect named */
		emu_faults_add(&x.emu_faults, bit);
	assert_int_equal(cfg_set(&x, "emu.core_ebx", "0x7c", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "inject", "gp-outside-test", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "watchdog", "86400", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "debug.hang", "a.b:irq-on,c.d:irq-off", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "debug.allow_hang", "1", err, sizeof(err)), 0);
	n = cfg_describe(&x, buf, sizeof(buf));
	assert_true(n < CFG_DESCRIBE_MAX);
	assert_int_equal(strlen(buf), n);
	assert_string_equal(buf + n - strlen(" emu.core_ebx=0x7c emu.core_leaf23=full inject=gp-outside-test watchdog=86400 "
					     "watchdog.resets=3 debug.hang=a.b:irq-on,c.d:irq-off "
					     "debug.allow_hang=1"),
			    " emu.core_ebx=0x7c emu.core_leaf23=full inject=gp-outside-test watchdog=86400 "
			    "watchdog.resets=3 debug.hang=a.b:irq-on,c.d:irq-off debug.allow_hang=1");
	/* debug.hang= items are ID:irq-on or ID:irq-off, nothing else. */
	assert_int_equal(cfg_set(&x, "debug.hang", "a.b:irq", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "debug.hang", "a.b:irq-on,", err, sizeof(err)), -1);
	assert_int_equal(cfg_set(&x, "debug.hang", ":irq-on", err, sizeof(err)), -1);
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
		assert_non_null(strstr(buf, emu_fault_name(bit)));
}

/* What was lost at 767 characters: long lists and a defect left neither
 * emu.fault nor expect_cpu in the record. */
static void test_describe_long_lists(void **state)
{
	static char buf[CFG_DESCRIBE_MAX], list[CFG_LIST_MAX];
	char err[512];
	struct cfg x;
	size_t n;

	(void)state;
	cfg_defaults(&x);
	for (size_t i = 0; i + 1 < sizeof(list); i++)
		list[i] = i % 8 == 7 ? ',' : 'a' + (char)(i % 8);
	assert_int_equal(cfg_set(&x, "tests", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "skip", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(&x, "emu.fault", "no-count", err, sizeof(err)), 0);
	n = cfg_describe(&x, buf, sizeof(buf));
	assert_true(n > 767);
	assert_int_equal(strlen(buf), n);
	assert_non_null(strstr(buf, " expect_cpu=any "));
	assert_non_null(strstr(buf, " emu.fault=no-count "));
}

/* Split text as the console does; check each line and that the lines
 * joined give the text back. Returns the number of lines. */
static int split(const char *text, size_t width, char lines[][256], int max)
{
	static char joined[CFG_DESCRIBE_MAX + 64];
	size_t at = 0, jl = 0;
	int nl = 0;

	while (text[at]) {
		size_t next = 99999, n = cfg_describe_line(text + at, width, &next);

		assert_true(n <= (width ? width : 1));
		assert_true(next == n || (next == n + 1 && text[at + n] == ' '));
		assert_true(next > 0);
		assert_true(nl < max);
		assert_true(n < 256);
		memcpy(lines[nl], text + at, n);
		lines[nl++][n] = '\0';
		memcpy(joined + jl, text + at, next);
		jl += next;
		at += next;
	}
	joined[jl] = '\0';
	assert_string_equal(joined, text);
	assert_int_equal(cfg_describe_line(text + at, width, &at), 0);
	return nl;
}

/* How often s stands in the lines, each time at a line's start or after
 * a byte of before, and at a line's end or before a byte of after (any
 * byte if after is ""). */
static int count_at(char lines[][256], int nl, const char *s, const char *before,
		    const char *after)
{
	size_t n = strlen(s);
	int found = 0;

	for (int i = 0; i < nl; i++)
		for (const char *p = lines[i]; (p = strstr(p, s)); p++)
			found += (p == lines[i] || strchr(before, p[-1])) &&
				 (!*after || !p[n] || strchr(after, p[n]));
	return found;
}

static void test_describe_lines(void **state)
{
	static char buf[CFG_DESCRIBE_MAX], lines[64][256];
	struct cfg x;
	size_t n;
	int nl;

	(void)state;
	/* The defaults: two lines, the watchdog's keys on the second. */
	cfg_defaults(&x);
	n = cfg_describe(&x, buf, sizeof(buf));
	assert_true(n <= 2 * CFG_DESCRIBE_WIDTH);
	assert_int_equal(split(buf, CFG_DESCRIBE_WIDTH, lines, 64), 2);
	assert_non_null(strstr(lines[1], " watchdog=300 watchdog.resets=3 "));
	/* Between pairs, as many as fit. */
	nl = split("tests=* skip= list=0 verbose=1 end=auto", 20, lines, 64);
	assert_int_equal(nl, 2);
	assert_string_equal(lines[0], "tests=* skip= list=0");
	assert_string_equal(lines[1], "verbose=1 end=auto");
	/* A tag's spaces are not pair breaks... */
	nl = split("tag=a b c serial=off", 12, lines, 64);
	assert_int_equal(nl, 2);
	assert_string_equal(lines[0], "tag=a b c");
	assert_string_equal(lines[1], "serial=off");
	/* ... and a long list is cut after a comma, never dropped. */
	nl = split("tests=aaa,bbb,ccc skip=", 10, lines, 64);
	assert_int_equal(nl, 3);
	assert_string_equal(lines[0], "tests=aaa,");
	assert_string_equal(lines[1], "bbb,ccc");
	assert_string_equal(lines[2], "skip=");
	/* Without a comma, at the width. */
	nl = split("tag=abcdefghij list=1", 8, lines, 64);
	assert_int_equal(nl, 3);
	assert_string_equal(lines[0], "tag=abcd");
	assert_string_equal(lines[1], "efghij");
	assert_string_equal(lines[2], "list=1");
	/* Width 0 still moves on. */
	assert_int_equal(split("list=1", 0, lines, 64), 6);
	assert_int_equal(split("", 10, lines, 64), 0);
	/* The worst case: every line fits "config: " and 192 bytes, every
	 * whole pair that fits a line is on one line, and the lines carry it
	 * all (split checks the join). */
	fill_worst(&x);
	n = cfg_describe(&x, buf, sizeof(buf));
	nl = split(buf, CFG_DESCRIBE_WIDTH, lines, 64);
	assert_true(nl >= (int)(n / CFG_DESCRIBE_WIDTH) + 1);
	for (int i = 0; i < nl; i++)
		assert_true(strlen("config: ") + strlen(lines[i]) <= 200);
	for (int k = 0; k < K_COUNT; k++) {
		char want[32];

		snprintf(want, sizeof(want), "%s=", cfg_key_name(k));
		assert_int_equal(count_at(lines, nl, want, " ", ""), cfg_key_described(k));
	}
	/* The defect list is cut after commas: every name is whole on a
	 * line. */
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
		if (!count_at(lines, nl, emu_fault_name(bit), ",=", ", "))
			fail_msg("%s cut across lines", emu_fault_name(bit));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_within_limit),
		cmocka_unit_test(test_file_over_limit),
		cmocka_unit_test(test_describe_max),
		cmocka_unit_test(test_describe_valid_max),
		cmocka_unit_test(test_describe_long_lists),
		cmocka_unit_test(test_describe_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
