/* Every suite the harness runs, in order. */
#include "harness/runner.h"
#include "suites/client/client.h"
#include "suites/core/core.h"
#include "suites/imc/imc.h"
#include "suites/mtl/mtl.h"
#include "suites/disc/disc.h"
#include "suites/nhm/nhm.h"
#include "suites/nhmex/nhmex.h"
#include "suites/self/self.h"
#include "suites/snbep/snbep.h"
#include "suites/snbep/pci.h"
#include "suites/snbep/v2.h"
#include "suites/snbep/v3.h"
#include "suites/skx/skx.h"

const struct suite *const all_suites[] = {
#ifndef HOST /* the self-tests prove arch/ and the firmware, which the host suite has not */
	&self_suite,
#endif
	/* the core PMU first: a bring-up engineer trusts no uncore figure before it */
	&core_enum_suite,
	&core_gate_suite,
	&core_filter_suite,
	&core_edge_suite,
	&core_fixed_suite,
	&core_ovf_suite,
	&core_pmi_suite,
	&core_events_suite,
	&core_v4_suite,
	&core_v5_suite,
	&core_v6_suite,
	&nhm_regs_suite,
	&nhm_count_suite,
	&nhm_suite,
	&nhm_filter_suite,
	&nhm_edge_suite,
	&nhm_ovf_suite,
	&nhm_freeze_suite,
	&nhm_route_solo_suite,
	&nhm_route_suite,
	&snbep_box_suite,
	&snbep_gate_suite,
	&snbep_width_suite,
	&snbep_pcu_suite,
	&snbep_pci_suite,
	&snbep_v2_suite,
	&snbep_v3_suite,
	/* Xeon Scalable: Skylake-SP, Cascade Lake (suites/skx) */
	&skx_suite,
	&skx_io_suite,
	&skx_icx_suite,
	&skx_pci_suite,
	/* Xeon 7500 / Westmere-EX (suites/nhmex) */
	&nhmex_regs_suite,
	&nhmex_count_suite,
	&nhmex_ovf_suite,
	&nhmex_pmi_suite,
	&nhmex_freeze_suite,
	&nhmex_rbox_suite,
	&nhmex_filter_suite,
	&nhmex_event_suite,
	/* client uncore, every layout (suites/client) */
	&client_regs_suite,
	&client_gate_suite,
	&client_filter_suite,
	&client_fixed_suite,
	&client_events_suite,
	&client_arb_suite,
	&client_ovf_suite,
	&client_freeze_suite,
	&client_pmi_suite,
	&client_route_suite,
	/* client uncore layout E: Meteor Lake, Arrow Lake (suites/mtl) */
	&mtl_regs_suite,
	&mtl_gate_suite,
	&mtl_filter_suite,
	&mtl_fixed_suite,
	&mtl_ovf_suite,
	&mtl_saf_suite,
	&mtl_ptl_suite,
	/* the memory controllers behind MCHBAR, layouts D to F (suites/imc) */
	&imc_suite,
	/* the discovery generations, every unit of every table (suites/disc) */
	&disc_table_suite,
	&disc_unit_suite,
	&disc_types_suite,
	&disc_ptl_suite,
#ifndef HOST
	&inject_suite, /* last, so that only the restores follow its fault; empty unless inject= */
#endif
};
const unsigned all_suites_count = ARRAY_SIZE(all_suites);
