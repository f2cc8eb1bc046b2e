/* The emulated architectural core PMU: one instance per logical CPU, a model
 * of the documented register semantics (spec core-pmu-and-apic.md, C-09..
 * C-24) for CI, where QEMU TCG has none (C-13). It presents its own
 * CPUID.0AH view (struct core_shape) and the counter and control MSRs of
 * pmu/regs/core.c, counts synthetic per-cycle event streams over a core-cycle
 * count the caller supplies, and, like the uncore model (pmu/emu/nhm/model.h), is
 * evaluated lazily: every access first advances the model to `now`, taking
 * overflows in cycle order, so that status and PMI requests take effect at
 * the cycle of the overflow. Portable: no <efi.h>, no platform calls.
 *
 * Privilege level. Every cycle the model counts is ring-0 activity: the
 * harness and the firmware run at CPL 0 and there is no user mode. So
 * PERFEVTSELx.OS = 1 counts and USR alone counts nothing; a fixed counter
 * counts with EN = 1 (ring 0) or 3 (all) and nothing with EN = 2 (C-09,
 * C-22).
 *
 * The events (C-24 rows 0-6; pmu/emu/core/stream.c). Per cycle t:
 *   cycles(t) = 1                          UnHalted Core Cycles, 3CH/00H;
 *                                          the model's core never halts
 *   ref(t)    = 1 on 3 of every 4 cycles   UnHalted Reference Cycles,
 *             (t mod 4 != 0)               3CH/01H: over [a, b) exactly
 *                                          floor(3b/4) - floor(3a/4), so a
 *                                          backend that wants reference
 *                                          cycles at the TSC rate runs the
 *                                          core clock at 4/3 of the TSC
 *   inst(t)   in 0..CORE_INST_MAX (4)      Instructions Retired, C0H/00H
 *   branch(t) <= min(inst(t), 2)           Branch Instructions Retired, C4H
 *   mispred(t) <= branch(t), 0 or 1        Branch Misses Retired, C5H
 *   llc_ref(t) 0 or 1                      LLC Reference, 2EH/4FH
 *   llc_miss(t) <= llc_ref(t)              LLC Misses, 2EH/41H
 * so over any window: ref <= cycles, mispredictions <= branches <=
 * instructions <= 4 x cycles, misses <= references <= cycles. Every period
 * of EMU_STREAM_PERIOD (1024) cycles has cycles retiring each of 0..4
 * instructions and stalled runs of at least 32 cycles, so for every c in
 * 1..4: CMASK = c counts fewer cycles than there are and more than 0, CMASK
 * = c with and without INV add up to the cycles (C-16), and E counts fewer
 * than the level it detects and more than 0 (pmu/emu/core/stream.c; host
 * tests check all of it). Per period: 1024 cycles and the counts
 * CORE_PERIOD_* below (about 1.24 instructions per cycle). Other (event,
 * umask) pairs, and architectural events the CPUID view marks unavailable
 * (EBX bit set, or index >= EAX[31:24]; C-11, C-24), count nothing.
 *
 * Fixed counters (C-21): FIXED_CTR0 counts inst, FIXED_CTR1 cycles,
 * FIXED_CTR2 ref, exactly as a general counter with that event and no
 * filter does over the same cycles.
 *
 * Where the spec leaves the model a choice:
 * - overflow (OQ-C12 default): it takes effect at the wrap, the event that
 *   carries the counter from 2^width - 1 to 0, so a preset of -N overflows
 *   exactly at the N-th event and C-19's 1 - N (NetBurst guidance) at the
 *   (N-1)-th; status bit and PMI request appear at the cycle of that
 *   event;
 * - reset (OQ-C6): every register and counter is 0, GLOBAL_CTRL included;
 * - IA32_PERF_GLOBAL_OVF_CTRL reads 0 and ignores its reserved bits (as
 *   the uncore model does); bit 61 of STATUS/OVF_CTRL is the backend's
 *   (C-38, OQ-C4), bits 62-63 are never set (no DS buffer);
 * - versions 1-3: no FREEZE_PERFMON_ON_PMI (C-04, [HW]; DEBUGCTL is the
 *   backend's); version 4: the streamlined freezes of C-47/C-48 from the
 *   model's own copy of DEBUGCTL bits 11-12 (C-51; pmu/emu/core/v4.c);
 * - fixed-counter writes take the full width (C-17 names IA32_PMCx only);
 *   bits beyond it, like every reserved bit, raise #GP (C-23);
 * - ANY and PC are accepted from version 3 (ANY reserved before, C-20)
 *   and change nothing: one logical CPU, no pins;
 * - versions 1-6, EBX length <= 7 (OQ-C10: rows 7-12 count nothing);
 * - version 5: a fixed counter the bitmap omits is absent: its MSR, its
 *   IA32_FIXED_CTR_CTRL field and its GLOBAL_CTRL bit raise #GP (OQ-C20);
 *   with AnyThread deprecated the ANY bits are reserved (OQ-C21);
 * - leaf 23H and version 6 (pmu/emu/core/v6.c, C-72): a general counter
 *   the leaf's bitmap omits is absent as an omitted fixed counter is; the
 *   alias MSRs (C-69) are the legacy registers of the same counter, their
 *   counter writes full-width (OQ-C27); UMASK2 and EQ are reserved where
 *   sub-leaf 0 does not enumerate them (C-70); a non-zero UMASK2 makes
 *   the (event, unit mask) pair no architectural event, which counts
 *   nothing; EQ compares CMASK for equality (OQ-C28). */
