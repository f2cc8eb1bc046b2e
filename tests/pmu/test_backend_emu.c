/* Host unit tests of the emulated backend (pmu/backend/emu.c) and of the
 * detection (pmu/detect.c): package routing, the per-CPU core side of the
 * PMI path, PMI delivery through each CPU's LVT entry, and the delivery-side
 * injectable defects. Each test name starts with the statement it checks. */
#include "host/host.h"
#include "pmu/detect.h"
#include "pmu/emu/emu.h"
#include "pmu/emu/faults.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define GLOBAL_CTRL 0x391
#define STATUS      0x392
#define FIXED_CTR   0x394
#define FIXED_CTL   0x395
#define CORE_STATUS 0x38E
#define CORE_OVF    0x390
#define EN_FC0      (1ull << 32)
#define PMI_CORE(n) (1ull << (48 + (n)))
#define BIT61       (1ull << 61)
#define VEC         0xF0

/* faults: the Nehalem uncore's and the delivery's (family UNCORE). */
static void machine(unsigned ncpus, unsigned npkg, emu_faults_t faults)
{
	struct emu_fault_set fs = { .fam = { [EMU_FAM_UNCORE] = faults } };
	struct emu_cfg c = { .gen = uncore_gen_by_name("nhm"), .faults = &fs, .uclk_khz = 2133000,
			.clock = manual_clock, .cpu_model = 0x1A };

	host_machine(ncpus, npkg);
	emu_start(&c, VEC);
}

struct lvt_op {
	bool write;
	uint32_t v;
};

static void lvt_op(void *p)
{
	struct lvt_op *o = p;

	if (o->write)
		pmu_lvtpc_write(o->v);
	else
		o->v = pmu_lvtpc_read();
}

static void set_lvt(unsigned cpu, uint32_t v)
{
	struct lvt_op o = { .write = true, .v = v };

	plat_run_on(cpu, lvt_op, &o, 0, NULL);
}

static uint32_t get_lvt(unsigned cpu)
{
	struct lvt_op o = { .write = false, .v = 0 };

	plat_run_on(cpu, lvt_op, &o, 0, NULL);
	return o.v;
}

/* A CPU ready for uncore PMIs: MSR_DEBUGCTL bit 13 (C-01) and its LVT entry. */
static void arm(unsigned cpu, uint32_t lvt)
{
	assert_int_equal(msr_write(cpu, MSR_DEBUGCTL, 1ull << 13), 0);
	set_lvt(cpu, lvt);
}

/* FixedCntr0 of cpu's package 100 cycles before its wrap, with PMI, routed to
 * the cores in `cores`; then 200 cycles pass and the PMI tick runs. */
static void overflow_fixed(unsigned cpu, unsigned cores)
{
	uint64_t ctl = 1ull << 32;
	unsigned n;

	for (n = 0; n < 4; n++)
		if (cores & (1u << n))
			ctl |= 1ull << (48 + n);
	assert_int_equal(msr_write(cpu, GLOBAL_CTRL, 0), 0);
	assert_int_equal(msr_write(cpu, FIXED_CTR, (1ull << 48) - 100), 0);
	assert_int_equal(msr_write(cpu, FIXED_CTL, 0x5), 0); /* EN, PMI */
	assert_int_equal(msr_write(cpu, GLOBAL_CTRL, ctl), 0);
	clock_now += 200;
	emu_poll();
}

static unsigned total_hits(unsigned vector)
{
	unsigned i, n = 0;

	for (i = 0; i < PLAT_MAX_CPUS; i++)
		n += hits[i][vector];
	return n;
}

static void n31_pmi_reaches_the_selected_core_only(void **state)
{
	unsigned i;

	(void)state;
	machine(4, 1, 0);
	for (i = 0; i < 4; i++)
		arm(i, VEC);
	overflow_fixed(0, 1u << 2);
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(total_hits(VEC), 1);
	assert_true(get_lvt(2) & 0x10000);             /* C-29 */
	assert_false(get_lvt(1) & 0x10000);
	assert_true(rd(2, CORE_STATUS) & BIT61);        /* C-06, C-39 */
	assert_false(rd(1, CORE_STATUS) & BIT61);
}

