/* Host unit tests of how the emulated backend hosts the Xeon E5-2600,
 * Xeon 7500 and client uncore models (pmu/backend/emu.c; the models'
 * struct emu_model, pmu/emu/models.h): a model per package, per-core
 * registers reached from the accessing CPU's core, the C-states CPUs
 * declare as the PCU's occupancy input and as the client uncore's WakePMI
 * input, the Xeon 7500's PMI to one thread of each selected core and the
 * client uncore's to every thread. Each test name starts with the
 * statement or open question it checks. */
#include "host/host.h"
#include "pmu/emu/emu.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define VEC           0xF0
/* Xeon E5-2600 (spec xeon-e5-2600-uncore.md) */
#define C0_CTL0       0xD10
#define PCU_CTL0      0xC30
#define PCU_CTR0      0xC36
#define CORE_C6_CTR   0x3FD
#define EN            (1ull << 22)
#define OCC_C0        (0x80ull | 1ull << 14) /* S-26: ev_sel 0x80, occ_sel 1 */
/* Xeon 7500 (spec xeon7500-uncore.md) */
#define U_CTL         0xC00
#define U_EVSEL       0xC10
#define U_CTR         0xC11
#define EN_ALL        (1ull << 28)
#define U_CORE(k)     (1ull << (1 + (k)))
#define PMI20         (1ull << 20)
#define W_CTL         0xC80
#define W_EVSEL0      0xC90
#define W_CTR0        0xC91
#define W_TM1_ON      0x07 /* a throttle-only W event */
/* client uncore (spec client-uncore.md) */
#define FIXED_CTL     0x394 /* L-08 */
#define FIXED_CTR     0x395
#define CBO_CONFIG    0x396
#define GC_EN         (1ull << 29)
#define GC_WAKE       (1ull << 30)
#define FC_OVF_EN     (0x5ull << 20) /* EN 22, OVF_EN 20 */

/* uclk 800 MHz, so one U-clock is one pclk (S-44) for the SNB-EP. */
static void machine(const char *gen, uint32_t model, unsigned ncpus, unsigned npkg,
		    unsigned threads)
{
	struct emu_cfg c = { .gen = uncore_gen_by_name(gen), .uclk_khz = 800000,
			.clock = manual_clock, .cpu_model = model };

	host_machine_smt(ncpus, npkg, threads);
	emu_start(&c, VEC);
}

static void declare(void *arg)
{
	pmu_cstate(*(enum pmu_cstate *)arg);
}

static void lvt_fixed(void *arg)
{
	(void)arg;
	pmu_lvtpc_write(VEC);
}

/* CPU cpu declares C-state s, as a test's park or busy job does. */
static void cstate_of(unsigned cpu, enum pmu_cstate s)
{
	plat_run_on(cpu, declare, &s, 0, NULL);
}

static void s02_each_package_its_own_model(void **state)
{
	(void)state;
	machine("snbep", 0x2D, 4, 2, 1);
	wr(0, C0_CTL0, EN | 0x34);
	assert_int_equal(rd(1, C0_CTL0), EN | 0x34);
	assert_int_equal(rd(2, C0_CTL0), 0);
}

/* the same for the Xeon 7500: W EVT_SEL_0 written on one CPU reads
 * back on another of its package, not on the other package's. */
static void x02_each_package_its_own_model(void **state)
{
	(void)state;
	machine("nhmex", 0x2E, 4, 2, 1);
	wr(1, W_EVSEL0, 0xA5C3);
	assert_int_equal(rd(0, W_EVSEL0), 0xA5C3);
	assert_int_equal(rd(3, W_EVSEL0), 0);
}

/* once the emulated backend tells the part throttles (emu_throttle,
 * what emu.throttle=1 does at set-up), every package's W counter counts
 * TM1_ON one a cycle (OQ-X19); before, and once it stops, nothing. A
 * generation without throttle-only events (the E5-2600) declines. */
