/* The Xeon E5-2600's PCI-configuration boxes (spec xeon-e5-2600-uncore.md
 * §4, S-47..S-58) as the suite reaches them: each socket's uncore bus found
 * from its U-box function (S-58), the box types with the spec's own
 * device/function numbers, counters, widths and clockticks events, and
 * the boxes left at rest after each test (suites/snbep/pci_lib.c). */
#ifndef SUITES_SNBEP_PCI_H
#define SUITES_SNBEP_PCI_H

#include "suites/snbep/snbep.h"
#include "pmu/backend/space.h"

#define SPB_MAX_SOCKETS 8
#define SPB_BOXES 10
#define SPB_BOX_CTL 0xF4
#define SPB_CTL(k) ((uint16_t)(0xD8 + 4 * (k)))   /* S-49 */
#define SPB_CTR(k) ((uint16_t)(0xA0 + 8 * (k)))   /* S-47 */
#define SPB_FIXED_CTL 0xF0                         /* S-52 */
#define SPB_FIXED_CTR 0xD0
#define SPB_FIXED_RST (1u << 19)
#define SPB_CAS 0x04u                              /* S-53 */
#define SPB_CAS_RD (0x03u << 8)
#define SPB_CAS_WR (0x0Cu << 8)
#define SPB_LINE 64

/* One PCI box of a socket (S-48, S-50, S-51, S-56). */
struct spb {
	const char *name;
	uint8_t dev, fn, nctr, width;
	bool rst;        /* BOX_CTL bits 1:0 (S-50) */
	bool imc;
	uint8_t clk;     /* its clockticks event (S-56) */
	uint16_t did;
};
extern const struct spb spb[SPB_BOXES];

/* The uncore buses by socket (S-58): how many; 0 with *why saying why
 * (no U-box function anywhere, no configuration mechanism). */
unsigned spb_sockets(char *why, size_t len);
uint8_t spb_bus(unsigned socket);
static inline struct pci_fn spb_fn(unsigned socket, unsigned box)
{
	return (struct pci_fn){ .bus = spb_bus(socket), .dev = spb[box].dev, .fn = spb[box].fn };
}

/* PCI access that ends the test as ERROR on anything but success. */
#define PRD(t, f, off, v)                                                                \
	do { int e_ = pci_cfg_read((f), (off), 4, (v));                                  \
	     if (e_) return t_error((t), "pci read %02x:%02x.%u+0x%x: %s (%d)", (f).bus,  \
				    (f).dev, (f).fn, (unsigned)(off), space_rc_text(e_), e_); \
	} while (0)
#define PWR(t, f, off, v)                                                                \
	do { int e_ = pci_cfg_write((f), (off), 4, (v));                                 \
	     if (e_) return t_error((t), "pci write %02x:%02x.%u+0x%x: %s (%d)", (f).bus, \
				    (f).dev, (f).fn, (unsigned)(off), space_rc_text(e_), e_); \
	} while (0)

/* A counter read that never tears (S-47): high, low, high again, until the
 * two highs agree. */
int spb_read_ctr(struct pci_fn f, uint16_t off, uint64_t *v);

/* Before a test: find the sockets (SKIP with the reason where none is
 * found). After it: every box of every socket at rest, its controls and
 * counters 0, BOX_CTL 0 (S-06); what the machine held before the run is
 * the state bracket's to save and put back (harness/state.c). */
enum verdict spb_begin(struct tctx *t, unsigned *nsock);
enum verdict spb_end(struct tctx *t, unsigned nsock, enum verdict v);

extern const struct suite snbep_pci_suite;

#endif
