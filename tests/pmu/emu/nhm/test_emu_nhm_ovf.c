/* Host tests of the emulated Nehalem uncore (pmu/emu/nhm/model.c): wrap, overflow
 * status, CHG, GLOBAL_OVF_CTRL, PMI requests and freeze (spec N-12,
 * N-21..N-24, N-26, N-28..N-31, N-34, N-36..N-39, OQ-N5..OQ-N8, OQ-N15,
 * OQ-N22). Wrap cycles are checked against the per-cycle reference. */
#include "tests/pmu/emu/nhm/test_emu_nhm.h"

static const struct ref reads_any = { .ev = 0x2C, .um = 0x07, NORST };
static const struct ref occ_all = { .ev = 0x23, .um = 0x07, NORST };

/* FixedCntr0 preset to 2^48 - left, running from t0, PMI bit as given. */
static void start_fixed(struct nhm_uncore *u, uint64_t left, bool pmi, uint64_t gctl,
			uint64_t t0)
{
	wr(u, FIXED, (MAX48 + 1) - left, t0);
	wr(u, FIXED_CTL, pmi ? 0x5 : 0x1, t0);
	wr(u, GCTL, GC_FC0 | gctl, t0);
}

/* PerfCntr n with r preset to 2^48 - left, PMI bit as given. */
static void start_gp_preset(struct nhm_uncore *u, unsigned n, const struct ref *r, uint64_t left,
			    bool pmi, uint64_t t0)
{
	wr(u, CTR(n), (MAX48 + 1) - left, t0);
	wr(u, SEL(n), ref_sel(r) | (pmi ? ES_PMI : 0), t0);
	wr(u, GCTL, rd(u, GCTL, t0) | 1ull << n, t0);
}

static void n12_wraps_modulo_2_48(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 1, false, 0, 10);
	assert_int_equal(rd(&u, FIXED, 10), MAX48);
	assert_int_equal(rd(&u, FIXED, 11), 0);
	assert_int_equal(rd(&u, FIXED, 15), 4);
}

static void n21_wrap_sets_ovf_pc_at_the_exact_cycle(void **state)
{
	struct nhm_uncore u;
	uint64_t t0 = 777, left = 5000, w;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 2, &reads_any, left, false, t0);
	w = emu_next_wrap(&nhm_engine, &u);
	assert_true(ref_count(&reads_any, t0, w) >= left);
	assert_true(ref_count(&reads_any, t0, w - 1) < left);
	assert_int_equal(rd(&u, STATUS, w - 1), 0);
	assert_int_equal(rd(&u, CTR(2), w - 1), MAX48 + 1 - left + ref_count(&reads_any, t0, w - 1));
	assert_int_equal(rd(&u, STATUS, w), 0x4 | ST_CHG); /* PMI bit 0: still set */
	assert_int_equal(rd(&u, CTR(2), w), ref_count(&reads_any, t0, w) - left);

	nhm_init(&u, EMU_F(NO_OVF_STATUS), 0, 0, 0, 0);
	start_gp_preset(&u, 2, &reads_any, left, false, t0);
	assert_int_equal(rd(&u, STATUS, w + 100), 0);
}

static void n22_fixed_wrap_sets_ovf_fc0(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 300, false, 0, 1000);
	assert_int_equal(emu_next_wrap(&nhm_engine, &u), 1300);
	assert_int_equal(rd(&u, STATUS, 1299), 0);
	assert_int_equal(rd(&u, STATUS, 1300), ST_FC0 | ST_CHG);
	assert_int_equal(rd(&u, STATUS, 99999), ST_FC0 | ST_CHG); /* stays */
}

static void n23_ovf_pmi_only_with_pmi_bit(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, false, 0, 0);
	assert_int_equal(rd(&u, STATUS, 20) & ST_PMI, 0);
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, 0, 0);
	assert_int_equal(rd(&u, STATUS, 20) & ST_PMI, ST_PMI);
	nhm_init(&u, EMU_F(OVF_PMI_ALWAYS), 0, 0, 0, 0);
	start_fixed(&u, 10, false, 0, 0);
	assert_int_equal(rd(&u, STATUS, 20) & ST_PMI, ST_PMI);
}

