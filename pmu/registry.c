/* The registry: every uncore generation the harness knows, one row each,
 * in `make regs` order, and the emulated core PMU's shapes
 * (pmu/registry.h). A row holds the hardware's facts; a generation's own
 * files hold the rest: its register tables (pmu/regs/<gen>.c), its model
 * (pmu/emu/<family>/, bound to the row's name in pmu/emu/models.c), its
 * defect list (pmu/emu/<family>/defects.h) and its suite
 * (suites/<suite>/). */
#include "pmu/registry.h"
#include "pmu/emu/core/model.h"
#include "pmu/regs/tables.h"

/* A row's CPU models: the list and its length. */
#define MODELS(...)                                                                   \
	.models = (const uint8_t[]){ __VA_ARGS__ },                                   \
	.nmodels = sizeof((const uint8_t[]){ __VA_ARGS__ })

const struct uncore_gen uncore_gens[] = {
	{
		.name = "nhm",
		.desc = "Nehalem/Westmere client and EP uncore (Core i7, Xeon 3400/5500/5600)",
		/* N-01, OQ-N1: 0x1F and Westmere 0x25/0x2C included; 0x2E/0x2F never. */
		MODELS(0x1A, 0x1E, 0x1F, 0x25, 0x2C),
		.boxes = nhm_boxes,
		.nboxes = ARRAY_SIZE(nhm_boxes),
		.suite = "nhm",
	},
	{
		.name = "snbep",
		.desc = "Xeon E5-2600 (Sandy Bridge-EP) uncore: U-box, C-boxes, PCU and the PCI boxes",
		/* S-01: Sandy Bridge-EP only; IVB-EP (0x3E) is another register
		 * set, and client Sandy Bridge (0x2A) is the client uncore's
		 * (snb, below). */
		MODELS(0x2D),
		.boxes = snbep_boxes,
		.nboxes = ARRAY_SIZE(snbep_boxes),
		.per_core_box = &snbep_cbox, /* OQ-S15 */
		.suite = "snbep",
	},
	{
		.name = "nhmex",
		.desc = "Xeon 7500 (Nehalem-EX) and Westmere-EX uncore: U, C, B, S, M, R, W boxes",
		/* these two models only (§9: 0x2F differs in its C-box
		 * count and the M-box ZDP fields only). */
		MODELS(0x2E, 0x2F),
		.boxes = nhmex_boxes,
		.nboxes = ARRAY_SIZE(nhmex_boxes),
		.suite = "nhmex",
	},
	{
		.name = "snb",
		.desc = "Client uncore, layout A (Sandy Bridge to Broadwell): C-boxes, ARB, fixed U-clock",
		/* L-01; OQ-L1: Broadwell is layout A. */
		MODELS(0x2A, 0x3A, 0x3C, 0x45, 0x46, 0x3D, 0x47),
		.boxes = snb_boxes,
		.nboxes = ARRAY_SIZE(snb_boxes),
		.per_core_box = &client_cbox_a, /* L-16 */
		.suite = "client",
	},
	{
		.name = "skl",
		.desc = "Client uncore, layout B (Skylake to Comet Lake): C-boxes, ARB, fixed U-clock",
		/* L-01; OQ-L1: Comet Lake is layout B, Cannon Lake (0x66) none. */
		MODELS(0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6),
		.boxes = skl_boxes,
		.nboxes = ARRAY_SIZE(skl_boxes),
		.per_core_box = &client_cbox_b, /* L-17 */
		.suite = "client",
	},
	{
		.name = "icl",
		.desc = "Client uncore, layout C with the ARB erratum (Ice Lake client): one ARB counter",
		/* L-64, L-70: the two Ice Lake client models (ICL068). */
		MODELS(0x7D, 0x7E),
		.boxes = icl_boxes,
		.nboxes = ARRAY_SIZE(icl_boxes),
		.per_core_box = &client_cbox_c, /* L-68, OQ-L29 */
		.suite = "client",
	},
	{
		.name = "tgl",
		.desc = "Client uncore, layout C (Tiger Lake, Rocket Lake): C-boxes at stride 8, ARB, fixed",
		/* L-64, L-69: layout C without Ice Lake's erratum. */
		MODELS(0x8C, 0x8D, 0xA7),
		.boxes = tgl_boxes,
		.nboxes = ARRAY_SIZE(tgl_boxes),
		.per_core_box = &client_cbox_c,
		.suite = "client",
	},
	{
		.name = "adl",
		.desc = "Client uncore, layout D (Alder Lake, Raptor Lake): 0x2000..0x2FFF, two ARB boxes; iMC in MMIO",
		/* L-64; OQ-L31: Alder Lake-N (0xBE) included. */
		MODELS(0x97, 0x9A, 0xBE, 0xB7, 0xBA, 0xBF),
		.boxes = adl_boxes,
		.nboxes = ARRAY_SIZE(adl_boxes),
		.per_core_box = &client_cbox_d, /* L-68, OQ-L29 */
		.suite = "client",
		.suite_also = "imc",
		.mmio = imc_mmio, /* L-110 */
		.nmmio = ARRAY_SIZE(imc_mmio),
	},
	{
		.name = "mtl",
		.desc = "Client uncore, layout E (Meteor Lake): two tiles, per-tile NCU enables",
		/* L-100 */
		MODELS(0xAA, 0xAC),
		.boxes = mtl_boxes,
		.nboxes = ARRAY_SIZE(mtl_boxes),
		.per_core_box = &mtl_cbox, /* L-106, OQ-L29 */
		.suite = "mtl",
		.suite_also = "imc",
		.mmio = imc_mmio, /* L-110 */
		.nmmio = ARRAY_SIZE(imc_mmio),
	},
	{
		.name = "arl",
		.desc = "Client uncore, layout E (Arrow Lake S, H, U): Meteor Lake's MSR units",
		/* L-100 */
		MODELS(0xC6, 0xC5, 0xB5),
		.boxes = mtl_boxes,
		.nboxes = ARRAY_SIZE(mtl_boxes),
		.per_core_box = &mtl_cbox,
		.suite = "mtl",
		.suite_also = "imc",
		.mmio = imc_mmio, /* L-110 */
		.nmmio = ARRAY_SIZE(imc_mmio),
	},
	{
		.name = "lnl",
		.desc = "Client uncore, layout F (Lunar Lake): C-boxes, ARB in MSRs; iMC in MMIO",
		/* L-118: four C-boxes whatever the cores */
		MODELS(0xBD),
		.boxes = lnl_boxes,
		.nboxes = ARRAY_SIZE(lnl_boxes),
		.suite = "mtl",
		.suite_also = "imc",
		.mmio = lnl_mmio, /* L-110, L-119 */
		.nmmio = ARRAY_SIZE(lnl_mmio),
	},
	{
		.name = "ivbep",
		.desc = "Xeon E5 v2 / E7 v2 (Ivy Bridge-EP/EX) uncore: global control at 0xC00, U, C, PCU, PCI",
		/* V-01: model 0x3E, EP and EX; the E5-2600's suite, which
		 * tells the generations apart by CPUID (suites/snbep/v2.c). */
		MODELS(0x3E),
		.boxes = ivbep_boxes,
		.nboxes = ARRAY_SIZE(ivbep_boxes),
		.per_core_box = &ivbep_cbox, /* V-21, OQ-V6 */
		.suite = "snbep",
	},
	{
		.name = "hswep",
		.desc = "Xeon E5 v3 (Haswell-EP) uncore: global control at 0x700, U, C, SBOX, PCU, PCI",
		/* V-01: model 0x3F; the E5-2600's suite, which tells the
		 * generations apart by CPUID (suites/snbep/gen.c, v3.c). */
		MODELS(0x3F),
		.boxes = hswep_boxes,
		.nboxes = ARRAY_SIZE(hswep_boxes),
		.per_core_box = &hswep_cbox, /* V-21, OQ-V6 */
		.suite = "snbep",
	},
	{
		.name = "bdx",
		.desc = "Xeon E5 v4 / Xeon D (Broadwell-EP/DE) uncore: HSX's map, wider counters, 24 C-boxes",
		/* V-01: models 0x4F and 0x56; the snbep suite as hswep's. */
		MODELS(0x4F, 0x56),
		.boxes = bdx_boxes,
		.nboxes = ARRAY_SIZE(bdx_boxes),
		.per_core_box = &bdx_cbox, /* V-21, OQ-V6 */
		.suite = "snbep",
	},
	{
		.name = "skx",
		.desc = "Xeon Scalable (Skylake-SP) uncore: global control at 0x700, U, CHA, IIO, IRP, PCU",
		/* K-01: model 0x55, steppings 0..4; the CHAs CAPID6 names (K-14). */
		MODELS(0x55),
		.boxes = skx_boxes,
		.nboxes = ARRAY_SIZE(skx_boxes),
		.suite = "skx",
	},
	{
		.name = "clx",
		.desc = "Xeon Scalable 2nd gen. (Cascade Lake) uncore: Skylake-SP's map (OQ-K5)",
		/* K-01: model 0x55, steppings 5..7 (from 10: cpx, K-40). */
		MODELS(0x55),
		.min_stepping = 5,
		.boxes = skx_boxes,
		.nboxes = ARRAY_SIZE(skx_boxes),
		.suite = "skx",
	},
	{
		.name = "cpx",
		.desc = "Xeon Scalable 3rd gen. (Cooper Lake) uncore: Skylake-SP's map (K-40)",
		/* K-40: model 0x55 from stepping 10 (A0; 11 is A1). */
		MODELS(0x55),
		.min_stepping = 10,
		.boxes = skx_boxes,
		.nboxes = ARRAY_SIZE(skx_boxes),
		.suite = "skx",
	},
	{
		.name = "icx",
		.desc = "Xeon Scalable 3rd gen. (Ice Lake-SP, -D) uncore: CHAs from an offset table, two global status",
		/* K-60: models 0x6A and 0x6C; the CHAs CAPID6 and CAPID7 name
		 * (K-64); the skx suite with its ICX map (suites/skx/map.c). */
		MODELS(0x6A, 0x6C),
		.boxes = icx_boxes,
		.nboxes = ARRAY_SIZE(icx_boxes),
		.suite = "skx",
	},
	/* The discovery generations: no register table of their own, the
	 * machine's discovery table says where every unit is (D-01..D-20);
	 * one suite for all of them. */
	{
		.name = "spr",
		.desc = "Sapphire Rapids uncore, from the discovery table (CHA count, UPI corrected)",
		MODELS(0x8F), /* D-40 */
		.suite = "disc",
	},
	{
		.name = "emr",
		.desc = "Emerald Rapids uncore, from the discovery table",
		MODELS(0xCF), /* D-40 */
		.suite = "disc",
	},
	{
		.name = "gnr",
		.desc = "Granite Rapids uncore, from the discovery table",
		MODELS(0xAD, 0xAE), /* D-43 */
		.suite = "disc",
	},
	{
		.name = "srf",
		.desc = "Sierra Forest uncore, from the discovery table",
		MODELS(0xAF), /* D-43 */
		.suite = "disc",
	},
	{
		.name = "cwf",
		.desc = "Clearwater Forest uncore, from the discovery table",
		MODELS(0xDD), /* D-43 */
		.suite = "disc",
	},
	/* L-132..L-137: Panther Lake's MMIO units, from the table MSR 0x201E
	 * names; L-141..L-143: its legacy MSR units, the mtl.* suite's second
	 * run; L-138: its MCHBAR free-running counters, imc.*'s (OQ-L48). */
	{
		.name = "ptl",
		.desc = "Panther Lake uncore: sNCU, HBO, iMC from the discovery table (MSR 0x201E); C-boxes, SANTA, cNCU in MSRs",
		MODELS(0xCC),
		.boxes = ptl_boxes,
		.nboxes = ARRAY_SIZE(ptl_boxes),
		.suite = "disc",
		.suite_also = "mtl imc",
	},
	/* D-60: a family-6 part in no row above whose discovery table
	 * answers (pmu/setup.c probes for it on hardware; uncore=disc on
	 * the emulated backend): no model of its own. */
	{
		.name = "disc",
		.desc = "a part no registry row names, from its discovery table (D-60)",
		.suite = "disc",
	},
};
const unsigned uncore_gens_count = ARRAY_SIZE(uncore_gens);

