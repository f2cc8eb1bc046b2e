/* The progress mark, so that a run cut by a hang or a reset can resume:
 * progress.txt in the run's folder, one
 * line rewritten in place and flushed before each test body, after every
 * result before it has reached the medium:
 *
 *   uncore-harness progress: state=test run=run-0003 boot=1 resets=0
 *   index=5 iteration=1 id=self.cpu.detect bound_s=300 armed=1795... config=0x...
 *   planned=12 tap=1234 jsonl=5678 log=9999 .
 *
 * (one line, padded with blanks to MARK_LEN bytes, so a rewrite never
 * changes the file's size or clusters). state=end once every result is
 * out and the summaries are being written; state=done once results.json
 * is on the medium; state=next between tests, once the results before
 * test index are on the medium and before a serial copy of results.json
 * goes out (a copy takes up to seconds at 115200 baud: a reset then must
 * not take the test before it for one cut short, nor the next for one
 * started). tap=, jsonl=, log= are the files' flushed lengths.
 *
 * A boot that finds the highest run folder's mark at state=test or
 * state=end, with the same configuration (config= hashes it) and plan,
 * goes on with that run (resfiles.c): the files cut back to the mark's
 * lengths (a result half-written when the reset came is dropped), log.txt
 * kept to its last whole line (the hung test's last words stay), the test
 * of the mark recorded as an ERROR, "hung: reset by watchdog after N s",
 * and the run resumed with the next test; after watchdog.resets= resets
 * it ends there with what it has. At state=next nothing is recorded: the
 * run goes on with test index. Anything else starts a new run. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "lib/identity.h"
#include "harness/session.h"
#include "efi/progress.h"

#define MARK_LEN 512
#define MARK_HEAD "uncore-harness progress: "

static struct rfile pf; /* progress.txt; h NULL: no mark is kept */
static struct mark cur;
static struct run_resume resume;
static char reason[T_REASON_LEN];

/* FNV-1a of the configuration's description: another config file (or
 * shell options) means another run. */
static uint32_t config_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The firmware clock in seconds, or -1 if it cannot be read. */
static int64_t now_s(void)
{
	EFI_TIME t;

	if (EFI_ERROR(g_st->RuntimeServices->GetTime(&t, NULL)))
		return -1;
	return ident_seconds(t.Year, t.Month, t.Day, t.Hour, t.Minute, t.Second);
}

static const char *const states[] = { "test", "end", "done", "next" };

static void format(const struct mark *m, char *buf)
{
	int n = snprintf(buf, MARK_LEN, MARK_HEAD "state=%s run=%s boot=%u resets=%u index=%u "
			 "iteration=%u id=%s bound_s=%u armed=%lld config=0x%08x planned=%u "
			 "tap=%llu jsonl=%llu log=%llu .", states[m->state], m->run, m->boot,
			 m->resets, m->index, m->iteration, m->id, m->bound_s, (long long)m->armed,
			 m->config, m->planned, (unsigned long long)m->tap,
			 (unsigned long long)m->jsonl, (unsigned long long)m->log);

	memset(buf + n, ' ', MARK_LEN - 1 - (size_t)n);
	buf[MARK_LEN - 1] = '\n';
}

/* The value after " key=" in text, up to a blank, into out. */
static bool field(const char *text, const char *key, char *out, size_t size)
{
	char pat[24];
	const char *p;
	size_t n = 0;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(text, pat);
	if (!p)
		return false;
	for (p += strlen(pat); *p && *p != ' ' && n + 1 < size; p++)
		out[n++] = *p;
	out[n] = '\0';
	return n > 0 || !*p || *p == ' ';
}

static bool number(const char *text, const char *key, uint64_t *v)
{
	char s[24];
	unsigned i = 0;
	bool hex;

	if (!field(text, key, s, sizeof(s)) || !s[0])
		return false;
	hex = s[0] == '0' && s[1] == 'x';
	*v = 0;
	for (i = hex ? 2 : 0; s[i]; i++) {
		char c = s[i] | (hex ? 32 : 0);

		if (c >= '0' && c <= '9')
			*v = *v * (hex ? 16 : 10) + (uint64_t)(c - '0');
		else if (hex && c >= 'a' && c <= 'f')
			*v = *v * 16 + (uint64_t)(c - 'a' + 10);
		else
			return false;
	}
	return true;
}

