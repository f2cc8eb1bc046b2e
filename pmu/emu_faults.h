/* Named defects the emulated PMUs can be told to have (emu.fault=a,b): each
 * breaks one documented behaviour so that a test can be shown to fail
 * against it. The uncore model (pmu/emu_nhm.c) implements the model-side
 * uncore ones, the emulated backend (pmu/backend_emu.c) the delivery-side
 * ones (lvt-no-mask and lvt-mask-ignored break the LVT entry itself, so
 * they act on core PMIs too; the others are the uncore's), the core PMU
 * model (pmu/emu_core.c) the core- ones, the Sandy Bridge-EP uncore model
 * (pmu/emu_snbep*.c) the snbep- ones, the Xeon 7500 uncore model
 * (pmu/emu_nhmex*.c) the ex- ones. `make mutation` runs each generation's
 * on-target suite against every defect of its lines (X( the Nehalem uncore,
 * K( and W( the core PMU, S( Sandy Bridge-EP, E( the Xeon 7500; GENS in
 * scripts/mutation.sh); the other letters are host tests only. */
#ifndef PMU_EMU_FAULTS_H
#define PMU_EMU_FAULTS_H

#include "../lib/rt.h"

#define EMU_UNCORE_FAULTS(X)                                                           \
	/* counting */                                                                 \
	X(NO_COUNT, "no-count", "general counters never advance (N-06)")               \
	X(FIXED_NO_COUNT, "fixed-no-count", "FixedCntr0 never advances (N-08)")        \
	X(LOCAL_EN_IGNORED, "local-en-ignored", "PerfEvtSel.EN ignored (N-06)")        \
	X(GLOBAL_EN_IGNORED, "global-en-ignored", "EN_PCn ignored (N-06)")             \
	X(WIDTH_32, "width-32", "counters wrap at 2^32 (N-04, N-12)")                  \
	X(UPPER_BITS_KEPT, "upper-bits-kept", "bits 63:48 of counter writes kept (OQ-N11)") \
	X(SHARED_PACKAGES, "shared-packages", "all packages share one uncore (N-03)")  \
	/* filters */                                                                  \
	X(EDGE_IGNORED, "edge-ignored", "E counts levels (N-16)")                      \
	X(EDGE_FALLING, "edge-falling", "E counts falling edges, deasserted after asserted (N-16, OQ-N26)") \
	X(INV_IGNORED, "inv-ignored", "INV ignored (N-19)")                            \
	X(CMASK_IGNORED, "cmask-ignored", "CMASK ignored (N-18)")                      \
	X(CMASK_OFF_BY_ONE, "cmask-off-by-one", "CMASK compares > instead of >= (N-18)") \
	X(OCC_RST_IGNORED, "occ-rst-ignored", "OCC_CTR_RST does nothing (N-15)")       \
	X(OCC_RST_READS_1, "occ-rst-reads-1", "OCC_CTR_RST reads back 1 (N-14)")       \
	X(UMASK_NO_UNION, "umask-no-union", "a multi-bit umask counts only its lowest bit (N-13)") \
	/* registers */                                                                \
	X(RESERVED_ACCEPTED, "reserved-accepted", "reserved bits stored, no #GP (OQ-N11)") \
	X(STATUS_WRITABLE, "status-writable", "GLOBAL_STATUS takes writes (N-25)")     \
	X(MSR_FAULTS, "msr-faults", "UNCORE_PerfEvtSel3 raises #GP (N-05)")            \
	/* overflow */                                                                 \
	X(NO_OVF_STATUS, "no-ovf-status", "a wrap sets no status bit (N-21, N-22)")    \
	X(OVF_CTRL_NOCLEAR, "ovf-ctrl-noclear", "GLOBAL_OVF_CTRL clears nothing (N-26)") \
	X(OVF_CTRL_CLEARS_ALL, "ovf-ctrl-clears-all", "GLOBAL_OVF_CTRL clears every bit (N-26)") \
	X(OVF_CTRL_PMI_CLEARS_OVF, "ovf-ctrl-pmi-clears-ovf", "CLR_OVF_PMI also clears every OVF_PCn and OVF_FC0 (N-26)") \
	X(CHG_NEVER, "chg-never", "CHG never set (N-24)")                              \
	X(OVF_PMI_ALWAYS, "ovf-pmi-always", "OVF_PMI set without the PMI bit (N-23)")  \
	X(LATE_OVERFLOW, "late-overflow", "overflow taken at the next access or tick, not at the wrap (OQ-N15)") \
	/* freeze */                                                                   \
	X(FRZ_IGNORED, "frz-ignored", "PMI_FRZ does not freeze (N-36)")                \
	X(FRZ_PARTIAL, "frz-partial", "freeze stops only counters 0-3 (N-36)")         \
	X(FRZ_WITHOUT_PMI, "frz-without-pmi", "a wrap without the PMI bit freezes (N-38)") \
	/* PMI delivery (backend) */                                                   \
	X(PMI_NEVER, "pmi-never", "no PMI is delivered (N-30)")                        \
	X(PMI_WRONG_CORE, "pmi-wrong-core", "PMIs go to the next core (N-31)")         \
	X(CORES_DESCENDING, "cores-descending", "core n is the n-th core in descending APIC-id order (N-33, OQ-N4)") \
	X(DEBUGCTL_IGNORED, "debugctl-ignored", "DEBUGCTL bit 13 does not gate (N-32)") \
	X(LVT_NO_MASK, "lvt-no-mask", "delivery leaves LVTPC unmasked (C-29)")         \
	X(LVT_MASK_IGNORED, "lvt-mask-ignored", "a masked LVTPC still delivers (C-28)") \
	X(NO_BIT61, "no-bit61", "IA32_PERF_GLOBAL_STATUS bit 61 not set (C-06)")       \
	X(BIT61_STICKY, "bit61-sticky", "IA32_PERF_GLOBAL_OVF_CTRL does not clear bit 61 (C-07)") \
	X(BIT61_EVERYWHERE, "bit61-everywhere", "an uncore PMI sets bit 61 on every CPU (C-06, OQ-C4)") \
	X(PMI_STORM, "pmi-storm", "one overflow delivers PMIs without end (C-41)")

