/* The on-target test framework: tests live in tables, a runner selects them
 * by glob, runs each, and hands one result per test to the result sinks
 * (console verdict line, TAP, JSON). Portable: no <efi.h>. */
#ifndef TESTS_FW_TEST_H
#define TESTS_FW_TEST_H

#include "lib/rt.h"

/* V_NA, not applicable (chipsec's NOT_APPLICABLE): the test is for what
 * this machine lacks by design (another uncore generation, a second
 * package, x2APIC, an architectural core PMU), so it could never run here;
 * kept apart from V_SKIP, a test that applies but could not run. */
enum verdict { V_PASS, V_FAIL, V_SKIP, V_XFAIL, V_ERROR, V_NA, V_COUNT };
/* "PASS", "FAIL", "SKIP", "XFAIL", "ERROR", "N/A": the console, log and
 * JSON word. */
const char *verdict_word(enum verdict v);

/* Requirements a test declares; an unmet one makes it N/A with a reason
 * (SKIP for NEED_UNCORE on a CPU whose uncore the harness does not know:
 * the machine has one, the harness cannot test it). */
enum need {
	NEED_SMP2     = 1u << 0, /* two or more CPUs */
	NEED_PACKAGE2 = 1u << 1, /* two or more packages */
	NEED_X2APIC   = 1u << 2, /* CPU offers x2APIC (CPUID.1:ECX[21]) */
	NEED_UNCORE   = 1u << 3, /* a supported uncore generation (N-01) */
	NEED_CORE_PMU = 1u << 4, /* an architectural core PMU (CPUID.0AH:EAX[7:0] > 0, C-11) */
};

/* Room for the per-core figures of a test on 8 CPUs (3 statistics each)
 * beside its plain ones. */
#define T_MAX_FIGURES 32
#define T_REASON_LEN  200

/* What a figure is indexed by: nothing (a plain figure), or the CPU (its
 * index in the run's CPU list), core, package, box or half-box it was
 * measured on. results.json renders all entries of one name as an array
 * of objects keyed by this word ("cpu", "core", ...: fig_key_word). */
enum fig_key { FIG_PLAIN, FIG_CPU, FIG_CORE, FIG_PACKAGE, FIG_BOX, FIG_HALF, FIG_KEY_COUNT };
const char *fig_key_word(enum fig_key k);

/* A figure's name ends with its unit, before an optional statistic:
 * latency_us_median, uclk_hz, pmis_count (docs/results.schema.json lists
 * the units); unit repeats that word. */
struct figure {
	char name[32];
	int64_t value;
	/* What the test's own derivation expects and how far off still passes
	 * (t_figure_expect), in unit; has_expect false for a figure that is
	 * only reported. */
	int64_t expected, tol;
	bool has_expect;
	char unit[8];
	uint8_t key;  /* enum fig_key */
	char at[11];  /* the index: a number, or a box's name for FIG_BOX */
};

struct tctx;
struct test {
	const char *id;   /* dotted, stable: area.topic.case */
	const char *desc; /* one line */
	unsigned needs;   /* enum need bits */
	enum verdict (*run)(struct tctx *t);
};

struct suite {
	const char *name;
	const struct test *tests;
	unsigned count;
	/* On a hybrid part each test runs once per core type, on the first CPU
	 * of each (the core PMU suite, C-61; harness/runner.h). */
	bool each_core_type;
};
#define SUITE(name_, table_) { .name = name_, .tests = table_, .count = ARRAY_SIZE(table_) }
#define SUITE_EACH_TYPE(name_, table_)                                                 \
	{ .name = name_, .tests = table_, .count = ARRAY_SIZE(table_), .each_core_type = true }

/* What a test saw of one open question's default (OQ-, docs/spec/): one
 * entry per question and default a test checked (t_default), however often
 * it checked it. */
#define T_MAX_OBS    8
#define T_OQ_LEN     8   /* "OQ-N26" */
#define T_WANT_LEN   72  /* the default, in a few words */
#define T_SEEN_LEN   160 /* the first miss, as the test words it */
struct observation {
	char oq[T_OQ_LEN];
	char want[T_WANT_LEN];
	char seen[T_SEEN_LEN]; /* "" while every check held */
	uint16_t checks, misses;
};

struct msr_trace;

