/* Xeon E5-2600 (Sandy Bridge-EP) uncore (spec xeon-e5-2600-uncore.md,
 * S-xx): the MSR boxes in full (U-box with its UCLK fixed counter, eight
 * C-boxes with their filter, the PCU with its band filter, and the core
 * C-state residency counters outside PMON) and the PCI-config boxes (home
 * agent, memory controller channels, QPI ports, R2PCIe, R3QPI links) with
 * their device ids and register offsets (spec §4). No global control,
 * status or PMI register exists on 0x2D (§1.2, §1.3, S-03, S-40): each box
 * has its own BOX_CTL and each counter its en bit. Reset values are 0
 * everywhere (S-06). */
#include "pmu/regs/tables.h"

/* §3.1: fields write-only, read 0 (OQ-S02); resets act on a 1 (S-09). */
static const struct field box_ctl[] = {
	{ .name = "rst_ctrl", .lo = 0, .hi = 0, .access = FA_W1A, .spec = "S-08 OQ-S17" },
	{ .name = "rst_ctrs", .lo = 1, .hi = 1, .access = FA_W1A, .spec = "S-07" },
	{ .name = "frz", .lo = 8, .hi = 8, .access = FA_WO, .spec = "S-11 S-12 S-13 OQ-S03" },
	{ .name = "frz_en", .lo = 16, .hi = 16, .access = FA_WO, .spec = "S-11 S-12 OQ-S04" },
	{ .name = NULL },
};

/* HA and iMC: bits 1:0 reserved (UPMG p.61, §2.1.1 note). */
static const struct field box_ctl_frz[] = {
	{ .name = "frz", .lo = 8, .hi = 8, .access = FA_WO, .spec = "S-11 OQ-S03" },
	{ .name = "frz_en", .lo = 16, .hi = 16, .access = FA_WO, .spec = "S-11 OQ-S04" },
	{ .name = NULL },
};

/* §3.2; 21:20 reserved: no ov_en on 0x2D (S-40). */
static const struct field cbox_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-04" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "S-04" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "S-20 OQ-S12" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "S-24 OQ-S09" },
	{ .name = "tid_en", .lo = 19, .hi = 19, .access = FA_RW, .spec = "S-04" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-16 S-17" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "S-23" },
	{ .name = "thresh", .lo = 24, .hi = 31, .access = FA_RW, .spec = "S-22 S-25 OQ-S08" },
	{ .name = NULL },
};

/* §3.2, U-box column: a 5-bit threshold, no tid_en. */
static const struct field ubox_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-04 S-18" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "S-04" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "S-20 OQ-S12" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "S-24 OQ-S09" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-16 S-17" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "S-23" },
	{ .name = "thresh", .lo = 24, .hi = 28, .access = FA_RW, .spec = "S-22 S-25 OQ-S08" },
	{ .name = NULL },
};

/* §3.5: en alone starts the counter (OQ-S21). */
static const struct field uclk_fixed_ctl[] = {
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-16 OQ-S21" },
	{ .name = NULL },
};

/* §3.3: no umask; bit 7 of ev_sel selects the occupancy path; bit 21 is
 * part of the event's identity (OQ-S11); 20:19 reserved (S-40). */
static const struct field pcu_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-26 S-32 S-35" },
	{ .name = "occ_sel", .lo = 14, .hi = 15, .access = FA_RW, .spec = "S-26 OQ-S22" },
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "S-20 OQ-S12" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "S-24 S-34 OQ-S10" },
	{ .name = "ev_sel_ext", .lo = 21, .hi = 21, .access = FA_RW, .spec = "S-35 OQ-S11" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-16 S-17" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "S-23 S-34 OQ-S10" },
	{ .name = "thresh", .lo = 24, .hi = 28, .access = FA_RW, .spec = "S-22 S-28 S-31 OQ-S08" },
	{ .name = "occ_invert", .lo = 30, .hi = 30, .access = FA_RW, .spec = "S-29 S-31" },
	{ .name = "occ_edge_det", .lo = 31, .hi = 31, .access = FA_RW, .spec = "S-30 S-31 OQ-S23" },
	{ .name = NULL },
};

