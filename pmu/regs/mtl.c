/* Client uncore layout E (spec client-uncore.md §4.15: Meteor Lake `mtl`,
 * Arrow Lake `arl`): MSR units on two tiles. The compute tile's units sit
 * at 0x2400..0x24FF (C-boxes, two ARB boxes, the cNCU with its fixed
 * counter and box control 0x240E), the SoC tile's at 0x2000..0x20FF (two
 * HAC ARB boxes, two HAC C-boxes, the sNCU with its fixed counter and box
 * control 0x200E) (L-101..L-104). Each NCU box control's EN enables its
 * tile's counting where A..D had one GLOBAL_CTRL (L-105, OQ-L40): they
 * are the global controls of this layout, saved and restored last. Every
 * counter is 48 bits (L-102..L-104); every event select has layout D's
 * C-box fields, a 6-bit threshold (L-107). No status register exists
 * (L-108, OQ-L42). CBO_CONFIG (0x396) counts the C-boxes (L-106). */
#include "pmu/regs/tables.h"

/* L-105; OQ-L42: the bits of A..D's GLOBAL_CTRL other than EN stored,
 * acting on nothing. */
static const struct field ncu_box_ctl[] = {
	{ .name = "SEL", .lo = 0, .hi = 4, .access = FA_RW, .spec = "OQ-L42" },
	{ .name = "EN", .lo = 29, .hi = 29, .access = FA_RW, .spec = "L-105 OQ-L40" },
	{ .name = "WAKE", .lo = 30, .hi = 30, .access = FA_RW, .spec = "OQ-L42" },
	{ .name = "FREEZE", .lo = 31, .hi = 31, .access = FA_RW, .spec = "OQ-L42" },
	{ .name = NULL },
};

/* L-104 (EN as L-22); OQ-L41: OVF_EN stored, acting on nothing. */
static const struct field fixed_ctl[] = {
	{ .name = "OVF_EN", .lo = 20, .hi = 20, .access = FA_RW, .spec = "OQ-L41" },
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "L-104" },
	{ .name = NULL },
};

/* L-107: layout D's C-box fields on every unit (L-75); OQ-L41. */
static const struct field evtsel[] = {
	{ .name = "EVENT", .lo = 0, .hi = 7, .access = FA_RW, .spec = "L-107" },
	{ .name = "UMASK", .lo = 8, .hi = 15, .access = FA_RW, .spec = "L-107" },
	{ .name = "E", .lo = 18, .hi = 18, .access = FA_RW, .spec = "L-107" },
	{ .name = "OVF_EN", .lo = 20, .hi = 20, .access = FA_RW, .spec = "L-107 OQ-L41" },
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "L-105 L-107" },
	{ .name = "INV", .lo = 23, .hi = 23, .access = FA_RW, .spec = "L-107" },
	{ .name = "THRESH", .lo = 24, .hi = 29, .access = FA_RW, .spec = "L-107" },
	{ .name = NULL },
};

/* L-102..L-104; OQ-L42: bits above the width read 0. */
static const struct field counter48[] = {
	{ .name = "COUNT", .lo = 0, .hi = 47, .access = FA_RW, .spec = "L-102 L-104" },
	{ .name = NULL },
};

/* L-106 (L-68): the C-box count. */
static const struct field cbo_config[] = {
	{ .name = "CBOX_COUNT", .lo = 0, .hi = 3, .access = FA_RO, .spec = "L-106" },
	{ .name = NULL },
};

/* Two event selects at sel, two counters at ctr (the selects below the
 * counters), per box at the stride 0x10 (L-102, L-103). */
#define SEL_CTR(unit, sel, ctr, sid)                                                        \
	{ .name = "MSR_UNC_" unit "_PERFEVTSEL%u", .addr = (sel), .stride = 1, .count = 2,  \
	  .width = 64, .role = ROLE_CTL, .access = RA_RW, .fields = evtsel,                 \
	  .spec = sid " L-107", .pair = (ctr) },                                            \
	{ .name = "MSR_UNC_" unit "_PERFCTR%u", .addr = (ctr), .stride = 1, .count = 2,     \
	  .width = 48, .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = sid }

/* An NCU: its box control (the tile's enable) and its fixed counter
 * (L-104, L-105). */
#define NCU(unit, box, fctl, fctr)                                                          \
	{ .name = "MSR_UNC_" unit "_BOX_CTL", .addr = (box), .count = 1, .width = 64,         \
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = ncu_box_ctl,                    \
	  .spec = "L-105 OQ-L40" },                                                           \
	{ .name = "MSR_UNC_" unit "_FIXED_CTRL", .addr = (fctl), .count = 1, .width = 64,     \
	  .role = ROLE_CTL, .access = RA_RW, .fields = fixed_ctl, .spec = "L-104",            \
	  .pair = (fctr) },                                                                   \
	{ .name = "MSR_UNC_" unit "_FIXED_CTR", .addr = (fctr), .count = 1, .width = 48,      \
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "L-104" }

