/* Harness configuration parser (see config.h). Both inputs are untrusted: a
 * file anyone can edit on the boot medium and a shell command line. So every
 * problem becomes one printable, single-line message naming where it was,
 * the offending item is skipped and parsing goes on with the next one. */
#include "harness/config_int.h"

#define QUOTE_MAX  48                  /* input bytes shown per quoted text */
#define QUOTE_SIZE (QUOTE_MAX * 4 + 4) /* each may become \xNN, then "..." */
#define MSG_SIZE   768
#define ERR_SIZE   384

struct sbuf sbuf_init(char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	return (struct sbuf){ .buf = buf, .size = size, .len = 0 };
}

void sb_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	size_t at = b->len < b->size ? b->len : b->size;
	int n = vsnprintf(b->size ? b->buf + at : NULL, b->size - at, fmt, ap);

	if (n > 0)
		b->len += (size_t)n;
}

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

/* --- public API ----------------------------------------------------------- */

static int set_key(struct cfg *c, int k, const char *value, char *err,
		   size_t errlen)
{
	char q[QUOTE_SIZE];

	if (cfg_key_set(c, k, value))
		return 0;
	quote(q, value, strlen(value));
	snprintf(err, errlen, "%s='%s': %s", cfg_key_name(k), q, cfg_key_expect(k));
	return -1;
}

static unsigned umin(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

/* Edit distance (insertions, deletions, substitutions) of a and b, or more
 * than 3 once it cannot be 3 or less: enough to tell a typo. */
static unsigned distance(const char *a, const char *b)
{
	unsigned row[32], i, j, diag, up, best;
	size_t na = strlen(a), nb = strlen(b);

	if (na >= 32 || nb >= 32 || (na > nb ? na - nb : nb - na) > 3)
		return 4;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		diag = row[0];
		row[0] = i;
		best = i;
		for (j = 1; j <= nb; j++) {
			up = row[j];
			row[j] = umin(umin(row[j] + 1, row[j - 1] + 1), diag + (a[i - 1] != b[j - 1]));
			diag = up;
			best = umin(best, row[j]);
		}
		if (best > 3)
			return 4;
	}
	return row[nb];
}

/* The known key nearest to key: within 2 edits (1 for a key of 3 letters
 * or fewer), or one that begins it or that it begins (as 2 edits); NULL
 * when none is near. */
static const char *nearest_key(const char *key)
{
	const char *best = NULL;
	unsigned d, best_d = strlen(key) <= 3 ? 2 : 3;
	size_t n = strlen(key);

	for (int k = 0; k < K_COUNT && n; k++) {
		const char *name = cfg_key_name(k);

		d = distance(key, name);
		if (n >= 3 && (!strncmp(name, key, n) || !strncmp(key, name, strlen(name))))
			d = umin(d, 2);
		if (d < best_d)
			best = name, best_d = d;
	}
	return best;
}

static void unknown_key(const char *key, char *err, size_t errlen)
{
	char q[QUOTE_SIZE];
	struct sbuf b = sbuf_init(err, errlen);
	const char *near = nearest_key(key);

	quote(q, key, strlen(key));
	sb_printf(&b, "unknown key '%s'", q);
	if (near)
		sb_printf(&b, "; did you mean %s?", near);
	sb_printf(&b, " (known:");
	for (int k = 0; k < K_COUNT; k++)
		sb_printf(&b, " %s", cfg_key_name(k));
	sb_printf(&b, ")");
}

int cfg_set(struct cfg *c, const char *key, const char *value, char *err,
	    size_t errlen)
{
	int k = cfg_key_find(key);

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
		if (!cfg_key_described(k))
			continue;
		sb_printf(&b, "%s%s=", k ? " " : "", cfg_key_name(k));
		cfg_key_show(c, k, &b);
	}
	return b.len;
}

/* From the parser's own table: each key's default (cfg_defaults as
 * cfg_describe shows it), its allowed values (its error message without
 * "expected ") and what it does. */
