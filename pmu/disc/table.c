/* Decoding and walking the uncore discovery table (pmu/disc/table.h,
 * docs/spec/xeon-discovery.md §2, §3). */
#include "pmu/disc/table.h"

#define ONES (~0ull)

static uint64_t bits(uint64_t v, unsigned lo, unsigned n)
{
	return (v >> lo) & ((1ull << n) - 1);
}

void disc_decode_global(const uint64_t q[3], struct disc_global *g)
{
	/* D-10: the fields of §2 */
	g->type = (uint8_t)bits(q[0], 0, 8);
	g->stride = (uint8_t)bits(q[0], 8, 8);
	g->max_units = (uint16_t)bits(q[0], 16, 10);
	g->access = (uint8_t)bits(q[0], 62, 2);
	g->ctl = q[1];
	g->status_off = (uint8_t)bits(q[2], 0, 8);
	g->nstatus = (uint16_t)bits(q[2], 8, 16);
}

/* Linux's test of an entry, global or unit (D-11, D-14). */
static bool entry_invalid(const uint64_t q[3])
{
	return !q[0] || q[0] == ONES || !q[1] || q[1] == ONES || q[2] == ONES;
}

bool disc_decode_unit(const uint64_t q[3], struct disc_unit *u, enum disc_why *why)
{
	/* D-13: the fields of §2 */
	u->nregs = (uint8_t)bits(q[0], 0, 8);
	u->ctl_off = (uint8_t)bits(q[0], 8, 8);
	u->width = (uint8_t)bits(q[0], 16, 8);
	u->ctr_off = (uint8_t)bits(q[0], 24, 8);
	u->status_off = (uint8_t)bits(q[0], 32, 8);
	u->access = (uint8_t)bits(q[0], 62, 2);
	u->ctl = q[1];
	u->type = (uint16_t)bits(q[2], 0, 16);
	u->id = (uint16_t)bits(q[2], 16, 16);
	u->gsp = (uint16_t)bits(q[2], 32, 16);
	/* The controls' spacing by access type: one MSR number (D-18), 8
	 * bytes in PCI space (D-19), 4 in MMIO (D-20, OQ-D4); a per-model
	 * correction may set 8 for the types Linux marks OFFS8. */
	u->ctl_step = u->access == DISC_MSR ? 1 : u->access == DISC_PCI ? 8 : 4;
	if (entry_invalid(q))
		*why = DISC_INVALID; /* D-14, OQ-D5 */
	else if (u->access > DISC_PCI)
		*why = DISC_ACCESS;  /* D-14 */
	else if (!u->ctl_off || !u->ctr_off)
		*why = DISC_OFFSET;  /* D-15 */
	else
		return true;
	return false;
}

static void skip(struct disc_table *t, unsigned index, enum disc_why why, const uint64_t q[3])
{
	if (t->nskips < DISC_MAX_SKIPS)
		t->skips[t->nskips] = (struct disc_skip){ .index = (uint16_t)index, .why = (uint8_t)why,
							  .q = { q[0], q[1], q[2] } };
	t->nskips++;
}

static int read3(disc_read_fn rd, void *ctx, uint64_t at, uint64_t q[3])
{
	int rc = 0;

	for (unsigned k = 0; k < 3 && !rc; k++)
		rc = rd(ctx, at + 8 * k, &q[k]);
	return rc;
}

static bool seen(const struct disc_table *t, const struct disc_unit *u)
{
	for (unsigned k = 0; k < t->nunits; k++)
		if (t->units[k].type == u->type && t->units[k].id == u->id)
			return true;
	return false;
}

