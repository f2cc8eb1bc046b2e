/* The PCU's occupancy path (S-26..S-30) and the C-state residency
 * counters (S-46), driven by real C-states: k cores of the BSP's package
 * spin (the BSP's among them: it measures) and the others are parked by
 * suites/snbep/park.c in the deepest C-state this CPU enumerates, else in
 * HLT (the figure/log line `parking` says which). On the emulated uncore N
 * is exactly the number of busy cores (a parked core declared C1, C3 or
 * C6, never C0), so the counts are asserted exactly; on hardware N >= k
 * in every pclk (busy cores never idle) and parked cores wake only for the
 * test's own kicks, which bounds the counts as each check says. */
#include "suites/snbep/snbep.h"

#define WIN_US    200   /* a window: 160 000 pclks */
/* After a role change: C6 entry and exit take tens of microseconds on
 * SNB; 500 us leaves the PCU a settled state to count. */
#define SETTLE_US 500
/* S-29: the four counters of one box stop in the same pclk; hardware's
 * compare pipeline may differ by a pclk at each end: +-2 (the spec's). */
#define PIPE      2
#define HOLD_US   300   /* each state of a toggled core (S-30) */
#define C0N(t)    (SNB_OCC(1) | SNB_EN | SNB_THRESH(t))
#define CLK       (SNB_PCLK | SNB_EN)

static int64_t diff(uint64_t a, uint64_t b)
{
	return a > b ? (int64_t)(a - b) : -(int64_t)(b - a);
}

struct occ {
	unsigned n, me; /* cores of the package, the BSP's core index */
	uint8_t role[PLAT_MAX_CPUS];
};

/* k cores busy: the BSP's and the k - 1 lowest others; the rest parked. */
static enum verdict busy(struct tctx *t, struct occ *o, unsigned k)
{
	unsigned c, others = 0;

	for (c = 0; c < o->n; c++)
		TRY(snb_set_role(t, c, c == o->me || others++ + 1 < k ? SNB_BUSY : SNB_PARK));
	plat_stall_us(SETTLE_US);
	return V_PASS;
}

/* One threshold t with k busy: CTR0 counts N >= t, CTR1 N < t, CTR2 pclks,
 * CTR3 N itself (S-27..S-29). */
static enum verdict split(struct tctx *t, struct occ *o, unsigned k, unsigned th)
{
	const uint64_t ctl[SNB_NCTR] = { C0N(th), C0N(th) | SNB_OCC_INV, CLK, C0N(0) };
	uint64_t d[SNB_NCTR];
	int64_t pipe = t_slack(t, PIPE, "the PCU's counters may read up to 2 pclks apart (S-29)");

	TRY(snb_pcu_window(t, ctl, WIN_US, d));
	plat_log(2, "  k=%u t=%u: N>=t %lu, N<t %lu, pclk %lu, sum N %lu", k, th,
		 (unsigned long)d[0], (unsigned long)d[1], (unsigned long)d[2], (unsigned long)d[3]);
	CHECK(t, d[2] > 0, "PCU clockticks did not count (S-44)");
	CHECK(t, diff(d[0] + d[1], d[2]) <= pipe, "k=%u t=%u: N>=t %lu + N<t %lu != pclk %lu "
	      "(S-29, +-%ld)", k, th, (unsigned long)d[0], (unsigned long)d[1],
	      (unsigned long)d[2], (long)pipe);
	/* Where parked cores are (OQ-S19): exactly out of C0 on the model. */
	TRY(t_default(t, "OQ-S19", "parked cores out of C0", d[3] == k * d[2], "k=%u: C0 "
		      "occupancy summed %lu over %lu pclks, want exactly %u per pclk (S-27; parked "
		      "cores are not in C0)", k, (unsigned long)d[3], (unsigned long)d[2], k));
	TRY(t_default(t, "OQ-S19", "parked cores out of C0", d[0] == (k >= th ? d[2] : 0),
		      "k=%u t=%u: N>=t counted %lu of %lu pclks, want %s (S-28)", k, th,
		      (unsigned long)d[0], (unsigned long)d[2], k >= th ? "all" : "none"));
	/* Anywhere (implied by the above on the model): N >= k throughout
	 * (S-27), N <= n; a parked core is awake for our kicks only, far
	 * from half of the window. */
	CHECK(t, d[3] + PIPE * k >= k * d[2] && d[3] <= o->n * d[2] + PIPE * o->n, "k=%u: C0 "
	      "occupancy summed %lu over %lu pclks: want between %u and %u per pclk (S-27)", k,
	      (unsigned long)d[3], (unsigned long)d[2], k, o->n);
	if (th <= k)
		CHECK(t, d[0] + PIPE >= d[2], "k=%u t=%u: N>=t counted %lu of %lu pclks while %u "
		      "cores spun (S-28)", k, th, (unsigned long)d[0], (unsigned long)d[2], k);
	else
		CHECK(t, th <= o->n ? 2 * d[0] <= d[2] : d[0] == 0, "k=%u t=%u: N>=t counted %lu of "
		      "%lu pclks with %u cores parked (S-28)", k, th, (unsigned long)d[0],
		      (unsigned long)d[2], o->n - k);
	return V_PASS;
}

