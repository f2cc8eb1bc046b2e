/* Host unit tests for lib/rt.c, the freestanding libc subset of the UEFI
 * build: its snprintf must agree with glibc's for everything the project
 * formats, truncation included. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

/* Compile lib/rt.c once more with every function renamed to rt_*, so both
 * implementations live in one binary. The system headers are already in, so
 * the includes in rt.h (under HOST) are no-ops and none of their
 * declarations get renamed. */
#define memmove rt_memmove
#define memcmp rt_memcmp
#define strlen rt_strlen
#define strncmp rt_strncmp
#define strcmp rt_strcmp
#define strchr rt_strchr
#define vsnprintf rt_vsnprintf
#define snprintf rt_snprintf
#include "lib/rt.c"
#undef memmove
#undef memcmp
#undef strlen
#undef strncmp
#undef strcmp
#undef strchr
#undef vsnprintf
#undef snprintf

/* Format with both at every buffer size from 0 to past the full length
 * and compare return values and the whole buffer, bytes after the
 * terminator included (neither may write there). */
static void same(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void same(const char *fmt, ...)
{
	for (size_t size = 0; size < 72; size++) {
		char want[80], got[80];
		va_list ap;
		int nw, ng;

		memset(want, '#', sizeof(want));
		memset(got, '#', sizeof(got));
		va_start(ap, fmt);
		nw = vsnprintf(want, size, fmt, ap);
		va_end(ap);
		va_start(ap, fmt);
		ng = rt_vsnprintf(got, size, fmt, ap);
		va_end(ap);
		if (nw != ng || memcmp(want, got, sizeof(want))) {
			print_error("format \"%s\", size %zu: glibc %d \"%.*s\", "
				    "rt %d \"%.*s\"\n", fmt, size, nw,
				    (int)sizeof(want), want, ng,
				    (int)sizeof(got), got);
			fail();
		}
	}
}

static void test_integers(void **state)
{
	(void)state;
	same("%d %i %u", 0, -1, 0u);
	same("%d|%i|%u", 42, -42, 4000000000u);
	same("%d %d", INT_MAX, INT_MIN);
	same("%x %X", 0xdeadbeefu, 0xdeadbeefu);
	same("%lx %lu %ld", ULONG_MAX, ULONG_MAX, LONG_MIN);
	same("%llx %llu", (unsigned long long)UINT64_MAX,
	     (unsigned long long)UINT64_MAX);
	same("%lld %lld", (long long)INT64_MIN, (long long)INT64_MAX);
	same("%zu %zx", (size_t)SIZE_MAX, (size_t)12345);
	same("%hd %hhu", (short)-5, (unsigned char)200);
}

static void test_width_and_flags(void **state)
{
	(void)state;
	same("[%5d] [%-5d|] [%05d]", 42, 42, 42);
	same("[%05d] [%08d] [%03d]", -42, INT_MIN, -42);
	same("[%08x] [%8X] [%-8x]", 0x3f8u, 0xabcu, 0x1u);
	same("[%2d] [%02x]", 12345, 0xabcu); /* width below length */
	same("[%*d] [%-*d]", 6, -7, 6, -7);
	same("[%020lld]", (long long)INT64_MIN);
}

static void test_strings(void **state)
{
	(void)state;
	same("%s|%s", "abc", "");
	same("[%-8s] [%8s]", "ab", "ab");
	same("[%-8s]", "longer than eight");
	same("[%.3s] [%.*s] [%.*s]", "abcdef", 2, "abcdef", 10, "abc");
	same("[%.*s]", -1, "negative precision means none");
	same("[%-6.2s]", "xyz");
	same("%c%c%c [%3c] [%-3c]", 'a', 'b', 'c', 'x', 'y');
	same("100%% %s", "done");
}

static void test_pointer(void **state)
{
	int x;

	(void)state;
	same("%p", (void *)&x);
	same("%p", (void *)(uintptr_t)0xffffffff80001000u);
}

static void test_truncation(void **state)
{
	char buf[8];

	(void)state;
	/* same() covers every size; here the C99 contract is spelled out. */
	assert_int_equal(rt_snprintf(NULL, 0, "%s=%d", "repeat", 1000), 11);
	memset(buf, 'x', sizeof(buf));
	assert_int_equal(rt_snprintf(buf, 0, "abc"), 3);
	assert_int_equal(buf[0], 'x');
	assert_int_equal(rt_snprintf(buf, 1, "abc"), 3);
	assert_string_equal(buf, "");
	assert_int_equal(rt_snprintf(buf, 4, "%08x", 0x3f8u), 8);
	assert_string_equal(buf, "000");
	assert_int_equal(buf[4], 'x');
	same("%s %s %s %s", "a fairly long line that", "is cut at every",
	     "possible buffer size", "by same()");
}

static void test_memmove(void **state)
{
	char b[16];

	(void)state;
	memcpy(b, "0123456789", 11);
	assert_ptr_equal(rt_memmove(b + 2, b, 5), b + 2); /* forward overlap */
	assert_string_equal(b, "0101234789");
	memcpy(b, "0123456789", 11);
	assert_ptr_equal(rt_memmove(b, b + 3, 5), b); /* backward overlap */
	assert_string_equal(b, "3456756789");
	memcpy(b, "0123456789", 11);
	rt_memmove(b + 1, b + 1, 4);
	rt_memmove(b, b + 5, 0);
	assert_string_equal(b, "0123456789");
}

/* Only the sign of a comparison is specified. */
static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void test_memcmp(void **state)
{
	(void)state;
	assert_int_equal(rt_memcmp("abc", "abd", 2), 0);
	assert_int_equal(rt_memcmp("abc", "abd", 0), 0);
	assert_int_equal(sign(rt_memcmp("abc", "abd", 3)), -1);
	assert_int_equal(sign(rt_memcmp("abd", "abc", 3)), 1);
	/* Bytes compare as unsigned char: 0x80 is above 0x01. */
	assert_int_equal(sign(rt_memcmp("\x80", "\x01", 1)), 1);
	assert_int_equal(sign(rt_memcmp("a\0b", "a\0c", 3)), -1);
}

static void test_strings_cmp(void **state)
{
	static const char *const w[] = { "", "a", "ab", "abc", "abd", "b",
					 "\xff", "\x01" };

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(w); i++) {
		for (size_t j = 0; j < ARRAY_SIZE(w); j++) {
			assert_int_equal(sign(rt_strcmp(w[i], w[j])),
					 sign(strcmp(w[i], w[j])));
			for (size_t n = 0; n < 5; n++)
				assert_int_equal(sign(rt_strncmp(w[i], w[j], n)),
						 sign(strncmp(w[i], w[j], n)));
		}
		assert_int_equal(rt_strlen(w[i]), strlen(w[i]));
	}
	assert_int_equal(rt_strncmp("io:0x3f8", "io:", 3), 0);
	assert_int_equal(rt_strncmp("abcX", "abcY", 3), 0);
}

static void test_strchr(void **state)
{
	const char *s = "key=value=x";

	(void)state;
	assert_ptr_equal(rt_strchr(s, '='), s + 3);
	assert_ptr_equal(rt_strchr(s, 'k'), s);
	assert_ptr_equal(rt_strchr(s, 'x'), s + 10);
	assert_null(rt_strchr(s, '#'));
	assert_ptr_equal(rt_strchr(s, '\0'), s + strlen(s));
	assert_ptr_equal(rt_strchr("\xff", 0xff), strchr("\xff", 0xff));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_width_and_flags),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_pointer),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_memmove),
		cmocka_unit_test(test_memcmp),
		cmocka_unit_test(test_strings_cmp),
		cmocka_unit_test(test_strchr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
