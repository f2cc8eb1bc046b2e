/* The rows of `make mutation` (pmu/emu/mutation.h), 2 packages each so that
 * package and routing defects can show. */
#include "pmu/emu/mutation.h"

#define RUN(kind) (1u << EMU_RUN_##kind)

const struct mutation_row mutation_rows[] = {
	/* core.* beside nhm.*: the shape without full-width writes */
	{ .name = "nhm", .model = 0x1A, .cpus = 4, .core = true, .qemu_cpu = "Nehalem" },
	/* 8 CPUs, 4 cores a package, so that k = 1..4 busy cores and the
	 * occupancy thresholds up to 5 are all exercised. */
	{ .name = "snbep", .model = 0x2D, .cpus = 8, .qemu_cpu = "SandyBridge,model=45",
	  .runs = RUN(E5) | RUN(PCI) },
	/* The Xeon 7500 (0x2F's C8/C9 would leave ex-c8-on-0x2e nothing to
	 * break), 8 CPUs so that each package has four cores for
	 * pmi_core_sel's bits 4:1 (OQ-X1). */
	/* As snbep's: 4 cores a package, so that C-boxes 4..14 of IVB-EP's
	 * fifteen are absent (V-21). */
	{ .name = "ivbep", .model = 0x3E, .cpus = 8, .qemu_cpu = "IvyBridge,model=62",
	  .runs = RUN(IVB) | RUN(V2) | RUN(PCI) },
	/* As ivbep's: 4 cores a package, the 8-core die with two SBOXes
	 * (OQ-V15), so that SBOXes 2 and 3 are absent (V-31). */
	{ .name = "hswep", .model = 0x3F, .cpus = 8, .qemu_cpu = "Haswell,model=63",
	  .runs = RUN(IVB) | RUN(HSX) | RUN(PCI) },
	/* Broadwell-EP on QEMU's Broadwell,model=79: 4 cores a package, on
	 * the 10-core die, which has no SBOX (V-31, OQ-V15), so HSX's row
	 * cannot stand in for BDX's C-box count (24 register sets, V-21),
	 * its CAPID4 device (0x6FC0) and its 48-bit counters (V-16). Every
	 * E5 family defect with something to break there: not
	 * snbep-width-48, since BDX's counters are 48 bits (V-16), nor
	 * hswep-sbox-ctl-any and hswep-sbox-no-freeze, which need an SBOX
	 * (the 24-core die's are host tested, tests/suites/
	 * test_snbep_v3_dies.sh); snbep-invert-ignored besides, as BDX has
	 * invert (V-29); and its PCI boxes' (V-33..V-40) but
	 * snbep-pci-width-48, since they are 48 bits already (V-33). */
	{ .name = "bdx", .model = 0x4F, .cpus = 8, .qemu_cpu = "Broadwell,model=79",
	  .runs = RUN(IVB), .only = (const char *const[]){
		"snbep-frz-ignored", "snbep-frz-en-ignored", "snbep-frz-leaks",
		"snbep-frz-holds-reads", "snbep-rst-ctrs-leaves-one",
		"snbep-rst-ctrl-clears-ctrs", "snbep-rst-leaks", "snbep-rst-on-any-write",
		"snbep-rst-ctrs-clears-ctl", "snbep-rst-hits-ubox", "snbep-box-ctl-reads-back",
		"snbep-en-ignored", "snbep-uclk-en-ignored", "snbep-ubox-ev0-counts",
		"snbep-ctl-rst-ignored", "snbep-ctl-rst-reads-1", "snbep-constraint-ignored",
		"snbep-pcu-width-44", "snbep-uclk-width-44", "snbep-upper-bits-kept",
		"snbep-tbl-thresh-narrow", "snbep-thresh-off-by-one", "snbep-invert-ignored",
		"snbep-edge-counts-levels", "snbep-thresh0-edge", "snbep-edge-before-thresh",
		"snbep-edge-dir-swapped", "snbep-idle-counts-c0",
		"snbep-occ-thresh-off-by-one", "snbep-occ-invert-ignored",
		"snbep-occ-edge-counts-levels", "snbep-occ-edge-rising-only",
		"snbep-band-byte-shifted", "snbep-ext-ignored", "snbep-pclk-1ghz",
		"snbep-uclk-half-rate", "snbep-resid-reset", "snbep-wrap-pmi",
		"snbep-wrap-freezes", "hswep-sbox-count-max", "hswep-cbox-status-lost",
		"hswep-ufilter-dropped", "hswep-chop-large", "snbep-pci-frz-ignored",
		"snbep-pci-frz-leaks", "snbep-pci-rst-ctrs-ignored", "snbep-pci-dclk-half", "snbep-pci-imc-chan-lost",
		"snbep-pci-imc-rw-swapped", "snbep-pci-frozen-ctr-ro", "pciv2-rst-reserved",
		"pciv2-status-lost", "pciv2-status-sticky", NULL } },
	/* Skylake-SP on QEMU's Skylake-Server: 4 cores a package, on the
	 * 10-CHA die (OQ-K9), so CHAs 4..9 answer though no core sits by
	 * them (K-14). The family's defects its skx.* tests show (box
	 * control, gates, widths, threshold, invert and edge, the global
	 * layer), not those of the E5-2600's PCU occupancy, band filter,
	 * clocks, or IVB-EP's invert and PMI, which it has not. */
	{ .name = "skx", .model = 0x55, .cpus = 8, .qemu_cpu = "Skylake-Server",
	  .runs = RUN(SKX) | RUN(SKXPCI) | RUN(SKXIO),
	  .only = (const char *const[]){
		"snbep-frz-ignored", "snbep-frz-en-ignored", "snbep-frz-leaks",
		"snbep-frz-holds-reads", "snbep-rst-ctrs-leaves-one", "snbep-rst-leaks",
		"snbep-rst-on-any-write", "snbep-rst-ctrs-clears-ctl", "snbep-en-ignored",
		"snbep-ctl-rst-ignored", "snbep-constraint-ignored", "snbep-upper-bits-kept",
		"snbep-pcu-width-44", "snbep-uclk-width-44", "snbep-tbl-thresh-narrow",
		"snbep-thresh-off-by-one", "snbep-invert-ignored", "snbep-edge-counts-levels",
		"ivbep-unfrz-all-ignored", "ivbep-frz-all-ignores-en", "ivbep-frz-all-skips-ubox",
		"ivbep-ov-no-freeze", "ivbep-ov-ignores-en", "ivbep-box-status-lost",
		"ivbep-gstatus-sticky", "ivbep-cbox-count-max", "ivbep-filter1-aliases",
		/* its PCI boxes' (K-20..K-24; skx.pci.*) */
		"snbep-pci-frz-ignored", "snbep-pci-frz-leaks", "snbep-pci-rst-ctrs-ignored",
		"snbep-pci-dclk-half", "snbep-pci-imc-chan-lost", "snbep-pci-imc-rw-swapped",
		"snbep-pci-frozen-ctr-ro", NULL } },
	/* Ice Lake-SP on QEMU's Icelake-Server with model 0x6A: 4 cores a
	 * package, on the 26-CHA die whose CAPID7 names half of them
	 * (OQ-K31), so the count needs both registers and the CHAs past
	 * the offset table's gap answer (K-63, K-64); the Xeon Scalable's
	 * defects beside its own, the same E5-family ones as skx's but
	 * FILTER1's, which ICX has not (K-63, K-65), and a wrap's PMI, which
	 * skx.icx.pmi reports (K-69, OQ-K4). */
	{ .name = "icx", .model = 0x6A, .cpus = 8, .qemu_cpu = "Icelake-Server,model=106",
	  .runs = RUN(SKX) | RUN(ICX),
	  .only = (const char *const[]){
		"snbep-frz-ignored", "snbep-frz-en-ignored", "snbep-frz-leaks",
		"snbep-frz-holds-reads", "snbep-rst-ctrs-leaves-one", "snbep-rst-leaks",
		"snbep-rst-on-any-write", "snbep-rst-ctrs-clears-ctl", "snbep-en-ignored",
		"snbep-ctl-rst-ignored", "snbep-constraint-ignored", "snbep-upper-bits-kept",
		"snbep-pcu-width-44", "snbep-uclk-width-44", "snbep-tbl-thresh-narrow",
		"snbep-thresh-off-by-one", "snbep-invert-ignored", "snbep-edge-counts-levels",
		"ivbep-unfrz-all-ignored", "ivbep-frz-all-ignores-en", "ivbep-frz-all-skips-ubox",
		"ivbep-ov-no-freeze", "ivbep-ov-ignores-en", "ivbep-box-status-lost",
		"ivbep-gstatus-sticky", "ivbep-cbox-count-max", "snbep-wrap-pmi", NULL } },
	{ .name = "nhmex", .model = 0x2E, .cpus = 8, .qemu_cpu = "Nehalem,model=46" },
	/* 4 CPUs in 2 packages: two cores (C-boxes) each, so boxes 2 and 3
	 * are absent (L-16, L-19). */
	{ .name = "snb", .model = 0x2A, .cpus = 4, .qemu_cpu = "SandyBridge", .runs = RUN(GATES) },
	{ .name = "skl", .model = 0x5E, .cpus = 4, .qemu_cpu = "Skylake-Client", .runs = RUN(GATES) },
	/* 4 CPUs in 2 packages, as the other client rows; the erratum's
	 * (L-70, L-71) and the stride's defects besides MUT, not those of a
	 * working EN and FREEZE (GATES). */
	{ .name = "icl", .model = 0x7E, .cpus = 4, .qemu_cpu = "Icelake-Server,model=126",
	  .runs = RUN(ICL) | RUN(CD) },
	/* Layout C's C-boxes with B's ARB and a GLOBAL_CTRL that gates and
	 * freezes: what the icl row, erratum-bound (L-71), cannot show of
	 * layout C. Host runs only (QEMU_FAULTS boots none). */
	{ .name = "tgl", .model = 0x8C, .cpus = 4, .qemu_cpu = "Skylake-Client,model=140",
	  .runs = RUN(GATES) | RUN(CD) },
	{ .name = "adl", .model = 0x97, .cpus = 4, .qemu_cpu = "Skylake-Client,model=151",
	  .runs = RUN(ADL) | RUN(CD) | RUN(GATES) | RUN(IMCPMON) },
	/* Client layout E: 4 CPUs in 2 packages, two C-boxes each (OQ-L29);
	 * the arl row shares its model and suite. */
	{ .name = "mtl", .model = 0xAA, .cpus = 4, .qemu_cpu = "Skylake-Client,model=170",
	  .runs = RUN(TILES) | RUN(IMCPMON) },
	/* Client layout F: the compute tile's MSR units alone (L-118). */
	{ .name = "lnl", .model = 0xBD, .cpus = 4, .qemu_cpu = "Skylake-Client,model=189",
	  .runs = RUN(SAF) | RUN(IMCPMON) },
	/* The discovery parts: Sapphire Rapids (its table errors, D-41, D-42)
	 * and Granite Rapids (the most units, 218 a socket), 4 CPUs in 2
	 * packages. */
	{ .name = "spr", .model = 0x8F, .cpus = 4, .qemu_cpu = "SapphireRapids", .runs = RUN(XEON) },
	{ .name = "gnr", .model = 0xAD, .cpus = 4, .qemu_cpu = "GraniteRapids", .runs = RUN(XEON) },
	/* Panther Lake's client table (L-132..L-137), its MSR units
	 * (L-141..L-145) and its MCHBAR free-running counters (L-138), disc.*,
	 * mtl.* and imc.*, 4 CPUs in 2 packages, a table each. */
	{ .name = "ptl", .model = 0xCC, .cpus = 4, .qemu_cpu = "Skylake-Client,model=204",
	  .runs = RUN(PTL) },
	/* The core PMU's shapes with a row of their own, core.* alone on the
	 * BSP. Model 0x5E as QEMU's Skylake-Client: the version-4 shape. */
	{ .name = "v4", .model = 0x5E, .cpus = 2, .qemu_cpu = "Skylake-Client" },
	/* Model 0x97 on a QEMU CPU that takes model=; 4 CPUs, so that each
	 * core type has two (C-60). The V5 defects run here, version 5 too,
	 * and the adln shape's on its E-cores. */
	{ .name = "hybrid", .model = 0x97, .cpus = 4, .qemu_cpu = "Skylake-Client,model=151" },
	/* Lunar Lake's model (0xBD) on a QEMU CPU that takes model=; 4 CPUs,
	 * so that each core type has two (C-60): the V6 defects, and the V5
	 * and HYBRID ones on version 6's shapes. */
	{ .name = "v6", .model = 0xBD, .cpus = 4, .qemu_cpu = "Skylake-Client,model=189" },
	/* Model 0x2D as QEMU's SandyBridge: the shape every model no other
	 * core row lists gets. */
	{ .name = "v3", .model = 0x2D, .cpus = 2, .qemu_cpu = "SandyBridge,model=45" },
};
const unsigned mutation_rows_count = ARRAY_SIZE(mutation_rows);