#ifndef PMU_EMU_CORE_H
#define PMU_EMU_CORE_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/stream.h"

#define CORE_MAX_GP 8    /* IA32_PMC0..7 (pmu/regs/core.c) */
#define CORE_MAX_FIXED 3 /* IA32_FIXED_CTR0..2 */
#define CORE_MAX_PMI_REQ 16
#define CORE_INST_MAX 4  /* instructions retired per cycle at most */

/* Per-period sums of the streams (host tests check them): over every
 * EMU_STREAM_PERIOD cycles starting at a multiple of it. */
#define CORE_PERIOD_REF 768
#define CORE_PERIOD_INST 1269
#define CORE_PERIOD_BRANCH 468
#define CORE_PERIOD_MISPRED 50
#define CORE_PERIOD_LLC_REF 117
#define CORE_PERIOD_LLC_MISS 41

/* Architectural events: EBX bit index = row of C-24. */
enum core_event {
	CORE_EV_CYCLES, CORE_EV_INST, CORE_EV_REF, CORE_EV_LLC_REF, CORE_EV_LLC_MISS,
	CORE_EV_BRANCH, CORE_EV_MISPRED, CORE_NEVENTS
};

/* The CPUID view the model presents (C-11; spec §3, CPUID leaf 0AH). */
struct core_shape {
	uint8_t version;     /* EAX[7:0]: 1..6 (C-11, C-43..C-48, C-52, C-69) */
	uint8_t ngp;         /* EAX[15:8]: general counters, 1..CORE_MAX_GP */
	uint8_t gp_width;    /* EAX[23:16]: 32..63 bits */
	uint8_t ebx_len;     /* EAX[31:24]: valid EBX bits, <= CORE_NEVENTS (OQ-C10) */
	uint32_t ebx;        /* bit i = 1: event i NOT available */
	uint8_t nfixed;      /* EDX[4:0]: 0 for version 1, else 1..CORE_MAX_FIXED */
	uint8_t fixed_width; /* EDX[12:5]: 32..63 bits (unused for version 1) */
	bool pdcm;           /* CPUID.01H:ECX[15]: IA32_PERF_CAPABILITIES exists (C-18) */
	uint64_t perf_caps;  /* its value; bit 13 FW_WRITE gives IA32_A_PMCn */
	/* Version 5 (C-52..C-54; pmu/emu/core/v5.c): */
	uint32_t fixed_bitmap; /* ECX: fixed counter i supported if bit i (C-52) */
	bool any_deprecated;   /* EDX[15]: AnyThread deprecated (C-54) */
	/* CPUID.1AH:EAX[31:24] (C-56), presented only where the registry row
	 * is hybrid (its .ecore, C-60): a shape of one type, as on Alder
	 * Lake-N (C-62), shows no leaf 1AH whatever this holds. */
	uint8_t core_type;
	/* CPUID leaf 23H (C-64..C-66; pmu/emu/core/v6.c), 0 where the shape
	 * has none: its sub-leaf bitmap (sub-leaf 0 EAX), its UMASK2/EQ flags
	 * (sub-leaf 0 EBX) and its general-counter bitmap (sub-leaf 1 EAX;
	 * the fixed one is core_shape_fixed_set's). CPUID.0AH:EAX[15:8] is
	 * ngp, the counters below the bitmap's first hole (OQ-C31). */
	uint8_t leaf23;
	uint8_t leaf23_ext;
	uint8_t gp_bitmap;
};

/* CPUID.(23H,0):EBX (C-65) and the event-select fields it enumerates
 * (C-70). */
#define LEAF23_UMASK2 0x1u
#define LEAF23_EQ 0x2u
#define LEAF23_SUB1 0x2u /* sub-leaf 0 EAX: sub-leaf 1 valid (C-64) */
#define ES_EQ_BIT (1ull << 36)
#define ES_UMASK2_BITS (0xFFull << 40)

