/* Xeon 7500 (Nehalem-EX, 0x2E) and Westmere-EX (0x2F) uncore (spec
 * xeon7500-uncore.md, X-xx): per socket a U-box holding the uncore-wide
 * control, status and overflow control and one counter; C-boxes (8 on
 * 0x2E, 10 on 0x2F), two B-, S- and M-boxes, the R-box as two halves
 * (left: ports 0-3, counters 0-7; right: ports 4-7, counters 8-15; §2.6.2)
 * and the W-box with its fixed counter. Each box has GLOBAL_CTL (ctr_en),
 * GLOBAL_STATUS (ov) and GLOBAL_OVF_CTL (clr_ov) and its own control
 * layout (§5.5): the enable is bit 22 in C/S/W/U but bit 0 in B/M/R, the
 * PMI enable bit 20 but 6 in R and 1 in M. Every counter counts bits 47:0
 * (§5.6). Reset values are 0. Sizes the guide's tables were not seen
 * for are the ones its field tables imply (OQ-X16). */
#include "pmu/regs/tables.h"

/* §5.1, positions from Linux (OQ-X1). pmi_core_sel: bit 1 + k = core k;
 * bits 10:9 only on 0x2F, whose ten cores they address (OQ-X1, OQ-X2). */
static const struct field u_global_ctl[] = {
	{ .name = "en", .lo = 0, .hi = 0, .access = FA_RW, .spec = "X-06 OQ-X1" },
	{ .name = "pmi_core_sel", .lo = 1, .hi = 10, .access = FA_RW,
	  .spec = "X-19 X-20 OQ-X1 OQ-X2" },
	{ .name = "en_all", .lo = 28, .hi = 28, .access = FA_RW, .spec = "X-05 X-08 X-13 X-22" },
	{ .name = "rst_all", .lo = 29, .hi = 29, .access = FA_RW, .spec = "X-12 OQ-X5" },
	{ .name = "frz_all", .lo = 31, .hi = 31, .access = FA_RW, .spec = "X-22 X-23 OQ-X4" },
	{ .name = NULL },
};

/* §5.2, positions from likwid (OQ-X3). */
static const struct field u_global_status[] = {
	{ .name = "ov_u", .lo = 0, .hi = 0, .access = FA_RO, .spec = "X-17 OQ-X3" },
	{ .name = "ov_w", .lo = 1, .hi = 1, .access = FA_RO, .spec = "X-17 OQ-X3" },
	{ .name = "ov_s1", .lo = 2, .hi = 2, .access = FA_RO, .spec = "X-16 OQ-X3 OQ-X11" },
	{ .name = "ov_s0", .lo = 3, .hi = 3, .access = FA_RO, .spec = "X-16 OQ-X3 OQ-X11" },
	{ .name = NULL },
};

static const struct field u_global_ovf[] = {
	{ .name = "clr_ov_u", .lo = 0, .hi = 0, .access = FA_W1C, .spec = "X-28 OQ-X3" },
	{ .name = "clr_ov_w", .lo = 1, .hi = 1, .access = FA_W1C, .spec = "X-28 OQ-X3" },
	{ .name = "clr_ov_s1", .lo = 2, .hi = 2, .access = FA_W1C, .spec = "X-28 OQ-X3" },
	{ .name = "clr_ov_s0", .lo = 3, .hi = 3, .access = FA_W1C, .spec = "X-28 OQ-X3" },
	{ .name = NULL },
};

/* §5.5, U column (OQ-X24). */
static const struct field u_evsel[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "OQ-X24" },
	{ .name = "edge_detect", .lo = 18, .hi = 18, .access = FA_RW, .spec = "OQ-X24" },
	{ .name = "pmi_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "X-19 X-21" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "X-06" },
	{ .name = NULL },
};