static void n24_chg_set_by_overflow_cleared_by_clr_chg(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, false, 0, 0);
	assert_int_equal(rd(&u, STATUS, 10), ST_FC0 | ST_CHG);
	wr(&u, OVF, ST_FC0 | ST_CHG, 11); /* clear everything */
	wr(&u, FIXED, MAX48 - 9, 11);
	assert_int_equal(rd(&u, STATUS, 21), ST_FC0 | ST_CHG); /* one overflow: CHG */
	wr(&u, OVF, ST_CHG, 22);
	assert_int_equal(rd(&u, STATUS, 22), ST_FC0);

	nhm_init(&u, EMU_F(CHG_NEVER), 0, 0, 0, 0);
	start_fixed(&u, 10, false, 0, 0);
	assert_int_equal(rd(&u, STATUS, 10), ST_FC0);
}

static void oqn6_clearing_does_not_set_chg(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, false, 0, 0);
	wr(&u, OVF, ST_CHG, 10);
	wr(&u, FIXED, MAX48 - 9, 10);
	assert_int_equal(rd(&u, STATUS, 20), ST_FC0); /* OVF_FC0 was already 1 */
	wr(&u, OVF, ST_FC0, 21); /* a 1 -> 0 change */
	assert_int_equal(rd(&u, STATUS, 22), 0);
}

/* Counters 0 and 1 overflowed, OVF_PC0 and OVF_PC1 set. */
static void two_overflowed(struct nhm_uncore *u, emu_faults_t faults)
{
	nhm_init(u, faults, 0, 0, 0, 0);
	start_gp_preset(u, 0, &occ_all, 1, false, 0);
	start_gp_preset(u, 1, &occ_all, 1, false, 0);
	assert_int_equal(rd(u, STATUS, 3000) & 0x3, 0x3);
}

static void n26_ovf_ctrl_clears_exactly_the_ones(void **state)
{
	struct nhm_uncore u;

	(void)state;
	two_overflowed(&u, 0);
	wr(&u, OVF, 0x1, 3000);
	assert_int_equal(rd(&u, STATUS, 3000), 0x2 | ST_CHG);
	wr(&u, OVF, 0, 3001);
	assert_int_equal(rd(&u, STATUS, 3001), 0x2 | ST_CHG);
	wr(&u, OVF, 0xFFFFull << 16 | 1ull << 40, 3002); /* reserved bits: ignored */
	assert_int_equal(rd(&u, STATUS, 3002), 0x2 | ST_CHG);

	two_overflowed(&u, EMU_F(OVF_CTRL_NOCLEAR));
	wr(&u, OVF, 0x1, 3000);
	assert_int_equal(rd(&u, STATUS, 3000) & 0x3, 0x3);
	two_overflowed(&u, EMU_F(OVF_CTRL_CLEARS_ALL));
	wr(&u, OVF, 0x1, 3000);
	assert_int_equal(rd(&u, STATUS, 3000), 0);
	/* CLR_OVF_PMI alone (bit 61) leaves the counters' bits; the defect
	 * clears them too. */
	two_overflowed(&u, 0);
	wr(&u, OVF, 1ull << 61, 3000);
	assert_int_equal(rd(&u, STATUS, 3000), 0x3 | ST_CHG);
	two_overflowed(&u, EMU_F(OVF_CTRL_PMI_CLEARS_OVF));
	wr(&u, OVF, 1ull << 61, 3000);
	assert_int_equal(rd(&u, STATUS, 3000), ST_CHG);
}

static void n28_clearing_changes_no_counter_or_enable(void **state)
{
	struct nhm_uncore u, twin;
	unsigned n;

	(void)state;
	two_overflowed(&u, 0);
	two_overflowed(&twin, 0);
	wr(&u, OVF, 0xA0000001000000FFull, 3000);
	assert_int_equal(rd(&u, GCTL, 5000), rd(&twin, GCTL, 5000));
	for (n = 0; n < 2; n++)
		assert_int_equal(rd(&u, CTR(n), 5000), rd(&twin, CTR(n), 5000));
}