/* Core PMU defects the on-target core suite (tests/core) catches, in
 * `make mutation` on both emulated core shapes (scripts/mutation.sh): the
 * K( lines on every shape, the W( lines only on a shape without full-width
 * writes (core_shape_nhm; core_shape_v3 has IA32_A_PMCx anyway). The
 * counting filter is one definition for both PMUs (C-16 as N-16..N-19,
 * pmu/emu_stream.h), so its uncore defects cmask-7-bits, edge-before-cmask
 * and edge-inv-level break the core model's filter too. */
#define EMU_CORE_FAULTS(K, W)                                                          \
	/* gates */                                                                    \
	K(CORE_USR_OS_SWAPPED, "core-usr-os-swapped", "USR and OS (and fixed EN 2 and 1) swapped (C-09, C-22)") \
	K(CORE_LOCAL_EN_IGNORED, "core-local-en-ignored", "IA32_PERFEVTSELx.EN ignored (C-09)") \
	K(CORE_GLOBAL_CTRL_IGNORED, "core-global-ctrl-ignored", "IA32_PERF_GLOBAL_CTRL enables ignored (C-09)") \
	K(CORE_FIXED_EN_IGNORED, "core-fixed-en-ignored", "fixed counters count whatever their EN field (C-22)") \
	/* filters */                                                                  \
	K(CORE_EDGE_IGNORED, "core-edge-ignored", "E counts levels (C-16)")           \
	K(CORE_EDGE_FALLING, "core-edge-falling", "E counts falling edges, deasserted after asserted (C-16, OQ-C13)") \
	K(CORE_CMASK_OFF_BY_ONE, "core-cmask-off-by-one", "CMASK compares > instead of >= (C-16)") \
	K(CORE_INV_IGNORED, "core-inv-ignored", "INV ignored (C-16)")                 \
	K(CORE_INV_WITHOUT_CMASK, "core-inv-without-cmask", "INV applied with CMASK = 0: counts cycles without the event (C-16)") \
	/* overflow */                                                                 \
	K(CORE_INT_IGNORED, "core-int-ignored", "INT and the fixed PMI bits request no PMI (C-10, C-22)") \
	K(CORE_STATUS_NOT_SET, "core-status-not-set", "an overflow sets no IA32_PERF_GLOBAL_STATUS bit (C-10)") \
	K(CORE_OVF_CTRL_NOCLEAR, "core-ovf-ctrl-noclear", "IA32_PERF_GLOBAL_OVF_CTRL clears nothing (C-07)") \
	K(CORE_OVF_CTRL_CLEARS_ALL, "core-ovf-ctrl-clears-all", "a 1 in any IA32_PERF_GLOBAL_OVF_CTRL bit clears every counter's status bit (C-07)") \
	K(CORE_OVF_LATE, "core-ovf-late", "overflow one event after the wrap: a preset of 2^width - 1 has its status after 2 events, not 1 (OQ-C12)") \
	/* registers */                                                                \
	K(CORE_WIDTH_32, "core-width-32", "counters are 32 bits wide, not as enumerated (C-11, C-12)") \
	K(CORE_PMC_NO_SIGN_EXTEND, "core-pmc-no-sign-extend", "IA32_PMCx writes zero-extended from 32 bits (C-17)") \
	W(CORE_A_PMC_ALWAYS, "core-a-pmc-always", "IA32_A_PMCx present without PERF_CAPABILITIES.FW_WRITE (C-18)") \
	K(CORE_RESERVED_ACCEPTED, "core-reserved-accepted", "reserved bits and too-wide counter values taken without #GP (C-18, C-23)")

