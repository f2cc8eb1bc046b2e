/* Xeon 7500 / Westmere-EX defects (family NHMEX, spec
 * xeon7500-uncore.md): the nhmex.* suite (suites/nhmex) catches each MUT one
 * on target; `make mutation` runs them as the nhmex row. Each is also
 * shown to break its behaviour by a host test
 * (tests/pmu/emu/nhmex/test_emu_nhmex_faults.c). The HOST one no on-target test can
 * catch on hardware: which of an S-box's two C-box summary bits (ov_c_l,
 * ov_c_r) an overflow sets shows only in S_MSR_PMON_SUMMARY, whose address
 * no source gives (OQ-X9); the U-box bit and the walk of X-30 are the same
 * either way. Make it MUT once suites/nhmex/boxes.c's ex_summary reads it.
 *
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_NHMEX_DEFECTS_H
#define PMU_EMU_NHMEX_DEFECTS_H

#define EMU_NHMEX_FAULTS(D, f)                                                          \
	/* counting gates */                                                            \
	D(f, EX_BOX_EN_IGNORED, "ex-box-en-ignored", MUT, "box GLOBAL_CTL.ctr_en (U-box: en) ignored (X-05, X-06)") \
	D(f, EX_GLOBAL_EN_IGNORED, "ex-global-en-ignored", MUT, "U GLOBAL_CTL.en_all ignored (X-05, X-08)") \
	D(f, EX_EN_BIT22, "ex-en-bit22", MUT, "B, M and R counters enabled by bit 22 as in C/S/W, not bit 0 (X-05)") \
	D(f, EX_FIXED_EN_IGNORED, "ex-fixed-en-ignored", MUT, "the W fixed counter counts without fixed_en (X-07)") \
	/* registers */                                                                 \
	D(f, EX_WIDTH_32, "ex-width-32", MUT, "counters wrap at 2^32, not 2^48 (X-14)") \
	D(f, EX_UPPER_BITS_KEPT, "ex-upper-bits-kept", MUT, "counter bits 63:48 kept on write (X-11, OQ-X15)") \
	D(f, EX_IG_BITS_KEPT, "ex-ig-bits-kept", MUT, "ig bits of control registers read back what was written (X-04)") \
	D(f, EX_TABLE_R_PMI_20, "ex-table-r-pmi-20", MUT, "the model's register table puts the R-box pmi_en at bit 20, not 6 (Table 2-44, X-19)") \
	D(f, EX_THR_7_BITS, "ex-thr-7-bits", MUT, "C/S/W threshold bit 31 dropped on write: a threshold >= 128 reads back below 128 (§5.5, X-04)") \
	D(f, EX_C8_ON_0X2E, "ex-c8-on-0x2e", MUT, "C-boxes 8 and 9 answer on 0x2E (X-39)") \
	D(f, EX_RST_ALL_IGNORED, "ex-rst-all-ignored", MUT, "rst_all zeroes nothing (X-12)") \
	D(f, EX_RST_ALL_LEAVES_FIXED, "ex-rst-all-leaves-fixed", MUT, "rst_all leaves the W fixed counter (X-12)") \
	D(f, EX_RST_ALL_CLEARS_CTL, "ex-rst-all-clears-ctl", MUT, "rst_all also zeroes every box GLOBAL_CTL and counter control (X-12, OQ-X5)") \
	/* overflow and the status chain */                                             \
	D(f, EX_NO_BOX_STATUS, "ex-no-box-status", MUT, "an overflow sets no box status bit (X-15)") \
	D(f, EX_LATE_OVERFLOW, "ex-late-overflow", MUT, "overflow taken at the next access or tick, not at the wrap (X-15, X-22)") \
	D(f, EX_NO_SUMMARY, "ex-no-summary", MUT, "status not propagated to the S-box summary nor U ov_s (X-16)") \
	D(f, EX_R_SWAPPED, "ex-r-swapped", MUT, "R-box left half reports to S1, right half to S0 (X-16, X-34, OQ-X8)") \
	D(f, EX_NO_U_OV_W, "ex-no-u-ov-w", MUT, "a W-box overflow does not set U ov_w (X-17)") \
	D(f, EX_OVF_CTL_NOCLEAR, "ex-ovf-ctl-noclear", MUT, "box OVF_CTL clears nothing (X-26)") \
	D(f, EX_OVF_CLR_ALL, "ex-ovf-clr-all", MUT, "a box OVF_CTL write clears every ov bit of the box, not only those written 1 (X-26)") \
	D(f, EX_SUMMARY_STICKY, "ex-summary-sticky", MUT, "clearing a box's ov bit leaves the S summary and U bits (X-27)") \
	D(f, EX_SUMMARY_FIRST_CLEAR, "ex-summary-first-clear", MUT, "clearing one ov bit clears the S summary and U bits other ov bits still feed (X-27, OQ-X6)") \
	D(f, EX_U_OVF_CLEARS_LOWER, "ex-u-ovf-clears-lower", MUT, "U OVF_CTL also clears the box and summary bits below (X-28, OQ-X6)") \
	/* PMI and freeze */                                                            \
	D(f, EX_PMI_WRONG_CORE, "ex-pmi-wrong-core", MUT, "PMIs requested for the next core of pmi_core_sel (X-19)") \
	D(f, EX_PMI_WITHOUT_SEL, "ex-pmi-without-sel", MUT, "pmi_core_sel = 0 still requests a PMI for core 0 (X-20)") \
	D(f, EX_PMI_EN_IGNORED, "ex-pmi-en-ignored", MUT, "an overflow with pmi_en = 0 reaches the U-box: PMI and freeze (X-21)") \
	D(f, EX_PMI_EN_BIT20, "ex-pmi-en-bit20", MUT, "M and R counters' PMI enabled by bit 20 as in C/S/W/U/B, not bits 1 and 6 (X-19, §5.5)") \
	D(f, EX_FRZ_IGNORED, "ex-frz-ignored", MUT, "frz_all does not freeze (X-22)")   \
	D(f, EX_FRZ_ONE_BOX, "ex-frz-one-box", MUT, "a freeze stops only the overflowing box (X-22)") \
	D(f, EX_FRZ_ALWAYS, "ex-frz-always", MUT, "the U-box freezes with frz_all = 0 (X-23)") \
	D(f, EX_PMI_RETRIGGER, "ex-pmi-retrigger", MUT, "PMI and freeze on every overflow, ov bit already set or not (X-25, OQ-X22)") \
	/* threshold, invert, edge detect (C, S, W; U: edge) */                         \
	D(f, EX_THR_TOP_IGNORED, "ex-thr-top-ignored", MUT, "C/S/W threshold compared without bit 31: a threshold >= 128 acts as t - 128 (X-41)") \
	D(f, EX_THR_GT, "ex-thr-gt", MUT, "C/S/W threshold passes x > t, not x >= t (X-41, OQ-X25 a)") \
	D(f, EX_INV_IGNORED, "ex-inv-ignored", MUT, "C/S/W invert ignored: threshold and inverted threshold count the same cycles (X-42)") \
	D(f, EX_EDGE_BEFORE_THR, "ex-edge-before-thr", MUT, "edge detect sees the event itself: with threshold >= 2 it counts rising edges of x >= 1 (X-43, OQ-X25 c)") \
	D(f, EX_EDGE_INV_LEVEL, "ex-edge-inv-level", MUT, "edge detect with invert counts the inverted level's cycles, not its rising edges (X-43, OQ-X25 c)") \
	D(f, EX_EDGE_FALLING, "ex-edge-falling", MUT, "edge detect counts 1 -> 0 transitions (X-43, OQ-X25 d)") \
	D(f, EX_U_EDGE_IGNORED, "ex-u-edge-ignored", MUT, "the U counter's edge_detect ignored: it counts the asserted cycles (X-43, OQ-X24)") \
	/* event constraints */                                                         \
	D(f, EX_BBOX_EVENT_ANY_COUNTER, "ex-bbox-event-any-counter", MUT, "a B-box event counts on a counter whose list lacks it: 0x01 on counter 3 (X-44, OQ-X27)") \
	D(f, EX_UMASK0_COUNTS, "ex-umask0-counts", MUT, "C- and S-box events with umask 0 count as if every sub-event were selected (X-45, X-46)") \
	D(f, EX_THROTTLE_COUNTS, "ex-throttle-counts", MUT, "W throttle events count on a part that does not throttle (X-47)") \
	/* R-box IPERF */                                                               \
	D(f, EX_IPERF_ZERO_COUNTS, "ex-iperf-zero-counts", MUT, "an R counter counts its IPERF sub-counter's flits while that IPERF is 0 (X-32)") \
	D(f, EX_IPERF_BIT31_ONLY, "ex-iperf-bit31-only", MUT, "IPERF bit 31 read as an enable: other events (0x40000000, 0xC4) count nothing (X-32)") \
	D(f, EX_R_PORT_NO_HALF, "ex-r-port-no-half", MUT, "right-half R counters decode ports 0-3, not 4-7 (X-33)") \
	/* host tests only: shows in the addressless S-box summary (see above) */       \
	D(f, EX_C_LR_SWAPPED, "ex-c-lr-swapped", HOST, "C-boxes 0,1 and 4,5 report ov_c_r, 2,3 and 6,7 ov_c_l (X-16)")

#endif
