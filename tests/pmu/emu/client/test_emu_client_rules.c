/* Host tests of the emulated client uncore's event rules (spec
 * client-uncore.md §4.14, L-82..L-87): an event on a counter its sources
 * exclude, an event no list names for the part, or a umask missing one of
 * its two groups counts nothing; everywhere else the counter counts the
 * independent reference of test_emu_client.h. Which counter may count what
 * is this file's own table, written from the digest, never read from
 * pmu/regs/client.c. */
#include "tests/pmu/emu/client/test_emu_client.h"

/* L-66, L-74, L-76 */
#define C_CBO_SEL(n, k) (0x700u + 8u * (n) + (k))
#define C_CBO_CTR(n, k) (0x702u + 8u * (n) + (k))
#define D_GCTL 0x2FF0u
#define D_ARB_SEL(b, k) (0x2FD0u + 8u * (b) + (k))
#define D_ARB_CTR(b, k) (0x2FD2u + 8u * (b) + (k))
#define D_CBO_SEL(n, k) (0x2000u + 8u * (n) + (k))
#define D_CBO_CTR(n, k) (0x2002u + 8u * (n) + (k))

#define WIN 6000

static struct client_uncore u;

/* A part: its init and CPU model, its GLOBAL_CTRL, and for ARB counters 0
 * and 1 (box 0) the select and counter MSRs (0: the part has none, L-70). */
struct part {
	const char *name;
	void (*init)(void *m, emu_faults_t f, unsigned ncores, uint32_t model, uint32_t uclk_khz,
		     uint64_t now);
	uint32_t model, gctl;
	uint32_t arb_sel[2], arb_ctr[2];
};

static const struct part snb = { .name = "snb", .init = client_a_init, .model = 0x2A,
	.gctl = 0x391, .arb_sel = { 0x3B2, 0x3B3 }, .arb_ctr = { 0x3B0, 0x3B1 } };
static const struct part skl = { .name = "skl", .init = client_b_init, .model = 0x5E,
	.gctl = 0xE01, .arb_sel = { 0x3B2, 0x3B3 }, .arb_ctr = { 0x3B0, 0x3B1 } };
static const struct part icl = { .name = "icl", .init = client_icl_init, .model = 0x7E,
	.gctl = 0xE01, .arb_sel = { 0, 0x3B3 }, .arb_ctr = { 0, 0x3B1 } };
static const struct part tgl = { .name = "tgl", .init = client_c_init, .model = 0x8C,
	.gctl = 0xE01, .arb_sel = { 0x3B2, 0x3B3 }, .arb_ctr = { 0x3B0, 0x3B1 } };
static const struct part rkl = { .name = "rkl", .init = client_c_init, .model = 0xA7,
	.gctl = 0xE01, .arb_sel = { 0x3B2, 0x3B3 }, .arb_ctr = { 0x3B0, 0x3B1 } };
static const struct part adl = { .name = "adl", .init = client_d_init, .model = 0x97,
	.gctl = D_GCTL, .arb_sel = { D_ARB_SEL(0, 0), D_ARB_SEL(0, 1) },
	.arb_ctr = { D_ARB_CTR(0, 0), D_ARB_CTR(0, 1) } };

/* What sel's counter (at ctr) of part p counts over [0, WIN), alone. */
static uint64_t counted(const struct part *p, uint32_t sel, uint32_t ctr, uint64_t val)
{
	p->init(&u, 0, 8, p->model, 0, 0);
	wr(&u, sel, val, 0);
	wr(&u, p->gctl, GC_EN, 0);
	return rd(&u, ctr, WIN);
}

/* ARB counter k of part p on event ev (umask 01H): the reference where
 * `counts`, else nothing. */
static void arb_rule(const struct part *p, unsigned k, uint8_t ev, bool counts)
{
	const struct ref r = { .unit = CLIENT_UNIT_ARB, .ev = ev, .um = 0x01 };
	uint64_t n;

	if (!p->arb_ctr[k])
		return;
	n = counted(p, p->arb_sel[k], p->arb_ctr[k], ref_sel(&r, 0));
	if (n != (counts ? ref_count(&r, 0, WIN) : 0))
		fail_msg("%s ARB counter %u on %02XH counted %lu, want %s", p->name, k, ev,
			 (unsigned long)n, counts ? "the reference" : "nothing");
}

