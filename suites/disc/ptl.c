/* Panther Lake's client table (client-uncore.md §4.18): where it comes
 * from (MSR 0x201E, L-132), its global control in MMIO inside the sNCU and
 * set at power-on (L-135), the global status that takes the place of the
 * server units' own (L-137: every unit's wrap sets its bit, and each bit
 * clears alone when 1 is written to it), and each unit's clock against
 * the TSC (L-140). The other halves of the contract (freeze, resets,
 * width, counting, the freeze-all) are the disc.unit.* tests', which run
 * on every table. The constants are suites/disc/spec.h's, never
 * pmu/disc/'s or the model's. */
#include "suites/disc/disc.h"
#include "suites/common/stamp.h"

#define RUN_US 100
#define WIN_US 2000
#define EMU_TOL_PCT 2            /* 20 us of dating in a 2 ms window, with room */
#define HW_MIN_HZ 100000000ull   /* a clock of 0.1 to 10 GHz, as the client suites' */
#define HW_MAX_HZ 10000000000ull
#define NEAR 1000 /* a preload this far below the wrap */

static enum verdict need_ptl(struct tctx *t, const struct disc_machine **m)
{
	TRY(ds_need(t, m));
	if ((*m)->model != DS_PTL_MODEL)
		return t_na(t, "a test of Panther Lake's client table (model 0x%02X); this CPU is "
			    "model 0x%02X", DS_PTL_MODEL, (*m)->model);
	return V_PASS;
}

/* The socket's first unit of a type, or NULL. */
static const struct disc_unit *first_of(const struct disc_socket *s, unsigned type)
{
	for (unsigned i = 0; i < s->t.nunits; i++)
		if (s->t.units[i].type == type)
			return &s->t.units[i];
	return NULL;
}

/* L-132: the table from MSR 0x201E; L-135: its global control an MMIO
 * register (Linux writes it with a 32-bit store), at the sNCU's unit
 * control + 0x380 and with its freeze-all set as the machine comes up
 * (OQ-L55). Reads only. */
static enum verdict global_where(struct tctx *t)
{
	const struct disc_machine *m;

	TRY(need_ptl(t, &m));
	for (unsigned k = 0; k < m->nsock; k++) {
		const struct disc_socket *s = &m->s[k];
		const struct disc_unit *sncu = first_of(s, DS_PTL_TYPE_SNCU);
		uint64_t g;

		CHECK(t, s->at.where == DISC_AT_MSR, "socket %u's table was found on PCI, not through "
		      "MSR 0x201E (L-132)", k);
		CHECK(t, s->t.global.access == DISC_MMIO, "socket %u's global control is %s 0x%llx, "
		      "not MMIO (L-135)", k, disc_access_text(s->t.global.access),
		      (unsigned long long)s->t.global.ctl);
		CHECK(t, sncu, "socket %u's table lists no sNCU (type %u, L-134)", k,
		      DS_PTL_TYPE_SNCU);
		plat_log(1, "  socket %u: global control at 0x%llx, the sNCU's unit control at 0x%llx",
			 k, (unsigned long long)s->t.global.ctl, (unsigned long long)sncu->ctl);
		TRY(t_default(t, "OQ-L55", "the global control is the sNCU's unit control + 0x380",
			      s->t.global.ctl == sncu->ctl + DS_PTL_GLOBAL_SNCU,
			      "socket %u: global control at 0x%llx, the sNCU's unit control + 0x%x "
			      "is 0x%llx", k, (unsigned long long)s->t.global.ctl, DS_PTL_GLOBAL_SNCU,
			      (unsigned long long)(sncu->ctl + DS_PTL_GLOBAL_SNCU)));
		TRY(ds_global(t, s, false, &g));
		TRY(t_default(t, "OQ-L55", "the freeze-all is set as the machine comes up",
			      (g & DS_GLOBAL_FRZ) != 0, "socket %u: the global control reads 0x%llx "
			      "as found: freeze-all clear (L-135)", k,
			      (unsigned long long)g));
	}
	return V_PASS;
}

