/* The emulated E5 family's PCI-configuration boxes, a generation's as data
 * (struct snbep_pci_gen, pmu/emu/snbep/pci_gens.c; the E5 v2..v4's:
 * xeon-e5-v2-v4-uncore.md V-33..V-40; the Xeon Scalable's: xeon-sp-uncore.md
 * K-20..K-24). The Xeon E5-2600's (spec
 * xeon-e5-2600-uncore.md §4, S-47..S-58): per package, the home agent, the
 * four memory-controller channels with their DRAM-clock fixed counter, the
 * two QPI ports with their packet match/mask functions, R2PCIe and the two
 * R3QPI links, and the U-box function that maps the socket to its node id
 * (S-58), all on the package's uncore bus (OQ-S27). Their box control,
 * counter control, widths and clockticks events follow the statements;
 * the memory controller's CAS counts are the traffic a workload declares
 * (S-53..S-55). Time: `now` is the U-clock (the TSC's rate, OQ-S18); every
 * access first advances the boxes to it. Portable: no platform calls. */
#ifndef PMU_EMU_SNBEP_PCI_H
#define PMU_EMU_SNBEP_PCI_H

#include "lib/rt.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"

#define SNBEP_PCI_BOXES 18          /* the most of a generation: SKX's (K-20) */
#define SNBEP_PCI_PORTS 3             /* QPI ports with a packet match/mask function */

/* The box types, which say its clock and events (S-56, V-35, K-24). */
enum snbep_pci_kind { SNBEP_PCI_HA, SNBEP_PCI_IMC, SNBEP_PCI_QPI, SNBEP_PCI_R2, SNBEP_PCI_R3,
		      SNBEP_PCI_M2M, SNBEP_PCI_UPI, SNBEP_PCI_M2P, SNBEP_PCI_M3UPI };

/* Where a box's registers are: BOX_CTL, CTL0 and the step to CTL1, CTR0
 * (the counters 8 apart): the E5 family's (S-47, S-49), the Xeon
 * Scalable's M2M and UPI their own (K-21). */
struct snbep_pci_regs {
	uint16_t box_ctl, ctl0, ctr0;
	uint8_t ctl_step;
};
extern const struct snbep_pci_regs snbep_pci_regs_e5;

/* One PCI box of a generation as data: its type, place, id, counters and
 * their width, whether only the largest die has it (OQ-V22), its
 * registers' places (NULL: the E5 family's) and the stack whose bus holds
 * it (K-27; 0 where the generation has one bus). */
struct snbep_pci_row {
	uint8_t kind, devfn, nctr, width, stack;
	uint16_t did;
	bool big_only;
	const struct snbep_pci_regs *regs;
};

/* A generation's PCI boxes: the E5-2600's (S-47..S-58), an E5 v2..v4's
 * (V-33..V-40) or the Xeon Scalable's (K-20..K-24), with the U-box function that names the socket (S-58,
 * V-23) and the QPI ports' match/mask functions (S-57, V-27). */
struct snbep_pci_gen {
	const struct snbep_pci_row *rows;
	unsigned nrows;
	uint8_t ubox_devfn;
	uint16_t ubox_did;
	uint16_t nodeid_off, idmap_off; /* CPUNODEID, GIDNIDMAP (S-58, K-19) */
	uint32_t dclk_khz;              /* the DRAM clock (OQ-S24, OQ-V21, OQ-K12) */
	uint8_t match_dev[SNBEP_PCI_PORTS]; /* function 6 of these devices */
	uint16_t match_did[SNBEP_PCI_PORTS];
	unsigned nmatch;
	bool rst_all;   /* V-34: rst_ctrl and rst_ctrs on HA and iMC too (S-50: not) */
	bool invert;    /* S-49, V-35: bit 23 inverts (V-12: not on IVB-EP) */
	bool status;    /* V-38: ov_en and the status at 0xF8 (S-39, OQ-K13: none) */
	/* 0: every function on one bus a package (OQ-S27); else that many
	 * stacks, each on a bus of its own, which MSR 0x300 reports (K-25),
	 * and the stacks of the U-box function and of the PCU function 3
	 * (K-27). */
	uint8_t nstacks, ubox_stack, pcu_stack;
};
extern const struct snbep_pci_gen snbep_pci_e5, snbep_pci_ivbep, snbep_pci_hswep,
	snbep_pci_bdx, snbep_pci_skx;

