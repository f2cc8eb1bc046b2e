/* The boxes of the Xeon 7500 uncore as the tests see them, from the suite's
 * own constants (suites/nhmex/spec.h), and the helpers every nhmex test
 * shares: rest, rate, programming one counter, and the walk of X-30. */
#include "suites/nhmex/nhmex.h"

/* The box types with general counters, in the order tests visit them: how
 * many instances, counters, the control's en and pmi_en (§5.5) and the
 * event the tests count.
 *
 * OQ-X19: the spec gives no encoding that counts reliably on hardware;
 * these are the candidates (a counter that stays idle on hardware makes its
 * test SKIP, not pass). Each respects the event constraints (spec.h): C and
 * S with every sub-event (umask 0 counts nothing, X-45, X-46), B per
 * counter (X-44, ex_b_ev), W C_CYCLES_TURBO, not a throttle event.
 * On the model every enabled counter counts a cycle stream whatever it
 * selects within those; an R counter counts the IPERF sub-counter its
 * ev_sel names, so R's event here is ev_sel 0 (IPERF_CFG0 of the
 * half's first port, given an event by ex_arm). B's is 0 here: ex_boxes
 * takes each counter's from ex_b_ev. */
static const struct ex_type {
	char letter;
	unsigned count, nctr;
	uint64_t en, pmi, def, ev;
} types[] = {
	/* ev_sel 7:0 */
	{ .letter = 'U', .count = 1, .nctr = 1, .en = EX_EN22, .pmi = EX_PMI20, .def = EX_U_DEF,
	  .ev = 0x01 },
	/* 8 on 0x2E */
	{ .letter = 'C', .count = 10, .nctr = 6, .en = EX_EN22, .pmi = EX_PMI20, .def = EX_CSW_DEF,
	  .ev = 0x01 | EX_UMASK(EX_C_ALL) },
	/* ev_sel 5:1 */
	{ .letter = 'B', .count = 2, .nctr = 4, .en = EX_EN0, .pmi = EX_PMI20, .def = EX_B_DEF,
	  .ev = 0 },
	{ .letter = 'S', .count = 2, .nctr = 4, .en = EX_EN22, .pmi = EX_PMI20, .def = EX_CSW_DEF,
	  .ev = 0x01 | EX_UMASK(EX_S_ALL) },
	/* inc_sel 13:9 */
	{ .letter = 'M', .count = 2, .nctr = 6, .en = EX_EN0, .pmi = EX_M_PMI, .def = EX_M_DEF,
	  .ev = 1ull << 9 },
	/* two halves (§2.6.2) */
	{ .letter = 'R', .count = 2, .nctr = 8, .en = EX_EN0, .pmi = EX_R_PMI, .def = EX_R_DEF,
	  .ev = 0 },
	{ .letter = 'W', .count = 1, .nctr = 4, .en = EX_EN22, .pmi = EX_PMI20, .def = EX_CSW_DEF,
	  .ev = EX_W_TURBO },
};

static uint32_t gctl_of(char letter, unsigned n)
{
	switch (letter) {
	case 'U': return EX_U_CTL;
	case 'C': return EX_C_GCTL(n);
	case 'B': return EX_B_GCTL(n);
	case 'S': return EX_S_GCTL(n);
	case 'M': return EX_M_GCTL(n);
	case 'R': return EX_R_GCTL(n);
	default: return EX_W_GCTL;
	}
}

uint64_t ex_fix(uint32_t msr, uint64_t v)
{
	bool w = msr == EX_FIXED_CTR || (msr >= 0xC91 && msr <= 0xC97 && (msr & 1));

	/* A correction of what hardware reads, not an assertion: the model
	 * reads what it counted (t_on_model()). */
	if (t_on_model() || !w || v < (1ull << 24) || (v & 0xFFFFFF) > 1)
		return v;
	plat_log(2, "  W counter 0x%x read 0x%lx: taken as 0x%lx (X-36, OQ-X12)", msr,
		 (unsigned long)v, (unsigned long)(v - (1ull << 24)));
	return v - (1ull << 24);
}

uint32_t ex_model(void)
{
	uint32_t r[4];

	pmu_cpuid(1, 0, r);
	return ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
}

/* X-16, X-17 (OQ-X8, OQ-X10, OQ-X11, OQ-X13): C0-3 -> S0, C4-7 -> S1,
 * C8/C9 nowhere; B, S, M, R half n -> Sn; W -> ov_w; U -> ov_u. */
static void route(struct ex_box *b)
{
	b->s = -1;
	if (b->name[0] == 'U') {
		b->ubit = EX_OV_U;
	} else if (b->name[0] == 'W') {
		b->ubit = EX_OV_W;
	} else if (b->name[0] != 'C' || b->idx < 8) {
		b->s = b->name[0] != 'C' ? (int)b->idx : (int)b->idx / 4;
		b->ubit = EX_OV_S(b->s);
	}
}

