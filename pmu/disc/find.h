/* Finding the uncore discovery tables (docs/spec/xeon-discovery.md §4.1):
 * MSR 0x201E on a CPU of each socket, then the DVSEC capability 0x23 on
 * the PCI functions, and the per-model corrections of §4.5 applied to a
 * parsed table as data (pmu/disc/fixes.c). Every access goes through a
 * struct disc_io, the space layer's on target (disc_io_space) and a
 * made-up machine's in the host tests. Portable. */
#ifndef PMU_DISC_FIND_H
#define PMU_DISC_FIND_H

#include "pmu/disc/table.h"

#define DISC_MSR_BASE 0x201E /* D-06 */
#define DISC_MAX_TABLES 16

struct disc_io {
	void *ctx;
	/* 0, PLAT_EABORT (no function) or another space.h code */
	int (*pci_read32)(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val);
	/* 0, or non-zero (a fault: the MSR is not there) */
	int (*rdmsr)(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val);
	/* a qword of a table: 0 or a space.h code */
	disc_read_fn read64;
};

/* The space layer's accesses (pmu/backend/space.h). */
extern const struct disc_io disc_io_space;

/* The Intel functions of the reachable segments, in (segment, bus,
 * device, function) order: one scan serves the search and the
 * corrections. */
struct disc_pci_fn {
	struct pci_fn f;
	uint16_t did;
};
struct disc_pci_list {
	struct disc_pci_fn *e;
	unsigned n, cap, dropped;
};
void disc_pci_scan(const struct disc_io *io, struct disc_pci_list *l);

/* A table found, or a capability that could not give one. */
enum disc_where { DISC_AT_MSR, DISC_AT_PCI };
struct disc_found {
	uint8_t where;      /* enum disc_where */
	struct pci_fn fn;   /* DISC_AT_PCI: the function */
	uint16_t cap;       /* its capability's offset */
	unsigned cpu;       /* DISC_AT_MSR: the CPU that read it */
	uint64_t base;      /* the global entry's address */
	const char *bad;    /* NULL, or why this capability gives no table (D-04, OQ-D2) */
};

/* D-01..D-04: the tables the PCI functions of l announce, in l's order
 * (OQ-D3: socket order), malformed capabilities included with .bad set.
 * Returns how many of out it filled. */
unsigned disc_find_pci(const struct disc_io *io, const struct disc_pci_list *l,
		       struct disc_found *out, unsigned max);
/* Whether MSR 0x201E may hold a table on CPU model `model`: not on the
 * five generations of D-40 and D-43, where Linux never reads it (D-06)
 * and it is CHA 1's FILTER0 (D-74), whose thread id would read as an
 * address. */
bool disc_msr_offers(uint32_t model);
/* D-06: MSR 0x201E read on cpu; true with the table there. */
bool disc_find_msr(const struct disc_io *io, unsigned cpu, struct disc_found *out);

/* A correction of §4.5, as data (pmu/disc/fixes.c). */
enum disc_fix_kind {
	DISC_FIX_COUNT_MSR,   /* keep the type's units with box id below the MSR's value, if non-zero */
	DISC_FIX_REBUILD_PCI, /* drop the type's entries; units from fixed PCI functions */
	DISC_FIX_CTL_STEP,    /* the type's controls step by .step bytes (OFFS8) */
};
struct disc_fix {
	const char *stmt;  /* the statement it implements */
	const char *what;  /* a few words for the banner */
	uint32_t models[4];
	uint8_t kind;      /* enum disc_fix_kind */
	uint16_t type;
	uint32_t msr;      /* COUNT_MSR */
	uint8_t step;      /* CTL_STEP */
	/* REBUILD_PCI: units 0 .. units - 1 at device dev + k, function fn
	 * of the socket's function with device id did; their unit control at
	 * configuration offset ctl, counter controls and counters at ctl +
	 * ctl_off and ctl + ctr_off. */
	uint16_t did;
	uint8_t dev, fn, units, nregs, width;
	uint16_t ctl;
	uint8_t ctl_off, ctr_off;
};
extern const struct disc_fix disc_fixes[];
extern const unsigned disc_fixes_count;

/* Whether correction x is for CPU model `model` (one of x->models). */
bool disc_fix_for(const struct disc_fix *x, uint32_t model);

/* Applies every correction for CPU model `model` to the table of socket
 * `socket` (read on cpu), l the PCI functions; returns a bit per
 * disc_fixes row that changed the table. */
uint32_t disc_fix_apply(const struct disc_io *io, const struct disc_pci_list *l, uint32_t model,
			unsigned socket, unsigned cpu, struct disc_table *t);

#endif
