/* Xeon E5 v3 (Haswell-EP, model 0x3F) and E5 v4 / Xeon D (Broadwell-EP and
 * -DE, models 0x4F and 0x56) uncore (spec xeon-e5-v2-v4-uncore.md, V-xx):
 * one MSR map from 0x700 (U-box with the global control, status and
 * configuration at 0x700..0x702, the PCU at 0x710, the SBOXes at 0x720 with
 * their odd stride of 10) and the C-boxes from 0xE00 at stride 0x10 (V-20),
 * and the PCI boxes whose device and function the sources give (the two
 * home agents, eight memory-controller channels, three QPI ports; V-23).
 * The two generations differ in widths (V-16), box counts (V-21, V-22),
 * event restrictions (V-24) and device ids: their tables below are rows of
 * the same macros. */
#include "pmu/regs/tables.h"
#include "pmu/regs/xeon_fields.h"

/* V-05: the freeze bits at IVB-EP's places; nothing else of the register
 * is documented in the sources read (OQ-V4). */
static const struct field global_ctl[] = {
	{ .name = "unfrz_all", .lo = 29, .hi = 29, .access = FA_WO, .spec = "V-05 V-06" },
	{ .name = "frz_all", .lo = 31, .hi = 31, .access = FA_WO, .spec = "V-05 V-06" },
	{ .name = NULL },
};

/* V-19. */
static const struct field ubox_filter[] = {
	{ .name = "tid", .lo = 0, .hi = 0, .access = FA_RW, .spec = "V-19" },
	{ .name = "cid", .lo = 1, .hi = 5, .access = FA_RW, .spec = "V-19" },
	{ .name = NULL },
};

/* V-18: FILTER0 at +5, FILTER1 at +6. */
static const struct field cbox_filter0[] = {
	{ .name = "tid", .lo = 0, .hi = 5, .access = FA_RW, .spec = "V-18" },
	{ .name = "link", .lo = 6, .hi = 9, .access = FA_RW, .spec = "V-18" },
	{ .name = "state", .lo = 17, .hi = 23, .access = FA_RW, .spec = "V-18" },
	{ .name = NULL },
};

static const struct field cbox_filter1[] = {
	{ .name = "nid", .lo = 0, .hi = 15, .access = FA_RW, .spec = "V-18" },
	{ .name = "opc", .lo = 20, .hi = 28, .access = FA_RW, .spec = "V-18" },
	{ .name = "c6", .lo = 29, .hi = 29, .access = FA_RW, .spec = "V-18" },
	{ .name = "nc", .lo = 30, .hi = 30, .access = FA_RW, .spec = "V-18" },
	{ .name = "isoc", .lo = 31, .hi = 31, .access = FA_RW, .spec = "V-18" },
	{ .name = NULL },
};

/* V-04, V-05, V-13, V-15, V-16, V-19, V-20; w: the general counters'
 * width (V-16: 44 on v3, 48 on v4). */
#define UBOX_REGS(w, ctr_fields)                                                            \
	{ .name = "U_MSR_PMON_GLOBAL_CTL", .addr = 0x700, .count = 1, .width = 32,          \
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "V-05" },  \
	{ .name = "U_MSR_PMON_GLOBAL_STATUS", .addr = 0x701, .count = 1, .width = 32,       \
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .spec = "V-05 OQ-V1" },               \
	{ .name = "U_MSR_PMON_GLOBAL_CONFIG", .addr = 0x702, .count = 1, .width = 32,       \
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .spec = "V-05 OQ-V1" },                  \
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTL", .addr = 0x703, .count = 1, .width = 32,      \
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uclk_fixed_ctl, .spec = "V-15",  \
	  .pair = 0x704 },                                                                  \
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTR", .addr = 0x704, .count = 1, .width = 48,      \
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },         \
	{ .name = "U_MSR_PMON_CTL%u", .addr = 0x705, .stride = 1, .count = 2, .width = 32,  \
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uctl_inv, .spec = "V-11",        \
	  .pair = 0x709 },                                                                  \
	{ .name = "U_MSR_PMON_BOX_FILTER", .addr = 0x707, .count = 1, .width = 32,          \
	  .role = ROLE_FILTER, .access = RA_RW, .fields = ubox_filter, .spec = "V-19" },     \
	{ .name = "U_MSR_PMON_BOX_STATUS", .addr = 0x708, .count = 1, .width = 32,          \
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,           \
	  .spec = "V-13 OQ-V1" },                                                           \
	{ .name = "U_MSR_PMON_CTR%u", .addr = 0x709, .stride = 1, .count = 2, .width = w,   \
	  .role = ROLE_CTR, .access = RA_RW, .fields = ctr_fields, .spec = "V-16" }

