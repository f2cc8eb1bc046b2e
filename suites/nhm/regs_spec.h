/* The nhm.regs suite's own copy of spec §2/§3, against which it checks the
 * register table before walking it (suites/nhm/regs_spec.c). */
#ifndef TESTS_NHM_REGS_SPEC_H
#define TESTS_NHM_REGS_SPEC_H

#include "suites/nhm/nhm.h"
#include "pmu/regs/regs.h"

/* How many uncore registers spec §2 lists (8 + 8 + 6). */
unsigned nhm_spec_regs(void);
/* PASS if the table's entry r has the address, role, field accesses and
 * width spec §2/§3 give it; else a FAIL naming the difference. */
enum verdict nhm_spec_agrees(struct tctx *t, const struct reg_ref *r);

#endif