static void x47_throttle_reaches_every_package(void **state)
{
	unsigned cpu;

	(void)state;
	machine("snbep", 0x2D, 4, 2, 1);
	assert_false(emu_throttle(true));
	machine("nhmex", 0x2E, 4, 2, 1);
	for (cpu = 0; cpu < 4; cpu += 2) { /* one CPU of each package */
		wr(cpu, W_EVSEL0, EN | W_TM1_ON);
		wr(cpu, W_CTL, 1);
		wr(cpu, U_CTL, EN_ALL);
	}
	clock_now += 100;
	assert_int_equal(rd(0, W_CTR0), 0);
	assert_int_equal(rd(2, W_CTR0), 0);
	assert_true(emu_throttle(true));
	clock_now += 100;
	assert_int_equal(rd(0, W_CTR0), 100);
	assert_int_equal(rd(2, W_CTR0), 100);
	assert_true(emu_throttle(false));
	clock_now += 100;
	assert_int_equal(rd(0, W_CTR0), 100);
	assert_int_equal(rd(2, W_CTR0), 100);
}

/* C0 occupancy counts the cores in C0 each pclk (S-27): at set-up only the
 * BSP's (OQ-S19: the others in C1), then as CPUs declare. */
static void s27_oqs19_occupancy_follows_declared_cstates(void **state)
{
	(void)state;
	machine("snbep", 0x2D, 4, 1, 1);
	wr(0, PCU_CTL0, EN | OCC_C0);
	clock_now += 100;
	assert_int_equal(rd(0, PCU_CTR0), 100);
	cstate_of(2, PMU_C0);
	cstate_of(3, PMU_C0);
	clock_now += 100;
	assert_int_equal(rd(0, PCU_CTR0), 100 + 3 * 100);
	cstate_of(3, PMU_C6);
	clock_now += 100;
	assert_int_equal(rd(0, PCU_CTR0), 400 + 2 * 100);
}

/* A core is in the shallowest of its threads' states; its residency counter
 * is read on the CPU's own core (OQ-S14, S-46). */
static void oqs14_oqs19_core_state_is_its_shallowest_thread(void **state)
{
	(void)state;
	machine("snbep", 0x2D, 4, 1, 2); /* CPUs 2, 3: core 1 */
	cstate_of(2, PMU_C6);
	clock_now += 100;
	assert_int_equal(rd(2, CORE_C6_CTR), 0); /* CPU 3 still in C1 */
	cstate_of(3, PMU_C6);
	clock_now += 100;
	assert_int_equal(rd(2, CORE_C6_CTR), 100);
	assert_int_equal(rd(3, CORE_C6_CTR), 100);
	assert_int_equal(rd(0, CORE_C6_CTR), 0);
	cstate_of(2, PMU_C0);
	clock_now += 100;
	assert_int_equal(rd(3, CORE_C6_CTR), 100);
}

/* X-19, OQ-X2: the U-box's PMI for core 1 goes to its lowest-APIC-id
 * thread only, through that CPU's MSR_DEBUGCTL gate and LVT entry (C-39). */
static void x19_oqx2_pmi_to_one_thread_of_the_core(void **state)
{
	unsigned i;

	(void)state;
	machine("nhmex", 0x2E, 4, 1, 2);
	for (i = 0; i < 4; i++) {
		wr(i, MSR_DEBUGCTL, 1ull << 13);
		plat_run_on(i, lvt_fixed, NULL, 0, NULL);
	}
	wr(0, U_EVSEL, EN | PMI20);
	wr(0, U_CTR, (1ull << 48) - 100);
	wr(0, U_CTL, EN_ALL | U_CORE(1) | 1);
	clock_now += 200;
	emu_poll();
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(hits[0][VEC] + hits[1][VEC] + hits[3][VEC], 0);
}

/* the model the backend sets up follows the CPU model: C-box
 * 8 (event select 0 at 0xF50) holds a write on Westmere-EX (0x2F) and is
 * no register of the Xeon 7500 (0x2E), where the model faults (OQ-X17). */
static void x37_x39_cbox_count_follows_the_cpu_model(void **state)
{
	(void)state;
	machine("nhmex", 0x2F, 2, 1, 1);
	wr(0, 0xF50, EN | 0x12);
	assert_int_equal(rd(0, 0xF50), EN | 0x12);
	machine("nhmex", 0x2E, 2, 1, 1);
	assert_int_equal(msr_write(0, 0xF50, EN | 0x12), VEC_GP);
}

