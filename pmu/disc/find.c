/* Finding the discovery tables and correcting them (pmu/disc/find.h). */
#include "pmu/disc/find.h"

#define VENDOR_INTEL 0x8086
#define DISC_DID 0x09A7        /* D-01 */
#define CAP_DISCOVERY 0x23     /* D-01 */
#define DVSEC_ID_PMON 1        /* D-03 */

static int space_pci(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val)
{
	(void)ctx;
	return pci_cfg_read(f, off, 4, val);
}

static int space_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx;
	return msr_read(cpu, msr, val);
}

static int space_mmio(void *ctx, uint64_t phys, uint64_t *val)
{
	(void)ctx;
	return mmio_read(phys, 8, val);
}

const struct disc_io disc_io_space = { .pci_read32 = space_pci, .rdmsr = space_msr,
				       .read64 = space_mmio };

void disc_pci_scan(const struct disc_io *io, struct disc_pci_list *l)
{
	l->n = l->dropped = 0;
	/* D-19 packs a 3-bit segment; a segment no mechanism reaches is
	 * passed over at its first function. */
	for (unsigned seg = 0; seg < 8; seg++) {
		uint32_t v;

		if (io->pci_read32(io->ctx, (struct pci_fn){ .seg = (uint16_t)seg }, 0, &v) ==
		    PLAT_EUNSUPPORTED)
			continue;
		for (unsigned bus = 0; bus < 256; bus++)
			for (unsigned dev = 0; dev < 32; dev++)
				for (unsigned fn = 0; fn < 8; fn++) {
					struct pci_fn f = { .seg = (uint16_t)seg,
							.bus = (uint8_t)bus, .dev = (uint8_t)dev,
							.fn = (uint8_t)fn };

					if (io->pci_read32(io->ctx, f, 0, &v) || v == ~0u) {
						if (!fn)
							break; /* no function 0: no device */
						continue;
					}
					if ((v & 0xFFFF) != VENDOR_INTEL)
						continue;
					if (l->n == l->cap)
						l->dropped++;
					else
						l->e[l->n++] = (struct disc_pci_fn){
							.f = f, .did = (uint16_t)(v >> 16) };
				}
	}
}

/* The next extended capability with id CAP_DISCOVERY after offset `from`
 * (0: from the start of the list at 0x100), or 0 (D-01). */
static uint16_t next_cap(const struct disc_io *io, struct pci_fn f, uint16_t from)
{
	uint16_t off = from ? 0 : 0x100;
	uint32_t h = 0;

	if (from) {
		if (io->pci_read32(io->ctx, f, from, &h))
			return 0;
		off = (uint16_t)(h >> 20);
	}
	/* a list longer than the space's 0xF00 bytes has a loop */
	for (unsigned n = 0; off >= 0x100 && n < 0xF00 / 4; n++) {
		if (io->pci_read32(io->ctx, f, off, &h) || !h || h == ~0u)
			return 0;
		if ((h & 0xFFFF) == CAP_DISCOVERY)
			return off;
		off = (uint16_t)(h >> 20);
	}
	return 0;
}

/* The table a PMON capability names: its BAR's address, or .bad (D-04). */
static void table_at(const struct disc_io *io, struct disc_found *d, uint32_t bir)
{
	uint16_t bar = (uint16_t)(0x10 + 4 * (bir & 7));
	uint32_t lo = 0, hi = 0;

	if (bir & ~7u) {
		d->bad = "its BAR indicator has bits above 2:0 (D-04, OQ-D2)";
		return;
	}
	if (io->pci_read32(io->ctx, d->fn, bar, &lo)) {
		d->bad = "its BAR could not be read";
		return;
	}
	if (lo & 0xB) {
		d->bad = "its BAR is not a non-prefetchable memory BAR (D-04)";
		return;
	}
	if ((lo & 6) == 4 && io->pci_read32(io->ctx, d->fn, (uint16_t)(bar + 4), &hi)) {
		d->bad = "the upper half of its 64-bit BAR could not be read";
		return;
	}
	d->base = (uint64_t)((lo & 6) == 4 ? hi : 0) << 32 | (lo & ~0xFu);
	if (!d->base)
		d->bad = "its BAR holds no address";
}

unsigned disc_find_pci(const struct disc_io *io, const struct disc_pci_list *l,
		       struct disc_found *out, unsigned max)
{
	bool generic = false;
	unsigned n = 0;

