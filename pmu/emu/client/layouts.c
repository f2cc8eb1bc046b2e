/* The client uncore's register layouts as data for its one model
 * (struct client_layout, pmu/emu/client/model.h; L-63, L-80): what each changes,
 * beside the addresses its register description holds
 * (pmu/regs/client.c). */
#include "pmu/emu/client/model.h"
#include "pmu/regs/tables.h"

/* L-04, L-07, L-33 (48 bits), OQ-L7 (4 select bits), OQ-L5 (span 0..9) */
const struct client_layout client_layout_a = {
	.name = 'A',
	.boxes = snb_boxes,
	.arb = &client_arb,
	.cbox = &client_cbox_a,
	.fixed_ctl = 0x394,
	.fixed_bits = 48,
	.sel_bits = 4,
	.cmask_bits = 5,
	.arb_first = 0,
	.cbox_span = 10,
	.gctl_inert = false,
};
/* L-05, L-09, OQ-L16 (44 bits), OQ-L7 (5 select bits), OQ-L4; no 83H
 * (L-83) */
const struct client_layout client_layout_b = {
	.name = 'B',
	.boxes = skl_boxes,
	.arb = &client_arb_b,
	.cbox = &client_cbox_b,
	.fixed_ctl = 0x394,
	.fixed_bits = 44,
	.sel_bits = 5,
	.cmask_bits = 5,
	.arb_first = 0,
	.cbox_span = 10,
	.gctl_inert = false,
};
/* L-65, L-66, L-70, L-71: Ice Lake client, ARB counter 1 alone, EN and
 * FREEZE of no effect (ICL068, OQ-L30); OQ-L26 */
const struct client_layout client_layout_icl = {
	.name = 'C',
	.boxes = icl_boxes,
	.arb = &client_arb_icl,
	.cbox = &client_cbox_c,
	.fixed_ctl = 0x394,
	.fixed_bits = 48,
	.sel_bits = 5,
	.cmask_bits = 5,
	.arb_first = 1,
	.cbox_span = 4,
	.gctl_inert = true,
};
/* L-65, L-66, L-69: Tiger Lake, Rocket Lake (0xA7: its own ARB rules,
 * OQ-L34) */
const struct client_layout client_layout_c = {
	.name = 'C',
	.boxes = tgl_boxes,
	.arb = &client_arb_b,
	.arb_alt = &client_arb_rkl,
	.arb_alt_model = 0xA7,
	.cbox = &client_cbox_c,
	.fixed_ctl = 0x394,
	.fixed_bits = 48,
	.sel_bits = 5,
	.cmask_bits = 5,
	.arb_first = 0,
	.cbox_span = 4,
	.gctl_inert = false,
};
/* L-73..L-76: Alder Lake, Raptor Lake */
const struct client_layout client_layout_d = {
	.name = 'D',
	.boxes = adl_boxes,
	.arb = &client_arb_d,
	.cbox = &client_cbox_d,
	.fixed_ctl = 0x2FDE,
	.fixed_bits = 48,
	.sel_bits = 5,
	.cmask_bits = 6,
	.arb_first = 0,
	.cbox_span = 4,
	.gctl_inert = false,
};
