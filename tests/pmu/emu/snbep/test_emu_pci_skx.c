/* Host unit tests of the emulated Xeon Scalable PCI boxes
 * (pmu/emu/snbep/pci.c on snbep_pci_skx, pmu/emu/snbep/pci_gens.c) behind
 * the emulated backend, two packages, each named by the statement it
 * checks (spec xeon-sp-uncore.md K-19..K-25, K-27, OQ-K12, OQ-K13). Constants
 * are the spec's, never the model's tables. */
#include "host/host.h"
#include "pmu/backend/space.h"
#include "pmu/emu/faults.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define UCLK_KHZ 2666000u /* so the 1333 MHz DRAM clock (OQ-K12) is half of it */
/* OQ-K13: two sockets of six stacks, at 0x7A..0x7F and 0xFA..0xFF; K-27:
 * the U-box on stack 0, the PCU function 3 on 1, the M2Ms and iMC channels
 * on 2, the UPI, M3UPI and M2PCIe boxes on 3. */
#define STACK(sock, s) (0x7A + 0x80 * (sock) + (s))
#define UBOX(sock) STACK(sock, 0)
#define PCU(sock) STACK(sock, 1)
#define MEM(sock) STACK(sock, 2)
#define LINK(sock) STACK(sock, 3)
#define CPU_BUS_NUMBER 0x300 /* K-25 */
#define BUSNO_VALID (1ull << 63)
#define FN(b, d, f) ((struct pci_fn){ .bus = b, .dev = d, .fn = f })
#define EN (1u << 22)

static void machine(void)
{
	struct emu_fault_set fs = { { [EMU_FAM_SNBEP] = 0 } };
	struct emu_cfg c = { .gen = uncore_gen_by_name("skx"), .faults = &fs,
			     .uclk_khz = UCLK_KHZ, .lower = &below_no_msr, .clock = manual_clock,
			     .cpu_model = 0x55 };

	host_machine(4, 2);
	host_pci_reset();
	emu_start(&c, 0xF0);
}

static uint64_t ctr_at(struct pci_fn f, uint16_t off)
{
	uint64_t v = 0;

	assert_int_equal(pci_cfg_read64(f, off, &v), 0);
	return v;
}

/* K-20: §4's ids at §4's places on each socket's bus; K-19: the U-box
 * function's node id at 0xC0; the PCU function 3 beside them (K-14). */
static void k20_k19_functions_and_ids(void **state)
{
	(void)state;
	machine();
	assert_int_equal(rd32(FN(MEM(0), 10, 2), 0), 0x20428086u);
	assert_int_equal(rd32(FN(MEM(1), 13, 2), 0), 0x204A8086u);
	assert_int_equal(rd32(FN(MEM(0), 9, 0), 0), 0x20668086u);
	assert_int_equal(rd32(FN(LINK(1), 16, 0), 0), 0x20588086u);
	assert_int_equal(rd32(FN(LINK(0), 21, 5), 0), 0x20888086u);
	assert_int_equal(rd32(FN(LINK(0), 18, 2), 0), 0x204E8086u);
	assert_int_equal(rd32(FN(UBOX(1), 8, 2), 0), 0x20148086u);
	assert_int_equal(rd32(FN(UBOX(1), 8, 2), 0xC0), 1);
	assert_int_equal(rd32(FN(PCU(0), 30, 3), 0), 0x20838086u);
}

/* K-21, K-22: the M2M's and UPI's counters at their own places, CTLk 8
 * apart; frz with frz_en holds, rst_ctrs zeroes, rst_ctrl clears the
 * controls; K-10: 48 bits. */
static void count_at(struct pci_fn f, uint16_t box, uint16_t ctl, uint16_t ctr, uint32_t ev)
{
	wr32(f, box, 0);
	wr32(f, ctl, EN | ev);
	assert_int_equal(pci_cfg_write64(f, ctr, (1ull << 48) - 4), 0);
}

static void k21_k22_own_offsets_and_box_control(void **state)
{
	(void)state;
	machine();
	count_at(FN(MEM(0), 8, 0), 0x258, 0x228 + 8 * 3, 0x200 + 8 * 3, 0x00); /* M2M CTL3, CTR3 */
	count_at(FN(LINK(0), 15, 0), 0x378, 0x350 + 8 * 1, 0x318 + 8 * 1, 0x01); /* UPI CTL1, CTR1 */
	count_at(FN(LINK(0), 18, 5), 0xF4, 0xD8 + 4 * 2, 0xA0 + 8 * 2, 0x01);    /* M3UPI CTL2 */
	clock_now += 10;
	assert_int_equal(ctr_at(FN(MEM(0), 8, 0), 0x218), 6); /* wrapped at 2^48 */
	assert_int_equal(ctr_at(FN(LINK(0), 15, 0), 0x320), 6);
	assert_int_equal(ctr_at(FN(LINK(0), 18, 5), 0xB0), 6);
	assert_int_equal(rd32(FN(MEM(0), 8, 0), 0x22C), 0); /* between the M2M's controls */
	wr32(FN(LINK(0), 15, 0), 0x378, 0x10100);
	clock_now += 10;
	assert_int_equal(ctr_at(FN(LINK(0), 15, 0), 0x320), 6);
	assert_int_equal(ctr_at(FN(MEM(0), 8, 0), 0x218), 16); /* its own box only */
	wr32(FN(LINK(0), 15, 0), 0x378, 0x10103);
	assert_int_equal(ctr_at(FN(LINK(0), 15, 0), 0x320), 0);
	assert_int_equal(rd32(FN(LINK(0), 15, 0), 0x358), 0);
}

