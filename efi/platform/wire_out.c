/* results.json over the serial console only (harness/wire.h), for a lab
 * that cannot reach the stick inside the machine. ConOut is the firmware's console splitter: a console line
 * (efi/platform/console.c) reaches the screen and every serial terminal alike, and a
 * screen full of base64 helps nobody. So the frames go to the text outputs
 * behind the splitter whose device path holds a UART node (the terminals
 * on serial ports: COM1 and COM2 under OVMF, a BMC's serial-over-LAN UART),
 * and to serial=io:PORT's direct 16550; not to log.txt, which sits beside
 * the file itself on the medium. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "harness/wire.h"

#define TERMINALS_MAX 8

static SIMPLE_TEXT_OUTPUT_INTERFACE *terms[TERMINALS_MAX];
static unsigned nterms;
static bool looked;
/* The slowest output's rate: a copy takes at least its bytes' time at it. */
static uint64_t baud;
/* The last copy sent: its number, size and CRC (the same bytes are not
 * sent twice in a row), when it ended and what it took (results.serial=auto). */
static unsigned copies;
static UINTN last_size;
static uint32_t last_crc;
static uint64_t last_end;
static struct wire_last last;

/* The device path's UART node, or NULL. */
static const UART_DEVICE_PATH *uart_of(EFI_DEVICE_PATH *dp)
{
	for (; !IsDevicePathEnd(dp); dp = NextDevicePathNode(dp))
		if (DevicePathType(dp) == MESSAGING_DEVICE_PATH && DevicePathSubType(dp) == MSG_UART_DP)
			return (const UART_DEVICE_PATH *)dp;
	return NULL;
}

static void slowest(uint64_t rate)
{
	if (!baud || rate < baud)
		baud = rate;
}

static void find_terminals(void)
{
	EFI_GUID out_guid = SIMPLE_TEXT_OUTPUT_PROTOCOL, dp_guid = DEVICE_PATH_PROTOCOL;
	EFI_HANDLE *h;
	UINTN n, i;

	looked = true;
	if (EFI_ERROR(g_bs->LocateHandleBuffer(ByProtocol, &out_guid, NULL, &n, &h)))
		return;
	for (i = 0; i < n && nterms < TERMINALS_MAX; i++) {
		EFI_DEVICE_PATH *dp;
		const UART_DEVICE_PATH *uart;
		SIMPLE_TEXT_OUTPUT_INTERFACE *out;

		/* The splitter's own handle has no device path. */
		if (h[i] == g_st->ConsoleOutHandle ||
		    EFI_ERROR(g_bs->HandleProtocol(h[i], &dp_guid, (void **)&dp)) ||
		    !(uart = uart_of(dp)) ||
		    EFI_ERROR(g_bs->HandleProtocol(h[i], &out_guid, (void **)&out)))
			continue;
		terms[nterms++] = out;
		/* BaudRate 0 is the device's default: taken as 115200, the
		 * usual console rate (OVMF states 115200). */
		slowest(uart->BaudRate ? uart->BaudRate : 115200);
	}
	g_bs->FreePool(h);
	if (console_uart())
		slowest(g_cfg.baud);
}

static void serial_line(void *ctx, const char *line)
{
	CHAR16 buf[WIRE_LINE_MAX + 3];
	unsigned i, n = 0;
	uint16_t port = console_uart();

	(void)ctx;
	for (i = 0; line[i] && n < WIRE_LINE_MAX; i++)
		buf[n++] = (CHAR16)line[i];
	buf[n++] = '\r';
	buf[n++] = '\n';
	buf[n] = 0;
	for (i = 0; i < nterms; i++)
		terms[i]->OutputString(terms[i], buf);
	if (port)
		uart_puts(port, line), uart_puts(port, "\n");
}

static void send_copy(const void *buf, UINTN n, uint32_t crc)
{
	uint64_t t0 = plat_tsc(), hz = plat_tsc_hz(), at_baud;
	size_t sent = wire_frame("results.json", ++copies, buf, n, serial_line, NULL);

	last_crc = crc;
	last_size = n;
	last_end = plat_tsc();
	last.took_us = hz ? (last_end - t0) * 1000000 / hz : 1;
	at_baud = baud ? sent * 10 * 1000000 / baud : 0; /* 10 bits a byte, 8N1 */
	plat_log(2, "results: results.json copy %u over the serial console: %lu bytes as %lu "
		 "on %u output(s) in %lu ms (%lu ms at %lu baud)", copies, (unsigned long)n,
		 (unsigned long)sent, nterms + (console_uart() != 0),
		 (unsigned long)(last.took_us / 1000), (unsigned long)(at_baud / 1000),
		 (unsigned long)baud);
	if (at_baud > last.took_us)
		last.took_us = at_baud;
}

void wire_send(const void *buf, UINTN n, bool final, void (*before)(void))
{
	uint64_t hz = plat_tsc_hz();
	uint32_t crc;

	if (g_cfg.results_serial == WIRE_OFF)
		return;
	/* At the first call, json_begin's flush as the run starts: never first
	 * from the end of a run a CPU exception cut short. */
	if (!looked)
		find_terminals();
	last.since_us = last_end && hz ? (plat_tsc() - last_end) * 1000000 / hz : 0;
	if (!final && !wire_progress_due(g_cfg.results_serial, g_cfg.verbose, &last))
		return;
	if (!nterms && !console_uart()) {
		if (final)
			plat_log(0, "results: no serial console (no UART terminal behind ConOut, "
				 "serial=off): results.json not sent over it");
		return;
	}
	crc = wire_crc32(0, buf, n);
	/* The same bytes twice in a row only once: json_end's flush may have
	 * sent the run's last copy already. */
	if (!copies || n != last_size || crc != last_crc) {
		if (before)
			before();
		send_copy(buf, n, crc);
	}
	if (final)
		plat_log(1, "results: results.json's last copy over the serial console: copy %u, "
			 "%lu bytes, crc32 %08x", copies, (unsigned long)n, (unsigned)crc);
}
