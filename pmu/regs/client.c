/* Client uncore, Sandy Bridge through Raptor Lake (spec client-uncore.md,
 * L-xx): four register layouts. Layout A (`snb`: Sandy
 * Bridge, Ivy Bridge, Haswell, Broadwell) has its global control and status
 * at 0x391/0x392, layout B (`skl`: Skylake, Kaby Lake, Coffee Lake, Comet
 * Lake) at 0xE01/0xE02 (L-07, L-09); both have the fixed U-clock counter
 * with its control at 0x394 and the counter at 0x395 (swapped relative to
 * Nehalem, L-08), CBO_CONFIG at 0x396, the ARB unit's two counters (L-14)
 * and up to four (A) or eight (B) C-boxes of two counters (L-04, L-05,
 * L-11..L-13). General counters count 44 bits, the fixed counter 48 on A
 * and 44 on B (L-32, L-33, OQ-L16). Reset values are 0 (OQ-L18). The two
 * layouts share every field table: only addresses, box counts, the fixed
 * counter's width and the PMI-select width differ (L-63). Layout C (`icl`:
 * Ice Lake client; `tgl`: Tiger Lake, Rocket Lake) keeps B's global
 * registers and packs the C-boxes at a stride of 8 (L-65..L-67), with one
 * ARB counter on Ice Lake (L-70); layout D (`adl`: Alder Lake, Raptor
 * Lake) moves the unit to 0x2000..0x2FFF, has two ARB boxes and a 6-bit
 * C-box threshold (L-73..L-76). */
#include "pmu/regs/tables.h"

/* §3; OQ-L7: four select bits on A, bit 4 stored and routing nowhere. */
static const struct field global_ctl_a[] = {
	{ .name = "PMI_SEL_CORE", .lo = 0, .hi = 3, .access = FA_RW, .spec = "L-43 L-24 OQ-L7" },
	{ .name = "SLICE4_SEL", .lo = 4, .hi = 4, .access = FA_RW, .spec = "OQ-L7" },
	{ .name = "EN", .lo = 29, .hi = 29, .access = FA_RW, .spec = "L-20 L-50" },
	{ .name = "WAKE_PMI", .lo = 30, .hi = 30, .access = FA_RW, .spec = "L-47 L-48 OQ-L10" },
	{ .name = "FREEZE", .lo = 31, .hi = 31, .access = FA_RW, .spec = "L-50 OQ-L11" },
	{ .name = NULL },
};

/* OQ-L7: five select bits on B (bit 4: core 4). */
static const struct field global_ctl_b[] = {
	{ .name = "PMI_SEL_CORE", .lo = 0, .hi = 4, .access = FA_RW, .spec = "L-43 L-24 OQ-L7" },
	{ .name = "EN", .lo = 29, .hi = 29, .access = FA_RW, .spec = "L-20 L-50" },
	{ .name = "WAKE_PMI", .lo = 30, .hi = 30, .access = FA_RW, .spec = "L-47 L-48 OQ-L10" },
	{ .name = "FREEZE", .lo = 31, .hi = 31, .access = FA_RW, .spec = "L-50 OQ-L11" },
	{ .name = NULL },
};

/* L-38: one bit per unit class; OQ-L8: read/write, 0 clears (L-40). */
static const struct field global_status[] = {
	{ .name = "FIXED_OVF", .lo = 0, .hi = 0, .access = FA_RW, .spec = "L-38 L-40 OQ-L8" },
	{ .name = "ARB_OVF", .lo = 1, .hi = 1, .access = FA_RW, .spec = "L-38 L-40 OQ-L8" },
	{ .name = "CBO_OVF", .lo = 3, .hi = 3, .access = FA_RW, .spec = "L-38 L-40 OQ-L8" },
	{ .name = NULL },
};

