/* Xeon E5-2600 (Sandy Bridge-EP) uncore (spec xeon-e5-2600-uncore.md,
 * S-xx): the MSR boxes in full (U-box with its UCLK fixed counter, eight
 * C-boxes with their filter, the PCU with its band filter, and the core
 * C-state residency counters outside PMON) and the PCI-config boxes (home
 * agent, memory controller channels, QPI ports, R2PCIe, R3QPI links) with
 * their device ids and register offsets (spec §4). No global control,
 * status or PMI register exists on 0x2D (§1.2, §1.3, S-03, S-40): each box
 * has its own BOX_CTL and each counter its en bit. Reset values are 0
 * everywhere (S-06). */
#include "regs_tables.h"

/* §3.1: fields write-only, read 0 (OQ-S02); resets act on a 1 (S-09). */
static const struct field box_ctl[] = {
	{ "rst_ctrl", 0, 0, FA_W1A, "S-08 OQ-S17" },
	{ "rst_ctrs", 1, 1, FA_W1A, "S-07" },
	{ "frz", 8, 8, FA_WO, "S-11 S-12 S-13 OQ-S03" },
	{ "frz_en", 16, 16, FA_WO, "S-11 S-12 OQ-S04" },
	{ NULL, 0, 0, 0, NULL },
};

