/* Host unit tests of model versus silicon (harness/open_questions.c): an
 * open question's default fails the test on the model and is recorded
 * without failing on hardware, in results.json and the TAP; the
 * tolerance and the idle counter by backend. */
#include "tests/harness/test_results.h"
#include "host/host.h"
#include "harness/runner.h"
#include "pmu/backend/backend.h"

/* Only the field under test: nothing here reads or writes an MSR. */
static const struct msr_backend fake_hw = { .name = "hw", .model = false };
static const struct msr_backend fake_model = { .name = "emu", .model = true };

static const struct test one = { .id = "x.oq.case", .desc = "checks open questions" };

/* The emulated backend over a CPU with its own core PMU (C-13), and over
 * one without, whose core PMU it emulates. */
static bool core_is_silicon(void)
{
	return false;
}

static bool core_is_model(void)
{
	return true;
}

static const struct msr_backend fake_uncore_model = { .name = "emu", .model = true,
						      .core_emulated = core_is_silicon };
static const struct msr_backend fake_both_model = { .name = "emu", .model = true,
						    .core_emulated = core_is_model };
static const struct test core_one = { .id = "core.oq.case", .desc = "checks a core PMU "
				      "question", .needs = NEED_CORE_PMU };

static bool ends_with(const struct mem *m, const char *s)
{
	size_t n = strlen(s);

	return m->len >= n && !memcmp(m->p + m->len - n, s, n);
}

static struct tresult fresh(void)
{
	struct tresult r;

	memset(&r, 0, sizeof(r));
	r.test = &one;
	r.verdict = V_PASS;
	return r;
}

/* On hardware a miss passes and is recorded: id, default, what was seen;
 * a default that held is recorded too, as held. */
static void hardware_records_and_passes(void **state)
{
	struct tresult r = fresh();
	struct tctx t = { .res = &r };
	(void)state;

	msr_backend_set(&fake_hw);
	assert_false(t_on_model());
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", false, "bit 61 set on 0x%x", 3),
			 V_PASS);
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", false, "bit 61 set on 0x%x", 5),
			 V_PASS);
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", true, "unused"), V_PASS);
	assert_int_equal(t_default(&t, "OQ-L8", "write 0 clears", true, "unused"), V_PASS);
	assert_string_equal(r.reason, "");
	assert_int_equal(r.nobs, 2);
	assert_string_equal(r.obs[0].oq, "OQ-N6");
	assert_string_equal(r.obs[0].want, "bit 61 clear");
	assert_string_equal(r.obs[0].seen, "bit 61 set on 0x3"); /* the first miss */
	assert_int_equal(r.obs[0].checks, 3);
	assert_int_equal(r.obs[0].misses, 2);
	assert_string_equal(r.obs[1].oq, "OQ-L8");
	assert_int_equal(r.obs[1].misses, 0);
	assert_string_equal(r.obs[1].seen, "");
}

/* On the model the same miss fails the test with its words as the reason;
 * a default that held passes. */
static void model_fails_when_default_does_not_hold(void **state)
{
	struct tresult r = fresh();
	struct tctx t = { .res = &r };
	(void)state;

	msr_backend_set(&fake_model);
	assert_true(t_on_model());
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", true, "unused"), V_PASS);
	assert_string_equal(r.reason, "");
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", false, "bit 61 set on 0x%x", 3),
			 V_FAIL);
	assert_string_equal(r.reason, "bit 61 set on 0x3");
	assert_int_equal(r.nobs, 1);
	assert_int_equal(r.obs[0].checks, 2);
	assert_int_equal(r.obs[0].misses, 1);
}

/* More questions than entries: the rest are counted, none overwritten. */
static void entries_beyond_the_limit_are_counted(void **state)
{
	struct tresult r = fresh();
	struct tctx t = { .res = &r };
	char oq[8];
	(void)state;

	msr_backend_set(&fake_hw);
	for (unsigned i = 0; i < T_MAX_OBS + 3; i++) {
		snprintf(oq, sizeof(oq), "OQ-X%u", i);
		t_default(&t, oq, "a default", false, "seen %u", i);
	}
	assert_int_equal(r.nobs, T_MAX_OBS);
	assert_int_equal(r.obs_dropped, 3);
	assert_string_equal(r.obs[T_MAX_OBS - 1].seen, "seen 7");
}

static void slack_and_idle_by_backend(void **state)
{
	struct tresult r = fresh();
	struct tctx t = { .res = &r };
	(void)state;

	msr_backend_set(&fake_model);
	assert_int_equal(t_slack(&t, 64, "hardware counts traffic the model has not"), 0);
	assert_int_equal(t_idle(&t, "counter %u did not move", 2), V_FAIL);
	assert_string_equal(r.reason, "counter 2 did not move");
	assert_int_equal(t_still(&t, "counter %u did not move", 3), V_FAIL);
	assert_string_equal(r.reason, "counter 3 did not move");
	msr_backend_set(&fake_hw);
	assert_int_equal(t_slack(&t, 64, "hardware counts traffic the model has not"), 64);
	assert_int_equal(t_idle(&t, "counter %u did not move", 2), V_SKIP);
	r.reason[0] = '\0';
	assert_int_equal(t_still(&t, "counter %u did not move", 3), V_PASS);
	assert_string_equal(r.reason, "");
}

