/* The rates the overflow and freeze tests derive their presets from. Each
 * counter read is dated by the TSC reads around it and redone while those
 * are more than STAMP_BRACKET_US apart (suites/common/stamp.c), so a
 * thread away around a read (a descheduled vCPU or host thread) no longer
 * moves a rate: each end is dated within 10 us of a 5 ms window, a rate is
 * within 0.4% either way. Read outside an undated TSC interval, a rate
 * rose with the time away: fivefold once under load, which set
 * nhm.freeze.needs-frz-and-pmi's preset five wrap times away and failed it
 * as "did not wrap". (A rate 15% low once failed nhm.ovf.fixed-wrap's
 * bound, which allows 1/16.) */
#include "suites/nhm/nhm.h"

enum verdict nhm_measure_rates(struct tctx *t, struct nhm_rates *r)
{
	uint64_t f0, f1, g0, g1, tf0, tf1, tg0, tg1;
	int e;

	WR(t, NHM_FIXED_CTR, 0);
	WR(t, NHM_PERFCTR(0), 0);
	WR(t, NHM_FIXED_CTL, NHM_FC_EN);
	WR(t, NHM_EVTSEL(0), NHM_GQ_NOT_EMPTY);
	WR(t, NHM_GLOBAL_CTRL, NHM_EN_FC0 | 1);
	e = nhm_stamp(NHM_PERFCTR(0), &g0, &tg0);
	if (!e)
		e = nhm_stamp(NHM_FIXED_CTR, &f0, &tf0);
	if (!e)
		pmi_spin(NULL, NHM_RATE_US);
	if (!e)
		e = nhm_stamp(NHM_FIXED_CTR, &f1, &tf1);
	if (!e)
		e = nhm_stamp(NHM_PERFCTR(0), &g1, &tg1);
	WR(t, NHM_GLOBAL_CTRL, 0);
	WR(t, NHM_EVTSEL(0), 0);
	WR(t, NHM_FIXED_CTL, 0);
	if (e)
		return t_error(t, "a TSC-dated counter read failed (%d)", e);
	r->fc_hz = ((f1 - f0) & NHM_WIDTH_MASK) * plat_tsc_hz() / (tf1 - tf0);
	r->gp_hz = ((g1 - g0) & NHM_WIDTH_MASK) * plat_tsc_hz() / (tg1 - tg0);
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
