/* Host unit tests of the emulated backend on a hybrid part
 * (pmu/backend/emu.c, pmu/detect.c; spec C-55..C-60, C-64, C-73, OQ-C22, OQ-C23):
 * which CPUs are P-cores, what each CPU's CPUID presents, the core PMU
 * each CPU gets, which models are hybrid; and each hybrid defect breaking
 * its behaviour. Each test name starts with the statement it checks. */
#include "host/host.h"
#include "pmu/core_enum.h"
#include "pmu/detect.h"
#include "pmu/emu/emu.h"
#include <setjmp.h>
#include <cmocka.h>
#include "tests/pmu/test_backend.h"
#include "tests/pmu/emu/test_fault_rows.h"
#include "harness/cpu_topo.h"
#include "harness/runner.h"
#include "harness/test.h"

#define FIXED_CTR1 0x30A
#define TYPE_ATOM  0x20 /* C-56 */
#define TYPE_CORE  0x40

/* ncpus CPUs (APIC ids 0..ncpus-1) of the Alder Lake shapes, core PMU
 * defects f. */
static void hybrid(unsigned ncpus, emu_faults_t f)
{
	struct emu_fault_set fs = { .fam = { [EMU_FAM_CORE] = f } };
	struct emu_cfg c = { .faults = &fs, .uclk_khz = 2133000, .clock = manual_clock,
			.core = &core_shape_adl_p, .core_clock = manual_clock, .cpu_model = 0x97,
			.core_e = &core_shape_adl_e };

	host_machine(ncpus, 1);
	emu_start(&c, 0xF0);
}

struct view {
	uint32_t max, edx7, eax1a, eax0a, ecx0a;
};

static void read_view(void *p)
{
	struct view *v = p;
	uint32_t r[4];

	pmu_cpuid(0, 0, r);
	v->max = r[0];
	pmu_cpuid(7, 0, r);
	v->edx7 = r[3];
	pmu_cpuid(0x1A, 0, r);
	v->eax1a = r[0];
	pmu_cpuid(0xA, 0, r);
	v->eax0a = r[0];
	v->ecx0a = r[2];
}

static struct view view_of(unsigned cpu)
{
	struct view v;

	memset(&v, 0, sizeof(v));
	assert_int_equal(plat_run_on(cpu, read_view, &v, 0, NULL), 0);
	return v;
}

/* C-56, C-57, C-60: on 4 CPUs, CPUs 0-1 present core type 40H and the
 * P-core's CPUID.0AH, 2-3 20H and the E-core's. */
static bool types_placed(emu_faults_t f)
{
	unsigned cpu;

	hybrid(4, f);
	for (cpu = 0; cpu < 4; cpu++) {
		struct view v = view_of(cpu);
		bool e = cpu >= 2;

		if (v.eax1a >> 24 != (e ? TYPE_ATOM : TYPE_CORE) ||
		    (v.eax0a >> 8 & 0xFF) != (e ? 6u : 8u) || v.ecx0a != (e ? 0x5u : 0x7u))
			return false;
	}
	return true;
}

static void c56_c57_c60_each_cpu_presents_its_type(void **state)
{
	(void)state;
	assert_true(types_placed(0));
}

/* C-55, C-60, OQ-C23: every CPU has the Hybrid flag, leaf 1AH within the
 * highest leaf, native model id 0; a part that is not hybrid neither. */
static void c55_c60_oqc23_hybrid_flag_and_leaf(void **state)
{
	struct emu_cfg plain = { .uclk_khz = 2133000, .clock = manual_clock,
			.core = &core_shape_v5, .core_clock = manual_clock, .cpu_model = 0x7D };
	struct view v;
	unsigned cpu;

	(void)state;
	hybrid(3, 0);
	for (cpu = 0; cpu < 3; cpu++) {
		v = view_of(cpu);
		assert_true(v.max >= 0x1A);
		assert_int_equal(v.edx7 >> 15 & 1, 1);
		assert_int_equal(v.eax1a & 0xFFFFFF, 0);
		/* OQ-C22: of 3 CPUs the lower 2 (the odd one included) are P-cores */
		assert_int_equal(v.eax1a >> 24, cpu < 2 ? TYPE_CORE : TYPE_ATOM);
	}
	host_machine(2, 1);
	emu_start(&plain, 0xF0);
	v = view_of(1);
	assert_int_equal(v.edx7 >> 15 & 1, 0);
	assert_int_equal(v.ecx0a, 0x7);
}

/* C-57: each CPU's core PMU is its type's: an E-core has no
 * IA32_FIXED_CTR1 and no IA32_PMC6, a P-core both; core_enum reads the
 * calling CPU's type and fixed set. */
