/* results.json over the wire: the file as one framed block of printable
 * lines on the serial console, for a lab that cannot reach the stick inside
 * the machine under test. docs/results.md, "Results over
 * the wire", gives the format exactly; tools/serial2results.py rebuilds the
 * file from a serial log. Portable: efi/platform/wire_out.c gives the lines to the
 * serial console only, host tests collect them. */
#ifndef TESTS_FW_WIRE_H
#define TESTS_FW_WIRE_H

#include "harness/config.h"

/* Every line starts with this: a parser of the line protocol (verdict
 * lines start with "[n/N] ") passes them by, and grep finds them. */
#define WIRE_PREFIX "wire: "
/* Bytes a data line carries: 76 base64 characters, a MIME line. */
#define WIRE_LINE_BYTES 57
/* The longest line: "wire: " + copy and line numbers + 76 characters. */
#define WIRE_LINE_MAX 128

/* CRC-32 as zlib computes it (reflected 0xEDB88320, inverted in and out):
 * crc starts at 0 and chains, crc = wire_crc32(crc, more, n), as Python's
 * zlib.crc32(data, crc) does. */
uint32_t wire_crc32(uint32_t crc, const void *p, size_t n);

/* RFC 4648 base64 of n <= WIRE_LINE_BYTES bytes, '=' padded, into out
 * (NUL-terminated, 4 * ceil(n / 3) characters); returns the length. */
size_t wire_base64(char *out, const uint8_t *p, size_t n);

/* Receives one line without its end of line. */
typedef void wire_line_fn(void *ctx, const char *line);

/* Frames n bytes of file name as copy number copy:
 *   wire: begin NAME copy=C bytes=N crc32=XXXXXXXX lines=L
 *   wire: C 0 BASE64...          (L data lines, numbered from 0)
 *   wire: end NAME copy=C bytes=N crc32=XXXXXXXX
 * Returns the bytes the frame takes on a serial line, each line ended by
 * CR LF (what a 16550 sends), for its cost in time at a baud rate. */
size_t wire_frame(const char *name, unsigned copy, const void *buf, size_t n,
		  wire_line_fn *line, void *ctx);

/* Whether a copy is due after a test (the run's last copy goes whenever
 * results.serial= is not off), given the last copy's: time since it ended
 * and what it took (0: no copy yet). each: after every test. auto: once
 * copies take at most a fifth of the run, the time since the last being
 * WIRE_AUTO_SPACING times what it took. The caller counts a copy's time at
 * its line's baud rate at least (efi/platform/wire_out.c): QEMU's UART has none,
 * and a stream at QEMU's speed outruns a slow reader of its chardev, which
 * then drops bytes. One copy of the default suite's results.json takes
 * 6.5 s at 115200 baud and its tests about 4 s in all: a copy after each
 * makes the run some 45 times longer (docs/results.md). Neither below
 * verbose=1. */
#define WIRE_AUTO_SPACING 4
struct wire_last {
	uint64_t since_us, took_us;
};
bool wire_progress_due(enum cfg_wire mode, int verbose, const struct wire_last *last);

#endif
