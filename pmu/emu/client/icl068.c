/* Erratum ICL068 of Ice Lake client (models 0x7D, 0x7E) in the emulated
 * client uncore, both its parts as Linux quotes the specification update
 * (client-uncore.md LNX-ICL): ARB counter 0 is not for software (L-70,
 * OQ-L28), and GLOBAL_CTRL's EN (bit 29) and FREEZE (bit 31) cannot
 * control counting, the event selects' own enables do (L-71, OQ-L30).
 * Every other layout answers "no erratum" here. */
#include "pmu/emu/client/model.h"
#include "pmu/regs/tables.h"

#define F(u, id) ((u)->faults & EMU_FF(CLIENT, CL_##id))
#define GC_EN (1ull << 29)     /* L-20 */
#define GC_FREEZE (1ull << 31) /* L-50 */

/* L-70, OQ-L28: the select and counter below the one counter's: writes
 * ignored (and counted by the caller), reads 0. cl-icl-arb0-live (L-70
 * broken): the one counter answers there instead, and its own addresses
 * are the ignored ones. */
bool client_icl_arb0(const struct client_uncore *u, uint32_t *msr)
{
	const struct box_type *a = u->lay->arb;
	uint32_t ctr1 = a->regs[0].addr, sel1 = a->regs[1].addr;

	if (!u->lay->arb_first)
		return false;
	if (F(u, ICL_ARB0_LIVE)) {
		if (*msr == ctr1 - 1 || *msr == sel1 - 1) {
			*msr += 1;
			return false;
		}
		return *msr == ctr1 || *msr == sel1;
	}
	return *msr == ctr1 - 1 || *msr == sel1 - 1;
}

/* cl-icl068-gctl-live (L-71 broken): EN and FREEZE work as on layout B. */
static bool inert(const struct client_uncore *u)
{
	return u->lay->gctl_inert && !F(u, ICL068_GCTL_LIVE);
}

/* L-71, OQ-L30 default: "accessing the modified bits will be ignored": a
 * write leaves EN and FREEZE 0 (so no overflow freezes, L-50 does not
 * apply) and keeps the other fields, the PMI-select bits and WakePMI, as
 * on layout B (OQ-L26). Elsewhere the value as written. */
uint64_t client_icl_gctl(const struct client_uncore *u, uint64_t val)
{
	return inert(u) ? val & ~(GC_EN | GC_FREEZE) : val;
}

/* L-71: counting ignores GLOBAL_CTRL.EN, so a counter whose own enable is
 * set counts whatever EN is (Linux's Ice Lake ops never write it). */
bool client_icl_counts_without_en(const struct client_uncore *u)
{
	return inert(u);
}
