/* What the PCI box tests share (suites/snbep/pci.h). */
#include "suites/snbep/pci.h"
#include "suites/snbep/v2.h"

#define UBOX_DEV 11              /* S-58: 8086:3CE0 at 11.0 */
#define UBOX_ID 0x3CE08086u
#define CPUNODEID 0x40
#define GIDNIDMAP 0x54

const struct spb spb[SPB_BOXES] = {
	{ .name = "HA", .dev = 14, .fn = 1, .nctr = 4, .width = 48, .rst = false, .imc = false,
	  .clk = 0x00, .did = 0x3C46 },
	{ .name = "iMC 0", .dev = 16, .fn = 0, .nctr = 4, .width = 48, .rst = false, .imc = true,
	  .clk = 0x00, .did = 0x3CB0 },
	{ .name = "iMC 1", .dev = 16, .fn = 1, .nctr = 4, .width = 48, .rst = false, .imc = true,
	  .clk = 0x00, .did = 0x3CB1 },
	{ .name = "iMC 2", .dev = 16, .fn = 4, .nctr = 4, .width = 48, .rst = false, .imc = true,
	  .clk = 0x00, .did = 0x3CB4 },
	{ .name = "iMC 3", .dev = 16, .fn = 5, .nctr = 4, .width = 48, .rst = false, .imc = true,
	  .clk = 0x00, .did = 0x3CB5 },
	{ .name = "QPI 0", .dev = 8, .fn = 2, .nctr = 4, .width = 48, .rst = true, .imc = false,
	  .clk = 0x14, .did = 0x3C41 },
	{ .name = "QPI 1", .dev = 9, .fn = 2, .nctr = 4, .width = 48, .rst = true, .imc = false,
	  .clk = 0x14, .did = 0x3C42 },
	{ .name = "R2PCIe", .dev = 19, .fn = 1, .nctr = 4, .width = 44, .rst = true, .imc = false,
	  .clk = 0x01, .did = 0x3C43 },
	{ .name = "R3QPI 0", .dev = 19, .fn = 5, .nctr = 3, .width = 44, .rst = true,
	  .imc = false, .clk = 0x01, .did = 0x3C44 },
	{ .name = "R3QPI 1", .dev = 19, .fn = 6, .nctr = 3, .width = 44, .rst = true,
	  .imc = false, .clk = 0x01, .did = 0x3C45 },
};

static uint8_t buses[SPB_MAX_SOCKETS];

/* S-58: every bus of segment 0 with a U-box function; the socket of each
 * is the field of GIDNIDMAP that holds its CPUNODEID. */
unsigned spb_sockets(char *why, size_t len)
{
	unsigned bus, s, n = 0;
	uint32_t id, node, map;
	int rc;

	for (bus = 0; bus < 256; bus++) {
		struct pci_fn f = { .bus = (uint8_t)bus, .dev = UBOX_DEV };

		rc = pci_cfg_read(f, 0, 4, &id);
		if (rc == PLAT_EUNSUPPORTED || rc == PLAT_EINVAL) {
			snprintf(why, len, "PCI configuration space not reachable: %s (pci: %s)",
				 space_rc_text(rc), plat_pci_mechanism());
			return 0;
		}
		if (rc || id != UBOX_ID || pci_cfg_read(f, CPUNODEID, 4, &node) ||
		    pci_cfg_read(f, GIDNIDMAP, 4, &map))
			continue;
		for (s = 0; s < SPB_MAX_SOCKETS && ((map >> (3 * s)) & 7) != (node & 7); s++)
			;
		if (s < SPB_MAX_SOCKETS) {
			buses[s] = (uint8_t)bus;
			n = s + 1 > n ? s + 1 : n;
		}
	}
	if (!n)
		snprintf(why, len, "no U-box function 8086:3CE0 at device 11 function 0 of any bus "
			 "of segment 0: every read there was a master abort (all-ones) (S-58; pci: %s)",
			 plat_pci_mechanism());
	return n;
}

uint8_t spb_bus(unsigned socket)
{
	return socket < SPB_MAX_SOCKETS ? buses[socket] : 0;
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

enum verdict spb_begin(struct tctx *t, unsigned *nsock)
{
	char why[T_REASON_LEN - 40];

	*nsock = 0; /* spb_end then has nothing to put at rest */
	if (snb_global()) /* V-23: other device ids, which this table does not hold */
		return t_na(t, snb_v2() ? "the E5 v2's PCI boxes are not in this suite yet (V-23)" :
			    "the E5 v3's and v4's PCI boxes are not in this suite yet (V-23)");
	if ((*nsock = spb_sockets(why, sizeof(why))))
		return V_PASS;
	/* The model always presents the U-box function; silicon may hide it. */
	return t_on_model() ? t_fail(t, "%s", why) : t_skip(t, "%s", why);
}

/* Every box frozen while its controls and counters go to 0 (S-05: a
 * frozen counter takes writes), then BOX_CTL 0 (S-06). */
static enum verdict at_rest(struct tctx *t, unsigned nsock)
{
	unsigned s, b, k;

	for (s = 0; s < nsock; s++)
		for (b = 0; b < SPB_BOXES; b++) {
			struct pci_fn f = spb_fn(s, b);

			PWR(t, f, SPB_BOX_CTL, (uint32_t)SNB_FROZEN);
			for (k = 0; k < spb[b].nctr; k++) {
				PWR(t, f, SPB_CTL(k), 0);
				PWR(t, f, SPB_CTR(k), 0);
				PWR(t, f, SPB_CTR(k) + 4, 0);
			}
			if (spb[b].imc) {
				PWR(t, f, SPB_FIXED_CTL, 0);
				PWR(t, f, SPB_FIXED_CTR, 0);
				PWR(t, f, SPB_FIXED_CTR + 4, 0);
			}
			PWR(t, f, SPB_BOX_CTL, 0);
		}
	return V_PASS;
}

enum verdict spb_end(struct tctx *t, unsigned nsock, enum verdict v)
{
	enum verdict r = at_rest(t, nsock);

	return r != V_PASS && v == V_PASS ? r : v;
}
