/* Host unit tests of the emulated discovery parts (pmu/emu/disc/model.c),
 * named by the statements of docs/spec/xeon-discovery.md they check, with
 * this file's own constants for every bit and offset (the digest's §2-§4),
 * then the parser (pmu/disc/) run over the model's table end to end. */
#include "pmu/emu/disc/model.h"
#include "pmu/disc/find.h"
#include "arch/fault.h"
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

static struct disc_emu *m;
static uint64_t now;

static int setup_part(const struct disc_emu_part *p, unsigned pkg, unsigned npkg)
{
	if (!m)
		m = malloc(sizeof(*m));
	now = 1000;
	disc_emu_init(m, p, 0, pkg, npkg, now);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	return setup_part(&disc_part_spr, 1, 2);
}

static uint32_t cfg(unsigned dev, unsigned fn, uint16_t off)
{
	uint32_t v = 0;

	assert_int_equal(disc_emu_pci_read(m, dev, fn, off, 4, now, &v), 0);
	return v;
}

static uint64_t mem(uint64_t phys)
{
	uint64_t v = 0;

	assert_int_equal(disc_emu_mmio(m, phys, 8, false, &v, now), 0);
	return v;
}

static uint64_t rd(uint32_t msr)
{
	uint64_t v = 0;

	assert_int_equal(disc_emu_rdmsr(m, msr, now, &v), 0);
	return v;
}

static void wr(uint32_t msr, uint64_t v)
{
	assert_int_equal(disc_emu_wrmsr(m, msr, v, now), 0);
}

/* The model's CHA 0 (OQ-D13 layout): unit control 0x2000, status +1,
 * controls +2.., counters +8.. (D-18). */
#define CHA 0x2000u
#define GLOBAL 0x2FF0u

/* D-01, D-03, D-04: the discovery function, its DVSEC and its 64-bit BAR. */
static void d01_d04_discovery_function(void **state)
{
	uint64_t bar;

	(void)state;
	assert_int_equal(cfg(0, 0, 0), 0x09A78086);
	assert_int_equal(cfg(0, 0, 0x100) & 0xFFFF, 0x23);
	assert_int_equal(cfg(0, 0, 0x100) >> 20, 0);
	assert_int_equal(cfg(0, 0, 0x108) & 0xFFFF, 1);
	assert_int_equal(cfg(0, 0, 0x10C), 0);
	assert_int_equal(cfg(0, 0, 0x10) & 0xF, 0x4);
	bar = (uint64_t)cfg(0, 0, 0x14) << 32 | (cfg(0, 0, 0x10) & ~0xFu);
	assert_true(bar == disc_emu_window(1));
	assert_int_equal(disc_emu_bus(1, 2), 0xFF);
	assert_int_equal(disc_emu_bus(0, 2), 0x7F);
}

/* D-10, D-12, D-13: the global entry and the first CHA's entry. */
static void d10_d13_table(void **state)
{
	uint64_t t = disc_emu_window(1), g0 = mem(t), stride = (g0 >> 8) & 0xFF;
	uint64_t e0 = mem(t + stride * 8), e1 = mem(t + stride * 8 + 8), e2 = mem(t + stride * 8 + 16);

	(void)state;
	assert_int_equal(stride, 4);
	/* SPR: 60 CHA entries + 12 + 12 + 12 + 1 + 8 + 4 + 4 + 4 + 2 */
	assert_int_equal((g0 >> 16) & 0x3FF, 119);
	assert_int_equal(mem(t + 8), GLOBAL);
	assert_int_equal(e0 & 0xFF, 4);            /* counters */
	assert_int_equal((e0 >> 8) & 0xFF, 2);     /* control offset */
	assert_int_equal((e0 >> 16) & 0xFF, 48);   /* width */
	assert_int_equal((e0 >> 24) & 0xFF, 8);    /* counter offset */
	assert_int_equal((e0 >> 32) & 0xFF, 1);    /* status offset */
	assert_int_equal(e0 >> 62, 0);             /* MSR */
	assert_int_equal(e1, CHA);
	assert_int_equal(e2, 0);                   /* type 0, box 0 */
}

