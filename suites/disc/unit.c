/* Every unit the tables list, whatever its type and access method, held
 * to the generic contract (D-30..D-36): resets, freeze and resume through
 * its unit control, the socket's freeze-all, its counters' width exactly
 * as its entry gives it, a free event that counts and stops when frozen,
 * and overflow through its status bit. Each test takes all units of one
 * type of one socket through one window, so that a run grows with the
 * types, not with the units; a failure names the type, the socket and the
 * box id. Every test starts with the socket's freeze-all clear and puts
 * back what it found there, and puts back each unit's controls and
 * counters as it found them (the status bits it set stay set). */
#include "suites/disc/disc.h"

#define RUN_US 100
#define NEAR 1000 /* a preload this far below the wrap */

static uint64_t top(const struct disc_unit *u)
{
	return u->width >= 64 ? ~0ull : (1ull << u->width) - 1;
}

/* one(t, y) on every type of every socket, the freeze-all clear around
 * it and put back after, each type's units saved before and restored
 * after. */
static enum verdict each_type(struct tctx *t, enum verdict (*one)(struct tctx *, struct ds_ty *))
{
	const struct disc_machine *m;
	enum verdict v = V_PASS;
	struct ds_ty *y;

	TRY(ds_need(t, &m));
	if (!(y = plat_alloc(sizeof(*y))))
		return t_error(t, "no memory for a type's units");
	for (unsigned k = 0; v == V_PASS && k < m->nsock; k++) {
		const struct disc_socket *s = &m->s[k];
		uint16_t types[64];
		unsigned nt = ds_types(s, types, ARRAY_SIZE(types));
		uint64_t g, zero = 0;

		TRY(ds_global(t, s, false, &g));
		TRY(ds_global(t, s, true, &zero));
		for (unsigned i = 0; v == V_PASS && i < nt; i++) {
			enum verdict r;

			ds_ty_fill(y, m, k, types[i]);
			v = ds_ty_save(t, y);
			if (v == V_PASS)
				v = ds_ty_ctl(t, y, DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS);
			if (v == V_PASS)
				v = one(t, y);
			/* what was saved goes back, whatever the verdict */
			r = ds_ty_restore(t, y);
			v = v == V_PASS ? r : v;
		}
		/* and the freeze-all as found, whatever the verdict */
		if (ds_global(t, s, true, &g) != V_PASS && v == V_PASS)
			v = V_FAIL;
	}
	return v;
}

/* D-31: bits 8 and 9 zero every control and counter; OQ-D6: the unit
 * control reads back bit 0 alone. */
static enum verdict reset_one(struct tctx *t, struct ds_ty *y)
{
	for (unsigned i = 0; i < y->n; i++)
		for (unsigned k = 0; k < y->u[i]->nregs; k++) {
			TRY(ds_wr(t, y->s, y->u[i], DISC_CTR, k, 0x1234));
			TRY(ds_wr(t, y->s, y->u[i], DISC_CTR_CTL, k, DS_EV_FREE | DS_CTL_OV_EN));
		}
	TRY(ds_ty_ctl(t, y, DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS));
	for (unsigned i = 0; i < y->n; i++) {
		const struct disc_unit *u = y->u[i];
		uint64_t c, v;

		for (unsigned k = 0; k < u->nregs; k++) {
			TRY(ds_rd(t, y->s, u, DISC_CTR_CTL, k, &c));
			TRY(ds_rd(t, y->s, u, DISC_CTR, k, &v));
			CHECK(t, !c && !v, "%s %u of socket %u: after unit control bits 8 and 9, counter "
			      "%u's control reads 0x%llx and the counter %llu (D-31)", y->name, u->id,
			      y->sock, k, (unsigned long long)c, (unsigned long long)v);
		}
		TRY(ds_rd(t, y->s, u, DISC_UNIT_CTL, 0, &v));
		TRY(t_default(t, "OQ-D6", "the unit control reads back bit 0 alone", v == DS_UNIT_FRZ,
			      "%s %u of socket %u: unit control reads 0x%llx after 0x301", y->name,
			      u->id, y->sock, (unsigned long long)v));
	}
	return V_PASS;
}

