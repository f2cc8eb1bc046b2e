/* Glob matching for test selection (see glob.h).
 *
 * Iterative backtracking: on a mismatch, the most recent '*' swallows one
 * more character and matching resumes after it. Only the last star needs
 * remembering, because once a later star has matched, moving an earlier one
 * can only produce strings the later star could have covered anyway. So the
 * worst case is O(len(pattern) * len(s)) time, constant space, no recursion,
 * even for patterns like "*a*a*a*b" against a long run of 'a'. */
#include "harness/glob.h"

#define NO_STAR ((size_t)-1)

/* Pattern of pn bytes (not NUL-terminated: list items point into the list). */
static bool match_n(const char *p, size_t pn, const char *s)
{
	size_t pi = 0, si = 0, star = NO_STAR, resume = 0;

	while (s[si]) {
		if (pi < pn && p[pi] == '*') {
			star = pi++;
			resume = si;
		} else if (pi < pn && (p[pi] == '?' || p[pi] == s[si])) {
			pi++;
			si++;
		} else if (star != NO_STAR) {
			pi = star + 1;
			si = ++resume;
		} else {
			return false;
		}
	}
	while (pi < pn && p[pi] == '*')
		pi++;
	return pi == pn;
}

bool glob_match(const char *pattern, const char *s)
{
	return match_n(pattern, strlen(pattern), s);
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

const char *glob_list_next(const char *list, const char **item, size_t *len)
{
	while (list && *list) {
		const char *end;

		while (is_blank(*list))
			list++;
		for (*item = list; *list && *list != ','; list++)
			;
		for (end = list; end > *item && is_blank(end[-1]); end--)
			;
		if (*list)
			list++;
		/* Empty items are skipped so "" and "a,,b" never match "". */
		if (end > *item) {
			*len = (size_t)(end - *item);
			return list;
		}
	}
	return NULL;
}

bool glob_item_match(const char *item, size_t len, const char *s)
{
	return match_n(item, len, s);
}

bool glob_list_match(const char *list, const char *s)
{
	const char *item;
	size_t len;

	while ((list = glob_list_next(list, &item, &len)))
		if (match_n(item, len, s))
			return true;
	return false;
}