/* The global status register of socket s (L-137): 64 bits in MMIO. */
static enum verdict gstatus(struct tctx *t, const struct disc_socket *s, bool write, uint64_t *v)
{
	struct reg_loc l = { .space = SPACE_MMIO, .bytes = 8,
			     .phys = s->t.global.ctl + s->t.global.status_off };
	int rc;

	if (!write)
		*v = 0;
	rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);
	return rc ? t_fail(t, "the global status at 0x%llx: %s (%d)", (unsigned long long)l.phys,
			   space_rc_text(rc), rc)
		  : V_PASS;
}

/* Every unit of a socket, as a list for ds_save and ds_restore. */
struct all {
	const struct disc_unit *u[DISC_MAX_UNITS];
	struct ds_saved sv;
};

static enum verdict save_all(struct tctx *t, const struct disc_socket *s, struct all *a)
{
	for (unsigned i = 0; i < s->t.nunits; i++)
		a->u[i] = &s->t.units[i];
	return ds_save(t, s, a->u, s->t.nunits, &a->sv);
}

static uint64_t top(const struct disc_unit *u)
{
	return u->width >= 64 ? ~0ull : (1ull << u->width) - 1;
}

/* Every unit's counter 0 preloaded near its top, the units run together
 * and stopped: each wrapped unit's bit is set, then cleared alone. */
static enum verdict status_socket(struct tctx *t, const struct disc_machine *m, unsigned k)
{
	const struct disc_socket *s = &m->s[k];
	uint64_t want = 0, st, before;

	for (unsigned i = 0; i < s->t.nunits; i++) {
		const struct disc_unit *u = &s->t.units[i];
		uint64_t v;

		TRY(ds_wr(t, s, u, DISC_UNIT_CTL, 0, DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS));
		/* no bit 20: on these units it freezes the domain (L-122) */
		TRY(ds_wr(t, s, u, DISC_CTR, 0, top(u) - NEAR));
		TRY(ds_wr(t, s, u, DISC_CTR_CTL, 0, DS_EV_FREE));
		TRY(ds_rd(t, s, u, DISC_CTR, 0, &v));
		TRY(t_default(t, "OQ-D8", "a counter write keeps the entry's width of bits",
			      v == top(u) - NEAR, "type %u box %u of socket %u: counter 0 preloaded "
			      "0x%llx reads 0x%llx", u->type, u->id, k,
			      (unsigned long long)(top(u) - NEAR), (unsigned long long)v));
		if (v != top(u) - NEAR)
			return V_PASS; /* hardware: no wrap within reach */
		want |= 1ull << u->gsp;
	}
	/* the units' bits cleared first, so that the wrap is what sets them
	 * (a bit set before, by another test or the firmware, is logged) */
	TRY(gstatus(t, s, false, &before));
	TRY(gstatus(t, s, true, &want));
	TRY(gstatus(t, s, false, &st));
	TRY(t_default(t, "OQ-L57", "writing 1 to a bit of the global status clears it",
		      !(st & want), "socket %u: global status 0x%llx after writing 0x%llx to 0x%llx",
		      k, (unsigned long long)st, (unsigned long long)want,
		      (unsigned long long)before));
	for (unsigned i = 0; i < s->t.nunits; i++)
		TRY(ds_wr(t, s, &s->t.units[i], DISC_UNIT_CTL, 0, 0));
	plat_stall_us(RUN_US);
	for (unsigned i = 0; i < s->t.nunits; i++)
		TRY(ds_wr(t, s, &s->t.units[i], DISC_UNIT_CTL, 0, DS_UNIT_FRZ));
	for (unsigned i = 0; i < s->t.nunits; i++) {
		const struct disc_unit *u = &s->t.units[i];
		uint64_t v;

		TRY(ds_rd(t, s, u, DISC_CTR, 0, &v));
		if (v == top(u) - NEAR)
			return t_idle(t, "type %u box %u of socket %u: event 0x01 did not count "
				      "(D-34)", u->type, u->id, k);
		CHECK(t, v < top(u) - NEAR, "type %u box %u of socket %u read 0x%llx: it did not "
		      "wrap at %u bits (D-33)", u->type, u->id, k, (unsigned long long)v, u->width);
	}
	TRY(gstatus(t, s, false, &st));
	plat_log(1, "  socket %u: global status 0x%llx at entry, cleared, 0x%llx after every unit "
		 "wrapped; the units' bits 0x%llx", k, (unsigned long long)before, (unsigned long long)st,
		 (unsigned long long)want);
	TRY(t_default(t, "OQ-L57", "a wrap sets its unit's bit of the global status",
		      (st & want) == want, "socket %u: global status 0x%llx after every unit "
		      "wrapped, want bits 0x%llx", k, (unsigned long long)st,
		      (unsigned long long)want));
	for (unsigned b = 0; b < 64; b++) {
		uint64_t bit = 1ull << b, left = st & ~bit, now;

		if (!(st & want & bit))
			continue;
		TRY(gstatus(t, s, true, &bit));
		TRY(gstatus(t, s, false, &now));
		TRY(t_default(t, "OQ-L57", "writing 1 to a bit of the global status clears that "
			      "bit alone", (now & st) == left, "socket %u: global status 0x%llx "
			      "after writing 0x%llx to 0x%llx, want 0x%llx", k,
			      (unsigned long long)now, (unsigned long long)bit,
			      (unsigned long long)st, (unsigned long long)left));
		st = now;
	}
	return V_PASS;
}

