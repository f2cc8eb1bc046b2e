/* Harness configuration parser (see config.h). Both inputs are untrusted: a
 * file anyone can edit on the boot medium and a shell command line. So every
 * problem becomes one printable, single-line message naming where it was,
 * the offending item is skipped and parsing goes on with the next one. */
#include "config.h"

#define QUOTE_MAX  48                  /* input bytes shown per quoted text */
#define QUOTE_SIZE (QUOTE_MAX * 4 + 4) /* each may become \xNN, then "..." */
#define MSG_SIZE   768
#define ERR_SIZE   384
#define XSTR(x)    STR(x)
#define STR(x)     #x

enum key { K_TESTS, K_SKIP, K_LIST, K_VERBOSE, K_END, K_REPEAT, K_TAG,
	   K_SERIAL, K_BAUD, K_APIC, K_EXPECT_CPU, K_COUNT };

static const char *const end_names[] = { "auto", "shutdown", "reboot",
					 "halt", "exit" };
static const char *const apic_names[] = { "keep", "xapic", "x2apic" };
/* Index parity is the value: even entries mean false, odd ones true. */
static const char *const bool_names[] = { "0", "1", "no", "yes", "false",
					  "true" };

/* --- text helpers ------------------------------------------------------- */

/* Appending writer with snprintf semantics: len counts everything offered,
 * the buffer keeps what fits and stays NUL-terminated. */
struct sbuf {
	char *buf;
	size_t size, len;
};

static struct sbuf sbuf_init(char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	return (struct sbuf){ buf, size, 0 };
}

static void sb_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	size_t at = b->len < b->size ? b->len : b->size;
	int n = vsnprintf(b->size ? b->buf + at : NULL, b->size - at, fmt, ap);

	if (n > 0)
		b->len += (size_t)n;
}

static __attribute__((format(printf, 2, 3)))
void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

/* Copy n bytes of src into dst (QUOTE_SIZE bytes) as console-safe text:
 * bytes outside printable ASCII become \xNN so a binary file cannot send
 * escape sequences or line breaks to the console; long text is cut. */
static void quote(char *dst, const char *src, size_t n)
{
	struct sbuf b = sbuf_init(dst, QUOTE_SIZE);

	for (size_t i = 0; i < n && i < QUOTE_MAX; i++) {
		unsigned char ch = (unsigned char)src[i];

		if (ch >= ' ' && ch < 0x7f)
			sb_printf(&b, "%c", ch);
		else
			sb_printf(&b, "\\x%02x", ch);
	}
	if (n > QUOTE_MAX)
		sb_printf(&b, "...");
}

/* Takes unsigned so a UCS-2 unit like U+0120 is not mistaken for ' '. */
static bool is_blank(unsigned ch)
{
	return ch == ' ' || ch == '\t';
}

static bool is_graph(char ch)
{
	return ch > ' ' && ch < 0x7f;
}