/* One row of the digest's ARB rules (L-56, L-83, OQ-L33, OQ-L34, L-72):
 * part, event, whether counter 0 and counter 1 count it. */
static const struct {
	const struct part *p;
	uint8_t ev;
	bool on0, on1;
} arb_rows[] = {
	/* layout A: 80H, 83H on 0 only; 81H, 84H on either (L-56) */
	{ .p = &snb, .ev = 0x80, .on0 = true, .on1 = false },
	{ .p = &snb, .ev = 0x83, .on0 = true, .on1 = false },
	{ .p = &snb, .ev = 0x81, .on0 = true, .on1 = true },
	{ .p = &snb, .ev = 0x84, .on0 = true, .on1 = true },
	/* B, Tiger Lake, D: no 83H from Skylake on (L-83, OQ-L33) */
	{ .p = &skl, .ev = 0x80, .on0 = true, .on1 = false },
	{ .p = &skl, .ev = 0x83, .on0 = false, .on1 = false },
	{ .p = &skl, .ev = 0x81, .on0 = true, .on1 = true },
	{ .p = &skl, .ev = 0x84, .on0 = true, .on1 = true },
	{ .p = &tgl, .ev = 0x80, .on0 = true, .on1 = false },
	{ .p = &tgl, .ev = 0x83, .on0 = false, .on1 = false },
	{ .p = &tgl, .ev = 0x81, .on0 = true, .on1 = true },
	{ .p = &tgl, .ev = 0x84, .on0 = true, .on1 = true },
	{ .p = &adl, .ev = 0x80, .on0 = true, .on1 = false },
	{ .p = &adl, .ev = 0x83, .on0 = false, .on1 = false },
	{ .p = &adl, .ev = 0x81, .on0 = true, .on1 = true },
	{ .p = &adl, .ev = 0x84, .on0 = true, .on1 = true },
	/* Rocket Lake: requests on counter 1 alone (L-83, OQ-L34) */
	{ .p = &rkl, .ev = 0x80, .on0 = true, .on1 = false },
	{ .p = &rkl, .ev = 0x83, .on0 = false, .on1 = false },
	{ .p = &rkl, .ev = 0x81, .on0 = false, .on1 = true },
	{ .p = &rkl, .ev = 0x84, .on0 = false, .on1 = true },
	/* Ice Lake client: counter 1 alone, no occupancy (L-72, L-87) */
	{ .p = &icl, .ev = 0x80, .on0 = false, .on1 = false },
	{ .p = &icl, .ev = 0x83, .on0 = false, .on1 = false },
	{ .p = &icl, .ev = 0x81, .on0 = false, .on1 = true },
	{ .p = &icl, .ev = 0x84, .on0 = false, .on1 = true },
};

/* L-83 (with L-56, L-72, L-87, OQ-L33, OQ-L34): each part's ARB counts
 * each event on the counters the digest gives it and nowhere else. */
static void l83_arb_rules_by_part(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(arb_rows); i++) {
		arb_rule(arb_rows[i].p, 0, arb_rows[i].ev, arb_rows[i].on0);
		arb_rule(arb_rows[i].p, 1, arb_rows[i].ev, arb_rows[i].on1);
	}
}

/* L-76, L-83: layout D's second ARB box keeps the rules of the first. */
static void l83_d_arb_box1_same_rules(void **state)
{
	const struct ref occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };
	const struct ref coh = { .unit = CLIENT_UNIT_ARB, .ev = 0x83, .um = 0x01 };

	(void)state;
	assert_int_equal(counted(&adl, D_ARB_SEL(1, 0), D_ARB_CTR(1, 0), ref_sel(&occ, 0)),
			 ref_count(&occ, 0, WIN));
	assert_int_equal(counted(&adl, D_ARB_SEL(1, 1), D_ARB_CTR(1, 1), ref_sel(&occ, 0)), 0);
	assert_int_equal(counted(&adl, D_ARB_SEL(1, 0), D_ARB_CTR(1, 0), ref_sel(&coh, 0)), 0);
}

/* C-box 0's counter k select and counter MSRs on part p (L-11, L-66, L-74). */
static void cbo(const struct part *p, unsigned k, uint32_t *sel, uint32_t *ctr)
{
	if (p == &snb || p == &skl) {
		*sel = CBO_SEL(0, k);
		*ctr = CBO_CTR(0, k);
	} else if (p == &adl) {
		*sel = D_CBO_SEL(0, k);
		*ctr = D_CBO_CTR(0, k);
	} else {
		*sel = C_CBO_SEL(0, k);
		*ctr = C_CBO_CTR(0, k);
	}
}

