/* The Nehalem/Westmere uncore suite's table. */
#include "suites/nhm/nhm.h"

static const struct test nhm_tests[] = {
	{ .id = "nhm.fixed.gates", .desc = "FixedCntr0 counts only with EN and EN_FC0; "
	  "GLOBAL_CTRL=0 stops it", .needs = NEED_UNCORE, .run = nhm_fixed_gate },
	{ .id = "nhm.fixed.uclk-rate", .desc = "FixedCntr0 advances at a plausible U-clock, "
	  "measured on the TSC", .needs = NEED_UNCORE, .run = nhm_fixed_uclk },
	{ .id = "nhm.pmi.fixed-vector-core0", .desc = "a FixedCntr0 overflow gives one PMI on core "
	  "0, status set and cleared", .needs = NEED_UNCORE, .run = nhm_pmi_fixed_core0 },
};
const struct suite nhm_suite = SUITE("nhm", nhm_tests);
