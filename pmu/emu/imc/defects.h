/* The memory controllers' defects behind MCHBAR (family IMC, one model,
 * pmu/emu/imc/): every generation whose model presents them (client
 * layouts D, E and F: adl, mtl, arl, lnl; struct emu_mmio_model.defects)
 * switches them, each shown to break its behaviour by
 * tests/pmu/emu/imc/test_emu_imc_faults.c. MUT (the free-running
 * counters, L-115, which Panther Lake presents too, L-138): every `make
 * mutation` row of such a generation runs it against the imc.* suite;
 * IMCPMON (the PMON blocks, L-110..L-114, L-131): the rows whose MCHBAR
 * has them (not Panther Lake's, OQ-L63).
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_IMC_DEFECTS_H
#define PMU_EMU_IMC_DEFECTS_H

#define EMU_IMC_FAULTS(D, f)                                                            \
	D(f, IMC_FREEZE_IGNORED, "imc-freeze-ignored", IMCPMON, "the iMC box control's FREEZE (bit 0) stops nothing (L-113)") \
	D(f, IMC_RESETS_SWAPPED, "imc-resets-swapped", IMCPMON, "iMC box control bit 1 resets the counters, bit 2 the controls (L-113)") \
	D(f, IMC_RST_IGNORED, "imc-rst-ignored", IMCPMON, "an iMC counter control's reset (bit 17) clears nothing (L-112)") \
	D(f, IMC_GFRZ_ONE_MC, "imc-gfrz-one-mc", IMCPMON, "GLOBAL_CTL's freeze in controller 1's block freezes controller 1 alone (L-114, OQ-L47)") \
	D(f, IMC_CAS_SWAPPED, "imc-cas-swapped", IMCPMON, "iMC event 22H counts CAS writes, 23H reads (L-131)") \
	D(f, IMC_TOTAL_READS, "imc-total-reads", MUT, "the free-running total counts reads only (L-115)") \
	D(f, IMC_MC1_AT_8000, "imc-mc1-at-8000", MUT, "controller 1's registers 0x8000 above controller 0's, not 0x10000 (L-110)") \
	D(f, IMC_INV_IGNORED, "imc-inv-ignored", IMCPMON, "an iMC counter control's invert ignored (L-112)") \
	D(f, IMC_EDGE_IGNORED, "imc-edge-ignored", IMCPMON, "an iMC counter control's edge detect counts levels (L-112)") \
	D(f, IMC_FR_WR_STUCK, "imc-fr-wr-stuck", MUT, "the free-running write counters (+0xA0) count no write (L-115, L-138)")

#endif
