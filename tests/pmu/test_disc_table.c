/* Host unit tests of the discovery-table parser (pmu/disc/table.c), one
 * or more per statement of docs/spec/xeon-discovery.md §4.1-4.3: tables
 * built in memory by this file's own encoder (the field positions of the
 * digest's §2, not the parser's), malformed ones among them, and a small
 * fuzz over random tables. */
#include "pmu/disc/table.h"
#include <stdlib.h>
#include <setjmp.h>
#include <cmocka.h>

#define BASE 0xC0000000ull
#define QWORDS 4096

static uint64_t mem[QWORDS];
static unsigned reads_refused_from = QWORDS; /* qword index from which reads fail */

static int rd(void *ctx, uint64_t phys, uint64_t *val)
{
	uint64_t i = (phys - BASE) / 8;

	(void)ctx;
	if (phys < BASE || (phys & 7) || i >= QWORDS || i >= reads_refused_from)
		return PLAT_ERANGE;
	*val = mem[i];
	return 0;
}

/* §2, written out here. */
static void global(unsigned stride, unsigned max_units, uint64_t ctl)
{
	mem[0] = (uint64_t)1 | (uint64_t)stride << 8 | (uint64_t)max_units << 16;
	mem[1] = ctl;
	mem[2] = 0x10 | (uint64_t)2 << 8;
}

struct ent {
	unsigned nregs, ctl_off, width, ctr_off, status_off, access;
	uint64_t ctl;
	unsigned type, id, gsp;
};

static void unit(unsigned stride, unsigned i, struct ent e)
{
	uint64_t *q = &mem[(i + 1) * stride];

	q[0] = e.nregs | e.ctl_off << 8 | e.width << 16 | (uint64_t)e.ctr_off << 24 |
	       (uint64_t)e.status_off << 32 | (uint64_t)e.access << 62;
	q[1] = e.ctl;
	q[2] = e.type | (uint64_t)e.id << 16 | (uint64_t)e.gsp << 32;
}

static struct ent cha(unsigned id)
{
	return (struct ent){ .nregs = 4, .ctl_off = 2, .width = 48, .ctr_off = 8, .status_off = 1,
			     .access = 0, .ctl = 0x2000 + 0x10 * id, .type = 0, .id = id };
}

static struct disc_unit units[DISC_MAX_UNITS];
static struct disc_table t;

static int setup(void **state)
{
	(void)state;
	memset(mem, 0, sizeof(mem));
	reads_refused_from = QWORDS;
	t = (struct disc_table){ .units = units, .cap = DISC_MAX_UNITS };
	return 0;
}

static enum disc_rc parse(void)
{
	return disc_parse(&t, BASE, rd, NULL);
}

/* D-10: every field of the global entry where §2 puts it. */
static void d10_global_fields(void **state)
{
	(void)state;
	mem[0] = 0x7Bull | 0x04ull << 8 | 0x3FFull << 16 | 2ull << 62;
	mem[1] = 0x2FF0;
	mem[2] = 0x38 | 0xABCDull << 8;
	parse();
	assert_int_equal(t.global.type, 0x7B);
	assert_int_equal(t.global.stride, 4);
	assert_int_equal(t.global.max_units, 0x3FF);
	assert_int_equal(t.global.access, 2);
	assert_true(t.global.ctl == 0x2FF0);
	assert_int_equal(t.global.status_off, 0x38);
	assert_int_equal(t.global.nstatus, 0xABCD);
}

/* D-11: each of Linux's five invalid global entries makes the table
 * unreadable; an unreadable global entry is its own error. */
static void d11_invalid_global(void **state)
{
	static const struct { unsigned q; uint64_t v; } bad[] = {
		{ .q = 0, .v = 0 },
		{ .q = 0, .v = ~0ull },
		{ .q = 1, .v = 0 },
		{ .q = 1, .v = ~0ull },
		{ .q = 2, .v = ~0ull },
	};

	(void)state;
	for (unsigned k = 0; k < ARRAY_SIZE(bad); k++) {
		setup(NULL);
		global(3, 1, 0x2FF0);
		unit(3, 0, cha(0));
		mem[bad[k].q] = bad[k].v;
		assert_int_equal(parse(), DISC_E_GLOBAL);
		assert_int_equal(t.nunits, 0);
	}
	setup(NULL);
	reads_refused_from = 1;
	assert_int_equal(parse(), DISC_E_READ);
}