static void n32_debugctl_bit13_gates_each_cpu(void **state)
{
	(void)state;
	machine(4, 1, 0);
	arm(0, VEC);
	set_lvt(1, VEC); /* MSR_DEBUGCTL bit 13 left 0 */
	overflow_fixed(0, 0x3);
	assert_int_equal(hits[0][VEC], 1);
	assert_int_equal(hits[1][VEC], 0);
}

static void n34_several_cores_each_receive(void **state)
{
	unsigned i;

	(void)state;
	machine(4, 1, 0);
	for (i = 0; i < 4; i++)
		arm(i, VEC);
	overflow_fixed(1, 0x9);
	assert_int_equal(hits[0][VEC], 1);
	assert_int_equal(hits[3][VEC], 1);
	assert_int_equal(total_hits(VEC), 2);
}

static void c26_nmi_mode_delivers_an_nmi(void **state)
{
	(void)state;
	machine(2, 1, 0);
	arm(1, 0x400);
	overflow_fixed(0, 0x2);
	assert_int_equal(hits[1][2], 1);
	assert_int_equal(total_hits(VEC), 0);
}

static void c28_masked_entry_delivers_nothing(void **state)
{
	(void)state;
	machine(2, 1, 0);
	arm(0, 0x10000 | VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(total_hits(VEC), 0);
	assert_false(rd(0, CORE_STATUS) & BIT61);
}

static void c29_no_second_pmi_until_unmasked(void **state)
{
	(void)state;
	machine(1, 1, 0);
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);
	overflow_fixed(0, 0x1); /* LVT still masked from the first */
	assert_int_equal(hits[0][VEC], 1);
	set_lvt(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 2);
}

static void c07_c38_core_side_bits(void **state)
{
	(void)state;
	machine(2, 1, 0);
	assert_int_equal(rd(0, MSR_DEBUGCTL), 0);
	assert_int_equal(msr_write(0, MSR_DEBUGCTL, (1ull << 13) | 1), 0);
	assert_int_equal(rd(0, MSR_DEBUGCTL), 1ull << 13); /* no lower backend: bit 0 dropped */
	assert_int_equal(rd(1, MSR_DEBUGCTL), 0);          /* C-01: per logical processor */
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_true(rd(0, CORE_STATUS) & BIT61);
	assert_int_equal(msr_write(0, CORE_OVF, 1), 0); /* another bit: no effect */
	assert_true(rd(0, CORE_STATUS) & BIT61);
	assert_int_equal(msr_write(0, CORE_OVF, BIT61), 0);
	assert_false(rd(0, CORE_STATUS) & BIT61);
}

static void n03_packages_are_independent(void **state)
{
	(void)state;
	machine(4, 2, 0);
	assert_int_equal(msr_write(0, GLOBAL_CTRL, EN_FC0), 0);
	assert_int_equal(rd(1, GLOBAL_CTRL), EN_FC0); /* same package */
	assert_int_equal(rd(2, GLOBAL_CTRL), 0);      /* the other one */
	arm(2, VEC);
	arm(0, VEC);
	overflow_fixed(3, 0x1); /* package 1's core 0 is CPU 2 (OQ-N4) */
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(hits[0][VEC], 0);
}

static void n33_c02_both_siblings_each_gated_by_its_debugctl(void **state)
{
	struct emu_cfg c = { .gen = uncore_gen_by_name("nhm"), .uclk_khz = 2133000,
			.clock = manual_clock, .cpu_model = 0x1A };

	(void)state;
	host_machine_smt(4, 1, 2); /* cores 0 and 1, two threads each */
	clock_now = 1000;
	memset(hits, 0, sizeof(hits));
	assert_int_equal(emu_setup(&c), 0);
	assert_int_equal(plat_irq_register(VEC, on_irq), 0);
	arm(2, VEC);
	arm(3, VEC);
	arm(0, VEC);
	set_lvt(1, VEC); /* core 0's second thread: MSR_DEBUGCTL bit 13 clear */
	overflow_fixed(0, 0x2);
	assert_int_equal(hits[2][VEC], 1);
	assert_int_equal(hits[3][VEC], 1);
	assert_int_equal(hits[0][VEC] + hits[1][VEC], 0);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);
	assert_int_equal(hits[1][VEC], 0);
}