const char *const mutation_run_why[EMU_RUN_COUNT] = {
	[EMU_RUN_NOFW] = "the core shape without full-width writes",
	[EMU_RUN_V4] = "core shapes of version 4 or later",
	[EMU_RUN_V5] = "core shapes of version 5",
	[EMU_RUN_HYBRID] = "hybrid parts, with P-cores and E-cores (C-60)",
	[EMU_RUN_V6] = "core shapes of version 6 (C-69..C-72)",
	[EMU_RUN_ICL] = "Ice Lake client's erratum ICL068 (L-70, L-71)",
	[EMU_RUN_ADL] = "layout D's own registers (L-75, L-76)",
	[EMU_RUN_CD] = "layouts C and D: the C-box stride (L-66, L-74), no ARB 83H (L-83)",
	[EMU_RUN_TILES] = "layout E's SoC-tile units, NCU fixed counters and CBO_CONFIG count, which "
			  "layout F has not in MSRs (L-118)",
	[EMU_RUN_SAF] = "layout F's sNCU, HBO and status behind SAFBAR (L-119..L-126)",
	[EMU_RUN_GATES] = "a GLOBAL_CTRL whose EN and FREEZE work and an ARB counter 0; on Ice "
			  "Lake client erratum ICL068 is this behaviour (L-70, L-71)",
	[EMU_RUN_E5] = "the Xeon E5-2600's own: no global registers (S-03), invert (S-23), its PCI "
		       "boxes' invert (S-49), TOR_OCCUPANCY's bound and umask 0 (S-60, S-62)",
	[EMU_RUN_IVB] = "the Xeon E5 v2's global layer, counter controls without invert and C-box "
			"count (V-03..V-08, V-12, V-21)",
	[EMU_RUN_V2] = "the Xeon E5 v2's counter controls without invert (V-12)",
	[EMU_RUN_HSX] = "the Xeon E5 v3's and v4's SBOXes, C-box status, U-box filter and dies "
			"(V-10, V-19, V-31, V-32)",
	[EMU_RUN_XEON] = "a server's discovery table, with CHAs and MSR 0x2FFE (D-41) and the "
			 "IMC's CAS, the CHA's thread-id filter, the IIO's clocks (D-70..D-75)",
	[EMU_RUN_PTL] = "Panther Lake: a client's discovery table behind MSR 0x201E, its global "
			"control and write-1-to-clear status in MMIO (L-132..L-137), its legacy "
			"MSR units beside it (L-141..L-145)",
	[EMU_RUN_SKX] = "the Xeon Scalable's freeze bits, CHA count from the die, CHA status and "
			"tid filter (K-03, K-08, K-13, K-14)",
	[EMU_RUN_ICX] = "Ice Lake-SP's CHA offset table, CAPID7 and two global status registers "
			"(K-62..K-64)",
	[EMU_RUN_PCI] = "the E5 family's PCI boxes: freeze, resets, widths, the DRAM clock and "
			"CAS counts (S-47..S-58, V-33..V-40)",
	[EMU_RUN_IMCPMON] = "the memory controllers' PMON blocks behind MCHBAR, which Panther "
			    "Lake's MCHBAR has not (L-110..L-114, L-131; L-138, OQ-L63)",
	[EMU_RUN_SKXPCI] = "the Xeon Scalable's PCI buses, a bus per stack, which MSR 0x300 "
			   "reports (K-25, K-27); Ice Lake-SP's PCI boxes are not tested (K-70)",
	[EMU_RUN_SKXIO] = "the first and second generation Xeon Scalable's I/O boxes' overflow "
			  "status and IIO free-running counters, which Ice Lake-SP moves (K-42, "
			  "K-43, OQ-K40, OQ-K41; K-62, K-68)",
};