/* D-30: bit 0 of the unit control holds the counters; 0 lets them go. */
static void d30_unit_freeze(void **state)
{
	uint64_t a;

	(void)state;
	wr(GLOBAL, 0);
	wr(CHA + 2, 0x01);
	wr(CHA, 1);
	a = rd(CHA + 8);
	now += 500;
	assert_int_equal(rd(CHA + 8), a);
	assert_int_equal(rd(CHA), 1);
	wr(CHA, 0);
	now += 500;
	assert_int_equal(rd(CHA + 8), a + 500);
	/* no freeze-enable bit: bit 16 alone freezes nothing */
	wr(CHA, 0x10000);
	now += 10;
	assert_int_equal(rd(CHA + 8), a + 510);
	assert_int_equal(rd(CHA), 0);
}

/* D-31, OQ-D6: bit 8 clears every control, bit 9 every counter; they read 0. */
static void d31_unit_resets(void **state)
{
	(void)state;
	wr(CHA + 2, 0x01), wr(CHA + 5, 0x1234);
	wr(CHA + 8, 77), wr(CHA + 11, 99);
	wr(CHA, 0x200 | 1);
	assert_int_equal(rd(CHA + 8), 0);
	assert_int_equal(rd(CHA + 11), 0);
	assert_int_equal(rd(CHA + 5), 0x1234);
	assert_int_equal(rd(CHA), 1);
	wr(CHA, 0x100 | 1);
	assert_int_equal(rd(CHA + 2), 0);
	assert_int_equal(rd(CHA + 5), 0);
}

/* D-33, OQ-D8: a counter keeps its table width; a wrap with bit 20 sets the
 * status bit (D-35), write 1 clears it (OQ-D10). */
static void d33_d35_width_and_status(void **state)
{
	(void)state;
	wr(GLOBAL, 0);
	wr(CHA + 8 + 2, ~0ull);
	assert_true(rd(CHA + 8 + 2) == (1ull << 48) - 1);
	wr(CHA + 8 + 2, (1ull << 48) - 10);
	wr(CHA + 8 + 3, (1ull << 48) - 10);
	wr(CHA + 2 + 2, 0x01 | 1u << 20);
	wr(CHA + 2 + 3, 0x01);
	now += 20;
	assert_int_equal(rd(CHA + 8 + 2), 10);
	assert_int_equal(rd(CHA + 8 + 3), 10);
	assert_int_equal(rd(CHA + 1), 1u << 2);
	wr(CHA + 1, 0);
	assert_int_equal(rd(CHA + 1), 1u << 2);
	wr(CHA + 1, 1u << 2);
	assert_int_equal(rd(CHA + 1), 0);
}

/* D-32: a counter control keeps every field, the extended umask of bits
 * 63:32 included; D-34, OQ-D9: event 0x01 counts each cycle, another
 * event nothing. */
static void d32_d34_free_event(void **state)
{
	(void)state;
	wr(CHA + 4, 0xFFFFFF00FFFFFFFFull);
	assert_true(rd(CHA + 4) == 0xFFFFFF00FFFFFFFFull);
	wr(GLOBAL, 0);
	wr(CHA + 2, 0x01);
	wr(CHA + 3, 0x02);
	now += 300;
	assert_int_equal(rd(CHA + 8), 300);
	assert_int_equal(rd(CHA + 9), 0);
}

/* D-36, OQ-D11: the freeze-all is set at reset and holds every unit, MSR,
 * PCI and MMIO alike. */
