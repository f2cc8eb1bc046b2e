/* The emulated discovery-table parts (spec xeon-discovery.md, D-xx): per
 * package, the discovery function (8086:09A7 with its DVSEC and BAR, D-01
 * .. D-04) and the table in MMIO behind it (D-10 .. D-17), MSR 0x201E on
 * the part of D-60 (D-06, OQ-D1), and the generic units the
 * table lists behind MSR, PCI and MMIO entries (D-18 .. D-20) with their
 * contract (D-30 .. D-36): one model for every generation, the unit list
 * as data (pmu/emu/disc/parts.c). Counters are settled lazily, one unit at
 * a time: a wrap only sets a status bit (D-35), so no cycle-exact wrap
 * search is needed, and an access costs the same whatever the number of
 * units (the engine of pmu/emu/engine.h brings every counter of a model
 * to each access's cycle, which a part of a thousand counters cannot
 * afford). MSR, PCI and MMIO reach the same units. Portable. */
#ifndef PMU_EMU_DISC_MODEL_H
#define PMU_EMU_DISC_MODEL_H

#include "lib/rt.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"

#define DISC_EMU_MAX_UNITS 320  /* Granite Rapids' 218 per socket (OQ-D13) and room */
#define DISC_EMU_MAX_REGS 4     /* every emulated type has 4 counters (OQ-D13) */
#define DISC_EMU_STRIDE 4       /* qwords between entries (D-12) */
#define DISC_EMU_GLOBAL_CTL 0x2FF0u  /* OQ-D11 */
#define DISC_EMU_CHA_MSR 0x2FFEu     /* D-41 */
#define DISC_EMU_BASE_MSR 0x201Eu    /* D-06 */

/* One box type of a part: how many units, where, their entry's fields. */
struct disc_emu_type {
	uint16_t type;
	uint8_t access;            /* enum disc_access (pmu/disc/table.h values) */
	uint16_t count;            /* units present */
	uint16_t listed;           /* entries in the table (> count: D-41's error) */
	uint8_t nregs, width, ctl_off, ctr_off, status_off, step;
	/* MSR: unit n's control at base + stride * n. PCI: unit n on device
	 * dev + n, function fn, device id did, its control at configuration
	 * offset base. MMIO: at the package's window + base + stride * n. */
	uint32_t base, stride;
	uint8_t dev, fn;
	uint16_t did;
	bool broken_entry;         /* D-42: the table's third entry names no function */
};

struct disc_emu_part {
	const char *name;
	const struct disc_emu_type *types;
	unsigned ntypes;
	uint64_t cha_msr;          /* what MSR 0x2FFE reads (D-41) */
	bool msr_discovery;        /* MSR 0x201E holds the table's address (D-06, OQ-D1) */
	uint32_t ioclk;            /* the IIO's free-running clock of unit 0, 0: none (D-72) */
};

extern const struct disc_emu_part disc_part_spr, disc_part_emr, disc_part_gnr,
	disc_part_srf, disc_part_cwf, disc_part_new;

/* A unit's state. */
struct disc_emu_unit {
	uint8_t row;               /* its type's row in the part */
	uint16_t n;                /* its index among that type's units */
	bool frz;                  /* unit control bit 0 (D-30) */
	uint8_t status;            /* D-35 */
	uint16_t filter;           /* a CHA's FILTER0: its thread id (D-74) */
	uint64_t ctl[DISC_EMU_MAX_REGS];
	uint64_t ctr[DISC_EMU_MAX_REGS];
	uint64_t since;            /* the time its counters are accounted to */
};

struct disc_emu {
	uint64_t now;
	emu_faults_t faults;
	const struct disc_emu_part *part;
	unsigned pkg, npkg, nunits, nentries;
	uint64_t global;           /* the global control (D-36) */
	uint64_t global_at;        /* when the freeze-all was last set */
	uint64_t ioclk_lost;       /* disc-ioclk-frozen: the time it held */
	struct disc_emu_unit unit[DISC_EMU_MAX_UNITS];
	uint64_t table[(1 + DISC_EMU_MAX_UNITS) * DISC_EMU_STRIDE];
};

/* The package's MMIO window: the table at its start (the BAR), MMIO units
 * after it. */
uint64_t disc_emu_window(unsigned pkg);
/* The PCI bus package pkg of npkg presents its functions on. */
uint8_t disc_emu_bus(unsigned pkg, unsigned npkg);

void disc_emu_init(struct disc_emu *m, const struct disc_emu_part *part, emu_faults_t f,
		   unsigned pkg, unsigned npkg, uint64_t now);
/* The package's place: its table's addresses move with it. */
void disc_emu_place(struct disc_emu *m, unsigned pkg, unsigned npkg);
int disc_emu_rdmsr(struct disc_emu *m, uint32_t msr, uint64_t now, uint64_t *val);
int disc_emu_wrmsr(struct disc_emu *m, uint32_t msr, uint64_t val, uint64_t now);
/* 0, or -1: no function there. */
int disc_emu_pci_read(struct disc_emu *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes,
		      uint64_t now, uint32_t *val);
int disc_emu_pci_write(struct disc_emu *m, unsigned dev, unsigned fn, uint16_t off,
		       unsigned bytes, uint32_t val, uint64_t now);
/* 0, or -1: not the package's address. */
int disc_emu_mmio(struct disc_emu *m, uint64_t phys, unsigned bytes, bool write, uint64_t *val,
		  uint64_t now);

/* The socket moved `lines` 64-byte lines to (write) or from memory at the
 * request of the thread of APIC id apic_id: the IMC units' CAS counts
 * (D-70, OQ-D16) and the CHAs' TOR inserts (D-74, D-75, OQ-D18). */
void disc_emu_traffic(struct disc_emu *m, uint32_t apic_id, uint64_t lines, bool write,
		      uint64_t now);

/* Every discovery part's operations (pmu/emu/disc/ops.c). */
extern const struct emu_model disc_model;

#endif
