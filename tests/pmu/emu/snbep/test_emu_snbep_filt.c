/* Host tests of the emulated Sandy Bridge-EP uncore (pmu/emu/snbep/):
 * the synthetic U-box and C-box streams through threshold, invert and edge
 * detect (spec S-21..S-25, OQ-S08, OQ-S09), counter widths and the silent
 * wrap (S-36..S-40, OQ-S06, OQ-S07), and the guide's procedures (S-41..S-43,
 * OQ-S13). Expected counts come from the per-cycle reference in
 * test_emu_snbep.h. */
#include <time.h>

#include "tests/pmu/emu/snbep/test_emu_snbep.h"

static void init(struct snbep_uncore *u)
{
	snbep_init(u, 0, NCORES, 0, UCLK, 0);
}

/* Count of C-box 1 counter 2 (or U-box counter 0) programmed with c over
 * [a, b), enabled at a. */
static uint64_t model_count(emu_faults_t faults, const struct sref_cfg *c, uint64_t a, uint64_t b)
{
	uint32_t ctl_msr = c->box < 0 ? U_CTL(0) : C_CTL((unsigned)c->box, 2);
	uint32_t ctr_msr = c->box < 0 ? U_CTR(0) : C_CTR((unsigned)c->box, 2);
	struct snbep_uncore u;

	snbep_init(&u, faults, NCORES, 0, UCLK, 0);
	wr(&u, ctl_msr, sref_ctl(c), a);
	return rd(&u, ctr_msr, b);
}

/* S-21: thresh 0 adds the whole per-cycle count, more than one a cycle. */
static void s21_thresh0_adds_the_count(void **state)
{
	struct sref_cfg c = { .box = 1, .ev = 0x34, .um = 0x03 };
	uint64_t n = model_count(0, &c, 300, 300 + 4 * P);

	(void)state;
	assert_int_equal(n, sref_count(&c, 300, 300 + 4 * P));
	assert_true(n > 4 * P); /* several per cycle on average */
}

/* S-22: every threshold 1..9 counts the cycles at or above it, falling with
 * the threshold, none at 8 (the stream's most is 7). */
static void s22_threshold_counts_cycles_at_or_above(void **state)
{
	struct sref_cfg c = { .box = 2, .ev = 0x34, .um = 0x03 };
	uint64_t prev = 4 * P, n;

	(void)state;
	for (c.thresh = 1; c.thresh <= 9; c.thresh++) {
		n = model_count(0, &c, 100, 100 + 4 * P);
		assert_int_equal(n, sref_count(&c, 100, 100 + 4 * P));
		assert_true(n <= prev);
		prev = n;
	}
	assert_int_equal(prev, 0);
}

/* S-22, S-23 with the thresh field's top bit (§3.2: C-box 31:24, U-box
 * 28:24; §3.3: PCU 28:24): on 1-per-cycle clockticks (C-box, PCU) and the
 * U-box's 0/1 LOCK_CYCLES, 0x81 (C-box) and 0x11 (U-box, PCU) pass no
 * cycle and their inverses every one. */
static void s22_s23_thresh_top_bit(void **state)
{
	static const struct {
		uint32_t ctl, ctr;
		uint64_t ev;
		uint8_t top;
	} box[] = {
		{ .ctl = C_CTL(2, 1), .ctr = C_CTR(2, 1), .ev = 0x00, .top = 0x81 },
		{ .ctl = PCU_CTL(1), .ctr = PCU_CTR(1), .ev = 0x00, .top = 0x11 },
		{ .ctl = U_CTL(1), .ctr = U_CTR(1), .ev = 0x44, .top = 0x11 },
	};
	struct snbep_uncore u;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(box); i++) {
		init(&u);
		wr(&u, box[i].ctl, box[i].ev | THRESH(box[i].top) | CTL_EN, 0);
		assert_int_equal(rd(&u, box[i].ctl, 0), box[i].ev | THRESH(box[i].top) | CTL_EN);
		assert_int_equal(rd(&u, box[i].ctr, 4 * P), 0);
		init(&u);
		wr(&u, box[i].ctl, box[i].ev | THRESH(box[i].top) | CTL_INV | CTL_EN, 0);
		/* every UCLK cycle (C-box, U-box), every pclk (PCU, pclk = UCLK here) */
		assert_int_equal(rd(&u, box[i].ctr, 4 * P), 4 * P);
	}
}

