/* Clearing overflow state bit by bit (X-26..X-28, OQ-X6): every clr_ov bit
 * of every box's OVF_CTL written alone while the box's other ov bits stay
 * set, every bit of U OVF_CTL alone, and two sibling boxes under one
 * summary bit of which only one is cleared. Each counter is preset from
 * its box's rate measured on the TSC (ex_rate) to wrap about WRAP_US after
 * the one enabling write, all of them together, pmi_en clear. */
#include "suites/nhmex/nhmex.h"

#define WRAP_US 1000
/* As nhmex.ovf.chain: fifty times the expected wrap, a bound only a
 * failing run (or an event thinning out on hardware) waits out. */
#define WAIT_US 50000
#define MAX_SRC 4

/* Counters `mask` (bit k: counter k; W bit 31: the fixed counter) of each
 * of n boxes. */
struct wrap_src {
	const struct ex_box *b;
	uint64_t mask;
};

/* Every source counter preset to wrap, one write of U GLOBAL_CTL starts
 * them, wait until every box shows its bits (or WAIT_US), stop. *got[i]:
 * box i's STATUS then (U: the ov_u bit of U STATUS). A box whose counter 0
 * is idle on hardware has its bits left out of the mask (OQ-X19). */
static enum verdict wrap_all(struct tctx *t, struct wrap_src *src, unsigned n, uint64_t *got)
{
	uint64_t hz[MAX_SRC], u = EX_EN_ALL, end, now;
	unsigned i, k, done;
	enum verdict v;

	for (i = 0; i < n; i++) {
		if ((v = ex_rate(t, src[i].b, 0, &hz[i])) != V_PASS)
			return v;
		if (!hz[i]) {
			TRY(t_still(t, "%s counter 0 did not move in %u us (X-05; on hardware idle, "
				    "left out: OQ-X19)", src[i].b->name, EX_RATE_US));
			src[i].mask = 0;
		}
	}
	if ((v = ex_prepare(t)) != V_PASS)
		return v;
	for (i = 0; i < n; i++)
		for (k = 0; k < src[i].b->nctr; k++)
			if (src[i].mask >> k & 1 &&
			    (v = ex_arm(t, src[i].b, k, ex_preload(hz[i], WRAP_US), false, &u)) != V_PASS)
				return v;
	for (i = 0; i < n; i++)
		if (src[i].mask & EX_FIXED_EN) { /* W fixed: uclk, at least the W event's rate */
			WR(t, EX_FIXED_CTR, ex_preload(hz[i], WRAP_US));
			WR(t, EX_FIXED_CTL, 1);
			RD(t, src[i].b->ctl, &now);
			WR(t, src[i].b->ctl, now | EX_FIXED_EN);
		}
	WR(t, EX_U_CTL, u);
	end = plat_tsc() + plat_tsc_hz() / 1000000 * WAIT_US;
	do {
		now = plat_tsc();
		for (i = 0, done = 0; i < n; i++) {
			RD(t, src[i].b->status, &got[i]);
			if (src[i].b->ctl == EX_U_CTL)
				got[i] &= EX_OV_U;
			done += (got[i] & src[i].mask) == src[i].mask;
		}
	} while (done < n && now < end);
	WR(t, EX_U_CTL, 0);
	for (i = 0; i < n; i++) {
		plat_log(1, "  %s: STATUS 0x%lx after its counters 0x%lx wrapped", src[i].b->name,
			 (unsigned long)got[i], (unsigned long)src[i].mask);
		if ((got[i] & src[i].mask) != src[i].mask) /* on hardware: traffic fell */
			TRY(t_still(t, "%s STATUS 0x%lx within %u ms of counters 0x%lx preset to wrap "
				    "(X-14, X-15)", src[i].b->name, (unsigned long)got[i],
				    WAIT_US / 1000, (unsigned long)src[i].mask));
		got[i] &= src[i].mask; /* hardware: what wrapped */
	}
	return V_PASS;
}

/* X-26 per bit: every counter of box b wraps (W: the fixed counter too);
 * each set ov bit is cleared alone by its clr_ov bit, lowest first: STATUS
 * loses that bit only. U's bit for the box stays while any is left
 * (OQ-X6 default, asserted on the model, reported on hardware) and goes
 * with the last. */
static enum verdict box_bits(struct tctx *t, const struct ex_box *b)
{
	struct wrap_src src = { .b = b, .mask = b->box_en | (b->name[0] == 'W' ? EX_FIXED_EN : 0) };
	uint64_t st, left, u, bit;
	enum verdict v = wrap_all(t, &src, 1, &left);
	unsigned k;