/* Nehalem/Westmere (C-12): version 3, 4 general and 3 fixed counters of 48
 * bits, all 7 events, PDCM, no full-width writes. */
extern const struct core_shape core_shape_nhm;
/* The same with IA32_PERF_CAPABILITIES.FW_WRITE = 1 (IA32_A_PMCn, C-18). */
extern const struct core_shape core_shape_nhm_fw;
/* A later core (Sandy Bridge to Broadwell) with Hyper-Threading off: 8
 * general counters per core (SDM Vol. 3B, the Sandy Bridge PMU section: 8
 * per core without HT, 4 per thread with it) and 3 fixed, all of 48 bits,
 * all 7 events, PDCM, full-width writes (FW_WRITE, C-18). Version 3: no
 * 0x391/0x392 (#GP), no freeze. */
extern const struct core_shape core_shape_v3;
/* The same counters at version 4 (Skylake client on, C-49, C-51): STATUS_SET
 * and INUSE, the status bits and freezes of C-43..C-48. */
extern const struct core_shape core_shape_v4;
/* Version 5 (pmu/emu/core/v5.c, C-59): Ice Lake to Rocket Lake cores
 * (not hybrid); the Alder/Raptor Lake P-core and E-core, whose fixed
 * counters and general counter counts differ (C-57, C-59); the E-core's
 * also on every CPU of Alder Lake-N, not hybrid (C-62, OQ-C25). */
extern const struct core_shape core_shape_v5, core_shape_adl_p, core_shape_adl_e;
/* Leaf 23H (pmu/emu/core/v6.c, C-72): Meteor Lake's P-core and E-core at
 * version 5 with the leaf; the version-6 P-core and E-core of Lunar Lake,
 * Arrow Lake and Panther Lake, the E-core's general bitmap with a hole. */
extern const struct core_shape core_shape_mtl_p, core_shape_mtl_e, core_shape_v6_p,
	core_shape_v6_e;

bool core_shape_valid(const struct core_shape *s);
/* Whether the shape has full-width writes (IA32_A_PMCn, C-18). */
bool core_shape_fw_write(const struct core_shape *s);
/* CPUID.0AH as the shape presents it: r = EAX, EBX, ECX, EDX. */
void core_cpuid_0a(const struct core_shape *s, uint32_t r[4]);
/* The fixed counters the shape has, bit i for IA32_FIXED_CTRi: below
 * version 5 the first EDX[4:0], from it those C-52's rule supports. */
uint32_t core_shape_fixed_set(const struct core_shape *s);
/* The general counters the shape has, bit n for IA32_PMCn: leaf 23H's
 * bitmap where the shape has one, else the first CPUID.0AH:EAX[15:8]. */
uint32_t core_shape_gp_set(const struct core_shape *s);
/* CPUID.23H sub-leaf `sub` as the shape presents it (zeros where the
 * shape has no leaf 23H or the sub-leaf is not valid, C-64); faults: the
 * CORE family's, for v6-subleaf-bit0. */
void core_cpuid_23(const struct core_shape *s, emu_faults_t faults, uint32_t sub, uint32_t r[4]);

/* One PMI request (C-10, C-22): the cycle of the overflow and the
 * IA32_PERF_GLOBAL_STATUS bits of the PMI-enabled counters that overflowed
 * in it (one request per cycle, however many). */
struct core_pmi_req {
	uint64_t cycle;
	uint64_t ovf;
};

/* Counter index i: general counter i < CORE_MAX_GP, fixed counter
 * i - CORE_MAX_GP above. */
#define CORE_NCTR (CORE_MAX_GP + CORE_MAX_FIXED)

struct core_pmu {
	const struct core_shape *shape;
	emu_faults_t faults; /* EMU_F(...) mask, pmu/emu/faults.h */
	uint64_t now;    /* core cycle the state below is accounted to */
	uint64_t global_ctl, status, fixed_ctl;
	uint64_t debugctl; /* version 4: DEBUGCTL bits 11-12 as last written (C-51) */
	uint64_t evtsel[CORE_MAX_GP];
	uint64_t ctr[CORE_NCTR];
	uint64_t alias_ctr[CORE_NCTR]; /* v6-alias-split only: the aliases' own storage */
	uint16_t armed; /* bit i: counter i wrapped, overflow not yet taken (core-ovf-late only) */
	struct emu_stream stream[CORE_MAX_GP]; /* cached increments, from the PERFEVTSEL */
	struct emu_seam seam[CORE_MAX_GP];     /* the last PERFEVTSEL write's edge (OQ-C13) */
	struct core_pmi_req pmi[CORE_MAX_PMI_REQ];
	unsigned npmi;        /* pending, not yet taken */
	unsigned pmi_dropped; /* requests lost because pmi[] was full */
};

