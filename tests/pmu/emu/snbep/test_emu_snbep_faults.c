/* Host test of the Sandy Bridge-EP defects (EMU_SNBEP_FAULTS and _DEEP_FAULTS in
 * pmu/emu/faults.h), table-driven: each defect has a row with a scenario
 * and what the spec says it must give (computed by the per-cycle reference
 * of test_emu_snbep.h, or a count the statement fixes); the clean model
 * gives exactly that, the defect something else. Every snbep- defect must
 * have a row, so a new one cannot go untested. */
#include "tests/pmu/emu/snbep/test_emu_snbep.h"
#include "tests/pmu/emu/test_fault_rows.h"

static struct snbep_uncore u;

static void init(emu_faults_t f)
{
	snbep_init(&u, f, NCORES, 0, UCLK, 0);
}

/* C-box 0 counter 0 on clockticks from 0 (1 per UCLK). */
static void clk0(emu_faults_t f)
{
	init(f);
	wr(&u, C_CTL(0, 0), CTL_EN, 0);
}

static const struct sref_cfg busy = { .box = 1, .ev = 0x34, .um = 0x03, .thresh = 3 };

/* C-box 1 counter 2 programmed with c from 100, read at 100 + 3P. */
static uint64_t stream(emu_faults_t f, const struct sref_cfg *c)
{
	init(f);
	wr(&u, C_CTL(1, 2), sref_ctl(c), 100);
	return rd(&u, C_CTR(1, 2), 100 + 3 * P);
}

/* Cores 0 and 1 start in C0, 2 in C6, 3 in C3. N of C0 along it: 2, 1, 2,
 * 1, 2, 3, 2, 1, 2 (at or above 2 at the start and the end, three dips). */
static const struct cs_event script[] = {
	{ .t = 0, .core = 2, .state = PMU_C6 }, { .t = 0, .core = 3, .state = PMU_C3 },
	{ .t = 900, .core = 1, .state = PMU_C1 }, { .t = 1500, .core = 2, .state = PMU_C0 },
	{ .t = 2100, .core = 0, .state = PMU_C1 }, { .t = 2600, .core = 0, .state = PMU_C0 },
	{ .t = 3000, .core = 3, .state = PMU_C0 }, { .t = 3500, .core = 3, .state = PMU_C6 },
	{ .t = 3900, .core = 2, .state = PMU_C6 }, { .t = 4400, .core = 1, .state = PMU_C0 },
};
static const struct pcu_env env = { .ev = script, .nev = ARRAY_SIZE(script), .ncores = NCORES,
	.uclk_khz = UCLK };

/* PCU counter 1 with c from 0 under the script, read at 5000. */
static uint64_t pcu(emu_faults_t f, const struct pref_cfg *c)
{
	unsigned i;

	init(f);
	for (i = 0; script[i].t == 0; i++)
		snbep_core_state(&u, script[i].core, script[i].state, 0);
	wr(&u, PCU_FILTER, c->filter, 0);
	wr(&u, PCU_CTL(1), pref_ctl(c), 0);
	play(&u, script, ARRAY_SIZE(script), 0, 5000);
	return rd(&u, PCU_CTR(1), 5000);
}

static uint64_t pcu_ref(const struct pref_cfg *c)
{
	return pref_count(c, &env, 0, 5000);
}

static struct pref_cfg occ(unsigned sel, unsigned t, bool inv, bool edge)
{
	return (struct pref_cfg){ .ev = 0x80, .occ_sel = (uint8_t)sel, .thresh = (uint8_t)t,
			.occ_inv = inv, .occ_edge = edge };
}

/* ---- scenarios: the observation under faults f ---- */

static uint64_t frz(emu_faults_t f) /* S-11 */
{
	clk0(f);
	wr(&u, C_BOX_CTL(0), FROZEN, 1000);
	return rd(&u, C_CTR(0, 0), 3000);
}

static uint64_t frz_alone(emu_faults_t f) /* S-12 */
{
	clk0(f);
	wr(&u, C_BOX_CTL(0), FRZ, 1000);
	return rd(&u, C_CTR(0, 0), 3000);
}

static uint64_t frz_other(emu_faults_t f) /* S-14 */
{
	clk0(f);
	wr(&u, C_CTL(1, 0), CTL_EN, 0);
	wr(&u, C_BOX_CTL(0), FROZEN, 1000);
	return rd(&u, C_CTR(1, 0), 3000);
}

