/* The Nehalem/Westmere uncore's defects (family UNCORE, generation nhm):
 * the model-side ones pmu/emu/nhm/ implements, the PMI delivery ones the
 * emulated backend does (pmu/backend/emu.c; lvt-no-mask and
 * lvt-mask-ignored break the LVT entry itself, so they act on core PMIs
 * too; the others are the uncore's). `make mutation` runs the MUT ones as
 * the nhm row (nhm.* and core.*).
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_NHM_DEFECTS_H
#define PMU_EMU_NHM_DEFECTS_H

#define EMU_UNCORE_FAULTS(D, f)                                                         \
	/* counting */                                                                  \
	D(f, NO_COUNT, "no-count", MUT, "general counters never advance (N-06)")        \
	D(f, FIXED_NO_COUNT, "fixed-no-count", MUT, "FixedCntr0 never advances (N-08)") \
	D(f, LOCAL_EN_IGNORED, "local-en-ignored", MUT, "PerfEvtSel.EN ignored (N-06)") \
	D(f, GLOBAL_EN_IGNORED, "global-en-ignored", MUT, "EN_PCn ignored (N-06)")      \
	D(f, WIDTH_32, "width-32", MUT, "counters wrap at 2^32 (N-04, N-12)")           \
	D(f, UPPER_BITS_KEPT, "upper-bits-kept", MUT, "bits 63:48 of counter writes kept (OQ-N11)") \
	D(f, SHARED_PACKAGES, "shared-packages", MUT, "all packages share one uncore (N-03)") \
	/* filters */                                                                   \
	D(f, EDGE_IGNORED, "edge-ignored", MUT, "E counts levels (N-16)")               \
	D(f, EDGE_FALLING, "edge-falling", MUT, "E counts falling edges, deasserted after asserted (N-16, OQ-N26)") \
	D(f, INV_IGNORED, "inv-ignored", MUT, "INV ignored (N-19)")                     \
	D(f, CMASK_IGNORED, "cmask-ignored", MUT, "CMASK ignored (N-18)")               \
	D(f, CMASK_OFF_BY_ONE, "cmask-off-by-one", MUT, "CMASK compares > instead of >= (N-18)") \
	D(f, OCC_RST_IGNORED, "occ-rst-ignored", MUT, "OCC_CTR_RST does nothing (N-15)") \
	D(f, OCC_RST_READS_1, "occ-rst-reads-1", MUT, "OCC_CTR_RST reads back 1 (N-14)") \
	D(f, UMASK_NO_UNION, "umask-no-union", MUT, "a multi-bit umask counts only its lowest bit (N-13)") \
	/* registers */                                                                 \
	D(f, RESERVED_ACCEPTED, "reserved-accepted", MUT, "reserved bits stored, no #GP (OQ-N11)") \
	D(f, STATUS_WRITABLE, "status-writable", MUT, "GLOBAL_STATUS takes writes (N-25)") \
	D(f, MSR_FAULTS, "msr-faults", MUT, "UNCORE_PerfEvtSel3 raises #GP (N-05)")     \
	/* overflow */                                                                  \
	D(f, NO_OVF_STATUS, "no-ovf-status", MUT, "a wrap sets no status bit (N-21, N-22)") \
	D(f, OVF_CTRL_NOCLEAR, "ovf-ctrl-noclear", MUT, "GLOBAL_OVF_CTRL clears nothing (N-26)") \
	D(f, OVF_CTRL_CLEARS_ALL, "ovf-ctrl-clears-all", MUT, "GLOBAL_OVF_CTRL clears every bit (N-26)") \
	D(f, OVF_CTRL_PMI_CLEARS_OVF, "ovf-ctrl-pmi-clears-ovf", MUT, "CLR_OVF_PMI also clears every OVF_PCn and OVF_FC0 (N-26)") \
	D(f, CHG_NEVER, "chg-never", MUT, "CHG never set (N-24)")                       \
	D(f, OVF_PMI_ALWAYS, "ovf-pmi-always", MUT, "OVF_PMI set without the PMI bit (N-23)") \
	D(f, LATE_OVERFLOW, "late-overflow", MUT, "overflow taken at the next access or tick, not at the wrap (OQ-N15)") \
	/* freeze */                                                                    \
	D(f, FRZ_IGNORED, "frz-ignored", MUT, "PMI_FRZ does not freeze (N-36)")         \
	D(f, FRZ_PARTIAL, "frz-partial", MUT, "freeze stops only counters 0-3 (N-36)")  \
	D(f, FRZ_WITHOUT_PMI, "frz-without-pmi", MUT, "a wrap without the PMI bit freezes (N-38)") \
	/* PMI delivery (backend) */                                                    \
	D(f, PMI_NEVER, "pmi-never", MUT, "no PMI is delivered (N-30)")                 \
	D(f, PMI_WRONG_CORE, "pmi-wrong-core", MUT, "PMIs go to the next core (N-31)")  \
	D(f, CORES_DESCENDING, "cores-descending", MUT, "core n is the n-th core in descending APIC-id order (N-33, OQ-N4)") \
	D(f, DEBUGCTL_IGNORED, "debugctl-ignored", MUT, "DEBUGCTL bit 13 does not gate (N-32)") \
	D(f, LVT_NO_MASK, "lvt-no-mask", MUT, "delivery leaves LVTPC unmasked (C-29)")  \
	D(f, LVT_MASK_IGNORED, "lvt-mask-ignored", MUT, "a masked LVTPC still delivers (C-28)") \
	D(f, NO_BIT61, "no-bit61", MUT, "IA32_PERF_GLOBAL_STATUS bit 61 not set (C-06)") \
	D(f, BIT61_STICKY, "bit61-sticky", MUT, "IA32_PERF_GLOBAL_OVF_CTRL does not clear bit 61 (C-07)") \
	D(f, BIT61_EVERYWHERE, "bit61-everywhere", MUT, "an uncore PMI sets bit 61 on every CPU (C-06, OQ-C4)") \
	D(f, PMI_STORM, "pmi-storm", MUT, "one overflow delivers PMIs without end (C-41)")

#endif
