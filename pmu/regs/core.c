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
#include "pmu/regs/tables.h"

static const struct field debugctl[] = {
	{ .name = "LBR", .lo = 0, .hi = 0, .access = FA_RW, .spec = "C-03" },
	{ .name = "BTF", .lo = 1, .hi = 1, .access = FA_RW, .spec = "C-03" },
	{ .name = "TR", .lo = 6, .hi = 6, .access = FA_RW, .spec = "C-03" },
	{ .name = "BTS", .lo = 7, .hi = 7, .access = FA_RW, .spec = "C-03" },
	{ .name = "BTINT", .lo = 8, .hi = 8, .access = FA_RW, .spec = "C-03" },
	{ .name = "BTS_OFF_OS", .lo = 9, .hi = 9, .access = FA_RW, .spec = "C-03" },
	{ .name = "BTS_OFF_USR", .lo = 10, .hi = 10, .access = FA_RW, .spec = "C-03" },
	{ .name = "FREEZE_LBRS_ON_PMI", .lo = 11, .hi = 11, .access = FA_RW, .spec = "C-03" },
	{ .name = "FREEZE_PERFMON_ON_PMI", .lo = 12, .hi = 12, .access = FA_RW, .spec = "C-04" },
	{ .name = "ENABLE_UNCORE_PMI", .lo = 13, .hi = 13, .access = FA_RW,
	  .spec = "C-01 C-02 N-32" },
	{ .name = "FREEZE_WHILE_SMM", .lo = 14, .hi = 14, .access = FA_RW, .spec = "C-05" },
	{ .name = NULL },
};

/* Counter bits: PMC n < CPUID.0AH:EAX[15:8], fixed 32 + i (C-06, C-07). */
static const struct field global_status[] = {
	{ .name = "OVF_PMC", .lo = 0, .hi = 7, .access = FA_RO, .spec = "C-10" },
	{ .name = "OVF_FIXED", .lo = 32, .hi = 34, .access = FA_RO, .spec = "C-10" },
	{ .name = "TRACE_TOPA_PMI", .lo = 55, .hi = 55, .access = FA_RO, .spec = "C-46" },
	{ .name = "LBR_FRZ", .lo = 58, .hi = 58, .access = FA_RO, .spec = "C-46 C-48" },
	{ .name = "CTR_FRZ", .lo = 59, .hi = 59, .access = FA_RO, .spec = "C-46 C-47" },
	{ .name = "ASCI", .lo = 60, .hi = 60, .access = FA_RO, .spec = "C-46" },
	{ .name = "OVF_UNCORE", .lo = 61, .hi = 61, .access = FA_RO, .spec = "C-06" },
	{ .name = "OVF_BUF", .lo = 62, .hi = 62, .access = FA_RO, .spec = "C-06" },
	{ .name = "COND_CHGD", .lo = 63, .hi = 63, .access = FA_RO, .spec = "C-06" },
	{ .name = NULL },
};

static const struct field global_ovf[] = {
	{ .name = "CLR_OVF_PMC", .lo = 0, .hi = 7, .access = FA_W1C, .spec = "C-07" },
	{ .name = "CLR_OVF_FIXED", .lo = 32, .hi = 34, .access = FA_W1C, .spec = "C-07" },
	{ .name = "CLR_TRACE_TOPA_PMI", .lo = 55, .hi = 55, .access = FA_W1C, .spec = "C-43" },
	{ .name = "CLR_LBR_FRZ", .lo = 58, .hi = 58, .access = FA_W1C, .spec = "C-43 C-48" },
	{ .name = "CLR_CTR_FRZ", .lo = 59, .hi = 59, .access = FA_W1C, .spec = "C-43 C-47" },
	{ .name = "CLR_ASCI", .lo = 60, .hi = 60, .access = FA_W1C, .spec = "C-43" },
	{ .name = "CLR_OVF_UNCORE", .lo = 61, .hi = 61, .access = FA_W1C, .spec = "C-07" },
	{ .name = "CLR_OVF_BUF", .lo = 62, .hi = 62, .access = FA_W1C, .spec = "C-07" },
	{ .name = "CLR_COND_CHGD", .lo = 63, .hi = 63, .access = FA_W1C, .spec = "C-07" },
	{ .name = NULL },
};

/* Version 4 (C-44): a 1 sets the STATUS bit of the same number, an action
 * that reads back nothing (OQ-C16). */
