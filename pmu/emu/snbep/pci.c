/* The emulated Xeon E5-2600 PCI boxes (pmu/emu/snbep/pci.h). */
#include "pmu/emu/snbep/pci.h"
#include "pmu/emu/snbep/model.h"

#define VENDOR_INTEL 0x8086
#define BOX_STATUS   0xF8        /* V-38 */
#define FIXED_CTL    0xF0
#define FIXED_CTR    0xD0
#define BOX_RST_CTRL 0x1u        /* §3.1 */
#define BOX_RST_CTRS 0x2u
#define BOX_FRZ      0x100u
#define BOX_FRZ_EN   0x10000u
#define CTL_EV       0xFFu       /* S-49 */
#define CTL_UMASK    0xFF00u
#define CTL_EDGE     (1u << 18)
#define CTL_OV       (1u << 20)  /* V-35, V-38 */
#define CTL_EXT      (1u << 21)
#define CTL_EN       (1u << 22)
#define CTL_INV      (1u << 23)
#define CTL_FIELDS   0xFF44FFFFu /* ev_sel, umask, edge_det, en, thresh */
#define FIX_OV       (1u << 20)  /* OQ-V11 */
#define FIX_RST      (1u << 19)  /* S-52 */
#define FIX_EN       (1u << 22)

/* Each box's clockticks event (S-56, V-35, K-24). */
static const uint8_t clk_event[] = { [SNBEP_PCI_HA] = 0x00, [SNBEP_PCI_IMC] = 0x00,
				     [SNBEP_PCI_QPI] = 0x14, [SNBEP_PCI_R2] = 0x01,
				     [SNBEP_PCI_R3] = 0x01, [SNBEP_PCI_M2M] = 0x00,
				     [SNBEP_PCI_UPI] = 0x01, [SNBEP_PCI_M2P] = 0x01,
				     [SNBEP_PCI_M3UPI] = 0x01 };

/* S-47, S-49: BOX_CTL 0xF4, CTLk 0xD8 + 4k, CTRk 0xA0 + 8k. */
const struct snbep_pci_regs snbep_pci_regs_e5 = { .box_ctl = 0xF4, .ctl0 = 0xD8, .ctr0 = 0xA0,
						  .ctl_step = 4 };

static bool has(const struct snbep_pci *p, emu_faults_t f)
{
	return (p->faults & f) != 0;
}

/* OQ-S27: package p of n on the last bus of its equal share of the 256
 * (two sockets: 0x7F and 0xFF). */
uint8_t snbep_pci_bus(unsigned p, unsigned n)
{
	return (uint8_t)((p + 1) * (256 / (n ? n : 1)) - 1);
}

/* cycles of the U-clock now in the box's own clock: the iMC's DRAM clock
 * (the generation's, OQ-S24), every other box's the U-clock (OQ-S24). */
static uint64_t box_clock(const struct snbep_pci *p, const struct snbep_pci_box *b, uint64_t now)
{
	uint64_t k = p->g->dclk_khz;

	if (b->kind != SNBEP_PCI_IMC)
		return now;
	if (has(p, EMU_F(SNBEP_PCI_DCLK_HALF)))
		k /= 2;
	return now / p->uclk_khz * k + now % p->uclk_khz * k / p->uclk_khz;
}

