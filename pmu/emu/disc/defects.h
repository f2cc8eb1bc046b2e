/* Defects of the emulated discovery parts (family DISC, spec
 * xeon-discovery.md): `make mutation` runs the disc.* suite (suites/disc)
 * against each on the spr, gnr and ptl rows; each is also shown to break its
 * statement by a host test (tests/pmu/emu/disc/test_emu_disc_faults.c).
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_DISC_DEFECTS_H
#define PMU_EMU_DISC_DEFECTS_H

#define EMU_DISC_FAULTS(D, f)                                                           \
	D(f, DISC_STRIDE_3, "disc-stride-3", MUT, "the unit entries lie 3 qwords apart while the global entry says 4 (D-12)") \
	D(f, DISC_IMC_WIDTH_40, "disc-imc-width-40", MUT, "the IMC's counters wrap at 40 bits while its entry says 48 (D-33)") \
	D(f, DISC_MMIO_FRZ_IGNORED, "disc-mmio-frz-ignored", MUT, "the MMIO units ignore their freeze bit (D-30)") \
	D(f, DISC_GLOBAL_FRZ_IGNORED, "disc-global-frz-ignored", MUT, "the global control's freeze-all holds no unit (D-36)") \
	D(f, DISC_CHA_UNCORRECTED, "disc-cha-uncorrected", XEON, "the table lists CHAs that are not there and nothing corrects it: MSR 0x2FFE reads 0 on SPR, one CHA entry too many elsewhere (D-41)") \
	D(f, DISC_CAS_SWAPPED, "disc-cas-swapped", XEON, "the IMC counts CAS reads under the write umask and writes under the read umask (D-70)") \
	D(f, DISC_IOCLK_FROZEN, "disc-ioclk-frozen", XEON, "the IIO's free-running clock holds while the freeze-all is set (D-73)") \
	D(f, DISC_CHA_TID_IGNORED, "disc-cha-tid-ignored", XEON, "the CHA counts every thread's requests with its thread-id filter enabled (D-74)") \
	D(f, DISC_PTL_GLOBAL_CLEAR, "disc-ptl-global-clear", PTL, "a client table's freeze-all reads 0 at power-on, so its units count before anything clears it (L-135)") \
	D(f, DISC_PTL_STATUS_CLEAR_ALL, "disc-ptl-status-clear-all", PTL, "writing 1 to one bit of a client table's global status clears every bit (L-137)") \
	D(f, DISC_PTL_CLOCK_HALF, "disc-ptl-clock-half", PTL, "a client table's units count event 0x01 once every two uncore clocks (L-140, OQ-L58)")

#endif
