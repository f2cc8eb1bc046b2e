/* What the emulated PMUs (uncore, pmu/emu/nhm/; core, pmu/emu/core/)
 * share about synthetic event streams: the per-cycle counting filter of an
 * event select (counter mask, invert, edge), and counting over a periodic
 * stream of per-cycle increments in O(1) for windows of any length.
 * Both PMUs define the filter alike: uncore N-16..N-20 and OQ-N12/OQ-N13,
 * core C-16. The Sandy Bridge-EP uncore (pmu/emu/snbep/) uses it too,
 * with its own rule for a threshold of 0 (OQ-S08) and edge detector
 * (OQ-S09). Portable: no <efi.h>. */
#ifndef PMU_EMU_STREAM_H
#define PMU_EMU_STREAM_H

#include "lib/rt.h"

#define EMU_STREAM_PERIOD 1024 /* every synthetic stream repeats after this */
#define EMU_BLOCK 16           /* cycles per prefix-sum block */

/* A counter's filter, from its event select. gt: compare > instead of >=
 * (the cmask-off-by-one defects). */
struct emu_filt {
	uint8_t cmask;
	bool inv, edge, gt;
};

/* The thresholded condition of one cycle whose event count is x: count >=
 * CMASK, or < CMASK with INV (N-18, N-19; C-16); with CMASK = 0 it is
 * "count > 0" (OQ-N13) and INV does not apply (N-20, C-16: the caller
 * clears inv then). */
bool emu_filt_cond(const struct emu_filt *f, unsigned x);
/* Increment of a cycle with event count x after a cycle with count prev:
 * x itself with CMASK = 0 (N-17, C-16), else 0/1 by the condition, and with
 * E only on its deasserted -> asserted transitions (N-16, C-16). */
unsigned emu_filt_apply(const struct emu_filt *f, unsigned x, unsigned prev);
/* The same when the edge detector holds prev_cond, the condition of the
 * counter's previous counted cycle, which need not be the cycle before
 * (the SNB-EP detector after a freeze or a reset, OQ-S09). */
unsigned emu_filt_step(const struct emu_filt *f, unsigned x, bool prev_cond);

/* A counter's per-cycle increments over one period, after its filter, and
 * prefix sums per block of EMU_BLOCK phases (blk[k] = sum of inc[0 ..
 * k*EMU_BLOCK), blk[last] = the period's sum; below 2^16 because every
 * per-cycle value is below 64). */
struct emu_stream {
	uint8_t inc[EMU_STREAM_PERIOD];
	uint16_t blk[EMU_STREAM_PERIOD / EMU_BLOCK + 1];
};

/* A write of a counter's event select at cycle `at` while it counts
 * (OQ-N26, OQ-C13 default): the edge detector of cycle `at` compares with
 * the condition of cycle at - 1 as the select then in force formed it,
 * held: a write that asserts the condition is a rising edge. The cached
 * increments compare with cycle at - 1 under the new select; delta
 * corrects cycle `at`. at = UINT64_MAX (or delta 0): no correction. */
struct emu_seam {
	uint64_t at;
	bool held;
	int8_t delta;
};

/* Record a write at cycle at: held is the condition of cycle at - 1 under
 * the old select, cur the new filter, its event counting prev in cycle
 * at - 1 and x in cycle at (the stream's values); a second write in the
 * same cycle keeps the first one's held condition. */
void emu_seam_set(struct emu_seam *m, uint64_t at, bool held, const struct emu_filt *cur,
		  unsigned prev, unsigned x);
/* Increments over cycles [a, b) of stream s with seam m. */
uint64_t emu_seam_count(const struct emu_stream *s, const struct emu_seam *m, uint64_t a,
			uint64_t b);
/* emu_stream_reach with seam m. */
uint64_t emu_seam_reach(const struct emu_stream *s, const struct emu_seam *m, uint64_t t,
			uint64_t need);

/* Fill s from the event counts raw[p] of each phase p of the period, under
 * filter f (cyclic: phase 0 follows the period's last). */
void emu_stream_fill(struct emu_stream *s, const struct emu_filt *f, const uint8_t *raw);
/* Increments over cycles [a, b). */
uint64_t emu_stream_count(const struct emu_stream *s, uint64_t a, uint64_t b);
/* The first cycle T > t whose count over [t, T) reaches need >= 1
 * (UINT64_MAX if the stream never counts). */
uint64_t emu_stream_reach(const struct emu_stream *s, uint64_t t, uint64_t need);

/* lowbias32 (Chris Wellons): a cheap integer hash with good avalanche, from
 * which the synthetic streams are drawn. */
uint32_t emu_mix(uint32_t key, uint32_t x);

#endif