/* The uncore's own status (0x392/0x393) and the core's bit 61 (0x38E/0x390)
 * are separate registers: clearing one leaves the other. */
static void c08_uncore_and_core_status_are_separate(void **state)
{
	(void)state;
	machine(1, 1, 0);
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_true(rd(0, STATUS) & (1ull << 32));
	assert_true(rd(0, CORE_STATUS) & BIT61);
	assert_int_equal(msr_write(0, 0x393, (1ull << 32) | (1ull << 61) | (1ull << 63)), 0);
	assert_true(rd(0, CORE_STATUS) & BIT61);
	assert_int_equal(msr_write(0, CORE_OVF, BIT61), 0);
	overflow_fixed(0, 0x1); /* LVT still masked: no delivery, but status again */
	assert_int_equal(msr_write(0, CORE_OVF, BIT61), 0);
	assert_true(rd(0, STATUS) & (1ull << 32));
}

/* Delivery status (bit 12) is read-only, and only vector, mode and mask are
 * kept (C-25, C-27). */
static void c27_lvt_delivery_status_is_read_only(void **state)
{
	(void)state;
	machine(1, 1, 0);
	assert_int_equal(get_lvt(0), 0x10000); /* C-25 reset value */
	set_lvt(0, 0xFFFFFFFF);
	assert_int_equal(get_lvt(0), 0x107FF);
}

/* EN_PMI_CORE0's PMI reaches CPU 1, not CPU 0, under `faults`. */
static void core0_pmi_lands_on_cpu1(unsigned ncpus, unsigned npkg, emu_faults_t faults)
{
	machine(ncpus, npkg, faults);
	arm(0, VEC);
	arm(1, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[1][VEC], 1);
	assert_int_equal(hits[0][VEC], 0);
}

static void faults_delivery_side(void **state)
{
	(void)state;
	machine(2, 1, EMU_F(PMI_NEVER));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(total_hits(VEC), 0);

	core0_pmi_lands_on_cpu1(2, 1, EMU_F(PMI_WRONG_CORE));

	machine(2, 1, EMU_F(DEBUGCTL_IGNORED));
	set_lvt(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);

	machine(1, 1, EMU_F(LVT_NO_MASK));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_false(get_lvt(0) & 0x10000);

	machine(1, 1, EMU_F(LVT_MASK_IGNORED));
	arm(0, 0x10000 | VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);

	machine(1, 1, EMU_F(NO_BIT61));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);
	assert_false(rd(0, CORE_STATUS) & BIT61);

	machine(1, 1, EMU_F(BIT61_STICKY));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(msr_write(0, CORE_OVF, BIT61), 0);
	assert_true(rd(0, CORE_STATUS) & BIT61);

	machine(4, 2, EMU_F(SHARED_PACKAGES));
	assert_int_equal(msr_write(0, GLOBAL_CTRL, EN_FC0), 0);
	assert_int_equal(rd(2, GLOBAL_CTRL), EN_FC0);

	/* Two cores per package: core 0 is now the higher APIC id's. */
	core0_pmi_lands_on_cpu1(4, 2, EMU_F(CORES_DESCENDING));

	machine(4, 2, EMU_F(BIT61_EVERYWHERE));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	assert_int_equal(hits[0][VEC], 1);
	assert_true(rd(1, CORE_STATUS) & BIT61);
	assert_true(rd(3, CORE_STATUS) & BIT61);
}

static void c41_storm_fault_repeats_until_routing_is_off(void **state)
{
	(void)state;
	machine(1, 1, EMU_F(PMI_STORM) | EMU_F(LVT_NO_MASK));
	arm(0, VEC);
	overflow_fixed(0, 0x1);
	emu_poll();
	emu_poll();
	assert_true(hits[0][VEC] >= 3);
	assert_int_equal(msr_write(0, GLOBAL_CTRL, 0), 0); /* the storm guard's move */
	hits[0][VEC] = 0;
	emu_poll();
	assert_int_equal(hits[0][VEC], 0);
	/* Over for good: routing PMIs again later does not revive it. */
	assert_int_equal(msr_write(0, GLOBAL_CTRL, PMI_CORE(0)), 0);
	emu_poll();
	assert_int_equal(hits[0][VEC], 0);
}

