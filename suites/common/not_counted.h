/* The verdict of an event that did not move (suites/common/not_counted.c),
 * shared by every generation's suite: told apart from a window with no
 * traffic by an independent reference event counted in the same window.
 * On the model every event the tests choose moves, so either is a FAIL
 * there; on hardware a SKIP (ev_idle) or a logged note (ev_still) that
 * names the event that did not count on this generation and the open
 * question its silence answers, not "no traffic". */
#ifndef TESTS_COMMON_NOT_COUNTED_H
#define TESTS_COMMON_NOT_COUNTED_H

#include "harness/test.h"

/* event: what the test counted ("C-box TOR_OCCUPANCY.ALL (0x36/0x08) on
 * counter 0"); ref_name and ref: the reference event and its delta over
 * the same window; oq: the open question or statement the silence bears
 * on. */
enum verdict ev_idle(struct tctx *t, const char *event, const char *ref_name, uint64_t ref,
		     const char *oq);
/* The same where the test can go on without that event (t_still). */
enum verdict ev_still(struct tctx *t, const char *event, const char *ref_name, uint64_t ref,
		      const char *oq);

#endif
