/* Result files: TAP 13 and JSON, written incrementally through an abstract
 * file so that both are complete and valid after every test (a hang or reset
 * loses nothing already reported). Portable: the UEFI side supplies a file
 * backed by EFI_FILE_PROTOCOL, host tests supply a memory buffer. */
#ifndef TESTS_FW_RESULTS_H
#define TESTS_FW_RESULTS_H

#include "harness/test.h"
#include "pmu/core_enum.h"

/* Write n bytes at byte offset off (the file grows as needed), then
 * flush() makes it durable. Both return 0 on success. */
struct rfile {
	int (*write_at)(void *h, uint64_t off, const void *buf, size_t n);
	int (*flush)(void *h);
	void *h;
	uint64_t pos;  /* writer state: next append offset */
	uint64_t tail; /* writer state: where the JSON closing tail starts */
	uint64_t seq;  /* writer state: the journal's next line number */
	uint32_t chain; /* writer state: the journal's last line's check */
	bool failed;   /* a write or flush failed; later writes are dropped */
	bool dirty;    /* written since its last flush (rfile_defer) */
};

/* When written records reach the medium (harness/results_fmt.c): a write
 * is flushed at once, unless flushing is deferred, which the session does
 * between tests (after a result, until the next test body starts): then
 * the file is marked and rfile_defer(false) flushes every marked file.
 * So a test that hangs or resets the machine loses nothing written before
 * it started, and results and log lines written between two tests (a run
 * of SKIPs) share one flush per file (each flush costs about 1 ms on
 * OVMF's FAT). At most RFILE_MAX files are tracked (rfile_track). */
#define RFILE_MAX 6 /* log.txt, results.tap, results.jsonl, results.json (efi/resfiles.c), two spare */
void rfile_track(struct rfile *f);
void rfile_defer(bool on);
/* After a write to f: flush it now, or mark it while deferred. */
void rfile_written(struct rfile *f);

/* Append n bytes at f->pos and advance it, then flush or mark as above;
 * after a failure nothing more is written to f (a file with a hole in it
 * would be worse than a short one) and f->failed stays set. */
void rfile_append(struct rfile *f, const void *buf, size_t n);

/* What the banner shows; recorded once at the top of each file. */
struct run_info {
	const char *version;
	char cpu_vendor[16];
	uint32_t family, model, stepping, signature; /* signature = CPUID.1:EAX */
	char brand[52];
	char hypervisor[16]; /* "" on bare metal */
	unsigned ncpus, npackages;
	const char *apic_mode; /* "xAPIC" / "x2APIC" */
	const char *backend;   /* "hw" or "emu" */
	bool emulated;         /* the backend is a model (struct msr_backend.model) */
	const char *uncore;    /* generation name, or "" when none is supported */
	/* The architectural core PMU: "hardware", "emulated" or "none", the
	 * emulated one's shape name (else NULL), and what CPUID enumerates. */
	const char *core_pmu, *core_shape;
	struct core_enum core;
	uint64_t tsc_hz;
	const char *config;    /* effective config, "key=value ..." */
	const char *tag;       /* cfg tag= (may be "") */
	const char *run;       /* the run's folder, "run-0042", or "" */
};

/* A FAIL or ERROR, kept for the list the run ends with: its id and the
 * first line of its reason. */
#define TALLY_FAILS_MAX 32
struct tally_fail {
	const char *id;
	enum verdict verdict;
	char reason[T_REASON_LEN];
};

/* What was not tested: a SKIP or N/A reason and how many results gave it. */
#define TALLY_UNTESTED_MAX 8
struct tally_untested {
	enum verdict verdict;
	unsigned n;
	char reason[T_REASON_LEN];
};

struct tally {
	unsigned n[V_COUNT];
	unsigned planned;
	uint64_t elapsed_us; /* the app's own run time, start to summary */
	/* The first TALLY_FAILS_MAX FAILs and ERRORs, in run order (the
	 * count of all is n[V_FAIL] + n[V_ERROR]). */
	struct tally_fail fails[TALLY_FAILS_MAX];
	unsigned nfails;
	unsigned hung; /* ERRORs of tests a watchdog reset cut short (run_resume) */
	/* The first TALLY_UNTESTED_MAX distinct SKIP and N/A reasons, each
	 * with its count; the results with any other reason in untested_more. */
	struct tally_untested untested[TALLY_UNTESTED_MAX];
	unsigned nuntested, untested_more;
	/* PASSes and XFAILs of the state brackets (runner_bracket): counted in
	 * n[] like any result, but they save and restore, they test nothing,
	 * so a run whose only passes are theirs tested nothing (exit 77). */
	unsigned bracket_passes;
};

