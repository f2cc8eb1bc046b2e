/* Host tests of journal_resume (harness/results_resume.c): after a reset
 * the journal is all that is left of a run, and from it results.json is
 * rebuilt byte for byte as the first boot had it in memory, the journal's
 * numbering goes on, and the tally counts what the first boot reported. */
#include "tests/harness/test_results.h"
#include "harness/runner.h"

/* The same results into a journal and a results.json, as a boot writes
 * them; the first n of them only. */
static void first_boot(struct mem *mj, struct mem *ml, struct rfile *fj, struct rfile *fl,
		       const struct tresult *r, int n)
{
	*fj = mem_file(mj);
	*fl = mem_file(ml);
	json_begin(fj, &info);
	jsonl_begin(fl, &info);
	for (int i = 0; i < n; i++) {
		json_result(fj, &r[i]);
		jsonl_result(fl, &r[i]);
	}
}

static void resume_rebuilds_json_and_tally(void **state)
{
	struct mem mj, ml, mr;
	struct rfile fj, fl, fr;
	struct tresult r[6];
	struct tally t, got;
	(void)state;

	sample_run(r, &t);
	strcpy(r[5].reason, "hung: reset by watchdog after 20 s");
	first_boot(&mj, &ml, &fj, &fl, r, 6);
	fr = mem_file(&mr);
	fl.seq = 0;
	assert_int_equal(journal_resume(ml.p, ml.len, &fr, &fl, &got), 6);
	/* results.json as the first boot had it, and the next seq after it */
	assert_int_equal(mr.len, mj.len);
	assert_memory_equal(mr.p, mj.p, mj.len);
	assert_int_equal(fr.tail, fj.tail);
	assert_int_equal(fr.pos, fj.pos);
	assert_int_equal(fl.seq, 7);
	for (int v = 0; v < V_COUNT; v++)
		assert_int_equal(got.n[v], t.n[v]);
	/* the FAIL and the ERROR listed, ids and reasons unescaped */
	assert_int_equal(got.nfails, 2);
	assert_string_equal(got.fails[0].id, r[2].test->id);
	assert_string_equal(got.fails[0].reason, "expected 1, got \"2\"");
	assert_int_equal(got.fails[1].verdict, V_ERROR);
	assert_string_equal(got.fails[1].reason, "hung: reset by watchdog after 20 s");
	assert_int_equal(got.hung, 1);
	/* the run goes on: one more record, the same as the first boot's */
	json_result(&fr, &r[0]);
	json_result(&fj, &r[0]);
	assert_int_equal(mr.len, mj.len);
	assert_memory_equal(mr.p, mj.p, mj.len);
	assert_true(json_valid(mr.p, mr.len));
	/* and its journal line chains from the last one before the reset */
	jsonl_result(&fl, &r[0]);
	mem_teardown(&mr);
	fr = mem_file(&mr);
	assert_int_equal(journal_resume(ml.p, ml.len, &fr, &fl, &got), 7);
	mem_teardown(&mj);
	mem_teardown(&ml);
	mem_teardown(&mr);
}

/* A journal of the head alone resumes with no result; one cut inside a
 * line, or with a line out of sequence, does not resume at all. */
static void resume_refuses_what_it_did_not_write(void **state)
{
	struct mem mj, ml, mr;
	struct rfile fj, fl, fr;
	struct tresult r[6];
	struct tally t, got;
	char *bad;
	(void)state;

	sample_run(r, &t);
	first_boot(&mj, &ml, &fj, &fl, r, 0);
	fr = mem_file(&mr);
	assert_int_equal(journal_resume(ml.p, ml.len, &fr, &fl, &got), 0);
	assert_int_equal(fl.seq, 1);
	assert_memory_equal(mr.p, mj.p, mj.len);
	mem_teardown(&mj);
	mem_teardown(&ml);
	mem_teardown(&mr);

	first_boot(&mj, &ml, &fj, &fl, r, 3);
	fr = mem_file(&mr);
	assert_int_equal(journal_resume(ml.p, ml.len - 1, &fr, &fl, &got), -1);
	bad = strstr(ml.p, "{\"seq\":2,");
	bad[7] = '3';
	assert_int_equal(journal_resume(ml.p, ml.len, &fr, &fl, &got), -1);
	assert_int_equal(journal_resume("", 0, &fr, &fl, &got), -1);
	mem_teardown(&mj);
	mem_teardown(&ml);
	mem_teardown(&mr);
}

/* A reset cuts line k of a journal at any byte, and the clusters after it
 * still hold an older run's journal from the same offset on: the line
 * then reads as k's first bytes and the stale ones up to their newline.
 * Its check fails at every cut (but where the bytes are the same, or are
 * the older journal's own head line whole, which names the older run),
 * so neither the resume nor any reader takes it for a whole line. */
static void stale_tail_fails_the_check_at_every_byte(void **state)
{
	struct mem mj, ml, ol;
	struct rfile fj, fl, gl;
	struct tresult r[6], old[6];
	struct tally t;
	char line[4096];
	uint32_t chain = 0, c;
	struct run_info oi = info;
	(void)state;

	sample_run(r, &t);
	sample_run(old, &t);
	old[2].verdict = V_PASS; /* the older run: the FAIL was a PASS */
	old[2].reason[0] = '\0';
	old[1].duration_us = 77;
	first_boot(&mj, &ml, &fj, &fl, r, 6);
	oi.tag = "lab0"; /* its head differs, as an older run's date does */
	gl = mem_file(&ol);
	jsonl_begin(&gl, &oi);
	for (int i = 0; i < 6; i++)
		jsonl_result(&gl, &old[i]);
	for (size_t at = 0, nl; at < ml.len; at = nl + 1) {
		for (nl = at; ml.p[nl] != '\n'; nl++)
			;
		for (size_t cut = 0; cut < nl - at; cut++) {
			size_t n = 0, s;

			memcpy(line, ml.p + at, cut);
			for (n = cut, s = at + cut; s < ol.len && ol.p[s] != '\n' && n < sizeof(line); s++)
				line[n++] = ol.p[s];
			if (n == nl - at && !memcmp(line, ml.p + at, n))
				continue; /* the same bytes: the line itself */
			if (!at && n < ol.len && ol.p[n] == '\n' && !memcmp(line, ol.p, n))
				continue; /* the older journal's own head, no splice */
			c = chain;
			assert_int_equal(journal_line_body(line, n, &c), 0);
		}
		assert_int_equal(journal_line_body(ml.p + at, nl - at, &chain),
				 nl - at - JOURNAL_CRC_LEN);
	}
	mem_teardown(&mj);
	mem_teardown(&ml);
	mem_teardown(&ol);
}

/* A hung test is exit code 124, before an ERROR's 2. */
static void hung_is_its_own_exit_code(void **state)
{
	struct tally t;
	(void)state;

	memset(&t, 0, sizeof(t));
	t.n[V_PASS] = 3;
	t.n[V_ERROR] = 1;
	assert_int_equal(runner_exit_code(&t), 2);
	t.hung = 1;
	assert_int_equal(runner_exit_code(&t), 124);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(resume_rebuilds_json_and_tally),
		cmocka_unit_test(resume_refuses_what_it_did_not_write),
		cmocka_unit_test(stale_tail_fails_the_check_at_every_byte),
		cmocka_unit_test(hung_is_its_own_exit_code),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
