/* The Xeon Scalable (Skylake-SP, Cascade Lake) behaviour's defects (family
 * SNBEP, spec xeon-sp-uncore.md): what its freeze bits, its CHA count from
 * the die, its CHA box status, its tid filter, its IIO and IRP overflow
 * status and its free-running counters add to the E5 family's
 * model (pmu/emu/snbep/global.c, model.c, skx.c, free.c), appended to
 * EMU_SNBEP_FAULTS. RUN SKX: the skx row of `make mutation` runs them
 * against the skx.* tests (suites/skx); each is also shown to break its
 * statement by a host test (tests/pmu/emu/snbep/test_emu_skx.c). RUN
 * SKXPCI: MSR 0x300's (K-25), run by the skx row alone against
 * skx.pci.* (suites/snbep/pci_box.c) and shown by
 * tests/pmu/emu/snbep/test_emu_pci_skx.c. The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_SKX_DEFECTS_H
#define PMU_EMU_SNBEP_SKX_DEFECTS_H

#define EMU_SKX_FAULTS(D, f)                                                            \
	D(f, SKX_FRZ_AT_31, "skx-frz-at-31", SKX, "frz_all and unfrz_all act at bits 31 and 29 of 0x700, not 63 and 61 (K-03, OQ-K3)") \
	D(f, SKX_CHA_PER_CORE, "skx-cha-per-core", SKX, "the CHAs answer one per core of the package, while CAPID6 names the die's (K-14, OQ-K9)") \
	D(f, SKX_CAPID6_ALL, "skx-capid6-all", SKX, "CAPID6 names all 28 CHAs whatever the die (K-14)") \
	D(f, SKX_CHA_STATUS_LOST, "skx-cha-status-lost", SKX, "an ov_en overflow sets no bit in its CHA's box status (K-08)") \
	D(f, SKX_TID_IGNORED, "skx-tid-ignored", SKX, "tid_en ignored: a CHA event counts whatever FILTER0.tid names (K-13)") \
	D(f, SKX_IO_CLK_EV0, "skx-io-clk-ev0", SKX, "the IIO and IRP count their clockticks on event 0x00, as the CHA, not on 0x01 (K-16)") \
	D(f, SKX_IO_GSTATUS_CHA, "skx-io-gstatus-cha", SKXIO, "an IIO or IRP overflow sets GLOBAL_STATUS's CHA bit (2), not bit 4 (OQ-K40)") \
	D(f, SKX_FREE_BW_STUCK, "skx-free-bw-stuck", SKXIO, "the IIO's free-running bandwidth counters never move (K-42, OQ-K41)") \
	D(f, SKX_IOCLK_HALF_RATE, "skx-ioclk-half-rate", SKXIO, "the IIO's free-running I/O clock counts every other U-clock (K-42, OQ-K41)") \
	D(f, SKX_UTIL_DOUBLE, "skx-util-double", SKXIO, "a utilisation counter counts 2 a busy I/O clock, gaining more than the I/O clock (K-43, OQ-K41)") \
	D(f, SKX_FREE_WRITABLE, "skx-free-writable", SKXIO, "the free-running counters take a write, which restarts them from 0 (K-42)") \
	D(f, SKX_BUSNO_INVALID, "skx-busno-invalid", SKXPCI, "MSR 0x300 reads its buses with the valid bit 63 clear (K-25)") \
	D(f, SKX_BUSNO_SWAPPED, "skx-busno-swapped", SKXPCI, "MSR 0x300 gives stack 0's and stack 2's buses each other's byte (K-25, K-27)")

#endif