/* A window of every unit's counter 0 counting the free event: a[] before,
 * b[] after. */
static enum verdict window(struct tctx *t, struct ds_ty *y, uint64_t *a, uint64_t *b)
{
	TRY(ds_ty_read(t, y, 0, a));
	plat_stall_us(RUN_US);
	return ds_ty_read(t, y, 0, b);
}

static enum verdict held(struct tctx *t, struct ds_ty *y, const uint64_t *a, const uint64_t *b,
			 const char *how)
{
	for (unsigned i = 0; i < y->n; i++)
		CHECK(t, a[i] == b[i], "%s %u of socket %u moved from %llu to %llu %s", y->name,
		      y->u[i]->id, y->sock, (unsigned long long)a[i], (unsigned long long)b[i], how);
	return V_PASS;
}

static enum verdict moved(struct tctx *t, struct ds_ty *y, const uint64_t *a, const uint64_t *b,
			  const char *how)
{
	for (unsigned i = 0; i < y->n; i++)
		if (b[i] == a[i])
			return t_idle(t, "%s %u of socket %u: event 0x01 did not count %s (D-34, "
				      "OQ-D9)", y->name, y->u[i]->id, y->sock, how);
	return V_PASS;
}

/* D-30: bit 0 holds the counters, 0 lets them go. */
static enum verdict freeze_one(struct tctx *t, struct ds_ty *y)
{
	uint64_t a[DISC_MAX_UNITS], b[DISC_MAX_UNITS];

	TRY(ds_ty_program(t, y, 0, DS_EV_FREE, 0));
	TRY(window(t, y, a, b));
	TRY(held(t, y, a, b, "with unit control bit 0 set (D-30)"));
	TRY(ds_ty_ctl(t, y, 0));
	TRY(window(t, y, a, b));
	TRY(moved(t, y, a, b, "with unit control 0 (D-30)"));
	TRY(ds_ty_ctl(t, y, DS_UNIT_FRZ));
	TRY(window(t, y, a, b));
	return held(t, y, a, b, "after unit control bit 0 was set again (D-30)");
}

/* D-36: the socket's freeze-all holds running units; clear, they go. */
static enum verdict global_one(struct tctx *t, struct ds_ty *y)
{
	uint64_t a[DISC_MAX_UNITS], b[DISC_MAX_UNITS], g = DS_GLOBAL_FRZ, zero = 0;

	TRY(ds_ty_program(t, y, 0, DS_EV_FREE, 0));
	TRY(ds_ty_ctl(t, y, 0));
	TRY(ds_global(t, y->s, true, &g));
	TRY(window(t, y, a, b));
	TRY(held(t, y, a, b, "with the global control's freeze-all set (D-36)"));
	TRY(ds_global(t, y->s, true, &zero));
	TRY(window(t, y, a, b));
	return moved(t, y, a, b, "with the freeze-all clear (D-36)");
}

/* D-33, OQ-D8: a counter written all-ones reads 2^width - 1 of its entry's
 * width; preloaded near the top and run, it wraps there. */
static enum verdict width_one(struct tctx *t, struct ds_ty *y)
{
	uint64_t v[DISC_MAX_UNITS];

