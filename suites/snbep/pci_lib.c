/* What the PCI box tests share (suites/snbep/pci.h). */
#include "suites/snbep/pci.h"
#include "suites/snbep/v2.h"

#define VENDOR_INTEL 0x8086u

/* The machine's functions, found once a run: the configuration space does
 * not change under it. */
static struct spb_box boxes[SPB_MAX_BOXES];
static unsigned nboxes, nsockets;
static uint8_t buses[SPB_MAX_SOCKETS];
static bool scanned;
static char scan_why[T_REASON_LEN - 40];

/* The socket whose U-box function is on bus, or -1. */
static int socket_of(uint8_t bus)
{
	unsigned s;

	for (s = 0; s < nsockets; s++)
		if (buses[s] == bus)
			return (int)s;
	return -1;
}

/* S-58, V-23: a U-box function's socket is the field of GIDNIDMAP that
 * holds its CPUNODEID. */
static void add_ubox(struct pci_fn f)
{
	uint32_t node, map;
	unsigned s;

	if (pci_cfg_read(f, spb_gen()->nodeid_off, 4, &node) ||
	    pci_cfg_read(f, spb_gen()->idmap_off, 4, &map))
		return;
	for (s = 0; s < SPB_MAX_SOCKETS && ((map >> (3 * s)) & 7) != (node & 7); s++)
		;
	if (s < SPB_MAX_SOCKETS) {
		buses[s] = f.bus;
		nsockets = s + 1 > nsockets ? s + 1 : nsockets;
	}
}

/* A box of g found at f, by its device id (V-39), on socket (the E5
 * family's: 0 until its bus's U-box function names it). */
static void add_box(const struct spb_gen *g, struct pci_fn f, uint16_t did, unsigned socket)
{
	unsigned i;

	for (i = 0; i < g->ntypes && g->types[i].did != did; i++)
		;
	if (i == g->ntypes || nboxes == SPB_MAX_BOXES)
		return;
	boxes[nboxes++] = (struct spb_box){ .t = &g->types[i], .f = f, .socket = socket };
}

static int box_order(const struct spb_box *a, const struct spb_box *b)
{
	if (a->socket != b->socket)
		return a->socket < b->socket ? -1 : 1;
	return a->t < b->t ? -1 : a->t > b->t;
}

/* Every function of bus: g's boxes, on socket where the bus is known to
 * be its (K-25), else (socket < 0) the U-box functions that name the
 * sockets of their buses (S-58, V-23) beside the boxes. */
static void scan_bus(const struct spb_gen *g, uint8_t bus, int socket)
{
	unsigned devfn;
	uint32_t id;

	for (devfn = 0; devfn < 256; devfn++) {
		struct pci_fn f = { .bus = bus, .dev = (uint8_t)(devfn >> 3), .fn = (uint8_t)(devfn & 7) };

		if (pci_cfg_read(f, 0, 4, &id) || (id & 0xFFFF) != VENDOR_INTEL)
			continue;
		if (id >> 16 == g->ubox_did && socket < 0)
			add_ubox(f);
		else if (id >> 16 != g->ubox_did)
			add_box(g, f, (uint16_t)(id >> 16), socket < 0 ? 0 : (unsigned)socket);
	}
}

/* PCI configuration space answers at f; else why not, in scan_why. */
static bool reachable(struct pci_fn f, uint32_t *id)
{
	int rc = pci_cfg_read(f, 0, 4, id);

	if (rc != PLAT_EUNSUPPORTED && rc != PLAT_EINVAL)
		return !rc;
	snprintf(scan_why, sizeof(scan_why), "PCI configuration space not reachable: %s (pci: %s)",
		 space_rc_text(rc), plat_pci_mechanism());
	return false;
}

/* The E5 family's: every function of every uncore bus of segment 0, a bus
 * where iMC channel 0 answers at its place (V-39: the boxes are what
 * answers there, wherever their device and function, OQ-V17); then each
 * box takes the socket of its bus's U-box function, and a box on a bus
 * without one is left out (logged). */
