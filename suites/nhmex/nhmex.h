/* The Xeon 7500 (Nehalem-EX, 0x2E) / Westmere-EX (0x2F) uncore suite (spec
 * xeon7500-uncore.md, X-xx): tests that run on real silicon and on the
 * emulated uncore alike. Every address and bit position is the suite's own,
 * written from the spec (suites/nhmex/spec.h; nothing from pmu/regs/nhmex.c,
 * which the model reads), gathered per box in struct ex_box. */
#ifndef TESTS_NHMEX_NHMEX_H
#define TESTS_NHMEX_NHMEX_H

#include "suites/common/msr.h"
#include "suites/common/pmi.h"
#include "suites/common/traffic.h"
#include "suites/nhmex/spec.h"

#define EX_U_CTL      0xC00u
#define EX_U_STATUS   0xC01u
#define EX_U_OVF      0xC02u
#define EX_U_EN       (1ull << 0)  /* X-06, OQ-X1 */
#define EX_CORE_SEL(k) (1ull << (1 + (k))) /* X-19, OQ-X1, OQ-X2 */
#define EX_EN_ALL     (1ull << 28) /* */
#define EX_RST_ALL    (1ull << 29) /* X-12, OQ-X5 */
#define EX_FRZ_ALL    (1ull << 31) /* */
#define EX_OV_U       (1ull << 0)  /* §5.2, OQ-X3 */
#define EX_OV_W       (1ull << 1)
#define EX_OV_S(s)    (1ull << (3 - (s))) /* ov_s0 bit 3, ov_s1 bit 2 */
#define EX_OV_ALL     0xFull
#define EX_FIXED_CTR  0x394u       /* W fixed counter on 0x2E/0x2F only (§4.7) */
#define EX_FIXED_CTL  0x395u
#define EX_FIXED_EN   (1ull << 31) /* W GLOBAL_CTL.fixed_en, ov_fixed */
#define EX_TOP        (1ull << 48) /* 48-bit counters */
#define EX_MASK       (EX_TOP - 1)
/* Counts are measured over this; a counter still at rest after it is idle:
 * 2 ms is millions of U-clocks at any uncore clock. */
#define EX_RATE_US    2000
#define EX_MAX_BOXES  20

/* One box with general counters: the U-box, each C-box present on the
 * model, B0-1, S0-1, M0-1, the two R-box halves and the W-box (its four
 * general counters; the fixed counter is apart). */
struct ex_box {
	char name[8];                 /* "C3", "R1" (the right half), "U": name[0] its type */
	unsigned idx;                 /* instance of the type */
	uint32_t ctl, status, ovf;    /* GLOBAL_CTL/_STATUS/_OVF_CTL (U: 0xC00-0xC02) */
	uint32_t sel0, ctr0;          /* control and counter of index 0 */
	unsigned stride, nctr;
	uint64_t en, pmi;             /* the control's en and pmi_en bits (§5.5) */
	uint64_t def;                 /* every defined bit of the control (§5.5) */
	uint64_t ev[8];               /* counter k's event, beside en (OQ-X19, X-44..X-47) */
	uint64_t box_en;              /* all ctr_en bits (U: GLOBAL_CTL.en, X-06) */
	int s;                        /* the S-box it reports to, -1: none */
	uint64_t ubit;                /* its bit in U GLOBAL_STATUS */
};

static inline uint32_t ex_sel(const struct ex_box *b, unsigned k)
{
	return b->sel0 + k * b->stride;
}

static inline uint32_t ex_ctr(const struct ex_box *b, unsigned k)
{
	return b->ctr0 + k * b->stride;
}

/* The counter's bit in its box's GLOBAL_CTL (U: en, bit 0, for its one
 * counter) and GLOBAL_STATUS (U: ov_u in U STATUS). */
static inline uint64_t ex_bit(const struct ex_box *b, unsigned k)
{
	return b->ctl == EX_U_CTL ? EX_U_EN : 1ull << k;
}

/* A counter read, corrected on hardware for the erratum of X-36 (OQ-X12):
 * a W-box counter read whose low 24 bits are 0 or 1 may be 2^24 too high,
 * so such a value at or above 2^24 loses 2^24 (logged raw at verbose 2).
 * The model has no erratum: raw there. */
uint64_t ex_fix(uint32_t msr, uint64_t v);
#define EX_RD(t, msr, v) do { RD((t), (msr), (v)); *(v) = ex_fix((msr), *(v)); } while (0)

/* The boxes of the running model, U first (suites/nhmex/boxes.c). */
unsigned ex_boxes(struct ex_box *out);
/* The CPU's family 6 model (0x2E, 0x2F) as CPUID gives it. */
uint32_t ex_model(void);