/* Sandy Bridge-EP defects (spec xeon-e5-2600-uncore.md): `make mutation`
 * runs the snbep.* suite (tests/snbep) against every S( line (the snbep
 * row of scripts/mutation.sh); each is also shown to break its behaviour
 * by a host test (tests/host/test_emu_snbep_faults.c). */
#define EMU_SNBEP_FAULTS(S)                                                            \
	/* box control */                                                              \
	S(SNBEP_FRZ_IGNORED, "snbep-frz-ignored", "frz with frz_en does not freeze (S-11)") \
	S(SNBEP_FRZ_EN_IGNORED, "snbep-frz-en-ignored", "frz freezes without frz_en (S-12, OQ-S03)") \
	S(SNBEP_FRZ_LEAKS, "snbep-frz-leaks", "a box's freeze also stops the next box (S-14)") \
	S(SNBEP_FRZ_HOLDS_READS, "snbep-frz-holds-reads", "a frozen box counts on, reads show the value at the freeze (S-13)") \
	S(SNBEP_RST_CTRS_LEAVES_ONE, "snbep-rst-ctrs-leaves-one", "rst_ctrs leaves counter 3 (S-07)") \
	S(SNBEP_RST_CTRL_CLEARS_CTRS, "snbep-rst-ctrl-clears-ctrs", "rst_ctrl zeroes the counters too (S-08)") \
	S(SNBEP_RST_LEAKS, "snbep-rst-leaks", "rst_ctrs also zeroes the next box's counters (S-14)") \
	S(SNBEP_RST_ON_ANY_WRITE, "snbep-rst-on-any-write", "every BOX_CTL write zeroes the counters (S-09)") \
	S(SNBEP_RST_CTRS_CLEARS_CTL, "snbep-rst-ctrs-clears-ctl", "rst_ctrs zeroes the box's controls too (S-07)") \
	S(SNBEP_RST_HITS_UBOX, "snbep-rst-hits-ubox", "the PCU's rst_ctrl and rst_ctrs also reset the U-box's controls and counters (S-14)") \
	S(SNBEP_BOX_CTL_READS_BACK, "snbep-box-ctl-reads-back", "BOX_CTL reads back frz and frz_en (OQ-S02)") \
	/* counting gates */                                                           \
	S(SNBEP_EN_IGNORED, "snbep-en-ignored", "CTL.en ignored (S-16, S-17)")          \
	S(SNBEP_UCLK_EN_IGNORED, "snbep-uclk-en-ignored", "the UCLK fixed counter counts without en (S-16)") \
	S(SNBEP_UBOX_EV0_COUNTS, "snbep-ubox-ev0-counts", "a U-box counter counts UCLK with ev_sel 0 (S-18)") \
	S(SNBEP_CTL_RST_IGNORED, "snbep-ctl-rst-ignored", "CTL.rst does not clear the counter (S-20)") \
	S(SNBEP_CTL_RST_READS_1, "snbep-ctl-rst-reads-1", "CTL.rst reads back 1 (S-20, OQ-S12)") \
	/* widths */                                                                   \
	S(SNBEP_WIDTH_48, "snbep-width-48", "C-box and U-box counters wrap at 2^48, not 2^44 (S-36)") \
	S(SNBEP_PCU_WIDTH_44, "snbep-pcu-width-44", "PCU counters wrap at 2^44, not 2^48 (S-37)") \
	S(SNBEP_UCLK_WIDTH_44, "snbep-uclk-width-44", "the UCLK fixed counter wraps at 2^44 (S-38, OQ-S07)") \
	S(SNBEP_UPPER_BITS_KEPT, "snbep-upper-bits-kept", "counter bits above the width kept on write (S-05, OQ-S16)") \
	S(SNBEP_TBL_THRESH_NARROW, "snbep-tbl-thresh-narrow", "the register table's thresh fields one bit narrower: C-box 30:24, U-box and PCU 27:24 (S-04, S-22)") \
	/* threshold, invert, edge */                                                  \
	S(SNBEP_THRESH_OFF_BY_ONE, "snbep-thresh-off-by-one", "thresh compares > instead of >= (S-22)") \
	S(SNBEP_INVERT_IGNORED, "snbep-invert-ignored", "invert ignored (S-23)")        \
	S(SNBEP_EDGE_COUNTS_LEVELS, "snbep-edge-counts-levels", "edge_det counts levels (S-24)") \
	S(SNBEP_THRESH0_EDGE, "snbep-thresh0-edge", "with thresh 0, edge_det and occ_edge_det still act, on x > 0 (S-25, S-31, OQ-S08)") \
	S(SNBEP_EDGE_BEFORE_THRESH, "snbep-edge-before-thresh", "edge detect before the threshold: with thresh >= 2, edge_det and occ_edge_det count nothing (S-24, S-30)") \
	S(SNBEP_EDGE_DIR_SWAPPED, "snbep-edge-dir-swapped", "edge_det and occ_edge_det count falling edges, with invert rising ones (S-24, S-30, S-34)") \
	/* PCU occupancy */                                                            \
	S(SNBEP_IDLE_COUNTS_C0, "snbep-idle-counts-c0", "cores in C1 counted as C0 (S-27, OQ-S19)") \
	S(SNBEP_OCC_THRESH_OFF_BY_ONE, "snbep-occ-thresh-off-by-one", "occupancy compares N > thresh instead of >= (S-28)") \
	S(SNBEP_OCC_INVERT_IGNORED, "snbep-occ-invert-ignored", "occ_invert ignored (S-29)") \
	S(SNBEP_OCC_EDGE_COUNTS_LEVELS, "snbep-occ-edge-counts-levels", "occ_edge_det counts levels (S-30)") \
	S(SNBEP_OCC_EDGE_RISING_ONLY, "snbep-occ-edge-rising-only", "occ_edge_det with occ_invert counts rising edges of N >= thresh (S-30)") \
	/* PCU band filter and event identity */                                       \
	S(SNBEP_BAND_BYTE_SHIFTED, "snbep-band-byte-shifted", "band event 0x0B+n compares with filter byte n+1 (S-33)") \
	S(SNBEP_EXT_IGNORED, "snbep-ext-ignored", "ev_sel_ext (bit 21) ignored: 0x0B with it counts band 0 (S-35)") \
	/* clocks */                                                                   \
	S(SNBEP_PCLK_1GHZ, "snbep-pclk-1ghz", "the PCU's pclk runs at 1 GHz, not 800 MHz (S-44)") \
	S(SNBEP_UCLK_HALF_RATE, "snbep-uclk-half-rate", "the UCLK fixed counter counts every other UCLK (S-45, OQ-S18)") \
	/* C-state residency */                                                        \
	S(SNBEP_RESID_RESET, "snbep-resid-reset", "the PCU's rst_ctrs zeroes the C3/C6 residency counters (S-46)") \
	/* wrap, overflow, PMI */                                                      \
	S(SNBEP_WRAP_PMI, "snbep-wrap-pmi", "a counter wrap requests a PMI (S-39, S-40)") \
	S(SNBEP_WRAP_FREEZES, "snbep-wrap-freezes", "a C-box or PCU counter wrap freezes its box (S-15, S-39)") \
	/* registers */                                                                \
	S(SNBEP_GLOBAL_REGS, "snbep-global-regs", "0xC00, 0xC01, 0xC06, 0xC15, 0xC35 read 0 instead of #GP (S-03, OQ-S01)")

