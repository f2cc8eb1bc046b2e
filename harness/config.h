/* Harness configuration: key=value options from the config file on the boot
 * medium, then from the UEFI shell command line (later wins). Portable (no
 * <efi.h>) so the parser is unit-tested on the host. In the test layer,
 * beside the runner, the suites and the result files that read it; efi/
 * and the host suite fill it (docs/design.md, Layers). */
#ifndef TESTS_FW_CONFIG_H
#define TESTS_FW_CONFIG_H

#include "lib/rt.h"
#include "pmu/detect.h"
#include "pmu/emu/faults.h"

#define CFG_LIST_MAX 512  /* tests= / skip= value */
#define CFG_LINE_MAX 1024 /* longer lines are rejected whole */
#define CFG_TAG_SIZE 64   /* tag= array: 63 characters */
#define CFG_UNCORE_SIZE 16 /* uncore= array */
#define CFG_HANG_SIZE 160  /* debug.hang= array */
/* watchdog= default: a test's bound in seconds. The longest healthy test
 * takes about 10 s under TCG on a loaded host (README, "Watchdog"); a lab
 * machine runs each in well under a second. */
#define CFG_WATCHDOG_S 300
/* The longest config file read: a larger one is refused whole, with a
 * message naming its size and this limit, and none of it applies (never a
 * truncated copy, whose cut last line could still parse). */
#define CFG_FILE_MAX 65536

#define CFG_IGNORED_KEEP 8
#define CFG_IGNORED_LEN 200
enum cfg_end { END_AUTO, END_SHUTDOWN, END_REBOOT, END_HALT, END_EXIT };
enum cfg_apic { CFG_APIC_KEEP, CFG_APIC_XAPIC, CFG_APIC_X2APIC };
/* inject=: a fault the run causes on purpose, to show that a path other
 * than the happy one leaves the machine as found (suites/self/inject.c,
 * harness/state.c) */
enum cfg_inject { INJECT_NONE, INJECT_GP_IN_TEST, INJECT_GP_OUTSIDE_TEST, INJECT_AP_HANG,
		  INJECT_PREFLIGHT_FAIL };
/* results.serial=: which copies of results.json go over the serial console
 * (harness/wire.h) */
enum cfg_wire { WIRE_OFF, WIRE_END, WIRE_EACH, WIRE_AUTO };

struct cfg {
	char tests[CFG_LIST_MAX]; /* comma-separated globs, default "*" */
	char skip[CFG_LIST_MAX];  /* comma-separated globs, default "" */
	bool list;                /* print test ids + descriptions, then end */
	bool help;                /* print every key (cfg_help), then end */
	int verbose;              /* 0..3, default 1 */
	enum cfg_end end;         /* default END_AUTO */
	unsigned repeat;          /* 1..1000, default 1 */
	char tag[CFG_TAG_SIZE];   /* free-form run label, default "" */
	uint16_t serial_port;     /* direct 16550 writer; 0 = off (default) */
	uint32_t baud;            /* 50..115200, default 115200 */
	enum cfg_wire results_serial; /* results.serial=, default WIRE_AUTO */
	enum cfg_apic apic;       /* default CFG_APIC_KEEP */
	/* expect_cpu=FAMILY:MODEL (hex digits, no 0x; FAMILY_MODEL too): the
	 * CPU the run must find, 0:0 = any */
	uint32_t expect_family, expect_model;
	/* backend=auto|hw|emu: auto = emulated uncore under a hypervisor,
	 * hardware on bare metal */
	enum pmu_backend backend;
	char uncore[CFG_UNCORE_SIZE]; /* uncore=auto|<generation> (emulated backend) */
	struct emu_fault_set emu_faults; /* emu.fault=a,b (pmu/emu/faults.h) */
	/* emu.fault.each=1: a pass of the selection without a defect, then
	 * one per defect of emu_faults, alone (harness/session.c); the
	 * emulated PMUs are set up without a defect. */
	bool emu_fault_each;
	uint32_t emu_uclk_mhz;    /* emu.uclk_mhz=: emulated U-clock, default 2133 */
	int32_t emu_core_ebx;     /* emu.core_ebx=: the emulated core PMU's CPUID.0AH:EBX,
				   * -1 (auto): its shape's own */
	bool emu_core_leaf23_sub0; /* emu.core_leaf23=sub0: leaf 23H's sub-leaf 0 alone
				    * (C-64, C-72); full (default): the shape's own */
	enum cfg_inject inject;   /* inject=, default INJECT_NONE */
	/* watchdog=S: every test's bound in seconds, armed before it runs
	 * (efi/watchdog.c); 0 = no watchdog. Default CFG_WATCHDOG_S. */
	uint32_t watchdog_s;
	/* watchdog.resets=K: a run resumes after at most K watchdog resets,
	 * then ends with what it has (efi/progress.c). Default 3. */
	uint32_t resets;
	/* debug.hang=ID:irq-on|irq-off[,...]: hang in that test's slot on
	 * purpose (efi/watchdog.c); refused but on the emulated backend or
	 * with debug.allow_hang=1. "" = none. */
	char hang[CFG_HANG_SIZE];
	bool allow_hang;
	/* strict=1: an ignored config line or token is an ERROR that ends the
	 * run with exit code 2 before any test runs. */
	bool strict;
	/* How many lines or tokens the parsers ignored, and the first
	 * CFG_IGNORED_KEEP of their messages (cut at CFG_IGNORED_LEN - 1
	 * bytes), for the closing lines. */
	unsigned ignored;
	char ignored_msg[CFG_IGNORED_KEEP][CFG_IGNORED_LEN];
};

