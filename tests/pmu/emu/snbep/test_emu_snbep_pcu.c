/* Host tests of the emulated Sandy Bridge-EP PCU (pmu/emu/snbep/pcu.c):
 * occupancy of C0/C3/C6 from scripted C-state sequences with threshold,
 * occupancy invert and occupancy edge detect (spec S-26..S-32, OQ-S08,
 * OQ-S10, OQ-S19, OQ-S22), the band filter and event identity (S-33..S-35,
 * OQ-S11, OQ-S18), pclk (S-44) and the C-state residency counters (S-46,
 * OQ-S14). Expected counts come from the per-pclk reference in
 * test_emu_snbep.h. */
#include <time.h>

#include "tests/pmu/emu/snbep/test_emu_snbep.h"

#define C0 PMU_C0
#define C1 PMU_C1
#define C3 PMU_C3
#define C6 PMU_C6

/* Four cores: the BSP stays in C0, the others park and wake. */
static const struct cs_event script[] = {
	{ .t = 0, .core = 1, .state = C6 }, { .t = 0, .core = 2, .state = C3 },
	{ .t = 0, .core = 3, .state = C1 }, { .t = 700, .core = 1, .state = C0 },
	{ .t = 1300, .core = 2, .state = C0 }, { .t = 1301, .core = 3, .state = C0 },
	{ .t = 2000, .core = 1, .state = C3 }, { .t = 2500, .core = 2, .state = C6 },
	{ .t = 2500, .core = 3, .state = C6 }, { .t = 3100, .core = 1, .state = C0 },
	{ .t = 3101, .core = 2, .state = C0 }, { .t = 3800, .core = 0, .state = C1 },
	{ .t = 4200, .core = 0, .state = C0 }, { .t = 4200, .core = 3, .state = C3 },
	{ .t = 5000, .core = 1, .state = C6 }, { .t = 5600, .core = 2, .state = C1 },
	{ .t = 6100, .core = 3, .state = C0 }, { .t = 6150, .core = 1, .state = C0 },
	{ .t = 7000, .core = 2, .state = C0 },
};
static const struct pcu_env env = { .ev = script, .nev = ARRAY_SIZE(script), .ncores = NCORES,
	.uclk_khz = UCLK };

static struct pref_cfg occ(unsigned sel, unsigned t, bool inv, bool edge)
{
	return (struct pref_cfg){ .ev = 0x80, .occ_sel = (uint8_t)sel, .thresh = (uint8_t)t,
			.occ_inv = inv, .occ_edge = edge };
}

/* The script's events up to UCLK t, those at 0 included. */
static void play_to(struct snbep_uncore *u, const struct pcu_env *e, uint64_t t)
{
	unsigned k;

	for (k = 0; k < e->nev && e->ev[k].t == 0; k++)
		snbep_core_state(u, e->ev[k].core, e->ev[k].state, 0);
	play(u, e->ev, e->nev, 0, t);
}

/* The PCU's counters programmed with c[0..3] at a (one filter register:
 * the union of theirs), the script played, read at b (out[k]). */
static void run4(const struct pcu_env *e, emu_faults_t faults, const struct pref_cfg *c,
		 uint64_t a, uint64_t b, uint64_t *out)
{
	struct snbep_uncore u;
	unsigned k;

	snbep_init(&u, faults, e->ncores, 0, e->uclk_khz, 0);
	play_to(&u, e, a);
	wr(&u, PCU_FILTER, c[0].filter | c[1].filter | c[2].filter | c[3].filter, a);
	for (k = 0; k < 4; k++)
		wr(&u, PCU_CTL(k), pref_ctl(&c[k]), a);
	play(&u, e->ev, e->nev, a, b);
	for (k = 0; k < 4; k++)
		out[k] = rd(&u, PCU_CTR(k), b);
}

/* One counter's count through the model, and its reference. */
static uint64_t one(const struct pcu_env *e, emu_faults_t faults, const struct pref_cfg *c,
		    uint64_t a, uint64_t b)
{
	struct pref_cfg four[4] = { *c, *c, *c, *c };
	uint64_t out[4];

	run4(e, faults, four, a, b, out);
	return out[0];
}

