/* Xeon Scalable third generation (Ice Lake-SP and Ice Lake-D, models 0x6A
 * and 0x6C) uncore (spec xeon-sp-uncore.md §8, K-60..K-70): the MSR boxes.
 * Apart from pmu/regs/skx.c because the boxes moved: the CHAs at the
 * offsets of a table with a gap (K-63), the M2PCIe, IRP and IIO boxes at
 * the offsets of another (K-66), two global status registers (K-62). The
 * U-box and the PCU keep SKX's addresses (K-60); the IIO's free-running
 * counters are 48 bits (K-68). Its memory controllers behind MMIO and its
 * PCI boxes are not tabled (K-70, OQ-K33). */
#include "pmu/regs/tables.h"
#include "pmu/regs/xeon_fields.h"

/* K-61, OQ-K3: the freeze bits alone, as SKX's. */
static const struct field global_ctl[] = {
	{ .name = "unfrz_all", .lo = 61, .hi = 61, .access = FA_WO, .spec = "K-61" },
	{ .name = "frz_all", .lo = 63, .hi = 63, .access = FA_WO, .spec = "K-61" },
	{ .name = NULL },
};

/* K-65, OQ-K32: tid alone. */
static const struct field cha_filter0[] = {
	{ .name = "tid", .lo = 0, .hi = 8, .access = FA_RW, .spec = "K-65 OQ-K32" },
	{ .name = NULL },
};

/* K-65: the CHA's 64-bit control with the extended umask. */
static const struct field cha_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "K-65" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "K-65" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "K-65" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "K-65 K-09" },
	{ .name = "tid_en", .lo = 19, .hi = 19, .access = FA_RW, .spec = "K-65" },
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "K-65 K-62" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "K-65" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "K-65 K-09" },
	{ .name = "thresh", .lo = 24, .hi = 31, .access = FA_RW, .spec = "K-65 K-09" },
	{ .name = "umask_ext", .lo = 32, .hi = 57, .access = FA_RW, .spec = "K-65 OQ-K32" },
	{ .name = NULL },
};

/* K-66: the IIO's 64-bit control, an 8-bit threshold, the channel and
 * function masks above. */
static const struct field iio_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "K-66" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "K-66" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "K-66" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "K-66 K-09" },
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "K-66 K-62" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "K-66" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "K-66 K-09" },
	{ .name = "thresh", .lo = 24, .hi = 31, .access = FA_RW, .spec = "K-66 K-09" },
	{ .name = "ch_mask", .lo = 36, .hi = 47, .access = FA_RW, .spec = "K-66" },
	{ .name = "fc_mask", .lo = 48, .hi = 50, .access = FA_RW, .spec = "K-66" },
	{ .name = NULL },
};

/* K-68: a free-running count, read only, 48 bits. */
static const struct field free48[] = {
	{ .name = "event_count", .lo = 0, .hi = 47, .access = FA_RO, .spec = "K-67 K-68" },
	{ .name = NULL },
};

/* K-60, K-62: SKX's U-box registers and the two global status registers,
 * a bit per box each (no fields: the model's default, OQ-K30). */
static const struct reg_tmpl ubox_regs[] = {
	{ .name = "U_MSR_PMON_GLOBAL_CTL", .addr = 0x700, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "K-61" },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTL", .addr = 0x703, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uclk_fixed_ctl, .spec = "K-60",
	  .pair = 0x704 },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTR", .addr = 0x704, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
	{ .name = "U_MSR_PMON_CTL%u", .addr = 0x705, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_uctl_inv, .spec = "K-60",
	  .pair = 0x709 },
	{ .name = "U_MSR_PMON_BOX_STATUS", .addr = 0x708, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,
	  .spec = "K-60" },
	{ .name = "U_MSR_PMON_CTR%u", .addr = 0x709, .stride = 1, .count = 2, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
	{ .name = "U_MSR_PMON_GLOBAL_STATUS1", .addr = 0x70E, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .spec = "K-62" },
	{ .name = "U_MSR_PMON_GLOBAL_STATUS2", .addr = 0x70F, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .spec = "K-62 OQ-K30" },
};