static uint64_t unfrz(emu_faults_t f) /* S-13 */
{
	clk0(f);
	wr(&u, C_BOX_CTL(0), FROZEN, 1000);
	wr(&u, C_BOX_CTL(0), RUNNING, 2000);
	return rd(&u, C_CTR(0, 0), 3000);
}

/* Counter k of C-box n preloaded with 500, then BOX_CTL of C-box 0 = v. */
static uint64_t box_write(emu_faults_t f, unsigned n, unsigned k, uint64_t v)
{
	init(f);
	wr(&u, C_CTR(n, k), 500, 0);
	wr(&u, C_BOX_CTL(0), v, 10);
	return rd(&u, C_CTR(n, k), 20);
}

static uint64_t rst_ctrs_3(emu_faults_t f) /* S-07 */
{
	return box_write(f, 0, 3, RST_CTRS);
}

static uint64_t rst_ctrl_ctr(emu_faults_t f) /* S-08 */
{
	return box_write(f, 0, 0, RST_CTRL);
}

static uint64_t rst_other(emu_faults_t f) /* S-14 */
{
	return box_write(f, 1, 0, RST_CTRS);
}

static uint64_t rst_zero(emu_faults_t f) /* S-09 */
{
	return box_write(f, 0, 0, RUNNING);
}

static uint64_t rst_ctrs_ctl(emu_faults_t f) /* S-07: the controls stay */
{
	init(f);
	wr(&u, C_CTL(0, 1), CTL_EN | 0x34, 0);
	wr(&u, C_BOX_CTL(0), RST_CTRS, 10);
	return rd(&u, C_CTL(0, 1), 20);
}

static uint64_t rst_ubox(emu_faults_t f) /* S-14: the U-box has no BOX_CTL */
{
	init(f);
	wr(&u, U_CTL(0), 0x44, 0);
	wr(&u, U_CTR(0), 500, 0);
	wr(&u, PCU_BOX_CTL, RST_CTRS | RST_CTRL, 10);
	return rd(&u, U_CTR(0), 20) + rd(&u, U_CTL(0), 20);
}

static uint64_t box_ctl_read(emu_faults_t f) /* OQ-S02 */
{
	init(f);
	wr(&u, PCU_BOX_CTL, FROZEN, 0);
	return rd(&u, PCU_BOX_CTL, 0);
}

static uint64_t en_off(emu_faults_t f) /* S-16 */
{
	init(f);
	wr(&u, C_CTL(1, 2), sref_ctl(&busy) & ~CTL_EN, 0);
	return rd(&u, C_CTR(1, 2), 3000);
}

static uint64_t uclk_en_off(emu_faults_t f) /* S-16 */
{
	init(f);
	return rd(&u, U_FIXED_CTR, 3000);
}

static uint64_t ubox_ev0(emu_faults_t f) /* S-18 */
{
	init(f);
	wr(&u, U_CTL(0), CTL_EN, 0);
	return rd(&u, U_CTR(0), 3000);
}

/* S-59..S-62: C-box 1's TOR_OCCUPANCY (0x36) over 3000 cycles, on counter k
 * with umask um and thresh t. */
static uint64_t tor(emu_faults_t f, unsigned k, uint8_t um, uint8_t t)
{
	init(f);
	wr(&u, C_CTL(1, k), CTL_EN | 0x36 | (uint64_t)um << 8 | THRESH(t), 0);
	return rd(&u, C_CTR(1, k), 3000);
}
static uint64_t tor_ctr3(emu_faults_t f) { return tor(f, 3, 0x08, 0); } /* S-59, S-61 */
static uint64_t tor_over_20(emu_faults_t f) { return tor(f, 0, 0x08, 21); } /* S-60 */
static uint64_t tor_umask0(emu_faults_t f) { return tor(f, 0, 0x00, 0); } /* S-62 */

static uint64_t ctl_rst(emu_faults_t f) /* S-20 */
{
	init(f);
	wr(&u, C_CTR(2, 1), 500, 0);
	wr(&u, C_CTL(2, 1), CTL_RST, 10);
	return rd(&u, C_CTR(2, 1), 20);
}

static uint64_t ctl_rst_read(emu_faults_t f) /* S-20, OQ-S12 */
{
	init(f);
	wr(&u, C_CTL(2, 1), CTL_RST | 0x34, 10);
	return rd(&u, C_CTL(2, 1), 20);
}

