/* Reading text lines of bounded length: the memory a line takes is fixed by the reader, never
 * by whoever writes the input (a 300 MB line must not take 300 MB). */
#ifndef TAFL_FORMATS_LINEIN_H
#define TAFL_FORMATS_LINEIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Reads one line of f into buf (size >= 2 bytes), without its '\n' or a '\r' before it,
 * NUL-terminated. A line longer than size - 1 bytes is read to its end and dropped: buf is
 * then empty and *too_long true. Returns false at the end of the input with nothing read (a
 * last line without '\n' still comes back). Not thread-safe for one f. */
bool linein_read(FILE *f, char *buf, size_t size, bool *too_long);

#endif