/* A core PMU test asks about the core PMU, not the backend: over a CPU's
 * own core PMU its default is recorded and the test goes on, its tolerance
 * is hardware's; over the emulated core PMU, asserted and exact. */
static void core_tests_follow_the_core_pmu(void **state)
{
	struct tresult r = fresh();
	struct tctx t = { .res = &r };
	(void)state;

	r.test = &core_one;
	msr_backend_set(&fake_uncore_model);
	assert_true(t_on_model());
	assert_int_equal(t_default(&t, "OQ-C1", "masked on delivery", false, "LVTPC 0x%x", 0xF4),
			 V_PASS);
	assert_string_equal(r.reason, "");
	assert_int_equal(r.obs[0].misses, 1);
	assert_int_equal(t_slack(&t, 1000, "the counters' start and stop skew"), 1000);
	msr_backend_set(&fake_both_model);
	assert_int_equal(t_default(&t, "OQ-C1", "masked on delivery", false, "LVTPC 0x%x", 0xF4),
			 V_FAIL);
	assert_string_equal(r.reason, "LVTPC 0xf4");
	assert_int_equal(t_slack(&t, 1000, "the counters' start and stop skew"), 0);
	/* any other test goes by the backend */
	r = fresh();
	msr_backend_set(&fake_uncore_model);
	assert_int_equal(t_default(&t, "OQ-N6", "bit 61 clear", false, "bit 61 set"), V_FAIL);
}

/* A test body run by the runner: on hardware its misses leave a PASS. */
static enum verdict misses_twice(struct tctx *t)
{
	TRY(t_default(t, "OQ-N6", "bit 61 clear", false, "bit 61 set"));
	TRY(t_default(t, "OQ-N13", "\"quoted\" default", false, "a \"quoted\" miss"));
	return V_PASS;
}

static const struct test body[] = {
	{ .id = "x.oq.run", .desc = "misses twice", .run = misses_twice },
};
static const struct suite suite = SUITE("x", body);
static const struct suite *const suites[] = { &suite };
static struct tresult got;

static void keep(void *ctx, const struct tresult *r)
{
	(void)ctx;
	got = *r;
}

static enum verdict run_on(const struct msr_backend *b)
{
	struct run_opts o = { .tests = "*", .skip = "", .repeat = 1 };
	struct run_env env = { .ncpus = 1, .npackages = 1 };
	struct tally tl;

	host_machine(1, 1);
	msr_backend_set(b);
	runner_run(suites, 1, &o, &env, &(struct run_sink){ .result = keep }, &tl);
	return got.verdict;
}

/* What results.json and the TAP carry of it. */
static void results_carry_the_observations(void **state)
{
	struct mem m, mt;
	struct rfile f = mem_file(&m), ft = mem_file(&mt);
	(void)state;

	assert_int_equal(run_on(&fake_model), V_FAIL);
	assert_string_equal(got.reason, "bit 61 set");
	assert_int_equal(run_on(&fake_hw), V_PASS);
	json_begin(&f, &info);
	json_result(&f, &got);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"figures\":{},\"open_questions\":["
			   "{\"id\":\"OQ-N6\",\"default\":\"bit 61 clear\",\"held\":false,"
			   "\"checks\":1,\"misses\":1,\"seen\":\"bit 61 set\"},"
			   "{\"id\":\"OQ-N13\",\"default\":\"\\\"quoted\\\" default\","
			   "\"held\":false,\"checks\":1,\"misses\":1,"
			   "\"seen\":\"a \\\"quoted\\\" miss\"}]}"));
	tap_begin(&ft, &info);
	tap_result(&ft, &got);
	assert_non_null(strstr(mt.p, "ok 1 - x.oq.run\n  ---\n  duration_ms: "));
	assert_non_null(strstr(mt.p, "  open_questions:\n    - id: \"OQ-N6\"\n"
			   "      default: \"bit 61 clear\"\n      held: false\n"
			   "      checks: 1\n      misses: 1\n      seen: \"bit 61 set\"\n"));
	assert_true(ends_with(&mt, "      seen: \"a \\\"quoted\\\" miss\"\n  ...\n"));
	mem_teardown(&m);
	mem_teardown(&mt);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(hardware_records_and_passes),
		cmocka_unit_test(model_fails_when_default_does_not_hold),
		cmocka_unit_test(entries_beyond_the_limit_are_counted),
		cmocka_unit_test(slack_and_idle_by_backend),
		cmocka_unit_test(core_tests_follow_the_core_pmu),
		cmocka_unit_test(results_carry_the_observations),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
