/* Field tables the Xeon E5 v2, v3 and v4 uncore descriptions share
 * (pmu/regs/xeon_fields.c, read by pmu/regs/ivbep.c and pmu/regs/hswep.c;
 * spec xeon-e5-v2-v4-uncore.md, V-xx). Apart from pmu/regs/snbep.c so that
 * the E5-2600's own tables stay as they are. */
#ifndef PMU_REGS_XEON_FIELDS_H
#define PMU_REGS_XEON_FIELDS_H

#include "pmu/regs/regs.h"

/* BOX_CTL of every box (V-09). */
extern const struct field xeon_box_ctl[];
/* A box status: one overflow bit per counter, written 1 to clear (V-13),
 * for 2, 4 or 7 counters (the PCI boxes' 6:0, V-14). */
extern const struct field xeon_box_status2[], xeon_box_status4[], xeon_box_status7[];
/* Counter controls with an 8-bit threshold: with invert (v3, v4) and
 * without (IVB-EP, V-12); with tid_en (C-box, SBOX) and without. */
extern const struct field xeon_ctl_tid_inv[], xeon_ctl_tid[], xeon_ctl_inv[], xeon_ctl[];
/* The U-box's: a 5-bit threshold, no tid_en (V-11); with and without
 * invert. */
extern const struct field xeon_uctl_inv[], xeon_uctl[];
/* The PCU's (V-11, V-12): occupancy fields; IVB-EP's with ev_sel_ext and
 * without invert, HSX's, BDX's and SKX's with both (V-29, K-44). */
extern const struct field xeon_pcu_ctl[], xeon_pcu_ctl_ext_inv[];
/* The QPI port's: ev_sel_ext at 21 (V-11); with and without invert. */
extern const struct field xeon_qpi_ctl_inv[], xeon_qpi_ctl[];
/* The U-clock fixed counter's and the iMC fixed counter's controls (V-15). */
extern const struct field xeon_uclk_fixed_ctl[], xeon_imc_fixed_ctl[];
/* The PCU band filter, a byte per band (V-17). */
extern const struct field xeon_pcu_filter[];
/* Counters of 44, 48 and 64 bits (V-16). */
extern const struct field xeon_ctr44[], xeon_ctr48[], xeon_ctr64[];

#endif
