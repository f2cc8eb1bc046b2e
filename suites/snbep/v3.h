/* The Xeon E5 v3 (Haswell-EP, model 0x3F) and E5 v4 / Xeon D (Broadwell-EP
 * and -DE, 0x4F, 0x56) in the snbep suite (spec xeon-e5-v2-v4-uncore.md,
 * V-xx): the suite's own constants for what they add to the E5 v2, from
 * the digest, never from pmu/. The E5-2600's and E5 v2's tests run on them
 * through their map (suites/snbep/gen.c); snbep.v3.* tests the SBOXes,
 * the U-box filter and the die software learns from CAPID4. */
#ifndef SUITES_SNBEP_V3_H
#define SUITES_SNBEP_V3_H

#include "suites/snbep/v2.h"

#define V3_MODEL_HSX    0x3F              /* V-01 */
#define V3_MODEL_BDX    0x4F
#define V3_MODEL_BDX_DE 0x56
/* §2.2: SBOX n at 0x720 + 10n (V-20) */
#define V3_MAX_SBOX      4                 /* V-22 */
#define V3_S_BOX_CTL(n)  (0x720u + 10u * (n))
#define V3_S_CTL(n, k)   (0x721u + 10u * (n) + (k))
#define V3_S_STATUS(n)   (0x725u + 10u * (n))   /* V-13, V-32 */
#define V3_S_CTR(n, k)   (0x726u + 10u * (n) + (k))
#define V3_S_CLK         0x00ull           /* UNC_S_CLOCKTICKS (V-30) */
#define V3_U_FILTER      0x707u            /* V-19: tid 0, cid 5:1 */
#define V3_U_FILTER_DEFINED 0x3Full
#define V3_GS_SBOX       0x10ull           /* OQ-V16 model choice */
/* V-24: C-box RxR_OCCUPANCY (0x11, umask IRQ 0x01) on counter 0 alone, on
 * the v3 and the v4 */
#define V3_RXR_OCC       (0x11ull | 0x01ull << 8)
/* V-31: CAPID4 of the PCU's function 3 (OQ-V14: device 30 function 3),
 * its chop in bits 7:6; 0 the smallest die. */
#define V3_PCU3_DEV      30
#define V3_PCU3_FN       3
#define V3_PCU3_ID_HSX   0x2FC08086u
#define V3_PCU3_ID_BDX   0x6FC08086u
#define V3_CAPID4        0x94
#define V3_CHOP(capid4)  ((capid4) >> 6 & 3)

/* SBOX widths (V-16): 44 bits on the v3, 48 on the v4. */
static inline unsigned v3_sbox_width(void)
{
	return snb_v4() ? 48 : 44;
}

extern const struct suite snbep_v3_suite;

#endif
