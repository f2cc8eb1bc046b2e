/* The E5 family's PCI boxes by generation, as data (struct snbep_pci_gen,
 * pmu/emu/snbep/pci.h), and the PCI model of the E5 v2..v4 and the Xeon
 * Scalable: their boxes in the package model's state beside the PCU function 3 (pmu/emu/snbep/capid.c)
 * where the generation has it. */
#include "pmu/emu/snbep/model.h"
#include "pmu/emu/snbep/pci.h"

#define DF(d, f) ((d) << 3 | (f))
#define ROW(k, d, f, id, n, w, big)                                                       \
	{ .kind = SNBEP_PCI_##k, .devfn = DF(d, f), .did = id, .nctr = n, .width = w,      \
	  .big_only = big, .regs = NULL }

/* S-48, S-51: HA, iMC 0-3, QPI 0-1, R2PCIe, R3QPI 0-1, in this order
 * (the order a box's "next" follows). */
static const struct snbep_pci_row e5_rows[] = {
	ROW(HA, 14, 1, 0x3C46, 4, 48, false),
	ROW(IMC, 16, 0, 0x3CB0, 4, 48, false), ROW(IMC, 16, 1, 0x3CB1, 4, 48, false),
	ROW(IMC, 16, 4, 0x3CB4, 4, 48, false), ROW(IMC, 16, 5, 0x3CB5, 4, 48, false),
	ROW(QPI, 8, 2, 0x3C41, 4, 48, false), ROW(QPI, 9, 2, 0x3C42, 4, 48, false),
	ROW(R2, 19, 1, 0x3C43, 4, 44, false),
	ROW(R3, 19, 5, 0x3C44, 3, 44, false), ROW(R3, 19, 6, 0x3C45, 3, 44, false),
};

const struct snbep_pci_gen snbep_pci_e5 = {
	.rows = e5_rows, .nrows = ARRAY_SIZE(e5_rows),
	.ubox_devfn = DF(11, 0), .ubox_did = 0x3CE0, .nodeid_off = 0x40, .idmap_off = 0x54,
	.dclk_khz = 800000, /* OQ-S24: DDR3-1600 */
	.match_dev = { 8, 9 }, .match_did = { 0x3C86, 0x3C96 }, .nmatch = 2,
	.rst_all = false, .invert = true, .status = false,
};

/* V-33, §4's ids; places from PCM where §4 gives them, OQ-V17 where not;
 * V-16: R2PCIe and R3QPI 44 bits. Every box on the one die (OQ-V22). */
static const struct snbep_pci_row ivbep_rows[] = {
	ROW(HA, 14, 1, 0x0E30, 4, 48, false), ROW(HA, 28, 1, 0x0E38, 4, 48, false),
	ROW(IMC, 16, 4, 0x0EB4, 4, 48, false), ROW(IMC, 16, 5, 0x0EB5, 4, 48, false),
	ROW(IMC, 16, 0, 0x0EB0, 4, 48, false), ROW(IMC, 16, 1, 0x0EB1, 4, 48, false),
	ROW(IMC, 30, 4, 0x0EF4, 4, 48, false), ROW(IMC, 30, 5, 0x0EF5, 4, 48, false),
	ROW(IMC, 30, 0, 0x0EF0, 4, 48, false), ROW(IMC, 30, 1, 0x0EF1, 4, 48, false),
	ROW(QPI, 8, 2, 0x0E32, 4, 48, false), ROW(QPI, 9, 2, 0x0E33, 4, 48, false),
	ROW(QPI, 24, 2, 0x0E3A, 4, 48, false),
	ROW(R2, 19, 1, 0x0E34, 4, 44, false),
	ROW(R3, 19, 5, 0x0E36, 3, 44, false), ROW(R3, 19, 6, 0x0E37, 3, 44, false),
	ROW(R3, 18, 5, 0x0E3E, 3, 44, false),
};

/* V-09, V-14, V-34, V-38: resets on every box and the status; V-12: no
 * invert. */
const struct snbep_pci_gen snbep_pci_ivbep = {
	.rows = ivbep_rows, .nrows = ARRAY_SIZE(ivbep_rows),
	.ubox_devfn = DF(11, 0), .ubox_did = 0x0E1E, .nodeid_off = 0x40, .idmap_off = 0x54,
	.dclk_khz = 800000, /* OQ-V21 */
	.match_dev = { 8, 9 }, .match_did = { 0x0E86, 0x0E96 }, .nmatch = 2,
	.rst_all = true, .invert = false, .status = true,
};

