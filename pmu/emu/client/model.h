/* The emulated client uncore, Sandy Bridge through Raptor Lake (spec
 * client-uncore.md, L-xx): one instance per package, one model for every
 * register layout (the statements give them the same behaviour; L-63,
 * L-80: what differs is data, struct client_layout), driven by the U-clock
 * cycle count the caller supplies. Evaluated lazily: every access first
 * advances the model to `now`, processing wraps in cycle order so that
 * status, PMI request and freeze take effect at the cycle of the wrap
 * (OQ-L20). One clock for the fixed counter, the ARB and the C-boxes
 * (OQ-L13, L-61).
 *
 * WakePMI input: each core's C-state, set through client_cstate() when it
 * changes (the emulated backend reports a CPU it parks in HLT/MWAIT and one
 * it runs); cores start in C0. Portable: no <efi.h>, no platform calls. */
#ifndef PMU_EMU_CLIENT_H
#define PMU_EMU_CLIENT_H

#include "lib/rt.h"
#include "pmu/emu/engine.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"
#include "pmu/emu/pmi_fifo.h"
#include "pmu/emu/stream.h"

#define CLIENT_MAX_CBOX 8                          /* L-05, OQ-L29 */
#define CLIENT_NARB 4                              /* two ARB boxes of two (L-76) */
/* ARB box b counter k at 2b + k, then C-box n counter k */
#define CLIENT_NGP (CLIENT_NARB + 2 * CLIENT_MAX_CBOX)
#define CLIENT_CBOX_CTR(n, k) (CLIENT_NARB + 2 * (n) + (k))
#define CLIENT_FIXED CLIENT_NGP                    /* the fixed counter's index */
#define CLIENT_NCTR (CLIENT_NGP + 1)
#define CLIENT_MAX_CORES 16                        /* struct emu_pmi_req.cores */
#define CLIENT_MAX_PMI_REQ 16

/* The per-cycle units of the synthetic streams: the ARB (either box), C-box n. */
#define CLIENT_UNIT_ARB 0u
#define CLIENT_UNIT_CBOX(n) (1u + (n))

/* What a register layout changes (L-63, L-80); the addresses come from its
 * register description (pmu/regs/client.c). */
struct client_layout {
	char name;                            /* 'A' .. 'D' */
	const struct box_type *const *boxes;  /* its generation's box types, 4 */
	const struct box_type *arb, *cbox;
	uint32_t fixed_ctl;     /* FIXED_CTRL; FIXED_CTR at + 1 (L-08, L-73) */
	uint8_t fixed_bits;     /* 48; 44 on B (L-33, OQ-L16, L-78) */
	uint8_t sel_bits;       /* PMI-select bits that route: 4 on A, else 5 (OQ-L7, OQ-L26) */
	uint8_t cmask_bits;     /* a C-box's threshold: 5; 6 on D (L-75) */
	uint8_t arb_first;      /* the first ARB counter: 1 on Ice Lake client (L-70) */
	uint8_t cbox_span;      /* a box's addresses that #GP when absent: 10 on A/B (OQ-L5), else 4 */
	bool gctl_inert;        /* GLOBAL_CTRL.EN and FREEZE ignored: Ice Lake client (L-71, OQ-L30) */
	/* A model of the layout whose ARB counts by other rules, the same
	 * registers (Rocket Lake on Tiger Lake's layout, OQ-L34); NULL: none */
	const struct box_type *arb_alt;
	uint8_t arb_alt_model;
};
extern const struct client_layout client_layout_a, client_layout_b, client_layout_icl,
	client_layout_c, client_layout_d;

struct client_uncore {
	emu_faults_t faults;   /* EMU_F(...) mask, pmu/emu/faults.h */
	const struct client_layout *lay;
	const struct box_type *arb_rules; /* whose event rules the ARB counts by (L-82) */
	unsigned ncbox;        /* C-boxes present (L-16, L-17, OQ-L6) */
	unsigned ncores;       /* cores of the package (L-43, OQ-L17) */
	uint64_t now;          /* cycle the state below is accounted to */
	uint64_t global_ctl, status, fixed_ctl;
	bool frozen;           /* a freeze cleared EN, not written since (cl-frz-fixed-runs) */
	uint64_t evtsel[CLIENT_NGP];
	uint64_t ctr[CLIENT_NCTR];
	struct emu_stream stream[CLIENT_NGP]; /* cached increments, from the event select */
	struct emu_seam seam[CLIENT_NGP];     /* the edge detector at an enable (OQ-L13) */
	uint8_t cstate[CLIENT_MAX_CORES];     /* enum pmu_cstate: halted unless C0 (L-48) */
	struct emu_pmi_req pmi[CLIENT_MAX_PMI_REQ];
	unsigned npmi;         /* pending, not yet taken */
	unsigned pmi_dropped;  /* requests lost because pmi[] was full */
	unsigned arb0_writes;  /* OQ-L28: writes to Ice Lake's ARB counter 0, ignored */
};

/* The model's operations for each layout (struct emu_model,
 * pmu/emu/models.h), each with its signature: m is a struct client_uncore.
 * uclk_khz is not used (the caller's cycles are U-clock cycles, OQ-L24). */
extern const struct emu_model client_a_model, client_b_model, client_icl_model, client_c_model,
	client_d_model;
#define CLIENT_INIT_DECL(x)                                                                 \
	void client_##x##_init(void *m, emu_faults_t faults, unsigned ncores, uint32_t model, \
			       uint32_t uclk_khz, uint64_t now)
CLIENT_INIT_DECL(a);
CLIENT_INIT_DECL(b);
CLIENT_INIT_DECL(icl);
CLIENT_INIT_DECL(c);
CLIENT_INIT_DECL(d);
/* Returns 0 and the value; 13 (#GP) where the model faults; -1 if msr is not
 * an uncore MSR of this layout (the caller passes it on). core: every
 * register is the package's (L-03). */
int client_rdmsr(void *m, unsigned core, uint32_t msr, uint64_t now, uint64_t *val);
int client_wrmsr(void *m, unsigned core, uint32_t msr, uint64_t val, uint64_t now);
/* Advance to now, then move out up to max pending PMI requests, oldest
 * first. */
unsigned client_take_pmi(void *m, uint64_t now, struct emu_pmi_req *out, unsigned max);
/* Core `core` is in C-state s from now on (L-47, L-48). */
void client_cstate(void *m, unsigned core, enum pmu_cstate s, uint64_t now);
/* Erratum ICL068 on Ice Lake client (pmu/emu/client/icl068.c), for the
 * model's own files: whether msr is the ARB counter 0 the erratum takes
 * away (rewritten where a defect moves the one counter there, L-70,
 * OQ-L28); what GLOBAL_CTRL keeps of a write and whether counting ignores
 * its EN (L-71, OQ-L30). */
bool client_icl_arb0(const struct client_uncore *u, uint32_t *msr);
uint64_t client_icl_gctl(const struct client_uncore *u, uint64_t val);
bool client_icl_counts_without_en(const struct client_uncore *u);
/* The model's hooks on the counter engine (pmu/emu/engine.h): its time,
 * advance and next wrap (emu_advance, emu_next_wrap). */
extern const struct emu_engine client_engine;

/* The event count of unit (CLIENT_UNIT_*) for (event, umask) at cycle t,
 * before any filter and before the counter's event rules (L-82). Exposed
 * so host tests can compute expected counts independently. */
unsigned client_stream_value(unsigned unit, uint8_t event, uint8_t umask, uint64_t t);

#endif
