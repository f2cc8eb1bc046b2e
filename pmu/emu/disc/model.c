/* The emulated discovery-table parts (pmu/emu/disc/model.h). */
#include "pmu/emu/disc/model.h"
#include "arch/fault.h"

#define VENDOR_INTEL 0x8086u
#define DISC_DID 0x09A7u     /* D-01 */
#define DUMMY_DID 0x3250u    /* function 0 of a device whose units sit on function 1 */
#define UNIT_FRZ 0x1ull      /* D-30 */
#define UNIT_RST_CTRL 0x100ull /* D-31 */
#define UNIT_RST_CTRS 0x200ull
#define CTL_EVENT 0xFFull    /* D-32 */
#define CTL_EV_UMASK 0xFFFFull
#define CTL_OV_EN (1ull << 20) /* D-35 */
#define FREE_EVENT 0x01      /* D-34, OQ-D9 */
#define GLOBAL_FRZ 0x1ull    /* D-36 */
#define EV_CAS 0x05          /* D-70: with umask 0xCF reads, 0xF0 writes */
#define UMASK_CAS_RD 0xCF
#define UMASK_CAS_WR 0xF0
#define TYPE_CHA 0           /* D-40, D-43 */
#define TYPE_IIO 1
#define TYPE_IMC 6
#define IOCLK_STEP 0x10      /* D-72 */
#define IOCLK_WIDTH 48
#define CHA_FILTER0 0xE      /* D-74: MSR 0x200E + 0x10 box id, from the CHA's control */
#define CHA_TID 0x3FFu       /* its bits 9:0 */
#define CTL_TID_EN (1ull << 16)
#define TOR_IA 0x00C001FF00000135ull /* D-75: TOR_INSERTS.IA, event, umask, extended umask */
#define TOR_MASK 0xFFFFFFFF0000FFFFull

enum kind { K_UNIT_CTL, K_STATUS, K_CTL, K_CTR, K_GLOBAL, K_CHA_COUNT, K_BASE, K_IOCLK, K_FILTER };

static bool has(const struct disc_emu *m, emu_faults_t f)
{
	return (m->faults & f) != 0;
}

uint64_t disc_emu_window(unsigned pkg)
{
	/* above every RAM and PCI window OVMF places on q35 */
	return 0xFE00000000ull + (uint64_t)pkg * 0x10000000ull;
}

uint8_t disc_emu_bus(unsigned pkg, unsigned npkg)
{
	/* D-05, OQ-D3: one bus per socket, in socket order: the last of its share */
	return (uint8_t)((pkg + 1) * (256 / (npkg ? npkg : 1)) - 1);
}

static const struct disc_emu_type *row_of(const struct disc_emu *m, const struct disc_emu_unit *u)
{
	return &m->part->types[u->row];
}

