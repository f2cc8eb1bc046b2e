/* Host unit tests of Panther Lake's emulated table (pmu/emu/disc/, the
 * part disc_part_ptl), named by the statements of docs/spec/
 * client-uncore.md §4.18 they check, with this file's own constants (the
 * digest's offsets and bits), then the parser (pmu/disc/) run over it the
 * way the harness finds it: through MSR 0x201E, no PCI. */
#include "pmu/emu/disc/model.h"
#include "pmu/disc/find.h"
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

static struct disc_emu *m;
static uint64_t now;

/* The part's layout (OQ-L58): the sNCU's unit control at +0x380 of its
 * page, counters at +0x390, controls at +0x3A0 8 bytes apart; an HBO's at
 * +0x548, +0x570, +0x550; a memory controller's at +0xC4, +0xE8, +0xD0 4
 * bytes apart; pages in the window as below. */
#define SNCU_PAGE 0x10000ull
#define SNCU (SNCU_PAGE + 0x380)
#define HBO0 0x20548ull
#define HBO1 0x21548ull
#define IMC0 0x3D9C4ull
#define IMC1 0x4D9C4ull
#define GLOBAL (SNCU_PAGE + 0x700) /* L-135, OQ-L55: the sNCU's unit control + 0x380 */
#define GSTATUS (GLOBAL + 8)  /* L-137, OQ-L57 */

static int setup(void **state)
{
	(void)state;
	if (!m)
		m = malloc(sizeof(*m));
	now = 1000;
	disc_emu_init(m, &disc_part_ptl, 0, 0, 1, now);
	return 0;
}

static uint64_t rd(uint64_t off, unsigned bytes)
{
	uint64_t v = 0;

	assert_int_equal(disc_emu_mmio(m, disc_emu_window(0) + off, bytes, false, &v, now), 0);
	return v;
}

static void wr(uint64_t off, unsigned bytes, uint64_t v)
{
	assert_int_equal(disc_emu_mmio(m, disc_emu_window(0) + off, bytes, true, &v, now), 0);
}

/* L-132: MSR 0x201E names the table; no discovery function on PCI, and
 * none of the servers' MSRs 0x2FF0 and 0x2FFE (L-135). */
static void l132_table_from_msr(void **state)
{
	uint64_t v = 0;
	uint32_t dw = 0;

	(void)state;
	assert_int_equal(disc_emu_rdmsr(m, 0x201E, now, &v), 0);
	assert_true(v == disc_emu_window(0));
	assert_int_equal(disc_emu_pci_read(m, 0, 0, 0, 4, now, &dw), -1);
	assert_int_not_equal(disc_emu_rdmsr(m, 0x2FF0, now, &v), 0);
	assert_int_not_equal(disc_emu_rdmsr(m, 0x2FFE, now, &v), 0);
}

/* L-133, L-134, L-135, L-137: the global entry (server format: type,
 * stride, count; an MMIO control; one status register at +8) and the
 * unit entries: types 24, 30, 6, MMIO, 64-bit counters, their bit of the
 * global status in qword 2 bits 47:32. */
static void l133_l137_entries(void **state)
{
	static const struct { uint16_t type, id; uint64_t ctl; unsigned nregs, gsp; } want[] = {
		{ 24, 0, SNCU, 2, 0 }, { 30, 0, HBO0, 4, 3 }, { 30, 1, HBO1, 4, 4 },
		{ 6, 0, IMC0, 5, 1 }, { 6, 1, IMC1, 5, 2 },
	};
	uint64_t g0 = rd(0, 8), stride = (g0 >> 8) & 0xFF;

	(void)state;
	assert_int_equal((g0 >> 16) & 0x3FF, 5);
	assert_int_equal(g0 >> 62, 1);
	assert_true(rd(8, 8) == disc_emu_window(0) + GLOBAL);
	assert_int_equal(rd(16, 8) & 0xFF, 8);
	assert_int_equal((rd(16, 8) >> 8) & 0xFFFF, 1);
	for (unsigned i = 0; i < ARRAY_SIZE(want); i++) {
		uint64_t e = (i + 1) * stride * 8, q0 = rd(e, 8), q2 = rd(e + 16, 8);

		assert_int_equal(q0 & 0xFF, want[i].nregs);
		assert_int_equal((q0 >> 16) & 0xFF, 64);
		assert_int_equal(q0 >> 62, 1);
		assert_true(rd(e + 8, 8) == disc_emu_window(0) + want[i].ctl);
		assert_int_equal(q2 & 0xFFFF, want[i].type);
		assert_int_equal((q2 >> 16) & 0xFFFF, want[i].id);
		assert_int_equal((q2 >> 32) & 0xFFFF, want[i].gsp);
	}
}

/* L-135: the freeze-all is set at power-on and holds every unit; cleared,
 * the units count (D-30, D-34). */
static void l135_global_freeze(void **state)
{
	(void)state;
	assert_int_equal(rd(GLOBAL, 4), 1);
	wr(SNCU_PAGE + 0x3A0, 4, 0x01);
	wr(SNCU, 4, 0);
	now += 100;
	assert_int_equal(rd(SNCU_PAGE + 0x390, 8), 0);
	wr(GLOBAL, 4, 0);
	now += 100;
	assert_int_equal(rd(SNCU_PAGE + 0x390, 8), 100);
	wr(GLOBAL, 4, 1);
	now += 100;
	assert_int_equal(rd(SNCU_PAGE + 0x390, 8), 100);
}

