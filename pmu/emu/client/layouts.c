/* The client uncore's register layouts as data for its one model
 * (struct client_layout, pmu/emu/client/model.h; L-63, L-80): what each changes,
 * beside the addresses its register description holds
 * (pmu/regs/client.c). */
#include "pmu/emu/client/model.h"
#include "pmu/regs/tables.h"

/* name, boxes, ARB, C-box, FIXED_CTRL, fixed width, PMI-select bits,
 * C-box threshold bits, first ARB counter, C-box span, GLOBAL_CTRL inert */
/* L-04, L-07, L-33 (48), OQ-L7 (4 select bits), OQ-L5 (span 0..9) */
const struct client_layout client_layout_a = { 'A', snb_boxes, &client_arb, &client_cbox_a,
					       0x394, 48, 4, 5, 0, 10, false };
/* L-05, L-09, OQ-L16 (44), OQ-L7 (5 select bits), OQ-L4 */
const struct client_layout client_layout_b = { 'B', skl_boxes, &client_arb, &client_cbox_b,
					       0x394, 44, 5, 5, 0, 10, false };
/* L-65, L-66, L-70, L-71: Ice Lake client, ARB counter 1 alone, EN and
 * FREEZE of no effect (ICL068, OQ-L30); OQ-L26 */
const struct client_layout client_layout_icl = { 'C', icl_boxes, &client_arb_icl, &client_cbox_c,
						 0x394, 48, 5, 5, 1, 4, true };
/* L-65, L-66, L-69: Tiger Lake, Rocket Lake */
const struct client_layout client_layout_c = { 'C', tgl_boxes, &client_arb, &client_cbox_c,
					       0x394, 48, 5, 5, 0, 4, false };
/* L-73..L-76: Alder Lake, Raptor Lake */
const struct client_layout client_layout_d = { 'D', adl_boxes, &client_arb_d, &client_cbox_d,
					       0x2FDE, 48, 5, 6, 0, 4, false };
