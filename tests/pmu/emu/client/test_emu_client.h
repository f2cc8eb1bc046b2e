/* Helpers shared by the host tests of the emulated client uncore
 * (tests/pmu/emu/client/test_emu_client*.c): the digest's MSR numbers and bits as
 * this file's own constants (§2, §3), the two layouts, checked accessors,
 * and an independent per-cycle reference of what a general counter must
 * count, written from L-27..L-29, OQ-L12 and OQ-L13 over
 * client_stream_value(). */
#ifndef TESTS_HOST_TEST_EMU_CLIENT_H
#define TESTS_HOST_TEST_EMU_CLIENT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/fault.h"
#include "pmu/emu/client/model.h"
#include "tests/pmu/emu/test_model_msr.h"
#include "tests/pmu/emu/test_ref_filter.h"

#define FIXED_CTL 0x394u  /* L-08 */
#define FIXED_CTR 0x395u
#define CBO_CONFIG 0x396u /* L-15 */
#define ARB_CTR(k) (0x3B0u + (k)) /* L-14 */
#define ARB_SEL(k) (0x3B2u + (k))
/* L-11..L-13 */
#define CBO_SEL(n, k) ((n) == 7 ? 0xF70u + (k) : 0x700u + 0x10u * (n) + (k))
#define CBO_CTR(n, k) ((n) == 7 ? 0xF76u + (k) : 0x706u + 0x10u * (n) + (k))

#define GC_EN (1ull << 29)     /* L-20 */
#define GC_WAKE (1ull << 30)   /* L-47 */
#define GC_FRZ (1ull << 31)    /* L-50 */
#define FC_OVF (1ull << 20)    /* L-36 */
#define FC_EN (1ull << 22)     /* L-22 */
#define ES_E (1ull << 18)      /* L-25 */
#define ES_OVF (1ull << 20)
#define ES_EN (1ull << 22)
#define ES_INV (1ull << 23)
#define ST_FIXED 0x1ull        /* L-38 */
#define ST_ARB 0x2ull
#define ST_CBO 0x8ull
#define MAX44 ((1ull << 44) - 1)
#define MAX48 ((1ull << 48) - 1)

/* A layout as the digest gives it: init, global control (status at + 1),
 * fixed counter width (OQ-L16), PMI-select bits (OQ-L7), C-boxes (L-04,
 * L-05). */
struct layout {
	const char *name;
	void (*init)(void *m, emu_faults_t f, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		     uint64_t now);
	uint32_t gctl;
	unsigned fixed_width, sel_bits, max_cbox;
};

static const struct layout layouts[] = {
	{ .name = "A", .init = client_a_init, .gctl = 0x391, .fixed_width = 48, .sel_bits = 4,
	  .max_cbox = 4 },
	{ .name = "B", .init = client_b_init, .gctl = 0xE01, .fixed_width = 44, .sel_bits = 5,
	  .max_cbox = 8 },
};
#define FOR_LAYOUT(l) for (const struct layout *l = layouts; l < layouts + 2; l++)

TEST_UNCORE_MSR(struct client_uncore, client_rdmsr, client_wrmsr)

static inline uint64_t evtsel(uint8_t ev, uint8_t um, uint8_t cmask, uint64_t flags)
{
	return ev | (uint64_t)um << 8 | (uint64_t)cmask << 24 | flags;
}

/* A package of 8 cores on model 0x9E (every C-box present on either
 * layout: 4 on A, 8 on B), at cycle `now`. */
static inline void init8(struct client_uncore *u, const struct layout *l, emu_faults_t f,
			 uint64_t now)
{
	l->init(u, f, 8, 0x9E, 0, now);
}

/* The fixed counter of layout l preset n below its wrap (2^width, OQ-L16),
 * enabled at 0 with FIXED_CTRL = EN | fctl and GLOBAL_CTRL = EN | gctl: it
 * wraps at cycle n. */
static inline void fixed_wrap(struct client_uncore *u, const struct layout *l, emu_faults_t f,
			      uint64_t n, uint64_t fctl, uint64_t gctl)
{
	init8(u, l, f, 0);
	wr(u, FIXED_CTR, (1ull << l->fixed_width) - n, 0);
	wr(u, FIXED_CTL, FC_EN | fctl, 0);
	wr(u, l->gctl, GC_EN | gctl, 0);
}

/* A general counter's selection, for the reference. */
struct ref {
	unsigned unit; /* CLIENT_UNIT_ARB or CLIENT_UNIT_CBOX(n) */
	uint8_t ev, um, cmask;
	bool inv, edge;
};

static inline uint64_t ref_sel(const struct ref *r, uint64_t flags)
{
	return evtsel(r->ev, r->um, r->cmask,
		      ES_EN | flags | (r->inv ? ES_INV : 0) | (r->edge ? ES_E : 0));
}

/* What a counter enabled at a adds over [a, b): L-27 (full count with
 * CMASK 0, else 1 in a cycle >= CMASK), L-28 (< CMASK with INV; OQ-L12:
 * INV ignored with CMASK 0), L-29 (E: rising edges of the condition;
 * OQ-L13: the history is 0 at enable, so cycle a counts if it holds). */
static inline uint64_t ref_count(const struct ref *r, uint64_t a, uint64_t b)
{
	bool inv = r->cmask && r->inv, prev = false;
	uint64_t t, n = 0;

	for (t = a; t < b; t++) {
		unsigned x = client_stream_value(r->unit, r->ev, r->um, t);
		bool c = ref_filt_cond(r->cmask, inv, x);

		if (r->edge)
			n += c && !prev;
		else
			n += r->cmask ? c : x;
		prev = c;
	}
	return n;
}

#endif