/* HSX's and BDX's rows: PCM's places for HA, iMC and QPI (§4), OQ-V17's
 * for R2PCIe and R3QPI; the smallest die's boxes first (OQ-V22); V-16,
 * V-33: R2PCIe 48 bits on both, R3QPI 44 on HSX and 48 on BDX. */
#define V3_ROWS(p, r3w)                                                                     \
	ROW(HA, 18, 1, p##30, 4, 48, false), ROW(HA, 18, 5, p##38, 4, 48, true),            \
	ROW(IMC, 20, 0, p##B0, 4, 48, false), ROW(IMC, 20, 1, p##B1, 4, 48, false),         \
	ROW(IMC, 21, 0, p##B4, 4, 48, false), ROW(IMC, 21, 1, p##B5, 4, 48, false),         \
	ROW(IMC, 23, 0, p##D0, 4, 48, true), ROW(IMC, 23, 1, p##D1, 4, 48, true),           \
	ROW(IMC, 24, 0, p##D4, 4, 48, true), ROW(IMC, 24, 1, p##D5, 4, 48, true),           \
	ROW(QPI, 8, 2, p##32, 4, 48, false), ROW(QPI, 9, 2, p##33, 4, 48, false),           \
	ROW(QPI, 10, 2, p##3A, 4, 48, true),                                                \
	ROW(R2, 16, 1, p##34, 4, 48, false),                                                \
	ROW(R3, 11, 1, p##36, 3, r3w, false), ROW(R3, 11, 2, p##37, 3, r3w, false),         \
	ROW(R3, 11, 5, p##3E, 3, r3w, true)
static const struct snbep_pci_row hswep_rows[] = { V3_ROWS(0x2F, 44) };
static const struct snbep_pci_row bdx_rows[] = { V3_ROWS(0x6F, 48) };

/* As IVB-EP's, with invert (V-35); the U-box at 16.5 (OQ-V17). */
const struct snbep_pci_gen snbep_pci_hswep = {
	.rows = hswep_rows, .nrows = ARRAY_SIZE(hswep_rows),
	.ubox_devfn = DF(16, 5), .ubox_did = 0x2F1E, .nodeid_off = 0x40, .idmap_off = 0x54,
	.dclk_khz = 800000, /* OQ-V21 */
	.match_dev = { 8, 9 }, .match_did = { 0x2F86, 0x2F96 }, .nmatch = 2,
	.rst_all = true, .invert = true, .status = true,
};

const struct snbep_pci_gen snbep_pci_bdx = {
	.rows = bdx_rows, .nrows = ARRAY_SIZE(bdx_rows),
	.ubox_devfn = DF(16, 5), .ubox_did = 0x6F1E, .nodeid_off = 0x40, .idmap_off = 0x54,
	.dclk_khz = 800000, /* OQ-V21 */
	.match_dev = { 8, 9, 10 }, .match_did = { 0x6F86, 0x6F96, 0x6F46 }, .nmatch = 3,
	.rst_all = true, .invert = true, .status = true,
};

/* K-21: the M2M's and the UPI's own places, CTLk 8 apart. */
static const struct snbep_pci_regs m2m_regs = { .box_ctl = 0x258, .ctl0 = 0x228, .ctr0 = 0x200,
						.ctl_step = 8 };
static const struct snbep_pci_regs upi_regs = { .box_ctl = 0x378, .ctl0 = 0x350, .ctr0 = 0x318,
						.ctl_step = 8 };
#define SKX_ROW(k, d, f, id, n, r, s)                                                      \
	{ .kind = SNBEP_PCI_##k, .devfn = DF(d, f), .did = id, .nctr = n, .width = 48,      \
	  .big_only = false, .regs = r, .stack = s }

/* K-20: every place, id and count of §4, every counter 48 bits; every box
 * on either die (OQ-K13), in LNX's order; K-27: the M2Ms and iMC channels
 * on stack 2's bus, the UPI, M2PCIe and M3UPI boxes on stack 3's. */
static const struct snbep_pci_row skx_rows[] = {
	SKX_ROW(IMC, 10, 2, 0x2042, 4, NULL, 2), SKX_ROW(IMC, 10, 6, 0x2046, 4, NULL, 2),
	SKX_ROW(IMC, 11, 2, 0x204A, 4, NULL, 2), SKX_ROW(IMC, 12, 2, 0x2042, 4, NULL, 2),
	SKX_ROW(IMC, 12, 6, 0x2046, 4, NULL, 2), SKX_ROW(IMC, 13, 2, 0x204A, 4, NULL, 2),
	SKX_ROW(M2M, 8, 0, 0x2066, 4, &m2m_regs, 2), SKX_ROW(M2M, 9, 0, 0x2066, 4, &m2m_regs, 2),
	SKX_ROW(UPI, 14, 0, 0x2058, 4, &upi_regs, 3), SKX_ROW(UPI, 15, 0, 0x2058, 4, &upi_regs, 3),
	SKX_ROW(UPI, 16, 0, 0x2058, 4, &upi_regs, 3),
	SKX_ROW(M2P, 21, 1, 0x2088, 4, NULL, 3), SKX_ROW(M2P, 22, 1, 0x2088, 4, NULL, 3),
	SKX_ROW(M2P, 23, 1, 0x2088, 4, NULL, 3), SKX_ROW(M2P, 21, 5, 0x2088, 4, NULL, 3),
	SKX_ROW(M3UPI, 18, 1, 0x204D, 3, NULL, 3), SKX_ROW(M3UPI, 18, 2, 0x204E, 3, NULL, 3),
	SKX_ROW(M3UPI, 18, 5, 0x204D, 3, NULL, 3),
};

/* K-22, K-23: resets on every box, invert; OQ-K13: no status; K-19: the
 * U-box function 0x2014 at 8.2 with its node id at 0xC0 and 0xD4; K-25,
 * K-27: six stacks, the U-box on stack 0's bus, the PCU function 3 on
 * stack 1's; OQ-K12: DDR4-2666; no QPI match/mask. */
const struct snbep_pci_gen snbep_pci_skx = {
	.rows = skx_rows, .nrows = ARRAY_SIZE(skx_rows),
	.ubox_devfn = DF(8, 2), .ubox_did = 0x2014, .nodeid_off = 0xC0, .idmap_off = 0xD4,
	.dclk_khz = 1333000, .nmatch = 0,
	.rst_all = true, .invert = true, .status = false,
	.nstacks = 6, .ubox_stack = 0, .pcu_stack = 1,
};

/* After the package model's init (which chose the die: OQ-V15), its PCI
 * boxes: the largest die's where the cores do not fit the smallest
 * (OQ-V22). */
static void v2_init(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		    uint64_t now)
{
	struct snbep_uncore *u = m;
	bool big = !u->g->dies[0].cores || u->ncores > u->g->dies[0].cores;

	snbep_pci_setup(&u->pci, u->g->pci, big, f, pkg, npkg, uclk_khz, now);
}

/* The boxes, else the PCU function 3 where the generation has one. */
static int v2_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes, uint64_t now,
		   uint32_t *val)
{
	struct snbep_uncore *u = m;

	if (!snbep_pci_read(&u->pci, dev, fn, off, bytes, now, val))
		return 0;
	return u->g->capid_did ? snbep_pcu3_model.read(m, dev, fn, off, bytes, now, val) : -1;
}

static int v2_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes, uint32_t val,
		    uint64_t now)
{
	struct snbep_uncore *u = m;

	if (!snbep_pci_write(&u->pci, dev, fn, off, bytes, val, now))
		return 0;
	return u->g->capid_did ? snbep_pcu3_model.write(m, dev, fn, off, bytes, val, now) : -1;
}

/* K-25, K-27: the generation's stacks' buses, else snbep_pci_bus's. */
static int v2_on_bus(void *m, uint8_t bus, unsigned dev, unsigned fn)
{
	struct snbep_uncore *u = m;

	return snbep_pci_on_bus(&u->pci, bus, dev, fn);
}

/* The memory controllers count every thread's lines (apic_id unused). */
static void v2_traffic(void *m, uint32_t apic_id, uint64_t phys, uint64_t lines, bool write,
		       uint64_t now)
{
	struct snbep_uncore *u = m;

	(void)apic_id;
	snbep_pci_traffic(&u->pci, phys, lines, write, now);
}

const struct emu_pci_model snbep_pci_v2_model = {
	.size = 0,
	.init = v2_init,
	.bus = snbep_pci_bus,
	.on_bus = v2_on_bus,
	.read = v2_read,
	.write = v2_write,
	.mmio = NULL,
	.traffic = v2_traffic,
};