static void scan_e5(const struct spb_gen *g)
{
	unsigned bus, i, kept = 0;
	uint32_t id;

	for (bus = 0; bus < 256; bus++) {
		struct pci_fn a = { .bus = (uint8_t)bus, .dev = g->anchor_dev, .fn = g->anchor_fn };

		if (!reachable(a, &id)) {
			if (scan_why[0])
				return;
			continue;
		}
		if (id == ((uint32_t)g->anchor_did << 16 | VENDOR_INTEL))
			scan_bus(g, (uint8_t)bus, -1);
	}
	for (i = 0; i < nboxes; i++) {
		int s = socket_of(boxes[i].f.bus);

		if (s < 0) {
			plat_log(1, "  snbep.pci: %s at %02x:%02x.%u is on no socket's uncore bus: "
				 "left out", boxes[i].t->name, boxes[i].f.bus, boxes[i].f.dev,
				 boxes[i].f.fn);
			continue;
		}
		boxes[i].socket = (unsigned)s;
		boxes[kept++] = boxes[i];
	}
	nboxes = kept;
	if (!nsockets)
		snprintf(scan_why, sizeof(scan_why), "no %s uncore bus: no iMC channel 0 8086:%04X "
			 "at %02x.%u with a U-box function 8086:%04X beside it on any bus of segment 0 "
			 "(S-58, V-23, V-39; pci: %s)", g->name, g->anchor_did, g->anchor_dev,
			 g->anchor_fn, g->ubox_did, plat_pci_mechanism());
}

/* K-25: package p's boxes on the buses MSR 0x300 names on its CPU cpu,
 * each bus once (a part may leave a stack's byte at another's); false,
 * with scan_why, where the read faults, the valid bit is clear, or no iMC
 * channel 0 answers on them (K-27: every part has it). */
static bool scan_package(const struct spb_gen *g, unsigned p, unsigned cpu)
{
	struct pci_fn a = { .dev = g->anchor_dev, .fn = g->anchor_fn };
	bool anchor = false;
	uint64_t v;
	unsigned s, i;
	uint32_t id;
	int rc = msr_read(cpu, SPB_CPU_BUS_NUMBER, &v);

	if (rc) {
		snprintf(scan_why, sizeof(scan_why), "rdmsr 0x300 (CPU_BUS_NUMBER) on CPU %u of "
			 "package %u faulted (%d): no stack buses to find the PCI boxes on (K-25)",
			 cpu, p, rc);
		return false;
	}
	if (!(v & SPB_BUSNO_VALID)) {
		snprintf(scan_why, sizeof(scan_why), "MSR 0x300 (CPU_BUS_NUMBER) on CPU %u of "
			 "package %u reads 0x%llx: valid bit 63 clear, the firmware reported no "
			 "stack buses (K-25)", cpu, p, (unsigned long long)v);
		return false;
	}
	for (s = 0; s < SPB_STACKS; s++) {
		for (i = 0; i < s && SPB_STACK_BUS(v, i) != SPB_STACK_BUS(v, s); i++)
			;
		a.bus = SPB_STACK_BUS(v, s);
		if (i < s)
			continue;
		if (reachable(a, &id))
			anchor |= id == ((uint32_t)g->anchor_did << 16 | VENDOR_INTEL);
		else if (scan_why[0])
			return false;
		scan_bus(g, a.bus, (int)p);
	}
	if (!anchor && !scan_why[0])
		snprintf(scan_why, sizeof(scan_why), "no %s iMC channel 0 8086:%04X at %02x.%u on "
			 "the buses MSR 0x300 reads 0x%llx on CPU %u of package %u (K-25, K-27; pci: %s)",
			 g->name, g->anchor_did, g->anchor_dev, g->anchor_fn, (unsigned long long)v,
			 cpu, p, plat_pci_mechanism());
	return anchor;
}

/* The Xeon Scalable's: each package's buses from MSR 0x300 on a CPU of it
 * (K-25), its boxes found there by their ids and given that package; no
 * socket at all where one package's cannot be found. */
static void scan_sp(const struct spb_gen *g)
{
	unsigned p, cpu;

	for (p = 0; p < SPB_MAX_SOCKETS && spb_package_cpu(p, &cpu); p++)
		if (!scan_package(g, p, cpu)) {
			nboxes = 0;
			return;
		}
	nsockets = p;
	if (!p)
		snprintf(scan_why, sizeof(scan_why), "no CPU of package 0 to read MSR 0x300 on");
}