/* L-22, L-36 (OQ-L21: bit 20 is status, PMI and freeze enable at once). */
static const struct field fixed_ctl[] = {
	{ .name = "OVF_EN", .lo = 20, .hi = 20, .access = FA_RW, .spec = "L-36 OQ-L21" },
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "L-22" },
	{ .name = NULL },
};

/* L-15, L-18; OQ-L2: the model holds the C-box count. */
static const struct field cbo_config[] = {
	{ .name = "CBOX_COUNT", .lo = 0, .hi = 3, .access = FA_RO, .spec = "L-15 L-18 OQ-L2" },
	{ .name = NULL },
};

/* L-25, L-26; OQ-L19: CMASK 5 bits (hi 28); no occupancy reset, no USR/OS;
 * L-75: layout D's C-box threshold 6 bits (hi 29). */
#define EVTSEL_FIELDS(cmask_hi, cmask_spec)                                                \
	{ .name = "EVENT", .lo = 0, .hi = 7, .access = FA_RW, .spec = "L-25" },             \
	{ .name = "UMASK", .lo = 8, .hi = 15, .access = FA_RW, .spec = "L-25 L-57" },       \
	{ .name = "E", .lo = 18, .hi = 18, .access = FA_RW, .spec = "L-29" },               \
	{ .name = "OVF_EN", .lo = 20, .hi = 20, .access = FA_RW, .spec = "L-35" },          \
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "L-21" },              \
	{ .name = "INV", .lo = 23, .hi = 23, .access = FA_RW, .spec = "L-28 OQ-L12" },      \
	{ .name = "CMASK", .lo = 24, .hi = (cmask_hi), .access = FA_RW, .spec = cmask_spec }, \
	{ .name = NULL }
static const struct field evtsel[] = { EVTSEL_FIELDS(28, "L-27 OQ-L19") };
static const struct field evtsel_d[] = { EVTSEL_FIELDS(29, "L-27 L-75") };

/* L-32, L-33; OQ-L14: bits above the width read 0. */
static const struct field counter44[] = {
	{ .name = "COUNT", .lo = 0, .hi = 43, .access = FA_RW, .spec = "L-32 OQ-L14" },
	{ .name = NULL },
};

static const struct field counter48[] = {
	{ .name = "COUNT", .lo = 0, .hi = 47, .access = FA_RW, .spec = "L-33 OQ-L14" },
	{ .name = NULL },
};

/* The global box of a layout: control and status at gctl, gctl + 1 (L-07,
 * L-09, OQ-L27); FIXED_CTRL fctl controls FIXED_CTR fctl + 1 (L-08, L-73);
 * CBO_CONFIG at 0x396 on every layout (L-15, L-65, L-73). */
#define GLOBAL_REGS(gctl, gfields, fctl, fixed_w, fixed_fields)                             \
	{ .name = "MSR_UNC_PERF_GLOBAL_CTRL", .addr = (gctl), .count = 1, .width = 64,        \
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = (gfields), .spec = "L-07 L-09" }, \
	{ .name = "MSR_UNC_PERF_GLOBAL_STATUS", .addr = (gctl) + 1, .count = 1, .width = 64,  \
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RW, .fields = global_status,               \
	  .spec = "L-07 L-09 L-38 OQ-L8" },                                                   \
	{ .name = "MSR_UNC_PERF_FIXED_CTRL", .addr = (fctl), .count = 1, .width = 64,         \
	  .role = ROLE_CTL, .access = RA_RW, .fields = fixed_ctl, .spec = "L-07 L-08 L-09",    \
	  .pair = (fctl) + 1 },                                                               \
	{ .name = "MSR_UNC_PERF_FIXED_CTR", .addr = (fctl) + 1, .count = 1, .width = (fixed_w), \
	  .role = ROLE_CTR, .access = RA_RW, .fields = (fixed_fields),                        \
	  .spec = "L-07 L-08 L-33 OQ-L16" },                                                  \
	{ .name = "MSR_UNC_CBO_CONFIG", .addr = 0x396, .count = 1, .width = 64,               \
	  .role = ROLE_INFO, .access = RA_RO, .fields = cbo_config, .spec = "L-15 OQ-L2" }