static void d36_global_freeze(void **state)
{
	uint64_t imc = disc_emu_window(1) + 0x100000, v = 0;
	uint32_t lo = 0;

	(void)state;
	assert_int_equal(rd(GLOBAL), 1);
	wr(CHA + 2, 0x01);
	v = 0x01;
	assert_int_equal(disc_emu_mmio(m, imc + 0x40, 4, true, &v, now), 0);
	assert_int_equal(disc_emu_pci_write(m, 12, 0, 0x438 + 0x30, 4, 0x01, now), 0);
	now += 100;
	assert_int_equal(rd(CHA + 8), 0);
	assert_int_equal(mem(imc + 0x08), 0);
	assert_int_equal(disc_emu_pci_read(m, 12, 0, 0x438 + 0x08, 4, now, &lo), 0);
	assert_int_equal(lo, 0);
	wr(GLOBAL, 0);
	now += 100;
	assert_int_equal(rd(CHA + 8), 100);
	assert_int_equal(mem(imc + 0x08), 100);
	assert_int_equal(disc_emu_pci_read(m, 12, 0, 0x438 + 0x08, 4, now, &lo), 0);
	assert_int_equal(lo, 100);
	wr(GLOBAL, 1);
	now += 100;
	assert_int_equal(rd(CHA + 8), 100);
}

/* D-41: SPR's MSR 0x2FFE reads 56; the four listed CHAs above are not
 * there (their MSRs #GP); EMR's reads 0 with 64 real CHAs. */
static void d41_cha_count(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(rd(0x2FFE), 56);
	assert_int_equal(disc_emu_rdmsr(m, CHA + 0x10 * 55, now, &v), 0);
	assert_int_equal(disc_emu_rdmsr(m, CHA + 0x10 * 56, now, &v), VEC_GP);
	assert_int_equal(disc_emu_rdmsr(m, CHA + 0x10 * 59 + 8, now, &v), VEC_GP);
	setup_part(&disc_part_emr, 0, 1);
	assert_int_equal(rd(0x2FFE), 0);
	assert_int_equal(disc_emu_rdmsr(m, CHA + 0x10 * 63, now, &v), 0);
}

/* D-42: SPR's third UPI entry names device 31 function 7, where nothing
 * is; the UPI functions are at 8086:3241 devices 1-4 function 1, their
 * unit control at 0x318, with function 0 of each device present. */
static void d42_upi_where_linux_rebuilds(void **state)
{
	uint64_t t = disc_emu_window(1);
	uint32_t v;
	unsigned e;

	(void)state;
	/* the UPI entries follow 60 + 12 * 3 + 1 + 8 + 4 = 109 entries */
	e = 109 + 2;
	assert_int_equal(mem(t + (e + 1) * 4 * 8 + 16) & 0xFFFF, 8);
	assert_int_equal((mem(t + (e + 1) * 4 * 8 + 8) >> 15) & 0x1F, 31);
	assert_int_equal(disc_emu_pci_read(m, 31, 7, 0, 4, now, &v), -1);
	for (unsigned d = 1; d <= 4; d++) {
		assert_int_equal(cfg(d, 1, 0), 0x32418086);
		assert_int_equal(cfg(d, 0, 0) & 0xFFFF, 0x8086);
	}
	assert_int_equal(cfg(5, 1, 0), 0x32468086);
	assert_int_equal(disc_emu_pci_write(m, 1, 1, 0x318, 4, 1, now), 0);
	assert_int_equal(cfg(1, 1, 0x318), 1);
}

/* The model's table through the parser and the corrections (D-41, D-42,
 * D-20) on a disc_io bound to the model: every unit found and reachable,
 * on every part. */
static struct disc_emu *io_m;

static int io_pci(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val)
{
	(void)ctx;
	if (f.seg)
		return PLAT_EUNSUPPORTED;
	if (f.bus != disc_emu_bus(io_m->pkg, io_m->npkg) ||
	    disc_emu_pci_read(io_m, f.dev, f.fn, off, 4, now, val))
		return *val = ~0u, PLAT_EABORT;
	return 0;
}

static int io_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx, (void)cpu;
	return disc_emu_rdmsr(io_m, msr, now, val);
}

static int io_mem(void *ctx, uint64_t phys, uint64_t *val)
{
	(void)ctx;
	return disc_emu_mmio(io_m, phys, 8, false, val, now) ? PLAT_ERANGE : 0;
}

