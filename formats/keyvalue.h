/* Reading one value out of a text of `key value` lines (a run's setup and meta) or `key = value`
 * lines (a ruleset as ruleset_format writes it): the one lookup every reader of them uses. */
#ifndef TAFL_FORMATS_KEYVALUE_H
#define TAFL_FORMATS_KEYVALUE_H

#include <stdbool.h>
#include <stddef.h>

/* The separators of the two kinds of text. */
#define KEYVALUE_RECORD " "   /* `key value` */
#define KEYVALUE_ASSIGN " = " /* `key = value` */

/* The value of the first line of text that is key, then sep, then the value (to the line's
 * end): its start, and its length in *len; NULL when no line has key. Pure, thread-safe. */
const char *keyvalue_find(const char *text, const char *key, const char *sep, size_t *len);

/* keyvalue_find's value copied into buf (size bytes, cut to fit): false (and "") when no line
 * has key. Pure, thread-safe. */
bool keyvalue_copy(const char *text, const char *key, const char *sep, char *buf, size_t size);

#endif