static const struct reg_tmpl cncu_regs[] = { NCU("CNCU", 0x240E, 0x2402, 0x2408) };
/* L-118: layout F keeps 0x240E alone of the NCUs' MSRs, its global control. */
static const struct reg_tmpl lnl_gctl_regs[] = { cncu_regs[0] };
static const struct reg_tmpl sncu_regs[] = { NCU("SNCU", 0x200E, 0x2002, 0x2008) };
static const struct reg_tmpl config_regs[] = {
	{ .name = "MSR_UNC_CBO_CONFIG", .addr = 0x396, .count = 1, .width = 64,
	  .role = ROLE_INFO, .access = RA_RO, .fields = cbo_config, .spec = "L-106" },
};
static const struct reg_tmpl cbox_regs[] = { SEL_CTR("CBO", 0x2442, 0x2448, "L-102") };
static const struct reg_tmpl arb_regs[] = { SEL_CTR("ARB", 0x2412, 0x2418, "L-103") };
static const struct reg_tmpl hac_arb_regs[] = { SEL_CTR("HAC_ARB", 0x2012, 0x2018, "L-103") };
static const struct reg_tmpl hac_cbox_regs[] = { SEL_CTR("HAC_CBO", 0x2042, 0x2048, "L-103") };

#define ONE(name_, regs_)                                                                   \
	{ .name = (name_), .nboxes = 1, .scope = SCOPE_PACKAGE, .regs = (regs_),            \
	  .nregs = ARRAY_SIZE(regs_) }
#define TWO(name_, regs_)                                                                   \
	{ .name = (name_), .nboxes = 2, .box_stride = 0x10, .scope = SCOPE_PACKAGE,          \
	  .regs = (regs_), .nregs = ARRAY_SIZE(regs_) }

const struct box_type mtl_cncu = ONE("cncu", cncu_regs);
const struct box_type mtl_sncu = ONE("sncu", sncu_regs);
static const struct box_type mtl_config = ONE("config", config_regs);
const struct box_type mtl_arb = TWO("arb", arb_regs);
const struct box_type mtl_hac_arb = TWO("hac_arb", hac_arb_regs);
const struct box_type mtl_hac_cbox = TWO("hac_cbox", hac_cbox_regs);
/* L-102, L-106, OQ-L29: up to eight at the stride 0x10, one per core. */
const struct box_type mtl_cbox = {
	.name = "cbox",
	.nboxes = 8,
	.box_stride = 0x10,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
};

/* L-118: layout F (Lunar Lake), the compute tile's C-boxes (four) and ARB
 * boxes in MSRs, started by 0x240E's EN. */
const struct box_type lnl_gctl = ONE("global", lnl_gctl_regs);
const struct box_type lnl_cbox = {
	.name = "cbox",
	.nboxes = 4,
	.box_stride = 0x10,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
};
const struct box_type *const lnl_boxes[] = { &lnl_gctl, &mtl_config, &lnl_cbox, &mtl_arb };

/* L-141..L-143: Panther Lake's legacy MSR units beside its discovery
 * table: six C-boxes at layout E's addresses, SANTA at the ARB's, the IA
 * core bridge at 0x2022 (layout E's HAC ARB box 1), two cNCU boxes 0x140
 * apart, each its box control (the enables, L-144) and fixed counter. */
static const struct reg_tmpl santa_regs[] = { SEL_CTR("SANTA", 0x2412, 0x2418, "L-141") };
static const struct reg_tmpl bridge_regs[] = { SEL_CTR("IA_CORE_BRIDGE", 0x2022, 0x2028, "L-141") };
const struct box_type ptl_cncu = {
	.name = "cncu",
	.nboxes = 2,
	.box_stride = 0x140, /* L-143 */
	.scope = SCOPE_PACKAGE,
	.regs = cncu_regs,
	.nregs = ARRAY_SIZE(cncu_regs),
};
const struct box_type ptl_cbox = {
	.name = "cbox",
	.nboxes = 6, /* L-142, OQ-L59 */
	.box_stride = 0x10,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
};
const struct box_type ptl_santa = TWO("santa", santa_regs);
const struct box_type ptl_bridge = ONE("ia_core_bridge", bridge_regs);
const struct box_type *const ptl_boxes[] = { &ptl_cncu, &ptl_cbox, &ptl_santa, &ptl_bridge };

const struct box_type *const mtl_boxes[] = { &mtl_cncu, &mtl_sncu, &mtl_config, &mtl_cbox,
					     &mtl_arb, &mtl_hac_arb, &mtl_hac_cbox };