	for (unsigned i = 0; i < y->n; i++) {
		const struct disc_unit *u = y->u[i];
		uint64_t r;

		TRY(ds_wr(t, y->s, u, DISC_CTR, 0, ~0ull));
		TRY(ds_rd(t, y->s, u, DISC_CTR, 0, &r));
		TRY(t_default(t, "OQ-D8", "a counter write keeps the entry's width of bits",
			      r == top(u), "%s %u of socket %u: counter 0 written all-ones reads "
			      "0x%llx, its entry says %u bits", y->name, u->id, y->sock,
			      (unsigned long long)r, u->width));
		if (r != top(u))
			return V_PASS; /* hardware: not writable, nothing to preload */
	}
	for (unsigned i = 0; i < y->n; i++)
		TRY(ds_wr(t, y->s, y->u[i], DISC_CTR, 0, top(y->u[i]) - NEAR));
	for (unsigned i = 0; i < y->n; i++)
		TRY(ds_wr(t, y->s, y->u[i], DISC_CTR_CTL, 0, DS_EV_FREE));
	TRY(ds_ty_ctl(t, y, 0));
	plat_stall_us(RUN_US);
	TRY(ds_ty_ctl(t, y, DS_UNIT_FRZ));
	TRY(ds_ty_read(t, y, 0, v));
	for (unsigned i = 0; i < y->n; i++) {
		if (v[i] == top(y->u[i]) - NEAR)
			return t_idle(t, "%s %u of socket %u: event 0x01 did not count (D-34)",
				      y->name, y->u[i]->id, y->sock);
		CHECK(t, v[i] < top(y->u[i]) - NEAR, "%s %u of socket %u: preloaded 2^%u - %u, it "
		      "read 0x%llx after counting: it did not wrap at its entry's width (D-33)",
		      y->name, y->u[i]->id, y->sock, y->u[i]->width, NEAR,
		      (unsigned long long)v[i]);
	}
	return V_PASS;
}

/* D-34: the free event counts on every counter of the unit, and stops
 * when the unit is frozen. */
static enum verdict count_one(struct tctx *t, struct ds_ty *y)
{
	uint64_t a[DISC_MAX_UNITS], b[DISC_MAX_UNITS];
	unsigned most = 0;

	for (unsigned i = 0; i < y->n; i++)
		most = y->u[i]->nregs > most ? y->u[i]->nregs : most;
	for (unsigned k = 0; k < most; k++)
		TRY(ds_ty_program(t, y, k, DS_EV_FREE, 0));
	TRY(ds_ty_ctl(t, y, 0));
	for (unsigned k = 0; k < most; k++) {
		TRY(ds_ty_read(t, y, k, a));
		plat_stall_us(RUN_US);
		TRY(ds_ty_read(t, y, k, b));
		for (unsigned i = 0; i < y->n; i++)
			if (k < y->u[i]->nregs && b[i] == a[i])
				return t_idle(t, "%s %u of socket %u: counter %u did not count event "
					      "0x01 (D-34, OQ-D9)", y->name, y->u[i]->id, y->sock, k);
	}
	TRY(ds_ty_ctl(t, y, DS_UNIT_FRZ));
	TRY(window(t, y, a, b));
	return held(t, y, a, b, "counting event 0x01 with the unit frozen (D-30, D-34)");
}

/* D-35, OQ-D10: every counter preloaded near its top with overflow enable
 * wraps and sets its bit of the unit status; writing the bits clears
 * them. A unit with no status offset (OQ-D14) has its wrap checked alone. */