/* D-12: unit i sits at (i + 1) * stride qwords, whatever the stride; a
 * stride below 3 is refused. */
static void d12_stride(void **state)
{
	(void)state;
	for (unsigned stride = 3; stride <= 8; stride++) {
		setup(NULL);
		global(stride, 5, 0x2FF0);
		for (unsigned i = 0; i < 5; i++)
			unit(stride, i, cha(i));
		assert_int_equal(parse(), DISC_OK);
		assert_int_equal(t.nunits, 5);
		for (unsigned i = 0; i < 5; i++)
			assert_int_equal(t.units[i].id, i);
	}
	for (unsigned stride = 0; stride < 3; stride++) {
		setup(NULL);
		global(stride, 5, 0x2FF0);
		assert_int_equal(parse(), DISC_E_STRIDE);
	}
}

/* D-13: every field of a unit entry where §2 puts it, the global status
 * position included. */
static void d13_unit_fields(void **state)
{
	const struct disc_unit *u = &units[0];

	(void)state;
	global(3, 1, 0x2FF0);
	unit(3, 0, (struct ent){ .nregs = 0xA5, .ctl_off = 0x5A, .width = 0x33, .ctr_off = 0xC3,
				 .status_off = 0x3C, .access = 1, .ctl = 0xFEDCBA9876540000ull,
				 .type = 0xBEEF, .id = 0x1234, .gsp = 0x4321 });
	assert_int_equal(parse(), DISC_OK);
	assert_int_equal(t.nunits, 1);
	assert_int_equal(u->nregs, 0xA5);
	assert_int_equal(u->ctl_off, 0x5A);
	assert_int_equal(u->width, 0x33);
	assert_int_equal(u->ctr_off, 0xC3);
	assert_int_equal(u->status_off, 0x3C);
	assert_int_equal(u->access, DISC_MMIO);
	assert_true(u->ctl == 0xFEDCBA9876540000ull);
	assert_int_equal(u->type, 0xBEEF);
	assert_int_equal(u->id, 0x1234);
	assert_int_equal(u->gsp, 0x4321);
}

/* D-14, D-15, D-16: the skipped entries, each named with its index and its
 * reason, the good ones around them kept in order. */
static void d14_d15_d16_skipped_named(void **state)
{
	struct ent e;

	(void)state;
	global(3, 9, 0x2FF0);
	unit(3, 0, cha(0));
	mem[2 * 3 + 0] = 0; /* entry 1: qword 0 zero */
	e = cha(2), e.ctl = 0;
	unit(3, 2, e);      /* entry 2: no unit control (D-14, OQ-D5) */
	e = cha(3), e.access = 3;
	unit(3, 3, e);      /* entry 3: reserved access type */
	e = cha(4), e.ctl_off = 0;
	unit(3, 4, e);      /* entry 4: control offset 0 */
	e = cha(5), e.ctr_off = 0;
	unit(3, 5, e);      /* entry 5: counter offset 0 */
	unit(3, 6, cha(0)); /* entry 6: duplicate of entry 0 */
	unit(3, 7, cha(7));
	unit(3, 8, cha(8));
	mem[9 * 3 + 2] = ~0ull; /* entry 8: qword 2 all-ones */
	assert_int_equal(parse(), DISC_OK);
	assert_int_equal(t.nunits, 2);
	assert_int_equal(t.units[0].id, 0);
	assert_int_equal(t.units[1].id, 7);
	assert_int_equal(t.nskips, 7);
	static const struct { unsigned index, why; } want[] = {
		{ .index = 1, .why = DISC_INVALID },
		{ .index = 2, .why = DISC_INVALID },
		{ .index = 3, .why = DISC_ACCESS },
		{ .index = 4, .why = DISC_OFFSET },
		{ .index = 5, .why = DISC_OFFSET },
		{ .index = 6, .why = DISC_DUPLICATE },
		{ .index = 8, .why = DISC_INVALID },
	};
	for (unsigned k = 0; k < ARRAY_SIZE(want); k++) {
		assert_int_equal(t.skips[k].index, want[k].index);
		assert_int_equal(t.skips[k].why, want[k].why);
		assert_non_null(strstr(disc_why_text(t.skips[k].why), "D-1"));
	}
}

