/* Test runner and the verdict helpers of harness/test.h. */
#include "harness/runner.h"
#include "harness/glob.h"
#include "lib/platform.h"
#include "pmu/core_enum.h"
#include "pmu/backend/trace.h"

/* A test body on a CPU other than the BSP may take this long (C-61). */
#define AP_TEST_US 120000000ull

static const char *const words[V_COUNT] = { "PASS", "FAIL", "SKIP", "XFAIL", "ERROR", "N/A" };

const char *verdict_word(enum verdict v)
{
	return v < V_COUNT ? words[v] : "ERROR";
}

static enum verdict end_with(struct tctx *t, enum verdict v, const char *fmt, va_list ap)
{
	vsnprintf(t->res->reason, sizeof(t->res->reason), fmt, ap);
	return v;
}

#define VERDICT_FN(name, v)                                    \
	enum verdict name(struct tctx *t, const char *fmt, ...) \
	{                                                       \
		va_list ap;                                     \
		enum verdict r;                                 \
		va_start(ap, fmt);                              \
		r = end_with(t, v, fmt, ap);                    \
		va_end(ap);                                     \
		return r;                                       \
	}
VERDICT_FN(t_fail, V_FAIL)
VERDICT_FN(t_skip, V_SKIP)
VERDICT_FN(t_xfail, V_XFAIL)
VERDICT_FN(t_error, V_ERROR)
VERDICT_FN(t_na, V_NA)

static const char *const keys[FIG_KEY_COUNT] = { "", "cpu", "core", "package", "box", "half" };

const char *fig_key_word(enum fig_key k)
{
	return k < FIG_KEY_COUNT ? keys[k] : "";
}

/* The figure of this name and index, set to value (a second one of the
 * same name and index replaces the first), or NULL when all are used. */
static struct figure *put(struct tctx *t, const char *name, enum fig_key key, const char *at,
			  int64_t value, const char *unit)
{
	struct tresult *r = t->res;
	struct figure *f = NULL;
	unsigned i;

	for (i = 0; i < r->nfigs && !f; i++)
		if (!strcmp(r->figs[i].name, name) && r->figs[i].key == key &&
		    !strcmp(r->figs[i].at, at))
			f = &r->figs[i];
	if (!f && r->nfigs == T_MAX_FIGURES)
		return NULL;
	if (!f)
		f = &r->figs[r->nfigs++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->unit, sizeof(f->unit), "%s", unit);
	snprintf(f->at, sizeof(f->at), "%s", at);
	f->key = (uint8_t)key;
	f->value = value;
	f->has_expect = false;
	return f;
}

/* The figure's log line (verbose=2). */
static void log_figure(struct tctx *t, const struct figure *f)
{
	const char *id = t->res->test->id;
	char exp[64] = "";

	if (!f)
		return;
	if (f->has_expect)
		snprintf(exp, sizeof(exp), " (expected %lld +- %lld)", (long long)f->expected,
			 (long long)f->tol);
	if (f->key == FIG_PLAIN)
		plat_log(2, "  %s: %s = %lld %s%s", id, f->name, (long long)f->value, f->unit, exp);
	else
		plat_log(2, "  %s: %s[%s %s] = %lld %s", id, f->name, keys[f->key], f->at,
			 (long long)f->value, f->unit);
}

void t_figure(struct tctx *t, const char *name, int64_t value, const char *unit)
{
	log_figure(t, put(t, name, FIG_PLAIN, "", value, unit));
}

void t_figure_expect(struct tctx *t, const char *name, int64_t value, int64_t expected,
		     int64_t tol, const char *unit)
{
	struct figure *f = put(t, name, FIG_PLAIN, "", value, unit);

	if (f) {
		f->expected = expected;
		f->tol = tol < 0 ? -tol : tol;
		f->has_expect = true;
	}
	log_figure(t, f);
}

void t_figure_at(struct tctx *t, const char *name, enum fig_key key, unsigned at, int64_t value,
		 const char *unit)
{
	char num[12];

	snprintf(num, sizeof(num), "%u", at);
	if (key == FIG_PLAIN || key >= FIG_KEY_COUNT)
		t_figure(t, name, value, unit);
	else
		log_figure(t, put(t, name, key, num, value, unit));
}

void t_figure_box(struct tctx *t, const char *name, const char *box, int64_t value,
		  const char *unit)
{
	log_figure(t, put(t, name, FIG_BOX, box, value, unit));
}

