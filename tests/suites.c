/* Every suite the harness runs, in order. */
#include "fw/runner.h"
#include "nhm/nhm.h"
#include "self/self.h"

const struct suite *const all_suites[] = {
#ifndef HOST /* the self-tests prove arch/ and the firmware, which the host suite has not */
	&self_suite,
#endif
	&nhm_regs_suite,
	&nhm_count_suite,
	&nhm_suite,
	&nhm_filter_suite,
	&nhm_ovf_suite,
	&nhm_freeze_suite,
	&nhm_route_suite,
};
const unsigned all_suites_count = ARRAY_SIZE(all_suites);