static const struct field global_status_set[] = {
	{ .name = "SET_OVF_PMC", .lo = 0, .hi = 7, .access = FA_W1A, .spec = "C-44" },
	{ .name = "SET_OVF_FIXED", .lo = 32, .hi = 34, .access = FA_W1A, .spec = "C-44" },
	{ .name = "SET_TRACE_TOPA_PMI", .lo = 55, .hi = 55, .access = FA_W1A, .spec = "C-44" },
	{ .name = "SET_LBR_FRZ", .lo = 58, .hi = 58, .access = FA_W1A, .spec = "C-44 C-48" },
	{ .name = "SET_CTR_FRZ", .lo = 59, .hi = 59, .access = FA_W1A, .spec = "C-44 C-47" },
	{ .name = "SET_ASCI", .lo = 60, .hi = 60, .access = FA_W1A, .spec = "C-44" },
	{ .name = "SET_OVF_UNCORE", .lo = 61, .hi = 61, .access = FA_W1A, .spec = "C-44" },
	{ .name = "SET_OVF_BUF", .lo = 62, .hi = 62, .access = FA_W1A, .spec = "C-44" },
	{ .name = NULL },
};

/* Version 4 (C-45): what is programmed, not what counts; PMI_INUSE at 63
 * (OQ-C15). */
static const struct field global_inuse[] = {
	{ .name = "PERFEVTSEL_INUSE", .lo = 0, .hi = 7, .access = FA_RO, .spec = "C-45" },
	{ .name = "FC_INUSE", .lo = 32, .hi = 34, .access = FA_RO, .spec = "C-45" },
	{ .name = "PMI_INUSE", .lo = 63, .hi = 63, .access = FA_RO, .spec = "C-45 OQ-C15" },
	{ .name = NULL },
};

static const struct field global_ctl[] = {
	{ .name = "EN_PMC", .lo = 0, .hi = 7, .access = FA_RW, .spec = "C-09" },
	{ .name = "EN_FIXED_CTR", .lo = 32, .hi = 34, .access = FA_RW, .spec = "C-09" },
	{ .name = NULL },
};

static const struct field counter48[] = {
	{ .name = "COUNT", .lo = 0, .hi = 47, .access = FA_RW, .spec = "C-12 C-17 C-23" },
	{ .name = NULL },
};

/* Seed 004, spec §3 (IA32_PERFEVTSELx); ANY exists from version 3 on, EQ
 * and UMASK2 on version 6 where enumerated. */
static const struct field evtsel[] = {
	{ .name = "EVENT", .lo = 0, .hi = 7, .access = FA_RW, .spec = "C-14 C-24" },
	{ .name = "UMASK", .lo = 8, .hi = 15, .access = FA_RW, .spec = "C-24" },
	{ .name = "USR", .lo = 16, .hi = 16, .access = FA_RW, .spec = "C-09" },
	{ .name = "OS", .lo = 17, .hi = 17, .access = FA_RW, .spec = "C-09" },
	{ .name = "E", .lo = 18, .hi = 18, .access = FA_RW, .spec = "C-16" },
	{ .name = "PC", .lo = 19, .hi = 19, .access = FA_RW, .spec = "C-20" },
	{ .name = "INT", .lo = 20, .hi = 20, .access = FA_RW, .spec = "C-10" },
	{ .name = "ANY", .lo = 21, .hi = 21, .access = FA_RW, .spec = "C-20" },
	{ .name = "EN", .lo = 22, .hi = 22, .access = FA_RW, .spec = "C-09 C-15" },
	{ .name = "INV", .lo = 23, .hi = 23, .access = FA_RW, .spec = "C-16" },
	{ .name = "CMASK", .lo = 24, .hi = 31, .access = FA_RW, .spec = "C-16" },
	/* version 6, where CPUID.(23H,0):EBX enumerates them */
	{ .name = "EQ", .lo = 36, .hi = 36, .access = FA_RW, .spec = "C-65 C-70 OQ-C28" },
	{ .name = "UMASK2", .lo = 40, .hi = 47, .access = FA_RW, .spec = "C-65 C-70" },
	{ .name = NULL },
};

/* Counter i: EN in 4i+1:4i (1 ring 0, 2 ring > 0, 3 all), AnyThread
 * (version 3 and later), PMI. */
static const struct field fixed_ctl[] = {
	{ .name = "EN0", .lo = 0, .hi = 1, .access = FA_RW, .spec = "C-22 C-09" },
	{ .name = "ANY0", .lo = 2, .hi = 2, .access = FA_RW, .spec = "C-22" },
	{ .name = "PMI0", .lo = 3, .hi = 3, .access = FA_RW, .spec = "C-22" },
	{ .name = "EN1", .lo = 4, .hi = 5, .access = FA_RW, .spec = "C-22 C-09" },
	{ .name = "ANY1", .lo = 6, .hi = 6, .access = FA_RW, .spec = "C-22" },
	{ .name = "PMI1", .lo = 7, .hi = 7, .access = FA_RW, .spec = "C-22" },
	{ .name = "EN2", .lo = 8, .hi = 9, .access = FA_RW, .spec = "C-22 C-09" },
	{ .name = "ANY2", .lo = 10, .hi = 10, .access = FA_RW, .spec = "C-22" },
	{ .name = "PMI2", .lo = 11, .hi = 11, .access = FA_RW, .spec = "C-22" },
	{ .name = NULL },
};

