/* Shared by the host tests of harness/config.c (test_config*.c): a message
 * capture that checks every message as it arrives, and parse helpers for
 * the config file and the load options. */
#ifndef TEST_CONFIG_H
#define TEST_CONFIG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmu/emu/faults.h"

#include "harness/config.h"

#define NAME "\\uncore-harness.cfg"

/* Every message the parser emits, checked on arrival to be one line of
 * printable ASCII whatever the input was. */
static struct {
	int n;
	char msg[32][800];
} cap;

static inline void cap_fn(void *ctx, const char *m)
{
	(void)ctx;
	for (const char *p = m; *p; p++)
		if (*p < ' ' || *p > '~')
			fail_msg("unprintable byte 0x%02x in message: %s",
				 (unsigned char)*p, m);
	if (cap.n < (int)ARRAY_SIZE(cap.msg))
		snprintf(cap.msg[cap.n], sizeof(cap.msg[0]), "%s", m);
	cap.n++;
}

static struct cfg c, def;

static inline int parse_n(const void *data, size_t len)
{
	cfg_defaults(&c);
	cfg_defaults(&def);
	memset(&cap, 0, sizeof(cap));
	return cfg_parse_file(&c, NAME, data, len, cap_fn, NULL);
}

static inline int parse(const char *text)
{
	return parse_n(text, strlen(text));
}

/* Message i must contain each of the NULL-terminated substrings. */
static inline void msg_has(int i, ...)
{
	va_list ap;
	const char *want;

	assert_in_range(i, 0, cap.n - 1);
	va_start(ap, i);
	while ((want = va_arg(ap, const char *)))
		if (!strstr(cap.msg[i], want))
			fail_msg("message %d lacks \"%s\": %s", i, want,
				 cap.msg[i]);
	va_end(ap);
}

static inline void assert_cfg_equal(const struct cfg *a, const struct cfg *b)
{
	assert_string_equal(a->tests, b->tests);
	assert_string_equal(a->skip, b->skip);
	assert_int_equal(a->list, b->list);
	assert_int_equal(a->help, b->help);
	assert_int_equal(a->verbose, b->verbose);
	assert_int_equal(a->end, b->end);
	assert_int_equal(a->repeat, b->repeat);
	assert_string_equal(a->tag, b->tag);
	assert_int_equal(a->serial_port, b->serial_port);
	assert_int_equal(a->baud, b->baud);
	assert_int_equal(a->apic, b->apic);
	assert_int_equal(a->expect_family, b->expect_family);
	assert_int_equal(a->expect_model, b->expect_model);
	assert_int_equal(a->backend, b->backend);
	assert_string_equal(a->uncore, b->uncore);
	assert_memory_equal(&a->emu_faults, &b->emu_faults, sizeof(a->emu_faults));
	assert_int_equal(a->emu_fault_each, b->emu_fault_each);
	assert_int_equal(a->emu_uclk_mhz, b->emu_uclk_mhz);
	assert_int_equal(a->emu_core_ebx, b->emu_core_ebx);
	assert_int_equal(a->emu_core_leaf23_sub0, b->emu_core_leaf23_sub0);
	assert_int_equal(a->inject, b->inject);
	assert_int_equal(a->watchdog_s, b->watchdog_s);
	assert_int_equal(a->resets, b->resets);
	assert_string_equal(a->hang, b->hang);
	assert_int_equal(a->allow_hang, b->allow_hang);
}

/* ASCII to UCS-2 (no terminator); returns the length. */
static inline size_t ucs2(uint16_t *dst, const char *s)
{
	size_t n = 0;

	for (; s[n]; n++)
		dst[n] = (unsigned char)s[n];
	return n;
}

static inline int loadopts(const char *cmdline)
{
	static uint16_t u[4096];

	cfg_defaults(&c);
	cfg_defaults(&def);
	memset(&cap, 0, sizeof(cap));
	return cfg_parse_loadopts(&c, u, ucs2(u, cmdline), cap_fn, NULL);
}

#endif
