/* The counter engine of the emulated models (pmu/emu/engine.h).
 *
 * Time: the value of a counter at cycle T includes the increments of the
 * cycles before T. A counter wraps at cycle W when W is the first cycle at
 * whose start it has had to_wrap increments; the wrap takes effect at W,
 * so an access at W sees it and one at W - 1 does not. */
#include "pmu/emu/engine.h"
#include "arch/fault.h"

static uint64_t *clock_of(const struct emu_engine *e, const void *m)
{
	return (uint64_t *)((char *)m + e->now);
}

/* d[i] = increments of counter i over [the model's time, to). */
static void counts_to(const struct emu_engine *e, const void *m, uint64_t to, uint64_t *d)
{
	uint64_t t = *clock_of(e, m);
	unsigned i;

	for (i = 0; i < e->nctr; i++)
		d[i] = e->running(m, i) ? e->count(m, i, t, to) : 0;
}

static void add_counts(const struct emu_engine *e, void *m, const uint64_t *d, uint64_t to)
{
	unsigned i;

	for (i = 0; i < e->nctr; i++)
		if (d[i])
			e->add(m, i, d[i]);
	*clock_of(e, m) = to;
}

/* Everything is brought to the earliest wrap cycle, the wrap takes effect
 * there (which may stop the others), then on to the next wrap or to now. */
void emu_advance(const struct emu_engine *e, void *m, uint64_t now)
{
	uint64_t d[EMU_MAX_CTR], first, at, w;
	bool wrapped[EMU_MAX_CTR];
	unsigned i;

	if (e->step) {
		e->step(m, now);
		return;
	}
	if (now < *clock_of(e, m))
		now = *clock_of(e, m);
	for (;;) {
		counts_to(e, m, now, d);
		first = UINT64_MAX;
		/* A counter that wraps by now (to_wrap is at least 1): d[i]
		 * becomes its wrap cycle. */
		for (i = 0; i < e->nctr; i++) {
			w = d[i] && d[i] >= e->to_wrap(m, i) ? e->wrap_at(m, i) : UINT64_MAX;
			wrapped[i] = w != UINT64_MAX;
			d[i] = wrapped[i] ? w : d[i];
			first = w < first ? w : first;
		}
		if (first == UINT64_MAX)
			break;
		at = e->late && e->late(m) ? now : first;
		for (i = 0; i < e->nctr; i++)
			wrapped[i] = wrapped[i] && d[i] <= at;
		counts_to(e, m, at, d);
		add_counts(e, m, d, at);
		e->on_wrap(m, wrapped);
	}
	add_counts(e, m, d, now);
	if (e->settle)
		e->settle(m);
}

uint64_t emu_next_wrap(const struct emu_engine *e, const void *m)
{
	uint64_t first = UINT64_MAX, w;
	unsigned i;

	for (i = 0; i < e->nctr; i++) {
		if (!e->running(m, i))
			continue;
		w = e->wrap_at(m, i);
		first = w < first ? w : first;
	}
	return first;
}

/* The start of every access: the remap, the lookup and, for a register
 * of the model, the advance to now, then the remap's late #GP if it asked
 * for one. */
static int enter(const struct emu_engine *e, void *m, unsigned core, uint32_t msr, uint64_t now,
		 struct reg_ref *r, unsigned *i)
{
	int rc = e->remap ? e->remap(m, &msr) : 0;
	bool late_gp = rc == EMU_GP_AT_NOW;

	if (late_gp)
		rc = 0;
	if (!rc)
		rc = e->find(m, core, msr, r, i);
	if (!rc)
		emu_advance(e, m, now);
	return rc ? rc : late_gp ? VEC_GP : 0;
}

int emu_rdmsr(const struct emu_engine *e, void *m, unsigned core, uint32_t msr, uint64_t now,
	      uint64_t *val)
{
	struct reg_ref r;
	unsigned i = 0;
	int rc = enter(e, m, core, msr, now, &r, &i);

	return rc ? rc : e->read(m, &r, i, val);
}

int emu_wrmsr(const struct emu_engine *e, void *m, unsigned core, uint32_t msr, uint64_t val,
	      uint64_t now)
{
	struct reg_ref r;
	unsigned i = 0;
	int rc = enter(e, m, core, msr, now, &r, &i);

	return rc ? rc : e->write(m, &r, i, val);
}
