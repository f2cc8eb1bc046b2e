/* The client uncore (Sandy Bridge through Raptor Lake) as the client.*
 * suite knows it, written from the spec digest (client-uncore.md §2, §3,
 * §5) and never from pmu/regs/client.c or the model: the model reads that
 * table, so a wrong entry there must show as a test failing here, not move
 * the test with the model (docs/design.md#tests-never-read-the-models-tables). */
#ifndef TESTS_CLIENT_SPEC_H
#define TESTS_CLIENT_SPEC_H

#include "lib/rt.h"

/* L-01: the CPU models of each layout (GenuineIntel family 6). */
static const uint8_t cl_models_a[] = { 0x2A, 0x3A, 0x3C, 0x45, 0x46, 0x3D, 0x47 };
static const uint8_t cl_models_b[] = { 0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6 };
/* L-64: layout C (Ice Lake client first, L-70) and layout D. */
static const uint8_t cl_models_c[] = { 0x7D, 0x7E, 0x8C, 0x8D, 0xA7 };
static const uint8_t cl_models_d[] = { 0x97, 0x9A, 0xBE, 0xB7, 0xBA, 0xBF };
#define CL_ICL_ERRATUM(model) ((model) == 0x7D || (model) == 0x7E) /* L-70: ICL068 */

/* L-07, L-09, L-65, L-73: the global control by layout (the status at + 1,
 * OQ-L27 on C and D). */
#define CL_GCTL_A      0x391u
#define CL_GCTL_B      0xE01u                   /* and C */
#define CL_GCTL_D      0x2FF0u
/* L-08, L-73: the control below the counter, Nehalem's order swapped. */
#define CL_FIXED_CTL   0x394u                   /* A to C */
#define CL_FIXED_CTL_D 0x2FDEu
#define CL_CBO_CONFIG  0x396u                   /* L-15, L-65, L-73 */
/* L-14: ARB counters below their selects (A to C); L-76: on D selects
 * below counters, two boxes 8 apart. */
#define CL_ARB_CTR_A   0x3B0u
#define CL_ARB_SEL_A   0x3B2u
#define CL_ARB_SEL_D   0x2FD0u
#define CL_ARB_CTR_D   0x2FD2u
#define CL_ARB_STRIDE_D 8u
/* L-11..L-13: C-box n at 0x700 + 0x10n (select) and 0x706 + 0x10n
 * (counter), box 7 off the stride on B; L-66, L-74: at a stride of 8 on C
 * (0x700, 0x702) and D (0x2000, 0x2002). */
#define CL_CBO_SEL_AB  0x700u
#define CL_CBO_CTR_AB  0x706u
#define CL_CBO7_SEL_B  0xF70u
#define CL_CBO7_CTR_B  0xF76u
#define CL_CBO_SEL_C   0x700u
#define CL_CBO_CTR_C   0x702u
#define CL_CBO_SEL_D   0x2000u
#define CL_CBO_CTR_D   0x2002u
#define CL_CBOX_MAX_A  4                        /* L-04, L-16 */
#define CL_CBOX_MAX_B  8                        /* L-05, L-17 */
#define CL_CBOX7_MODEL 0x9E                     /* OQ-L6: box 7 only on 8-core 0x9E parts */
#define CL_CBOX_MAX_CD 8                        /* OQ-L29: what the model presents */
#define CL_CBOX_SPACE_CD 15                     /* L-68: CBO_CONFIG's 4 bits */

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
#define CL_ES_CMASK(c) ((uint64_t)(c) << 24)    /* L-27: 5 bits, 28:24 (OQ-L19); 6 on D (L-75) */
#define CL_ES_RSV29    (1ull << 29)             /* L-26: reserved (A to C; an ARB's on D) */
#define CL_ES_RSV30    (1ull << 30)             /* L-26, L-75: reserved on D's C-boxes */

/* Widths (L-32, L-33, OQ-L16). The fixed counter's is what the digest
 * says; the tests preset it by the width they probe (L-85). */
#define CL_GP_BITS     44
#define CL_FIXED_BITS_A 48                      /* and C, D (L-73, L-78) */
#define CL_FIXED_BITS_B 44

/* Events (§5, L-57: both umask groups). */
#define CL_LOOKUP_ANY  0x8F34ull                /* C-box UNC_CBO_CACHE_LOOKUP.ANY_MESI */
#define CL_LOOKUP_STATE_ONLY 0x0F34ull          /* the line-state group alone (OQ-L22) */
#define CL_ARB_OCC     0x0180ull                /* UNC_ARB_TRK_OCCUPANCY.ALL: counter 0 only (L-56) */
#define CL_ARB_REQ     0x0181ull                /* UNC_ARB_TRK_REQUESTS.ALL: 0 or 1 */
#define CL_ARB_COH_OCC 0x0183ull                /* UNC_ARB_COH_TRK_OCCUPANCY.ALL (L-83) */

/* Counters by event (L-82..L-84): the ARB counter every source lets count
 * 81H on every client part (L-56, L-83: 1 on Ice Lake and Rocket Lake,
 * 0 or 1 elsewhere), and the models whose ARB counts 81H on counter 1
 * alone (L-83, OQ-L34; Ice Lake client's only counter, L-70). */
#define CL_ARB_REQ_CTR 1
static const uint8_t cl_models_req1[] = { 0x7D, 0x7E, 0xA7 };

#endif
