/* Internal to the result writers (results_tap.c, results_json.c): bounded
 * text building in fixed buffers and the write+flush step. Not part of the
 * results API. */
#ifndef TESTS_FW_RESULTS_FMT_H
#define TESTS_FW_RESULTS_FMT_H

#include "harness/results.h"

/* One record (a banner, or one test result) is built in RESULTS_REC_MAX
 * bytes and written with a single write_at, so the file only ever holds
 * whole records. Realistic records stay under 2 KiB; the limits only bite on
 * pathological input (ids, figure names or reasons full of escapes). It
 * holds the figures, the open questions, an id, a description and the
 * record's keys whole (RESULTS_FIGS_MAX, RESULTS_OBS_MAX, RESULTS_ID_MAX,
 * a description's 512); the reason gets what is left. */
#define RESULTS_REC_MAX  6144
/* All figures of one record: T_MAX_FIGURES at about 90 bytes each in TAP's
 * YAML (name, index, value, unit), the longest rendering; a figure with an
 * expected value and tolerance (t_figure_expect) takes about 45 more, and
 * the tests that give them record at most four. */
#define RESULTS_FIGS_MAX 3072
#define RESULTS_FIG_MAX  384  /* one figure entry: bounded by struct figure */
/* A record's open questions (t_default): one entry at most RESULTS_OQ_MAX
 * (its strings cut at twice their size escaped, the keys); of T_MAX_OBS
 * entries, what does not fit RESULTS_OBS_MAX is counted dropped. Realistic
 * entries take about 200 bytes. */
#define RESULTS_OQ_MAX   640
#define RESULTS_OBS_MAX  2048
#define RESULTS_ID_MAX   256  /* a test id (longer ones are cut) */
#define RESULTS_WORD_MAX 128  /* version, tag, apic mode, backend */
#define RESULTS_TRACE_MAX 20480 /* a record's register trace (verbose=3) */
/* The head (run info): the recorded configuration is never cut, so the
 * head holds its worst case (CFG_DESCRIBE_MAX, harness/config.h, which grows
 * with every named defect), every character escaped (6 bytes), beside the
 * rest of the head: identity and CPU fields, each bounded by its own size
 * (RESULTS_WORD_MAX and the like), in RESULTS_HEAD_REST. */
#include "harness/config.h"
#define RESULTS_HEAD_REST 8192
#define RESULTS_HEAD_MAX (6 * CFG_DESCRIBE_MAX + RESULTS_HEAD_REST)
/* The head is rendered in the scratch too. */
#define RESULTS_SCRATCH_MAX                                                 \
	(RESULTS_HEAD_MAX > RESULTS_REC_MAX + RESULTS_TRACE_MAX ? RESULTS_HEAD_MAX : \
	 RESULTS_REC_MAX + RESULTS_TRACE_MAX)

struct rbuf {
	char *p;
	size_t size, len;
};
#define RBUF(arr) { .p = (arr), .size = sizeof(arr), .len = 0 }

/* Free bytes in b once keep bytes are set aside for what must follow. */
size_t rbuf_room(const struct rbuf *b, size_t keep);

/* Appends that fit entirely or leave b unchanged (returning false), so a
 * dropped part can never leave half a token behind. */
bool rbuf_putn(struct rbuf *b, const char *s, size_t n);
bool rbuf_put(struct rbuf *b, const char *s);
bool rbuf_printf(struct rbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Append s as a quoted JSON string (also a valid YAML double-quoted scalar)
 * of at most max bytes with the quotes: the text is cut between escapes. */
void rbuf_jstr(struct rbuf *b, const char *s, size_t max);

/* Renders the count figures of r named as r->figs[first] (first is the
 * first of them; fig_next_of_name walks them). */
typedef void fig_fmt(struct rbuf *b, const struct tresult *r, unsigned first, unsigned count);

/* Append r's figures, one fmt call per name, sep between them. Each name
 * goes in whole or not at all; the first that does not fit is dropped with
 * all later ones. */
void rbuf_figures(struct rbuf *b, const struct tresult *r, const char *sep, fig_fmt *fmt);
bool fig_next_of_name(const struct tresult *r, unsigned from, unsigned *j);

/* Write b at off, then flush or mark (rfile_written); on failure mark f
 * failed, after which nothing more is written (a file with a hole in it
 * would be worse than a short one). */
void rfile_commit(struct rfile *f, uint64_t off, const struct rbuf *b);

/* The JSON pieces both JSON writers share (results_json.c): the run's
 * fields (no braces), one test's object, the summary object; and the one
 * buffer a record is rendered in before it is written. */
void json_put_head(struct rbuf *b, const struct run_info *ri);
void json_put_record(struct rbuf *b, const struct tresult *r);
void json_put_summary(struct rbuf *b, const struct tally *t);
extern char json_scratch[RESULTS_SCRATCH_MAX];

static inline const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

#endif
