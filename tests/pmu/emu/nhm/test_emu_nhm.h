/* Helpers shared by the host tests of the emulated Nehalem uncore
 * (tests/pmu/emu/nhm/test_emu_nhm*.c): MSR numbers, checked accessors, and an
 * independent per-cycle reference of what a general counter must count,
 * written from the spec's statements over nhm_stream_value(). */
#ifndef TESTS_HOST_TEST_EMU_NHM_H
#define TESTS_HOST_TEST_EMU_NHM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/fault.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/nhm/model.h"
#include "tests/pmu/emu/test_model_msr.h"
#include "tests/pmu/emu/test_ref_filter.h"

#define GCTL 0x391u
#define STATUS 0x392u
#define OVF 0x393u
#define FIXED 0x394u
#define FIXED_CTL 0x395u
#define MATCH 0x396u
#define CTR(n) (0x3B0u + (n))
#define SEL(n) (0x3C0u + (n))

#define GC_FC0 (1ull << 32)
#define GC_CORE(n) (1ull << (48 + (n)))
#define GC_FRZ (1ull << 63)
#define ST_FC0 (1ull << 32)
#define ST_PMI (1ull << 61)
#define ST_CHG (1ull << 63)
#define ES_RST (1ull << 17)
#define ES_E (1ull << 18)
#define ES_PMI (1ull << 20)
#define ES_EN (1ull << 22)
#define ES_INV (1ull << 23)
#define MAX48 0xFFFFFFFFFFFFull
#define P EMU_STREAM_PERIOD

static inline uint64_t evtsel(uint8_t ev, uint8_t um, uint8_t cmask, uint64_t flags)
{
	return ev | (uint64_t)um << 8 | (uint64_t)cmask << 24 | flags;
}

TEST_UNCORE_MSR(struct nhm_uncore, nhm_rdmsr, nhm_wrmsr)

/* A general counter's configuration, for the reference. rst: cycle of an
 * OCC_CTR_RST, UINT64_MAX for none; rst2: a second one after rst, 0 for
 * none. */
struct ref {
	uint8_t ev, um, cmask;
	bool inv, edge;
	uint64_t rst, rst2;
};

#define NORST .rst = UINT64_MAX, .rst2 = 0 /* rst, rst2 of a counter never reset */

static inline uint64_t ref_sel(const struct ref *r)
{
	return evtsel(r->ev, r->um, r->cmask,
		      ES_EN | (r->inv ? ES_INV : 0) | (r->edge ? ES_E : 0));
}

/* OQ-N8 as the brief defines it: after a reset at r (the latest one) the
 * tracker holds max(0, v(t) - v(r)) until the first t > r with v(t) = 0. */
static inline unsigned ref_occ(const struct ref *r, uint64_t t)
{
	unsigned v = nhm_stream_value(r->ev, r->um, t), base;
	uint64_t c, rst = r->rst2 && r->rst2 <= t ? r->rst2 : r->rst;

	if (rst == UINT64_MAX || t < rst || !nhm_event_is_occupancy(r->ev))
		return v;
	for (c = rst + 1; c <= t; c++)
		if (!nhm_stream_value(r->ev, r->um, c))
			return v;
	base = nhm_stream_value(r->ev, r->um, rst);
	return v > base ? v - base : 0;
}

static inline unsigned ref_value(const void *r, uint64_t t)
{
	return ref_occ(r, t);
}

/* N-16..N-20 with OQ-N12/OQ-N13: what the counter adds over [a, b). */
static inline uint64_t ref_count(const struct ref *r, uint64_t a, uint64_t b)
{
	return ref_filt_count(r->cmask, r->inv, r->edge, ref_value, r, a, b);
}

/* Same without a reset, for windows of any length: whole periods of the
 * stream times one period's count, plus the ragged ends. */
static inline uint64_t ref_count_long(const struct ref *r, uint64_t a, uint64_t b)
{
	uint64_t a1 = (a + P - 1) / P * P, b1 = b / P * P;

	if (b1 <= a1)
		return ref_count(r, a, b);
	return ref_count(r, a, a1) + (b1 - a1) / P * ref_count(r, 0, P) + ref_count(r, b1, b);
}

/* Program general counter n with r's selection and enable it globally. */
static inline void start_gp(struct nhm_uncore *u, unsigned n, const struct ref *r, uint64_t now)
{
	wr(u, SEL(n), ref_sel(r), now);
	wr(u, GCTL, rd(u, GCTL, now) | 1ull << n, now);
}

/* Count of general counter 0 programmed with r over [a, b), via the model. */
static inline uint64_t model_count(emu_faults_t faults, const struct ref *r, uint64_t a, uint64_t b)
{
	struct nhm_uncore u;
	uint64_t v0;

	nhm_init(&u, faults, 0, 0, 0, 0);
	start_gp(&u, 0, r, a);
	v0 = rd(&u, CTR(0), a);
	return rd(&u, CTR(0), b) - v0;
}

#endif
