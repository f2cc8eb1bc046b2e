/* The Xeon E5-2600 (Sandy Bridge-EP, model 0x2D) uncore suite (spec
 * xeon-e5-2600-uncore.md, S-xx): the MSR boxes (U-box, the C-boxes of the
 * package's cores, the PCU) on real silicon and on the emulated uncore
 * alike. No uncore-wide control exists (§1.2): every test drives each box
 * through its own BOX_CTL, always written whole (OQ-S02: its fields read
 * 0), and each counter through its CTL.en. All MSRs are the calling CPU's
 * package's (S-02); tests run on the BSP unless they say otherwise. */
#ifndef TESTS_SNBEP_SNBEP_H
#define TESTS_SNBEP_SNBEP_H

#include "suites/common/msr.h"
#include "harness/cpu_topo.h"

/* The MSR map of the generation under test, the suite's own (spec
 * constants, never pmu/ tables): the E5-2600's §2.1-§2.3, which the E5 v2
 * keeps (V-20), or the E5 v3's and v4's (digest xeon-e5-v2-v4-uncore.md
 * §2.2), chosen by CPUID's model (suites/snbep/gen.c), with the widths
 * that differ (S-36, V-16). */
struct snb_map {
	uint32_t u_fixed_ctl, u_fixed_ctr, u_ctl, u_ctr;
	uint32_t c_box, c_stride, c_ctl, c_filter, c_ctr;
	uint32_t p_box, p_ctl, p_filter, p_ctr;
	unsigned w_ubox, w_cbox;     /* bits of the U-box's general and the C-box's counters */
	/* The global layer's (0 on the E5-2600, S-03): GLOBAL_CTL, _STATUS,
	 * _CONFIG, the U-box's and the PCU's status, the C-box's FILTER1 and
	 * status (0: none), the C-box register sets of the largest die and
	 * the fields the C-box filters define (V-03..V-05, V-13, V-18, V-21). */
	uint32_t g_ctl, g_status, g_config, u_status, p_status, c_filter1, c_status;
	unsigned max_cbox;
	uint64_t f0_defined, f1_defined;
};
const struct snb_map *snb_map(void);

/* §2.1 U-box */
#define SNB_U_FIXED_CTL (snb_map()->u_fixed_ctl)
#define SNB_U_FIXED_CTR (snb_map()->u_fixed_ctr)
#define SNB_U_CTL(k)    (snb_map()->u_ctl + (k))
#define SNB_U_CTR(k)    (snb_map()->u_ctr + (k))
/* §2.2 C-box n, §2.3 PCU */
#define SNB_C_BOX_CTL(n) (snb_map()->c_box + snb_map()->c_stride * (n))
#define SNB_C_CTL(n, k)  (snb_map()->c_ctl + snb_map()->c_stride * (n) + (k))
#define SNB_C_FILTER(n)  (snb_map()->c_filter + snb_map()->c_stride * (n))
#define SNB_C_CTR(n, k)  (snb_map()->c_ctr + snb_map()->c_stride * (n) + (k))
#define SNB_P_BOX_CTL    (snb_map()->p_box)
#define SNB_P_CTL(k)     (snb_map()->p_ctl + (k))
#define SNB_P_FILTER     (snb_map()->p_filter)
#define SNB_P_CTR(k)     (snb_map()->p_ctr + (k))
#define SNB_CORE_C3_CTR  0x3FC   /* S-46, outside PMON */
#define SNB_CORE_C6_CTR  0x3FD

/* §3.1 BOX_CTL, written whole */
#define SNB_RST_CTRL 0x1ull      /* S-08 */
#define SNB_RST_CTRS 0x2ull      /* S-07 */
#define SNB_FRZ      0x100ull    /* S-11 */
#define SNB_FRZ_EN   0x10000ull  /* S-11, S-12 */
#define SNB_FROZEN   (SNB_FRZ_EN | SNB_FRZ)  /* 0x10100 */
#define SNB_RUN      SNB_FRZ_EN              /* 0x10000 (S-41 f) */
/* §3.2, §3.3 counter controls */
#define SNB_EN        (1ull << 22)   /* S-16 */
#define SNB_INV       (1ull << 23)   /* S-23 */
#define SNB_EDGE      (1ull << 18)   /* S-24 */
#define SNB_CTL_RST   (1ull << 17)   /* S-20 */
#define SNB_THRESH(t) ((uint64_t)(t) << 24)
#define SNB_EXT       (1ull << 21)   /* PCU ev_sel_ext, S-35 */
#define SNB_OCC(sel)  (0x80ull | (uint64_t)(sel) << 14)  /* S-26: 1 C0, 2 C3, 3 C6 */
#define SNB_OCC_INV   (1ull << 30)   /* S-29 */
#define SNB_OCC_EDGE  (1ull << 31)   /* S-30 */
#define SNB_PCLK      0x00ull        /* PCU CLOCKTICKS, 800 MHz (S-44) */
#define SNB_C_CLK     0x00ull        /* C-box clockticks (§6 of the model) */
#define SNB_U_LOCK    0x44ull        /* U-box LOCK_CYCLES (§6) */
#define SNB_PCLK_HZ   800000000ull   /* S-44 */
/* Event constraints (S-59..S-62), the suite's own: C-box TOR_OCCUPANCY.ALL
 * (0x36, umask ALL 0x08) counts on counter 0 alone (SNB_TOR_CTR), at most
 * SNB_TOR_MAX a cycle; umask 0 selects no sub-event. Tests choose counters
 * from these, never from pmu/regs/snbep.c. */
#define SNB_TOR_ALL   (0x36ull | 0x08ull << 8)
#define SNB_TOR_UMASK0 0x36ull
#define SNB_TOR_CTR   0u
#define SNB_TOR_MAX   20u

