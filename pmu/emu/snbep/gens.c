/* The generations of the E5 family's model as data (struct snbep_gen,
 * pmu/emu/snbep/model.h): the register description each reads its
 * addresses, widths and defined bits from, and what its digest adds. */
#include "pmu/emu/snbep/model.h"
#include "pmu/regs/tables.h"

/* S-03, S-39: no uncore-wide layer; eight C-boxes (the E5-2600 digest's
 * §2.2, OQ-S15). */
const struct snbep_gen snbep_gen_e5 = {
	.boxes = snbep_boxes,
	.nboxes = ARRAY_SIZE(snbep_boxes),
	.ubox = &snbep_ubox,
	.cbox = &snbep_cbox,
	.pcu = &snbep_pcu,
	.residency = &snbep_residency,
	.max_cbox = 8,
	.global = false,
};

/* V-03..V-08, V-13: the global layer; V-21: fifteen C-boxes on the
 * largest die; V-12: no invert, which the description's counter
 * controls leave out, so the model drops the bit as any undefined one. */
const struct snbep_gen snbep_gen_ivbep = {
	.boxes = ivbep_boxes,
	.nboxes = ARRAY_SIZE(ivbep_boxes),
	.ubox = &ivbep_ubox,
	.cbox = &ivbep_cbox,
	.pcu = &ivbep_pcu,
	.residency = &ivbep_residency,
	.max_cbox = 15,
	.global = true,
	.pci = &snbep_pci_ivbep,
};

/* K-03..K-08: the global layer at 0x700 with the freeze bits at 63 and 61
 * (the model reads them from the table); K-14, OQ-K9: the CHAs of a 10-
 * or a 28-CHA die, whatever the cores, which CAPID6 names a bit each;
 * K-13: tid_en's filter; K-16: the IIO and IRP stacks beside them; K-42:
 * the IIO's free-running counters. */
const struct snbep_gen snbep_gen_skx = {
	.boxes = skx_boxes,
	.nboxes = ARRAY_SIZE(skx_boxes),
	.ubox = &skx_ubox,
	.cbox = &skx_cha,
	.pcu = &skx_pcu,
	.residency = &skx_residency,
	.max_cbox = 28,
	.tid_filter = true,
	.more = { &skx_iio, &skx_irp },
	.more_clk = 0x01,
	.free = &skx_iio_free,
	.global = true,
	.capid_did = 0x2083,
	.capid_off = 0x9C,
	.dies = { { .cores = 10, .cbox = 10, .more = { 6, 6 }, .capid = 0x3FF },
		  { .cores = 28, .cbox = 28, .more = { 6, 6 }, .capid = 0x0FFFFFFF } },
	.pci = &snbep_pci_skx,
};

/* V-05, V-20: HSX's map with the global layer at 0x700; V-32: a status in
 * every C-box and SBOX; V-10: an SBOX's BOX_CTL a bit a write; V-31,
 * OQ-V15: the 8-core die (CAPID4 chop 0, two SBOXes) or the 18-core one
 * (chop 3, four). */
const struct snbep_gen snbep_gen_hswep = {
	.boxes = hswep_boxes,
	.nboxes = ARRAY_SIZE(hswep_boxes),
	.ubox = &hswep_ubox,
	.cbox = &hswep_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 18,
	.more = { &hswep_sbox, NULL },
	.more_ctl_stepwise = true,
	.global = true,
	.gctl_ivb = true,
	.capid_did = 0x2FC0,
	.capid_off = 0x94,
	.dies = { { .cores = 8, .more = { 2, 0 }, .capid = 0 },
		  { .cores = 18, .more = { 4, 0 }, .capid = 3 << 6 } },
	.pci = &snbep_pci_hswep,
};

/* V-16: BDX's 48-bit counters; V-21: 24 C-boxes; V-31, OQ-V15: the
 * 10-core die (chop 0) has no SBOX, the 24-core one (chop 3) four. */
const struct snbep_gen snbep_gen_bdx = {
	.boxes = bdx_boxes,
	.nboxes = ARRAY_SIZE(bdx_boxes),
	.ubox = &bdx_ubox,
	.cbox = &bdx_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 24,
	.more = { &bdx_sbox, NULL },
	.more_ctl_stepwise = true,
	.global = true,
	.gctl_ivb = true,
	.capid_did = 0x6FC0,
	.capid_off = 0x94,
	.dies = { { .cores = 10, .more = { 0, 0 }, .capid = 0 },
		  { .cores = 24, .more = { 4, 0 }, .capid = 3 << 6 } },
	.pci = &snbep_pci_bdx,
};

/* V-31: Broadwell-DE (model 0x56), BDX's map without an SBOX on any die. */
const struct snbep_gen snbep_gen_bdx_de = {
	.boxes = bdx_boxes,
	.nboxes = ARRAY_SIZE(bdx_boxes),
	.ubox = &bdx_ubox,
	.cbox = &bdx_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 24,
	.more = { &bdx_sbox, NULL },
	.more_ctl_stepwise = true,
	.global = true,
	.gctl_ivb = true,
	.capid_did = 0x6FC0,
	.capid_off = 0x94,
	.dies = { { .cores = 10, .more = { 0, 0 }, .capid = 0 },
		  { .cores = 24, .more = { 0, 0 }, .capid = 3 << 6 } },
	.pci = &snbep_pci_bdx,
};

/* K-60..K-66: SKX's U-box, PCU and freeze bits; the CHAs at the offset
 * table's addresses (the model reads them from the table, K-63); CAPID6
 * and CAPID7 together (K-64); two global status registers (K-62); the IIO,
 * IRP and M2PCIe boxes beside the CHAs, in STATUS2's order (OQ-K30);
 * OQ-K31: a 26-CHA die whose CAPID bits are 12:0 of each register, so
 * that CAPID6 alone undercounts, and a 40-CHA die. */
const struct snbep_gen snbep_gen_icx = {
	.boxes = icx_boxes,
	.nboxes = ARRAY_SIZE(icx_boxes),
	.ubox = &icx_ubox,
	.cbox = &icx_cha,
	.pcu = &icx_pcu,
	.residency = &icx_residency,
	.max_cbox = 40,
	.tid_filter = true,
	.more = { &icx_iio, &icx_irp, &icx_m2pcie },
	.more_clk = 0x01,
	.global = true,
	.capid_did = 0x345B,
	.capid_off = 0x9C,
	.capid_hi = true,
	.gstatus2 = 0x70F,
	.dies = { { .cores = 26, .cbox = 26, .more = { 6, 6, 6 },
		    .capid = 0x1FFFull << 32 | 0x1FFF },
		  { .cores = 40, .cbox = 40, .more = { 6, 6, 6 }, .capid = 0xFFFFFFFFFFull } },
};
