/* Which CPUs share a package and a core, and the index of each core in
 * its package, as the tests expect them: derived here from the APIC ids
 * and the CPUID topology leaves, never from pmu/topo.c, which the emulated
 * backend routes with (a bug there must not move the expectation too). */
#ifndef TESTS_CPU_TOPO_H
#define TESTS_CPU_TOPO_H

#include "lib/platform.h"

struct tctx;
struct run_types;

/* Where the split came from: CPUID leaf 0BH, leaves 01H/04H where 0BH is
 * absent (SDM Vol. 3A 8.9.4), or, where CPUID describes fewer CPUs per
 * package than the platform lists (the host harness's CPUID view has no
 * topology), the firmware's package and core ids of each CPU. */
enum cpu_topo_src { TOPO_LEAF_0B, TOPO_LEAF_01_04, TOPO_FIRMWARE };

struct cpu_topo {
	enum cpu_topo_src src;
	unsigned smt_shift, pkg_shift; /* APIC-id bits below the core, the package */
};

/* The split of the APIC ids on this machine. */
void cpu_topo_read(struct cpu_topo *t);
const char *cpu_topo_src_name(enum cpu_topo_src s);
bool cpu_topo_same_package(const struct cpu_topo *t, unsigned a, unsigned b);
bool cpu_topo_same_core(const struct cpu_topo *t, unsigned a, unsigned b);
/* CPU cpu's core in its package by the OQ-N4, OQ-X2 and OQ-S15 defaults:
 * core n is the n-th distinct core (APIC id without its SMT bits) of the
 * package in ascending order. */
unsigned cpu_topo_core(const struct cpu_topo *t, unsigned cpu);
/* How many distinct cores CPU cpu's package has. */
unsigned cpu_topo_cores(const struct cpu_topo *t, unsigned cpu);
/* On a hybrid part (C-55), the core type of each CPU of the mask `cpus`
 * (C-56, read on that CPU) as the test's figure core_type_id[cpu]: how the
 * PMI routing tests name the core type of each routed core (C-61).
 * Nothing on a part that is not hybrid. */
void cpu_topo_name_types(struct tctx *t, uint64_t cpus);
/* On a hybrid part, its core types as CPUID.1AH gives them on each CPU
 * (C-56): the first CPU of each, the BSP's type first (C-61); none (n 0)
 * on a part that is not hybrid. */
void cpu_topo_types(struct run_types *out);

#endif
