/* The model binding (pmu/emu/models.h): which model and which defect family
 * emulate each generation of the registry. A generation without a line here
 * has no model yet. */
#include "pmu/emu/models.h"
#include "pmu/emu/client/model.h"
#include "pmu/emu/mtl/model.h"
#include "pmu/emu/disc/model.h"
#include "pmu/emu/nhm/model.h"
#include "pmu/emu/nhmex/model.h"
#include "pmu/emu/snbep/model.h"

const struct emu_binding emu_bindings[] = {
	{ .gen = "nhm", .model = &nhm_model, .defects = EMU_FAM_UNCORE },
	{ .gen = "snbep", .model = &snbep_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "nhmex", .model = &nhmex_model, .defects = EMU_FAM_NHMEX },
	/* The client uncore: one model, the layout as data, one set of
	 * operations per layout (pmu/emu/client/layouts.c). */
	{ .gen = "snb", .model = &client_a_model, .defects = EMU_FAM_CLIENT },
	{ .gen = "skl", .model = &client_b_model, .defects = EMU_FAM_CLIENT },
	{ .gen = "icl", .model = &client_icl_model, .defects = EMU_FAM_CLIENT },
	{ .gen = "tgl", .model = &client_c_model, .defects = EMU_FAM_CLIENT },
	{ .gen = "adl", .model = &client_d_model, .defects = EMU_FAM_CLIENT },
	/* Client layout E (Meteor Lake, Arrow Lake): one model for both. */
	{ .gen = "mtl", .model = &mtl_model, .defects = EMU_FAM_MTL },
	{ .gen = "arl", .model = &mtl_model, .defects = EMU_FAM_MTL },
	/* Layout F (Lunar Lake): the same model, the compute tile's MSRs alone. */
	{ .gen = "lnl", .model = &lnl_model, .defects = EMU_FAM_MTL },
	/* The E5 family's model on IVB-EP's description (pmu/emu/snbep/gens.c). */
	{ .gen = "ivbep", .model = &ivbep_model, .defects = EMU_FAM_SNBEP },
	/* ... and on HSX's and BDX's, with their SBOXes and dies
	 * (pmu/emu/snbep/hswep.c). */
	{ .gen = "hswep", .model = &hswep_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "bdx", .model = &bdx_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "skx", .model = &skx_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "clx", .model = &skx_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "cpx", .model = &skx_model, .defects = EMU_FAM_SNBEP },
	{ .gen = "icx", .model = &icx_model, .defects = EMU_FAM_SNBEP },
	/* The discovery parts: one model, the part chosen by the CPU model
	 * (pmu/emu/disc/ops.c). */
	{ .gen = "spr", .model = &disc_model, .defects = EMU_FAM_DISC },
	{ .gen = "emr", .model = &disc_model, .defects = EMU_FAM_DISC },
	{ .gen = "gnr", .model = &disc_model, .defects = EMU_FAM_DISC },
	{ .gen = "srf", .model = &disc_model, .defects = EMU_FAM_DISC },
	{ .gen = "cwf", .model = &disc_model, .defects = EMU_FAM_DISC },
	/* Panther Lake: the MSR units on the layout-E model, its table the
	 * discovery model's, each family its own (pmu/emu/mtl/ptl.c). */
	{ .gen = "ptl", .model = &ptl_model, .defects = EMU_FAM_MTL },
	{ .gen = "disc", .model = &disc_model, .defects = EMU_FAM_DISC },
};
const unsigned emu_bindings_count = ARRAY_SIZE(emu_bindings);

const struct emu_binding *emu_binding_for(const char *gen)
{
	unsigned i;

	for (i = 0; gen && i < emu_bindings_count; i++)
		if (!strcmp(emu_bindings[i].gen, gen))
			return &emu_bindings[i];
	return NULL;
}
