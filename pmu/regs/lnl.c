/* Layout F's MMIO units behind SAFBAR (spec client-uncore.md §4.17): the
 * host bridge's BAR at configuration offset 0x68 (L-119); the sNCU page at
 * SAFBAR + 0xE4B000 with its unit control, two counters and two controls
 * (Intel's addresses, OQ-L50), the layout's global control and the
 * write-1-to-clear status bitmap (L-120, L-123, L-124); HBO box b at
 * SAFBAR + 0xE54000 - 0x1000b with four counters (L-121). Addresses are
 * offsets from SAFBAR (SCOPE_MMIO); no generation's MSR list holds them. */
#include "pmu/regs/tables.h"

/* L-126, OQ-L52: freeze bit 0; the generic resets at 8 and 9 act, read 0. */
static const struct field unit_ctl[] = {
	{ .name = "FRZ", .lo = 0, .hi = 0, .access = FA_RW, .spec = "L-126 OQ-L52" },
	{ .name = "RST_CTRL", .lo = 8, .hi = 8, .access = FA_W1A, .spec = "L-126 OQ-L52" },
	{ .name = "RST_CTRS", .lo = 9, .hi = 9, .access = FA_W1A, .spec = "L-126 OQ-L52" },
	{ .name = NULL },
};

/* L-122: no enable; the HBO's filter in 55:32. */
#define CTL_FIELDS                                                                          \
	{ .name = "EV_SEL", .lo = 0, .hi = 7, .access = FA_RW, .spec = "L-122" },            \
	{ .name = "UMASK", .lo = 8, .hi = 15, .access = FA_RW, .spec = "L-122" },            \
	{ .name = "RST", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "L-122" },            \
	{ .name = "EDGE_DET", .lo = 18, .hi = 18, .access = FA_RW, .spec = "L-122" },        \
	{ .name = "FRZ_ON_OV", .lo = 20, .hi = 20, .access = FA_RW, .spec = "L-122 L-125" }, \
	{ .name = "INVERT", .lo = 23, .hi = 23, .access = FA_RW, .spec = "L-122" },          \
	{ .name = "THRESH", .lo = 24, .hi = 31, .access = FA_RW, .spec = "L-122" }
static const struct field sncu_ctl[] = { CTL_FIELDS, { .name = NULL } };
static const struct field hbo_ctl[] = {
	CTL_FIELDS,
	{ .name = "HBO_FILTER", .lo = 32, .hi = 55, .access = FA_RW, .spec = "L-122" },
	{ .name = NULL },
};

/* L-123, OQ-L51: freeze-all bit 0, resets of every unit's controls (1) and
 * counters (2). */
static const struct field global_ctl[] = {
	{ .name = "FRZ_ALL", .lo = 0, .hi = 0, .access = FA_RW, .spec = "L-123 OQ-L51" },
	{ .name = "RST_CTRL", .lo = 1, .hi = 1, .access = FA_W1A, .spec = "L-123 OQ-L51" },
	{ .name = "RST_CTRS", .lo = 2, .hi = 2, .access = FA_W1A, .spec = "L-123 OQ-L51" },
	{ .name = NULL },
};

/* L-124 */
static const struct field status[] = {
	{ .name = "SNCU_OV", .lo = 0, .hi = 0, .access = FA_W1C, .spec = "L-124" },
	{ .name = "MC0_OV", .lo = 1, .hi = 1, .access = FA_W1C, .spec = "L-124 L-127" },
	{ .name = "MC1_OV", .lo = 2, .hi = 2, .access = FA_W1C, .spec = "L-124 L-127" },
	{ .name = "HBO0_OV", .lo = 3, .hi = 3, .access = FA_W1C, .spec = "L-124" },
	{ .name = "HBO1_OV", .lo = 4, .hi = 4, .access = FA_W1C, .spec = "L-124" },
	{ .name = NULL },
};

static const struct field count64[] = {
	{ .name = "COUNT", .lo = 0, .hi = 63, .access = FA_RW, .spec = "L-120 L-121" },
	{ .name = NULL },
};

static const struct reg_tmpl sncu_regs[] = {
	{ .name = "SNCU_UNIT_CTL", .addr = 0xE4B380, .count = 1, .width = 64,
	  .role = ROLE_BOX_CTL, .access = RA_RW, .fields = unit_ctl, .spec = "L-120 L-126" },
	{ .name = "SNCU_CTR%u", .addr = 0xE4B390, .stride = 8, .count = 2, .width = 64,
	  .role = ROLE_CTR, .access = RA_RW, .fields = count64, .spec = "L-120" },
	{ .name = "SNCU_CTL%u", .addr = 0xE4B3A0, .stride = 8, .count = 2, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = sncu_ctl, .spec = "L-120 OQ-L50",
	  .pair = 0xE4B390 },
	{ .name = "NCU_GLOBAL_CTL", .addr = 0xE4B700, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "L-123" },
	{ .name = "NCU_GLOBAL_STATUS", .addr = 0xE4B708, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = status, .spec = "L-124" },
};
/* Box b's registers at these offsets less 0x1000b (L-119, L-121). */
static const struct reg_tmpl hbo_regs[] = {
	{ .name = "HBO_UNIT_CTL", .addr = 0xE54548, .count = 1, .width = 64,
	  .role = ROLE_BOX_CTL, .access = RA_RW, .fields = unit_ctl, .spec = "L-121 L-126" },
	{ .name = "HBO_CTL%u", .addr = 0xE54550, .stride = 8, .count = 4, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = hbo_ctl, .spec = "L-121 OQ-L50",
	  .pair = 0xE54570 },
	{ .name = "HBO_CTR%u", .addr = 0xE54570, .stride = 8, .count = 4, .width = 64,
	  .role = ROLE_CTR, .access = RA_RW, .fields = count64, .spec = "L-121" },
};

const struct box_type lnl_sncu = {
	.name = "sncu",
	.nboxes = 1,
	.scope = SCOPE_MMIO,
	.regs = sncu_regs,
	.nregs = ARRAY_SIZE(sncu_regs),
};
/* Two boxes 0x1000 apart, downwards: box_stride holds no negative step
 * (LNL_HBO_STEP, tables.h). */
const struct box_type lnl_hbo = {
	.name = "hbo",
	.nboxes = 2,
	.scope = SCOPE_MMIO,
	.regs = hbo_regs,
	.nregs = ARRAY_SIZE(hbo_regs),
};

/* L-127: the memory controllers of §4.16; L-119: the sNCU and the HBOs
 * behind SAFBAR, HBO box b LNL_HBO_STEP * b below box 0. */
const struct mmio_box lnl_mmio[4] = {
	{ .bar = "MCHBAR", .cfg_off = MCHBAR_CFG, .step = IMC_STRIDE, .box = &imc_pmon },
	{ .bar = "MCHBAR", .cfg_off = MCHBAR_CFG, .step = IMC_STRIDE, .box = &imc_freerun },
	{ .bar = "SAFBAR", .cfg_off = SAFBAR_CFG, .box = &lnl_sncu },
	{ .bar = "SAFBAR", .cfg_off = SAFBAR_CFG, .step = -(int32_t)LNL_HBO_STEP, .box = &lnl_hbo },
};
