/* Host unit tests of help (harness/config.c cfg_help): every key of the
 * parser's own table appears with its default and its allowed values, and
 * help is asked for by the words a user tries (help, --help, -h, ?) in the
 * config file and on the shell's command line. */
#include "tests/harness/test_config.h"
#include "harness/config_int.h"

static struct {
	int n;
	char line[K_COUNT + 8][800];
} out;

static void collect(void *ctx, const char *line)
{
	(void)ctx;
	assert_true(out.n < (int)ARRAY_SIZE(out.line));
	assert_true(strlen(line) < sizeof(out.line[0]));
	snprintf(out.line[out.n++], sizeof(out.line[0]), "%s", line);
}

/* One line per key, in the table's order after the header: the key's name,
 * its default as cfg_describe shows the defaults, a description and the
 * allowed values its error message names. */
static void test_every_key_with_default_and_values(void **state)
{
	char want[800], descr[CFG_DESCRIBE_MAX];
	struct cfg d;
	(void)state;

	memset(&out, 0, sizeof(out));
	cfg_help(collect, NULL);
	assert_int_equal(out.n, 1 + K_COUNT);
	assert_non_null(strstr(out.line[0], "uncore-harness.cfg"));
	cfg_defaults(&d);
	cfg_describe(&d, descr, sizeof(descr));
	for (int k = 0; k < K_COUNT; k++) {
		const char *line = out.line[1 + k], *v;
		char def[CFG_LIST_MAX] = "";
		size_t n;

		/* The default as the description of the defaults has it
		 * (help, not described, is off). */
		snprintf(want, sizeof(want), " %s=", cfg_key_name(k));
		v = cfg_key_described(k) ? strstr(descr, k ? want : want + 1) : "0";
		assert_non_null(v);
		v += cfg_key_described(k) ? strlen(want) - !k : 0;
		n = strcspn(v, " ");
		memcpy(def, v, n);
		def[n] = '\0';
		snprintf(want, sizeof(want), "help: %s (default %s): ", cfg_key_name(k),
			 n ? def : "empty");
		if (strncmp(line, want, strlen(want)))
			fail_msg("key %s: want \"%s...\", got: %s", cfg_key_name(k), want, line);
		assert_true(strlen(line + strlen(want)) > strlen("; values: ") + 8);
		snprintf(want, sizeof(want), "; values: %s", cfg_key_expect(k) + strlen("expected "));
		if (!strstr(line, want))
			fail_msg("key %s lacks \"%s\": %s", cfg_key_name(k), want, line);
		assert_true(strlen(cfg_key_desc(k)) > 10);
		assert_true(strlen(line) < 512); /* plat_log's line */
		for (const char *p = line; *p; p++)
			assert_true(*p >= ' ' && *p <= '~');
	}
}

/* A few lines exactly, written from the table of docs/configuration.md, so the table is
 * not only checked against itself. */
static void test_known_lines(void **state)
{
	(void)state;
	memset(&out, 0, sizeof(out));
	cfg_help(collect, NULL);
	assert_string_equal(out.line[1 + K_VERBOSE],
			    "help: verbose (default 1): 0 verdicts only, 1 + notes, 2 + measured "
			    "figures, 3 + every MSR access; values: a number 0..3");
	assert_non_null(strstr(out.line[1 + K_SKIP], "help: skip (default empty): "));
	assert_non_null(strstr(out.line[1 + K_END], "help: end (default auto): "));
	assert_non_null(strstr(out.line[1 + K_END],
			       "; values: auto, shutdown, reboot, halt or exit"));
	assert_non_null(strstr(out.line[1 + K_EMU_UCLK], "help: emu.uclk_mhz (default 2133): "));
	assert_non_null(strstr(out.line[1 + K_HELP], "--help, -h and ?"));
}

/* The words for help, bare, as config lines; help=0 turns it off; other
 * dashed words stay errors. */
static void test_file_words(void **state)
{
	static const char *const words[] = { "help", "--help", "-h", "?", "  ?  ", "help=yes" };
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		char text[32];

		snprintf(text, sizeof(text), "repeat=2\n%s\n", words[i]);
		assert_int_equal(parse(text), 0);
		if (!c.help)
			fail_msg("'%s' did not ask for help", words[i]);
		assert_int_equal(c.repeat, 2);
	}
	assert_int_equal(parse("help\nhelp=no\n"), 0);
	assert_false(c.help);
	assert_int_equal(parse("--list\n-help\n--help=1\n"), 3);
	assert_false(c.help);
	msg_has(0, "line 1: '--list': expected key=value (only list and help, also --help, "
		"-h or ?, may stand alone); line ignored", NULL);
	msg_has(2, "unknown key '--help'", NULL);
}

/* The same words on the UEFI shell's command line (argv[0] first). */
static void test_loadopts_words(void **state)
{
	static const char *const lines[] = { "x.efi help", "x.efi --help", "x.efi -h",
					     "x.efi ? verbose=2", "x.efi tests=a.* \"--help\"" };
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(lines); i++) {
		assert_int_equal(loadopts(lines[i]), 0);
		if (!c.help)
			fail_msg("'%s' did not ask for help", lines[i]);
	}
	assert_int_equal(c.verbose, 1);
	assert_int_equal(loadopts("--help"), 0); /* argv[0] only */
	assert_false(c.help);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_key_with_default_and_values),
		cmocka_unit_test(test_known_lines),
		cmocka_unit_test(test_file_words),
		cmocka_unit_test(test_loadopts_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
