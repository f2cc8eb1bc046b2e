/* Xeon E5 v2 / E7 v2 (Ivy Bridge-EP/EX, model 0x3E) uncore (spec
 * xeon-e5-v2-v4-uncore.md, V-xx): the MSR boxes (U-box with the uncore-wide
 * global control, status and configuration at 0xC00, 0xC01, 0xC06, up to 15
 * C-boxes with two filter registers, the PCU and its residency counters)
 * and the PCI boxes whose device and function the sources give (the eight
 * memory-controller channels, the three QPI ports; V-23). The E5-2600's
 * addresses with a global layer added (V-20); counter controls without
 * invert (V-12). */
#include "pmu/regs/tables.h"
#include "pmu/regs/xeon_fields.h"

/* V-03. */
static const struct field global_ctl[] = {
	{ .name = "pmi_core_sel", .lo = 0, .hi = 14, .access = FA_RW, .spec = "V-03 V-07" },
	{ .name = "unfrz_all", .lo = 29, .hi = 29, .access = FA_WO, .spec = "V-03 V-06" },
	{ .name = "wk_on_pmi", .lo = 30, .hi = 30, .access = FA_RW, .spec = "V-03 V-07 OQ-V3" },
	{ .name = "frz_all", .lo = 31, .hi = 31, .access = FA_WO, .spec = "V-03 V-06" },
	{ .name = NULL },
};

/* V-18: FILTER0 at +4 and FILTER1 at +10 of the box, with the guide's
 * fields (LNX's link in FILTER0 and c6 in FILTER1 are reserved bits
 * there, OQ-V12). */
static const struct field cbox_filter0[] = {
	{ .name = "tid", .lo = 0, .hi = 4, .access = FA_RW, .spec = "V-18" },
	{ .name = "state", .lo = 17, .hi = 22, .access = FA_RW, .spec = "V-18" },
	{ .name = NULL },
};

static const struct field cbox_filter1[] = {
	{ .name = "nid", .lo = 0, .hi = 15, .access = FA_RW, .spec = "V-18" },
	{ .name = "opc", .lo = 20, .hi = 28, .access = FA_RW, .spec = "V-18" },
	{ .name = "nc", .lo = 30, .hi = 30, .access = FA_RW, .spec = "V-18" },
	{ .name = "isoc", .lo = 31, .hi = 31, .access = FA_RW, .spec = "V-18" },
	{ .name = NULL },
};

/* V-03..V-05, V-13, V-15, V-16, V-20. */
static const struct reg_tmpl ubox_regs[] = {
	{ .name = "U_MSR_PMON_GLOBAL_CTL", .addr = 0xC00, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "V-03" },
	{ .name = "U_MSR_PMON_GLOBAL_STATUS", .addr = 0xC01, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .spec = "V-04 OQ-V1" },
	{ .name = "U_MSR_PMON_GLOBAL_CONFIG", .addr = 0xC06, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .spec = "V-04 OQ-V1" },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTL", .addr = 0xC08, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uclk_fixed_ctl, .spec = "V-15",
	  .pair = 0xC09 },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTR", .addr = 0xC09, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
	{ .name = "U_MSR_PMON_CTL%u", .addr = 0xC10, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uctl, .spec = "V-11 V-12",
	  .pair = 0xC16 },
	{ .name = "U_MSR_PMON_BOX_STATUS", .addr = 0xC15, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,
	  .spec = "V-13 OQ-V1" },
	{ .name = "U_MSR_PMON_CTR%u", .addr = 0xC16, .stride = 1, .count = 2, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr44, .spec = "V-16" },
};

/* V-20: box n at +0x20n, as on the E5-2600; no box status (OQ-V8). */
static const struct reg_tmpl cbox_regs[] = {
	{ .name = "C_MSR_PMON_BOX_CTL", .addr = 0xD04, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "C_MSR_PMON_CTL%u", .addr = 0xD10, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_tid, .spec = "V-11 V-12",
	  .pair = 0xD16 },
	{ .name = "C_MSR_PMON_BOX_FILTER0", .addr = 0xD14, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cbox_filter0, .spec = "V-18" },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xD16, .stride = 1, .count = 4, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr44, .spec = "V-16" },
	{ .name = "C_MSR_PMON_BOX_FILTER1", .addr = 0xD1A, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cbox_filter1, .spec = "V-18" },
};

/* V-24: the counters each event may use (LNX's C-box constraints, which
 * IVB-EP shares with the E5-2600; the rows after 0x39 were not seen). */
