/* Core-side registers on the uncore PMI path (core-pmu-and-apic.md §2-3),
 * shared by every generation whose uncore PMI goes through the core's
 * IA32_DEBUGCTL gate and IA32_PERF_GLOBAL_STATUS bit 61. */
#include "regs_tables.h"

static const struct field debugctl[] = {
	{ "LBR", 0, 0, FA_RW, "C-03" },
	{ "BTF", 1, 1, FA_RW, "C-03" },
	{ "TR", 6, 6, FA_RW, "C-03" },
	{ "BTS", 7, 7, FA_RW, "C-03" },
	{ "BTINT", 8, 8, FA_RW, "C-03" },
	{ "BTS_OFF_OS", 9, 9, FA_RW, "C-03" },
	{ "BTS_OFF_USR", 10, 10, FA_RW, "C-03" },
	{ "FREEZE_LBRS_ON_PMI", 11, 11, FA_RW, "C-03" },
	{ "FREEZE_PERFMON_ON_PMI", 12, 12, FA_RW, "C-04" },
	{ "ENABLE_UNCORE_PMI", 13, 13, FA_RW, "C-01 C-02 N-32" },
	{ "FREEZE_WHILE_SMM", 14, 14, FA_RW, "C-05" },
	{ NULL, 0, 0, 0, NULL },
};

/* Counter overflow bits as far as Nehalem/Westmere define them (4 PMCs,
 * 3 fixed; C-12), plus the uncore bit 61 and 62/63. */
static const struct field global_status[] = {
	{ "OVF_PMC", 0, 3, FA_RO, "C-10" },
	{ "OVF_FIXED", 32, 34, FA_RO, "C-10" },
	{ "OVF_UNCORE", 61, 61, FA_RO, "C-06" },
	{ "OVF_BUF", 62, 62, FA_RO, "C-06" },
	{ "COND_CHGD", 63, 63, FA_RO, "C-06" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field global_ovf[] = {
	{ "CLR_OVF_PMC", 0, 3, FA_W1C, "C-07" },
	{ "CLR_OVF_FIXED", 32, 34, FA_W1C, "C-07" },
	{ "CLR_OVF_UNCORE", 61, 61, FA_W1C, "C-07" },
	{ "CLR_OVF_BUF", 62, 62, FA_W1C, "C-07" },
	{ "CLR_COND_CHGD", 63, 63, FA_W1C, "C-07" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct reg_tmpl core_regs[] = {
	{ "IA32_DEBUGCTL", 0x1D9, 0, 1, 64, ROLE_CORE, RA_RW, 0, debugctl, "C-01", 0 },
	{ "IA32_PERF_GLOBAL_STATUS", 0x38E, 0, 1, 64, ROLE_CORE, RA_RO, 0, global_status,
	  "C-06", 0 },
	{ "IA32_PERF_GLOBAL_OVF_CTRL", 0x390, 0, 1, 64, ROLE_CORE, RA_RW, 0, global_ovf,
	  "C-07", 0 },
};

const struct box_type core_pmi_box = {
	"core", 1, 0, SCOPE_THREAD, core_regs, ARRAY_SIZE(core_regs),
};
