/* Helpers shared by the host tests of the emulated client uncore of
 * layout E (tests/pmu/emu/mtl/test_emu_mtl*.c): the digest's MSR numbers
 * and bits as this file's own constants (client-uncore.md §4.15), checked
 * accessors, and an independent per-cycle reference of what a general
 * counter must count, written from L-107 (and OQ-L12, OQ-L13 as on layouts
 * A..D) over client_stream_value(). */
#ifndef TESTS_HOST_TEST_EMU_MTL_H
#define TESTS_HOST_TEST_EMU_MTL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "arch/fault.h"
#include "pmu/emu/client/model.h"
#include "pmu/emu/mtl/model.h"
#include "tests/pmu/emu/imc/test_emu_imc.h"
#include "tests/pmu/emu/test_model_msr.h"
#include "tests/pmu/emu/test_ref_filter.h"

/* L-102..L-106 */
#define CBO_SEL(n, k) (0x2442u + 0x10u * (n) + (k))
#define CBO_CTR(n, k) (0x2448u + 0x10u * (n) + (k))
#define ARB_SEL(b, k) (0x2412u + 0x10u * (b) + (k))
#define ARB_CTR(b, k) (0x2418u + 0x10u * (b) + (k))
#define HARB_SEL(b, k) (0x2012u + 0x10u * (b) + (k))
#define HARB_CTR(b, k) (0x2018u + 0x10u * (b) + (k))
#define HCBO_SEL(b, k) (0x2042u + 0x10u * (b) + (k))
#define HCBO_CTR(b, k) (0x2048u + 0x10u * (b) + (k))
#define CNCU_BOX 0x240Eu
#define CNCU_FCTL 0x2402u
#define CNCU_FCTR 0x2408u
#define SNCU_BOX 0x200Eu
#define SNCU_FCTL 0x2002u
#define SNCU_FCTR 0x2008u
#define CBO_CONFIG 0x396u
/* L-141, L-143: Panther Lake's IA core bridge and cNCU box b (0x140 apart);
 * SANTA at ARB_SEL/ARB_CTR's addresses. */
#define PTL_BRIDGE_SEL(k) (0x2022u + (k))
#define PTL_BRIDGE_CTR(k) (0x2028u + (k))
#define PTL_CNCU_BOX(b) (0x240Eu + 0x140u * (b))
#define PTL_CNCU_FCTL(b) (0x2402u + 0x140u * (b))
#define PTL_CNCU_FCTR(b) (0x2408u + 0x140u * (b))

#define BOX_EN (1ull << 29)    /* L-105 */
#define FC_EN (1ull << 22)     /* L-104 */
#define ES_E (1ull << 18)      /* L-107 */
#define ES_OVF (1ull << 20)
#define ES_EN (1ull << 22)
#define ES_INV (1ull << 23)
#define MAX48 ((1ull << 48) - 1)

TEST_UNCORE_MSR(struct mtl_uncore, mtl_rdmsr, mtl_wrmsr)

/* A package of `cores` cores on model 0xAA at cycle 0 with defects f. */
static inline void init(struct mtl_uncore *u, emu_faults_t f, unsigned cores)
{
	mtl_init(u, f, cores, 0xAA, 0, 0);
}

/* A general counter's selection, for the reference. */
struct ref {
	unsigned unit; /* the stream it sees: CLIENT_UNIT_ARB or CLIENT_UNIT_CBOX(n) */
	uint8_t ev, um, thresh;
	bool inv, edge;
};

static inline uint64_t ref_sel(const struct ref *r, uint64_t flags)
{
	return r->ev | (uint64_t)r->um << 8 | (uint64_t)r->thresh << 24 | ES_EN | flags |
	       (r->inv ? ES_INV : 0) | (r->edge ? ES_E : 0);
}

/* What a counter enabled at a adds over [a, b): the full count with
 * threshold 0, else 1 in a cycle >= the threshold (< with INV; INV
 * ignored without a threshold), with E the rising edges (history 0 at the
 * enable) (L-107). */
static inline uint64_t ref_count(const struct ref *r, uint64_t a, uint64_t b)
{
	bool inv = r->thresh && r->inv, prev = false;
	uint64_t t, n = 0;

	for (t = a; t < b; t++) {
		unsigned x = client_stream_value(r->unit, r->ev, r->um, t);
		bool c = ref_filt_cond(r->thresh, inv, x);

		if (r->edge)
			n += c && !prev;
		else
			n += r->thresh ? c : x;
		prev = c;
	}
	return n;
}

/* §4.17: offsets from SAFBAR (L-119..L-124; Intel's control addresses,
 * OQ-L50), HBO box b 0x1000b below box 0. */
#define SNCU_UNIT 0xE4B380u
#define SNCU_CTR(k) (0xE4B390u + 8u * (k))
#define SNCU_CTL(k) (0xE4B3A0u + 8u * (k))
#define SAF_GCTL 0xE4B700u
#define SAF_STATUS 0xE4B708u
#define HBO_UNIT(b) (0xE54548u - 0x1000u * (b))
#define HBO_CTL(b, k) (0xE54550u - 0x1000u * (b) + 8u * (k))
#define HBO_CTR(b, k) (0xE54570u - 0x1000u * (b) + 8u * (k))

/* Layout F's MMIO model (struct emu_mmio_model): BAR 0 MCHBAR, 1 SAFBAR;
 * every SAFBAR access 8 bytes. */
static inline uint64_t saf_rd(struct lnl_mmio *u, uint32_t off, uint64_t now)
{
	uint64_t v = 0xDEAD;

	assert_int_equal(lnl_mmio_model.read(u, 1, off, 8, now, &v), 0);
	return v;
}
static inline void saf_wr(struct lnl_mmio *u, uint32_t off, uint64_t val, uint64_t now)
{
	assert_int_equal(lnl_mmio_model.write(u, 1, off, 8, val, now), 0);
}

#endif