static const struct reg_tmpl global_a_regs[] = {
	GLOBAL_REGS(0x391, global_ctl_a, 0x394, 48, counter48)
};
static const struct reg_tmpl global_b_regs[] = {
	GLOBAL_REGS(0xE01, global_ctl_b, 0x394, 44, counter44)
};
/* L-65, L-78: B's global registers, the fixed counter 48 bits wide. */
static const struct reg_tmpl global_c_regs[] = {
	GLOBAL_REGS(0xE01, global_ctl_b, 0x394, 48, counter48)
};
/* L-73, OQ-L26, OQ-L27: B's fields at 0x2FF0, the fixed pair at 0x2FDE. */
static const struct reg_tmpl global_d_regs[] = {
	GLOBAL_REGS(0x2FF0, global_ctl_b, 0x2FDE, 48, counter48)
};

/* L-14: counters below controls, the opposite order of a C-box. */
static const struct reg_tmpl arb_regs[] = {
	{ .name = "MSR_UNC_ARB_PERFCTR%u", .addr = 0x3B0, .stride = 1, .count = 2, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter44, .spec = "L-14 L-32" },
	{ .name = "MSR_UNC_ARB_PERFEVTSEL%u", .addr = 0x3B2, .stride = 1, .count = 2, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = evtsel, .spec = "L-14 L-25",
	  .pair = 0x3B0 },
};

/* L-70: Ice Lake client's one ARB counter, counter 1 (counter 0 is the
 * erratum's, never programmed). */
static const struct reg_tmpl arb_icl_regs[] = {
	{ .name = "MSR_UNC_ARB_PERFCTR1", .addr = 0x3B1, .count = 1, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter44, .spec = "L-70 L-32" },
	{ .name = "MSR_UNC_ARB_PERFEVTSEL1", .addr = 0x3B3, .count = 1, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = evtsel, .spec = "L-70 L-25",
	  .pair = 0x3B1 },
};

/* Two selects at sel then two 44-bit counters at ctr (L-11, L-66, L-74,
 * L-76; L-32). */
#define SEL_CTR(unit, sel, ctr, sel_fields, sid)                                            \
	{ .name = "MSR_UNC_" unit "_PERFEVTSEL%u", .addr = (sel), .stride = 1, .count = 2,  \
	  .width = 64, .role = ROLE_CTL, .access = RA_RW, .fields = (sel_fields),           \
	  .spec = sid " L-25", .pair = (ctr) },                                             \
	{ .name = "MSR_UNC_" unit "_PERFCTR%u", .addr = (ctr), .stride = 1, .count = 2,     \
	  .width = 44, .role = ROLE_CTR, .access = RA_RW, .fields = counter44,              \
	  .spec = sid " L-32" }

/* L-76: layout D's ARB boxes, CMASK 5 bits (L-75). */
static const struct reg_tmpl arb_d_regs[] = { SEL_CTR("ARB", 0x2FD0, 0x2FD2, evtsel, "L-76") };
/* L-66, L-74: two selects then two counters in 8 addresses; D's threshold
 * 6 bits (L-75). */
static const struct reg_tmpl cbox_c_regs[] = { SEL_CTR("CBO", 0x700, 0x702, evtsel, "L-66") };
static const struct reg_tmpl cbox_d_regs[] = { SEL_CTR("CBO", 0x2000, 0x2002, evtsel_d, "L-74") };
/* L-11: two event selects and two counters per box (OQ-L4, OQ-L5). */
static const struct reg_tmpl cbox_regs[] = { SEL_CTR("CBO", 0x700, 0x706, evtsel, "L-11") };

/* L-12, L-13, OQ-L6: boxes 0-6 at the stride 0x10, box 7 at 0xF70. */
static const uint16_t cbox_b_offs[] = { 0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x870 };