/* Counter msr preloaded 10 below 2^44 at 0, counting 100 cycles. */
static uint64_t near_2_44(emu_faults_t f, uint32_t ctl_msr, uint32_t ctr_msr)
{
	init(f);
	wr(&u, ctr_msr, (1ull << 44) - 10, 0);
	wr(&u, ctl_msr, CTL_EN, 0);
	return rd(&u, ctr_msr, 100);
}

static uint64_t width_cbox(emu_faults_t f) /* S-36 */
{
	return near_2_44(f, C_CTL(0, 0), C_CTR(0, 0));
}

static uint64_t width_pcu(emu_faults_t f) /* S-37 */
{
	return near_2_44(f, PCU_CTL(0), PCU_CTR(0));
}

static uint64_t width_uclk(emu_faults_t f) /* S-38 */
{
	return near_2_44(f, U_FIXED_CTL, U_FIXED_CTR);
}

static uint64_t thresh_top(emu_faults_t f) /* S-04, S-22: thresh 31:24 */
{
	init(f);
	wr(&u, C_CTL(0, 0), THRESH(0x81) | CTL_EN, 0);
	return rd(&u, C_CTL(0, 0), 0);
}

/* 1000 UCLK cycles of PCU clockticks (S-44) or of the UCLK fixed counter
 * (S-45), UCLK at 800 MHz. */
static uint64_t clock_run(emu_faults_t f, uint32_t ctl_msr, uint32_t ctr_msr)
{
	init(f);
	wr(&u, ctl_msr, CTL_EN, 0);
	return rd(&u, ctr_msr, 1000);
}

static uint64_t pclk(emu_faults_t f)
{
	return clock_run(f, PCU_CTL(0), PCU_CTR(0));
}

static uint64_t uclk(emu_faults_t f)
{
	return clock_run(f, U_FIXED_CTL, U_FIXED_CTR);
}

static uint64_t upper_bits(emu_faults_t f) /* S-05, OQ-S16 */
{
	init(f);
	wr(&u, C_CTR(0, 0), (1ull << 50) + 5, 0);
	return rd(&u, C_CTR(0, 0), 0);
}

static uint64_t thresh(emu_faults_t f) /* S-22 */
{
	return stream(f, &busy);
}

static uint64_t invert(emu_faults_t f) /* S-23 */
{
	struct sref_cfg c = busy;

	c.inv = true;
	return stream(f, &c);
}

static uint64_t edge(emu_faults_t f) /* S-24 */
{
	struct sref_cfg c = busy;

	c.edge = true;
	return stream(f, &c);
}

static uint64_t thresh0_edge(emu_faults_t f) /* S-25, OQ-S08 */
{
	struct sref_cfg c = busy;

	c.thresh = 0;
	c.edge = true;
	return stream(f, &c);
}

static uint64_t occ_c3(emu_faults_t f) /* S-26 */
{
	return pcu(f, &(struct pref_cfg){ .ev = 0x80, .occ_sel = 2 });
}

static uint64_t occ_c0(emu_faults_t f) /* S-27, OQ-S19 */
{
	return pcu(f, &(struct pref_cfg){ .ev = 0x80, .occ_sel = 1 });
}

static uint64_t occ_t2(emu_faults_t f) /* S-28 */
{
	struct pref_cfg c = occ(1, 2, false, false);

	return pcu(f, &c);
}

static uint64_t occ_inv(emu_faults_t f) /* S-29 */
{
	struct pref_cfg c = occ(1, 2, true, false);

	return pcu(f, &c);
}

static uint64_t occ_edge(emu_faults_t f) /* S-30 */
{
	struct pref_cfg c = occ(1, 2, false, true);

	return pcu(f, &c);
}

static uint64_t occ_falling(emu_faults_t f) /* S-30: edge after invert */
{
	struct pref_cfg c = occ(1, 2, true, true);

	return pcu(f, &c);
}

static uint64_t band(emu_faults_t f) /* S-33: band 0 at 800 MHz, band 1 at 25.5 GHz */
{
	return pcu(f, &(struct pref_cfg){ .ev = 0x0B, .filter = 0xFF08 });
}

static uint64_t ext(emu_faults_t f) /* S-35, OQ-S11 */
{
	return pcu(f, &(struct pref_cfg){ .ev = 0x0B, .ext = true });
}

