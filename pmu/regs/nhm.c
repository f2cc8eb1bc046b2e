/* Nehalem / Westmere client and EP uncore (spec nehalem-uncore.md, N-xx):
 * one box per package with global control/status/overflow control, the fixed
 * counter and its control, eight general counters with their event selects,
 * and the address/opcode match register. */
#include "pmu/regs/tables.h"

static const struct field global_ctl[] = {
	{ .name = "EN_PC", .lo = 0, .hi = 7, .access = FA_RW, .spec = "N-06" },
	{ .name = "EN_FC0", .lo = 32, .hi = 32, .access = FA_RW, .spec = "N-07" },
	{ .name = "EN_PMI_CORE", .lo = 48, .hi = 51, .access = FA_RW, .spec = "N-31 OQ-N2 OQ-N3" },
	{ .name = "PMI_FRZ", .lo = 63, .hi = 63, .access = FA_RW, .spec = "N-36" },
	{ .name = NULL },
};

static const struct field global_status[] = {
	{ .name = "OVF_PC", .lo = 0, .hi = 7, .access = FA_RO, .spec = "N-21" },
	{ .name = "OVF_FC0", .lo = 32, .hi = 32, .access = FA_RO, .spec = "N-22" },
	{ .name = "OVF_PMI", .lo = 61, .hi = 61, .access = FA_RO, .spec = "N-23" },
	{ .name = "CHG", .lo = 63, .hi = 63, .access = FA_RO, .spec = "N-24" },
	{ .name = NULL },
};

static const struct field global_ovf[] = {
	{ .name = "CLR_OVF_PC", .lo = 0, .hi = 7, .access = FA_W1C, .spec = "N-26" },
	{ .name = "CLR_OVF_FC0", .lo = 32, .hi = 32, .access = FA_W1C, .spec = "N-26" },
	{ .name = "CLR_OVF_PMI", .lo = 61, .hi = 61, .access = FA_W1C, .spec = "N-26" },
	{ .name = "CLR_CHG", .lo = 63, .hi = 63, .access = FA_W1C, .spec = "N-26" },
	{ .name = NULL },
};

static const struct field counter48[] = {
	{ .name = "COUNT", .lo = 0, .hi = 47, .access = FA_RW, .spec = "N-04 N-12" },
	{ .name = NULL },
};

static const struct field fixed_ctl[] = {
	{ .name = "EN", .lo = 0, .hi = 0, .access = FA_RW, .spec = "N-07" },
	{ .name = "PMI", .lo = 2, .hi = 2, .access = FA_RW, .spec = "N-30" },
	{ .name = NULL },
};

static const struct field evtsel[] = {
	{ .name = "EVENT", .lo = 0, .hi = 7, .access = FA_RW, .spec = "N-13" },
	{ .name = "UMASK", .lo = 8, .hi = 15, .access = FA_RW, .spec = "N-13" },
	{ .name = "OCC_CTR_RST", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "N-14 N-15" },
	{ .name = "E", .lo = 18, .hi = 18, .access = FA_RW, .spec = "N-16" },
	{ .name = "PMI", .lo = 20, .hi = 20, .access = FA_RW, .spec = "N-30" },
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "N-06" },
	{ .name = "INV", .lo = 23, .hi = 23, .access = FA_RW, .spec = "N-19" },
	{ .name = "CMASK", .lo = 24, .hi = 31, .access = FA_RW, .spec = "N-18" },
	{ .name = NULL },
};

static const struct field match[] = {
	{ .name = "ADDR", .lo = 3, .hi = 39, .access = FA_RW, .spec = "N-41 OQ-N19" },
	{ .name = "OPCODE", .lo = 40, .hi = 43, .access = FA_RW, .spec = "N-41" },
	{ .name = "MSG_CLASS", .lo = 44, .hi = 47, .access = FA_RW, .spec = "N-41" },
	{ .name = "MATCH_SEL", .lo = 61, .hi = 63, .access = FA_RW, .spec = "N-41" },
	{ .name = NULL },
};

static const struct reg_tmpl nhm_regs[] = {
	{ .name = "UNCORE_PERF_GLOBAL_CTRL", .addr = 0x391, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "N-05" },
	{ .name = "UNCORE_PERF_GLOBAL_STATUS", .addr = 0x392, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = global_status,
	  .spec = "N-25 OQ-N9 OQ-N14" },
	{ .name = "UNCORE_PERF_GLOBAL_OVF_CTRL", .addr = 0x393, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_OVF, .access = RA_WO, .fields = global_ovf, .spec = "N-27 OQ-N10" },
	{ .name = "UNCORE_FixedCntr0", .addr = 0x394, .count = 1, .width = 48, .role = ROLE_CTR,
	  .access = RA_RW, .fields = counter48, .spec = "N-04" },
	{ .name = "UNCORE_FIXED_CTR_CTRL", .addr = 0x395, .count = 1, .width = 64, .role = ROLE_CTL,
	  .access = RA_RW, .fields = fixed_ctl, .spec = "N-05", .pair = 0x394 },
	{ .name = "UNCORE_ADDR_OPCODE_MATCH", .addr = 0x396, .count = 1, .width = 64,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = match, .spec = "N-41 OQ-N20" },
	{ .name = "UNCORE_PerfCntr%u", .addr = 0x3B0, .stride = 1, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "N-04" },
	{ .name = "UNCORE_PerfEvtSel%u", .addr = 0x3C0, .stride = 1, .count = 8, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = evtsel, .spec = "N-05", .pair = 0x3B0 },
};

static const struct box_type nhm_box = {
	.name = "uncore",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = nhm_regs,
	.nregs = ARRAY_SIZE(nhm_regs),
};

const struct box_type *const nhm_boxes[] = { &nhm_box, &core_pmi_box };
