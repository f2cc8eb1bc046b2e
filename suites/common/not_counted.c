/* An event that did not move, told apart from a window without traffic by
 * a reference event of the same window (suites/common/not_counted.h). */
#include "suites/common/not_counted.h"

static void say(char *buf, size_t len, const char *event, const char *ref_name, uint64_t ref,
		const char *oq)
{
	if (ref)
		snprintf(buf, len, "%s did not count while %s counted %lu in the same window: "
			 "this generation does not count it there (%s)", event, ref_name,
			 (unsigned long)ref, oq);
	else
		snprintf(buf, len, "neither %s nor the reference %s moved: no traffic in the "
			 "window (%s)", event, ref_name, oq);
}

enum verdict ev_idle(struct tctx *t, const char *event, const char *ref_name, uint64_t ref,
		     const char *oq)
{
	char buf[T_REASON_LEN];

	say(buf, sizeof(buf), event, ref_name, ref, oq);
	return t_idle(t, "%s", buf);
}

enum verdict ev_still(struct tctx *t, const char *event, const char *ref_name, uint64_t ref,
		      const char *oq)
{
	char buf[T_REASON_LEN];

	say(buf, sizeof(buf), event, ref_name, ref, oq);
	return t_still(t, "%s", buf);
}
