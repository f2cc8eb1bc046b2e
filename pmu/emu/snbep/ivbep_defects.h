/* The Xeon E5 v2 (Ivy Bridge-EP) behaviour's defects (family SNBEP, spec
 * xeon-e5-v2-v4-uncore.md): what its global layer, its counter controls
 * without invert and its C-box count add to the E5-2600's model
 * (pmu/emu/snbep/global.c, model.c), appended to EMU_SNBEP_FAULTS. RUN IVB:
 * only the rows of a generation with the global layer run them (the ivbep
 * and hswep rows), RUN V2 the one without invert (the ivbep row); each is shown to break its statement by a host test
 * (tests/pmu/emu/snbep/test_emu_ivbep.c) and caught by the snbep.v2.*
 * tests (suites/snbep/v2.c) or the E5-2600 tests that run on it.
 * The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_IVBEP_DEFECTS_H
#define PMU_EMU_SNBEP_IVBEP_DEFECTS_H

#define EMU_IVBEP_FAULTS(D, f)                                                          \
	D(f, IVBEP_UNFRZ_ALL_IGNORED, "ivbep-unfrz-all-ignored", IVB, "unfrz_all does not restart the boxes frz_all stopped (V-06)") \
	D(f, IVBEP_FRZ_ALL_IGNORES_EN, "ivbep-frz-all-ignores-en", IVB, "frz_all also stops a box whose frz_en is 0 (V-06, OQ-V10)") \
	D(f, IVBEP_FRZ_ALL_SKIPS_UBOX, "ivbep-frz-all-skips-ubox", IVB, "frz_all leaves the U-box's counters counting (V-06, OQ-V13)") \
	D(f, IVBEP_INVERT_KEPT, "ivbep-invert-kept", V2, "bit 23 of a counter control is kept and inverts, where IVB-EP has no invert (V-12, OQ-V2)") \
	D(f, IVBEP_OV_NO_FREEZE, "ivbep-ov-no-freeze", IVB, "an overflow with ov_en freezes nothing (V-08)") \
	D(f, IVBEP_OV_IGNORES_EN, "ivbep-ov-ignores-en", IVB, "a wrap without ov_en still sets the status and freezes (V-08)") \
	D(f, IVBEP_BOX_STATUS_LOST, "ivbep-box-status-lost", IVB, "an overflow sets no bit in its box's status (V-08, V-13)") \
	D(f, IVBEP_GSTATUS_STICKY, "ivbep-gstatus-sticky", IVB, "writing 1 to a GLOBAL_STATUS bit does not clear it (V-04)") \
	D(f, IVBEP_CBOX_COUNT_MAX, "ivbep-cbox-count-max", IVB, "every C-box register set of the largest die answers, whatever the part's cores (V-21, OQ-V6)") \
	D(f, IVBEP_FILTER1_ALIASES, "ivbep-filter1-aliases", IVB, "a C-box's FILTER1 writes land in its FILTER0 (V-18)") \
	D(f, IVBEP_PMI_SEL_DROPPED, "ivbep-pmi-sel-dropped", IVB, "GLOBAL_CTL's pmi_core_sel and wk_on_pmi read 0 after a write (V-03)") \
	D(f, IVBEP_PMI_LOST, "ivbep-pmi-lost", IVB, "an ov_en overflow raises no PMI on the cores of pmi_core_sel (V-07, V-08)") \
	D(f, IVBEP_PMI_IGNORES_SEL, "ivbep-pmi-ignores-sel", IVB, "an ov_en overflow's PMI goes to every core, whatever pmi_core_sel says (V-07, OQ-V3)")

#endif
