/* The core's performance-monitoring registers (core-pmu-and-apic.md §2-3),
 * each described once, in one table that two register sets share:
 * - core_pmi_box, its first three templates: the core side of the uncore
 *   PMI path (IA32_DEBUGCTL gate, IA32_PERF_GLOBAL_STATUS/OVF_CTRL bit 61),
 *   part of every uncore generation whose PMI goes through them;
 * - core_pmu_regs, all of it: the architectural core PMU (C-09..C-24).
 * Runs of general and fixed counters span the architecture's MSR ranges (8
 * general, 3 fixed); a CPU has CPUID.0AH:EAX[15:8] and EDX[4:0] of them, at
 * the widths of EAX[23:16] and EDX[12:5] (C-11, C-14): `width` and the
 * per-counter bit fields below give the Nehalem/Westmere figures (48 bits,
 * C-12), and whoever uses them masks with the enumerated ones. */
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

/* Counter bits: PMC n < CPUID.0AH:EAX[15:8], fixed 32 + i (C-06, C-07). */
static const struct field global_status[] = {
	{ "OVF_PMC", 0, 7, FA_RO, "C-10" },
	{ "OVF_FIXED", 32, 34, FA_RO, "C-10" },
	{ "OVF_UNCORE", 61, 61, FA_RO, "C-06" },
	{ "OVF_BUF", 62, 62, FA_RO, "C-06" },
	{ "COND_CHGD", 63, 63, FA_RO, "C-06" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field global_ovf[] = {
	{ "CLR_OVF_PMC", 0, 7, FA_W1C, "C-07" },
	{ "CLR_OVF_FIXED", 32, 34, FA_W1C, "C-07" },
	{ "CLR_OVF_UNCORE", 61, 61, FA_W1C, "C-07" },
	{ "CLR_OVF_BUF", 62, 62, FA_W1C, "C-07" },
	{ "CLR_COND_CHGD", 63, 63, FA_W1C, "C-07" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field global_ctl[] = {
	{ "EN_PMC", 0, 7, FA_RW, "C-09" },
	{ "EN_FIXED_CTR", 32, 34, FA_RW, "C-09" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field counter48[] = {
	{ "COUNT", 0, 47, FA_RW, "C-12 C-17 C-23" },
	{ NULL, 0, 0, 0, NULL },
};

/* Seed 004, spec §3 (IA32_PERFEVTSELx); ANY exists from version 3 on. */
static const struct field evtsel[] = {
	{ "EVENT", 0, 7, FA_RW, "C-14 C-24" },
	{ "UMASK", 8, 15, FA_RW, "C-24" },
	{ "USR", 16, 16, FA_RW, "C-09" },
	{ "OS", 17, 17, FA_RW, "C-09" },
	{ "E", 18, 18, FA_RW, "C-16" },
	{ "PC", 19, 19, FA_RW, "C-20" },
	{ "INT", 20, 20, FA_RW, "C-10" },
	{ "ANY", 21, 21, FA_RW, "C-20" },
	{ "EN", 22, 22, FA_RW, "C-09 C-15" },
	{ "INV", 23, 23, FA_RW, "C-16" },
	{ "CMASK", 24, 31, FA_RW, "C-16" },
	{ NULL, 0, 0, 0, NULL },
};

/* Counter i: EN in 4i+1:4i (1 ring 0, 2 ring > 0, 3 all), AnyThread
 * (version 3 and later), PMI. */
static const struct field fixed_ctl[] = {
	{ "EN0", 0, 1, FA_RW, "C-22 C-09" },
	{ "ANY0", 2, 2, FA_RW, "C-22" },
	{ "PMI0", 3, 3, FA_RW, "C-22" },
	{ "EN1", 4, 5, FA_RW, "C-22 C-09" },
	{ "ANY1", 6, 6, FA_RW, "C-22" },
	{ "PMI1", 7, 7, FA_RW, "C-22" },
	{ "EN2", 8, 9, FA_RW, "C-22 C-09" },
	{ "ANY2", 10, 10, FA_RW, "C-22" },
	{ "PMI2", 11, 11, FA_RW, "C-22" },
	{ NULL, 0, 0, 0, NULL },
};

/* Only the bits the spec digests; the LBR and PEBS format fields below bit
 * 12 are not, so they count as reserved here. */
static const struct field perf_caps[] = {
	{ "SMM_FREEZE", 12, 12, FA_RO, "C-05" },
	{ "FW_WRITE", 13, 13, FA_RO, "C-18" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct reg_tmpl core_regs[] = {
	/* the uncore PMI path: core_pmi_box takes these three */
	{ "IA32_DEBUGCTL", 0x1D9, 0, 1, 64, ROLE_CORE, RA_RW, 0, debugctl, "C-01", 0 },
	{ "IA32_PERF_GLOBAL_STATUS", 0x38E, 0, 1, 64, ROLE_GLOBAL_STATUS, RA_RO, 0, global_status,
	  "C-06", 0 },
	{ "IA32_PERF_GLOBAL_OVF_CTRL", 0x390, 0, 1, 64, ROLE_GLOBAL_OVF, RA_RW, 0, global_ovf,
	  "C-07", 0 },
	/* the rest of the architectural PMU; PERF_CAPABILITIES exists iff
	 * CPUID.01H:ECX[15], the A_PMCs iff its bit 13 (C-18) */
	{ "IA32_PERF_GLOBAL_CTRL", 0x38F, 0, 1, 64, ROLE_GLOBAL_CTL, RA_RW, 0, global_ctl,
	  "C-09 OQ-C6", 0 },
	{ "IA32_PMC%u", 0xC1, 1, 8, 48, ROLE_CTR, RA_RW, 0, counter48, "C-14 C-17", 0 },
	{ "IA32_PERFEVTSEL%u", 0x186, 1, 8, 64, ROLE_CTL, RA_RW, 0, evtsel, "C-14", 0xC1 },
	{ "IA32_FIXED_CTR%u", 0x309, 1, 3, 48, ROLE_CTR, RA_RW, 0, counter48, "C-21 C-23", 0 },
	{ "IA32_FIXED_CTR_CTRL", 0x38D, 0, 1, 64, ROLE_CTL, RA_RW, 0, fixed_ctl, "C-22", 0x309 },
	{ "IA32_PERF_CAPABILITIES", 0x345, 0, 1, 64, ROLE_CORE, RA_RO, 0, perf_caps,
	  "C-18", 0 },
	{ "IA32_A_PMC%u", 0x4C1, 1, 8, 48, ROLE_CTR, RA_RW, 0, counter48, "C-18", 0 },
};

const struct box_type core_pmi_box = {
	"core", 1, 0, SCOPE_THREAD, core_regs, 3, NULL, NULL, false,
};

static const struct box_type core_pmu_box = {
	"core", 1, 0, SCOPE_THREAD, core_regs, ARRAY_SIZE(core_regs), NULL, NULL, false,
};

static const struct box_type *const core_pmu_boxes[] = { &core_pmu_box };

/* C-11: found by CPUID.0AH, never by model. */
const struct uncore_gen core_pmu_regs = {
	.name = "core",
	.desc = "architectural core PMU (CPUID.0AH; SDM Vol. 3B ch. 18)",
	.boxes = core_pmu_boxes,
	.nboxes = ARRAY_SIZE(core_pmu_boxes),
};
