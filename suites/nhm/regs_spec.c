/* The register table the nhm.regs tests walk (pmu/regs/nhm.c) is the one the
 * emulated uncore reads too, so a wrong entry would move model and test
 * together: before it is used, every entry is held against the suite's own
 * copy of spec §2 and §3 below (nhm.h addresses), and a disagreement ends
 * the test as a FAIL naming the register and the masks. */
#include "suites/nhm/regs_spec.h"

#define BITS(hi, lo) ((~0ull >> (63 - (hi))) & ~((1ull << (lo)) - 1))

/* §3, by access: what each register's fields are (counters: bits 47:0
 * count, N-04; width 48). */
static const struct spec_reg {
	uint32_t msr;
	unsigned count;     /* consecutive addresses of the same layout */
	enum reg_role role;
	uint64_t rw, ro, w1c, w1a;
	unsigned width;     /* counting width of a counter, 64 otherwise */
} spec[] = {
	{ .msr = NHM_GLOBAL_CTRL, .count = 1, .role = ROLE_GLOBAL_CTL,
	  .rw = BITS(7, 0) | NHM_EN_FC0 | BITS(51, 48) | 1ull << 63, .width = 64 },
	{ .msr = NHM_STATUS, .count = 1, .role = ROLE_GLOBAL_STATUS, .ro = NHM_CLEAR_ALL,
	  .width = 64 },
	{ .msr = NHM_OVF_CTRL, .count = 1, .role = ROLE_GLOBAL_OVF, .w1c = NHM_CLEAR_ALL,
	  .width = 64 },
	{ .msr = NHM_FIXED_CTR, .count = 1, .role = ROLE_CTR, .rw = NHM_WIDTH_MASK, .width = 48 },
	{ .msr = NHM_FIXED_CTL, .count = 1, .role = ROLE_CTL, .rw = NHM_FC_EN | NHM_FC_PMI,
	  .width = 64 },
	{ .msr = NHM_MATCH, .count = 1, .role = ROLE_FILTER, .rw = BITS(47, 3) | BITS(63, 61),
	  .width = 64 },
	{ .msr = NHM_PERFCTR(0), .count = 8, .role = ROLE_CTR, .rw = NHM_WIDTH_MASK, .width = 48 },
	{ .msr = NHM_EVTSEL(0), .count = 8, .role = ROLE_CTL,
	  .rw = BITS(15, 0) | NHM_SEL_EDGE | NHM_SEL_PMI | NHM_SEL_EN | NHM_SEL_INV | BITS(31, 24),
	  .w1a = NHM_SEL_OCC_RST, .width = 64 },
};

static const struct spec_reg *spec_of(uint32_t msr)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(spec); i++)
		if (msr >= spec[i].msr && msr < spec[i].msr + spec[i].count)
			return &spec[i];
	return NULL;
}

unsigned nhm_spec_regs(void)
{
	unsigned i, n = 0;

	for (i = 0; i < ARRAY_SIZE(spec); i++)
		n += spec[i].count;
	return n;
}

enum verdict nhm_spec_agrees(struct tctx *t, const struct reg_ref *r)
{
	const struct spec_reg *s = spec_of(r->msr);
	const struct reg_tmpl *tm = r->tmpl;
	char n[48];

	reg_name(r, n, sizeof(n));
	if (!s || s->role != tm->role)
		return t_fail(t, "the register table has %s at 0x%x, which spec section 2 does not "
			      "give that role", n, (unsigned)r->msr);
	CHECK(t, reg_access_mask(tm, FA_RW) == s->rw && reg_access_mask(tm, FA_RO) == s->ro &&
	      reg_access_mask(tm, FA_W1C) == s->w1c && reg_access_mask(tm, FA_W1A) == s->w1a &&
	      reg_defined_mask(tm) == (s->rw | s->ro | s->w1c | s->w1a),
	      "the register table's %s (0x%x) has RW 0x%llx, RO 0x%llx, W1C 0x%llx, W1A 0x%llx; "
	      "spec section 3 says 0x%llx, 0x%llx, 0x%llx, 0x%llx", n, (unsigned)r->msr,
	      (unsigned long long)reg_access_mask(tm, FA_RW),
	      (unsigned long long)reg_access_mask(tm, FA_RO),
	      (unsigned long long)reg_access_mask(tm, FA_W1C),
	      (unsigned long long)reg_access_mask(tm, FA_W1A), (unsigned long long)s->rw,
	      (unsigned long long)s->ro, (unsigned long long)s->w1c, (unsigned long long)s->w1a);
	CHECK(t, tm->role != ROLE_CTR || tm->width == s->width, "the register table's %s is %u "
	      "bits wide, N-04 says %u", n, tm->width, s->width);
	return V_PASS;
}