static uint64_t mask(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

static bool frozen(const struct snbep_pci *p, unsigned i)
{
	const struct snbep_pci_box *b = &p->box[i];

	if (b->frz && b->frz_en && !has(p, EMU_F(SNBEP_PCI_FRZ_IGNORED)))
		return true;
	/* snbep-pci-frz-leaks: the box before's freeze stops this one too */
	return i && has(p, EMU_F(SNBEP_PCI_FRZ_LEAKS)) && p->box[i - 1].frz && p->box[i - 1].frz_en;
}

/* The increment of n cycles of a constant per-cycle x = 1 under thresh,
 * invert and edge_det (S-21..S-25 as the MSR boxes, S-49). */
static uint64_t shaped(struct snbep_pci_box *b, unsigned k, uint64_t n, bool invert_ok)
{
	uint32_t c = b->ctl[k];
	unsigned t = c >> 24;
	bool inv = (c & CTL_INV) && invert_ok, cond;

	if (!n)
		return 0;
	if (!t)
		return n; /* OQ-S08: invert and edge need a threshold */
	cond = inv ? 1 < t : 1 >= t;
	if (c & CTL_EDGE) {
		uint64_t d = cond && !b->det[k];

		b->det[k] = cond;
		return d;
	}
	return cond ? n : 0;
}

/* Counter k of box b moves by n: it wraps at its width, and a wrap with
 * ov_en sets its status bit, the iMC's general counters from bit 1
 * (V-38, OQ-V18). */
static void add(struct snbep_pci *p, struct snbep_pci_box *b, unsigned k, uint64_t n)
{
	uint64_t v = b->val[k] + n;

	if (p->g->status && (b->ctl[k] & CTL_OV) && v > mask(b->width) &&
	    !has(p, EMU_F(PCIV2_STATUS_LOST)))
		b->status |= 1u << (k + (b->kind == SNBEP_PCI_IMC));
	b->val[k] = v & mask(b->width);
}

static void advance_box(struct snbep_pci *p, unsigned i, uint64_t now)
{
	struct snbep_pci_box *b = &p->box[i];
	uint64_t clk = box_clock(p, b, now), n = clk - b->last, v;
	unsigned k;

	b->last = clk;
	if (frozen(p, i))
		return;
	for (k = 0; k < b->nctr; k++) {
		uint32_t c = b->ctl[k];

		if (!(c & CTL_EN) || (c & CTL_EV) != clk_event[b->kind] ||
		    (b->kind == SNBEP_PCI_QPI && (c & CTL_EXT)))
			continue;
		add(p, b, k, shaped(b, k, n, !has(p, EMU_F(SNBEP_PCI_INVERT_IGNORED))));
	}
	if (b->kind != SNBEP_PCI_IMC || !(b->fixed_ctl & FIX_EN))
		return;
	v = b->fixed + n;
	if ((b->fixed_ctl & FIX_OV) && v > mask(48) && !has(p, EMU_F(PCIV2_STATUS_LOST)))
		b->status |= 1u; /* V-38: the fixed counter's bit 0 */
	b->fixed = v & mask(48);
}

static void advance(struct snbep_pci *p, uint64_t now)
{
	unsigned i;

	for (i = 0; i < p->nbox; i++)
		advance_box(p, i, now);
}

/* Ids and places: S-48, V-33, OQ-V17; counters and widths: S-51, V-33. */
void snbep_pci_setup(struct snbep_pci *p, const struct snbep_pci_gen *g, bool big,
		     emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz, uint64_t now)
{
	unsigned i;

	memset(p, 0, sizeof(*p));
	p->g = g;
	p->faults = f;
	p->pkg = pkg;
	p->npkg = npkg;
	p->uclk_khz = uclk_khz ? uclk_khz : 1;
	for (i = 0; i < g->nrows && p->nbox < SNBEP_PCI_BOXES; i++) {
		const struct snbep_pci_row *r = &g->rows[i];
		struct snbep_pci_box *b = &p->box[p->nbox];
		bool r23 = r->kind == SNBEP_PCI_R2 || r->kind == SNBEP_PCI_R3;

		if (r->big_only && !big)
			continue; /* OQ-V22: the smaller die lacks it */
		b->kind = r->kind;
		b->stack = r->stack;
		b->r = r->regs ? r->regs : &snbep_pci_regs_e5;
		b->devfn = r->devfn;
		b->did = r->did;
		b->nctr = r->nctr;
		b->width = r23 && has(p, EMU_F(SNBEP_PCI_WIDTH_48)) ? 48 : r->width;
		/* S-50: not on HA and iMC; V-34: on every box, unless broken */
		b->has_rst = r->kind != SNBEP_PCI_HA && r->kind != SNBEP_PCI_IMC;
		if (g->rst_all && !has(p, EMU_F(PCIV2_RST_RESERVED)))
			b->has_rst = true;
		b->last = box_clock(p, b, now);
		p->nimc += r->kind == SNBEP_PCI_IMC;
		p->nbox++;
	}
}

static void pci_init(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		     uint64_t now)
{
	snbep_pci_setup(m, &snbep_pci_e5, true, f, pkg, npkg, uclk_khz, now);
}

static struct snbep_pci_box *box_at(struct snbep_pci *p, unsigned devfn)
{
	unsigned i;

	for (i = 0; i < p->nbox; i++)
		if (p->box[i].devfn == devfn)
			return &p->box[i];
	return NULL;
}

uint8_t snbep_pci_stack_bus(const struct snbep_pci *p, unsigned s)
{
	return (uint8_t)(snbep_pci_bus(p->pkg, p->npkg) - (p->g->nstacks - 1u) + s);
}

/* K-27: a box's stack, the U-box function's, else the PCU function 3's
 * (the one other function the package presents). */
static unsigned stack_of(struct snbep_pci *p, unsigned devfn)
{
	const struct snbep_pci_box *b = box_at(p, devfn);

	return b ? b->stack : devfn == p->g->ubox_devfn ? p->g->ubox_stack : p->g->pcu_stack;
}

int snbep_pci_on_bus(struct snbep_pci *p, uint8_t bus, unsigned dev, unsigned fn)
{
	unsigned s;

	if (!p->g->nstacks)
		return bus == snbep_pci_bus(p->pkg, p->npkg) ? 1 : -1;
	for (s = 0; s < p->g->nstacks; s++)
		if (snbep_pci_stack_bus(p, s) == bus)
			return stack_of(p, dev << 3 | fn) == s;
	return -1;
}

/* K-25: CPUBUSNO(s) in byte s, bit 63 valid; skx-busno-invalid leaves bit
 * 63 clear, skx-busno-swapped gives stack 0's and stack 2's buses each
 * other's byte. */
uint64_t snbep_pci_busno(const struct snbep_pci *p)
{
	uint64_t v = 0;
	unsigned s;

	for (s = 0; s < p->g->nstacks; s++) {
		unsigned at = s;

		if (has(p, EMU_F(SKX_BUSNO_SWAPPED)) && (s == 0 || s == 2))
			at = 2 - s;
		v |= (uint64_t)snbep_pci_stack_bus(p, s) << (8 * at);
	}
	if (p->g->nstacks && !has(p, EMU_F(SKX_BUSNO_INVALID)))
		v |= 1ull << 63;
	return v;
}

/* The counter control at off of b (0..nctr-1), or -1. */
static int ctl_at(const struct snbep_pci_box *b, unsigned off)
{
	unsigned d = off - b->r->ctl0;

	return off >= b->r->ctl0 && d % b->r->ctl_step == 0 && d / b->r->ctl_step < b->nctr
		       ? (int)(d / b->r->ctl_step) : -1;
}

/* The counter whose low (high: +4) dword is at off of b, or -1. */
static int ctr_at(const struct snbep_pci_box *b, unsigned off)
{
	return off >= b->r->ctr0 && off < b->r->ctr0 + 8u * b->nctr ? (int)((off - b->r->ctr0) / 8)
								     : -1;
}

/* The dword at a 4-aligned offset of a box's function. */
static uint32_t box_dword(const struct snbep_pci *p, const struct snbep_pci_box *b, uint16_t off)
{
	int k;

	if (off == 0)
		return (uint32_t)b->did << 16 | VENDOR_INTEL;
	if (off == 0x08)
		return 0x11010000u; /* class: signal processing, performance counters */
	if ((k = ctl_at(b, off)) >= 0)
		return b->ctl[k];
	if ((k = ctr_at(b, off)) >= 0)
		return (uint32_t)((off - b->r->ctr0) & 4 ? b->val[k] >> 32 : b->val[k]);
	if (b->kind == SNBEP_PCI_IMC && off == FIXED_CTL)
		return b->fixed_ctl;
	if (b->kind == SNBEP_PCI_IMC && (off == FIXED_CTR || off == FIXED_CTR + 4))
		return (uint32_t)(off & 4 ? b->fixed >> 32 : b->fixed);
	if (p->g->status && off == BOX_STATUS)
		return b->status;
	return 0; /* BOX_CTL reads 0 (OQ-S02), the rest is not modelled */
}

static void box_ctl(struct snbep_pci *p, struct snbep_pci_box *b, uint32_t v)
{
	unsigned k;

	if (b->has_rst && (v & BOX_RST_CTRL))
		for (k = 0; k < b->nctr; k++)
			b->ctl[k] = 0, b->det[k] = false;
	if (b->has_rst && (v & BOX_RST_CTRS) && !has(p, EMU_F(SNBEP_PCI_RST_CTRS_IGNORED)))
		for (k = 0; k < b->nctr; k++)
			b->val[k] = 0, b->det[k] = false;
	b->frz = v & BOX_FRZ;
	b->frz_en = v & BOX_FRZ_EN;
}

/* The bits a counter control keeps: S-49, V-35 (ov_en where the box has a
 * status, invert where the generation has it, QPI's ev_sel_ext). */
static uint32_t ctl_kept(const struct snbep_pci *p, const struct snbep_pci_box *b)
{
	return CTL_FIELDS | (p->g->invert ? CTL_INV : 0) | (p->g->status ? CTL_OV : 0) |
	       (b->kind == SNBEP_PCI_QPI ? CTL_EXT : 0);
}

static void write_dword(struct snbep_pci *p, struct snbep_pci_box *b, uint16_t off, uint32_t v)
{
	int k;

	if (off == b->r->box_ctl) {
		box_ctl(p, b, v);
	} else if ((k = ctl_at(b, off)) >= 0) {
		b->ctl[k] = v & ctl_kept(p, b);
		b->det[k] = false;
	} else if ((k = ctr_at(b, off)) >= 0) {
		if (has(p, EMU_F(SNBEP_PCI_FROZEN_CTR_RO)) && frozen(p, (unsigned)(b - p->box)))
			return;
		if ((off - b->r->ctr0) & 4)
			b->val[k] = ((uint64_t)v << 32 | (uint32_t)b->val[k]) & mask(b->width);
		else
			b->val[k] = (b->val[k] & ~0xFFFFFFFFull) | v;
	} else if (b->kind == SNBEP_PCI_IMC && off == FIXED_CTL) {
		if (v & FIX_RST)
			b->fixed = 0;
		/* rst reads 0 (S-52, as S-20); ov_en where there is a status (OQ-V11) */
		b->fixed_ctl = v & (FIX_EN | (p->g->status ? FIX_OV : 0));
	} else if (b->kind == SNBEP_PCI_IMC && off == FIXED_CTR) {
		b->fixed = (b->fixed & ~0xFFFFFFFFull) | v;
	} else if (b->kind == SNBEP_PCI_IMC && off == FIXED_CTR + 4) {
		b->fixed = ((uint64_t)v << 32 | (uint32_t)b->fixed) & mask(48);
	} else if (p->g->status && off == BOX_STATUS && !has(p, EMU_F(PCIV2_STATUS_STICKY))) {
		b->status &= ~v; /* V-38: write 1 to clear */
	}
}

/* PKT_MATCH0, PKT_MATCH1, PKT_MASK0, PKT_MASK1 at 0x228, 0x22C, 0x238,
 * 0x23C (S-57): 0..3, else -1. */
static int match_idx(unsigned off)
{
	static const uint16_t at[] = { 0x228, 0x22C, 0x238, 0x23C };
	int i;

	for (i = 0; i < 4; i++)
		if (at[i] == off)
			return i;
	return -1;
}

/* The QPI port whose match/mask function (dev, fn) is, or -1 (S-57, V-27). */
static int match_port(const struct snbep_pci *p, unsigned dev, unsigned fn)
{
	unsigned i;

	for (i = 0; fn == 6 && i < p->g->nmatch; i++)
		if (p->g->match_dev[i] == dev)
			return (int)i;
	return -1;
}

/* 1 and 2 byte accesses reach the dword's bytes, little-endian. */
int snbep_pci_read(struct snbep_pci *p, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		   uint64_t now, uint32_t *val)
{
	unsigned devfn = dev << 3 | fn;
	struct snbep_pci_box *b = box_at(p, devfn);
	int port = match_port(p, dev, fn);
	uint32_t d = 0;

	advance(p, now);
	if (b) {
		d = box_dword(p, b, off & ~3u);
	} else if (devfn == p->g->ubox_devfn) {
		d = (off & ~3u) == 0 ? (uint32_t)p->g->ubox_did << 16 | VENDOR_INTEL :
		    (off & ~3u) == p->g->nodeid_off ? p->pkg :
		    (off & ~3u) == p->g->idmap_off ? 0xFAC688u /* socket i has node id i */ : 0;
	} else if (port >= 0) {
		d = (off & ~3u) == 0 ? (uint32_t)p->g->match_did[port] << 16 | VENDOR_INTEL :
		    match_idx(off & ~3u) >= 0 ? p->match[port][match_idx(off & ~3u)] : 0;
	} else {
		return -1;
	}
	d >>= 8 * (off & 3);
	*val = bytes == 4 ? d : d & ((1u << (8 * bytes)) - 1);
	return 0;
}

int snbep_pci_write(struct snbep_pci *p, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		    uint32_t val, uint64_t now)
{
	unsigned devfn = dev << 3 | fn;
	struct snbep_pci_box *b = box_at(p, devfn);
	int port = match_port(p, dev, fn);

	advance(p, now);
	if (b) {
		if (bytes == 4)
			write_dword(p, b, off, val);
		return 0; /* narrower writes to PMON registers: not modelled */
	}
	if (devfn == p->g->ubox_devfn)
		return 0;
	if (port >= 0) {
		/* S-57: reserved bits read 0; MATCH0 and MASK0 keep rnid_4 31,
		 * dnid 17:13, mc 12:9, opc 8:5, vnw 4:3; MATCH1 and MASK1 rds
		 * 19:16, rnid_3_0 3:0 */
		if (bytes == 4 && match_idx(off) >= 0)
			p->match[port][match_idx(off)] =
				val & (match_idx(off) & 1 ? 0xF000Fu : 0x8003FFF8u);
		return 0;
	}
	return -1;
}

/* S-53..S-55, V-40: `lines` CAS of one direction from phys on, a line to
 * each of the n channels present in turn by its line number mod n
 * (address bits 7:6 with four, OQ-S25); each adds 1 to the channel's
 * enabled, unfrozen CAS_COUNT counters whose umask selects its kind (reads
 * RD_REG, bit 0; writes WR_WMM, bit 2: OQ-S26), as one DRAM cycle with
 * x = 1 (thresh above 1, invert or edge_det: not counted). */
void snbep_pci_traffic(struct snbep_pci *p, uint64_t phys, uint64_t lines, bool write,
		       uint64_t now)
{
	unsigned i, c = 0, k, n = p->nimc ? p->nimc : 1, first = (unsigned)((phys >> 6) % n);
	uint32_t sel;

	advance(p, now);
	if (has(p, EMU_F(SNBEP_PCI_IMC_RW_SWAPPED)))
		write = !write;
	sel = write ? 0x04u << 8 : 0x01u << 8;
	for (i = 0; i < p->nbox; i++) {
		struct snbep_pci_box *b = &p->box[i];
		uint64_t m;

		if (b->kind != SNBEP_PCI_IMC)
			continue;
		m = lines / n + ((c + n - first) % n < lines % n);
		if ((c++ == 3 && has(p, EMU_F(SNBEP_PCI_IMC_CHAN_LOST))) || frozen(p, i))
			continue;
		for (k = 0; k < b->nctr; k++) {
			uint32_t ctl = b->ctl[k];

			if ((ctl & CTL_EN) && (ctl & CTL_EV) == 0x04 && (ctl & sel) &&
			    (ctl >> 24) <= 1 && !(ctl & (CTL_INV | CTL_EDGE)))
				add(p, b, k, m);
		}
	}
}

static int pci_read(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		    uint64_t now, uint32_t *val)
{
	return snbep_pci_read(m, dev, fn, off, bytes, now, val);
}

static int pci_write(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes, uint32_t val,
		     uint64_t now)
{
	return snbep_pci_write(m, dev, fn, off, bytes, val, now);
}

/* The memory controllers count every thread's lines (apic_id unused). */
static void pci_traffic(void *m, uint32_t apic_id, uint64_t phys, uint64_t lines, bool write,
			uint64_t now)
{
	(void)apic_id;
	snbep_pci_traffic(m, phys, lines, write, now);
}

const struct emu_pci_model snbep_pci_model = {
	.size = sizeof(struct snbep_pci),
	.init = pci_init,
	.bus = snbep_pci_bus,
	.read = pci_read,
	.write = pci_write,
	.traffic = pci_traffic,
};