/* The machine's boxes, ordered by socket, then by their type's row. */
static void scan(const struct spb_gen *g)
{
	unsigned i, j;

	if (g->stacks)
		scan_sp(g);
	else
		scan_e5(g);
	for (i = 1; i < nboxes; i++) /* insertion sort: a few dozen boxes */
		for (j = i; j && box_order(&boxes[j - 1], &boxes[j]) > 0; j--) {
			struct spb_box x = boxes[j];

			boxes[j] = boxes[j - 1];
			boxes[j - 1] = x;
		}
}

int spb_read_ctr(struct pci_fn f, uint16_t off, uint64_t *v)
{
	uint32_t hi, lo, hi2;
	unsigned i;
	int rc;

	for (i = 0; i < 8; i++) {
		if ((rc = pci_cfg_read(f, off + 4, 4, &hi)) || (rc = pci_cfg_read(f, off, 4, &lo)) ||
		    (rc = pci_cfg_read(f, off + 4, 4, &hi2)))
			return rc;
		if (hi == hi2) {
			*v = (uint64_t)hi << 32 | lo;
			return 0;
		}
	}
	return PLAT_ETIMEDOUT;
}

bool spb_match_fn(struct pci_fn *f)
{
	unsigned devfn;
	uint32_t id;

	for (devfn = 0; nsockets && spb_gen()->match_did && devfn < 256; devfn++) {
		*f = (struct pci_fn){ .bus = buses[0], .dev = (uint8_t)(devfn >> 3),
				      .fn = (uint8_t)(devfn & 7) };
		if (!pci_cfg_read(*f, 0, 4, &id) &&
		    id == ((uint32_t)spb_gen()->match_did << 16 | VENDOR_INTEL))
			return true;
	}
	return false;
}

enum verdict spb_begin(struct tctx *t, const struct spb_box **box, unsigned *nbox,
		       unsigned *nsock)
{
	if (snb_icx()) {
		*nbox = 0; /* spb_end then has nothing to put at rest */
		return t_na(t, "Ice Lake-SP: its PCI boxes and MMIO memory controller are "
			    "described, not tested (K-70, OQ-K33)");
	}
	if (!scanned) {
		scan(spb_gen());
		scanned = true;
	}
	*box = boxes;
	*nbox = nboxes;
	*nsock = nsockets;
	if (nsockets)
		return V_PASS;
	*nbox = 0; /* spb_end then has nothing to put at rest */
	/* The model always presents the U-box function; silicon may hide it. */
	return t_on_model() ? t_fail(t, "%s", scan_why) : t_skip(t, "%s", scan_why);
}

/* Every box frozen while its controls and counters go to 0 (S-05: a
 * frozen counter takes writes) and its status is cleared (V-38), then
 * BOX_CTL 0 (S-06). */
static enum verdict at_rest(struct tctx *t)
{
	unsigned b, k;

	for (b = 0; b < nboxes; b++) {
		struct pci_fn f = boxes[b].f;

		PWR(t, f, SPB_BOX_CTL(boxes[b].t), (uint32_t)SNB_FROZEN);
		for (k = 0; k < boxes[b].t->nctr; k++) {
			PWR(t, f, SPB_CTL(boxes[b].t, k), 0);
			PWR(t, f, SPB_CTR(boxes[b].t, k), 0);
			PWR(t, f, SPB_CTR(boxes[b].t, k) + 4, 0);
		}
		if (boxes[b].t->imc) {
			PWR(t, f, SPB_FIXED_CTL, 0);
			PWR(t, f, SPB_FIXED_CTR, 0);
			PWR(t, f, SPB_FIXED_CTR + 4, 0);
		}
		if (spb_gen()->status)
			PWR(t, f, SPB_STATUS, 0x7Fu);
		PWR(t, f, SPB_BOX_CTL(boxes[b].t), 0);
	}
	return V_PASS;
}

enum verdict spb_end(struct tctx *t, enum verdict v)
{
	enum verdict r = nsockets ? at_rest(t) : V_PASS;

	return r != V_PASS && v == V_PASS ? r : v;
}