static void n29_preset_overflows_after_n_and_keeps_counting(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 100, true, GC_CORE(0), 50); /* PMI but no PMI_FRZ */
	assert_int_equal(rd(&u, STATUS, 149) & ST_FC0, 0);
	assert_int_equal(rd(&u, FIXED, 150), 0);
	assert_int_equal(rd(&u, STATUS, 150) & ST_FC0, ST_FC0);
	assert_int_equal(rd(&u, FIXED, 200), 50);
}

static void n29_wrap_after_1e12_cycles_is_exact(void **state)
{
	struct nhm_uncore u;
	uint64_t t0 = 4242, left = 20000000000000ull, w;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 5, &occ_all, left, false, t0);
	w = emu_next_wrap(&nhm_engine, &u);
	assert_true(w - t0 > 1000000000000ull);
	assert_true(ref_count_long(&occ_all, t0, w) >= left);
	assert_true(ref_count_long(&occ_all, t0, w - 1) < left);
	assert_int_equal(rd(&u, STATUS, w - 1), 0);
	assert_int_equal(rd(&u, STATUS, w), 0x20 | ST_CHG);
}

static void n30_pmi_request_per_overflow(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req[4];
	uint64_t w;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 0, &reads_any, 1000, false, 0);
	rd(&u, STATUS, 50000);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 4), 0); /* PMI bit 0: none */

	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 0, &reads_any, 1000, true, 0);
	w = emu_next_wrap(&nhm_engine, &u);
	rd(&u, STATUS, w - 1);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 4), 0);
	emu_advance(&nhm_engine, &u, w + 10);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 4), 1);
	assert_int_equal(req[0].cycle, w);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 4), 0); /* moved out */
}

static void n30_requests_are_a_fifo(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req[NHM_MAX_PMI_REQ];
	unsigned i;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, 0, 0);
	for (i = 0; i < NHM_MAX_PMI_REQ + 2; i++) /* wraps at 10, 20, ... 190 */
		wr(&u, FIXED, MAX48 - 9, 10 + 10 * i);
	rd(&u, STATUS, 10 * (NHM_MAX_PMI_REQ + 3));
	assert_int_equal(u.pmi_dropped, 3);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 2), 2);
	assert_int_equal(req[0].cycle, 10);
	assert_int_equal(req[1].cycle, 20);
	assert_int_equal(nhm_take_pmi(&u, 0, req, NHM_MAX_PMI_REQ), NHM_MAX_PMI_REQ - 2);
	assert_int_equal(req[0].cycle, 30);
}

static void n31_request_carries_en_pmi_core(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, GC_CORE(2), 0);
	rd(&u, STATUS, 100);
	assert_int_equal(nhm_take_pmi(&u, 0, &req, 1), 1);
	assert_int_equal(req.cores, 0x4);
}

static void n34_several_cores_in_one_request(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, GC_CORE(0) | GC_CORE(1) | GC_CORE(3), 0);
	rd(&u, STATUS, 100);
	assert_int_equal(nhm_take_pmi(&u, 0, &req, 1), 1);
	assert_int_equal(req.cores, 0xB);
}

static void oqn7_no_routing_still_ovf_pmi_and_freeze(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, GC_FRZ, 0); /* no EN_PMI_CORE bit */
	assert_int_equal(rd(&u, STATUS, 100), ST_FC0 | ST_PMI | ST_CHG);
	assert_int_equal(rd(&u, FIXED, 100), 0);
	assert_int_equal(nhm_take_pmi(&u, 0, &req, 1), 1);
	assert_int_equal(req.cores, 0);
}

/* Nine counters running, PerfCntr0 wraps with PMI and PMI_FRZ at w; the
 * same without PMI_FRZ in twin. */
static uint64_t nine_running(struct nhm_uncore *u, struct nhm_uncore *twin, emu_faults_t faults)
{
	unsigned i, n;

	for (i = 0; i < 2; i++) {
		struct nhm_uncore *x = i ? twin : u;

		nhm_init(x, i ? 0 : faults, 0, 0, 0, 0);
		for (n = 1; n < NHM_NCTR; n++)
			wr(x, SEL(n), evtsel(0x2A, (uint8_t)n, 0, ES_EN), 0);
		wr(x, FIXED_CTL, 0x1, 0);
		wr(x, GCTL, (i ? 0 : GC_FRZ) | GC_CORE(1) | GC_FC0 | 0xFE, 0);
		start_gp_preset(x, 0, &occ_all, 3000, true, 0);
	}
	return emu_next_wrap(&nhm_engine, u);
}

