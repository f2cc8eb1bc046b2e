/* The discovery generation's suites (suites/disc/): what their tests
 * share (suites/disc/lib.c): the tables of every socket found, parsed and
 * corrected once a run (pmu/disc/), each unit's registers reached through
 * the space layer on a CPU of its socket, its type named by the digest. */
#ifndef SUITES_DISC_H
#define SUITES_DISC_H

#include "harness/test.h"
#include "pmu/disc/find.h"
#include "suites/disc/spec.h"

#define DS_MAX_SOCKETS 8

struct ds_socket {
	struct disc_found at;
	struct disc_table t;
	unsigned cpu;      /* a CPU of the socket, for its MSRs */
	uint32_t fixes;    /* disc_fixes rows applied (a bit each) */
	enum disc_rc rc;
};

struct ds_machine {
	uint32_t model;
	unsigned nsock, nbad;
	struct disc_found bad[4];  /* capabilities that gave no table (D-04) */
	struct ds_socket s[DS_MAX_SOCKETS];
	char why[120];             /* nsock 0: why no table was found */
};

/* The machine's tables, found the first time a run asks. */
const struct ds_machine *ds_machine(void);
/* NA with the reason when no table was readable, else PASS. */
enum verdict ds_need(struct tctx *t, const struct ds_machine **m);
/* "CHA" or "type 48" (D-60). */
const char *ds_type_name(uint32_t model, unsigned type, char *buf, size_t len);

/* Register kind (index i) of unit u of socket s: 0, or ERROR naming the
 * unit and the register. */
enum verdict ds_rd(struct tctx *t, const struct ds_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t *v);
enum verdict ds_wr(struct tctx *t, const struct ds_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t v);
/* The global control of socket s (D-36). */
enum verdict ds_global(struct tctx *t, const struct ds_socket *s, bool write, uint64_t *v);

/* What a test found in some units of a socket: each unit's control, then
 * up to 8 counter controls and counters. */
#define DS_NSAVE (1 + 2 * 8)
struct ds_saved {
	unsigned n; /* units saved, the first n of the caller's list */
	uint64_t v[DISC_MAX_UNITS][DS_NSAVE];
};
/* Saves units u[0 .. n - 1] of socket s. */
enum verdict ds_save(struct tctx *t, const struct ds_socket *s, const struct disc_unit *const *u,
		     unsigned n, struct ds_saved *sv);
/* Puts back what ds_save found, each unit frozen while its registers are
 * written and read back, its unit control last (L-130, D-30); a register
 * that does not read what was written fails, named. */
enum verdict ds_restore(struct tctx *t, const struct ds_socket *s,
			const struct disc_unit *const *u, const struct ds_saved *sv);

/* The types of a socket's units, each once, in table order. */
unsigned ds_types(const struct ds_socket *s, uint16_t *types, unsigned max);

extern const struct suite disc_table_suite;
extern const struct suite disc_unit_suite;
extern const struct suite disc_ptl_suite;

#endif