static void c57_each_cpu_has_its_types_counters(void **state)
{
	uint64_t v;

	(void)state;
	hybrid(4, 0);
	assert_int_equal(msr_read(2, FIXED_CTR1, &v), VEC_GP);
	assert_int_equal(msr_read(2, 0xC1 + 6, &v), VEC_GP);
	assert_int_equal(msr_read(0, FIXED_CTR1, &v), 0);
	assert_int_equal(msr_read(0, 0xC1 + 6, &v), 0);
}

static void read_enum(void *p)
{
	core_enum_read(p);
}

static void c52_c56_enumeration_decoded_per_cpu(void **state)
{
	struct core_enum e;

	(void)state;
	hybrid(4, 0);
	assert_int_equal(plat_run_on(3, read_enum, &e, 0, NULL), 0);
	assert_true(e.hybrid);
	assert_int_equal(e.core_type, TYPE_ATOM);
	assert_int_equal(e.version, 5);
	assert_int_equal(e.ngp, 6);
	assert_int_equal(e.fixed_bitmap, 0x5);
	assert_true(e.any_deprecated);
	assert_int_equal(core_enum_fixed_set(&e), 0x5);
	assert_int_equal(plat_run_on(0, read_enum, &e, 0, NULL), 0);
	assert_int_equal(e.core_type, TYPE_CORE);
	assert_int_equal(core_enum_fixed_set(&e), 0x7);
}

/* C-58, C-59: the hybrid models get the P-core and E-core shapes; Ice,
 * Tiger and Rocket Lake the plain version-5 one. */
static void c58_c59_shapes_by_model(void **state)
{
	static const uint8_t hybrid_models[] = { 0x97, 0x9A, 0xB7, 0xBA, 0xBF };
	static const uint8_t v5_models[] = { 0x7D, 0x7E, 0x8C, 0x8D, 0xA7 };
	struct pmu_opts o = { .backend = PMU_BACKEND_EMU, .uncore = "auto", .uclk_mhz = 2133,
			       .core_ebx = -1 };
	struct pmu_choice ch;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(hybrid_models); i++) {
		struct pmu_cpu cpu = { .vendor = "GenuineIntel", .family = 6,
				.model = hybrid_models[i], .hypervisor = true };

		pmu_choose(&cpu, &o, &ch);
		assert_ptr_equal(ch.core, &core_shape_adl_p);
		assert_ptr_equal(ch.core_e, &core_shape_adl_e);
	}
	for (i = 0; i < ARRAY_SIZE(v5_models); i++) {
		struct pmu_cpu cpu = { .vendor = "GenuineIntel", .family = 6,
				.model = v5_models[i], .hypervisor = true };

		pmu_choose(&cpu, &o, &ch);
		assert_ptr_equal(ch.core, &core_shape_v5);
		assert_null(ch.core_e);
	}
}

/* C-62, OQ-C25: Alder Lake-N (model 0xBE), E-cores only, started as the
 * registry chooses on 4 CPUs, presents on every CPU version 5 with the
 * E-core's counts (6 general, EDX[4:0] 1, ECX 101b, C-59), hybrid flag 0
 * and no leaf 1AH below the highest leaf (C-60 is for hybrid models); so
 * the harness finds no core types and runs an each-type suite once. */
static void c62_oqc25_alder_lake_n_one_type_of_e_cores(void **state)
{
	static const struct test one[] = { { .id = "c.one", .desc = "", .needs = 0 } };
	static const struct suite per_type = SUITE_EACH_TYPE("c", one);
	static const struct suite *const suites[] = { &per_type };
	struct pmu_opts o = { .backend = PMU_BACKEND_EMU, .uncore = "auto", .uclk_mhz = 2133,
			       .core_ebx = -1 };
	struct pmu_cpu adln = { .vendor = "GenuineIntel", .family = 6, .model = 0xBE,
			.hypervisor = true };
	struct run_types types;
	struct run_opts ro = { .tests = "*", .skip = "", .repeat = 1, .types = &types };
	struct pmu_choice ch;
	struct core_enum e;
	unsigned cpu;

	(void)state;
	pmu_choose(&adln, &o, &ch);
	assert_non_null(ch.core);
	assert_null(ch.core_e);
	host_machine(4, 1);
	emu_start(&(struct emu_cfg){ .uclk_khz = 2133000, .clock = manual_clock, .core = ch.core,
			.core_clock = manual_clock, .cpu_model = 0xBE, .core_e = ch.core_e }, 0xF0);
	for (cpu = 0; cpu < 4; cpu++) {
		struct view v = view_of(cpu);

		assert_true(v.max < 0x1A);
		assert_int_equal(v.edx7 >> 15 & 1, 0);
		assert_int_equal(plat_run_on(cpu, read_enum, &e, 0, NULL), 0);
		assert_false(e.hybrid);
		assert_int_equal(e.core_type, 0);
		assert_int_equal(e.version, 5);
		assert_int_equal(e.ngp, 6);
		assert_int_equal(e.nfixed, 1);
		assert_int_equal(e.fixed_bitmap, 0x5);
		assert_int_equal(core_enum_fixed_set(&e), 0x5);
	}
	cpu_topo_types(&types);
	assert_int_equal(types.n, 0);
	assert_int_equal(runner_planned(suites, 1, &ro), 1);
}

