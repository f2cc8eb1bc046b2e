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

/* K-03..K-08: the global layer at 0x700 with the freeze bits at 63 and 61
 * (the model reads them from the table); K-14, OQ-K9: the CHAs of a 10-
 * or a 28-CHA die, whatever the cores; K-13: tid_en's filter. */
const struct snbep_gen snbep_gen_skx = {
	.boxes = skx_boxes,
	.nboxes = ARRAY_SIZE(skx_boxes),
	.ubox = &skx_ubox,
	.cbox = &skx_cha,
	.pcu = &skx_pcu,
	.residency = &skx_residency,
	.max_cbox = 28,
	.dies = { 10, 28 },
	.tid_filter = true,
	.more = { &skx_iio, &skx_irp }, /* K-16 */
	.more_clk = 0x01,
	.global = true,
};