bool runner_selected(const struct run_opts *o, const char *id)
{
	return glob_list_match(o->tests, id) && !glob_list_match(o->skip, id);
}

/* Whether an item of tests= or skip= matches any test id. */
static bool item_matches(const struct suite *const *s, unsigned nsuites, const char *item,
			 size_t len)
{
	unsigned i, j;

	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++)
			if (glob_item_match(item, len, s[i]->tests[j].id))
				return true;
	return false;
}

unsigned runner_unmatched(const struct suite *const *s, unsigned nsuites, const struct run_opts *o)
{
	const char *lists[2] = { o->tests, o->skip }, *names[2] = { "tests", "skip" };
	const char *at, *item;
	unsigned k, n = 0;
	size_t len;

	for (k = 0; k < 2; k++)
		for (at = lists[k]; (at = glob_list_next(at, &item, &len));)
			if (!item_matches(s, nsuites, item, len)) {
				plat_log(0, "config: %s= glob '%.*s' matches no test id (list prints "
					 "them)", names[k], (int)len, item);
				n++;
			}
	return n;
}

/* Whether the selection holds a test that needs what bracket b saves. */
static bool bracketed(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		      const struct bracket *b)
{
	unsigned i, j;

	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++)
			if ((s[i]->tests[j].needs & b->needs) &&
			    runner_selected(o, s[i]->tests[j].id))
				return true;
	return false;
}

/* How many times each test of suite s runs: once per core type (C-61). */
static unsigned runs_of(const struct suite *s, const struct run_opts *o)
{
	return s->each_core_type && o->types && o->types->n >= 2 ? o->types->n : 1;
}

unsigned runner_planned(const struct suite *const *s, unsigned nsuites, const struct run_opts *o)
{
	unsigned i, j, n = 0;

	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++)
			n += runner_selected(o, s[i]->tests[j].id) * runs_of(s[i], o);
	n *= (o->repeat ? o->repeat : 1) * (o->npasses ? o->npasses : 1);
	for (i = 0; i < o->nbrackets; i++)
		if (bracketed(s, nsuites, o, &o->brackets[i]))
			n += !!o->brackets[i].first + !!o->brackets[i].last;
	return n;
}

/* Whether the area of an id, n bytes, is the prefix p. */
static bool area_is(const char *id, size_t n, const char *p)
{
	return p && n == strlen(p) && !strncmp(id, p, n);
}

/* Whether the area of an id, n bytes, is one of the space-separated words
 * w (NULL: none). */
static bool area_in(const char *id, size_t n, const char *w)
{
	size_t k;

	for (; w && *w; w += k + (w[k] == ' ')) {
		for (k = 0; w[k] && w[k] != ' '; k++)
			;
		if (k == n && !strncmp(id, w, n))
			return true;
	}
	return false;
}

/* A test of another uncore generation than the CPU's (run_env.uncore_gen,
 * and the words of uncore_also): the area of its id names it (nhm.*, snbep.*, imc.*);
 * uncore.* are everyone's. */
static bool other_gen(const char *id, const struct run_env *env, char *why, size_t len)
{
	size_t n = 0;

	while (id[n] && id[n] != '.')
		n++;
	if (!env->uncore_gen || area_is(id, n, "uncore") || area_is(id, n, env->uncore_gen) ||
	    area_in(id, n, env->uncore_also))
		return false;
	snprintf(why, len, "a test of the %.*s uncore; this CPU's is %s", (int)n, id,
		 env->uncore_gen);
	return true;
}

/* A test of a generation this CPU's core PMU rules out (run_env.ruled_out,
 * C-50): its id's area is one of the words. */
static bool ruled_out(const char *id, const struct run_env *env, char *why, size_t len)
{
	size_t n = 0;

	while (id[n] && id[n] != '.')
		n++;
	if (!area_in(id, n, env->ruled_out))
		return false;
	snprintf(why, len, "a test of the %.*s uncore, whose 0x391/0x392 are this CPU's "
		 "version-4 core PMU registers (C-50)", (int)n, id);
	return true;
}

/* V_PASS when every requirement is met, else V_NA (what this machine
 * lacks by design) or V_SKIP (an uncore the harness does not know) with
 * the reason in why. */
