/* What architectural performance monitoring version 5 changes in the
 * emulated core PMU (spec core-pmu-and-apic.md C-52..C-60): the fixed
 * counters come from a bitmap (CPUID.0AH:ECX) beside the count of EDX[4:0],
 * AnyThread may be deprecated (EDX[15]), and on a hybrid part each core
 * type has its own shape. pmu/emu/core/model.c asks these where a fixed counter
 * or an ANY bit meets a register; below version 5 the answers are the
 * earlier versions' (the first EDX[4:0] counters, ANY from version 3). */
#include "pmu/emu/core/model.h"
#include "arch/msr.h"

#define F(u, id) ((u)->faults & EMU_FF(CORE, id))
#define ALL_FIXED ((1u << CORE_MAX_FIXED) - 1)

/* C-59 [MODEL]: the shapes of the version-5 models. The model has three
 * fixed counters at most (IA32_FIXED_CTR3, TOPDOWN.SLOTS, is not modelled:
 * OQ-C24), so each presents those it has of the three. */
/* Ice Lake, Tiger Lake, Rocket Lake cores: version 5, not hybrid; the
 * version-4 counters (C-49) with Hyper-Threading off, the bitmap naming
 * the same three fixed counters EDX[4:0] counts, AnyThread deprecated. */
const struct core_shape core_shape_v5 = { .version = 5, .ngp = 8, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x7, .any_deprecated = true };
/* Alder/Raptor Lake P-core (core type 40H, C-56, C-58): 8 general
 * counters, the three fixed ones; also every CPU of Sapphire, Emerald and
 * Granite Rapids, not hybrid (C-75, OQ-C32). */
const struct core_shape core_shape_adl_p = { .version = 5, .ngp = 8, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x7, .any_deprecated = true,
	.core_type = 0x40 };
/* Alder/Raptor Lake E-core (core type 20H): 6 general counters (C-58);
 * its fixed counters given by a bitmap with a hole, EDX[4:0] = 1 and ECX =
 * 101b: IA32_FIXED_CTR0 and 2, not 1. No part is documented with this
 * bitmap (OQ-C24): the model's choice, so that C-52's rule, which a reader
 * of EDX[4:0] alone or of the highest ECX bit alone gets wrong, decides
 * what the harness may enable (C-61). Alder Lake-N's cores are these
 * E-cores alone (C-62): its registry row gives every CPU this shape with
 * no hybrid flag (OQ-C25). */
const struct core_shape core_shape_adl_e = { .version = 5, .ngp = 6, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 1, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE, .fixed_bitmap = 0x5, .any_deprecated = true,
	.core_type = 0x20 };

/* C-52: counter i is supported if ECX[i] or EDX[4:0] > i; C-53: before
 * version 5 the first EDX[4:0]. */
uint32_t core_shape_fixed_set(const struct core_shape *s)
{
	uint32_t counted = (1u << s->nfixed) - 1;

	if (s->version < 2)
		return 0;
	return (s->version >= 5 ? counted | s->fixed_bitmap : counted) & ALL_FIXED;
}

/* With v5-bitmap-ignored, the reading C-52 rules out: every counter below
 * the highest one the bitmap names exists, the hole included (OQ-C20). */
uint32_t core_v5_fixed_set(const struct core_pmu *u)
{
	uint32_t set = core_shape_fixed_set(u->shape);

	if (F(u, CORE_V5_BITMAP_IGNORED) && set)
		set = (2u << (31 - __builtin_clz(set))) - 1;
	return set;
}

/* C-20: ANY from version 3 on; C-54, OQ-C21: not where deprecated. */
bool core_v5_any_ok(const struct core_pmu *u)
{
	const struct core_shape *s = u->shape;

	return s->version >= 3 && (!s->any_deprecated || F(u, CORE_V5_ANY_ACCEPTED));
}
