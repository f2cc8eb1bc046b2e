/* Sandy Bridge-EP defects (family SNBEP, spec xeon-e5-2600-uncore.md):
 * `make mutation` runs the snbep.* suite (suites/snbep) against the MUT ones
 * (the snbep row); each is also shown to break its behaviour by a host test
 * (tests/pmu/emu/snbep/test_emu_snbep_faults.c). The HOST ones no on-target test
 * can show where CI runs: they need a core in C3 or C6, and a parked core
 * declares the C-state it requests with MWAIT only where CPUID.05H:EDX
 * enumerates it (S-26, OQ-S19; suites/snbep/park.c); QEMU's TCG enumerates
 * none, so the suite parks in HLT (C1) there and the C3/C6 occupancy and
 * residency stay 0. On a machine that enumerates them
 * snbep.pcu.occ-states and snbep.pcu.residency assert what these break.
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_SNBEP_DEFECTS_H
#define PMU_EMU_SNBEP_DEFECTS_H

#include "pmu/emu/snbep/pci_defects.h"
#include "pmu/emu/snbep/ivbep_defects.h"
#include "pmu/emu/snbep/hswep_defects.h"
#include "pmu/emu/snbep/skx_defects.h"
#include "pmu/emu/snbep/icx_defects.h"

#define EMU_SNBEP_FAULTS(D, f)                                                          \
	/* box control */                                                               \
	D(f, SNBEP_FRZ_IGNORED, "snbep-frz-ignored", MUT, "frz with frz_en does not freeze (S-11)") \
	D(f, SNBEP_FRZ_EN_IGNORED, "snbep-frz-en-ignored", MUT, "frz freezes without frz_en (S-12, OQ-S03)") \
	D(f, SNBEP_FRZ_LEAKS, "snbep-frz-leaks", MUT, "a box's freeze also stops the next box (S-14)") \
	D(f, SNBEP_FRZ_HOLDS_READS, "snbep-frz-holds-reads", MUT, "a frozen box counts on, reads show the value at the freeze (S-13)") \
	D(f, SNBEP_RST_CTRS_LEAVES_ONE, "snbep-rst-ctrs-leaves-one", MUT, "rst_ctrs leaves counter 3 (S-07)") \
	D(f, SNBEP_RST_CTRL_CLEARS_CTRS, "snbep-rst-ctrl-clears-ctrs", MUT, "rst_ctrl zeroes the counters too (S-08)") \
	D(f, SNBEP_RST_LEAKS, "snbep-rst-leaks", MUT, "rst_ctrs also zeroes the next box's counters (S-14)") \
	D(f, SNBEP_RST_ON_ANY_WRITE, "snbep-rst-on-any-write", MUT, "every BOX_CTL write zeroes the counters (S-09)") \
	D(f, SNBEP_RST_CTRS_CLEARS_CTL, "snbep-rst-ctrs-clears-ctl", MUT, "rst_ctrs zeroes the box's controls too (S-07)") \
	D(f, SNBEP_RST_HITS_UBOX, "snbep-rst-hits-ubox", MUT, "the PCU's rst_ctrl and rst_ctrs also reset the U-box's controls and counters (S-14)") \
	D(f, SNBEP_BOX_CTL_READS_BACK, "snbep-box-ctl-reads-back", MUT, "BOX_CTL reads back frz and frz_en (OQ-S02)") \
	/* counting gates */                                                            \
	D(f, SNBEP_EN_IGNORED, "snbep-en-ignored", MUT, "CTL.en ignored (S-16, S-17)")  \
	D(f, SNBEP_UCLK_EN_IGNORED, "snbep-uclk-en-ignored", MUT, "the UCLK fixed counter counts without en (S-16)") \
	D(f, SNBEP_UBOX_EV0_COUNTS, "snbep-ubox-ev0-counts", MUT, "a U-box counter counts UCLK with ev_sel 0 (S-18)") \
	D(f, SNBEP_CTL_RST_IGNORED, "snbep-ctl-rst-ignored", MUT, "CTL.rst does not clear the counter (S-20)") \
	D(f, SNBEP_CTL_RST_READS_1, "snbep-ctl-rst-reads-1", MUT, "CTL.rst reads back 1 (S-20, OQ-S12)") \
	/* event constraints */                                                         \
	D(f, SNBEP_CONSTRAINT_IGNORED, "snbep-constraint-ignored", MUT, "an event counts on a C-box counter its restriction leaves out: TOR_OCCUPANCY on counters 1-3, on IVB-EP LLC_LOOKUP on 2-3 too (S-59, S-61, V-24, OQ-S30)") \
	D(f, SNBEP_TOR_OVER_MAX, "snbep-tor-over-max", E5, "TOR_OCCUPANCY adds up to 40 a cycle, not 20 (S-60)") \
	D(f, SNBEP_UMASK0_COUNTS, "snbep-umask0-counts", E5, "a C-box event with umask 0 counts every sub-event (S-62)") \
	/* widths */                                                                    \
	D(f, SNBEP_WIDTH_48, "snbep-width-48", MUT, "C-box and U-box counters wrap at 2^48, not 2^44 (S-36)") \
	D(f, SNBEP_PCU_WIDTH_44, "snbep-pcu-width-44", MUT, "PCU counters wrap at 2^44, not 2^48 (S-37)") \
	D(f, SNBEP_UCLK_WIDTH_44, "snbep-uclk-width-44", MUT, "the UCLK fixed counter wraps at 2^44 (S-38, OQ-S07)") \
	D(f, SNBEP_UPPER_BITS_KEPT, "snbep-upper-bits-kept", MUT, "counter bits above the width kept on write (S-05, OQ-S16)") \
	D(f, SNBEP_TBL_THRESH_NARROW, "snbep-tbl-thresh-narrow", MUT, "the register table's thresh fields one bit narrower: C-box 30:24, U-box and PCU 27:24 (S-04, S-22)") \
	/* threshold, invert, edge */                                                   \
	D(f, SNBEP_THRESH_OFF_BY_ONE, "snbep-thresh-off-by-one", MUT, "thresh compares > instead of >= (S-22)") \
	D(f, SNBEP_INVERT_IGNORED, "snbep-invert-ignored", E5, "invert ignored (S-23)") \
	D(f, SNBEP_EDGE_COUNTS_LEVELS, "snbep-edge-counts-levels", MUT, "edge_det counts levels (S-24)") \
	D(f, SNBEP_THRESH0_EDGE, "snbep-thresh0-edge", MUT, "with thresh 0, edge_det and occ_edge_det still act, on x > 0 (S-25, S-31, OQ-S08)") \
	D(f, SNBEP_EDGE_BEFORE_THRESH, "snbep-edge-before-thresh", MUT, "edge detect before the threshold: with thresh >= 2, edge_det and occ_edge_det count nothing (S-24, S-30)") \
	D(f, SNBEP_EDGE_DIR_SWAPPED, "snbep-edge-dir-swapped", MUT, "edge_det and occ_edge_det count falling edges, with invert rising ones (S-24, S-30, S-34)") \
	/* PCU occupancy */                                                             \
	D(f, SNBEP_IDLE_COUNTS_C0, "snbep-idle-counts-c0", MUT, "cores in C1 counted as C0 (S-27, OQ-S19)") \
	D(f, SNBEP_OCC_THRESH_OFF_BY_ONE, "snbep-occ-thresh-off-by-one", MUT, "occupancy compares N > thresh instead of >= (S-28)") \
	D(f, SNBEP_OCC_INVERT_IGNORED, "snbep-occ-invert-ignored", MUT, "occ_invert ignored (S-29)") \
	D(f, SNBEP_OCC_EDGE_COUNTS_LEVELS, "snbep-occ-edge-counts-levels", MUT, "occ_edge_det counts levels (S-30)") \
	D(f, SNBEP_OCC_EDGE_RISING_ONLY, "snbep-occ-edge-rising-only", MUT, "occ_edge_det with occ_invert counts rising edges of N >= thresh (S-30)") \
	/* PCU band filter and event identity */                                        \
	D(f, SNBEP_BAND_BYTE_SHIFTED, "snbep-band-byte-shifted", MUT, "band event 0x0B+n compares with filter byte n+1 (S-33)") \
	D(f, SNBEP_EXT_IGNORED, "snbep-ext-ignored", MUT, "ev_sel_ext (bit 21) ignored: 0x0B with it counts band 0 (S-35)") \
	/* clocks */                                                                    \
	D(f, SNBEP_PCLK_1GHZ, "snbep-pclk-1ghz", MUT, "the PCU's pclk runs at 1 GHz, not 800 MHz (S-44)") \
	D(f, SNBEP_UCLK_HALF_RATE, "snbep-uclk-half-rate", MUT, "the UCLK fixed counter counts every other UCLK (S-45, OQ-S18)") \
	/* C-state residency */                                                         \
	D(f, SNBEP_RESID_RESET, "snbep-resid-reset", MUT, "the PCU's rst_ctrs zeroes the C3/C6 residency counters (S-46)") \
	/* wrap, overflow, PMI */                                                       \
	D(f, SNBEP_WRAP_PMI, "snbep-wrap-pmi", MUT, "a counter wrap requests a PMI (S-39, S-40)") \
	D(f, SNBEP_WRAP_FREEZES, "snbep-wrap-freezes", MUT, "a C-box or PCU counter wrap freezes its box (S-15, S-39)") \
	/* registers */                                                                 \
	D(f, SNBEP_GLOBAL_REGS, "snbep-global-regs", E5, "0xC00, 0xC01, 0xC06, 0xC15, 0xC35 read 0 instead of #GP (S-03, OQ-S01)") \
	/* host tests only: need a core in C3 or C6 (see above) */                      \
	D(f, SNBEP_OCC_SEL_SWAPPED, "snbep-occ-sel-swapped", HOST, "occ_sel 2 counts C6 cores, 3 C3 (S-26)") \
	D(f, SNBEP_RESID_FROZEN, "snbep-resid-frozen", HOST, "the PCU's freeze stops the C3/C6 residency counters (S-46)") \
	EMU_SNBEP_PCI_FAULTS(D, f)                                                      \
	EMU_IVBEP_FAULTS(D, f)                                                          \
	EMU_HSWEP_FAULTS(D, f)                                                          \
	EMU_SKX_FAULTS(D, f)                                                            \
	EMU_ICX_FAULTS(D, f)

#endif
