/* The Xeon Scalable first to third generation (Skylake-SP, Cascade Lake,
 * Cooper Lake, model 0x55; Ice Lake-SP and -D, 0x6A, 0x6C) uncore suite (spec
 * xeon-sp-uncore.md, K-xx): the U-box with the global freeze at 0x700, the
 * CHAs that CAPID6 (and on ICX CAPID7) names, the PCU, IIO, IRP (and on
 * ICX M2PCIe) boxes, on real silicon and on the emulated uncore alike. The
 * suite's own constants from the digest, never from pmu/: SKX's here, the
 * addresses that move on ICX through its map (struct skx_map,
 * suites/skx/map.c, from suites/skx/icx.h). All MSRs are the calling CPU's
 * package's (K-02); tests run on the BSP. */
#ifndef SUITES_SKX_SKX_H
#define SUITES_SKX_SKX_H

#include "suites/common/msr.h"
#include "pmu/backend/space.h"

/* What moves between the generations the suite runs on (K-60..K-67):
 * SKX's values from the constants below, ICX's from suites/skx/icx.h. */
struct skx_map {
	bool icx;
	unsigned max_cha;
	/* CHA n's BOX_CTL: base + offs[n] (offs NULL: base + 0x10n, K-11). */
	uint32_t cha_base;
	const uint16_t *cha_offs;
	bool cha_f1;                  /* a FILTER1 at +6 (K-12; ICX none, K-65) */
	uint64_t f0_defined, f1_defined;
	/* The IIO, IRP and M2PCIe boxes (0: none) n at their base +
	 * io_offs[n] (NULL: + 0x20n, K-16); the IRP's and M2PCIe's status
	 * and control offsets within the box (K-16, OQ-K2, K-66). */
	uint32_t iio, irp, m2p;
	const uint16_t *io_offs;
	uint8_t irp_status, irp_ctl, m2p_status, m2p_ctl;
	unsigned iio_thresh_top;      /* K-07: 12 bits on SKX; K-66: 8 on ICX */
	/* The global status with the CHAs' overflow bit and that bit for
	 * CHA n (OQ-K1: the CHAs' type bit; K-62: bit n); the second (0:
	 * none, K-62). */
	uint32_t g_status, g_status2;
	uint64_t (*gs_cha)(unsigned n);
	/* K-14, K-64: the PCU function's id and CAPID7 (0: none). */
	uint32_t pcu_id;
	uint16_t capid7;
	uint32_t capid6_chas, capid7_chas;
	unsigned nbox;                /* boxes a test drives: skx_box_* */
};
/* The map of the part the suite runs on, by CPUID's display model. */
const struct skx_map *skx_map(void);
uint32_t skx_cha_at(unsigned n);
uint32_t skx_io(uint32_t base, unsigned n);