static enum verdict needs_met(const struct test *tc, const struct run_env *env, char *why,
			      size_t len)
{
	unsigned needs = tc->needs;

	/* First: another generation's test says so, whatever else it lacks. */
	if (ruled_out(tc->id, env, why, len))
		return V_NA;
	if ((needs & NEED_UNCORE) && env->uncore && other_gen(tc->id, env, why, len))
		return V_NA;
	if ((needs & NEED_SMP2) && env->ncpus < 2) {
		snprintf(why, len, "needs 2 or more CPUs (have %u)", env->ncpus);
		return V_NA;
	}
	if ((needs & NEED_PACKAGE2) && env->npackages < 2) {
		snprintf(why, len, "needs 2 or more packages (have %u)", env->npackages);
		return V_NA;
	}
	if ((needs & NEED_X2APIC) && !env->x2apic) {
		snprintf(why, len, "needs x2APIC (CPUID.1:ECX[21] = 0)");
		return V_NA;
	}
	if ((needs & NEED_UNCORE) && !env->uncore) {
		snprintf(why, len, "%s", env->no_uncore ? env->no_uncore : "no supported uncore");
		return V_SKIP;
	}
	if ((needs & NEED_CORE_PMU) && !env->core_pmu) {
		snprintf(why, len, "%s", env->no_core_pmu ? env->no_core_pmu :
			 "no architectural PMU (CPUID.0AH:EAX[7:0] = 0, C-11)");
		return V_NA;
	}
	return V_PASS;
}

/* list: every selected test on a line, marked with what it would be on
 * this machine by its requirements alone ("runs", "N/A", "SKIP"; a body
 * may still find it cannot run), then the reasons of those that would not
 * run, each once with its count, and last the count of each mark. */
#define LIST_REASONS 8
static struct {
	char text[T_REASON_LEN];
	unsigned n;
} why_not[LIST_REASONS + 1]; /* the last: every other reason */

static void list_count(const char *why)
{
	unsigned i;

	for (i = 0; i < LIST_REASONS && why_not[i].n && strcmp(why_not[i].text, why); i++)
		;
	if (i < LIST_REASONS && !why_not[i].n)
		snprintf(why_not[i].text, sizeof(why_not[i].text), "%s", why);
	if (i == LIST_REASONS)
		snprintf(why_not[i].text, sizeof(why_not[i].text), "other reasons");
	why_not[i].n++;
}

unsigned runner_list(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		     const struct run_env *env)
{
	unsigned i, j, n = 0, by[V_COUNT] = { 0 };
	char why[T_REASON_LEN];
	enum verdict v;

	memset(why_not, 0, sizeof(why_not));
	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++) {
			if (!runner_selected(o, s[i]->tests[j].id))
				continue;
			why[0] = '\0';
			v = needs_met(&s[i]->tests[j], env, why, sizeof(why));
			plat_log(0, "%-4s %-36s %s", v == V_PASS ? "runs" : verdict_word(v),
				 s[i]->tests[j].id, s[i]->tests[j].desc);
			if (v != V_PASS)
				list_count(why);
			by[v]++;
			n++;
		}
	for (i = 0; i <= LIST_REASONS && why_not[i].n; i++)
		plat_log(0, "list: %u not run here: %s", why_not[i].n, why_not[i].text);
	plat_log(0, "list: %u test(s) selected: %u run on this CPU, %u N/A, %u SKIP", n, by[V_PASS],
		 by[V_NA], by[V_SKIP]);
	return n;
}

struct call {
	struct tctx *t;
	enum verdict v;
};

/* The core type a run of a test is for, and the CPU it runs on. */
struct ctype {
	unsigned cpu;
	uint8_t type;
};

static const struct ctype *ctype_of(const struct run_opts *o, unsigned k, struct ctype *ct)
{
	ct->cpu = o->types->cpu[k];
	ct->type = o->types->type[k];
	return ct;
}

static void call_test(void *p)
{
	struct call *c = p;

	c->v = c->t->res->test->run(c->t);
}

/* On another CPU than the BSP (a hybrid part's other core type, C-61):
 * interrupts on there, as they are on the BSP during a test, so that its
 * PMIs are taken; the platform's job loop turns them off again. */
static void call_test_ap(void *p)
{
	plat_irq_enable();
	call_test(p);
}

/* The test body of r on CPU r->cpu: 0 and the verdict in c->v, or an
 * ERROR's reason in r->reason (a CPU exception, a CPU that did not finish). */
static bool run_body(struct tresult *r, struct call *c)
{
	int rc, vec;

	if (!r->cpu)
		return !plat_guarded(call_test, c, r->reason, sizeof(r->reason));
	rc = plat_run_on(r->cpu, call_test_ap, c, AP_TEST_US, &vec);
	if (rc == PLAT_EFAULT)
		snprintf(r->reason, sizeof(r->reason), "CPU exception %d on CPU %u", vec, r->cpu);
	else if (rc)
		snprintf(r->reason, sizeof(r->reason), "the test did not finish on CPU %u (error "
			 "%d)", r->cpu, rc);
	return !rc;
}

