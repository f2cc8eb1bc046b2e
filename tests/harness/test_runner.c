/* Host unit tests of the test runner (harness/runner.c): selection by glob,
 * requirements, verdicts and reasons, repeat, figures, summary line and exit
 * codes. */
#include "host/host.h"
#include "harness/runner.h"
#include <setjmp.h>
#include <cmocka.h>

static enum verdict pass(struct tctx *t) { t_figure(t, "answer_count", 42, "count"); return V_PASS; }
static enum verdict failing(struct tctx *t) { CHECK(t, 1 + 1 == 3, "arithmetic says %d", 2); return V_PASS; }
static enum verdict xfail(struct tctx *t) { return t_xfail(t, "erratum AAK100"); }
static enum verdict error(struct tctx *t) { return t_error(t, "harness broke"); }
static enum verdict silent_fail(struct tctx *t) { (void)t; return V_FAIL; }
static enum verdict two_lines(struct tctx *t) { return t_error(t, "first line\nsecond line"); }

static const struct test tests_a[] = {
	{ .id = "a.one.pass", .desc = "passes", .needs = 0, .run = pass },
	{ .id = "a.one.fail", .desc = "fails", .needs = 0, .run = failing },
	{ .id = "a.two.smp", .desc = "needs SMP", .needs = NEED_SMP2, .run = pass },
	{ .id = "a.two.pkg", .desc = "needs 2 packages", .needs = NEED_PACKAGE2, .run = pass },
	{ .id = "a.two.x2", .desc = "needs x2APIC", .needs = NEED_X2APIC, .run = pass },
	{ .id = "a.two.unc", .desc = "needs an uncore", .needs = NEED_UNCORE, .run = pass },
	{ .id = "a.two.core", .desc = "needs a core PMU", .needs = NEED_CORE_PMU, .run = pass },
};
static const struct test tests_b[] = {
	{ .id = "b.xfail", .desc = "expected failure", .needs = 0, .run = xfail },
	{ .id = "b.error", .desc = "harness error", .needs = 0, .run = error },
	{ .id = "b.silent", .desc = "fails without a reason", .needs = 0, .run = silent_fail },
};
static const struct suite suite_a = SUITE("a", tests_a), suite_b = SUITE("b", tests_b);
static const struct suite *const suites[] = { &suite_a, &suite_b };

static struct tresult seen[32];
static unsigned nseen;

static void sink(void *ctx, const struct tresult *r)
{
	(void)ctx;
	if (nseen < 32)
		seen[nseen++] = *r;
}

static void run(const char *tests, const char *skip, unsigned repeat, unsigned ncpus,
		struct tally *t)
{
	struct run_opts o = { .tests = tests, .skip = skip, .repeat = repeat };
	struct run_env env = { .ncpus = ncpus, .npackages = 1,
			.no_uncore = "no supported uncore (model 0x2a)" };

	host_machine(ncpus, 1);
	nseen = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, t);
}

static void verdicts_and_reasons(void **state)
{
	struct tally t;

	(void)state;
	run("*", "", 1, 1, &t);
	assert_int_equal(t.planned, 10);
	assert_int_equal(nseen, 10);
	assert_int_equal(seen[0].verdict, V_PASS);
	assert_int_equal(seen[0].index, 1);
	assert_int_equal(seen[0].nfigs, 1);
	assert_string_equal(seen[0].figs[0].name, "answer_count");
	assert_int_equal(seen[1].verdict, V_FAIL);
	assert_string_equal(seen[1].reason, "arithmetic says 2");
	/* What the machine lacks by design is N/A; an uncore the harness does
	 * not know is a SKIP. */
	assert_int_equal(seen[2].verdict, V_NA);
	assert_string_equal(seen[2].reason, "needs 2 or more CPUs (have 1)");
	assert_int_equal(seen[3].verdict, V_NA);
	assert_int_equal(seen[4].verdict, V_NA);
	assert_int_equal(seen[5].verdict, V_SKIP);
	assert_string_equal(seen[5].reason, "no supported uncore (model 0x2a)");
	assert_int_equal(seen[6].verdict, V_NA);
	assert_string_equal(seen[6].reason, "no architectural PMU (CPUID.0AH:EAX[7:0] = 0, C-11)");
	assert_int_equal(seen[7].verdict, V_XFAIL);
	assert_int_equal(seen[8].verdict, V_ERROR);
	assert_string_equal(seen[9].reason, "no reason given");
	assert_int_equal(t.n[V_PASS], 1);
	assert_int_equal(t.n[V_FAIL], 2);
	assert_int_equal(t.n[V_SKIP], 1);
	assert_int_equal(t.n[V_NA], 4);
	/* Each line carries its place in the plan. */
	assert_non_null(strstr(host_output(), "[1/10] PASS a.one.pass\n"));
	assert_non_null(strstr(host_output(), "[2/10] FAIL a.one.fail: arithmetic says 2\n"));
	assert_non_null(strstr(host_output(), "[3/10] N/A a.two.smp: needs 2 or more CPUs (have 1)\n"));
	assert_non_null(strstr(host_output(), "[6/10] SKIP a.two.unc: no supported uncore"));
	assert_non_null(strstr(host_output(), "[8/10] XFAIL b.xfail: erratum AAK100\n"));
	assert_non_null(strstr(host_output(), "[9/10] ERROR b.error: harness broke\n"));
	/* The FAILs and ERRORs, kept for the closing list, in run order. */
	assert_int_equal(t.nfails, 3);
	assert_string_equal(t.fails[0].id, "a.one.fail");
	assert_int_equal(t.fails[1].verdict, V_ERROR);
	assert_string_equal(t.fails[2].reason, "no reason given");
}