static const struct reg_tmpl hswep_ubox_regs[] = { UBOX_REGS(44, xeon_ctr44) };
static const struct reg_tmpl bdx_ubox_regs[] = { UBOX_REGS(48, xeon_ctr48) };

/* V-13, V-18, V-20: box n at +0x10n. */
static const struct reg_tmpl cbox_regs[] = {
	{ .name = "C_MSR_PMON_BOX_CTL", .addr = 0xE00, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "C_MSR_PMON_CTL%u", .addr = 0xE01, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_tid_inv, .spec = "V-11",
	  .pair = 0xE08 },
	{ .name = "C_MSR_PMON_BOX_FILTER0", .addr = 0xE05, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cbox_filter0, .spec = "V-18" },
	{ .name = "C_MSR_PMON_BOX_FILTER1", .addr = 0xE06, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cbox_filter1, .spec = "V-18" },
	{ .name = "C_MSR_PMON_BOX_STATUS", .addr = 0xE07, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4, .spec = "V-13" },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xE08, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

/* V-13, V-20. */
static const struct reg_tmpl pcu_regs[] = {
	{ .name = "PCU_MSR_PMON_BOX_CTL", .addr = 0x710, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "PCU_MSR_PMON_CTL%u", .addr = 0x711, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_pcu_ctl_ext_inv, .spec = "V-11 V-29",
	  .pair = 0x717 },
	{ .name = "PCU_MSR_PMON_BOX_FILTER", .addr = 0x715, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = xeon_pcu_filter, .spec = "V-17" },
	{ .name = "PCU_MSR_PMON_BOX_STATUS", .addr = 0x716, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4, .spec = "V-13" },
	{ .name = "PCU_MSR_PMON_CTR%u", .addr = 0x717, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

/* V-16, V-20: outside PMON, per core. */
static const struct reg_tmpl residency_regs[] = {
	{ .name = "PCU_MSR_CORE_C3_CTR", .addr = 0x3FC, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "V-16" },
	{ .name = "PCU_MSR_CORE_C6_CTR", .addr = 0x3FD, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "V-16" },
};

/* V-10, V-13, V-20: box n at +10n; w: V-16. */
#define SBOX_REGS(w, ctr_fields)                                                            \
	{ .name = "S_MSR_PMON_BOX_CTL", .addr = 0x720, .count = 1, .width = 32,             \
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09 V-10" }, \
	{ .name = "S_MSR_PMON_CTL%u", .addr = 0x721, .stride = 1, .count = 4, .width = 32,  \
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_tid_inv, .spec = "V-11",     \
	  .pair = 0x726 },                                                                  \
	{ .name = "S_MSR_PMON_BOX_STATUS", .addr = 0x725, .count = 1, .width = 32,          \
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,           \
	  .spec = "V-13" },                                                                 \
	{ .name = "S_MSR_PMON_CTR%u", .addr = 0x726, .stride = 1, .count = 4, .width = w,   \
	  .role = ROLE_CTR, .access = RA_RW, .fields = ctr_fields, .spec = "V-16" }

static const struct reg_tmpl hswep_sbox_regs[] = { SBOX_REGS(44, xeon_ctr44) };
static const struct reg_tmpl bdx_sbox_regs[] = { SBOX_REGS(48, xeon_ctr48) };

/* V-24: LNX's C-box constraints of each generation. */
#define RULE(ev, ctrs) { .event = ev, .counters = ctrs, .spec = "V-24" }
static const struct event_rule hswep_cbox_events[] = {
	RULE(0x01, 0x1), RULE(0x09, 0x1), RULE(0x11, 0x1), RULE(0x36, 0x1), RULE(0x38, 0x3),
	RULE(0x3b, 0x1), RULE(0x3e, 0x1), { .spec = NULL },
};
static const struct event_rule bdx_cbox_events[] = {
	RULE(0x09, 0x3), RULE(0x11, 0x1), RULE(0x36, 0x1), RULE(0x3e, 0x1), { .spec = NULL },
};

#define BOX(var, box_name, n, stride, scope_, box_regs, rules)                             \
	const struct box_type var = {                                                      \
		.name = box_name, .nboxes = n, .box_stride = stride, .scope = scope_,      \
		.regs = box_regs, .nregs = ARRAY_SIZE(box_regs), .events = rules,          \
	}

BOX(hswep_ubox, "ubox", 1, 0, SCOPE_PACKAGE, hswep_ubox_regs, NULL);
BOX(bdx_ubox, "ubox", 1, 0, SCOPE_PACKAGE, bdx_ubox_regs, NULL);
/* One C-box per core of the part: up to 18 and 24 (V-21, OQ-V6). */
BOX(hswep_cbox, "cbox", 18, 0x10, SCOPE_PACKAGE, cbox_regs, hswep_cbox_events);
BOX(bdx_cbox, "cbox", 24, 0x10, SCOPE_PACKAGE, cbox_regs, bdx_cbox_events);
/* Four SBOXes on the largest dies (V-22: fewer, or none, on others). */
BOX(hswep_sbox, "sbox", 4, 10, SCOPE_PACKAGE, hswep_sbox_regs, NULL);
BOX(bdx_sbox, "sbox", 4, 10, SCOPE_PACKAGE, bdx_sbox_regs, NULL);
BOX(hswep_pcu, "pcu", 1, 0, SCOPE_PACKAGE, pcu_regs, NULL);
BOX(hswep_residency, "pcu_residency", 1, 0, SCOPE_CORE, residency_regs, NULL);

/* ---- PCI boxes (V-14, V-23): as IVB-EP's, with invert. ---- */

#define DF(d, f) ((d) << 3 | (f))
/* PCM's device and function (HSX; OQ-V7 for BDX). */
static const uint8_t ha_df[] = { DF(18, 1), DF(18, 5) };
static const uint8_t imc_df[] = { DF(20, 0), DF(20, 1), DF(21, 0), DF(21, 1),
				  DF(23, 0), DF(23, 1), DF(24, 0), DF(24, 1) };
static const uint8_t qpi_df[] = { DF(8, 2), DF(9, 2), DF(10, 2) };
/* LNX's device ids, in its box order. */
static const uint16_t hswep_ha_ids[] = { 0x2F30, 0x2F38 };
static const uint16_t hswep_imc_ids[] = { 0x2FB0, 0x2FB1, 0x2FB4, 0x2FB5,
					  0x2FD0, 0x2FD1, 0x2FD4, 0x2FD5 };
static const uint16_t hswep_qpi_ids[] = { 0x2F32, 0x2F33, 0x2F3A };
static const uint16_t bdx_ha_ids[] = { 0x6F30, 0x6F38 };
static const uint16_t bdx_imc_ids[] = { 0x6FB0, 0x6FB1, 0x6FB4, 0x6FB5,
					0x6FD0, 0x6FD1, 0x6FD4, 0x6FD5 };
static const uint16_t bdx_qpi_ids[] = { 0x6F32, 0x6F33, 0x6F3A };

static const struct reg_tmpl ha_regs[] = {
	{ .name = "HA_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "HA_PCI_PMON_BOX_STATUS", .addr = 0xF8, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status7, .spec = "V-14" },
	{ .name = "HA_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_inv, .spec = "V-11", .pair = 0xA0 },
	{ .name = "HA_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

static const struct reg_tmpl imc_regs[] = {
	{ .name = "MC_CH_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "MC_CH_PCI_PMON_BOX_STATUS", .addr = 0xF8, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status7, .spec = "V-14" },
	{ .name = "MC_CH_PCI_PMON_FIXED_CTL", .addr = 0xF0, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_imc_fixed_ctl, .spec = "V-15",
	  .pair = 0xD0 },
	{ .name = "MC_CH_PCI_PMON_FIXED_CTR", .addr = 0xD0, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
	{ .name = "MC_CH_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_inv, .spec = "V-11", .pair = 0xA0 },
	{ .name = "MC_CH_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

static const struct reg_tmpl qpi_regs[] = {
	{ .name = "Q_P_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "Q_P_PCI_PMON_BOX_STATUS", .addr = 0xF8, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status7, .spec = "V-14" },
	{ .name = "Q_P_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_qpi_ctl_inv, .spec = "V-11",
	  .pair = 0xA0 },
	{ .name = "Q_P_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

PCI_BOX(hswep_ha, "ha", hswep_ha_ids, ha_df, ha_regs, NULL);
PCI_BOX(hswep_imc, "imc", hswep_imc_ids, imc_df, imc_regs, NULL);
PCI_BOX(hswep_qpi, "qpi", hswep_qpi_ids, qpi_df, qpi_regs, NULL);
PCI_BOX(bdx_ha, "ha", bdx_ha_ids, ha_df, ha_regs, NULL);
PCI_BOX(bdx_imc, "imc", bdx_imc_ids, imc_df, imc_regs, NULL);
PCI_BOX(bdx_qpi, "qpi", bdx_qpi_ids, qpi_df, qpi_regs, NULL);

const struct box_type *const hswep_boxes[] = {
	&hswep_ubox, &hswep_cbox, &hswep_sbox, &hswep_pcu, &hswep_residency,
	&hswep_ha.box, &hswep_imc.box, &hswep_qpi.box,
};

const struct box_type *const bdx_boxes[] = {
	&bdx_ubox, &bdx_cbox, &bdx_sbox, &hswep_pcu, &hswep_residency,
	&bdx_ha.box, &bdx_imc.box, &bdx_qpi.box,
};
