/* The emulated Xeon 7500 (Nehalem-EX, 0x2E) / Westmere-EX (0x2F) uncore:
 * one instance per package, a model of the register semantics of spec
 * xeon7500-uncore.md (X-xx) driven by a U-clock cycle count the caller
 * supplies. Evaluated lazily: every access first advances the model to
 * `now`, taking wraps in cycle order, so box status, the S-box summary, the
 * U-box status, the freeze and the PMI request all happen at the cycle of
 * the wrap.
 *
 * Boxes (§2.1): U (one counter, the uncore-wide control), C0-C7 (C0-C9 on
 * 0x2F, X-39), B0-B1, S0-S1, M0-M1, the R-box as two halves of 8 counters
 * and W (4 counters and the fixed counter). Counting (OQ-X19): every GP
 * counter with its three enables counts one synthetic event per cycle,
 * whatever its event select, except ev_sel 0x07 on C, S, W and U, a
 * synthetic per-cycle value (OQ-X26), both through the threshold, invert
 * and edge detect of X-41..X-43 (pmu/emu/nhmex/filt.c); and except the
 * R-box's, which count the flits of the IPERF sub-counter their ev_sel
 * points at while it selects an event, any non-zero value, a
 * synthetic per-port stream
 * (nhmex_flit_value). The W fixed counter counts cycles.
 *
 * registers are per package, so one instance per package and nothing
 * shared; the backend routes each CPU's access to its package's.
 * Not modelled: the read skew of X-24 (OQ-X4: zero skew) and the erratum of
 * X-36 (OQ-X12); any preload is accepted, and an overflow is the
 * carry out of bit 47 (OQ-X14). The PMI's entry into a core (OQ-X20: the
 * target's LVT, DEBUGCTL ignored) is the backend's.
 *
 * Size: about 112 KB per package (the 16 flit streams' caches are 18 KB of
 * it, the 73 filtered counters' 85 KB); nothing static. Portable: no <efi.h>, no platform calls. */
#ifndef PMU_EMU_NHMEX_H
#define PMU_EMU_NHMEX_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/pmi_fifo.h"
#include "pmu/emu/models.h"
#include "pmu/emu/stream.h"

#define NHMEX_MAX_CBOX 10
/* Box indices: C-box n is n; then these. */
enum { NHMEX_B0 = NHMEX_MAX_CBOX, NHMEX_S0 = NHMEX_B0 + 2, NHMEX_M0 = NHMEX_S0 + 2,
       NHMEX_R0 = NHMEX_M0 + 2, NHMEX_W = NHMEX_R0 + 2, NHMEX_U, NHMEX_NBOX };
#define NHMEX_MAX_CTR 8
#define NHMEX_W_FIXED 4       /* the W fixed counter's index in the W box */
#define NHMEX_NPORT 8
#define NHMEX_MAX_PMI_REQ 16
/* Counters with threshold, invert or edge detect (§5.5): C 6 each, S 4
 * each, W 4, U 1 (nhmex_filt_idx). */
#define NHMEX_NFILT (NHMEX_MAX_CBOX * 6 + 2 * 4 + 4 + 1)

/* A PMI request (struct emu_pmi_req) comes from the U-box with the
 * pmi_core_sel bits at the cycle (bit k = core k, OQ-X2). */
/* A box's GLOBAL_CTL and GLOBAL_STATUS, its counters' controls and values.
 * The U-box's are U_MSR_PMON_GLOBAL_CTL/_STATUS: its counter's box enable
 * is GLOBAL_CTL.en (bit 0, X-06) and its ov bit is ov_u (bit 0, X-17). */
struct nhmex_box {
	uint64_t ctl, status;
	uint64_t evsel[NHMEX_MAX_CTR + 1], ctr[NHMEX_MAX_CTR + 1];
};

