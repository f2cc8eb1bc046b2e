/* Host tests of the emulated client uncore's counters and overflow
 * (pmu/emu/client/): widths (L-32, L-33, OQ-L14, OQ-L16), the wrap
 * (L-34), forwarding by OVF_EN (L-35, L-36, OQ-L9), the status per unit
 * class and its clearing (L-38..L-41, OQ-L8), PMI requests and routing
 * (L-42, L-43, L-49, OQ-L7, OQ-L20), WakePMI (L-47, L-48, OQ-L10) and
 * FREEZE (L-50..L-53, OQ-L11), on both layouts. */
#include "tests/pmu/emu/client/test_emu_client.h"

static struct client_uncore u;
static struct emu_pmi_req req[CLIENT_MAX_PMI_REQ];

static unsigned take(uint64_t now)
{
	return client_take_pmi(&u, now, req, CLIENT_MAX_PMI_REQ);
}

/* L-32, OQ-L14: 44 bits, the rest dropped on a write and read 0. */
static void l32_general_counters_are_44_bits(void **state)
{
	static const uint32_t ctr[] = { ARB_CTR(0), ARB_CTR(1), CBO_CTR(0, 0), CBO_CTR(3, 1) };
	unsigned i;

	(void)state;
	FOR_LAYOUT(l)
		for (i = 0; i < ARRAY_SIZE(ctr); i++) {
			init8(&u, l, 0, 0);
			wr(&u, ctr[i], MAX44, 0);
			assert_int_equal(rd(&u, ctr[i], 0), MAX44);
			wr(&u, ctr[i], 0xFFFFF00000000005ull, 0);
			assert_int_equal(rd(&u, ctr[i], 0), 0x00000000005ull);
		}
}

/* L-33, OQ-L16: the fixed counter wraps at 2^48 on A, 2^44 on B; L-34: it
 * counts on through the wrap. */
static void l33_fixed_width_per_layout(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 10, 0, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 9), (1ull << l->fixed_width) - 1);
		assert_int_equal(rd(&u, FIXED_CTR, 25), 15);
		wr(&u, FIXED_CTR, ~0ull, 25);
		assert_int_equal(rd(&u, FIXED_CTR, 25), (1ull << l->fixed_width) - 1);
	}
}

/* L-32, L-34: a general counter preset 2^44 - N wraps after N events and
 * goes on; unforwarded (OVF_EN = 0, OQ-L9) it sets no status. */
static void l34_counts_through_the_wrap(void **state)
{
	const struct ref r = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };
	uint64_t n = ref_count(&r, 0, 3000);

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, ARB_CTR(0), (1ull << 44) - n + 7, 0);
		wr(&u, ARB_SEL(0), ref_sel(&r, 0), 0);
		wr(&u, l->gctl, GC_EN | GC_FRZ | 0xF, 0);
		assert_int_equal(rd(&u, ARB_CTR(0), 3000), 7);
		assert_int_equal(rd(&u, l->gctl + 1, 3000), 0);
		assert_int_equal(take(3000), 0);
		assert_int_equal(rd(&u, l->gctl, 3000), GC_EN | GC_FRZ | 0xF); /* L-53 */
	}
}

/* L-35, L-38, L-42, OQ-L20: a forwarded wrap sets its unit's bit and asks
 * for a PMI at the wrap cycle. */
static void l35_ovf_en_forwards_the_overflow(void **state)
{
	struct ref r = { .unit = CLIENT_UNIT_CBOX(2), .ev = 0x34, .um = 0x8F, .cmask = 1 };
	uint64_t w;

	(void)state;
	/* cycle w: the 40th counted cycle from 100 */
	for (w = 100; ref_count(&r, 100, w) < 40; w++)
		;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, CBO_CTR(2, 1), (1ull << 44) - 40, 0);
		wr(&u, CBO_SEL(2, 1), ref_sel(&r, ES_OVF), 0);
		wr(&u, l->gctl, GC_EN | 0x1, 100);
		assert_int_equal(rd(&u, l->gctl + 1, w - 1), 0);
		assert_int_equal(rd(&u, l->gctl + 1, w), ST_CBO);
		assert_int_equal(take(w + 500), 1);
		assert_int_equal(req[0].cycle, w);
		assert_int_equal(req[0].cores, 0x1);
	}
}

