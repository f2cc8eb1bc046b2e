/* Named defects the emulated PMUs can be told to have (emu.fault=a,b): each
 * breaks one documented behaviour so that a test can be shown to fail
 * against it. Each model's list lives beside it (pmu/emu/<family>/defects.h)
 * as lines D(f, ID, "name", RUN, "desc"); here they become one table of
 * data (emu_defects[], pmu/emu/faults.c) with each defect's family (the
 * model mask that holds it), its generation (the registry row whose `make
 * mutation` runs it, emu_binding.defects, or the core PMU's) and which rows
 * run it (RUN); `build/host/regs --defects` and `--mutation` print them for
 * the scripts (ci/mutation.sh), `--docs-defects` for docs/defects.md. */
#ifndef PMU_EMU_FAULTS_H
#define PMU_EMU_FAULTS_H

#include "lib/rt.h"
#include "pmu/emu/client/defects.h"
#include "pmu/emu/disc/defects.h"
#include "pmu/emu/imc/defects.h"
#include "pmu/emu/core/defects.h"
#include "pmu/emu/mtl/defects.h"
#include "pmu/emu/nhm/defects.h"
#include "pmu/emu/nhmex/defects.h"
#include "pmu/emu/snbep/defects.h"
#include "pmu/emu/stream_defects.h"

/* The families: each emulated PMU sees its own family's defects only,
 * numbered from 0 within it (EMU_F), so that a family's mask fits in 128
 * bits however many defects there are in all (over 128 together);
 * the filter's (SHARED) are numbered from EMU_SHARED_BASE up in every
 * family's mask. One line each, in the order of the global numbers (names,
 * the config): F(family, generation family, list, first number, x), x
 * passed through. */
#define EMU_SHARED_BASE 96
#define EMU_FAMILIES(F, x)                                                              \
	F(UNCORE, UNCORE, EMU_UNCORE_FAULTS, 0, x)                                      \
	F(SHARED, UNCORE, EMU_FILTER_FAULTS, EMU_SHARED_BASE, x)                        \
	F(CORE, CORE, EMU_CORE_FAULTS, 0, x)                                            \
	F(SNBEP, SNBEP, EMU_SNBEP_FAULTS, 0, x)                                         \
	F(NHMEX, NHMEX, EMU_NHMEX_FAULTS, 0, x)                                         \
	F(CLIENT, CLIENT, EMU_CLIENT_FAULTS, 0, x)                                      \
	F(MTL, MTL, EMU_MTL_FAULTS, 0, x)                                              \
	F(DISC, DISC, EMU_DISC_FAULTS, 0, x)                                            \
	F(IMC, IMC, EMU_IMC_FAULTS, 0, x)

#define EMU_FAM_(fam, gen, list, base, x) EMU_FAM_##fam,
enum emu_fault_family { EMU_FAMILIES(EMU_FAM_, ) EMU_FAM_COUNT };
#undef EMU_FAM_

/* Which `make mutation` rows run a defect (build/host/regs --mutation), one
 * kind a line, R(KIND, "name as the scripts print it"): MUT every row that
 * runs its generation's suite (a core PMU defect: every row that runs
 * core.*), NOFW (core PMU only) those whose core shape has no full-width
 * writes, V4 (core PMU only) those whose core shape is version 4 (or
 * later), V5 those whose core shape is version 5 (or later), V6 version
 * 6, HYBRID those whose model
 * has a P-core and an E-core shape (C-60), HOST none: host tests only; ICL,
 * ADL, CD, GATES (client uncore only) the rows that list that kind
 * (mutation_row.runs, pmu/emu/mutation.c): a defect of a layout only some
 * rows of the family have (GATES: a GLOBAL_CTRL whose EN and FREEZE work,
 * every client layout but Ice Lake client's, L-71); TILES (client layouts E
 * and F only) the rows whose layout has the SoC tile's MSR units, the NCU
 * fixed counters and CBO_CONFIG's count (layout E, not F: L-118); SAF the
 * rows whose layout has MMIO units behind SAFBAR (layout F, L-119); E5, IVB
 * (the E5 family's model) the rows of a generation without, or with, the
 * global layer of the E5 v2 (S-03, V-03); V2 the rows of a generation whose
 * counter controls have no invert (IVB-EP, V-12); HSX those with SBOXes
 * (HSX, BDX: V-20); SKX the rows of the Xeon Scalable (K-03, K-08,
 * K-13, K-14); ICX those of Ice Lake-SP (K-62..K-64); XEON (discovery parts) the rows of a server's table, with
 * CHAs (D-41) and the types of D-70..D-75, PTL those of a client's table
 * behind MSR 0x201E, with its MMIO global control and status
 * (L-132..L-137), and its legacy MSR units beside it (L-141..L-145); PCI the rows of a generation with the E5 family's PCI
 * boxes (S-47, V-33); IMCPMON the rows whose MCHBAR has the memory
 * controllers' PMON blocks (layouts D to F, L-110; not Panther Lake's,
 * L-138, OQ-L63); SKXPCI those whose PCI boxes sit on a bus per
 * stack that MSR 0x300 reports (the Xeon Scalable's, K-25, K-27); SKXIO
 * those whose IIO free-running counters and I/O overflow bit are the first
 * and second generation's (K-42, K-43, OQ-K40; not Ice Lake-SP's, K-62,
 * K-68). */
