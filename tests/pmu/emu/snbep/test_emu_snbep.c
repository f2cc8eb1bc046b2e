/* Host tests of the emulated Sandy Bridge-EP uncore (pmu/emu/snbep/model.c):
 * registers, box control (reset, freeze, freeze enable) and the counting
 * gates (spec S-02..S-20, OQ-S01..OQ-S04, OQ-S12, OQ-S13, OQ-S15..OQ-S17,
 * OQ-S21). Expected counts come from the per-cycle reference in
 * test_emu_snbep.h, never from the model's own arithmetic. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "pmu/regs/regs.h"

/* Busy C-box event streams of C-box n (0..7 per cycle) and the U-box. */
#define CBOX(n, e) ((struct sref_cfg){ .box = (n), .ev = (e), .um = 0x03 })
static const struct sref_cfg ubox_msg = { .box = -1, .ev = 0x42, .um = 0x1F };

static void init(struct snbep_uncore *u, emu_faults_t faults)
{
	snbep_init(u, faults, NCORES, 0, UCLK, 0);
}

static void start(struct snbep_uncore *u, uint32_t ctl_msr, const struct sref_cfg *c, uint64_t t)
{
	wr(u, ctl_msr, sref_ctl(c), t);
}

static void s02_package_registers_seen_from_every_core(void **state)
{
	struct snbep_uncore u, other;
	unsigned core;

	(void)state;
	init(&u, 0);
	init(&other, 0);
	assert_int_equal(snbep_wrmsr(&u, 2, C_CTL(0, 0), 0x00440334, 10), 0);
	for (core = 0; core < NCORES; core++)
		assert_int_equal(rdc(&u, core, C_CTL(0, 0), 20), 0x00440334);
	assert_int_equal(rd(&other, C_CTL(0, 0), 20), 0); /* another package */
}

static void s03_oqs01_absent_registers_fault(void **state)
{
	static const uint32_t absent[] = { 0xC00, 0xC01, 0xC06, 0xC15, 0xC35 };
	struct snbep_uncore u;
	uint64_t v;
	unsigned i;

	(void)state;
	init(&u, 0);
	for (i = 0; i < ARRAY_SIZE(absent); i++) {
		assert_int_equal(snbep_rdmsr(&u, 0, absent[i], 0, &v), VEC_GP);
		assert_int_equal(snbep_wrmsr(&u, 0, absent[i], 0, 0), VEC_GP);
	}
	/* Not the model's: passed on. */
	assert_int_equal(snbep_rdmsr(&u, 0, 0x391, 0, &v), -1);
	assert_int_equal(snbep_rdmsr(&u, 0, 0xC0A, 0, &v), -1);
	assert_int_equal(snbep_wrmsr(&u, 0, 0x1D9, 1, 0), -1);
}

/* S-04 with every field at 1 and in patterns; OQ-S16: bits 63:32 and the
 * reserved bits are dropped and read 0. */
static void s04_oqs16_controls_and_filters_read_back(void **state)
{
	static const struct {
		uint32_t msr;
		uint64_t defined;
	} regs[] = {
		{ .msr = U_CTL(1), .defined = 0x1FC6FFFF & ~CTL_RST },
		{ .msr = C_CTL(3, 2), .defined = 0xFFCEFFFF & ~CTL_RST },
		{ .msr = PCU_CTL(3), .defined = 0xDFE6C0FF & ~CTL_RST },
		{ .msr = C_FILTER(1), .defined = 0xFFFFFC1F },
		{ .msr = PCU_FILTER, .defined = 0xFFFFFFFF },
		{ .msr = U_FIXED_CTL, .defined = CTL_EN },
	};
	static const uint64_t pat[] = { ~0ull, 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull,
					0x12345678ull };
	struct snbep_uncore u;
	unsigned i, j;

	(void)state;
	init(&u, 0);
	for (i = 0; i < ARRAY_SIZE(regs); i++)
		for (j = 0; j < ARRAY_SIZE(pat); j++) {
			wr(&u, regs[i].msr, pat[j] & regs[i].defined, 5);
			assert_int_equal(rd(&u, regs[i].msr, 5), pat[j] & regs[i].defined);
			wr(&u, regs[i].msr, pat[j], 5);
			assert_int_equal(rd(&u, regs[i].msr, 5), pat[j] & regs[i].defined);
		}
}

