/* Defects of the emulated discovery parts (family DISC, spec
 * xeon-discovery.md): `make mutation` runs the disc.* suite (suites/disc)
 * against each on the spr and gnr rows; each is also shown to break its
 * statement by a host test (tests/pmu/emu/disc/test_emu_disc_faults.c).
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_DISC_DEFECTS_H
#define PMU_EMU_DISC_DEFECTS_H

#define EMU_DISC_FAULTS(D, f)                                                           \
	D(f, DISC_STRIDE_3, "disc-stride-3", MUT, "the unit entries lie 3 qwords apart while the global entry says 4 (D-12)") \
	D(f, DISC_IMC_WIDTH_40, "disc-imc-width-40", MUT, "the IMC's counters wrap at 40 bits while its entry says 48 (D-33)") \
	D(f, DISC_MMIO_FRZ_IGNORED, "disc-mmio-frz-ignored", MUT, "the MMIO units ignore their freeze bit (D-30)") \
	D(f, DISC_GLOBAL_FRZ_IGNORED, "disc-global-frz-ignored", MUT, "the global control's freeze-all holds no unit (D-36)") \
	D(f, DISC_CHA_UNCORRECTED, "disc-cha-uncorrected", MUT, "the table lists CHAs that are not there and nothing corrects it: MSR 0x2FFE reads 0 on SPR, one CHA entry too many elsewhere (D-41)") \
	D(f, DISC_CAS_SWAPPED, "disc-cas-swapped", MUT, "the IMC counts CAS reads under the write umask and writes under the read umask (D-70)") \
	D(f, DISC_IOCLK_FROZEN, "disc-ioclk-frozen", MUT, "the IIO's free-running clock holds while the freeze-all is set (D-73)") \
	D(f, DISC_CHA_TID_IGNORED, "disc-cha-tid-ignored", MUT, "the CHA counts every thread's requests with its thread-id filter enabled (D-74)")

#endif