/* A mark as format() writes it, whole (its closing " ." and newline). */
static bool parse(const char *text, size_t len, struct mark *m)
{
	char st[8];
	uint64_t v[11];
	static const char *const keys[11] = { "boot", "resets", "index", "iteration", "bound_s",
					      "armed", "config", "planned", "tap", "jsonl", "log" };

	if (len != MARK_LEN || text[MARK_LEN - 1] != '\n' || strncmp(text, MARK_HEAD,
								   strlen(MARK_HEAD)) ||
	    !strstr(text, " ."))
		return false;
	for (int i = 0; i < 11; i++)
		if (!number(text, keys[i], &v[i]))
			return false;
	if (!field(text, "state", st, sizeof(st)) || !field(text, "run", m->run, sizeof(m->run)) ||
	    !field(text, "id", m->id, sizeof(m->id)))
		return false;
	for (m->state = 0; m->state < ARRAY_SIZE(states) && strcmp(st, states[m->state]);
	     m->state++)
		;
	m->boot = (unsigned)v[0];
	m->resets = (unsigned)v[1];
	m->index = (unsigned)v[2];
	m->iteration = (unsigned)v[3];
	m->bound_s = (unsigned)v[4];
	m->armed = (int64_t)v[5];
	m->config = (uint32_t)v[6];
	m->planned = (unsigned)v[7];
	m->tap = v[8];
	m->jsonl = v[9];
	m->log = v[10];
	m->kept = false;
	return m->state < ARRAY_SIZE(states);
}

bool progress_pending(const struct session *s, struct mark *m)
{
	char run[16], path[64], buf[MARK_LEN + 1];
	CHAR16 wpath[64];
	UINTN len = 0;
	unsigned i;

	if (EFI_ERROR(medium_last_run_dir(run, sizeof(run))))
		return false;
	snprintf(path, sizeof(path), "\\uncore-results\\%s\\progress.txt", run);
	for (i = 0; path[i]; i++)
		wpath[i] = (CHAR16)path[i];
	wpath[i] = 0;
	if (EFI_ERROR(medium_read(wpath, buf, MARK_LEN, &len)))
		return false;
	buf[len] = '\0';
	if (!parse(buf, len, m) || strcmp(m->run, run)) {
		plat_log(0, "progress: %s\\progress.txt does not read as a mark; a new run", run);
		return false;
	}
	if (m->state == M_DONE)
		return false;
	if (m->config != config_hash(s->cfg_text) || m->planned != session_planned(s)) {
		plat_log(0, "progress: %s was cut short (%s %s), but this boot's configuration "
			 "differs; a new run", run, m->state == M_TEST ? "in test" : "at its end",
			 m->state == M_TEST ? m->id : "");
		return false;
	}
	return true;
}

