/* The emulated Xeon E5-2600 (Sandy Bridge-EP) uncore: one instance per
 * package, a model of the register semantics of spec
 * xeon-e5-2600-uncore.md (S-xx) for the MSR boxes: the U-box (two general
 * counters and the UCLK fixed counter), the C-boxes of the package's cores
 * (OQ-S15), the PCU with its occupancy and band filters, and the per-core
 * C-state residency counters. The PCI boxes are pmu/emu/snbep/pci.c's
 * (S-47..S-58).
 *
 * Time: the caller supplies `now` in U-clock cycles (UCLK; OQ-S18: the
 * model's UCLK runs at the TSC rate, which the backend passes as uclk_khz).
 * The PCU counts pclk, 800 MHz of the same time (S-44); the residency
 * counters count UCLK cycles (= TSC, OQ-S14). Evaluated lazily: every
 * access first advances the model to `now`.
 *
 * Occupancy input: each core's C-state, set through snbep_core_state() at
 * the time it changes (the emulated backend reports a CPU it parks in
 * HLT/MWAIT and one it runs; host tests a scripted sequence). Cores start
 * in C0.
 *
 * No uncore-wide control, no overflow status, no PMI (S-39, S-40): counters
 * wrap silently. Portable: no <efi.h>, no platform calls. */
#ifndef PMU_EMU_SNBEP_H
#define PMU_EMU_SNBEP_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"
#include "pmu/emu/stream.h"
#include "pmu/emu/snbep/pci.h"
#include "pmu/regs/regs.h"

#define SNBEP_MAX_CORES 8        /* per package: C-boxes (§2.2), occupancy 0..8 (S-26) */
#define SNBEP_MAX_CBOX 40        /* the most C-boxes of a generation (ICX's CHAs, K-64) */
/* Boxes of the more types: SBOXes (V-22); IIO, IRP (K-16); M2PCIe (K-66). */
#define SNBEP_MAX_XBOX 18
#define SNBEP_NMORE 3            /* more types of a generation: ICX's IIO, IRP, M2PCIe (K-66) */
#define SNBEP_NSBOX (SNBEP_MAX_CBOX + SNBEP_MAX_XBOX) /* stream boxes: C-boxes, then those */
#define SNBEP_NCTR 4             /* counters of a C-box and of the PCU (§1.1) */
#define SNBEP_UNCTR 2            /* U-box general counters (§2.1) */
#define SNBEP_PCLK_KHZ 800000u   /* S-44 */
#define SNBEP_MAX_PMI_REQ 16


/* A general or fixed counter with its control. The edge detector (OQ-S09)
 * holds the compare result of the counter's last counted cycle: 0 after a
 * CTL write or a box reset, kept across a freeze. For a stream counter
 * (U-box, C-box) resync says the next counted cycle compares with det
 * rather than with the cycle before it (set when counting may have
 * stopped or restarted); the PCU keeps det current at every advance, det
 * for its main event and det_occ for its occupancy compare. */
struct snbep_ctr {
	uint64_t ctl, val;
	uint8_t width;        /* from the register table; defects change it */
	bool det, det_occ, resync;
};

/* What one generation of the E5 family changes in the model, as data
 * (pmu/emu/snbep/gens.c): its register description, which the model
 * reads addresses, widths and defined bits from, and the behaviour its
 * digest adds. */
/* A die of a generation: a package of up to `cores` cores is on it
 * (OQ-V15, OQ-K9); its C-boxes where the count is the die's, not the
 * cores' (K-14; 0: one per core, OQ-S15, OQ-V6); its boxes of each more
 * type (V-31: the SBOXes); what its capability register reads (V-31's
 * chop, K-14's CHA bits). */
struct snbep_die {
	uint8_t cores, cbox, more[SNBEP_NMORE];
	uint64_t capid; /* ICX: CAPID7 in the high dword (K-64) */
};

