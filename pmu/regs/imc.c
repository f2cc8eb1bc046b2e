/* The memory controllers' MMIO counters, Alder Lake and later (spec
 * client-uncore.md §4.16): behind MCHBAR, the host bridge's BAR at
 * configuration offset 0x48 (L-110), each of two controllers has a PMON
 * block at MCHBAR + 0x10000m + 0xD900 (GLOBAL_CTL, BOX_CTL, five 32-bit
 * counter controls, five 64-bit counters, L-111) and free-running request
 * counters at MCHBAR + 0x10000m + 0xD800 (L-115). Addresses here are
 * offsets from MCHBAR (SCOPE_MMIO); the box stride is the controllers'. The
 * box control is the third control layout (L-113): freeze bit 0, resets
 * bits 1 and 2; a counter control has no enable (L-112). */
#include "pmu/regs/tables.h"

/* L-113, L-114; OQ-L46, OQ-L47: the resets act and read 0. */
static const struct field box_ctl[] = {
	{ .name = "FRZ", .lo = 0, .hi = 0, .access = FA_RW, .spec = "L-113 OQ-L47" },
	{ .name = "RST_CTRL", .lo = 1, .hi = 1, .access = FA_W1A, .spec = "L-113 OQ-L46" },
	{ .name = "RST_CTRS", .lo = 2, .hi = 2, .access = FA_W1A, .spec = "L-113 OQ-L46" },
	{ .name = NULL },
};

/* L-112 */
static const struct field ctl[] = {
	{ .name = "EV_SEL", .lo = 0, .hi = 7, .access = FA_RW, .spec = "L-112" },
	{ .name = "CH_MASK", .lo = 8, .hi = 11, .access = FA_RW, .spec = "L-112" },
	{ .name = "RST", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "L-112" },
	{ .name = "EDGE_DET", .lo = 18, .hi = 18, .access = FA_RW, .spec = "L-112" },
	{ .name = "FRZ_ON_OV", .lo = 20, .hi = 20, .access = FA_RW, .spec = "L-112 OQ-L47" },
	{ .name = "INVERT", .lo = 23, .hi = 23, .access = FA_RW, .spec = "L-112" },
	{ .name = "THRESH", .lo = 24, .hi = 31, .access = FA_RW, .spec = "L-112" },
	{ .name = NULL },
};

static const struct field count64[] = {
	{ .name = "COUNT", .lo = 0, .hi = 63, .access = FA_RW, .spec = "L-111 L-115" },
	{ .name = NULL },
};

static const struct reg_tmpl pmon_regs[] = {
	{ .name = "IMC_GLOBAL_CTL", .addr = 0xD9C0, .count = 1, .width = 32,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = box_ctl, .spec = "L-114 OQ-L47" },
	{ .name = "IMC_BOX_CTL", .addr = 0xD9C4, .count = 1, .width = 32, .role = ROLE_BOX_CTL,
	  .access = RA_RW, .fields = box_ctl, .spec = "L-113" },
	{ .name = "IMC_CTL%u", .addr = 0xD9D0, .stride = 4, .count = 5, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = ctl, .spec = "L-111 L-112", .pair = 0xD9E8 },
	{ .name = "IMC_CTR%u", .addr = 0xD9E8, .stride = 8, .count = 5, .width = 64,
	  .role = ROLE_CTR, .access = RA_RW, .fields = count64, .spec = "L-111" },
};

/* L-115: total (reads and writes), reads, writes; no control. */
static const struct reg_tmpl freerun_regs[] = {
	{ .name = "IMC_TOTAL_REQCOUNT", .addr = 0xD840, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = count64, .spec = "L-115" },
	{ .name = "IMC_RD_REQCOUNT", .addr = 0xD858, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = count64, .spec = "L-115" },
	{ .name = "IMC_WR_REQCOUNT", .addr = 0xD8A0, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = count64, .spec = "L-115" },
};

/* L-110: two controllers, IMC_STRIDE apart. */
const struct box_type imc_pmon = {
	.name = "imc",
	.nboxes = 2,
	.scope = SCOPE_MMIO, /* box_stride holds no 0x10000: IMC_STRIDE (tables.h) */
	.regs = pmon_regs,
	.nregs = ARRAY_SIZE(pmon_regs),
};
const struct box_type imc_freerun = {
	.name = "imc_free_running",
	.nboxes = 2,
	.scope = SCOPE_MMIO,
	.regs = freerun_regs,
	.nregs = ARRAY_SIZE(freerun_regs),
};

/* L-110: both behind MCHBAR, controller m at + IMC_STRIDE * m. */
const struct mmio_box imc_mmio[2] = {
	{ .bar = "MCHBAR", .cfg_off = MCHBAR_CFG, .step = IMC_STRIDE, .box = &imc_pmon },
	{ .bar = "MCHBAR", .cfg_off = MCHBAR_CFG, .step = IMC_STRIDE, .box = &imc_freerun },
};