/* Sandy Bridge-EP defects no on-target test can show where CI runs: they
 * need a core in C3 or C6, and a parked core declares the C-state it
 * requests with MWAIT only where CPUID.05H:EDX enumerates it (S-26, OQ-S19;
 * tests/snbep/park.c); QEMU's TCG enumerates none, so the suite parks in
 * HLT (C1) there and the C3/C6 occupancy and residency stay 0. On a
 * machine that enumerates them snbep.pcu.occ-states and snbep.pcu.residency
 * assert what these break. Not in `make mutation` (their own macro
 * parameter name); host tests show them (tests/host/test_emu_snbep_faults.c). */
#define EMU_SNBEP_DEEP_FAULTS(D)                                                       \
	D(SNBEP_OCC_SEL_SWAPPED, "snbep-occ-sel-swapped", "occ_sel 2 counts C6 cores, 3 C3 (S-26)") \
	D(SNBEP_RESID_FROZEN, "snbep-resid-frozen", "the PCU's freeze stops the C3/C6 residency counters (S-46)")

/* Xeon 7500 / Westmere-EX defects (spec xeon7500-uncore.md): the nhmex.*
 * suite (tests/nhmex) catches each on target; `make mutation` runs them as
 * the nhmex generation (scripts/mutation.sh takes its defect list from the
 * E( lines). Each is also shown to break its behaviour by a host test
 * (tests/host/test_emu_nhmex_faults.c). */