static char *trim(char *s)
{
	size_t n;

	while (is_blank(*s))
		s++;
	n = strlen(s);
	while (n && is_blank(s[n - 1]))
		n--;
	s[n] = '\0';
	return s;
}

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
 * (6:1a, also 06_1AH's "06_1A"). */
static bool parse_cpu(const char *v, uint32_t *fam, uint32_t *mod)
{
	const char *sep = strchr(v, ':') ? strchr(v, ':') : strchr(v, '_');

	if (!strcmp(v, "any")) {
		*fam = *mod = 0;
		return true;
	}
	return sep && parse_digits(v, 16, ":_", 1, 0x10f, fam) &&
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

/* Validates fully before touching the struct, so a bad value changes
 * nothing. */
static bool set_value(struct cfg *c, int k, const char *v)
{
	uint32_t n = 0;
	int i;

	switch (k) {
	case K_TESTS:
		return set_globs(c->tests, v, true);
	case K_SKIP:
		return set_globs(c->skip, v, false);
	case K_LIST:
		i = find_name(bool_names, ARRAY_SIZE(bool_names), v);
		if (i >= 0)
			c->list = i & 1;
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
	}
	return false;
}

#define GLOBS "comma-separated globs of printable ASCII without spaces, " \
	      "fewer than " XSTR(CFG_LIST_MAX) " characters"

/* Names in cfg_describe order; expect ends "key='value': ..." messages. */
static const struct {
	const char *name, *expect;
} keys[K_COUNT] = {
	[K_TESTS] = { "tests", "expected one or more " GLOBS },
	[K_SKIP] = { "skip", "expected " GLOBS },
	[K_LIST] = { "list", "expected 0, 1, no, yes, false or true" },
	[K_VERBOSE] = { "verbose", "expected a number 0..3" },
	[K_END] = { "end", "expected auto, shutdown, reboot, halt or exit" },
	[K_REPEAT] = { "repeat", "expected a number 1..1000" },
	[K_TAG] = { "tag", "expected at most 63 printable ASCII characters" },
	[K_SERIAL] = { "serial", "expected off or io:PORT, PORT 0x1..0xffff" },
	[K_BAUD] = { "baud", "expected a divisor of 115200 from 50 to 115200" },
	[K_APIC] = { "apic", "expected keep, xapic or x2apic" },
	[K_EXPECT_CPU] = { "expect_cpu", "expected any or FAMILY:MODEL in hex, e.g. 6:1a" },
};

static int find_key(const char *name)
{
	for (int k = 0; k < K_COUNT; k++)
		if (!strcmp(keys[k].name, name))
			return k;
	return -1;
}

/* The value as cfg_describe prints it; strings are bounded by their arrays
 * in case a caller filled the struct by hand. */
static void key_show(const struct cfg *c, int k, struct sbuf *b)
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
	case K_APIC:
		sb_printf(b, "%s", cfg_apic_name(c->apic));
		break;
	case K_EXPECT_CPU:
		if (c->expect_family)
			sb_printf(b, "%x:%x", (unsigned)c->expect_family, (unsigned)c->expect_model);
		else
			sb_printf(b, "any");
		break;
	}
}

/* --- public API ----------------------------------------------------------- */

void cfg_defaults(struct cfg *c)
{
	memset(c, 0, sizeof(*c));
	memcpy(c->tests, "*", 2);
	c->verbose = 1;
	c->end = END_AUTO;
	c->repeat = 1;
	c->baud = 115200;
	c->apic = CFG_APIC_KEEP;
}

const char *cfg_end_name(enum cfg_end e)
{
	return (unsigned)e < ARRAY_SIZE(end_names) ? end_names[e] : "?";
}

const char *cfg_apic_name(enum cfg_apic a)
{
	return (unsigned)a < ARRAY_SIZE(apic_names) ? apic_names[a] : "?";
}

static int set_key(struct cfg *c, int k, const char *value, char *err,
		   size_t errlen)
{
	char q[QUOTE_SIZE];

	if (set_value(c, k, value))
		return 0;
	quote(q, value, strlen(value));
	snprintf(err, errlen, "%s='%s': %s", keys[k].name, q, keys[k].expect);
	return -1;
}

static void unknown_key(const char *key, char *err, size_t errlen)
{
	char q[QUOTE_SIZE];
	struct sbuf b = sbuf_init(err, errlen);

	quote(q, key, strlen(key));
	sb_printf(&b, "unknown key '%s' (known:", q);
	for (int k = 0; k < K_COUNT; k++)
		sb_printf(&b, " %s", keys[k].name);
	sb_printf(&b, ")");
}

int cfg_set(struct cfg *c, const char *key, const char *value, char *err,
	    size_t errlen)
{
	int k = find_key(key);

	if (k < 0) {
		unknown_key(key, err, errlen);
		return -1;
	}
	return set_key(c, k, value, err, errlen);
}