/* §2, K-03, K-08, OQ-K1 */
#define SKX_G_CTL      0x700u
#define SKX_G_STATUS   (skx_map()->g_status)
#define SKX_OV_STATUS  0x701u   /* OQ-K1 */
#define SKX_U_FIXED_CTL 0x703u
#define SKX_U_FIXED_CTR 0x704u
#define SKX_U_CTL(k)   (0x705u + (k))
#define SKX_U_CTR(k)   (0x709u + (k))
#define SKX_P_BOX_CTL  0x710u
#define SKX_P_CTL(k)   (0x711u + (k))
#define SKX_P_CTR(k)   (0x717u + (k))
/* K-11, K-63: the same offsets within a CHA on both */
#define SKX_CHA0         0xE00u
#define SKX_C_BOX_CTL(n) (skx_cha_at(n))
#define SKX_C_CTL(n, k)  (skx_cha_at(n) + 1u + (k))
#define SKX_C_F0(n)      (skx_cha_at(n) + 5u)
#define SKX_C_F1(n)      (skx_cha_at(n) + 6u)
#define SKX_C_STATUS(n)  (skx_cha_at(n) + 7u)
#define SKX_C_CTR(n, k)  (skx_cha_at(n) + 8u + (k))
#define SKX_CHAS 28
#define SKX_MAX_CHA (skx_map()->max_cha)
/* K-03, OQ-K3: GLOBAL_CTL */
#define SKX_FRZ_ALL   (1ull << 63)
#define SKX_UNFRZ_ALL (1ull << 61)
#define SKX_OLD_FRZ   (1ull << 31) /* IVB-EP's frz_all place */
/* K-06: BOX_CTL, written whole */
#define SKX_RST_CTRL 0x1ull
#define SKX_RST_CTRS 0x2ull
#define SKX_FRZ      0x100ull
#define SKX_FRZ_EN   0x10000ull
#define SKX_FROZEN   (SKX_FRZ_EN | SKX_FRZ)
#define SKX_RUN      SKX_FRZ_EN
/* K-07: CTLk */
#define SKX_CTL_RST  (1ull << 17)
#define SKX_EDGE     (1ull << 18)
#define SKX_TID_EN   (1ull << 19)
#define SKX_OV_EN    (1ull << 20)
#define SKX_EN       (1ull << 22)
#define SKX_INV      (1ull << 23)
#define SKX_THRESH(t) ((uint64_t)(t) << 24)
#define SKX_CLK      0x00ull        /* CHA and PCU clockticks: one a cycle */
/* LLC_LOOKUP (0x34) with umask 0x11 (any state): traffic the harness's own
 * reads make; K-15 leaves it on every counter. */
#define SKX_LOOKUP   (0x34ull | 0x11ull << 8)
/* K-15: 0x36 on CHA counter 0 only */
#define SKX_TOR      (0x36ull | 0x01ull << 8)
/* K-16: IIO n and IRP n, their clockticks event (perf's skylakex
 * uncore-io.json: UNC_IIO_CLOCKTICKS, UNC_I_CLOCKTICKS) */
#define SKX_IIO0      0xA40u
#define SKX_IRP0      0xA58u
#define SKX_IRP_CTL   3u
#define SKX_IRP_STATUS 7u                          /* OQ-K2 */
#define SKX_I_BOX_CTL(n) (skx_io(skx_map()->iio, n))
#define SKX_I_CTR(n, k)  (skx_io(skx_map()->iio, n) + 1u + (k))
#define SKX_I_STATUS(n)  (skx_io(skx_map()->iio, n) + 7u)   /* OQ-K2, K-66 */
#define SKX_I_CTL(n, k)  (skx_io(skx_map()->iio, n) + 8u + (k))
#define SKX_R_BOX_CTL(n) (skx_io(skx_map()->irp, n))
#define SKX_R_CTR(n, k)  (skx_io(skx_map()->irp, n) + 1u + (k))
#define SKX_R_CTL(n, k)  (skx_io(skx_map()->irp, n) + skx_map()->irp_ctl + (k))
#define SKX_R_STATUS(n)  (skx_io(skx_map()->irp, n) + skx_map()->irp_status)
/* K-66: ICX's M2PCIe boxes */
#define SKX_M_BOX_CTL(n) (skx_io(skx_map()->m2p, n))
#define SKX_M_CTR(n, k)  (skx_io(skx_map()->m2p, n) + 1u + (k))
#define SKX_M_CTL(n, k)  (skx_io(skx_map()->m2p, n) + skx_map()->m2p_ctl + (k))
#define SKX_M_STATUS(n)  (skx_io(skx_map()->m2p, n) + skx_map()->m2p_status)
#define SKX_IO_CLK   0x01ull
/* K-42, K-43: IIO n's free-running counters, 36 bits, read-only: its I/O
 * clock, each port's bandwidth (ports 0..3 in, 4..7 out; 4 bytes a count)
 * and utilisation (port p in at 2p, out at 2p + 1) */
#define SKX_FREE_IOCLK(n) (0xA45u + 0x20u * (n))
#define SKX_FREE_BW(n, p)   (0xB00u + 0x10u * (n) + (p))
#define SKX_FREE_UTIL(n, p) (0xB08u + 0x10u * (n) + (p))
#define SKX_FREE_PORTS 8
#define SKX_W36 ((1ull << 36) - 1)
/* OQ-K40 model choice (OQ-V16's SBOX bit): GLOBAL_STATUS's bit of the
 * IIO and IRP boxes */
