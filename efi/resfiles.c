/* The run's result files on the boot medium (efi.h): log.txt (every console
 * line), results.tap, results.jsonl (the journal, appended a line at a time)
 * and results.json, built in memory and written whole at the end, since a
 * document rewritten in place can be caught half-written by a power cut
 * (harness/results.h). The folder is created only once the volume is known
 * to have room for the whole run, so a full medium gets no empty or
 * half-made entry; a write that fails later still ends the run with the
 * harness-error exit code and a line saying which file stopped where.
 * A run cut short by a reset is taken up again by the next boot in the
 * same folder, from its progress mark (efi/progress.c): the
 * files reopened and cut back to the mark, results.json rebuilt from the
 * journal. results.json goes to the medium under another name first and
 * is renamed into place, so a reset at any moment never leaves it cut. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "harness/session.h"
#include "harness/results_fmt.h"
#include "efi/progress.h"

/* What a run needs on the medium, at most: per result, its line in
 * log.txt and results.tap and its object in results.jsonl and
 * results.json; the default suite averages about 550 bytes for all four
 * (README, "Result files"), so 1.5 KiB is a margin of almost three. The
 * register trace of verbose=3 adds up to 2 x RESULTS_TRACE_MAX, taken at
 * 16 KiB (its average is a few KiB). The run's head is written in each
 * file, and every file and the folder round up to whole clusters. */
#define PER_RESULT       1536
#define PER_RESULT_TRACE 16384
#define PER_RUN          (2 * RESULTS_HEAD_MAX + 8192)
#define NFILES           4

/* RF_TEXT: list or help, whose console lines go to one text file. */
static enum { RF_UNSET, RF_OPEN, RF_TEXT, RF_REFUSED } state;
static char refused[256];
static char run[16];
static const char *logname = "log.txt";
static struct rfile logf, tap, jsonl, json;

/* results.json until the end: pool memory, grown as it is written. */
static struct { char *p; UINTN len, cap; } mem;

static int mem_write_at(void *h, uint64_t off, const void *buf, size_t n)
{
	(void)h;
	if (off + n > mem.cap) {
		UINTN cap = 2 * (off + n) + 65536;
		char *p;

		if (EFI_ERROR(g_bs->AllocatePool(EfiLoaderData, cap, (void **)&p)))
			return -1;
		if (mem.p) {
			memcpy(p, mem.p, mem.len);
			g_bs->FreePool(mem.p);
		}
		mem.p = p;
		mem.cap = cap;
	}
	if (off > mem.len)
		memset(mem.p + mem.len, ' ', off - mem.len);
	memcpy(mem.p + off, buf, n);
	if (off + n > mem.len)
		mem.len = off + n;
	return 0;
}

static void mark_between(void);

/* While results.json is rebuilt from the journal (reopen_files): no copy
 * of each step of it. */
static int mem_keep(void *h)
{
	(void)h;
	return 0;
}

/* Written out once the records between two tests are (rfile_defer): a
 * copy over the serial console, if one is due (efi/platform/wire_out.c),
 * after the mark between tests. */
static int mem_flush(void *h)
{
	(void)h;
	wire_send(mem.p, mem.len, false, mark_between);
	return 0;
}

/* Every console line, flushed as the result files are (rfile_written):
 * at once while a test runs, so a hang keeps its last words. */
static void log_mirror(const char *line)
{
	char buf[600];
	size_t n = strlen(line);

	if (n < sizeof(buf)) {
		memcpy(buf, line, n);
		buf[n] = '\n';
		rfile_append(&logf, buf, n + 1);
	} else {
		rfile_append(&logf, line, n);
		rfile_append(&logf, "\n", 1);
	}
}

static void refuse(const char *why)
{
	state = RF_REFUSED;
	snprintf(refused, sizeof(refused), "%s", why);
	plat_log(0, "results: %s; console only, and the run ends with exit code 2", why);
	console_set_mirror(NULL);
}