/* K-24, OQ-K12: the iMC's fixed counter at 1333 MHz of the 2666 MHz
 * U-clock. */
static void k24_dram_clock(void **state)
{
	(void)state;
	machine();
	wr32(FN(MEM(1), 12, 6), 0xF0, EN | (1u << 19));
	clock_now += 1000;
	assert_int_equal(rd32(FN(MEM(1), 12, 6), 0xD0), 500);
}

static void declare(void *arg)
{
	uint64_t *a = arg;

	pmu_traffic(a[0], a[1], a[2]);
}

/* K-24, V-40: the declaring CPU's socket counts its lines over its six
 * channels. */
static void k24_cas_over_six_channels(void **state)
{
	static const uint8_t dev[] = { 10, 10, 11, 12, 12, 13 }, fn[] = { 2, 6, 2, 2, 6, 2 };
	uint64_t rd[3] = { 0x100000, 64 * 1003, 0 }, sum = 0;
	unsigned c;

	(void)state;
	machine();
	for (c = 0; c < 6; c++) {
		wr32(FN(MEM(1), dev[c], fn[c]), 0xD8, EN | 0x04 | 0x03 << 8);
		assert_int_equal(pci_cfg_write64(FN(MEM(1), dev[c], fn[c]), 0xA0, 0), 0);
	}
	plat_run_on(2, declare, rd, 0, NULL); /* CPU 2: package 1 */
	for (c = 0; c < 6; c++)
		sum += ctr_at(FN(MEM(1), dev[c], fn[c]), 0xA0);
	assert_int_equal(sum, 1003);
	assert_int_equal(ctr_at(FN(MEM(1), 13, 2), 0xA0), 167); /* 1003 / 6, the extra line on channel 4 */
}

/* K-25: MSR 0x300 on a CPU of each package gives that package's buses, a
 * byte a stack, with bit 63; OQ-K13: a write faults. */
static void k25_cpu_bus_number_per_package(void **state)
{
	uint64_t want[2] = { BUSNO_VALID, BUSNO_VALID }, v;
	unsigned sock, s;

	(void)state;
	machine();
	for (sock = 0; sock < 2; sock++)
		for (s = 0; s < 6; s++)
			want[sock] |= (uint64_t)STACK(sock, s) << (8 * s);
	assert_int_equal(rd(0, CPU_BUS_NUMBER), want[0]);
	assert_int_equal(rd(1, CPU_BUS_NUMBER), want[0]); /* CPU 1: package 0 */
	assert_int_equal(rd(2, CPU_BUS_NUMBER), want[1]);
	assert_int_equal(rd(3, CPU_BUS_NUMBER), want[1]);
	assert_int_not_equal(msr_write(0, CPU_BUS_NUMBER, want[0]), 0);
	assert_int_equal(msr_read(0, CPU_BUS_NUMBER, &v), 0);
	assert_int_equal(v, want[0]);
}

/* K-27: each function on its stack's bus alone; on the package's other
 * buses (and on the stacks K-27 gives no box) its place reads all-ones. */
static void k27_functions_on_their_stacks(void **state)
{
	static const struct { uint8_t dev, fn, stack; } at[] = {
		{ 8, 2, 0 }, { 30, 3, 1 }, { 8, 0, 2 }, { 10, 2, 2 }, { 14, 0, 3 }, { 18, 1, 3 },
		{ 21, 1, 3 },
	};
	unsigned i, sock, s;
	uint32_t id;

	(void)state;
	machine();
	for (i = 0; i < ARRAY_SIZE(at); i++)
		for (sock = 0; sock < 2; sock++)
			for (s = 0; s < 6; s++) {
				int rc = pci_cfg_read(FN(STACK(sock, s), at[i].dev, at[i].fn), 0, 4, &id);

				if (s == at[i].stack)
					assert_true(rc == 0 && (id & 0xFFFF) == 0x8086);
				else
					assert_int_equal(rc, PLAT_EABORT); /* its vendor id all-ones */
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(k20_k19_functions_and_ids),
		cmocka_unit_test(k21_k22_own_offsets_and_box_control),
		cmocka_unit_test(k24_dram_clock),
		cmocka_unit_test(k24_cas_over_six_channels),
		cmocka_unit_test(k25_cpu_bus_number_per_package),
		cmocka_unit_test(k27_functions_on_their_stacks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