/* HA and iMC: bits 1:0 reserved (UPMG p.61, §2.1.1 note). */
static const struct field box_ctl_frz[] = {
	{ "frz", 8, 8, FA_WO, "S-11 OQ-S03" },
	{ "frz_en", 16, 16, FA_WO, "S-11 OQ-S04" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.2; 21:20 reserved: no ov_en on 0x2D (S-40). */
static const struct field cbox_ctl[] = {
	{ "ev_sel", 0, 7, FA_RW, "S-04" },
	{ "umask", 8, 15, FA_RW, "S-04" },
	{ "rst", 17, 17, FA_W1A, "S-20 OQ-S12" },
	{ "edge_det", 18, 18, FA_RW, "S-24 OQ-S09" },
	{ "tid_en", 19, 19, FA_RW, "S-04" },
	{ "en", 22, 22, FA_RW, "S-16 S-17" },
	{ "invert", 23, 23, FA_RW, "S-23" },
	{ "thresh", 24, 31, FA_RW, "S-22 S-25 OQ-S08" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.2, U-box column: a 5-bit threshold, no tid_en. */
static const struct field ubox_ctl[] = {
	{ "ev_sel", 0, 7, FA_RW, "S-04 S-18" },
	{ "umask", 8, 15, FA_RW, "S-04" },
	{ "rst", 17, 17, FA_W1A, "S-20 OQ-S12" },
	{ "edge_det", 18, 18, FA_RW, "S-24 OQ-S09" },
	{ "en", 22, 22, FA_RW, "S-16 S-17" },
	{ "invert", 23, 23, FA_RW, "S-23" },
	{ "thresh", 24, 28, FA_RW, "S-22 S-25 OQ-S08" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.5: en alone starts the counter (OQ-S21). */
static const struct field uclk_fixed_ctl[] = {
	{ "en", 22, 22, FA_RW, "S-16 OQ-S21" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.3: no umask; bit 7 of ev_sel selects the occupancy path; bit 21 is
 * part of the event's identity (OQ-S11); 20:19 reserved (S-40). */
static const struct field pcu_ctl[] = {
	{ "ev_sel", 0, 7, FA_RW, "S-26 S-32 S-35" },
	{ "occ_sel", 14, 15, FA_RW, "S-26 OQ-S22" },
	{ "rst", 17, 17, FA_W1A, "S-20 OQ-S12" },
	{ "edge_det", 18, 18, FA_RW, "S-24 S-34 OQ-S10" },
	{ "ev_sel_ext", 21, 21, FA_RW, "S-35 OQ-S11" },
	{ "en", 22, 22, FA_RW, "S-16 S-17" },
	{ "invert", 23, 23, FA_RW, "S-23 S-34 OQ-S10" },
	{ "thresh", 24, 28, FA_RW, "S-22 S-28 S-31 OQ-S08" },
	{ "occ_invert", 30, 30, FA_RW, "S-29 S-31" },
	{ "occ_edge_det", 31, 31, FA_RW, "S-30 S-31 OQ-S23" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.6 (from LNX; the guide's table was not seen). */
static const struct field cbox_filter[] = {
	{ "tid", 0, 4, FA_RW, "S-04" },
	{ "nid", 10, 17, FA_RW, "S-04" },
	{ "state", 18, 22, FA_RW, "S-04" },
	{ "opc", 23, 31, FA_RW, "S-04" },
	{ NULL, 0, 0, 0, NULL },
};

/* §3.4: one band threshold per byte, 100 MHz per LSB. */
static const struct field pcu_filter[] = {
	{ "filt7_0", 0, 7, FA_RW, "S-33" },
	{ "filt15_8", 8, 15, FA_RW, "S-33" },
	{ "filt23_16", 16, 23, FA_RW, "S-33" },
	{ "filt31_24", 24, 31, FA_RW, "S-33" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field counter44[] = {
	{ "event_count", 0, 43, FA_RW, "S-05 S-36" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field counter48[] = {
	{ "event_count", 0, 47, FA_RW, "S-05 S-37 S-38 OQ-S07" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field counter64[] = {
	{ "event_count", 0, 63, FA_RW, "S-46 OQ-S14" },
	{ NULL, 0, 0, 0, NULL },
};

/* §2.1: no BOX_CTL, filter or status; CTL1 is printed 64 bits wide, which
 * changes nothing here (OQ-S16: bits 63:32 write-ignored, read 0). */
static const struct reg_tmpl ubox_regs[] = {
	{ "U_MSR_PMON_UCLK_FIXED_CTL", 0xC08, 0, 1, 32, ROLE_CTL, RA_RW, 0, uclk_fixed_ctl,
	  "S-16 OQ-S21", 0xC09 },
	{ "U_MSR_PMON_UCLK_FIXED_CTR", 0xC09, 0, 1, 48, ROLE_CTR, RA_RW, 0, counter48,
	  "S-38 S-45 OQ-S07", 0 },
	{ "U_MSR_PMON_CTL%u", 0xC10, 1, 2, 32, ROLE_CTL, RA_RW, 0, ubox_ctl, "S-04 OQ-S16",
	  0xC16 },
	{ "U_MSR_PMON_CTR%u", 0xC16, 1, 2, 44, ROLE_CTR, RA_RW, 0, counter44, "S-36", 0 },
};

/* §2.2: box n at +0x20n. */
static const struct reg_tmpl cbox_regs[] = {
	{ "C_MSR_PMON_BOX_CTL", 0xD04, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl,
	  "S-07 S-14 OQ-S02", 0 },
	{ "C_MSR_PMON_CTL%u", 0xD10, 1, 4, 32, ROLE_CTL, RA_RW, 0, cbox_ctl, "S-04", 0xD16 },
	{ "C_MSR_PMON_BOX_FILTER", 0xD14, 0, 1, 32, ROLE_FILTER, RA_RW, 0, cbox_filter,
	  "S-04 OQ-S17", 0 },
	{ "C_MSR_PMON_CTR%u", 0xD16, 1, 4, 44, ROLE_CTR, RA_RW, 0, counter44, "S-36", 0 },
};

/* §2.3. */
static const struct reg_tmpl pcu_regs[] = {
	{ "PCU_MSR_PMON_BOX_CTL", 0xC24, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl,
	  "S-07 S-14 OQ-S02", 0 },
	{ "PCU_MSR_PMON_CTL%u", 0xC30, 1, 4, 32, ROLE_CTL, RA_RW, 0, pcu_ctl, "S-04", 0xC36 },
	{ "PCU_MSR_PMON_BOX_FILTER", 0xC34, 0, 1, 32, ROLE_FILTER, RA_RW, 0, pcu_filter,
	  "S-04 S-33 OQ-S17", 0 },
	{ "PCU_MSR_PMON_CTR%u", 0xC36, 1, 4, 48, ROLE_CTR, RA_RW, 0, counter48, "S-37", 0 },
};

/* §2.3, outside PMON: per core in the model (OQ-S14), untouched by the
 * PCU's BOX_CTL (S-14, S-46). */
static const struct reg_tmpl residency_regs[] = {
	{ "PCU_MSR_CORE_C3_CTR", 0x3FC, 0, 1, 64, ROLE_CTR, RA_RW, 0, counter64,
	  "S-46 OQ-S14", 0 },
	{ "PCU_MSR_CORE_C6_CTR", 0x3FD, 0, 1, 64, ROLE_CTR, RA_RW, 0, counter64,
	  "S-46 OQ-S14", 0 },
};

const struct box_type snbep_ubox = {
	"ubox", 1, 0, SCOPE_PACKAGE, ubox_regs, ARRAY_SIZE(ubox_regs), NULL,
	NULL, false,
};

/* Eight register sets; only those of present cores answer (OQ-S15). */
const struct box_type snbep_cbox = {
	"cbox", 8, 0x20, SCOPE_PACKAGE, cbox_regs, ARRAY_SIZE(cbox_regs), NULL,
	NULL, false,
};

const struct box_type snbep_pcu = {
	"pcu", 1, 0, SCOPE_PACKAGE, pcu_regs, ARRAY_SIZE(pcu_regs), NULL,
	NULL, false,
};

const struct box_type snbep_residency = {
	"pcu_residency", 1, 0, SCOPE_CORE, residency_regs, ARRAY_SIZE(residency_regs), NULL,
	NULL, false,
};

/* ---- PCI-config boxes (§4: summarised; not modelled, no test yet) ----
 * Every box: BOX_CTL at 0xF4, CTLk at 0xD8 + 4k, CTRk as two dwords at
 * 0xA0 + 8k (low, then high: not atomic). Their CTL field layouts are not in
 * the digest, so the CTLs carry no field list. */

static const uint16_t ha_ids[] = { 0x3C46 };
static const uint16_t imc_ids[] = { 0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5 };
static const uint16_t qpi_ids[] = { 0x3C41, 0x3C42 };
static const uint16_t qpi_match_ids[] = { 0x3C86, 0x3C96 };
static const uint16_t r2pcie_ids[] = { 0x3C43 };
static const uint16_t r3qpi_ids[] = { 0x3C44, 0x3C45 };

/* iMC fixed CTL (UPMG Table 2-62): en 22, rst 19 like CTL.rst (S-20). */
static const struct field imc_fixed_ctl[] = {
	{ "rst", 19, 19, FA_W1A, "S-20" },
	{ "en", 22, 22, FA_RW, NULL },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field pci_counter44[] = {
	{ "event_count", 0, 43, FA_RW, NULL },
	{ NULL, 0, 0, 0, NULL },
};

static const struct field pci_counter48[] = {
	{ "event_count", 0, 47, FA_RW, NULL },
	{ NULL, 0, 0, 0, NULL },
};

static const struct reg_tmpl ha_regs[] = {
	{ "HA_PCI_PMON_BOX_CTL", 0xF4, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl_frz,
	  "OQ-S05", 0 },
	{ "HA_PCI_PMON_CTL%u", 0xD8, 4, 4, 32, ROLE_CTL, RA_RW, 0, NULL, NULL, 0xA0 },
	{ "HA_PCI_PMON_CTR%u", 0xA0, 8, 4, 48, ROLE_CTR, RA_RW, 0, pci_counter48, NULL, 0 },
	{ "HA_PCI_PMON_BOX_ADDRMATCH%u", 0x40, 4, 2, 32, ROLE_FILTER, RA_RW, 0, NULL, NULL, 0 },
	{ "HA_PCI_PMON_BOX_OPCODEMATCH", 0x48, 0, 1, 32, ROLE_FILTER, RA_RW, 0, NULL, NULL, 0 },
};

static const struct reg_tmpl imc_regs[] = {
	{ "MC_CH_PCI_PMON_BOX_CTL", 0xF4, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl_frz,
	  "OQ-S05", 0 },
	{ "MC_CH_PCI_PMON_FIXED_CTL", 0xF0, 0, 1, 32, ROLE_CTL, RA_RW, 0, imc_fixed_ctl, NULL,
	  0xD0 },
	{ "MC_CH_PCI_PMON_FIXED_CTR", 0xD0, 0, 1, 48, ROLE_CTR, RA_RW, 0, pci_counter48, NULL, 0 },
	{ "MC_CH_PCI_PMON_CTL%u", 0xD8, 4, 4, 32, ROLE_CTL, RA_RW, 0, NULL, NULL, 0xA0 },
	{ "MC_CH_PCI_PMON_CTR%u", 0xA0, 8, 4, 48, ROLE_CTR, RA_RW, 0, pci_counter48, NULL, 0 },
};

static const struct reg_tmpl qpi_regs[] = {
	{ "Q_P_PCI_PMON_BOX_CTL", 0xF4, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl, "OQ-S05",
	  0 },
	{ "Q_P_PCI_PMON_CTL%u", 0xD8, 4, 4, 32, ROLE_CTL, RA_RW, 0, NULL, NULL, 0xA0 },
	{ "Q_P_PCI_PMON_CTR%u", 0xA0, 8, 4, 48, ROLE_CTR, RA_RW, 0, pci_counter48, NULL, 0 },
};

/* The QPI packet match/mask registers sit in other devices (LNX). */
static const struct reg_tmpl qpi_match_regs[] = {
	{ "Q_P_PCI_PMON_PKT_MATCH%u", 0x228, 4, 2, 32, ROLE_FILTER, RA_RW, 0, NULL, NULL, 0 },
	{ "Q_P_PCI_PMON_PKT_MASK%u", 0x238, 4, 2, 32, ROLE_FILTER, RA_RW, 0, NULL, NULL, 0 },
};

static const struct reg_tmpl r2pcie_regs[] = {
	{ "R2_PCI_PMON_BOX_CTL", 0xF4, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl, "OQ-S05", 0 },
	{ "R2_PCI_PMON_CTL%u", 0xD8, 4, 4, 32, ROLE_CTL, RA_RW, 0, NULL, NULL, 0xA0 },
	{ "R2_PCI_PMON_CTR%u", 0xA0, 8, 4, 44, ROLE_CTR, RA_RW, 0, pci_counter44, NULL, 0 },
};

static const struct reg_tmpl r3qpi_regs[] = {
	{ "R3_L_PCI_PMON_BOX_CTL", 0xF4, 0, 1, 32, ROLE_BOX_CTL, RA_WO, 0, box_ctl, "OQ-S05",
	  0 },
	{ "R3_L_PCI_PMON_CTL%u", 0xD8, 4, 3, 32, ROLE_CTL, RA_RW, 0, NULL, NULL, 0xA0 },
	{ "R3_L_PCI_PMON_CTR%u", 0xA0, 8, 3, 44, ROLE_CTR, RA_RW, 0, pci_counter44, NULL, 0 },
};

#define PCI_BOX(var, name, ids, regs)                                                     \
	static const struct pci_box_type var = {                                           \
		{ name, ARRAY_SIZE(ids), 0, SCOPE_PCI, regs, ARRAY_SIZE(regs), NULL, NULL, false }, \
		  ids,       \
	}

PCI_BOX(ha, "ha", ha_ids, ha_regs);
PCI_BOX(imc, "imc", imc_ids, imc_regs);
PCI_BOX(qpi, "qpi", qpi_ids, qpi_regs);
PCI_BOX(qpi_match, "qpi_match", qpi_match_ids, qpi_match_regs);
PCI_BOX(r2pcie, "r2pcie", r2pcie_ids, r2pcie_regs);
PCI_BOX(r3qpi, "r3qpi", r3qpi_ids, r3qpi_regs);

const struct box_type *const snbep_boxes[] = {
	&snbep_ubox, &snbep_cbox, &snbep_pcu, &snbep_residency,
	&ha.box, &imc.box, &qpi.box, &qpi_match.box, &r2pcie.box, &r3qpi.box,
};
