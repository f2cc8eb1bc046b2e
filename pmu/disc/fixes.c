/* The corrections of docs/spec/xeon-discovery.md §4.5 as data, one row
 * each, applied by disc_fix_apply (pmu/disc/find.c). */
#include "pmu/disc/find.h"

#define SPR_EMR { 0x8F, 0xCF }
#define GNR_SRF_CWF { 0xAD, 0xAE, 0xAF, 0xDD }

const struct disc_fix disc_fixes[] = {
	/* D-41: the table's CHA count is wrong on some SPR; EMR's MSR reads 0 */
	{ .stmt = "D-41", .what = "CHA count from MSR 0x2FFE", .models = SPR_EMR,
	  .kind = DISC_FIX_COUNT_MSR, .type = 0, .msr = 0x2FFE },
	/* D-42: UPI and M3UPI rebuilt from fixed PCI functions */
	{ .stmt = "D-42", .what = "UPI units rebuilt from 8086:3241", .models = SPR_EMR,
	  .kind = DISC_FIX_REBUILD_PCI, .type = 8, .did = 0x3241, .dev = 1, .fn = 1, .units = 4,
	  .nregs = 4, .width = 48, .ctl = 0x318, .ctl_off = 0x38, .ctr_off = 0x08 },
	{ .stmt = "D-42", .what = "M3UPI units rebuilt from 8086:3246", .models = SPR_EMR,
	  .kind = DISC_FIX_REBUILD_PCI, .type = 9, .did = 0x3246, .dev = 5, .fn = 1, .units = 4,
	  .nregs = 4, .width = 48, .ctl = 0xA0, .ctl_off = 0x38, .ctr_off = 0x08 },
	/* D-20, OQ-D4: the MMIO types whose controls Linux steps by 8 */
	{ .stmt = "D-20", .what = "CXLCM controls 8 bytes apart", .models = SPR_EMR,
	  .kind = DISC_FIX_CTL_STEP, .type = 12, .step = 8 },
	{ .stmt = "D-20", .what = "CXLDP controls 8 bytes apart", .models = SPR_EMR,
	  .kind = DISC_FIX_CTL_STEP, .type = 13, .step = 8 },
	{ .stmt = "D-20", .what = "B2CXL controls 8 bytes apart", .models = GNR_SRF_CWF,
	  .kind = DISC_FIX_CTL_STEP, .type = 17, .step = 8 },
	{ .stmt = "D-20", .what = "CXLCM controls 8 bytes apart", .models = GNR_SRF_CWF,
	  .kind = DISC_FIX_CTL_STEP, .type = 12, .step = 8 },
	{ .stmt = "D-20", .what = "CXLDP controls 8 bytes apart", .models = GNR_SRF_CWF,
	  .kind = DISC_FIX_CTL_STEP, .type = 13, .step = 8 },
	/* L-136, OQ-L56: Panther Lake's sNCU and HBO controls as Intel's
	 * Lunar Lake pages space them */
	{ .stmt = "L-136", .what = "sNCU controls 8 bytes apart", .models = { 0xCC },
	  .kind = DISC_FIX_CTL_STEP, .type = 24, .step = 8 },
	{ .stmt = "L-136", .what = "HBO controls 8 bytes apart", .models = { 0xCC },
	  .kind = DISC_FIX_CTL_STEP, .type = 30, .step = 8 },
};
const unsigned disc_fixes_count = ARRAY_SIZE(disc_fixes);