/* S-23: thresh t and its inverse split every cycle between them. */
static void s23_invert_counts_cycles_below(void **state)
{
	struct sref_cfg c = { .ev = 0x34, .um = 0x03 }, inv;
	uint64_t a = 1234, b = 1234 + 3 * P + 55;

	(void)state;
	for (c.thresh = 1; c.thresh <= 8; c.thresh++) {
		inv = c;
		inv.inv = true;
		assert_int_equal(model_count(0, &inv, a, b), sref_count(&inv, a, b));
		assert_int_equal(model_count(0, &c, a, b) + model_count(0, &inv, a, b), b - a);
	}
}

/* S-24: rising edges of "x >= t"; with invert, rising edges of "x < t",
 * i.e. falling edges of "x >= t" (the guide's edge after invert). Rising
 * and falling counts differ by at most one and neither exceeds the level
 * count. */
static void s24_edge_rising_and_after_invert_falling(void **state)
{
	struct sref_cfg lvl = { .box = 3, .ev = 0x35, .um = 0x01 }, up, down;
	uint64_t a = 77, b = 77 + 5 * P, r, f;

	(void)state;
	for (lvl.thresh = 1; lvl.thresh <= 7; lvl.thresh++) {
		up = lvl;
		up.edge = true;
		down = up;
		down.inv = true;
		r = model_count(0, &up, a, b);
		f = model_count(0, &down, a, b);
		assert_int_equal(r, sref_count(&up, a, b));
		assert_int_equal(f, sref_count(&down, a, b));
		assert_true(r > 0 && r <= model_count(0, &lvl, a, b));
		assert_true(r <= f + 1 && f <= r + 1);
	}
}

/* S-25, OQ-S08: with thresh 0 invert and edge_det are ignored: the raw count
 * accumulates, whichever of them is set. */
static void s25_oqs08_thresh0_ignores_invert_and_edge(void **state)
{
	struct sref_cfg c = { .box = 1, .ev = 0x34, .um = 0x02 }, x;
	uint64_t raw = model_count(0, &c, 0, 2 * P);
	unsigned i;

	(void)state;
	for (i = 1; i < 4; i++) {
		x = c;
		x.inv = i & 1;
		x.edge = i & 2;
		assert_int_equal(model_count(0, &x, 0, 2 * P), raw);
	}
	assert_int_equal(raw, sref_count(&c, 0, 2 * P));
}

/* OQ-S09: the edge detector is 0 at enable (a stream that starts high counts
 * an edge at once) and keeps its state across a freeze (no edge at the
 * unfreeze if the signal was high before and after). */
static void oqs09_edge_detector_at_enable_and_across_freeze(void **state)
{
	struct sref_cfg clk = { .ev = 0x00, .thresh = 1, .edge = true }; /* clockticks: always high */
	struct sref_cfg c = { .box = 2, .ev = 0x34, .um = 0x03, .thresh = 2, .inv = true,
			.edge = true };
	struct snbep_uncore u;
	uint64_t a = 500, f1 = 1900, u1 = 4321, b = 7000;
	bool det = false;
	uint64_t want;

	(void)state;
	init(&u);
	wr(&u, C_CTL(0, 0), sref_ctl(&clk), a);
	wr(&u, C_CTL(2, 1), sref_ctl(&c), a);
	assert_int_equal(rd(&u, C_CTR(0, 0), a + 1), 1);
	wr(&u, C_BOX_CTL(0), FROZEN, f1);
	wr(&u, C_BOX_CTL(2), FROZEN, f1);
	wr(&u, C_BOX_CTL(0), RUNNING, u1);
	wr(&u, C_BOX_CTL(2), RUNNING, u1);
	assert_int_equal(rd(&u, C_CTR(0, 0), b), 1);
	want = sref_run(&c, a, f1, &det);
	want += sref_run(&c, u1, b, &det);
	assert_int_equal(rd(&u, C_CTR(2, 1), b), want);
	/* A CTL write re-arms the detector (OQ-S09: 0 after programming). */
	wr(&u, C_CTL(0, 0), sref_ctl(&clk), b);
	assert_int_equal(rd(&u, C_CTR(0, 0), b + 10), 2);
}

/* Random selections, filters, windows across periods and freezes: the
 * O(1) arithmetic equals the per-cycle definition. */
