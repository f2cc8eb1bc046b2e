/* Host unit tests of the emulated backend hosting the core PMU
 * (pmu/backend/emu.c, pmu/detect.c): one model per CPU, its clock, the
 * split of IA32_PERF_GLOBAL_STATUS/OVF_CTRL between the model and bit 61,
 * core PMIs through each CPU's own LVT entry, the CPUID view, and which
 * shape a CPU gets. Each test name starts with the statement it checks. */
#include "host/host.h"
#include "pmu/core_enum.h"
#include "pmu/detect.h"
#include "pmu/emu/emu.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"

#define PMC0        0xC1
#define SEL0        0x186
#define FIXED_CTR1  0x30A
#define PERF_CAPS   0x345
#define FIXED_CTL   0x38D
#define STATUS      0x38E
#define GCTL        0x38F
#define OVF         0x390
#define UNC_GCTL    0x391
#define CYCLES_INT  0x53003Cull /* UnHalted Core Cycles, OS, INT, EN (C-24 row 0) */
#define BIT61       (1ull << 61)
#define VEC         0xF0

/* ncpus CPUs with the core PMU of `shape` (and the Nehalem uncore if
 * uncore), driven by clock_now. */
static void machine(unsigned ncpus, const struct core_shape *shape, bool uncore,
		    emu_faults_t faults)
{
	/* faults: the delivery's (family UNCORE: the LVT entry's). */
	struct emu_fault_set fs = { .fam = { [EMU_FAM_UNCORE] = faults } };
	struct emu_cfg c = { .gen = uncore ? uncore_gen_by_name("nhm") : NULL, .faults = &fs,
			.uclk_khz = 2133000, .clock = manual_clock, .core = shape,
			.core_clock = manual_clock, .cpu_model = 0x1A };

	host_machine(ncpus, 1);
	emu_start(&c, VEC);
}

static void lvt_write(void *p)
{
	pmu_lvtpc_write(*(uint32_t *)p);
}

static void lvt_read(void *p)
{
	*(uint32_t *)p = pmu_lvtpc_read();
}

static void set_lvt(unsigned cpu, uint32_t v)
{
	plat_run_on(cpu, lvt_write, &v, 0, NULL);
}

static uint32_t get_lvt(unsigned cpu)
{
	uint32_t v = 0;

	plat_run_on(cpu, lvt_read, &v, 0, NULL);
	return v;
}

/* PMC0 of cpu counting core cycles with INT from 100 below its overflow
 * (C-19: 1 - N overflows at the N-th event); 200 cycles pass, then the
 * PMI tick. */
static void overflow_pmc0(unsigned cpu)
{
	wr(cpu, GCTL, 0);
	wr(cpu, SEL0, 0); /* C-15: EN clear before the counter is written */
	wr(cpu, PMC0, (uint64_t)(1 - 100));
	wr(cpu, SEL0, CYCLES_INT);
	wr(cpu, GCTL, 1);
	clock_now += 200;
	emu_poll();
}

static void c09_c38_each_cpu_has_its_own_core_pmu(void **state)
{
	(void)state;
	machine(2, &core_shape_nhm, true, 0);
	wr(0, SEL0, 0x43003C);
	assert_int_equal(rd(0, SEL0), 0x43003C);
	assert_int_equal(rd(1, SEL0), 0);
	wr(0, GCTL, 1);
	clock_now += 500;
	assert_int_equal(rd(0, PMC0), 500); /* one core cycle per cycle (C-24 row 0) */
	assert_int_equal(rd(1, PMC0), 0);
	/* the shape's MSRs only: PMC4 does not exist with 4 counters (C-14) */
	assert_int_equal(msr_read(0, PMC0 + 4, &(uint64_t){ 0 }), VEC_GP);
	/* the uncore is still its model beside it */
	wr(0, UNC_GCTL, 1ull << 32);
	assert_int_equal(rd(0, UNC_GCTL), 1ull << 32);
}

/* C-07, C-38: STATUS is the model's counter bits with the backend's bit 61;
 * OVF_CTRL clears each side with its own bits. */
static void c07_c38_status_and_ovf_ctrl_split(void **state)
{
	(void)state;
	machine(1, &core_shape_nhm, true, 0);
	set_lvt(0, VEC);
	wr(0, MSR_DEBUGCTL, 1ull << 13);
	/* an uncore PMI sets bit 61 (C-39) */
	wr(0, 0x394, (1ull << 48) - 100);
	wr(0, 0x395, 0x5);
	wr(0, UNC_GCTL, (1ull << 32) | (1ull << 48));
	clock_now += 200;
	emu_poll();
	assert_int_equal(rd(0, STATUS), BIT61);
	set_lvt(0, VEC);
	overflow_pmc0(0);
	assert_int_equal(rd(0, STATUS), BIT61 | 1);
	wr(0, OVF, 1);
	assert_int_equal(rd(0, STATUS), BIT61);
	wr(0, GCTL, 0);
	overflow_pmc0(0);
	wr(0, OVF, BIT61);
	assert_int_equal(rd(0, STATUS), 1);
	assert_int_equal(msr_write(0, STATUS, 0), VEC_GP); /* C-06: read-only */
}