/* §5.4: box GLOBAL_CTL / STATUS / OVF_CTL, one bit per counter. */
#define BOX_GLOBAL(n, ctr_hi)                                                \
	static const struct field n##_ctl[] = {                              \
		{ .name = "ctr_en", .lo = 0, .hi = ctr_hi, .access = FA_RW,  \
		  .spec = "X-05 X-09" },                                     \
		{ .name = NULL },                                            \
	};                                                                   \
	static const struct field n##_status[] = {                           \
		{ .name = "ov", .lo = 0, .hi = ctr_hi, .access = FA_RO,      \
		  .spec = "X-15 OQ-X7" },                                    \
		{ .name = NULL },                                            \
	};                                                                   \
	static const struct field n##_ovf[] = {                              \
		{ .name = "clr_ov", .lo = 0, .hi = ctr_hi, .access = FA_W1C, \
		  .spec = "X-26 X-27" },                                     \
		{ .name = NULL },                                            \
	}

BOX_GLOBAL(box4, 3); /* B, S */
BOX_GLOBAL(box6, 5); /* C, M */
BOX_GLOBAL(box8, 7); /* each R half */

/* W: four counters and the fixed counter at bit 31 (X-35; the guide's
 * clr_ov 5:0 is a misprint for 3:0, §10). */
static const struct field w_ctl[] = {
	{ .name = "ctr_en", .lo = 0, .hi = 3, .access = FA_RW, .spec = "X-05 X-09" },
	{ .name = "fixed_en", .lo = 31, .hi = 31, .access = FA_RW, .spec = "X-07" },
	{ .name = NULL },
};

static const struct field w_status[] = {
	{ .name = "ov", .lo = 0, .hi = 3, .access = FA_RO, .spec = "X-15 OQ-X7" },
	{ .name = "ov_fixed", .lo = 31, .hi = 31, .access = FA_RO, .spec = "X-35" },
	{ .name = NULL },
};

static const struct field w_ovf[] = {
	{ .name = "clr_ov", .lo = 0, .hi = 3, .access = FA_W1C, .spec = "X-26" },
	{ .name = "clr_ov_fixed", .lo = 31, .hi = 31, .access = FA_W1C, .spec = "X-35" },
	{ .name = NULL },
};

/* §5.5, C, S and W columns (S from Linux); rsv 62:61 left out: write 0. */
static const struct field csw_evsel[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "OQ-X19" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "OQ-X19" },
	{ .name = "edge_detect", .lo = 18, .hi = 18, .access = FA_RW },
	{ .name = "pmi_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "X-19 X-21" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "X-05" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW },
	{ .name = "threshold", .lo = 24, .hi = 31, .access = FA_RW },
	{ .name = NULL },
};

