/* The E5 family's PCI-configuration boxes as the suite reaches them: the
 * Xeon E5-2600's (spec xeon-e5-2600-uncore.md §4, S-47..S-58) and the E5
 * v2's, v3's and v4's (xeon-e5-v2-v4-uncore.md §4, V-33..V-40), each
 * generation's box types with the spec's own device ids, counters, widths
 * and clockticks events (suites/snbep/pci_gens.c); the boxes the machine
 * has, found by their device ids on every uncore bus and given the socket
 * whose U-box function shares their bus (S-58, V-23, V-39), or on the Xeon
 * Scalable on the buses MSR 0x300 names on a CPU of each package (K-25,
 * suites/snbep/pci_bus.c); the boxes left at
 * rest after each test (suites/snbep/pci_lib.c). */
#ifndef SUITES_SNBEP_PCI_H
#define SUITES_SNBEP_PCI_H

#include "suites/snbep/snbep.h"
#include "pmu/backend/space.h"

#define SPB_MAX_SOCKETS 8
#define SPB_MAX_BOXES (SPB_MAX_SOCKETS * 17) /* HSX's 17 a socket (V-33) */
#define SPB_STATUS 0xF8                            /* V-38 */
#define SPB_FIXED_CTL 0xF0                         /* S-52 */
#define SPB_FIXED_CTR 0xD0
#define SPB_FIXED_RST (1u << 19)
#define SPB_OV_EN (1u << 20)                       /* V-35, V-38, OQ-V11 */
#define SPB_CAS 0x04u                              /* S-53 */
#define SPB_CAS_RD (0x03u << 8)
#define SPB_CAS_WR (0x0Cu << 8)
#define SPB_LINE 64

/* Where a box type's registers are: BOX_CTL, CTL0 and the step to CTL1,
 * CTR0 (the counters 8 apart): the E5 family's 0xF4, 0xD8 + 4k, 0xA0 + 8k
 * (S-47, S-49), the Xeon Scalable's M2M and UPI their own (K-21). */
struct spb_regs {
	uint16_t box_ctl, ctl0, ctr0;
	uint8_t ctl_step;
};

/* One PCI box type of a generation, a row per device id (S-48, S-50,
 * S-51, S-56; V-33..V-35; K-20..K-24). */
struct spb_type {
	const char *name;
	uint16_t did;
	uint8_t nctr, width;
	bool rst;        /* BOX_CTL bits 1:0 (S-50: not HA, iMC; V-34: every box) */
	bool imc;
	uint8_t clk;     /* its clockticks event (S-56, V-35) */
	const struct spb_regs *r;
};
#define SPB_BOX_CTL(ty) ((ty)->r->box_ctl)
#define SPB_CTL(ty, k) ((uint16_t)((ty)->r->ctl0 + (ty)->r->ctl_step * (k)))
#define SPB_CTR(ty, k) ((uint16_t)((ty)->r->ctr0 + 8 * (k)))

/* A generation's PCI boxes: its types, the place and id of iMC channel
 * 0, which every part has and whose place §4 gives (S-48; V-39: the
 * uncore buses are those it answers on), the U-box function's id (S-58,
 * V-23), QPI port 0's match/mask function's (S-57, V-27), whether its
 * counters invert (S-49; V-12: not IVB-EP) and have ov_en and the box
 * status (V-38), and its DRAM clock's range in MHz (S-52, V-36, OQ-K12). */
struct spb_gen {
	const char *name;
	const struct spb_type *types;
	unsigned ntypes;
	uint8_t anchor_dev, anchor_fn;
	uint16_t anchor_did, ubox_did, match_did; /* match_did 0: none */
	uint16_t nodeid_off, idmap_off;           /* CPUNODEID, GIDNIDMAP (S-58, K-19) */
	bool invert, status;
	uint32_t dclk_lo_mhz, dclk_hi_mhz;
	uint32_t model_dclk_mhz; /* the model's one rate (OQ-S24, OQ-V21, OQ-K12) */
	/* K-25: a bus per stack, which MSR 0x300 reports on a CPU of each
	 * package (the Xeon Scalable); false: one uncore bus a socket, named
	 * by its U-box function (S-58, V-23) */
	bool stacks;
};
const struct spb_gen *spb_gen(void);

/* K-25: the Xeon Scalable's stacks, CPU_BUS_NUMBER and its valid bit. */
#define SPB_STACKS 6
#define SPB_CPU_BUS_NUMBER 0x300
#define SPB_BUSNO_VALID (1ull << 63)
#define SPB_STACK_BUS(v, s) ((uint8_t)((v) >> (8 * (s))))
/* A CPU of the pkg-th package (packages counted in CPU order, from the
 * APIC ids: harness/cpu_topo.c), one that is enabled and not lost; false
 * past the last package or where none of it can run. */
bool spb_package_cpu(unsigned pkg, unsigned *cpu);
/* skx.pci.busno: MSR 0x300 on every CPU of each package (K-25) and the
 * boxes on the stacks K-27 gives them (suites/snbep/pci_bus.c). */
enum verdict spb_busno(struct tctx *t);

/* A box the machine has. */
struct spb_box {
	const struct spb_type *t;
	struct pci_fn f;
	unsigned socket;
};

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

/* Before a test: find the sockets and the boxes (SKIP with the reason
 * where no U-box function answers, or on the Xeon Scalable where MSR 0x300
 * gives no valid buses or they hold no iMC channel 0; on the model, FAIL): *box the boxes,
 * ordered by socket and by their type's row, *nbox their count. After it:
 * every box at rest, its controls and counters 0, BOX_CTL 0 and its
 * status cleared (S-06); what the machine held before the run is the
 * state bracket's to save and put back (harness/state.c). */
enum verdict spb_begin(struct tctx *t, const struct spb_box **box, unsigned *nbox,
		       unsigned *nsock);
enum verdict spb_end(struct tctx *t, enum verdict v);
/* The found QPI port 0 match/mask function of socket 0, or false. */
bool spb_match_fn(struct pci_fn *f);

extern const struct suite snbep_pci_suite;
/* The same tests on the Xeon Scalable's PCI boxes (K-20..K-26). */
extern const struct suite skx_pci_suite;

#endif