/* C-74, C-75, OQ-C32: the Xeon parts, chosen as the registry does, on 4
 * CPUs: one shape on every CPU, hybrid flag 0, no core type, so the
 * harness finds no core types; Sapphire, Emerald and Granite Rapids
 * version 5 with 8 general and 3 fixed counters and no leaf 23H, Sierra
 * Forest version 5 with Meteor Lake's E-core bitmaps in leaf 23H,
 * Clearwater Forest version 6 with the version-6 E-core's. */
static void c74_c75_xeon_parts_one_shape_not_hybrid(void **state)
{
	static const struct {
		uint8_t model, version;
		uint32_t leaf23, gp, fixed;
		const char *name;
	} rows[] = {
		{ .model = 0x8F, .version = 5, .leaf23 = 0, .gp = 0xFF, .fixed = 0x7,
		  .name = "xeon" },
		{ .model = 0xCF, .version = 5, .leaf23 = 0, .gp = 0xFF, .fixed = 0x7,
		  .name = "xeon" },
		{ .model = 0xAD, .version = 5, .leaf23 = 0, .gp = 0xFF, .fixed = 0x7,
		  .name = "xeon" },
		{ .model = 0xAE, .version = 5, .leaf23 = 0, .gp = 0xFF, .fixed = 0x7,
		  .name = "xeon" },
		{ .model = 0xAF, .version = 5, .leaf23 = 0x3, .gp = 0x3F, .fixed = 0x5,
		  .name = "srf" },
		{ .model = 0xDD, .version = 6, .leaf23 = 0x3, .gp = 0xEF, .fixed = 0x5,
		  .name = "cwf" },
	};
	struct pmu_opts o = { .backend = PMU_BACKEND_EMU, .uncore = "auto", .uclk_mhz = 2133,
			       .core_ebx = -1 };
	struct run_types types;
	struct pmu_choice ch;
	struct core_enum e;
	unsigned i, cpu;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct pmu_cpu xeon = { .vendor = "GenuineIntel", .family = 6,
				.model = rows[i].model, .hypervisor = true };

		pmu_choose(&xeon, &o, &ch);
		assert_string_equal(ch.core_name, rows[i].name);
		assert_non_null(ch.core);
		assert_null(ch.core_e);
		host_machine(4, 2);
		emu_start(&(struct emu_cfg){ .uclk_khz = 2133000, .clock = manual_clock,
				.core = ch.core, .core_clock = manual_clock,
				.cpu_model = rows[i].model, .core_e = ch.core_e }, 0xF0);
		for (cpu = 0; cpu < 4; cpu++) {
			assert_int_equal(view_of(cpu).edx7 >> 15 & 1, 0);
			assert_int_equal(plat_run_on(cpu, read_enum, &e, 0, NULL), 0);
			assert_false(e.hybrid);
			assert_int_equal(e.core_type, 0);
			assert_int_equal(e.version, rows[i].version);
			assert_int_equal(e.leaf23, rows[i].leaf23);
			assert_int_equal(core_enum_gp_set(&e), rows[i].gp);
			assert_int_equal(core_enum_fixed_set(&e), rows[i].fixed);
		}
		cpu_topo_types(&types);
		assert_int_equal(types.n, 0);
	}
}

/* C-64, C-68, C-73: on Lunar Lake's model (0xBD, C-71) chosen as the registry
 * does, 4 CPUs, the harness takes each core type's counters from leaf
 * 23H's sub-leaf 1, flagged in sub-leaf 0 EAX bit 1: the P-core 0xFF and
 * 0x7, the E-core 0xEF (its hole, C-72) and 0x5; with sub-leaf 0 alone
 * (emu.core_leaf23=sub0) from CPUID.0AH: the E-core's first 4 general
 * counters (OQ-C31), never sub-leaf 1's zeros, which a reader of bit 0
 * would take. */
