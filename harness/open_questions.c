/* Model versus silicon (harness/test.h): an open question's default
 * asserted on the emulated model and recorded on hardware, the tolerance
 * a comparison allows, and the counter that never moved (the model's
 * events always move; hardware's may be idle). */
#include "harness/test.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"

bool t_on_model(void)
{
	const struct msr_backend *b = msr_backend();

	return b && b->model;
}

/* Whether the PMU test t measures is the model: a core PMU test's is the
 * core PMU, which the emulated backend leaves to the CPU where its own
 * CPUID.0AH reports one (C-13); any other test's is the backend's. */
static bool measures_model(const struct tctx *t)
{
	return t->res->test->needs & NEED_CORE_PMU ? pmu_core_emulated() : t_on_model();
}

/* The entry of question oq with default want, a new one, or NULL when
 * every entry is taken (the drop counted). */
static struct observation *entry(struct tresult *r, const char *oq, const char *want)
{
	struct observation *o;
	unsigned i;

	for (i = 0; i < r->nobs; i++)
		if (!strncmp(r->obs[i].oq, oq, T_OQ_LEN - 1) &&
		    !strncmp(r->obs[i].want, want, T_WANT_LEN - 1))
			return &r->obs[i];
	if (r->nobs == T_MAX_OBS) {
		r->obs_dropped++;
		return NULL;
	}
	o = &r->obs[r->nobs++];
	memset(o, 0, sizeof(*o));
	snprintf(o->oq, sizeof(o->oq), "%s", oq);
	snprintf(o->want, sizeof(o->want), "%s", want);
	return o;
}

enum verdict t_default(struct tctx *t, const char *oq, const char *want, bool held,
		       const char *fmt, ...)
{
	struct tresult *r = t->res;
	struct observation *o = entry(r, oq, want);
	char seen[T_REASON_LEN];
	bool first_miss = !held && (!o || !o->misses);
	va_list ap;

	if (o && o->checks < UINT16_MAX)
		o->checks++;
	if (held) {
		if (o && o->checks == 1)
			plat_log(2, "  %s: %s default held: %s", r->test->id, oq, want);
		return V_PASS;
	}
	va_start(ap, fmt);
	vsnprintf(seen, sizeof(seen), fmt, ap);
	va_end(ap);
	if (o && o->misses < UINT16_MAX)
		o->misses++;
	if (o && first_miss)
		snprintf(o->seen, sizeof(o->seen), "%.*s", T_SEEN_LEN - 1, seen);
	if (measures_model(t)) {
		snprintf(r->reason, sizeof(r->reason), "%s", seen);
		return V_FAIL;
	}
	if (first_miss)
		plat_log(1, "  %s: %s default (%s) not seen: %s", r->test->id, oq, want, seen);
	return V_PASS;
}

int64_t t_slack(struct tctx *t, int64_t hw, const char *why)
{
	/* Tests ask in loops: each reason is logged once in a row per result. */
	static unsigned index;
	static const char *said;

	if (measures_model(t))
		return 0;
	if (index != t->res->index || said != why)
		plat_log(2, "  %s: tolerance %lld on hardware: %s", t->res->test->id, (long long)hw,
			 why);
	index = t->res->index;
	said = why;
	return hw;
}

enum verdict t_idle(struct tctx *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->res->reason, sizeof(t->res->reason), fmt, ap);
	va_end(ap);
	return measures_model(t) ? V_FAIL : V_SKIP;
}

enum verdict t_still(struct tctx *t, const char *fmt, ...)
{
	struct tresult *r = t->res;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
	if (measures_model(t))
		return V_FAIL;
	plat_log(1, "  %s: %s", r->test->id, r->reason);
	r->reason[0] = '\0';
	return V_PASS;
}
