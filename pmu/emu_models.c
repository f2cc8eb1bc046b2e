/* The generations' models behind struct emu_model (pmu/emu_models.h):
 * adapters only; what each model does is in its own files. */
#include "emu_models.h"
#include "emu_nhm.h"
#include "emu_nhmex.h"
#include "emu_snbep.h"

#define NHM_EN_PMI_SHIFT 48 /* N-31, OQ-N2 */

/* --- Nehalem/Westmere (pmu/emu_nhm.h) --- */

static void nhm_init_op(void *m, emu_faults_t f, unsigned ncores, uint32_t model,
			uint32_t uclk_khz, uint64_t now)
{
	(void)ncores, (void)model, (void)uclk_khz;
	nhm_init(m, f, now);
}

static int nhm_rd(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	(void)core;
	return nhm_rdmsr(m, msr, now, val);
}

static int nhm_wr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	(void)core;
	return nhm_wrmsr(m, msr, val, now);
}

/* EMU_F(PMI_WRONG_CORE): each request goes to the next core up, modulo the
 * EN_PMI_CORE width (OQ-N3). */
static unsigned nhm_take(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct nhm_uncore *u = m;
	unsigned i, n, bits = u->pmi_core_bits, c;

	nhm_advance(u, now);
	n = nhm_take_pmi(u, out, max);
	for (i = 0; i < n && (u->faults & EMU_FF(UNCORE, PMI_WRONG_CORE)); i++) {
		c = out[i].cores;
		out[i].cores = (uint16_t)(((c << 1) | (c >> (bits - 1))) & ((1u << bits) - 1));
	}
	return n;
}

static unsigned nhm_routed(const void *m)
{
	const struct nhm_uncore *u = m;

	return (u->global_ctl >> NHM_EN_PMI_SHIFT) & ((1u << u->pmi_core_bits) - 1);
}

/* --- Xeon 7500 / Westmere-EX (pmu/emu_nhmex.h) --- */

static void nhmex_init_op(void *m, emu_faults_t f, unsigned ncores, uint32_t model,
			  uint32_t uclk_khz, uint64_t now)
{
	(void)ncores, (void)uclk_khz;
	nhmex_init(m, f, model, now);
}

static int nhmex_rd(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	(void)core;
	return nhmex_rdmsr(m, msr, now, val);
}

static int nhmex_wr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	(void)core;
	return nhmex_wrmsr(m, msr, val, now);
}

static unsigned nhmex_take(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	nhmex_advance(m, now);
	return nhmex_take_pmi(m, out, max);
}

/* --- Xeon E5-2600 (pmu/emu_snbep.h) --- */

static void snbep_init_op(void *m, emu_faults_t f, unsigned ncores, uint32_t model,
			  uint32_t uclk_khz, uint64_t now)
{
	(void)model;
	snbep_init(m, f, ncores, uclk_khz, now);
}

/* No uncore PMI exists (S-40); with EMU_F(SNBEP_WRAP_PMI) a wrap asks for
 * one, and with no routing register to name a core it goes to every core
 * of the package, so a test watching any of them sees it. */
static unsigned snbep_take(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max)
{
	struct snbep_uncore *u = m;
	uint64_t c[SNBEP_MAX_PMI_REQ];
	unsigned i, n;

	snbep_advance(u, now);
	n = snbep_take_pmi(u, c, max < SNBEP_MAX_PMI_REQ ? max : SNBEP_MAX_PMI_REQ);
	for (i = 0; i < n; i++)
		out[i] = (struct emu_pmi_req){ c[i], (uint16_t)((1u << u->ncores) - 1) };
	return n;
}

static int snbep_rd(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val)
{
	return snbep_rdmsr(m, core, msr, now, val);
}

static int snbep_wr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now)
{
	return snbep_wrmsr(m, core, msr, val, now);
}

static void snbep_cstate_op(void *m, unsigned core, enum pmu_cstate s, uint64_t now)
{
	static const enum snbep_cstate map[] = { SNBEP_C0, SNBEP_C1, SNBEP_C3, SNBEP_C6 };

	snbep_core_state(m, core, map[s], now);
}

static const struct emu_model models[] = {
	{ "nhm", sizeof(struct nhm_uncore), false, false, EMU_FAM_UNCORE, nhm_init_op, nhm_rd, nhm_wr, nhm_take,
	  nhm_routed, NULL },
	{ "nhmex", sizeof(struct nhmex_uncore), true, false, EMU_FAM_NHMEX, nhmex_init_op, nhmex_rd, nhmex_wr,
	  nhmex_take, NULL, NULL },
	{ "snbep", sizeof(struct snbep_uncore), false, true, EMU_FAM_SNBEP, snbep_init_op, snbep_rd, snbep_wr,
	  snbep_take, NULL, snbep_cstate_op },
};

const struct emu_model *emu_model_for(const char *gen)
{
	unsigned i;

	for (i = 0; gen && i < ARRAY_SIZE(models); i++)
		if (!strcmp(models[i].gen, gen))
			return &models[i];
	return NULL;
}
