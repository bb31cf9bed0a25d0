/* Error messages, checked allocation, FNV-1a and reading a whole file. */
#include "rules/common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* An error is one line on a terminal: control characters quoted from the input (a newline in a
 * CSV field or a spec, a NUL-less escape sequence) become '?'. */
static void one_line(char *text)
{
    for (unsigned char *p = (unsigned char *)text; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = '?';
}

void error_set(Error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    va_end(ap);
    one_line(err->text);
}

void error_prefix(Error *err, const char *fmt, ...)
{
    if (!err)
        return;
    char prefix[sizeof err->text];
    char rest[sizeof err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(rest, err->text, sizeof rest);
    size_t n = strlen(prefix);
    size_t m = strnlen(rest, sizeof rest - 1);
    if (n + m >= sizeof err->text)
        m = sizeof err->text - 1 - n;
    memcpy(err->text, prefix, n);
    memcpy(err->text + n, rest, m);
    err->text[n + m] = '\0';
    one_line(err->text);
}

double clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double clock_thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One line and exit status 1, not abort(): running out of memory is a condition of the machine
 * (a budget too large for it), not a bug to dump core for. _Exit, not exit: other threads may be
 * in the middle of writing, and no stdio buffer may be flushed half-way (games.csv rows are
 * flushed whole as they are written). */
static void die_out_of_memory(size_t size, const char *file, int line)
{
    fprintf(stderr,
            "tafl: out of memory: cannot allocate %zu bytes (%s:%d); give it a smaller "
            "budget or fewer threads\n",
            size, file, line);
    _Exit(1);
}

void *xmalloc_at(size_t size, const char *file, int line)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        die_out_of_memory(size, file, line);
    return p;
}

void *xcalloc_at(size_t count, size_t size, const char *file, int line)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        die_out_of_memory(count * size, file, line);
    return p;
}

void *xrealloc_at(void *ptr, size_t size, const char *file, int line)
{
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        die_out_of_memory(size, file, line);
    return p;
}

FILE *xopen_memstream_at(char **buf, size_t *len, const char *file, int line)
{
    FILE *f = open_memstream(buf, len);
    if (!f)
        die_out_of_memory(0, file, line);
    return f;
}

uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

char *read_whole_file(const char *path, size_t max, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* A directory opens for reading but gives no text: say what it is. */
    struct stat info;
    if (fstat(fileno(f), &info) == 0 && S_ISDIR(info.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return NULL;
    }
    size_t cap = 4096, n = 0, got;
    char *buf = xmalloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap && max && cap >= max) {
            fclose(f);
            free(buf);
            errno = EFBIG;
            return NULL;
        }
        if (n == cap)
            buf = xrealloc(buf, cap *= 2);
    }
    bool bad = ferror(f);
    int saved = errno;
    fclose(f);
    if (bad) {
        free(buf);
        errno = saved ? saved : EIO;
        return NULL;
    }
    buf[n] = '\0'; /* n < cap: the loop grows buf when it is full */
    *size = n;
    return buf;
}

char *xstrdup_at(const char *text, const char *file, int line)
{
    if (!text)
        return NULL;
    size_t n = strlen(text) + 1;
    return memcpy(xmalloc_at(n, file, line), text, n);
}