/* TAP 13: "TAP version 13", comment lines with run info, then one
 * "ok N - id" / "not ok N - id" per test (SKIP and XFAIL via the TAP
 * directives "# SKIP reason" / "# TODO reason"; ERROR is "not ok" with a
 * YAML block "severity: error"), and a final plan line "1..N". */
void tap_begin(struct rfile *f, const struct run_info *ri);
void tap_result(struct rfile *f, const struct tresult *r);
void tap_end(struct rfile *f, const struct tally *t);

/* JSON: {"harness":..., "cpu":{...}, ..., "tests":[{...},...],
 * "summary":{...}, "complete":true|false}. After tap_begin/json_begin and
 * after every json_result the file is a valid JSON document with
 * "complete":false; json_end rewrites the tail with the summary and
 * "complete":true. */
void json_begin(struct rfile *f, const struct run_info *ri);
void json_result(struct rfile *f, const struct tresult *r);
void json_end(struct rfile *f, const struct tally *t);

/* The journal, results.jsonl: one JSON object per line, appended and never
 * rewritten, so that whatever instant power fails, the file is its lines
 * so far plus at most one cut last line (results.json, by contrast, is
 * written whole at the end of the run). Line 0: {"journal":1,"seq":0,
 * <the run's fields as in results.json>}; then {"seq":k,"test":{...}} per
 * result and last {"seq":n,"summary":{...}}. Each line ends
 * ,"crc32":"XXXXXXXX"} and its newline: the CRC-32 (zlib's, as
 * wire_crc32) of the line's bytes before ,"crc32", chained from the line
 * before's (crc32(bytes, previous check), 0 for line 0), so that a line
 * cut by a reset and completed by stale bytes of an older file from the
 * same place never reads as whole, not even when those bytes end a whole
 * line of an older run, whose lines before differ (its head's date, run,
 * configuration). A reader keeps the lines up to the first that fails
 * its check, does not parse, lacks its newline or breaks the seq sequence
 * (journal_line_body, tools/results.py). */
#define JOURNAL_CRC_FMT ",\"crc32\":\"%08x\"}\n"
#define JOURNAL_CRC_LEN 20 /* ,"crc32":"XXXXXXXX"} without the newline */
/* The length of line (n bytes, its newline excluded) before its check,
 * or 0 if it has none or the check fails; *chain is the line before's
 * check (0 before line 0), and becomes this line's. */
size_t journal_line_body(const char *line, size_t n, uint32_t *chain);
void jsonl_begin(struct rfile *f, const struct run_info *ri);
/* The same two from text a journal holds (results_resume.c): the run's
 * fields as json_put_head wrote them, one test's object. */
void json_begin_raw(struct rfile *f, const char *head, size_t n);
void json_result_raw(struct rfile *f, const char *rec, size_t n);
/* A run resumed after a reset (efi/progress.c): from its journal's first
 * len bytes, whole lines only, results.json rebuilt into json (a fresh
 * rfile), the journal's next seq set in jsonl, and every result counted
 * in t (zeroed first; a FAIL or ERROR kept in its list, an ERROR whose
 * reason starts "hung: " counted as hung). Returns the number of results,
 * or -1 when the journal does not read as this harness writes it. */
int journal_resume(const char *j, size_t len, struct rfile *json, struct rfile *jsonl,
		   struct tally *t);
void jsonl_result(struct rfile *f, const struct tresult *r);
void jsonl_end(struct rfile *f, const struct tally *t);

/* True when the run used the emulated backend (an emulated uncore, core
 * PMU or both). */
static inline bool results_emulated(const struct run_info *ri)
{
	return ri->emulated;
}

/* JSON string escaping into buf (always NUL-terminated); returns length. */
size_t json_escape(char *buf, size_t size, const char *s);

#endif