static void s22_s24_random_programs_match_the_definition(void **state)
{
	static const uint8_t cev[] = { 0x00, 0x11, 0x34, 0x35, 0x37 }; /* 0x36: counter 0 only */
	static const uint8_t uev[] = { 0x42, 0x44 };
	uint32_t seed = 4242;
	unsigned i;

	(void)state;
	for (i = 0; i < 150; i++) {
		struct snbep_uncore u;
		struct sref_cfg c;
		uint64_t a, f, r, b, want;
		bool det = false, ubox;

		seed = seed * 1103515245u + 12345u;
		ubox = i % 5 == 0;
		c = (struct sref_cfg){ .box = ubox ? -1 : (int)(seed >> 5) % NCORES,
				.ev = ubox ? uev[seed >> 9 & 1] : cev[(seed >> 9) % 5],
				.um = (uint8_t)(seed >> 12),
				.thresh = (uint8_t)(i % 3 ? (seed >> 20) % 9 : 0),
				.inv = seed >> 25 & 1, .edge = seed >> 26 & 1 };
		a = (seed >> 3) % 3000;
		f = a + (seed >> 7) % 2000;
		r = f + (seed >> 14) % 1500;
		b = r + (seed >> 17) % 3000;
		init(&u);
		wr(&u, ubox ? U_CTL(0) : C_CTL((unsigned)c.box, 1), sref_ctl(&c), a);
		if (ubox) { /* no freeze: en off and on again re-arms the detector */
			wr(&u, U_CTL(0), sref_ctl(&c) & ~CTL_EN, f);
			wr(&u, U_CTL(0), sref_ctl(&c), r);
			want = sref_count(&c, a, f) + sref_count(&c, r, b);
		} else {
			wr(&u, C_BOX_CTL((unsigned)c.box), FROZEN, f);
			wr(&u, C_BOX_CTL((unsigned)c.box), RUNNING, r);
			want = sref_run(&c, a, f, &det);
			want += sref_run(&c, r, b, &det);
		}
		if (rd(&u, ubox ? U_CTR(0) : C_CTR((unsigned)c.box, 1), b) != want)
			fail_msg("box %d ev %02x um %02x t %u inv %d edge %d [%llu,%llu) [%llu,%llu)",
				 c.box, c.ev, c.um, c.thresh, c.inv, c.edge,
				 (unsigned long long)a, (unsigned long long)f,
				 (unsigned long long)r, (unsigned long long)b);
	}
}

/* S-36: C-box and U-box counters wrap at 2^44, bits 63:44 read 0. */
static void s36_cbox_and_ubox_wrap_at_2_44(void **state)
{
	struct sref_cfg c = { .box = 1, .ev = 0x34, .um = 0x03 };
	struct sref_cfg m = { .box = -1, .ev = 0x42, .um = 0x1F };
	struct snbep_uncore u;
	uint64_t k = 50, nc, nm;

	(void)state;
	init(&u);
	wr(&u, C_CTR(1, 0), (1ull << 44) - k, 0);
	wr(&u, U_CTR(1), (1ull << 44) - k, 0);
	wr(&u, C_CTL(1, 0), sref_ctl(&c), 0);
	wr(&u, U_CTL(1), sref_ctl(&m), 0);
	nc = sref_count(&c, 0, 3 * P);
	nm = sref_count(&m, 0, 3 * P);
	assert_true(nc > k && nm > k);
	assert_int_equal(rd(&u, C_CTR(1, 0), 3 * P), nc - k);
	assert_int_equal(rd(&u, U_CTR(1), 3 * P), nm - k);
}

/* S-37 (PCU, 48 bits) and S-38, OQ-S07 (UCLK fixed, 48 bits). */
static void s37_s38_oqs07_pcu_and_uclk_wrap_at_2_48(void **state)
{
	struct snbep_uncore u;

	(void)state;
	init(&u);
	wr(&u, PCU_CTR(2), (1ull << 44) - 5, 0);
	wr(&u, U_FIXED_CTR, (1ull << 44) - 5, 0);
	wr(&u, PCU_CTL(2), ctl(0, 0, 0, CTL_EN), 0);
	wr(&u, U_FIXED_CTL, CTL_EN, 0);
	assert_int_equal(rd(&u, PCU_CTR(2), 10), (1ull << 44) + 5); /* no wrap at 2^44 */
	assert_int_equal(rd(&u, U_FIXED_CTR, 10), (1ull << 44) + 5);
	wr(&u, PCU_CTR(2), M48 - 4, 10);
	wr(&u, U_FIXED_CTR, M48 - 4, 10);
	assert_int_equal(rd(&u, PCU_CTR(2), 20), 5);
	assert_int_equal(rd(&u, U_FIXED_CTR, 20), 5);
}

/* S-39, S-40, OQ-S06: a wrap changes no control, freezes nothing, asks for
 * no PMI; counting goes on. */
