/* Output paths: building them with a length check, and writing results only as regular files
 * (never through a FIFO, a device node that a rename would replace, or a dangling link). */
#ifndef TAFL_FORMATS_OUTPATH_H
#define TAFL_FORMATS_OUTPATH_H

#include <stddef.h>

#include "rules/common.h"

/* The longest path (bytes, with its NUL) that tafl builds for a file it writes. */
#define OUTPATH_MAX 2048

/* Formats a path into buf (size bytes) like snprintf. A path that does not fit is ST_EINVAL
 * "<its first 60 bytes>...: the path is N bytes long, at most M fit" and buf is left empty, so
 * that a cut path is never used. Thread-safe. */
MUST_CHECK Status outpath_format(char *buf, size_t size, Error *err, const char *fmt, ...)
    PRINTF_LIKE(4, 5);

/* Checks a file that is opened and written in place (games.csv appended, meta, a temporary
 * file): it may be missing, a regular file, or a link to one. A character device is let
 * through too (writing into /dev/full or /dev/null changes nothing there; it is how a full
 * disk is tested). Anything else is ST_EIO "PATH: exists and is not a regular file (a FIFO)":
 * a FIFO would block, a link to nothing would create a file wherever it points. Thread-safe. */
MUST_CHECK Status outpath_check_file(const char *path, Error *err);

/* Checks a file that is replaced by writing PATH.tmp and renaming it over PATH (summary.csv,
 * ratings.csv): PATH must be missing, a regular file, or a link to one, since a rename over a
 * device node or a FIFO would replace that node (run as root, `--out /dev/null` would break
 * /dev/null for the whole machine); PATH.tmp is checked with outpath_check_file. ST_EIO naming
 * the path and what it is. Thread-safe. */
MUST_CHECK Status outpath_check_replace(const char *path, Error *err);

#endif
