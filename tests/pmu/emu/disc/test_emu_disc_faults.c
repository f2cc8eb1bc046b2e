/* Each defect of the emulated discovery parts (pmu/emu/disc/defects.h)
 * breaks the statement it names, on the model alone (docs/spec/
 * xeon-discovery.md), with this file's own constants. */
#include "pmu/emu/disc/model.h"
#include "arch/fault.h"
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

static struct disc_emu *m;
static uint64_t now;

static void with(const struct disc_emu_part *p, emu_faults_t f)
{
	if (!m)
		m = malloc(sizeof(*m));
	now = 1000;
	disc_emu_init(m, p, f, 0, 1, now);
	assert_int_equal(disc_emu_wrmsr(m, 0x2FF0, 0, now), 0);
}

static uint64_t mem(uint64_t off)
{
	uint64_t v = 0;

	assert_int_equal(disc_emu_mmio(m, disc_emu_window(0) + off, 8, false, &v, now), 0);
	return v;
}

/* D-12: disc-stride-3 lays entry 0 at qword 3 while the global entry
 * still says 4. */
static void stride_3(void **state)
{
	(void)state;
	with(&disc_part_gnr, EMU_F(DISC_STRIDE_3));
	assert_int_equal((mem(0) >> 8) & 0xFF, 4);
	assert_int_equal(mem(3 * 8 + 8), 0x2000);
	assert_int_not_equal(mem(4 * 8 + 8), 0x2000);
}

/* D-33: disc-imc-width-40 keeps 40 bits of an IMC counter whose entry
 * says 48. */
static void imc_width_40(void **state)
{
	uint64_t v = ~0ull, imc = disc_emu_window(0) + 0x100000;

	(void)state;
	with(&disc_part_spr, EMU_F(DISC_IMC_WIDTH_40));
	assert_int_equal(disc_emu_mmio(m, imc + 0x08, 8, true, &v, now), 0);
	assert_int_equal(disc_emu_mmio(m, imc + 0x08, 8, false, &v, now), 0);
	assert_true(v == (1ull << 40) - 1);
}

/* D-30: disc-mmio-frz-ignored lets a frozen MMIO unit count; an MSR unit
 * still freezes. */
static void mmio_frz_ignored(void **state)
{
	uint64_t v = 0x01, imc = disc_emu_window(0) + 0x100000;

	(void)state;
	with(&disc_part_spr, EMU_F(DISC_MMIO_FRZ_IGNORED));
	assert_int_equal(disc_emu_mmio(m, imc + 0x40, 4, true, &v, now), 0);
	v = 1;
	assert_int_equal(disc_emu_mmio(m, imc, 4, true, &v, now), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2002, 0x01, now), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2000, 1, now), 0);
	now += 100;
	assert_int_equal(disc_emu_mmio(m, imc + 0x08, 8, false, &v, now), 0);
	assert_int_equal(v, 100);
	assert_int_equal(disc_emu_rdmsr(m, 0x2008, now, &v), 0);
	assert_int_equal(v, 0);
}

/* D-36: disc-global-frz-ignored: the freeze-all set, a unit counts. */
static void global_frz_ignored(void **state)
{
	uint64_t v;

	(void)state;
	with(&disc_part_gnr, EMU_F(DISC_GLOBAL_FRZ_IGNORED));
	assert_int_equal(disc_emu_wrmsr(m, 0x2FF0, 1, now), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2002, 0x01, now), 0);
	now += 100;
	assert_int_equal(disc_emu_rdmsr(m, 0x2008, now, &v), 0);
	assert_int_equal(v, 100);
}

/* D-41: disc-cha-uncorrected: SPR's MSR 0x2FFE reads 0 over 60 listed
 * CHAs; GNR lists a 129th CHA that is not there. */
static void cha_uncorrected(void **state)
{
	uint64_t v;

	(void)state;
	with(&disc_part_spr, EMU_F(DISC_CHA_UNCORRECTED));
	assert_int_equal(disc_emu_rdmsr(m, 0x2FFE, now, &v), 0);
	assert_int_equal(v, 0);
	with(&disc_part_gnr, EMU_F(DISC_CHA_UNCORRECTED));
	assert_int_equal((mem(0) >> 16) & 0x3FF, 219);
	assert_int_equal(mem((128 + 1) * 4 * 8 + 8), 0x2000 + 0x10 * 128);
	assert_int_equal(disc_emu_rdmsr(m, 0x2000 + 0x10 * 128, now, &v), VEC_GP);
}

/* D-70: disc-cas-swapped counts a read stream on the write umask. */
static void cas_swapped(void **state)
{
	uint64_t imc = disc_emu_window(0) + 0x100000, v = 0xCF05;

	(void)state;
	with(&disc_part_spr, EMU_F(DISC_CAS_SWAPPED));
	assert_int_equal(disc_emu_mmio(m, imc + 0x40, 4, true, &v, now), 0);
	v = 0xF005;
	assert_int_equal(disc_emu_mmio(m, imc + 0x44, 4, true, &v, now), 0);
	v = 0;
	assert_int_equal(disc_emu_mmio(m, imc, 4, true, &v, now), 0);
	disc_emu_traffic(m, 0, 80, false, now);
	assert_int_equal(disc_emu_mmio(m, imc + 0x08, 8, false, &v, now), 0);
	assert_int_equal(v, 0);
	assert_int_equal(disc_emu_mmio(m, imc + 0x10, 8, false, &v, now), 0);
	assert_int_equal(v, 10);
}

/* D-73: disc-ioclk-frozen holds GNR's IIO clock under the freeze-all, and
 * the held time stays lost once it clears. */
static void ioclk_frozen(void **state)
{
	uint64_t a, b;

	(void)state;
	with(&disc_part_gnr, EMU_F(DISC_IOCLK_FROZEN));
	assert_int_equal(disc_emu_rdmsr(m, 0x290E, now, &a), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2FF0, 1, now), 0);
	now += 100;
	assert_int_equal(disc_emu_rdmsr(m, 0x290E, now, &b), 0);
	assert_int_equal(b, a);
	assert_int_equal(disc_emu_wrmsr(m, 0x2FF0, 0, now), 0);
	now += 10;
	assert_int_equal(disc_emu_rdmsr(m, 0x290E, now, &b), 0);
	assert_int_equal(b, a + 10);
}

/* D-74: disc-cha-tid-ignored counts another thread's lines on a counter
 * whose thread-id filter names thread 0. */
static void cha_tid_ignored(void **state)
{
	uint64_t v;

	(void)state;
	with(&disc_part_spr, EMU_F(DISC_CHA_TID_IGNORED));
	assert_int_equal(disc_emu_wrmsr(m, 0x200E, 0, now), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2002, 0x00C001FF00010135ull, now), 0);
	assert_int_equal(disc_emu_wrmsr(m, 0x2000, 0, now), 0);
	disc_emu_traffic(m, 3, 56, false, now);
	assert_int_equal(disc_emu_rdmsr(m, 0x2008, now, &v), 0);
	assert_int_equal(v, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stride_3),
		cmocka_unit_test(imc_width_40),
		cmocka_unit_test(mmio_frz_ignored),
		cmocka_unit_test(global_frz_ignored),
		cmocka_unit_test(cha_uncorrected),
		cmocka_unit_test(cas_swapped),
		cmocka_unit_test(ioclk_frozen),
		cmocka_unit_test(cha_tid_ignored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
