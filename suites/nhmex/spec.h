/* The Xeon 7500 register map as the nhmex.* suite knows it, written from the
 * spec digest (xeon7500-uncore.md §4, §5) and never from pmu/regs/nhmex.c:
 * the model reads that table, so a wrong entry there must show as a test
 * failing here, not move the test with the model
 * (docs/design.md#tests-never-read-the-models-tables). */
#ifndef TESTS_NHMEX_SPEC_H
#define TESTS_NHMEX_SPEC_H

#include "lib/rt.h"

/* GLOBAL_CTL of each box instance (§4.1-4.7); its STATUS and OVF_CTL are
 * the next two MSRs. */
#define EX_B_GCTL(n)   (0xC20u + 0x40u * (n))  /* §4.3 */
#define EX_S_GCTL(n)   (0xC40u + 0x80u * (n))  /* §4.4 */
#define EX_M_GCTL(n)   (0xCA0u + 0x40u * (n))  /* §4.5 */
#define EX_R_GCTL(h)   (0xE00u + 0x20u * (h))  /* §4.6: left half 0xE00, right 0xE20 */
#define EX_W_GCTL      0xC80u                  /* §4.7 */
/* §4.2: C-box n at 0xD00 + this; C8, C9 on 0x2F only. */
static const uint16_t ex_c_off[10] = { 0x000, 0x080, 0x040, 0x0C0, 0x020,
				       0x0A0, 0x060, 0x0E0, 0x240, 0x2C0 };
#define EX_C_GCTL(n)   (0xD00u + ex_c_off[n])
/* Every box's first counter control sits 0x10 above its GLOBAL_CTL (U:
 * EV_SEL 0xC10), counter k's control at +2k and its counter one above it
 * (§4.1-4.7; R right half: CTL8 0xE30). */
#define EX_SEL0(gctl)  ((gctl) + 0x10u)
#define EX_STRIDE      2u

/* Control fields (§5.5): en and pmi_en per column, and every defined bit
 * (rsv bits, which must be written 0, left out). */
#define EX_EN22        (1ull << 22)            /* C, S, W, U */
#define EX_EN0         (1ull << 0)             /* B, M, R */
#define EX_PMI20       (1ull << 20)            /* C, S, W, U, B */
#define EX_R_PMI       (1ull << 6)             /* R: Table 2-44 */
#define EX_M_PMI       (1ull << 1)             /* M: Table 2-67 */
#define EX_EDGE        (1ull << 18)            /* C, S, W, U */
#define EX_INV         (1ull << 23)            /* C, S, W */
#define EX_THR(x)      ((uint64_t)(x) << 24)   /* C, S, W: threshold 31:24 */
#define EX_UMASK(m)    ((uint64_t)(m) << 8)    /* C, S, W: umask 15:8 */
/* Event 0x07: S TO_R_B_HOM_MSGQ_OCCUPANCY, up to 64 a cycle, umask 0x03 =
 * R-Box or B-Box queue (Table 2-37; umask 0 counts nothing); W TM1_ON, at
 * most 1 (Table 2-102). The model's per-cycle varying event on C, S, W and
 * U (OQ-X26). */
#define EX_EV_07       0x07ull
#define EX_S_HOM_RB    0x03u
/* Event constraints (X-44..X-47): a test chooses each counter's event from
 * these, never from the register tables. B: each counter its own list;
 * 0x01 (a match/mask event) on counters 0 and 1, 0x07 IMT_NE_CYCLES on 2,
 * 0x02 EARLY_ACK on 3, whose list has neither 0x01 nor 0x07. */
static const uint8_t ex_b_ev[4] = { 0x01, 0x01, 0x07, 0x02 };
#define EX_B_EV_NOT_CTR3 0x01u                 /* absent from counter 3's list */
#define EX_C_ALL       0xFFu                   /* C umask: every sub-event (X-46, OQ-X28) */
#define EX_S_ALL       0xFFu                   /* S umask for 0x01 (X-45, OQ-X28) */
/* W (Table 2-102): 0x04 C_CYCLES_TURBO counts without throttling, 0x00-0x03
 * and 0x07 only while the part throttles. */
#define EX_W_TURBO     0x04ull
static const uint8_t ex_w_throttle[4] = { 0x00, 0x01, 0x02, 0x07 };
#define EX_CSW_DEF     0xFFD4FFFFull           /* ev_sel, umask, edge, pmi_en, en, invert, threshold */
#define EX_U_DEF       0x5400FFull             /* ev_sel 7:0, edge 18, pmi_en 20, en 22 (OQ-X24) */
#define EX_B_DEF       0x10003Full             /* en 0, ev_sel 5:1, pmi_en 20 */
#define EX_R_DEF       0x7Full                 /* en 0, ev_sel 5:1, pmi_en 6 */
#define EX_M_DEF       0x383EFFull             /* en, pmi_en, modes 7:2, inc_sel 13:9, set_flag_sel 21:19 */

/* Box GLOBAL_CTL's ctr_en, STATUS's ov, OVF_CTL's clr_ov: bit i counter i
 * (§5.4); the W box adds the fixed counter's bit 31. */
#define EX_CTR_MASK(n) ((1ull << (n)) - 1)

#endif
