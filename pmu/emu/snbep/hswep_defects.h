/* The Xeon E5 v3 and v4 (Haswell-EP, Broadwell-EP/DE) behaviour's defects
 * (family SNBEP, spec xeon-e5-v2-v4-uncore.md): what their SBOXes, C-box
 * status, U-box filter and dies add to the E5 v2's model
 * (pmu/emu/snbep/model.c, global.c, hswep.c), appended to
 * EMU_SNBEP_FAULTS. RUN HSX: only the rows of a generation with SBOXes
 * run them (the hswep row); each is shown to break its statement by a
 * host test (tests/pmu/emu/snbep/test_emu_hswep.c) and caught by the
 * snbep.v3.* tests (suites/snbep/v3.c). The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_HSWEP_DEFECTS_H
#define PMU_EMU_SNBEP_HSWEP_DEFECTS_H

#define EMU_HSWEP_FAULTS(D, f)                                                          \
	D(f, HSWEP_SBOX_CTL_ANY, "hswep-sbox-ctl-any", HSX, "an SBOX's BOX_CTL takes several of rst_ctrl, rst_ctrs and frz_en in one write (V-10, OQ-V9)") \
	D(f, HSWEP_SBOX_COUNT_MAX, "hswep-sbox-count-max", HSX, "all four SBOX register sets count, whatever the die's SBOXes (V-31, OQ-V14)") \
	D(f, HSWEP_SBOX_NO_FREEZE, "hswep-sbox-no-freeze", HSX, "frz_all and an overflow's freeze leave the SBOXes counting (V-06, V-32)") \
	D(f, HSWEP_CBOX_STATUS_LOST, "hswep-cbox-status-lost", HSX, "a C-box overflow sets no bit in its C-box's status (V-32)") \
	D(f, HSWEP_UFILTER_DROPPED, "hswep-ufilter-dropped", HSX, "the U-box filter reads 0 after a write (V-19)") \
	D(f, HSWEP_CHOP_LARGE, "hswep-chop-large", HSX, "CAPID4's chop names the largest die on the small one (V-31)")

#endif
