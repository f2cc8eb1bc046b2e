/* Which generation of the E5 family the suite runs on, by CPUID's display
 * model (S-01, V-01), and its MSR map as the suite's own constants
 * (suites/snbep/snbep.h struct snb_map): the E5-2600's and E5 v2's from
 * the two digests' §2.1, the E5 v3's and v4's from
 * xeon-e5-v2-v4-uncore.md §2.2 and §3.3. */
#include "suites/snbep/v3.h"
#include "pmu/backend/backend.h"

/* CPUID.01H:EAX: family 6 with the extended model folded in; 0 for
 * another family. */
static unsigned display_model(void)
{
	uint32_t r[4];

	pmu_cpuid(1, 0, r);
	if ((r[0] >> 8 & 0xF) != 6)
		return 0;
	return (r[0] >> 12 & 0xF0) | (r[0] >> 4 & 0xF);
}

bool snb_v2(void)
{
	return display_model() == V2_MODEL;
}

/* K-01: the Xeon Scalable, whose PCI boxes the PCI tests know too
 * (suites/snbep/pci_gens.c). */
bool snb_sp(void)
{
	return display_model() == 0x55;
}

/* K-60: Ice Lake-SP and -D, which run the skx suite but whose PCI boxes
 * (M2M, UPI, M3UPI) and MMIO memory controller no table here holds (K-70,
 * OQ-K33). */
bool snb_icx(void)
{
	unsigned m = display_model();

	return m == 0x6A || m == 0x6C;
}

bool snb_v3(void)
{
	unsigned m = display_model();

	return m == V3_MODEL_HSX || m == V3_MODEL_BDX || m == V3_MODEL_BDX_DE;
}

bool snb_v4(void)
{
	unsigned m = display_model();

	return m == V3_MODEL_BDX || m == V3_MODEL_BDX_DE;
}

/* S-03: no global layer; the E5 v2 adds it at 0xC00 (V-03, V-04, V-13,
 * V-18: FILTER1 at +0x1A, tid 4:0 and state 22:17, nid, opc, nc, isoc;
 * V-21: fifteen C-boxes). */
static const struct snb_map e5 = {
	.u_fixed_ctl = 0xC08, .u_fixed_ctr = 0xC09, .u_ctl = 0xC10, .u_ctr = 0xC16,
	.c_box = 0xD04, .c_stride = 0x20, .c_ctl = 0xD10, .c_filter = 0xD14, .c_ctr = 0xD16,
	.p_box = 0xC24, .p_ctl = 0xC30, .p_filter = 0xC34, .p_ctr = 0xC36,
	.w_ubox = 44, .w_cbox = 44,
	.g_ctl = 0, .g_status = 0, .g_config = 0, .u_status = 0, .p_status = 0,
	.c_filter1 = 0, .c_status = 0, .max_cbox = 8, .f0_defined = 0, .f1_defined = 0,
};
static const struct snb_map v2 = {
	.u_fixed_ctl = 0xC08, .u_fixed_ctr = 0xC09, .u_ctl = 0xC10, .u_ctr = 0xC16,
	.c_box = 0xD04, .c_stride = 0x20, .c_ctl = 0xD10, .c_filter = 0xD14, .c_ctr = 0xD16,
	.p_box = 0xC24, .p_ctl = 0xC30, .p_filter = 0xC34, .p_ctr = 0xC36,
	.w_ubox = 44, .w_cbox = 44,
	.g_ctl = 0xC00, .g_status = 0xC01, .g_config = 0xC06, .u_status = 0xC15, .p_status = 0xC35,
	.c_filter1 = 0xD1A, .c_status = 0, .max_cbox = 15,
	.f0_defined = 0x1Full | 0x3Full << 17,
	.f1_defined = 0xFFFFull | 0x1FFull << 20 | 0x3ull << 30,
};
/* V-05, V-13, V-20: the U-box at 0x700, the PCU at 0x710, the C-boxes from
 * 0xE00 at stride 0x10 with FILTER0, FILTER1 and status at +5, +6, +7;
 * V-16: C-box 48 bits, U-box 44 (48 on the v4); V-18 §3.3: tid 5:0, link
 * 9:6, state 23:17; nid, opc, c6, nc, isoc; V-21: 18 C-boxes (24). */
#define V3_MAP(wu, ncbox)                                                                  \
	{ .u_fixed_ctl = 0x703, .u_fixed_ctr = 0x704, .u_ctl = 0x705, .u_ctr = 0x709,      \
	  .c_box = 0xE00, .c_stride = 0x10, .c_ctl = 0xE01, .c_filter = 0xE05, .c_ctr = 0xE08, \
	  .p_box = 0x710, .p_ctl = 0x711, .p_filter = 0x715, .p_ctr = 0x717,               \
	  .w_ubox = wu, .w_cbox = 48,                                                      \
	  .g_ctl = 0x700, .g_status = 0x701, .g_config = 0x702, .u_status = 0x708,         \
	  .p_status = 0x716, .c_filter1 = 0xE06, .c_status = 0xE07, .max_cbox = ncbox,     \
	  .f0_defined = 0x3Full | 0xFull << 6 | 0x7Full << 17,                             \
	  .f1_defined = 0xFFFFull | 0x1FFull << 20 | 0x7ull << 29 }
static const struct snb_map v3 = V3_MAP(44, 18), v4 = V3_MAP(48, 24);

/* Looked up once: every register access of the suite goes through it, and
 * CPUID serialises. */
const struct snb_map *snb_map(void)
{
	static const struct snb_map *map;

	if (!map)
		map = snb_v4() ? &v4 : snb_v3() ? &v3 : snb_v2() ? &v2 : &e5;
	return map;
}