/* Room for the run? Says how much there is and how much the run needs
 * either way, so that a lab sees a stick filling up. The folder is made
 * only if at least the files' heads fit; a run that may outgrow the room
 * left (a long repeat=) goes on with a warning, and its files then stop at
 * a line boundary and the run ends with exit code 2. */
static bool room_for(unsigned planned)
{
	uint64_t free, least, need;
	uint32_t cluster;
	EFI_STATUS st = medium_space(&free, &cluster);
	char why[200];

	if (EFI_ERROR(st)) {
		snprintf(why, sizeof(why), "the boot volume %s (0x%lx)",
			 st == EFI_WRITE_PROTECTED ? "is read-only" :
			 st == EFI_NOT_READY ? "is not readable" : "reports no free space",
			 (unsigned long)st);
		refuse(why);
		return false;
	}
	least = PER_RUN + (uint64_t)(NFILES + 1) * (cluster ? cluster : 4096);
	need = least + (uint64_t)planned * PER_RESULT +
	       (g_cfg.verbose >= 3 ? (uint64_t)planned * PER_RESULT_TRACE : 0);
	if (free < least) {
		snprintf(why, sizeof(why), "%lu bytes free on the boot medium, a run of %u "
			 "results needs up to %lu and its files at least %lu", (unsigned long)free,
			 planned, (unsigned long)need, (unsigned long)least);
		refuse(why);
		return false;
	}
	if (free < need)
		plat_log(0, "results: only %lu bytes free on the boot medium, a run of %u results "
			 "needs up to %lu; the files may stop before the end (exit code 2 if they do)",
			 (unsigned long)free, planned, (unsigned long)need);
	else
		plat_log(1, "results: %lu KiB free on the boot medium; this run of %u results "
			 "needs at most %lu KiB", (unsigned long)(free / 1024), planned,
			 (unsigned long)(need / 1024));
	return true;
}

/* The files of a new run folder. */
static EFI_STATUS create_files(void)
{
	EFI_STATUS st = medium_new_run_dir(run, sizeof(run));

	if (!EFI_ERROR(st))
		st = medium_create("log.txt", &logf);
	if (!EFI_ERROR(st))
		st = medium_create("results.tap", &tap);
	if (!EFI_ERROR(st))
		st = medium_create("results.jsonl", &jsonl);
	json = (struct rfile){ .write_at = mem_write_at, .flush = mem_flush };
	return st;
}

/* What log.txt keeps of the run the mark names (p, n bytes): at state=
 * test its whole lines but from the cut test's verdict line on (had the
 * test finished, its result did not reach the other files, and it is
 * recorded again as cut short); the lines its body printed stay, its last
 * words. At state=end, only what the mark saw: the closing lines come
 * again. At state=next every whole line: no test had started. */
static uint64_t log_keep(const char *p, UINTN n, const struct mark *m)
{
	char pre[16];
	size_t k = (size_t)snprintf(pre, sizeof(pre), "[%u/", m->index);
	UINTN at = m->log;

	if (m->log > n || m->state == M_NEXT)
		at = n;
	else if (m->state == M_END)
		return m->log;
	while (at < n && m->state != M_NEXT && strncmp(p + at, pre, k)) {
		while (at < n && p[at] != '\n')
			at++;
		if (at < n)
			at++;
	}
	while (at && p[at - 1] != '\n')
		at--;
	return at;
}

/* A test's record past the mark (state=test): the journal's line at
 * the mark's length, whole (its newline) and the cut test's (its seq).
 * The files are flushed in order log.txt, results.tap, results.jsonl
 * (rfile_track's), then the mark: with the record whole in the journal,
 * the test's lines in the other two are whole too, and only the mark's
 * rewrite was lost. Its check holds (results.h): stale bytes of an older
 * file after a cut line never pass. Its length, or 0. */
