/* The generic unit of the discovery table as the disc.* suite knows it,
 * written from the digest (xeon-discovery.md §4.4, §4.5) and never from
 * pmu/disc/ or the model: the unit control's bits, the counter control's,
 * the global freeze-all, and the box types' names by generation. Where
 * the units are comes from the machine's own table (that is what is
 * validated); how to read it is pmu/disc/'s. */
#ifndef SUITES_DISC_SPEC_H
#define SUITES_DISC_SPEC_H

#include "lib/rt.h"

#define DS_UNIT_FRZ      0x1ull    /* D-30 */
#define DS_UNIT_RST_CTRL 0x100ull  /* D-31 */
#define DS_UNIT_RST_CTRS 0x200ull
#define DS_EV_FREE       0x01ull   /* D-34, OQ-D9: clockticks */
#define DS_CTL_OV_EN     (1ull << 20) /* D-35, OQ-D10 */
#define DS_GLOBAL_FRZ    0x1ull    /* D-36 */

/* §4.7: the types tested beyond the contract, by number on every named
 * generation (D-40, D-43). */
#define DS_TYPE_CHA      0
#define DS_TYPE_IIO      1
#define DS_TYPE_IMC      6
#define DS_CAS_RD        0xCF05ull /* D-70 (OQ-D15 after SPR): event 0x05, umask 0xCF */
#define DS_CAS_WR        0xF005ull /* umask 0xF0 */
#define DS_LINE          64u       /* D-70: a CAS is one line */
#define DS_IOCLK_SPR     0x340Eu   /* D-72: IIO n's clock at + DS_IOCLK_STEP n */
#define DS_IOCLK_GNR     0x290Eu
#define DS_IOCLK_STEP    0x10u
#define DS_IOCLK_WIDTH   48
#define DS_CHA_FILTER0   0x200Eu   /* D-74: CHA n's at + DS_CHA_STEP n */
#define DS_CHA_STEP      0x10u
#define DS_CHA_TID       0x3FFull  /* its bits 9:0 */
#define DS_CTL_TID_EN    (1ull << 16)
#define DS_TOR_IA        0x00C001FF00000135ull /* D-75: event 0x35, umask 0x01, ext 0xC001FF */

/* D-40: Sapphire and Emerald Rapids; D-43: Granite Rapids, Sierra Forest,
 * Clearwater Forest. A model in neither list names its types by number
 * (D-60). */
static const uint8_t ds_models_spr[] = { 0x8F, 0xCF };
static const uint8_t ds_models_gnr[] = { 0xAD, 0xAE, 0xAF, 0xDD };
static const char *const ds_names_spr[] = {
	[0] = "CHA", [1] = "IIO", [2] = "IRP", [3] = "M2PCIe", [4] = "PCU", [6] = "IMC",
	[7] = "M2M", [8] = "UPI", [9] = "M3UPI", [11] = "MDF", [12] = "CXLCM", [13] = "CXLDP",
	[14] = "HBM",
};
static const char *const ds_names_gnr[] = {
	[0] = "CHA", [1] = "IIO", [2] = "IRP", [4] = "PCU", [5] = "UBOX", [6] = "IMC",
	[8] = "UPI", [12] = "CXLCM", [13] = "CXLDP", [15] = "B2HOT", [16] = "B2CMI",
	[17] = "B2CXL", [18] = "B2UPI", [20] = "MDF_SBO", [21] = "PCIEX16", [22] = "PCIEX8",
};

#endif