size_t cfg_describe(const struct cfg *c, char *buf, size_t size)
{
	struct sbuf b = sbuf_init(buf, size);

	for (int k = 0; k < K_COUNT; k++) {
		sb_printf(&b, "%s%s=", k ? " " : "", keys[k].name);
		key_show(c, k, &b);
	}
	return b.len;
}

/* --- line / token parsing ------------------------------------------------- */

struct parse {
	struct cfg *c;
	cfg_msg_fn msg;
	void *ctx;
	/* "config NAME line" or "load options token" */
	char head[QUOTE_SIZE + 32];
	const char *unit;           /* "line" or "token" */
	unsigned pos;               /* current line or token number */
	unsigned seen[K_COUNT];     /* where each key was last set, or 0 */
	int bad;
};

/* One message for the current line or token; a bad one is also counted and
 * marked as ignored so the reader knows nothing of it was applied. */
static __attribute__((format(printf, 3, 4)))
void say(struct parse *p, bool bad, const char *fmt, ...)
{
	char m[MSG_SIZE];
	struct sbuf b = sbuf_init(m, sizeof(m));
	va_list ap;

	p->bad += bad;
	if (!p->msg)
		return;
	sb_printf(&b, "%s %u: ", p->head, p->pos);
	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	if (bad)
		sb_printf(&b, "; %s ignored", p->unit);
	p->msg(p->ctx, m);
}

/* A raw line or token. n counts every byte seen, even those that did not fit,
 * so an overlong item is known by n > CFG_LINE_MAX. */
struct item {
	char buf[CFG_LINE_MAX + 1];
	size_t n;
};

static void put_byte(struct item *it, unsigned b)
{
	if (it->n < sizeof(it->buf))
		it->buf[it->n] = (char)b;
	it->n++;
}

/* UTF-16 code units are kept as UTF-8, so non-ASCII text is allowed in
 * comments and shows up as \xNN in messages; a stray surrogate is encoded as
 * is, which is harmless since no key or value accepts non-ASCII. */
static void put_unit(struct item *it, unsigned u)
{
	if (u < 0x80) {
		put_byte(it, u);
	} else if (u < 0x800) {
		put_byte(it, 0xc0 | u >> 6);
		put_byte(it, 0x80 | (u & 0x3f));
	} else {
		put_byte(it, 0xe0 | u >> 12);
		put_byte(it, 0x80 | (u >> 6 & 0x3f));
		put_byte(it, 0x80 | (u & 0x3f));
	}
}

/* Rejects overlong items and control bytes (NUL, escape sequences: the
 * signs of a binary or mangled file). Returns the trimmed text or NULL. */
static char *check_item(struct parse *p, struct item *it)
{
	char q[QUOTE_SIZE];

	if (it->n > CFG_LINE_MAX) {
		quote(q, it->buf, it->n);
		say(p, true, "%s of %zu bytes is longer than %d ('%s')",
		    p->unit, it->n, CFG_LINE_MAX, q);
		return NULL;
	}
	it->buf[it->n] = '\0';
	for (size_t i = 0; i < it->n; i++) {
		unsigned char ch = (unsigned char)it->buf[i];

		if ((ch < ' ' && ch != '\t') || ch == 0x7f) {
			quote(q, it->buf, it->n);
			say(p, true, "control byte \\x%02x in '%s'", ch, q);
			return NULL;
		}
	}
	return trim(it->buf);
}