unsigned ex_boxes(struct ex_box *out)
{
	unsigned i, idx, k, n = 0, ncbox = ex_model() == 0x2F ? 10 : 8; /* */

	for (i = 0; i < ARRAY_SIZE(types); i++) {
		const struct ex_type *ty = &types[i];
		unsigned count = ty->letter == 'C' ? ncbox : ty->count;

		for (idx = 0; idx < count && n < EX_MAX_BOXES; idx++) {
			struct ex_box *b = &out[n++];

			memset(b, 0, sizeof(*b));
			snprintf(b->name, sizeof(b->name), ty->count > 1 ? "%c%u" : "%c", ty->letter,
				 idx);
			b->idx = idx;
			b->ctl = gctl_of(ty->letter, idx);
			b->status = b->ctl + 1;
			b->ovf = b->ctl + 2;
			b->sel0 = EX_SEL0(b->ctl);
			b->ctr0 = b->sel0 + 1;
			b->stride = EX_STRIDE;
			b->nctr = ty->nctr;
			b->en = ty->en;
			b->pmi = ty->pmi;
			b->def = ty->def;
			for (k = 0; k < ty->nctr; k++) /* B's ev_sel is bits 5:1 */
				b->ev[k] = ty->letter == 'B' ? (uint64_t)ex_b_ev[k] << 1 : ty->ev;
			b->box_en = ty->letter == 'U' ? EX_U_EN : EX_CTR_MASK(ty->nctr);
			route(b);
		}
	}
	return n;
}

void ex_quiet(void)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned me = plat_this_cpu(), n = ex_boxes(bx), i, k;

	msr_write(me, EX_U_CTL, 0);
	msr_write(me, EX_FIXED_CTL, 0);
	for (i = 0; i < n; i++) {
		if (bx[i].ctl != EX_U_CTL)
			msr_write(me, bx[i].ctl, 0);
		for (k = 0; k < bx[i].nctr; k++)
			msr_write(me, ex_sel(&bx[i], k), 0);
		msr_write(me, bx[i].ovf, ~0u); /* every clr_ov bit */
	}
	msr_write(me, EX_U_OVF, EX_OV_ALL); /* */
}

enum verdict ex_prepare(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, k;
	uint64_t v;

	ex_quiet();
	for (i = 0; i < n; i++) {
		for (k = 0; k < bx[i].nctr; k++)
			WR(t, ex_ctr(&bx[i], k), 0);
		RD(t, bx[i].status, &v);
		CHECK(t, bx[i].ctl == EX_U_CTL || !v, "%s GLOBAL_STATUS 0x%lx after writing 1 to "
		      "every clr_ov bit of its OVF_CTL (X-26)", bx[i].name, (unsigned long)v);
	}
	WR(t, EX_FIXED_CTR, 0);
	RD(t, EX_U_STATUS, &v);
	CHECK(t, !(v & EX_OV_ALL), "U GLOBAL_STATUS 0x%lx with every box's ov bits cleared "
	      "(X-27, X-28)", (unsigned long)v);
	return V_PASS;
}

/* S-box base + 3: the spec's unverified guess for the summary (OQ-X9). */
#define SUMMARY_PROBE(s) (0xC43u + 0x80u * (s))

bool ex_summary(unsigned s, uint64_t *v)
{
	uint64_t probe = 0;
	int rc;

	/* A probe of hardware only, not an assertion (t_on_model()). */
	if (!t_on_model()) {
		rc = msr_read(plat_this_cpu(), SUMMARY_PROBE(s), &probe);
		plat_log(1, "  S%u summary probe: rdmsr 0x%x %s 0x%lx (OQ-X9, unverified)", s,
			 SUMMARY_PROBE(s), rc ? "faulted" : "=", (unsigned long)probe);
	}
	(void)v;
	return false; /* OQ-X9: no confirmed address */
}

enum verdict ex_walk(struct tctx *t, const struct ex_box *bx, unsigned n, uint64_t *found)
{
	uint64_t u, st, sum = 0;
	unsigned i;

	*found = 0;
	RD(t, EX_U_STATUS, &u);
	plat_log(2, "  walk: U GLOBAL_STATUS = 0x%lx (OQ-X3)", (unsigned long)u);
	for (i = 0; i < n; i++) {
		const struct ex_box *b = &bx[i];

		if (b->ubit && !(u & b->ubit))
			continue; /* only under the U bits that are set */
		if (b->s >= 0 && ex_summary((unsigned)b->s, &sum) && !sum)
			continue; /* the summary says nothing below (OQ-X9) */
		if (b->ctl == EX_U_CTL) {
			st = u & EX_OV_U;
		} else {
			RD(t, b->status, &st);
		}
		if (st)
			*found |= 1ull << i;
	}
	return V_PASS;
}