/* The first ncpus CPUs take uncore PMIs (L-44) with a Fixed LVT entry
 * (L-45); the fixed counter of `width` bits (L-33) wraps 100 cycles on with
 * GLOBAL_CTRL = gctl | EN at gaddr; then 200 cycles pass and the PMIs are
 * delivered. */
static void wrap_fixed(uint32_t gaddr, unsigned width, uint64_t gctl, unsigned ncpus)
{
	unsigned i;

	for (i = 0; i < ncpus; i++) {
		wr(i, MSR_DEBUGCTL, 1ull << 13);
		plat_run_on(i, lvt_fixed, NULL, 0, NULL);
	}
	wr(0, FIXED_CTR, (1ull << width) - 100);
	wr(0, FIXED_CTL, FC_OVF_EN);
	wr(0, gaddr, GC_EN | gctl);
	clock_now += 200;
	emu_poll();
}

static void l03_each_package_its_own_model(void **state)
{
	(void)state;
	machine("snb", 0x2A, 4, 2, 1);
	wr(1, 0x700, 0x408F34);
	assert_int_equal(rd(0, 0x700), 0x408F34);
	assert_int_equal(rd(2, 0x700), 0);
}

/* L-16: two cores a package, two C-boxes; the third faults (L-19). */
static void l16_cbox_count_follows_the_cores(void **state)
{
	(void)state;
	machine("snb", 0x2A, 4, 2, 1);
	assert_int_equal(rd(2, CBO_CONFIG), 2);
	assert_int_equal(msr_write(0, 0x720, 0), VEC_GP);
	machine("skl", 0x9E, 8, 1, 1);
	assert_int_equal(rd(0, CBO_CONFIG), 8);
	assert_int_equal(rd(0, 0xF76), 0); /* L-13 */
}

/* L-43, L-46, L-47: core 1 selected with WakePMI: both its threads take
 * the PMI, halted or not; L-44: not a thread whose DEBUGCTL bit 13 is 0. */
static void l46_pmi_to_every_thread_of_the_selected_core(void **state)
{
	(void)state;
	machine("skl", 0x5E, 4, 1, 2); /* CPUs 2, 3: core 1, in C1 (OQ-S19) */
	wrap_fixed(0xE01, 44, GC_WAKE | 0x2, 4);
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(hits[3][VEC], 1);
	assert_int_equal(hits[0][VEC] + hits[1][VEC], 0);

	machine("skl", 0x5E, 4, 1, 2);
	wr(3, MSR_DEBUGCTL, 0);
	wrap_fixed(0xE01, 44, GC_WAKE | 0x2, 3); /* CPU 3's DEBUGCTL left 0 */
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(hits[3][VEC], 0);
}

/* L-48, OQ-L10: without WakePMI a selected core whose CPUs are all halted
 * takes nothing; once one of its threads runs (C0), it does. */
static void l48_halted_core_not_reached_without_wake_pmi(void **state)
{
	enum pmu_cstate c0 = PMU_C0;

	(void)state;
	machine("snb", 0x3C, 4, 1, 1); /* CPU 0 in C0, the others in C1 */
	wrap_fixed(0x391, 48, 0xF, 4);
	assert_int_equal(hits[0][VEC], 1);
	assert_int_equal(hits[1][VEC] + hits[2][VEC] + hits[3][VEC], 0);

	machine("snb", 0x3C, 4, 1, 1);
	plat_run_on(2, declare, &c0, 0, NULL);
	wrap_fixed(0x391, 48, 0x4, 4);
	assert_int_equal(hits[2][VEC], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(s02_each_package_its_own_model),
		cmocka_unit_test(x02_each_package_its_own_model),
		cmocka_unit_test(x47_throttle_reaches_every_package),
		cmocka_unit_test(s27_oqs19_occupancy_follows_declared_cstates),
		cmocka_unit_test(oqs14_oqs19_core_state_is_its_shallowest_thread),
		cmocka_unit_test(x19_oqx2_pmi_to_one_thread_of_the_core),
		cmocka_unit_test(x37_x39_cbox_count_follows_the_cpu_model),
		cmocka_unit_test(l03_each_package_its_own_model),
		cmocka_unit_test(l16_cbox_count_follows_the_cores),
		cmocka_unit_test(l46_pmi_to_every_thread_of_the_selected_core),
		cmocka_unit_test(l48_halted_core_not_reached_without_wake_pmi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