static uint64_t resid_frozen(emu_faults_t f) /* S-46 */
{
	init(f);
	snbep_core_state(&u, 1, PMU_C6, 0);
	wr(&u, PCU_BOX_CTL, FROZEN, 1000);
	return rdc(&u, 1, CORE_C6, 3000);
}

static uint64_t resid_reset(emu_faults_t f) /* S-46 */
{
	init(f);
	snbep_core_state(&u, 1, PMU_C3, 0);
	wr(&u, PCU_BOX_CTL, RST_CTRS | RST_CTRL, 1000);
	return rdc(&u, 1, CORE_C3, 3000);
}

static uint64_t wrap_pmi(emu_faults_t f) /* S-40 */
{
	struct emu_pmi_req req[4];

	width_cbox(f);
	return snbep_take_pmi(&u, 1000, req, 4);
}

static uint64_t wrap_frz(emu_faults_t f) /* S-15, S-39 */
{
	width_cbox(f); /* a read at 100 has seen the wrap */
	return rd(&u, C_CTR(0, 0), 1100);
}

static uint64_t global_reg(emu_faults_t f) /* S-03, OQ-S01 */
{
	uint64_t v;

	init(f);
	return (uint64_t)snbep_rdmsr(&u, 0, 0xC00, 0, &v);
}

/* ---- what the spec says each must give ---- */

static uint64_t w_busy(void) { return sref_count(&busy, 100, 100 + 3 * P); }

static uint64_t w_inv(void)
{
	struct sref_cfg c = busy;

	c.inv = true;
	return sref_count(&c, 100, 100 + 3 * P);
}

static uint64_t w_edge(void)
{
	struct sref_cfg c = busy;

	c.edge = true;
	return sref_count(&c, 100, 100 + 3 * P);
}

static uint64_t w_raw(void)
{
	struct sref_cfg c = busy;

	c.thresh = 0;
	return sref_count(&c, 100, 100 + 3 * P);
}

static uint64_t w_c3(void)
{
	return pcu_ref(&(struct pref_cfg){ .ev = 0x80, .occ_sel = 2 });
}

static uint64_t w_c0(void)
{
	return pcu_ref(&(struct pref_cfg){ .ev = 0x80, .occ_sel = 1 });
}

static uint64_t w_t2(void)
{
	struct pref_cfg c = occ(1, 2, false, false);

	return pcu_ref(&c);
}

static uint64_t w_inv2(void)
{
	struct pref_cfg c = occ(1, 2, true, false);

	return pcu_ref(&c);
}

static uint64_t w_edge2(void)
{
	struct pref_cfg c = occ(1, 2, false, true);

	return pcu_ref(&c);
}

static uint64_t w_falling(void)
{
	struct pref_cfg c = occ(1, 2, true, true);

	return pcu_ref(&c);
}

struct row {
	unsigned bit;
	uint64_t (*run)(emu_faults_t f);
	uint64_t (*want)(void); /* NULL: the constant */
	uint64_t value;
};

