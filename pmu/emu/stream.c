/* Counting filter and periodic O(1) counting shared by the emulated PMUs
 * (pmu/emu/stream.h). */
#include "pmu/emu/stream.h"

#define PERIOD EMU_STREAM_PERIOD
#define NBLK (PERIOD / EMU_BLOCK)

bool emu_filt_cond(const struct emu_filt *f, unsigned x)
{
	bool ge = f->cmask ? (f->gt ? x > f->cmask : x >= f->cmask) : x > 0;

	return ge != f->inv;
}

unsigned emu_filt_step(const struct emu_filt *f, unsigned x, bool prev_cond)
{
	if (f->edge) /* N-16, C-16; OQ-N13: edge of the thresholded condition */
		return emu_filt_cond(f, x) && !prev_cond;
	if (!f->cmask)
		return x; /* N-17, C-16: the full per-cycle count */
	return emu_filt_cond(f, x); /* N-18, N-19, C-16: at most 1 per cycle */
}

unsigned emu_filt_apply(const struct emu_filt *f, unsigned x, unsigned prev)
{
	return emu_filt_step(f, x, emu_filt_cond(f, prev));
}

void emu_stream_fill(struct emu_stream *s, const struct emu_filt *f, const uint8_t *raw)
{
	unsigned prev = raw[PERIOD - 1], p, sum = 0;

	for (p = 0; p < PERIOD; p++) {
		if (p % EMU_BLOCK == 0)
			s->blk[p / EMU_BLOCK] = (uint16_t)sum;
		s->inc[p] = (uint8_t)emu_filt_apply(f, raw[p], prev);
		sum += s->inc[p];
		prev = raw[p];
	}
	s->blk[NBLK] = (uint16_t)sum;
}

void emu_seam_set(struct emu_seam *m, uint64_t at, bool held, const struct emu_filt *cur,
		  unsigned prev, unsigned x)
{
	if (m->at != at)
		m->held = held;
	m->at = at;
	m->delta = (int8_t)((int)emu_filt_step(cur, x, m->held) - (int)emu_filt_apply(cur, x, prev));
}

uint64_t emu_seam_count(const struct emu_stream *s, const struct emu_seam *m, uint64_t a,
			uint64_t b)
{
	uint64_t c = emu_stream_count(s, a, b);

	return a <= m->at && m->at < b ? c + (uint64_t)(int64_t)m->delta : c;
}

uint64_t emu_seam_reach(const struct emu_stream *s, const struct emu_seam *m, uint64_t t,
			uint64_t need)
{
	uint64_t c;

	if (!m->delta || m->at < t)
		return emu_stream_reach(s, t, need);
	c = emu_stream_count(s, t, m->at);
	if (c >= need)
		return emu_stream_reach(s, t, need);
	c += (uint64_t)((int)s->inc[m->at % PERIOD] + m->delta); /* cycle at, corrected */
	return c >= need ? m->at + 1 : emu_stream_reach(s, m->at + 1, need - c);
}

/* Sum of inc[0 .. k), k <= PERIOD. */
static uint64_t prefix(const struct emu_stream *s, unsigned k)
{
	unsigned p = k / EMU_BLOCK * EMU_BLOCK;
	uint64_t v = s->blk[k / EMU_BLOCK];

	for (; p < k; p++)
		v += s->inc[p];
	return v;
}

/* Smallest k in [1, PERIOD] with prefix(k) >= target, 1 <= target <= sum. */
static unsigned first_reach(const struct emu_stream *s, uint64_t target)
{
	unsigned lo = 0, hi = NBLK, mid, k; /* blk[lo] < target <= blk[hi] */
	uint64_t v;

	while (hi - lo > 1) {
		mid = (lo + hi) / 2;
		if (s->blk[mid] < target)
			lo = mid;
		else
			hi = mid;
	}
	for (k = lo * EMU_BLOCK, v = s->blk[lo];; k++) {
		v += s->inc[k];
		if (v >= target)
			return k + 1;
	}
}

uint64_t emu_stream_count(const struct emu_stream *s, uint64_t a, uint64_t b)
{
	const uint64_t per = PERIOD;

	return (b / per - a / per) * s->blk[NBLK] + prefix(s, (unsigned)(b % per)) -
	       prefix(s, (unsigned)(a % per));
}

uint64_t emu_stream_reach(const struct emu_stream *s, uint64_t t, uint64_t need)
{
	uint64_t sum = s->blk[NBLK], q;
	unsigned p = (unsigned)(t % PERIOD);

	if (!sum)
		return UINT64_MAX;
	need += prefix(s, p); /* counted from the start of t's period */
	q = (need - 1) / sum;
	return t - p + q * PERIOD + first_reach(s, need - q * sum);
}

uint32_t emu_mix(uint32_t key, uint32_t x)
{
	x ^= key * 0x9E3779B9u;
	x ^= x >> 16;
	x *= 0x7FEB352Du;
	x ^= x >> 15;
	x *= 0x846CA68Bu;
	x ^= x >> 16;
	return x;
}