/* Apply one trimmed "key=value" or bare boolean key. */
static void apply(struct parse *p, char *text)
{
	char err[ERR_SIZE], old[CFG_LIST_MAX + 16], q[QUOTE_SIZE];
	char q_old[QUOTE_SIZE];
	char *eq = strchr(text, '=');
	const char *value = "1";
	struct sbuf b;
	int k;

	if (eq) {
		*eq = '\0';
		value = trim(eq + 1);
		text = trim(text);
	}
	k = find_key(text);
	if (!eq && k != K_LIST) {
		quote(q, text, strlen(text));
		say(p, true, "'%s': expected key=value (only list may stand "
		    "alone)", q);
		return;
	}
	if (k < 0) {
		unknown_key(text, err, sizeof(err));
		say(p, true, "%s", err);
		return;
	}
	b = sbuf_init(old, sizeof(old));
	key_show(p->c, k, &b);
	if (set_key(p->c, k, value, err, sizeof(err))) {
		say(p, true, "%s", err);
		return;
	}
	if (p->seen[k]) {
		/* Later wins, as documented, but silently losing an
		 * earlier setting would hide a typo in a long file. */
		quote(q_old, old, strlen(old));
		b = sbuf_init(old, sizeof(old));
		key_show(p->c, k, &b);
		quote(q, old, strlen(old));
		say(p, false, "note: %s='%s' overrides %s='%s' from %s %u",
		    keys[k].name, q, keys[k].name, q_old, p->unit, p->seen[k]);
	}
	p->seen[k] = p->pos;
}

/* Bytes or UTF-16LE code units of a file; -1 at the end. A UTF-16 file of
 * odd length ends in half a unit, returned as U+FFFD so that line is not
 * silently shortened. */
struct reader {
	const unsigned char *p;
	size_t len, pos;
	bool utf16;
};

static long next_unit(struct reader *r)
{
	if (r->pos >= r->len)
		return -1;
	if (!r->utf16)
		return r->p[r->pos++];
	if (r->len - r->pos < 2) {
		r->pos = r->len;
		return 0xfffd;
	}
	r->pos += 2;
	return r->p[r->pos - 2] | (long)r->p[r->pos - 1] << 8;
}

int cfg_parse_file(struct cfg *c, const char *name, const void *data,
		   size_t len, cfg_msg_fn msg, void *ctx)
{
	struct reader r = { data, len, 0, false };
	struct parse p = { .c = c, .msg = msg, .ctx = ctx, .unit = "line" };
	struct item it;
	char q[QUOTE_SIZE];

	quote(q, name, strlen(name));
	snprintf(p.head, sizeof(p.head), "config %s line", q);
	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) {
		r.pos = 3;
	} else if (len >= 2 && !memcmp(data, "\xff\xfe", 2)) {
		r.pos = 2;
		r.utf16 = true;
	}
	while (r.pos < r.len) {
		long u, last = -1;
		char *text;

		it.n = 0;
		p.pos++;
		while ((u = next_unit(&r)) >= 0 && u != '\n') {
			if (r.utf16)
				put_unit(&it, (unsigned)u);
			else
				put_byte(&it, (unsigned)u);
			last = u;
		}
		if (last == '\r')
			it.n--; /* CRLF; a CR anywhere else is a control byte */
		text = check_item(&p, &it);
		if (text && *text && *text != '#')
			apply(&p, text);
	}
	return p.bad;
}

int cfg_parse_loadopts(struct cfg *c, const uint16_t *s, size_t nchars,
		       cfg_msg_fn msg, void *ctx)
{
	struct parse p = { .c = c, .msg = msg, .ctx = ctx, .unit = "token",
			   .head = "load options token" };
	struct item it;
	size_t i = 0;
	unsigned idx = 0;

	if (!s)
		return 0;
	if (nchars && s[0] == 0xfeff)
		i = 1;
	for (;;) {
		bool quoted = false;
		char *text;

		while (i < nchars && s[i] && is_blank(s[i]))
			i++;
		if (i >= nchars || !s[i])
			break;
		it.n = 0;
		for (; i < nchars && s[i] && (quoted || !is_blank(s[i])); i++) {
			if (s[i] == '"')
				quoted = !quoted;
			else
				put_unit(&it, s[i]);
		}
		p.pos = idx++;
		if (!p.pos)
			continue; /* argv[0]: the path the image was run as */
		text = check_item(&p, &it);
		if (text && *text)
			apply(&p, text);
	}
	return p.bad;
}
