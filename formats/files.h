/* Small file helpers shared by the run directory writers (runner, shard merge): mkdir -p, whole
 * files read and written. Errors name the path. */
#ifndef TAFL_FORMATS_FILES_H
#define TAFL_FORMATS_FILES_H

#include <stddef.h>

#include "rules/common.h"

/* mkdir -p path. ST_EIO naming the component that cannot be created, or that exists and is not
 * a directory. Thread-safe. */
MUST_CHECK Status files_make_directories(const char *path, Error *err);

/* Reads the whole file into a new buffer (caller frees) and its length into *size, followed by
 * a NUL byte that size does not count (so the text may be searched as a string); NULL, with
 * errno set, when it cannot be read. Thread-safe. */
char *files_read(const char *path, size_t *size);

/* Creates or replaces path with size bytes of data. ST_EIO "PATH: cannot write: <strerror>".
 * Thread-safe for distinct paths. */
MUST_CHECK Status files_write(const char *path, const char *data, size_t size, Error *err);

#endif
