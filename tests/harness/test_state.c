/* Host unit tests of the uncore state's pre-flight, restore, stop and
 * closing check (harness/state.c) on the emulated Nehalem uncore, on the
 * paths other than the happy one: a package leader lost (its package goes
 * through another CPU, the later packages are restored too, what only it
 * holds is named), a whole package lost, a pre-flight that could not read
 * a register (inject=preflight-fail) or had nothing saved; and on the
 * emulated Sandy Bridge-EP, the PCI boxes of both sockets saved, put back
 * and checked alike, a counter a defect keeps from being put back named. */
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
	struct emu_cfg c = { .gen = uncore_gen_by_name("nhm"), .uclk_khz = 2133000,
			.cpu_model = 0x1A };

	host_machine(ncpus, npkg);
	host_cfg()->inject = INJECT_NONE;
	assert_int_equal(emu_setup(&c), 0);
	msr_backend_set(&msr_backend_emu);
	state_set_gen(c.gen);
}

/* CPUID leaf 1 of a family 6 model 0x2D, every other leaf 0. */
static void e5_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	(void)subleaf;
	r[0] = leaf == 1 ? 0x206D7u : 0;
	r[1] = r[2] = r[3] = 0;
}

/* Below the emulated Sandy Bridge-EP: the host platform's configuration
 * space, where its uncore buses hold nothing (host/platform_pci.c). */
static const struct msr_backend below = {
	.name = "hw", .read = no_msr_read, .write = no_msr_write, .cpuid = e5_cpuid,
	.pci_read = plat_pci_read, .pci_write = plat_pci_write,
	.mmio_read = plat_mmio_read, .mmio_write = plat_mmio_write,
};

/* S-48, OQ-S27: socket 0's bus; S-57: socket 1, port 1 */
#define HA0      ((struct pci_fn){ .bus = 0x7F, .dev = 14, .fn = 1 })
#define QPI_M1   ((struct pci_fn){ .bus = 0xFF, .dev = 9, .fn = 6 })
#define PCI_CTL0 0xD8                                 /* S-49 */
#define PCI_CTR0 0xA0                                 /* S-47 */
#define PCI_BOX  0xF4                                 /* S-50 */

static void snbep(emu_faults_t f)
{
	struct emu_fault_set fs = { .fam = { [EMU_FAM_SNBEP] = f } };
	struct emu_cfg c = { .gen = uncore_gen_by_name("snbep"), .faults = &fs,
			     .uclk_khz = 2133000, .lower = &below, .cpu_model = 0x2D };

	host_machine(4, 2);
	host_pci_reset();
	host_cfg()->inject = INJECT_NONE;
	assert_int_equal(emu_setup(&c), 0);
	msr_backend_set(&msr_backend_emu);
	state_set_gen(c.gen);
}

static enum verdict run(const struct test *tc)
{
	struct tctx t = { .res = &res };

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
	unsigned ok, pk, pok, npci;

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
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(pk, 3);
	assert_int_equal(ok, 3);
}

/* Every CPU of package 1 lost: the package is named, the others restored. */
static void lost_package_is_named(void **state)
{
	unsigned ok, pk, pok, npci;

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
	assert_true(state_check(&ok, &pk, &pok, &npci));
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
	unsigned ok, pk, pok, npci;

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
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(ok, 1);
	assert_true(said("state: package 1: UNCORE_PERF_GLOBAL_CTRL (0x391) reads 0x0; never "
			 "saved, so not restored"));
}

/* Firmware left package 0 counting: the closing check holds the restore to
 * that, not to 0, and names a control that differs. */
static void check_compares_with_what_was_found(void **state)
{
	unsigned ok, pk, pok, npci;

	(void)state;
	machine(4, 2);
	wr(0, GLOBAL_CTRL, RUNNING);
	assert_int_equal(run(&state_preflight), V_PASS);
	wr(0, GLOBAL_CTRL, 0);
	wr(2, GLOBAL_CTRL, RUNNING);
	assert_int_equal(run(&state_restore), V_PASS);
	assert_int_equal(rd(0, GLOBAL_CTRL), RUNNING);
	assert_int_equal(rd(2, GLOBAL_CTRL), 0);
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(ok, 2);
	wr(2, EVTSEL0, EVTSEL_EN);
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(ok, 1);
	assert_true(said("state: package 1: UNCORE_PerfEvtSel0 (0x3c0) reads 0x400000, found 0x0"));
}

/* The PCI boxes of both sockets are found and saved; what a test left
 * (a control counting, a QPI match register) is put back and verified, and
 * the closing check names a control that differs by its function. */
static void pci_boxes_saved_restored_checked(void **state)
{
	unsigned ok, pk, pok, npci;

	(void)state;
	snbep(0);
	wr32(QPI_M1, 0x228, 0x5A58); /* as firmware may leave it */
	assert_int_equal(run(&state_preflight), V_PASS);
	wr32(HA0, PCI_CTL0, 0x400000); /* en: the clockticks count */
	wr32(QPI_M1, 0x228, 0);
	assert_int_equal(run(&state_restore), V_PASS);
	assert_int_equal(rd32(HA0, PCI_CTL0), 0);
	assert_int_equal(rd32(QPI_M1, 0x228), 0x5A58);
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(npci, 24); /* 12 functions a socket (S-48) */
	assert_int_equal(pok, 24);
	wr32(HA0, PCI_CTL0, 0x400000);
	assert_true(state_check(&ok, &pk, &pok, &npci));
	assert_int_equal(pok, 23);
	assert_int_equal(ok, 2);
	assert_true(said("state: PCI 0000:7f:0e.1: HA_PCI_PMON_CTL0 (+0xd8) reads 0x400000, found "
			 "0x0"));
}

/* snbep-pci-frozen-ctr-ro: a counter a test left counted up cannot be put
 * back while its box is frozen, and the restore says which (S-05). */
static void pci_counter_not_put_back_is_named(void **state)
{
	(void)state;
	snbep(EMU_F(SNBEP_PCI_FROZEN_CTR_RO));
	assert_int_equal(run(&state_preflight), V_PASS);
	wr32(HA0, PCI_CTR0, 1234);
	assert_int_equal(run(&state_restore), V_ERROR);
	assert_non_null(strstr(res.reason, "1 problem(s) restoring the uncore (first: "
				"0000:7f:0e.1: HA_PCI_PMON_CTR0 (+0xa0) reads 0x4d2 after restoring "
				"0x0)"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lost_leader_costs_only_what_it_holds),
		cmocka_unit_test(lost_package_is_named),
		cmocka_unit_test(failed_preflight_still_stops),
		cmocka_unit_test(check_compares_with_what_was_found),
		cmocka_unit_test(pci_boxes_saved_restored_checked),
		cmocka_unit_test(pci_counter_not_put_back_is_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