/* §3.6 (from LNX; the guide's table was not seen). */
static const struct field cbox_filter[] = {
	{ .name = "tid", .lo = 0, .hi = 4, .access = FA_RW, .spec = "S-04" },
	{ .name = "nid", .lo = 10, .hi = 17, .access = FA_RW, .spec = "S-04" },
	{ .name = "state", .lo = 18, .hi = 22, .access = FA_RW, .spec = "S-04" },
	{ .name = "opc", .lo = 23, .hi = 31, .access = FA_RW, .spec = "S-04" },
	{ .name = NULL },
};

/* §3.4: one band threshold per byte, 100 MHz per LSB. */
static const struct field pcu_filter[] = {
	{ .name = "filt7_0", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-33" },
	{ .name = "filt15_8", .lo = 8, .hi = 15, .access = FA_RW, .spec = "S-33" },
	{ .name = "filt23_16", .lo = 16, .hi = 23, .access = FA_RW, .spec = "S-33" },
	{ .name = "filt31_24", .lo = 24, .hi = 31, .access = FA_RW, .spec = "S-33" },
	{ .name = NULL },
};

static const struct field counter44[] = {
	{ .name = "event_count", .lo = 0, .hi = 43, .access = FA_RW, .spec = "S-05 S-36" },
	{ .name = NULL },
};

static const struct field counter48[] = {
	{ .name = "event_count", .lo = 0, .hi = 47, .access = FA_RW,
	  .spec = "S-05 S-37 S-38 OQ-S07" },
	{ .name = NULL },
};

static const struct field counter64[] = {
	{ .name = "event_count", .lo = 0, .hi = 63, .access = FA_RW, .spec = "S-46 OQ-S14" },
	{ .name = NULL },
};

/* §2.1: no BOX_CTL, filter or status; CTL1 is printed 64 bits wide, which
 * changes nothing here (OQ-S16: bits 63:32 write-ignored, read 0). */
static const struct reg_tmpl ubox_regs[] = {
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTL", .addr = 0xC08, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = uclk_fixed_ctl, .spec = "S-16 OQ-S21",
	  .pair = 0xC09 },
	{ .name = "U_MSR_PMON_UCLK_FIXED_CTR", .addr = 0xC09, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "S-38 S-45 OQ-S07" },
	{ .name = "U_MSR_PMON_CTL%u", .addr = 0xC10, .stride = 1, .count = 2, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = ubox_ctl, .spec = "S-04 OQ-S16",
	  .pair = 0xC16 },
	{ .name = "U_MSR_PMON_CTR%u", .addr = 0xC16, .stride = 1, .count = 2, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter44, .spec = "S-36" },
};

/* §2.2: box n at +0x20n. */
static const struct reg_tmpl cbox_regs[] = {
	{ .name = "C_MSR_PMON_BOX_CTL", .addr = 0xD04, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl, .spec = "S-07 S-14 OQ-S02" },
	{ .name = "C_MSR_PMON_CTL%u", .addr = 0xD10, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = cbox_ctl, .spec = "S-04", .pair = 0xD16 },
	{ .name = "C_MSR_PMON_BOX_FILTER", .addr = 0xD14, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = cbox_filter, .spec = "S-04 OQ-S17" },
	{ .name = "C_MSR_PMON_CTR%u", .addr = 0xD16, .stride = 1, .count = 4, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter44, .spec = "S-36" },
};

/* §2.3. */
static const struct reg_tmpl pcu_regs[] = {
	{ .name = "PCU_MSR_PMON_BOX_CTL", .addr = 0xC24, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl, .spec = "S-07 S-14 OQ-S02" },
	{ .name = "PCU_MSR_PMON_CTL%u", .addr = 0xC30, .stride = 1, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = pcu_ctl, .spec = "S-04", .pair = 0xC36 },
	{ .name = "PCU_MSR_PMON_BOX_FILTER", .addr = 0xC34, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = pcu_filter, .spec = "S-04 S-33 OQ-S17" },
	{ .name = "PCU_MSR_PMON_CTR%u", .addr = 0xC36, .stride = 1, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = counter48, .spec = "S-37" },
};

/* §2.3, outside PMON: per core in the model (OQ-S14), untouched by the
 * PCU's BOX_CTL (S-14, S-46). */
static const struct reg_tmpl residency_regs[] = {
	{ .name = "PCU_MSR_CORE_C3_CTR", .addr = 0x3FC, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = counter64, .spec = "S-46 OQ-S14" },
	{ .name = "PCU_MSR_CORE_C6_CTR", .addr = 0x3FD, .count = 1, .width = 64, .role = ROLE_CTR,
	  .access = RA_RW, .fields = counter64, .spec = "S-46 OQ-S14" },
};