/* 0, or -1 if the shape is not valid. Every register and counter reads 0
 * afterwards (OQ-C6). */
int core_init(struct core_pmu *u, const struct core_shape *s, emu_faults_t faults, uint64_t now);

/* Returns 0 and the value; 13 (#GP) where the model faults (an MSR the shape
 * does not have, a reserved bit, a write to a read-only register); -1 if
 * msr is not a core PMU MSR (IA32_DEBUGCTL and the rest: the caller passes
 * it on). IA32_PERF_GLOBAL_STATUS holds the counter bits only: bit 61 is the
 * emulated backend's (C-38). */
int core_rdmsr(struct core_pmu *u, uint32_t msr, uint64_t now, uint64_t *val);
int core_wrmsr(struct core_pmu *u, uint32_t msr, uint64_t val, uint64_t now);

/* IA32_DEBUGCTL is the emulated backend's (C-38), which hands every write
 * here too: a version-4 shape keeps bits 11-12 for its freezes (C-47, C-48,
 * C-51), an earlier one nothing. core_debugctl_read: `lower`, the value
 * the rest of DEBUGCTL reads, with the kept bits in their place. */
void core_debugctl_write(struct core_pmu *u, uint64_t val, uint64_t now);
uint64_t core_debugctl_read(const struct core_pmu *u, uint64_t lower);

/* Version 4 (pmu/emu/core/v4.c), for pmu/emu/core/model.c: IA32_PERF_GLOBAL_INUSE
 * (C-45); the STATUS bits a STATUS_SET or STATUS_RESET write acts on beside
 * the shape's counter bits (C-43, C-44, OQ-C18); the freezes of an
 * overflow of the counters `ovf`, `pmi` of them PMI-enabled, as the STATUS
 * bits to set (C-47, C-48, OQ-C14); whether the counter of STATUS bit
 * `bit` is frozen (C-47). */
uint64_t core_v4_inuse(const struct core_pmu *u);
uint64_t core_v4_set_bits(const struct core_pmu *u);
uint64_t core_v4_reset_bits(const struct core_pmu *u);
uint64_t core_v4_pmi(struct core_pmu *u, uint64_t ovf, uint64_t pmi);
bool core_v4_frozen(const struct core_pmu *u, uint64_t bit);

/* Version 5 (pmu/emu/core/v5.c): the fixed counters this instance has
 * (core_shape_fixed_set, or with v5-bitmap-ignored every one below the
 * highest the bitmap names, C-52, OQ-C20); the PERFEVTSELx and
 * IA32_FIXED_CTR_CTRL AnyThread bits it takes (none where deprecated,
 * C-54, OQ-C21). */
uint32_t core_v5_fixed_set(const struct core_pmu *u);
bool core_v5_any_ok(const struct core_pmu *u);

/* Leaf 23H and version 6 (pmu/emu/core/v6.c): the general counters this
 * instance has (core_shape_gp_set; with v6-hole-counts every one below
 * the highest, C-66); the event-select bits of UMASK2 and EQ it takes
 * (C-70; all of them with v6-ext-accepted); whether a select's non-zero
 * UMASK2 leaves its event architectural (never, but with
 * v6-umask2-ignored); whether EQ compares (C-70, OQ-C28; not with
 * v6-eq-ignored); whether the alias MSRs (C-69) exist. */
uint32_t core_v6_gp_set(const struct core_pmu *u);
uint64_t core_v6_ext_bits(const struct core_pmu *u);
bool core_v6_ungated(const struct core_pmu *u, unsigned i);
bool core_v6_umask2_kept(const struct core_pmu *u, uint64_t sel);
bool core_v6_eq(const struct core_pmu *u, uint64_t sel);
bool core_v6_aliases(const struct core_pmu *u);

/* Advance to now without an access (the PMI scheduler's tick). */
void core_advance(struct core_pmu *u, uint64_t now);

/* The model's hooks on the counter engine (pmu/emu/engine.h); its next
 * overflow after u->now is emu_next_wrap's. */
extern const struct emu_engine core_engine;

/* Move out up to max pending PMI requests, oldest first; returns how many. */
unsigned core_take_pmi(struct core_pmu *u, struct core_pmi_req *out, unsigned max);

/* The C-24 row of (event select, umask), or -1. */
int core_arch_event(uint8_t event, uint8_t umask);
/* Per-cycle count of architectural event ev at core cycle t, whatever the
 * CPUID view says; exposed so host tests can compute expected counts
 * independently. */
unsigned core_event_value(unsigned ev, uint64_t t);

#endif