/* L-137, OQ-L57: the global status, each unit's bit set by its wrap and
 * cleared alone; every unit and the freeze-all put back as found, the
 * status bits the test set cleared. */
static enum verdict status_bits(struct tctx *t)
{
	const struct disc_machine *m;
	struct all *sv;
	enum verdict v = V_PASS;

	TRY(need_ptl(t, &m));
	if (!(sv = plat_alloc(sizeof(*sv))))
		return t_error(t, "no memory for the units' registers");
	for (unsigned k = 0; v == V_PASS && k < m->nsock; k++) {
		const struct disc_socket *s = &m->s[k];
		uint64_t g, zero = 0, st0, st;
		enum verdict r;

		TRY(t_default(t, "OQ-L57", "one global status register 8 bytes above the control",
			      s->t.global.nstatus == 1 && s->t.global.status_off == DS_PTL_GSTATUS,
			      "socket %u: the global entry names %u status registers at +0x%x", k,
			      s->t.global.nstatus, s->t.global.status_off));
		if (!s->t.global.nstatus || s->t.global.access != DISC_MMIO)
			return V_PASS; /* hardware: nowhere to look */
		TRY(ds_global(t, s, false, &g));
		TRY(gstatus(t, s, false, &st0));
		TRY(save_all(t, s, sv));
		v = ds_global(t, s, true, &zero);
		if (v == V_PASS)
			v = status_socket(t, m, k);
		/* what was saved goes back, whatever the verdict; the status
		 * bits this test set are cleared */
		r = ds_restore(t, s, sv->u, &sv->sv);
		v = v == V_PASS ? r : v;
		r = gstatus(t, s, false, &st);
		st &= ~st0;
		if (r == V_PASS && st)
			r = gstatus(t, s, true, &st);
		v = v == V_PASS ? r : v;
		r = ds_global(t, s, true, &g);
		v = v == V_PASS ? r : v;
	}
	return v;
}

/* Counter 0 of every unit counting event 0x01 over a window dated by
 * the TSC: its rate in Hz, 0 if a read could not be dated. */
static enum verdict unit_rate(struct tctx *t, const struct disc_socket *s,
			      const struct disc_unit *u, uint64_t *hz)
{
	struct reg_loc l = disc_reg(u, DISC_CTR, 0, s->cpu);
	uint64_t c0, c1, t0, t1;
	int err;

	TRY(ds_wr(t, s, u, DISC_UNIT_CTL, 0, DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS));
	TRY(ds_wr(t, s, u, DISC_CTR_CTL, 0, DS_EV_FREE));
	TRY(ds_wr(t, s, u, DISC_UNIT_CTL, 0, 0));
	err = reg_stamp(&l, &c0, &t0);
	plat_stall_us(WIN_US);
	if (!err)
		err = reg_stamp(&l, &c1, &t1);
	TRY(ds_wr(t, s, u, DISC_UNIT_CTL, 0, DS_UNIT_FRZ));
	if (err)
		return t_error(t, "dating the reads of type %u box %u's counter 0 failed (%d)",
			       u->type, u->id, err);
	*hz = t1 > t0 ? (c1 - c0) * plat_tsc_hz() / (t1 - t0) : 0;
	return V_PASS;
}

