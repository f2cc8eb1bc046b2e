/* The discovery tables of the machine (docs/spec/xeon-discovery.md): each
 * socket's found (D-01..D-06), parsed (D-10..D-17) and corrected (§4.5),
 * once until forgotten. Apart from pmu/disc/ because it needs the
 * machine's topology (a CPU of each socket, harness/cpu_topo.h); here so
 * that both the banner (harness/session.c: the corrections applied) and
 * the disc.* suites read the same tables, and a pass of emu.fault.each
 * reads them anew. */
#ifndef HARNESS_DISC_TABLES_H
#define HARNESS_DISC_TABLES_H

#include "pmu/disc/find.h"

#define DISC_MAX_SOCKETS 8

struct disc_socket {
	struct disc_found at;
	struct disc_table t;
	unsigned cpu;      /* a CPU of the socket, for its MSRs */
	uint32_t fixes;    /* disc_fixes rows applied (a bit each) */
	enum disc_rc rc;
};

struct disc_machine {
	uint32_t model;
	unsigned nsock, nbad;
	struct disc_found bad[4];  /* capabilities that gave no table (D-04) */
	struct disc_socket s[DISC_MAX_SOCKETS];
	char why[120];             /* nsock 0: why no table was found */
};

/* The machine's tables, found the first time they are asked for after a
 * start or a disc_machine_forget. */
const struct disc_machine *disc_machine(void);
/* The next disc_machine reads them anew (the emulated PMUs set up again
 * for a pass, harness/session.c). */
void disc_machine_forget(void);

#endif
