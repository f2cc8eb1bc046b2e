/* The Nehalem/Westmere uncore suite's table. */
#include "nhm.h"

static const struct test nhm_tests[] = {
	{ "nhm.fixed.gates", "FixedCntr0 counts only with EN and EN_FC0; GLOBAL_CTRL=0 stops it",
	  NEED_UNCORE, nhm_fixed_gate },
	{ "nhm.fixed.uclk-rate", "FixedCntr0 advances at a plausible U-clock, measured on the TSC",
	  NEED_UNCORE, nhm_fixed_uclk },
	{ "nhm.pmi.fixed-vector-core0", "a FixedCntr0 overflow gives one PMI on core 0, status "
	  "set and cleared", NEED_UNCORE, nhm_pmi_fixed_core0 },
};
const struct suite nhm_suite = SUITE("nhm", nhm_tests);