static void check(const struct pref_cfg *c, uint64_t a, uint64_t b)
{
	uint64_t got = one(&env, 0, c, a, b), want = pref_count(c, &env, a, b);

	if (got != want)
		fail_msg("ev %02x occ_sel %u t %u inv %d edge %d occ_inv %d occ_edge %d ext %d "
			 "[%llu,%llu): %llu, want %llu", c->ev, c->occ_sel, c->thresh, c->inv,
			 c->edge, c->occ_inv, c->occ_edge, c->ext, (unsigned long long)a,
			 (unsigned long long)b, (unsigned long long)got, (unsigned long long)want);
}

/* S-26, OQ-S19, OQ-S22: occ_sel 1/2/3 count cores in C0/C3/C6; a halted
 * core (C1) is in none; occ_sel 0 counts nothing. */
static void s26_oqs19_oqs22_occ_sel_picks_the_state(void **state)
{
	static const struct cs_event fixed[] = { { .t = 0, .core = 1, .state = C6 },
						 { .t = 0, .core = 2, .state = C3 },
						 { .t = 0, .core = 3, .state = C1 } };
	struct pcu_env e = { .ev = fixed, .nev = ARRAY_SIZE(fixed), .ncores = NCORES,
			.uclk_khz = UCLK };
	struct pref_cfg c[4] = { occ(1, 0, 0, 0), occ(2, 0, 0, 0), occ(3, 0, 0, 0),
				 occ(0, 0, 0, 0) };
	uint64_t out[4];
	unsigned sel;

	(void)state;
	run4(&e, 0, c, 100, 5100, out);
	assert_int_equal(out[0], 5000); /* core 0 */
	assert_int_equal(out[1], 5000); /* core 2 */
	assert_int_equal(out[2], 5000); /* core 1 */
	assert_int_equal(out[3], 0);
	for (sel = 0; sel < 4; sel++)
		check(&c[sel], 0, 8000);
}

/* S-27: thresh 0 adds N every pclk; the spec's invariants over a window. */
static void s27_thresh0_adds_the_occupancy(void **state)
{
	struct pref_cfg c[4] = { occ(1, 0, 0, 0), occ(2, 0, 0, 0), occ(3, 0, 0, 0),
				 { 0 } };
	uint64_t out[4], a = 250, b = 7777;
	unsigned k;

	(void)state;
	run4(&env, 0, c, a, b, out);
	for (k = 0; k < 4; k++)
		assert_int_equal(out[k], pref_count(&c[k], &env, a, b));
	assert_int_equal(out[3], b - a); /* clockticks */
	assert_true(out[0] <= NCORES * out[3]);
	assert_true(out[0] + out[1] + out[2] <= NCORES * out[3]);
	assert_true(out[0] >= out[3] * 3 / 4); /* the BSP runs nearly throughout */
	assert_true(out[0] > out[3]);          /* more than one core at times */
}

/* S-28: N >= t; t = 1 while some core runs gives the clockticks, t above
 * the core count nothing. */
static void s28_threshold_counts_pclks_with_n_at_or_above(void **state)
{
	struct pref_cfg c;
	unsigned t;

	(void)state;
	for (t = 1; t <= NCORES + 1; t++) {
		c = occ(1, t, 0, 0);
		check(&c, 100, 8000);
	}
	c = occ(1, 1, 0, 0);
	assert_int_equal(one(&env, 0, &c, 100, 3700), 3600);
	c = occ(1, NCORES + 1, 0, 0);
	assert_int_equal(one(&env, 0, &c, 0, 8000), 0);
}

/* S-29: thresh t and occ_invert split the clockticks exactly, every t, every
 * state. */
static void s29_occ_invert_splits_the_clockticks(void **state)
{
	uint64_t out[4];
	unsigned sel, t;

	(void)state;
	for (sel = 1; sel <= 3; sel++)
		for (t = 1; t <= NCORES + 1; t++) {
			struct pref_cfg c[4] = { occ(sel, t, 0, 0), occ(sel, t, 1, 0),
						 { 0 },
						 occ(sel, t, 1, 0) };

			run4(&env, 0, c, 333, 7444, out);
			assert_int_equal(out[0] + out[1], out[2]);
			assert_int_equal(out[1], pref_count(&c[1], &env, 333, 7444));
		}
}