#define ROW(id, fn, want_, value_) \
	{ .bit = EMU_FAULT_BIT_##id, .run = fn, .want = want_, .value = value_ }

static const struct row rows[] = {
	ROW(SNBEP_FRZ_IGNORED, frz, NULL, 1000),
	ROW(SNBEP_FRZ_EN_IGNORED, frz_alone, NULL, 3000),
	ROW(SNBEP_FRZ_LEAKS, frz_other, NULL, 3000),
	ROW(SNBEP_FRZ_HOLDS_READS, unfrz, NULL, 2000),
	ROW(SNBEP_RST_CTRS_LEAVES_ONE, rst_ctrs_3, NULL, 0),
	ROW(SNBEP_RST_CTRL_CLEARS_CTRS, rst_ctrl_ctr, NULL, 500),
	ROW(SNBEP_RST_LEAKS, rst_other, NULL, 500),
	ROW(SNBEP_RST_ON_ANY_WRITE, rst_zero, NULL, 500),
	ROW(SNBEP_RST_CTRS_CLEARS_CTL, rst_ctrs_ctl, NULL, CTL_EN | 0x34),
	ROW(SNBEP_RST_HITS_UBOX, rst_ubox, NULL, 500 + 0x44),
	ROW(SNBEP_BOX_CTL_READS_BACK, box_ctl_read, NULL, 0),
	ROW(SNBEP_EN_IGNORED, en_off, NULL, 0),
	ROW(SNBEP_UCLK_EN_IGNORED, uclk_en_off, NULL, 0),
	ROW(SNBEP_UBOX_EV0_COUNTS, ubox_ev0, NULL, 0),
	ROW(SNBEP_CONSTRAINT_IGNORED, tor_ctr3, NULL, 0),
	ROW(SNBEP_TOR_OVER_MAX, tor_over_20, NULL, 0),
	ROW(SNBEP_UMASK0_COUNTS, tor_umask0, NULL, 0),
	ROW(SNBEP_CTL_RST_IGNORED, ctl_rst, NULL, 0),
	ROW(SNBEP_CTL_RST_READS_1, ctl_rst_read, NULL, 0x34),
	ROW(SNBEP_WIDTH_48, width_cbox, NULL, 90),
	ROW(SNBEP_PCU_WIDTH_44, width_pcu, NULL, (1ull << 44) + 90),
	ROW(SNBEP_UCLK_WIDTH_44, width_uclk, NULL, (1ull << 44) + 90),
	ROW(SNBEP_UPPER_BITS_KEPT, upper_bits, NULL, 5),
	ROW(SNBEP_TBL_THRESH_NARROW, thresh_top, NULL, THRESH(0x81) | CTL_EN),
	ROW(SNBEP_THRESH_OFF_BY_ONE, thresh, w_busy, 0),
	ROW(SNBEP_INVERT_IGNORED, invert, w_inv, 0),
	ROW(SNBEP_EDGE_COUNTS_LEVELS, edge, w_edge, 0),
	ROW(SNBEP_THRESH0_EDGE, thresh0_edge, w_raw, 0),
	ROW(SNBEP_EDGE_BEFORE_THRESH, edge, w_edge, 0),
	ROW(SNBEP_EDGE_DIR_SWAPPED, occ_edge, w_edge2, 0),
	ROW(SNBEP_OCC_SEL_SWAPPED, occ_c3, w_c3, 0),
	ROW(SNBEP_IDLE_COUNTS_C0, occ_c0, w_c0, 0),
	ROW(SNBEP_OCC_THRESH_OFF_BY_ONE, occ_t2, w_t2, 0),
	ROW(SNBEP_OCC_INVERT_IGNORED, occ_inv, w_inv2, 0),
	ROW(SNBEP_OCC_EDGE_COUNTS_LEVELS, occ_edge, w_edge2, 0),
	ROW(SNBEP_OCC_EDGE_RISING_ONLY, occ_falling, w_falling, 0),
	ROW(SNBEP_BAND_BYTE_SHIFTED, band, NULL, 5000),
	ROW(SNBEP_EXT_IGNORED, ext, NULL, 0),
	ROW(SNBEP_PCLK_1GHZ, pclk, NULL, 1000),
	ROW(SNBEP_UCLK_HALF_RATE, uclk, NULL, 1000),
	ROW(SNBEP_RESID_FROZEN, resid_frozen, NULL, 3000),
	ROW(SNBEP_RESID_RESET, resid_reset, NULL, 3000),
	ROW(SNBEP_WRAP_PMI, wrap_pmi, NULL, 0),
	ROW(SNBEP_WRAP_FREEZES, wrap_frz, NULL, 1090),
	ROW(SNBEP_GLOBAL_REGS, global_reg, NULL, VEC_GP),
};

/* The clean model gives what the spec says; the defect does not. */
static void every_snbep_defect_changes_an_expectation(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct row *r = &rows[i];
		uint64_t want = r->want ? r->want() : r->value;
		uint64_t clean = r->run(0), bad = r->run(emu_fault_mask(r->bit));

		if (clean != want || bad == want)
			fail_msg("%s: clean %llu, defect %llu, spec %llu", emu_fault_name(r->bit),
				 (unsigned long long)clean, (unsigned long long)bad,
				 (unsigned long long)want);
	}
}

/* Each snbep- defect has exactly one row. */
static void every_snbep_defect_has_a_row(void **state)
{
	(void)state;
	/* the PCI boxes' own: tests/pmu/emu/snbep/test_emu_snbep_pci.c */
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "snbep-", 6) &&
				   strncmp(emu_fault_name(bit_), "snbep-pci-", 10));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_snbep_defect_changes_an_expectation),
		cmocka_unit_test(every_snbep_defect_has_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
