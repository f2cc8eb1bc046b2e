/* The progress mark and resuming a run after a reset (efi/progress.c). */
#ifndef EFI_PROGRESS_H
#define EFI_PROGRESS_H

#include "harness/session.h"

/* M_NEXT: between tests, every result before test index on the medium
 * and test index not started (a serial copy of results.json under way). */
enum mark_state { M_TEST, M_END, M_DONE, M_NEXT };

struct mark {
	enum mark_state state;
	char run[16];
	unsigned boot, resets, index, iteration, bound_s, planned;
	char id[128];
	int64_t armed;   /* the firmware clock's seconds when the test started; 0: unknown */
	uint32_t config; /* hash of the configuration's description */
	uint64_t tap, jsonl, log; /* the files' flushed lengths */
	/* Not in the file: at state=test, the cut test's record was found
	 * whole in the journal past the mark (resfiles.c), and kept. */
	bool kept;
};

/* The highest run folder's mark, if it is a run this boot goes on with
 * (cut short at state=test or state=end, same configuration and plan);
 * says why not where it is one but differs. */
bool progress_pending(const struct session *s, struct mark *m);
/* What the runner is to do with that run (runner.h), the cut test's
 * reason worded from the time it took; this boot's mark counts one more
 * boot and reset. */
const struct run_resume *progress_resume(const struct mark *m);
/* The mark file in the run folder now open (a new run, or the resumed
 * one); then the session's hooks around each test body. */
void progress_start(const char *run, const struct session *s);
void progress_hooks(struct session *s);
/* Between tests, before a serial copy of results.json: next is the
 * result the run takes up with after a reset (state=next). Nothing once
 * the run's end is marked. */
void progress_between(unsigned next);
/* Every result out (state=end), then results.json on the medium (done). */
void progress_ending(void);
void progress_done(void);

/* resfiles.c: the flushed lengths of results.tap, results.jsonl, log.txt. */
void resfiles_lengths(uint64_t *tap, uint64_t *jsonl, uint64_t *log);

#endif
