/* The runner: selects tests by glob, checks their requirements, runs each
 * with CPU exceptions caught, prints one verdict line, hands the result to
 * the sink (result files) and keeps the tally. */
#ifndef TESTS_FW_RUNNER_H
#define TESTS_FW_RUNNER_H

#include "harness/results.h"

struct run_env {
	unsigned ncpus, npackages;
	bool x2apic;
	bool uncore;            /* a supported uncore generation was found */
	const char *no_uncore;  /* why not, for the SKIP reason */
	bool core_pmu;          /* CPUID.0AH reports an architectural PMU */
	const char *no_core_pmu; /* why not, for the SKIP reason */
	/* The supported uncore's suite prefix (its registry row's, "nhm"), or
	 * NULL: a test that needs the uncore and whose id starts with another
	 * name than this one or "uncore" is another generation's, and SKIPs. */
	const char *uncore_gen;
	/* Its further suite prefixes, space-separated (the registry row's
	 * suite_also, "imc"; "mtl imc"), or NULL: their tests are this
	 * uncore's too. */
	const char *uncore_also;
	/* Suite prefixes, space-separated, of generations this CPU rules out
	 * (pmu_choice.ruled_out, C-50): their tests are N/A whatever else;
	 * NULL or "": none. */
	const char *ruled_out;
};

/* first runs once before everything else and last once after, whenever the
 * selection holds a test that needs any of `needs` (save and restore the
 * state those tests touch). */
struct bracket {
	unsigned needs;
	const struct test *first, *last;
};

/* A hybrid part's core types (C-55, C-56): the first CPU of each, the
 * BSP's type first. */
#define RUN_MAX_TYPES 4
struct run_types {
	unsigned n;
	unsigned cpu[RUN_MAX_TYPES];
	uint8_t type[RUN_MAX_TYPES];
};

/* A run that goes on after a reset (efi/progress.c): results 1..next-1
 * are in the files already, their tally in the tally runner_run is given.
 * Result next is an ERROR with reason when reason is not NULL (the test
 * the reset cut short), and the run goes on from next + 1; with reason
 * NULL (a reset between tests) it goes on from next itself; with stop, it
 * ends there (watchdog.resets= reached, or the reset came after the last
 * result). The brackets' firsts before next run again, unrecorded, since
 * what they saved went with the reset. */
struct run_resume {
	unsigned next;
	const char *reason;
	bool hung; /* the reset was the watchdog's: counted in tally.hung */
	bool stop;
};

struct run_opts {
	const char *tests, *skip; /* comma-separated globs */
	unsigned repeat;
	/* Firsts in this order, lasts in the reverse one. */
	const struct bracket *brackets;
	unsigned nbrackets;
	/* Called after a test that ended FAIL or ERROR (its result r), once
	 * the result is out: such a test may have been cut short before its
	 * own clean-up (a CPU exception, a failed check), so the machine is
	 * put back in a quiet state before the next test. Not after a
	 * bracket's last, which restores. NULL: nothing. */
	void (*recover)(const struct tresult *r);
	/* NULL, or fewer than 2: every test once, on the BSP; else each test
	 * of an each_core_type suite once per type, on its CPU (C-61). */
	const struct run_types *types;
	const struct run_resume *resume; /* NULL: a run from its start */
	/* Passes of the whole selection (repeats included), one after the
	 * other: npasses of them (0: one), each result naming its pass
	 * (pass[k], tresult.pass); start_pass(k), if not NULL, runs before
	 * pass k's first test, also in a resumed run that skips the pass
	 * (harness/session.c: emu.fault.each=). */
	unsigned npasses;
	const char *const *pass;
	void (*start_pass)(unsigned k);
};

struct run_sink {
	void (*result)(void *ctx, const struct tresult *r);
	void *ctx;
	/* before a test body runs (r: its test, index and iteration); may be NULL */
	void (*starting)(void *ctx, const struct tresult *r);
	/* after it ran, before its trace (verbose=3) and verdict: what follows
	 * is its record, written as one piece; may be NULL */
	void (*ended)(void *ctx);
};

bool runner_selected(const struct run_opts *o, const char *id);
/* "config: tests= glob 'x' matches no test id ..." for each item of
 * tests= and skip= that matches none; returns how many. */
unsigned runner_unmatched(const struct suite *const *s, unsigned nsuites, const struct run_opts *o);
/* Print "<mark> <id> <description>" for every selected test, the mark
 * what its requirements make it on the machine env describes ("runs",
 * "N/A", "SKIP"), then each reason for not running with its count, then
 * "list: N test(s) selected: ..."; returns N. */
unsigned runner_list(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		     const struct run_env *env);
unsigned runner_planned(const struct suite *const *s, unsigned nsuites, const struct run_opts *o);
void runner_run(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		const struct run_env *env, const struct run_sink *sink, struct tally *tally);

/* The final line, exactly "N passed, N failed, N skipped, N not applicable":
 * PASS and XFAIL count as passed, FAIL and ERROR as failed. */
void runner_summary_line(const struct tally *t, char *buf, size_t len);
/* "failed: N test(s)" and a line "  FAIL|ERROR id: first line of reason"
 * for each kept in the tally; nothing when none failed. */
void runner_print_fails(const struct tally *t);
/* Whether id is a state bracket's (uncore.state.*, core.state.*: the
 * session's brackets, harness/state.h): results of its kind save or
 * restore the machine's state and test nothing. By id, since a run resumed
 * from its journal (results_resume.c) has only the ids of its results;
 * tools/console_lines.py's is_bracket is the readers' same rule. */
bool runner_bracket(const char *id);
/* Exit code from the tally: 0 all passed, 1 a test failed, 2 harness error
 * (an ERROR verdict), 77 nothing tested (every selected test skipped or not
 * applicable, or none selected: the brackets' own PASSes do not count),
 * 124 a test hung and a watchdog reset the machine
 * (before the others: the run's results are whole but for that test). */
int runner_exit_code(const struct tally *t);
/* "not tested: N SKIP|N/A: reason" for each reason kept in the tally, and a
 * line for the others; nothing when every result was tested. */
void runner_print_untested(const struct tally *t);
/* Count r in the tally: its verdict, and a FAIL or ERROR in the list. */
void runner_tally(struct tally *t, const struct tresult *r);

/* All suites of the harness (suites/all.c). */
extern const struct suite *const all_suites[];
extern const unsigned all_suites_count;

#endif
