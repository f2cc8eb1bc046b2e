/* Line output: every line goes to ConOut (which OVMF and many firmwares
 * mirror to serial), to the direct UART when configured, and to the mirror
 * (the run's log.txt) once the results folder exists. Plain text only: no
 * cursor addressing, no colour, so serial captures stay greppable.
 * The banner and the config file's messages print before the folder can
 * exist (its size check needs the selection): lines are kept in pool
 * memory until the mirror is set, which receives them first, so log.txt
 * holds every line of the run. */
#include "efi/efi.h"
#include "lib/platform.h"

static uint16_t uart_port;
static void (*mirror)(const char *line);
static bool keeping = true; /* until the first console_set_mirror */
static char *early;         /* NUL-separated lines */
static UINTN early_len, early_cap;
static unsigned early_lost;

static void keep_early(const char *line)
{
	UINTN n = strlen(line) + 1;

	if (early_len + n > early_cap) {
		UINTN cap = 2 * (early_len + n) + 4096;
		char *p;

		if (EFI_ERROR(g_bs->AllocatePool(EfiLoaderData, cap, (void **)&p))) {
			early_lost++;
			return;
		}
		if (early) {
			memcpy(p, early, early_len);
			g_bs->FreePool(early);
		}
		early = p;
		early_cap = cap;
	}
	memcpy(early + early_len, line, n);
	early_len += n;
}

void console_set_uart(uint16_t port, uint32_t baud)
{
	uart_port = 0;
	if (port && !uart_init(port, baud)) {
		plat_log(0, "serial: no 16550 UART answers at io:0x%x; direct serial off", port);
		return;
	}
	uart_port = port;
}

uint16_t console_uart(void)
{
	return uart_port;
}

void console_set_mirror(void (*fn)(const char *line))
{
	UINTN i;

	mirror = fn;
	keeping = false;
	for (i = 0; fn && i < early_len; i += strlen(early + i) + 1)
		fn(early + i);
	if (fn && early_lost) {
		char line[96];

		snprintf(line, sizeof(line), "log: %u earlier console lines not kept (no memory)",
			 early_lost);
		fn(line);
	}
	if (early)
		g_bs->FreePool(early);
	early = NULL;
	early_len = early_cap = 0;
}

/* ConOut takes UCS-2; convert in chunks, replacing non-ASCII with '?'. */
static void conout(const char *s)
{
	CHAR16 buf[129];
	unsigned n = 0;

	for (;; s++) {
		if (!*s || n == 128) {
			buf[n] = 0;
			g_st->ConOut->OutputString(g_st->ConOut, buf);
			n = 0;
			if (!*s)
				break;
		}
		buf[n++] = (*s >= 0x20 && *s < 0x7f) || *s == '\n' || *s == '\r' ? (CHAR16)*s : '?';
	}
}

/* The medium first: a line the console shows is already in log.txt (and
 * flushed, unless a test's record is being written: harness/session.c), so
 * whatever stops the machine on seeing a line (a lab's script on the
 * closing line of end=halt, a power cut) finds it there too. */
/* A line from an AP (a core test running on a hybrid part's other core
 * type, C-61): UEFI's console and file protocols belong to the BSP, so it
 * waits here, in a fixed buffer (no allocation on an AP either), for the
 * BSP's next line, which prints it first. */
#define AP_LINES 16
static char ap_line[AP_LINES][160];
static volatile unsigned ap_lines, ap_lost;
static volatile int ap_lock;

static void put_line(const char *line);

static void ap_keep(const char *line)
{
	uint64_t f = plat_lock(&ap_lock);

	if (ap_lines < AP_LINES)
		snprintf(ap_line[ap_lines++], sizeof(ap_line[0]), "%s", line);
	else
		ap_lost++;
	plat_unlock(&ap_lock, f);
}

static void ap_flush(void)
{
	char lost[64];
	unsigned i;

	for (i = 0; i < ap_lines; i++)
		put_line(ap_line[i]);
	if (ap_lost) {
		snprintf(lost, sizeof(lost), "log: %u lines of an AP not kept", ap_lost);
		put_line(lost);
	}
	ap_lines = ap_lost = 0;
}

void plat_puts(const char *line)
{
	if (plat_this_cpu()) {
		ap_keep(line);
		return;
	}
	if (ap_lines || ap_lost)
		ap_flush();
	put_line(line);
}

static void put_line(const char *line)
{
	if (mirror)
		mirror(line);
	else if (keeping)
		keep_early(line);
	conout(line);
	conout("\r\n");
	if (uart_port)
		uart_puts(uart_port, line), uart_puts(uart_port, "\n");
}

void plat_log(int level, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (level > g_cfg.verbose)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	plat_puts(line);
}

int plat_verbosity(void)
{
	return g_cfg.verbose;
}

const struct cfg *plat_config(void)
{
	return &g_cfg;
}

void console_msg(void *ctx, const char *msg)
{
	(void)ctx;
	plat_log(0, "%s", msg);
}
