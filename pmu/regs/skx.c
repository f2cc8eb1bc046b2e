/* Xeon Scalable first, second and third generation (Skylake-SP, Cascade
 * Lake and Cooper Lake, model 0x55) uncore (spec xeon-sp-uncore.md, K-xx):
 * the MSR boxes, one map for the three (K-01, OQ-K5, K-40). The U-box with the global control at
 * 0x700 whose freeze bits moved to 63 and 61 (K-03), up to 28 CHAs from
 * 0xE00 at stride 0x10 with two filter registers and a box status (K-11,
 * K-12), six IIO boxes from 0xA40 and six IRP boxes from 0xA58 at stride
 * 0x20 (K-16), the IIO's free-running counters (K-17, K-42), the PCU at
 * 0x710 (K-18, K-44) and the residency counters. Its PCI boxes (§4) are not tabled
 * yet. */
#include "pmu/regs/tables.h"
#include "pmu/regs/xeon_fields.h"

/* K-03, OQ-K3: the freeze bits alone; 31 and 29 reserved. */
static const struct field global_ctl[] = {
	{ .name = "unfrz_all", .lo = 61, .hi = 61, .access = FA_WO, .spec = "K-03 K-04" },
	{ .name = "frz_all", .lo = 63, .hi = 63, .access = FA_WO, .spec = "K-03 K-04" },
	{ .name = NULL },
};

/* K-12: LNX's 64-bit filter, its low dword FILTER0, its high FILTER1. */
static const struct field cha_filter0[] = {
	{ .name = "tid", .lo = 0, .hi = 8, .access = FA_RW, .spec = "K-12 K-13 OQ-K8" },
	{ .name = "link", .lo = 9, .hi = 12, .access = FA_RW, .spec = "K-12" },
	{ .name = "state", .lo = 17, .hi = 26, .access = FA_RW, .spec = "K-12" },
	{ .name = NULL },
};

static const struct field cha_filter1[] = {
	{ .name = "rem", .lo = 0, .hi = 0, .access = FA_RW, .spec = "K-12" },
	{ .name = "loc", .lo = 1, .hi = 1, .access = FA_RW, .spec = "K-12" },
	{ .name = "all_opc", .lo = 3, .hi = 3, .access = FA_RW, .spec = "K-12" },
	{ .name = "nm", .lo = 4, .hi = 4, .access = FA_RW, .spec = "K-12" },
	{ .name = "not_nm", .lo = 5, .hi = 5, .access = FA_RW, .spec = "K-12" },
	{ .name = "opc0", .lo = 9, .hi = 18, .access = FA_RW, .spec = "K-12" },
	{ .name = "opc1", .lo = 19, .hi = 28, .access = FA_RW, .spec = "K-12" },
	{ .name = "c6", .lo = 29, .hi = 29, .access = FA_RW, .spec = "K-12" },
	{ .name = "nc", .lo = 30, .hi = 30, .access = FA_RW, .spec = "K-12" },
	{ .name = "isoc", .lo = 31, .hi = 31, .access = FA_RW, .spec = "K-12" },
	{ .name = NULL },
};

/* K-07: the IIO's 64-bit control, its threshold running on into the upper
 * dword, the channel and function masks above it. */
static const struct field iio_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "K-07" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "K-07" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "K-07" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "K-07 K-09" },
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "K-07 K-08" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "K-07" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "K-07 K-09" },
	{ .name = "thresh", .lo = 24, .hi = 35, .access = FA_RW, .spec = "K-07 K-09" },
	{ .name = "ch_mask", .lo = 36, .hi = 43, .access = FA_RW, .spec = "K-07" },
	{ .name = "fc_mask", .lo = 44, .hi = 46, .access = FA_RW, .spec = "K-07" },
	{ .name = NULL },
};

/* K-17, K-42: a free-running count, read only, 36 bits. */
static const struct field ctr36[] = {
	{ .name = "event_count", .lo = 0, .hi = 35, .access = FA_RO, .spec = "K-10 K-17 K-42" },
	{ .name = NULL },
};

