/* The uncore models the emulated backend hosts, one per package, behind
 * one small set of operations per generation (as the Linux uncore driver
 * keeps one ops set per generation): the backend routes MSRs, ticks, PMI
 * requests and C-state changes through it without knowing the generation.
 * Each model exports its set (nhm_model in pmu/emu/nhm/model.c, ...), its own
 * functions with these signatures; the model binding (pmu/emu/models.c)
 * names the set and the defect family of each generation of the registry. */
#ifndef PMU_EMU_MODELS_H
#define PMU_EMU_MODELS_H

#include "pmu/backend/backend.h"
#include "pmu/emu/faults.h"

#include "pmu/emu/pmi_fifo.h"

#define EMU_MAX_PMI_REQ 16 /* each model's queue (NHM_MAX_PMI_REQ, ...) */

/* A generation's PCI-configuration boxes, one instance per package, which
 * the emulated backend presents on the package's uncore bus in front of
 * the lower backend's configuration space (pmu/backend/emu.c). */
struct emu_pci_model {
	/* bytes of one package's PCI boxes; 0: they are the package model's
	 * own state (struct emu_model's instance is passed) */
	size_t size;
	/* A family of its own (`defects`), switched beside its generation's
	 * and run by its `make mutation` row, whose mask init gets: a package
	 * of two families' registers (Panther Lake's MSR units and its
	 * discovery table, pmu/emu/mtl/ptl.c); false: its generation's. */
	bool own_family;
	enum emu_fault_family defects;
	/* pkg of npkg; f: its generation's defect mask; uclk_khz, now as
	 * struct emu_model's init, called after the package model's init
	 * (where size is 0, on its state). NULL: nothing to set. */
	void (*init)(void *m, emu_faults_t f, unsigned pkg, unsigned npkg, uint32_t uclk_khz,
		     uint64_t now);
	/* The bus (segment 0) package pkg of npkg presents its functions on. */
	uint8_t (*bus)(unsigned pkg, unsigned npkg);
	/* NULL: every function on that bus. Else a package of several buses
	 * (a bus per stack, xeon-sp-uncore.md K-25): -1 where bus is none of
	 * package m's, 0 where it is but dev.fn is not on it (all-ones), 1
	 * where dev.fn is on it. */
	int (*on_bus)(void *m, uint8_t bus, unsigned dev, unsigned fn);
	/* A configuration access to (dev, fn, off) of that bus: 0, or -1 (no
	 * function there: the backend answers all-ones). */
	int (*read)(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes, uint64_t now,
		    uint32_t *val);
	int (*write)(void *m, unsigned dev, unsigned fn, uint16_t off, unsigned bytes, uint32_t val,
		     uint64_t now);
	/* NULL, or an MMIO access of bytes at phys, before the lower
	 * backend's: 0, or -1 (not the package's address: passed on). */
	int (*mmio)(void *m, uint64_t phys, unsigned bytes, bool write, uint64_t *val, uint64_t now);
	/* cpu's package moved `lines` 64-byte lines to or from memory (the
	 * streaming workload's declaration, pmu_traffic), starting at
	 * physical address phys, at the request of cpu, APIC id apic_id. */
	void (*traffic)(void *m, uint32_t apic_id, uint64_t phys, uint64_t lines, bool write,
			uint64_t now);
};

/* A generation's MMIO registers behind BARs of the host bridge (0:0.0):
 * one instance for the platform, which the emulated backend presents in
 * front of the lower backend: each BAR's 64-bit value (base | 1, enabled)
 * at its configuration offset, and accesses in [base, base + span) to the
 * model. */
#define EMU_MMIO_BARS 2
struct emu_mmio_bar {
	uint16_t cfg_off; /* the BAR's configuration offset in 0:0.0 (low dword) */
	uint64_t base, span;
};
struct emu_mmio_model {
	size_t size;
	/* The defect family of its registers (the memory controllers': IMC),
	 * switched beside its generation's own (emu_binding.defects) on every
	 * generation whose model presents it, and run by their `make
	 * mutation` rows. */
	enum emu_fault_family defects;
	/* gen: its generation's defect mask, f: family `defects`' mask;
	 * uclk_khz, now as struct emu_model's */
	void (*init)(void *m, emu_faults_t gen, emu_faults_t f, uint32_t uclk_khz, uint64_t now);
	unsigned nbars;
	struct emu_mmio_bar bar[EMU_MMIO_BARS];
	/* An access of bytes (4 or 8) at offset off of BAR bar: 0, or -1 (no
	 * register there: reads all-ones, writes are dropped). */
	int (*read)(void *m, unsigned bar, uint64_t off, unsigned bytes, uint64_t now,
		    uint64_t *val);
	int (*write)(void *m, unsigned bar, uint64_t off, unsigned bytes, uint64_t val,
		     uint64_t now);
	/* `lines` 64-byte lines moved to or from memory (pmu_traffic). */
	void (*traffic)(void *m, uint64_t phys, uint64_t lines, bool write, uint64_t now);
};

struct emu_model {
	size_t size;          /* bytes of one package's model */
	/* OQ-X2: a PMI goes to the lowest-APIC-id thread of each selected core;
	 * else to every thread of it (OQ-N4). */
	bool one_thread;
	/* OQ-S18: the model's U-clock runs at the TSC's rate, not at
	 * emu.uclk_mhz (OQ-N17). */
	bool uclk_is_tsc;
	/* f: the mask of its generation's defect family (emu_binding.defects). */
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
	/* The part throttles from now on, or no longer; NULL: the
	 * generation has no throttle-only events. */
	void (*throttle)(void *m, bool on, uint64_t now);
	/* Its PCI boxes, or NULL: none modelled. */
	const struct emu_pci_model *pci;
	/* Its MMIO registers behind the host bridge's BARs, or NULL. */
	const struct emu_mmio_model *mmio;
};

/* The model binding: the model and the defect family that emulate one
 * generation of the registry (pmu/registry.c), named by its name. The
 * registry holds the hardware facts only and never names a model. */
struct emu_binding {
	const char *gen;               /* uncore_gen.name */
	const struct emu_model *model; /* its operations */
	/* Its defect list: the defects whose .gen is this family (pmu/emu/faults.h,
	 * the lists beside the models); its model's mask is this family's. */
	enum emu_fault_family defects;
};

extern const struct emu_binding emu_bindings[];
extern const unsigned emu_bindings_count;

/* The binding of the generation named gen; NULL: no model yet (a run on
 * the emulated backend then has the core PMU alone). */
const struct emu_binding *emu_binding_for(const char *gen);

#endif