static void end_to_end(const struct disc_emu_part *p, uint32_t model, unsigned want)
{
	static struct disc_pci_fn fns[256];
	static struct disc_unit units[DISC_MAX_UNITS];
	struct disc_pci_list l = { .e = fns, .cap = 256 };
	struct disc_table t = { .units = units, .cap = DISC_MAX_UNITS };
	const struct disc_io io = { .pci_read32 = io_pci, .rdmsr = io_msr, .read64 = io_mem };
	struct disc_found d;

	setup_part(p, 0, 1);
	io_m = m;
	disc_pci_scan(&io, &l);
	assert_int_equal(disc_find_pci(&io, &l, &d, 1), 1);
	assert_null(d.bad);
	assert_int_equal(disc_parse(&t, d.base, io_mem, NULL), DISC_OK);
	disc_fix_apply(&io, &l, model, 0, 0, &t);
	assert_int_equal(t.nunits, want);
	wr(GLOBAL, 0);
	for (unsigned i = 0; i < t.nunits; i++) {
		struct reg_loc c = disc_reg(&t.units[i], DISC_UNIT_CTL, 0, 0);
		uint64_t v = 0;
		uint32_t dw = 0;

		switch (c.space) {
		case SPACE_MSR:
			assert_int_equal(disc_emu_rdmsr(m, c.msr, now, &v), 0);
			break;
		case SPACE_PCI:
			assert_int_equal(io_pci(NULL, c.fn, c.off, &dw), 0);
			break;
		default:
			assert_int_equal(disc_emu_mmio(m, c.phys, 4, false, &v, now), 0);
			break;
		}
	}
}

/* D-45, OQ-D13: the unit counts of each part, through the parser. */
static void d45_parsed_model_every_unit(void **state)
{
	(void)state;
	/* SPR: 56 CHAs after D-41, UPI and M3UPI rebuilt by D-42 */
	end_to_end(&disc_part_spr, 0x8F, 56 + 36 + 1 + 8 + 4 + 4 + 4 + 2);
	end_to_end(&disc_part_emr, 0xCF, 64 + 36 + 1 + 8 + 4 + 4 + 4 + 2);
	end_to_end(&disc_part_gnr, 0xAD, 128 + 16 + 16 + 1 + 1 + 12 + 6 + 12 + 4 + 6 + 4 + 8 + 4);
	end_to_end(&disc_part_srf, 0xAF, 72 + 16 + 16 + 1 + 1 + 12 + 6 + 12 + 4 + 6 + 4 + 8 + 4);
}

/* D-05, OQ-D3: each socket's table on its own bus, in socket order, at
 * its own address. */
static void d05_one_table_per_socket(void **state)
{
	(void)state;
	for (unsigned n = 1; n <= 4; n++)
		for (unsigned p = 1; p < n; p++)
			assert_true(disc_emu_bus(p - 1, n) < disc_emu_bus(p, n));
	assert_true(disc_emu_window(0) != disc_emu_window(1));
	setup_part(&disc_part_gnr, 1, 2);
	assert_true(mem(disc_emu_window(1) + 8) == GLOBAL);
}

static unsigned types_of(const struct disc_emu_part *p, uint32_t *mask)
{
	uint64_t t = disc_emu_window(0), n;

	setup_part(p, 0, 1);
	n = (mem(t) >> 16) & 0x3FF;
	*mask = 0;
	for (unsigned i = 0; i < n; i++)
		*mask |= 1u << (mem(t + (i + 1) * 4 * 8 + 16) & 0x1F);
	return (unsigned)n;
}

/* D-40, D-43: the box types of each part's table. */
static void d40_d43_types(void **state)
{
	uint32_t mask;

	(void)state;
	types_of(&disc_part_spr, &mask);
	assert_int_equal(mask, 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4 | 1u << 6 | 1u << 7 |
				       1u << 8 | 1u << 9 | 1u << 11);
	types_of(&disc_part_gnr, &mask);
	assert_int_equal(mask, 1u << 0 | 1u << 1 | 1u << 2 | 1u << 4 | 1u << 5 | 1u << 6 | 1u << 8 |
				       1u << 16 | 1u << 17 | 1u << 18 | 1u << 20 | 1u << 21 | 1u << 22);
}