/* C-44, C-38: on version 4 STATUS_SET's bit 61 sets the backend's copy,
 * the rest the model's; C-51: DEBUGCTL's freeze bits reach a v4 model (a
 * PMI freezes it, CTR_Frz) and read back beside bit 13; on v3 0x391 is not
 * the model's and bit 12 freezes nothing. */
static void c44_c51_status_set_and_debugctl_through_the_backend(void **state)
{
	(void)state;
	machine(1, &core_shape_v4, false, 0);
	wr(0, UNC_GCTL, BIT61 | 2);
	assert_int_equal(rd(0, STATUS), BIT61 | 2);
	wr(0, OVF, BIT61 | 2);
	assert_int_equal(rd(0, STATUS), 0);
	wr(0, MSR_DEBUGCTL, (1ull << 13) | (1ull << 12));
	assert_int_equal(rd(0, MSR_DEBUGCTL), (1ull << 13) | (1ull << 12));
	set_lvt(0, VEC);
	overflow_pmc0(0);
	assert_int_equal(rd(0, STATUS), 1 | STATUS_CTR_FRZ);
	machine(1, &core_shape_v3, false, 0);
	wr(0, UNC_GCTL, BIT61);
	assert_int_equal(rd(0, STATUS), 0);
	wr(0, MSR_DEBUGCTL, 1ull << 12);
	assert_int_equal(rd(0, MSR_DEBUGCTL), 0); /* no lower backend here */
	set_lvt(0, VEC);
	overflow_pmc0(0);
	assert_int_equal(rd(0, STATUS), 1);
}

/* C-02, C-10, C-26, C-29: a core PMI goes to its own CPU through that CPU's
 * LVT entry, whatever MSR_DEBUGCTL bit 13 says, and masks it. */
static void c10_c29_core_pmi_through_own_lvt_not_debugctl(void **state)
{
	(void)state;
	machine(2, &core_shape_nhm, true, 0);
	set_lvt(0, VEC);
	set_lvt(1, VEC);
	overflow_pmc0(1); /* MSR_DEBUGCTL bit 13 clear on both */
	assert_int_equal(hits[1][VEC], 1);
	assert_int_equal(hits[0][VEC], 0);
	assert_true(get_lvt(1) & 0x10000);
	assert_false(get_lvt(0) & 0x10000);
	assert_int_equal(rd(1, STATUS), 1); /* no bit 61 for a core PMI */
	set_lvt(0, 0x400);                  /* NMI mode */
	overflow_pmc0(0);
	assert_int_equal(hits[0][2], 1);
}

static void c28_masked_entry_drops_core_pmis(void **state)
{
	(void)state;
	machine(1, &core_shape_nhm, false, 0);
	set_lvt(0, 0x10000 | VEC);
	overflow_pmc0(0);
	assert_int_equal(hits[0][VEC], 0);
	assert_int_equal(rd(0, STATUS), 1); /* OQ-C2: the status stays */
	set_lvt(0, VEC);
	emu_poll();
	assert_int_equal(hits[0][VEC], 0); /* lost, not held */

	/* the LVT defects act on core PMIs too */
	machine(1, &core_shape_nhm, false, EMU_F(LVT_MASK_IGNORED));
	set_lvt(0, 0x10000 | VEC);
	overflow_pmc0(0);
	assert_int_equal(hits[0][VEC], 1);
	machine(1, &core_shape_nhm, false, EMU_F(LVT_NO_MASK));
	set_lvt(0, VEC);
	overflow_pmc0(0);
	assert_false(get_lvt(0) & 0x10000);
}

/* Without an uncore model the uncore MSRs go down (no lower: 0, no #GP),
 * the core PMU is still the model's. */
static void c13_core_pmu_alone(void **state)
{
	(void)state;
	machine(1, &core_shape_v3, false, 0);
	wr(0, UNC_GCTL, 1ull << 32);
	assert_int_equal(rd(0, UNC_GCTL), 0);
	assert_int_equal(rd(0, PERF_CAPS), 1ull << 13); /* v3: FW_WRITE (C-18) */
	wr(0, PMC0 + 7, 5); /* eight counters */
	assert_int_equal(rd(0, PMC0 + 7), 5);
	set_lvt(0, VEC);
	overflow_pmc0(0);
	assert_int_equal(hits[0][VEC], 1);
}

