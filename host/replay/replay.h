/* make replay (host/replay/replay.c): one access of the trace with the
 * model's answers, and their comparison (host/replay/compare.c). */
#ifndef TESTS_HOST_REPLAY_H
#define TESTS_HOST_REPLAY_H

#include "host/replay/parse.h"
#include "pmu/regs/regs.h"

#define NWORLD  4               /* write times: T, T+D, alternating twice */
#define NSTREAM (2 * NWORLD)    /* each read at T and at T+D */

struct ans {
	int rc;
	uint64_t v;
};

struct event {
	struct rp_access a;
	unsigned line;
	/* The model's answers in world w (host/replay/replay.c): [2w] read at
	 * T, [2w + 1] at T+D. */
	struct ans m[NSTREAM];
	/* A counter read after writes (of any register, on any CPU) since this
	 * CPU's last access to the counter: the lowest value world w's model
	 * gave for it just after each of them, or UINT64_MAX (no such write,
	 * or every such read faulted). Below the last access's value: the
	 * model reset it in between (host/replay/compare.c). */
	uint64_t low[NWORLD];
};

/* Whether the comparison treats a as an access to a counter (ROLE_CTR of
 * gen's table or the core PMU's). */
bool replay_counter(const struct uncore_gen *gen, const struct rp_access *a);

/* Compare every read of ev[0..n) (CPU c of the trace is cpu_of[c] of the
 * replay) with the model's answers, registers named by gen's table and
 * the core PMU's; print each disagreement and a summary. Returns how many
 * disagreements there were. */
unsigned replay_compare(const struct event *ev, size_t n, const unsigned *cpu_of,
			const struct uncore_gen *gen);

#endif
