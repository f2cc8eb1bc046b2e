/* Test selection by glob over dotted test ids. */
#ifndef TESTS_FW_GLOB_H
#define TESTS_FW_GLOB_H

#include "lib/rt.h"

/* '*' matches any run of characters (dots included), '?' one character;
 * everything else literally. */
bool glob_match(const char *pattern, const char *s);

/* The list's next non-empty item from list on: its start in *item, its
 * length in *len; returns where the rest begins, or NULL at the end. */
const char *glob_list_next(const char *list, const char **item, size_t *len);
/* glob_match for the len bytes of an item of a list. */
bool glob_item_match(const char *item, size_t len, const char *s);

/* list is comma-separated globs (spaces around items ignored); true if any
 * matches. An empty list matches nothing. */
bool glob_list_match(const char *list, const char *s);

#endif