static enum verdict occ_body(struct tctx *t, void *arg)
{
	struct occ *o = arg;
	unsigned k, th;

	for (k = 1; k <= o->n; k++) {
		TRY(busy(t, o, k));
		for (th = 1; th <= o->n + 1; th++)
			TRY(split(t, o, k, th));
	}
	return snb_quiet(t);
}

static void occ_init(struct occ *o)
{
	unsigned c;

	memset(o, 0, sizeof(*o));
	o->n = snb_ncbox();
	o->me = snb_core(0);
	for (c = 0; c < o->n; c++)
		o->role[c] = c == o->me ? SNB_BUSY : SNB_PARK;
}

static void say_parking(struct tctx *t)
{
	const struct snb_park_info *p = snb_parking();

	plat_log(1, "  %s: parked cores: %s", t->res->test->id, p->how);
	t_figure(t, "parked_cstate_id", p->cstate, "id");
}

/* S-27, S-28, S-29 for every k = 1..n busy cores and every threshold
 * t = 1..n+1: the C0 occupancy compare and its inverse split the pclks,
 * and the split moves with k. */
static enum verdict occupancy(struct tctx *t)
{
	struct occ o;
	enum verdict v;

	occ_init(&o);
	TRY(snb_quiet(t));
	v = snb_with_roles(t, o.role, occ_body, &o);
	say_parking(t);
	t_figure(t, "cores_count", o.n, "count");
	return v;
}

/* S-26, S-27 with one core busy (the BSP's) and the rest parked: C0
 * occupancy is 1 per pclk; the parked cores are in C3 or C6 if they parked
 * so (MWAIT), in neither if they halted (C1). Exact on the model; on
 * hardware C0 >= 1 per pclk and the three buckets at most n, the C3 and
 * C6 means reported (C-state demotion is the PCU's choice, OQ-S19). */
struct states { unsigned n; uint64_t d[SNB_NCTR]; };

static enum verdict states_body(struct tctx *t, void *arg)
{
	struct states *s = arg;
	const uint64_t ctl[SNB_NCTR] = { SNB_OCC(1) | SNB_EN, SNB_OCC(2) | SNB_EN,
					 SNB_OCC(3) | SNB_EN, CLK };

	plat_stall_us(SETTLE_US);
	return snb_pcu_window(t, ctl, WIN_US, s->d);
}

static enum verdict occ_states(struct tctx *t)
{
	struct occ o;
	struct states s;
	const struct snb_park_info *p;
	uint64_t *d = s.d, parked;
	enum verdict v;

