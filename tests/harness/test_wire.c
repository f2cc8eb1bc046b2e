/* Host unit tests for harness/wire.c, results.json framed for the serial
 * console: CRC-32 and base64 against their published check values (zlib's
 * "123456789" and RFC 4648 section 10), the frame's lines exactly as
 * docs/results.md gives them, and when results.serial= sends a copy.
 * tools/serial2results.py, the decoder, has its own test
 * (test_serial2results.py); make check decodes a boot's frames. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "harness/wire.h"

static void test_crc32_check_values(void **state)
{
	static const char fox[] = "The quick brown fox jumps over the lazy dog";

	(void)state;
	assert_int_equal(wire_crc32(0, "", 0), 0);
	assert_int_equal(wire_crc32(0, "123456789", 9), 0xcbf43926);
	assert_int_equal(wire_crc32(0, fox, sizeof(fox) - 1), 0x414fa339);
	/* Chained as zlib.crc32(rest, crc) is. */
	assert_int_equal(wire_crc32(wire_crc32(0, "1234", 4), "56789", 5), 0xcbf43926);
}

static void test_base64_rfc4648(void **state)
{
	static const char *const want[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=",
					     "Zm9vYmFy" };
	char out[16];

	(void)state;
	for (size_t n = 0; n < 7; n++) {
		assert_int_equal(wire_base64(out, (const uint8_t *)"foobar", n), strlen(want[n]));
		assert_string_equal(out, want[n]);
	}
	/* Every byte value maps, the high ones and '+', '/' included. */
	assert_int_equal(wire_base64(out, (const uint8_t *)"\xfb\xff\xbf\x00", 4), 8);
	assert_string_equal(out, "+/+/AA==");
}

/* The lines a frame gives, kept. */
static struct {
	char line[64][WIRE_LINE_MAX + 1];
	unsigned n;
} got;

static void keep(void *ctx, const char *line)
{
	(void)ctx;
	assert_true(got.n < 64);
	assert_true(strlen(line) <= WIRE_LINE_MAX);
	snprintf(got.line[got.n++], sizeof(got.line[0]), "%s", line);
}

static void test_frame_exact(void **state)
{
	size_t sent;

	(void)state;
	got.n = 0;
	sent = wire_frame("results.json", 7, "foobar", 6, keep, NULL);
	assert_int_equal(got.n, 3);
	assert_string_equal(got.line[0],
			    "wire: begin results.json copy=7 bytes=6 crc32=9ef61f95 lines=1");
	assert_string_equal(got.line[1], "wire: 7 0 Zm9vYmFy");
	assert_string_equal(got.line[2], "wire: end results.json copy=7 bytes=6 crc32=9ef61f95");
	/* Each line and its CR LF. */
	assert_int_equal(sent, 62 + 2 + 18 + 2 + 52 + 2);
}

/* 200 bytes: three full lines of 57 and one of 29, numbered from 0. */
static void test_frame_lines(void **state)
{
	uint8_t b[200];
	char want[WIRE_LINE_MAX];
	size_t sent, total = 0;

	(void)state;
	for (unsigned i = 0; i < sizeof(b); i++)
		b[i] = (uint8_t)i;
	got.n = 0;
	sent = wire_frame("results.json", 12, b, sizeof(b), keep, NULL);
	assert_int_equal(got.n, 6);
	assert_string_equal(got.line[0],
			    "wire: begin results.json copy=12 bytes=200 crc32=ed086180 lines=4");
	for (unsigned i = 1; i <= 4; i++) {
		int head = snprintf(want, sizeof(want), "wire: 12 %u ", i - 1);

		assert_memory_equal(got.line[i], want, (size_t)head);
		/* 76 characters a full line; 29 bytes make 40 with padding */
		assert_int_equal(strlen(got.line[i]) - (size_t)head, i < 4 ? 76 : 40);
	}
	/* bytes 0, 1, 2 and the last line's 171..199 */
	assert_memory_equal(got.line[1] + 11, "AAEC", 4);
	assert_string_equal(got.line[4] + 11, "q6ytrq+wsbKztLW2t7i5uru8vb6/wMHCw8TFxsc=");
	assert_string_equal(got.line[5], "wire: end results.json copy=12 bytes=200 crc32=ed086180");
	for (unsigned i = 0; i < got.n; i++)
		total += strlen(got.line[i]) + 2;
	assert_int_equal(sent, total);
}

static void test_frame_empty(void **state)
{
	(void)state;
	got.n = 0;
	wire_frame("results.json", 1, "", 0, keep, NULL);
	assert_int_equal(got.n, 2);
	assert_string_equal(got.line[0],
			    "wire: begin results.json copy=1 bytes=0 crc32=00000000 lines=0");
	assert_string_equal(got.line[1], "wire: end results.json copy=1 bytes=0 crc32=00000000");
}

static void test_progress_due(void **state)
{
	const struct wire_last none = { .since_us = 0, .took_us = 0 },
			       ok = { .since_us = 40000, .took_us = 10000 },
			       soon = { .since_us = 39999, .took_us = 10000 };

	(void)state;
	/* each: after every test, but not at verbose=0 */
	assert_true(wire_progress_due(WIRE_EACH, 1, &soon));
	assert_true(wire_progress_due(WIRE_EACH, 3, &soon));
	assert_false(wire_progress_due(WIRE_EACH, 0, &none));
	/* end and off: never after a test */
	assert_false(wire_progress_due(WIRE_END, 2, &none));
	assert_false(wire_progress_due(WIRE_OFF, 2, &ok));
	/* auto: the first at once; then once 4 times the last copy's time
	 * has passed since it ended, so copies take at most a fifth */
	assert_true(wire_progress_due(WIRE_AUTO, 1, &none));
	assert_true(wire_progress_due(WIRE_AUTO, 3, &ok));
	assert_false(wire_progress_due(WIRE_AUTO, 1, &soon));
	assert_false(wire_progress_due(WIRE_AUTO, 0, &ok));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32_check_values),
		cmocka_unit_test(test_base64_rfc4648),
		cmocka_unit_test(test_frame_exact),
		cmocka_unit_test(test_frame_lines),
		cmocka_unit_test(test_frame_empty),
		cmocka_unit_test(test_progress_due),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
