/* Ice Lake-SP's and -D's constants (spec xeon-sp-uncore.md §8, K-60..K-67)
 * where they differ from Skylake-SP's (suites/skx/skx.h): the suite's own,
 * from the digest, never from pmu/. */
#ifndef SUITES_SKX_ICX_H
#define SUITES_SKX_ICX_H

#include "suites/skx/skx.h"

#define ICX_MODEL_SP 0x6Au /* K-60 */
#define ICX_MODEL_D  0x6Cu
/* K-63: CHA n's BOX_CTL at 0xB60 + ICX_CHA_OFFS[n]; the gap after CHA 17,
 * the wrap to 0xB60 at CHA 34 */
#define ICX_CHA_BASE 0xB60u
#define ICX_CHA_OFFS                                                                       \
	{ 0x2A0, 0x2AE, 0x2BC, 0x2CA, 0x2D8, 0x2E6, 0x2F4, 0x302, 0x310, 0x31E,            \
	  0x32C, 0x33A, 0x348, 0x356, 0x364, 0x372, 0x380, 0x38E, 0x3AA, 0x3B8,            \
	  0x3C6, 0x3D4, 0x3E2, 0x3F0, 0x3FE, 0x40C, 0x41A, 0x428, 0x436, 0x444,            \
	  0x452, 0x460, 0x46E, 0x47C, 0x000, 0x00E, 0x01C, 0x02A, 0x038, 0x046 }
#define ICX_MAX_CHA 40
#define ICX_CHA_GAP 0xEFCu /* the set K-63 skips, between CHA 17 and CHA 18 */
#define ICX_F0_DEFINED 0x1FFull /* K-65: tid alone */
/* K-66: the I/O boxes at these offsets; M2PCIe, IRP, IIO bases and the
 * offsets within a box */
#define ICX_IO_OFFS { 0x00, 0x20, 0x40, 0x90, 0xB0, 0xD0 }
#define ICX_M2P0 0xA40u
#define ICX_M2P_STATUS 5u
#define ICX_M2P_CTL 6u
#define ICX_IRP0 0xA4Au
#define ICX_IRP_CTL 3u
#define ICX_IRP_STATUS 5u
#define ICX_IIO0 0xA50u
#define ICX_IIO_THRESH_TOP 0xFFu
/* K-62, OQ-K30 */
#define ICX_G_STATUS1 0x70Eu
#define ICX_G_STATUS2 0x70Fu
#define ICX_GS2_PCU 0x4ull          /* OQ-K30 model choice */
#define ICX_GS2_IIO(n) (1ull << (3 + (n)))
/* K-64 */
#define ICX_PCU_ID 0x345B8086u
#define ICX_CAPID7 0xA0u
#define ICX_CAPID6_CHAS 0xFFFFFFFFu /* K-64: every bit of both */
#define ICX_CAPID7_CHAS 0xFFFFFFFFu

#endif