	occ_init(&o);
	s.n = o.n;
	TRY(snb_quiet(t));
	v = snb_with_roles(t, o.role, states_body, &s);
	say_parking(t);
	if (v != V_PASS)
		return v;
	p = snb_parking();
	parked = (uint64_t)(o.n - 1) * d[3];
	t_figure(t, "c0_per_pclk_x1000", (int64_t)(d[0] * 1000 / (d[3] ? d[3] : 1)), "x1000");
	t_figure(t, "c3_per_pclk_x1000", (int64_t)(d[1] * 1000 / (d[3] ? d[3] : 1)), "x1000");
	t_figure(t, "c6_per_pclk_x1000", (int64_t)(d[2] * 1000 / (d[3] ? d[3] : 1)), "x1000");
	CHECK(t, d[3] > 0, "PCU clockticks did not count (S-44)");
	CHECK(t, d[0] + d[1] + d[2] <= o.n * d[3] + PIPE * o.n, "C0 %lu + C3 %lu + C6 %lu exceed "
	      "%u cores x %lu pclks (S-27)", (unsigned long)d[0], (unsigned long)d[1],
	      (unsigned long)d[2], o.n, (unsigned long)d[3]);
	CHECK(t, d[0] + PIPE >= d[3], "C0 occupancy %lu below the %lu pclks the BSP's core spun "
	      "(S-27)", (unsigned long)d[0], (unsigned long)d[3]);
	TRY(t_default(t, "OQ-S19", "parked cores in the C-state they declared", d[0] == d[3] &&
		      d[1] == (p->cstate == PMU_C3 ? parked : 0) && d[2] == (p->cstate == PMU_C6 ?
		      parked : 0), "one core busy, %u parked in C%d: occupancy C0 %lu, C3 %lu, C6 "
		      "%lu over %lu pclks (S-26, S-27)", o.n - 1, p->cstate == PMU_C1 ? 1 :
		      p->cstate == PMU_C3 ? 3 : 6, (unsigned long)d[0], (unsigned long)d[1],
		      (unsigned long)d[2], (unsigned long)d[3]));
	return snb_quiet(t);
}

/* S-30: one core toggles between busy and parked while the BSP's spins
 * and the others stay parked, so N >= 2 rises at each wake and falls at
 * each park. Between two reads of running counters (no start-up edge,
 * OQ-S09) the test makes M wakes and M - 1 parks. Model: exactly M rising
 * and M - 1 falling edges. Everywhere: the rising edges exceed the
 * falling ones by one or none (N >= 2 false at the first read, true at the
 * second: a swap of the directions shows), they are at most the pclks of
 * N >= 2, and they grow with M (hardware: a stray wake of a parked core
 * adds a rise and a fall). */
struct edges { unsigned toggler; uint64_t r[2], f[2], lvl[2]; };

static enum verdict toggles(struct tctx *t, struct edges *e, unsigned m, unsigned i)
{
	uint64_t a[SNB_NCTR], b[SNB_NCTR];
	unsigned w;

	TRY(snb_read_box(t, snb_ncbox(), a));
	for (w = 0; w < m; w++) {
		TRY(snb_set_role(t, e->toggler, SNB_BUSY));
		plat_stall_us(HOLD_US);
		if (w + 1 < m) {
			TRY(snb_set_role(t, e->toggler, SNB_PARK));
			plat_stall_us(HOLD_US);
		}
	}
	TRY(snb_read_box(t, snb_ncbox(), b));
	TRY(snb_set_role(t, e->toggler, SNB_PARK));
	plat_stall_us(SETTLE_US);
	e->r[i] = b[0] - a[0];
	e->f[i] = b[1] - a[1];
	e->lvl[i] = b[3] - a[3];
	return V_PASS;
}

#define M0 2
#define M1 5
static enum verdict edges_body(struct tctx *t, void *arg)
{
	struct edges *e = arg;
	const uint64_t th = C0N(2);

	WR(t, SNB_P_BOX_CTL, SNB_FROZEN);
	WR(t, SNB_P_CTL(0), th | SNB_OCC_EDGE);
	WR(t, SNB_P_CTL(1), th | SNB_OCC_EDGE | SNB_OCC_INV);
	WR(t, SNB_P_CTL(2), CLK);
	WR(t, SNB_P_CTL(3), th);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN | SNB_RST_CTRS);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	plat_stall_us(SETTLE_US);
	TRY(toggles(t, e, M0, 0));
	return toggles(t, e, M1, 1);
}