#define SKX_GS_IO 0x10ull
#define SKX_IIO_THRESH_TOP 0xFFFu
/* K-12 */
#define SKX_F0_BITS (0x1FFull | 0xFull << 9 | 0x3FFull << 17)
#define SKX_F1_BITS 0xFFFFFE3Bull
#define SKX_F0_DEFINED (skx_map()->f0_defined)
#define SKX_F1_DEFINED (skx_map()->f1_defined)
/* K-10 */
#define SKX_W48 ((1ull << 48) - 1)
#define SKX_NCTR 4
/* OQ-K1 model choice: GLOBAL_STATUS's bit of the CHAs; on ICX CHA 0's
 * own (K-62) */
#define SKX_GS_CHAS 0x4ull
#define SKX_GS_CHA (skx_map()->gs_cha(0))
/* K-14, §4: the PCU function and CAPID6 */
#define SKX_PCU_DEV 30
#define SKX_PCU_FN  3
#define SKX_PCU_DID 0x20838086u
#define SKX_PCU_ID  (skx_map()->pcu_id)
#define SKX_CAPID6  0x9C
#define SKX_CAPID6_CHAS 0x0FFFFFFFu

/* The CHA count CAPID6 gives (K-14) on the lowest bus whose 30.3 is the
 * PCU function (socket 0's, the BSP's: buses rise with the socket, OQ-S27
 * on the model); 0 and why where none answers. */
unsigned skx_ncha(char *why, size_t len);
/* The boxes with a BOX_CTL a test drives: CHA 0, the last CHA, the PCU,
 * IIO 0, IRP 0 and on ICX M2PCIe 0; their counters (the IRP's 2, K-16)
 * and clockticks. */
#define SKX_NBOX (skx_map()->nbox)
#define SKX_PCU_BOX 2
#define SKX_IIO_BOX 3
#define SKX_M2P_BOX 5
unsigned skx_box_nctr(unsigned box);
uint64_t skx_box_clk(unsigned box);
uint32_t skx_box_ctl(unsigned ncha, unsigned box);
uint32_t skx_box_ctlk(unsigned ncha, unsigned box, unsigned k);
uint32_t skx_box_ctr(unsigned ncha, unsigned box, unsigned k);
const char *skx_box_name(unsigned box);
/* Every box of SKX_NBOX frozen with its controls, counters and filters
 * zeroed, GLOBAL_CTL's freeze lifted, the U-box stopped and zeroed, the
 * status registers cleared: nothing counts. */
enum verdict skx_quiet(struct tctx *t, unsigned ncha);
/* A preset counter's lead to its wrap: 10-40 us of clocks; the most its
 * wrap may take to come (SKX_LEAD at 200 MHz). */
#define SKX_LEAD 20000ull
#define SKX_WRAP_US 100000
/* Read counter ctr until it wraps below 2^47 or SKX_WRAP_US pass: no
 * clock reaches 2^47 counting up from a preset within SKX_WRAP_US (hours
 * at any clock), and a bound from SKX_LEAD would hang on how long a
 * preempted CPU takes to read. *v: the last read. */
enum verdict skx_await_wrap(struct tctx *t, uint32_t ctr, uint64_t *v);
/* A window of one box: CTLk as given (its counters', skx_box_nctr),
 * counters zeroed frozen, counting for us microseconds, frozen and read
 * into d. */
enum verdict skx_window(struct tctx *t, unsigned ncha, unsigned box,
			const uint64_t ctl[SKX_NCTR], uint64_t us, uint64_t d[SKX_NCTR]);

extern const struct suite skx_suite;
/* The IIO's free-running counters and the IIO's and IRP's overflow
 * (suites/skx/io.c). */
extern const struct suite skx_io_suite;
/* ICX's own tests (suites/skx/icx.c), N/A elsewhere. */
extern const struct suite skx_icx_suite;

#endif