/* L-136, OQ-L56: the sNCU's second control 8 bytes above the first, a
 * memory controller's 4: each reaches its own counter. */
static void l136_control_steps(void **state)
{
	(void)state;
	wr(GLOBAL, 4, 0);
	wr(SNCU_PAGE + 0x3A8, 4, 0x01);
	wr(IMC0 + 0x10, 4, 0x01);
	wr(SNCU, 4, 0);
	wr(IMC0, 4, 0);
	now += 50;
	assert_int_equal(rd(SNCU_PAGE + 0x390, 8), 0);
	assert_int_equal(rd(SNCU_PAGE + 0x398, 8), 50);
	assert_int_equal(rd(IMC0 + 0x24, 8), 0);
	assert_int_equal(rd(IMC0 + 0x2C, 8), 50);
}

/* L-137, OQ-L57: a 64-bit counter's wrap sets its unit's bit, whatever
 * bit 20; writing 1 to a bit clears it alone; writing 0 leaves it. */
static void l137_global_status(void **state)
{
	(void)state;
	wr(GLOBAL, 4, 0);
	wr(SNCU_PAGE + 0x390, 8, ~0ull - 9);
	wr(SNCU_PAGE + 0x3A0, 4, 0x01);
	wr(IMC1 + 0x24, 8, ~0ull - 9);
	wr(IMC1 + 0x0C, 4, 0x01);
	wr(SNCU, 4, 0);
	wr(IMC1, 4, 0);
	now += 5;
	assert_int_equal(rd(GSTATUS, 8), 0);
	now += 5;
	assert_int_equal(rd(GSTATUS, 8), 0x5);
	assert_int_equal(rd(SNCU_PAGE + 0x390, 8), 0);
	wr(GSTATUS, 8, 0);
	assert_int_equal(rd(GSTATUS, 8), 0x5);
	wr(GSTATUS, 8, 0x4);
	assert_int_equal(rd(GSTATUS, 8), 0x1);
	wr(GSTATUS, 8, 0x1);
	assert_int_equal(rd(GSTATUS, 8), 0);
}

/* L-134: the memory controllers are a client's: the servers' CAS event
 * (D-70: 0x05, umask 0xCF) counts no line of a stream on them. */
static void l134_no_server_cas(void **state)
{
	(void)state;
	wr(GLOBAL, 4, 0);
	wr(IMC0 + 0x0C, 4, 0xCF05);
	wr(IMC0, 4, 0);
	disc_emu_traffic(m, 0, 80, false, now);
	assert_int_equal(rd(IMC0 + 0x24, 8), 0);
}

/* The parser (pmu/disc/) over the part, as the harness finds it: MSR
 * 0x201E, no PCI function, then Panther Lake's corrections (L-136). */
static int io_pci(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val)
{
	(void)ctx;
	if (f.seg)
		return PLAT_EUNSUPPORTED;
	if (f.bus != disc_emu_bus(0, 1) || disc_emu_pci_read(m, f.dev, f.fn, off, 4, now, val))
		return *val = ~0u, PLAT_EABORT;
	return 0;
}

static int io_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx, (void)cpu;
	return disc_emu_rdmsr(m, msr, now, val);
}

static int io_mem(void *ctx, uint64_t phys, uint64_t *val)
{
	(void)ctx;
	return disc_emu_mmio(m, phys, 8, false, val, now) ? PLAT_ERANGE : 0;
}

static void l133_parsed_through_msr(void **state)
{
	static struct disc_pci_fn fns[16];
	static struct disc_unit units[16];
	struct disc_pci_list l = { .e = fns, .cap = ARRAY_SIZE(fns) };
	struct disc_table t = { .units = units, .cap = ARRAY_SIZE(units) };
	const struct disc_io io = { .pci_read32 = io_pci, .rdmsr = io_msr, .read64 = io_mem };
	struct disc_found d, p[2];
	struct reg_loc c;

	(void)state;
	disc_pci_scan(&io, &l);
	assert_int_equal(disc_find_pci(&io, &l, p, 2), 0);
	assert_true(disc_find_msr(&io, 0, &d));
	assert_int_equal(disc_parse(&t, d.base, io_mem, NULL), DISC_OK);
	assert_int_equal(t.nunits, 5);
	assert_int_equal(t.nskips, 0);
	assert_int_equal(t.global.access, DISC_MMIO);
	assert_int_equal(t.global.nstatus, 1);
	assert_int_equal(disc_fix_apply(&io, &l, 0xCC, 0, 0, &t) != 0, 1);
	c = disc_reg(&t.units[0], DISC_CTR_CTL, 1, 0);
	assert_true(c.phys == disc_emu_window(0) + SNCU + 0x28);
	c = disc_reg(&t.units[1], DISC_CTR_CTL, 3, 0);
	assert_true(c.phys == disc_emu_window(0) + HBO0 + 0x20);
	c = disc_reg(&t.units[3], DISC_CTR_CTL, 4, 0);
	assert_true(c.phys == disc_emu_window(0) + IMC0 + 0x1C);
	assert_int_equal(t.units[4].gsp, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(l132_table_from_msr, setup),
		cmocka_unit_test_setup(l133_l137_entries, setup),
		cmocka_unit_test_setup(l135_global_freeze, setup),
		cmocka_unit_test_setup(l136_control_steps, setup),
		cmocka_unit_test_setup(l137_global_status, setup),
		cmocka_unit_test_setup(l134_no_server_cas, setup),
		cmocka_unit_test_setup(l133_parsed_through_msr, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
