/* The emulated Nehalem/Westmere uncore: one instance per package, a model of
 * the documented register semantics (spec nehalem-uncore.md, N-xx) driven by
 * a U-clock cycle count that the caller supplies (derived from the TSC on
 * target, set by hand in host tests). Evaluated lazily: every access first
 * advances the model to `now`, processing wraps in cycle order so that
 * status, PMI requests and freeze take effect at the cycle of the wrap.
 * Portable: no <efi.h>, no platform calls. */
#ifndef PMU_EMU_NHM_H
#define PMU_EMU_NHM_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/pmi_fifo.h"
#include "pmu/emu/models.h"
#include "pmu/emu/stream.h"

#define NHM_NCTR 8
#define NHM_MAX_PMI_REQ 16
#define GC_PMI_CORE_SHIFT 48 /* N-31, OQ-N2: EN_PMI_COREn = bit 48+n */

/* A PMI request (struct emu_pmi_req) is raised by an overflow of a
 * PMI-enabled counter (N-30), with the EN_PMI_CORE bits of GLOBAL_CTRL at
 * the cycle of the wrap. */
struct nhm_uncore {
	emu_faults_t faults;   /* EMU_F(...) mask, pmu/emu/faults.h */
	unsigned pmi_core_bits; /* EN_PMI_CORE width, 4 (OQ-N3) */
	uint64_t now;          /* cycle the state below is accounted to */
	uint64_t global_ctl, status, fixed_ctl, match;
	uint64_t evtsel[NHM_NCTR];
	uint64_t ctr[NHM_NCTR], fixed_ctr;
	/* Occupancy reset (OQ-N8): cycle of the last OCC_CTR_RST per counter,
	 * UINT64_MAX if none is in effect; the window [occ_rst, occ_end) in
	 * which the tracked occupancy differs from the stream's (occ_end = one
	 * past the catch-up cycle), the stream's value at the reset and the
	 * tracked value of the cycle before it (for the edge detector). */
	uint64_t occ_rst[NHM_NCTR], occ_end[NHM_NCTR];
	uint8_t occ_base[NHM_NCTR], occ_prev[NHM_NCTR];
	struct emu_stream stream[NHM_NCTR]; /* cached increments, from the PerfEvtSel */
	struct emu_seam seam[NHM_NCTR];     /* the last PerfEvtSel write's edge (OQ-N26) */
	struct emu_pmi_req pmi[NHM_MAX_PMI_REQ];
	unsigned npmi;         /* pending, not yet taken */
	unsigned pmi_dropped;  /* requests lost because pmi[] was full */
};

/* The model's operations (struct emu_model, pmu/emu/models.h), each with
 * its signature: m is a struct nhm_uncore. init ignores ncores, model and
 * uclk_khz, rdmsr and wrmsr the core (every register is the package's). */
extern const struct emu_model nhm_model;
void nhm_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
	      uint64_t now);
/* Returns 0 and the value; 13 (#GP) where the model faults; -1 if msr is not
 * an uncore MSR of this generation (the caller passes it on). */
int nhm_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
int nhm_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);

/* The model's hooks on the counter engine (pmu/emu/engine.h): its time,
 * advance and next wrap (emu_advance, emu_next_wrap). */
extern const struct emu_engine nhm_engine;

/* Advance to now, then move out up to max pending PMI requests, oldest
 * first; returns how many (now below the model's time: no advance). */
unsigned nhm_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);
/* The cores GLOBAL_CTRL's EN_PMI_CORE routes PMIs to now (N-31). */
unsigned nhm_routed(const void *m);

/* Per-cycle value of the synthetic stream for (event, umask) at cycle t, and
 * whether the event is an occupancy accumulator (§5 "occ"). Exposed so host
 * tests can compute expected counts independently. */
unsigned nhm_stream_value(uint8_t event, uint8_t umask, uint64_t t);
bool nhm_event_is_occupancy(uint8_t event);

#endif