/* " [E-core (20H) cpu 2]" after a test's id where it ran on one core type
 * of several (C-61), else "". */
static const char *where(const struct tresult *r, char *buf, size_t len)
{
	if (!r->core_type)
		return "";
	snprintf(buf, len, " [%s cpu %u]", core_type_name(r->core_type), r->cpu);
	return buf;
}

/* The console's verdict lines, "[n/N] WORD id[: reason]" (n the result's
 * position, N the plan). At verbose <= 1 consecutive N/A results with one
 * reason (another generation's suite, say), and likewise consecutive SKIP
 * results (an uncore the harness does not know), are one line,
 * "[a-b/N] N/A first .. last (k tests): reason", printed before the next
 * test body runs and at the end of the run (a hang in that test still
 * finds it on the console); the result files still get one record each. */
static struct {
	unsigned first, last, count, planned;
	enum verdict v;
	const char *first_id, *last_id;
	char reason[T_REASON_LEN];
} grp;

static void grp_flush(void)
{
	const char *w = verdict_word(grp.v);

	if (grp.count == 1)
		plat_log(0, "[%u/%u] %s %s: %s", grp.first, grp.planned, w, grp.first_id,
			 grp.reason);
	else if (grp.count)
		plat_log(0, "[%u-%u/%u] %s %s .. %s (%u tests): %s", grp.first, grp.last,
			 grp.planned, w, grp.first_id, grp.last_id, grp.count, grp.reason);
	grp.count = 0;
}

static void print_verdict(const struct tresult *r, unsigned planned)
{
	const char *w = verdict_word(r->verdict);
	char at[40];

	if ((r->verdict == V_NA || r->verdict == V_SKIP) && plat_verbosity() <= 1) {
		if (grp.count && (r->index != grp.last + 1 || r->verdict != grp.v ||
				  strcmp(r->reason, grp.reason)))
			grp_flush();
		if (!grp.count) {
			grp.first = r->index;
			grp.first_id = r->test->id;
			grp.planned = planned;
			grp.v = r->verdict;
			snprintf(grp.reason, sizeof(grp.reason), "%s", r->reason);
		}
		grp.last = r->index;
		grp.last_id = r->test->id;
		grp.count++;
		return;
	}
	grp_flush();
	if (r->verdict == V_PASS || !r->reason[0])
		plat_log(0, "[%u/%u] %s %s%s", r->index, planned, w, r->test->id,
			 where(r, at, sizeof(at)));
	else
		plat_log(0, "[%u/%u] %s %s%s: %s", r->index, planned, w, r->test->id,
			 where(r, at, sizeof(at)), r->reason);
}

bool runner_bracket(const char *id)
{
	return !strncmp(id, "uncore.state.", 13) || !strncmp(id, "core.state.", 11);
}

/* A SKIP or N/A into the tally's reasons for what was not tested. */
static void tally_untested(struct tally *t, const struct tresult *r)
{
	unsigned i;

	for (i = 0; i < t->nuntested; i++)
		if (t->untested[i].verdict == r->verdict && !strcmp(t->untested[i].reason, r->reason))
			break;
	if (i == TALLY_UNTESTED_MAX) {
		t->untested_more++;
		return;
	}
	if (i == t->nuntested) {
		t->untested[i].verdict = r->verdict;
		snprintf(t->untested[i].reason, sizeof(t->untested[i].reason), "%s", r->reason);
		t->nuntested++;
	}
	t->untested[i].n++;
}

/* A FAIL or ERROR into the tally's list, its reason cut at the first line;
 * a SKIP or N/A into its reasons. */
void runner_tally(struct tally *t, const struct tresult *r)
{
	struct tally_fail *f;
	size_t n;

	t->n[r->verdict < V_COUNT ? r->verdict : V_ERROR]++;
	if (r->verdict == V_SKIP || r->verdict == V_NA)
		tally_untested(t, r);
	t->bracket_passes += (r->verdict == V_PASS || r->verdict == V_XFAIL) &&
			     runner_bracket(r->test->id);
	if ((r->verdict != V_FAIL && r->verdict != V_ERROR) || t->nfails == TALLY_FAILS_MAX)
		return;
	f = &t->fails[t->nfails++];
	f->id = r->test->id;
	f->verdict = r->verdict;
	for (n = 0; r->reason[n] && r->reason[n] != '\n' && n < sizeof(f->reason) - 1; n++)
		f->reason[n] = r->reason[n];
	f->reason[n] = '\0';
}