#define RULE(ev, ctrs) { .event = ev, .counters = ctrs, .spec = "V-24" }
static const struct event_rule cbox_events[] = {
	RULE(0x01, 0x1), RULE(0x02, 0x3), RULE(0x04, 0x3), RULE(0x05, 0x3), RULE(0x07, 0x3),
	RULE(0x09, 0x3), RULE(0x11, 0x1), RULE(0x12, 0x3), RULE(0x13, 0x3), RULE(0x1b, 0xc),
	RULE(0x1c, 0xc), RULE(0x1d, 0xc), RULE(0x1e, 0xc), RULE(0x1f, 0xe), RULE(0x21, 0x3),
	RULE(0x23, 0x3), RULE(0x31, 0x3), RULE(0x32, 0x3), RULE(0x33, 0x3), RULE(0x34, 0x3),
	RULE(0x35, 0x3), RULE(0x36, 0x1), RULE(0x37, 0x3), RULE(0x38, 0x3), RULE(0x39, 0x3),
	{ .spec = NULL },
};

/* V-20. */
static const struct reg_tmpl pcu_regs[] = {
	{ .name = "PCU_MSR_PMON_BOX_CTL", .addr = 0xC24, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "PCU_MSR_PMON_CTL%u", .addr = 0xC30, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_pcu_ctl, .spec = "V-11 V-12",
	  .pair = 0xC36 },
	{ .name = "PCU_MSR_PMON_BOX_FILTER", .addr = 0xC34, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = xeon_pcu_filter, .spec = "V-17" },
	{ .name = "PCU_MSR_PMON_BOX_STATUS", .addr = 0xC35, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "V-13" },
	{ .name = "PCU_MSR_PMON_CTR%u", .addr = 0xC36, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

/* V-16, V-20: outside PMON, per core as on the E5-2600. */
static const struct reg_tmpl residency_regs[] = {
	{ .name = "PCU_MSR_CORE_C3_CTR", .addr = 0x3FC, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "V-16" },
	{ .name = "PCU_MSR_CORE_C6_CTR", .addr = 0x3FD, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "V-16" },
};

const struct box_type ivbep_ubox = {
	.name = "ubox",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = ubox_regs,
	.nregs = ARRAY_SIZE(ubox_regs),
};

/* Fifteen register sets; one per core of the part (V-21, OQ-V6). */
const struct box_type ivbep_cbox = {
	.name = "cbox",
	.nboxes = 15,
	.box_stride = 0x20,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
	.events = cbox_events,
};

const struct box_type ivbep_pcu = {
	.name = "pcu",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = pcu_regs,
	.nregs = ARRAY_SIZE(pcu_regs),
};

const struct box_type ivbep_residency = {
	.name = "pcu_residency",
	.nboxes = 1,
	.scope = SCOPE_CORE,
	.regs = residency_regs,
	.nregs = ARRAY_SIZE(residency_regs),
};

/* ---- PCI boxes (V-14, V-23): BOX_CTL 0xF4, status 0xF8, CTLk 0xD8 + 4k,
 * CTRk two dwords at 0xA0 + 8k. ---- */

/* V-23: channel k of LNX's order; PCM's device and function. */
static const uint16_t imc_ids[] = { 0x0EB4, 0x0EB5, 0x0EB0, 0x0EB1,
				    0x0EF4, 0x0EF5, 0x0EF0, 0x0EF1 };
#define DF(d, f) ((d) << 3 | (f))
static const uint8_t imc_df[] = { DF(16, 4), DF(16, 5), DF(16, 0), DF(16, 1),
				  DF(30, 4), DF(30, 5), DF(30, 0), DF(30, 1) };
static const uint16_t qpi_ids[] = { 0x0E32, 0x0E33, 0x0E3A };
static const uint8_t qpi_df[] = { DF(8, 2), DF(9, 2), DF(24, 2) };

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
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl, .spec = "V-11 V-12", .pair = 0xA0 },
	{ .name = "MC_CH_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

static const struct reg_tmpl qpi_regs[] = {
	{ .name = "Q_P_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "V-09" },
	{ .name = "Q_P_PCI_PMON_BOX_STATUS", .addr = 0xF8, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status7, .spec = "V-14" },
	{ .name = "Q_P_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_qpi_ctl, .spec = "V-11 V-12",
	  .pair = 0xA0 },
	{ .name = "Q_P_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "V-16" },
};

PCI_BOX(ivbep_imc, "imc", imc_ids, imc_df, imc_regs, NULL);
PCI_BOX(ivbep_qpi, "qpi", qpi_ids, qpi_df, qpi_regs, NULL);

const struct box_type *const ivbep_boxes[] = {
	&ivbep_ubox, &ivbep_cbox, &ivbep_pcu, &ivbep_residency, &ivbep_imc.box, &ivbep_qpi.box,
};