#define EMU_NHMEX_FAULTS(E)                                                            \
	/* counting gates */                                                           \
	E(EX_BOX_EN_IGNORED, "ex-box-en-ignored", "box GLOBAL_CTL.ctr_en (U-box: en) ignored (X-05, X-06)") \
	E(EX_GLOBAL_EN_IGNORED, "ex-global-en-ignored", "U GLOBAL_CTL.en_all ignored (X-05, X-08)") \
	E(EX_EN_BIT22, "ex-en-bit22", "B, M and R counters enabled by bit 22 as in C/S/W, not bit 0 (X-05)") \
	E(EX_FIXED_EN_IGNORED, "ex-fixed-en-ignored", "the W fixed counter counts without fixed_en (X-07)") \
	/* registers */                                                                \
	E(EX_WIDTH_32, "ex-width-32", "counters wrap at 2^32, not 2^48 (X-14)")         \
	E(EX_UPPER_BITS_KEPT, "ex-upper-bits-kept", "counter bits 63:48 kept on write (X-11, OQ-X15)") \
	E(EX_IG_BITS_KEPT, "ex-ig-bits-kept", "ig bits of control registers read back what was written (X-04)") \
	E(EX_TABLE_R_PMI_20, "ex-table-r-pmi-20", "the model's register table puts the R-box pmi_en at bit 20, not 6 (Table 2-44, X-19)") \
	E(EX_THR_7_BITS, "ex-thr-7-bits", "C/S/W threshold bit 31 dropped on write: a threshold >= 128 reads back below 128 (§5.5, X-04)") \
	E(EX_C8_ON_0X2E, "ex-c8-on-0x2e", "C-boxes 8 and 9 answer on 0x2E (X-39)")     \
	E(EX_RST_ALL_IGNORED, "ex-rst-all-ignored", "rst_all zeroes nothing (X-12)")    \
	E(EX_RST_ALL_LEAVES_FIXED, "ex-rst-all-leaves-fixed", "rst_all leaves the W fixed counter (X-12)") \
	E(EX_RST_ALL_CLEARS_CTL, "ex-rst-all-clears-ctl", "rst_all also zeroes every box GLOBAL_CTL and counter control (X-12, OQ-X5)") \
	/* overflow and the status chain */                                            \
	E(EX_NO_BOX_STATUS, "ex-no-box-status", "an overflow sets no box status bit (X-15)") \
	E(EX_LATE_OVERFLOW, "ex-late-overflow", "overflow taken at the next access or tick, not at the wrap (X-15, X-22)") \
	E(EX_NO_SUMMARY, "ex-no-summary", "status not propagated to the S-box summary nor U ov_s (X-16)") \
	E(EX_R_SWAPPED, "ex-r-swapped", "R-box left half reports to S1, right half to S0 (X-16, X-34, OQ-X8)") \
	E(EX_NO_U_OV_W, "ex-no-u-ov-w", "a W-box overflow does not set U ov_w (X-17)")  \
	E(EX_OVF_CTL_NOCLEAR, "ex-ovf-ctl-noclear", "box OVF_CTL clears nothing (X-26)") \
	E(EX_OVF_CLR_ALL, "ex-ovf-clr-all", "a box OVF_CTL write clears every ov bit of the box, not only those written 1 (X-26)") \
	E(EX_SUMMARY_STICKY, "ex-summary-sticky", "clearing a box's ov bit leaves the S summary and U bits (X-27)") \
	E(EX_SUMMARY_FIRST_CLEAR, "ex-summary-first-clear", "clearing one ov bit clears the S summary and U bits other ov bits still feed (X-27, OQ-X6)") \
	E(EX_U_OVF_CLEARS_LOWER, "ex-u-ovf-clears-lower", "U OVF_CTL also clears the box and summary bits below (X-28, OQ-X6)") \
	/* PMI and freeze */                                                           \
	E(EX_PMI_WRONG_CORE, "ex-pmi-wrong-core", "PMIs requested for the next core of pmi_core_sel (X-19)") \
	E(EX_PMI_WITHOUT_SEL, "ex-pmi-without-sel", "pmi_core_sel = 0 still requests a PMI for core 0 (X-20)") \
	E(EX_PMI_EN_IGNORED, "ex-pmi-en-ignored", "an overflow with pmi_en = 0 reaches the U-box: PMI and freeze (X-21)") \
	E(EX_PMI_EN_BIT20, "ex-pmi-en-bit20", "M and R counters' PMI enabled by bit 20 as in C/S/W/U/B, not bits 1 and 6 (X-19, §5.5)") \
	E(EX_FRZ_IGNORED, "ex-frz-ignored", "frz_all does not freeze (X-22)")           \
	E(EX_FRZ_ONE_BOX, "ex-frz-one-box", "a freeze stops only the overflowing box (X-22)") \
	E(EX_FRZ_ALWAYS, "ex-frz-always", "the U-box freezes with frz_all = 0 (X-23)")  \
	E(EX_PMI_RETRIGGER, "ex-pmi-retrigger", "PMI and freeze on every overflow, ov bit already set or not (X-25, OQ-X22)") \
	/* threshold, invert, edge detect (C, S, W; U: edge) */                        \
	E(EX_THR_TOP_IGNORED, "ex-thr-top-ignored", "C/S/W threshold compared without bit 31: a threshold >= 128 acts as t - 128 (X-41)") \
	E(EX_THR_GT, "ex-thr-gt", "C/S/W threshold passes x > t, not x >= t (X-41, OQ-X25 a)") \
	E(EX_INV_IGNORED, "ex-inv-ignored", "C/S/W invert ignored: threshold and inverted threshold count the same cycles (X-42)") \
	E(EX_EDGE_BEFORE_THR, "ex-edge-before-thr", "edge detect sees the event itself: with threshold >= 2 it counts rising edges of x >= 1 (X-43, OQ-X25 c)") \
	E(EX_EDGE_INV_LEVEL, "ex-edge-inv-level", "edge detect with invert counts the inverted level's cycles, not its rising edges (X-43, OQ-X25 c)") \
	E(EX_EDGE_FALLING, "ex-edge-falling", "edge detect counts 1 -> 0 transitions (X-43, OQ-X25 d)") \
	E(EX_U_EDGE_IGNORED, "ex-u-edge-ignored", "the U counter's edge_detect ignored: it counts the asserted cycles (X-43, OQ-X24)") \
	/* R-box IPERF */                                                              \
	E(EX_IPERF_ZERO_COUNTS, "ex-iperf-zero-counts", "an R counter counts its IPERF sub-counter's flits while that IPERF is 0 (X-32)") \
	E(EX_IPERF_BIT31_ONLY, "ex-iperf-bit31-only", "IPERF bit 31 read as an enable: other events (0x40000000, 0xC4) count nothing (X-32)") \
	E(EX_R_PORT_NO_HALF, "ex-r-port-no-half", "right-half R counters decode ports 0-3, not 4-7 (X-33)")

