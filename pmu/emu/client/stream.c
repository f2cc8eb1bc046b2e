/* Synthetic event streams of the emulated client uncore: what each event of
 * spec §5 "sees" per U-clock cycle in the ARB and in each C-box. Real
 * events depend on memory traffic the model does not have, so the model
 * invents deterministic ones that obey the counting rules and the §5
 * invariants exactly.
 *
 * Every stream is a pure function of (unit, event, umask, t mod 1024)
 * (EMU_STREAM_PERIOD), counted in O(1) per window by pmu/emu/stream.c. A
 * period is 32 chunks of 32 cycles; a chunk of a unit is busy or quiet by
 * a hash of (unit, chunk), so the slices and the ARB each have their own
 * bursts; chunk 0 is quiet everywhere, so every occupancy has empty cycles.
 * - C-box 34H (CACHE_LOOKUP) and 22H (XSNP_RESPONSE): at most one lookup
 *   a cycle, of one pair (low umask bit: line state / snoop result, high
 *   umask bit: request filter); a umask counts the pairs it selects and
 *   nothing without a bit of each group (L-57, OQ-L22). For 34H filter bit
 *   7 is "any request": it selects bits 6:4 (§5: 8FH counts any request
 *   type, so 34H/8FH >= 34H/1FH per cycle).
 * - ARB 80H (TRK_OCCUPANCY) and 83H (COH_TRK_OCCUPANCY), umask 01H: a queue
 *   depth of 0..20, held for 8 cycles at a time in busy chunks (more than
 *   1 per cycle: "occ", L-56).
 * - ARB 81H (TRK_REQUESTS): at most one request a cycle, a data read
 *   (umask 02H), a write (20H) or another; 01H (ALL) counts all three. 84H
 *   (COH_TRK_REQUESTS), umask 01H: at most one a cycle.
 * Every other event, umask bit or unit counts nothing. */
#include "pmu/emu/client/model.h"

#define CHUNK_SHIFT 5
#define DEPTH_SHIFT 3  /* a queue depth holds for 8 cycles */
#define DEPTH_MAX 20   /* below the 5-bit CMASK's 31 (OQ-L19): thresholds 21..31 never hold */

enum kind { K_PAIRS, K_OCC, K_COUNT };

struct event_def {
	uint8_t code;
	bool cbox;      /* a C-box event, else an ARB one */
	uint8_t kind;
	uint8_t umasks; /* K_OCC, K_COUNT: bits with a sub-event */
	uint8_t all;    /* K_COUNT: the bit that selects every sub-event and one more;
			   K_PAIRS: the filter bit that selects bits 6:4 */
};

/* §5 */
static const struct event_def events[] = {
	{ .code = 0x34, .cbox = true, .kind = K_PAIRS, .all = 0x80 },
	{ .code = 0x22, .cbox = true, .kind = K_PAIRS },
	{ .code = 0x80, .kind = K_OCC, .umasks = 0x01 },
	{ .code = 0x81, .kind = K_COUNT, .umasks = 0x22, .all = 0x01 },
	{ .code = 0x83, .kind = K_OCC, .umasks = 0x01 },
	{ .code = 0x84, .kind = K_COUNT, .umasks = 0x01 },
};

static const struct event_def *event_def(unsigned unit, uint8_t code)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(events); i++)
		if (events[i].code == code && events[i].cbox == (unit != CLIENT_UNIT_ARB))
			return &events[i];
	return NULL;
}

static bool busy(unsigned unit, unsigned p)
{
	unsigned chunk = p >> CHUNK_SHIFT;

	return chunk && (emu_mix(0xC11E0000u + unit, chunk) & 3) != 0;
}

/* The hash key of sub-stream `sub` of event e in unit. */
static uint32_t key(unsigned unit, const struct event_def *e, unsigned sub)
{
	return (uint32_t)unit << 16 | (uint32_t)e->code << 8 | sub;
}

/* 34H, 22H: at most one lookup (snoop) a cycle in a busy chunk, of one
 * line state (snoop result) s and one request filter f; a umask counts it
 * when it has both bits (L-57, OQ-L22). Not "occ" (spec section 5): 1 a
 * cycle at most, and the sub-events disjoint, so 8FH is the sum of 1FH,
 * 2FH and 4FH. */
static unsigned pairs(unsigned unit, const struct event_def *e, uint8_t umask, unsigned p)
{
	unsigned lo = umask & 0x0F, hi = umask & 0xF0, m = emu_mix(key(unit, e, 0xFF), p);
	unsigned s = m & 3, f = 4 + (m >> 2) % (e->all ? 3u : 4u);

	if (e->all && (umask & e->all))
		hi = 0x70; /* "any request": every filter bit below it */
	return (m >> 8 & 1) && (lo >> s & 1) && (hi >> f & 1);
}

/* 81H, 84H: at most one request a cycle in a busy chunk, of one kind (a
 * bit of umasks, or bit 8: the kinds no umask bit names); `all` selects
 * every kind. Not "occ" (spec section 5): 1 a cycle at most. */
static unsigned request(unsigned unit, const struct event_def *e, uint8_t umask, unsigned p)
{
	unsigned kinds = e->all ? e->umasks | 0x100u : e->umasks, sel, n, pick, bit;

	sel = umask & e->all ? kinds : umask & e->umasks;
	for (n = 0, bit = 0; kinds >> bit; bit++)
		n += kinds >> bit & 1;
	pick = emu_mix(key(unit, e, 0x1FF), p) % (n + 1); /* n: no request */
	for (bit = 0; kinds >> bit; bit++)
		if ((kinds >> bit & 1) && pick-- == 0)
			return sel >> bit & 1;
	return 0;
}

unsigned client_stream_value(unsigned unit, uint8_t event, uint8_t umask, uint64_t t)
{
	const struct event_def *e = event_def(unit, event);
	unsigned p = (unsigned)(t % EMU_STREAM_PERIOD);

	if (!e || !busy(unit, p))
		return 0;
	if (e->kind == K_PAIRS)
		return pairs(unit, e, umask, p);
	if (e->kind == K_OCC)
		return umask & e->umasks ? emu_mix(key(unit, e, 0), p >> DEPTH_SHIFT) %
						   (DEPTH_MAX + 1) : 0;
	return request(unit, e, umask, p);
}