/* S-05: with nothing counting, v < 2^W reads back; OQ-S16: bits above. */
static void s05_oqs16_counters_writable_below_their_width(void **state)
{
	static const struct {
		uint32_t msr;
		uint64_t max;
	} ctrs[] = {
		{ .msr = U_CTR(0), .max = M44 },
		{ .msr = U_CTR(1), .max = M44 },
		{ .msr = U_FIXED_CTR, .max = M48 },
		{ .msr = C_CTR(0, 0), .max = M44 },
		{ .msr = C_CTR(3, 3), .max = M44 },
		{ .msr = PCU_CTR(0), .max = M48 },
		{ .msr = PCU_CTR(3), .max = M48 },
	};
	struct snbep_uncore u;
	unsigned i;

	(void)state;
	init(&u, 0);
	for (i = 0; i < ARRAY_SIZE(ctrs); i++) {
		wr(&u, ctrs[i].msr, ctrs[i].max, 100);
		assert_int_equal(rd(&u, ctrs[i].msr, 5000), ctrs[i].max);
		wr(&u, ctrs[i].msr, 0x123456789ABCDEFull, 5000);
		assert_int_equal(rd(&u, ctrs[i].msr, 6000), 0x123456789ABCDEFull & ctrs[i].max);
	}
}

/* S-06: every MSR register of the table reads 0 after init (boxes of
 * absent cores fault, OQ-S15). */
static void s06_oqs15_every_register_0_after_reset(void **state)
{
	const struct uncore_gen *g = uncore_gen_by_name("snbep");
	struct snbep_uncore u;
	unsigned b, t, box, idx, n = 0;
	uint64_t v;

	(void)state;
	init(&u, 0);
	for (b = 0; b < g->nboxes; b++) {
		const struct box_type *bt = g->boxes[b];

		for (t = 0; bt->scope != SCOPE_PCI && t < bt->nregs; t++)
			for (box = 0; box < bt->nboxes; box++)
				for (idx = 0; idx < bt->regs[t].count; idx++) {
					uint32_t msr = reg_msr(&bt->regs[t], bt, box, idx);
					int rc = snbep_rdmsr(&u, 0, msr, 1000000, &v);

					if (!strcmp(bt->name, "cbox") && box >= NCORES) {
						assert_int_equal(rc, VEC_GP);
						continue;
					}
					assert_int_equal(rc, 0);
					assert_int_equal(v, 0);
					n++;
				}
	}
	assert_int_equal(n, 6 + NCORES * 10 + 10 + 2);
}

/* Preload every counter of C-boxes 0..2 and the PCU with a distinct value. */
static void preload(struct snbep_uncore *u, uint64_t t)
{
	unsigned n, k;

	for (n = 0; n < 3; n++)
		for (k = 0; k < 4; k++)
			wr(u, C_CTR(n, k), 1000 * n + k + 1, t);
	for (k = 0; k < 4; k++)
		wr(u, PCU_CTR(k), 9000 + k, t);
}

static void s07_rst_ctrs_zeroes_its_box_only(void **state)
{
	struct snbep_uncore u;
	unsigned n, k;

	(void)state;
	init(&u, 0);
	preload(&u, 10);
	wr(&u, C_CTL(1, 2), sref_ctl(&CBOX(1, 0x34)) & ~CTL_EN, 10);
	wr(&u, C_BOX_CTL(1), RST_CTRS, 20);
	for (n = 0; n < 3; n++)
		for (k = 0; k < 4; k++)
			assert_int_equal(rd(&u, C_CTR(n, k), 30), n == 1 ? 0 : 1000 * n + k + 1);
	assert_int_equal(rd(&u, C_CTL(1, 2), 30), sref_ctl(&CBOX(1, 0x34)) & ~CTL_EN);
	wr(&u, PCU_BOX_CTL, RST_CTRS, 40);
	for (k = 0; k < 4; k++)
		assert_int_equal(rd(&u, PCU_CTR(k), 50), 0);
	assert_int_equal(rd(&u, C_CTR(2, 3), 50), 2004);
}