#define SNB_W44 ((1ull << 44) - 1)   /* S-36 */
#define SNB_W_UBOX ((1ull << snb_map()->w_ubox) - 1)   /* S-36, V-16 */
#define SNB_W_CBOX ((1ull << snb_map()->w_cbox) - 1)
#define SNB_W48 ((1ull << 48) - 1)   /* S-37, S-38 */
#define SNB_NCTR 4

/* The calling CPU's package: its cores, hence its C-boxes (OQ-S15), and
 * the index of CPU cpu's core in its package (core n: the n-th distinct
 * core by ascending APIC id, the OQ-S15 default), both from the APIC ids
 * and CPUID (harness/cpu_topo.c), never from pmu/topo.c, with which the
 * emulated backend sizes and feeds its model. */
unsigned snb_ncbox(void);
unsigned snb_core(unsigned cpu);
bool snb_bsp_package(unsigned cpu); /* CPU cpu shares the BSP's package */

static inline uint64_t snb_tsc_us(uint64_t us)
{
	return plat_tsc_hz() / 1000000 * us;
}

/* The boxes with a BOX_CTL, numbered C-box 0..ncbox-1 then the PCU
 * (suites/snbep/lib.c). */
unsigned snb_nboxes(void);
uint32_t snb_box_ctl(unsigned box);
uint32_t snb_box_ctr(unsigned box, unsigned k);
uint32_t snb_box_ctlk(unsigned box, unsigned k);
bool snb_is_pcu(unsigned box);
/* A box's clockticks event with en (C-box 0x00, PCU 0x00): an event that
 * counts on hardware in every cycle (§6). */
uint64_t snb_box_clk(unsigned box);
/* "C-box 2" or "PCU". */
const char *snb_box_name(unsigned box);

/* Every box frozen with its controls and counters zeroed, the U-box and
 * UCLK fixed counters stopped and zeroed, the filters 0 (S-41 a-e, S-10):
 * nothing of this package counts. */
enum verdict snb_quiet(struct tctx *t);
/* Each box's counters: CTLk = snb_box_clk for every k, zeroed, frozen. */
enum verdict snb_all_clk(struct tctx *t);
/* BOX_CTL of every box (or all but `except`, -1 for none) = v. */
enum verdict snb_box_all(struct tctx *t, uint64_t v, int except);
/* Read the four counters of a box. */
enum verdict snb_read_box(struct tctx *t, unsigned box, uint64_t v[SNB_NCTR]);

/* A window of box `box` (C-box or PCU): CTL0..3 as given and read back
 * (S-04), counters zeroed frozen, then counting for us microseconds, then
 * frozen and read (S-41, S-42); d the four deltas, which saw the same
 * cycles (one BOX_CTL write starts and stops them). snb_pcu_window: the
 * PCU's. */
enum verdict snb_box_window(struct tctx *t, unsigned box, const uint64_t ctl[SNB_NCTR],
			    uint64_t us, uint64_t d[SNB_NCTR]);
enum verdict snb_pcu_window(struct tctx *t, const uint64_t ctl[SNB_NCTR], uint64_t us,
			    uint64_t d[SNB_NCTR]);

/* A read of msr dated by the TSC reads just before and after it (tsc[0],
 * tsc[1]); one whose two TSC reads are more than SNB_BRACKET_US apart (the
 * CPU, or its vCPU thread, was away) is redone. 0, the MSR error, or
 * PLAT_ETIMEDOUT if none of SNB_STAMP_TRIES reads was undisturbed. */
#define SNB_BRACKET_US  20
#define SNB_STAMP_TRIES 64
int snb_stamp(uint32_t msr, uint64_t *val, uint64_t tsc[2]);

/* The clocks against the TSC (suites/snbep/clock.c): pclk (S-44), UCLK
 * (S-45, OQ-S18). */
enum verdict snb_pclk_rate(struct tctx *t);
enum verdict snb_uclk_rate(struct tctx *t);

/* ---- parking cores for the PCU (suites/snbep/park.c) ---- */

enum snb_role { SNB_OFF, SNB_BUSY, SNB_PARK };

struct snb_park_info {
	bool mwait;        /* the parked state is requested with MWAIT */
	uint32_t hint;     /* its MWAIT hint (0x20 C6, 0x10 C3) */
	int cstate;        /* enum pmu_cstate declared by a parked CPU */
	const char *how;   /* "MWAIT 0x20 (C6)" or "HLT (C1): ..." */
};

/* The parking a CPU of this machine can do (CPUID.01H, 05H). */
void snb_park_info(struct snb_park_info *p);

/* Fork-join over every CPU: each AP of the BSP's package takes the role of
 * its core (role[core index]; the BSP's core is always busy), parks or
 * spins accordingly until told otherwise, and acknowledges every change;
 * APs of other packages return at once. body(t, arg) runs on the BSP while
 * they wait; it may call snb_set_role. SNB_OFF ends every AP's job. */
enum verdict snb_with_roles(struct tctx *t, const uint8_t *role,
			    enum verdict (*body)(struct tctx *, void *), void *arg);
/* Give core `core` of the BSP's package role r and wait until each of its
 * CPUs has acknowledged (declared the C-state and is about to enter it). */
enum verdict snb_set_role(struct tctx *t, unsigned core, enum snb_role r);

/* The parking of the last snb_with_roles, and for CPU i its residency
 * counters (C3, C6) read just before its last park and just after it,
 * and the TSC ticks it spent parked in all (S-46). */
const struct snb_park_info *snb_parking(void);
void snb_park_residency(unsigned i, uint64_t in[2], uint64_t out[2], uint64_t *parked);

extern const struct suite snbep_box_suite, snbep_gate_suite, snbep_width_suite,
	snbep_pcu_suite;

#endif
