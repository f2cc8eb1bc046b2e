/* What the PMI delivery and routing tests share (suites/nhm/route.h): the
 * handler and its record, and the FixedCntr0 source preset 1 ms of
 * measured U-clock before its wrap (N-29, N-30, OQ-N17). */
#include "suites/nhm/route.h"

struct route_pmi route_pmi;

/* Also the NMI handler, so minimal: no clearing (the test clears between
 * overflows), one MSR read and the storm guard's write. A failed access
 * (PLAT_EBUSY: an NMI interrupted its own CPU's emulated access) makes the
 * test an ERROR. The count goes up last: whoever sees it knows the entry is
 * re-armed. */
void route_on_pmi(unsigned vector)
{
	uint64_t now = plat_tsc(), st = 0;
	unsigned me = plat_this_cpu(), n = route_pmi.hits[me] + 1;
	int e;

	(void)vector;
	if (n <= ROUNDS)
		route_pmi.at[me][n - 1] = now;
	if (n > STORM) { /* C-41: stop the source, leave the entry masked */
		e = msr_write(me, NHM_GLOBAL_CTRL, 0);
	} else {
		route_pmi.lvt[me] = pmu_lvtpc_read();
		e = msr_read(me, NHM_STATUS, &st); /* C-30: the uncore's PMI */
		route_pmi.status[me] = st;
		if (route_pmi.rearm)
			pmu_lvtpc_write(route_pmi.lvt[me] & ~LVT_MASKED); /* C-29 */
	}
	if (e && !route_pmi.fault) {
		route_pmi.fault_cpu = (int)me;
		route_pmi.fault = e;
	}
	__atomic_store_n(&route_pmi.hits[me], n, __ATOMIC_SEQ_CST);
}

void route_keep(int *e, int rc)
{
	if (!*e)
		*e = rc;
}

uint64_t route_tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

int route_stop_uncore(unsigned me)
{
	int e = 0;

	route_keep(&e, msr_write(me, NHM_GLOBAL_CTRL, 0));
	route_keep(&e, msr_write(me, NHM_FIXED_CTL, 0));
	route_keep(&e, msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL)); /* N-26 */
	return e;
}

enum verdict route_measure(struct tctx *t, struct clock *c)
{
	uint64_t c0, c1, t0, t1, hz;
	int e;

	WR(t, NHM_GLOBAL_CTRL, 0); /* N-05: write what the test relies on */
	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_FIXED_CTL, 1);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0);
	e = nhm_stamp(NHM_FIXED_CTR, &c0, &t0);
	plat_stall_us(RATE_US);
	route_keep(&e, nhm_stamp(NHM_FIXED_CTR, &c1, &t1));
	route_keep(&e, route_stop_uncore(plat_this_cpu()));
	if (e == PLAT_ETIMEDOUT)
		return t_error(t, "measuring the U-clock: no FixedCntr0 read in %u was dated "
			       "within %u us", NHM_STAMP_TRIES, NHM_BRACKET_US);
	if (e)
		return t_error(t, "measuring the U-clock: an MSR access failed (%d)", e);
	CHECK(t, c1 > c0, "FixedCntr0 did not advance in %u us (N-08)", RATE_US);
	hz = (c1 - c0) * plat_tsc_hz() / (t1 - t0);
	c->lead = hz / (1000000 / LEAD_US);
	c->lead_tsc = c->lead * plat_tsc_hz() / hz;
	return V_PASS;
}

/* FixedCntr0 c->lead U-clocks before 2^48, PMI bit set, routed to the
 * EN_PMI_CORE bits `cores` (N-29, N-30, N-31); *w dates its wrap (OQ-N15)
 * from the TSC reads around the enabling write. */
int route_start(const struct clock *c, unsigned cores, struct wrap *w)
{
	unsigned me = plat_this_cpu();
	uint64_t t0;
	int e = 0;

	route_keep(&e, msr_write(me, NHM_GLOBAL_CTRL, 0));
	route_keep(&e, msr_write(me, NHM_OVF_CTRL, NHM_CLEAR_ALL));
	route_keep(&e, msr_write(me, NHM_FIXED_CTR, (1ull << 48) - c->lead));
	route_keep(&e, msr_write(me, NHM_FIXED_CTL, FC_EN_PMI));
	t0 = plat_tsc();
	route_keep(&e, msr_write(me, NHM_GLOBAL_CTRL, NHM_EN_FC0 | (uint64_t)cores << 48));
	w->by = plat_tsc() + c->lead_tsc;
	w->due = t0 + c->lead_tsc;
	return e;
}