static UINTN record_past(const char *j, UINTN len, const struct mark *m)
{
	char pre[32];
	UINTN k = (UINTN)snprintf(pre, sizeof(pre), "{\"seq\":%u,\"test\":", m->index), e, at;
	uint32_t chain = 0;

	if (m->state != M_TEST || len <= m->jsonl || len - m->jsonl < k ||
	    memcmp(j + m->jsonl, pre, k))
		return 0;
	for (at = 0; at < m->jsonl; at = e + 1) { /* the checks' chain up to the mark */
		for (e = at; e < m->jsonl && j[e] != '\n'; e++)
			;
		if (e == m->jsonl || !journal_line_body(j + at, e - at, &chain))
			return 0;
	}
	for (e = m->jsonl; e < len && j[e] != '\n'; e++)
		;
	return e < len && journal_line_body(j + m->jsonl, e - m->jsonl, &chain) ? e + 1 - m->jsonl
										 : 0;
}

/* A file's length on the medium, 0 if it cannot be read. */
static uint64_t length_of(const char *file)
{
	char *buf;
	UINTN len;

	if (EFI_ERROR(medium_read_run(file, &buf, &len)))
		return 0;
	g_bs->FreePool(buf);
	return len;
}

/* The files of the run the mark names, cut back to it (progress.c):
 * results.json rebuilt in memory from the journal, the tally from it. A
 * journal that does not read back as the mark says leaves the result
 * files untouched and starts a new run. */
static bool reopen_files(struct session *s, struct mark *m)
{
	char *buf;
	UINTN len, past;
	int n;
	uint64_t keep;
	uint32_t chain;

	snprintf(run, sizeof(run), "%s", m->run);
	if (EFI_ERROR(medium_open_run_dir(run)))
		return false;
	/* Entries a reset left inside the FAT driver's flush may name clusters
	 * the FAT calls free; once another file took them, deleting or
	 * cutting the entry would free that file's clusters. So they go
	 * before this boot's first allocation: results.new, never a result,
	 * at once; results.json, which the resumed run writes again, once the
	 * run resumes (docs/results.md, "A reset while writing"). */
	medium_drop("results.new");
	if (EFI_ERROR(medium_read_run("results.jsonl", &buf, &len)))
		return false;
	json = (struct rfile){ .write_at = mem_write_at, .flush = mem_keep };
	past = len >= m->jsonl ? record_past(buf, len, m) : 0;
	if (past) { /* the test had ended: its record is kept, not re-charged */
		m->state = M_NEXT;
		m->index++;
		m->jsonl += past;
		m->tap = length_of("results.tap");
		m->kept = true;
	}
	n = len >= m->jsonl ? journal_resume(buf, m->jsonl, &json, &jsonl, &s->tally) : -1;
	json.flush = mem_flush;
	chain = jsonl.chain; /* the journal's last check, which the next line's chains from */
	g_bs->FreePool(buf);
	if (n < 0 || (unsigned)n != (m->state != M_END ? m->index - 1 : m->planned)) {
		plat_log(0, "resume: %s's journal does not hold the %u results its mark says; "
			 "a new run", run, m->state != M_END ? m->index - 1 : m->planned);
		medium_close_all();
		mem.len = 0;
		return false;
	}
	medium_drop("results.json");
	keep = m->log;
	if (!EFI_ERROR(medium_read_run("log.txt", &buf, &len))) {
		keep = log_keep(buf, len, m);
		g_bs->FreePool(buf);
	}
	if (EFI_ERROR(medium_reopen("log.txt", keep, &logf)) ||
	    EFI_ERROR(medium_reopen("results.tap", m->tap, &tap)) ||
	    EFI_ERROR(medium_reopen("results.jsonl", m->jsonl, &jsonl)))
		return false;
	jsonl.seq = (uint64_t)n + 1; /* the head's line and n results' */
	jsonl.chain = chain;
	return true;
}

