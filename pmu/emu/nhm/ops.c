/* The Nehalem/Westmere uncore's PMI requests as the backend takes them
 * (N-30, N-31), and the model's operations set (struct emu_model). */
#include "pmu/emu/nhm/model.h"

unsigned nhm_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct nhm_uncore *u = m;
	unsigned i, n, bits = u->pmi_core_bits, c;

	emu_advance(&nhm_engine, u, now);
	n = emu_fifo_take(u->pmi, &u->npmi, sizeof(*out), out, max);
	/* EMU_F(PMI_WRONG_CORE): each request names the next core up, modulo
	 * the EN_PMI_CORE width (N-31, OQ-N3). */
	for (i = 0; i < n && (u->faults & EMU_FF(UNCORE, PMI_WRONG_CORE)); i++) {
		c = out[i].cores;
		out[i].cores = (uint16_t)(((c << 1) | (c >> (bits - 1))) & ((1u << bits) - 1));
	}
	return n;
}

unsigned nhm_routed(const void *m)
{
	const struct nhm_uncore *u = m;

	return (u->global_ctl >> GC_PMI_CORE_SHIFT) & ((1u << u->pmi_core_bits) - 1);
}

/* OQ-N4: a PMI goes to every thread of each selected core; the U-clock is
 * emu.uclk_mhz's (OQ-N17); no occupancy input from the cores' C-states. */
const struct emu_model nhm_model = {
	.size = sizeof(struct nhm_uncore),
	.one_thread = false,
	.uclk_is_tsc = false,
	.init = nhm_init,
	.rdmsr = nhm_rdmsr,
	.wrmsr = nhm_wrmsr,
	.take_pmi = nhm_take_pmi,
	.routed = nhm_routed,
	.cstate = NULL,
};