static void c64_c72_counters_from_the_flagged_sub_leaf(void **state)
{
	static const struct {
		bool sub0;
		uint32_t gp_p, fixed_p, gp_e, fixed_e;
	} rows[] = {
		{ .sub0 = false, .gp_p = 0xFF, .fixed_p = 0x7, .gp_e = 0xEF, .fixed_e = 0x5 },
		{ .sub0 = true, .gp_p = 0xFF, .fixed_p = 0x7, .gp_e = 0xF, .fixed_e = 0x5 },
	};
	struct pmu_cpu lnl = { .vendor = "GenuineIntel", .family = 6, .model = 0xBD,
			.hypervisor = true };
	struct pmu_choice ch;
	struct core_enum e;
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct pmu_opts o = { .backend = PMU_BACKEND_EMU, .uncore = "auto",
				       .uclk_mhz = 2133, .core_ebx = -1,
				       .core_leaf23_sub0 = rows[i].sub0 };

		pmu_choose(&lnl, &o, &ch);
		host_machine(4, 1);
		emu_start(&(struct emu_cfg){ .uclk_khz = 2133000, .clock = manual_clock,
				.core = ch.core, .core_clock = manual_clock, .cpu_model = 0xBD,
				.core_e = ch.core_e }, 0xF0);
		assert_int_equal(plat_run_on(0, read_enum, &e, 0, NULL), 0);
		assert_int_equal(e.version, 6);
		assert_int_equal(e.leaf23, rows[i].sub0 ? 0x1 : 0x3);
		assert_int_equal(core_enum_gp_set(&e), rows[i].gp_p);
		assert_int_equal(core_enum_fixed_set(&e), rows[i].fixed_p);
		assert_int_equal(plat_run_on(3, read_enum, &e, 0, NULL), 0);
		assert_int_equal(e.core_type, TYPE_ATOM);
		assert_int_equal(core_enum_gp_set(&e), rows[i].gp_e);
		assert_int_equal(core_enum_fixed_set(&e), rows[i].fixed_e);
	}
}

/* C-61: the routing tests' helper names the core type of each CPU of the
 * mask as figure core_type_id[cpu], and nothing where not hybrid. */
static void c61_routed_cpus_named_by_core_type(void **state)
{
	static const struct test tc = { .id = "x.route", .desc = "" };
	struct emu_cfg plain = { .uclk_khz = 2133000, .clock = manual_clock,
			.core = &core_shape_v5, .core_clock = manual_clock, .cpu_model = 0x7D };
	struct tresult r;
	struct tctx t = { .res = &r };

	(void)state;
	hybrid(4, 0);
	memset(&r, 0, sizeof(r));
	r.test = &tc;
	cpu_topo_name_types(&t, 0x9);
	assert_int_equal(r.nfigs, 2);
	assert_string_equal(r.figs[0].name, "core_type_id");
	assert_int_equal(r.figs[0].key, FIG_CPU);
	assert_string_equal(r.figs[0].at, "0");
	assert_int_equal(r.figs[0].value, TYPE_CORE);
	assert_string_equal(r.figs[1].at, "3");
	assert_int_equal(r.figs[1].value, TYPE_ATOM);
	host_machine(2, 1);
	emu_start(&plain, 0xF0);
	memset(&r, 0, sizeof(r));
	r.test = &tc;
	cpu_topo_name_types(&t, 0x3);
	assert_int_equal(r.nfigs, 0);
}

/* Each hybrid defect breaks the placement of types_placed. */
static const struct hold_row rows[] = {
	{ .bit = EMU_FAULT_BIT_CORE_HYBRID_SAME_SHAPE, .holds = types_placed },
	{ .bit = EMU_FAULT_BIT_CORE_HYBRID_TYPE_SWAPPED, .holds = types_placed },
};

static void each_hybrid_defect_breaks_its_behaviour(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, emu_defects[bit_].run == EMU_RUN_HYBRID);
	ASSERT_ROWS_HOLD(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c56_c57_c60_each_cpu_presents_its_type),
		cmocka_unit_test(c55_c60_oqc23_hybrid_flag_and_leaf),
		cmocka_unit_test(c57_each_cpu_has_its_types_counters),
		cmocka_unit_test(c52_c56_enumeration_decoded_per_cpu),
		cmocka_unit_test(c58_c59_shapes_by_model),
		cmocka_unit_test(c62_oqc25_alder_lake_n_one_type_of_e_cores),
		cmocka_unit_test(c64_c72_counters_from_the_flagged_sub_leaf),
		cmocka_unit_test(c74_c75_xeon_parts_one_shape_not_hybrid),
		cmocka_unit_test(c61_routed_cpus_named_by_core_type),
		cmocka_unit_test(each_hybrid_defect_breaks_its_behaviour),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
