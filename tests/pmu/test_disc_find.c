/* Host unit tests of finding the discovery tables and correcting them
 * (pmu/disc/find.c, pmu/disc/fixes.c), one or more per statement of
 * docs/spec/xeon-discovery.md §4.1 and §4.5, on a made-up machine this
 * file builds: a few PCI functions with configuration spaces, a few MSRs,
 * tables in memory. */
#include "pmu/disc/find.h"
#include <setjmp.h>
#include <cmocka.h>

#define NFN 8

static struct fake_fn {
	struct pci_fn f;
	uint32_t cfg[1024];
} fns[NFN];
static unsigned nfn;
static uint64_t msr_201e[2], msr_2ffe;
static bool has_201e;
static uint64_t table[2][64];

static int fake_pci(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val)
{
	(void)ctx;
	if (f.seg)
		return PLAT_EUNSUPPORTED;
	for (unsigned i = 0; i < nfn; i++)
		if (fns[i].f.bus == f.bus && fns[i].f.dev == f.dev && fns[i].f.fn == f.fn) {
			*val = fns[i].cfg[off / 4];
			return 0;
		}
	*val = ~0u;
	return PLAT_EABORT;
}

static int fake_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx;
	if (msr == DISC_MSR_BASE && has_201e && cpu < 2)
		return *val = msr_201e[cpu], 0;
	if (msr == 0x2FFE)
		return *val = msr_2ffe, 0;
	return 13; /* #GP */
}

static int fake_mem(void *ctx, uint64_t phys, uint64_t *val)
{
	(void)ctx;
	for (unsigned s = 0; s < 2; s++)
		if (phys >= 0xD0000000ull + s * 0x1000 && phys < 0xD0000000ull + s * 0x1000 + 64 * 8)
			return *val = table[s][(phys - 0xD0000000ull - s * 0x1000) / 8], 0;
	return PLAT_ERANGE;
}

static const struct disc_io io = { .pci_read32 = fake_pci, .rdmsr = fake_msr, .read64 = fake_mem };

static struct disc_pci_fn list_mem[64];
static struct disc_pci_list list = { .e = list_mem, .cap = 64 };

/* A function vendor:device at bus:dev.fn. */
static struct fake_fn *add(uint16_t vid, uint16_t did, uint8_t bus, uint8_t dev, uint8_t fn)
{
	struct fake_fn *x = &fns[nfn++];

	memset(x, 0, sizeof(*x));
	x->f = (struct pci_fn){ .bus = bus, .dev = dev, .fn = fn };
	x->cfg[0] = vid | (uint32_t)did << 16;
	return x;
}

/* An extended capability at off, id, next, with dwords +8 and +0xC. */
static void cap(struct fake_fn *x, uint16_t off, uint16_t id, uint16_t next, uint32_t d8,
		uint32_t dc)
{
	x->cfg[off / 4] = id | 1u << 16 | (uint32_t)next << 20;
	x->cfg[off / 4 + 2] = d8;
	x->cfg[off / 4 + 3] = dc;
}

static int setup(void **state)
{
	(void)state;
	nfn = 0;
	has_201e = false;
	msr_2ffe = 0;
	memset(table, 0, sizeof(table));
	return 0;
}

static unsigned find(struct disc_found *out, unsigned max)
{
	disc_pci_scan(&io, &list);
	return disc_find_pci(&io, &list, out, max);
}

/* D-01: a function with device id 0x09A7 and the capability restricts
 * the search to such functions; its BAR 0 gives the table. */
static void d01_device_09a7_first(void **state)
{
	struct disc_found d[4];
	struct fake_fn *x;

	(void)state;
	x = add(0x8086, 0x1234, 0x10, 0, 0); /* another Intel function with a table */
	cap(x, 0x100, 0x23, 0, 1, 0);
	x->cfg[4] = 0xE0000000;
	add(0x8086, 0x2000, 0x7E, 0, 0); /* its device's function 0 */
	x = add(0x8086, 0x09A7, 0x7E, 0, 1);
	cap(x, 0x100, 0x0B, 0x140, 0, 0); /* a vendor capability first */
	cap(x, 0x140, 0x23, 0, 1, 0);
	x->cfg[4] = 0xD0000000;
	assert_int_equal(find(d, 4), 1);
	assert_int_equal(d[0].fn.bus, 0x7E);
	assert_int_equal(d[0].fn.fn, 1);
	assert_int_equal(d[0].cap, 0x140);
	assert_true(d[0].base == 0xD0000000ull);
	assert_null(d[0].bad);
}

/* D-02: without a 0x09A7 function carrying it, every Intel function is
 * searched, in bus order; another vendor's capability is not looked at. */