/* K-03, K-08, K-10, OQ-K1: the E5 v3's U-box addresses, all counters 48
 * bits, no U-box filter (LNX's skx_uncore_ubox has none). */
static const struct reg_tmpl ubox_regs[] = {
	{ .name = "U_MSR_PMON_GLOBAL_CTL", .addr = 0x700, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "K-03" },
	{ .name = "U_MSR_PMON_GLOBAL_STATUS", .addr = 0x701, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .spec = "OQ-K1" },
	{ .name = "U_MSR_PMON_GLOBAL_CONFIG", .addr = 0x702, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .spec = "OQ-K1" },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTL", .addr = 0x703, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uclk_fixed_ctl, .spec = "K-07",
	  .pair = 0x704 },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTR", .addr = 0x704, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10" },
	{ .name = "U_MSR_PMON_CTL%u", .addr = 0x705, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uctl_inv, .spec = "K-07",
	  .pair = 0x709 },
	{ .name = "U_MSR_PMON_BOX_STATUS", .addr = 0x708, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,
	  .spec = "K-08 OQ-K1" },
	{ .name = "U_MSR_PMON_CTR%u", .addr = 0x709, .stride = 1, .count = 2, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10" },
};

/* K-11: CHA n at +0x10n. */
static const struct reg_tmpl cha_regs[] = {
	{ .name = "C_MSR_PMON_BOX_CTL", .addr = 0xE00, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 OQ-K6" },
	{ .name = "C_MSR_PMON_CTL%u", .addr = 0xE01, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_tid_inv, .spec = "K-07",
	  .pair = 0xE08 },
	{ .name = "C_MSR_PMON_BOX_FILTER0", .addr = 0xE05, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cha_filter0, .spec = "K-12" },
	{ .name = "C_MSR_PMON_BOX_FILTER1", .addr = 0xE06, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cha_filter1, .spec = "K-12" },
	{ .name = "C_MSR_PMON_BOX_STATUS", .addr = 0xE07, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4, .spec = "K-08" },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xE08, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10" },
};

/* K-16, K-17, OQ-K2: IIO n at +0x20n; its I/O clock counter between its
 * counters and its status. */
static const struct reg_tmpl iio_regs[] = {
	{ .name = "IIO_MSR_PMON_BOX_CTL", .addr = 0xA40, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06" },
	{ .name = "IIO_MSR_PMON_CTR%u", .addr = 0xA41, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10 K-16" },
	{ .name = "IIO_MSR_FREE_IOCLK", .addr = 0xA45, .count = 1, .width = 36,
	  .role = ROLE_CTR, .access = RA_RO, .fields = ctr36, .spec = "K-17" },
	{ .name = "IIO_MSR_PMON_BOX_STATUS", .addr = 0xA47, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 OQ-K2" },
	{ .name = "IIO_MSR_PMON_CTL%u", .addr = 0xA48, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = iio_ctl, .spec = "K-07 K-16",
	  .pair = 0xA41 },
};

/* K-17, K-42, K-43: IIO n's bandwidth (ports 0..3 in, 4..7 out; 4 bytes a
 * count) and utilisation (port p in at 2p, out at 2p + 1) counters at
 * +0x10n, the bandwidth first (the model tells them apart by that order). */
static const struct reg_tmpl iio_free_regs[] = {
	{ .name = "IIO_MSR_FREE_BW%u", .addr = 0xB00, .stride = 1, .count = 8, .width = 36,
	  .role = ROLE_CTR, .access = RA_RO, .fields = ctr36, .spec = "K-17 K-42 K-43" },
	{ .name = "IIO_MSR_FREE_UTIL%u", .addr = 0xB08, .stride = 1, .count = 8, .width = 36,
	  .role = ROLE_CTR, .access = RA_RO, .fields = ctr36, .spec = "K-17 K-42 K-43" },
};

/* K-16, OQ-K2: IRP n at +0x20n, two counters. */
static const struct reg_tmpl irp_regs[] = {
	{ .name = "IRP_MSR_PMON_BOX_CTL", .addr = 0xA58, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06" },
	{ .name = "IRP_MSR_PMON_CTR%u", .addr = 0xA59, .stride = 1, .count = 2, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10 K-16" },
	{ .name = "IRP_MSR_PMON_CTL%u", .addr = 0xA5B, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_inv, .spec = "K-07 K-16",
	  .pair = 0xA59 },
	{ .name = "IRP_MSR_PMON_BOX_STATUS", .addr = 0xA5F, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,
	  .spec = "K-08 OQ-K2" },
};

/* K-18, OQ-K7: the E5 v3's PCU MSRs, no umask, a 5-bit threshold; K-44:
 * ev_sel_ext at 21, as the E5 v3's (V-29). */
static const struct reg_tmpl pcu_regs[] = {
	{ .name = "PCU_MSR_PMON_BOX_CTL", .addr = 0x710, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06" },
	{ .name = "PCU_MSR_PMON_CTL%u", .addr = 0x711, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_pcu_ctl_ext_inv,
	  .spec = "K-07 K-44 OQ-K7",
	  .pair = 0x717 },
	{ .name = "PCU_MSR_PMON_BOX_FILTER", .addr = 0x715, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = xeon_pcu_filter, .spec = "K-18" },
	{ .name = "PCU_MSR_PMON_BOX_STATUS", .addr = 0x716, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 OQ-K1" },
	{ .name = "PCU_MSR_PMON_CTR%u", .addr = 0x717, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-10" },
};

/* K-10: outside PMON, per core, as the E5 family's. */
static const struct reg_tmpl residency_regs[] = {
	{ .name = "PCU_MSR_CORE_C3_CTR", .addr = 0x3FC, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "K-10" },
	{ .name = "PCU_MSR_CORE_C6_CTR", .addr = 0x3FD, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "K-10" },
};

/* K-15: the counters each event may use (LNX's constraints). */
#define RULE(ev, ctrs) { .event = ev, .counters = ctrs, .spec = "K-15" }
static const struct event_rule cha_events[] = {
	RULE(0x11, 0x1), RULE(0x36, 0x1), { .spec = NULL },
};
static const struct event_rule iio_events[] = {
	RULE(0x83, 0x3), RULE(0x88, 0xc), RULE(0x95, 0xc), RULE(0xc0, 0xc), RULE(0xc5, 0xc),
	RULE(0xd4, 0xc), RULE(0xd5, 0xc), { .spec = NULL },
};

#define BOX(var, box_name, n, stride, scope_, box_regs, rules, probe)                      \
	const struct box_type var = {                                                      \
		.name = box_name, .nboxes = n, .box_stride = stride, .scope = scope_,      \
		.regs = box_regs, .nregs = ARRAY_SIZE(box_regs), .events = rules,          \
		.probed = probe,                                                           \
	}

BOX(skx_ubox, "ubox", 1, 0, SCOPE_PACKAGE, ubox_regs, NULL, false);
/* 28 register sets, of which CAPID6 says which exist (K-14). */
BOX(skx_cha, "cha", 28, 0x10, SCOPE_PACKAGE, cha_regs, cha_events, true);
BOX(skx_iio, "iio", 6, 0x20, SCOPE_PACKAGE, iio_regs, iio_events, true);
BOX(skx_iio_free, "iio_free", 6, 0x10, SCOPE_PACKAGE, iio_free_regs, NULL, true);
BOX(skx_irp, "irp", 6, 0x20, SCOPE_PACKAGE, irp_regs, NULL, true);
BOX(skx_pcu, "pcu", 1, 0, SCOPE_PACKAGE, pcu_regs, NULL, false);
BOX(skx_residency, "pcu_residency", 1, 0, SCOPE_CORE, residency_regs, NULL, false);

const struct box_type *const skx_boxes[] = {
	&skx_ubox, &skx_cha, &skx_iio, &skx_iio_free, &skx_irp, &skx_pcu, &skx_residency,
};
