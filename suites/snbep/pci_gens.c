/* Each generation's PCI boxes as the suite's own constants (struct spb_gen,
 * suites/snbep/pci.h), from the digests, never from pmu/: the
 * E5-2600's (xeon-e5-2600-uncore.md §4, S-48, S-50..S-52, S-56) and the E5
 * v2's, v3's and v4's (xeon-e5-v2-v4-uncore.md §4, V-33..V-36). */
#include "suites/snbep/pci.h"
#include "suites/snbep/v3.h"

/* S-47, S-49: BOX_CTL 0xF4, CTLk 0xD8 + 4k, CTRk 0xA0 + 8k; K-21: the
 * M2M's and UPI's. */
static const struct spb_regs e5_regs = { .box_ctl = 0xF4, .ctl0 = 0xD8, .ctr0 = 0xA0,
					 .ctl_step = 4 };
static const struct spb_regs m2m_regs = { .box_ctl = 0x258, .ctl0 = 0x228, .ctr0 = 0x200,
					  .ctl_step = 8 };
static const struct spb_regs upi_regs = { .box_ctl = 0x378, .ctl0 = 0x350, .ctr0 = 0x318,
					  .ctl_step = 8 };

#define TR(n, id, c, w, rs, im, k, regs)                                                    \
	{ .name = n, .did = id, .nctr = c, .width = w, .rst = rs, .imc = im, .clk = k, .r = regs }
#define T(n, id, c, w, rs, im, k) TR(n, id, c, w, rs, im, k, &e5_regs)

/* S-48, S-51, S-56; S-50: no resets on the HA and iMC. */
static const struct spb_type e5[] = {
	T("HA", 0x3C46, 4, 48, false, false, 0x00),
	T("iMC 0", 0x3CB0, 4, 48, false, true, 0x00), T("iMC 1", 0x3CB1, 4, 48, false, true, 0x00),
	T("iMC 2", 0x3CB4, 4, 48, false, true, 0x00), T("iMC 3", 0x3CB5, 4, 48, false, true, 0x00),
	T("QPI 0", 0x3C41, 4, 48, true, false, 0x14), T("QPI 1", 0x3C42, 4, 48, true, false, 0x14),
	T("R2PCIe", 0x3C43, 4, 44, true, false, 0x01),
	T("R3QPI 0", 0x3C44, 3, 44, true, false, 0x01), T("R3QPI 1", 0x3C45, 3, 44, true, false, 0x01),
};

/* §4's ids in LNX's order; V-33: R2PCIe and R3QPI 44 bits; V-34: resets on
 * every box. */
static const struct spb_type v2[] = {
	T("HA 0", 0x0E30, 4, 48, true, false, 0x00), T("HA 1", 0x0E38, 4, 48, true, false, 0x00),
	T("iMC 0", 0x0EB4, 4, 48, true, true, 0x00), T("iMC 1", 0x0EB5, 4, 48, true, true, 0x00),
	T("iMC 2", 0x0EB0, 4, 48, true, true, 0x00), T("iMC 3", 0x0EB1, 4, 48, true, true, 0x00),
	T("iMC 4", 0x0EF4, 4, 48, true, true, 0x00), T("iMC 5", 0x0EF5, 4, 48, true, true, 0x00),
	T("iMC 6", 0x0EF0, 4, 48, true, true, 0x00), T("iMC 7", 0x0EF1, 4, 48, true, true, 0x00),
	T("QPI 0", 0x0E32, 4, 48, true, false, 0x14), T("QPI 1", 0x0E33, 4, 48, true, false, 0x14),
	T("QPI 2", 0x0E3A, 4, 48, true, false, 0x14),
	T("R2PCIe", 0x0E34, 4, 44, true, false, 0x01),
	T("R3QPI 0", 0x0E36, 3, 44, true, false, 0x01), T("R3QPI 1", 0x0E37, 3, 44, true, false, 0x01),
	T("R3QPI 2", 0x0E3E, 3, 44, true, false, 0x01),
};

/* HSX (prefix 0x2F) and BDX (0x6F): V-33's widths, R2PCIe 48 on both,
 * R3QPI 44 on HSX and 48 on BDX. */