enum verdict ex_arm(struct tctx *t, const struct ex_box *b, unsigned k, uint64_t val, bool pmi,
		    uint64_t *u)
{
	uint64_t ctl;

	if (b->name[0] == 'R') { /* the IPERF sub-counter first */
		WR(t, 0xE04 + 4 * b->idx, 1ull << 31); /* port 4h IPERF_CFG0 (OQ-X21): flit_send */
	}
	WR(t, ex_ctr(b, k), val);
	WR(t, ex_sel(b, k), b->ev[k] | b->en | (pmi ? b->pmi : 0));
	if (b->ctl == EX_U_CTL) {
		*u |= EX_U_EN;
		return V_PASS;
	}
	RD(t, b->ctl, &ctl);
	WR(t, b->ctl, ctl | ex_bit(b, k));
	return V_PASS;
}

enum verdict ex_rate(struct tctx *t, const struct ex_box *b, unsigned k, uint64_t *hz)
{
	uint64_t u = EX_EN_ALL, c0, c1, t0, t1;
	enum verdict v = ex_prepare(t);

	if (v == V_PASS)
		v = ex_arm(t, b, k, 0, false, &u);
	if (v != V_PASS)
		return v;
	WR(t, EX_U_CTL, u); /* one write starts counting */
	RD(t, ex_ctr(b, k), &c0);
	t0 = plat_tsc();
	pmi_spin(NULL, EX_RATE_US);
	t1 = plat_tsc();
	RD(t, ex_ctr(b, k), &c1);
	ex_quiet();
	*hz = ((c1 - c0) & EX_MASK) * plat_tsc_hz() / (t1 - t0);
	return V_PASS;
}

/* The counter read as it counts (a read leaves counting alone, X-10); once
 * it has counted the 2^48 - pre events to the wrap since the first read,
 * the status read after it must show the wrap. Counted as the sum
 * of the steps between reads, so a counter narrower than 48 bits (a
 * defect) wraps early and ends the wait too, its status then judged. */
enum verdict ex_wait_wrap(struct tctx *t, uint32_t reg, uint64_t bit, uint32_t ctr, uint64_t pre,
			  uint64_t *st)
{
	uint64_t still = plat_tsc_hz() / 1000000 * EX_STILL_US, c, last, moved = 0, now, since;

	/* The counter held `last` at `since` or before (the clock read after
	 * the counter read) and still at `now` or after (the clock read
	 * before it): "still" means still over at least now - since. */
	RD(t, ctr, &last);
	since = plat_tsc();
	for (;;) {
		now = plat_tsc();
		RD(t, ctr, &c);
		RD(t, reg, st);
		moved += (c - last) & EX_MASK;
		if ((*st & bit) || moved >= EX_TOP - pre)
			return V_PASS;
		if (c != last) {
			last = c;
			since = plat_tsc();
		} else if (now > since && now - since > still) {
			return V_PASS;
		}
	}
}

uint64_t ex_preload(uint64_t hz, uint64_t us)
{
	uint64_t n = hz / 1000 * us / 1000, pre;

	pre = EX_TOP - (n > 16 ? n : 16);
	if ((pre & 0xFFFFFF) >= 0xFFFFFE) /* */
		pre -= 2;
	return pre;
}

enum verdict ex_source(struct tctx *t, const struct ex_box *bx, unsigned n, unsigned *src,
		       uint64_t *hz)
{
	unsigned i;
	enum verdict v;

	for (i = 0; i < n; i++) {
		v = ex_rate(t, &bx[i], 0, hz);
		if (v != V_PASS)
			return v;
		if (*hz) {
			*src = i;
			t_figure(t, "source_hz", (int64_t)*hz, "hz");
			plat_log(2, "  overflow source: %s counter 0 at %lu Hz", bx[i].name,
				 (unsigned long)*hz);
			return V_PASS;
		}
		TRY(t_still(t, "%s counter 0 did not move in %u us with every enable set (X-05)",
			    bx[i].name, EX_RATE_US));
	}
	return t_skip(t, "no box's counter 0 counts (OQ-X19: no event found that counts)");
}

volatile unsigned ex_pmis;

static void count_pmi(unsigned vector)
{
	(void)vector;
	ex_pmis++;
}

enum verdict ex_with_pmi(struct tctx *t, enum verdict (*body)(struct tctx *))
{
	struct pmi_path p;
	enum verdict v = pmi_path_open(t, &p, EX_PMI_VEC, EX_PMI_VEC, true, count_pmi);

	if (v == V_PASS)
		v = body(t);
	ex_quiet();
	pmi_path_close(&p);
	return v;
}
