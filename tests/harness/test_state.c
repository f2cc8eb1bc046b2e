/* Host unit tests of the uncore state's pre-flight, restore, stop and
 * closing check (harness/state.c) on the emulated Nehalem uncore, on the
 * paths other than the happy one: a package leader lost (its package goes
 * through another CPU, the later packages are restored too, what only it
 * holds is named), a whole package lost, a pre-flight that could not read
 * a register (inject=preflight-fail) or had nothing saved. */
#include "host/host.h"
#include "harness/state.h"
#include "pmu/emu/emu.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define GLOBAL_CTRL 0x391 /* N-05 */
#define EVTSEL0     0x3C0
#define RUNNING     0x1000000FFull /* EN_PC0-7, EN_FC0 (N-06, N-07) */
#define EVTSEL_EN   (1ull << 22)   /* N-06 */

static struct tresult res;

static void machine(unsigned ncpus, unsigned npkg)
{
	struct emu_cfg c = { uncore_gen_by_name("nhm"), 0, 2133000, NULL, NULL, 0, NULL, NULL,
			     0x1A, NULL };

	host_machine(ncpus, npkg);
	host_cfg()->inject = INJECT_NONE;
	assert_int_equal(emu_setup(&c), 0);
	msr_backend_set(&msr_backend_emu);
	state_set_gen(c.gen);
}

static enum verdict run(const struct test *tc)
{
	struct tctx t = { &res };

	memset(&res, 0, sizeof(res));
	res.test = tc;
	return tc->run(&t);
}

/* The uncore of the package of `cpu` counting, as a test cut short leaves
 * it, and the CPU's own MSR_DEBUGCTL bit 13 set. */
static void make_run(unsigned cpu)
{
	wr(cpu, EVTSEL0, EVTSEL_EN | 0x0F);
	wr(cpu, GLOBAL_CTRL, RUNNING);
	wr(cpu, MSR_DEBUGCTL, 1ull << 13);
}

static bool said(const char *s)
{
	return strstr(host_output(), s) != NULL;
}

/* The leader of the middle package of three is lost: its package is
 * restored through its other CPU, the last package as well, and its own
 * MSR_DEBUGCTL is named, not restored. */
static void lost_leader_costs_only_what_it_holds(void **state)
{
	unsigned ok, pk;

	(void)state;
	machine(6, 3);
	assert_int_equal(run(&state_preflight), V_PASS);
	assert_true(state_owed());
	make_run(0);
	make_run(2);
	make_run(4);
	host_lose_cpu(2);
	assert_int_equal(run(&state_restore), V_ERROR);
	assert_false(state_owed());
	assert_non_null(strstr(res.reason, "on CPU 2: lost"));
	assert_int_equal(rd(0, GLOBAL_CTRL), 0);
	assert_int_equal(rd(3, GLOBAL_CTRL), 0);
	assert_int_equal(rd(3, EVTSEL0), 0);
	assert_int_equal(rd(4, GLOBAL_CTRL), 0);
	assert_int_equal(rd(4, EVTSEL0), 0);
	assert_int_equal(rd(0, MSR_DEBUGCTL), 0);
	assert_true(said("state: uncore registers could not be restored on CPU 2 (APIC id 2): "
			 "lost"));
	assert_false(said("on CPU 3 (APIC id 3): lost"));
	assert_true(state_check(&ok, &pk));
	assert_int_equal(pk, 3);
	assert_int_equal(ok, 3);
}

/* Every CPU of package 1 lost: the package is named, the others restored. */
static void lost_package_is_named(void **state)
{
	unsigned ok, pk;

	(void)state;
	machine(6, 3);
	assert_int_equal(run(&state_preflight), V_PASS);
	make_run(0);
	make_run(4);
	host_lose_cpu(2);
	host_lose_cpu(3);
	assert_int_equal(run(&state_restore), V_ERROR);
	assert_int_equal(rd(0, GLOBAL_CTRL), 0);
	assert_int_equal(rd(4, GLOBAL_CTRL), 0);
	assert_int_equal(rd(4, EVTSEL0), 0);
	assert_true(state_check(&ok, &pk));
	assert_int_equal(pk, 3);
	assert_int_equal(ok, 2);
	assert_true(said("state: the uncore of package 1 could not be restored: every CPU of it "
			 "is lost"));
}

/* inject=preflight-fail: the last package's global control is not saved;
 * the stop that follows reaches every package anyway, the restore leaves
 * that control stopped and says so, and so does the closing check. */
static void failed_preflight_still_stops(void **state)
{
	unsigned ok, pk;

	(void)state;
	machine(4, 2);
	host_cfg()->inject = INJECT_PREFLIGHT_FAIL;
	assert_int_equal(run(&state_preflight), V_ERROR);
	assert_non_null(strstr(res.reason, "1 register(s) not saved"));
	assert_non_null(strstr(res.reason, "rdmsr 0x391 (UNCORE_PERF_GLOBAL_CTRL) faulted "
				"(13, injected: inject=preflight-fail)"));
	make_run(0);
	make_run(2);
	assert_int_equal(state_stop(), 4); /* both global controls, both event selects */
	assert_int_equal(rd(0, GLOBAL_CTRL), 0);
	assert_int_equal(rd(2, GLOBAL_CTRL), 0);
	assert_int_equal(rd(2, EVTSEL0), 0);
	make_run(2);
	assert_int_equal(run(&state_restore), V_ERROR);
	assert_non_null(strstr(res.reason, "1 register(s) never saved"));
	assert_int_equal(rd(2, GLOBAL_CTRL), 0);
	assert_int_equal(rd(2, EVTSEL0), 0);
	assert_true(state_check(&ok, &pk));
	assert_int_equal(ok, 1);
	assert_true(said("state: package 1: UNCORE_PERF_GLOBAL_CTRL (0x391) reads 0x0; never "
			 "saved, so not restored"));
}

/* Firmware left package 0 counting: the closing check holds the restore to
 * that, not to 0, and names a control that differs. */
static void check_compares_with_what_was_found(void **state)
{
	unsigned ok, pk;

	(void)state;
	machine(4, 2);
	wr(0, GLOBAL_CTRL, RUNNING);
	assert_int_equal(run(&state_preflight), V_PASS);
	wr(0, GLOBAL_CTRL, 0);
	wr(2, GLOBAL_CTRL, RUNNING);
	assert_int_equal(run(&state_restore), V_PASS);
	assert_int_equal(rd(0, GLOBAL_CTRL), RUNNING);
	assert_int_equal(rd(2, GLOBAL_CTRL), 0);
	assert_true(state_check(&ok, &pk));
	assert_int_equal(ok, 2);
	wr(2, EVTSEL0, EVTSEL_EN);
	assert_true(state_check(&ok, &pk));
	assert_int_equal(ok, 1);
	assert_true(said("state: package 1: UNCORE_PerfEvtSel0 (0x3c0) reads 0x400000, found 0x0"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lost_leader_costs_only_what_it_holds),
		cmocka_unit_test(lost_package_is_named),
		cmocka_unit_test(failed_preflight_still_stops),
		cmocka_unit_test(check_compares_with_what_was_found),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