/* The calling CPU's package at rest, checked: en_all and every box enable
 * and control 0, every counter 0, every ov bit cleared at its box and
 * U GLOBAL_STATUS reading 0 afterwards. */
enum verdict ex_prepare(struct tctx *t);
/* Counters 0..n-1 of one box, their selects (en added: bit 0 in a B-box,
 * 22 elsewhere, §5.5) and counts (suites/nhmex/filter.c). */
struct ex_fbox {
	const char *name;
	uint32_t gctl, sel0; /* U: its GLOBAL_CTL is the uncore-wide one */
	unsigned n;
	uint64_t sel[6];
};
/* One window over the boxes opened and closed by en_all, every
 * counter from 0, the W fixed counter counting the cycles: c[i][k]
 * counter k of box i, cycles the fixed counter's; the package left at
 * rest. */
enum verdict ex_window(struct tctx *t, const struct ex_fbox *b, unsigned nb, uint64_t (*c)[6],
		       uint64_t *cycles);
/* The same without verdict, for the end of a test (errors ignored). */
void ex_quiet(void);

/* S-box s's overflow summary (§5.3): true and *v when it can be read. Its
 * address is unknown (OQ-X9), so this returns false and the walk of X-30
 * reads the STATUS of every box under the S-box instead; a confirmed
 * address is one line here. On hardware it also logs the probe of
 * S-box base + 3 the spec suggests (#GP-safe, never asserted). */
bool ex_summary(unsigned s, uint64_t *v);

/* from U GLOBAL_STATUS down to the boxes whose STATUS is non-zero:
 * *found gets their bits (1 << index in ex_boxes order). */
enum verdict ex_walk(struct tctx *t, const struct ex_box *bx, unsigned n, uint64_t *found);

/* Counts of counter k of box b over EX_RATE_US with all three enables set
 * in Hz; 0 if it did not move. Leaves the package at rest. */
enum verdict ex_rate(struct tctx *t, const struct ex_box *b, unsigned k, uint64_t *hz);

/* Program counter k of b: value, control = ev | en (| pmi_en), its box
 * enable on (U: folded into *u, the value the caller writes to 0xC00). */
enum verdict ex_arm(struct tctx *t, const struct ex_box *b, unsigned k, uint64_t val, bool pmi,
		    uint64_t *u);

/* 2^48 - N for a counter at hz to wrap about us after the enable; X-38:
 * never a value whose low 24 bits are 0xFFFFFE or 0xFFFFFF. */
uint64_t ex_preload(uint64_t hz, uint64_t us);

/* Until status register `reg` shows `bit` (*st its last read), or the
 * counter at MSR `ctr`, preset to `pre`, has counted the 2^48 - pre events
 * to its wrap since the wait began (the status is read after that counter
 * read, so it must show by then), or the counter has not moved for
 * EX_STILL_US. What ends the wait is what the counter did, never how long
 * its wrap should take: a rate measured high (a CPU away between a counter
 * read and the clock read) moves the wrap later and costs time, not a
 * verdict. */
#define EX_STILL_US 50000
enum verdict ex_wait_wrap(struct tctx *t, uint32_t reg, uint64_t bit, uint32_t ctr, uint64_t pre,
			  uint64_t *st);

/* The first box (ex_boxes order) whose counter 0 counts, and its rate: the
 * overflow source of the PMI and freeze tests. On hardware a box whose
 * event is idle is passed over (OQ-X19); SKIP if none counts. */
enum verdict ex_source(struct tctx *t, const struct ex_box *bx, unsigned n, unsigned *src,
		       uint64_t *hz);

/* body with the BSP's PMI path open (LVT Fixed mode on EX_PMI_VEC,
 * DEBUGCTL bit 13: suites/common/pmi_path.c) and a handler that only counts PMIs
 * in ex_pmis; the package left at rest and the path closed afterwards. */
#define EX_PMI_VEC 0xF4 /* C-32: >= 0x20; not pmi.c's 0xF1 nor route.h's 0xF2/0xF3 */
extern volatile unsigned ex_pmis;
enum verdict ex_with_pmi(struct tctx *t, enum verdict (*body)(struct tctx *));

/* nhmex.ovf.clear-each and nhmex.ovf.siblings (suites/nhmex/clear.c). */
enum verdict ex_run_clear_each(struct tctx *t);
enum verdict ex_run_siblings(struct tctx *t);

/* One suite per concern, run in this order (suites/all.c). */
extern const struct suite nhmex_regs_suite, nhmex_count_suite, nhmex_ovf_suite,
	nhmex_pmi_suite, nhmex_freeze_suite, nhmex_rbox_suite, nhmex_filter_suite,
	nhmex_event_suite;

#endif