/* The core PMU's shapes are a table of their own: a shape goes with the
 * core, not the uncore (the Xeon 7500 has Nehalem's core PMU, C-12). */
const struct core_row core_rows[] = {
	{
		.name = "nhm",
		.shape = &core_shape_nhm,
		/* C-12: Nehalem and Westmere cores, client, EP and EX */
		MODELS(0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F),
	},
	{
		.name = "v4",
		.shape = &core_shape_v4,
		/* C-49: Skylake client and the cores that share its PMU
		 * (client-uncore.md §1.1, L-62). */
		MODELS(0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6),
	},
	{
		.name = "v5",
		.shape = &core_shape_v5,
		/* C-59: Ice Lake (0x7D, 0x7E), Tiger Lake (0x8C, 0x8D), Rocket
		 * Lake (0xA7) cores: version 5, not hybrid. */
		MODELS(0x7D, 0x7E, 0x8C, 0x8D, 0xA7),
	},
	{
		.name = "hybrid",
		.shape = &core_shape_adl_p,
		.ecore = &core_shape_adl_e,
		/* C-58, C-59: Alder Lake (0x97, 0x9A), Raptor Lake (0xB7, 0xBA,
		 * 0xBF): hybrid. */
		MODELS(0x97, 0x9A, 0xB7, 0xBA, 0xBF),
	},
	{
		.name = "adln",
		.shape = &core_shape_adl_e,
		/* C-62, OQ-C25: Alder Lake-N (0xBE), E-cores only: not hybrid
		 * (no .ecore: no hybrid flag, no leaf 1AH), the E-core's shape on
		 * every CPU. */
		MODELS(0xBE),
	},
	{
		.name = "mtl",
		.shape = &core_shape_mtl_p,
		.ecore = &core_shape_mtl_e,
		/* C-68, C-71, C-72, OQ-C26: Meteor Lake (0xAA, 0xAC) and Arrow
		 * Lake-U (0xB5): hybrid, version 5 with leaf 23H. */
		MODELS(0xAA, 0xAC, 0xB5),
	},
	{
		.name = "v6",
		.shape = &core_shape_v6_p,
		.ecore = &core_shape_v6_e,
		/* C-71, C-72, OQ-C29, OQ-C30: Lunar Lake (0xBD), Arrow Lake
		 * (0xC6, 0xC5), Panther Lake (0xCC): hybrid, version 6. */
		MODELS(0xBD, 0xC6, 0xC5, 0xCC),
	},
	{
		.name = "xeon",
		.shape = &core_shape_adl_p,
		/* C-74, C-75, OQ-C32: Sapphire Rapids (0x8F), Emerald Rapids
		 * (0xCF), Granite Rapids (0xAD, 0xAE): P-cores only, version 5,
		 * not hybrid; Alder Lake's P-core shape on every CPU. */
		MODELS(0x8F, 0xCF, 0xAD, 0xAE),
	},
	{
		.name = "srf",
		.shape = &core_shape_mtl_e,
		/* C-74, C-75, OQ-C32: Sierra Forest (0xAF), Crestmont E-cores
		 * only: not hybrid, Meteor Lake's E-core shape on every CPU. */
		MODELS(0xAF),
	},
	{
		.name = "cwf",
		.shape = &core_shape_v6_e,
		/* C-74, C-75, OQ-C32: Clearwater Forest (0xDD), Darkmont
		 * E-cores only, set up as Lunar Lake's E-core: not hybrid, the
		 * version-6 E-core shape on every CPU. */
		MODELS(0xDD),
	},
	{
		/* Every model no other row lists. */
		.name = "v3",
		.shape = &core_shape_v3,
	},
};
const unsigned core_rows_count = ARRAY_SIZE(core_rows);

const struct core_row *core_row_for_model(uint32_t family, uint32_t model)
{
	unsigned i, j;

	for (i = 0; i + 1 < core_rows_count; i++)
		for (j = 0; family == 6 && j < core_rows[i].nmodels; j++)
			if (core_rows[i].models[j] == model)
				return &core_rows[i];
	return &core_rows[core_rows_count - 1];
}
