/* Helpers shared by the host tests of the emulated core PMU
 * (tests/pmu/emu/core/test_emu_core*.c): MSR numbers, checked accessors, test
 * shapes, and an independent per-cycle reference of what a general counter
 * must count, written from C-16 over core_event_value(). */
#ifndef TESTS_HOST_TEST_EMU_CORE_H
#define TESTS_HOST_TEST_EMU_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/msr.h"
#include "pmu/emu/core/model.h"
#include "pmu/emu/faults.h"
#include "tests/pmu/emu/test_model_msr.h"
#include "tests/pmu/emu/test_ref_filter.h"

#define PMC(n) (0xC1u + (n))
#define A_PMC(n) (0x4C1u + (n))
#define SEL(n) (0x186u + (n))
#define FIXED(j) (0x309u + (j))
#define PERF_CAPS 0x345u
#define FIXED_CTL 0x38Du
#define STATUS 0x38Eu
#define GCTL 0x38Fu
#define OVF 0x390u

#define USR (1ull << 16)
#define OS (1ull << 17)
#define EDGE (1ull << 18)
#define PC (1ull << 19)
#define INT (1ull << 20)
#define ANY (1ull << 21)
#define EN (1ull << 22)
#define INV (1ull << 23)
#define G_FIXED(j) (1ull << (32 + (j))) /* GLOBAL_CTRL / STATUS bit of fixed counter j */
#define FC(j, en, pmi) ((uint64_t)((en) | ((pmi) ? 8 : 0)) << 4 * (j))
#define MAX48 0xFFFFFFFFFFFFull
#define P EMU_STREAM_PERIOD

/* Event select / umask of the C-24 rows the tests use. */
#define EV_CYCLES 0x3C, 0x00
#define EV_INST 0xC0, 0x00
#define EV_REF 0x3C, 0x01
#define EV_LLC_REF 0x2E, 0x4F
#define EV_LLC_MISS 0x2E, 0x41
#define EV_BRANCH 0xC4, 0x00
#define EV_MISPRED 0xC5, 0x00

static inline uint64_t evtsel(uint8_t ev, uint8_t um, uint8_t cmask, uint64_t flags)
{
	return ev | (uint64_t)um << 8 | (uint64_t)cmask << 24 | flags;
}

TEST_MODEL_MSR(struct core_pmu, core_rdmsr, core_wrmsr)

static inline void init(struct core_pmu *u, const struct core_shape *s, emu_faults_t faults)
{
	assert_int_equal(core_init(u, s, faults, 0), 0);
}

/* A general counter's filter, for the reference. */
struct ref {
	unsigned ev; /* enum core_event */
	uint8_t cmask;
	bool inv, edge;
};

static inline unsigned ref_value(const void *r, uint64_t t)
{
	return core_event_value(((const struct ref *)r)->ev, t);
}

/* C-16: what the counter adds over [a, b). */
static inline uint64_t ref_count(const struct ref *r, uint64_t a, uint64_t b)
{
	return ref_filt_count(r->cmask, r->inv, r->edge, ref_value, r, a, b);
}

/* The umask / event select pair of row ev of C-24. */
static inline uint64_t ref_sel(const struct ref *r, uint64_t flags)
{
	static const uint8_t code[CORE_NEVENTS][2] = {
		{ EV_CYCLES }, { EV_INST }, { EV_REF }, { EV_LLC_REF },
		{ EV_LLC_MISS }, { EV_BRANCH }, { EV_MISPRED },
	};

	return evtsel(code[r->ev][0], code[r->ev][1], r->cmask,
		      flags | (r->inv ? INV : 0) | (r->edge ? EDGE : 0));
}

/* Program general counter n with r (OS, EN, plus flags) and enable it
 * globally. */
static inline void start_gp(struct core_pmu *u, unsigned n, const struct ref *r, uint64_t flags,
			    uint64_t now)
{
	wr(u, SEL(n), ref_sel(r, OS | EN | flags), now);
	wr(u, GCTL, rd(u, GCTL, now) | 1ull << n, now);
}

/* What general counter 0 programmed with r counts over [a, b) in a model
 * with the given shape and faults. */
static inline uint64_t model_count(const struct core_shape *s, emu_faults_t faults,
				   const struct ref *r, uint64_t a, uint64_t b)
{
	struct core_pmu u;
	uint64_t v0;

	init(&u, s, faults);
	start_gp(&u, 0, r, 0, a);
	v0 = rd(&u, PMC(0), a);
	return rd(&u, PMC(0), b) - v0;
}

/* E on unhalted core cycles (one per cycle), CMASK written while counter 0
 * counts: 1 at 1500 asserts the condition (an entry), 255 at 2500
 * deasserts it (an exit); c[k] counts over [1000 k, 1000 (k + 1)). With
 * stop, the entry is written while GLOBAL_CTRL is 0 (1400..1600). */
static inline void edge_dir_counts(emu_faults_t f, bool stop, uint64_t c[2])
{
	uint64_t sel = evtsel(EV_CYCLES, 0xFF, OS | EN | EDGE);
	struct core_pmu u;

	uint64_t v[3];

	init(&u, &core_shape_nhm, f);
	wr(&u, SEL(0), sel, 0);
	wr(&u, GCTL, 1, 0);
	v[0] = rd(&u, PMC(0), 1000);
	if (stop)
		wr(&u, GCTL, 0, 1400);
	wr(&u, SEL(0), (sel & ~(0xFFull << 24)) | 1ull << 24, 1500);
	if (stop)
		wr(&u, GCTL, 1, 1600);
	v[1] = rd(&u, PMC(0), 2000);
	wr(&u, SEL(0), sel, 2500);
	v[2] = rd(&u, PMC(0), 3000);
	c[0] = v[1] - v[0];
	c[1] = v[2] - v[1];
}

#endif