/* S-30: occ_edge_det counts rising edges of N >= t; with occ_invert the
 * falling ones (the guide's edge after invert). They differ by at most
 * one, neither exceeds its level count, and both grow with the number of
 * park/wake transitions. */
static void s30_occ_edges_rising_and_after_invert_falling(void **state)
{
	uint64_t out[4];
	unsigned sel, t;

	(void)state;
	for (sel = 1; sel <= 3; sel++)
		for (t = 1; t <= NCORES; t++) {
			struct pref_cfg c[4] = { occ(sel, t, 0, 1), occ(sel, t, 1, 1),
						 occ(sel, t, 0, 0), occ(sel, t, 1, 0) };

			run4(&env, 0, c, 10, 7500, out);
			assert_int_equal(out[0], pref_count(&c[0], &env, 10, 7500));
			assert_int_equal(out[1], pref_count(&c[1], &env, 10, 7500));
			assert_true(out[0] <= out[1] + 1 && out[1] <= out[0] + 1);
			assert_true(out[0] <= out[2] && out[1] <= out[3]);
		}
	/* Core 1 parked and woken n times: n rising edges of C0 >= 2. */
	for (t = 1; t <= 5; t++) {
		struct cs_event ev[10];
		struct pcu_env e = { .ev = ev, .nev = 2 * t, .ncores = 2, .uclk_khz = UCLK };
		struct pref_cfg c = occ(1, 2, 0, 1);
		unsigned i;

		for (i = 0; i < t; i++) {
			ev[2 * i] = (struct cs_event){ .t = 1000 * i + 100, .core = 1, .state = C6 };
			ev[2 * i + 1] = (struct cs_event){ .t = 1000 * i + 600, .core = 1, .state = C0 };
		}
		assert_int_equal(one(&e, 0, &c, 50, 1000 * t + 50), t + 1); /* + the enable */
	}
}

/* S-31, OQ-S08: with thresh 0, occ_invert and occ_edge_det are ignored: N
 * accumulates. */
static void s31_oqs08_thresh0_ignores_occ_invert_and_edge(void **state)
{
	struct pref_cfg plain = occ(1, 0, 0, 0);
	uint64_t n = one(&env, 0, &plain, 0, 8000);
	unsigned i;

	(void)state;
	assert_int_equal(n, pref_count(&plain, &env, 0, 8000));
	for (i = 1; i < 4; i++) {
		struct pref_cfg c = occ(1, 0, i & 1, i & 2);

		assert_int_equal(one(&env, 0, &c, 0, 8000), n);
	}
}

/* S-32, OQ-S10: ev_sel bit 7 with a low part counts that event in pclks
 * where the occupancy condition holds; invert and edge_det shape it. */
static void s32_oqs10_occupancy_qualified_events(void **state)
{
	struct pref_cfg band = { .ev = 0x0B, .filter = 0x08 };
	struct pref_cfg q = band;
	unsigned i;

	(void)state;
	q.ev = 0x8B;
	q.occ_sel = 1;
	for (i = 0; i < 32; i++) {
		q.thresh = (uint8_t)(i % 6);
		q.occ_inv = i & 8;
		q.occ_edge = i & 16;
		q.inv = i % 3 == 1;
		q.edge = i % 3 == 2;
		check(&q, 100, 7900);
		if (!q.inv && !q.edge)
			assert_true(one(&env, 0, &q, 100, 7900) <= one(&env, 0, &band, 100, 7900));
	}
	q.ev = 0x83; /* VOLT_TRANS_CYCLES_CHANGE: never in the model (OQ-S18) */
	q.inv = q.edge = false;
	assert_int_equal(one(&env, 0, &q, 0, 8000), 0);
}

/* S-33, OQ-S18: band n counts pclks with the uncore frequency (UCLK) at or
 * above 100 MHz x filter byte n: byte 0 all, 0xFF none, non-increasing. */