/* ---- event constraints (S-59..S-63) ----
 * Which counters may count each event the snbep suite programs, and how
 * much it adds a cycle: silicon counts nothing for an event on a counter
 * its restriction leaves out, so the model enforces these rows (OQ-S30). */

/* U-box: ev_sel 0 is the guide's idle select (S-18, OQ-S31: Intel's event
 * lists call it UNC_U_CLOCKTICKS); EVENT_MSG and LOCK_CYCLES on both. */
static const struct event_rule ubox_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0x0, .spec = "S-18 S-63 OQ-S31" },
	{ .event = 0x42, .umask_mask = 0, .counters = 0x3, .max_inc = 1, .spec = "S-59" },
	{ .event = 0x44, .umask_mask = 0, .counters = 0x3, .max_inc = 1, .spec = "S-59" },
	{ .spec = NULL },
};

/* C-box: TOR_OCCUPANCY on counter 0 alone, at most 20 a cycle, and its
 * umask 0 selects no sub-event (the first matching row applies). */
static const struct event_rule cbox_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59" },
	{ .event = 0x36, .umask = 0, .umask_mask = 0xFF, .counters = 0x0, .spec = "S-62" },
	{ .event = 0x36, .umask_mask = 0, .counters = 0x1, .max_inc = 20,
	  .spec = "S-59 S-60 OQ-S30" },
	{ .spec = NULL },
};

/* PCU: no umask; clockticks, the band events and the occupancy event on
 * any counter (the guide's "Register Restrictions: 0-3"). */
static const struct event_rule pcu_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59 S-44" },
	{ .event = 0x0B, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59 S-33" },
	{ .event = 0x0C, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59 S-33" },
	{ .event = 0x0D, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59 S-33" },
	{ .event = 0x0E, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-59 S-33" },
	{ .event = 0x80, .umask_mask = 0, .counters = 0xF, .max_inc = 8, .spec = "S-59 S-27" },
	{ .spec = NULL },
};

const struct box_type snbep_ubox = {
	.name = "ubox",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = ubox_regs,
	.nregs = ARRAY_SIZE(ubox_regs),
	.events = ubox_events,
};

/* Eight register sets; only those of present cores answer (OQ-S15). */
const struct box_type snbep_cbox = {
	.name = "cbox",
	.nboxes = 8,
	.box_stride = 0x20,
	.scope = SCOPE_PACKAGE,
	.regs = cbox_regs,
	.nregs = ARRAY_SIZE(cbox_regs),
	.events = cbox_events,
};

const struct box_type snbep_pcu = {
	.name = "pcu",
	.nboxes = 1,
	.scope = SCOPE_PACKAGE,
	.regs = pcu_regs,
	.nregs = ARRAY_SIZE(pcu_regs),
	.events = pcu_events,
};

const struct box_type snbep_residency = {
	.name = "pcu_residency",
	.nboxes = 1,
	.scope = SCOPE_CORE,
	.regs = residency_regs,
	.nregs = ARRAY_SIZE(residency_regs),
};

/* ---- PCI-config boxes (§4, S-47..S-58) ----
 * Every box: BOX_CTL at 0xF4, CTLk at 0xD8 + 4k, CTRk as two dwords at
 * 0xA0 + 8k (low, then high: not atomic, S-47). */

static const uint16_t ha_ids[] = { 0x3C46 };
static const uint16_t imc_ids[] = { 0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5 };
static const uint16_t qpi_ids[] = { 0x3C41, 0x3C42 };
static const uint16_t qpi_match_ids[] = { 0x3C86, 0x3C96 };
static const uint16_t r2pcie_ids[] = { 0x3C43 };
static const uint16_t r3qpi_ids[] = { 0x3C44, 0x3C45 };

/* Device and function on the socket's uncore bus (§4, S-48). */
#define DF(d, f) ((d) << 3 | (f))
static const uint8_t ha_df[] = { DF(14, 1) };
static const uint8_t imc_df[] = { DF(16, 0), DF(16, 1), DF(16, 4), DF(16, 5) };
static const uint8_t qpi_df[] = { DF(8, 2), DF(9, 2) };
static const uint8_t qpi_match_df[] = { DF(8, 6), DF(9, 6) };
static const uint8_t r2pcie_df[] = { DF(19, 1) };
static const uint8_t r3qpi_df[] = { DF(19, 5), DF(19, 6) };

/* iMC fixed CTL (UPMG Table 2-62): en 22, rst 19 like CTL.rst (S-20). */
static const struct field imc_fixed_ctl[] = {
	{ .name = "rst", .lo = 19, .hi = 19, .access = FA_W1A, .spec = "S-52" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-52" },
	{ .name = NULL },
};

/* S-49: the PCI boxes' CTLk; QPI adds ev_sel_ext. */
static const struct field pci_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-49 S-56" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "S-49 S-53" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "S-49 S-24" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-49 S-16" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "S-49 S-23" },
	{ .name = "thresh", .lo = 24, .hi = 31, .access = FA_RW, .spec = "S-49 S-22" },
	{ .name = NULL },
};

static const struct field qpi_ctl[] = {
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "S-49 S-56" },
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "S-49" },
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "S-49 S-24" },
	{ .name = "ev_sel_ext", .lo = 21, .hi = 21, .access = FA_RW, .spec = "S-49" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "S-49 S-16" },
	{ .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "S-49 S-23" },
	{ .name = "thresh", .lo = 24, .hi = 31, .access = FA_RW, .spec = "S-49 S-22" },
	{ .name = NULL },
};