static enum verdict overflow_one(struct tctx *t, struct ds_ty *y)
{
	for (unsigned i = 0; i < y->n; i++) {
		const struct disc_unit *u = y->u[i];
		uint64_t all = (1ull << u->nregs) - 1, r;

		if (u->status_off)
			TRY(ds_wr(t, y->s, u, DISC_UNIT_STATUS, 0, all));
		for (unsigned k = 0; k < u->nregs; k++) {
			TRY(ds_wr(t, y->s, u, DISC_CTR, k, top(u) - NEAR));
			TRY(ds_wr(t, y->s, u, DISC_CTR_CTL, k, DS_EV_FREE | DS_CTL_OV_EN));
		}
		/* OQ-D8: without a writable counter no wrap is near; reported */
		TRY(ds_rd(t, y->s, u, DISC_CTR, 0, &r));
		TRY(t_default(t, "OQ-D8", "a counter write keeps the entry's width of bits",
			      r == top(u) - NEAR, "%s %u of socket %u: counter 0 preloaded 0x%llx "
			      "reads 0x%llx", y->name, u->id, y->sock,
			      (unsigned long long)(top(u) - NEAR), (unsigned long long)r));
		if (r != top(u) - NEAR)
			return V_PASS;
	}
	TRY(ds_ty_ctl(t, y, 0));
	plat_stall_us(RUN_US);
	TRY(ds_ty_ctl(t, y, DS_UNIT_FRZ));
	for (unsigned i = 0; i < y->n; i++) {
		const struct disc_unit *u = y->u[i];
		uint64_t all = (1ull << u->nregs) - 1, st, v;

		for (unsigned k = 0; k < u->nregs; k++) {
			TRY(ds_rd(t, y->s, u, DISC_CTR, k, &v));
			if (v == top(u) - NEAR)
				return t_idle(t, "%s %u of socket %u: counter %u did not count (D-34)",
					      y->name, u->id, y->sock, k);
		}
		if (!u->status_off) {
			plat_log(2, "  %s %u of socket %u: no status offset (OQ-D14), wraps only",
				 y->name, u->id, y->sock);
			continue;
		}
		TRY(ds_rd(t, y->s, u, DISC_UNIT_STATUS, 0, &st));
		CHECK(t, (st & all) == all, "%s %u of socket %u: status 0x%llx after all %u counters "
		      "wrapped with bit 20 set, want 0x%llx (D-35)", y->name, u->id, y->sock,
		      (unsigned long long)st, u->nregs, (unsigned long long)all);
		TRY(ds_wr(t, y->s, u, DISC_UNIT_STATUS, 0, all));
		TRY(ds_rd(t, y->s, u, DISC_UNIT_STATUS, 0, &st));
		TRY(t_default(t, "OQ-D10", "writing 1 clears a status bit", !(st & all),
			      "%s %u of socket %u: status 0x%llx after writing 0x%llx", y->name, u->id,
			      y->sock, (unsigned long long)st, (unsigned long long)all));
	}
	return V_PASS;
}

static enum verdict reset(struct tctx *t) { return each_type(t, reset_one); }
static enum verdict freeze(struct tctx *t) { return each_type(t, freeze_one); }
static enum verdict global(struct tctx *t) { return each_type(t, global_one); }
static enum verdict width(struct tctx *t) { return each_type(t, width_one); }
static enum verdict count(struct tctx *t) { return each_type(t, count_one); }
static enum verdict overflow(struct tctx *t) { return each_type(t, overflow_one); }

static const struct test tests[] = {
	{ .id = "disc.unit.reset", .desc = "every unit: unit control bits 8 and 9 zero every "
	  "counter control and counter (D-31)", .needs = NEED_UNCORE, .run = reset },
	{ .id = "disc.unit.freeze", .desc = "every unit: unit control bit 0 holds its counters, 0 "
	  "lets them count, with no freeze-enable bit (D-30)", .needs = NEED_UNCORE,
	  .run = freeze },
	{ .id = "disc.unit.global", .desc = "every unit: the global control's freeze-all holds it, "
	  "clearing it lets it count (D-36)", .needs = NEED_UNCORE, .run = global },
	{ .id = "disc.unit.width", .desc = "every unit: counter 0 holds and wraps at the width its "
	  "entry gives (D-33)", .needs = NEED_UNCORE, .run = width },
	{ .id = "disc.unit.count", .desc = "every counter of every unit counts event 0x01 and stops "
	  "when the unit is frozen (D-34)", .needs = NEED_UNCORE, .run = count },
	{ .id = "disc.unit.overflow", .desc = "every counter of every unit wraps with overflow "
	  "enable and sets its unit status bit, which writing 1 clears (D-35)",
	  .needs = NEED_UNCORE, .run = overflow },
};
const struct suite disc_unit_suite = SUITE("disc.unit", tests);
