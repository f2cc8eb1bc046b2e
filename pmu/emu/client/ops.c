/* The client uncore's PMI requests as the backend takes them (L-42, L-43),
 * the cores' C-states its WakePMI logic reads (L-47, L-48), and the model's
 * operations set for each layout (struct emu_model), layout D's with the
 * memory controllers behind MCHBAR (pmu/emu/imc/). */
#include "pmu/emu/client/model.h"
#include "pmu/emu/imc/model.h"

unsigned client_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct client_uncore *u = m;

	emu_advance(&client_engine, u, now);
	return emu_fifo_take(u->pmi, &u->npmi, sizeof(*out), out, max);
}

/* A core is halted in any state but C0 (HLT or MWAIT, OQ-L10). */
void client_cstate(void *m, unsigned core, enum pmu_cstate s, uint64_t now)
{
	struct client_uncore *u = m;

	emu_advance(&client_engine, u, now);
	if (core < CLIENT_MAX_CORES)
		u->cstate[core] = (uint8_t)s;
}

/* L-46 (OQ-N4's rule): a PMI goes to every thread of each selected core;
 * OQ-L24: the U-clock is emu.uclk_mhz's, a constant ratio to the TSC; no
 * PMI storm defect, so no routing query; mmio: the memory controllers
 * behind MCHBAR, from layout D (Alder Lake) on (L-110), or NULL. */
#define CLIENT_MODEL(init_fn, mmio_)                                                \
	{                                                                           \
		.size = sizeof(struct client_uncore), .one_thread = false,          \
		.uclk_is_tsc = false, .init = init_fn, .rdmsr = client_rdmsr,       \
		.wrmsr = client_wrmsr, .take_pmi = client_take_pmi, .routed = NULL, \
		.cstate = client_cstate, .mmio = mmio_,                             \
	}
const struct emu_model client_a_model = CLIENT_MODEL(client_a_init, NULL);
const struct emu_model client_b_model = CLIENT_MODEL(client_b_init, NULL);
const struct emu_model client_icl_model = CLIENT_MODEL(client_icl_init, NULL);
const struct emu_model client_c_model = CLIENT_MODEL(client_c_init, NULL);
const struct emu_model client_d_model = CLIENT_MODEL(client_d_init, &imc_emu_model);
