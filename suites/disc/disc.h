/* The discovery generation's suites (suites/disc/): what their tests
 * share (suites/disc/lib.c): the tables of every socket found, parsed and
 * corrected once a pass (harness/disc_tables.h), each unit's registers
 * reached through the space layer on a CPU of its socket, its type named
 * by the digest. */
#ifndef SUITES_DISC_H
#define SUITES_DISC_H

#include "harness/test.h"
#include "harness/disc_tables.h"
#include "suites/disc/spec.h"

/* NA with the reason when no table was readable, else PASS. */
enum verdict ds_need(struct tctx *t, const struct disc_machine **m);
/* Whether model is a generation the digest names (D-40, D-43): 1 Sapphire
 * or Emerald Rapids, 2 Granite Rapids, Sierra Forest, Clearwater Forest;
 * 0 a part of D-60. */
unsigned ds_family(uint32_t model);
/* "CHA" or "type 48" (D-60). */
const char *ds_type_name(uint32_t model, unsigned type, char *buf, size_t len);

/* Register kind (index i) of unit u of socket s: 0, or ERROR naming the
 * unit and the register. */
enum verdict ds_rd(struct tctx *t, const struct disc_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t *v);
enum verdict ds_wr(struct tctx *t, const struct disc_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t v);
/* The global control of socket s (D-36). */
enum verdict ds_global(struct tctx *t, const struct disc_socket *s, bool write, uint64_t *v);

/* MSR msr of socket s, read or written on its CPU: 0, or FAIL naming it. */
enum verdict ds_msr(struct tctx *t, const struct disc_socket *s, uint32_t msr, uint64_t *v);
enum verdict ds_msr_wr(struct tctx *t, const struct disc_socket *s, uint32_t msr, uint64_t v);

/* The types of a socket's units, each once, in table order. */
unsigned ds_types(const struct disc_socket *s, uint16_t *types, unsigned max);

/* The units of one type of one socket, taken through a test together,
 * and what they held before it (their unit control, then up to 8
 * counter controls and counters). */
#define DS_NSAVE (1 + 2 * 8)
struct ds_ty {
	const struct disc_machine *m;
	const struct disc_socket *s;
	unsigned sock;
	const struct disc_unit *u[DISC_MAX_UNITS];
	unsigned n, nsaved;
	char name[24];
	uint64_t saved[DISC_MAX_UNITS][DS_NSAVE];
};
/* The units of type `type` of socket sock, named. */
void ds_ty_fill(struct ds_ty *y, const struct disc_machine *m, unsigned sock, uint16_t type);
/* Every unit's unit control written v. */
enum verdict ds_ty_ctl(struct tctx *t, const struct ds_ty *y, uint64_t v);
/* Counter k of every unit: its control c, its value v. */
enum verdict ds_ty_program(struct tctx *t, const struct ds_ty *y, unsigned k, uint64_t c,
			   uint64_t v);
/* Counter k of every unit, into v[]. */
enum verdict ds_ty_read(struct tctx *t, const struct ds_ty *y, unsigned k, uint64_t *v);
/* Every unit's registers as found, and put back (each unit frozen while
 * they are written, its unit control last, D-30). */
enum verdict ds_ty_save(struct tctx *t, struct ds_ty *y);
enum verdict ds_ty_restore(struct tctx *t, const struct ds_ty *y);

extern const struct suite disc_table_suite;
extern const struct suite disc_unit_suite;
extern const struct suite disc_types_suite;

#endif
