/* The configuration in results.json (harness/results_json.c put_config,
 * harness/config.c cfg_pair): an object with every described key of the
 * effective configuration and its value whole, even at the longest values
 * the parser takes, and a tag= with spaces, quotes, backslashes and what
 * looks like a pair of its own; the same object in the journal's line 0. */
#include "tests/harness/test_results.h"
#include "host/host.h"
#include "harness/config_int.h"

static char esc[6 * CFG_DESCRIBE_MAX];

/* The longest values the parser takes, and a tag that needs escapes and
 * holds what looks like a pair. */
static void worst(struct cfg *x)
{
	static char list[CFG_LIST_MAX], faults[CFG_FAULT_NAMES_MAX];
	char err[512];

	cfg_defaults(x);
	memset(list, 'a', sizeof(list) - 1);
	assert_int_equal(cfg_set(x, "tests", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(x, "skip", list, err, sizeof(err)), 0);
	assert_int_equal(cfg_set(x, "tag", "a \"b\" \\c verbose=2 \"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\"
				 "\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"", err, sizeof(err)), 0);
	assert_int_equal(cfg_set(x, "expect_cpu", "10f:ff", err, sizeof(err)), 0);
	/* Every defect, by name (whatever holds the set). */
	for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
		snprintf(faults + strlen(faults), sizeof(faults) - strlen(faults), "%s%s",
			 bit ? "," : "", emu_fault_name(bit));
	assert_int_equal(cfg_set(x, "emu.fault", faults, err, sizeof(err)), 0);
}

/* Each described key once, as "key":"escaped value", in cfg_describe's
 * order. */
static void has_every_pair(const char *doc, const struct cfg *x)
{
	const char *at = strstr(doc, "\"config\":{");

	assert_non_null(at);
	for (int k = 0; k < K_COUNT; k++) {
		char val[CFG_DESCRIBE_MAX], want[6 * CFG_DESCRIBE_MAX + 64];
		struct sbuf b = sbuf_init(val, sizeof(val));
		const char *hit;

		if (!cfg_key_described(k))
			continue;
		cfg_key_show(x, k, &b);
		json_escape(esc, sizeof(esc), val);
		snprintf(want, sizeof(want), "%s\"%s\":\"%s\"", k ? "," : "{", cfg_key_name(k), esc);
		hit = strstr(at, want);
		if (!hit)
			fail_msg("no whole %s= in the config object", cfg_key_name(k));
		at = hit + strlen(want);
	}
	assert_int_equal(*at, '}');
}

static void worst_config_whole(void **state)
{
	struct mem m, mj;
	struct rfile f = mem_file(&m), fj = mem_file(&mj);
	(void)state;

	worst(host_cfg());
	json_begin(&f, &info);
	assert_json(&m);
	has_every_pair(m.p, host_cfg());
	assert_non_null(strstr(m.p, ",\"tag\":\"a \\\"b\\\" \\\\c verbose=2 "));
	jsonl_begin(&fj, &info);
	assert_true(json_valid(mj.p, mj.len - 1));
	has_every_pair(mj.p, host_cfg());
	mem_teardown(&m);
	mem_teardown(&mj);
	cfg_defaults(host_cfg());
}

/* The defaults, whatever description text the run info carries. */
static void defaults(void **state)
{
	struct run_info ri = info;
	struct mem m;
	struct rfile f = mem_file(&m);
	(void)state;

	cfg_defaults(host_cfg());
	ri.config = "tests=x verbose=3";
	json_begin(&f, &ri);
	assert_json(&m);
	has_every_pair(m.p, host_cfg());
	assert_non_null(strstr(m.p, "\"config\":{\"tests\":\"*\",\"skip\":\"\",\"list\":\"0\","
			       "\"verbose\":\"1\",\"end\":\"auto\","));
	mem_teardown(&m);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(worst_config_whole),
		cmocka_unit_test(defaults),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
