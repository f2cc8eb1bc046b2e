/* Internal interface between the config parser (harness/config.c) and the key
 * table (harness/config_keys.c). Portable. */
#ifndef TESTS_FW_CONFIG_INT_H
#define TESTS_FW_CONFIG_INT_H

#include "harness/config.h"

enum key { K_TESTS, K_SKIP, K_LIST, K_HELP, K_VERBOSE, K_END, K_REPEAT, K_TAG,
	   K_SERIAL, K_BAUD, K_RESULTS_SERIAL, K_APIC, K_EXPECT_CPU, K_BACKEND, K_UNCORE,
	   K_EMU_FAULT, K_EMU_FAULT_EACH, K_EMU_UCLK, K_EMU_CORE_EBX, K_EMU_CORE_LEAF23, K_INJECT,
	   K_WATCHDOG, K_RESETS,
	   K_DEBUG_HANG, K_DEBUG_ALLOW_HANG, K_STRICT, K_COUNT };

/* Appending writer with snprintf semantics: len counts everything offered,
 * the buffer keeps what fits and stays NUL-terminated. */
struct sbuf {
	char *buf;
	size_t size, len;
};

struct sbuf sbuf_init(char *buf, size_t size);
void sb_vprintf(struct sbuf *b, const char *fmt, va_list ap);
__attribute__((format(printf, 2, 3))) void sb_printf(struct sbuf *b, const char *fmt, ...);

/* Takes unsigned so a UCS-2 unit like U+0120 is not mistaken for ' '. */
static inline bool is_blank(unsigned ch)
{
	return ch == ' ' || ch == '\t';
}

static inline bool is_graph(char ch)
{
	return ch > ' ' && ch < 0x7f;
}

int cfg_key_find(const char *name);                 /* enum key, or -1 */
const char *cfg_key_name(int k);
const char *cfg_key_expect(int k);                  /* "expected ..." */
const char *cfg_key_desc(int k);                    /* one line, for help */
/* In cfg_describe: every key but help, which never reaches a run that
 * records its configuration (it ends before the banner), and strict, which
 * changes nothing in a run that records it: with it set, either nothing
 * was ignored or the run ended before its banner. */
static inline bool cfg_key_described(int k)
{
	return k != K_HELP && k != K_STRICT;
}
/* Validate and store; a bad value changes nothing and returns false. */
bool cfg_key_set(struct cfg *c, int k, const char *value);
void cfg_key_show(const struct cfg *c, int k, struct sbuf *b);

#endif
