/* The imc.* suite: the memory controllers' counters in MMIO behind
 * MCHBAR (spec client-uncore.md §4.16), which client layouts D, E and F
 * share (Alder Lake to Lunar Lake: L-110), each test driven by the
 * constants of suites/imc/spec.h; its access and bracket (suites/imc/lib.c)
 * are the mtl.* suite's too (layout F's status, suites/mtl/saf.c). */
#ifndef TESTS_IMC_IMC_H
#define TESTS_IMC_IMC_H

#include "suites/imc/spec.h"
#include "suites/common/traffic.h"
#include "suites/common/msr.h"
#include "pmu/backend/space.h"

/* Every register an iMC test writes, saved before the first write and put
 * back (and read back) at the end: the PMON block and the free-running
 * counters' of both controllers (L-130). */
#define IM_SAVED (2 * (2 + 2 * IM_NCTR))
struct imc_ctx {
	uint64_t base;          /* MCHBAR's address (OQ-L43) */
	uint64_t val[IM_SAVED]; /* as found */
	bool saved;
};
/* MCHBAR read from the host bridge into im->base (N/A if disabled): all
 * the free-running counters' tests need, as they write nothing. */
enum verdict imc_bar(struct tctx *t, struct imc_ctx *im);
/* imc_bar, then (N/A on a part whose MCHBAR has no PMON block, L-138)
 * every PMON register saved, both boxes frozen and their controls 0. */
enum verdict imc_begin(struct tctx *t, struct imc_ctx *im);
/* Put back and verify what imc_begin saved; v: the test's verdict so
 * far, returned unless the restore failed (then ERROR). */
enum verdict imc_end(struct tctx *t, struct imc_ctx *im, enum verdict v);
/* Controller m's register at offset off (of controller 0's) */
uint64_t imc_addr(const struct imc_ctx *im, unsigned m, uint32_t off);
/* 32-bit writes and 64-bit reads of controller m (0: as space.h's rcs). */
int imc_wr(const struct imc_ctx *im, unsigned m, uint32_t off, uint32_t val);
int imc_rd64(const struct imc_ctx *im, unsigned m, uint32_t off, uint64_t *val);
int imc_rd32(const struct imc_ctx *im, unsigned m, uint32_t off, uint32_t *val);

extern const struct suite imc_suite;

#endif
