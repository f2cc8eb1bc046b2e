/* Synthetic event streams of the emulated core PMU: what each pre-defined
 * architectural event (C-24 rows 0-6) sees per core cycle. Real events
 * depend on the code the core runs, which the model does not have, so it
 * invents one deterministic "workload" whose per-cycle counts obey the
 * relations pmu/emu/core/model.h documents, by construction.
 *
 * Design (the same scheme as the uncore's, pmu/emu/nhm/stream.c):
 * - every stream is a pure function of t mod EMU_STREAM_PERIOD (1024), so
 *   the counts over any window come from cached per-period increments in
 *   O(1) (pmu/emu/stream.c);
 * - a period is 32 chunks of 32 cycles. Instructions retire only in busy
 *   chunks, 0..4 per cycle drawn from a small hash; chunks 0, 4, 8, ... and
 *   a hashed eighth of the rest stall (nothing retires), so E and CMASK have
 *   runs and transitions to work on in every period;
 * - branches are drawn at most as many as the instructions of the same
 *   cycle (at most 2), mispredictions at most the branches; LLC references
 *   come in bursts in a hashed half of the chunks, at most 1 per cycle, and
 *   a miss only in a cycle with a reference;
 * - core cycles are 1 per cycle, reference cycles 3 of every 4 (phases
 *   1, 2, 3 of each 4), so the reference clock runs at exactly 3/4 of the
 *   core clock. */
#include "pmu/emu/core/model.h"

#define CHUNK_SHIFT 5
#define STALL_EVERY 4 /* chunk j stalls when j % 4 == 0 */

/* Hash keys, one per independent draw. */
enum { K_INST = 1, K_BR, K_MISP, K_LLC, K_MISS };

/* C-24, Table 18-1: event select and umask of EBX bit i. */
static const struct {
	uint8_t event, umask;
} arch[CORE_NEVENTS] = {
	[CORE_EV_CYCLES] = { .event = 0x3C, .umask = 0x00 },
	[CORE_EV_INST] = { .event = 0xC0, .umask = 0x00 },
	[CORE_EV_REF] = { .event = 0x3C, .umask = 0x01 },
	[CORE_EV_LLC_REF] = { .event = 0x2E, .umask = 0x4F },
	[CORE_EV_LLC_MISS] = { .event = 0x2E, .umask = 0x41 },
	[CORE_EV_BRANCH] = { .event = 0xC4, .umask = 0x00 },
	[CORE_EV_MISPRED] = { .event = 0xC5, .umask = 0x00 },
};

int core_arch_event(uint8_t event, uint8_t umask)
{
	int i;

	for (i = 0; i < CORE_NEVENTS; i++)
		if (arch[i].event == event && arch[i].umask == umask)
			return i;
	return -1;
}

static unsigned inst(unsigned p)
{
	unsigned chunk = p >> CHUNK_SHIFT;

	if (chunk % STALL_EVERY == 0 || (emu_mix(K_INST, chunk) & 7) == 0)
		return 0;
	return emu_mix(K_INST, 0x10000 | p) % (CORE_INST_MAX + 1);
}

static unsigned branches(unsigned p)
{
	unsigned n = emu_mix(K_BR, p) % 3, i = inst(p);

	return n < i ? n : i;
}

static unsigned llc_refs(unsigned p)
{
	if (!(emu_mix(K_LLC, p >> CHUNK_SHIFT) & 1))
		return 0;
	return (emu_mix(K_LLC, 0x10000 | p) & 3) == 0;
}

unsigned core_event_value(unsigned ev, uint64_t t)
{
	unsigned p = (unsigned)(t % EMU_STREAM_PERIOD);

	switch (ev) {
	case CORE_EV_CYCLES:
		return 1;
	case CORE_EV_INST:
		return inst(p);
	case CORE_EV_REF:
		return p % 4 != 0;
	case CORE_EV_LLC_REF:
		return llc_refs(p);
	case CORE_EV_LLC_MISS:
		return llc_refs(p) && emu_mix(K_MISS, p) % 3 == 0;
	case CORE_EV_BRANCH:
		return branches(p);
	case CORE_EV_MISPRED:
		return branches(p) && (emu_mix(K_MISP, p) & 7) == 0;
	default:
		return 0;
	}
}
