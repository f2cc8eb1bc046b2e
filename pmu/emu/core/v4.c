/* What architectural performance monitoring version 4 adds to the emulated
 * core PMU (spec core-pmu-and-apic.md C-43..C-51): IA32_PERF_GLOBAL_INUSE,
 * the STATUS bits STATUS_SET and STATUS_RESET act on, and the streamlined
 * freezes on PMI. pmu/emu/core/model.c calls these where a register or an
 * overflow meets them; on a shape below version 4 each is a no-op (no bit,
 * no freeze), which keeps the version-3 shape as it was (C-51). */
#include "pmu/emu/core/model.h"
#include "arch/msr.h"

#define F(u, id) ((u)->faults & EMU_FF(CORE, id))

#define ES_INT (1ull << 20)                  /* C-10 */
#define ES_EN (1ull << 22)                   /* C-09 */
#define FC_EN_FIELD(j) (3ull << 4 * (j))     /* C-22 */
#define FC_PMI(j) (8ull << 4 * (j))          /* C-22 */
#define INUSE_FC(j) (1ull << (32 + (j)))     /* C-45 */
#define INUSE_PMI (1ull << 63)               /* C-45, OQ-C15 */
#define STATUS_OVF_BUF (1ull << 62)          /* C-46: OvfBuf */
#define KEPT (DEBUGCTL_FRZ_LBRS | DEBUGCTL_FRZ_PERFMON)

/* C-49, C-51: Skylake client's counters with Hyper-Threading off. */
const struct core_shape core_shape_v4 = { .version = 4, .ngp = 8, .gp_width = 48,
	.ebx_len = CORE_NEVENTS, .nfixed = 3, .fixed_width = 48, .pdcm = true,
	.perf_caps = PERF_CAPS_FW_WRITE };

static bool v4(const struct core_pmu *u)
{
	return u->shape->version >= 4;
}

/* C-45: programming, not counting: an event select, a fixed EN field, a
 * PMI enable (no PEBS here); the enables of GLOBAL_CTRL do not enter. */
uint64_t core_v4_inuse(const struct core_pmu *u)
{
	uint64_t r = 0;
	bool pmi = false;
	unsigned n;

	for (n = 0; n < CORE_MAX_GP; n++) {
		if (!(core_v6_gp_set(u) >> n & 1))
			continue; /* C-66: no counter there */
		bool used = F(u, CORE_INUSE_FROM_EN) ? (u->evtsel[n] & ES_EN) != 0
						     : (uint8_t)u->evtsel[n] != 0;

		r |= (uint64_t)used << n;
		pmi |= (u->evtsel[n] & ES_INT) != 0;
	}
	for (n = 0; n < CORE_MAX_FIXED; n++) {
		if (!(core_v5_fixed_set(u) >> n & 1))
			continue; /* C-52: one the bitmap omits has no field */
		r |= u->fixed_ctl & FC_EN_FIELD(n) ? INUSE_FC(n) : 0;
		pmi |= (u->fixed_ctl & FC_PMI(n)) != 0;
	}
	return r | (pmi && !F(u, CORE_INUSE_NO_PMI) ? INUSE_PMI : 0);
}

/* C-44, OQ-C18: beside the counter bits, LBR_Frz, CTR_Frz and OvfBuf (61 is
 * the backend's, C-38; 55 and 60 belong to features the model lacks). */
uint64_t core_v4_set_bits(const struct core_pmu *u)
{
	return v4(u) ? STATUS_LBR_FRZ | STATUS_CTR_FRZ | STATUS_OVF_BUF : 0;
}

/* C-43: STATUS_RESET clears the freeze indicators too, and OvfBuf (C-07),
 * which only STATUS_SET can set here. */
uint64_t core_v4_reset_bits(const struct core_pmu *u)
{
	if (!v4(u))
		return 0;
	return STATUS_OVF_BUF | (F(u, CORE_RESET_FRZ_IGNORED) ? 0 : STATUS_LBR_FRZ | STATUS_CTR_FRZ);
}

/* An overflow of the counters whose STATUS bits are `ovf`, of which those
 * in `pmi` request a PMI. OQ-C14 default: a PMI request freezes (at the
 * overflow, however the LVT entry stands), an overflow without one does
 * not. C-47: CTR_Frz, GLOBAL_CTRL untouched; C-48: LBR_Frz alone. Returns
 * the STATUS bits to set. */
uint64_t core_v4_pmi(struct core_pmu *u, uint64_t ovf, uint64_t pmi)
{
	uint64_t st = 0;

	if (!v4(u) || !(F(u, CORE_FREEZE_WITHOUT_INT) ? ovf : pmi))
		return 0;
	if ((u->debugctl & DEBUGCTL_FRZ_PERFMON) && F(u, CORE_FREEZE_LEGACY))
		u->global_ctl = 0; /* the defect: C-04's legacy way */
	else if ((u->debugctl & DEBUGCTL_FRZ_PERFMON) && !F(u, CORE_FREEZE_IGNORED))
		st |= STATUS_CTR_FRZ;
	if ((u->debugctl & DEBUGCTL_FRZ_LBRS) && !F(u, CORE_LBR_FRZ_IGNORED))
		st |= STATUS_LBR_FRZ;
	return st;
}

/* C-47: CTR_Frz stands every counter still, however it was set (OQ-C17);
 * `bit` is counter i's STATUS bit. */
bool core_v4_frozen(const struct core_pmu *u, uint64_t bit)
{
	if (!v4(u) || !(u->status & STATUS_CTR_FRZ))
		return false;
	return !F(u, CORE_FREEZE_PARTIAL) || (u->status & bit);
}

void core_debugctl_write(struct core_pmu *u, uint64_t val, uint64_t now)
{
	if (!v4(u))
		return;
	core_advance(u, now); /* the bits count from now on */
	u->debugctl = val & KEPT;
}

uint64_t core_debugctl_read(const struct core_pmu *u, uint64_t lower)
{
	return v4(u) ? (lower & ~KEPT) | u->debugctl : lower;
}
