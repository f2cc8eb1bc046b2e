/* Every suite the harness runs, in order. */
#include "fw/runner.h"
#include "nhm/nhm.h"
#include "self/self.h"

const struct suite *const all_suites[] = {
	&self_suite,
	&nhm_suite,
};
const unsigned all_suites_count = ARRAY_SIZE(all_suites);