/* Xeon 7500 defects no on-target test can catch on hardware, so host tests
 * only (their own macro parameter name keeps them out of `make mutation`):
 * which of an S-box's two C-box summary bits (ov_c_l, ov_c_r) an overflow
 * sets shows only in S_MSR_PMON_SUMMARY, whose address no source gives
 * (OQ-X9); the U-box bit and the walk of X-30 are the same either way.
 * Move it to the E( list once tests/nhmex/boxes.c's ex_summary reads it. */
#define EMU_NHMEX_HOST_FAULTS(H)                                                       \
	H(EX_C_LR_SWAPPED, "ex-c-lr-swapped", "C-boxes 0,1 and 4,5 report ov_c_r, 2,3 and 6,7 ov_c_l (X-16)")

/* The counting filter's defects: one definition of N-16..N-19 and C-16
 * (pmu/emu_stream.h) serves the Nehalem uncore and the core PMU, so these
 * break both: family SHARED, which every model sees. X( lines, so that the
 * nhm row of `make mutation` runs them against nhm.* and core.*. */
#define EMU_FILTER_FAULTS(X)                                                           \
	X(CMASK_7_BITS, "cmask-7-bits", "CMASK read as 7 bits: bit 31 dropped (N-18)") \
	X(EDGE_BEFORE_CMASK, "edge-before-cmask", "E detects the event itself: with CMASK >= 2 it counts rising edges of count >= 1 (N-16, OQ-N13)") \
	X(EDGE_INV_LEVEL, "edge-inv-level", "E with INV counts the inverted level's cycles, not its rising edges (N-16, N-19)")