#define V3(p, r3w)                                                                          \
	T("HA 0", p##30, 4, 48, true, false, 0x00), T("HA 1", p##38, 4, 48, true, false, 0x00), \
	T("iMC 0", p##B0, 4, 48, true, true, 0x00), T("iMC 1", p##B1, 4, 48, true, true, 0x00), \
	T("iMC 2", p##B4, 4, 48, true, true, 0x00), T("iMC 3", p##B5, 4, 48, true, true, 0x00), \
	T("iMC 4", p##D0, 4, 48, true, true, 0x00), T("iMC 5", p##D1, 4, 48, true, true, 0x00), \
	T("iMC 6", p##D4, 4, 48, true, true, 0x00), T("iMC 7", p##D5, 4, 48, true, true, 0x00), \
	T("QPI 0", p##32, 4, 48, true, false, 0x14), T("QPI 1", p##33, 4, 48, true, false, 0x14), \
	T("QPI 2", p##3A, 4, 48, true, false, 0x14),                                          \
	T("R2PCIe", p##34, 4, 48, true, false, 0x01),                                          \
	T("R3QPI 0", p##36, 3, r3w, true, false, 0x01),                                        \
	T("R3QPI 1", p##37, 3, r3w, true, false, 0x01),                                        \
	T("R3QPI 2", p##3E, 3, r3w, true, false, 0x01)
static const struct spb_type v3[] = { V3(0x2F, 44) };
static const struct spb_type v4[] = { V3(0x6F, 48) };

/* K-20..K-24: one row per device id (the iMC's three ids serve both
 * controllers, the M2M's, UPI's and M2PCIe's one every box); every counter
 * 48 bits, resets on every box; clockticks: iMC and M2M 0x00, UPI, M2PCIe
 * and M3UPI 0x01 (K-24). */
static const struct spb_type sp[] = {
	T("iMC ch 0", 0x2042, 4, 48, true, true, 0x00), T("iMC ch 1", 0x2046, 4, 48, true, true, 0x00),
	T("iMC ch 2", 0x204A, 4, 48, true, true, 0x00),
	TR("M2M", 0x2066, 4, 48, true, false, 0x00, &m2m_regs),
	TR("UPI", 0x2058, 4, 48, true, false, 0x01, &upi_regs),
	T("M2PCIe", 0x2088, 4, 48, true, false, 0x01),
	T("M3UPI 0", 0x204D, 3, 48, true, false, 0x01), T("M3UPI 1", 0x204E, 3, 48, true, false, 0x01),
};

/* iMC channel 0: 16.0 (S-48), 16.4 (E5 v2, §4 from PCM), 20.0 (E5 v3, §4
 * from PCM; E5 v4 as the v3, OQ-V7), 10.2 (Xeon Scalable, K-20). S-52:
 * DDR3-800..1600; V-36: DDR3-800..1866 (E5 v2), DDR4-1333..2400 (E5 v3,
 * v4); OQ-K12: DDR4-2133..2933. The Xeon Scalable's boxes are on the buses of
 * their stacks, which MSR 0x300 names (K-25, K-27). */
static const struct spb_gen gens[] = {
	{ .name = "E5-2600", .types = e5, .ntypes = ARRAY_SIZE(e5), .anchor_dev = 16, .anchor_fn = 0,
	  .anchor_did = 0x3CB0, .ubox_did = 0x3CE0, .nodeid_off = 0x40,
	  .idmap_off = 0x54, .match_did = 0x3C86, .invert = true, .status = false, .dclk_lo_mhz = 400,
	  .dclk_hi_mhz = 800, .model_dclk_mhz = 800 },
	{ .name = "E5 v2", .types = v2, .ntypes = ARRAY_SIZE(v2), .anchor_dev = 16, .anchor_fn = 4,
	  .anchor_did = 0x0EB4, .ubox_did = 0x0E1E, .nodeid_off = 0x40,
	  .idmap_off = 0x54, .match_did = 0x0E86, .invert = false, .status = true, .dclk_lo_mhz = 400,
	  .dclk_hi_mhz = 933, .model_dclk_mhz = 800 },
	{ .name = "E5 v3", .types = v3, .ntypes = ARRAY_SIZE(v3), .anchor_dev = 20, .anchor_fn = 0,
	  .anchor_did = 0x2FB0, .ubox_did = 0x2F1E, .nodeid_off = 0x40,
	  .idmap_off = 0x54, .match_did = 0x2F86, .invert = true, .status = true, .dclk_lo_mhz = 666,
	  .dclk_hi_mhz = 1200, .model_dclk_mhz = 800 },
	{ .name = "E5 v4", .types = v4, .ntypes = ARRAY_SIZE(v4), .anchor_dev = 20, .anchor_fn = 0,
	  .anchor_did = 0x6FB0, .ubox_did = 0x6F1E, .nodeid_off = 0x40,
	  .idmap_off = 0x54, .match_did = 0x6F86, .invert = true, .status = true, .dclk_lo_mhz = 666,
	  .dclk_hi_mhz = 1200, .model_dclk_mhz = 800 },
	{ .name = "Xeon Scalable", .types = sp, .ntypes = ARRAY_SIZE(sp), .anchor_dev = 10,
	  .anchor_fn = 2, .anchor_did = 0x2042, .ubox_did = 0x2014, .nodeid_off = 0xC0,
	  .idmap_off = 0xD4, .match_did = 0, .invert = true, .status = false,
	  .dclk_lo_mhz = 1066, .dclk_hi_mhz = 1466, .model_dclk_mhz = 1333, .stacks = true },
};

/* By CPUID's display model (S-01, V-01, K-01; suites/snbep/gen.c). */
const struct spb_gen *spb_gen(void)
{
	return snb_sp() ? &gens[4] : snb_v4() ? &gens[3] : snb_v3() ? &gens[2] :
	       snb_v2() ? &gens[1] : &gens[0];
}
