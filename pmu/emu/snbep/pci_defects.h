/* The E5 family's PCI boxes' defects (family SNBEP, its PCI model
 * pmu/emu/snbep/pci.c), appended to EMU_SNBEP_FAULTS. RUN PCI: the rows of
 * every generation with PCI boxes (snbep, ivbep, hswep); RUN IVB: those
 * with the E5 v2's box status and resets (ivbep, hswep); RUN E5: the
 * E5-2600's alone (its invert, which IVB-EP has not: V-12). Each is shown to break
 * its statement by a host test (tests/pmu/emu/snbep/test_emu_snbep_pci.c)
 * and caught by the snbep.pci.* suite (suites/snbep/pci_box.c) in make
 * mutation; snbep-pci-frozen-ctr-ro also by the state bracket's restore
 * (harness/state.c; tests/harness/test_state.c).
 * The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_PCI_DEFECTS_H
#define PMU_EMU_SNBEP_PCI_DEFECTS_H

#define EMU_SNBEP_PCI_FAULTS(D, f)                                                      \
	D(f, SNBEP_PCI_FRZ_IGNORED, "snbep-pci-frz-ignored", PCI, "a PCI box's frz with frz_en does not freeze (S-50, S-11)") \
	D(f, SNBEP_PCI_FRZ_LEAKS, "snbep-pci-frz-leaks", PCI, "a PCI box's freeze also stops the next PCI box (S-50, S-14)") \
	D(f, SNBEP_PCI_RST_CTRS_IGNORED, "snbep-pci-rst-ctrs-ignored", PCI, "rst_ctrs of a QPI, R2PCIe or R3QPI box leaves its counters (S-50, S-07)") \
	D(f, SNBEP_PCI_WIDTH_48, "snbep-pci-width-48", PCI, "R2PCIe and R3QPI counters wrap at 2^48, not 2^44 (S-51)") \
	D(f, SNBEP_PCI_INVERT_IGNORED, "snbep-pci-invert-ignored", E5, "a PCI box counter's invert ignored (S-49, S-23)") \
	D(f, SNBEP_PCI_DCLK_HALF, "snbep-pci-dclk-half", PCI, "the iMC fixed counter counts every other DRAM clock (S-52)") \
	D(f, SNBEP_PCI_IMC_CHAN_LOST, "snbep-pci-imc-chan-lost", PCI, "CAS of lines interleaved to channel 3 not counted (S-55)") \
	D(f, SNBEP_PCI_IMC_RW_SWAPPED, "snbep-pci-imc-rw-swapped", PCI, "reads counted as CAS writes and writes as reads (S-53)") \
	D(f, SNBEP_PCI_FROZEN_CTR_RO, "snbep-pci-frozen-ctr-ro", PCI, "a frozen PCI box's counters ignore writes, so nothing can put them back (S-05, S-50)") \
	D(f, PCIV2_RST_RESERVED, "pciv2-rst-reserved", IVB, "HA and iMC ignore rst_ctrl and rst_ctrs, as on the E5-2600 (V-34)") \
	D(f, PCIV2_STATUS_LOST, "pciv2-status-lost", IVB, "a PCI counter's ov_en wrap sets no bit of its box's status (V-38)") \
	D(f, PCIV2_STATUS_STICKY, "pciv2-status-sticky", IVB, "writing 1 to a PCI box's status bit does not clear it (V-38)")

#endif