/* The families: each emulated PMU sees its own family's defects only,
 * numbered from 0 within it (EMU_F), so that a family's mask fits in 128
 * bits however many defects there are in all (over 128 since issue 12):
 * the Nehalem uncore with the PMI delivery (X(), the core PMU (K(, W(),
 * Sandy Bridge-EP (S(, D(), the Xeon 7500 (E(, H(); and the filter's
 * (SHARED), numbered from EMU_SHARED_BASE up in every family's mask. */
enum emu_fault_family {
	EMU_FAM_UNCORE, EMU_FAM_CORE, EMU_FAM_SNBEP, EMU_FAM_NHMEX, EMU_FAM_SHARED, EMU_FAM_COUNT
};
#define EMU_SHARED_BASE 96
#define EMU_FAM_UNCORE_LIST(X) EMU_UNCORE_FAULTS(X)
#define EMU_FAM_CORE_LIST(X)   EMU_CORE_FAULTS(X, X)
#define EMU_FAM_SNBEP_LIST(X)  EMU_SNBEP_FAULTS(X) EMU_SNBEP_DEEP_FAULTS(X)
#define EMU_FAM_NHMEX_LIST(X)  EMU_NHMEX_FAULTS(X) EMU_NHMEX_HOST_FAULTS(X)
#define EMU_FAM_SHARED_LIST(X) EMU_FILTER_FAULTS(X)

/* Every defect, in the order of their global numbers (names, the config). */
#define EMU_FAULTS(X) EMU_FAM_UNCORE_LIST(X) EMU_FAM_SHARED_LIST(X) EMU_FAM_CORE_LIST(X) \
	EMU_FAM_SNBEP_LIST(X) EMU_FAM_NHMEX_LIST(X)

enum emu_fault_bit {
#define X(id, name, desc) EMU_FAULT_BIT_##id,
	EMU_FAULTS(X)
#undef X
	EMU_FAULT_COUNT
};

