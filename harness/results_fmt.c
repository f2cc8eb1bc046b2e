/* Bounded text building shared by the TAP and JSON result writers. */
#include "harness/results_fmt.h"

size_t rbuf_room(const struct rbuf *b, size_t keep)
{
	size_t room = b->size - b->len;

	return room > keep ? room - keep : 0;
}

bool rbuf_putn(struct rbuf *b, const char *s, size_t n)
{
	if (n > rbuf_room(b, 0))
		return false;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	return true;
}

bool rbuf_put(struct rbuf *b, const char *s)
{
	return rbuf_putn(b, s, strlen(s));
}

bool rbuf_printf(struct rbuf *b, const char *fmt, ...)
{
	size_t room = rbuf_room(b, 0);
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, room, fmt, ap);
	va_end(ap);
	/* vsnprintf needs a byte for its NUL; whatever it wrote past len on
	 * failure is simply not counted. */
	if (n < 0 || (size_t)n >= room)
		return false;
	b->len += (size_t)n;
	return true;
}

void rbuf_jstr(struct rbuf *b, const char *s, size_t max)
{
	size_t room = rbuf_room(b, 0), n;

	if (room > max)
		room = max;
	if (room < 2)
		return;
	/* json_escape's NUL lands where the closing quote goes. */
	b->p[b->len] = '"';
	n = json_escape(b->p + b->len + 1, room - 1, s);
	b->p[b->len + 1 + n] = '"';
	b->len += n + 2;
}

/* Whether figure i's name first appears at i. */
static bool first_of_name(const struct tresult *r, unsigned i)
{
	unsigned j;

	for (j = 0; j < i; j++)
		if (!strcmp(r->figs[j].name, r->figs[i].name))
			return false;
	return true;
}

void rbuf_figures(struct rbuf *b, const struct tresult *r, const char *sep, fig_fmt *fmt)
{
	/* Every figure of r fits here, so a name's always does. The writers
	 * run on the BSP, one at a time. */
	static char one[T_MAX_FIGURES * RESULTS_FIG_MAX];
	unsigned i, n = r->nfigs < T_MAX_FIGURES ? r->nfigs : T_MAX_FIGURES, group = 0;

	/* Render each name's figures on their own first: they fit there, and
	 * then go into b as one all-or-nothing piece. */
	for (i = 0; i < n; i++) {
		struct rbuf fb = RBUF(one);
		unsigned j, count = 0;

		if (!first_of_name(r, i))
			continue;
		for (j = i; j < n; j++)
			count += !strcmp(r->figs[j].name, r->figs[i].name);
		if (group++)
			rbuf_put(&fb, sep);
		fmt(&fb, r, i, count);
		if (!rbuf_putn(b, one, fb.len))
			break;
	}
}

/* The figures after from, from included, that share from's name: next
 * one from *j on, false when none is left. */
bool fig_next_of_name(const struct tresult *r, unsigned from, unsigned *j)
{
	for (; *j < r->nfigs && *j < T_MAX_FIGURES; ++*j)
		if (!strcmp(r->figs[*j].name, r->figs[from].name))
			return true;
	return false;
}

static struct rfile *tracked[RFILE_MAX];
static bool deferred;

void rfile_track(struct rfile *f)
{
	unsigned i;

	for (i = 0; i < RFILE_MAX && tracked[i] && tracked[i] != f; i++)
		;
	if (i < RFILE_MAX)
		tracked[i] = f;
}

static void flush(struct rfile *f)
{
	f->dirty = false;
	if (!f->failed && f->flush(f->h))
		f->failed = true;
}

void rfile_defer(bool on)
{
	unsigned i;

	deferred = on;
	for (i = 0; !on && i < RFILE_MAX && tracked[i]; i++)
		if (tracked[i]->dirty)
			flush(tracked[i]);
}

void rfile_written(struct rfile *f)
{
	if (deferred)
		f->dirty = true;
	else
		flush(f);
}

void rfile_append(struct rfile *f, const void *buf, size_t n)
{
	if (f->failed)
		return;
	if (f->write_at(f->h, f->pos, buf, n)) {
		f->failed = true;
		return;
	}
	f->pos += n;
	rfile_written(f);
}

void rfile_commit(struct rfile *f, uint64_t off, const struct rbuf *b)
{
	if (f->failed)
		return;
	if (f->write_at(f->h, off, b->p, b->len))
		f->failed = true;
	else
		rfile_written(f);
}
