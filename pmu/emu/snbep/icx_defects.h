/* The Xeon Scalable third generation (Ice Lake-SP, -D) behaviour's defects
 * (family SNBEP, spec xeon-sp-uncore.md §8): what its CHA offset table,
 * its CAPID7 and its two global status registers add to the Xeon
 * Scalable's model (pmu/emu/snbep/model.c, global.c, capid.c), appended to
 * EMU_SNBEP_FAULTS. RUN ICX: the icx row of `make mutation` runs them
 * against the skx.* tests on its map (suites/skx); each is also shown to
 * break its statement by a host test (tests/pmu/emu/snbep/test_emu_icx.c).
 * The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_ICX_DEFECTS_H
#define PMU_EMU_SNBEP_ICX_DEFECTS_H

#define EMU_ICX_FAULTS(D, f)                                                            \
	D(f, ICX_CHA_NO_GAP, "icx-cha-no-gap", ICX, "the CHAs answer at CHA 0's address plus 0xE per CHA, the offset table's gap and wrap ignored (K-63)") \
	D(f, ICX_CAPID7_ZERO, "icx-capid7-zero", ICX, "CAPID7 reads 0, so the CHAs it names go uncounted (K-64)") \
	D(f, ICX_CHA_BIT_SHIFTED, "icx-cha-bit-shifted", ICX, "CHA n's overflow sets bit n + 1 of GLOBAL_STATUS1 (K-62)") \
	D(f, ICX_GSTATUS2_STICKY, "icx-gstatus2-sticky", ICX, "GLOBAL_STATUS2's bits do not clear when written 1 (K-62)")

#endif