/* S-08; OQ-S17: the box filter is not a control. */
static void s08_oqs17_rst_ctrl_zeroes_controls_not_counters(void **state)
{
	struct snbep_uncore u;
	unsigned k;

	(void)state;
	init(&u, 0);
	preload(&u, 10);
	for (k = 0; k < 4; k++) {
		wr(&u, C_CTL(2, k), ctl(0x34, 0x03, 1, CTL_INV), 10);
		wr(&u, PCU_CTL(k), ctl(0x80, 0, 2, OCC_SEL(1)), 10);
	}
	wr(&u, C_FILTER(2), 0xABCD0012, 10);
	wr(&u, PCU_FILTER, 0x20181008, 10);
	wr(&u, C_BOX_CTL(2), RST_CTRL, 20);
	wr(&u, PCU_BOX_CTL, RST_CTRL, 20);
	for (k = 0; k < 4; k++) {
		assert_int_equal(rd(&u, C_CTL(2, k), 30), 0);
		assert_int_equal(rd(&u, C_CTR(2, k), 30), 2000 + k + 1);
		assert_int_equal(rd(&u, PCU_CTL(k), 30), 0);
		assert_int_equal(rd(&u, PCU_CTR(k), 30), 9000 + k);
		assert_int_equal(rd(&u, C_CTL(1, k), 30), 0); /* never written */
	}
	assert_int_equal(rd(&u, C_FILTER(2), 30), 0xABCD0012);
	assert_int_equal(rd(&u, PCU_FILTER, 30), 0x20181008);
}

static void s09_resets_act_on_a_one(void **state)
{
	struct snbep_uncore u;
	unsigned k;

	(void)state;
	init(&u, 0);
	preload(&u, 10);
	wr(&u, C_CTL(0, 1), ctl(0x34, 0x03, 0, 0), 10);
	wr(&u, C_BOX_CTL(0), RUNNING, 20);
	wr(&u, PCU_BOX_CTL, FROZEN, 20);
	wr(&u, PCU_BOX_CTL, 0, 30);
	for (k = 0; k < 4; k++) {
		assert_int_equal(rd(&u, C_CTR(0, k), 40), k + 1);
		assert_int_equal(rd(&u, PCU_CTR(k), 40), 9000 + k);
	}
	assert_int_equal(rd(&u, C_CTL(0, 1), 40), ctl(0x34, 0x03, 0, 0));
}

/* S-10: 0x10103 resets both and leaves the box frozen; 0x10002 zeroes the
 * counters and leaves it running. */
static void s10_one_write_resets_and_sets_the_freeze(void **state)
{
	struct sref_cfg c = CBOX(1, 0x00);
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	start(&u, C_CTL(1, 0), &c, 0);
	wr(&u, C_BOX_CTL(1), FROZEN | RST_CTRL | RST_CTRS, 500);
	assert_int_equal(rd(&u, C_CTL(1, 0), 900), 0);
	assert_int_equal(rd(&u, C_CTR(1, 0), 900), 0);
	start(&u, C_CTL(1, 0), &c, 1000);
	assert_int_equal(rd(&u, C_CTR(1, 0), 1500), 0); /* still frozen */
	wr(&u, C_BOX_CTL(1), RUNNING, 1500);
	assert_int_equal(rd(&u, C_CTR(1, 0), 1800), 300);
	wr(&u, C_BOX_CTL(1), RUNNING | RST_CTRS, 1800);
	assert_int_equal(rd(&u, C_CTR(1, 0), 1850), 50);
}

/* S-11: every counter of the box stops, the PCU's clockticks too. */
static void s11_freeze_stops_every_counter_of_the_box(void **state)
{
	struct snbep_uncore u;
	uint64_t v[4], p;
	unsigned k;

	(void)state;
	init(&u, 0);
	for (k = 0; k < 4; k++)
		start(&u, C_CTL(3, k), &CBOX(3, (uint8_t)(0x30 + k)), 0);
	wr(&u, PCU_CTL(0), ctl(0, 0, 0, CTL_EN), 0);
	wr(&u, C_BOX_CTL(3), FROZEN, 4000);
	wr(&u, PCU_BOX_CTL, FROZEN, 4000);
	for (k = 0; k < 4; k++) {
		v[k] = rd(&u, C_CTR(3, k), 4000);
		assert_int_equal(v[k], sref_count(&CBOX(3, (uint8_t)(0x30 + k)), 0, 4000));
	}
	p = rd(&u, PCU_CTR(0), 4000);
	assert_int_equal(p, 4000);
	for (k = 0; k < 4; k++)
		assert_int_equal(rd(&u, C_CTR(3, k), 4000 + 100 * P), v[k]);
	assert_int_equal(rd(&u, PCU_CTR(0), 4000 + 100 * P), p);
}