static void s39_s40_oqs06_wrap_is_silent(void **state)
{
	struct sref_cfg c = { .ev = 0x00 };
	struct snbep_uncore u;
	struct emu_pmi_req req[4];
	unsigned k;

	(void)state;
	init(&u);
	for (k = 0; k < 4; k++) {
		wr(&u, C_CTR(0, k), M44 - 100 * k, 0);
		wr(&u, C_CTL(0, k), sref_ctl(&c), 0);
		wr(&u, PCU_CTR(k), M48, 0);
		wr(&u, PCU_CTL(k), ctl(0, 0, 0, CTL_EN), 0);
	}
	wr(&u, U_FIXED_CTR, M48, 0);
	wr(&u, U_FIXED_CTL, CTL_EN, 0);
	emu_advance(&snbep_engine, &u, 1000);
	for (k = 0; k < 4; k++) {
		assert_int_equal(rd(&u, C_CTL(0, k), 1000), sref_ctl(&c));
		assert_int_equal(rd(&u, C_CTR(0, k), 1000), 999 - 100 * k);
	}
	for (k = 0; k < 4; k++)
		assert_int_equal(rd(&u, PCU_CTR(k), 2000), 1999);
	assert_int_equal(rd(&u, C_BOX_CTL(0), 2000), 0);
	assert_int_equal(rd(&u, U_FIXED_CTR, 2000), 1999);
	assert_int_equal(snbep_take_pmi(&u, 0, req, 4), 0);
}

/* S-41, OQ-S13: the guide's set-up leaves every programmed counter at 0 and
 * frozen, then counting; S-42: a frozen read is one snapshot. */
static void s41_s42_setup_sequence_then_frozen_reads(void **state)
{
	struct sref_cfg c = { .box = 1, .ev = 0x34, .um = 0x03 };
	struct sref_cfg lock = { .box = -1, .ev = 0x44 };
	struct snbep_uncore u;
	uint64_t t = 1000, go = 2000, stop = 2000 + 2 * P;
	unsigned k;

	(void)state;
	init(&u);
	for (k = 0; k < 4; k++) { /* leftovers the set-up must clear */
		wr(&u, C_CTR(1, k), 12345 + k, 0);
		wr(&u, PCU_CTR(k), 999, 0);
	}
	wr(&u, C_BOX_CTL(1), FRZ_EN, t);  /* (a) */
	wr(&u, C_BOX_CTL(1), FROZEN, t);  /* (b) */
	wr(&u, PCU_BOX_CTL, FROZEN, t);
	for (k = 0; k < 4; k++) {         /* (c), (d) */
		wr(&u, C_CTL(1, k), CTL_EN, t + 1);
		wr(&u, C_CTL(1, k), sref_ctl(&c), t + 2);
		wr(&u, PCU_CTL(k), ctl(0, 0, 0, CTL_EN), t + 2);
	}
	wr(&u, U_CTL(0), CTL_EN, t + 3);  /* U-box: en with ev_sel 0, counter 0 */
	wr(&u, U_CTR(0), 0, t + 3);
	wr(&u, C_BOX_CTL(1), FROZEN | RST_CTRS, t + 4); /* (e), OQ-S13: 0x10102 */
	wr(&u, PCU_BOX_CTL, FROZEN | RST_CTRS, t + 4);
	for (k = 0; k < 4; k++) {
		assert_int_equal(rd(&u, C_CTR(1, k), go), 0);
		assert_int_equal(rd(&u, PCU_CTR(k), go), 0);
	}
	assert_int_equal(rd(&u, U_CTR(0), go), 0);
	wr(&u, U_CTL(0), sref_ctl(&lock), go);
	wr(&u, C_BOX_CTL(1), RUNNING, go); /* (f) */
	wr(&u, PCU_BOX_CTL, RUNNING, go);
	wr(&u, C_BOX_CTL(1), FROZEN, stop); /* S-42 */
	wr(&u, PCU_BOX_CTL, FROZEN, stop);
	assert_int_equal(rd(&u, U_CTR(0), stop), sref_count(&lock, go, stop));
	for (k = 0; k < 4; k++) {
		assert_int_equal(rd(&u, C_CTR(1, k), stop + 5000), sref_count(&c, go, stop));
		assert_int_equal(rd(&u, PCU_CTR(k), stop + 5000), stop - go);
	}
}

/* S-43: a new sample interval by preload while frozen: the counter wraps
 * after exactly `interval` events, counted from the unfreeze. */