	if (v != V_PASS)
		return v;
	for (k = 0; k < 64; k++) {
		if (!(left >> k & 1))
			continue;
		bit = 1ull << k;
		WR(t, b->ovf, bit);
		left &= ~bit;
		RD(t, b->status, &st);
		RD(t, EX_U_STATUS, &u);
		CHECK(t, st == left, "%s: writing 0x%lx alone to OVF_CTL left STATUS 0x%lx, want "
		      "0x%lx: clr_ov clears its own bit and no other (X-26)", b->name,
		      (unsigned long)bit, (unsigned long)st, (unsigned long)left);
		if (!b->ubit) /* C8/C9 report nowhere (OQ-X13) */
			continue;
		TRY(t_default(t, "OQ-X6", "a summary bit stays while any ov bit under it is set",
			      !(u & b->ubit) == !left, "%s: U STATUS 0x%lx with the box's ov bits "
			      "0x%lx left: its bit 0x%lx must stay while any is set and go with the "
			      "last (X-27, OQ-X6 default)", b->name, (unsigned long)u,
			      (unsigned long)left, (unsigned long)b->ubit));
	}
	return V_PASS;
}

/* Every box with more than one counter (the U counter's one bit is the
 * chain's), then every bit of U OVF_CTL. */
static enum verdict each_bit(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, k;
	struct wrap_src src[MAX_SRC];
	uint64_t got[MAX_SRC], u, want = 0, bit;
	enum verdict v;

	for (i = 0; i < n; i++)
		if (bx[i].ctl != EX_U_CTL && (v = box_bits(t, &bx[i])) != V_PASS)
			return v;
	/* ov_u, ov_w, ov_s1, ov_s0 set by U, W, C4 and C0 (OQ-X3
	 * positions: asserted on the model, reported on hardware); each U
	 * OVF_CTL bit alone clears its bit and no other. */
	for (i = 0, k = 0; i < n && k < MAX_SRC; i++)
		if (!strcmp(bx[i].name, "U") || !strcmp(bx[i].name, "W") ||
		    !strcmp(bx[i].name, "C0") || !strcmp(bx[i].name, "C4"))
			src[k++] = (struct wrap_src){ .b = &bx[i], .mask = 1 };
	if ((v = wrap_all(t, src, k, got)) != V_PASS)
		return v;
	for (i = 0; i < k; i++)
		want |= got[i] ? src[i].b->ubit : 0;
	RD(t, EX_U_STATUS, &u);
	t_figure(t, "u_status_four_sources_reg", (int64_t)u, "reg");
	TRY(t_default(t, "OQ-X3", "U STATUS bits at likwid's positions", (u & EX_OV_ALL) == want,
		      "U STATUS 0x%lx after U, W, C0 and C4 wrapped, want 0x%lx (X-16, X-17, OQ-X3)",
		      (unsigned long)u, (unsigned long)want));
	if ((u & EX_OV_ALL) != want) /* hardware: U OVF_CTL bits not tried */
		return V_PASS;
	for (bit = 1; bit & EX_OV_ALL; bit <<= 1) {
		if (!(want & bit))
			continue;
		WR(t, EX_U_OVF, bit);
		want &= ~bit;
		RD(t, EX_U_STATUS, &u);
		CHECK(t, (u & EX_OV_ALL) == want, "writing 0x%lx alone to U OVF_CTL left U STATUS "
		      "0x%lx, want 0x%lx (X-28)", (unsigned long)bit, (unsigned long)u,
		      (unsigned long)want);
	}
	return V_PASS;
}

/* OQ-X6 (and X-27): C0 and C1 both feed S0's ov_c_l and U ov_s0; with only
 * C0's ov bit cleared U ov_s0 stays (asserted on the model, reported on
 * hardware); with C1's cleared too it goes (asserted: X-27). */
static enum verdict siblings(struct tctx *t)
{
	static struct ex_box bx[EX_MAX_BOXES];
	unsigned n = ex_boxes(bx), i, k = 0;
	struct wrap_src src[2];
	uint64_t got[2], u;
	enum verdict v;

	for (i = 0; i < n && k < 2; i++)
		if (!strcmp(bx[i].name, "C0") || !strcmp(bx[i].name, "C1"))
			src[k++] = (struct wrap_src){ .b = &bx[i], .mask = 1 };
	if ((v = wrap_all(t, src, 2, got)) != V_PASS)
		return v;
	if (!got[0] || !got[1])
		return t_skip(t, "C0 or C1 did not wrap (OQ-X19: their event)");
	WR(t, src[0].b->ovf, 1);
	RD(t, EX_U_STATUS, &u);
	t_figure(t, "u_status_sibling_cleared_reg", (int64_t)u, "reg");
	TRY(t_default(t, "OQ-X6", "a summary bit stays while any ov bit under it is set",
		      u & EX_OV_S(0), "U STATUS 0x%lx after clearing C0's ov bit while C1's, under "
		      "the same summary bit, is set: ov_s0 must stay (OQ-X6 default)",
		      (unsigned long)u));
	WR(t, src[1].b->ovf, 1);
	RD(t, EX_U_STATUS, &u);
	CHECK(t, !(u & EX_OV_ALL), "U STATUS 0x%lx after clearing the ov bits of both C0 and "
	      "C1 (X-27)", (unsigned long)u);
	return V_PASS;
}

enum verdict ex_run_clear_each(struct tctx *t)
{
	enum verdict v = each_bit(t);

	ex_quiet();
	return v;
}

enum verdict ex_run_siblings(struct tctx *t)
{
	enum verdict v = siblings(t);

	ex_quiet();
	return v;
}