struct tresult {
	const struct test *test;
	unsigned index;       /* 1-based position in the run (TAP number) */
	/* The core type (CPUID.1AH:EAX[31:24], C-56) of the CPU a test of an
	 * each_core_type suite ran on, on a hybrid part, and that CPU; 0:
	 * not named. */
	uint8_t core_type, cpu;
	unsigned iteration;   /* 1..repeat */
	const char *pass;     /* its pass's name (run_opts.pass), or NULL */
	enum verdict verdict;
	char reason[T_REASON_LEN];
	uint64_t duration_us;
	struct figure figs[T_MAX_FIGURES];
	unsigned nfigs;
	/* The open questions the test checked (t_default), and how many more
	 * entries did not fit. */
	struct observation obs[T_MAX_OBS];
	unsigned nobs, obs_dropped;
	/* The test's MSR accesses (verbose=3, pmu/backend/trace.h), or none. */
	const struct msr_trace *trace;
	unsigned ntrace, trace_dropped;
};

struct tctx {
	struct tresult *res;
};

/* End a test with a verdict and a printf-style reason. */
enum verdict t_fail(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
enum verdict t_skip(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Not applicable: what the test needs is absent from this machine by
 * design (a documented model difference, not a failure to run). */
enum verdict t_na(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
enum verdict t_xfail(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
enum verdict t_error(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Record a measured figure (goes to results.json and, at verbose>=2, the
 * log). A second figure of the same name and index replaces the first. */
void t_figure(struct tctx *t, const char *name, int64_t value, const char *unit);
/* A plain figure with what the test expects of it: expected, give or take
 * tol (both in unit), from the test's own derivation (its spec statement,
 * the configured rate), never from the model's tables. Reports (make
 * report) plot value against expected and compare runs by tol. */
void t_figure_expect(struct tctx *t, const char *name, int64_t value, int64_t expected,
		     int64_t tol, const char *unit);
/* A figure of one CPU, core, package or half-box (key), index at. */
void t_figure_at(struct tctx *t, const char *name, enum fig_key key, unsigned at, int64_t value,
		 const char *unit);
/* A figure of one uncore box, by the box's name ("C0", "S1"). */
void t_figure_box(struct tctx *t, const char *name, const char *box, int64_t value,
		  const char *unit);

/* An open question's default (OQ-, docs/spec/): what sources leave open,
 * the emulated model answers with its recommended default. held says
 * whether the machine showed the default (want names it). On the model a
 * miss ends the test: the result is a FAIL with fmt as its reason. On
 * hardware nothing fails: the check is recorded with what was seen
 * (results.json "open_questions", the TAP's YAML block, the log at
 * verbose=1 for a miss and 2 for a default that held) and the test goes
 * on. Returns V_PASS or that FAIL, for TRY(): `grep -rn t_default suites`
 * lists every assertion the model makes beyond what the sources say. */
enum verdict t_default(struct tctx *t, const char *oq, const char *want, bool held,
		       const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The tolerance a comparison allows: 0 on the model, which is exact; hw on
 * hardware, for the reason why (logged at verbose=2 with the value, once
 * while a test asks again for the same reason). */
int64_t t_slack(struct tctx *t, int64_t hw, const char *why);
/* A counter that never moved where the model's events always move: a
 * FAIL on the model, a SKIP on hardware (the event may be idle there). */
enum verdict t_idle(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same where the test can go on without that counter: a FAIL on the
 * model; on hardware a note (the log at verbose=1) and V_PASS, for TRY(). */
enum verdict t_still(struct tctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether the PMU behind the tests is the emulated model (pmu/backend/
 * backend.h), for what is not an open question: a test step only the
 * model can take, a rate only the model has. t_default, t_slack, t_idle
 * and t_still ask it of the PMU their test measures: a core PMU test's
 * (NEED_CORE_PMU) is the core PMU, which the emulated backend leaves to
 * silicon on a CPU that has one (pmu_core_emulated). */
bool t_on_model(void);

#define CHECK(t, cond, ...) \
	do { if (!(cond)) return t_fail((t), __VA_ARGS__); } while (0)
/* A step of a test: any verdict but PASS ends the test with it. */
#define TRY(x) do { enum verdict v_ = (x); if (v_ != V_PASS) return v_; } while (0)

#endif