static void d02_every_intel_function(void **state)
{
	struct disc_found d[4];
	struct fake_fn *x;

	(void)state;
	x = add(0x1AF4, 0x1000, 0x01, 0, 0); /* virtio: not Intel */
	cap(x, 0x100, 0x23, 0, 1, 0);
	x->cfg[4] = 0xA0000000;
	add(0x8086, 0x09A7, 0x02, 0, 0); /* 0x09A7 without the capability */
	x = add(0x8086, 0x3456, 0x80, 2, 0);
	cap(x, 0x100, 0x23, 0, 1, 0);
	x->cfg[4] = 0xD0001000;
	x = add(0x8086, 0x3456, 0x00, 2, 0);
	cap(x, 0x100, 0x23, 0, 1, 0);
	x->cfg[4] = 0xD0000000;
	assert_int_equal(find(d, 4), 2);
	assert_int_equal(d[0].fn.bus, 0x00);
	assert_int_equal(d[1].fn.bus, 0x80);
}

/* D-03: a capability 0x23 of another entry type is passed over without a
 * word; the next one on the same function is found. */
static void d03_other_entry_types(void **state)
{
	struct disc_found d[4];
	struct fake_fn *x;

	(void)state;
	x = add(0x8086, 0x09A7, 0x00, 3, 0);
	cap(x, 0x100, 0x23, 0x180, 2, 0);        /* entry type 2 */
	cap(x, 0x180, 0x23, 0, 0x12340001, 0);   /* PMON, upper half ignored */
	x->cfg[4] = 0xD0000000;
	assert_int_equal(find(d, 4), 1);
	assert_int_equal(d[0].cap, 0x180);
}

/* D-04: the BIR picks the BAR; a 64-bit BAR takes its upper half; a BIR
 * dword with other bits, an I/O or prefetchable BAR, an empty BAR are
 * named (OQ-D2) and the search goes on. */
static void d04_bar_decoding(void **state)
{
	struct disc_found d[8];
	struct fake_fn *x;

	(void)state;
	x = add(0x8086, 0x1111, 0x00, 4, 0);
	cap(x, 0x100, 0x23, 0x140, 1, 2);        /* BAR 2, 64-bit */
	cap(x, 0x140, 0x23, 0x180, 1, 0x102);    /* bits above 2:0 */
	cap(x, 0x180, 0x23, 0x1C0, 1, 1);        /* BAR 1: I/O */
	cap(x, 0x1C0, 0x23, 0x200, 1, 3);        /* BAR 3: prefetchable */
	cap(x, 0x200, 0x23, 0, 1, 5);            /* BAR 5: empty */
	x->cfg[4 + 2] = 0xC0000004;
	x->cfg[4 + 3] = 0x00000012;
	x->cfg[4 + 1] = 0xE001;
	assert_int_equal(find(d, 8), 5);
	assert_true(d[0].base == 0x12C0000000ull);
	assert_null(d[0].bad);
	assert_non_null(strstr(d[1].bad, "OQ-D2"));
	assert_non_null(strstr(d[2].bad, "D-04"));
	assert_non_null(d[3].bad); /* BAR 3 is the 64-bit BAR's upper half */
	assert_non_null(strstr(d[4].bad, "no address"));
}

/* D-06: MSR 0x201E gives the table's address; 0 or a fault gives none. */
static void d06_msr_discovery(void **state)
{
	struct disc_found d;

	(void)state;
	assert_false(disc_find_msr(&io, 0, &d));
	has_201e = true;
	msr_201e[0] = 0xD0000000, msr_201e[1] = 0;
	assert_true(disc_find_msr(&io, 0, &d));
	assert_int_equal(d.where, DISC_AT_MSR);
	assert_true(d.base == 0xD0000000ull);
	assert_false(disc_find_msr(&io, 1, &d));
}

/* D-06, D-74: the five named generations' MSR 0x201E is CHA 1's FILTER0,
 * not a table's address: only other models are asked. */
static void d06_d74_msr_not_on_named(void **state)
{
	static const uint32_t named[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD };

	(void)state;
	for (unsigned i = 0; i < 6; i++)
		assert_false(disc_msr_offers(named[i]));
	assert_true(disc_msr_offers(0xD0));
	assert_true(disc_msr_offers(0x6A));
}

static struct disc_unit units[64];
static struct disc_table t;

/* Socket s's table: n CHAs (type 0) and two UPI entries (type 8). */
static void spr_table(unsigned s, unsigned n)
{
	uint64_t *q = table[s];

	q[0] = 1 | 3 << 8 | (uint64_t)(n + 2) << 16, q[1] = 0x2FF0, q[2] = 0;
	for (unsigned i = 0; i < n + 2; i++) {
		uint64_t *e = &q[3 * (i + 1)];

		e[0] = 4 | 2 << 8 | 48 << 16 | 8ull << 24 | 1ull << 32 | (i < n ? 0 : 2ull << 62);
		e[1] = i < n ? 0x2000 + 0x10 * i : 0xFFF0318; /* UPI: a broken address */
		e[2] = (i < n ? 0 : 8) | (uint64_t)(i < n ? i : i - n) << 16;
	}
}

