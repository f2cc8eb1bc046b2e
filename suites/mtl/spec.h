/* Client uncore layout E (Meteor Lake, Arrow Lake) as the mtl.* suite
 * knows it, written from the spec digest (client-uncore.md §4.15) and
 * never from pmu/regs/mtl.c or the model: the model reads that table, so
 * a wrong entry there must show as a test failing here
 * (docs/design.md#tests-never-read-the-models-tables). */
#ifndef TESTS_MTL_SPEC_H
#define TESTS_MTL_SPEC_H

#include "lib/rt.h"

/* L-100: the CPU models of layout E (GenuineIntel family 6); L-118: of
 * layout F, the compute tile's MSR units alone, four C-boxes. */
static const uint8_t mt_models[] = { 0xAA, 0xAC, 0xC5, 0xC6, 0xB5 };
static const uint8_t mt_models_f[] = { 0xBD };
#define MT_CBOX_F       4
/* L-141..L-143: Panther Lake's MSR units beside its discovery table (the
 * suite calls them layout P): six C-boxes (L-142), SANTA at the ARB's
 * addresses, the IA core bridge, two cNCU boxes 0x140 apart. */
static const uint8_t mt_models_p[] = { 0xCC };
#define MT_CBOX_P       6
#define MT_SANTA_SEL    0x2412u
#define MT_SANTA_CTR    0x2418u
#define MT_BRIDGE_SEL   0x2022u
#define MT_BRIDGE_CTR   0x2028u
#define MT_CNCU_STEP    0x140u                  /* L-143: cNCU box 1 */
/* L-132, D-10, L-135: MSR 0x201E holds the table's global entry; its
 * qword 0 bits 63:62 the access type (1: MMIO), qword 1 the global
 * control, whose bit 0 (freeze-all) holds the MSR units too (L-145,
 * OQ-L62). */
#define MT_DISC_MSR     0x201Eu
#define MT_DISC_ACCESS(q0) ((unsigned)((q0) >> 62))
#define MT_DISC_MMIO    1u
#define MT_FRZ_ALL      1ull

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

/* §4.17: layout F's units behind SAFBAR (host bridge config 0x68), offsets
 * from it; HBO box b 0x1000b below box 0 (L-119..L-124; Intel's control
 * addresses, OQ-L50). */
#define MT_SAFBAR_CFG   0x68u                   /* L-119 */
#define MT_SNCU_UNIT    0xE4B380u               /* L-120 */
#define MT_SNCU_CTR(k)  (0xE4B390u + 8u * (k))
#define MT_SNCU_CTL(k)  (0xE4B3A0u + 8u * (k))
#define MT_SAF_GCTL     0xE4B700u               /* L-123 */
#define MT_SAF_STATUS   0xE4B708u               /* L-124: W1C */
#define MT_HBO_UNIT(b)  (0xE54548u - 0x1000u * (b)) /* L-121 */
#define MT_HBO_CTL(b, k) (0xE54550u - 0x1000u * (b) + 8u * (k))
#define MT_HBO_CTR(b, k) (0xE54570u - 0x1000u * (b) + 8u * (k))
#define MT_UNIT_FRZ     1ull                    /* L-126 */
#define MT_SAF_FRZ_ALL  1ull                    /* L-123, OQ-L51 */
#define MT_ST_SNCU      1ull                    /* L-124 */
#define MT_ST_MC(m)     (2ull << (m))
#define MT_ST_HBO(b)    (8ull << (b))
#define MT_ST_ALL       0x1Full
#define MT_SAF_CLK      0xFFu                   /* OQ-L54 */

#endif