void cfg_help(cfg_msg_fn line, void *ctx)
{
	char m[MSG_SIZE], def[CFG_LIST_MAX];
	struct cfg d;
	struct sbuf b;

	cfg_defaults(&d);
	line(ctx, "help: KEY=VALUE lines in \\uncore-harness.cfg, then KEY=VALUE tokens on the "
	     "UEFI shell's command line (the later wins); the keys:");
	for (int k = 0; k < K_COUNT; k++) {
		const char *allowed = cfg_key_expect(k);

		b = sbuf_init(def, sizeof(def));
		cfg_key_show(&d, k, &b);
		if (!strncmp(allowed, "expected ", 9))
			allowed += 9;
		snprintf(m, sizeof(m), "help: %s (default %s): %s; values: %s", cfg_key_name(k),
			 def[0] ? def : "empty", cfg_key_desc(k), allowed);
		line(ctx, m);
	}
}

/* Whether a pair starts at s: a known key and '='. */
static bool pair_at(const char *s)
{
	for (int k = 0; k < K_COUNT; k++) {
		size_t n = strlen(cfg_key_name(k));

		if (!strncmp(s, cfg_key_name(k), n) && s[n] == '=')
			return true;
	}
	return false;
}

/* A space followed by a pair ends the pair before it (tag= may hold
 * spaces of its own). */
static size_t pair_end(const char *s)
{
	size_t i = 0;

	while (s[i] && !(s[i] == ' ' && pair_at(s + i + 1)))
		i++;
	return i;
}

const char *cfg_pair(const struct cfg *c, unsigned i, char *val, size_t size, size_t *len)
{
	struct sbuf b = sbuf_init(val, size);

	for (int k = 0; k < K_COUNT; k++) {
		if (!cfg_key_described(k) || i--)
			continue;
		cfg_key_show(c, k, &b);
		*len = b.len;
		return cfg_key_name(k);
	}
	return NULL;
}

size_t cfg_describe_line(const char *text, size_t width, size_t *next)
{
	size_t n = pair_end(text);

	if (!width)
		width = 1; /* always a step forward */
	if (n > width) {
		/* One long pair (a list): its own lines, cut after a comma. */
		size_t cut = width;

		while (cut > 1 && text[cut - 1] != ',')
			cut--;
		n = cut > 1 ? cut : width;
		*next = n;
		return n;
	}
	while (text[n]) {
		size_t more = pair_end(text + n + 1);

		if (n + 1 + more > width)
			break;
		n += 1 + more;
	}
	*next = n + (text[n] == ' ');
	return n;
}

/* --- line / token parsing ------------------------------------------------- */

struct parse {
	struct cfg *c;
	cfg_msg_fn msg;
	void *ctx;
	/* "config NAME line" or "UEFI shell command line token" */
	char head[QUOTE_SIZE + 32];
	const char *unit;           /* "line" or "token" */
	unsigned pos;               /* current line or token number */
	/* Where the lines after a "#source: TEXT" line of a file came from
	 * (tools/medium.py writes "#source: make qemu OPTS"), and the
	 * number of that line; "" for the file itself. */
	char src[QUOTE_SIZE];
	unsigned src_at;
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
	if (p->src[0])
		sb_printf(&b, "config from %s, word %u (%s %u): ", p->src, p->pos - p->src_at,
			  p->head, p->pos);
	else
		sb_printf(&b, "%s %u: ", p->head, p->pos);
	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	if (bad) {
		sb_printf(&b, "; %s ignored", p->unit);
		cfg_ignored(p->c, m);
	}
	if (p->msg)
		p->msg(p->ctx, m);
}