/* Only the bits the spec digests; the LBR and PEBS format fields below bit
 * 12 are not, so they count as reserved here. */
static const struct field perf_caps[] = {
	{ .name = "SMM_FREEZE", .lo = 12, .hi = 12, .access = FA_RO, .spec = "C-05" },
	{ .name = "FW_WRITE", .lo = 13, .hi = 13, .access = FA_RO, .spec = "C-18" },
	{ .name = NULL },
};

static const struct reg_tmpl core_regs[] = {
	/* the uncore PMI path: core_pmi_box takes these three */
	{ .name = "IA32_DEBUGCTL", .addr = 0x1D9, .count = 1, .width = 64, .role = ROLE_CORE,
	  .access = RA_RW, .fields = debugctl, .spec = "C-01" },
	{ .name = "IA32_PERF_GLOBAL_STATUS", .addr = 0x38E, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_STATUS, .access = RA_RO, .fields = global_status, .spec = "C-06" },
	{ .name = "IA32_PERF_GLOBAL_OVF_CTRL", .addr = 0x390, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_OVF, .access = RA_RW, .fields = global_ovf, .spec = "C-07 C-43" },
	/* the rest of the architectural PMU; PERF_CAPABILITIES exists iff
	 * CPUID.01H:ECX[15], the A_PMCs iff its bit 13 (C-18) */
	{ .name = "IA32_PERF_GLOBAL_CTRL", .addr = 0x38F, .count = 1, .width = 64,
	  .role = ROLE_GLOBAL_CTL, .access = RA_RW, .fields = global_ctl, .spec = "C-09 OQ-C6" },
	{ .name = "IA32_PMC%u", .addr = 0xC1, .stride = 1, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "C-14 C-17" },
	{ .name = "IA32_PERFEVTSEL%u", .addr = 0x186, .stride = 1, .count = 8, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = evtsel, .spec = "C-14", .pair = 0xC1 },
	{ .name = "IA32_FIXED_CTR%u", .addr = 0x309, .stride = 1, .count = 3, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "C-21 C-23" },
	{ .name = "IA32_FIXED_CTR_CTRL", .addr = 0x38D, .count = 1, .width = 64, .role = ROLE_CTL,
	  .access = RA_RW, .fields = fixed_ctl, .spec = "C-22", .pair = 0x309 },
	{ .name = "IA32_PERF_CAPABILITIES", .addr = 0x345, .count = 1, .width = 64,
	  .role = ROLE_CORE, .access = RA_RO, .fields = perf_caps, .spec = "C-18" },
	{ .name = "IA32_A_PMC%u", .addr = 0x4C1, .stride = 1, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "C-18" },
	/* version 4 on (0x390 is then IA32_PERF_GLOBAL_STATUS_RESET, C-43) */
	{ .name = "IA32_PERF_GLOBAL_STATUS_SET", .addr = 0x391, .count = 1, .width = 64,
	  .role = ROLE_CORE, .access = RA_RW, .fields = global_status_set, .spec = "C-44 C-50" },
	{ .name = "IA32_PERF_GLOBAL_INUSE", .addr = 0x392, .count = 1, .width = 64,
	  .role = ROLE_CORE, .access = RA_RO, .fields = global_inuse, .spec = "C-45 C-50" },
	/* version 6: the aliases of the counters and selects above, each the
	 * same register as its legacy MSR (C-69); CFG_B and CFG_C (auto
	 * counter reload, C-67) are not described */
	{ .name = "IA32_PMC_GP%u_CTR", .addr = 0x1900, .stride = 4, .count = 8, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "C-69 OQ-C27" },
	{ .name = "IA32_PMC_GP%u_CFG_A", .addr = 0x1901, .stride = 4, .count = 8, .width = 64,
	  .role = ROLE_CTL, .access = RA_RW, .fields = evtsel, .spec = "C-69 C-70",
	  .pair = 0x1900 },
	{ .name = "IA32_PMC_FX%u_CTR", .addr = 0x1980, .stride = 4, .count = 3, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "C-69" },
};

const struct box_type core_pmi_box = {
	.name = "core",
	.nboxes = 1,
	.scope = SCOPE_THREAD,
	.regs = core_regs,
	.nregs = 3,
};

static const struct box_type core_pmu_box = {
	.name = "core",
	.nboxes = 1,
	.scope = SCOPE_THREAD,
	.regs = core_regs,
	.nregs = ARRAY_SIZE(core_regs),
};

static const struct box_type *const core_pmu_boxes[] = { &core_pmu_box };

/* C-11: found by CPUID.0AH, never by model. */
const struct uncore_gen core_pmu_regs = {
	.name = "core",
	.desc = "architectural core PMU (CPUID.0AH; SDM Vol. 3B ch. 18)",
	.boxes = core_pmu_boxes,
	.nboxes = ARRAY_SIZE(core_pmu_boxes),
};