struct nhmex_uncore {
	emu_faults_t faults;
	unsigned ncbox;        /* 8 (0x2E) or 10 (0x2F), OQ-X13 */
	unsigned ncores;       /* pmi_core_sel width: as many (OQ-X1) */
	uint64_t now;
	struct nhmex_box box[NHMEX_NBOX];
	uint64_t summary[2];   /* S_MSR_PMON_SUMMARY of S0, S1 (no address, OQ-X9) */
	uint64_t en_bit[NHMEX_NBOX], pmi_bit[NHMEX_NBOX]; /* from the table (§5.5) */
	uint64_t sub_e[0x100]; /* sub-controls at 0xE00-0xEFF */
	uint64_t mbox_sel[2][7]; /* M-box DSP ... ZDP */
	struct emu_stream flit[NHMEX_NPORT][2]; /* IPERF_CFG0/1 of each port */
	struct emu_stream fs[NHMEX_NFILT];  /* filtered increments, from the select */
	struct emu_seam fseam[NHMEX_NFILT]; /* the last select write's edge (OQ-X25 d) */
	struct emu_pmi_req pmi[NHMEX_MAX_PMI_REQ];
	unsigned npmi, pmi_dropped;
	/* The model knob of X-47: the part throttles, so the W-box's throttle
	 * events count. Off from init: a healthy part does not throttle. */
	bool throttling;
};

/* The model's operations (struct emu_model, pmu/emu/models.h), each with
 * its signature: m is a struct nhmex_uncore. init: model 0x2E or 0x2F
 * (anything else is taken as 0x2E); ncores and uclk_khz ignored. rdmsr and
 * wrmsr ignore the core (every register is the package's). */
extern const struct emu_model nhmex_model;
void nhmex_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		uint64_t now);
/* Returns 0 and the value; 13 (#GP) where the model faults; -1 if msr is not
 * an uncore MSR of this generation (the caller passes it on). */
int nhmex_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
int nhmex_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);

/* The model's hooks on the counter engine (pmu/emu/engine.h): its time,
 * advance and next wrap (emu_advance, emu_next_wrap). */
extern const struct emu_engine nhmex_engine;
/* Advance to now, then move out up to max pending PMI requests, oldest
 * first (now below the model's time: no advance). */
unsigned nhmex_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);

/* S-box s's summary at now (OQ-X9: no address is known, so this is the one
 * way to it; a confirmed address makes it an MSR of the table). */
uint64_t nhmex_s_summary(struct nhmex_uncore *u, unsigned s, uint64_t now);

/* Flits (0 or 1) the IPERF sub-counter `sub` of R-box port `port` sees at
 * cycle t. Exposed so host tests can compute expected counts. */
unsigned nhmex_flit_value(unsigned port, unsigned sub, uint64_t t);

/* Whether counter k of box b counts the event its select sel names at all
 * (X-44..X-47): the event rules of its box type (pmu/regs/nhmex.c) and the
 * throttle knob. */
bool nhmex_event_counts(const struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t sel);
/* Tell the model whether the part throttles: the W counters'
 * throttle events count from now on, or no longer. */
void nhmex_throttle(struct nhmex_uncore *u, bool on, uint64_t now);

/* ---- threshold, invert, edge detect (pmu/emu/nhmex/filt.c) ---- */

/* Counter k of box b's slot in fs/fseam, -1 for a counter without the
 * fields (B, M, R, the W fixed counter). */
int nhmex_filt_idx(unsigned b, unsigned k);
/* Recompute the counter's cached increments from its select (init, and
 * every write of it); nothing for a counter without the fields. */
void nhmex_filt_fill(struct nhmex_uncore *u, unsigned b, unsigned k);
/* After a write of the counter's select that replaced `old`: refill, and
 * when it counted before and after the write, the edge detector's seam
 * (OQ-X25 d). */
void nhmex_filt_write(struct nhmex_uncore *u, unsigned b, unsigned k, uint64_t old,
		      bool counting);
/* The event ev of a counter of box b sees at cycle t (OQ-X19, OQ-X26), an
 * event it counts at all (nhmex_event_counts). Exposed so host tests can
 * compute expected counts. */
unsigned nhmex_event_value(unsigned b, uint8_t ev, uint64_t t);

#endif
