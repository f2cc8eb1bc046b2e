/* Host unit tests of the core PMU state's pre-flight and restore
 * (suites/core/state.c) on the emulated hybrid part (C-55..C-61): the
 * E-core's CPU, which the core suite runs on as well, is saved and put
 * back by its own enumeration (C-57: 6 general counters, fixed counters 0
 * and 2 of ECX 5H, C-52), not left at rest; a lost E-core is named while
 * the BSP is still restored. Each constant is the spec's or the test's own. */
#include "host/host.h"
#include "harness/state.h"
#include "pmu/emu/emu.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define PERFEVTSEL(n)  (0x186u + (n)) /* C-14 */
#define PMC(n)         (0xC1u + (n))  /* C-14 */
#define FIXED_CTR(j)   (0x309u + (j)) /* C-21 */
#define FIXED_CTR_CTRL 0x38Du         /* C-22 */
#define GLOBAL_CTRL    0x38Fu         /* C-09 */
#define ECORE_CPU      2 /* the first E-core of 4 CPUs (C-60) */
#define ECORE_LAST_GP  5 /* C-57: the E-core's 6 general counters */

/* What firmware might leave: an event select written but not enabled
 * (EN is bit 22, C-14), counts in a general and a fixed counter, fixed
 * counter 2's ring-0 enable (C-22) and its GLOBAL_CTRL bit (C-09). */
#define FW_SEL    0x1300C0ull
#define FW_PMC    0x123456ull
#define FW_FIXED  0x4242ull
#define FW_FC_CTL (1ull << 8)
#define FW_GLOBAL (1ull << 34)

static struct tresult res;

static void hybrid(void)
{
	struct emu_cfg c = { .uclk_khz = 2133000, .clock = manual_clock,
			.core = &core_shape_adl_p, .core_clock = manual_clock, .cpu_model = 0x97,
			.core_e = &core_shape_adl_e };

	host_machine(4, 1);
	emu_start(&c, 0xF0);
}

static enum verdict run(const struct test *tc)
{
	struct tctx t = { .res = &res };

	memset(&res, 0, sizeof(res));
	res.test = tc;
	return tc->run(&t);
}

static int64_t figure(const char *name, unsigned cpu)
{
	char at[11];
	unsigned i;

	snprintf(at, sizeof(at), "%u", cpu);
	for (i = 0; i < res.nfigs; i++)
		if (!strcmp(res.figs[i].name, name) &&
		    (res.figs[i].key == FIG_PLAIN || !strcmp(res.figs[i].at, at)))
			return res.figs[i].value;
	fail_msg("no figure %s", name);
	return -1;
}

static void firmware_left(unsigned cpu)
{
	wr(cpu, PERFEVTSEL(ECORE_LAST_GP), FW_SEL);
	wr(cpu, PMC(ECORE_LAST_GP), FW_PMC);
	wr(cpu, FIXED_CTR(2), FW_FIXED);
	wr(cpu, FIXED_CTR_CTRL, FW_FC_CTL);
	wr(cpu, GLOBAL_CTRL, FW_GLOBAL);
}

/* The core suite's end on cpu: every control at rest, counters moved. */
static void suite_left(unsigned cpu)
{
	wr(cpu, GLOBAL_CTRL, 0);
	wr(cpu, FIXED_CTR_CTRL, 0);
	wr(cpu, PERFEVTSEL(ECORE_LAST_GP), 0);
	wr(cpu, PMC(ECORE_LAST_GP), 7);
	wr(cpu, FIXED_CTR(2), 9);
}

static void assert_as_firmware_left(unsigned cpu)
{
	assert_int_equal(rd(cpu, PERFEVTSEL(ECORE_LAST_GP)), FW_SEL);
	assert_int_equal(rd(cpu, PMC(ECORE_LAST_GP)), FW_PMC);
	assert_int_equal(rd(cpu, FIXED_CTR(2)), FW_FIXED);
	assert_int_equal(rd(cpu, FIXED_CTR_CTRL), FW_FC_CTL);
	assert_int_equal(rd(cpu, GLOBAL_CTRL), FW_GLOBAL);
}

/* C-61: the E-core's state is saved with the BSP's and put back; the
 * figures name both CPUs and their types (C-56: 40H, 20H). Fixed counter
 * 1, which the E-core omits (C-52), is never touched: the model faults
 * its access, which would make either an ERROR. */
static void c61_ecore_put_back_as_found(void **state)
{
	(void)state;
	hybrid();
	firmware_left(0);
	firmware_left(ECORE_CPU);
	assert_int_equal(run(&core_state_preflight), V_PASS);
	assert_int_equal(figure("cpus_count", 0), 2);
	assert_int_equal(figure("core_type_id", 0), 0x40);
	assert_int_equal(figure("core_type_id", ECORE_CPU), 0x20);
	assert_int_equal(figure("nonzero_at_start_count", 0), 10);
	assert_true(core_state_holds(0) && core_state_holds(ECORE_CPU));
	assert_false(core_state_holds(1) || core_state_holds(3));
	suite_left(0);
	suite_left(ECORE_CPU);
	assert_int_equal(run(&core_state_restore), V_PASS);
	assert_false(core_state_owed());
	assert_as_firmware_left(0);
	assert_as_firmware_left(ECORE_CPU);
	assert_non_null(strstr(host_output(), "restore: put back the core PMU of CPU 0, P-core "
				"(40H); CPU 2, E-core (20H)"));
}

/* The E-core's CPU lost after the pre-flight: the restore is an ERROR
 * naming it, and the BSP is put back all the same. */
static void lost_ecore_is_named_bsp_restored(void **state)
{
	(void)state;
	hybrid();
	firmware_left(0);
	assert_int_equal(run(&core_state_preflight), V_PASS);
	suite_left(0);
	host_lose_cpu(ECORE_CPU);
	assert_int_equal(run(&core_state_restore), V_ERROR);
	assert_non_null(strstr(res.reason, "on CPU 2 did not complete"));
	assert_as_firmware_left(0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c61_ecore_put_back_as_found),
		cmocka_unit_test(lost_ecore_is_named_bsp_restored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
