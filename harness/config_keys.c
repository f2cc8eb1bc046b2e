/* The configuration keys: names, validation and display, one table.
 * Adding a key means an enum entry (config_int.h), a line in keys[], and a
 * case in cfg_key_set and cfg_key_show. */
#include "harness/config_int.h"
#include "pmu/emu/faults.h"
#include "pmu/regs/regs.h"

#define XSTR(x)    STR(x)
#define STR(x)     #x

static const char *const end_names[] = { "auto", "shutdown", "reboot",
					 "halt", "exit" };
static const char *const apic_names[] = { "keep", "xapic", "x2apic" };
static const char *const backend_names[] = { "auto", "hw", "emu" };
/* results.serial=: enum cfg_wire's order. */
static const char *const wire_names[] = { "off", "end", "each", "auto" };
static const char *const inject_names[] = { "none", "gp-in-test", "gp-outside-test",
					    "ap-hang", "preflight-fail" };
/* Index parity is the value: even entries mean false, odd ones true. */
static const char *const bool_names[] = { "0", "1", "no", "yes", "false",
					  "true" };

static int find_name(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return (int)i;
	return -1;
}

static int digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Decimal or 0x-hex within lo..hi; no sign, no junk. Checking the bound
 * after every digit also keeps arbitrarily long inputs from overflowing. */