static enum verdict occ_edge(struct tctx *t)
{
	struct occ o;
	struct edges e;
	const unsigned m[2] = { M0, M1 };
	enum verdict v;
	unsigned i;

	occ_init(&o);
	if (o.n < 2)
		return t_skip(t, "the BSP's package has one core: nothing to toggle beside it");
	memset(&e, 0, sizeof(e));
	e.toggler = o.me ? 0 : 1;
	TRY(snb_quiet(t));
	v = snb_with_roles(t, o.role, edges_body, &e);
	say_parking(t);
	if (v != V_PASS)
		return v;
	t_figure(t, "rising_2_wakes_count", (int64_t)e.r[0], "count");
	t_figure(t, "falling_1_park_count", (int64_t)e.f[0], "count");
	t_figure(t, "rising_5_wakes_count", (int64_t)e.r[1], "count");
	t_figure(t, "falling_4_parks_count", (int64_t)e.f[1], "count");
	for (i = 0; i < 2; i++) {
		/* N >= 2 is false at the first read (the toggler parked) and
		 * true at the second (it spins): one more rise than falls, or
		 * as many if a stray wake held N >= 2 at the first read on
		 * hardware; never fewer (that is the falling direction). */
		CHECK(t, e.r[i] >= e.f[i] && e.r[i] - e.f[i] <= 1, "%u wakes, %u parks: %lu rising "
		      "and %lu falling edges of N >= 2: want one more rising, or as many (S-30)",
		      m[i], m[i] - 1, (unsigned long)e.r[i], (unsigned long)e.f[i]);
		CHECK(t, e.r[i] <= e.lvl[i], "%lu rising edges but only %lu pclks with N >= 2 "
		      "(S-30)", (unsigned long)e.r[i], (unsigned long)e.lvl[i]);
		TRY(t_default(t, "OQ-S19", "parked cores wake only when kicked", e.r[i] == m[i] &&
			      e.f[i] == m[i] - 1, "%u wakes, %u parks: %lu rising, %lu falling "
			      "edges of N >= 2 (S-30)", m[i], m[i] - 1, (unsigned long)e.r[i],
			      (unsigned long)e.f[i]));
	}
	CHECK(t, e.r[1] > e.r[0] && e.r[0] > 0, "rising edges %lu for %u wakes, %lu for %u: want "
	      "them to grow with the wakes (S-30)", (unsigned long)e.r[0], M0,
	      (unsigned long)e.r[1], M1);
	return snb_quiet(t);
}

/* S-46: the residency counters never decrease, and the PCU's freeze and
 * rst_ctrs leave them alone. The other cores park while the PCU is frozen
 * and reset; each reads its own counters around its park (park.c), the
 * BSP its own around the freeze and reset. The model parks nothing in C3
 * or C6 where the CPU enumerates no MWAIT sub-state (QEMU), so there the
 * BSP's counters are first preset (OQ-S14: the model stores writes; on
 * hardware they are read-only and never written: a step only the model
 * can take, so t_on_model()) and must keep the preset.
 * Growth while parked is reported (parked_c3_growth, parked_c6_growth). */
#define PARK_US 5000
#define RES_PRESET 0x100000000ull
struct resid { uint64_t found[2], before[2], after[2]; };

static enum verdict resid_body(struct tctx *t, void *arg)
{
	struct resid *r = arg;

	WR(t, SNB_P_BOX_CTL, SNB_FROZEN);
	WR(t, SNB_P_CTL(0), CLK);
	WR(t, SNB_P_BOX_CTL, SNB_RUN);
	RD(t, SNB_CORE_C3_CTR, &r->found[0]);
	RD(t, SNB_CORE_C6_CTR, &r->found[1]);
	if (t_on_model()) {
		WR(t, SNB_CORE_C3_CTR, RES_PRESET);
		WR(t, SNB_CORE_C6_CTR, RES_PRESET);
	}
	RD(t, SNB_CORE_C3_CTR, &r->before[0]);
	RD(t, SNB_CORE_C6_CTR, &r->before[1]);
	plat_stall_us(PARK_US / 2);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN);
	WR(t, SNB_P_BOX_CTL, SNB_FROZEN | SNB_RST_CTRS | SNB_RST_CTRL);
	plat_stall_us(PARK_US / 2);
	RD(t, SNB_CORE_C3_CTR, &r->after[0]);
	RD(t, SNB_CORE_C6_CTR, &r->after[1]);
	if (t_on_model()) { /* as found */
		WR(t, SNB_CORE_C3_CTR, r->found[0]);
		WR(t, SNB_CORE_C6_CTR, r->found[1]);
	}
	return V_PASS;
}