/* An entry past the readable range is named unread; the units before it
 * are kept; more units than the array holds are named, not written. */
static void unreadable_and_full_entries(void **state)
{
	(void)state;
	global(3, 4, 0x2FF0);
	for (unsigned i = 0; i < 4; i++)
		unit(3, i, cha(i));
	reads_refused_from = 4 * 3 + 1;
	t.cap = 2;
	assert_int_equal(parse(), DISC_OK);
	assert_int_equal(t.nunits, 2);
	assert_int_equal(t.nskips, 2);
	assert_int_equal(t.skips[0].why, DISC_FULL);
	assert_int_equal(t.skips[1].why, DISC_UNREAD);
	assert_int_equal(t.skips[1].index, 3);
}

/* D-17: the access types' values. */
static void d17_access_types(void **state)
{
	(void)state;
	assert_string_equal(disc_access_text(0), "MSR");
	assert_string_equal(disc_access_text(1), "MMIO");
	assert_string_equal(disc_access_text(2), "PCI");
	assert_string_equal(disc_access_text(3), "reserved");
}

/* D-18: an MSR unit's registers one MSR number apart. */
static void d18_msr_spacing(void **state)
{
	struct disc_unit u;
	enum disc_why why;
	struct reg_loc l;
	uint64_t q[3] = { 4 | 2 << 8 | 48 << 16 | 8ull << 24 | 1ull << 32, 0x2010, 0 };

	(void)state;
	assert_true(disc_decode_unit(q, &u, &why));
	l = disc_reg(&u, DISC_UNIT_CTL, 0, 3);
	assert_int_equal(l.space, SPACE_MSR);
	assert_int_equal(l.cpu, 3);
	assert_int_equal(l.msr, 0x2010);
	assert_int_equal(disc_reg(&u, DISC_UNIT_STATUS, 0, 0).msr, 0x2011);
	assert_int_equal(disc_reg(&u, DISC_CTR_CTL, 3, 0).msr, 0x2015);
	assert_int_equal(disc_reg(&u, DISC_CTR, 3, 0).msr, 0x201B);
}

/* D-19: a PCI unit's packed address and its registers 8 bytes apart. */
static void d19_pci_packing(void **state)
{
	/* segment 1, bus 0x7E, device 0x1D, function 5, offset 0x318 */
	uint64_t ctl = 1ull << 28 | 0x7Eull << 20 | 0x1Dull << 15 | 5ull << 12 | 0x318;
	uint64_t q[3] = { 4 | 0x38 << 8 | 48 << 16 | 0x08ull << 24 | 0x10ull << 32 | 2ull << 62, ctl,
			  8 };
	struct disc_unit u;
	enum disc_why why;
	struct reg_loc l;

	(void)state;
	assert_true(disc_decode_unit(q, &u, &why));
	l = disc_reg(&u, DISC_UNIT_CTL, 0, 0);
	assert_int_equal(l.space, SPACE_PCI);
	assert_int_equal(l.fn.seg, 1);
	assert_int_equal(l.fn.bus, 0x7E);
	assert_int_equal(l.fn.dev, 0x1D);
	assert_int_equal(l.fn.fn, 5);
	assert_int_equal(l.off, 0x318);
	assert_int_equal(l.bytes, 4);
	assert_int_equal(disc_reg(&u, DISC_CTR_CTL, 2, 0).off, 0x318 + 0x38 + 16);
	l = disc_reg(&u, DISC_CTR, 2, 0);
	assert_int_equal(l.off, 0x318 + 0x08 + 16);
	assert_int_equal(l.bytes, 8);
	assert_int_equal(disc_reg(&u, DISC_UNIT_STATUS, 0, 0).off, 0x328);
}