static void choose(const char *vendor, uint32_t model, bool hv, const char *keys,
		   struct pmu_choice *out)
{
	struct pmu_cpu cpu = { .vendor = vendor, .family = 6, .model = model, .hypervisor = hv };
	struct cfg c;
	struct pmu_opts opts;
	char line[64], err[256];
	const char *k = keys;

	cfg_defaults(&c);
	while (*k) { /* "key=value;key=value" */
		const char *end = strchr(k, ';');
		size_t n = end ? (size_t)(end - k) : strlen(k);
		char *eq;

		snprintf(line, sizeof(line), "%.*s", (int)n, k);
		eq = strchr(line, '=');
		*eq = '\0';
		assert_int_equal(cfg_set(&c, line, eq + 1, err, sizeof(err)), 0);
		k += n + (end != NULL);
	}
	opts = cfg_pmu_opts(&c);
	pmu_choose(&cpu, &opts, out);
}

static void n01_models_of_this_uncore(void **state)
{
	static const uint32_t yes[] = { 0x1A, 0x1E, 0x1F, 0x25, 0x2C };
	/* 0x2D: snbep; 0x2E/0x2F: nhmex; 0x2A, 0x3C: the client uncore (snb) */
	static const uint32_t no[] = { 0x17, 0x0F, 0x66 };
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		choose("GenuineIntel", yes[i], false, "", &pc);
		assert_non_null(pc.gen);
		assert_string_equal(pc.gen->name, "nhm");
		assert_false(pc.emulated);
	}
	for (i = 0; i < ARRAY_SIZE(no); i++) {
		choose("GenuineIntel", no[i], true, "", &pc);
		assert_null(pc.gen);
		assert_non_null(strstr(pc.why, "no supported uncore"));
	}
	choose("GenuineIntel", 0x66, true, "", &pc);
	assert_non_null(strstr(pc.why, "model 0x66"));
	choose("AuthenticAMD", 0x1A, false, "", &pc);
	assert_null(pc.gen);
}

static void n02_backend_and_forced_generation(void **state)
{
	struct pmu_choice pc;

	(void)state;
	choose("GenuineIntel", 0x1A, true, "", &pc);
	assert_true(pc.emulated);          /* auto under a hypervisor */
	choose("GenuineIntel", 0x1A, false, "backend=emu", &pc);
	assert_true(pc.emulated);
	choose("GenuineIntel", 0x1A, true, "backend=hw", &pc);
	assert_false(pc.emulated);
	choose("GenuineIntel", 0x17, true, "uncore=nhm", &pc);
	assert_non_null(pc.gen);           /* forced on the emulated backend */
	choose("GenuineIntel", 0x17, false, "uncore=nhm", &pc);
	assert_null(pc.gen);               /* never by force on hardware */
	assert_non_null(strstr(pc.why, "ignored"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(n31_pmi_reaches_the_selected_core_only),
		cmocka_unit_test(n32_debugctl_bit13_gates_each_cpu),
		cmocka_unit_test(n34_several_cores_each_receive),
		cmocka_unit_test(c26_nmi_mode_delivers_an_nmi),
		cmocka_unit_test(c28_masked_entry_delivers_nothing),
		cmocka_unit_test(c29_no_second_pmi_until_unmasked),
		cmocka_unit_test(c07_c38_core_side_bits),
		cmocka_unit_test(n03_packages_are_independent),
		cmocka_unit_test(n33_c02_both_siblings_each_gated_by_its_debugctl),
		cmocka_unit_test(c08_uncore_and_core_status_are_separate),
		cmocka_unit_test(c27_lvt_delivery_status_is_read_only),
		cmocka_unit_test(faults_delivery_side),
		cmocka_unit_test(c41_storm_fault_repeats_until_routing_is_off),
		cmocka_unit_test(n01_models_of_this_uncore),
		cmocka_unit_test(n02_backend_and_forced_generation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
