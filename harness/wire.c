/* results.json as one framed block of printable lines (harness/wire.h). */
#include "harness/wire.h"

uint32_t wire_crc32(uint32_t crc, const void *p, size_t n)
{
	/* A nibble at a time: 16 entries, no table to build, and a few ms
	 * for the default suite's 47 KB even under QEMU's TCG. */
	static const uint32_t nib[16] = {
		0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4,
		0x4db26158, 0x5005713c, 0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
		0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
	};
	const uint8_t *b = p;

	crc = ~crc;
	while (n--) {
		crc ^= *b++;
		crc = (crc >> 4) ^ nib[crc & 15];
		crc = (crc >> 4) ^ nib[crc & 15];
	}
	return ~crc;
}

size_t wire_base64(char *out, const uint8_t *p, size_t n)
{
	static const char abc[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t len = 0;

	for (; n; p += 3, n = n > 3 ? n - 3 : 0) {
		uint32_t v = (uint32_t)p[0] << 16 | (n > 1 ? (uint32_t)p[1] << 8 : 0) |
			     (n > 2 ? p[2] : 0);

		out[len++] = abc[v >> 18];
		out[len++] = abc[v >> 12 & 63];
		out[len++] = n > 1 ? abc[v >> 6 & 63] : '=';
		out[len++] = n > 2 ? abc[v & 63] : '=';
	}
	out[len] = '\0';
	return len;
}

static size_t put(wire_line_fn *line, void *ctx, const char *s)
{
	line(ctx, s);
	return strlen(s) + 2; /* CR LF */
}

size_t wire_frame(const char *name, unsigned copy, const void *buf, size_t n,
		  wire_line_fn *line, void *ctx)
{
	char text[WIRE_LINE_MAX];
	const uint8_t *b = buf;
	uint32_t crc = wire_crc32(0, buf, n);
	size_t sent, at, lines = (n + WIRE_LINE_BYTES - 1) / WIRE_LINE_BYTES;
	int head;

	snprintf(text, sizeof(text), WIRE_PREFIX "begin %s copy=%u bytes=%lu crc32=%08x lines=%lu",
		 name, copy, (unsigned long)n, (unsigned)crc, (unsigned long)lines);
	sent = put(line, ctx, text);
	for (at = 0; at < n; at += WIRE_LINE_BYTES) {
		head = snprintf(text, sizeof(text), WIRE_PREFIX "%u %lu ", copy,
				(unsigned long)(at / WIRE_LINE_BYTES));
		wire_base64(text + head, b + at, n - at < WIRE_LINE_BYTES ? n - at : WIRE_LINE_BYTES);
		sent += put(line, ctx, text);
	}
	snprintf(text, sizeof(text), WIRE_PREFIX "end %s copy=%u bytes=%lu crc32=%08x", name, copy,
		 (unsigned long)n, (unsigned)crc);
	return sent + put(line, ctx, text);
}

bool wire_progress_due(enum cfg_wire mode, int verbose, const struct wire_last *last)
{
	if (verbose < 1)
		return false;
	return mode == WIRE_EACH ||
	       (mode == WIRE_AUTO &&
		(!last->took_us || last->since_us >= WIRE_AUTO_SPACING * last->took_us));
}
