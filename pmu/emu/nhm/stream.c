/* Synthetic event streams of the emulated Nehalem/Westmere uncore: what each
 * event of spec §5 "sees" per U-clock cycle. Real events depend on memory
 * traffic the model does not have (N-13 is [HW] for real events), so the
 * model invents deterministic streams that obey the counting rules and the
 * §5 invariants exactly.
 *
 * Design:
 * - Every stream is a pure function of (event, umask bit, t mod 1024)
 *   (EMU_STREAM_PERIOD), so counts over any window are whole periods times a
 *   per-period sum plus a partial period (pmu/emu/nhm/model.c).
 * - A period is 32 chunks of 32 cycles. A chunk is busy or quiet, chosen by
 *   a small integer hash of (stream key, chunk); chunks 0, 8, 16 and 24 are
 *   quiet for every stream, so every union of sub-streams has runs of empty
 *   cycles in each period (the occupancy tracker of OQ-N8 catches up within
 *   at most 8 chunks).
 * - Queues (GQ trackers, QHL trackers, QMC channels) have a depth: in a busy
 *   chunk a trapezoid rising and falling by 2 per cycle, capped by a hashed
 *   peak and by the queue capacity, minus a hashed 0/1 jitter. Occupancy
 *   events (02H, 23H, 2AH) count the depth, "not empty" events (01H, 22H)
 *   depth > 0, "full" events (00H, 21H) depth == capacity. So 00H(u) implies
 *   01H(u) and 22H(u) = [23H(u) > 0] hold per cycle by construction.
 * - Count events (03H, 20H, 2CH, 2FH) add 0..2 per cycle (hashed) in busy
 *   chunks and 0 in quiet ones.
 * Union (N-13): a multi-bit umask adds the sub-streams of count and
 * occupancy events (so 2CH umask 07 = 01 + 02 + 04) and ORs those of boolean
 * events. Capacities keep every occupancy union below 64 per cycle (OQ-N13:
 * 3 x 20 = 60), which also keeps a period's sum below 2^16.
 * The O(1) counting over a counter's cached increments is pmu/emu/stream.c. */
#include "pmu/emu/nhm/model.h"
#include "pmu/emu/stream.h"

#define CHUNK_SHIFT 5
#define CHUNK_LEN (1u << CHUNK_SHIFT)
#define QUIET_EVERY 8 /* chunk j is quiet for every stream when j % 8 == 0 */

enum kind { K_FULL, K_NOT_EMPTY, K_OCC, K_COUNT };
enum queue { Q_NONE, Q_GQ, Q_QHL, Q_QMC };

struct event_def {
	uint8_t code;
	uint8_t umasks; /* bits with a defined sub-event (OQ-N18) */
	uint8_t kind;
	uint8_t queue;
};

/* §5 of the spec; 02H is the optional GQ occupancy of OQ-N16. */
static const struct event_def events[] = {
	/* UNC_GQ_CYCLES_FULL */
	{ .code = 0x00, .umasks = 0x07, .kind = K_FULL, .queue = Q_GQ },
	/* UNC_GQ_CYCLES_NOT_EMPTY */
	{ .code = 0x01, .umasks = 0x07, .kind = K_NOT_EMPTY, .queue = Q_GQ },
	/* GQ occupancy (OQ-N16) */
	{ .code = 0x02, .umasks = 0x07, .kind = K_OCC, .queue = Q_GQ },
	/* UNC_GQ_ALLOC */
	{ .code = 0x03, .umasks = 0x03, .kind = K_COUNT, .queue = Q_NONE },
	/* UNC_QHL_REQUESTS */
	{ .code = 0x20, .umasks = 0x3F, .kind = K_COUNT, .queue = Q_NONE },
	/* UNC_QHL_CYCLES_FULL */
	{ .code = 0x21, .umasks = 0x07, .kind = K_FULL, .queue = Q_QHL },
	/* UNC_QHL_CYCLES_NOT_EMPTY */
	{ .code = 0x22, .umasks = 0x07, .kind = K_NOT_EMPTY, .queue = Q_QHL },
	/* UNC_QHL_OCCUPANCY */
	{ .code = 0x23, .umasks = 0x07, .kind = K_OCC, .queue = Q_QHL },
	/* UNC_QMC_OCCUPANCY */
	{ .code = 0x2A, .umasks = 0x07, .kind = K_OCC, .queue = Q_QMC },
	/* UNC_QMC_NORMAL_READS */
	{ .code = 0x2C, .umasks = 0x07, .kind = K_COUNT, .queue = Q_NONE },
	/* UNC_QMC_WRITES: 07 full, 38 partial */
	{ .code = 0x2F, .umasks = 0x3F, .kind = K_COUNT, .queue = Q_NONE },
};