struct snbep_gen {
	const struct box_type *const *boxes;
	unsigned nboxes;
	const struct box_type *ubox, *cbox, *pcu, *residency;
	unsigned max_cbox;  /* register sets of the largest die (OQ-S15, V-21) */
	/* CTL.tid_en selects FILTER0.tid's thread (K-13, OQ-K8). */
	bool tid_filter;
	/* Box types with the C-box's box and counter control, numbered on
	 * after the C-boxes' register sets (HSX's and BDX's SBOXes, V-20; the
	 * Xeon Scalable's IIO and IRP, K-16, and on ICX its M2PCIe, K-66;
	 * NULL: none); their clockticks event where it is not the C-boxes'
	 * 0x00 and they count nothing else (0x01 on the IIO, IRP and M2PCIe,
	 * OQ-K34; 0: the C-box's streams, V-30); whether
	 * their BOX_CTL takes one reset or frz_en bit a write (V-10). */
	const struct box_type *more[SNBEP_NMORE];
	uint8_t more_clk;
	bool more_ctl_stepwise;
	/* The IIO's free-running bandwidth and utilisation counters (K-42,
	 * OQ-K41; NULL: none), read-only functions of the model's time
	 * (pmu/emu/snbep/free.c). */
	const struct box_type *free;
	/* The uncore-wide layer (V-03..V-08, V-13): global control, status
	 * and configuration, the box status registers and ov_en; false: none
	 * (S-03, S-39: the E5-2600's counters wrap silently). */
	bool global;
	/* OQ-V4 model choice: GLOBAL_CTL stores IVB-EP's pmi_core_sel and
	 * wk_on_pmi where the table names only the freeze bits (HSX, BDX). */
	bool gctl_ivb;
	/* The PCU function 3 that names the die (HSX, BDX: CAPID4, V-31,
	 * OQ-V14; SKX: CAPID6, K-14): its device id (0: none) and the
	 * register's offset; the dies, smallest first (a die of 0 cores: one
	 * die only). */
	uint16_t capid_did;
	uint16_t capid_off;
	/* ICX: the capability register's high dword is a second register
	 * right after it (CAPID7 at CAPID6 + 4, K-64). */
	bool capid_hi;
	struct snbep_die dies[2];
	/* ICX: the global status is two registers, a bit per box (K-62,
	 * OQ-K30); the second's MSR (0: one register with a bit per box
	 * type, OQ-V1). */
	uint32_t gstatus2;
	/* Its PCI boxes in the package model (snbep_pci_v2_model: the E5
	 * v2..v4's, V-33; the Xeon Scalable's, K-20), or NULL: none there
	 * (the E5-2600's are a model of their own, S-47). */
	const struct snbep_pci_gen *pci;
};
extern const struct snbep_gen snbep_gen_e5, snbep_gen_ivbep, snbep_gen_hswep, snbep_gen_bdx,
	snbep_gen_bdx_de, snbep_gen_skx, snbep_gen_icx;

/* A box with a BOX_CTL: a C-box or the PCU. */
struct snbep_box {
	struct snbep_ctr ctr[SNBEP_NCTR];
	uint64_t filter;
	uint64_t filter1;              /* IVB-EP's C-box FILTER1 (V-18) */
	uint64_t status;               /* its overflow bits (V-13; global gens only) */
	bool frz, frz_en;              /* as last written (OQ-S13); read 0 (OQ-S02) */
	uint64_t last_ctl;             /* a more type's BOX_CTL as last written (V-10, OQ-V9) */
	uint64_t held[SNBEP_NCTR];     /* EMU_F(SNBEP_FRZ_HOLDS_READS): values at the freeze */
};