/* K-63: CHA n's set at 0xB60 + cha_offs[n]; CHA 0 at 0xE00. */
static const uint16_t cha_offs[] = {
	0x2A0, 0x2AE, 0x2BC, 0x2CA, 0x2D8, 0x2E6, 0x2F4, 0x302, 0x310, 0x31E,
	0x32C, 0x33A, 0x348, 0x356, 0x364, 0x372, 0x380, 0x38E, 0x3AA, 0x3B8,
	0x3C6, 0x3D4, 0x3E2, 0x3F0, 0x3FE, 0x40C, 0x41A, 0x428, 0x436, 0x444,
	0x452, 0x460, 0x46E, 0x47C, 0x000, 0x00E, 0x01C, 0x02A, 0x038, 0x046,
};

static const struct reg_tmpl cha_regs[] = {
	{ .name = "C_MSR_PMON_BOX_CTL", .addr = 0xB60, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 K-63" },
	{ .name = "C_MSR_PMON_CTL%u", .addr = 0xB61, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = cha_ctl, .spec = "K-63 K-65",
	  .pair = 0xB68 },
	{ .name = "C_MSR_PMON_BOX_FILTER0", .addr = 0xB65, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cha_filter0, .spec = "K-65" },
	{ .name = "C_MSR_PMON_BOX_STATUS", .addr = 0xB67, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 K-63" },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xB68, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
};

/* K-66: the I/O stacks' boxes at these offsets. */
static const uint16_t io_offs[] = { 0x00, 0x20, 0x40, 0x90, 0xB0, 0xD0 };

static const struct reg_tmpl m2pcie_regs[] = {
	{ .name = "M2PCIE_MSR_PMON_BOX_CTL", .addr = 0xA40, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 K-66" },
	{ .name = "M2PCIE_MSR_PMON_CTR%u", .addr = 0xA41, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
	{ .name = "M2PCIE_MSR_PMON_BOX_STATUS", .addr = 0xA45, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 K-66" },
	{ .name = "M2PCIE_MSR_PMON_CTL%u", .addr = 0xA46, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_inv, .spec = "K-66",
	  .pair = 0xA41 },
};

static const struct reg_tmpl irp_regs[] = {
	{ .name = "IRP_MSR_PMON_BOX_CTL", .addr = 0xA4A, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 K-66" },
	{ .name = "IRP_MSR_PMON_CTR%u", .addr = 0xA4B, .stride = 1, .count = 2, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
	{ .name = "IRP_MSR_PMON_CTL%u", .addr = 0xA4D, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_ctl_inv, .spec = "K-66",
	  .pair = 0xA4B },
	{ .name = "IRP_MSR_PMON_BOX_STATUS", .addr = 0xA4F, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status2,
	  .spec = "K-08 K-66" },
};

static const struct reg_tmpl iio_regs[] = {
	{ .name = "IIO_MSR_PMON_BOX_CTL", .addr = 0xA50, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 K-66" },
	{ .name = "IIO_MSR_PMON_CTR%u", .addr = 0xA51, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
	{ .name = "IIO_MSR_FREE_IOCLK", .addr = 0xA55, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RO, .fields = free48, .spec = "K-68 OQ-K33" },
	{ .name = "IIO_MSR_PMON_BOX_STATUS", .addr = 0xA57, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 K-66" },
	{ .name = "IIO_MSR_PMON_CTL%u", .addr = 0xA58, .stride = 1, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = iio_ctl, .spec = "K-66", .pair = 0xA51 },
};

/* K-68: IIO n's eight inbound bandwidth counters at 0xAA0 + bw_offs[n]. */
static const uint16_t bw_offs[] = { 0x00, 0x10, 0x20, 0x90, 0xA0, 0xB0 };

static const struct reg_tmpl iio_free_regs[] = {
	{ .name = "IIO_MSR_FREE_BW_IN%u", .addr = 0xAA0, .stride = 1, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RO, .fields = free48, .spec = "K-68 OQ-K33" },
};

/* K-60: SKX's PCU (K-18, K-44, OQ-K7). */
static const struct reg_tmpl pcu_regs[] = {
	{ .name = "PCU_MSR_PMON_BOX_CTL", .addr = 0x710, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = xeon_box_ctl, .spec = "K-06 K-60" },
	{ .name = "PCU_MSR_PMON_CTL%u", .addr = 0x711, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = xeon_pcu_ctl_ext_inv, .spec = "K-60 K-44 OQ-K7",
	  .pair = 0x717 },
	{ .name = "PCU_MSR_PMON_BOX_FILTER", .addr = 0x715, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = xeon_pcu_filter, .spec = "K-18 K-60" },
	{ .name = "PCU_MSR_PMON_BOX_STATUS", .addr = 0x716, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = xeon_box_status4,
	  .spec = "K-08 K-60" },
	{ .name = "PCU_MSR_PMON_CTR%u", .addr = 0x717, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = xeon_ctr48, .spec = "K-67" },
};

/* K-60: outside PMON, per core, as SKX's. */
static const struct reg_tmpl residency_regs[] = {
	{ .name = "PCU_MSR_CORE_C3_CTR", .addr = 0x3FC, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "K-60" },
	{ .name = "PCU_MSR_CORE_C6_CTR", .addr = 0x3FD, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = xeon_ctr64, .spec = "K-60" },
};

/* K-67: the counters each event may use (LNX's constraints). */
#define RULE(ev, ctrs) { .event = ev, .counters = ctrs, .spec = "K-67" }
static const struct event_rule cha_events[] = {
	RULE(0x11, 0x1), RULE(0x36, 0x1), { .spec = NULL },
};
static const struct event_rule iio_events[] = {
	RULE(0x02, 0x3), RULE(0x03, 0x3), RULE(0x83, 0x3), RULE(0xc0, 0xc), RULE(0xc5, 0xc),
	{ .spec = NULL },
};
static const struct event_rule m2pcie_events[] = {
	RULE(0x14, 0x3), RULE(0x23, 0x3), RULE(0x2d, 0x3), { .spec = NULL },
};

#define BOX(var, box_name, n, offs, box_regs, rules, probe)                                \
	const struct box_type var = {                                                      \
		.name = box_name, .nboxes = n, .scope = SCOPE_PACKAGE, .regs = box_regs,   \
		.nregs = ARRAY_SIZE(box_regs), .box_offs = offs, .events = rules,          \
		.probed = probe,                                                           \
	}

BOX(icx_ubox, "ubox", 1, NULL, ubox_regs, NULL, false);
/* 40 register sets, of which CAPID6 and CAPID7 say how many exist (K-64). */
BOX(icx_cha, "cha", ARRAY_SIZE(cha_offs), cha_offs, cha_regs, cha_events, true);
BOX(icx_m2pcie, "m2pcie", ARRAY_SIZE(io_offs), io_offs, m2pcie_regs, m2pcie_events, true);
BOX(icx_irp, "irp", ARRAY_SIZE(io_offs), io_offs, irp_regs, NULL, true);
BOX(icx_iio, "iio", ARRAY_SIZE(io_offs), io_offs, iio_regs, iio_events, true);
/* OQ-K33: the model has none of these. */
BOX(icx_iio_free, "iio_free", ARRAY_SIZE(bw_offs), bw_offs, iio_free_regs, NULL, true);
BOX(icx_pcu, "pcu", 1, NULL, pcu_regs, NULL, false);
const struct box_type icx_residency = {
	.name = "pcu_residency", .nboxes = 1, .scope = SCOPE_CORE, .regs = residency_regs,
	.nregs = ARRAY_SIZE(residency_regs),
};

const struct box_type *const icx_boxes[] = {
	&icx_ubox, &icx_cha, &icx_m2pcie, &icx_irp, &icx_iio, &icx_iio_free, &icx_pcu,
	&icx_residency,
};