struct snbep_pci_box {
	const struct snbep_pci_regs *r;
	uint8_t devfn, nctr, width;
	uint16_t did;
	bool has_rst;                /* BOX_CTL bits 1:0 (S-50: not HA, iMC; V-34) */
	uint8_t kind;                /* enum snbep_pci_kind: which clock, which events */
	uint8_t stack;               /* K-27: whose bus holds it */
	uint32_t ctl[4];
	uint64_t val[4];
	bool det[4];                 /* edge detector (OQ-S09) */
	bool frz, frz_en;
	uint32_t status;             /* V-38: overflow bits, write 1 to clear */
	uint32_t fixed_ctl;          /* iMC: FIXED_CTL, FIXED_CTR */
	uint64_t fixed;
	uint64_t last;               /* its clock at the last advance */
};

struct snbep_pci {
	const struct snbep_pci_gen *g;
	emu_faults_t faults;
	unsigned pkg, npkg;
	uint32_t uclk_khz;
	unsigned nbox, nimc;         /* boxes present; of them iMC channels (V-39) */
	struct snbep_pci_box box[SNBEP_PCI_BOXES];
	uint32_t match[SNBEP_PCI_PORTS][4]; /* QPI port n: PKT_MATCH0/1, PKT_MASK0/1 (S-57) */
};

/* p's boxes: generation g's rows, the largest die's too where big (OQ-V22). */
void snbep_pci_setup(struct snbep_pci *p, const struct snbep_pci_gen *g, bool big,
		     emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz, uint64_t now);
/* struct emu_pci_model's read, write and traffic on p. */
int snbep_pci_read(struct snbep_pci *p, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		   uint64_t now, uint32_t *val);
int snbep_pci_write(struct snbep_pci *p, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		    uint32_t val, uint64_t now);
void snbep_pci_traffic(struct snbep_pci *p, uint64_t phys, uint64_t lines, bool write,
		       uint64_t now);

/* The E5-2600's: its own instance a package. */
extern const struct emu_pci_model snbep_pci_model;
/* The E5 v2's, v3's, v4's and the Xeon Scalable's: the package model's
 * (struct snbep_uncore's pci, the generation's snbep_gen.pci), with the
 * PCU function 3 beside them where the generation has it
 * (pmu/emu/snbep/pci_gens.c). */
extern const struct emu_pci_model snbep_pci_v2_model;
/* OQ-S27: the bus package p of n presents its functions on, which the
 * PCU function 3 shares (pmu/emu/snbep/capid.c: the E5 v3's and v4's
 * CAPID4, OQ-V14; the Xeon Scalable's CAPID6, K-14). */
uint8_t snbep_pci_bus(unsigned p, unsigned n);
/* OQ-K13: where the generation has stacks, stack s of package p of n on
 * the bus s places below that bus's stack nstacks - 1 (two sockets of six
 * stacks: 0x7A..0x7F, 0xFA..0xFF), the U-box's stack 0 the lowest. */
uint8_t snbep_pci_stack_bus(const struct snbep_pci *p, unsigned s);
/* Whether p presents function dev.fn on bus: -1 bus is none of p's, 0 it
 * is but the function is on another of p's buses (it reads all-ones
 * there), 1 it is there (K-25, K-27). */
int snbep_pci_on_bus(struct snbep_pci *p, uint8_t bus, unsigned dev, unsigned fn);
/* K-25: MSR 0x300 on a CPU of p's package: a byte a stack, bit 63 valid;
 * 0 where the generation has no stacks. */
uint64_t snbep_pci_busno(const struct snbep_pci *p);
/* That PCU function 3, on the package model's state. */
extern const struct emu_pci_model snbep_pcu3_model;

#endif
