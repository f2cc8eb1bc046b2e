/* The rates the overflow and freeze tests derive their presets from (the
 * TSC-dated read of the rates judged both ways is suites/common/stamp.c's). The
 * counters are read outside the TSC interval, so a delay around the reads
 * (a descheduled vCPU or host thread) can only raise a rate, never lower
 * it: every use of one is a preset that must not wrap early or an upper
 * bound (a rate 15% low once failed nhm.ovf.fixed-wrap's bound on a loaded
 * host). */
#include "suites/nhm/nhm.h"

enum verdict nhm_measure_rates(struct tctx *t, struct nhm_rates *r)
{
	uint64_t f0, f1, g0, g1, t0, t1;

	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_PERFCTR(0), 0);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	WR(t, NHM_EVTSEL(0), NHM_GQ_NOT_EMPTY);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0 | 1);
	RD(t, NHM_PERFCTR(0), &g0);
	RD(t, NHM_FIXED_CTR, &f0);
	t0 = plat_tsc();
	pmi_spin(NULL, NHM_RATE_US);
	t1 = plat_tsc();
	RD(t, NHM_FIXED_CTR, &f1);
	RD(t, NHM_PERFCTR(0), &g1);
	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_EVTSEL(0), 0);
	WR(t, NHM_FIXED_CTL, 0);
	r->fc_hz = ((f1 - f0) & NHM_WIDTH_MASK) * plat_tsc_hz() / (t1 - t0);
	r->gp_hz = ((g1 - g0) & NHM_WIDTH_MASK) * plat_tsc_hz() / (t1 - t0);
	t_figure(t, "uclk_hz", (int64_t)r->fc_hz, "hz");
	t_figure(t, "gq_not_empty_hz", (int64_t)r->gp_hz, "hz");
	CHECK(t, r->fc_hz, "FixedCntr0 did not advance in %u ms (N-07, N-08)", NHM_RATE_US / 1000);
	return V_PASS;
}

enum verdict nhm_prepare(struct tctx *t, uint64_t must_clear)
{
	uint64_t st;
	unsigned n;

	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_FIXED_CTL, 0);
	for (n = 0; n < 8; n++)
		WR(t, NHM_EVTSEL(n), 0);
	WR(t, NHM_OVF_CTRL, NHM_CLEAR_ALL);
	RD(t, NHM_STATUS, &st);
	CHECK(t, !(st & must_clear), "GLOBAL_STATUS 0x%lx after writing 1 to every "
	      "GLOBAL_OVF_CTRL bit (N-26)", (unsigned long)st);
	return V_PASS;
}