/* Digits in base up to the end of s or the first byte in stop. */
static bool parse_digits(const char *s, unsigned base, const char *stop, uint32_t lo,
			 uint32_t hi, uint32_t *out)
{
	uint64_t v = 0;

	if (!*s || strchr(stop, *s))
		return false;
	for (; *s && !strchr(stop, *s); s++) {
		int d = digit(*s);

		if (d < 0 || (unsigned)d >= base)
			return false;
		v = v * base + (unsigned)d;
		if (v > hi)
			return false;
	}
	if (v < lo)
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool parse_num(const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse_digits(s + 2, 16, "", lo, hi, out);
	return parse_digits(s, 10, "", lo, hi, out);
}

/* "any", or FAMILY:MODEL in hex as Intel writes DisplayFamily_DisplayModel
 * (6:1a, 6:1A, also 06_1AH's "06_1A"): exactly one separator, ':' or '_',
 * with hex digits on both sides and nothing else (no 0x: the value is hex
 * anyway, and "0x6:0x1a" is refused rather than guessed at; no blanks, no
 * 'H'); FAMILY 1..10f, MODEL 0..ff.
 * Leading zeros are fine. Every digit is checked, so "6_zz:1a" or
 * "6:1a:3" cannot pass as 6:1a. */
static bool parse_cpu(const char *v, uint32_t *fam, uint32_t *mod)
{
	const char *sep = v;

	if (!strcmp(v, "any")) {
		*fam = *mod = 0;
		return true;
	}
	while (*sep && *sep != ':' && *sep != '_')
		sep++;
	if (!*sep)
		return false;
	/* The model runs to the end: a second separator is not a digit. */
	return parse_digits(v, 16, ":_", 1, 0x10f, fam) &&
	       parse_digits(sep + 1, 16, "", 0, 0xff, mod);
}

/* --- keys ---------------------------------------------------------------- */

/* Stores the list as "a,b,c" (blanks around items and empty items dropped)
 * so that cfg_describe prints it without spaces. */
static bool set_globs(char *dst, const char *v, bool need_one)
{
	char tmp[CFG_LIST_MAX];
	size_t n = 0;

	while (*v) {
		const char *item, *end;

		while (is_blank(*v))
			v++;
		for (item = v; is_graph(*v) && *v != ','; v++)
			;
		for (end = v; is_blank(*v); v++)
			;
		if (*v && *v != ',')
			return false; /* blank inside an item, or a bad byte */
		if (*v)
			v++;
		if (end == item)
			continue;
		if (n + (n > 0) + (size_t)(end - item) >= sizeof(tmp))
			return false;
		if (n)
			tmp[n++] = ',';
		memcpy(tmp + n, item, (size_t)(end - item));
		n += (size_t)(end - item);
	}
	if (need_one && !n)
		return false;
	tmp[n] = '\0';
	memcpy(dst, tmp, n + 1);
	return true;
}

/* debug.hang=: ID:irq-on or ID:irq-off items, comma-separated, the ids
 * printable without blanks, the whole shorter than CFG_HANG_SIZE. */
static bool hang_list_ok(const char *v)
{
	if (strlen(v) >= CFG_HANG_SIZE)
		return false;
	while (*v) {
		const char *colon = v;

		while (is_graph(*colon) && *colon != ':' && *colon != ',')
			colon++;
		if (colon == v || *colon != ':')
			return false;
		if (!strncmp(colon, ":irq-on", 7))
			v = colon + 7;
		else if (!strncmp(colon, ":irq-off", 8))
			v = colon + 8;
		else
			return false;
		if (*v && *v++ != ',')
			return false;
		if (!*v && v[-1] == ',')
			return false;
	}
	return true;
}

/* Validates fully before touching the struct, so a bad value changes
 * nothing. */
bool cfg_key_set(struct cfg *c, int k, const char *v)
{
	uint32_t n = 0;
	int i;

	switch (k) {
	case K_TESTS:
		return set_globs(c->tests, v, true);
	case K_SKIP:
		return set_globs(c->skip, v, false);
	case K_LIST:
	case K_HELP:
		i = find_name(bool_names, ARRAY_SIZE(bool_names), v);
		if (i >= 0)
			*(k == K_LIST ? &c->list : &c->help) = i & 1;
		return i >= 0;
	case K_VERBOSE:
		if (!parse_num(v, 0, 3, &n))
			return false;
		c->verbose = (int)n;
		return true;
	case K_END:
		i = find_name(end_names, ARRAY_SIZE(end_names), v);
		if (i >= 0)
			c->end = (enum cfg_end)i;
		return i >= 0;
	case K_REPEAT:
		if (!parse_num(v, 1, 1000, &n))
			return false;
		c->repeat = n;
		return true;
	case K_TAG:
		for (i = 0; v[i]; i++)
			if (i >= (int)sizeof(c->tag) - 1 || v[i] < ' ' ||
			    v[i] >= 0x7f)
				return false;
		memcpy(c->tag, v, (size_t)i + 1);
		return true;
	case K_SERIAL:
		/* "off" leaves n at 0, which is what off means. */
		if (strcmp(v, "off") &&
		    (strncmp(v, "io:", 3) || !parse_num(v + 3, 1, 0xffff, &n)))
			return false;
		c->serial_port = (uint16_t)n;
		return true;
	case K_BAUD:
		/* The 16550 divisor 115200 / baud must be a whole number. */
		if (!parse_num(v, 50, 115200, &n) || 115200 % n)
			return false;
		c->baud = n;
		return true;
	case K_RESULTS_SERIAL:
		i = find_name(wire_names, ARRAY_SIZE(wire_names), v);
		if (i >= 0)
			c->results_serial = (enum cfg_wire)i;
		return i >= 0;
	case K_APIC:
		i = find_name(apic_names, ARRAY_SIZE(apic_names), v);
		if (i >= 0)
			c->apic = (enum cfg_apic)i;
		return i >= 0;
	case K_EXPECT_CPU: {
		uint32_t fam, mod;

		if (!parse_cpu(v, &fam, &mod))
			return false;
		c->expect_family = fam;
		c->expect_model = mod;
		return true;
	}
	case K_BACKEND:
		i = find_name(backend_names, ARRAY_SIZE(backend_names), v);
		if (i >= 0)
			c->backend = (enum pmu_backend)i;
		return i >= 0;
	case K_UNCORE:
		if (strcmp(v, "auto") && !uncore_gen_by_name(v))
			return false;
		snprintf(c->uncore, sizeof(c->uncore), "%s", v);
		return true;
	case K_EMU_FAULT: {
		struct emu_fault_set mask;
		char bad[8];

		if (!strcmp(v, "none")) {
			c->emu_faults = (struct emu_fault_set){ { 0 } };
			return true;
		}
		if (emu_faults_parse(v, &mask, bad, sizeof(bad)) || emu_faults_empty(&mask))
			return false;
		c->emu_faults = mask;
		return true;
	}
	case K_EMU_UCLK:
		/* The U-clocks of real Nehalem/Westmere parts, which the tests'
		 * plausibility bounds (1-4 GHz) accept. */
		if (!parse_num(v, 1000, 4000, &n))
			return false;
		c->emu_uclk_mhz = n;
		return true;
	case K_EMU_CORE_EBX:
		/* Bits of the seven events C-24 defines; a set bit marks the
		 * event unavailable (C-11), so a run can show the SKIP path.
		 * Not bits 0-1: core cycles and instructions retired are the
		 * core suite's reference counts. */
		if (!strcmp(v, "auto")) {
			c->emu_core_ebx = -1;
			return true;
		}
		if (!parse_num(v, 0, 0x7C, &n) || (n & 3))
			return false;
		c->emu_core_ebx = (int32_t)n;
		return true;
	case K_EMU_CORE_LEAF23:
		/* C-64, C-72: sub0 shows what a hypervisor that enumerates
		 * leaf 23H's sub-leaf 0 alone shows, so a run proves the
		 * harness's fallback to CPUID.0AH. */
		if (strcmp(v, "full") && strcmp(v, "sub0"))
			return false;
		c->emu_core_leaf23_sub0 = !strcmp(v, "sub0");
		return true;
	case K_INJECT:
		i = find_name(inject_names, ARRAY_SIZE(inject_names), v);
		if (i >= 0)
			c->inject = (enum cfg_inject)i;
		return i >= 0;
	case K_WATCHDOG:
	case K_RESETS:
		/* Up to a day: past the TCO's longest bound, 2 x 1023 ticks of
		 * 0.6 s = 1227 s, only the firmware's is armed (efi/watchdog.c). */
		if (!parse_num(v, 0, k == K_WATCHDOG ? 86400 : 100, &n))
			return false;
		*(k == K_WATCHDOG ? &c->watchdog_s : &c->resets) = n;
		return true;
	case K_DEBUG_HANG:
		if (strcmp(v, "none") && !hang_list_ok(v))
			return false;
		snprintf(c->hang, sizeof(c->hang), "%s", strcmp(v, "none") ? v : "");
		return true;
	case K_EMU_THROTTLE:
	case K_DEBUG_ALLOW_HANG:
	case K_STRICT:
	case K_EMU_FAULT_EACH:
		i = find_name(bool_names, ARRAY_SIZE(bool_names), v);
		if (i >= 0)
			*(k == K_STRICT ? &c->strict
			  : k == K_EMU_FAULT_EACH ? &c->emu_fault_each
			  : k == K_EMU_THROTTLE ? &c->emu_throttle
			  : &c->allow_hang) = i & 1;
		return i >= 0;
	}
	return false;
}

#define GLOBS "comma-separated globs of printable ASCII without spaces, " \
	      "fewer than " XSTR(CFG_LIST_MAX) " characters"

/* Names in cfg_describe order; expect ends "key='value': ..." messages and,
 * without its "expected ", is what help shows as the allowed values; desc is
 * help's one line on what the key does (the README's table says more). */
static const struct {
	const char *name, *expect, *desc;
} keys[K_COUNT] = {
	[K_TESTS] = { .name = "tests", .expect = "expected one or more " GLOBS,
		      .desc = "tests to run: globs (* and ?) over the dotted ids list shows" },
	[K_SKIP] = { .name = "skip", .expect = "expected " GLOBS,
		     .desc = "tests not to run, out of those tests= selects" },
	[K_LIST] = { .name = "list", .expect = "expected 0, 1, no, yes, false or true",
		     .desc = "print the selected ids and descriptions (also to list.txt), run "
			     "nothing, return to the firmware or shell" },
	[K_HELP] = { .name = "help", .expect = "expected 0, 1, no, yes, false or true",
		     .desc = "print this table (also to help.txt), run nothing, return to the "
			     "firmware or shell; also --help, -h and ?" },
	[K_VERBOSE] = { .name = "verbose", .expect = "expected a number 0..3",
			.desc = "0 verdicts only, 1 + notes, 2 + measured figures, 3 + every "
				"MSR access" },
	[K_END] = { .name = "end", .expect = "expected auto, shutdown, reboot, halt or exit",
		    .desc = "how the run ends: auto = QEMU's isa-debug-exit under a hypervisor, "
			    "else shutdown; exit = back to the firmware or shell" },
	[K_REPEAT] = { .name = "repeat", .expect = "expected a number 1..1000",
		       .desc = "run the selection this many times" },
	[K_TAG] = { .name = "tag", .expect = "expected at most 63 printable ASCII characters",
		    .desc = "label recorded in the banner and every result file" },
	[K_SERIAL] = { .name = "serial", .expect = "expected off or io:PORT, PORT 0x1..0xffff",
		       .desc = "also write every line to a 16550 UART at this I/O port (e.g. "
			       "io:0x3f8)" },
	[K_BAUD] = { .name = "baud", .expect = "expected a divisor of 115200 from 50 to 115200",
		     .desc = "the rate of serial='s UART" },
	[K_RESULTS_SERIAL] = { .name = "results.serial",
			       .expect = "expected off, end, each or auto",
			       .desc = "results.json framed on the serial console at the run's "
				       "end; each: also after every test, auto: after a test "
				       "while copies take under a fifth of the run at the "
				       "line's baud rate (both verbose>=1)" },
	[K_APIC] = { .name = "apic", .expect = "expected keep, xapic or x2apic",
		     .desc = "every CPU's local APIC mode for the run, put back at the end" },
	[K_EXPECT_CPU] = { .name = "expect_cpu",
			   .expect = "expected any or FAMILY:MODEL in hex digits without 0x, "
				     "FAMILY 1..10f, MODEL 0..ff, e.g. 6:1a (or 06_1A)",
			   .desc = "the CPU self.cpu.detect requires" },
	[K_BACKEND] = { .name = "backend", .expect = "expected auto, hw or emu",
			.desc = "MSR backend: auto = emu under a hypervisor, hw on bare metal" },
	[K_UNCORE] = { .name = "uncore",
		       .expect = "expected auto or a generation name from make regs (e.g. nhm)",
		       .desc = "the emulated uncore's generation (emu only); auto = the CPU "
			       "model's" },
	[K_EMU_FAULT] = { .name = "emu.fault",
			  .expect = "expected none or comma-separated defect names (the README "
				    "lists them)",
			  .desc = "defects injected into the emulated uncore and core PMU" },
	[K_EMU_FAULT_EACH] = { .name = "emu.fault.each",
			       .expect = "expected 0, 1, no, yes, false or true",
			       .desc = "run the selection once without a defect, then once per "
				       "defect of emu.fault= alone, each result naming its "
				       "pass's defect" },
	[K_EMU_UCLK] = { .name = "emu.uclk_mhz", .expect = "expected a number 1000..4000",
			 .desc = "the emulated uncore's U-clock in MHz" },
	[K_EMU_CORE_EBX] = { .name = "emu.core_ebx",
			     .expect = "expected auto or a number 0..0x7c with bits 0-1 clear "
				       "(the events the core suite measures against)",
			     .desc = "the emulated core PMU's CPUID.0AH:EBX (a set bit: event "
				     "unavailable)" },
	[K_EMU_CORE_LEAF23] = { .name = "emu.core_leaf23", .expect = "expected full or sub0",
				.desc = "the emulated core PMU's CPUID leaf 23H: full (its "
					"shape's), or sub0: sub-leaf 0 alone, as under a "
					"hypervisor that hides sub-leaf 1" },
	[K_EMU_THROTTLE] = { .name = "emu.throttle",
			     .expect = "expected 0, 1, no, yes, false or true",
			     .desc = "the emulated part throttles (Xeon 7500: its W-box "
				     "throttle events count, X-47); no effect on another "
				     "generation" },
	[K_INJECT] = { .name = "inject",
		       .expect = "expected none, gp-in-test, gp-outside-test, ap-hang or "
				 "preflight-fail",
		       .desc = "a fault caused on purpose, to show the run leaves the machine "
			       "as found" },
	[K_WATCHDOG] = { .name = "watchdog", .expect = "expected a number 0..86400",
			 .desc = "each test's bound in seconds, after which the firmware's and "
				 "the chipset's watchdogs reset the machine and the run "
				 "resumes; 0 = off" },
	[K_RESETS] = { .name = "watchdog.resets", .expect = "expected a number 0..100",
		       .desc = "watchdog resets a run resumes after; one more ends it with what "
			       "it has" },
	[K_DEBUG_HANG] = { .name = "debug.hang",
			   .expect = "expected none or comma-separated ID:irq-on or ID:irq-off "
				     "items, fewer than 160 characters",
			   .desc = "hang in these tests' place on purpose (emulated backend, or "
				   "debug.allow_hang=1)" },
	[K_DEBUG_ALLOW_HANG] = { .name = "debug.allow_hang",
				 .expect = "expected 0, 1, no, yes, false or true",
				 .desc = "let debug.hang= hang a machine on the hardware backend" },
	[K_STRICT] = { .name = "strict", .expect = "expected 0, 1, no, yes, false or true",
		       .desc = "an ignored config line or token is an ERROR: the run ends with "
			       "exit code 2 before any test" },
};

int cfg_key_find(const char *name)
{
	for (int k = 0; k < K_COUNT; k++)
		if (!strcmp(keys[k].name, name))
			return k;
	return -1;
}

/* The value as cfg_describe prints it; strings are bounded by their arrays
 * in case a caller filled the struct by hand. */
void cfg_key_show(const struct cfg *c, int k, struct sbuf *b)
{
	switch (k) {
	case K_TESTS:
		sb_printf(b, "%.*s", (int)sizeof(c->tests) - 1, c->tests);
		break;
	case K_SKIP:
		sb_printf(b, "%.*s", (int)sizeof(c->skip) - 1, c->skip);
		break;
	case K_LIST:
		sb_printf(b, "%d", c->list);
		break;
	case K_HELP:
		sb_printf(b, "%d", c->help);
		break;
	case K_VERBOSE:
		sb_printf(b, "%d", c->verbose);
		break;
	case K_END:
		sb_printf(b, "%s", cfg_end_name(c->end));
		break;
	case K_REPEAT:
		sb_printf(b, "%u", c->repeat);
		break;
	case K_TAG:
		sb_printf(b, "%.*s", (int)sizeof(c->tag) - 1, c->tag);
		break;
	case K_SERIAL:
		if (c->serial_port)
			sb_printf(b, "io:0x%x", c->serial_port);
		else
			sb_printf(b, "off");
		break;
	case K_BAUD:
		sb_printf(b, "%u", (unsigned)c->baud);
		break;
	case K_RESULTS_SERIAL:
		sb_printf(b, "%s", cfg_wire_name(c->results_serial));
		break;
	case K_APIC:
		sb_printf(b, "%s", cfg_apic_name(c->apic));
		break;
	case K_EXPECT_CPU:
		if (c->expect_family)
			sb_printf(b, "%x:%x", (unsigned)c->expect_family, (unsigned)c->expect_model);
		else
			sb_printf(b, "any");
		break;
	case K_BACKEND:
		sb_printf(b, "%s", cfg_backend_name(c->backend));
		break;
	case K_UNCORE:
		sb_printf(b, "%.*s", (int)sizeof(c->uncore) - 1, c->uncore);
		break;
	case K_EMU_FAULT: {
		/* Straight into b, every name: no list buffer to cut them. */
		bool any = false;

		for (unsigned bit = 0; bit < EMU_FAULT_COUNT; bit++)
			if (emu_faults_has(&c->emu_faults, bit)) {
				sb_printf(b, "%s%s", any ? "," : "", emu_fault_name(bit));
				any = true;
			}
		if (!any)
			sb_printf(b, "none");
		break;
	}
	case K_EMU_FAULT_EACH:
		sb_printf(b, "%d", c->emu_fault_each);
		break;
	case K_EMU_UCLK:
		sb_printf(b, "%u", (unsigned)c->emu_uclk_mhz);
		break;
	case K_EMU_CORE_EBX:
		if (c->emu_core_ebx < 0)
			sb_printf(b, "auto");
		else
			sb_printf(b, "0x%x", (unsigned)c->emu_core_ebx);
		break;
	case K_EMU_CORE_LEAF23:
		sb_printf(b, "%s", c->emu_core_leaf23_sub0 ? "sub0" : "full");
		break;
	case K_EMU_THROTTLE:
		sb_printf(b, "%d", c->emu_throttle);
		break;
	case K_INJECT:
		sb_printf(b, "%s", cfg_inject_name(c->inject));
		break;
	case K_WATCHDOG:
		sb_printf(b, "%u", (unsigned)c->watchdog_s);
		break;
	case K_RESETS:
		sb_printf(b, "%u", (unsigned)c->resets);
		break;
	case K_DEBUG_HANG:
		sb_printf(b, "%.*s", (int)sizeof(c->hang) - 1, c->hang[0] ? c->hang : "none");
		break;
	case K_DEBUG_ALLOW_HANG:
		sb_printf(b, "%d", c->allow_hang);
		break;
	case K_STRICT:
		sb_printf(b, "%d", c->strict);
		break;
	}
}

const char *cfg_key_name(int k)
{
	return keys[k].name;
}

const char *cfg_key_expect(int k)
{
	return keys[k].expect;
}

const char *cfg_key_desc(int k)
{
	return keys[k].desc;
}

void cfg_defaults(struct cfg *c)
{
	memset(c, 0, sizeof(*c));
	memcpy(c->tests, "*", 2);
	c->verbose = 1;
	c->end = END_AUTO;
	c->repeat = 1;
	c->baud = 115200;
	c->results_serial = WIRE_AUTO;
	c->apic = CFG_APIC_KEEP;
	c->backend = PMU_BACKEND_AUTO;
	memcpy(c->uncore, "auto", 5);
	c->emu_uclk_mhz = 2133;
	c->emu_core_ebx = -1;
	c->inject = INJECT_NONE;
	c->watchdog_s = CFG_WATCHDOG_S;
	c->resets = 3;
}

const char *cfg_end_name(enum cfg_end e)
{
	return (unsigned)e < ARRAY_SIZE(end_names) ? end_names[e] : "?";
}

const char *cfg_apic_name(enum cfg_apic a)
{
	return (unsigned)a < ARRAY_SIZE(apic_names) ? apic_names[a] : "?";
}

const char *cfg_backend_name(enum pmu_backend b)
{
	return (unsigned)b < ARRAY_SIZE(backend_names) ? backend_names[b] : "?";
}

const char *cfg_wire_name(enum cfg_wire w)
{
	return (unsigned)w < ARRAY_SIZE(wire_names) ? wire_names[w] : "?";
}

const char *cfg_inject_name(enum cfg_inject i)
{
	return (unsigned)i < ARRAY_SIZE(inject_names) ? inject_names[i] : "?";
}