/* D-44: every PCI entry of Granite Rapids' table names a function there. */
static void d44_gnr_entries_answer(void **state)
{
	uint64_t t = disc_emu_window(0), n;
	uint32_t v;

	(void)state;
	setup_part(&disc_part_gnr, 0, 1);
	n = (mem(t) >> 16) & 0x3FF;
	for (unsigned i = 0; i < n; i++) {
		uint64_t q0 = mem(t + (i + 1) * 4 * 8), q1 = mem(t + (i + 1) * 4 * 8 + 8);

		if (q0 >> 62 == 2)
			assert_int_equal(disc_emu_pci_read(m, (q1 >> 15) & 0x1F, (q1 >> 12) & 7, 0, 4,
							   now, &v), 0);
	}
}

/* D-60, D-06: the part no row names has a type no digest names (0x30) and
 * its table behind MSR 0x201E too; on the named parts 0x201E is CHA 1's
 * FILTER0 (D-74), 0 at reset (OQ-D1). */
static void d60_new_part(void **state)
{
	uint32_t mask;
	uint64_t v;

	(void)state;
	assert_int_equal(rd(0x201E), 0);
	types_of(&disc_part_new, &mask);
	assert_int_equal(mask, 1u << 0 | 1u << 4 | 1u << 6 | 1u << 8 | 1u << (0x30 & 0x1F));
	assert_true(rd(0x201E) == disc_emu_window(0));
	assert_int_equal(disc_emu_rdmsr(m, 0x3C00 + 1, now, &v), 0);
}

/* The model's IMC n of socket 1 (OQ-D13 layout): 64 KiB apart from
 * window + 0x100000, controls at +0x40 four bytes apart, counters at +0x08
 * eight apart (D-20). D-70: CAS reads 0x05/0xCF, writes 0x05/0xF0. */
#define IMC(n) (disc_emu_window(1) + 0x100000 + 0x10000ull * (n))
#define CAS_RD 0xCF05ull
#define CAS_WR 0xF005ull

static void mmio_wr(uint64_t at, uint64_t v, unsigned bytes)
{
	assert_int_equal(disc_emu_mmio(m, at, bytes, true, &v, now), 0);
}

/* D-70, D-71, OQ-D16: a stream's lines, split evenly over the socket's 8
 * IMCs (the remainder to the first), each a CAS read or write; a frozen
 * IMC counts none. */
static void d70_d71_cas_from_traffic(void **state)
{
	uint64_t rds = 0, wrs = 0;

	(void)state;
	wr(GLOBAL, 0);
	for (unsigned n = 0; n < 8; n++) {
		mmio_wr(IMC(n) + 0x40, CAS_RD, 4);
		mmio_wr(IMC(n) + 0x44, CAS_WR, 4);
		mmio_wr(IMC(n), 0, 4);
	}
	disc_emu_traffic(m, 0, 1003, false, now);
	disc_emu_traffic(m, 0, 800, true, now);
	for (unsigned n = 0; n < 8; n++) {
		assert_int_equal(mem(IMC(n) + 0x08), n < 3 ? 126 : 125);
		assert_int_equal(mem(IMC(n) + 0x10), 100);
		rds += mem(IMC(n) + 0x08);
		wrs += mem(IMC(n) + 0x10);
	}
	assert_int_equal(rds, 1003);
	assert_int_equal(wrs, 800);
	mmio_wr(IMC(0), 1, 4);
	disc_emu_traffic(m, 0, 8, false, now);
	assert_int_equal(mem(IMC(0) + 0x08), 126);
	assert_int_equal(mem(IMC(1) + 0x08), 127);
}