/* L-140, OQ-L58: every unit's event 0x01 against the TSC: on the model at
 * the TSC's rate (OQ-D9), on hardware reported, a clock of 0.1 to 10 GHz
 * the default. Every unit and the freeze-all put back as found. */
static enum verdict rate(struct tctx *t)
{
	const struct disc_machine *m;
	struct all *sv;
	enum verdict v = V_PASS;

	TRY(need_ptl(t, &m));
	if (!(sv = plat_alloc(sizeof(*sv))))
		return t_error(t, "no memory for the units' registers");
	for (unsigned k = 0; v == V_PASS && k < m->nsock; k++) {
		const struct disc_socket *s = &m->s[k];
		uint64_t g, zero = 0, want = plat_tsc_hz();
		enum verdict r;

		TRY(ds_global(t, s, false, &g));
		TRY(save_all(t, s, sv));
		v = ds_global(t, s, true, &zero);
		for (unsigned i = 0; v == V_PASS && i < s->t.nunits; i++) {
			const struct disc_unit *u = &s->t.units[i];
			char ty[24], box[32];
			uint64_t hz = 0;

			v = unit_rate(t, s, u, &hz);
			if (v != V_PASS)
				break;
			snprintf(box, sizeof(box), "%s%u", ds_type_name(m->model, u->type, ty,
									sizeof(ty)), u->id);
			t_figure_box(t, "clock_hz", box, (int64_t)hz, "hz");
			plat_log(1, "  socket %u: %s counts event 0x01 at %llu kHz against the TSC", k,
				 box, (unsigned long long)(hz / 1000));
			if (!hz) {
				v = t_idle(t, "%s of socket %u: event 0x01 did not count (D-34, OQ-D9)",
					   box, k);
				break;
			}
			if (t_on_model()) {
				if (hz * 100 < want * (100 - EMU_TOL_PCT) ||
				    hz * 100 > want * (100 + EMU_TOL_PCT))
					v = t_fail(t, "%s of socket %u counted at %llu kHz, the model's "
						   "clock is the TSC's, %llu kHz (OQ-D9, L-140)", box, k,
						   (unsigned long long)(hz / 1000),
						   (unsigned long long)(want / 1000));
				continue;
			}
			v = t_default(t, "OQ-L58", "event 0x01 counts a clock of 0.1 to 10 GHz",
				      hz >= HW_MIN_HZ && hz <= HW_MAX_HZ, "%s of socket %u counted "
				      "event 0x01 at %llu kHz", box, k, (unsigned long long)(hz / 1000));
		}
		/* what was saved goes back, whatever the verdict */
		r = ds_restore(t, s, sv->u, &sv->sv);
		v = v == V_PASS ? r : v;
		r = ds_global(t, s, true, &g);
		v = v == V_PASS ? r : v;
	}
	return v;
}

static const struct test tests[] = {
	{ .id = "disc.ptl.global", .desc = "Panther Lake: the table comes from MSR 0x201E, its "
	  "global control is MMIO at the sNCU's unit control + 0x380, freeze-all set at power-on",
	  .needs = NEED_UNCORE, .run = global_where },
	{ .id = "disc.ptl.status", .desc = "Panther Lake: every unit's wrap sets its bit of the "
	  "global status; writing 1 to a bit clears it alone", .needs = NEED_UNCORE,
	  .run = status_bits },
	{ .id = "disc.ptl.rate", .desc = "Panther Lake: every unit's event 0x01 against the TSC "
	  "(the model's clock is the TSC's; on hardware the rates are reported)",
	  .needs = NEED_UNCORE, .run = rate },
};
const struct suite disc_ptl_suite = SUITE("disc.ptl", tests);
