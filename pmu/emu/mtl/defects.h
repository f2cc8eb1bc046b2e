/* Client uncore layout E's and F's defects (family MTL, generations mtl,
 * arl and lnl: one model, pmu/emu/mtl/), each shown to break its behaviour
 * by tests/pmu/emu/mtl/test_emu_mtl_faults.c. MUT: the mtl and lnl rows of
 * `make mutation` run it against the mtl.* suite; TILES: the mtl row only
 * (what layout F has not in MSRs, L-118); SAF: the lnl row only (layout
 * F's units behind SAFBAR); PTL: the ptl row (Panther Lake's MSR units,
 * L-141..L-148). The memory controllers behind MCHBAR have a
 * family of their own (pmu/emu/imc/defects.h).
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_MTL_DEFECTS_H
#define PMU_EMU_MTL_DEFECTS_H

#define EMU_MTL_FAULTS(D, f)                                                            \
	/* the tiles' enables */                                                        \
	D(f, MTL_BOX_EN_IGNORED, "mtl-box-en-ignored", MUT, "the NCU box controls' EN gates nothing (L-105)") \
	D(f, MTL_TILES_SWAPPED, "mtl-tiles-swapped", MUT, "0x240E gates the SoC tile, 0x200E the compute tile (L-105, OQ-L40)") \
	D(f, MTL_ONE_ENABLE, "mtl-one-enable", TILES, "0x240E's EN gates both tiles, 0x200E's nothing (L-105, OQ-L40)") \
	D(f, MTL_LOCAL_EN_IGNORED, "mtl-local-en-ignored", MUT, "PERFEVTSEL.EN ignored (L-105)") \
	/* registers */                                                                 \
	D(f, MTL_RESERVED_ACCEPTED, "mtl-reserved-accepted", MUT, "reserved bits stored, no #GP (OQ-L42)") \
	D(f, MTL_CBO_CONFIG_PLUS_ONE, "mtl-cbo-config-plus-one", TILES, "CBO_CONFIG counts one C-box more than there is (L-106)") \
	D(f, MTL_WIDTH_44, "mtl-width-44", MUT, "general counters 44 bits wide, not 48 (L-102, L-103)") \
	D(f, MTL_HAC_ARB_ALIAS, "mtl-hac-arb-alias", TILES, "HAC ARB box 1 reaches box 0's registers (L-103)") \
	/* events and filters */                                                        \
	D(f, MTL_THRESH_5_BITS, "mtl-thresh-5-bits", MUT, "the threshold's bit 29 ignored: 5 bits, not 6 (L-107)") \
	D(f, MTL_THRESH_OFF_BY_ONE, "mtl-thresh-off-by-one", MUT, "the threshold compares > instead of >= (L-107)") \
	D(f, MTL_INV_IGNORED, "mtl-inv-ignored", MUT, "INV ignored (L-107)")           \
	D(f, MTL_EDGE_IGNORED, "mtl-edge-ignored", MUT, "E counts levels (L-107)")     \
	/* fixed counters, wraps, PMI */                                                \
	D(f, MTL_SNCU_HALF_RATE, "mtl-sncu-half-rate", TILES, "the sNCU's fixed counter counts every other uncore clock (L-104)") \
	D(f, MTL_WRAP_STOPS, "mtl-wrap-stops", MUT, "a counter stops at its wrap instead of counting on from 0 (L-108, OQ-L42)") \
	D(f, MTL_PMI_ON_WRAP, "mtl-pmi-on-wrap", MUT, "a wrap with OVF_EN sends a PMI to core 0 (L-129, OQ-L53)") \
	/* layout F's units behind SAFBAR (pmu/emu/mtl/saf.c) */                        \
	D(f, LNL_STATUS_NOT_W1C, "lnl-status-not-w1c", SAF, "the global status takes the value written: 0 clears, 1 sets (L-124)") \
	D(f, LNL_STATUS_CLEARS_ALL, "lnl-status-clears-all", SAF, "writing 1 to one status bit clears every bit (L-124)") \
	D(f, LNL_HBO1_STATUS_BIT3, "lnl-hbo1-status-bit3", SAF, "HBO 1's overflow sets HBO 0's status bit 3, not bit 4 (L-124)") \
	D(f, LNL_MC_STATUS_MISSING, "lnl-mc-status-missing", SAF, "a memory controller's wrap sets no status bit (L-127)") \
	D(f, LNL_SNCU_CTL_LINUX, "lnl-sncu-ctl-linux", SAF, "the sNCU's controls at Linux's +0x398/+0x39C, not Intel's +0x3A0/+0x3A8 (L-120, OQ-L50)") \
	D(f, LNL_FRZ_ALL_IGNORED, "lnl-frz-all-ignored", SAF, "the global control's freeze-all (bit 0) stops nothing (L-123, OQ-L51)") \
	D(f, LNL_UNIT_FRZ_IGNORED, "lnl-unit-frz-ignored", SAF, "a unit control's freeze (bit 0) stops nothing (L-126)") \
	/* Panther Lake's MSR units beside its discovery table (pmu/emu/mtl/ptl.c) */    \
	D(f, PTL_FRZ_ALL_SPARES_MSR, "ptl-frz-all-spares-msr", PTL, "the discovery table's freeze-all holds no MSR unit (L-145, OQ-L62)") \
	D(f, PTL_BRIDGE_UNGATED, "ptl-bridge-ungated", PTL, "the IA core bridge counts whatever 0x240E's EN holds (L-144, OQ-L61)") \
	D(f, PTL_CNCU_STRIDE_0X100, "ptl-cncu-stride-0x100", PTL, "cNCU box 1 answers 0x100 above box 0, not 0x140 (L-143)") \
	D(f, PTL_CBO_CONFIG_PRESENT, "ptl-cbo-config-present", PTL, "CBO_CONFIG (0x396) answers with the C-box count, as on layout E (L-142, OQ-L59)")

#endif
