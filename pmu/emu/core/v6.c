/* What CPUID leaf 23H and architectural performance monitoring version 6
 * change in the emulated core PMU (spec core-pmu-and-apic.md C-64..C-72):
 * the counters come from the leaf's bitmaps, which may have holes; the
 * alias MSRs reach the legacy counters; the event selects gain UMASK2 and
 * EQ where sub-leaf 0 enumerates them. pmu/emu/core/model.c asks these
 * where a general counter or a select's new field meets a register;
 * without leaf 23H the answers are the earlier versions'. */
#include "pmu/emu/core/model.h"
#include "arch/msr.h"

#define F(u, id) ((u)->faults & EMU_FF(CORE, id))
#define SUB0 0x1u /* sub-leaf 0 EAX: sub-leaf 0 valid (C-64) */

/* C-72 [MODEL]. Meteor Lake's P-core and E-core (C-68, OQ-C26): Alder
 * Lake's at version 5 (C-59) with leaf 23H, sub-leaves 0 and 1, bitmaps
 * naming those very counters, neither UMASK2 nor EQ. The E-core's is
 * also every CPU of Sierra Forest, not hybrid (C-75, OQ-C32). */
const struct core_shape core_shape_mtl_p = {
	.version = 5, .ngp = 8, .gp_width = 48, .ebx_len = CORE_NEVENTS, .nfixed = 3,
	.fixed_width = 48, .pdcm = true, .perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x7,
	.any_deprecated = true, .core_type = 0x40, .leaf23 = SUB0 | LEAF23_SUB1,
	.gp_bitmap = 0xFF,
};
const struct core_shape core_shape_mtl_e = {
	.version = 5, .ngp = 6, .gp_width = 48, .ebx_len = CORE_NEVENTS, .nfixed = 1,
	.fixed_width = 48, .pdcm = true, .perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x5,
	.any_deprecated = true, .core_type = 0x20, .leaf23 = SUB0 | LEAF23_SUB1,
	.gp_bitmap = 0x3F,
};
/* Lunar Lake, Arrow Lake, Panther Lake (C-71, OQ-C30): the P-core at
 * version 6 with eight general and three fixed counters, UMASK2 and EQ;
 * the E-core with a hole in each bitmap (general 0xEF: no IA32_PMC4, so
 * CPUID.0AH counts the four below it, OQ-C31; fixed 0x5 as C-59's
 * E-core) and EQ without UMASK2, so that what the harness may touch
 * comes from the bitmaps alone (C-73). The E-core's is also every CPU
 * of Clearwater Forest, not hybrid (C-75, OQ-C32). */
const struct core_shape core_shape_v6_p = {
	.version = 6, .ngp = 8, .gp_width = 48, .ebx_len = CORE_NEVENTS, .nfixed = 3,
	.fixed_width = 48, .pdcm = true, .perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x7,
	.any_deprecated = true, .core_type = 0x40, .leaf23 = SUB0 | LEAF23_SUB1,
	.leaf23_ext = LEAF23_UMASK2 | LEAF23_EQ, .gp_bitmap = 0xFF,
};
const struct core_shape core_shape_v6_e = {
	.version = 6, .ngp = 4, .gp_width = 48, .ebx_len = CORE_NEVENTS, .nfixed = 1,
	.fixed_width = 48, .pdcm = true, .perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x5,
	.any_deprecated = true, .core_type = 0x20, .leaf23 = SUB0 | LEAF23_SUB1,
	.leaf23_ext = LEAF23_EQ, .gp_bitmap = 0xEF,
};

uint32_t core_shape_gp_set(const struct core_shape *s)
{
	return s->leaf23 ? s->gp_bitmap : (1u << s->ngp) - 1;
}

/* C-64..C-66: sub-leaf 0 the valid sub-leaves and the select's new
 * fields, sub-leaf 1 the counter bitmaps; any other sub-leaf, or one the
 * bitmap leaves out, zeros. With v6-subleaf-bit0 sub-leaf 0 flags
 * sub-leaf 1 in bit 0, while sub-leaf 1 still answers. */
void core_cpuid_23(const struct core_shape *s, emu_faults_t faults, uint32_t sub, uint32_t r[4])
{
	bool sub1 = (s->leaf23 & LEAF23_SUB1) != 0;

	memset(r, 0, 4 * sizeof(r[0]));
	if (!s->leaf23)
		return;
	if (sub == 0) {
		r[0] = s->leaf23;
		if (sub1 && (faults & EMU_FF(CORE, CORE_V6_SUBLEAF_BIT0)))
			r[0] = (s->leaf23 & ~LEAF23_SUB1) | SUB0;
		r[1] = s->leaf23_ext;
	} else if (sub == 1 && sub1) {
		r[0] = core_shape_gp_set(s);
		r[1] = core_shape_fixed_set(s);
	}
}

/* With v6-hole-counts, the reading C-66 rules out: every general counter
 * below the highest one the bitmap names exists, the hole included. */
uint32_t core_v6_gp_set(const struct core_pmu *u)
{
	uint32_t set = core_shape_gp_set(u->shape);

	if (F(u, CORE_V6_HOLE_COUNTS) && set)
		set = (2u << (31 - __builtin_clz(set))) - 1;
	return set;
}

/* With v6-above-hole-ungated, general counter i above the first hole of
 * the bitmap (IA32_PMC5..7 of the E-core's 0xEF) ignores its EN_PMC bit
 * of IA32_PERF_GLOBAL_CTRL (C-09 broken there alone, C-66): what a test
 * that only programs the counters below the hole never sees. */
bool core_v6_ungated(const struct core_pmu *u, unsigned i)
{
	uint32_t set = core_shape_gp_set(u->shape);
	unsigned hole = ~set ? (unsigned)__builtin_ctz(~set) : 32; /* the first counter absent */

	return F(u, CORE_V6_ABOVE_HOLE_UNGATED) && i < CORE_MAX_GP && i > hole && (set >> i & 1);
}

/* C-70: UMASK2 and EQ where sub-leaf 0 enumerates them (C-65), version 6
 * on; v6-ext-accepted takes both on any version-6 shape. */
uint64_t core_v6_ext_bits(const struct core_pmu *u)
{
	const struct core_shape *s = u->shape;
	unsigned ext = s->version >= 6 ? s->leaf23_ext : 0;

	if (s->version >= 6 && F(u, CORE_V6_EXT_ACCEPTED))
		ext = LEAF23_UMASK2 | LEAF23_EQ;
	return (ext & LEAF23_UMASK2 ? ES_UMASK2_BITS : 0) | (ext & LEAF23_EQ ? ES_EQ_BIT : 0);
}

/* C-70: UMASK2 is part of the unit mask, so an architectural event's
 * select has it 0 and one with a non-zero UMASK2 is another event, which
 * the model counts nothing of (pmu/emu/core/model.h). */
bool core_v6_umask2_kept(const struct core_pmu *u, uint64_t sel)
{
	return !(sel & ES_UMASK2_BITS) || F(u, CORE_V6_UMASK2_IGNORED);
}

bool core_v6_eq(const struct core_pmu *u, uint64_t sel)
{
	return (sel & ES_EQ_BIT) && !F(u, CORE_V6_EQ_IGNORED);
}

bool core_v6_aliases(const struct core_pmu *u)
{
	return u->shape->version >= 6;
}