/* S-12, OQ-S03: frz alone does not freeze; frz_en alone neither. */
static void s12_oqs03_frz_without_frz_en_does_not_freeze(void **state)
{
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	wr(&u, PCU_CTL(1), ctl(0, 0, 0, CTL_EN), 0);
	wr(&u, PCU_BOX_CTL, FRZ, 100);
	assert_int_equal(rd(&u, PCU_CTR(1), 700), 700);
	wr(&u, PCU_BOX_CTL, FRZ_EN, 700);
	assert_int_equal(rd(&u, PCU_CTR(1), 900), 900);
}

/* S-13: resumes from the held value; nothing of the frozen time is added. */
static void s13_unfreeze_resumes_from_the_held_value(void **state)
{
	struct sref_cfg c = CBOX(0, 0x34);
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	start(&u, C_CTL(0, 0), &c, 100);
	wr(&u, C_BOX_CTL(0), FROZEN, 2100);
	wr(&u, C_BOX_CTL(0), RUNNING, 7000);
	assert_int_equal(rd(&u, C_CTR(0, 0), 9500),
			 sref_count(&c, 100, 2100) + sref_count(&c, 7000, 9500));
}

/* S-14, OQ-S04: freezing or resetting C-box n touches no other box, the
 * U-box or the residency counters. */
static void s14_oqs04_box_ctl_affects_only_its_box(void **state)
{
	struct snbep_uncore u;
	unsigned n;

	(void)state;
	init(&u, 0);
	for (n = 0; n < NCORES; n++)
		start(&u, C_CTL(n, 0), &CBOX(n, 0x00), 0);
	wr(&u, PCU_CTL(0), ctl(0, 0, 0, CTL_EN), 0);
	start(&u, U_CTL(0), &ubox_msg, 0);
	wr(&u, U_FIXED_CTL, CTL_EN, 0);
	snbep_core_state(&u, 1, PMU_C6, 0);
	wr(&u, C_BOX_CTL(2), FROZEN | RST_CTRS, 1000);
	for (n = 0; n < NCORES; n++)
		assert_int_equal(rd(&u, C_CTR(n, 0), 3000), n == 2 ? 0 : 3000);
	assert_int_equal(rd(&u, PCU_CTR(0), 3000), 3000);
	assert_int_equal(rd(&u, U_CTR(0), 3000), sref_count(&ubox_msg, 0, 3000));
	assert_int_equal(rd(&u, U_FIXED_CTR, 3000), 3000);
	assert_int_equal(rdc(&u, 1, CORE_C6, 3000), 3000);
	wr(&u, PCU_BOX_CTL, FROZEN | RST_CTRS, 3000);
	assert_int_equal(rd(&u, C_CTR(3, 0), 4000), 4000);
	assert_int_equal(rdc(&u, 1, CORE_C6, 4000), 4000);
}

/* S-15, OQ-S04, S-39: a wrap changes no box's freeze state. */
static void s15_a_wrap_freezes_nothing(void **state)
{
	struct snbep_uncore u;
	unsigned n;

	(void)state;
	init(&u, 0);
	for (n = 0; n < 2; n++)
		start(&u, C_CTL(n, 0), &CBOX(n, 0x00), 0);
	wr(&u, C_CTR(0, 0), M44 - 9, 0);
	wr(&u, PCU_CTR(0), M48 - 9, 0);
	wr(&u, PCU_CTL(0), ctl(0, 0, 0, CTL_EN), 0);
	assert_int_equal(rd(&u, C_CTR(0, 0), 100), 90);
	assert_int_equal(rd(&u, PCU_CTR(0), 100), 90);
	assert_int_equal(rd(&u, C_CTR(0, 0), 200), 190);
	assert_int_equal(rd(&u, C_CTR(1, 0), 200), 200);
	assert_int_equal(rd(&u, PCU_CTR(0), 200), 190);
}

