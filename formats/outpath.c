/* Output paths: checked building and regular-file-only targets (see outpath.h). */
#include "formats/outpath.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/files.h"

Status outpath_format(char *buf, size_t size, Error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < size)
        return ST_OK;
    /* Name the path by its start (what a user typed first) and the limit it broke. */
    error_set(err, "%.60s...: the path is %d bytes long, at most %zu fit", buf, n,
              size > 0 ? size - 1 : 0);
    if (size > 0)
        buf[0] = '\0';
    return ST_EINVAL;
}

/* Checks path; allow_device lets a character device (reached directly or by a link) through. */
static Status check(const char *path, bool allow_device, Error *err)
{
    struct stat ls, st;
    if (lstat(path, &ls) != 0)
        return ST_OK; /* missing (or unreachable: the open that follows says why) */
    const char *kind;
    if (S_ISLNK(ls.st_mode)) {
        if (stat(path, &st) != 0) {
            error_set(err,
                      "%s: exists and is not a regular file (a symbolic link to nothing): "
                      "results are written only as regular files",
                      path);
            return ST_EIO;
        }
        kind = files_kind_of(st.st_mode);
        if (kind && !(allow_device && S_ISCHR(st.st_mode))) {
            error_set(err,
                      "%s: exists and is not a regular file (a link to %s): results are "
                      "written only as regular files",
                      path, kind);
            return ST_EIO;
        }
        return ST_OK;
    }
    kind = files_kind_of(ls.st_mode);
    if (kind && !(allow_device && S_ISCHR(ls.st_mode))) {
        error_set(err,
                  "%s: exists and is not a regular file (%s): results are written only as "
                  "regular files",
                  path, kind);
        return ST_EIO;
    }
    return ST_OK;
}

Status outpath_check_file(const char *path, Error *err)
{
    return check(path, true, err);
}

Status outpath_check_replace(const char *path, Error *err)
{
    Status st = check(path, false, err);
    if (st != ST_OK)
        return st;
    size_t len = strlen(path) + sizeof ".tmp";
    char *tmp = xmalloc(len);
    snprintf(tmp, len, "%s.tmp", path); /* sized to fit */
    st = check(tmp, true, err);
    free(tmp);
    return st;
}
