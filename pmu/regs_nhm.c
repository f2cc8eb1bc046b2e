/* Nehalem / Westmere client and EP uncore (spec nehalem-uncore.md, N-xx):
 * one box per package with global control/status/overflow control, the fixed
 * counter and its control, eight general counters with their event selects,
 * and the address/opcode match register. */
#include "regs_tables.h"

static const struct field global_ctl[] = {
	{ "EN_PC", 0, 7, FA_RW, "N-06" },
	{ "EN_FC0", 32, 32, FA_RW, "N-07" },
	{ "EN_PMI_CORE", 48, 51, FA_RW, "N-31 OQ-N2 OQ-N3" },
	{ "PMI_FRZ", 63, 63, FA_RW, "N-36" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field global_status[] = {
	{ "OVF_PC", 0, 7, FA_RO, "N-21" },
	{ "OVF_FC0", 32, 32, FA_RO, "N-22" },
	{ "OVF_PMI", 61, 61, FA_RO, "N-23" },
	{ "CHG", 63, 63, FA_RO, "N-24" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field global_ovf[] = {
	{ "CLR_OVF_PC", 0, 7, FA_W1C, "N-26" },
	{ "CLR_OVF_FC0", 32, 32, FA_W1C, "N-26" },
	{ "CLR_OVF_PMI", 61, 61, FA_W1C, "N-26" },
	{ "CLR_CHG", 63, 63, FA_W1C, "N-26" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field counter48[] = {
	{ "COUNT", 0, 47, FA_RW, "N-04 N-12" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field fixed_ctl[] = {
	{ "EN", 0, 0, FA_RW, "N-07" },
	{ "PMI", 2, 2, FA_RW, "N-30" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field evtsel[] = {
	{ "EVENT", 0, 7, FA_RW, "N-13" },
	{ "UMASK", 8, 15, FA_RW, "N-13" },
	{ "OCC_CTR_RST", 17, 17, FA_W1A, "N-14 N-15" },
	{ "E", 18, 18, FA_RW, "N-16" },
	{ "PMI", 20, 20, FA_RW, "N-30" },
	{ "EN", 22, 22, FA_RW, "N-06" },
	{ "INV", 23, 23, FA_RW, "N-19" },
	{ "CMASK", 24, 31, FA_RW, "N-18" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field match[] = {
	{ "ADDR", 3, 39, FA_RW, "N-41 OQ-N19" },
	{ "OPCODE", 40, 43, FA_RW, "N-41" },
	{ "MSG_CLASS", 44, 47, FA_RW, "N-41" },
	{ "MATCH_SEL", 61, 63, FA_RW, "N-41" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct reg_tmpl nhm_regs[] = {
	{ "UNCORE_PERF_GLOBAL_CTRL", 0x391, 0, 1, 64, ROLE_GLOBAL_CTL, RA_RW, 0, global_ctl,
	  "N-05", 0 },
	{ "UNCORE_PERF_GLOBAL_STATUS", 0x392, 0, 1, 64, ROLE_GLOBAL_STATUS, RA_RO, 0,
	  global_status, "N-25 OQ-N9 OQ-N14", 0 },
	{ "UNCORE_PERF_GLOBAL_OVF_CTRL", 0x393, 0, 1, 64, ROLE_GLOBAL_OVF, RA_WO, 0,
	  global_ovf, "N-27 OQ-N10", 0 },
	{ "UNCORE_FixedCntr0", 0x394, 0, 1, 48, ROLE_CTR, RA_RW, 0, counter48, "N-04", 0 },
	{ "UNCORE_FIXED_CTR_CTRL", 0x395, 0, 1, 64, ROLE_CTL, RA_RW, 0, fixed_ctl, "N-05",
	  0x394 },
	{ "UNCORE_ADDR_OPCODE_MATCH", 0x396, 0, 1, 64, ROLE_FILTER, RA_RW, 0, match,
	  "N-41 OQ-N20", 0 },
	{ "UNCORE_PerfCntr%u", 0x3B0, 1, 8, 48, ROLE_CTR, RA_RW, 0, counter48, "N-04", 0 },
	{ "UNCORE_PerfEvtSel%u", 0x3C0, 1, 8, 64, ROLE_CTL, RA_RW, 0, evtsel, "N-05", 0x3B0 },
};

static const struct box_type nhm_box = {
	"uncore", 1, 0, SCOPE_PACKAGE, nhm_regs, ARRAY_SIZE(nhm_regs), NULL, NULL, false,
};

const struct box_type *const nhm_boxes[] = { &nhm_box, &core_pmi_box };
