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
#include "regs_tables.h"

/* §5.1, positions from Linux (OQ-X1). pmi_core_sel: bit 1 + k = core k;
 * bits 10:9 only on 0x2F, whose ten cores they address (OQ-X1, OQ-X2). */
static const struct field u_global_ctl[] = {
	{ "en", 0, 0, FA_RW, "X-06 OQ-X1" },
	{ "pmi_core_sel", 1, 10, FA_RW, "X-19 X-20 OQ-X1 OQ-X2" },
	{ "en_all", 28, 28, FA_RW, "X-05 X-08 X-13 X-22" },
	{ "rst_all", 29, 29, FA_RW, "X-12 OQ-X5" },
	{ "frz_all", 31, 31, FA_RW, "X-22 X-23 OQ-X4" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.2, positions from likwid (OQ-X3). */
static const struct field u_global_status[] = {
	{ "ov_u", 0, 0, FA_RO, "X-17 OQ-X3" },
	{ "ov_w", 1, 1, FA_RO, "X-17 OQ-X3" },
	{ "ov_s1", 2, 2, FA_RO, "X-16 OQ-X3 OQ-X11" },
	{ "ov_s0", 3, 3, FA_RO, "X-16 OQ-X3 OQ-X11" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field u_global_ovf[] = {
	{ "clr_ov_u", 0, 0, FA_W1C, "X-28 OQ-X3" },
	{ "clr_ov_w", 1, 1, FA_W1C, "X-28 OQ-X3" },
	{ "clr_ov_s1", 2, 2, FA_W1C, "X-28 OQ-X3" },
	{ "clr_ov_s0", 3, 3, FA_W1C, "X-28 OQ-X3" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5, U column (OQ-X24). */
static const struct field u_evsel[] = {
	{ "ev_sel", 0, 7, FA_RW, "OQ-X24" },
	{ "edge_detect", 18, 18, FA_RW, "OQ-X24" },
	{ "pmi_en", 20, 20, FA_RW, "X-19 X-21" },
	{ "en", 22, 22, FA_RW, "X-06" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.4: box GLOBAL_CTL / STATUS / OVF_CTL, one bit per counter. */
#define BOX_GLOBAL(n, ctr_hi)                                                          \
	static const struct field n##_ctl[] = {                                        \
		{ "ctr_en", 0, ctr_hi, FA_RW, "X-05 X-09" }, { NULL, 0, 0, 0, NULL },  \
	};                                                                             \
	static const struct field n##_status[] = {                                     \
		{ "ov", 0, ctr_hi, FA_RO, "X-15 OQ-X7" }, { NULL, 0, 0, 0, NULL },     \
	};                                                                             \
	static const struct field n##_ovf[] = {                                        \
		{ "clr_ov", 0, ctr_hi, FA_W1C, "X-26 X-27" }, { NULL, 0, 0, 0, NULL }, \
	}

BOX_GLOBAL(box4, 3); /* B, S */
BOX_GLOBAL(box6, 5); /* C, M */
BOX_GLOBAL(box8, 7); /* each R half */

/* W: four counters and the fixed counter at bit 31 (X-35; the guide's
 * clr_ov 5:0 is a misprint for 3:0, §10). */
static const struct field w_ctl[] = {
	{ "ctr_en", 0, 3, FA_RW, "X-05 X-09" },
	{ "fixed_en", 31, 31, FA_RW, "X-07" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field w_status[] = {
	{ "ov", 0, 3, FA_RO, "X-15 OQ-X7" },
	{ "ov_fixed", 31, 31, FA_RO, "X-35" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field w_ovf[] = {
	{ "clr_ov", 0, 3, FA_W1C, "X-26" },
	{ "clr_ov_fixed", 31, 31, FA_W1C, "X-35" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5, C, S and W columns (S from Linux); rsv 62:61 left out: write 0. */
static const struct field csw_evsel[] = {
	{ "ev_sel", 0, 7, FA_RW, "OQ-X19" },
	{ "umask", 8, 15, FA_RW, "OQ-X19" },
	{ "edge_detect", 18, 18, FA_RW, NULL },
	{ "pmi_en", 20, 20, FA_RW, "X-19 X-21" },
	{ "en", 22, 22, FA_RW, "X-05" },
	{ "invert", 23, 23, FA_RW, NULL },
	{ "threshold", 24, 31, FA_RW, NULL },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5, B column: each counter has its own event list (UPG §2.4.3.2). */
static const struct field b_evsel[] = {
	{ "en", 0, 0, FA_RW, "X-05" },
	{ "ev_sel", 1, 5, FA_RW, "OQ-X19" },
	{ "pmi_en", 20, 20, FA_RW, "X-19 X-21" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5, R column; ev_sel picks a port's sub-control. */
static const struct field r_evsel[] = {
	{ "en", 0, 0, FA_RW, "X-05 X-32" },
	{ "ev_sel", 1, 5, FA_RW, "X-32 X-33 OQ-X21" },
	{ "pmi_en", 6, 6, FA_RW, "X-19 X-21" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5, M column (set-flag selection needs flag_mode, UPG T2-67). */
static const struct field m_evsel[] = {
	{ "en", 0, 0, FA_RW, "X-05" },
	{ "pmi_en", 1, 1, FA_RW, "X-19 X-21" },
	{ "count_mode", 2, 3, FA_RW, NULL },
	{ "storage_mode", 4, 5, FA_RW, NULL },
	{ "wrap_mode", 6, 6, FA_RW, NULL },
	{ "flag_mode", 7, 7, FA_RW, NULL },
	{ "inc_sel", 9, 13, FA_RW, "OQ-X19" },
	{ "set_flag_sel", 19, 21, FA_RW, NULL },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.5 note; OQ-X18: bit 0 only, no PMI enable. */
static const struct field w_fixed_ctl[] = {
	{ "en", 0, 0, FA_RW, "X-07 OQ-X18" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.6; OQ-X15: 63:48 read 0. */
static const struct field counter48[] = {
	{ "event_count", 0, 47, FA_RW, "X-11 X-14 OQ-X15" },
	{ NULL, 0, 0, 0, NULL },
};

/* UPG p.2-101: a free-running tick count outside the PMU. */
static const struct field timestamp16[] = {
	{ "timestamp", 0, 15, FA_RO, NULL },
	{ NULL, 0, 0, 0, NULL },
};

/* Sub-controls hold what was written; their field layouts are not
 * in the digest. */
static const struct field sub64[] = {
	{ "value", 0, 63, FA_RW, "X-40" },
	{ NULL, 0, 0, 0, NULL },
};

/* M-box event sub-selects: low 32 bits used (Linux; §4.5). */
static const struct field sub32[] = {
	{ "value", 0, 31, FA_RW, "X-40" },
	{ NULL, 0, 0, 0, NULL },
};

/* IPERF_CFG: one field, the event the sub-counter counts: SEED-003's
 * bit 31 (0x80000000, Linux qpi*_flit_send) is one event among others
 * (0x40000000 idle_filt, 0xC4 data response, the guide's 0x31), not an
 * enable bit; 0 selects nothing. */
static const struct field iperf[] = {
	{ "event", 0, 31, FA_RW, "X-32 X-40" },
	{ NULL, 0, 0, 0, NULL },
};

/* §5.3 (UPG Table 2-26). */
static const struct field s_summary[] = {
	{ "ov_c_r", 0, 0, FA_RO, "X-16" },
	{ "ov_c_l", 2, 2, FA_RO, "X-16" },
	{ "ov_mb", 16, 16, FA_RO, "X-16 OQ-X10" },
	{ "ov_s", 18, 18, FA_RO, "X-16 OQ-X11" },
	{ "ov_r", 19, 19, FA_RO, "X-16 X-34 OQ-X8" },
	{ NULL, 0, 0, 0, NULL },
};

/* §4.1. OVF_CTL is RW_RW in the guide; it reads 0 (OQ-X7). */
static const struct reg_tmpl ubox_regs[] = {
	{ "U_MSR_PMON_GLOBAL_CTL", 0xC00, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, u_global_ctl,
	  "X-05 OQ-X1", 0 },
	{ "U_MSR_PMON_GLOBAL_STATUS", 0xC01, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  u_global_status, "X-16 X-17 OQ-X3", 0 },
	{ "U_MSR_PMON_GLOBAL_OVF_CTL", 0xC02, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, u_global_ovf,
	  "X-28 OQ-X7", 0 },
	{ "U_MSR_PMON_EV_SEL", 0xC10, 0, 1, 32, ROLE_CTL, RA_RW, 0, u_evsel, "X-06 OQ-X24",
	  0xC11 },
	{ "U_MSR_PMON_CTR", 0xC11, 0, 1, 48, ROLE_CTR, RA_RW, 0, counter48, "X-06", 0 },
};

/* §4.2: base(n) = 0xD00 + cbox_offs[n]; C8, C9 on 0x2F only. */
static const uint16_t cbox_offs[] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
				      0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };
/* X-37, OQ-X13: all eight on every 0x2E part, whatever its LLC size. */
static const struct box_model_count cbox_fewer[] = { { 0x2E, 8 }, { 0, 0 } };

static const struct reg_tmpl cbox_regs[] = {
	{ "C_MSR_PMON_GLOBAL_CTL", 0xD00, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, box6_ctl,
	  "X-05", 0 },
	{ "C_MSR_PMON_GLOBAL_STATUS", 0xD01, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  box6_status, "X-15", 0 },
	{ "C_MSR_PMON_GLOBAL_OVF_CTL", 0xD02, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, box6_ovf,
	  "X-26", 0 },
	{ "C_MSR_PMON_EVT_SEL%u", 0xD10, 2, 6, 64, ROLE_CTL, RA_RW, 0, csw_evsel, "X-05",
	  0xD11 },
	{ "C_MSR_PMON_CTR%u", 0xD11, 2, 6, 48, ROLE_CTR, RA_RW, 0, counter48, "X-14", 0 },
};

/* §4.3: box n at +0x40n; its match/mask (bbox_mm) at 0xE45 + 8n. */
static const struct reg_tmpl bbox_regs[] = {
	{ "B_MSR_PMON_GLOBAL_CTL", 0xC20, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, box4_ctl,
	  "X-05", 0 },
	{ "B_MSR_PMON_GLOBAL_STATUS", 0xC21, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  box4_status, "X-15", 0 },
	{ "B_MSR_PMON_GLOBAL_OVF_CTL", 0xC22, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, box4_ovf,
	  "X-26", 0 },
	{ "B_MSR_PMON_EVT_SEL%u", 0xC30, 2, 4, 64, ROLE_CTL, RA_RW, 0, b_evsel, "X-05",
	  0xC31 },
	{ "B_MSR_PMON_CNT%u", 0xC31, 2, 4, 48, ROLE_CTR, RA_RW, 0, counter48, "X-14", 0 },
};

static const struct reg_tmpl bbox_mm_regs[] = {
	{ "B_MSR_PMON_MATCH", 0xE45, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
	{ "B_MSR_PMON_MASK", 0xE46, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
};

/* §4.4: box n at +0x80n, its match/mask (sbox_mm) at 0xE48 + 0x10n; the
 * summary has no known address (OQ-X9). */
static const struct reg_tmpl sbox_regs[] = {
	{ "S_MSR_PMON_GLOBAL_CTL", 0xC40, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, box4_ctl,
	  "X-05", 0 },
	{ "S_MSR_PMON_GLOBAL_STATUS", 0xC41, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  box4_status, "X-15", 0 },
	{ "S_MSR_PMON_GLOBAL_OVF_CTL", 0xC42, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, box4_ovf,
	  "X-26", 0 },
	{ "S_MSR_PMON_CTL%u", 0xC50, 2, 4, 64, ROLE_CTL, RA_RW, 0, csw_evsel, "X-05", 0xC51 },
	{ "S_MSR_PMON_CTR%u", 0xC51, 2, 4, 48, ROLE_CTR, RA_RW, 0, counter48, "X-14", 0 },
	{ "S_MSR_PMON_SUMMARY", 0, 0, 1, 64, ROLE_SUMMARY, RA_RO, 0, s_summary,
	  "X-16 X-27 X-30 OQ-X9", 0 },
};

static const struct reg_tmpl sbox_mm_regs[] = {
	{ "S_MSR_MM_CFG", 0xE48, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
	{ "S_MSR_MATCH", 0xE49, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
	{ "S_MSR_MASK", 0xE4A, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
};

/* §4.5: box n at 0xCA0 + 0x40n; its match/mask (mbox_mm) at 0xE54 + 8n. */
static const struct reg_tmpl mbox_regs[] = {
	{ "M_MSR_PMON_GLOBAL_CTL", 0xCA0, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, box6_ctl,
	  "X-05", 0 },
	{ "M_MSR_PMON_GLOBAL_STATUS", 0xCA1, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  box6_status, "X-15", 0 },
	{ "M_MSR_PMON_GLOBAL_OVF_CTL", 0xCA2, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, box6_ovf,
	  "X-26", 0 },
	{ "M_MSR_PMON_TIMESTAMP", 0xCA4, 0, 1, 16, ROLE_CTR, RA_RO, 0, timestamp16, NULL, 0 },
	{ "M_MSR_PMON_DSP", 0xCA5, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMON_ISS", 0xCA6, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMON_MAP", 0xCA7, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMON_MSC_THR", 0xCA8, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMON_PGT", 0xCA9, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMON_PLD", 0xCAA, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	/* ZDP_CTL_FVC: per-event fields at 11 + 3n (0x2E), 12 + 3n (0x2F), §9. */
	{ "M_MSR_PMON_ZDP", 0xCAB, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub32, "X-40", 0 },
	{ "M_MSR_PMU_CNT_CTL%u", 0xCB0, 2, 6, 64, ROLE_CTL, RA_RW, 0, m_evsel, "X-05", 0xCB1 },
	{ "M_MSR_PMU_CNT%u", 0xCB1, 2, 6, 48, ROLE_CTR, RA_RW, 0, counter48, "X-14", 0 },
};

static const struct reg_tmpl mbox_mm_regs[] = {
	{ "M_MSR_PMON_MM_CFG", 0xE54, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
	{ "M_MSR_PMON_ADDR_MATCH", 0xE55, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
	{ "M_MSR_PMON_ADDR_MASK", 0xE56, 0, 1, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-40", 0 },
};

/* §4.6: the left half at +0, the right at +0x20; the IPERF registers of
 * port p at 0xE04 + p (CFG0) and 0xE24 + p (CFG1), Linux's naming
 * (OQ-X21), so the right half's are 4 above the left's (rbox_iperf). XBR set s of port p at
 * 0xE60 + 0x10 (s - 1) + 4p (+0x10 for p >= 4). Names number ports and
 * counters across the halves ([1]: ports 4-7, counters 8-15). */
static const struct reg_tmpl rbox_regs[] = {
	{ "R_MSR_PMON_GLOBAL_CTL", 0xE00, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, box8_ctl,
	  "X-05", 0 },
	{ "R_MSR_PMON_GLOBAL_STATUS", 0xE01, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  box8_status, "X-15 X-34", 0 },
	{ "R_MSR_PMON_GLOBAL_OVF_CTL", 0xE02, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, box8_ovf,
	  "X-26 X-34", 0 },
	{ "R_MSR_PORT%u_QLX_CFG", 0xE0C, 1, 4, 64, ROLE_FILTER, RA_RW, 0, sub64, "X-33 X-40",
	  0 },
	{ "R_MSR_PMON_CTL%u", 0xE10, 2, 8, 64, ROLE_CTL, RA_RW, 0, r_evsel, "X-32 X-33",
	  0xE11 },
	{ "R_MSR_PMON_CTR%u", 0xE11, 2, 8, 48, ROLE_CTR, RA_RW, 0, counter48, "X-34", 0 },
	{ "R_MSR_PORT%u_XBR_SET1_MM_CFG", 0xE60, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
	{ "R_MSR_PORT%u_XBR_SET1_MATCH", 0xE61, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
	{ "R_MSR_PORT%u_XBR_SET1_MASK", 0xE62, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
	{ "R_MSR_PORT%u_XBR_SET2_MM_CFG", 0xE70, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
	{ "R_MSR_PORT%u_XBR_SET2_MATCH", 0xE71, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
	{ "R_MSR_PORT%u_XBR_SET2_MASK", 0xE72, 4, 4, 64, ROLE_FILTER, RA_RW, 0, sub64,
	  "X-40", 0 },
};

static const struct reg_tmpl rbox_iperf_regs[] = {
	{ "R_MSR_PORT%u_IPERF_CFG0", 0xE04, 1, 4, 64, ROLE_FILTER, RA_RW, 0, iperf,
	  "X-32 X-33 OQ-X21", 0 },
	{ "R_MSR_PORT%u_IPERF_CFG1", 0xE24, 1, 4, 64, ROLE_FILTER, RA_RW, 0, iperf,
	  "X-32 X-33 OQ-X21", 0 },
};

/* §4.7 (UPG Table 2-94); 0x394/0x395 mean this only on 0x2E/0x2F. */
static const struct reg_tmpl wbox_regs[] = {
	{ "W_MSR_PMON_GLOBAL_CTL", 0xC80, 0, 1, 32, ROLE_GLOBAL_CTL, RA_RW, 0, w_ctl, "X-04",
	  0 },
	{ "W_MSR_PMON_GLOBAL_STATUS", 0xC81, 0, 1, 32, ROLE_GLOBAL_STATUS, RA_RO, 0, w_status,
	  "X-15", 0 },
	{ "W_MSR_PMON_GLOBAL_OVF_CTL", 0xC82, 0, 1, 32, ROLE_GLOBAL_OVF, RA_RW, 0, w_ovf,
	  "X-26", 0 },
	{ "W_MSR_PMON_EVT_SEL_%u", 0xC90, 2, 4, 64, ROLE_CTL, RA_RW, 0, csw_evsel, "X-05",
	  0xC91 },
	{ "W_MSR_PMON_CTR_%u", 0xC91, 2, 4, 48, ROLE_CTR, RA_RW, 0, counter48, "X-14", 0 },
	{ "W_MSR_PMON_FIXED_CTR_CTL", 0x395, 0, 1, 64, ROLE_CTL, RA_RW, 0, w_fixed_ctl,
	  "X-07 OQ-X18", 0x394 },
	{ "W_MSR_PMON_FIXED_CTR", 0x394, 0, 1, 48, ROLE_CTR, RA_RW, 0, counter48, "X-35", 0 },
};

const struct box_type nhmex_ubox = {
	"ubox", 1, 0, SCOPE_PACKAGE, ubox_regs, ARRAY_SIZE(ubox_regs), NULL, NULL, false,
};
const struct box_type nhmex_cbox = {
	"cbox", ARRAY_SIZE(cbox_offs), 0, SCOPE_PACKAGE, cbox_regs, ARRAY_SIZE(cbox_regs),
	cbox_offs, cbox_fewer, false,
};
const struct box_type nhmex_bbox = {
	"bbox", 2, 0x40, SCOPE_PACKAGE, bbox_regs, ARRAY_SIZE(bbox_regs), NULL, NULL, false,
};
const struct box_type nhmex_sbox = {
	"sbox", 2, 0x80, SCOPE_PACKAGE, sbox_regs, ARRAY_SIZE(sbox_regs), NULL, NULL, false,
};
const struct box_type nhmex_mbox = {
	"mbox", 2, 0x40, SCOPE_PACKAGE, mbox_regs, ARRAY_SIZE(mbox_regs), NULL, NULL, false,
};
const struct box_type nhmex_rbox = {
	"rbox", 2, 0x20, SCOPE_PACKAGE, rbox_regs, ARRAY_SIZE(rbox_regs), NULL, NULL, true,
};
/* The sub-controls that sit apart from their boxes (the same instances). */
const struct box_type nhmex_bbox_mm = {
	"bbox_mm", 2, 8, SCOPE_PACKAGE, bbox_mm_regs, ARRAY_SIZE(bbox_mm_regs), NULL, NULL,
	false,
};
const struct box_type nhmex_sbox_mm = {
	"sbox_mm", 2, 0x10, SCOPE_PACKAGE, sbox_mm_regs, ARRAY_SIZE(sbox_mm_regs), NULL, NULL,
	false,
};
const struct box_type nhmex_mbox_mm = {
	"mbox_mm", 2, 8, SCOPE_PACKAGE, mbox_mm_regs, ARRAY_SIZE(mbox_mm_regs), NULL, NULL,
	false,
};
const struct box_type nhmex_rbox_iperf = {
	"rbox_iperf", 2, 4, SCOPE_PACKAGE, rbox_iperf_regs, ARRAY_SIZE(rbox_iperf_regs), NULL,
	NULL, true,
};
const struct box_type nhmex_wbox = {
	"wbox", 1, 0, SCOPE_PACKAGE, wbox_regs, ARRAY_SIZE(wbox_regs), NULL, NULL, false,
};

const struct box_type *const nhmex_boxes[] = {
	&nhmex_ubox, &nhmex_cbox, &nhmex_bbox, &nhmex_bbox_mm, &nhmex_sbox, &nhmex_sbox_mm,
	&nhmex_mbox, &nhmex_mbox_mm, &nhmex_rbox, &nhmex_rbox_iperf, &nhmex_wbox,
};