struct snbep_uncore {
	const struct snbep_gen *g;
	emu_faults_t faults;   /* EMU_F(...) mask, pmu/emu/faults.h */
	unsigned ncores;       /* cores of the package */
	unsigned ncbox;        /* C-boxes 0..ncbox-1: one per core (OQ-S15) or the die's (K-14) */
	unsigned nmore[SNBEP_NMORE]; /* the die's boxes of each more type (V-31, K-16) */
	uint64_t capid;        /* its capability register(s) (V-31, K-14, K-64) */
	uint32_t uclk_khz;     /* UCLK rate: pclk ratio (S-44), band frequency (OQ-S18) */
	uint64_t now;          /* UCLK cycle the state below is accounted to */
	struct snbep_ctr ufixed, ugp[SNBEP_UNCTR];
	/* C-box b at b, box i of the more types at SNBEP_MAX_CBOX + i. */
	struct snbep_box cbox[SNBEP_NSBOX], pcu;
	uint64_t ufilter;      /* HSX's and BDX's U-box filter (V-19) */
	/* Cached per-cycle increments of the stream counters, and the CTL
	 * selection bits each cache was filled from. */
	struct emu_stream ustream[SNBEP_UNCTR], cstream[SNBEP_NSBOX][SNBEP_NCTR];
	uint64_t ukey[SNBEP_UNCTR], ckey[SNBEP_NSBOX][SNBEP_NCTR];
	uint8_t cstate[SNBEP_MAX_CBOX];           /* enum pmu_cstate; C1 in no bucket (OQ-S19) */
	uint64_t resid[SNBEP_MAX_CBOX][2];       /* PCU_MSR_CORE_C3_CTR, _C6_CTR */
	/* The global layer (V-03..V-08; g->global only): frz_all in force,
	 * GLOBAL_CTL's stored fields, GLOBAL_STATUS, GLOBAL_CONFIG and the
	 * U-box's status. */
	bool gfrz;
	uint64_t gctl, gstatus, gconfig, ustatus;
	/* EMU_F(SKX_FREE_WRITABLE): the time a write restarted the free-
	 * running counters from (0: never; K-42). */
	uint64_t free_t0;
	uint64_t gstatus2;     /* ICX's second global status (K-62) */
	/* V-07: the PMIs its overflows raise, to the cores of pmi_core_sel. */
	struct emu_pmi_req gpmi[SNBEP_MAX_PMI_REQ];
	unsigned ngpmi, gpmi_dropped;
	uint64_t pmi[SNBEP_MAX_PMI_REQ];          /* EMU_F(SNBEP_WRAP_PMI) only */
	unsigned npmi, pmi_dropped;
	struct snbep_pci pci;  /* g->pci's boxes (snbep_pci_v2_model) */
};

/* The model's operations (struct emu_model, pmu/emu/models.h), each with
 * its signature: m is a struct snbep_uncore. */
extern const struct emu_model snbep_model;
/* The Xeon E5 v2's (pmu/emu/snbep/ivbep.c): the same operations on
 * snbep_gen_ivbep. */
extern const struct emu_model ivbep_model;
/* The Xeon E5 v3's and v4's (pmu/emu/snbep/hswep.c): the same operations
 * on snbep_gen_hswep, and on snbep_gen_bdx or (model 0x56)
 * snbep_gen_bdx_de, the die chosen by the package's cores, with the PCU
 * function 3 that holds CAPID4 (V-31, OQ-V14, OQ-V15). */
extern const struct emu_model hswep_model, bdx_model;
/* Whether box b is one of the more types' (HSX's SBOXes, SKX's IIO, IRP). */
bool snbep_is_more(const struct snbep_uncore *u, const struct snbep_box *b);
/* ncores: 1..SNBEP_MAX_CORES; uclk_khz > 0; model ignored. Every register
 * 0 (S-06). */
void snbep_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		uint64_t now);

/* Returns 0 and the value; 13 (#GP) where the model faults; -1 if msr is not
 * an uncore MSR of this generation (the caller passes it on). core: the
 * accessing CPU's core in the package, for the per-core residency counters
 * (OQ-S14); every other register is the package's (S-02). */
int snbep_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
int snbep_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);

/* The model's hooks on the counter engine (pmu/emu/engine.h): its time
 * and advance (emu_advance), counting in one step. */
extern const struct emu_engine snbep_engine;

/* Core `core` enters C-state s at `now` (the model is advanced to now
 * first, so the old state counts up to it). Cores outside 0..ncores-1 are
 * ignored. The PCU counts a core in C1 (halted) in no occupancy bucket
 * (OQ-S19). */
void snbep_core_state(void *m, unsigned core, enum pmu_cstate s, uint64_t now);

/* Advance to now, then move out up to max pending PMI requests; there are
 * none unless a defect makes a wrap ask for one (S-40). */
unsigned snbep_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);
/* The same, then the global layer's requests (V-07): the take_pmi of
 * every generation with one. */
unsigned snbep_take_global_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);