void cfg_say_ignored(const struct cfg *c, cfg_msg_fn msg, void *ctx)
{
	char m[CFG_IGNORED_LEN + 32];
	unsigned i;

	for (i = 0; i < c->ignored && i < CFG_IGNORED_KEEP; i++) {
		const char *t = c->ignored_msg[i];

		snprintf(m, sizeof(m), "config ignored: %s", strncmp(t, "config ", 7) ? t : t + 7);
		msg(ctx, m);
	}
	if (c->ignored > CFG_IGNORED_KEEP) {
		snprintf(m, sizeof(m), "config ignored: %u more (their messages are at the start)",
			 c->ignored - CFG_IGNORED_KEEP);
		msg(ctx, m);
	}
}

/* Kept without an unknown key's list of the known ones, which the first
 * message gave. */
void cfg_ignored(struct cfg *c, const char *msg)
{
	const char *known = strstr(msg, " (known:"), *end = known ? strchr(known, ')') : NULL;

	if (c->ignored < CFG_IGNORED_KEEP && end)
		snprintf(c->ignored_msg[c->ignored], CFG_IGNORED_LEN, "%.*s%s", (int)(known - msg),
			 msg, end + 1);
	else if (c->ignored < CFG_IGNORED_KEEP)
		snprintf(c->ignored_msg[c->ignored], CFG_IGNORED_LEN, "%s", msg);
	c->ignored++;
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

/* What a user types for help, besides the key itself: a bare token only. */
static bool is_help_alias(const char *s)
{
	return !strcmp(s, "--help") || !strcmp(s, "-h") || !strcmp(s, "?");
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
	k = cfg_key_find(text);
	if (!eq && is_help_alias(text))
		k = K_HELP;
	if (!eq && k != K_LIST && k != K_HELP) {
		quote(q, text, strlen(text));
		say(p, true, "'%s': expected key=value (only list and help, also --help, -h "
		    "or ?, may stand alone)", q);
		return;
	}
	if (k < 0) {
		unknown_key(text, err, sizeof(err));
		say(p, true, "%s", err);
		return;
	}
	b = sbuf_init(old, sizeof(old));
	cfg_key_show(p->c, k, &b);
	if (set_key(p->c, k, value, err, sizeof(err))) {
		say(p, true, "%s", err);
		return;
	}
	if (p->seen[k]) {
		/* Later wins, as documented, but silently losing an
		 * earlier setting would hide a typo in a long file. */
		quote(q_old, old, strlen(old));
		b = sbuf_init(old, sizeof(old));
		cfg_key_show(p->c, k, &b);
		quote(q, old, strlen(old));
		say(p, false, "note: %s='%s' overrides %s='%s' from %s %u",
		    cfg_key_name(k), q, cfg_key_name(k), q_old, p->unit, p->seen[k]);
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
	struct reader r = { .p = data, .len = len };
	struct parse p = { .c = c, .msg = msg, .ctx = ctx, .unit = "line" };
	struct item it;
	char q[QUOTE_SIZE];

	quote(q, name, strlen(name));
	if (len > CFG_FILE_MAX) {
		/* Whole or not at all: a cut copy would drop the last lines
		 * or apply the one across the cut shortened. */
		char m[MSG_SIZE];

		snprintf(m, sizeof(m), "config %s: %zu bytes, over the %d-byte limit; file "
			 "ignored, none of its settings applied", q, len, CFG_FILE_MAX);
		cfg_ignored(c, m);
		if (msg)
			msg(ctx, m);
		return 1;
	}
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
		if (text && !strncmp(text, "#source: ", 9)) {
			quote(p.src, text + 9, strlen(text + 9));
			p.src_at = p.pos;
		} else if (text && *text && *text != '#') {
			apply(&p, text);
		}
	}
	return p.bad;
}

int cfg_parse_loadopts(struct cfg *c, const uint16_t *s, size_t nchars,
		       cfg_msg_fn msg, void *ctx)
{
	struct parse p = { .c = c, .msg = msg, .ctx = ctx, .unit = "token",
			   .head = "UEFI shell command line token" };
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
