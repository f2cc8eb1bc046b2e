/* The counting filter's defects (family SHARED, generation nhm): one
 * definition of N-16..N-19 and C-16 (pmu/emu/stream.h) serves the Nehalem
 * uncore and the core PMU, so these break both: numbered from
 * EMU_SHARED_BASE in every family's mask, which every model sees. Their
 * generation is nhm, so that its row of `make mutation` runs them against
 * nhm.* and core.*.
 * The line format: pmu/README.md; RUN: enum emu_defect_run. */
#ifndef PMU_EMU_STREAM_DEFECTS_H
#define PMU_EMU_STREAM_DEFECTS_H

#define EMU_FILTER_FAULTS(D, f)                                                         \
	D(f, CMASK_7_BITS, "cmask-7-bits", MUT, "CMASK read as 7 bits: bit 31 dropped (N-18)") \
	D(f, EDGE_BEFORE_CMASK, "edge-before-cmask", MUT, "E detects the event itself: with CMASK >= 2 it counts rising edges of count >= 1 (N-16, OQ-N13)") \
	D(f, EDGE_INV_LEVEL, "edge-inv-level", MUT, "E with INV counts the inverted level's cycles, not its rising edges (N-16, N-19)")

#endif