/* An uncalibrated TSC makes every FAIL the harness's ERROR, its reason
 * kept; other verdicts stay. */
static void untrusted_clock_fail_is_error(void **state)
{
	struct tally t;

	(void)state;
	host_tsc_untrusted = true;
	run("a.one.*,b.xfail", "", 1, 1, &t);
	host_tsc_untrusted = false;
	assert_int_equal(seen[0].verdict, V_PASS);
	assert_int_equal(seen[1].verdict, V_ERROR);
	assert_string_equal(seen[1].reason, "TSC not calibrated: arithmetic says 2");
	assert_int_equal(seen[2].verdict, V_XFAIL);
	assert_int_equal(t.n[V_FAIL], 0);
	assert_int_equal(runner_exit_code(&t), 2);
}

static void requirements_met(void **state)
{
	struct tally t;

	(void)state;
	run("a.two.smp", "", 1, 2, &t);
	assert_int_equal(nseen, 1);
	assert_int_equal(seen[0].verdict, V_PASS);
}

static void selection_globs(void **state)
{
	struct tally t;

	(void)state;
	run("a.*,b.x*", "a.two.*", 1, 1, &t);
	assert_int_equal(nseen, 3);
	assert_string_equal(seen[0].test->id, "a.one.pass");
	assert_string_equal(seen[1].test->id, "a.one.fail");
	assert_string_equal(seen[2].test->id, "b.xfail");
	run("nothing.*", "", 1, 1, &t);
	assert_int_equal(nseen, 0);
	assert_int_equal(t.planned, 0);
}

static void repeat_numbers_iterations(void **state)
{
	struct tally t;

	(void)state;
	run("a.one.pass", "", 3, 1, &t);
	assert_int_equal(t.planned, 3);
	assert_int_equal(nseen, 3);
	assert_int_equal(seen[2].index, 3);
	assert_int_equal(seen[2].iteration, 3);
}

static void summary_and_exit_codes(void **state)
{
	struct tally t = { .n = { 0 } };
	char line[64];

	(void)state;
	assert_int_equal(runner_exit_code(&t), 77); /* nothing ran */
	t.n[V_SKIP] = 2;
	assert_int_equal(runner_exit_code(&t), 77); /* all skipped */
	t.n[V_NA] = 5;
	assert_int_equal(runner_exit_code(&t), 77); /* all skipped or N/A */
	/* The state brackets' passes alone: nothing tested (tests=client.* on
	 * a Nehalem: 2 PASS, 27 N/A). */
	t.n[V_PASS] = 2;
	t.bracket_passes = 2;
	assert_int_equal(runner_exit_code(&t), 77);
	t.n[V_PASS] = 3;
	assert_int_equal(runner_exit_code(&t), 0);
	t.bracket_passes = 0;
	t.n[V_XFAIL] = 1;
	assert_int_equal(runner_exit_code(&t), 0);
	t.n[V_FAIL] = 1;
	assert_int_equal(runner_exit_code(&t), 1);
	t.n[V_ERROR] = 1;
	assert_int_equal(runner_exit_code(&t), 2);
	runner_summary_line(&t, line, sizeof(line));
	assert_string_equal(line, "4 passed, 2 failed, 2 skipped, 5 not applicable");
}

static const struct test first = { .id = "z.first", .desc = "save", .needs = 0, .run = pass };
static const struct test last = { .id = "z.last", .desc = "restore", .needs = 0, .run = xfail };
static const struct test core_first = {
	.id = "y.first",
	.desc = "save the core PMU",
	.needs = 0,
	.run = pass,
};
static const struct test core_last = {
	.id = "y.last",
	.desc = "restore the core PMU",
	.needs = 0,
	.run = pass,
};
static const struct bracket brackets[] = {
	{ .needs = NEED_UNCORE, .first = &first, .last = &last },
	{ .needs = NEED_CORE_PMU, .first = &core_first, .last = &core_last },
};