/* C-11, C-18: leaf 0AH and PDCM from the shape; without a core model, the
 * lower view (none here: 0). */
static void c11_cpuid_view(void **state)
{
	uint32_t r[4];

	(void)state;
	machine(1, &core_shape_nhm, true, 0);
	pmu_cpuid(0xA, 0, r);
	assert_int_equal(r[0], 0x07300403); /* v3, 4 x 48 bits, 7 EBX bits */
	assert_int_equal(r[1], 0);
	assert_int_equal(r[3], 3 | 48 << 5);
	pmu_cpuid(1, 0, r);
	assert_int_equal(r[2], 1u << 15);
	assert_true(pmu_core_emulated());
	machine(1, NULL, true, 0);
	pmu_cpuid(0xA, 0, r);
	assert_int_equal(r[0], 0);
	assert_false(pmu_core_emulated());
	assert_int_equal(msr_read(0, SEL0, &(uint64_t){ 1 }), 0); /* passed down */
}

/* pmu/core_enum.c decodes what the view presents (C-11, C-18, C-24). */
static void c11_enumeration_decoded(void **state)
{
	static const struct core_shape aaj80 = { .version = 3, .ngp = 4, .gp_width = 48,
			.ebx_len = 7, .ebx = 0x40, .nfixed = 3, .fixed_width = 48, .pdcm = true };
	struct core_enum e;
	char buf[256];

	(void)state;
	machine(1, &core_shape_nhm_fw, false, 0);
	core_enum_read(&e);
	assert_int_equal(e.version, 3);
	assert_int_equal(e.ngp, 4);
	assert_int_equal(e.gp_width, 48);
	assert_int_equal(e.nfixed, 3);
	assert_int_equal(e.fixed_width, 48);
	assert_true(e.pdcm && e.caps_read && core_enum_full_width(&e));
	machine(1, &aaj80, false, 0);
	core_enum_read(&e);
	assert_false(core_enum_full_width(&e));
	assert_true(core_enum_available(&e, 5));
	assert_false(core_enum_available(&e, 6)); /* EBX bit 6 set */
	assert_false(core_enum_available(&e, 7)); /* beyond EAX[31:24] */
	core_enum_summary("emulated", "x", &e, buf, sizeof(buf));
	assert_string_equal(buf, "emulated, shape x: version 3, 4 general x 48 bits, 3 fixed x "
			    "48 bits, EBX 0x40 of 7 bits (a set bit: event NOT available), "
			    "PERF_CAPABILITIES 0x0");
	machine(1, NULL, true, 0);
	core_enum_read(&e);
	assert_int_equal(e.version, 0);
	core_enum_summary("none", NULL, &e, buf, sizeof(buf));
	assert_string_equal(buf, "none: no architectural PMU (CPUID.0AH:EAX[7:0] = 0)");
}

/* The default core clock runs at 4/3 of the TSC (pmu/emu/emu.h), so the model's
 * reference cycles run at the TSC's rate. */
static void c24_reference_cycles_at_the_tsc_rate(void **state)
{
	struct emu_cfg c = { .uclk_khz = 2133000, .core = &core_shape_nhm, .cpu_model = 0x1A };
	uint64_t c0, c1, t0, t1;

	(void)state;
	host_machine(1, 1);
	assert_int_equal(emu_setup(&c), 0);
	msr_backend_set(&msr_backend_emu);
	wr(0, FIXED_CTL, 0x100); /* FIXED_CTR2, reference cycles, ring 0 */
	wr(0, GCTL, 1ull << 34);
	t0 = plat_tsc();
	c0 = emu_core_now();
	plat_stall_us(3000);
	c1 = emu_core_now();
	t1 = plat_tsc();
	assert_true(c1 - c0 <= (t1 - t0) * 4 / 3 + 1);
	assert_true(c1 - c0 >= (t1 - t0) * 4 / 3 * 99 / 100);
	c0 = rd(0, 0x30B);
	assert_true(c0 >= (t1 - t0) * 99 / 100);
	wr(0, GCTL, 0);
}

static void choose(uint32_t model, bool hv, uint8_t pmu_version, const char *backend,
		   const char *vendor, struct pmu_choice *out)
{
	struct pmu_cpu cpu = { .vendor = vendor, .family = 6, .model = model, .hypervisor = hv,
			.pmu_version = pmu_version };
	struct cfg c;
	struct pmu_opts opts;
	char err[64];

	cfg_defaults(&c);
	assert_int_equal(cfg_set(&c, "backend", backend, err, sizeof(err)), 0);
	opts = cfg_pmu_opts(&c);
	pmu_choose(&cpu, &opts, out);
}

/* C-50: on a version-4 core (model 0x5E emulated, or a CPU's own CPUID.0AH
 * version 4) the Nehalem uncore is refused by uncore= and ruled out; on
 * Nehalem it is chosen and nothing is ruled out. */