/* L-84 (with L-55, L-57, OQ-L22, OQ-L32): on every layout 34H and 22H
 * with a bit of each umask group count on either C-box counter, at most
 * one a cycle; with one group they count nothing on either. */
static void l84_cbox_rules(void **state)
{
	static const struct part *const parts[] = { &snb, &skl, &icl, &tgl, &adl };
	static const struct {
		uint8_t ev, um;
		bool counts;
	} rows[] = {
		{ .ev = 0x34, .um = 0x8F, .counts = true },
		{ .ev = 0x34, .um = 0x1F, .counts = true },
		{ .ev = 0x34, .um = 0x0F, .counts = false },
		{ .ev = 0x34, .um = 0x80, .counts = false },
		{ .ev = 0x22, .um = 0x41, .counts = true },
		{ .ev = 0x22, .um = 0x01, .counts = false },
		{ .ev = 0x22, .um = 0x40, .counts = false },
	};
	unsigned i, j, k;
	uint32_t sel, ctr;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(parts); i++)
		for (j = 0; j < ARRAY_SIZE(rows); j++)
			for (k = 0; k < 2; k++) {
				const struct ref r = { .unit = CLIENT_UNIT_CBOX(0),
						.ev = rows[j].ev, .um = rows[j].um };
				uint64_t n, want = rows[j].counts ? ref_count(&r, 0, WIN) : 0;

				cbo(parts[i], k, &sel, &ctr);
				n = counted(parts[i], sel, ctr, ref_sel(&r, 0));
				if (n != want || n > WIN)
					fail_msg("%s C-box 0 counter %u on %02XH/%02XH counted %lu, "
						 "want %lu", parts[i]->name, k, rows[j].ev,
						 rows[j].um, (unsigned long)n, (unsigned long)want);
				if (rows[j].counts)
					assert_true(want > 0);
			}
}

/* L-85: on layout B the fixed counter keeps 44 bits of an all-ones write
 * (the probe the suite makes), 48 on A, C and D (OQ-L14: the rest
 * dropped, no fault). */
static void l85_fixed_width_probe_reads_the_width(void **state)
{
	static const struct {
		const struct part *p;
		uint32_t fixed_ctr;
		uint64_t want;
	} rows[] = {
		{ .p = &snb, .fixed_ctr = 0x395, .want = MAX48 },
		{ .p = &skl, .fixed_ctr = 0x395, .want = MAX44 },
		{ .p = &tgl, .fixed_ctr = 0x395, .want = MAX48 },
		{ .p = &adl, .fixed_ctr = 0x2FDF, .want = MAX48 },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		rows[i].p->init(&u, 0, 8, rows[i].p->model, 0, 0);
		wr(&u, rows[i].fixed_ctr, ~0ull, 0);
		assert_int_equal(rd(&u, rows[i].fixed_ctr, 0), rows[i].want);
	}
}

/* L-87, L-88: what Linux programs where the model differs, by name. On
 * Skylake a third C-box event goes to PERFEVTSEL2/PERFCTR2 (0x702, 0x708),
 * which Intel's MSR table does not list: #GP. On Ice Lake client 80H on
 * the one ARB counter counts nothing. */
static void l87_l88_linux_sequences_named_differences(void **state)
{
	const struct ref occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };
	uint64_t v;

	(void)state;
	skl.init(&u, 0, 8, skl.model, 0, 0);
	assert_int_equal(client_wrmsr(&u, 0, 0x702, evtsel(0x34, 0x8F, 0, ES_EN), 0), VEC_GP);
	assert_int_equal(client_rdmsr(&u, 0, 0x708, 0, &v), VEC_GP);
	assert_int_equal(counted(&icl, 0x3B3, 0x3B1, ref_sel(&occ, 0)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l83_arb_rules_by_part),
		cmocka_unit_test(l83_d_arb_box1_same_rules),
		cmocka_unit_test(l84_cbox_rules),
		cmocka_unit_test(l85_fixed_width_probe_reads_the_width),
		cmocka_unit_test(l87_l88_linux_sequences_named_differences),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
