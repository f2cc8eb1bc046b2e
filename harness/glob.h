/* Test selection by glob over dotted test ids. */
#ifndef TESTS_FW_GLOB_H
#define TESTS_FW_GLOB_H

#include "lib/rt.h"

/* '*' matches any run of characters (dots included), '?' one character;
 * everything else literally. */
bool glob_match(const char *pattern, const char *s);

/* list is comma-separated globs (spaces around items ignored); true if any
 * matches. An empty list matches nothing. */
bool glob_list_match(const char *list, const char *s);

#endif