static void n36_freeze_stops_all_nine_at_the_wrap(void **state)
{
	struct nhm_uncore u, twin;
	uint64_t w = nine_running(&u, &twin, 0);
	unsigned n;

	(void)state;
	for (n = 0; n < NHM_NCTR; n++)
		assert_int_equal(rd(&u, CTR(n), w + 5000), rd(&twin, CTR(n), w));
	assert_int_equal(rd(&u, FIXED, w + 5000), w);
	/* OQ-N5: EN_PC7..0 and EN_FC0 cleared, EN_PMI_CORE and PMI_FRZ kept. */
	assert_int_equal(rd(&u, GCTL, w + 5000), GC_FRZ | GC_CORE(1));
	assert_int_equal(emu_next_wrap(&nhm_engine, &u), UINT64_MAX);
}

static void n36_faults_break_the_freeze(void **state)
{
	struct nhm_uncore u, twin;
	uint64_t w = nine_running(&u, &twin, EMU_F(FRZ_IGNORED));

	(void)state;
	assert_int_equal(rd(&u, FIXED, w + 5000), w + 5000);
	assert_int_equal(rd(&u, CTR(1), w + 5000), rd(&twin, CTR(1), w + 5000));

	w = nine_running(&u, &twin, EMU_F(FRZ_PARTIAL));
	assert_int_equal(rd(&u, CTR(3), w + 5000), rd(&twin, CTR(3), w));
	assert_int_equal(rd(&u, CTR(4), w + 5000), rd(&twin, CTR(4), w + 5000));
	assert_int_equal(rd(&u, FIXED, w + 5000), w + 5000);
}

static void n37_rewriting_global_ctrl_resumes(void **state)
{
	struct nhm_uncore u, twin;
	uint64_t w = nine_running(&u, &twin, 0), v;

	(void)state;
	v = rd(&u, CTR(4), w + 100);
	wr(&u, GCTL, GC_FRZ | GC_CORE(1) | GC_FC0 | 0xFF, w + 100);
	assert_int_equal(rd(&u, FIXED, w + 150), w + 50);
	assert_true(rd(&u, CTR(4), w + 3000) > v);
}

static void n38_no_freeze_without_frz_or_pmi_bit(void **state)
{
	struct nhm_uncore u;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, 0, 0); /* PMI_FRZ = 0 */
	assert_int_equal(rd(&u, FIXED, 100), 90);
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, false, GC_FRZ, 0); /* PMI bit = 0 */
	assert_int_equal(rd(&u, FIXED, 100), 90);
	assert_int_equal(rd(&u, GCTL, 100), GC_FRZ | GC_FC0);
	nhm_init(&u, EMU_F(FRZ_WITHOUT_PMI), 0, 0, 0, 0);
	start_fixed(&u, 10, false, GC_FRZ, 0);
	assert_int_equal(rd(&u, FIXED, 100), 0);
}

static void n39_frozen_counter_holds_its_wrap_value(void **state)
{
	struct nhm_uncore u, twin;
	uint64_t w = nine_running(&u, &twin, 0), at_w = rd(&twin, CTR(0), w);

	(void)state;
	assert_true(at_w < 64); /* just past 0, by the wrap cycle's increment */
	assert_int_equal(rd(&u, CTR(0), w + 1), at_w);
	assert_int_equal(rd(&u, CTR(0), w + 99999), at_w);
}

static void oqn15_occupancy_wrap_skips_past_zero(void **state)
{
	struct nhm_uncore u;
	uint64_t t0, w;

	(void)state;
	/* Start just before a cycle that adds 2 or more: 2^48 - 1 jumps over 0. */
	for (t0 = 0; nhm_stream_value(0x23, 0x07, t0) < 2; t0++)
		;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 0, &occ_all, 1, false, t0);
	w = emu_next_wrap(&nhm_engine, &u);
	assert_int_equal(w, t0 + 1);
	assert_int_equal(rd(&u, CTR(0), w), nhm_stream_value(0x23, 0x07, t0) - 1);
	assert_int_equal(rd(&u, STATUS, w), 0x1 | ST_CHG);
}

