/* Host tests of the journal writer (harness/results_jsonl.c): every line
 * is one whole JSON object ending in a newline, numbered in sequence and
 * closed by its check, the
 * head carries the run's fields as results.json does, and a failed write
 * leaves the file at a line boundary. */
#include "tests/harness/test_results.h"

/* The lines of m, each checked: valid JSON, "seq":k in order, its check
 * (the chained CRC-32, results.h) holding. */
static unsigned assert_lines(const struct mem *m)
{
	const char *p = m->p, *end = m->p + m->len;
	unsigned k = 0;
	uint32_t chain = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		char seq[32];
		int n;

		assert_non_null(nl); /* every line ends with its newline */
		if (!json_valid(p, (size_t)(nl - p)))
			fail_msg("line %u is not JSON: %.*s", k, (int)(nl - p), p);
		n = snprintf(seq, sizeof(seq), k ? "{\"seq\":%u," : "{\"journal\":1,\"seq\":%u,", k);
		assert_int_equal(strncmp(p, seq, (size_t)n), 0);
		if (!journal_line_body(p, (size_t)(nl - p), &chain))
			fail_msg("line %u fails its check: %.*s", k, (int)(nl - p), p);
		p = nl + 1;
		k++;
	}
	return k;
}

static void jsonl_a_line_per_record(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	sample_run(r, &t);
	jsonl_begin(&f, &info);
	assert_int_equal(assert_lines(&m), 1);
	assert_true(strncmp(m.p, "{\"journal\":1,\"seq\":0,\"schema_version\":2,"
			    "\"harness\":\"uncore-harness\",\"version\":\"v1.2-3-gabc\","
			    "\"run\":\"run-0007\"", 107) == 0);
	for (int i = 0; i < 6; i++) {
		size_t prev = m.len;

		jsonl_result(&f, &r[i]);
		/* appended only: what was there is never rewritten */
		assert_int_equal(assert_lines(&m), (unsigned)i + 2);
		assert_true(m.len > prev);
		assert_non_null(strstr(m.p + prev, r[i].test->id));
	}
	jsonl_end(&f, &t);
	assert_int_equal(assert_lines(&m), 8);
	assert_non_null(strstr(m.p, "{\"seq\":7,\"summary\":{\"passed\":2,\"failed\":1,"));
	assert_false(f.failed);
	assert_int_equal(f.pos, m.len);
	assert_int_equal(m.flushes, 8);
	mem_teardown(&m);
}

/* The same record in both files: the journal's test object is results.json's. */
static void jsonl_record_is_the_json_record(void **state)
{
	struct mem mj, ml;
	struct rfile fj = mem_file(&mj), fl = mem_file(&ml);
	struct tresult r[6];
	struct tally t;
	const char *obj;
	(void)state;

	sample_run(r, &t);
	json_begin(&fj, &info);
	jsonl_begin(&fl, &info);
	json_result(&fj, &r[1]);
	jsonl_result(&fl, &r[1]);
	obj = strstr(ml.p, "\"test\":") + 7;
	assert_non_null(strstr(mj.p, "{\"id\":\"a.pass.figs\""));
	assert_int_equal(strncmp(obj, strstr(mj.p, "{\"id\":\"a.pass.figs\""),
				 strlen("{\"id\":\"a.pass.figs\",\"description\":\"passes with figures\","
					"\"iteration\":2,\"verdict\":\"PASS\",\"reason\":\"\","
					"\"duration_us\":1234,\"figures\":{\"latency_us\":"
					"{\"value\":42,\"unit\":\"us\"},\"latency_us_median\":"
					"[{\"core\":0,\"value\":12,\"unit\":\"us\"},{\"core\":1,"
					"\"value\":15,\"unit\":\"us\"}],\"delta_count\":{\"value\":-7,"
					"\"unit\":\"count\"},\"pmis_count\":[{\"box\":\"C0\",\"value\":3,"
					"\"unit\":\"count\"}],\"uclk_hz\":{\"value\":133000000,"
					"\"unit\":\"hz\",\"expected\":133330000,\"tolerance\":2666600}}}")), 0);
	mem_teardown(&mj);
	mem_teardown(&ml);
}

/* A failed write: the file keeps its whole lines and nothing follows. */
static void jsonl_failure_stops_at_a_line(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	sample_run(r, &t);
	m.fail_write = 3;
	jsonl_begin(&f, &info);
	jsonl_result(&f, &r[0]);
	jsonl_result(&f, &r[1]);
	assert_true(f.failed);
	jsonl_result(&f, &r[2]);
	jsonl_end(&f, &t);
	assert_int_equal(m.writes, 3);
	assert_int_equal(assert_lines(&m), 2);
	assert_int_equal(f.pos, m.len);
	mem_teardown(&m);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(jsonl_a_line_per_record),
		cmocka_unit_test(jsonl_record_is_the_json_record),
		cmocka_unit_test(jsonl_failure_stops_at_a_line),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
