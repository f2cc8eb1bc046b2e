/* The emulated Xeon E5-2600's PCI-configuration boxes (spec
 * xeon-e5-2600-uncore.md §4, S-47..S-58): per package, the home agent, the
 * four memory-controller channels with their DRAM-clock fixed counter, the
 * two QPI ports with their packet match/mask functions, R2PCIe and the two
 * R3QPI links, and the U-box function that maps the socket to its node id
 * (S-58), all on the package's uncore bus (OQ-S27). Their box control,
 * counter control, widths and clockticks events follow the statements;
 * the memory controller's CAS counts are the traffic a workload declares
 * (S-53..S-55). Time: `now` is the U-clock (the TSC's rate, OQ-S18); every
 * access first advances the boxes to it. Portable: no platform calls. */
#ifndef PMU_EMU_SNBEP_PCI_H
#define PMU_EMU_SNBEP_PCI_H

#include "lib/rt.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"

#define SNBEP_PCI_BOXES 10          /* HA, iMC 0-3, QPI 0-1, R2PCIe, R3QPI 0-1 */
#define SNBEP_DCLK_KHZ 800000u      /* the model's DRAM clock, DDR3-1600 (OQ-S24) */

struct snbep_pci_box {
	uint8_t devfn, nctr, width;
	uint16_t did;
	bool has_rst;                /* BOX_CTL bits 1:0 (S-50: not HA, iMC) */
	uint8_t kind;                /* enum in pci.c: which clock, which events */
	uint32_t ctl[4];
	uint64_t val[4];
	bool det[4];                 /* edge detector (OQ-S09) */
	bool frz, frz_en;
	uint32_t fixed_ctl;          /* iMC: FIXED_CTL, FIXED_CTR */
	uint64_t fixed;
	uint64_t last;               /* its clock at the last advance */
};

struct snbep_pci {
	emu_faults_t faults;
	unsigned pkg, npkg;
	uint32_t uclk_khz;
	struct snbep_pci_box box[SNBEP_PCI_BOXES];
	uint32_t match[2][4];        /* QPI port n: PKT_MATCH0/1, PKT_MASK0/1 (S-57) */
};

extern const struct emu_pci_model snbep_pci_model;
/* OQ-S27: the bus package p of n presents its functions on, which the
 * PCU function 3 shares (pmu/emu/snbep/capid.c: the E5 v3's and v4's
 * CAPID4, OQ-V14; the Xeon Scalable's CAPID6, K-14). */
uint8_t snbep_pci_bus(unsigned p, unsigned n);
/* That PCU function 3, on the package model's state. */
extern const struct emu_pci_model snbep_pcu3_model;

#endif