/* Receives one human-readable message per problem, e.g.
 * "config \uncore-harness.cfg line 7: bad number 'x' for repeat=". */
typedef void (*cfg_msg_fn)(void *ctx, const char *msg);

void cfg_defaults(struct cfg *c);

/* The options pmu_choose and pmu_setup take (pmu/detect.h), from c's
 * backend=, uncore= and emu.* keys. They point into c: keep c until
 * pmu_setup has returned (it copies the defects). With emu.fault.each=1 no
 * defect: each pass sets its own (harness/session.c). */
static inline struct pmu_opts cfg_pmu_opts(const struct cfg *c)
{
	return (struct pmu_opts){ .backend = c->backend, .uncore = c->uncore,
				  .faults = c->emu_fault_each ? NULL : &c->emu_faults,
				  .uclk_mhz = c->emu_uclk_mhz,
				  .core_ebx = c->emu_core_ebx,
				  .core_leaf23_sub0 = c->emu_core_leaf23_sub0 };
}

/* Set one option. Returns 0, or -1 with a message in err. */
int cfg_set(struct cfg *c, const char *key, const char *value, char *err,
	    size_t errlen);

/* Parse a config file's bytes: UTF-8 (BOM tolerated) or UTF-16LE with BOM;
 * LF or CRLF; '#' starts a comment; blank lines ignored; a bare key (no '=')
 * is accepted only for boolean keys such as "list". Every bad line is
 * reported through msg and skipped. Returns the number of bad lines.
 * A file of more than CFG_FILE_MAX bytes is refused whole with one message
 * ("config NAME: N bytes, over the 65536-byte limit; ...") and returns 1,
 * before any of data is read: a caller that only knows the size of a file
 * too large to read may pass data NULL. */
int cfg_parse_file(struct cfg *c, const char *name, const void *data,
		   size_t len, cfg_msg_fn msg, void *ctx);

/* Parse UEFI load options: UCS-2 command line (BOM tolerated, NUL-terminated
 * or nchars long) whose first token is argv[0] and is skipped; the remaining
 * whitespace-separated tokens are key=value (or bare boolean keys). Returns
 * the number of bad tokens. */
int cfg_parse_loadopts(struct cfg *c, const uint16_t *s, size_t nchars,
		       cfg_msg_fn msg, void *ctx);

/* Keep msg among what c's parsers ignored (cfg.ignored, cfg.ignored_msg);
 * the parsers call it for every line or token they ignore. */
