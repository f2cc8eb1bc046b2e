/* The uncore models the emulated backend hosts, one per package, behind
 * one small set of operations per generation (as the Linux uncore driver
 * keeps one ops set per generation): the backend routes MSRs, ticks, PMI
 * requests and C-state changes through it without knowing the generation
 * (pmu/emu_models.c adapts pmu/emu_nhm.h, emu_nhmex.h and emu_snbep.h). */
#ifndef PMU_EMU_MODELS_H
#define PMU_EMU_MODELS_H

#include "backend.h"
#include "emu_faults.h"

#include "emu_pmi_fifo.h"

#define EMU_MAX_PMI_REQ 16 /* each model's queue (NHM_MAX_PMI_REQ, ...) */

struct emu_model {
	const char *gen;      /* the uncore_gen's name */
	size_t size;          /* bytes of one package's model */
	/* OQ-X2: a PMI goes to the lowest-APIC-id thread of each selected core;
	 * else to every thread of it (OQ-N4). */
	bool one_thread;
	/* OQ-S18: the model's U-clock runs at the TSC's rate, not at
	 * emu.uclk_mhz (OQ-N17). */
	bool uclk_is_tsc;
	/* The defects init gets: its family's mask (pmu/emu_faults.h). */
	enum emu_fault_family faults;
	/* ncores: the package's cores; model: the CPU's (X-37: C-boxes). */
	void (*init)(void *m, emu_faults_t f, unsigned ncores, uint32_t model,
		     uint32_t uclk_khz, uint64_t now);
	/* 0, 13 (#GP) or -1 (not this generation's MSR); core: the accessing
	 * CPU's core in the package (per-core registers, OQ-S14). */
	int (*rdmsr)(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
	int (*wrmsr)(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);
	/* Advance to now, then move out up to max pending PMI requests. */
	unsigned (*take_pmi)(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);
	/* The cores the package routes PMIs to now (where a PMI_STORM ends);
	 * NULL: the generation has no storm defect. */
	unsigned (*routed)(const void *m);
	/* Core `core` idles in s from now on (PMU_C0: runs); NULL: the
	 * generation has no occupancy input. */
	void (*cstate)(void *m, unsigned core, enum pmu_cstate s, uint64_t now);
};

/* The model of generation `gen`, or NULL if there is none. */
const struct emu_model *emu_model_for(const char *gen);

#endif