const struct mutation_host_only mutation_host_only[] = {
	{ .defect = "snbep-occ-sel-swapped",
	  .why = "needs a core in C3/C6, which QEMU cannot give (CPUID.05H:EDX = 0); asserted by "
		 "`snbep.pcu.occ-states`/`snbep.pcu.residency` where MWAIT enumerates them" },
	{ .defect = "snbep-resid-frozen",
	  .why = "needs a core in C3/C6, which QEMU cannot give (CPUID.05H:EDX = 0); asserted by "
		 "`snbep.pcu.occ-states`/`snbep.pcu.residency` where MWAIT enumerates them" },
	{ .defect = "ex-c-lr-swapped",
	  .why = "it shows only in S_MSR_PMON_SUMMARY, which has no known address (OQ-X9)" },
	{ .defect = "cl-cbox-stride-7",
	  .why = "box 7 exists only on an 8-core model 0x9E, and the rows have 2 cores a package" },
	{ .defect = "cl-edge-history-kept",
	  .why = "it moves one count at an enable, which OQ-L13 lets a test allow for" },
	{ .defect = "cl-sel-4-bits",
	  .why = "bit 4 routes to a fifth core, and the rows have 2 cores a package" },
};
const unsigned mutation_host_only_count = ARRAY_SIZE(mutation_host_only);
