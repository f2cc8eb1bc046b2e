/* Test runner and the verdict helpers of tests/fw/test.h. */
#include "runner.h"
#include "glob.h"
#include "../../efi/platform.h"
#include "../../pmu/trace.h"

static const char *const words[V_COUNT] = { "PASS", "FAIL", "SKIP", "XFAIL", "ERROR" };

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

void t_figure(struct tctx *t, const char *name, int64_t value, const char *unit)
{
	struct tresult *r = t->res;
	struct figure *f;

	if (r->nfigs == T_MAX_FIGURES)
		return;
	f = &r->figs[r->nfigs++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->unit, sizeof(f->unit), "%s", unit);
	f->value = value;
	plat_log(2, "  %s: %s = %lld %s", r->test->id, name, (long long)value, unit);
}

bool runner_selected(const struct run_opts *o, const char *id)
{
	return glob_list_match(o->tests, id) && !glob_list_match(o->skip, id);
}

unsigned runner_list(const struct suite *const *s, unsigned nsuites, const struct run_opts *o)
{
	unsigned i, j, n = 0;

	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++)
			if (runner_selected(o, s[i]->tests[j].id)) {
				plat_log(0, "%-36s %s", s[i]->tests[j].id, s[i]->tests[j].desc);
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

unsigned runner_planned(const struct suite *const *s, unsigned nsuites, const struct run_opts *o)
{
	unsigned i, j, n = 0;

	for (i = 0; i < nsuites; i++)
		for (j = 0; j < s[i]->count; j++)
			n += runner_selected(o, s[i]->tests[j].id);
	n *= o->repeat ? o->repeat : 1;
	for (i = 0; i < o->nbrackets; i++)
		if (bracketed(s, nsuites, o, &o->brackets[i]))
			n += !!o->brackets[i].first + !!o->brackets[i].last;
	return n;
}

/* A test of another uncore generation than the CPU's (run_env.uncore_gen):
 * the area of its id names it (nhm.*, snbep.*); uncore.* are everyone's. */
static bool other_gen(const char *id, const struct run_env *env, char *why, size_t len)
{
	size_t n = 0;

	while (id[n] && id[n] != '.')
		n++;
	if (!env->uncore_gen || (n == 6 && !strncmp(id, "uncore", 6)) ||
	    (n == strlen(env->uncore_gen) && !strncmp(id, env->uncore_gen, n)))
		return false;
	snprintf(why, len, "a test of the %.*s uncore; this CPU's is %s", (int)n, id,
		 env->uncore_gen);
	return true;
}

/* Returns false with the SKIP reason when a requirement is not met. */
static bool needs_met(const struct test *tc, const struct run_env *env, char *why, size_t len)
{
	unsigned needs = tc->needs;

	/* First: another generation's test says so, whatever else it lacks. */
	if ((needs & NEED_UNCORE) && env->uncore && other_gen(tc->id, env, why, len))
		return false;
	if ((needs & NEED_SMP2) && env->ncpus < 2) {
		snprintf(why, len, "needs 2 or more CPUs (have %u)", env->ncpus);
		return false;
	}
	if ((needs & NEED_PACKAGE2) && env->npackages < 2) {
		snprintf(why, len, "needs 2 or more packages (have %u)", env->npackages);
		return false;
	}
	if ((needs & NEED_X2APIC) && !env->x2apic) {
		snprintf(why, len, "needs x2APIC (CPUID.1:ECX[21] = 0)");
		return false;
	}
	if ((needs & NEED_UNCORE) && !env->uncore) {
		snprintf(why, len, "%s", env->no_uncore ? env->no_uncore : "no supported uncore");
		return false;
	}
	if ((needs & NEED_CORE_PMU) && !env->core_pmu) {
		snprintf(why, len, "%s", env->no_core_pmu ? env->no_core_pmu :
			 "no architectural PMU (CPUID.0AH:EAX[7:0] = 0, C-11)");
		return false;
	}
	return true;
}

struct call {
	struct tctx *t;
	enum verdict v;
};

static void call_test(void *p)
{
	struct call *c = p;

	c->v = c->t->res->test->run(c->t);
}

static void print_verdict(const struct tresult *r)
{
	const char *w = verdict_word(r->verdict);

	if (r->verdict == V_PASS || !r->reason[0])
		plat_log(0, "%s %s", w, r->test->id);
	else
		plat_log(0, "%s %s: %s", w, r->test->id, r->reason);
}

/* recover: o->recover, or NULL after a bracket's last (a restore stops
 * everything itself, then puts back what it can: stopping after it would
 * undo that). */
static void run_one(const struct test *tc, unsigned index, unsigned iter,
		    void (*recover)(const struct tresult *r), const struct run_env *env,
		    const struct run_sink *sink, struct tally *tally)
{
	struct tresult r;
	struct tctx t = { &r };
	struct call c = { &t, V_ERROR };
	uint64_t t0, hz = plat_tsc_hz();
	bool runs;

	memset(&r, 0, sizeof(r));
	r.test = tc;
	r.index = index;
	r.iteration = iter;
	runs = needs_met(tc, env, r.reason, sizeof(r.reason));
	if (runs && sink && sink->starting)
		sink->starting(sink->ctx);
	pmu_trace_start(plat_verbosity() >= 3);
	t0 = plat_tsc();
	if (!runs) {
		r.verdict = V_SKIP;
	} else if (plat_guarded(call_test, &c, r.reason, sizeof(r.reason))) {
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
	pmu_trace_print(r.test->id, r.trace, r.ntrace, r.trace_dropped); /* verbose=3 */
	tally->n[r.verdict]++;
	print_verdict(&r);
	if (sink && sink->result)
		sink->result(sink->ctx, &r);
	if (recover && (r.verdict == V_FAIL || r.verdict == V_ERROR))
		recover(&r);
}

void runner_run(const struct suite *const *s, unsigned nsuites, const struct run_opts *o,
		const struct run_env *env, const struct run_sink *sink, struct tally *tally)
{
	unsigned i, j, iter, index = 0, repeat = o->repeat ? o->repeat : 1;
	const struct bracket *b = o->brackets;

	memset(tally, 0, sizeof(*tally));
	tally->planned = runner_planned(s, nsuites, o);
	for (i = 0; i < o->nbrackets; i++)
		if (b[i].first && bracketed(s, nsuites, o, &b[i]))
			run_one(b[i].first, ++index, 1, o->recover, env, sink, tally);
	for (iter = 1; iter <= repeat; iter++)
		for (i = 0; i < nsuites; i++)
			for (j = 0; j < s[i]->count; j++)
				if (runner_selected(o, s[i]->tests[j].id))
					run_one(&s[i]->tests[j], ++index, iter, o->recover, env, sink,
						tally);
	for (i = o->nbrackets; i-- > 0;)
		if (b[i].last && bracketed(s, nsuites, o, &b[i]))
			run_one(b[i].last, ++index, 1, NULL, env, sink, tally);
}

void runner_summary_line(const struct tally *t, char *buf, size_t len)
{
	snprintf(buf, len, "%u passed, %u failed, %u skipped",
		 t->n[V_PASS] + t->n[V_XFAIL], t->n[V_FAIL] + t->n[V_ERROR], t->n[V_SKIP]);
}

int runner_exit_code(const struct tally *t)
{
	if (t->n[V_ERROR])
		return 2;
	if (t->n[V_FAIL])
		return 1;
	if (!t->n[V_PASS] && !t->n[V_XFAIL])
		return 77;
	return 0;
}
