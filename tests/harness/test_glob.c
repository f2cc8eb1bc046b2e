/* Host unit tests for harness/glob.c: test selection by glob. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "harness/glob.h"

struct case_ {
	const char *pattern, *s;
	bool match;
};

static void check_table(const struct case_ *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (glob_match(t[i].pattern, t[i].s) != t[i].match) {
			print_error("glob_match(\"%s\", \"%s\") should be %d\n",
				    t[i].pattern, t[i].s, t[i].match);
			fail();
		}
	}
}

static void test_literal(void **state)
{
	static const struct case_ t[] = {
		{ .pattern = "pmu.fixed", .s = "pmu.fixed", .match = true },
		{ .pattern = "pmu.fixed", .s = "pmu.fixe", .match = false },
		{ .pattern = "pmu.fixe", .s = "pmu.fixed", .match = false },
		{ .pattern = "pmu.fixed", .s = "pmu_fixed", .match = false }, /* '.' is literal */
		{ .pattern = "PMU", .s = "pmu", .match = false },             /* case matters */
	};

	(void)state;
	check_table(t, ARRAY_SIZE(t));
}

static void test_star(void **state)
{
	static const struct case_ t[] = {
		{ .pattern = "*", .s = "", .match = true },
		{ .pattern = "*", .s = "anything.at.all", .match = true },
		{ .pattern = "pmu.*", .s = "pmu.fixed.ctr0", .match = true }, /* '*' crosses dots */
		{ .pattern = "pmu.*", .s = "pmu.", .match = true },
		{ .pattern = "pmu.*", .s = "pmu", .match = false },
		{ .pattern = "*.ctr0", .s = "pmu.fixed.ctr0", .match = true },
		{ .pattern = "*.ctr0", .s = "pmu.fixed.ctr1", .match = false },
		{ .pattern = "pmu*ctr", .s = "pmu.fixed.ctr", .match = true },
		{ .pattern = "a*b*c", .s = "aXbYc", .match = true },
		{ .pattern = "a*b*c", .s = "abc", .match = true },
		{ .pattern = "a*b*c", .s = "acb", .match = false },
		{ .pattern = "**", .s = "x", .match = true },
		{ .pattern = "a**", .s = "a", .match = true },
		{ .pattern = "*a", .s = "bab", .match = false },
		{ .pattern = "*ab", .s = "aab", .match = true }, /* needs backtracking */
	};

	(void)state;
	check_table(t, ARRAY_SIZE(t));
}

static void test_question(void **state)
{
	static const struct case_ t[] = {
		{ .pattern = "ctr?", .s = "ctr0", .match = true },
		{ .pattern = "ctr?", .s = "ctr", .match = false },
		{ .pattern = "ctr?", .s = "ctr10", .match = false },
		{ .pattern = "???", .s = "a.b", .match = true }, /* '?' matches a dot too */
		{ .pattern = "?*", .s = "", .match = false },
		{ .pattern = "*?", .s = "x", .match = true },
		{ .pattern = "uncore.cbo?.*", .s = "uncore.cbo3.events", .match = true },
	};

	(void)state;
	check_table(t, ARRAY_SIZE(t));
}

static void test_empty(void **state)
{
	(void)state;
	assert_true(glob_match("", ""));
	assert_false(glob_match("", "a"));
	assert_false(glob_match("a", ""));
}

static void test_pathological(void **state)
{
	static char s[4097];

	(void)state;
	memset(s, 'a', sizeof(s) - 1);
	/* Exponential for a naive recursive matcher; must return at once. */
	assert_false(glob_match("*a*a*a*a*a*a*a*a*b", s));
	assert_true(glob_match("*a*a*a*a*a*a*a*a*a", s));
	assert_true(glob_match("a*a*a*a*a*a*a*a*?", s));
	s[sizeof(s) - 2] = 'b';
	assert_true(glob_match("*a*a*a*a*a*a*a*a*b", s));
	assert_false(glob_match("*a*a*a*a*a*a*a*a*bb", s));
}

static void test_list(void **state)
{
	(void)state;
	assert_true(glob_list_match("pmu.*", "pmu.fixed"));
	assert_true(glob_list_match("apic.*,pmu.*", "pmu.fixed"));
	assert_true(glob_list_match("apic.*,pmu.fixed", "pmu.fixed"));
	assert_false(glob_list_match("apic.*,pmu.gp", "pmu.fixed"));
	assert_true(glob_list_match("x,y,*", "anything"));
}

static void test_list_spaces(void **state)
{
	(void)state;
	assert_true(glob_list_match(" apic.* , pmu.* ", "pmu.fixed"));
	assert_true(glob_list_match("apic.*,\tpmu.fixed\t", "pmu.fixed"));
	assert_true(glob_list_match(" pmu.fixed", "pmu.fixed"));
	/* A space inside an item stays part of the pattern. */
	assert_false(glob_list_match("pmu. fixed", "pmu.fixed"));
}

static void test_list_empty(void **state)
{
	(void)state;
	assert_false(glob_list_match("", "pmu.fixed"));
	assert_false(glob_list_match("", ""));
	assert_false(glob_list_match(NULL, "pmu.fixed"));
	assert_false(glob_list_match(" ", ""));
	assert_false(glob_list_match(",,", ""));
	assert_false(glob_list_match("a,,b", ""));
	assert_true(glob_list_match("a,,b", "b"));
	assert_true(glob_list_match("a,", "a"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_literal),
		cmocka_unit_test(test_star),
		cmocka_unit_test(test_question),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_pathological),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_list_spaces),
		cmocka_unit_test(test_list_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
