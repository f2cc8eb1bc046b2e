/* The counter engine every emulated PMU model runs on. A model is a table
 * of hooks (struct emu_engine) plus its own semantics; the engine owns
 * what all of them share:
 * - time: the cycle the model's state is accounted to, which only moves
 *   forward;
 * - the exact-cycle advance: counters are brought to the earliest wrap,
 *   the wrap takes effect at that cycle (status, PMI request, freeze: the
 *   model's on_wrap), then on to the next wrap or to the cycle asked for;
 * - the next-wrap search;
 * - the PMI request queue (EMU_QUEUE_PMI, emu_fifo_take);
 * - the access path: the family's address remap (its address defects, in
 *   one place), the register lookup, the advance, then the register's read
 *   or write.
 * Counter i of a model is its own numbering, 0 .. nctr - 1. A model
 * reached through MMIO (struct emu_mmio_model: the memory controllers,
 * layout F's SAFBAR units) uses the counting part alone: emu_advance at
 * each access, before its own register decode, with remap, find, read
 * and write NULL. Portable: no <efi.h>. */
#ifndef PMU_EMU_ENGINE_H
#define PMU_EMU_ENGINE_H

#include "lib/rt.h"
#include "pmu/regs/regs.h"

/* Counters of one model instance at most: the Xeon 7500's 20 boxes of up
 * to 9 counters each are the most. */
#define EMU_MAX_CTR 192

struct emu_engine {
	/* offsetof(model, now): the model's uint64_t cycle its state is
	 * accounted to, set by its init; from there on the advance alone
	 * moves it. */
	size_t now;
	unsigned nctr; /* counters, at most EMU_MAX_CTR */

	/* NULL, or the model's own advance in one step, for a model in which
	 * a wrap changes nothing (Sandy Bridge-EP, S-39): no wrap search; the
	 * counting hooks below are NULL and emu_next_wrap does not apply. */
	void (*step)(void *m, uint64_t now);
	/* Counting. count: increments of counter i over cycles [a, b) while it
	 * runs; to_wrap: increments left until it wraps (at least 1);
	 * wrap_at: the cycle at which, counting from now, it has them
	 * (UINT64_MAX: never); add: d more increments, wrapping at its width. */
	bool (*running)(const void *m, unsigned i);
	uint64_t (*count)(const void *m, unsigned i, uint64_t a, uint64_t b);
	uint64_t (*to_wrap)(const void *m, unsigned i);
	uint64_t (*wrap_at)(const void *m, unsigned i);
	void (*add)(void *m, unsigned i, uint64_t d);
	/* The counters with wrapped[i] set wrapped at now: status, PMI
	 * request, freeze, whatever the model's wrap does. */
	void (*on_wrap)(void *m, const bool *wrapped);
	/* NULL, or whether a wrap takes effect only at the access that finds
	 * it instead of at its cycle (a defect). */
	bool (*late)(const void *m);
	/* NULL, or what the model does after every advance, at now. */
	void (*settle)(void *m);

	/* Registers. remap: NULL, or the family's address defects, ahead of
	 * the lookup: 0 with *msr the address the lookup sees, VEC_GP, or
	 * EMU_GP_AT_NOW (a #GP that the access raises only once it has
	 * brought the model to its time, as any access to one of its
	 * registers does: a wrap the late hook holds back is taken by it).
	 * find: 0 with the register in *r and the model's index in *i,
	 * VEC_GP, or -1 (not this model's MSR); core: the accessing CPU's
	 * core in the package. read and write: 0 or VEC_GP, at now. */
	int (*remap)(const void *m, uint32_t *msr);
	int (*find)(const void *m, unsigned core, uint32_t msr, struct reg_ref *r, unsigned *i);
	int (*read)(void *m, const struct reg_ref *r, unsigned i, uint64_t *val);
	int (*write)(void *m, const struct reg_ref *r, unsigned i, uint64_t val);
};

/* What a remap returns for a #GP raised after the advance (struct
 * emu_engine.remap); neither 0, -1 nor a vector. */
#define EMU_GP_AT_NOW (-2)

/* Advance model m to now (a time before its own: no change), taking every
 * wrap at its cycle, in cycle order. */
void emu_advance(const struct emu_engine *e, void *m, uint64_t now);
/* The cycle of the next wrap of a running counter after the model's time,
 * UINT64_MAX if none will wrap. */
uint64_t emu_next_wrap(const struct emu_engine *e, const void *m);
/* One access: 0 (and the value), VEC_GP, or -1 if msr is not the model's
 * (the caller passes it on). */
int emu_rdmsr(const struct emu_engine *e, void *m, unsigned core, uint32_t msr, uint64_t now,
	      uint64_t *val);
int emu_wrmsr(const struct emu_engine *e, void *m, unsigned core, uint32_t msr, uint64_t val,
	      uint64_t now);

/* Hooks' arithmetic for a counter whose event is there at every cycle (a
 * clock) and which wraps past 2^64 - 1, as the MMIO models' are: n
 * occurrences add n, or under edge detect one, the run's rising edge,
 * if its edge is not counted yet (armed). emu_to_wrap64: the increments
 * to its wrap from ctr (UINT64_MAX from 0: more than any run lasts);
 * emu_clock_wrap_at: the cycle at which, counting from now, it has had n
 * of them (UINT64_MAX: never). */
static inline uint64_t emu_occurrences(uint64_t n, bool edge, bool armed)
{
	return edge ? n && armed : n;
}
static inline uint64_t emu_to_wrap64(uint64_t ctr)
{
	return ctr ? -ctr : UINT64_MAX;
}
static inline uint64_t emu_clock_wrap_at(uint64_t now, uint64_t n, bool edge, bool armed)
{
	if (edge)
		return n == 1 && armed ? now + 1 : UINT64_MAX;
	return n < UINT64_MAX - now ? now + n : UINT64_MAX;
}

/* Queue PMI request req at the end of the array q of *n pending ones, or,
 * when it is full, count it in dropped. */
#define EMU_QUEUE_PMI(q, n, dropped, req)      \
	do {                                   \
		if ((n) == ARRAY_SIZE(q))      \
			(dropped)++;           \
		else                           \
			(q)[(n)++] = (req);    \
	} while (0)

#endif
