/* Each generation's PCI boxes as the suite's own constants (struct spb_gen,
 * suites/snbep/pci.h), from the digests, never from pmu/: the
 * E5-2600's (xeon-e5-2600-uncore.md §4, S-48, S-50..S-52, S-56) and the E5
 * v2's, v3's and v4's (xeon-e5-v2-v4-uncore.md §4, V-33..V-36). */
#include "suites/snbep/pci.h"
#include "suites/snbep/v3.h"

#define T(n, id, c, w, r, i, k)                                                             \
	{ .name = n, .did = id, .nctr = c, .width = w, .rst = r, .imc = i, .clk = k }

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

/* iMC channel 0: 16.0 (S-48), 16.4 (E5 v2, §4 from PCM), 20.0 (E5 v3, §4
 * from PCM; E5 v4 as the v3, OQ-V7). S-52: DDR3-800..1600; V-36:
 * DDR3-800..1866 (E5 v2), DDR4-1333..2400 (E5 v3, v4). */
static const struct spb_gen gens[] = {
	{ .name = "E5-2600", .types = e5, .ntypes = ARRAY_SIZE(e5), .anchor_dev = 16, .anchor_fn = 0,
	  .anchor_did = 0x3CB0, .ubox_did = 0x3CE0,
	  .match_did = 0x3C86, .invert = true, .status = false, .dclk_lo_mhz = 400,
	  .dclk_hi_mhz = 800 },
	{ .name = "E5 v2", .types = v2, .ntypes = ARRAY_SIZE(v2), .anchor_dev = 16, .anchor_fn = 4,
	  .anchor_did = 0x0EB4, .ubox_did = 0x0E1E,
	  .match_did = 0x0E86, .invert = false, .status = true, .dclk_lo_mhz = 400,
	  .dclk_hi_mhz = 933 },
	{ .name = "E5 v3", .types = v3, .ntypes = ARRAY_SIZE(v3), .anchor_dev = 20, .anchor_fn = 0,
	  .anchor_did = 0x2FB0, .ubox_did = 0x2F1E,
	  .match_did = 0x2F86, .invert = true, .status = true, .dclk_lo_mhz = 666,
	  .dclk_hi_mhz = 1200 },
	{ .name = "E5 v4", .types = v4, .ntypes = ARRAY_SIZE(v4), .anchor_dev = 20, .anchor_fn = 0,
	  .anchor_did = 0x6FB0, .ubox_did = 0x6F1E,
	  .match_did = 0x6F86, .invert = true, .status = true, .dclk_lo_mhz = 666,
	  .dclk_hi_mhz = 1200 },
};

/* By CPUID's display model (S-01, V-01; suites/snbep/gen.c). */
const struct spb_gen *spb_gen(void)
{
	return snb_v4() ? &gens[3] : snb_v3() ? &gens[2] : snb_v2() ? &gens[1] : &gens[0];
}