#define EMU_RUNS(R)                                                                        \
	R(MUT, "mutation")                                                                 \
	R(NOFW, "nofw")                                                                    \
	R(HOST, "host")                                                                    \
	R(V4, "v4")                                                                        \
	R(V5, "v5")                                                                        \
	R(V6, "v6")                                                                        \
	R(HYBRID, "hybrid")                                                                \
	R(ICL, "icl")                                                                      \
	R(ADL, "adl")                                                                      \
	R(CD, "cd")                                                                        \
	R(GATES, "gates")                                                                  \
	R(TILES, "tiles")                                                                  \
	R(SAF, "saf")                                                                      \
	R(E5, "e5")                                                                        \
	R(IVB, "ivb")                                                                      \
	R(V2, "v2")                                                                        \
	R(HSX, "hsx")                                                                      \
	R(XEON, "xeon")                                                                    \
	R(PTL, "ptl")                                                                      \
	R(SKX, "skx")                                                                      \
	R(ICX, "icx")                                                                      \
	R(PCI, "pci")                                                                      \
	R(IMCPMON, "imcpmon")                                                              \
	R(SKXPCI, "skxpci")                                                                \
	R(SKXIO, "skxio")
#define EMU_RUN_(kind, name) EMU_RUN_##kind,
enum emu_defect_run { EMU_RUNS(EMU_RUN_) EMU_RUN_COUNT };
#undef EMU_RUN_

/* Every defect, in the order of their global numbers: D(f, id, name, run,
 * desc) each. */
#define EMU_LIST_(fam, gen, list, base, D) list(D, fam)
#define EMU_FAULTS(D) EMU_FAMILIES(EMU_LIST_, D)

#define EMU_D_(f, id, name, run, desc) EMU_FAULT_BIT_##id,
enum emu_fault_bit { EMU_FAULTS(EMU_D_) EMU_FAULT_COUNT };
#undef EMU_D_

/* The number of each defect within its family, each family's end, and
 * each defect's family (for EMU_FF's check) and generation family. */
#define EMU_FBIT_(f, id, name, run, desc) EMU_FBIT_##id,
#define EMU_FBITS_(fam, gen, list, base, x)                                                \
	enum { EMU_FIRST_##fam = (base) - 1, list(EMU_FBIT_, fam) EMU_END_##fam };      \
	_Static_assert(EMU_END_##fam <= ((base) ? 128 : EMU_SHARED_BASE),               \
		       "a family's mask holds its defects and the shared ones");
EMU_FAMILIES(EMU_FBITS_, )
#undef EMU_FBITS_
#undef EMU_FBIT_
#define EMU_IN_(f, id, name, run, desc) EMU_FAMILY_##id = EMU_FAM_##f,
enum { EMU_FAULTS(EMU_IN_) };
#undef EMU_IN_
#define EMU_GEN_(fam, gen, list, base, x) EMU_GEN_##fam = EMU_FAM_##gen,
enum { EMU_FAMILIES(EMU_GEN_, ) };
#undef EMU_GEN_

/* One defect as data (emu_defects[], by global number). Packed: 20 bytes a
 * row, not 24, so that the table costs the .efi no more than the name,
 * description, family and number arrays it replaced. */
struct __attribute__((packed, aligned(4))) emu_defect {
	const char *name, *desc;
	uint8_t family; /* enum emu_fault_family: the mask that holds it */
	uint8_t gen;    /* enum emu_fault_family: whose list, emu_binding.defects */
	uint8_t bit;    /* its number in the family's mask */
	uint8_t run;    /* enum emu_defect_run */
};
extern const struct emu_defect emu_defects[];

/* One family's defects and the shared ones: a bit each (GCC's __int128;
 * no division is ever done). EMU_F(id) is id's bit in its family's mask;
 * EMU_FF(FAM, id) the same, refused at compile time unless id is of family
 * FAM or SHARED (a model tests only its own family's mask, where another
 * family's number means another defect). */
typedef unsigned __int128 emu_faults_t;
#define EMU_F(id) ((emu_faults_t)1 << EMU_FBIT_##id)
#define EMU_FF(fam, id)                                                                    \
	((emu_faults_t)(0 * sizeof(char[(int)EMU_FAMILY_##id == (int)EMU_FAM_##fam ||            \
				   (int)EMU_FAMILY_##id == (int)EMU_FAM_SHARED ? 1 : -1])) + \
	 EMU_F(id))

/* A set of defects of every family (what emu.fault= names). */
struct emu_fault_set {
	emu_faults_t fam[EMU_FAM_COUNT];
};

/* Parse "a,b,c" into a set; on an unknown name return -1 and name it in bad. */
int emu_faults_parse(const char *list, struct emu_fault_set *set, char *bad, size_t badlen);
/* The mask a model of family fam gets from set: its own and the shared. */
emu_faults_t emu_faults_for(const struct emu_fault_set *set, enum emu_fault_family fam);
/* The defect of global number bit as its family's mask holds it (shared
 * ones: as every family's does). */
emu_faults_t emu_fault_mask(unsigned bit);
/* Add the defect of global number bit to set. */
void emu_faults_add(struct emu_fault_set *set, unsigned bit);
/* Whether set holds the defect of global number bit; whether it is empty. */
bool emu_faults_has(const struct emu_fault_set *set, unsigned bit);
bool emu_faults_empty(const struct emu_fault_set *set);
/* "a,b" for a set ("none" if empty), in global order. */
void emu_faults_describe(const struct emu_fault_set *set, char *buf, size_t len);
const char *emu_fault_name(unsigned bit);
const char *emu_fault_desc(unsigned bit);

#endif