/* first/last bracket a selection that needs the uncore, and nothing else. */
/* A state bracket's PASS is counted as a PASS but tests nothing. */
static void bracket_passes_are_not_tests(void **state)
{
	struct tally t;
	struct test pre = { .id = "uncore.state.preflight" }, cpre = { .id = "core.state.restore" },
		    other = { .id = "uncore.stateful" };
	struct tresult r = { .test = &pre, .verdict = V_PASS };

	(void)state;
	memset(&t, 0, sizeof(t));
	runner_tally(&t, &r);
	r.test = &cpre;
	runner_tally(&t, &r);
	r.verdict = V_NA;
	r.test = &other;
	runner_tally(&t, &r);
	assert_int_equal(t.n[V_PASS], 2);
	assert_int_equal(t.bracket_passes, 2);
	assert_int_equal(runner_exit_code(&t), 77);
	r.verdict = V_PASS;
	runner_tally(&t, &r);
	assert_int_equal(t.bracket_passes, 2);
	assert_int_equal(runner_exit_code(&t), 0);
}

static void first_and_last_bracket_uncore_runs(void **state)
{
	struct run_opts o = { .tests = "a.two.unc", .skip = "", .repeat = 2, .brackets = brackets,
			.nbrackets = 2 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	nseen = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(t.planned, 4);
	assert_int_equal(nseen, 4);
	assert_string_equal(seen[0].test->id, "z.first");
	assert_string_equal(seen[1].test->id, "a.two.unc");
	assert_string_equal(seen[3].test->id, "z.last");
	assert_int_equal(seen[3].index, 4);
	o.tests = "a.one.pass";
	nseen = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(nseen, 2);
	assert_int_equal(t.planned, 2);
}

static unsigned first_runs;
static enum verdict count_first(struct tctx *t)
{
	(void)t;
	first_runs++;
	return V_PASS;
}

/* After a reset (run_resume): the results before next are not written
 * again, next is the ERROR given, the rest runs; the bracket's first runs
 * again unrecorded (what it saved went with the reset). With stop the run
 * ends at next and nothing runs. The tally given is kept and added to. */
static void resume_goes_on_after_the_cut(void **state)
{
	static const struct test first_c = { .id = "z.first", .desc = "save", .run = count_first };
	static const struct bracket br[] = { { .needs = NEED_UNCORE, .first = &first_c,
					       .last = &last } };
	struct run_resume re = { .next = 2, .reason = "hung: reset by watchdog after 9 s",
				 .hung = true };
	struct run_opts o = { .tests = "a.two.unc", .skip = "", .repeat = 2, .brackets = br,
			.nbrackets = 1, .resume = &re };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	memset(&t, 0, sizeof(t));
	t.n[V_PASS] = 1; /* result 1, from the first boot */
	nseen = 0;
	first_runs = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(first_runs, 1);
	assert_int_equal(nseen, 3);
	assert_int_equal(seen[0].index, 2);
	assert_string_equal(seen[0].test->id, "a.two.unc");
	assert_int_equal(seen[0].verdict, V_ERROR);
	assert_string_equal(seen[0].reason, "hung: reset by watchdog after 9 s");
	assert_int_equal(seen[1].index, 3);
	assert_int_equal(seen[1].verdict, V_PASS);
	assert_string_equal(seen[2].test->id, "z.last");
	assert_int_equal(t.n[V_PASS], 2);
	assert_int_equal(t.n[V_ERROR], 1);
	assert_int_equal(t.n[V_XFAIL], 1);
	assert_int_equal(t.hung, 1);
	assert_int_equal(runner_exit_code(&t), 124);
	/* watchdog.resets= reached: the cut test recorded, nothing more */
	re.stop = true;
	memset(&t, 0, sizeof(t));
	nseen = 0;
	first_runs = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(first_runs, 0);
	assert_int_equal(nseen, 1);
	assert_int_equal(seen[0].index, 2);
	assert_int_equal(seen[0].verdict, V_ERROR);
}

/* One run of the tests of table (n of them, as suite "g": every test,
 * once) in env, on the machine as it is: the results in seen[0 .. nseen -
 * 1], the counts in *t. */
static void run_gen(const struct test *table, unsigned n, const struct run_env *env,
		    struct tally *t)
{
	const struct suite gs = { .name = "g", .tests = table, .count = n };
	const struct suite *const one[] = { &gs };
	const struct run_opts o = { .tests = "*", .skip = "", .repeat = 1 };

	nseen = 0;
	runner_run(one, 1, &o, env, &(struct run_sink){ .result = sink }, t);
}

/* An uncore test of another generation than the CPU's is N/A naming both;
 * one of the CPU's generation, or of none (uncore.*), runs. */
static void other_generation_not_applicable(void **state)
{
	static const struct test gen_tests[] = {
		{ .id = "nhm.x.y", .desc = "Nehalem's", .needs = NEED_UNCORE, .run = pass },
		{ .id = "snbep.x.y", .desc = "Sandy Bridge-EP's", .needs = NEED_UNCORE,
		  .run = pass },
		{ .id = "uncore.x.y", .desc = "any generation's", .needs = NEED_UNCORE,
		  .run = pass },
		{ .id = "nhm.x.z", .desc = "needs nothing", .needs = 0, .run = pass },
	};
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true,
			.uncore_gen = "snbep" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(nseen, 4);
	assert_int_equal(seen[0].verdict, V_NA);
	assert_string_equal(seen[0].reason, "a test of the nhm uncore; this CPU's is snbep");
	assert_int_equal(seen[1].verdict, V_PASS);
	assert_int_equal(seen[2].verdict, V_PASS);
	assert_int_equal(seen[3].verdict, V_PASS);
}

/* A generation's second suite prefix (run_env.uncore_also: the memory
 * controllers' imc.* on layouts D to F) runs beside its own; on a
 * generation without it the same tests are N/A naming its own suite. */
static void second_suite_prefix_runs(void **state)
{
	static const struct test gen_tests[] = {
		{ .id = "client.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "imc.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "imcx.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "mtl.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
	};
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true,
			.uncore_gen = "client", .uncore_also = "imc" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(nseen, 4);
	assert_int_equal(seen[0].verdict, V_PASS);
	assert_int_equal(seen[1].verdict, V_PASS);
	assert_int_equal(seen[2].verdict, V_NA);
	assert_string_equal(seen[2].reason, "a test of the imcx uncore; this CPU's is client");
	assert_int_equal(seen[3].verdict, V_NA);
	env.uncore_also = NULL;
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(seen[1].verdict, V_NA);
	assert_string_equal(seen[1].reason, "a test of the imc uncore; this CPU's is client");
}

/* Several further prefixes, space-separated (Panther Lake's "mtl imc":
 * its MSR units and its MCHBAR free-running counters beside its table's
 * suite): each word's tests run, no prefix of a word's. */
static void further_suite_prefixes_run(void **state)
{
	static const struct test gen_tests[] = {
		{ .id = "disc.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "mtl.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "imc.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "im.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "client.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
	};
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true,
			.uncore_gen = "disc", .uncore_also = "mtl imc" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(nseen, 5);
	assert_int_equal(seen[0].verdict, V_PASS);
	assert_int_equal(seen[1].verdict, V_PASS);
	assert_int_equal(seen[2].verdict, V_PASS);
	assert_int_equal(seen[3].verdict, V_NA);
	assert_string_equal(seen[3].reason, "a test of the im uncore; this CPU's is disc");
	assert_int_equal(seen[4].verdict, V_NA);
}

/* C-50: a generation the CPU's core PMU rules out (version 4 owns its
 * 0x391/0x392) has every test N/A, with no uncore found (else SKIP) and
 * whatever else the test needs; the other words of the list too, and no
 * prefix of a word. */
static void c50_ruled_out_generations_are_not_applicable(void **state)
{
	static const struct test gen_tests[] = {
		{ .id = "nhm.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "nhm.x.z", .desc = "", .needs = 0, .run = pass },
		{ .id = "snb.x.y", .desc = "", .needs = NEED_UNCORE | NEED_PACKAGE2, .run = pass },
		{ .id = "nh.x.y", .desc = "", .needs = 0, .run = pass },
		{ .id = "core.x.y", .desc = "", .needs = NEED_CORE_PMU, .run = pass },
		{ .id = "snbep.x.y", .desc = "", .needs = NEED_UNCORE, .run = pass },
	};
	struct run_env env = { .ncpus = 1, .npackages = 1, .no_uncore = "no supported uncore",
			.core_pmu = true, .ruled_out = "nhm snb" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(nseen, 6);
	assert_int_equal(seen[0].verdict, V_NA);
	assert_string_equal(seen[0].reason, "a test of the nhm uncore, whose 0x391/0x392 are this "
			    "CPU's version-4 core PMU registers (C-50)");
	assert_int_equal(seen[1].verdict, V_NA);
	assert_int_equal(seen[2].verdict, V_NA);
	assert_int_equal(seen[3].verdict, V_PASS);
	assert_int_equal(seen[4].verdict, V_PASS);
	assert_int_equal(seen[5].verdict, V_SKIP);
}

/* At verbose <= 1 consecutive N/A results with one reason are one console
 * line naming the first and last and the count, printed before the next
 * test that runs (a hang there still finds it on the console); a single
 * one keeps its own line; at verbose=2 each has its own. Every result
 * still reaches the sink. */
static void not_applicable_runs_are_one_line(void **state)
{
	static const struct test gen_tests[] = {
		{ .id = "nhm.a.1", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "snbep.a.1", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "snbep.a.2", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "snbep.b.3", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "nhm.a.2", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "snbep.c.4", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "nhm.a.3", .desc = "", .needs = NEED_PACKAGE2, .run = pass },
	};
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true,
			.uncore_gen = "nhm" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	assert_int_equal(nseen, 7);
	assert_int_equal(t.n[V_NA], 5);
	assert_non_null(strstr(host_output(), "[1/7] PASS nhm.a.1\n"
		"[2-4/7] N/A snbep.a.1 .. snbep.b.3 (3 tests): a test of the snbep uncore; "
		"this CPU's is nhm\n[5/7] PASS nhm.a.2\n"
		"[6/7] N/A snbep.c.4: a test of the snbep uncore; this CPU's is nhm\n"
		"[7/7] N/A nhm.a.3: needs 2 or more packages (have 1)\n"));
	host_cfg()->verbose = 2;
	run_gen(gen_tests, ARRAY_SIZE(gen_tests), &env, &t);
	host_cfg()->verbose = 1;
	assert_non_null(strstr(host_output(), "[2/7] N/A snbep.a.1: a test of the snbep uncore; "
		"this CPU's is nhm\n[3/7] N/A snbep.a.2: "));
}

/* An uncore the harness does not know: its tests SKIP with one reason, and
 * consecutive ones share a line as N/A results do (a SKIP after an N/A
 * starts a line of its own); the closing lines name each reason not
 * tested once, with its count. */
static void skip_runs_are_one_line_and_named_at_the_end(void **state)
{
	static const struct test unk_tests[] = {
		{ .id = "nhm.a.1", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "nhm.a.2", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "x.smp", .desc = "", .needs = NEED_SMP2, .run = pass },
		{ .id = "nhm.a.3", .desc = "", .needs = NEED_UNCORE, .run = pass },
		{ .id = "core.a", .desc = "", .needs = NEED_CORE_PMU, .run = pass },
	};
	static const struct suite us = SUITE("u", unk_tests);
	const struct suite *const one[] = { &us };
	struct run_opts o = { .tests = "*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1,
			.no_uncore = "no supported uncore (model 0x8f)", .core_pmu = true };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	runner_run(one, 1, &o, &env, NULL, &t);
	assert_int_equal(t.n[V_SKIP], 3);
	runner_print_untested(&t);
	assert_non_null(strstr(host_output(),
		"[1-2/5] SKIP nhm.a.1 .. nhm.a.2 (2 tests): no supported uncore (model 0x8f)\n"
		"[3/5] N/A x.smp: needs 2 or more CPUs (have 1)\n"
		"[4/5] SKIP nhm.a.3: no supported uncore (model 0x8f)\n"
		"[5/5] PASS core.a\n"));
	assert_non_null(strstr(host_output(),
		"not tested: 3 SKIP: no supported uncore (model 0x8f)\n"
		"not tested: 1 N/A: needs 2 or more CPUs (have 1)\n"));
	assert_int_equal(t.untested_more, 0);
}

/* Past TALLY_UNTESTED_MAX reasons, the others are one count. */
static void untested_reasons_bounded(void **state)
{
	struct tally t;
	struct tresult r;
	static const struct test one = { .id = "r.na", .desc = "", .needs = 0, .run = pass };
	unsigned i;

	(void)state;
	memset(&t, 0, sizeof(t));
	memset(&r, 0, sizeof(r));
	r.test = &one;
	r.verdict = V_NA;
	for (i = 0; i < TALLY_UNTESTED_MAX + 3; i++) {
		snprintf(r.reason, sizeof(r.reason), "reason %u", i);
		runner_tally(&t, &r);
	}
	host_machine(1, 1);
	runner_print_untested(&t);
	assert_int_equal(t.nuntested, TALLY_UNTESTED_MAX);
	assert_non_null(strstr(host_output(), "not tested: 1 N/A: reason 0\n"));
	assert_non_null(strstr(host_output(), "not tested: 3 more with other reasons (every one is "
			       "in results.json)\n"));
}

/* The run ends with every FAIL and ERROR and the first line of its reason,
 * the first TALLY_FAILS_MAX of them by name. */
static void fails_listed_at_the_end(void **state)
{
	static const struct test many[TALLY_FAILS_MAX + 2] = {
		[0 ... TALLY_FAILS_MAX + 1] = { .id = "m.fail", .desc = "", .needs = 0, .run = failing },
	};
	static const struct test two[] = {
		{ .id = "b.two", .desc = "", .needs = 0, .run = two_lines },
	};
	static const struct suite ms = SUITE("m", many), bs = SUITE("b", two);
	const struct suite *const one[] = { &ms }, *const one_b[] = { &bs };
	struct run_opts o = { .tests = "*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	runner_run(one, 1, &o, &env, NULL, &t);
	assert_int_equal(t.nfails, TALLY_FAILS_MAX);
	runner_print_fails(&t);
	assert_non_null(strstr(host_output(), "failed: 34 test(s), the first listed here\n"
		"  FAIL m.fail: arithmetic says 2\n"));
	assert_non_null(strstr(host_output(), "  ... and 2 more (every one is in results.json)\n"));
	o.tests = "b.two";
	runner_run(one_b, 1, &o, &env, NULL, &t);
	runner_print_fails(&t);
	assert_non_null(strstr(host_output(), "failed: 1 test(s)\n  ERROR b.two: first line\n"));
}

/* Two brackets: firsts in order, lasts in the reverse order. */
static void brackets_nest(void **state)
{
	struct run_opts o = { .tests = "a.two.core,a.two.unc", .skip = "", .repeat = 1,
			.brackets = brackets, .nbrackets = 2 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;
	static const char *const order[] = { "z.first", "y.first", "a.two.unc", "a.two.core",
					      "y.last", "z.last" };
	unsigned i;

	(void)state;
	host_machine(1, 1);
	nseen = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(t.planned, 6);
	assert_int_equal(nseen, 6);
	for (i = 0; i < ARRAY_SIZE(order); i++)
		assert_string_equal(seen[i].test->id, order[i]);
	o.tests = "a.two.core";
	nseen = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(nseen, 3);
	assert_string_equal(seen[0].test->id, "y.first");
}

/* The sink hears `starting` before each test body that runs (the session
 * flushes its files there) and never for a SKIP; its result comes after. */
static unsigned startings, results_at_start[32];

static unsigned index_at_start[32];

static void on_starting(void *ctx, const struct tresult *r)
{
	(void)ctx;
	if (startings < 32) {
		results_at_start[startings] = nseen;
		index_at_start[startings] = r->index;
	}
	startings++;
}

/* ... and `ended` after each body that ran, before its result (the
 * session defers its flushes from there to the next `starting`). */
static unsigned endings, startings_at_end[32], results_at_end[32];

static void on_ended(void *ctx)
{
	(void)ctx;
	if (endings < 32) {
		startings_at_end[endings] = startings;
		results_at_end[endings] = nseen;
	}
	endings++;
}

static void starting_before_each_test_that_runs(void **state)
{
	struct run_opts o = { .tests = "a.*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .no_uncore = "no uncore" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	nseen = startings = endings = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink, .starting = on_starting, .ended = on_ended }, &t);
	assert_int_equal(nseen, 7);
	assert_int_equal(startings, 2); /* a.one.pass and a.one.fail; the five a.two.* SKIP */
	assert_int_equal(results_at_start[0], 0);
	assert_int_equal(index_at_start[1], 2); /* the test's place, for the progress mark */
	assert_int_equal(results_at_start[1], 1);
	assert_int_equal(endings, 2);
	assert_int_equal(startings_at_end[0], 1); /* after its own start, */
	assert_int_equal(results_at_end[0], 0);   /* before its own result */
	assert_int_equal(startings_at_end[1], 2);
	assert_int_equal(results_at_end[1], 1);
}

/* recover hears every FAIL and ERROR, after its result, and nothing else:
 * a.one.fail, b.error and b.silent of the ten (PASS, SKIP and XFAIL end
 * through their test's own clean-up). */
static const char *recovered[32];
static unsigned nrecovered, results_at_recover[32];

static void on_recover(const struct tresult *r)
{
	if (nrecovered < 32) {
		results_at_recover[nrecovered] = nseen;
		recovered[nrecovered] = r->test->id;
	}
	nrecovered++;
}

static void recover_after_fail_and_error(void **state)
{
	struct run_opts o = { .tests = "*", .skip = "", .repeat = 1, .recover = on_recover };
	struct run_env env = { .ncpus = 1, .npackages = 1, .no_uncore = "no uncore" };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	nseen = nrecovered = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(nseen, 10);
	assert_int_equal(nrecovered, 3);
	assert_string_equal(recovered[0], "a.one.fail");
	assert_int_equal(results_at_recover[0], 2); /* its result is out first */
	assert_string_equal(recovered[1], "b.error");
	assert_string_equal(recovered[2], "b.silent");
}

/* A failing first (a pre-flight) is recovered from; a failing last (a
 * restore) is not: stopping then would undo what it put back. */
static void recover_not_after_a_last(void **state)
{
	static const struct test bad_first = {
		.id = "z.first",
		.desc = "save, badly",
		.needs = 0,
		.run = error,
	};
	static const struct test bad_last = {
		.id = "z.last",
		.desc = "restore, badly",
		.needs = 0,
		.run = error,
	};
	static const struct bracket bad[] = {
		{ .needs = NEED_UNCORE, .first = &bad_first, .last = &bad_last },
	};
	struct run_opts o = { .tests = "a.two.unc", .skip = "", .repeat = 1, .brackets = bad,
			.nbrackets = 1, .recover = on_recover };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;

	(void)state;
	host_machine(1, 1);
	nseen = nrecovered = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(nseen, 3);
	assert_int_equal(seen[2].verdict, V_ERROR);
	assert_int_equal(nrecovered, 1);
	assert_string_equal(recovered[0], "z.first");
}

static void list_prints_selected(void **state)
{
	struct run_opts o = { .tests = "a.one.*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };

	(void)state;
	host_machine(1, 1);
	assert_int_equal(runner_list(suites, 2, &o, &env), 2);
	assert_non_null(strstr(host_output(), "a.one.pass"));
	assert_non_null(strstr(host_output(), "passes"));
	assert_null(strstr(host_output(), "a.two"));
	assert_non_null(strstr(host_output(), "list: 2 test(s) selected: 2 run on this CPU, 0 N/A, "
			       "0 SKIP\n"));
}

/* list marks each test with what its requirements make it on this
 * machine, names each reason once with its count, and counts the marks. */
static void list_marks_what_applies(void **state)
{
	struct run_opts o = { .tests = "a.two.*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1, .no_uncore = "model 0x17",
			.core_pmu = true };
	const char *out;

	(void)state;
	host_machine(1, 1);
	assert_int_equal(runner_list(suites, 2, &o, &env), 5);
	out = host_output();
	assert_non_null(strstr(out, "N/A  a.two.smp "));
	assert_non_null(strstr(out, "N/A  a.two.pkg "));
	assert_non_null(strstr(out, "SKIP a.two.unc "));
	assert_non_null(strstr(out, "runs a.two.core "));
	assert_non_null(strstr(out, "list: 1 not run here: needs 2 or more CPUs (have 1)\n"));
	assert_non_null(strstr(out, "list: 1 not run here: model 0x17\n"));
	assert_non_null(strstr(out, "list: 5 test(s) selected: 1 run on this CPU, 3 N/A, 1 SKIP\n"));
}

/* A figure carries its index (core 2, box "C0"); the same name and index
 * again replaces the value, another index adds an entry; past
 * T_MAX_FIGURES new figures are dropped, replacements still land. */
static void figures_by_index(void **state)
{
	static const struct test one = {
		.id = "f.figs",
		.desc = "figures",
		.needs = 0,
		.run = pass,
	};
	struct tresult r = { .test = &one };
	struct tctx t = { .res = &r };
	unsigned i;

	(void)state;
	t_figure_at(&t, "latency_us_median", FIG_CORE, 2, 12, "us");
	t_figure_box(&t, "pmis_count", "C0", 3, "count");
	t_figure_at(&t, "latency_us_median", FIG_CORE, 3, 15, "us");
	t_figure_at(&t, "latency_us_median", FIG_CORE, 2, 13, "us");
	t_figure(&t, "plain_count", 1, "count");
	t_figure(&t, "plain_count", 2, "count");
	assert_int_equal(r.nfigs, 4);
	assert_int_equal(r.figs[0].key, FIG_CORE);
	assert_string_equal(r.figs[0].at, "2");
	assert_int_equal(r.figs[0].value, 13);
	assert_int_equal(r.figs[1].key, FIG_BOX);
	assert_string_equal(r.figs[1].at, "C0");
	assert_string_equal(r.figs[2].at, "3");
	assert_int_equal(r.figs[3].key, FIG_PLAIN);
	assert_int_equal(r.figs[3].value, 2);
	assert_string_equal(fig_key_word(FIG_PACKAGE), "package");
	for (i = 0; i < T_MAX_FIGURES; i++)
		t_figure_at(&t, "rate_mhz", FIG_CPU, i, i, "mhz");
	assert_int_equal(r.nfigs, T_MAX_FIGURES);
	assert_string_equal(r.figs[T_MAX_FIGURES - 1].at, "27");
	t_figure_at(&t, "latency_us_median", FIG_CORE, 3, 16, "us");
	assert_int_equal(r.figs[2].value, 16);
}

/* t_figure_expect keeps the test's expected value and tolerance (a
 * negative tolerance as its size); the same name recorded again with
 * t_figure is a plain reported figure again. */
static void figure_expect(void **state)
{
	static const struct test one = {
		.id = "f.expect",
		.desc = "expected figures",
		.needs = 0,
		.run = pass,
	};
	struct tresult r = { .test = &one };
	struct tctx t = { .res = &r };

	(void)state;
	t_figure_expect(&t, "uclk_hz", 133000000, 133330000, -2666600, "hz");
	t_figure(&t, "other_count", 5, "count");
	assert_int_equal(r.nfigs, 2);
	assert_true(r.figs[0].has_expect);
	assert_int_equal(r.figs[0].expected, 133330000);
	assert_int_equal(r.figs[0].tol, 2666600);
	assert_false(r.figs[1].has_expect);
	t_figure(&t, "uclk_hz", 1, "hz");
	assert_int_equal(r.nfigs, 2);
	assert_false(r.figs[0].has_expect);
}

/* C-61: on a hybrid part each test of an each_core_type suite runs once per
 * core type, its body on that type's CPU, the result naming type and CPU;
 * other suites once, unnamed; the plan counts every run. */
static unsigned ran_on[4];

static enum verdict where_am_i(struct tctx *t)
{
	(void)t;
	ran_on[plat_this_cpu()]++;
	return V_PASS;
}

static void c61_each_core_type_suite_runs_per_type(void **state)
{
	static const struct test typed[] = {
		{ .id = "c.one", .desc = "per type", .needs = 0, .run = where_am_i },
	};
	static const struct suite per_type = SUITE_EACH_TYPE("c", typed);
	static const struct suite *const both[] = { &per_type, &suite_b };
	static const struct run_types types = { .n = 2, .cpu = { 0, 2 }, .type = { 0x40, 0x20 } };
	struct run_opts o = { .tests = "c.*,b.xfail", .skip = "", .repeat = 1, .types = &types };
	struct run_env env = { .ncpus = 3, .npackages = 1, .no_uncore = "none" };
	struct tally t;

	(void)state;
	host_machine(3, 1);
	nseen = 0;
	memset(ran_on, 0, sizeof(ran_on));
	assert_int_equal(runner_planned(both, 2, &o), 3);
	runner_run(both, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(nseen, 3);
	assert_int_equal(ran_on[0], 1);
	assert_int_equal(ran_on[2], 1);
	assert_int_equal(seen[0].core_type, 0x40);
	assert_int_equal(seen[0].cpu, 0);
	assert_int_equal(seen[1].core_type, 0x20);
	assert_int_equal(seen[1].cpu, 2);
	assert_int_equal(seen[1].verdict, V_PASS);
	assert_int_equal(seen[2].core_type, 0); /* suite b: once, unnamed */
	o.types = NULL; /* not hybrid: once, on the BSP */
	assert_int_equal(runner_planned(both, 2, &o), 2);
}

/* Passes (emu.fault.each=, harness/session.c): the whole selection once per
 * pass, repeats inside each; start_pass before each pass's first test, also
 * for a pass a resumed run skips whole; each result names its pass; the
 * brackets once around all of them. */
static unsigned passes_started[4], npasses_started;

static void note_pass(unsigned k)
{
	if (npasses_started < 4)
		passes_started[npasses_started++] = k;
}

static void passes_run_the_selection_each(void **state)
{
	static const char *const names[] = { "none", "no-count", "late-overflow" };
	static const struct test first_c = { .id = "z.first", .desc = "save", .run = count_first };
	static const struct bracket br[] = { { .needs = NEED_UNCORE, .first = &first_c,
					       .last = &last } };
	struct run_resume re = { .next = 6, .reason = NULL };
	struct run_opts o = { .tests = "a.two.unc", .skip = "", .repeat = 2, .brackets = br,
			.nbrackets = 1, .npasses = 3, .pass = names, .start_pass = note_pass };
	struct run_env env = { .ncpus = 1, .npackages = 1, .uncore = true, .core_pmu = true };
	struct tally t;
	unsigned i;

	(void)state;
	host_machine(1, 1);
	nseen = npasses_started = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(t.planned, 2 + 3 * 2);
	assert_int_equal(nseen, 8);
	assert_int_equal(npasses_started, 3);
	for (i = 0; i < 3; i++)
		assert_int_equal(passes_started[i], i);
	assert_null(seen[0].pass); /* the bracket's first */
	for (i = 1; i < 7; i++) {
		assert_string_equal(seen[i].test->id, "a.two.unc");
		assert_string_equal(seen[i].pass, names[(i - 1) / 2]);
		assert_int_equal(seen[i].iteration, (i - 1) % 2 + 1);
		assert_int_equal(seen[i].index, i + 1);
	}
	assert_null(seen[7].pass);
	assert_string_equal(seen[7].test->id, "z.last");
	/* resumed at result 6 (pass 3's first): passes 1 and 2 started all the
	 * same, their results not written again */
	o.resume = &re;
	memset(&t, 0, sizeof(t));
	nseen = npasses_started = 0;
	runner_run(suites, 2, &o, &env, &(struct run_sink){ .result = sink }, &t);
	assert_int_equal(npasses_started, 3);
	assert_int_equal(nseen, 3);
	assert_int_equal(seen[0].index, 6);
	assert_string_equal(seen[0].pass, "late-overflow");
	assert_int_equal(seen[1].index, 7);
	assert_string_equal(seen[2].test->id, "z.last");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(verdicts_and_reasons),
		cmocka_unit_test(figures_by_index),
		cmocka_unit_test(figure_expect),
		cmocka_unit_test(untrusted_clock_fail_is_error),
		cmocka_unit_test(requirements_met),
		cmocka_unit_test(selection_globs),
		cmocka_unit_test(repeat_numbers_iterations),
		cmocka_unit_test(summary_and_exit_codes),
		cmocka_unit_test(bracket_passes_are_not_tests),
		cmocka_unit_test(first_and_last_bracket_uncore_runs),
		cmocka_unit_test(resume_goes_on_after_the_cut),
		cmocka_unit_test(brackets_nest),
		cmocka_unit_test(other_generation_not_applicable),
		cmocka_unit_test(second_suite_prefix_runs),
		cmocka_unit_test(further_suite_prefixes_run),
		cmocka_unit_test(c50_ruled_out_generations_are_not_applicable),
		cmocka_unit_test(not_applicable_runs_are_one_line),
		cmocka_unit_test(fails_listed_at_the_end),
		cmocka_unit_test(starting_before_each_test_that_runs),
		cmocka_unit_test(recover_after_fail_and_error),
		cmocka_unit_test(recover_not_after_a_last),
		cmocka_unit_test(list_prints_selected),
		cmocka_unit_test(list_marks_what_applies),
		cmocka_unit_test(skip_runs_are_one_line_and_named_at_the_end),
		cmocka_unit_test(untested_reasons_bounded),
		cmocka_unit_test(c61_each_core_type_suite_runs_per_type),
		cmocka_unit_test(passes_run_the_selection_each),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
