/* The generations of the E5 family's model as data (struct snbep_gen,
 * pmu/emu/snbep/model.h): the register description each reads its
 * addresses, widths and defined bits from, and what its digest adds. */
#include "pmu/emu/snbep/model.h"
#include "pmu/regs/tables.h"

/* S-03, S-39: no uncore-wide layer; eight C-boxes (the E5-2600 digest's
 * §2.2, OQ-S15). */
const struct snbep_gen snbep_gen_e5 = {
	.boxes = snbep_boxes,
	.nboxes = ARRAY_SIZE(snbep_boxes),
	.ubox = &snbep_ubox,
	.cbox = &snbep_cbox,
	.pcu = &snbep_pcu,
	.residency = &snbep_residency,
	.max_cbox = 8,
	.global = false,
};

/* V-03..V-08, V-13: the global layer; V-21: fifteen C-boxes on the
 * largest die; V-12: no invert, which the description's counter
 * controls leave out, so the model drops the bit as any undefined one. */
const struct snbep_gen snbep_gen_ivbep = {
	.boxes = ivbep_boxes,
	.nboxes = ARRAY_SIZE(ivbep_boxes),
	.ubox = &ivbep_ubox,
	.cbox = &ivbep_cbox,
	.pcu = &ivbep_pcu,
	.residency = &ivbep_residency,
	.max_cbox = 15,
	.global = true,
};

/* V-05, V-20: HSX's map with the global layer at 0x700; V-32: a status in
 * every C-box and SBOX; V-31, OQ-V15: the 8-core die (chop 0, two SBOXes)
 * or the 18-core one (four). */
const struct snbep_gen snbep_gen_hswep = {
	.boxes = hswep_boxes,
	.nboxes = ARRAY_SIZE(hswep_boxes),
	.ubox = &hswep_ubox,
	.cbox = &hswep_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 18,
	.global = true,
	.sbox = &hswep_sbox,
	.cbox_status = true,
	.capid_did = 0x2FC0,
	.small_cbox = 8,
	.small_sbox = 2,
	.large_sbox = 4,
};

/* V-16: BDX's 48-bit counters; V-21: 24 C-boxes; V-31, OQ-V15: the
 * 10-core die (chop 0) has no SBOX, the 24-core one four. */
const struct snbep_gen snbep_gen_bdx = {
	.boxes = bdx_boxes,
	.nboxes = ARRAY_SIZE(bdx_boxes),
	.ubox = &bdx_ubox,
	.cbox = &bdx_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 24,
	.global = true,
	.sbox = &bdx_sbox,
	.cbox_status = true,
	.capid_did = 0x6FC0,
	.small_cbox = 10,
	.small_sbox = 0,
	.large_sbox = 4,
};

/* V-31: Broadwell-DE (model 0x56), BDX's map without an SBOX on any die. */
const struct snbep_gen snbep_gen_bdx_de = {
	.boxes = bdx_boxes,
	.nboxes = ARRAY_SIZE(bdx_boxes),
	.ubox = &bdx_ubox,
	.cbox = &bdx_cbox,
	.pcu = &hswep_pcu,
	.residency = &hswep_residency,
	.max_cbox = 24,
	.global = true,
	.sbox = &bdx_sbox,
	.cbox_status = true,
	.capid_did = 0x6FC0,
	.small_cbox = 10,
	.small_sbox = 0,
	.large_sbox = 0,
};