/* The number of each defect within its family, and each family's size. */
#define EMU_FBIT_(id, name, desc) EMU_FBIT_##id,
enum { EMU_FAM_UNCORE_LIST(EMU_FBIT_) EMU_FAM_UNCORE_N };
enum { EMU_FAM_CORE_LIST(EMU_FBIT_) EMU_FAM_CORE_N };
enum { EMU_FAM_SNBEP_LIST(EMU_FBIT_) EMU_FAM_SNBEP_N };
enum { EMU_FAM_NHMEX_LIST(EMU_FBIT_) EMU_FAM_NHMEX_N };
enum { EMU_SHARED_FIRST_ = EMU_SHARED_BASE - 1, EMU_FAM_SHARED_LIST(EMU_FBIT_) EMU_FAM_SHARED_END };
#undef EMU_FBIT_
/* Each defect's family, for EMU_FF's check. */
#define EMU_IN_UNCORE_(id, name, desc) EMU_FAMILY_##id = EMU_FAM_UNCORE,
#define EMU_IN_CORE_(id, name, desc)   EMU_FAMILY_##id = EMU_FAM_CORE,
#define EMU_IN_SNBEP_(id, name, desc)  EMU_FAMILY_##id = EMU_FAM_SNBEP,
#define EMU_IN_NHMEX_(id, name, desc)  EMU_FAMILY_##id = EMU_FAM_NHMEX,
#define EMU_IN_SHARED_(id, name, desc) EMU_FAMILY_##id = EMU_FAM_SHARED,
enum {
	EMU_FAM_UNCORE_LIST(EMU_IN_UNCORE_) EMU_FAM_CORE_LIST(EMU_IN_CORE_)
	EMU_FAM_SNBEP_LIST(EMU_IN_SNBEP_) EMU_FAM_NHMEX_LIST(EMU_IN_NHMEX_)
	EMU_FAM_SHARED_LIST(EMU_IN_SHARED_)
};
#undef EMU_IN_UNCORE_
#undef EMU_IN_CORE_
#undef EMU_IN_SNBEP_
#undef EMU_IN_NHMEX_
#undef EMU_IN_SHARED_

/* One family's defects and the shared ones: a bit each (GCC's __int128;
 * no division is ever done). EMU_F(id) is id's bit in its family's mask;
 * EMU_FF(FAM, id) the same, refused at compile time unless id is of family
 * FAM or SHARED (a model tests only its own family's mask, where another
 * family's number means another defect). */
typedef unsigned __int128 emu_faults_t;
_Static_assert(EMU_FAM_UNCORE_N <= EMU_SHARED_BASE && EMU_FAM_CORE_N <= EMU_SHARED_BASE &&
	       EMU_FAM_SNBEP_N <= EMU_SHARED_BASE && EMU_FAM_NHMEX_N <= EMU_SHARED_BASE &&
	       EMU_FAM_SHARED_END <= 128, "a family's mask holds its defects and the shared ones");
#define EMU_F(id) ((emu_faults_t)1 << EMU_FBIT_##id)
#define EMU_FF(fam, id)                                                                    \
	((emu_faults_t)(0 * sizeof(char[(int)EMU_FAMILY_##id == (int)EMU_FAM_##fam ||            \
				   (int)EMU_FAMILY_##id == (int)EMU_FAM_SHARED ? 1 : -1])) + \
	 EMU_F(id))

/* A set of defects of every family (what emu.fault= names). */
struct emu_fault_set {
	emu_faults_t fam[EMU_FAM_COUNT];
};

/* Parse "a,b,c" into a set; on an unknown name return -1 and name it in bad. */
int emu_faults_parse(const char *list, struct emu_fault_set *set, char *bad, size_t badlen);
/* The mask a model of family fam gets from set: its own and the shared. */
emu_faults_t emu_faults_for(const struct emu_fault_set *set, enum emu_fault_family fam);
/* The defect of global number bit as its family's mask holds it (shared
 * ones: as every family's does). */
emu_faults_t emu_fault_mask(unsigned bit);
/* Add the defect of global number bit to set. */
void emu_faults_add(struct emu_fault_set *set, unsigned bit);
/* Whether set holds the defect of global number bit; whether it is empty. */
bool emu_faults_has(const struct emu_fault_set *set, unsigned bit);
bool emu_faults_empty(const struct emu_fault_set *set);
/* "a,b" for a set ("none" if empty), in global order. */
void emu_faults_describe(const struct emu_fault_set *set, char *buf, size_t len);
const char *emu_fault_name(unsigned bit);
const char *emu_fault_desc(unsigned bit);

#endif