/* Queue capacity = "full" depth; 3 sub-queues x 20 < 64 (OQ-N13). */
static const uint8_t capacity[] = { [Q_GQ] = 16, [Q_QHL] = 20, [Q_QMC] = 20 };

static const struct event_def *event_def(uint8_t code)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(events); i++)
		if (events[i].code == code)
			return &events[i];
	return NULL;
}

static bool chunk_busy(uint32_t key, unsigned chunk)
{
	return chunk % QUIET_EVERY != 0 && (emu_mix(key, chunk) & 3) != 0;
}

/* Depth of queue `key` (capacity cap) at phase p of the period. */
static unsigned queue_depth(uint32_t key, unsigned cap, unsigned p)
{
	unsigned chunk = p >> CHUNK_SHIFT, i = p & (CHUNK_LEN - 1);
	unsigned peak, ramp, d;

	if (!chunk_busy(key, chunk))
		return 0;
	/* Peaks up to 1.5 x capacity, clipped: about a third of the busy
	 * chunks reach "full". */
	peak = 1 + (emu_mix(key, chunk) >> 2) % (cap + cap / 2);
	ramp = 2 * (1 + (i < CHUNK_LEN - 1 - i ? i : CHUNK_LEN - 1 - i));
	d = peak < ramp ? peak : ramp;
	d = d < cap ? d : cap;
	return d - (emu_mix(key, 0x10000 | p) & 1);
}

static unsigned count_value(uint32_t key, unsigned p)
{
	if (!chunk_busy(key, p >> CHUNK_SHIFT))
		return 0;
	return emu_mix(key, 0x20000 | p) % 3;
}

/* One sub-stream: event e, umask bit `bit` (0..7), phase p. */
static unsigned sub_value(const struct event_def *e, unsigned bit, unsigned p)
{
	uint32_t key = e->kind == K_COUNT ? 0x100u * e->code + bit : 0x1000u * e->queue + bit;
	unsigned cap = capacity[e->queue], d;

	if (e->kind == K_COUNT)
		return count_value(key, p);
	d = queue_depth(key, cap, p);
	if (e->kind == K_OCC)
		return d;
	return e->kind == K_FULL ? d == cap : d > 0;
}

unsigned nhm_stream_value(uint8_t event, uint8_t umask, uint64_t t)
{
	const struct event_def *e = event_def(event);
	unsigned p = (unsigned)(t % EMU_STREAM_PERIOD), bit, v = 0;
	uint8_t sel;

	if (!e)
		return 0; /* unknown event codes count nothing */
	sel = umask & e->umasks; /* OQ-N18, OQ-N21: undefined bits and 0 select nothing */
	for (bit = 0; sel >> bit; bit++) {
		if (!(sel >> bit & 1))
			continue;
		if (e->kind == K_FULL || e->kind == K_NOT_EMPTY)
			v |= sub_value(e, bit, p); /* N-13: boolean union is an OR */
		else
			v += sub_value(e, bit, p); /* N-13: counts add up */
	}
	return v;
}

bool nhm_event_is_occupancy(uint8_t event)
{
	const struct event_def *e = event_def(event);

	return e && e->kind == K_OCC; /* §5 "occ" column, OQ-N16 for 02H */
}
