/* The client uncore's defects (family CLIENT, generations snb, skl, icl,
 * tgl and adl: one model for every layout, pmu/emu/client/), each shown
 * to break its behaviour by tests/pmu/emu/client/test_emu_client_faults.c. MUT: every
 * client row of `make mutation` (snb, skl, icl, tgl, adl) runs it against
 * the client.* suite; ICL, ADL, CD, GATES: only the rows that name that
 * kind (mutation_row.runs, pmu/emu/mutation.c: the Ice Lake row, the
 * layout-D row, both layout-C/D ones, every row but Ice Lake's: its
 * erratum ICL068 is what a GATES defect would do, L-71, and it has no ARB
 * counter 0, L-70), where the layout
 * it breaks exists; HOST: what the rows cannot show, each with its reason
 * in pmu/emu/mutation.c.
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_CLIENT_DEFECTS_H
#define PMU_EMU_CLIENT_DEFECTS_H

#define EMU_CLIENT_FAULTS(D, f)                                                         \
	/* gates and registers */                                                       \
	D(f, CL_GLOBAL_EN_IGNORED, "cl-global-en-ignored", GATES, "GLOBAL_CTRL.EN does not gate (L-20)") \
	D(f, CL_LOCAL_EN_IGNORED, "cl-local-en-ignored", MUT, "PERFEVTSEL.EN ignored (L-21)") \
	D(f, CL_FIXED_NEHALEM_ORDER, "cl-fixed-nehalem-order", MUT, "fixed counter below its control (0x394/0x395, 0x2FDE/0x2FDF), Nehalem's order (L-08, L-73)") \
	D(f, CL_SELECT_GATES, "cl-select-gates", MUT, "a C-box counts only while its PMI-select bit is set (L-24, OQ-L7)") \
	D(f, CL_RESERVED_ACCEPTED, "cl-reserved-accepted", MUT, "reserved bits stored, no #GP (OQ-L14)") \
	/* HOST: box 7 exists only on an 8-core model 0x9E; the rows have 2 cores a package */ \
	D(f, CL_CBOX_STRIDE_7, "cl-cbox-stride-7", HOST, "C-box 7 at 0x770 on the stride, not at 0xF70 (L-13)") \
	D(f, CL_CBOX_ALL_PRESENT, "cl-cbox-all-present", MUT, "every C-box present whatever the core count (L-16, L-17, L-19)") \
	/* events and filters */                                                        \
	D(f, CL_CMASK_IGNORED, "cl-cmask-ignored", MUT, "CMASK ignored (L-27)")        \
	D(f, CL_CMASK_OFF_BY_ONE, "cl-cmask-off-by-one", MUT, "CMASK compares > instead of >= (L-27)") \
	D(f, CL_INV_IGNORED, "cl-inv-ignored", MUT, "INV ignored (L-28)")              \
	D(f, CL_EDGE_IGNORED, "cl-edge-ignored", MUT, "E counts levels (L-29)")        \
	/* HOST: one count at an enable, which OQ-L13 lets a test allow for */ \
	D(f, CL_EDGE_HISTORY_KEPT, "cl-edge-history-kept", HOST, "the edge detector compares the first cycle after an enable with the cycle before (OQ-L13)") \
	D(f, CL_ARB_OCC_ON_1, "cl-arb-occ-on-1", MUT, "the ARB counts every event on every counter: occupancy on counter 1 (L-58, OQ-L15), 83H after Haswell, Rocket Lake's requests on counter 0 (L-83)") \
	D(f, CL_ARB_COH_OCC_LIVE, "cl-arb-coh-occ-live", CD, "an ARB event no list names for the part counts: 83H after Haswell, 80H on Ice Lake's one counter (L-83, L-87, OQ-L33)") \
	D(f, CL_ARB_REQ_1_ONLY, "cl-arb-req-1-only", GATES, "81H counts on ARB counter 1 alone on every part, Rocket Lake's rule (L-83, OQ-L34)") \
	D(f, CL_UMASK_ONE_GROUP, "cl-umask-one-group", MUT, "34H/22H count with one umask group set (L-57, OQ-L22)") \
	/* widths */                                                                    \
	D(f, CL_WIDTH_48, "cl-width-48", MUT, "C-box and ARB counters wrap at 2^48 (L-32)") \
	D(f, CL_FIXED_WIDTH_SWAPPED, "cl-fixed-width-swapped", MUT, "fixed counter 44 bits where 48 (A, C, D), 48 on B (L-33, OQ-L16, L-73)") \
	D(f, CL_UPPER_BITS_KEPT, "cl-upper-bits-kept", MUT, "counter bits above the width kept (OQ-L14)") \
	/* overflow and status */                                                       \
	D(f, CL_OVF_EN_IGNORED, "cl-ovf-en-ignored", MUT, "a wrap is forwarded without OVF_EN (L-35, L-36, OQ-L9)") \
	D(f, CL_NO_STATUS, "cl-no-status", MUT, "a forwarded wrap sets no status bit (L-38)") \
	D(f, CL_ARB_STATUS_BIT3, "cl-arb-status-bit3", MUT, "an ARB overflow sets status bit 3, the C-boxes' (L-38)") \
	D(f, CL_STATUS_W1C, "cl-status-w1c", MUT, "GLOBAL_STATUS is write-1-to-clear: writing 0 clears nothing (L-40, OQ-L8)") \
	/* PMI */                                                                       \
	D(f, CL_PMI_WRONG_CORE, "cl-pmi-wrong-core", MUT, "requests name the next core up (L-43)") \
	/* HOST: bit 4 routes to a fifth core; the rows have 2 cores a package */ \
	D(f, CL_SEL_4_BITS, "cl-sel-4-bits", HOST, "layouts B to D route bits 3:0 only (L-43, OQ-L7, OQ-L26)") \
	D(f, CL_PMI_ONCE, "cl-pmi-once", MUT, "no request while the unit's status bit is set (L-49)") \
	D(f, CL_WAKE_IGNORED, "cl-wake-ignored", MUT, "halted cores are reached without WakePMI (L-48, OQ-L10)") \
	D(f, CL_WAKE_NEVER, "cl-wake-never", MUT, "WakePMI does not reach halted cores (L-47)") \
	/* freeze */                                                                    \
	D(f, CL_FRZ_IGNORED, "cl-frz-ignored", GATES, "FREEZE does not freeze (L-50)")   \
	D(f, CL_FRZ_FIXED_RUNS, "cl-frz-fixed-runs", GATES, "a freeze leaves the fixed counter running (L-50)") \
	D(f, CL_FRZ_CLEARS_CTRL, "cl-frz-clears-ctrl", GATES, "a freeze clears all of GLOBAL_CTRL, not EN alone (L-51)") \
	D(f, CL_FRZ_WITHOUT_OVF_EN, "cl-frz-without-ovf-en", GATES, "a wrap without OVF_EN freezes (L-53, OQ-L11)") \
	/* layouts C and D */                                                           \
	D(f, CL_CBOX_STRIDE_16, "cl-cbox-stride-16", CD, "C-boxes of layouts C and D at the stride 0x10 of A and B (L-66, L-74)") \
	D(f, CL_ICL068_GCTL_LIVE, "cl-icl068-gctl-live", ICL, "Ice Lake client's GLOBAL_CTRL.EN gates and FREEZE freezes, as on layout B (L-71, OQ-L30)") \
	D(f, CL_ICL_ARB0_LIVE, "cl-icl-arb0-live", ICL, "Ice Lake's one ARB counter at 0x3B0/0x3B2, the erratum's, not 0x3B1/0x3B3 (L-70)") \
	D(f, CL_ARB_BOX1_ALIAS, "cl-arb-box1-alias", ADL, "layout D's ARB box 1 reaches box 0's registers (L-76)") \
	D(f, CL_THRESH_5_BITS, "cl-thresh-5-bits", ADL, "layout D's C-box threshold bit 29 ignored, 5 bits as before (L-75)")

#endif