/* L-36, OQ-L21: FIXED_CTRL bit 20 forwards the fixed counter's wrap. */
static void l36_fixed_ovf_en_is_bit_20(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 50, FC_OVF, 0x2);
		assert_int_equal(rd(&u, l->gctl + 1, 49), 0);
		assert_int_equal(rd(&u, l->gctl + 1, 50), ST_FIXED);
		assert_int_equal(take(60), 1);
		assert_int_equal(req[0].cores, 0x2);
		fixed_wrap(&u, l, 0, 50, 0, 0x2); /* OQ-L9: no bit 20, nothing */
		assert_int_equal(rd(&u, l->gctl + 1, 100), 0);
		assert_int_equal(take(100), 0);
	}
}

/* L-38, L-39: bit 1 for either ARB counter, bit 3 for any C-box's. */
static void l38_status_bit_per_unit_class(void **state)
{
	static const struct {
		uint32_t sel, ctr;
		unsigned unit;
		uint64_t bit;
	} c[] = {
		{ .sel = ARB_SEL(0), .ctr = ARB_CTR(0), .unit = CLIENT_UNIT_ARB, .bit = ST_ARB },
		{ .sel = ARB_SEL(1), .ctr = ARB_CTR(1), .unit = CLIENT_UNIT_ARB, .bit = ST_ARB },
		{ .sel = CBO_SEL(0, 0), .ctr = CBO_CTR(0, 0), .unit = CLIENT_UNIT_CBOX(0),
		  .bit = ST_CBO },
		{ .sel = CBO_SEL(3, 1), .ctr = CBO_CTR(3, 1), .unit = CLIENT_UNIT_CBOX(3),
		  .bit = ST_CBO },
	};
	unsigned i;

	(void)state;
	FOR_LAYOUT(l)
		for (i = 0; i < ARRAY_SIZE(c); i++) {
			uint8_t ev = c[i].unit == CLIENT_UNIT_ARB ? 0x81 : 0x34;
			uint8_t um = c[i].unit == CLIENT_UNIT_ARB ? 0x01 : 0x8F;

			init8(&u, l, 0, 0);
			wr(&u, c[i].ctr, MAX44 - 2, 0);
			wr(&u, c[i].sel, evtsel(ev, um, 0, ES_EN | ES_OVF), 0);
			wr(&u, l->gctl, GC_EN, 0);
			assert_int_equal(rd(&u, l->gctl + 1, 5000), c[i].bit);
			assert_true(rd(&u, c[i].ctr, 5000) < MAX44 - 2); /* L-39: below its preset */
		}
}

/* L-40, OQ-L8: writing 0 clears, 1 sets the defined bits 0, 1, 3, the rest
 * ignored; L-41: nothing else changes and counting goes on. */
static void l40_status_written_as_stored(void **state)
{
	uint64_t before;

	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 50, FC_OVF, 0x1);
		assert_int_equal(rd(&u, l->gctl + 1, 100), ST_FIXED);
		before = rd(&u, FIXED_CTR, 100);
		wr(&u, l->gctl + 1, 0, 100);
		assert_int_equal(rd(&u, l->gctl + 1, 100), 0);
		wr(&u, l->gctl + 1, ~0ull, 100);
		assert_int_equal(rd(&u, l->gctl + 1, 100), ST_FIXED | ST_ARB | ST_CBO);
		assert_int_equal(rd(&u, FIXED_CTR, 200), before + 100);
		assert_int_equal(rd(&u, l->gctl, 200), GC_EN | 0x1);
		assert_int_equal(rd(&u, FIXED_CTL, 200), FC_EN | FC_OVF);
	}
}

/* L-49, OQ-L20: every forwarded overflow asks again, status set or not. */
static void l49_every_forwarded_overflow_asks_again(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 10, FC_OVF, 0x1);
		wr(&u, FIXED_CTR, (1ull << l->fixed_width) - 10, 100);
		assert_int_equal(rd(&u, l->gctl + 1, 200), ST_FIXED);
		assert_int_equal(take(200), 2);
		assert_int_equal(req[0].cycle, 10);
		assert_int_equal(req[1].cycle, 110);
	}
}

/* L-43, OQ-L7: the select bits at the wrap name the cores, each alone, all
 * and none; bit 4 routes to core 4 on B only (stored on A). */
static void l43_routing_by_select_bits(void **state)
{
	uint64_t sel;

	(void)state;
	FOR_LAYOUT(l)
		for (sel = 0; sel < 0x20; sel++) {
			fixed_wrap(&u, l, 0, 10, FC_OVF, sel);
			assert_int_equal(take(20), 1);
			assert_int_equal(req[0].cores, sel & ((1u << l->sel_bits) - 1));
			assert_int_equal(rd(&u, l->gctl, 20), GC_EN | sel);
		}
}