static uint64_t mask(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/* The width a unit's counters really have (D-33). */
static unsigned width_of(const struct disc_emu *m, const struct disc_emu_type *t)
{
	/* disc-imc-width-40: the IMC's counters wrap at 40 bits */
	return t->type == 6 && has(m, EMU_F(DISC_IMC_WIDTH_40)) ? 40 : t->width;
}

/* Whether unit u is held: its own freeze or the global freeze-all. */
static bool held(const struct disc_emu *m, const struct disc_emu_unit *u)
{
	const struct disc_emu_type *t = &m->part->types[u->row];

	/* disc-mmio-frz-ignored: the MMIO units ignore their freeze bit */
	if (u->frz && !(t->access == 1 && has(m, EMU_F(DISC_MMIO_FRZ_IGNORED))))
		return true;
	/* disc-global-frz-ignored: the freeze-all holds nothing */
	return (m->global & GLOBAL_FRZ) && !has(m, EMU_F(DISC_GLOBAL_FRZ_IGNORED));
}

/* Counter k of unit u goes up by d; a wrap sets its status bit when its
 * overflow enable is set (D-33, D-35, OQ-D10). */
static void add(struct disc_emu *m, struct disc_emu_unit *u, unsigned k, uint64_t d)
{
	unsigned w = width_of(m, row_of(m, u));

	u->ctr[k] += d;
	if (u->ctr[k] > mask(w)) {
		u->ctr[k] &= mask(w);
		if (u->ctl[k] & CTL_OV_EN)
			u->status |= (uint8_t)(1u << k);
	}
}

/* Brings unit u's counters to now: event 0x01 counts every cycle while
 * neither the unit's freeze nor the global freeze-all holds (D-30, D-34,
 * D-36); a wrap sets the counter's status bit when its overflow enable
 * is set (D-35, OQ-D10). */
static void settle(struct disc_emu *m, struct disc_emu_unit *u)
{
	const struct disc_emu_type *t = row_of(m, u);
	uint64_t d = m->now - u->since;

	u->since = m->now;
	if (held(m, u) || !d)
		return;
	for (unsigned k = 0; k < t->nregs; k++)
		if ((u->ctl[k] & CTL_EVENT) == FREE_EVENT)
			add(m, u, k, d);
}

static void advance(struct disc_emu *m, uint64_t now)
{
	if (now > m->now)
		m->now = now;
}

static uint64_t unit_read(struct disc_emu *m, struct disc_emu_unit *u, enum kind k, unsigned i)
{
	const struct disc_emu_type *t = row_of(m, u);

	settle(m, u);
	switch (k) {
	case K_UNIT_CTL:
		return u->frz ? UNIT_FRZ : 0; /* OQ-D6: the resets read 0 */
	case K_STATUS:
		return u->status;
	case K_CTL:
		return u->ctl[i];
	case K_FILTER:
		return u->filter;
	default:
		return u->ctr[i] & mask(width_of(m, t));
	}
}

static void unit_write(struct disc_emu *m, struct disc_emu_unit *u, enum kind k, unsigned i,
		       uint64_t v)
{
	const struct disc_emu_type *t = row_of(m, u);

	settle(m, u);
	switch (k) {
	case K_UNIT_CTL:
		/* D-31: bit 8 clears the controls, bit 9 the counters */
		if (v & UNIT_RST_CTRL)
			memset(u->ctl, 0, sizeof(u->ctl));
		if (v & UNIT_RST_CTRS)
			memset(u->ctr, 0, sizeof(u->ctr));
		u->frz = (v & UNIT_FRZ) != 0; /* D-30: no freeze enable */
		break;
	case K_STATUS:
		u->status &= (uint8_t)~v; /* OQ-D10: write 1 to clear */
		break;
	case K_CTL:
		u->ctl[i] = v;
		break;
	case K_FILTER:
		u->filter = (uint16_t)(v & CHA_TID); /* OQ-D18: the rest reads 0 */
		break;
	default:
		u->ctr[i] = v & mask(width_of(m, t)); /* OQ-D8 */
		break;
	}
}

/* Which register of unit u is `off` from its control, and at what part of
 * it (0: whole, 1: low dword, 2: high dword), given the control step and
 * the counters' 8 (8: PCI, MMIO) or 1 (MSR) apart; false: none. */
static bool reg_at(const struct disc_emu_type *t, uint64_t off, unsigned bytes, enum kind *k,
		   unsigned *i, unsigned *half)
{
	unsigned cstep = t->access == 0 ? 1 : 8;
	unsigned wide = t->access == 0 ? 0 : 8; /* PCI and MMIO: a counter is 8 bytes */

	*half = 0;
	if (t->type == TYPE_CHA && t->access == 0 && off == CHA_FILTER0) {
		*k = K_FILTER, *i = 0;
		return true;
	}
	if (off == 0 || off == t->status_off) {
		*k = off ? K_STATUS : K_UNIT_CTL, *i = 0;
		return true;
	}
	for (unsigned r = 0; r < t->nregs; r++) {
		uint64_t c = t->ctl_off + (uint64_t)t->step * r, n = t->ctr_off + (uint64_t)cstep * r;

		if (off == c || (wide && t->step == 8 && off == c + 4)) {
			*k = K_CTL, *i = r, *half = off == c ? (bytes == 8 ? 0 : 1) : 2;
			return true;
		}
		if (off == n || (wide && off == n + 4)) {
			*k = K_CTR, *i = r, *half = off == n ? (bytes == 8 || !wide ? 0 : 1) : 2;
			return true;
		}
	}
	return false;
}

static uint64_t part_read(struct disc_emu *m, struct disc_emu_unit *u, enum kind k, unsigned i,
			  unsigned half)
{
	uint64_t v = unit_read(m, u, k, i);

	return half == 1 ? (uint32_t)v : half == 2 ? v >> 32 : v;
}

static void part_write(struct disc_emu *m, struct disc_emu_unit *u, enum kind k, unsigned i,
		       unsigned half, uint64_t v)
{
	uint64_t old = half ? (k == K_CTR ? u->ctr[i] : u->ctl[i]) : 0;

	if (half == 1)
		v = (old & ~0xFFFFFFFFull) | (uint32_t)v;
	else if (half == 2)
		v = (old & 0xFFFFFFFFull) | v << 32;
	unit_write(m, u, k, i, v);
}

/* The table (D-10 .. D-13): the global entry, then one entry per listed
 * unit, type by type, DISC_EMU_STRIDE qwords apart. */
static uint64_t unit_ctl_addr(const struct disc_emu *m, const struct disc_emu_type *t, unsigned n)
{
	uint8_t bus = disc_emu_bus(m->pkg, m->npkg);

	if (t->access == 0)
		return t->base + (uint64_t)t->stride * n;
	if (t->access == 1)
		return disc_emu_window(m->pkg) + t->base + (uint64_t)t->stride * n;
	/* D-42: on a broken part the third entry names device 31 function 7,
	 * where no function is */
	if (t->broken_entry && n == 2)
		return (uint64_t)bus << 20 | 31ull << 15 | 7ull << 12 | t->base;
	return (uint64_t)bus << 20 | (uint64_t)(t->dev + n) << 15 | (uint64_t)t->fn << 12 | t->base;
}

/* The entries the table lists of type row t: more than are there on
 * D-41's part, and one CHA more with disc-cha-uncorrected where no MSR
 * corrects the count. */
static unsigned listed(const struct disc_emu *m, const struct disc_emu_type *t)
{
	bool extra = t->type == 0 && !m->part->cha_msr && has(m, EMU_F(DISC_CHA_UNCORRECTED));

	return t->listed + extra;
}

static void build_table(struct disc_emu *m)
{
	/* disc-stride-3: the entries 3 qwords apart, the global entry still
	 * saying DISC_EMU_STRIDE (D-12) */
	unsigned stride = has(m, EMU_F(DISC_STRIDE_3)) ? 3 : DISC_EMU_STRIDE, e = 0;
	uint64_t *g = m->table;

	memset(m->table, 0, sizeof(m->table));
	for (unsigned r = 0; r < m->part->ntypes; r++) {
		const struct disc_emu_type *t = &m->part->types[r];

		for (unsigned n = 0; n < listed(m, t) && e < DISC_EMU_MAX_UNITS; n++, e++) {
			uint64_t *q = &m->table[(e + 1) * stride];

			q[0] = t->nregs | (uint64_t)t->ctl_off << 8 | (uint64_t)t->width << 16 |
			       (uint64_t)t->ctr_off << 24 | (uint64_t)t->status_off << 32 |
			       (uint64_t)t->access << 62;
			q[1] = unit_ctl_addr(m, t, n);
			q[2] = t->type | (uint64_t)n << 16;
		}
	}
	m->nentries = e;
	/* OQ-D11: the global control is MSR 0x2FF0; OQ-D12: no status */
	g[0] = 1 | (uint64_t)DISC_EMU_STRIDE << 8 | (uint64_t)e << 16;
	g[1] = DISC_EMU_GLOBAL_CTL;
	g[2] = 0;
}

void disc_emu_place(struct disc_emu *m, unsigned pkg, unsigned npkg)
{
	m->pkg = pkg;
	m->npkg = npkg;
	build_table(m);
}

void disc_emu_init(struct disc_emu *m, const struct disc_emu_part *part, emu_faults_t f,
		   unsigned pkg, unsigned npkg, uint64_t now)
{
	memset(m, 0, sizeof(*m));
	m->now = now;
	m->faults = f;
	m->part = part;
	m->pkg = pkg;
	m->npkg = npkg;
	m->global = GLOBAL_FRZ; /* OQ-D11: set at reset */
	m->global_at = now;
	for (unsigned r = 0; r < part->ntypes; r++)
		for (unsigned n = 0; n < part->types[r].count && m->nunits < DISC_EMU_MAX_UNITS; n++)
			m->unit[m->nunits++] = (struct disc_emu_unit){ .row = (uint8_t)r,
								       .n = (uint16_t)n, .since = now };
	build_table(m);
}

/* The unit of type row r at index n, or NULL (a listed unit not there,
 * D-41). */
static struct disc_emu_unit *unit_of(struct disc_emu *m, unsigned r, unsigned n)
{
	for (unsigned i = 0; i < m->nunits; i++)
		if (m->unit[i].row == r && m->unit[i].n == n)
			return &m->unit[i];
	return NULL;
}

/* The IIO units present: one free-running clock each (D-72). */
static unsigned iio_count(const struct disc_emu *m)
{
	for (unsigned r = 0; r < m->part->ntypes; r++)
		if (m->part->types[r].type == TYPE_IIO)
			return m->part->types[r].count;
	return 0;
}

/* The IIO's free-running clock: the TSC's rate, held by nothing (D-73,
 * OQ-D17); disc-ioclk-frozen: held while the freeze-all is set. */
static uint64_t ioclk(const struct disc_emu *m)
{
	bool held = has(m, EMU_F(DISC_IOCLK_FROZEN)) && (m->global & GLOBAL_FRZ);

	return ((held ? m->global_at : m->now) - m->ioclk_lost) & mask(IOCLK_WIDTH);
}

/* The MSR path (D-18). */
static int msr_find(struct disc_emu *m, uint32_t msr, struct disc_emu_unit **u, enum kind *k,
		    unsigned *i)
{
	unsigned half;

	*u = NULL;
	if (msr == DISC_EMU_GLOBAL_CTL || msr == DISC_EMU_CHA_MSR) {
		*k = msr == DISC_EMU_GLOBAL_CTL ? K_GLOBAL : K_CHA_COUNT;
		return 0;
	}
	if (msr == DISC_EMU_BASE_MSR && m->part->msr_discovery) {
		*k = K_BASE;
		return 0;
	}
	if (m->part->ioclk && msr >= m->part->ioclk && (msr - m->part->ioclk) % IOCLK_STEP == 0 &&
	    (msr - m->part->ioclk) / IOCLK_STEP < iio_count(m)) {
		*k = K_IOCLK;
		return 0;
	}
	for (unsigned r = 0; r < m->part->ntypes; r++) {
		const struct disc_emu_type *t = &m->part->types[r];
		uint32_t n;

		if (t->access != 0 || msr < t->base || msr >= t->base + t->stride * listed(m, t))
			continue;
		n = (msr - t->base) / t->stride;
		if (!reg_at(t, (msr - t->base) % t->stride, 8, k, i, &half))
			return VEC_GP;
		*u = unit_of(m, r, n);
		return *u ? 0 : VEC_GP; /* D-41: the entries above the count */
	}
	return -1;
}

static void global_write(struct disc_emu *m, uint64_t v)
{
	/* D-36: every unit is brought to now before the freeze-all moves */
	for (unsigned i = 0; i < m->nunits; i++)
		settle(m, &m->unit[i]);
	/* disc-ioclk-frozen: the time the freeze-all held the clock is lost */
	if ((m->global & GLOBAL_FRZ) && !(v & GLOBAL_FRZ) && has(m, EMU_F(DISC_IOCLK_FROZEN)))
		m->ioclk_lost += m->now - m->global_at;
	if (!(m->global & GLOBAL_FRZ) && (v & GLOBAL_FRZ))
		m->global_at = m->now;
	m->global = v & GLOBAL_FRZ; /* OQ-D11: other bits reserved */
}

int disc_emu_rdmsr(struct disc_emu *m, uint32_t msr, uint64_t now, uint64_t *val)
{
	struct disc_emu_unit *u;
	enum kind k;
	unsigned i;
	int rc = msr_find(m, msr, &u, &k, &i);

	if (rc)
		return rc;
	advance(m, now);
	/* disc-cha-uncorrected: SPR's MSR 0x2FFE reads 0 */
	if (k == K_CHA_COUNT)
		*val = has(m, EMU_F(DISC_CHA_UNCORRECTED)) ? 0 : m->part->cha_msr;
	else if (k == K_BASE)
		*val = disc_emu_window(m->pkg); /* D-06: the socket's own table */
	else if (k == K_IOCLK)
		*val = ioclk(m);
	else
		*val = k == K_GLOBAL ? m->global : unit_read(m, u, k, i);
	return 0;
}

int disc_emu_wrmsr(struct disc_emu *m, uint32_t msr, uint64_t val, uint64_t now)
{
	struct disc_emu_unit *u;
	enum kind k;
	unsigned i;
	int rc = msr_find(m, msr, &u, &k, &i);

	if (rc)
		return rc;
	advance(m, now);
	if (k == K_GLOBAL)
		global_write(m, val);
	else if (k == K_CHA_COUNT || k == K_BASE || k == K_IOCLK)
		return VEC_GP; /* read-only (D-73 for the clock) */
	else
		unit_write(m, u, k, i, val);
	return 0;
}

/* The PCI path: the discovery function (D-01 .. D-04) and the PCI units
 * (D-19). */
static uint32_t disc_function(const struct disc_emu *m, uint16_t off)
{
	uint64_t bar = disc_emu_window(m->pkg);

	switch (off) {
	case 0x00:
		return VENDOR_INTEL | DISC_DID << 16;
	case 0x10:
		return (uint32_t)bar | 0x4; /* a 64-bit memory BAR (D-04) */
	case 0x14:
		return (uint32_t)(bar >> 32);
	case 0x100:
		return 0x23 | 1u << 16;     /* DVSEC, version 1, the last capability */
	case 0x108:
		return 1;                   /* PMON (D-03) */
	case 0x10C:
		return 0;                   /* BAR 0 (D-04) */
	}
	return 0;
}

/* Unit's row and index at (dev, fn), or -1. */
static int pci_unit(struct disc_emu *m, unsigned dev, unsigned fn, unsigned *row,
		    struct disc_emu_unit **u)
{
	for (unsigned r = 0; r < m->part->ntypes; r++) {
		const struct disc_emu_type *t = &m->part->types[r];

		if (t->access == 2 && fn == t->fn && dev >= t->dev && dev < t->dev + t->count) {
			*row = r;
			*u = unit_of(m, r, dev - t->dev);
			return 0;
		}
	}
	return -1;
}

static bool dummy_function(struct disc_emu *m, unsigned dev)
{
	for (unsigned r = 0; r < m->part->ntypes; r++) {
		const struct disc_emu_type *t = &m->part->types[r];

		if (t->access == 2 && t->fn && dev >= t->dev && dev < t->dev + t->count)
			return true;
	}
	return false;
}

int disc_emu_pci_read(struct disc_emu *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		      uint64_t now, uint32_t *val)
{
	struct disc_emu_unit *u;
	unsigned row, i, half;
	enum kind k;
	uint32_t dw;

	advance(m, now);
	if (!dev && !fn) {
		dw = disc_function(m, off & ~3);
	} else if (!pci_unit(m, dev, fn, &row, &u)) {
		const struct disc_emu_type *t = &m->part->types[row];

		if (off < 4)
			dw = VENDOR_INTEL | (uint32_t)t->did << 16;
		else if (off >= t->base && bytes == 4 && reg_at(t, off - t->base, 4, &k, &i, &half))
			dw = (uint32_t)part_read(m, u, k, i, half ? half : 1);
		else
			dw = 0;
	} else if (!fn && dummy_function(m, dev)) {
		dw = off < 4 ? VENDOR_INTEL | DUMMY_DID << 16 : 0;
	} else {
		return -1;
	}
	*val = bytes == 4 ? dw : (dw >> (8 * (off & 3))) & ((1u << (8 * bytes)) - 1);
	return 0;
}

int disc_emu_pci_write(struct disc_emu *m, unsigned dev, unsigned fn, uint16_t off,
		       unsigned bytes, uint32_t val, uint64_t now)
{
	struct disc_emu_unit *u;
	unsigned row, i, half;
	enum kind k;

	advance(m, now);
	if ((!dev && !fn) || (!fn && dummy_function(m, dev)))
		return 0; /* nothing writable there */
	if (pci_unit(m, dev, fn, &row, &u))
		return -1;
	if (off >= m->part->types[row].base && bytes == 4 &&
	    reg_at(&m->part->types[row], off - m->part->types[row].base, 4, &k, &i, &half))
		part_write(m, u, k, i, half ? half : 1, val);
	return 0;
}

/* The MMIO path: the table (D-10) and the MMIO units (D-20). */
int disc_emu_mmio(struct disc_emu *m, uint64_t phys, unsigned bytes, bool write, uint64_t *val,
		  uint64_t now)
{
	uint64_t w = disc_emu_window(m->pkg), off = phys - w;

	if (phys < w || off >= 0x10000000ull)
		return -1;
	advance(m, now);
	if (off < sizeof(m->table)) {
		uint64_t q = m->table[off / 8];

		if (!write)
			*val = bytes == 8 ? q : (uint32_t)(q >> (8 * (off & 4)));
		return 0; /* the table is read-only */
	}
	for (unsigned r = 0; r < m->part->ntypes; r++) {
		const struct disc_emu_type *t = &m->part->types[r];
		struct disc_emu_unit *u;
		unsigned i, half;
		enum kind k;
		uint64_t n;

		if (t->access != 1 || off < t->base || off >= t->base + (uint64_t)t->stride * t->count)
			continue;
		n = (off - t->base) / t->stride;
		u = unit_of(m, r, (unsigned)n);
		if (!reg_at(t, (off - t->base) % t->stride, bytes, &k, &i, &half)) {
			if (!write)
				*val = 0;
			return 0;
		}
		if (write)
			part_write(m, u, k, i, half, *val);
		else
			*val = part_read(m, u, k, i, half);
		return 0;
	}
	if (!write)
		*val = 0;
	return 0;
}

/* The lines, split evenly over the socket's units of type `type` (the
 * remainder to the first), each adding 1 to the counters of those units
 * that are not held and whose control, under `mask`, is `want`; a CHA's
 * counter with its thread-id filter enabled only for the thread of its
 * FILTER0 (D-74, OQ-D18; disc-cha-tid-ignored: for every thread). */
static void spread(struct disc_emu *m, uint16_t type, uint64_t want, uint64_t msk,
		   uint32_t apic_id, uint64_t lines)
{
	bool tid_ok = has(m, EMU_F(DISC_CHA_TID_IGNORED));
	unsigned n = 0, j = 0;

	for (unsigned i = 0; i < m->nunits; i++)
		n += row_of(m, &m->unit[i])->type == type;
	for (unsigned i = 0; i < m->nunits && n; i++) {
		struct disc_emu_unit *u = &m->unit[i];
		uint64_t share;

		if (row_of(m, u)->type != type)
			continue;
		share = lines / n + (j++ < lines % n);
		settle(m, u);
		if (held(m, u))
			continue;
		for (unsigned k = 0; k < row_of(m, u)->nregs; k++)
			if ((u->ctl[k] & msk) == want &&
			    (!(type == TYPE_CHA && (u->ctl[k] & CTL_TID_EN)) || tid_ok ||
			     u->filter == (apic_id & CHA_TID)))
				add(m, u, k, share);
	}
}

/* D-70, D-71, OQ-D16: each line one CAS read or write at the IMCs, the
 * lines exactly in all (disc-cas-swapped: under the other umask); D-75,
 * OQ-D18: one TOR insert of an IA request at the CHAs, reads and writes
 * alike (a write reads its line for ownership). */
void disc_emu_traffic(struct disc_emu *m, uint32_t apic_id, uint64_t lines, bool write,
		      uint64_t now)
{
	bool swap = has(m, EMU_F(DISC_CAS_SWAPPED));
	uint64_t cas = EV_CAS | (uint64_t)((write != swap) ? UMASK_CAS_WR : UMASK_CAS_RD) << 8;

	advance(m, now);
	spread(m, TYPE_IMC, cas, CTL_EV_UMASK, apic_id, lines);
	spread(m, TYPE_CHA, TOR_IA, TOR_MASK, apic_id, lines);
}