/* recover: o->recover, or NULL after a bracket's last (a restore stops
 * everything itself, then puts back what it can: stopping after it would
 * undo that). cut: the reason of a test a reset cut short, recorded as
 * its ERROR without running it again, or NULL. */
static void run_one(const struct test *tc, unsigned index, unsigned iter, const char *pass,
		    const struct ctype *ct, void (*recover)(const struct tresult *r),
		    const struct run_env *env, const struct run_sink *sink, struct tally *tally,
		    const char *cut)
{
	struct tresult r;
	struct tctx t = { .res = &r };
	struct call c = { .t = &t, .v = V_ERROR };
	uint64_t t0, hz = plat_tsc_hz();
	bool runs;

	memset(&r, 0, sizeof(r));
	r.test = tc;
	r.index = index;
	r.iteration = iter;
	r.pass = pass;
	if (ct) {
		r.core_type = ct->type;
		r.cpu = (uint8_t)ct->cpu;
	}
	r.verdict = needs_met(tc, env, r.reason, sizeof(r.reason));
	if (cut) {
		r.verdict = V_ERROR;
		snprintf(r.reason, sizeof(r.reason), "%s", cut);
	}
	runs = r.verdict == V_PASS;
	if (runs)
		grp_flush();
	if (runs && sink && sink->starting)
		sink->starting(sink->ctx, &r);
	pmu_trace_start(plat_verbosity() >= 3);
	t0 = plat_tsc();
	if (!runs) {
		/* r.verdict says why: N/A or SKIP */
	} else if (!run_body(&r, &c)) {
		r.verdict = V_ERROR; /* reason names the exception */
	} else {
		r.verdict = c.v < V_COUNT ? c.v : V_ERROR;
		if (r.verdict != V_PASS && !r.reason[0])
			snprintf(r.reason, sizeof(r.reason), "no reason given");
		/* A clock that could not be calibrated may be what failed: the
		 * harness's ERROR, never the machine's FAIL (its reason kept). */
		if (r.verdict == V_FAIL && !plat_tsc_trusted()) {
			static const char pre[] = "TSC not calibrated: ";
			size_t n = sizeof(pre) - 1, keep = sizeof(r.reason) - n - 1;

			r.reason[keep] = '\0';
			memmove(r.reason + n, r.reason, strlen(r.reason) + 1);
			memcpy(r.reason, pre, n);
			r.verdict = V_ERROR;
		}
	}
	r.duration_us = hz ? (plat_tsc() - t0) * 1000000 / hz : 0;
	r.ntrace = pmu_trace_get(&r.trace, &r.trace_dropped);
	pmu_trace_start(false);
	if (runs && sink && sink->ended)
		sink->ended(sink->ctx);
	pmu_trace_print(r.test->id, r.trace, r.ntrace, r.trace_dropped); /* verbose=3 */
	runner_tally(tally, &r);
	print_verdict(&r, tally->planned);
	if (sink && sink->result)
		sink->result(sink->ctx, &r);
	if (recover && (r.verdict == V_FAIL || r.verdict == V_ERROR))
		recover(&r);
}

/* A bracket's first again after a reset: what it saved went with the
 * machine's memory; its result is in the files from the first boot. */
static void rerun_first(const struct test *tc, const struct run_env *env, unsigned index)
{
	struct tresult r;
	struct tctx t = { .res = &r };
	struct call c = { .t = &t, .v = V_ERROR };

	memset(&r, 0, sizeof(r));
	r.test = tc;
	r.index = index;
	r.iteration = 1;
	r.verdict = needs_met(tc, env, r.reason, sizeof(r.reason));
	if (r.verdict == V_PASS)
		r.verdict = plat_guarded(call_test, &c, r.reason, sizeof(r.reason)) ? V_ERROR : c.v;
	plat_log(0, "resume: %s run again, result %u kept from before the reset: now %s%s%s",
		 tc->id, index, verdict_word(r.verdict), r.reason[0] ? ": " : "", r.reason);
}