/* Event rules (struct event_rule, L-82): which counters of a box type
 * count an event the client suite programs, and the umasks that count
 * nothing. Counter numbers are the box type's own (its templates' index):
 * Ice Lake's one ARB counter, PERFCTR1, is its counter 0. */
#define ARB_RULE(ev, ctrs, inc, sid) \
	{ .event = (ev), .counters = (ctrs), .max_inc = (inc), .spec = sid }
/* L-56: occupancy on counter 0 only, requests on either (Ivy Bridge and
 * Haswell lists; 83H listed up to Haswell). */
static const struct event_rule arb_a_events[] = {
	ARB_RULE(0x80, 0x1, 0, "L-56 L-83"), ARB_RULE(0x83, 0x1, 0, "L-56 L-83"),
	ARB_RULE(0x81, 0x3, 1, "L-56 L-83"), ARB_RULE(0x84, 0x3, 1, "L-56 L-83"),
	{ .spec = NULL },
};
/* L-83, OQ-L33: from Skylake on no list names 83H, so it counts nothing. */
static const struct event_rule arb_b_events[] = {
	ARB_RULE(0x80, 0x1, 0, "L-56 L-83"), ARB_RULE(0x83, 0x0, 0, "L-83 OQ-L33"),
	ARB_RULE(0x81, 0x3, 1, "L-56 L-83"), ARB_RULE(0x84, 0x3, 1, "L-56 L-83"),
	{ .spec = NULL },
};
/* L-83, OQ-L34: Rocket Lake's list puts 81H and 84H on counter 1 alone. */
static const struct event_rule arb_rkl_events[] = {
	ARB_RULE(0x80, 0x1, 0, "L-56 L-83"), ARB_RULE(0x83, 0x0, 0, "L-83 OQ-L33"),
	ARB_RULE(0x81, 0x2, 1, "L-83 OQ-L34"), ARB_RULE(0x84, 0x2, 1, "L-83 OQ-L34"),
	{ .spec = NULL },
};
/* L-72, L-83, L-87: Ice Lake's one counter (PERFCTR1) counts requests, no
 * occupancy. */
static const struct event_rule arb_icl_events[] = {
	ARB_RULE(0x80, 0x0, 0, "L-72 L-87 OQ-L15"), ARB_RULE(0x83, 0x0, 0, "L-72 OQ-L33"),
	ARB_RULE(0x81, 0x1, 1, "L-83"), ARB_RULE(0x84, 0x1, 1, "L-83"),
	{ .spec = NULL },
};
/* C-box lookups and snoop responses on either counter, one a cycle at
 * most; a umask without a bit of each group counts nothing (L-55, L-57,
 * OQ-L22, L-84; on C and D undocumented, OQ-L32). */
#define CBOX_RULES(sid)                                                                     \
	{ .event = 0x34, .umask = 0x00, .umask_mask = 0xF0, .spec = "L-57 OQ-L22" },        \
	{ .event = 0x34, .umask = 0x00, .umask_mask = 0x0F, .spec = "L-57 OQ-L22" },        \
	{ .event = 0x34, .counters = 0x3, .max_inc = 1, .spec = sid },                      \
	{ .event = 0x22, .umask = 0x00, .umask_mask = 0xF0, .spec = "L-57 OQ-L22" },        \
	{ .event = 0x22, .umask = 0x00, .umask_mask = 0x0F, .spec = "L-57 OQ-L22" },        \
	{ .event = 0x22, .counters = 0x3, .max_inc = 1, .spec = sid },                      \
	{ .spec = NULL }
static const struct event_rule cbox_ab_events[] = { CBOX_RULES("L-55 L-84") };
static const struct event_rule cbox_cd_events[] = { CBOX_RULES("L-55 L-84 OQ-L32") };

/* L-03: one global box per package. */
#define GLOBAL_BOX(regs_)                                                                   \
	{ .name = "global", .nboxes = 1, .scope = SCOPE_PACKAGE, .regs = (regs_),           \
	  .nregs = ARRAY_SIZE(regs_) }