/* S-16, OQ-S21: CTL.en and the box's freeze; the U-box's en alone; the UCLK
 * fixed counter's en alone, one per UCLK (S-45). */
static void s16_s45_oqs21_the_only_gates(void **state)
{
	struct sref_cfg c = CBOX(1, 0x21);
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	wr(&u, C_CTL(1, 1), sref_ctl(&c) & ~CTL_EN, 0);
	wr(&u, U_CTL(1), sref_ctl(&ubox_msg) & ~CTL_EN, 0);
	assert_int_equal(rd(&u, C_CTR(1, 1), 5000), 0);
	assert_int_equal(rd(&u, U_CTR(1), 5000), 0);
	assert_int_equal(rd(&u, U_FIXED_CTR, 5000), 0);
	wr(&u, C_CTL(1, 1), sref_ctl(&c), 5000);
	wr(&u, U_CTL(1), sref_ctl(&ubox_msg), 5000);
	wr(&u, U_FIXED_CTL, CTL_EN, 5000);
	assert_int_equal(rd(&u, C_CTR(1, 1), 9000), sref_count(&c, 5000, 9000));
	assert_int_equal(rd(&u, U_CTR(1), 9000), sref_count(&ubox_msg, 5000, 9000));
	assert_int_equal(rd(&u, U_FIXED_CTR, 9000), 4000);
	wr(&u, U_FIXED_CTL, 0, 9000);
	assert_int_equal(rd(&u, U_FIXED_CTR, 9900), 4000);
}

/* S-17: en = 0 holds, en = 1 continues from the held value. */
static void s17_clearing_en_holds_the_value(void **state)
{
	struct sref_cfg c = CBOX(2, 0x11);
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	start(&u, C_CTL(2, 3), &c, 0);
	wr(&u, C_CTL(2, 3), sref_ctl(&c) & ~CTL_EN, 3000);
	assert_int_equal(rd(&u, C_CTR(2, 3), 6000), sref_count(&c, 0, 3000));
	start(&u, C_CTL(2, 3), &c, 6000);
	assert_int_equal(rd(&u, C_CTR(2, 3), 8000),
			 sref_count(&c, 0, 3000) + sref_count(&c, 6000, 8000));
}

/* S-18: en = 1 with ev_sel 0 counts nothing; a valid ev_sel starts it. */
static void s18_ubox_ev_sel_0_counts_nothing(void **state)
{
	struct sref_cfg lock = { .box = -1, .ev = 0x44 };
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	wr(&u, U_CTL(0), CTL_EN, 0);
	wr(&u, U_CTR(0), 0, 0);
	assert_int_equal(rd(&u, U_CTR(0), 10 * P), 0);
	start(&u, U_CTL(0), &lock, 10 * P);
	assert_int_equal(rd(&u, U_CTR(0), 12 * P + 5), sref_count(&lock, 10 * P, 12 * P + 5));
	assert_true(rd(&u, U_CTR(0), 12 * P + 5) > 0);
}

/* S-19: reads while counting change nothing; two reads differ by the
 * events in between. */
static void s19_reads_do_not_disturb(void **state)
{
	struct sref_cfg c = CBOX(0, 0x35);
	struct snbep_uncore u, once;
	uint64_t t, prev = 0, v;

	(void)state;
	init(&u, 0);
	init(&once, 0);
	start(&u, C_CTL(0, 0), &c, 0);
	start(&once, C_CTL(0, 0), &c, 0);
	for (t = 1; t < 3 * P; t += 37) {
		v = rd(&u, C_CTR(0, 0), t);
		assert_int_equal(v - prev, sref_count(&c, t < 37 ? 0 : t - 37, t));
		prev = v;
	}
	assert_int_equal(rd(&u, C_CTR(0, 0), 3 * P), rd(&once, C_CTR(0, 0), 3 * P));
}

/* S-20, OQ-S12: CTL.rst clears that counter alone and reads back 0; the
 * rest of the CTL is stored. */