void resfiles_open(struct session *s)
{
	struct mark m;
	EFI_STATUS st = EFI_SUCCESS;

	if (!room_for(session_planned(s)))
		return;
	if (progress_pending(s, &m) && reopen_files(s, &m))
		s->resume = progress_resume(&m);
	else
		st = create_files();
	if (EFI_ERROR(st)) {
		char why[96];

		snprintf(why, sizeof(why), "cannot create the run's folder or files (0x%lx)",
			 (unsigned long)st);
		refuse(why);
		return;
	}
	rfile_track(&logf);
	rfile_track(&tap);
	rfile_track(&jsonl);
	rfile_track(&json);
	state = RF_OPEN;
	console_set_mirror(log_mirror);
	plat_log(0, "results: \\uncore-results\\%s\\%s", run, s->resume ? " (resumed)" : "");
	s->ri.run = run;
	s->tap = &tap;
	s->json = &json;
	s->jsonl = &jsonl;
	progress_start(run, s);
}

/* Before a serial copy between tests: the mark, state=next, names the
 * result after those the journal holds (its head's line and one a result). */
static void mark_between(void)
{
	progress_between((unsigned)jsonl.seq);
}

void resfiles_lengths(uint64_t *t, uint64_t *j, uint64_t *l)
{
	*t = tap.pos;
	*j = jsonl.pos;
	*l = logf.pos;
}

/* list and help run no test: their console lines (the early ones kept
 * until now included, as log.txt would have them) go to file in a run
 * folder of its own, made like a run's (room_for), and no result file. */
void resfiles_open_text(const char *file)
{
	EFI_STATUS st;

	if (!room_for(0))
		return;
	logname = file;
	st = medium_new_run_dir(run, sizeof(run));
	if (!EFI_ERROR(st))
		st = medium_create(file, &logf);
	if (EFI_ERROR(st)) {
		char why[96];

		snprintf(why, sizeof(why), "cannot create the run's folder or %s (0x%lx)", file,
			 (unsigned long)st);
		refuse(why);
		return;
	}
	rfile_track(&logf);
	state = RF_TEXT;
	plat_log(0, "results: \\uncore-results\\%s\\%s", run, file);
	console_set_mirror(log_mirror);
}

/* results.json, whole, from memory; if it does not fit, no file at all:
 * an empty or cut results.json would hide the journal from a reader. It
 * is written as results.new, flushed, then renamed over results.json
 * (medium_replace), so a reset at any instant leaves results.json absent
 * or whole, never cut (docs/results.md, "A reset while writing"). */
static void write_json(void)
{
	struct rfile out;

	if (json.failed) {
		plat_log(0, "results: results.json could not be built (no memory)");
		return;
	}
	if (EFI_ERROR(medium_create("results.new", &out))) {
		json.failed = true;
		return;
	}
	rfile_append(&out, mem.p, mem.len);
	json.failed = out.failed || EFI_ERROR(medium_replace(&out, "results.json"));
	json.pos = out.pos;
	if (json.failed)
		medium_discard(&out);
	else
		progress_done();
}

static bool whole(const char *name, const struct rfile *f)
{
	if (!f->failed)
		return true;
	if (f == &json)
		plat_log(0, "results: results.json not written (%s); tools/results.py "
			 "reads the run from results.jsonl", medium_error());
	else
		plat_log(0, "results: %s stopped at byte %lu: %s", name, (unsigned long)f->pos,
			 medium_error());
	return false;
}

bool resfiles_finish(void)
{
	bool ok;

	if (state == RF_UNSET)
		return true;
	if (state == RF_REFUSED) {
		plat_log(0, "results: none written: %s", refused);
		return false;
	}
	rfile_defer(false);
	if (state == RF_TEXT)
		return whole(logname, &logf);
	if (!json.failed)
		wire_send(mem.p, mem.len, true, NULL);
	write_json();
	/* log.txt last: the lines about the others still reach it. */
	ok = whole("results.tap", &tap) & whole("results.jsonl", &jsonl) &
	     whole("results.json", &json);
	ok &= whole(logname, &logf);
	if (!ok)
		plat_log(0, "results: incomplete on the medium; exit code 2 (harness error)");
	return ok;
}

void resfiles_close(void)
{
	console_set_mirror(NULL); /* nothing may write to a closed log.txt */
	medium_close_all();
	state = RF_UNSET;
}