static const struct box_type client_global_a = GLOBAL_BOX(global_a_regs);
static const struct box_type client_global_b = GLOBAL_BOX(global_b_regs);
static const struct box_type client_global_c = GLOBAL_BOX(global_c_regs);
static const struct box_type client_global_d = GLOBAL_BOX(global_d_regs);
/* L-14: layout A's ARB (L-56); B's and Tiger Lake's, the same registers
 * without 83H (L-83); Rocket Lake's with its own request rules (OQ-L34). */
#define ARB_BOX(rules)                                                                      \
	{ .name = "arb", .nboxes = 1, .scope = SCOPE_PACKAGE, .regs = arb_regs,             \
	  .nregs = ARRAY_SIZE(arb_regs), .events = (rules) }
const struct box_type client_arb = ARB_BOX(arb_a_events);
const struct box_type client_arb_b = ARB_BOX(arb_b_events);
const struct box_type client_arb_rkl = ARB_BOX(arb_rkl_events);
/* L-04, L-16: up to four, one per core. */
const struct box_type client_cbox_a = {
	.name = "cbox",
	.nboxes = 4,
	.box_stride = 0x10,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
	.events = cbox_ab_events,
};
/* OQ-L6: box 7 exists on model 0x9E only; every other layout-B model has
 * seven at most. */
static const struct box_model_count cbox_b_fewer[] = {
	{ .model = 0x4E, .nboxes = 7 }, { .model = 0x5E, .nboxes = 7 },
	{ .model = 0x8E, .nboxes = 7 }, { .model = 0xA5, .nboxes = 7 },
	{ .model = 0xA6, .nboxes = 7 }, { .model = 0 },
};
/* L-05, L-17: up to eight, one per core. */
const struct box_type client_cbox_b = {
	.name = "cbox",
	.nboxes = ARRAY_SIZE(cbox_b_offs),
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
	.box_offs = cbox_b_offs,
	.fewer = cbox_b_fewer,
	.events = cbox_ab_events,
};

const struct box_type client_arb_icl = {
	.name = "arb",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = arb_icl_regs,
	.nregs = ARRAY_SIZE(arb_icl_regs),
	.events = arb_icl_events,
};
const struct box_type client_arb_d = {
	.name = "arb",
	.nboxes = 2,
	.box_stride = 8,
	.scope = SCOPE_PACKAGE,
	.regs = arb_d_regs,
	.nregs = ARRAY_SIZE(arb_d_regs),
	.events = arb_b_events, /* L-83: the Alder Lake list */
};
/* L-66..L-68, L-74, OQ-L29: up to eight on the stride 8, one per core. */
const struct box_type client_cbox_c = {
	.name = "cbox",
	.nboxes = 8,
	.box_stride = 8,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_c_regs,
	.nregs = ARRAY_SIZE(cbox_c_regs),
	.events = cbox_cd_events,
};
const struct box_type client_cbox_d = {
	.name = "cbox",
	.nboxes = 8,
	.box_stride = 8,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_d_regs,
	.nregs = ARRAY_SIZE(cbox_d_regs),
	.events = cbox_cd_events,
};

const struct box_type *const snb_boxes[] = { &client_global_a, &client_arb, &client_cbox_a,
					     &core_pmi_box };
const struct box_type *const skl_boxes[] = { &client_global_b, &client_arb_b, &client_cbox_b,
					     &core_pmi_box };
const struct box_type *const icl_boxes[] = { &client_global_c, &client_arb_icl, &client_cbox_c,
					     &core_pmi_box };
const struct box_type *const tgl_boxes[] = { &client_global_c, &client_arb_b, &client_cbox_c,
					     &core_pmi_box };
const struct box_type *const adl_boxes[] = { &client_global_d, &client_arb_d, &client_cbox_d,
					     &core_pmi_box };