static void s20_oqs12_ctl_rst_clears_one_counter(void **state)
{
	struct sref_cfg c = CBOX(1, 0x00);
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	start(&u, C_CTL(1, 0), &c, 0);
	start(&u, C_CTL(1, 1), &c, 0);
	wr(&u, U_CTR(1), 777, 0);
	wr(&u, C_CTL(1, 0), sref_ctl(&c) | CTL_RST, 1000);
	wr(&u, U_CTL(1), CTL_RST, 1000);
	assert_int_equal(rd(&u, C_CTL(1, 0), 1000), sref_ctl(&c));
	assert_int_equal(rd(&u, C_CTR(1, 0), 1400), 400);
	assert_int_equal(rd(&u, C_CTR(1, 1), 1400), 1400);
	assert_int_equal(rd(&u, U_CTR(1), 1400), 0);
	assert_int_equal(rd(&u, U_CTL(1), 1400), 0);
}

/* OQ-S02: BOX_CTL fields are write-only: reads return 0 whatever was
 * written, while the written freeze holds. */
static void oqs02_box_ctl_reads_0(void **state)
{
	struct snbep_uncore u;

	(void)state;
	init(&u, 0);
	wr(&u, PCU_CTL(0), ctl(0, 0, 0, CTL_EN), 0);
	wr(&u, PCU_BOX_CTL, FROZEN, 100);
	wr(&u, C_BOX_CTL(1), FROZEN | RST_CTRS, 100);
	assert_int_equal(rd(&u, PCU_BOX_CTL, 200), 0);
	assert_int_equal(rd(&u, C_BOX_CTL(1), 200), 0);
	assert_int_equal(rd(&u, PCU_CTR(0), 5000), 100);
}

/* OQ-S15: C-boxes of absent cores fault; a package of 8 has them all. */
static void oqs15_cboxes_of_absent_cores_fault(void **state)
{
	struct snbep_uncore u;
	uint64_t v;

	(void)state;
	snbep_init(&u, 0, 2, 0, UCLK, 0);
	assert_int_equal(snbep_rdmsr(&u, 0, C_CTL(1, 3), 0, &v), 0);
	assert_int_equal(snbep_rdmsr(&u, 0, C_CTL(2, 0), 0, &v), VEC_GP);
	assert_int_equal(snbep_wrmsr(&u, 0, C_BOX_CTL(7), 0, 0), VEC_GP);
	snbep_init(&u, 0, 8, 0, UCLK, 0);
	assert_int_equal(snbep_wrmsr(&u, 0, C_BOX_CTL(7), FROZEN, 0), 0);
	assert_int_equal(snbep_rdmsr(&u, 0, C_CTR(7, 3), 0, &v), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s02_package_registers_seen_from_every_core),
		cmocka_unit_test(s03_oqs01_absent_registers_fault),
		cmocka_unit_test(s04_oqs16_controls_and_filters_read_back),
		cmocka_unit_test(s05_oqs16_counters_writable_below_their_width),
		cmocka_unit_test(s06_oqs15_every_register_0_after_reset),
		cmocka_unit_test(s07_rst_ctrs_zeroes_its_box_only),
		cmocka_unit_test(s08_oqs17_rst_ctrl_zeroes_controls_not_counters),
		cmocka_unit_test(s09_resets_act_on_a_one),
		cmocka_unit_test(s10_one_write_resets_and_sets_the_freeze),
		cmocka_unit_test(s11_freeze_stops_every_counter_of_the_box),
		cmocka_unit_test(s12_oqs03_frz_without_frz_en_does_not_freeze),
		cmocka_unit_test(s13_unfreeze_resumes_from_the_held_value),
		cmocka_unit_test(s14_oqs04_box_ctl_affects_only_its_box),
		cmocka_unit_test(s15_a_wrap_freezes_nothing),
		cmocka_unit_test(s16_s45_oqs21_the_only_gates),
		cmocka_unit_test(s17_clearing_en_holds_the_value),
		cmocka_unit_test(s18_ubox_ev_sel_0_counts_nothing),
		cmocka_unit_test(s19_reads_do_not_disturb),
		cmocka_unit_test(s20_oqs12_ctl_rst_clears_one_counter),
		cmocka_unit_test(oqs02_box_ctl_reads_0),
		cmocka_unit_test(oqs15_cboxes_of_absent_cores_fault),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