	/* D-01: the search is restricted to device 0x09A7 when one of them
	 * carries the capability; D-02: else every Intel function. */
	for (unsigned i = 0; i < l->n && !generic; i++)
		generic = l->e[i].did == DISC_DID && next_cap(io, l->e[i].f, 0);
	for (unsigned i = 0; i < l->n && n < max; i++) {
		if (generic && l->e[i].did != DISC_DID)
			continue;
		for (uint16_t c = next_cap(io, l->e[i].f, 0); c && n < max;
		     c = next_cap(io, l->e[i].f, c)) {
			struct disc_found d = { .where = DISC_AT_PCI, .fn = l->e[i].f, .cap = c };
			uint32_t id = 0, bir = 0;

			/* D-03: other kinds of entry pass without a word */
			if (io->pci_read32(io->ctx, d.fn, (uint16_t)(c + 8), &id) ||
			    (id & 0xFFFF) != DVSEC_ID_PMON)
				continue;
			if (io->pci_read32(io->ctx, d.fn, (uint16_t)(c + 0xC), &bir))
				d.bad = "its BAR indicator could not be read";
			else
				table_at(io, &d, bir);
			out[n++] = d;
		}
	}
	return n;
}

bool disc_msr_offers(uint32_t model)
{
	static const uint8_t named[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD }; /* §1.1 */

	for (unsigned i = 0; i < sizeof(named); i++)
		if (named[i] == model)
			return false;
	return true;
}

bool disc_find_msr(const struct disc_io *io, unsigned cpu, struct disc_found *out)
{
	uint64_t v = 0;

	/* D-06, OQ-D1: a fault or 0 offers no table */
	if (io->rdmsr(io->ctx, cpu, DISC_MSR_BASE, &v) || !v)
		return false;
	*out = (struct disc_found){ .where = DISC_AT_MSR, .cpu = cpu, .base = v };
	return true;
}

/* Drops the units of type `type` whose box id is `below` or more. */
static bool drop(struct disc_table *t, uint16_t type, uint64_t below)
{
	unsigned k = 0, n = t->nunits;

	for (unsigned i = 0; i < n; i++)
		if (t->units[i].type != type || t->units[i].id < below)
			t->units[k++] = t->units[i];
	t->nunits = k;
	return k != n;
}

static bool count_msr(const struct disc_io *io, const struct disc_fix *x, unsigned cpu,
		      struct disc_table *t)
{
	uint64_t n = 0;

	/* D-41: a count of 0 (or no MSR) leaves the table's */
	if (io->rdmsr(io->ctx, cpu, x->msr, &n) || !n)
		return false;
	return drop(t, x->type, n);
}

static bool ctl_step(const struct disc_fix *x, struct disc_table *t)
{
	bool changed = false;

	for (unsigned i = 0; i < t->nunits; i++)
		if (t->units[i].type == x->type && t->units[i].ctl_step != x->step)
			t->units[i].ctl_step = x->step, changed = true;
	return changed;
}

static bool rebuild_pci(const struct disc_fix *x, const struct disc_pci_list *l, unsigned socket,
			struct disc_table *t)
{
	const struct disc_pci_fn *at = NULL;
	unsigned seen = 0;

	drop(t, x->type, 0);
	/* D-42: the socket's function is the socket-th of its device id at
	 * its device and function, in bus order (OQ-D3) */
	for (unsigned i = 0; i < l->n && !at; i++)
		if (l->e[i].did == x->did && l->e[i].f.dev == x->dev && l->e[i].f.fn == x->fn &&
		    seen++ == socket)
			at = &l->e[i];
	for (unsigned k = 0; at && k < x->units && t->nunits < t->cap; k++) {
		struct pci_fn f = at->f;

		f.dev = (uint8_t)(f.dev + k);
		/* OQ-D14: no status offset is known for a rebuilt unit */
		t->units[t->nunits++] = (struct disc_unit){
			.type = x->type, .id = (uint16_t)k, .access = DISC_PCI, .nregs = x->nregs,
			.width = x->width, .ctl_off = x->ctl_off, .ctr_off = x->ctr_off,
			.ctl_step = 8,
			.ctl = (uint64_t)f.seg << 28 | (uint64_t)f.bus << 20 | (uint64_t)f.dev << 15 |
			       (uint64_t)f.fn << 12 | x->ctl,
		};
	}
	return true;
}

bool disc_fix_for(const struct disc_fix *x, uint32_t model)
{
	for (unsigned k = 0; k < ARRAY_SIZE(x->models) && x->models[k]; k++)
		if (x->models[k] == model)
			return true;
	return false;
}

uint32_t disc_fix_apply(const struct disc_io *io, const struct disc_pci_list *l, uint32_t model,
			unsigned socket, unsigned cpu, struct disc_table *t)
{
	uint32_t applied = 0;

	for (unsigned r = 0; r < disc_fixes_count; r++) {
		const struct disc_fix *x = &disc_fixes[r];
		bool changed = false;

		if (!disc_fix_for(x, model))
			continue;
		switch (x->kind) {
		case DISC_FIX_COUNT_MSR:
			changed = count_msr(io, x, cpu, t);
			break;
		case DISC_FIX_REBUILD_PCI:
			changed = rebuild_pci(x, l, socket, t);
			break;
		case DISC_FIX_CTL_STEP:
			changed = ctl_step(x, t);
			break;
		}
		applied |= (uint32_t)changed << r;
	}
	return applied;
}
