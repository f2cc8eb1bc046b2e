/* The Xeon E5 v2 (Ivy Bridge-EP, model 0x3E) beside the E5-2600 in the
 * snbep suite (spec xeon-e5-v2-v4-uncore.md, V-xx): the suite's own
 * constants for what the v2 changes, from the digest, never from pmu/.
 * The E5-2600's tests run on both with the addresses they share (V-20);
 * a test of behaviour one generation lacks is N/A on the other. */
#ifndef SUITES_SNBEP_V2_H
#define SUITES_SNBEP_V2_H

#include "suites/snbep/snbep.h"

#define V2_MODEL 0x3E                 /* V-01 */
/* §2.1 and V-03, V-04, V-13, V-18, V-21; the E5 v3's and v4's in the same
 * places of their map (§2.2, suites/snbep/gen.c) */
#define V2_GLOBAL_CTL    (snb_map()->g_ctl)
#define V2_GLOBAL_STATUS (snb_map()->g_status)
#define V2_GLOBAL_CONFIG (snb_map()->g_config)
#define V2_U_STATUS      (snb_map()->u_status)
#define V2_P_STATUS      (snb_map()->p_status)
#define V2_C_FILTER1(n)  (snb_map()->c_filter1 + snb_map()->c_stride * (n))
#define V2_MAX_CBOX      (snb_map()->max_cbox)
#define V2_MAXB          (24 + 2)  /* the most C-boxes of a generation (V-21), PCU, UCLK */
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
/* V-18: the C-box filters' fields (the guide's on the v2, §3.3's on the
 * v3 and v4) */
#define V2_F0_DEFINED    (snb_map()->f0_defined)
#define V2_F1_DEFINED    (snb_map()->f1_defined)
/* V-16 */
#define V2_W_CBOX (snb_map()->w_cbox)
#define V2_W_UFIX 48
#define V2_W_PCU  48

/* This CPU is an E5 v2; an E5 v3 or v4; an E5 v4; a Xeon Scalable of
 * model 0x55; an Ice Lake-SP or -D (CPUID's display model, V-01, K-01,
 * K-60; suites/snbep/gen.c). */
bool snb_v2(void), snb_v3(void), snb_v4(void), snb_sp(void), snb_icx(void);
/* It has the global layer (V-03, V-05): an E5 v2, v3 or v4. */
static inline bool snb_global(void)
{
	return snb_map()->g_ctl != 0;
}
/* The invert bit of a counter control where the generation has one (S-23),
 * 0 on the E5 v2, whose controls have none (V-12). */
uint64_t snb_inv(void);

extern const struct suite snbep_v2_suite;

#endif