/* Test number index of the run, or again a first after a reset. */
static void step(const struct test *tc, unsigned index, unsigned iter, const char *pass,
		 const struct ctype *ct, bool first, void (*recover)(const struct tresult *r),
		 const struct run_env *env, const struct run_sink *sink, struct tally *tally,
		 const struct run_resume *re)
{
	if (!re || index > re->next || (index == re->next && !re->reason && !re->stop))
		run_one(tc, index, iter, pass, ct, recover, env, sink, tally, NULL);
	else if (index == re->next && re->reason)
		run_one(tc, index, iter, pass, ct, recover, env, sink, tally, re->reason);
	else if (index < re->next && first)
		rerun_first(tc, env, index);
}

/* One pass of the selection, repeats included: tests *index + 1 on, none
 * past last. */
static void run_pass(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		     const char *pass, const struct run_env *env, const struct run_sink *sink,
		     struct tally *tally, unsigned *index, unsigned last)
{
	unsigned i, j, k, iter, repeat = o->repeat ? o->repeat : 1;
	struct ctype ct;

	for (iter = 1; iter <= repeat; iter++)
		for (i = 0; i < nsuites; i++)
			for (j = 0; j < s[i]->count && *index < last; j++)
				for (k = 0; k < runs_of(s[i], o) && *index < last; k++)
					if (runner_selected(o, s[i]->tests[j].id))
						step(&s[i]->tests[j], ++*index, iter, pass,
						     runs_of(s[i], o) > 1 ? ctype_of(o, k, &ct) : NULL,
						     false, o->recover, env, sink, tally, o->resume);
}

void runner_run(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		const struct run_env *env, const struct run_sink *sink, struct tally *tally)
{
	unsigned i, p, index = 0, npasses = o->npasses ? o->npasses : 1;
	const struct bracket *b = o->brackets;
	const struct run_resume *re = o->resume;
	/* With stop, nothing past next runs, so no first is owed a restore. */
	unsigned last = re && re->stop ? re->next : ~0u;

	if (!re)
		memset(tally, 0, sizeof(*tally));
	tally->planned = runner_planned(s, nsuites, o);
	if (re && re->reason && re->hung)
		tally->hung++;
	for (i = 0; i < o->nbrackets && index < last; i++)
		if (b[i].first && bracketed(s, nsuites, o, &b[i]))
			step(b[i].first, ++index, 1, NULL, NULL, !re || !re->stop, o->recover, env,
			     sink, tally, re);
	for (p = 0; p < npasses && index < last; p++) {
		if (o->start_pass)
			o->start_pass(p);
		run_pass(s, nsuites, o, o->pass ? o->pass[p] : NULL, env, sink, tally, &index, last);
	}
	for (i = o->nbrackets; i-- > 0 && index < last;)
		if (b[i].last && bracketed(s, nsuites, o, &b[i]))
			step(b[i].last, ++index, 1, NULL, NULL, false, NULL, env, sink, tally, re);
	grp_flush();
}

void runner_summary_line(const struct tally *t, char *buf, size_t len)
{
	snprintf(buf, len, "%u passed, %u failed, %u skipped, %u not applicable",
		 t->n[V_PASS] + t->n[V_XFAIL], t->n[V_FAIL] + t->n[V_ERROR], t->n[V_SKIP],
		 t->n[V_NA]);
}

void runner_print_fails(const struct tally *t)
{
	unsigned i, all = t->n[V_FAIL] + t->n[V_ERROR];

	if (!all)
		return;
	plat_log(0, "failed: %u test(s)%s", all, all > t->nfails ? ", the first listed here" : "");
	for (i = 0; i < t->nfails; i++)
		plat_log(0, "  %s %s: %s", verdict_word(t->fails[i].verdict), t->fails[i].id,
			 t->fails[i].reason[0] ? t->fails[i].reason : "no reason given");
	if (all > t->nfails)
		plat_log(0, "  ... and %u more (every one is in results.json)", all - t->nfails);
}

void runner_print_untested(const struct tally *t)
{
	unsigned i;

	for (i = 0; i < t->nuntested; i++)
		plat_log(0, "not tested: %u %s: %s", t->untested[i].n,
			 verdict_word(t->untested[i].verdict),
			 t->untested[i].reason[0] ? t->untested[i].reason : "no reason given");
	if (t->untested_more)
		plat_log(0, "not tested: %u more with other reasons (every one is in results.json)",
			 t->untested_more);
}

int runner_exit_code(const struct tally *t)
{
	if (t->hung)
		return 124;
	if (t->n[V_ERROR])
		return 2;
	if (t->n[V_FAIL])
		return 1;
	if (t->n[V_PASS] + t->n[V_XFAIL] <= t->bracket_passes)
		return 77;
	return 0;
}
