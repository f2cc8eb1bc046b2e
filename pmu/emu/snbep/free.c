/* The Xeon Scalable IIO's free-running counters on the model (spec
 * xeon-sp-uncore.md, K-17, K-42, K-43, OQ-K41): the I/O clock of each IIO
 * box, and each port's bandwidth and utilisation counters. No control
 * starts, stops or resets them, so each is a function of the model's time
 * alone: the I/O clock runs at the U-clock's rate, every port moves a
 * steady synthetic traffic and is busy three I/O clocks of four. 36 bits,
 * read-only. A file of its own since they share nothing of the boxes'
 * control, status or counting (pmu/emu/snbep/model.c). */
#include "pmu/emu/snbep/model.h"
#include "arch/fault.h"

#define F(u, id) ((u)->faults & EMU_FF(SNBEP, id))

/* OQ-K41 model choice: one 4-byte count (K-43) every 8 I/O clocks on each
 * port, in and out alike. */
#define BW_CLKS 8

bool snbep_free_reg(const struct snbep_uncore *u, const struct reg_ref *r)
{
	/* The I/O clock is the IIO box's own read-only register (K-17); the
	 * bandwidth and utilisation counters a box of their own (K-42). */
	return r->tmpl->access == RA_RO && ((u->g->free && r->box == u->g->free) ||
					    snbep_sbox(u, r) >= 0);
}

uint64_t snbep_free_read(const struct snbep_uncore *u, const struct reg_ref *r)
{
	uint64_t t = u->now - u->free_t0, v;

	if (r->box != u->g->free) /* the I/O clock: one a U-clock (OQ-K41) */
		v = F(u, SKX_IOCLK_HALF_RATE) ? t / 2 : t;
	else if (r->tmpl == &r->box->regs[0]) /* bandwidth, the box's first run (K-42) */
		v = F(u, SKX_FREE_BW_STUCK) ? 0 : t / BW_CLKS;
	else /* utilisation: the I/O clocks the port is busy, 3 of 4 (OQ-K41) */
		v = (t - t / 4) * (F(u, SKX_UTIL_DOUBLE) ? 2 : 1);
	return v & ((1ull << r->tmpl->width) - 1); /* K-10: 36 bits */
}

int snbep_free_write(struct snbep_uncore *u, const struct reg_ref *r)
{
	(void)r; /* every free-running counter alike */
	if (!F(u, SKX_FREE_WRITABLE))
		return VEC_GP; /* K-42: read-only; OQ-K41: a write faults */
	u->free_t0 = u->now; /* K-42 broken: the write restarts them all from 0 */
	return 0;
}