/* For every distance 1..3000 to the wrap, next_wrap() is the first cycle
 * at which the per-cycle reference has counted that far. */
static void oqn15_wrap_cycle_for_every_distance(void **state)
{
	static const struct ref cfg[] = {
		{ .ev = 0x23, .um = 0x07, .cmask = 0, .inv = false, .edge = false, NORST },
		{ .ev = 0x2C, .um = 0x05, .cmask = 0, .inv = false, .edge = false, NORST },
		{ .ev = 0x2A, .um = 0x03, .cmask = 4, .inv = true, .edge = true, NORST },
	};
	static uint64_t cum[6000];
	struct nhm_uncore u;
	uint64_t t0 = 3 * P - 100, left, t;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cfg); i++) {
		for (t = 0; t < ARRAY_SIZE(cum) - 1; t++)
			cum[t + 1] = cum[t] + ref_count(&cfg[i], t0 + t, t0 + t + 1);
		nhm_init(&u, 0, 0, 0, 0, 0);
		start_gp(&u, 0, &cfg[i], t0);
		for (left = 1, t = 0; left <= 3000 && left <= cum[ARRAY_SIZE(cum) - 1]; left++) {
			wr(&u, CTR(0), MAX48 + 1 - left, t0);
			while (cum[t] < left)
				t++;
			assert_int_equal(emu_next_wrap(&nhm_engine, &u), t0 + t);
		}
	}
}

/* The wrap falls on the last increment of a period: the distance is an
 * exact multiple of a period's count. */
static void oqn15_wrap_at_a_whole_number_of_periods(void **state)
{
	struct nhm_uncore u;
	uint64_t t0 = 5 * P, left = 3 * ref_count(&reads_any, 0, P), w;

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp_preset(&u, 0, &reads_any, left, false, t0);
	w = emu_next_wrap(&nhm_engine, &u);
	assert_true(w <= t0 + 3 * P);
	assert_int_equal(ref_count(&reads_any, t0, w), left);
	assert_true(ref_count(&reads_any, t0, w - 1) < left);
	assert_int_equal(rd(&u, CTR(0), w), 0);
}

static void oqn15_late_overflow_defect_defers_to_the_access(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req;

	(void)state;
	nhm_init(&u, EMU_F(LATE_OVERFLOW), 0, 0, 0, 0);
	start_fixed(&u, 10, true, GC_FRZ, 0);
	assert_int_equal(emu_next_wrap(&nhm_engine, &u), 10);
	assert_int_equal(rd(&u, FIXED, 500), 490); /* frozen at the access */
	assert_int_equal(nhm_take_pmi(&u, 0, &req, 1), 1);
	assert_int_equal(req.cycle, 500);
}

static void oqn22_every_overflow_raises_a_request(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req[2];

	(void)state;
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_fixed(&u, 10, true, 0, 0);
	wr(&u, FIXED, MAX48 - 9, 20); /* OVF_FC0 still set */
	rd(&u, STATUS, 40);
	assert_int_equal(nhm_take_pmi(&u, 0, req, 2), 2);
	assert_int_equal(req[0].cycle, 10);
	assert_int_equal(req[1].cycle, 30);
}

/* Two counters wrap at different cycles: processed in order, and the first
 * one's freeze keeps the second from wrapping. */
static void oqn15_wraps_processed_in_cycle_order(void **state)
{
	struct nhm_uncore u;
	struct emu_pmi_req req[2];
	uint64_t w1, w2;
	unsigned i;

	(void)state;
	for (i = 0; i < 2; i++) {
		nhm_init(&u, 0, 0, 0, 0, 0);
		start_gp_preset(&u, 6, &occ_all, 9000, true, 0);
		wr(&u, FIXED, MAX48 - 99, 0);
		wr(&u, FIXED_CTL, 0x5, 0);
		wr(&u, GCTL, GC_FC0 | 0x40 | (i ? GC_FRZ : 0), 0);
		w1 = emu_next_wrap(&nhm_engine, &u);
		assert_int_equal(w1, 100);
		emu_advance(&nhm_engine, &u, w1);
		w2 = emu_next_wrap(&nhm_engine, &u);
		assert_int_equal(rd(&u, STATUS, 1000000) & 0x40, i ? 0 : 0x40);
		assert_int_equal(nhm_take_pmi(&u, 0, req, 2), i ? 1 : 2);
		assert_int_equal(req[0].cycle, 100);
		if (!i)
			assert_int_equal(req[1].cycle, w2);
		else
			assert_int_equal(w2, UINT64_MAX);
	}
}

