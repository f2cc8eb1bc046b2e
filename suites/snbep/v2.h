/* The Xeon E5 v2 (Ivy Bridge-EP, model 0x3E) beside the E5-2600 in the
 * snbep suite (spec xeon-e5-v2-v4-uncore.md, V-xx): the suite's own
 * constants for what the v2 changes, from the digest, never from pmu/.
 * The E5-2600's tests run on both with the addresses they share (V-20);
 * a test of behaviour one generation lacks is N/A on the other. */
#ifndef SUITES_SNBEP_V2_H
#define SUITES_SNBEP_V2_H

#include "suites/snbep/snbep.h"

#define V2_MODEL 0x3E                 /* V-01 */
/* §2.1 and V-03, V-04, V-13 */
#define V2_GLOBAL_CTL    0xC00
#define V2_GLOBAL_STATUS 0xC01
#define V2_GLOBAL_CONFIG 0xC06
#define V2_U_STATUS      0xC15
#define V2_P_STATUS      0xC35
#define V2_C_FILTER1(n)  (0xD1Au + 0x20u * (n))   /* V-18 */
#define V2_MAX_CBOX      15                        /* V-21 */
/* V-03: GLOBAL_CTL */
#define V2_PMI_SEL(c)    (1ull << (c))             /* pmi_core_sel 14:0 */
#define V2_UNFRZ_ALL     (1ull << 29)
#define V2_WK_ON_PMI     (1ull << 30)
#define V2_FRZ_ALL       (1ull << 31)
#define V2_OV_EN         (1ull << 20)              /* V-08, V-11, V-15 */
/* OQ-V1 model choice: GLOBAL_STATUS's bits per box type */
#define V2_GS_U          0x1ull
#define V2_GS_U_FIXED    0x2ull
#define V2_GS_CBOX       0x4ull
#define V2_GS_PCU        0x8ull
/* V-18: the C-box filters' fields as the guide prints them */
#define V2_F0_DEFINED    (0x1Full | 0x3Full << 17)           /* tid 4:0, state 22:17 */
#define V2_F1_DEFINED    (0xFFFFull | 0x1FFull << 20 | 0x3ull << 30) /* nid, opc, nc, isoc */
/* V-16 */
#define V2_W_CBOX 44
#define V2_W_UBOX 44
#define V2_W_UFIX 48
#define V2_W_PCU  48

/* This CPU is an E5 v2 (CPUID's display model, V-01). */
bool snb_v2(void);
/* The invert bit of a counter control where the generation has one (S-23),
 * 0 on the E5 v2, whose controls have none (V-12). */
uint64_t snb_inv(void);

extern const struct suite snbep_v2_suite;

#endif