static const struct field pci_counter44[] = {
	{ .name = "event_count", .lo = 0, .hi = 43, .access = FA_RW, .spec = "S-51" },
	{ .name = NULL },
};

static const struct field pci_counter48[] = {
	{ .name = "event_count", .lo = 0, .hi = 47, .access = FA_RW, .spec = "S-51" },
	{ .name = NULL },
};

/* The HA's address and opcode match (§4: UPMG Tables 2-37..2-39). */
static const struct field ha_addr_lo[] = {
	{ .name = "lo_addr", .lo = 6, .hi = 31, .access = FA_RW, .spec = "§4" },
	{ .name = NULL },
};

static const struct field ha_addr_hi[] = {
	{ .name = "hi_addr", .lo = 0, .hi = 13, .access = FA_RW, .spec = "§4" },
	{ .name = NULL },
};

static const struct field ha_opc[] = {
	{ .name = "opc", .lo = 0, .hi = 5, .access = FA_RW, .spec = "§4" },
	{ .name = NULL },
};

static const struct reg_tmpl ha_regs[] = {
	{ .name = "HA_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl_frz, .spec = "OQ-S05" },
	{ .name = "HA_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = pci_ctl, .spec = "S-49", .pair = 0xA0 },
	{ .name = "HA_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter48 },
	{ .name = "HA_PCI_PMON_BOX_ADDRMATCH0", .addr = 0x40, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = ha_addr_lo },
	{ .name = "HA_PCI_PMON_BOX_ADDRMATCH1", .addr = 0x44, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = ha_addr_hi },
	{ .name = "HA_PCI_PMON_BOX_OPCODEMATCH", .addr = 0x48, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = ha_opc },
};

static const struct reg_tmpl imc_regs[] = {
	{ .name = "MC_CH_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl_frz, .spec = "OQ-S05" },
	{ .name = "MC_CH_PCI_PMON_FIXED_CTL", .addr = 0xF0, .count = 1, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = imc_fixed_ctl, .pair = 0xD0 },
	{ .name = "MC_CH_PCI_PMON_FIXED_CTR", .addr = 0xD0, .count = 1, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter48 },
	{ .name = "MC_CH_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = pci_ctl, .spec = "S-49", .pair = 0xA0 },
	{ .name = "MC_CH_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter48 },
};

static const struct reg_tmpl qpi_regs[] = {
	{ .name = "Q_P_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl, .spec = "OQ-S05" },
	{ .name = "Q_P_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = qpi_ctl, .spec = "S-49", .pair = 0xA0 },
	{ .name = "Q_P_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 48,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter48 },
};

/* The QPI packet match/mask registers sit in other devices (LNX); MATCH0
 * and MASK0 hold one layout, MATCH1 and MASK1 another (S-57). */
static const struct field qpi_pkt0[] = {
	{ .name = "vnw", .lo = 3, .hi = 4, .access = FA_RW, .spec = "S-57" },
	{ .name = "opc", .lo = 5, .hi = 8, .access = FA_RW, .spec = "S-57" },
	{ .name = "mc", .lo = 9, .hi = 12, .access = FA_RW, .spec = "S-57" },
	{ .name = "dnid", .lo = 13, .hi = 17, .access = FA_RW, .spec = "S-57" },
	{ .name = "rnid_4", .lo = 31, .hi = 31, .access = FA_RW, .spec = "S-57" },
	{ .name = NULL },
};

static const struct field qpi_pkt1[] = {
	{ .name = "rnid_3_0", .lo = 0, .hi = 3, .access = FA_RW, .spec = "S-57" },
	{ .name = "rds", .lo = 16, .hi = 19, .access = FA_RW, .spec = "S-57" },
	{ .name = NULL },
};

static const struct reg_tmpl qpi_match_regs[] = {
	{ .name = "Q_P_PCI_PMON_PKT_MATCH0", .addr = 0x228, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = qpi_pkt0 },
	{ .name = "Q_P_PCI_PMON_PKT_MATCH1", .addr = 0x22C, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = qpi_pkt1 },
	{ .name = "Q_P_PCI_PMON_PKT_MASK0", .addr = 0x238, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = qpi_pkt0 },
	{ .name = "Q_P_PCI_PMON_PKT_MASK1", .addr = 0x23C, .count = 1, .width = 32,
	  .role = ROLE_FILTER, .access = RA_RW, .fields = qpi_pkt1 },
};

static const struct reg_tmpl r2pcie_regs[] = {
	{ .name = "R2_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl, .spec = "OQ-S05" },
	{ .name = "R2_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 4, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = pci_ctl, .spec = "S-49", .pair = 0xA0 },
	{ .name = "R2_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 4, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter44 },
};

static const struct reg_tmpl r3qpi_regs[] = {
	{ .name = "R3_L_PCI_PMON_BOX_CTL", .addr = 0xF4, .count = 1, .width = 32,
	  .role = ROLE_BOX_CTL, .access = RA_WO, .fields = box_ctl, .spec = "OQ-S05" },
	{ .name = "R3_L_PCI_PMON_CTL%u", .addr = 0xD8, .stride = 4, .count = 3, .width = 32,
	  .role = ROLE_CTL, .access = RA_RW, .fields = pci_ctl, .spec = "S-49", .pair = 0xA0 },
	{ .name = "R3_L_PCI_PMON_CTR%u", .addr = 0xA0, .stride = 8, .count = 3, .width = 44,
	  .role = ROLE_CTR, .access = RA_RW, .fields = pci_counter44 },
};

/* The PCI boxes' events the suite programs (S-56, S-53): no source read
 * restricts their counters (S-59). */
static const struct event_rule ha_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-56 S-59" },
	{ .spec = NULL },
};
static const struct event_rule imc_events[] = {
	{ .event = 0x00, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-56 S-59" },
	{ .event = 0x04, .umask_mask = 0, .counters = 0xF, .spec = "S-53 S-59" },
	{ .spec = NULL },
};
static const struct event_rule qpi_events[] = {
	{ .event = 0x14, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-56 S-59" },
	{ .spec = NULL },
};
static const struct event_rule r2pcie_events[] = {
	{ .event = 0x01, .umask_mask = 0, .counters = 0xF, .max_inc = 1, .spec = "S-56 S-59" },
	{ .spec = NULL },
};
static const struct event_rule r3qpi_events[] = {
	{ .event = 0x01, .umask_mask = 0, .counters = 0x7, .max_inc = 1, .spec = "S-56 S-59" },
	{ .spec = NULL },
};

PCI_BOX(snbep_ha, "ha", ha_ids, ha_df, ha_regs, ha_events);
PCI_BOX(snbep_imc, "imc", imc_ids, imc_df, imc_regs, imc_events);
PCI_BOX(snbep_qpi, "qpi", qpi_ids, qpi_df, qpi_regs, qpi_events);
PCI_BOX(snbep_qpi_match, "qpi_match", qpi_match_ids, qpi_match_df, qpi_match_regs,
	NULL);
PCI_BOX(snbep_r2pcie, "r2pcie", r2pcie_ids, r2pcie_df, r2pcie_regs, r2pcie_events);
PCI_BOX(snbep_r3qpi, "r3qpi", r3qpi_ids, r3qpi_df, r3qpi_regs, r3qpi_events);

const struct box_type *const snbep_boxes[] = {
	&snbep_ubox, &snbep_cbox, &snbep_pcu, &snbep_residency,
	&snbep_ha.box, &snbep_imc.box, &snbep_qpi.box, &snbep_qpi_match.box, &snbep_r2pcie.box,
	&snbep_r3qpi.box,
};