/* D-72, D-73, OQ-D17: SPR's 12 IIO clocks at 0x340E + 0x10 n, GNR's 16
 * at 0x290E + 0x10 n, at the TSC's rate, read-only, running under the
 * freeze-all; the part of D-60 has none. */
static void d72_d73_ioclk(void **state)
{
	uint64_t a;

	(void)state;
	assert_int_equal(rd(GLOBAL), 1);
	a = rd(0x340E);
	now += 500;
	assert_int_equal(rd(0x340E), a + 500);
	assert_int_equal(rd(0x340E + 0x10 * 11), a + 500);
	assert_int_equal(disc_emu_wrmsr(m, 0x340E, 0, now), VEC_GP);
	assert_int_equal(disc_emu_rdmsr(m, 0x340E + 0x10 * 12, now, &a), -1);
	setup_part(&disc_part_gnr, 0, 2);
	a = rd(0x290E + 0x10 * 15);
	now += 7;
	assert_int_equal(rd(0x290E), a + 7);
	setup_part(&disc_part_new, 0, 1);
	assert_int_equal(disc_emu_rdmsr(m, 0x340E, now, &a), -1);
	assert_int_equal(disc_emu_rdmsr(m, 0x290E, now, &a), -1);
}

/* D-74, D-75, OQ-D18: SPR's 56 CHAs count a stream's lines as TOR
 * inserts of IA requests (event 0x35, umask 0x01, extended umask
 * 0xC001FF), spread evenly; with bit 16 set only those of the thread
 * whose APIC id's bits 9:0 are in the CHA's FILTER0 (0x200E + 0x10 n),
 * which keeps those 10 bits. */
#define TOR_IA 0x00C001FF00000135ull
#define TID_EN (1ull << 16)

static void d74_d75_cha_tid(void **state)
{
	uint64_t all = 0, mine = 0;

	(void)state;
	wr(GLOBAL, 0);
	for (unsigned n = 0; n < 56; n++) {
		wr(CHA + 0x10 * n + 0xE, 0x1405);
		assert_int_equal(rd(CHA + 0x10 * n + 0xE), 0x005);
		wr(CHA + 0x10 * n + 2, TOR_IA | TID_EN);
		wr(CHA + 0x10 * n + 3, TOR_IA);
		wr(CHA + 0x10 * n, 0);
	}
	disc_emu_traffic(m, 0x405, 560, false, now); /* thread 0x405: bits 9:0 match */
	disc_emu_traffic(m, 0x006, 112, true, now);  /* another thread */
	for (unsigned n = 0; n < 56; n++) {
		mine += rd(CHA + 0x10 * n + 8);
		all += rd(CHA + 0x10 * n + 9);
	}
	assert_int_equal(rd(CHA + 8), 10);
	assert_int_equal(rd(CHA + 9), 12);
	assert_int_equal(mine, 560);
	assert_int_equal(all, 672);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(d01_d04_discovery_function, setup),
		cmocka_unit_test_setup(d10_d13_table, setup),
		cmocka_unit_test_setup(d30_unit_freeze, setup),
		cmocka_unit_test_setup(d31_unit_resets, setup),
		cmocka_unit_test_setup(d33_d35_width_and_status, setup),
		cmocka_unit_test_setup(d32_d34_free_event, setup),
		cmocka_unit_test_setup(d36_global_freeze, setup),
		cmocka_unit_test_setup(d41_cha_count, setup),
		cmocka_unit_test_setup(d42_upi_where_linux_rebuilds, setup),
		cmocka_unit_test_setup(d45_parsed_model_every_unit, setup),
		cmocka_unit_test_setup(d05_one_table_per_socket, setup),
		cmocka_unit_test_setup(d40_d43_types, setup),
		cmocka_unit_test_setup(d44_gnr_entries_answer, setup),
		cmocka_unit_test_setup(d60_new_part, setup),
		cmocka_unit_test_setup(d70_d71_cas_from_traffic, setup),
		cmocka_unit_test_setup(d72_d73_ioclk, setup),
		cmocka_unit_test_setup(d74_d75_cha_tid, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
