/* Harness configuration: key=value options from the config file on the boot
 * medium, then from the UEFI shell command line (later wins). Portable (no
 * <efi.h>) so the parser is unit-tested on the host. */
#ifndef EFI_CONFIG_H
#define EFI_CONFIG_H

#include "../lib/rt.h"
#include "../pmu/emu_faults.h"

#define CFG_LIST_MAX 512  /* tests= / skip= value */
#define CFG_LINE_MAX 1024 /* longer lines are rejected whole */

enum cfg_end { END_AUTO, END_SHUTDOWN, END_REBOOT, END_HALT, END_EXIT };
enum cfg_apic { CFG_APIC_KEEP, CFG_APIC_XAPIC, CFG_APIC_X2APIC };
enum cfg_backend { CFG_BACKEND_AUTO, CFG_BACKEND_HW, CFG_BACKEND_EMU };

struct cfg {
	char tests[CFG_LIST_MAX]; /* comma-separated globs, default "*" */
	char skip[CFG_LIST_MAX];  /* comma-separated globs, default "" */
	bool list;                /* print test ids + descriptions, then end */
	int verbose;              /* 0..3, default 1 */
	enum cfg_end end;         /* default END_AUTO */
	unsigned repeat;          /* 1..1000, default 1 */
	char tag[64];             /* free-form run label, default "" */
	uint16_t serial_port;     /* direct 16550 writer; 0 = off (default) */
	uint32_t baud;            /* 50..115200, default 115200 */
	enum cfg_apic apic;       /* default CFG_APIC_KEEP */
	/* expect_cpu=FAMILY:MODEL (hex): the CPU the run must find, 0:0 = any */
	uint32_t expect_family, expect_model;
	/* backend=auto|hw|emu: auto = emulated uncore under a hypervisor,
	 * hardware on bare metal */
	enum cfg_backend backend;
	char uncore[16];          /* uncore=auto|<generation> (emulated backend) */
	emu_faults_t emu_faults;  /* emu.fault=a,b: EMU_F() mask, pmu/emu_faults.h */
	uint32_t emu_uclk_mhz;    /* emu.uclk_mhz=: emulated U-clock, default 2133 */
	int32_t emu_core_ebx;     /* emu.core_ebx=: the emulated core PMU's CPUID.0AH:EBX,
				   * -1 (auto): its shape's own */
};

/* Receives one human-readable message per problem, e.g.
 * "config \uncore-harness.cfg line 7: bad number 'x' for repeat=". */
typedef void (*cfg_msg_fn)(void *ctx, const char *msg);

void cfg_defaults(struct cfg *c);

/* Set one option. Returns 0, or -1 with a message in err. */
int cfg_set(struct cfg *c, const char *key, const char *value, char *err,
	    size_t errlen);

/* Parse a config file's bytes: UTF-8 (BOM tolerated) or UTF-16LE with BOM;
 * LF or CRLF; '#' starts a comment; blank lines ignored; a bare key (no '=')
 * is accepted only for boolean keys such as "list". Every bad line is
 * reported through msg and skipped. Returns the number of bad lines. */
int cfg_parse_file(struct cfg *c, const char *name, const void *data,
		   size_t len, cfg_msg_fn msg, void *ctx);

/* Parse UEFI load options: UCS-2 command line (BOM tolerated, NUL-terminated
 * or nchars long) whose first token is argv[0] and is skipped; the remaining
 * whitespace-separated tokens are key=value (or bare boolean keys). Returns
 * the number of bad tokens. */
int cfg_parse_loadopts(struct cfg *c, const uint16_t *s, size_t nchars,
		       cfg_msg_fn msg, void *ctx);

/* Effective configuration as "key=value key=value ..." (all keys). */
size_t cfg_describe(const struct cfg *c, char *buf, size_t size);

const char *cfg_end_name(enum cfg_end e);
const char *cfg_apic_name(enum cfg_apic a);
const char *cfg_backend_name(enum cfg_backend b);

#endif
