/* The field tables of pmu/regs/xeon_fields.h: what the Xeon E5 v2, v3 and
 * v4 uncores share (spec xeon-e5-v2-v4-uncore.md). A generation's own
 * difference is which table its register names, never a field edited in
 * place: IVB-EP's counter controls are the tables without invert (V-12). */
#include "pmu/regs/xeon_fields.h"

/* V-09: write-only like the E5-2600's; the resets act on a 1. */
const struct field xeon_box_ctl[] = {
	{ .name = "rst_ctrl", .lo = 0, .hi = 0, .access = FA_W1A, .spec = "V-09" },
	{ .name = "rst_ctrs", .lo = 1, .hi = 1, .access = FA_W1A, .spec = "V-09" },
	{ .name = "frz", .lo = 8, .hi = 8, .access = FA_WO, .spec = "V-09" },
	{ .name = "frz_en", .lo = 16, .hi = 16, .access = FA_WO, .spec = "V-06 V-09" },
	{ .name = NULL },
};

/* V-13, V-14: one overflow bit per counter, written 1 to clear. */
const struct field xeon_box_status2[] = {
	{ .name = "ov", .lo = 0, .hi = 1, .access = FA_W1C, .spec = "V-13 OQ-V1" },
	{ .name = NULL },
};

const struct field xeon_box_status4[] = {
	{ .name = "ov", .lo = 0, .hi = 3, .access = FA_W1C, .spec = "V-13" },
	{ .name = NULL },
};

const struct field xeon_box_status7[] = {
	{ .name = "ov", .lo = 0, .hi = 6, .access = FA_W1C, .spec = "V-14" },
	{ .name = NULL },
};

/* V-11 (and V-12 for the tables without invert). */
#define CTL_COMMON(thresh_hi)                                                              \
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "V-11" },           \
	{ .name = "umask", .lo = 8, .hi = 15, .access = FA_RW, .spec = "V-11" },           \
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "V-11" },           \
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "V-11" },       \
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "V-08 V-11" },     \
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "V-11" },             \
	{ .name = "thresh", .lo = 24, .hi = thresh_hi, .access = FA_RW, .spec = "V-11" }
#define TID_EN { .name = "tid_en", .lo = 19, .hi = 19, .access = FA_RW, .spec = "V-11" }
#define INVERT { .name = "invert", .lo = 23, .hi = 23, .access = FA_RW, .spec = "V-11 V-12" }
#define EV_SEL_EXT { .name = "ev_sel_ext", .lo = 21, .hi = 21, .access = FA_RW, .spec = "V-11" }

const struct field xeon_ctl_tid_inv[] = { CTL_COMMON(31), TID_EN, INVERT, { .name = NULL } };
const struct field xeon_ctl_tid[] = { CTL_COMMON(31), TID_EN, { .name = NULL } };
const struct field xeon_ctl_inv[] = { CTL_COMMON(31), INVERT, { .name = NULL } };
const struct field xeon_ctl[] = { CTL_COMMON(31), { .name = NULL } };
const struct field xeon_uctl_inv[] = { CTL_COMMON(28), INVERT, { .name = NULL } };
const struct field xeon_uctl[] = { CTL_COMMON(28), { .name = NULL } };
const struct field xeon_qpi_ctl_inv[] = { CTL_COMMON(31), EV_SEL_EXT, INVERT, { .name = NULL } };
const struct field xeon_qpi_ctl[] = { CTL_COMMON(31), EV_SEL_EXT, { .name = NULL } };

/* V-11: no umask; the occupancy select and its own invert and edge. */
#define PCU_COMMON                                                                         \
	{ .name = "ev_sel", .lo = 0, .hi = 7, .access = FA_RW, .spec = "V-11" },           \
	{ .name = "occ_sel", .lo = 14, .hi = 15, .access = FA_RW, .spec = "V-11" },        \
	{ .name = "rst", .lo = 17, .hi = 17, .access = FA_W1A, .spec = "V-11" },           \
	{ .name = "edge_det", .lo = 18, .hi = 18, .access = FA_RW, .spec = "V-11" },       \
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "V-08 V-11" },     \
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "V-11" },             \
	{ .name = "thresh", .lo = 24, .hi = 28, .access = FA_RW, .spec = "V-11" },         \
	{ .name = "occ_invert", .lo = 30, .hi = 30, .access = FA_RW, .spec = "V-11" },     \
	{ .name = "occ_edge_det", .lo = 31, .hi = 31, .access = FA_RW, .spec = "V-11" }

/* HSX's, BDX's and SKX's: ev_sel_ext and invert (V-29, K-44). */
const struct field xeon_pcu_ctl_ext_inv[] = { PCU_COMMON, EV_SEL_EXT, INVERT, { .name = NULL } };
/* IVB-EP's: ev_sel_ext, no invert (V-11, V-12). */
const struct field xeon_pcu_ctl[] = { PCU_COMMON, EV_SEL_EXT, { .name = NULL } };

/* V-15. */
const struct field xeon_uclk_fixed_ctl[] = {
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "V-08 V-15 OQ-V11" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "V-15" },
	{ .name = NULL },
};

const struct field xeon_imc_fixed_ctl[] = {
	{ .name = "rst", .lo = 19, .hi = 19, .access = FA_W1A, .spec = "V-15" },
	{ .name = "ov_en", .lo = 20, .hi = 20, .access = FA_RW, .spec = "V-08 V-15 OQ-V11" },
	{ .name = "en", .lo = 22, .hi = 22, .access = FA_RW, .spec = "V-15" },
	{ .name = NULL },
};

/* V-17: one band threshold per byte, 100 MHz per LSB. */
const struct field xeon_pcu_filter[] = {
	{ .name = "filt7_0", .lo = 0, .hi = 7, .access = FA_RW, .spec = "V-17" },
	{ .name = "filt15_8", .lo = 8, .hi = 15, .access = FA_RW, .spec = "V-17 OQ-V5" },
	{ .name = "filt23_16", .lo = 16, .hi = 23, .access = FA_RW, .spec = "V-17 OQ-V5" },
	{ .name = "filt31_24", .lo = 24, .hi = 31, .access = FA_RW, .spec = "V-17 OQ-V5" },
	{ .name = NULL },
};

const struct field xeon_ctr44[] = {
	{ .name = "event_count", .lo = 0, .hi = 43, .access = FA_RW, .spec = "V-16" },
	{ .name = NULL },
};

const struct field xeon_ctr48[] = {
	{ .name = "event_count", .lo = 0, .hi = 47, .access = FA_RW, .spec = "V-16" },
	{ .name = NULL },
};

const struct field xeon_ctr64[] = {
	{ .name = "event_count", .lo = 0, .hi = 63, .access = FA_RW, .spec = "V-16" },
	{ .name = NULL },
};