void cfg_ignored(struct cfg *c, const char *msg);
/* "config ignored: <message>" through msg for each kept, and a line for
 * the others: what a run's closing lines repeat. Nothing when none. */
void cfg_say_ignored(const struct cfg *c, cfg_msg_fn msg, void *ctx);
/* help: one line through line() per key of the parser's table, its name,
 * default, one-line description and allowed values ("help: verbose
 * (default 1): ...; values: a number 0..3"), after a line on where keys go.
 * A bare "help", "--help", "-h" or "?" (a config line or a command-line
 * token) sets help=1. */
void cfg_help(cfg_msg_fn line, void *ctx);

/* Effective configuration as "key=value key=value ..." (all keys but help), with
 * snprintf's semantics: returns the full length, buf keeps what fits. */
size_t cfg_describe(const struct cfg *c, char *buf, size_t size);

/* cfg_describe's longest output plus its NUL, for any struct cfg (even one
 * filled by hand): every "key=" and the spaces between them, tests= and
 * skip= and tag= at their arrays' sizes, uncore= likewise, every emu.fault
 * defect name with the commas between them, and each number or name at its
 * widest (verbose=-2147483648 end=shutdown repeat=4294967295 serial=io:0xffff
 * baud=4294967295 results.serial=auto apic=x2apic expect_cpu=ffffffff:ffffffff backend=auto
 * emu.fault.each=1 emu.uclk_mhz=4294967295 emu.core_ebx=0x7fffffff
 * emu.core_leaf23=full inject=gp-outside-test
 * watchdog=4294967295 watchdog.resets=4294967295 debug.allow_hang=1).
 * A buffer of this size
 * always holds the whole description; tests/harness/test_config_limits.c
 * checks that the worst case is exactly this long. */
#define CFG_FAULT_NAME_SIZE_(f, id, name, run, desc) + sizeof(name)
#define CFG_FAULT_NAMES_MAX (0 EMU_FAULTS(CFG_FAULT_NAME_SIZE_)) /* NUL included */
#define CFG_DESCRIBE_KEYS   247 /* "tests= skip= ... inject= ... debug.allow_hang=" */
#define CFG_DESCRIBE_NUMS   141 /* list..debug.allow_hang values, but tag's and hang's */
#define CFG_DESCRIBE_MAX                                                     \
	(CFG_DESCRIBE_KEYS + 2 * (CFG_LIST_MAX - 1) + (CFG_TAG_SIZE - 1) +   \
	 (CFG_UNCORE_SIZE - 1) + (CFG_HANG_SIZE - 1) + CFG_DESCRIBE_NUMS +   \
	 CFG_FAULT_NAMES_MAX)

/* The console shows the description on lines of "config: " and at most
 * CFG_DESCRIBE_WIDTH bytes of it (200 in all). */
#define CFG_DESCRIBE_WIDTH 192

/* The next console line of a description text, at most width bytes:
 * returns its length n (0 at the end of text) and sets *next to where the
 * line after it starts (n, or n + 1 past a separating space). Lines break
 * between "key=value" pairs (at a space followed by a known key and '='),
 * as many whole pairs on a line as fit; a pair longer than width gets lines
 * of its own, cut after its last ',' that fits, else at width. Nothing is
 * dropped: the lines, joined with a space where *next skipped one, are the
 * text. */
size_t cfg_describe_line(const char *text, size_t width, size_t *next);

/* The described keys one at a time, for a writer of pairs rather than of
 * the text (a tag= may hold " verbose=2", which the text cannot tell from
 * a key): the name of the i-th key cfg_describe shows (0, 1, ...), or NULL
 * past the last, and its value as cfg_describe shows it in val, with
 * snprintf's semantics (*len the full length). */
const char *cfg_pair(const struct cfg *c, unsigned i, char *val, size_t size, size_t *len);

const char *cfg_end_name(enum cfg_end e);
const char *cfg_apic_name(enum cfg_apic a);
const char *cfg_backend_name(enum pmu_backend b);
const char *cfg_inject_name(enum cfg_inject i);
const char *cfg_wire_name(enum cfg_wire w);

#endif