static void c50_nhm_never_on_a_version_4_core(void **state)
{
	static const struct {
		uint32_t model;
		uint8_t version;
		const char *backend;
		bool nhm;
	} rows[] = {
		{ .model = 0x5E, .version = 0, .backend = "emu", .nhm = false },
		{ .model = 0x9E, .version = 0, .backend = "emu", .nhm = false },
		{ .model = 0x1A, .version = 4, .backend = "hw", .nhm = false },
		{ .model = 0x1A, .version = 0, .backend = "emu", .nhm = true },
		{ .model = 0x2D, .version = 0, .backend = "emu", .nhm = true },
	};
	struct pmu_cpu cpu = { .vendor = "GenuineIntel", .family = 6, .hypervisor = true };
	struct pmu_choice pc;
	struct pmu_opts opts;
	struct cfg c;
	char err[64];
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		cpu.model = rows[i].model;
		cpu.pmu_version = rows[i].version;
		cfg_defaults(&c);
		assert_int_equal(cfg_set(&c, "backend", rows[i].backend, err, sizeof(err)), 0);
		assert_int_equal(cfg_set(&c, "uncore", "nhm", err, sizeof(err)), 0);
		opts = cfg_pmu_opts(&c);
		pmu_choose(&cpu, &opts, &pc);
		if (rows[i].nhm) {
			assert_string_equal(pc.ruled_out, "");
			if (!strcmp(rows[i].backend, "emu"))
				assert_ptr_equal(pc.gen, uncore_gen_by_name("nhm"));
			continue;
		}
		assert_null(pc.gen);
		assert_string_equal(pc.ruled_out, "nhm");
		if (!strcmp(rows[i].backend, "emu"))
			assert_non_null(strstr(pc.why, "uncore=nhm refused"));
	}
}

/* C-12, C-13: the shape follows the CPU; the core PMU is emulated only by
 * the emulated backend and only where the CPU reports none. */
static void c12_c13_core_shape_per_cpu(void **state)
{
	static const uint32_t nhm[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };
	static const uint32_t later[] = { 0x2A, 0x2D, 0x3C, 0x3D, 0x4F, 0x55 };
	static const uint32_t skl[] = { 0x4E, 0x5E, 0x8E, 0x9E, 0xA5, 0xA6 }; /* C-49 */
	struct pmu_choice pc;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(nhm); i++) {
		choose(nhm[i], true, 0, "auto", "GenuineIntel", &pc);
		assert_ptr_equal(pc.core, &core_shape_nhm);
		assert_string_equal(pc.core_name, "nhm");
	}
	for (i = 0; i < ARRAY_SIZE(later); i++) {
		choose(later[i], true, 0, "auto", "GenuineIntel", &pc);
		assert_ptr_equal(pc.core, &core_shape_v3);
		assert_string_equal(pc.core_name, "v3");
	}
	for (i = 0; i < ARRAY_SIZE(skl); i++) {
		choose(skl[i], true, 0, "auto", "GenuineIntel", &pc);
		assert_ptr_equal(pc.core, &core_shape_v4);
		assert_string_equal(pc.core_name, "v4");
	}
	choose(0x17, true, 0, "auto", "GenuineIntel", &pc);
	assert_null(pc.gen); /* no uncore, a core PMU all the same */
	choose(0x1A, true, 3, "auto", "GenuineIntel", &pc);
	assert_null(pc.core); /* a real core PMU is used as it is */
	choose(0x1A, true, 0, "hw", "GenuineIntel", &pc);
	assert_null(pc.core);
	choose(0x1A, false, 0, "auto", "GenuineIntel", &pc);
	assert_null(pc.core);
	choose(0x1A, false, 0, "emu", "GenuineIntel", &pc);
	assert_ptr_equal(pc.core, &core_shape_nhm);
	choose(0x1A, true, 0, "auto", "AuthenticAMD", &pc);
	assert_null(pc.core);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c09_c38_each_cpu_has_its_own_core_pmu),
		cmocka_unit_test(c07_c38_status_and_ovf_ctrl_split),
		cmocka_unit_test(c10_c29_core_pmi_through_own_lvt_not_debugctl),
		cmocka_unit_test(c28_masked_entry_drops_core_pmis),
		cmocka_unit_test(c13_core_pmu_alone),
		cmocka_unit_test(c11_cpuid_view),
		cmocka_unit_test(c11_enumeration_decoded),
		cmocka_unit_test(c24_reference_cycles_at_the_tsc_rate),
		cmocka_unit_test(c12_c13_core_shape_per_cpu),
		cmocka_unit_test(c44_c51_status_set_and_debugctl_through_the_backend),
		cmocka_unit_test(c50_nhm_never_on_a_version_4_core),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