enum disc_rc disc_parse(struct disc_table *t, uint64_t base, disc_read_fn rd, void *ctx)
{
	t->base = base;
	t->nunits = t->nskips = 0;
	memset(t->gq, 0, sizeof(t->gq));
	memset(&t->global, 0, sizeof(t->global));
	if (read3(rd, ctx, base, t->gq))
		return DISC_E_READ;
	disc_decode_global(t->gq, &t->global);
	if (entry_invalid(t->gq))
		return DISC_E_GLOBAL; /* D-11 */
	if (t->global.stride < 3)
		return DISC_E_STRIDE; /* D-12: entries would overlap */
	for (unsigned i = 0; i < t->global.max_units; i++) {
		uint64_t q[3] = { 0, 0, 0 };
		struct disc_unit u;
		enum disc_why why;

		/* D-12: entry i after the global one, stride qwords apart */
		if (read3(rd, ctx, base + (uint64_t)(i + 1) * t->global.stride * 8, q))
			skip(t, i, DISC_UNREAD, q);
		else if (!disc_decode_unit(q, &u, &why))
			skip(t, i, why, q);
		else if (seen(t, &u))
			skip(t, i, DISC_DUPLICATE, q); /* D-16: the first is kept */
		else if (t->nunits == t->cap)
			skip(t, i, DISC_FULL, q);
		else
			t->units[t->nunits++] = u;
	}
	return DISC_OK;
}

struct pci_fn disc_pci_fn(uint64_t ctl)
{
	/* D-19: segment 30:28, bus 27:20, device 19:15, function 14:12 */
	return (struct pci_fn){ .seg = (uint16_t)bits(ctl, 28, 3), .bus = (uint8_t)bits(ctl, 20, 8),
				.dev = (uint8_t)bits(ctl, 15, 5), .fn = (uint8_t)bits(ctl, 12, 3) };
}

struct reg_loc disc_reg(const struct disc_unit *u, enum disc_reg kind, unsigned i, unsigned cpu)
{
	struct reg_loc l = { .cpu = cpu };
	/* Counters step by one MSR number (D-18) or by 8 bytes (D-19, D-20);
	 * the controls by the unit's ctl_step. */
	unsigned ctr_step = u->access == DISC_MSR ? 1 : 8;
	uint64_t off = kind == DISC_UNIT_CTL      ? 0
		       : kind == DISC_UNIT_STATUS ? u->status_off
		       : kind == DISC_CTR_CTL     ? u->ctl_off + (uint64_t)u->ctl_step * i
						  : u->ctr_off + (uint64_t)ctr_step * i;
	/* Counters are 64-bit reads; controls and status 32-bit writes in
	 * PCI and MMIO space, as Linux makes them (D-19, D-20). */
	unsigned bytes = kind == DISC_CTR ? 8 : 4;

	switch (u->access) {
	case DISC_MSR:
		l.space = SPACE_MSR;
		l.bytes = 8;
		l.msr = (uint32_t)(u->ctl + off);
		break;
	case DISC_PCI:
		l.space = SPACE_PCI;
		l.bytes = (uint8_t)bytes;
		l.fn = disc_pci_fn(u->ctl);
		l.off = (uint16_t)(bits(u->ctl, 0, 12) + off);
		break;
	default:
		l.space = SPACE_MMIO;
		l.bytes = (uint8_t)bytes;
		l.phys = u->ctl + off;
		break;
	}
	return l;
}

const char *disc_access_text(unsigned access)
{
	static const char *const names[] = { "MSR", "MMIO", "PCI" };

	return access < ARRAY_SIZE(names) ? names[access] : "reserved";
}

const char *disc_why_text(unsigned why)
{
	static const char *const text[] = {
		[DISC_INVALID] = "invalid entry (a qword zero or all-ones, D-14)",
		[DISC_ACCESS] = "reserved access type 3 (D-14)",
		[DISC_OFFSET] = "control or counter offset 0 (D-15)",
		[DISC_DUPLICATE] = "duplicate box type and id (D-16)",
		[DISC_UNREAD] = "entry could not be read",
		[DISC_FULL] = "more units than the harness holds",
	};

	return why < ARRAY_SIZE(text) ? text[why] : "?";
}

const char *disc_rc_text(enum disc_rc rc)
{
	switch (rc) {
	case DISC_OK:
		return "read";
	case DISC_E_READ:
		return "its global entry could not be read";
	case DISC_E_GLOBAL:
		return "its global entry is invalid (D-11)";
	case DISC_E_STRIDE:
		return "its stride is below 3 qwords (D-12)";
	}
	return "?";
}