/* L-47, L-48, OQ-L10: without WakePMI a halted selected core is left out
 * (and nothing is kept for it); with WakePMI it is in. */
static void l47_l48_wake_pmi_and_halted_cores(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 100, FC_OVF, 0xF);
		client_cstate(&u, 1, PMU_C1, 20);
		client_cstate(&u, 3, PMU_C6, 30);
		assert_int_equal(take(200), 1);
		assert_int_equal(req[0].cores, 0x5);
		client_cstate(&u, 1, PMU_C0, 300); /* woken later: nothing owed */
		assert_int_equal(take(400), 0);

		fixed_wrap(&u, l, 0, 100, FC_OVF, GC_WAKE | 0xF);
		client_cstate(&u, 1, PMU_C1, 20);
		client_cstate(&u, 3, PMU_C3, 30);
		assert_int_equal(take(200), 1);
		assert_int_equal(req[0].cores, 0xF);

		fixed_wrap(&u, l, 0, 100, FC_OVF, 0xF); /* halted after the wrap: counted in */
		client_cstate(&u, 2, PMU_C1, 101);
		assert_int_equal(take(200), 1);
		assert_int_equal(req[0].cores, 0xF);
	}
}

/* L-50, L-51, OQ-L11: FREEZE clears EN at the wrap; every counter holds the
 * value of that cycle; the rest of GLOBAL_CTRL and the controls stay. */
static void l50_freeze_stops_every_counter_at_the_wrap(void **state)
{
	const struct ref r = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };

	(void)state;
	FOR_LAYOUT(l) {
		init8(&u, l, 0, 0);
		wr(&u, FIXED_CTR, (1ull << l->fixed_width) - 1000, 0);
		wr(&u, FIXED_CTL, FC_EN | FC_OVF, 0);
		wr(&u, ARB_SEL(1), ref_sel(&r, 0), 0);
		wr(&u, l->gctl, GC_EN | GC_FRZ | GC_WAKE | 0x3, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 5000), 0);
		assert_int_equal(rd(&u, ARB_CTR(1), 5000), ref_count(&r, 0, 1000));
		assert_int_equal(rd(&u, ARB_CTR(1), 9000), ref_count(&r, 0, 1000));
		assert_int_equal(rd(&u, l->gctl, 9000), GC_FRZ | GC_WAKE | 0x3);
		assert_int_equal(rd(&u, ARB_SEL(1), 9000), ref_sel(&r, 0));
		assert_int_equal(rd(&u, FIXED_CTL, 9000), FC_EN | FC_OVF);
		/* L-52: EN again resumes, the frozen interval not counted */
		wr(&u, l->gctl, GC_EN | GC_FRZ | GC_WAKE | 0x3, 9000);
		assert_int_equal(rd(&u, FIXED_CTR, 9500), 500);
		assert_int_equal(rd(&u, ARB_CTR(1), 9500),
				 ref_count(&r, 0, 1000) + ref_count(&r, 9000, 9500));
	}
}

/* L-53, OQ-L11: no freeze without FREEZE, nor for an unforwarded wrap. */
static void l53_no_freeze_without_freeze_or_ovf_en(void **state)
{
	(void)state;
	FOR_LAYOUT(l) {
		fixed_wrap(&u, l, 0, 10, FC_OVF, 0);
		assert_int_equal(rd(&u, FIXED_CTR, 100), 90);
		assert_int_equal(rd(&u, l->gctl, 100), GC_EN);
		fixed_wrap(&u, l, 0, 10, 0, GC_FRZ);
		assert_int_equal(rd(&u, FIXED_CTR, 100), 90);
		assert_int_equal(rd(&u, l->gctl, 100), GC_EN | GC_FRZ);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(l32_general_counters_are_44_bits),
		cmocka_unit_test(l33_fixed_width_per_layout),
		cmocka_unit_test(l34_counts_through_the_wrap),
		cmocka_unit_test(l35_ovf_en_forwards_the_overflow),
		cmocka_unit_test(l36_fixed_ovf_en_is_bit_20),
		cmocka_unit_test(l38_status_bit_per_unit_class),
		cmocka_unit_test(l40_status_written_as_stored),
		cmocka_unit_test(l49_every_forwarded_overflow_asks_again),
		cmocka_unit_test(l43_routing_by_select_bits),
		cmocka_unit_test(l47_l48_wake_pmi_and_halted_cores),
		cmocka_unit_test(l50_freeze_stops_every_counter_at_the_wrap),
		cmocka_unit_test(l53_no_freeze_without_freeze_or_ovf_en),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
