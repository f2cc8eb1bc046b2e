/* Synthetic event streams of the emulated Sandy Bridge-EP U-box and
 * C-boxes: what each event "sees" per UCLK cycle. Their real events depend
 * on LLC and interrupt traffic the model does not have (spec §6: [HW only],
 * tests bound them by clockticks), so the model invents deterministic
 * streams that exercise the counting rules (S-21..S-25) and keep the
 * boxes apart (a stream depends on its box).
 *
 * Every stream is a pure function of (its key, t mod EMU_STREAM_PERIOD), so
 * a counter's increments are periodic and counted in O(1) (pmu/emu/stream.c).
 * A period is 32 chunks of 32 cycles, each busy or quiet by a hash of
 * (key, chunk); chunks 0 and 16 are quiet for every stream, so every
 * stream has idle stretches (edges, invert) and none is idle throughout.
 * - C-box, ev_sel 0x00: 1 every cycle (clockticks, S-59). Any other ev_sel
 *   with a non-zero umask: 0..max per cycle in busy chunks, max the event's
 *   most a cycle (TOR_OCCUPANCY 20, S-60) or else 7, so thresholds 1..max+1
 *   all mean something; umask 0 selects nothing (S-62, as the Nehalem
 *   model's OQ-N21). Which counter may count an event (S-59, S-61) the
 *   model decides before it asks for a stream (pmu/emu/snbep/model.c).
 * - U-box, ev_sel 0x00: nothing (S-18). 0x42 EVENT_MSG: one 0/1 sub-stream
 *   per umask bit 4:0 (VLW, MSI, IPI, doorbell, int prio), a union ORs them
 *   (at most 1 per cycle, §6). 0x44 LOCK_CYCLES: 0/1. Other codes: nothing. */
#include "pmu/emu/snbep/model.h"

#define CHUNK_SHIFT 5
#define CHUNK_LEN (1u << CHUNK_SHIFT)
#define QUIET_EVERY 16 /* chunk j is quiet for every stream when j % 16 == 0 */
#define UBOX_EVENT_MSG 0x42
#define UBOX_LOCK_CYCLES 0x44
#define UBOX_MSG_UMASKS 0x1F

static bool chunk_busy(uint32_t key, unsigned chunk)
{
	return chunk % QUIET_EVERY != 0 && (emu_mix(key, chunk) & 3) != 0;
}

/* 0..max at phase p of stream `key`, 0 in quiet chunks. */
static unsigned value(uint32_t key, unsigned max, unsigned p)
{
	if (!chunk_busy(key, p >> CHUNK_SHIFT))
		return 0;
	return emu_mix(key, 0x10000 | p) % (max + 1);
}

unsigned snbep_cbox_value(unsigned box, uint8_t ev, uint8_t umask, unsigned max, uint64_t t)
{
	unsigned p = (unsigned)(t % EMU_STREAM_PERIOD);

	if (!ev)
		return 1;
	if (!umask)
		return 0;
	return value(0x1000000u * (box + 1) + 0x100u * ev + umask, max, p);
}

unsigned snbep_ubox_value(uint8_t ev, uint8_t umask, uint64_t t)
{
	unsigned p = (unsigned)(t % EMU_STREAM_PERIOD), bit, v = 0;
	uint8_t sel = umask & UBOX_MSG_UMASKS;

	if (ev == UBOX_LOCK_CYCLES)
		return value(0x44000000u, 1, p);
	if (ev != UBOX_EVENT_MSG)
		return 0;
	for (bit = 0; sel >> bit; bit++)
		if (sel >> bit & 1)
			v |= value(0x42000000u + bit, 1, p);
	return v;
}
