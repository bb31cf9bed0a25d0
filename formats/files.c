/* Small file helpers for run directories (see files.h). */
#include "formats/files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PATH_MAX_LEN 2048

Status files_make_directories(const char *path, Error *err)
{
    char buf[PATH_MAX_LEN];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        error_set(err, "%.60s...: the path is too long", path);
        return ST_EIO;
    }
    for (char *p = buf + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                error_set(err, "%s: cannot create directory: %s", buf, strerror(errno));
                return ST_EIO;
            }
            struct stat st;
            if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
                error_set(err, "%s: exists and is not a directory", buf);
                return ST_EIO;
            }
            if (end)
                break;
            *p = '/';
        }
    }
    return ST_OK;
}

char *files_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = xrealloc(buf, cap *= 2);
    }
    bool bad = ferror(f);
    int saved = errno;
    fclose(f);
    if (bad) {
        free(buf);
        errno = saved;
        return NULL;
    }
    buf[n] = '\0'; /* n < cap: the loop grows buf when it is full */
    *size = n;
    return buf;
}

Status files_write(const char *path, const char *data, size_t size, Error *err)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fflush(f) != 0) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return ST_EIO;
    }
    if (fclose(f) != 0) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}
