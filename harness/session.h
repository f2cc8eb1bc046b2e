/* One run of the harness, the same under UEFI (efi/main.c) and in the Linux
 * host suite (host/suite.c): banner, list or run the selection of
 * all_suites bracketed by the uncore's and the core PMU's state save and
 * restore, result files, tally and the final line. The caller supplies what
 * only its platform knows: the CPU's identity, the APIC mode and where the
 * result files go. */
#ifndef TESTS_SESSION_H
#define TESTS_SESSION_H

#include "harness/runner.h"
#include "harness/config.h"
#include "pmu/detect.h"

struct session {
	const struct cfg *cfg;
	const struct pmu_choice *pc;
	/* CPU identity and apic_mode filled by the caller; session_start fills
	 * the rest (version, CPUs, backend, uncore, TSC rate, config, tag). */
	struct run_info ri;
	bool hypervisor, x2apic; /* CPUID.1:ECX[31], [21] (for the banner) */
	struct rfile *tap, *json, *jsonl; /* NULL: console only */
	struct tally tally;
	uint64_t t0; /* TSC at the app's start, set by the caller (elapsed_us) */
	/* Called after each result is written, outside any test, or NULL
	 * (efi/main.c: where inject=gp-outside-test faults). */
	void (*after_result)(const struct tresult *r);
	/* Around each test body, outside the deferred writes (efi/progress.c:
	 * the progress mark, the watchdogs), or NULL. before_test gets the
	 * test, its index and iteration. */
	void (*before_test)(const struct tresult *r);
	void (*after_test)(void);
	/* A run resumed after a reset (runner.h): its files already hold
	 * their heads and results 1..next-1, the tally those results; NULL on
	 * a run from its start. */
	const struct run_resume *resume;
	char cfg_text[CFG_DESCRIBE_MAX]; /* the whole description, never cut */
};

/* Fill the common run_info fields, print the banner, name the generation
 * whose state is saved and whose registers the trace names. */
void session_start(struct session *s);
/* list=: print the selected ids; exit code 0, or 77 if none is selected. */
int session_list(struct session *s);
/* How many results the selection will give (repeats included). */
unsigned session_planned(const struct session *s);
/* Run the selection; each result goes to the console and the files.
 * Records what each CPU holds before (harness/leave.h), stops everything
 * after a test that ended FAIL or ERROR, and ends with session_leave. */
void session_run(struct session *s);
/* Leave the machine as found, once, on any path (end_run calls it too):
 * if a restore bracket is still owed (the run ended outside a test), stop
 * everything and run it; then put each CPU's LVT entry and GLOBAL_CTRL
 * back and print the "state:" lines (what is not as found, what a lost
 * CPU holds, a summary). Nothing before session_run. */
void session_leave(void);
/* Close the files' records, print the tally and the final line
 * "N passed, N failed, N skipped"; returns the exit code (runner.h). */
int session_end(struct session *s);

#endif