static uint32_t parse_and_fix(unsigned s, uint32_t model)
{
	t = (struct disc_table){ .units = units, .cap = 64 };
	assert_int_equal(disc_parse(&t, 0xD0000000ull + s * 0x1000, fake_mem, NULL), DISC_OK);
	return disc_fix_apply(&io, &list, model, s, s, &t);
}

static unsigned count(uint16_t type)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t.nunits; i++)
		n += t.units[i].type == type;
	return n;
}

/* D-41: on SPR a non-zero MSR 0x2FFE keeps the CHAs below it; 0 (EMR XCC)
 * keeps the table's; another model is left alone. */
static void d41_cha_count(void **state)
{
	(void)state;
	spr_table(0, 6);
	msr_2ffe = 4;
	disc_pci_scan(&io, &list);
	assert_int_not_equal(parse_and_fix(0, 0x8F) & 1, 0);
	assert_int_equal(count(0), 4);
	for (unsigned i = 0; i < t.nunits; i++)
		assert_true(t.units[i].type != 0 || t.units[i].id < 4);
	msr_2ffe = 0;
	assert_int_equal(parse_and_fix(0, 0xCF) & 1, 0);
	assert_int_equal(count(0), 6);
	msr_2ffe = 4;
	assert_int_equal(parse_and_fix(0, 0xAD), 0);
	assert_int_equal(count(0), 6);
}

/* D-42: SPR's UPI entries are dropped and four units rebuilt on the
 * socket's 8086:3241 at device 1 function 1, devices 1 to 4. */
static void d42_upi_rebuilt(void **state)
{
	(void)state;
	add(0x8086, 0x3240, 0x1E, 1, 0);
	add(0x8086, 0x3241, 0x1E, 1, 1);
	add(0x8086, 0x3240, 0x9E, 1, 0);
	add(0x8086, 0x3241, 0x9E, 1, 1);
	add(0x8086, 0x3240, 0x9E, 2, 0);
	add(0x8086, 0x3241, 0x9E, 2, 1); /* the next device: not where D-42 looks first */
	spr_table(1, 3);
	disc_pci_scan(&io, &list);
	parse_and_fix(1, 0x8F);
	assert_int_equal(count(8), 4);
	for (unsigned i = 0, k = 0; i < t.nunits; i++) {
		const struct disc_unit *u = &t.units[i];
		struct reg_loc l;

		if (u->type != 8)
			continue;
		assert_int_equal(u->id, k);
		l = disc_reg(u, DISC_UNIT_CTL, 0, 0);
		assert_int_equal(l.fn.bus, 0x9E);
		assert_int_equal(l.fn.dev, 1 + k);
		assert_int_equal(l.fn.fn, 1);
		assert_int_equal(l.off, 0x318);
		assert_int_equal(disc_reg(u, DISC_CTR_CTL, 1, 0).off, 0x358);
		assert_int_equal(disc_reg(u, DISC_CTR, 1, 0).off, 0x328);
		assert_int_equal(u->status_off, 0); /* OQ-D14 */
		k++;
	}
	/* no M3UPI function on this machine: none rebuilt */
	assert_int_equal(count(9), 0);
}

/* D-20, OQ-D4: the OFFS8 rows set the step of their types only. */
static void d20_offs8_rows(void **state)
{
	uint64_t *q = table[0];

	(void)state;
	q[0] = 1 | 3 << 8 | 2ull << 16, q[1] = 0x2FF0;
	q[3] = 4 | 0x40 << 8 | 48 << 16 | 8ull << 24 | 1ull << 62, q[4] = 0xF0000000, q[5] = 17;
	q[6] = 4 | 0x40 << 8 | 48 << 16 | 8ull << 24 | 1ull << 62, q[7] = 0xF0010000, q[8] = 6;
	disc_pci_scan(&io, &list);
	parse_and_fix(0, 0xAD);
	assert_int_equal(t.units[0].ctl_step, 8);
	assert_int_equal(t.units[1].ctl_step, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(d01_device_09a7_first, setup),
		cmocka_unit_test_setup(d02_every_intel_function, setup),
		cmocka_unit_test_setup(d03_other_entry_types, setup),
		cmocka_unit_test_setup(d04_bar_decoding, setup),
		cmocka_unit_test_setup(d06_msr_discovery, setup),
		cmocka_unit_test_setup(d41_cha_count, setup),
		cmocka_unit_test_setup(d42_upi_rebuilt, setup),
		cmocka_unit_test_setup(d20_offs8_rows, setup),
		cmocka_unit_test(d06_d74_msr_not_on_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
