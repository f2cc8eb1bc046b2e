/* The memory controllers behind MCHBAR (client-uncore.md §4.16: Alder
 * Lake, Raptor Lake, Meteor Lake, Arrow Lake, Lunar Lake; Panther Lake's
 * free-running counters, L-138) as the imc.*
 * suite knows them, written from the spec digest and never from
 * pmu/regs/imc.c or the model: the model reads that table, so a wrong
 * entry there must show as a test failing here
 * (docs/design.md#tests-never-read-the-models-tables). */
#ifndef TESTS_IMC_SPEC_H
#define TESTS_IMC_SPEC_H

#include "lib/rt.h"

/* §4.16: the memory controllers behind MCHBAR (host bridge 0:0.0, config
 * 0x48; OQ-L43: address bits above 14), controller m at + 0x10000m. */
#define IM_MCHBAR_CFG   0x48u                   /* L-110 */
#define IM_MCHBAR_EN    1ull
#define IM_MCHBAR_MASK  (~0x7FFFull)            /* OQ-L43 */
#define IM_STRIDE   0x10000u
#define IM_GCTL     0xD9C0u                 /* L-111, L-114 */
#define IM_BOX      0xD9C4u
#define IM_CTL(k)   (0xD9D0u + 4u * (k))    /* 32 bits */
#define IM_CTR(k)   (0xD9E8u + 8u * (k))    /* 64 bits */
#define IM_NCTR     5
#define IM_FR_TOTAL 0xD840u                 /* L-115 */
#define IM_FR_RD    0xD858u
#define IM_FR_WR    0xD8A0u
#define IM_FRZ      1u                      /* L-113: the third control layout */
#define IM_RST_CTRL 2u
#define IM_RST_CTRS 4u
#define IM_RST      (1u << 17)              /* L-112 */
#define IM_EDGE     (1u << 18)
#define IM_FRZ_OV   (1u << 20)
#define IM_INV      (1u << 23)
#define IM_TH(c)    ((uint32_t)(c) << 24)
#define IM_CLK      0x01u                   /* L-131 */
#define IM_CAS_RD   0x22u
#define IM_CAS_WR   0x23u
#define IM_LINE         64u
/* L-138, OQ-L63: Panther Lake's MCHBAR holds the free-running counters
 * (L-115) alone; its memory controllers' PMON blocks are its discovery
 * table's units (L-134), not L-111's. */
#define IM_MODEL_FR_ONLY 0xCCu

#endif
