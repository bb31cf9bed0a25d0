/* Shared basics for every layer: status codes, error messages, checked allocation. */
#ifndef TAFL_RULES_COMMON_H
#define TAFL_RULES_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MUST_CHECK             __attribute__((warn_unused_result))
#define PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))

/* Result of an operation that can fail; details go to an Error. */
typedef enum {
    ST_OK = 0,
    ST_EINVAL = -1, /* a value out of range or inconsistent */
    ST_EIO = -2,    /* reading or writing a file failed */
    ST_EPARSE = -3, /* malformed text */
} Status;

/* A one-line, human-readable description of what went wrong and where. */
typedef struct {
    char text[512];
} Error;

/* Sets err->text (if err is not NULL) from a printf format; control characters (a newline
 * quoted from the input) become '?', so that the text is one line. Thread-safe. */
void error_set(Error *err, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Prefixes err->text with a printf-formatted context ("file:3: "). Thread-safe. */
void error_prefix(Error *err, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Seconds on the monotonic clock, for reporting durations only: nothing a result depends on
 * may read it. Thread-safe. */
double clock_seconds(void);

/* Seconds of processor time used by the calling thread: what a computation cost on this machine
 * whatever else runs beside it, for reports only, like clock_seconds. Thread-safe. */
double clock_thread_seconds(void);

/* Allocation that never returns NULL: on failure prints one line (size, file:line) and ends the
 * process with status 1. Caller frees. */
void *xmalloc_at(size_t size, const char *file, int line);
void *xcalloc_at(size_t count, size_t size, const char *file, int line);
void *xrealloc_at(void *ptr, size_t size, const char *file, int line);
#define xmalloc(size)        xmalloc_at((size), __FILE__, __LINE__)
#define xcalloc(count, size) xcalloc_at((count), (size), __FILE__, __LINE__)
#define xrealloc(ptr, size)  xrealloc_at((ptr), (size), __FILE__, __LINE__)

/* open_memstream that never returns NULL: out of memory ends the process as xmalloc does.
 * Caller fcloses, then frees *buf. */
FILE *xopen_memstream_at(char **buf, size_t *len, const char *file, int line);
#define xopen_memstream(buf, len) xopen_memstream_at((buf), (len), __FILE__, __LINE__)

/* FNV-1a, 64 bits (Fowler, Noll, Vo; offset basis and prime from the IETF draft
 * draft-eastlake-fnv): h goes on over len bytes of data; start from FNV1A_BASIS. Pure. */
#define FNV1A_BASIS 0xcbf29ce484222325ULL
uint64_t fnv1a(uint64_t h, const void *data, size_t len);

/* The whole content of the file at path, NUL-terminated (the NUL not counted in *size); NULL
 * with errno set when it cannot be opened or read, when it is a directory (EISDIR), or when it
 * holds max bytes or more (EFBIG; max 0: no bound). Caller frees. Thread-safe. */
char *read_whole_file(const char *path, size_t max, size_t *size);

/* A copy of text (NULL gives NULL), allocated as xmalloc does. Caller frees. */
char *xstrdup_at(const char *text, const char *file, int line);
#define xstrdup(text) xstrdup_at((text), __FILE__, __LINE__)

#endif
