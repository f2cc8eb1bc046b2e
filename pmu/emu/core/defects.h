/* The core PMU's defects (family CORE, pmu/emu/core/), which the
 * on-target core suite (suites/core) catches: `make mutation` runs the MUT
 * ones in every row that runs core.* (the nhm row, on core_shape_nhm, and
 * the v3 row, core_shape_v3, and the v4 row, core_shape_v4), the NOFW ones
 * only where the row's shape has no full-width writes (core_shape_nhm;
 * core_shape_v3 and v4 have IA32_A_PMCx anyway), the V4 ones only where it
 * is version 4 (their tests are N/A below it), the V5 ones where it is
 * version 5, the HYBRID ones where the row's model is hybrid (C-60), the
 * V6 ones where it is version 6. The counting filter is one definition for both PMUs, so its
 * defects (pmu/emu/stream_defects.h) break the core model's filter too.
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_CORE_DEFECTS_H
#define PMU_EMU_CORE_DEFECTS_H

#define EMU_CORE_FAULTS(D, f)                                                           \
	/* gates */                                                                     \
	D(f, CORE_USR_OS_SWAPPED, "core-usr-os-swapped", MUT, "USR and OS (and fixed EN 2 and 1) swapped (C-09, C-22)") \
	D(f, CORE_LOCAL_EN_IGNORED, "core-local-en-ignored", MUT, "IA32_PERFEVTSELx.EN ignored (C-09)") \
	D(f, CORE_GLOBAL_CTRL_IGNORED, "core-global-ctrl-ignored", MUT, "IA32_PERF_GLOBAL_CTRL enables ignored (C-09)") \
	D(f, CORE_FIXED_EN_IGNORED, "core-fixed-en-ignored", MUT, "fixed counters count whatever their EN field (C-22)") \
	/* filters */                                                                   \
	D(f, CORE_EDGE_IGNORED, "core-edge-ignored", MUT, "E counts levels (C-16)")     \
	D(f, CORE_EDGE_FALLING, "core-edge-falling", MUT, "E counts falling edges, deasserted after asserted (C-16, OQ-C13)") \
	D(f, CORE_CMASK_OFF_BY_ONE, "core-cmask-off-by-one", MUT, "CMASK compares > instead of >= (C-16)") \
	D(f, CORE_INV_IGNORED, "core-inv-ignored", MUT, "INV ignored (C-16)")           \
	D(f, CORE_INV_WITHOUT_CMASK, "core-inv-without-cmask", MUT, "INV applied with CMASK = 0: counts cycles without the event (C-16)") \
	/* overflow */                                                                  \
	D(f, CORE_INT_IGNORED, "core-int-ignored", MUT, "INT and the fixed PMI bits request no PMI (C-10, C-22)") \
	D(f, CORE_STATUS_NOT_SET, "core-status-not-set", MUT, "an overflow sets no IA32_PERF_GLOBAL_STATUS bit (C-10)") \
	D(f, CORE_OVF_CTRL_NOCLEAR, "core-ovf-ctrl-noclear", MUT, "IA32_PERF_GLOBAL_OVF_CTRL clears nothing (C-07)") \
	D(f, CORE_OVF_CTRL_CLEARS_ALL, "core-ovf-ctrl-clears-all", MUT, "a 1 in any IA32_PERF_GLOBAL_OVF_CTRL bit clears every counter's status bit (C-07)") \
	D(f, CORE_OVF_LATE, "core-ovf-late", MUT, "overflow one event after the wrap: a preset of 2^width - 1 has its status after 2 events, not 1 (OQ-C12)") \
	/* registers */                                                                 \
	D(f, CORE_WIDTH_32, "core-width-32", MUT, "counters are 32 bits wide, not as enumerated (C-11, C-12)") \
	D(f, CORE_PMC_NO_SIGN_EXTEND, "core-pmc-no-sign-extend", MUT, "IA32_PMCx writes zero-extended from 32 bits (C-17)") \
	D(f, CORE_A_PMC_ALWAYS, "core-a-pmc-always", NOFW, "IA32_A_PMCx present without PERF_CAPABILITIES.FW_WRITE (C-18)") \
	D(f, CORE_RESERVED_ACCEPTED, "core-reserved-accepted", MUT, "reserved bits and too-wide counter values taken without #GP (C-18, C-23)") \
	/* version 4 (V4: only rows whose shape is version 4) */                       \
	D(f, CORE_STATUS_SET_IGNORED, "core-status-set-ignored", V4, "IA32_PERF_GLOBAL_STATUS_SET sets nothing (C-44)") \
	D(f, CORE_STATUS_SET_ALL, "core-status-set-all", V4, "a STATUS_SET write sets every counter's status bit, not the written ones (C-44)") \
	D(f, CORE_RESET_FRZ_IGNORED, "core-reset-frz-ignored", V4, "STATUS_RESET clears no LBR_Frz or CTR_Frz (C-43)") \
	D(f, CORE_INUSE_FROM_EN, "core-inuse-from-en", V4, "IA32_PERF_GLOBAL_INUSE bit n follows PERFEVTSELn.EN, not the event select (C-45)") \
	D(f, CORE_INUSE_NO_PMI, "core-inuse-no-pmi", V4, "PMI_InUse (bit 63) never set (C-45, OQ-C15)") \
	D(f, CORE_FREEZE_IGNORED, "core-freeze-ignored", V4, "FREEZE_PERFMON_ON_PMI freezes nothing on version 4: no CTR_Frz, counters run on (C-47)") \
	D(f, CORE_FREEZE_LEGACY, "core-freeze-legacy", V4, "version 4 freezes the legacy way: the PMI clears GLOBAL_CTRL's enables, no CTR_Frz (C-47)") \
	D(f, CORE_FREEZE_PARTIAL, "core-freeze-partial", V4, "CTR_Frz stops only the counters whose overflow bit is set (C-47)") \
	D(f, CORE_FREEZE_WITHOUT_INT, "core-freeze-without-int", V4, "an overflow without its PMI enable freezes too (OQ-C14)") \
	D(f, CORE_LBR_FRZ_IGNORED, "core-lbr-frz-ignored", V4, "FREEZE_LBRS_ON_PMI sets no LBR_Frz on version 4 (C-48)") \
	/* version 5 (V5: only rows whose shape is version 5) and hybrid parts \
	 * (HYBRID: only rows whose model has a P-core and an E-core shape) */          \
	D(f, CORE_V5_BITMAP_IGNORED, "v5-bitmap-ignored", V5, "a fixed counter CPUID.0AH:ECX omits below its highest bit exists and counts (C-52, OQ-C20)") \
	D(f, CORE_V5_ANY_ACCEPTED, "v5-anythread-accepted", V5, "AnyThread bits taken where CPUID.0AH:EDX[15] deprecates them (C-54, OQ-C21)") \
	D(f, CORE_HYBRID_SAME_SHAPE, "hybrid-same-shape", HYBRID, "E-cores present the P-core's core PMU and CPUID.0AH (C-57, C-60)") \
	D(f, CORE_HYBRID_TYPE_SWAPPED, "hybrid-type-swapped", HYBRID, "CPUID.1AH names each core the other type: 20H on P-cores, 40H on E-cores (C-56, C-60)") \
	/* leaf 23H and version 6 (V6: only rows whose shape is version 6) */          \
	D(f, CORE_V6_ALIAS_SPLIT, "v6-alias-split", V6, "the alias counters IA32_PMC_GPn_CTR and IA32_PMC_FXm_CTR keep a value of their own, not the legacy counter's (C-69)") \
	D(f, CORE_V6_HOLE_COUNTS, "v6-hole-counts", V6, "a general counter leaf 23H's bitmap omits below its highest bit exists and counts (C-66, C-72)") \
	D(f, CORE_V6_SUBLEAF_BIT0, "v6-subleaf-bit0", V6, "leaf 23H sub-leaf 0 EAX flags sub-leaf 1 in bit 0, not bit 1, yet sub-leaf 1 answers (C-64)") \
	D(f, CORE_V6_UMASK2_IGNORED, "v6-umask2-ignored", V6, "UMASK2 taken but left out of the event's match: a select with UMASK2 counts as without (C-70)") \
	D(f, CORE_V6_EQ_IGNORED, "v6-eq-ignored", V6, "EQ taken but CMASK still compares >= (C-70, OQ-C28)") \
	D(f, CORE_V6_ABOVE_HOLE_UNGATED, "v6-above-hole-ungated", V6, "a general counter above the first hole of leaf 23H's bitmap counts with its EN_PMC of IA32_PERF_GLOBAL_CTRL clear: the global enables wired for CPUID.0AH's contiguous counters alone (C-09, C-66)") \
	D(f, CORE_V6_EXT_ACCEPTED, "v6-ext-accepted", V6, "UMASK2 and EQ taken where CPUID.(23H,0):EBX does not enumerate them (C-65, C-70)")

#endif