static enum verdict residency(struct tctx *t)
{
	struct occ o;
	struct resid r;
	const struct snb_park_info *p;
	uint64_t in[2], out[2], parked, grow[2] = { 0, 0 };
	unsigned i, s;
	enum verdict v;

	occ_init(&o);
	TRY(snb_quiet(t));
	v = snb_with_roles(t, o.role, resid_body, &r);
	say_parking(t);
	if (v != V_PASS)
		return v;
	p = snb_parking();
	for (s = 0; s < 2; s++)
		CHECK(t, r.after[s] >= r.before[s], "the BSP's C%u residency went 0x%lx -> 0x%lx "
		      "across the PCU's freeze and reset (S-46)", s ? 6 : 3,
		      (unsigned long)r.before[s], (unsigned long)r.after[s]);
	for (i = 1; i < plat_cpu_count(); i++) {
		if (!snb_bsp_package(i) || snb_core(i) == o.me)
			continue;
		snb_park_residency(i, in, out, &parked);
		for (s = 0; s < 2; s++) {
			CHECK(t, out[s] >= in[s], "CPU %u: C%u residency went 0x%lx -> 0x%lx while "
			      "it was parked (S-46)", i, s ? 6 : 3, (unsigned long)in[s],
			      (unsigned long)out[s]);
			CHECK(t, out[s] - in[s] <= parked + snb_tsc_us(100), "CPU %u: C%u residency "
			      "grew %lu in %lu TSC ticks parked (S-46: at most the TSC's rate)", i,
			      s ? 6 : 3, (unsigned long)(out[s] - in[s]), (unsigned long)parked);
			grow[s] += out[s] - in[s];
		}
		/* The model counts a declared C3/C6 at the TSC rate (OQ-S14),
		 * the PCU frozen or not: at least half the parked time. */
		if (p->cstate != PMU_C1)
			TRY(t_default(t, "OQ-S14", "residency counts a declared C3/C6 at the TSC's "
				      "rate", 2 * (out[p->cstate == PMU_C6] - in[p->cstate == PMU_C6]) >=
				      parked, "CPU %u parked %lu TSC ticks in C%d, its residency grew "
				      "%lu while the PCU was frozen and reset (S-46)", i,
				      (unsigned long)parked, p->cstate == PMU_C6 ? 6 : 3,
				      (unsigned long)(out[p->cstate == PMU_C6] -
						      in[p->cstate == PMU_C6])));
	}
	t_figure(t, "parked_c3_growth_cycles", (int64_t)grow[0], "cycles");
	t_figure(t, "parked_c6_growth_cycles", (int64_t)grow[1], "cycles");
	return snb_quiet(t);
}

static const struct test tests[] = {
	{ .id = "snbep.pcu.occupancy", .desc = "with k cores busy, C0 occupancy >= t and < t split "
	  "the pclks for every t, as k says", .needs = NEED_UNCORE, .run = occupancy },
	{ .id = "snbep.pcu.occ-states", .desc = "one core busy, the rest parked: C0, C3, C6 "
	  "occupancy", .needs = NEED_UNCORE, .run = occ_states },
	{ .id = "snbep.pcu.occ-edge", .desc = "rising and falling edges of C0 occupancy follow the "
	  "test's wakes and parks", .needs = NEED_UNCORE, .run = occ_edge },
	{ .id = "snbep.pcu.residency", .desc = "C3/C6 residency never decreases, untouched by the "
	  "PCU's freeze and reset", .needs = NEED_UNCORE, .run = residency },
};
const struct suite snbep_pcu_suite = SUITE("snbep.pcu", tests);