static void s33_oqs18_band_filter_bytes(void **state)
{
	static const struct cs_event none[] = { { .t = 0, .core = 0, .state = C0 } };
	/* UCLK 2 GHz */
	struct pcu_env e = { .ev = none, .nev = 1, .ncores = NCORES, .uclk_khz = 2000000 };
	uint64_t out[4], prev = UINT64_MAX;
	struct pref_cfg c[4];
	unsigned byte, k;

	(void)state;
	for (byte = 0; byte < 256; byte += 5) {
		for (k = 0; k < 4; k++)
			c[k] = (struct pref_cfg){ .ev = (uint8_t)(0x0B + k),
					.filter = (uint32_t)byte << (8 * k) };
		run4(&e, 0, c, 1000, 9000, out);
		for (k = 0; k < 4; k++)
			assert_int_equal(out[k], pref_count(&c[k], &e, 1000, 9000));
		assert_int_equal(out[0], byte <= 20 ? ref_pclk(9000, e.uclk_khz) -
					 ref_pclk(1000, e.uclk_khz) : 0);
		assert_true(out[0] <= prev);
		prev = out[0];
		/* Band 0 reads byte 0 only. */
		c[0].filter = (uint32_t)byte << 8;
		assert_int_equal(one(&e, 0, &c[0], 1000, 9000),
				 ref_pclk(9000, e.uclk_khz) - ref_pclk(1000, e.uclk_khz));
	}
	assert_int_equal(prev, 0);
}

/* S-34: invert (thresh 1) counts pclks below the band; edge_det (thresh 1)
 * counts entries into it (one at the enable, OQ-S09, none after). */
static void s34_band_invert_and_edge(void **state)
{
	struct pref_cfg in = { .ev = 0x0C, .thresh = 1, .filter = 0x0800 };
	struct pref_cfg below = in, entries = in;

	(void)state;
	below.inv = true;
	entries.edge = true;
	assert_int_equal(one(&env, 0, &in, 0, 5000), 5000);      /* 800 MHz >= 800 */
	assert_int_equal(one(&env, 0, &below, 0, 5000), 0);
	assert_int_equal(one(&env, 0, &entries, 0, 5000), 1);
	in.filter = below.filter = entries.filter = 0x0900;       /* 900 MHz */
	assert_int_equal(one(&env, 0, &in, 0, 5000), 0);
	assert_int_equal(one(&env, 0, &below, 0, 5000), 5000);
	assert_int_equal(one(&env, 0, &entries, 0, 5000), 0);
}

/* S-35, OQ-S11: the event is the pair (ev_sel, bit 21): 0x0B and 0x00 with
 * bit 21 are transition events (none in the model), never band 0 or
 * clockticks; bit 21 is stored. */
static void s35_oqs11_bit21_is_part_of_the_event(void **state)
{
	struct pref_cfg b0 = { .ev = 0x0B, .ext = true };
	struct pref_cfg clk = { .ev = 0x00, .ext = true };
	struct snbep_uncore u;

	(void)state;
	assert_int_equal(one(&env, 0, &b0, 0, 5000), 0);
	assert_int_equal(one(&env, 0, &clk, 0, 5000), 0);
	b0.ext = clk.ext = false;
	assert_int_equal(one(&env, 0, &b0, 0, 5000), 5000);
	assert_int_equal(one(&env, 0, &clk, 0, 5000), 5000);
	snbep_init(&u, 0, NCORES, 0, UCLK, 0);
	wr(&u, PCU_CTL(1), 0x0B | CTL_EXT | (1ull << 20), 0);
	assert_int_equal(rd(&u, PCU_CTL(1), 0), 0x0B | CTL_EXT); /* bit 20 reserved */
}

/* S-44: the PCU counts 800 MHz of the model's time whatever the UCLK rate;
 * C-state changes land on the pclk their UCLK time falls in. */