/* D-20, OQ-D4: an MMIO unit's controls 4 bytes apart by default, 8 once a
 * correction says so; its counters 8 apart, read as 64 bits. */
static void d20_mmio_spacing(void **state)
{
	uint64_t q[3] = { 4 | 0x40 << 8 | 48 << 16 | 0x08ull << 24 | 0x5Cull << 32 | 1ull << 62,
			  0xF0000000ull, 6 };
	struct disc_unit u;
	enum disc_why why;

	(void)state;
	assert_true(disc_decode_unit(q, &u, &why));
	assert_int_equal(disc_reg(&u, DISC_UNIT_CTL, 0, 0).space, SPACE_MMIO);
	assert_true(disc_reg(&u, DISC_CTR_CTL, 3, 0).phys == 0xF0000000ull + 0x40 + 12);
	assert_true(disc_reg(&u, DISC_CTR, 3, 0).phys == 0xF0000000ull + 0x08 + 24);
	assert_int_equal(disc_reg(&u, DISC_CTR, 3, 0).bytes, 8);
	assert_int_equal(disc_reg(&u, DISC_CTR_CTL, 3, 0).bytes, 4);
	assert_true(disc_reg(&u, DISC_UNIT_STATUS, 0, 0).phys == 0xF000005Cull);
	u.ctl_step = 8;
	assert_true(disc_reg(&u, DISC_CTR_CTL, 3, 0).phys == 0xF0000000ull + 0x40 + 24);
}

/* The parser on random tables: it never reads outside the table's span
 * (D-12), keeps at most its capacity, and keeps exactly the entries the
 * reference rule of D-14..D-16 accepts. */
static void fuzz_random_tables(void **state)
{
	(void)state;
	srand(29);
	for (unsigned run = 0; run < 2000; run++) {
		unsigned stride = 3 + rand() % 4, n = rand() % 40, want = 0;
		bool ids[4][64] = { { false } };

		setup(NULL);
		global(stride, n, 0x2FF0);
		for (unsigned i = 0; i < n; i++) {
			struct ent e = cha(rand() % 64);

			e.type = rand() % 4;
			switch (rand() % 8) {
			case 0: e.ctl = rand() % 2 ? 0 : ~0ull; break;
			case 1: e.access = 3; break;
			case 2: e.ctl_off = 0; break;
			case 3: e.ctr_off = 0; break;
			default: break;
			}
			unit(stride, i, e);
			if (rand() % 16 == 0)
				mem[(i + 1) * stride + rand() % 3] = rand() % 2 ? 0 : ~0ull;
			uint64_t *q = &mem[(i + 1) * stride];
			bool ok = q[0] && q[0] != ~0ull && q[1] && q[1] != ~0ull && q[2] != ~0ull &&
				  (q[0] >> 62) != 3 && ((q[0] >> 8) & 0xFF) && ((q[0] >> 24) & 0xFF);
			unsigned ty = q[2] & 0xFFFF, id = (q[2] >> 16) & 0xFFFF;

			if (ok && !ids[ty][id])
				ids[ty][id] = true, want++;
		}
		reads_refused_from = (n + 1) * stride;
		t.cap = 1 + rand() % 40;
		assert_int_equal(parse(), DISC_OK);
		assert_int_equal(t.nunits, want < t.cap ? want : t.cap);
		assert_int_equal(t.nunits + t.nskips, n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(d10_global_fields, setup),
		cmocka_unit_test_setup(d11_invalid_global, setup),
		cmocka_unit_test_setup(d12_stride, setup),
		cmocka_unit_test_setup(d13_unit_fields, setup),
		cmocka_unit_test_setup(d14_d15_d16_skipped_named, setup),
		cmocka_unit_test_setup(unreadable_and_full_entries, setup),
		cmocka_unit_test_setup(d17_access_types, setup),
		cmocka_unit_test_setup(d18_msr_spacing, setup),
		cmocka_unit_test_setup(d19_pci_packing, setup),
		cmocka_unit_test_setup(d20_mmio_spacing, setup),
		cmocka_unit_test_setup(fuzz_random_tables, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