/* Per-cycle value of the synthetic stream of a C-box (box, ev_sel, umask;
 * at most max a cycle) and of a U-box counter (ev_sel, umask) at UCLK cycle
 * t: what the filters see (pmu/emu/snbep/stream.c). Exposed so host tests
 * can compute expected counts independently. */
#define SNBEP_CBOX_MAX 7 /* a C-box event's most a cycle where no source gives it */
unsigned snbep_cbox_value(unsigned box, uint8_t ev, uint8_t umask, unsigned max, uint64_t t);
unsigned snbep_ubox_value(uint8_t ev, uint8_t umask, uint64_t t);

/* The Xeon Scalable's (pmu/emu/snbep/skx.c): the same operations on
 * snbep_gen_skx, with CAPID6 on each package's bus (K-14). */
extern const struct emu_model skx_model;
/* The Xeon Scalable third generation's (pmu/emu/snbep/icx.c): the same
 * operations on snbep_gen_icx, with CAPID6 and CAPID7 (K-64). */
extern const struct emu_model icx_model;

/* Internal to pmu/emu/snbep/. The counting filter of a threshold, invert
 * and edge (S-22..S-24; gt: the off-by-one defects); with thresh 0 they
 * are ignored and the raw count accumulates (S-25, S-31, OQ-S08). */
struct emu_filt snbep_filt(const struct snbep_uncore *u, unsigned thresh, bool inv, bool edge,
			   bool gt);
/* The same from a CTL's invert and edge_det bits (bits 23, 18 in every
 * box), with the defects of that path. */
struct emu_filt snbep_main_filt(const struct snbep_uncore *u, unsigned thresh, uint64_t ctl);
/* The PCU's counting (pmu/emu/snbep/pcu.c).
 * The PCU counter k's increments over pclk cycles [a, b), all under the
 * current C-states, and its edge detectors brought to b. */
uint64_t snbep_pcu_count(struct snbep_uncore *u, unsigned k, uint64_t a, uint64_t b);
/* pclk cycles before UCLK cycle t (S-44). */
uint64_t snbep_pclk(const struct snbep_uncore *u, uint64_t t);
/* Every stream counter's edge detector kept before counting may stop or
 * restart at u->now (OQ-S09). */
void snbep_snapshot_all(struct snbep_uncore *u);
/* The global layer (pmu/emu/snbep/global.c; u->g->global only): whether
 * frz_all stops the U-box, box b; whether r is one of its registers, and
 * their access; counters ks (bit k, bit SNBEP_NCTR the U-box's fixed one)
 * of box b (NULL: the U-box) wrapped. */
bool snbep_ufrozen(const struct snbep_uncore *u);
bool snbep_gfrozen(const struct snbep_uncore *u, const struct snbep_box *b);
bool snbep_global_reg(const struct snbep_uncore *u, const struct reg_ref *r);
void snbep_global_read(struct snbep_uncore *u, const struct reg_ref *r, uint64_t *val);
void snbep_global_write(struct snbep_uncore *u, const struct reg_ref *r, uint64_t val);
void snbep_overflow(struct snbep_uncore *u, struct snbep_box *b, unsigned ks);
/* Move out up to max of the PMI requests the global layer raised (V-07). */
unsigned snbep_take_gpmi(struct snbep_uncore *u, struct emu_pmi_req *out, unsigned max);
/* The stream box (index into cbox[]) register r belongs to: a C-box's or
 * a box's of the more types; -1: another box's. */
int snbep_sbox(const struct snbep_uncore *u, const struct reg_ref *r);
/* The free-running counters (pmu/emu/snbep/free.c; K-17, K-42, K-43,
 * OQ-K41): whether r is one (a read-only register of a box the model
 * has), its value at u->now, and a write to it (VEC_GP: read-only). */
bool snbep_free_reg(const struct snbep_uncore *u, const struct reg_ref *r);
uint64_t snbep_free_read(const struct snbep_uncore *u, const struct reg_ref *r);
int snbep_free_write(struct snbep_uncore *u, const struct reg_ref *r);
/* snbep_init for generation g (pmu/emu/snbep/gens.c). */
void snbep_init_gen(void *m, const struct snbep_gen *g, emu_faults_t faults, unsigned ncores,
		    uint32_t uclk_khz, uint64_t now);

#endif