/* §5.5, B column: each counter has its own event list (UPG §2.4.3.2). */
static const struct field b_evsel[] = {
	{ .name = "en", .lo = 0, .hi = 0, .access = FA_RW, .spec = "X-05" },
	{ .name = "ev_sel", .lo = 1, .hi = 5, .access = FA_RW, .spec = "OQ-X19" },
	{ .name = "pmi_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "X-19 X-21" },
	{ .name = NULL },
};

/* §5.5, R column; ev_sel picks a port's sub-control. */
static const struct field r_evsel[] = {
	{ .name = "en", .lo = 0, .hi = 0, .access = FA_RW, .spec = "X-05 X-32" },
	{ .name = "ev_sel", .lo = 1, .hi = 5, .access = FA_RW, .spec = "X-32 X-33 OQ-X21" },
	{ .name = "pmi_en", .lo = 6, .hi = 6, .access = FA_RW, .spec = "X-19 X-21" },
	{ .name = NULL },
};

/* §5.5, M column (set-flag selection needs flag_mode, UPG T2-67). */
static const struct field m_evsel[] = {
	{ .name = "en", .lo = 0, .hi = 0, .access = FA_RW, .spec = "X-05" },
	{ .name = "pmi_en", .lo = 1, .hi = 1, .access = FA_RW, .spec = "X-19 X-21" },
	{ .name = "count_mode", .lo = 2, .hi = 3, .access = FA_RW },
	{ .name = "storage_mode", .lo = 4, .hi = 5, .access = FA_RW },
	{ .name = "wrap_mode", .lo = 6, .hi = 6, .access = FA_RW },
	{ .name = "flag_mode", .lo = 7, .hi = 7, .access = FA_RW },
	{ .name = "inc_sel", .lo = 9, .hi = 13, .access = FA_RW, .spec = "OQ-X19" },
	{ .name = "set_flag_sel", .lo = 19, .hi = 21, .access = FA_RW },
	{ .name = NULL },
};

/* §5.5 note; OQ-X18: bit 0 only, no PMI enable. */
static const struct field w_fixed_ctl[] = {
	{ .name = "en", .lo = 0, .hi = 0, .access = FA_RW, .spec = "X-07 OQ-X18" },
	{ .name = NULL },
};

/* §5.6; OQ-X15: 63:48 read 0. */
static const struct field counter48[] = {
	{ .name = "event_count", .lo = 0, .hi = 47, .access = FA_RW, .spec = "X-11 X-14 OQ-X15" },
	{ .name = NULL },
};

/* UPG p.2-101: a free-running tick count outside the PMU. */
static const struct field timestamp16[] = {
	{ .name = "timestamp", .lo = 0, .hi = 15, .access = FA_RO },
	{ .name = NULL },
};

/* Sub-controls hold what was written; their field layouts are not
 * in the digest. */
static const struct field sub64[] = {
	{ .name = "value", .lo = 0, .hi = 63, .access = FA_RW, .spec = "X-40" },
	{ .name = NULL },
};

/* M-box event sub-selects: low 32 bits used (Linux; §4.5). */
static const struct field sub32[] = {
	{ .name = "value", .lo = 0, .hi = 31, .access = FA_RW, .spec = "X-40" },
	{ .name = NULL },
};

/* IPERF_CFG: one field, the event the sub-counter counts: SEED-003's
 * bit 31 (0x80000000, Linux qpi*_flit_send) is one event among others
 * (0x40000000 idle_filt, 0xC4 data response, the guide's 0x31), not an
 * enable bit; 0 selects nothing. */
static const struct field iperf[] = {
	{ .name = "event", .lo = 0, .hi = 31, .access = FA_RW, .spec = "X-32 X-40" },
	{ .name = NULL },
};

/* §5.3 (UPG Table 2-26). */
static const struct field s_summary[] = {
	{ .name = "ov_c_r", .lo = 0, .hi = 0, .access = FA_RO, .spec = "X-16" },
	{ .name = "ov_c_l", .lo = 2, .hi = 2, .access = FA_RO, .spec = "X-16" },
	{ .name = "ov_mb", .lo = 16, .hi = 16, .access = FA_RO, .spec = "X-16 OQ-X10" },
	{ .name = "ov_s", .lo = 18, .hi = 18, .access = FA_RO, .spec = "X-16 OQ-X11" },
	{ .name = "ov_r", .lo = 19, .hi = 19, .access = FA_RO, .spec = "X-16 X-34 OQ-X8" },
	{ .name = NULL },
};

/* §4.1. OVF_CTL is RW_RW in the guide; it reads 0 (OQ-X7). */
static const struct reg_tmpl ubox_regs[] = {
	{ .name = "U_MSR_PMON_GLOBAL_CTL", .addr = 0xC00, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = u_global_ctl, .spec = "X-05 OQ-X1" },
	{ .name = "U_MSR_PMON_GLOBAL_STATUS", .addr = 0xC01, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = u_global_status,
	  .spec = "X-16 X-17 OQ-X3" },
	{ .name = "U_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xC02, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = u_global_ovf, .spec = "X-28 OQ-X7" },
	{ .name = "U_MSR_PMON_EV_SEL", .addr = 0xC10, .count = 1, .width = 32, .role = ROLE_CTL,
	  .access = RA_RW, .fields = u_evsel, .spec = "X-06 OQ-X24", .pair = 0xC11 },
	{ .name = "U_MSR_PMON_CTR", .addr = 0xC11, .count = 1, .width = 48, .role = ROLE_CTR,
	  .access = RA_RW, .fields = counter48, .spec = "X-06" },
};

/* §4.2: base(n) = 0xD00 + cbox_offs[n]; C8, C9 on 0x2F only. */
static const uint16_t cbox_offs[] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
				      0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };
/* X-37, OQ-X13: all eight on every 0x2E part, whatever its LLC size. */
static const struct box_model_count cbox_fewer[] = {
	{ .model = 0x2E, .nboxes = 8 },
	{ .model = 0 },
};

static const struct reg_tmpl cbox_regs[] = {
	{ .name = "C_MSR_PMON_GLOBAL_CTL", .addr = 0xD00, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box6_ctl, .spec = "X-05" },
	{ .name = "C_MSR_PMON_GLOBAL_STATUS", .addr = 0xD01, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = box6_status, .spec = "X-15" },
	{ .name = "C_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xD02, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = box6_ovf, .spec = "X-26" },
	{ .name = "C_MSR_PMON_EVT_SEL%u", .addr = 0xD10, .stride = 2, .count = 6, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = csw_evsel, .spec = "X-05", .pair = 0xD11 },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xD11, .stride = 2, .count = 6, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-14" },
};

/* §4.3: box n at +0x40n; its match/mask (bbox_mm) at 0xE45 + 8n. */
static const struct reg_tmpl bbox_regs[] = {
	{ .name = "B_MSR_PMON_GLOBAL_CTL", .addr = 0xC20, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box4_ctl, .spec = "X-05" },
	{ .name = "B_MSR_PMON_GLOBAL_STATUS", .addr = 0xC21, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = box4_status, .spec = "X-15" },
	{ .name = "B_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xC22, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = box4_ovf, .spec = "X-26" },
	{ .name = "B_MSR_PMON_EVT_SEL%u", .addr = 0xC30, .stride = 2, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = b_evsel, .spec = "X-05", .pair = 0xC31 },
	{ .name = "B_MSR_PMON_CNT%u", .addr = 0xC31, .stride = 2, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-14" },
};

static const struct reg_tmpl bbox_mm_regs[] = {
	{ .name = "B_MSR_PMON_MATCH", .addr = 0xE45, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "B_MSR_PMON_MASK", .addr = 0xE46, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
};

/* §4.4: box n at +0x80n, its match/mask (sbox_mm) at 0xE48 + 0x10n; the
 * summary has no known address (OQ-X9). */
static const struct reg_tmpl sbox_regs[] = {
	{ .name = "S_MSR_PMON_GLOBAL_CTL", .addr = 0xC40, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box4_ctl, .spec = "X-05" },
	{ .name = "S_MSR_PMON_GLOBAL_STATUS", .addr = 0xC41, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = box4_status, .spec = "X-15" },
	{ .name = "S_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xC42, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = box4_ovf, .spec = "X-26" },
	{ .name = "S_MSR_PMON_CTL%u", .addr = 0xC50, .stride = 2, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = csw_evsel, .spec = "X-05", .pair = 0xC51 },
	{ .name = "S_MSR_PMON_CTR%u", .addr = 0xC51, .stride = 2, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-14" },
	{ .name = "S_MSR_PMON_SUMMARY", .addr = 0, .count = 1, .width = 64, .role = ROLE_SUMMARY,
	  .access = RA_RO, .fields = s_summary, .spec = "X-16 X-27 X-30 OQ-X9" },
};

static const struct reg_tmpl sbox_mm_regs[] = {
	{ .name = "S_MSR_MM_CFG", .addr = 0xE48, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "S_MSR_MATCH", .addr = 0xE49, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "S_MSR_MASK", .addr = 0xE4A, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
};

/* §4.5: box n at 0xCA0 + 0x40n; its match/mask (mbox_mm) at 0xE54 + 8n. */
static const struct reg_tmpl mbox_regs[] = {
	{ .name = "M_MSR_PMON_GLOBAL_CTL", .addr = 0xCA0, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box6_ctl, .spec = "X-05" },
	{ .name = "M_MSR_PMON_GLOBAL_STATUS", .addr = 0xCA1, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = box6_status, .spec = "X-15" },
	{ .name = "M_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xCA2, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = box6_ovf, .spec = "X-26" },
	{ .name = "M_MSR_PMON_TIMESTAMP", .addr = 0xCA4, .count = 1, .width = 16, .role = ROLE_CTR,
	  .access = RA_RO, .fields = timestamp16 },
	{ .name = "M_MSR_PMON_DSP", .addr = 0xCA5, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMON_ISS", .addr = 0xCA6, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMON_MAP", .addr = 0xCA7, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMON_MSC_THR", .addr = 0xCA8, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMON_PGT", .addr = 0xCA9, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMON_PLD", .addr = 0xCAA, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	/* ZDP_CTL_FVC: per-event fields at 11 + 3n (0x2E), 12 + 3n (0x2F), §9. */
	{ .name = "M_MSR_PMON_ZDP", .addr = 0xCAB, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub32, .spec = "X-40" },
	{ .name = "M_MSR_PMU_CNT_CTL%u", .addr = 0xCB0, .stride = 2, .count = 6, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = m_evsel, .spec = "X-05", .pair = 0xCB1 },
	{ .name = "M_MSR_PMU_CNT%u", .addr = 0xCB1, .stride = 2, .count = 6, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-14" },
};

static const struct reg_tmpl mbox_mm_regs[] = {
	{ .name = "M_MSR_PMON_MM_CFG", .addr = 0xE54, .count = 1, .width = 64, .role = ROLE_FILTER,
	  .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "M_MSR_PMON_ADDR_MATCH", .addr = 0xE55, .count = 1, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "M_MSR_PMON_ADDR_MASK", .addr = 0xE56, .count = 1, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
};

/* §4.6: the left half at +0, the right at +0x20; the IPERF registers of
 * port p at 0xE04 + p (CFG0) and 0xE24 + p (CFG1), Linux's naming
 * (OQ-X21), so the right half's are 4 above the left's (rbox_iperf). XBR set s of port p at
 * 0xE60 + 0x10 (s - 1) + 4p (+0x10 for p >= 4). Names number ports and
 * counters across the halves ([1]: ports 4-7, counters 8-15). */
static const struct reg_tmpl rbox_regs[] = {
	{ .name = "R_MSR_PMON_GLOBAL_CTL", .addr = 0xE00, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box8_ctl, .spec = "X-05" },
	{ .name = "R_MSR_PMON_GLOBAL_STATUS", .addr = 0xE01, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = box8_status, .spec = "X-15 X-34" },
	{ .name = "R_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xE02, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = box8_ovf, .spec = "X-26 X-34" },
	{ .name = "R_MSR_PORT%u_QLX_CFG", .addr = 0xE0C, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-33 X-40" },
	{ .name = "R_MSR_PMON_CTL%u", .addr = 0xE10, .stride = 2, .count = 8, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = r_evsel, .spec = "X-32 X-33",
	  .pair = 0xE11 },
	{ .name = "R_MSR_PMON_CTR%u", .addr = 0xE11, .stride = 2, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-34" },
	{ .name = "R_MSR_PORT%u_XBR_SET1_MM_CFG", .addr = 0xE60, .stride = 4, .count = 4,
	  .width = 64, .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "R_MSR_PORT%u_XBR_SET1_MATCH", .addr = 0xE61, .stride = 4, .count = 4,
	  .width = 64, .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "R_MSR_PORT%u_XBR_SET1_MASK", .addr = 0xE62, .stride = 4, .count = 4, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "R_MSR_PORT%u_XBR_SET2_MM_CFG", .addr = 0xE70, .stride = 4, .count = 4,
	  .width = 64, .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "R_MSR_PORT%u_XBR_SET2_MATCH", .addr = 0xE71, .stride = 4, .count = 4,
	  .width = 64, .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
	{ .name = "R_MSR_PORT%u_XBR_SET2_MASK", .addr = 0xE72, .stride = 4, .count = 4, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = sub64, .spec = "X-40" },
};

static const struct reg_tmpl rbox_iperf_regs[] = {
	{ .name = "R_MSR_PORT%u_IPERF_CFG0", .addr = 0xE04, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = iperf, .spec = "X-32 X-33 OQ-X21" },
	{ .name = "R_MSR_PORT%u_IPERF_CFG1", .addr = 0xE24, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = iperf, .spec = "X-32 X-33 OQ-X21" },
};

/* §4.7 (UPG Table 2-94); 0x394/0x395 mean this only on 0x2E/0x2F. */
static const struct reg_tmpl wbox_regs[] = {
	{ .name = "W_MSR_PMON_GLOBAL_CTL", .addr = 0xC80, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = w_ctl, .spec = "X-04" },
	{ .name = "W_MSR_PMON_GLOBAL_STATUS", .addr = 0xC81, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = w_status, .spec = "X-15" },
	{ .name = "W_MSR_PMON_GLOBAL_OVF_CTL", .addr = 0xC82, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = w_ovf, .spec = "X-26" },
	{ .name = "W_MSR_PMON_EVT_SEL_%u", .addr = 0xC90, .stride = 2, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = csw_evsel, .spec = "X-05", .pair = 0xC91 },
	{ .name = "W_MSR_PMON_CTR_%u", .addr = 0xC91, .stride = 2, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "X-14" },
	{ .name = "W_MSR_PMON_FIXED_CTR_CTL", .addr = 0x395, .count = 1, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = w_fixed_ctl, .spec = "X-07 OQ-X18",
	  .pair = 0x394 },
	{ .name = "W_MSR_PMON_FIXED_CTR", .addr = 0x394, .count = 1, .width = 48, .role = ROLE_CTR,
	  .access = RA_RW, .fields = counter48, .spec = "X-35" },
};

/* ---- event constraints (X-44..X-47) ----
 * What the guide restricts about the events the nhmex suite programs: the
 * model counts nothing where a row says a counter cannot count an event,
 * and W throttle events only while the part throttles. */

/* C-box: umask 0 selects no sub-event (X-46, OQ-X28). */
static const struct event_rule cbox_events[] = {
	{ .event = 0x01, .umask = 0, .umask_mask = 0xFF, .counters = 0x00, .spec = "X-46 OQ-X28" },
	{ .event = 0x07, .umask = 0, .umask_mask = 0xFF, .counters = 0x00, .spec = "X-46 OQ-X28" },
	{ .spec = NULL },
};

/* B-box: each counter its own list; ev_sel is bits 5:1 of the select
 * (§5.5). Counter 3's list lacks 0x01 and 0x07 (X-44, OQ-X27). */
static const struct event_rule bbox_events[] = {
	{ .event = 0x01, .umask_mask = 0, .counters = 0x7, .max_inc = 1, .spec = "X-44 OQ-X27" },
	{ .event = 0x02, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "X-44 OQ-X27" },
	{ .event = 0x07, .umask_mask = 0, .counters = 0x7, .max_inc = 1, .spec = "X-44 OQ-X27" },
	{ .spec = NULL },
};

/* S-box: the HOM queue occupancy, up to 64 a cycle, umask 0 nothing. */
static const struct event_rule sbox_events[] = {
	{ .event = 0x01, .umask = 0, .umask_mask = 0xFF, .counters = 0x0, .spec = "X-45 OQ-X28" },
	{ .event = 0x07, .umask = 0, .umask_mask = 0xFF, .counters = 0x0, .spec = "X-45" },
	{ .event = 0x07, .umask_mask = 0, .counters = 0xF, .max_inc = 64, .spec = "X-45" },
	{ .spec = NULL },
};

/* W-box (Table 2-102): the throttle events, and turbo and ratio-change
 * aborts, which are not; every one at most 1 a cycle. */
static const struct event_rule wbox_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .throttle_only = true,
	  .spec = "X-47" },
	{ .event = 0x01, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .throttle_only = true,
	  .spec = "X-47" },
	{ .event = 0x02, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .throttle_only = true,
	  .spec = "X-47" },
	{ .event = 0x03, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .throttle_only = true,
	  .spec = "X-47" },
	{ .event = 0x04, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "X-47 OQ-X26" },
	{ .event = 0x07, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .throttle_only = true,
	  .spec = "X-47" },
	{ .event = 0x08, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "X-47" },
	{ .spec = NULL },
};

const struct box_type nhmex_ubox = {
	.name = "ubox",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = ubox_regs,
	.nregs = ARRAY_SIZE(ubox_regs),
};
const struct box_type nhmex_cbox = {
	.name = "cbox",
	.nboxes = ARRAY_SIZE(cbox_offs),
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
	.events = cbox_events,
	.box_offs = cbox_offs,
	.fewer = cbox_fewer,
};
const struct box_type nhmex_bbox = {
	.name = "bbox",
	.nboxes = 2,
	.box_stride = 0x40,
	.scope = SCOPE_PACKAGE,
	.regs = bbox_regs,
	.nregs = ARRAY_SIZE(bbox_regs),
	.events = bbox_events,
};
const struct box_type nhmex_sbox = {
	.name = "sbox",
	.nboxes = 2,
	.box_stride = 0x80,
	.scope = SCOPE_PACKAGE,
	.regs = sbox_regs,
	.nregs = ARRAY_SIZE(sbox_regs),
	.events = sbox_events,
};
const struct box_type nhmex_mbox = {
	.name = "mbox",
	.nboxes = 2,
	.box_stride = 0x40,
	.scope = SCOPE_PACKAGE,
	.regs = mbox_regs,
	.nregs = ARRAY_SIZE(mbox_regs),
};
const struct box_type nhmex_rbox = {
	.name = "rbox",
	.nboxes = 2,
	.box_stride = 0x20,
	.scope = SCOPE_PACKAGE,
	.regs = rbox_regs,
	.nregs = ARRAY_SIZE(rbox_regs),
	.idx_across_boxes = true,
};
/* The sub-controls that sit apart from their boxes (the same instances). */
const struct box_type nhmex_bbox_mm = {
	.name = "bbox_mm",
	.nboxes = 2,
	.box_stride = 8,
	.scope = SCOPE_PACKAGE,
	.regs = bbox_mm_regs,
	.nregs = ARRAY_SIZE(bbox_mm_regs),
};
const struct box_type nhmex_sbox_mm = {
	.name = "sbox_mm",
	.nboxes = 2,
	.box_stride = 0x10,
	.scope = SCOPE_PACKAGE,
	.regs = sbox_mm_regs,
	.nregs = ARRAY_SIZE(sbox_mm_regs),
};
const struct box_type nhmex_mbox_mm = {
	.name = "mbox_mm",
	.nboxes = 2,
	.box_stride = 8,
	.scope = SCOPE_PACKAGE,
	.regs = mbox_mm_regs,
	.nregs = ARRAY_SIZE(mbox_mm_regs),
};
const struct box_type nhmex_rbox_iperf = {
	.name = "rbox_iperf",
	.nboxes = 2,
	.box_stride = 4,
	.scope = SCOPE_PACKAGE,
	.regs = rbox_iperf_regs,
	.nregs = ARRAY_SIZE(rbox_iperf_regs),
	.idx_across_boxes = true,
};
const struct box_type nhmex_wbox = {
	.name = "wbox",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = wbox_regs,
	.nregs = ARRAY_SIZE(wbox_regs),
	.events = wbox_events,
};

const struct box_type *const nhmex_boxes[] = {
	&nhmex_ubox, &nhmex_cbox, &nhmex_bbox, &nhmex_bbox_mm, &nhmex_sbox, &nhmex_sbox_mm,
	&nhmex_mbox, &nhmex_mbox_mm, &nhmex_rbox, &nhmex_rbox_iperf, &nhmex_wbox,
};
