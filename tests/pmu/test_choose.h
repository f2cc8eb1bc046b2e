/* For host tests of detection: pmu_choose's answer for a GenuineIntel
 * family 6 model, under a hypervisor or not, with the config's uncore= key.
 * Include after <cmocka.h>. */
#ifndef TEST_CHOOSE_H
#define TEST_CHOOSE_H

#include "pmu/detect.h"
#include "harness/config.h"

static inline void choose(uint32_t model, bool hv, const char *uncore, struct pmu_choice *out)
{
	struct pmu_cpu cpu = { .vendor = "GenuineIntel", .family = 6, .model = model,
			.hypervisor = hv };
	struct cfg c;
	struct pmu_opts opts;
	char err[128];

	cfg_defaults(&c);
	assert_int_equal(cfg_set(&c, "uncore", uncore, err, sizeof(err)), 0);
	opts = cfg_pmu_opts(&c);
	pmu_choose(&cpu, &opts, out);
}

#endif