static void s44_pclk_runs_at_800_mhz(void **state)
{
	static const uint32_t rates[] = { 800000, 1000000, 2133000, 2400000, 3333333 };
	static const struct cs_event ev[] = {
		{ .t = 7, .core = 1, .state = C6 }, { .t = 1001, .core = 1, .state = C0 },
		{ .t = 1003, .core = 2, .state = C3 }, { .t = 1004, .core = 2, .state = C0 },
		{ .t = 2222, .core = 3, .state = C6 }, { .t = 4444, .core = 3, .state = C0 },
	};
	unsigned i, t;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rates); i++) {
		struct pcu_env e = { .ev = ev, .nev = ARRAY_SIZE(ev), .ncores = NCORES,
				.uclk_khz = rates[i] };
		struct pref_cfg clk = { 0 };

		assert_int_equal(one(&e, 0, &clk, 3, 123456789), ref_pclk(123456789, rates[i]) -
				 ref_pclk(3, rates[i]));
		for (t = 0; t < 4; t++) {
			struct pref_cfg c = occ(1 + t % 3, t, t == 3, t == 2);
			uint64_t got = one(&e, 0, &c, 5, 6000), want = pref_count(&c, &e, 5, 6000);

			assert_int_equal(got, want);
		}
	}
}

/* Random scripts, counter programs and freezes: the model's O(1) per access
 * and per state change equals the per-pclk definition. */
static void s27_s30_random_scripts_match_the_definition(void **state)
{
	uint32_t seed = 99;
	unsigned i, j;

	(void)state;
	for (i = 0; i < 80; i++) {
		struct cs_event ev[24];
		struct snbep_uncore u;
		struct pref_cfg c;
		struct pcu_env e = { .ev = ev, .nev = 24, .ncores = 1 + i % SNBEP_MAX_CORES,
				.uclk_khz = i % 2 ? 2133000 : UCLK };
		uint64_t t = 0, a, f, r, b, want;
		bool det[2] = { false, false };

		for (j = 0; j < 24; j++) {
			seed = seed * 1103515245u + 12345u;
			t += (seed >> 8) % 400;
			ev[j] = (struct cs_event){ .t = t, .core = (seed >> 20) % e.ncores,
						    .state = (seed >> 24) % 4 };
		}
		seed = seed * 1103515245u + 12345u;
		c = occ(1 + (seed >> 3) % 3, (seed >> 6) % (e.ncores + 2), seed >> 9 & 1,
			seed >> 10 & 1);
		if (i % 4 == 3)
			c.ev = (uint8_t)(0x80 | 0x0B);
		a = (seed >> 11) % 1000;
		f = a + (seed >> 14) % 2500;
		r = f + (seed >> 17) % 1500;
		b = r + (seed >> 20) % 3000;
		snbep_init(&u, 0, e.ncores, 0, e.uclk_khz, 0);
		play_to(&u, &e, a);
		wr(&u, PCU_CTL(2), pref_ctl(&c), a);
		play(&u, ev, 24, a, f);
		wr(&u, PCU_BOX_CTL, FROZEN, f);
		play(&u, ev, 24, f, r);
		wr(&u, PCU_BOX_CTL, RUNNING, r);
		play(&u, ev, 24, r, b);
		want = pref_run(&c, &e, a, f, det);
		want += pref_run(&c, &e, r, b, det); /* OQ-S09: held across the freeze */
		if (rd(&u, PCU_CTR(2), b) != want)
			fail_msg("run %u: ev %02x sel %u t %u occ_inv %d occ_edge %d", i, c.ev,
				 c.occ_sel, c.thresh, c.occ_inv, c.occ_edge);
	}
}

/* S-46, OQ-S14, OQ-S19: per core, UCLK (= TSC) cycles in C3 and in C6;
 * never decreasing; the PCU's freeze, rst_ctrs and rst_ctrl leave them be;
 * writes are stored. */
