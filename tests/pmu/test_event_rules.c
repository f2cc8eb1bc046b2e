/* Host tests of the event rules (struct event_rule, pmu/regs/regs.h):
 * event_rule_find and event_allowed on a table written here, then the
 * server generations' rows against the spec's statements (S-59..S-63,
 * X-44..X-47), every expected value written from the digest, not read
 * from the tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/regs/regs.h"
#include "pmu/regs/tables.h"

/* The first matching row applies: umask 0 of event 0x36 counts nowhere,
 * every other umask on counter 0; 0x40 with umask bits 1:0 = 01 on 2 and
 * 3 only; 0x50 anywhere, throttle-only. */
static const struct event_rule rules[] = {
	{ .event = 0x36, .umask = 0, .umask_mask = 0xFF, .counters = 0, .spec = "a" },
	{ .event = 0x36, .umask_mask = 0, .counters = 0x1, .max_inc = 20, .spec = "b" },
	{ .event = 0x40, .umask = 0x01, .umask_mask = 0x03, .counters = 0xC, .spec = "c" },
	{ .event = 0x50, .umask_mask = 0, .counters = 0xF, .throttle_only = true, .spec = "d" },
	{ .spec = NULL },
};
static const struct box_type with = { .name = "with", .nboxes = 1, .events = rules };
static const struct box_type without = { .name = "without", .nboxes = 1 };

static void find_first_match_by_umask(void **state)
{
	const struct event_rule *r;

	(void)state;
	assert_string_equal(event_rule_find(&with, 0x36, 0x00)->spec, "a");
	r = event_rule_find(&with, 0x36, 0x08);
	assert_string_equal(r->spec, "b");
	assert_int_equal(r->max_inc, 20);
	assert_string_equal(event_rule_find(&with, 0x40, 0x05)->spec, "c");
	assert_null(event_rule_find(&with, 0x40, 0x02)); /* umask bits 1:0 = 10 */
	assert_true(event_rule_find(&with, 0x50, 0xFF)->throttle_only);
	assert_null(event_rule_find(&with, 0x37, 0x08));
	assert_null(event_rule_find(&without, 0x36, 0x08));
}

static void allowed_by_counter_bit(void **state)
{
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		assert_false(event_allowed(&with, k, 0x36, 0x00));
		assert_int_equal(event_allowed(&with, k, 0x36, 0x08), k == 0);
		assert_int_equal(event_allowed(&with, k, 0x40, 0x01), k >= 2);
		assert_true(event_allowed(&with, k, 0x40, 0x02)); /* no row: any counter */
		assert_true(event_allowed(&without, k, 0x36, 0x00));
	}
	assert_false(event_allowed(&with, 16, 0x50, 0));
	assert_false(event_allowed(&with, 4, 0x36, 0x08));
}

/* S-59, S-60, S-62: TOR_OCCUPANCY on C-box counter 0 alone, at most 20 a
 * cycle, umask 0 nowhere; C-box clockticks anywhere. */
static void s59_s60_s62_cbox_tor_occupancy(void **state)
{
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		assert_int_equal(event_allowed(&snbep_cbox, k, 0x36, 0x08), k == 0);
		assert_false(event_allowed(&snbep_cbox, k, 0x36, 0x00));
		assert_true(event_allowed(&snbep_cbox, k, 0x00, 0x00));
	}
	assert_int_equal(event_rule_find(&snbep_cbox, 0x36, 0x08)->max_inc, 20);
}

/* S-59, S-63, OQ-S31: U-box EVENT_MSG and LOCK_CYCLES on both counters;
 * ev_sel 0 the idle select (S-18). */
static void s59_s63_ubox(void **state)
{
	unsigned k;

	(void)state;
	for (k = 0; k < 2; k++) {
		assert_true(event_allowed(&snbep_ubox, k, 0x42, 0x04));
		assert_true(event_allowed(&snbep_ubox, k, 0x44, 0x00));
		assert_false(event_allowed(&snbep_ubox, k, 0x00, 0x00));
	}
}

/* X-44, OQ-X27: B-box counter 3's list has no 0x01 and no 0x07; 0x02
 * (EARLY_ACK on counter 3) and the suite's other choices count. */
static void x44_bbox_counter_lists(void **state)
{
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		assert_int_equal(event_allowed(&nhmex_bbox, k, 0x01, 0), k != 3);
		assert_int_equal(event_allowed(&nhmex_bbox, k, 0x07, 0), k != 3);
		assert_true(event_allowed(&nhmex_bbox, k, 0x02, 0));
	}
}

/* OQ-X28: umask 0 counts nothing on the S-box's 0x07 and the
 * C-box's 0x01 and 0x07; 0x07 of the S-box adds up to 64 a cycle. */
static void x45_x46_umask_0(void **state)
{
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		assert_false(event_allowed(&nhmex_sbox, k, 0x07, 0x00));
		assert_true(event_allowed(&nhmex_sbox, k, 0x07, 0x03));
		assert_false(event_allowed(&nhmex_cbox, k, 0x01, 0x00));
		assert_false(event_allowed(&nhmex_cbox, k, 0x07, 0x00));
		assert_true(event_allowed(&nhmex_cbox, k, 0x07, 0xFF));
	}
	assert_int_equal(event_rule_find(&nhmex_sbox, 0x07, 0x03)->max_inc, 64);
}

/* W events 0x00-0x03 and 0x07 throttle-only, 0x04 and 0x08 not. */
static void x47_wbox_throttle_events(void **state)
{
	static const uint8_t throttle[] = { 0x00, 0x01, 0x02, 0x03, 0x07 };
	unsigned i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(throttle); i++)
		assert_true(event_rule_find(&nhmex_wbox, throttle[i], 0)->throttle_only);
	assert_false(event_rule_find(&nhmex_wbox, 0x04, 0)->throttle_only);
	assert_false(event_rule_find(&nhmex_wbox, 0x08, 0)->throttle_only);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(find_first_match_by_umask),
		cmocka_unit_test(allowed_by_counter_bit),
		cmocka_unit_test(s59_s60_s62_cbox_tor_occupancy),
		cmocka_unit_test(s59_s63_ubox),
		cmocka_unit_test(x44_bbox_counter_lists),
		cmocka_unit_test(x45_x46_umask_0),
		cmocka_unit_test(x47_wbox_throttle_events),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
