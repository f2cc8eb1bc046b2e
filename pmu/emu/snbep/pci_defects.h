/* The Sandy Bridge-EP PCI boxes' defects (family SNBEP, its PCI model
 * pmu/emu/snbep/pci.c), appended to EMU_SNBEP_FAULTS; each shown to break
 * its statement by a host test (tests/pmu/emu/snbep/test_emu_snbep_pci.c)
 * and caught by the snbep.pci.* suite (suites/snbep/pci_box.c) in make
 * mutation; snbep-pci-frozen-ctr-ro also by the state bracket's restore
 * (harness/state.c; tests/harness/test_state.c).
 * The line format: pmu/README.md. */
#ifndef PMU_EMU_SNBEP_PCI_DEFECTS_H
#define PMU_EMU_SNBEP_PCI_DEFECTS_H

#define EMU_SNBEP_PCI_FAULTS(D, f)                                                      \
	D(f, SNBEP_PCI_FRZ_IGNORED, "snbep-pci-frz-ignored", E5, "a PCI box's frz with frz_en does not freeze (S-50, S-11)") \
	D(f, SNBEP_PCI_FRZ_LEAKS, "snbep-pci-frz-leaks", E5, "a PCI box's freeze also stops the next PCI box (S-50, S-14)") \
	D(f, SNBEP_PCI_RST_CTRS_IGNORED, "snbep-pci-rst-ctrs-ignored", E5, "rst_ctrs of a QPI, R2PCIe or R3QPI box leaves its counters (S-50, S-07)") \
	D(f, SNBEP_PCI_WIDTH_48, "snbep-pci-width-48", E5, "R2PCIe and R3QPI counters wrap at 2^48, not 2^44 (S-51)") \
	D(f, SNBEP_PCI_INVERT_IGNORED, "snbep-pci-invert-ignored", E5, "a PCI box counter's invert ignored (S-49, S-23)") \
	D(f, SNBEP_PCI_DCLK_HALF, "snbep-pci-dclk-half", E5, "the iMC fixed counter counts every other DRAM clock (S-52)") \
	D(f, SNBEP_PCI_IMC_CHAN_LOST, "snbep-pci-imc-chan-lost", E5, "CAS of lines interleaved to channel 3 not counted (S-55)") \
	D(f, SNBEP_PCI_IMC_RW_SWAPPED, "snbep-pci-imc-rw-swapped", E5, "reads counted as CAS writes and writes as reads (S-53)") \
	D(f, SNBEP_PCI_FROZEN_CTR_RO, "snbep-pci-frozen-ctr-ro", E5, "a frozen PCI box's counters ignore writes, so nothing can put them back (S-05, S-50)")

#endif