static void s43_sample_interval_by_preload(void **state)
{
	struct snbep_uncore u;
	uint64_t interval = 3000;

	(void)state;
	init(&u);
	wr(&u, PCU_CTL(0), ctl(0, 0, 0, CTL_EN), 0);
	wr(&u, PCU_BOX_CTL, FROZEN, 100);
	wr(&u, PCU_CTR(0), (1ull << 48) - interval, 200);
	wr(&u, PCU_BOX_CTL, RUNNING, 400);
	assert_int_equal(rd(&u, PCU_CTR(0), 400 + interval - 1), M48);
	assert_int_equal(rd(&u, PCU_CTR(0), 400 + interval), 0);
}

/* Windows of 10^12 cycles cost what short ones cost (O(1) per access). */
static void s19_huge_windows_are_exact_and_fast(void **state)
{
	struct snbep_uncore u;
	uint64_t t0 = 321, t1 = t0 + 1000000000000ull;
	clock_t c0 = clock();
	unsigned n, k, pass;

	(void)state;
	init(&u);
	for (pass = 0; pass < 2; pass++)
		for (n = 0; n < NCORES; n++)
			for (k = 0; k < 4; k++) {
				struct sref_cfg c = { .box = (int)n, .ev = (uint8_t)(0x30 + k),
						.um = (uint8_t)(n + 1), .thresh = (uint8_t)k,
						.inv = n == 1, .edge = n == 2 };

				if (!pass)
					wr(&u, C_CTL(n, k), sref_ctl(&c), t0);
				else
					assert_int_equal(rd(&u, C_CTR(n, k), t1),
							 sref_count_long(&c, t0, t1) & M44);
			}
	assert_true(clock() - c0 < CLOCKS_PER_SEC / 2);
}

/* S-59, S-61: TOR_OCCUPANCY.ALL counts on C-box counter 0 alone; counters
 * 1-3 count nothing. S-60: at most 20 a cycle, and the stream reaches it:
 * thresh 20 passes some cycles, 21 none. */
static void s59_s60_s61_tor_occupancy_counter_0_at_most_20(void **state)
{
	struct sref_cfg c = { .box = 3, .ev = 0x36, .um = 0x08 };
	struct snbep_uncore u;
	unsigned k;

	(void)state;
	init(&u);
	for (k = 0; k < 4; k++)
		wr(&u, C_CTL(3, k), sref_ctl(&c), 0);
	assert_int_equal(rd(&u, C_CTR(3, 0), 4 * P), sref_count(&c, 0, 4 * P));
	for (k = 1; k < 4; k++)
		assert_int_equal(rd(&u, C_CTR(3, k), 4 * P), 0);
	for (k = 0; k < 2; k++) {
		c.thresh = (uint8_t)(20 + k);
		init(&u);
		wr(&u, C_CTL(3, 0), sref_ctl(&c), 0);
		assert_int_equal(rd(&u, C_CTR(3, 0), 4 * P), sref_count(&c, 0, 4 * P));
		if (k)
			assert_int_equal(sref_count(&c, 0, 4 * P), 0);
		else
			assert_true(sref_count(&c, 0, 4 * P) > 0);
	}
}

/* S-62: TOR_OCCUPANCY with umask 0 selects no sub-event: nothing. */
static void s62_umask_0_counts_nothing(void **state)
{
	struct sref_cfg c = { .ev = 0x36, .um = 0x00 };
	struct snbep_uncore u;

	(void)state;
	init(&u);
	wr(&u, C_CTL(0, 0), sref_ctl(&c), 0);
	assert_int_equal(rd(&u, C_CTR(0, 0), 4 * P), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s21_thresh0_adds_the_count),
		cmocka_unit_test(s22_threshold_counts_cycles_at_or_above),
		cmocka_unit_test(s22_s23_thresh_top_bit),
		cmocka_unit_test(s23_invert_counts_cycles_below),
		cmocka_unit_test(s24_edge_rising_and_after_invert_falling),
		cmocka_unit_test(s25_oqs08_thresh0_ignores_invert_and_edge),
		cmocka_unit_test(oqs09_edge_detector_at_enable_and_across_freeze),
		cmocka_unit_test(s22_s24_random_programs_match_the_definition),
		cmocka_unit_test(s36_cbox_and_ubox_wrap_at_2_44),
		cmocka_unit_test(s37_s38_oqs07_pcu_and_uclk_wrap_at_2_48),
		cmocka_unit_test(s39_s40_oqs06_wrap_is_silent),
		cmocka_unit_test(s41_s42_setup_sequence_then_frozen_reads),
		cmocka_unit_test(s43_sample_interval_by_preload),
		cmocka_unit_test(s19_huge_windows_are_exact_and_fast),
		cmocka_unit_test(s59_s60_s61_tor_occupancy_counter_0_at_most_20),
		cmocka_unit_test(s62_umask_0_counts_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