static void s46_oqs14_residency_counters(void **state)
{
	struct snbep_uncore u;
	uint64_t t, prev3, prev6, v3, v6;

	(void)state;
	snbep_init(&u, 0, NCORES, 0, 2400000, 0);
	snbep_core_state(&u, 1, C3, 100);
	snbep_core_state(&u, 2, C6, 100);
	snbep_core_state(&u, 3, C1, 100);
	wr(&u, PCU_BOX_CTL, FROZEN | RST_CTRS | RST_CTRL, 500);
	snbep_core_state(&u, 1, C6, 1100);
	snbep_core_state(&u, 2, C0, 1300);
	wr(&u, PCU_BOX_CTL, RUNNING | RST_CTRS, 1500);
	assert_int_equal(rdc(&u, 1, CORE_C3, 2000), 1000);
	assert_int_equal(rdc(&u, 1, CORE_C6, 2000), 900);
	assert_int_equal(rdc(&u, 2, CORE_C6, 2000), 1200);
	assert_int_equal(rdc(&u, 2, CORE_C3, 2000), 0);
	assert_int_equal(rdc(&u, 3, CORE_C3, 2000) + rdc(&u, 3, CORE_C6, 2000), 0);
	assert_int_equal(rdc(&u, 0, CORE_C3, 2000) + rdc(&u, 0, CORE_C6, 2000), 0);
	prev3 = rdc(&u, 1, CORE_C3, 2000);
	prev6 = rdc(&u, 1, CORE_C6, 2000);
	for (t = 2000; t < 100000; t += 997) {
		if (t % 3 == 0)
			snbep_core_state(&u, 1, (enum pmu_cstate)(t / 997 % 4), t);
		v3 = rdc(&u, 1, CORE_C3, t);
		v6 = rdc(&u, 1, CORE_C6, t);
		assert_true(v3 >= prev3 && v6 >= prev6);
		assert_true(v3 + v6 - prev3 - prev6 <= 997); /* at most the TSC's delta */
		prev3 = v3;
		prev6 = v6;
	}
	assert_int_equal(snbep_wrmsr(&u, 2, CORE_C3, 42, t), 0);
	assert_int_equal(rdc(&u, 2, CORE_C3, t), 42);
	assert_int_equal(snbep_rdmsr(&u, NCORES, CORE_C3, t, &v3), VEC_GP);
}

/* A state change costs O(1): a million of them, and a window of 10^12
 * UCLK, in well under a second. */
static void s27_state_changes_are_cheap(void **state)
{
	struct snbep_uncore u;
	clock_t c0 = clock();
	uint64_t t;
	unsigned k;

	(void)state;
	snbep_init(&u, 0, 8, 0, 2133000, 0);
	for (k = 0; k < 4; k++)
		wr(&u, PCU_CTL(k), pref_ctl(&(struct pref_cfg){ .ev = 0x80,
				.occ_sel = (uint8_t)(1 + k % 3), .thresh = (uint8_t)k,
				.occ_inv = k == 1, .occ_edge = k == 2 }), 0);
	for (t = 1; t <= 1000000; t++)
		snbep_core_state(&u, t % 8, (enum pmu_cstate)(t / 8 % 4), 10 * t);
	emu_advance(&snbep_engine, &u, 1000000000000ull);
	assert_true(rd(&u, PCU_CTR(0), 1000000000000ull) > 0);
	assert_true(clock() - c0 < CLOCKS_PER_SEC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s26_oqs19_oqs22_occ_sel_picks_the_state),
		cmocka_unit_test(s27_thresh0_adds_the_occupancy),
		cmocka_unit_test(s28_threshold_counts_pclks_with_n_at_or_above),
		cmocka_unit_test(s29_occ_invert_splits_the_clockticks),
		cmocka_unit_test(s30_occ_edges_rising_and_after_invert_falling),
		cmocka_unit_test(s31_oqs08_thresh0_ignores_occ_invert_and_edge),
		cmocka_unit_test(s32_oqs10_occupancy_qualified_events),
		cmocka_unit_test(s33_oqs18_band_filter_bytes),
		cmocka_unit_test(s34_band_invert_and_edge),
		cmocka_unit_test(s35_oqs11_bit21_is_part_of_the_event),
		cmocka_unit_test(s44_pclk_runs_at_800_mhz),
		cmocka_unit_test(s27_s30_random_scripts_match_the_definition),
		cmocka_unit_test(s46_oqs14_residency_counters),
		cmocka_unit_test(s27_state_changes_are_cheap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