static void oqn8_wrap_inside_reset_window_is_exact(void **state)
{
	struct nhm_uncore u;
	struct ref r = occ_all;
	uint64_t t0 = 100, left = 10, w, base, c;

	(void)state;
	/* A reset in a busy stretch after which the tracker climbs again by
	 * more than `left` before the queue empties at c. */
	for (r.rst = 1200;; r.rst++) {
		for (c = r.rst + 1; nhm_stream_value(r.ev, r.um, c); c++)
			;
		if (nhm_stream_value(r.ev, r.um, r.rst) && ref_count(&r, r.rst, c) > 2 * left)
			break;
	}
	nhm_init(&u, 0, 0, 0, 0, 0);
	start_gp(&u, 0, &r, t0);
	wr(&u, SEL(0), ref_sel(&r) | ES_RST, r.rst);
	base = (MAX48 + 1) - left;
	wr(&u, CTR(0), base, r.rst);
	w = emu_next_wrap(&nhm_engine, &u);
	assert_true(w < c);
	assert_true(ref_count(&r, r.rst, w) >= left);
	assert_true(ref_count(&r, r.rst, w - 1) < left);
	assert_int_equal(rd(&u, CTR(0), w - 1), base + ref_count(&r, r.rst, w - 1));
	assert_int_equal(rd(&u, STATUS, w), 0x1 | ST_CHG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(n12_wraps_modulo_2_48),
		cmocka_unit_test(n21_wrap_sets_ovf_pc_at_the_exact_cycle),
		cmocka_unit_test(n22_fixed_wrap_sets_ovf_fc0),
		cmocka_unit_test(n23_ovf_pmi_only_with_pmi_bit),
		cmocka_unit_test(n24_chg_set_by_overflow_cleared_by_clr_chg),
		cmocka_unit_test(oqn6_clearing_does_not_set_chg),
		cmocka_unit_test(n26_ovf_ctrl_clears_exactly_the_ones),
		cmocka_unit_test(n28_clearing_changes_no_counter_or_enable),
		cmocka_unit_test(n29_preset_overflows_after_n_and_keeps_counting),
		cmocka_unit_test(n29_wrap_after_1e12_cycles_is_exact),
		cmocka_unit_test(n30_pmi_request_per_overflow),
		cmocka_unit_test(n30_requests_are_a_fifo),
		cmocka_unit_test(n31_request_carries_en_pmi_core),
		cmocka_unit_test(n34_several_cores_in_one_request),
		cmocka_unit_test(oqn7_no_routing_still_ovf_pmi_and_freeze),
		cmocka_unit_test(n36_freeze_stops_all_nine_at_the_wrap),
		cmocka_unit_test(n36_faults_break_the_freeze),
		cmocka_unit_test(n37_rewriting_global_ctrl_resumes),
		cmocka_unit_test(n38_no_freeze_without_frz_or_pmi_bit),
		cmocka_unit_test(n39_frozen_counter_holds_its_wrap_value),
		cmocka_unit_test(oqn15_occupancy_wrap_skips_past_zero),
		cmocka_unit_test(oqn15_wrap_cycle_for_every_distance),
		cmocka_unit_test(oqn15_wrap_at_a_whole_number_of_periods),
		cmocka_unit_test(oqn15_late_overflow_defect_defers_to_the_access),
		cmocka_unit_test(oqn22_every_overflow_raises_a_request),
		cmocka_unit_test(oqn15_wraps_processed_in_cycle_order),
		cmocka_unit_test(oqn8_wrap_inside_reset_window_is_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