const struct run_resume *progress_resume(const struct mark *m)
{
	int64_t now = now_s(), took = now >= 0 && m->armed > 0 ? now - m->armed : -1;

	cur = *m;
	cur.boot = m->boot + 1;
	cur.resets = m->resets + 1;
	memset(&resume, 0, sizeof(resume));
	resume.stop = cur.resets > g_cfg.resets;
	if (m->state == M_END || (m->state == M_NEXT && m->index > m->planned)) {
		/* Every result is out; only the summaries and results.json. */
		resume.next = m->planned + 1;
		resume.stop = true;
		plat_log(0, "resume: %s, boot %u: reset while its files were being completed; "
			 "completing them", m->run, cur.boot);
		return &resume;
	}
	resume.next = m->index;
	if (m->state == M_NEXT) {
		/* Between tests: every result before is on the medium and was
		 * shown on the console before the reset; none is shown again. */
		plat_log(0, "resume: %s, boot %u: reset between tests, results 1-%u on the "
			 "medium%s; %s", m->run, cur.boot, m->index - 1,
			 m->kept ? " (the last found whole in the journal past the mark, kept)" : "",
			 resume.stop ? "watchdog.resets= reached, the run ends with what it has"
				     : "the run goes on with the next test; no verdict is shown again");
		return &resume;
	}
	resume.reason = reason;
	if (!m->bound_s)
		snprintf(reason, sizeof(reason), "reset %lld s after it started (no watchdog: "
			 "watchdog=0)", (long long)took);
	else if (took >= 0 && took < m->bound_s)
		snprintf(reason, sizeof(reason), "reset %lld s after it started, before its %u s "
			 "bound: not the watchdog (a power cut or an outside reset; a result it "
			 "may have had did not reach the medium)",
			 (long long)took, m->bound_s);
	else
		resume.hung = true;
	if (resume.hung && took >= 0)
		snprintf(reason, sizeof(reason), "hung: reset by watchdog after %u s (the next "
			 "boot found it %lld s after it started)", m->bound_s, (long long)took);
	else if (resume.hung)
		snprintf(reason, sizeof(reason), "hung: reset by watchdog after %u s", m->bound_s);
	plat_log(0, "resume: %s, boot %u: test %u (%s) was cut short by a reset; %s; its "
		 "verdict line is printed again (one the console showed before the reset did "
		 "not reach the medium: this one stands)", m->run, cur.boot, m->index, m->id,
		 resume.stop ? "watchdog.resets= reached, the run ends with what it has" :
		 "recorded as ERROR, the run goes on with the next test");
	return &resume;
}

void progress_start(const char *run, const struct session *s)
{
	if (EFI_ERROR(medium_reopen("progress.txt", MARK_LEN, &pf))) {
		plat_log(0, "progress: progress.txt cannot be written (%s); a reset will start a "
			 "new run", medium_error());
		pf.h = NULL;
		return;
	}
	if (!cur.boot) { /* a new run (progress_resume sets boot) */
		cur.boot = 1;
		snprintf(cur.run, sizeof(cur.run), "%s", run);
	}
	cur.config = config_hash(s->cfg_text);
	cur.planned = session_planned(s);
}

static void write_mark(enum mark_state st)
{
	char buf[MARK_LEN];

	if (!pf.h)
		return;
	cur.state = st;
	resfiles_lengths(&cur.tap, &cur.jsonl, &cur.log);
	format(&cur, buf);
	if (pf.write_at(pf.h, 0, buf, MARK_LEN) || pf.flush(pf.h)) {
		plat_log(0, "progress: the mark could not be written (%s); a reset will start "
			 "a new run", medium_error());
		pf.h = NULL;
	}
}

/* session.before_test: the mark, then the watchdogs, then what
 * debug.hang= asks for, in the test's place. */
static void before_test(const struct tresult *r)
{
	cur.index = r->index;
	cur.iteration = r->iteration;
	snprintf(cur.id, sizeof(cur.id), "%s", r->test->id);
	cur.bound_s = g_cfg.watchdog_s;
	cur.armed = now_s() > 0 ? now_s() : 0;
	write_mark(M_TEST);
	watchdog_arm(g_cfg.watchdog_s);
	watchdog_hang_if(r->test->id);
}

static void after_test(void)
{
	watchdog_disarm();
}

void progress_hooks(struct session *s)
{
	s->before_test = before_test;
	s->after_test = after_test;
}

void progress_between(unsigned next)
{
	/* next 0: the journal has no head yet (the run's first copy), and a
	 * reset then starts a new run, as one before the first test does. */
	if (!next || cur.state == M_END || cur.state == M_DONE)
		return;
	cur.index = next;
	cur.iteration = 0;
	snprintf(cur.id, sizeof(cur.id), "-");
	cur.armed = 0;
	write_mark(M_NEXT);
}

void progress_ending(void)
{
	rfile_defer(false);
	write_mark(M_END);
}

void progress_done(void)
{
	write_mark(M_DONE);
}
