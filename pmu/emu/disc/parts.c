/* The unit lists of the emulated discovery parts (D-45, OQ-D13): per generation
 * its box types (D-40, D-43), how many units of each a socket has, where
 * their registers are and what the table says of them. The addresses are
 * the model's choice where no source fixes them; UPI and M3UPI sit where
 * Linux rebuilds them (D-42). */
#include "pmu/emu/disc/model.h"

enum { MSR = 0, MMIO = 1, PCI = 2 };

/* MSR units: ctl_off, ctr_off, status_off as the shapes Linux's ICX/SPR
 * constants show (the CHA: control 2, counter 8; the IIO family: counter
 * 1, control 8), 16 MSR numbers apart. */
#define MSR_CHA(n, l, b) \
	{ .type = 0, .access = MSR, .count = n, .listed = l, .nregs = 4, .width = 48, .ctl_off = 2, \
	  .ctr_off = 8, .status_off = 1, .step = 1, .base = b, .stride = 0x10 }
#define MSR_IIO(t, n, b) \
	{ .type = t, .access = MSR, .count = n, .listed = n, .nregs = 4, .width = 48, .ctl_off = 8, \
	  .ctr_off = 1, .status_off = 7, .step = 1, .base = b, .stride = 0x10 }
#define MSR_BOX(t, n, b) \
	{ .type = t, .access = MSR, .count = n, .listed = n, .nregs = 4, .width = 48, .ctl_off = 2, \
	  .ctr_off = 8, .status_off = 1, .step = 1, .base = b, .stride = 0x10 }
/* MMIO units 64 KiB apart in the package's window; the IMC's controls 4
 * bytes apart (OQ-D4), an OFFS8 type's 8. */
#define MMIO_BOX(t, n, b, s) \
	{ .type = t, .access = MMIO, .count = n, .listed = n, .nregs = 4, .width = 48, \
	  .ctl_off = 0x40, .ctr_off = 0x08, .status_off = 0x60, .step = s, .base = b, \
	  .stride = 0x10000 }
/* PCI units on consecutive devices of the package's bus. */
#define PCI_M2M(t, n, d, f, id) \
	{ .type = t, .access = PCI, .count = n, .listed = n, .nregs = 4, .width = 48, \
	  .ctl_off = 0x30, .ctr_off = 0x08, .status_off = 0x50, .step = 8, .base = 0x438, \
	  .dev = d, .fn = f, .did = id }
#define PCI_UPI(n, brk) \
	{ .type = 8, .access = PCI, .count = n, .listed = n, .nregs = 4, .width = 48, \
	  .ctl_off = 0x38, .ctr_off = 0x08, .status_off = 0x64, .step = 8, .base = 0x318, \
	  .dev = 1, .fn = 1, .did = 0x3241, .broken_entry = brk }
#define PCI_M3UPI(n, brk) \
	{ .type = 9, .access = PCI, .count = n, .listed = n, .nregs = 4, .width = 48, \
	  .ctl_off = 0x38, .ctr_off = 0x08, .status_off = 0x58, .step = 8, .base = 0xA0, \
	  .dev = 5, .fn = 1, .did = 0x3246, .broken_entry = brk }

/* D-72: the IIO's free-running clocks, MSR ioclk + 0x10 n, sit in no
 * unit's registers (0xE of an IRP's 16 on SPR, above the CHAs on GNR). */

/* D-40: Sapphire Rapids; D-41: 60 CHA entries, 56 CHAs; D-42: UPI and
 * M3UPI entries broken. */
static const struct disc_emu_type spr_types[] = {
	MSR_CHA(56, 60, 0x2000), MSR_IIO(1, 12, 0x3000), MSR_IIO(2, 12, 0x3400),
	MSR_IIO(3, 12, 0x3800), MSR_BOX(4, 1, 0x2FC0), MMIO_BOX(6, 8, 0x100000, 4),
	PCI_M2M(7, 4, 12, 0, 0x324A), PCI_UPI(4, true), PCI_M3UPI(4, true),
	MSR_BOX(11, 2, 0x2E00),
};
/* Emerald Rapids: 64 CHAs, a right table, MSR 0x2FFE reading 0 (D-41). */
static const struct disc_emu_type emr_types[] = {
	MSR_CHA(64, 64, 0x2000), MSR_IIO(1, 12, 0x3000), MSR_IIO(2, 12, 0x3400),
	MSR_IIO(3, 12, 0x3800), MSR_BOX(4, 1, 0x2FC0), MMIO_BOX(6, 8, 0x100000, 4),
	PCI_M2M(7, 4, 12, 0, 0x324A), PCI_UPI(4, false), PCI_M3UPI(4, false),
	MSR_BOX(11, 2, 0x2E00),
};

/* D-43: Granite Rapids, Sierra Forest, Clearwater Forest; B2CXL is OFFS8;
 * no table error (D-44). */
#define GNR_REST                                                                              \
	MSR_IIO(1, 16, 0x3000), MSR_IIO(2, 16, 0x3400), MSR_BOX(4, 1, 0x2FC0),                  \
	MSR_BOX(5, 1, 0x2F00), MMIO_BOX(6, 12, 0x100000, 4), PCI_UPI(6, false),                \
	PCI_M2M(16, 12, 12, 0, 0x3258), MMIO_BOX(17, 4, 0x200000, 8),                          \
	PCI_M2M(18, 6, 24, 0, 0x3259), MSR_BOX(20, 4, 0x2E00), PCI_M2M(21, 8, 1, 2, 0x325A),   \
	PCI_M2M(22, 4, 1, 3, 0x325B)
static const struct disc_emu_type gnr_types[] = { MSR_CHA(128, 128, 0x2000), GNR_REST };
static const struct disc_emu_type srf_types[] = { MSR_CHA(72, 72, 0x2000), GNR_REST };

const struct disc_emu_part disc_part_spr = { .name = "spr", .types = spr_types,
	.ntypes = ARRAY_SIZE(spr_types), .cha_msr = 56, .ioclk = 0x340E };
const struct disc_emu_part disc_part_emr = { .name = "emr", .types = emr_types,
	.ntypes = ARRAY_SIZE(emr_types), .ioclk = 0x340E };
const struct disc_emu_part disc_part_gnr = { .name = "gnr", .types = gnr_types,
	.ntypes = ARRAY_SIZE(gnr_types), .ioclk = 0x290E };
const struct disc_emu_part disc_part_srf = { .name = "srf", .types = srf_types,
	.ntypes = ARRAY_SIZE(srf_types), .ioclk = 0x290E };
const struct disc_emu_part disc_part_cwf = { .name = "cwf", .types = srf_types,
	.ntypes = ARRAY_SIZE(srf_types), .ioclk = 0x290E };

/* D-60, OQ-D13: a part no registry row names: a few units of known types
 * and one (0x30) no digest names, its table also behind MSR 0x201E
 * (OQ-D1). */
static const struct disc_emu_type new_types[] = {
	MSR_CHA(8, 8, 0x2000), MSR_BOX(4, 1, 0x2FC0), MMIO_BOX(6, 2, 0x100000, 4),
	PCI_UPI(2, false), MSR_IIO(0x30, 2, 0x3C00),
};
const struct disc_emu_part disc_part_new = { .name = "new", .types = new_types,
	.ntypes = ARRAY_SIZE(new_types), .msr_discovery = true };
