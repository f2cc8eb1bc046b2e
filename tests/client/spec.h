/* The client uncore (Sandy Bridge through Comet Lake) as the client.*
 * suite knows it, written from the spec digest (client-uncore.md §2, §3,
 * §5) and never from pmu/regs_client.c or the model: the model reads that
 * table, so a wrong entry there must show as a test failing here, not move
 * the test with the model (DESIGN.md). */
#ifndef TESTS_CLIENT_SPEC_H
#define TESTS_CLIENT_SPEC_H

#include "../../lib/rt.h"

/* L-01: the CPU models of each layout (GenuineIntel family 6). */
static const uint8_t cl_models_a[] = { 0x2A, 0x3A, 0x3C, 0x45, 0x46, 0x3D, 0x47 };
static const uint8_t cl_models_b[] = { 0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6 };

/* L-07, L-09: the global control and status by layout. */
#define CL_GCTL_A      0x391u
#define CL_GCTL_B      0xE01u
/* L-08: the control below the counter, Nehalem's order swapped. */
#define CL_FIXED_CTL   0x394u
#define CL_FIXED_CTR   0x395u
#define CL_CBO_CONFIG  0x396u                   /* L-15 */
/* L-14: ARB counters below their selects. */
#define CL_ARB_CTR(k)  (0x3B0u + (k))
#define CL_ARB_SEL(k)  (0x3B2u + (k))
/* L-11..L-13: C-box n, counter k; box 7 off the stride (layout B). */
#define CL_CBO_SEL(n, k) ((n) == 7 ? 0xF70u + (k) : 0x700u + 0x10u * (n) + (k))
#define CL_CBO_CTR(n, k) ((n) == 7 ? 0xF76u + (k) : 0x706u + 0x10u * (n) + (k))
#define CL_CBOX_MAX_A  4                        /* L-04, L-16 */
#define CL_CBOX_MAX_B  8                        /* L-05, L-17 */
#define CL_CBOX7_MODEL 0x9E                     /* OQ-L6: box 7 only on 8-core 0x9E parts */

/* GLOBAL_CTRL (§3). */
#define CL_GC_EN       (1ull << 29)             /* L-20 */
#define CL_GC_WAKE     (1ull << 30)             /* L-47 */
#define CL_GC_FREEZE   (1ull << 31)             /* L-50 */
#define CL_GC_SEL_A    0xFull                   /* L-43: bits 3:0 route to cores 0-3 */
/* GLOBAL_STATUS (L-38): one bit per unit class. */
#define CL_ST_FIXED    (1ull << 0)
#define CL_ST_ARB      (1ull << 1)
#define CL_ST_CBO      (1ull << 3)
/* FIXED_CTRL (L-22, L-36). */
#define CL_FC_OVF_EN   (1ull << 20)
#define CL_FC_EN       (1ull << 22)
#define CL_FC_NHM_EN   (1ull << 0)              /* Nehalem's enable: no function here (L-22) */
/* Event selects of the C-boxes and the ARB (L-25). */
#define CL_ES_E        (1ull << 18)             /* L-29 */
#define CL_ES_OVF_EN   (1ull << 20)             /* L-35 */
#define CL_ES_EN       (1ull << 22)             /* L-21 */
#define CL_ES_INV      (1ull << 23)             /* L-28 */
#define CL_ES_CMASK(c) ((uint64_t)(c) << 24)    /* L-27: 5 bits, 28:24 (OQ-L19) */
#define CL_ES_CMASK_TOP 16u                     /* bit 28 alone */
#define CL_ES_RSV29    (1ull << 29)             /* L-26: reserved */

/* Widths (L-32, L-33, OQ-L16). */
#define CL_GP_BITS     44
#define CL_FIXED_BITS_A 48
#define CL_FIXED_BITS_B 44

/* Events (§5, L-57: both umask groups). */
#define CL_LOOKUP_ANY  0x8F34ull                /* C-box UNC_CBO_CACHE_LOOKUP.ANY_MESI */
#define CL_LOOKUP_STATE_ONLY 0x0F34ull          /* the line-state group alone (OQ-L22) */
#define CL_ARB_OCC     0x0180ull                /* UNC_ARB_TRK_OCCUPANCY.ALL: counter 0 only (L-56) */
#define CL_ARB_REQ     0x0181ull                /* UNC_ARB_TRK_REQUESTS.ALL: 0 or 1 */

#endif
