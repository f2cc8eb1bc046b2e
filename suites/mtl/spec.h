/* Client uncore layout E (Meteor Lake, Arrow Lake) as the mtl.* suite
 * knows it, written from the spec digest (client-uncore.md §4.14) and
 * never from pmu/regs/mtl.c or the model: the model reads that table, so
 * a wrong entry there must show as a test failing here
 * (docs/design.md#tests-never-read-the-models-tables). */
#ifndef TESTS_MTL_SPEC_H
#define TESTS_MTL_SPEC_H

#include "lib/rt.h"

/* L-100: the CPU models of layout E (GenuineIntel family 6). */
static const uint8_t mt_models[] = { 0xAA, 0xAC, 0xC5, 0xC6, 0xB5 };

/* L-102, L-103: two selects then two counters per box, boxes 0x10 apart. */
#define MT_BOX_STRIDE   0x10u
#define MT_CBO_SEL      0x2442u
#define MT_CBO_CTR      0x2448u
#define MT_ARB_SEL      0x2412u
#define MT_ARB_CTR      0x2418u
#define MT_HAC_ARB_SEL  0x2012u
#define MT_HAC_ARB_CTR  0x2018u
#define MT_HAC_CBO_SEL  0x2042u
#define MT_HAC_CBO_CTR  0x2048u
#define MT_NBOX2        2       /* ARB, HAC ARB, HAC C-box: two boxes each (L-103, L-106) */
#define MT_CBOX_MAX     8       /* OQ-L29: what the model presents */
#define MT_CBOX_SPACE   15      /* CBO_CONFIG's four bits (L-106, L-68) */
/* L-104, L-105: each NCU's fixed pair and its box control, the tile's
 * enable: [0] the compute tile's cNCU, [1] the SoC tile's sNCU. */
#define MT_CNCU_BOX     0x240Eu
#define MT_CNCU_FCTL    0x2402u
#define MT_CNCU_FCTR    0x2408u
#define MT_SNCU_BOX     0x200Eu
#define MT_SNCU_FCTL    0x2002u
#define MT_SNCU_FCTR    0x2008u
#define MT_CBO_CONFIG   0x396u  /* L-106 */

#define MT_BOX_EN       (1ull << 29)            /* L-105 */
#define MT_BOX_STORED   0xE000001Full           /* OQ-L42: 4:0, 29, 30, 31 */
#define MT_FC_OVF_EN    (1ull << 20)            /* OQ-L41 */
#define MT_FC_EN        (1ull << 22)            /* L-104 */
/* L-107: the event select of every unit. */
#define MT_ES_E         (1ull << 18)
#define MT_ES_OVF_EN    (1ull << 20)            /* OQ-L41 */
#define MT_ES_EN        (1ull << 22)
#define MT_ES_INV       (1ull << 23)
#define MT_ES_THRESH(c) ((uint64_t)(c) << 24)   /* 6 bits, 29:24 */
#define MT_ES_THRESH_TOP 32u                    /* bit 29 alone */
#define MT_ES_RSV30     (1ull << 30)            /* reserved (OQ-L42) */
#define MT_FC_RSV21     (1ull << 21)
#define MT_BOX_RSV5     (1ull << 5)

#define MT_BITS         48                      /* L-102..L-104 */

/* Events (§5 of the digest, as on layouts A..D): at most one a cycle. */
#define MT_LOOKUP_ANY   0x8F34ull               /* C-box and HAC C-box */
#define MT_ARB_REQ      0x0181ull               /* ARB and HAC ARB */

#endif
