/* The uncore discovery table of 4th Gen Xeon and later
 * (docs/spec/xeon-discovery.md): its global entry and unit entries decoded,
 * the malformed ones named and skipped, and where each unit's registers
 * are (MSR, PCI configuration or MMIO: pmu/backend/space.h). The table is
 * read through a function the caller gives, so this file is portable and
 * the host tests feed it tables in memory. */
#ifndef PMU_DISC_TABLE_H
#define PMU_DISC_TABLE_H

#include "pmu/backend/space.h"

/* max_units is 10 bits wide (D-10). */
#define DISC_MAX_UNITS 1023
/* Skipped entries named one by one; the rest are counted. */
#define DISC_MAX_SKIPS 16

/* D-17 */
enum disc_access { DISC_MSR = 0, DISC_MMIO = 1, DISC_PCI = 2 };

/* One unit entry (D-13), and the spacing of its counter controls in bytes
 * or MSR numbers (D-18..D-20, OQ-D4). */
struct disc_unit {
	uint16_t type, id;
	uint8_t access;      /* enum disc_access */
	uint8_t nregs, width;
	uint8_t ctl_off, ctr_off, status_off;
	uint8_t ctl_step;
	uint16_t gsp;        /* global status position, qword 2 bits 47:32 (D-37) */
	uint64_t ctl;        /* the unit control's address as the table packs it */
};

/* The global entry (D-10). */
struct disc_global {
	uint8_t type, stride, access, status_off;
	uint16_t max_units, nstatus;
	uint64_t ctl;
};

/* Why a unit entry was skipped. */
enum disc_why {
	DISC_INVALID,   /* D-14: qword 0 or 1 zero or all-ones, qword 2 all-ones */
	DISC_ACCESS,    /* D-14: access type 3 */
	DISC_OFFSET,    /* D-15: ctl_offset or ctr_offset 0 */
	DISC_DUPLICATE, /* D-16: box type and id seen before */
	DISC_UNREAD,    /* a qword of it could not be read */
	DISC_FULL,      /* more units than the caller's array holds */
};

struct disc_skip {
	uint16_t index; /* its entry, 0 .. max_units - 1 */
	uint8_t why;    /* enum disc_why */
	uint64_t q[3];
};

/* What disc_parse returns. */
enum disc_rc {
	DISC_OK = 0,
	DISC_E_READ = 1,    /* the global entry could not be read */
	DISC_E_GLOBAL = 2,  /* D-11: the global entry is invalid */
	DISC_E_STRIDE = 3,  /* D-12: a stride below 3 qwords */
};

/* One table: the caller sets units and cap; disc_parse fills the rest. */
struct disc_table {
	uint64_t base;       /* physical address of the global entry */
	uint64_t gq[3];      /* the global entry as read */
	struct disc_global global;
	struct disc_unit *units;
	unsigned cap, nunits;
	unsigned nskips;     /* every skipped entry; the first DISC_MAX_SKIPS named */
	struct disc_skip skips[DISC_MAX_SKIPS];
};

/* Reads the qword at physical address phys: 0, or non-zero (a space.h
 * return code). */
typedef int (*disc_read_fn)(void *ctx, uint64_t phys, uint64_t *val);

void disc_decode_global(const uint64_t q[3], struct disc_global *g);
/* Decodes a unit entry; false with *why when D-14 or D-15 skip it. */
bool disc_decode_unit(const uint64_t q[3], struct disc_unit *u, enum disc_why *why);
/* The table at base: its global entry, then every unit entry at its
 * stride (D-12), keeping the valid ones in order. */
enum disc_rc disc_parse(struct disc_table *t, uint64_t base, disc_read_fn rd, void *ctx);

/* The registers of a unit (D-18..D-20). */
enum disc_reg { DISC_UNIT_CTL, DISC_UNIT_STATUS, DISC_CTR_CTL, DISC_CTR };
/* Register kind (index i for the last two) of unit u, as a location of the
 * space layer; an MSR is read on cpu. */
struct reg_loc disc_reg(const struct disc_unit *u, enum disc_reg kind, unsigned i, unsigned cpu);
/* The function a PCI unit's control packs (D-19). */
struct pci_fn disc_pci_fn(uint64_t ctl);

const char *disc_access_text(unsigned access);
const char *disc_why_text(unsigned why);
const char *disc_rc_text(enum disc_rc rc);

#endif
