/* The numbered line reader for libinih. */
#include "formats/inilines.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#define UTF8_BOM "\xEF\xBB\xBF"

IniLineResult inilines_read(FILE *f, char *str, int num, int *line, int *read_errno,
                            const char **body)
{
    /* fgets, byte by byte, so that a NUL byte is seen rather than taken for the line's end. */
    int n = 0, ch = EOF;
    bool nul = false;
    while (n < num - 1 && (ch = getc(f)) != EOF) {
        nul |= ch == '\0';
        str[n++] = (char)ch;
        if (ch == '\n')
            break;
    }
    str[n] = '\0';
    if (n == 0) {
        if (ferror(f))
            *read_errno = errno ? errno : EIO;
        return INI_LINE_END;
    }
    ++*line;
    if (nul)
        return INI_LINE_BINARY;
    if (str[n - 1] != '\n' && n == num - 1 && getc(f) != EOF)
        return INI_LINE_TOO_LONG; /* more follows: the line did not fit */
    *body = str;
    if (*line == 1 && strncmp(str, UTF8_BOM, 3) == 0)
        *body = str + 3;
    return INI_LINE_OK;
}

void inilines_fail(IniError *e, int line, Status st, const char *fmt, va_list ap)
{
    if (e->failed) {
        return;
    }
    char what[sizeof e->err->text];
    vsnprintf(what, sizeof what, fmt, ap);
    if (line > 0) {
        error_set(e->err, "%s:%d: %s", e->path, line, what);
    } else {
        error_set(e->err, "%s: %s", e->path, what);
    }
    e->failed = true;
    e->line = line;
    e->status = st;
}

static void fail(IniError *e, int line, const char *fmt, ...) PRINTF_LIKE(3, 4);

static void fail(IniError *e, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    inilines_fail(e, line, ST_EPARSE, fmt, ap);
    va_end(ap);
}

bool inilines_next(FILE *f, char *str, int num, int *line, int *read_errno, IniError *e,
                   const char *long_hint, IniLine *out)
{
    const char *body = str;
    switch (inilines_read(f, str, num, line, read_errno, &body)) {
    case INI_LINE_END:
        return false;
    case INI_LINE_BINARY:
        fail(e, *line, "a NUL byte: not a text file");
        return false;
    case INI_LINE_TOO_LONG:
        fail(e, *line, "line longer than %d characters%s", num - 3, long_hint);
        return false;
    case INI_LINE_OK:
        break;
    }
    const char *p = body + strspn(body, " \t\r\n\v\f");
    *out = (IniLine){.text = p, .indented = p != body};
    out->blank = *p == '\0' || *p == ';' || *p == '#';
    out->section = *p == '[';
    if (out->section) {
        const char *close = strchr(p, ']');
        out->closed = close != NULL;
        out->name = p + 1;
        out->name_length = close ? (size_t)(close - p - 1) : strcspn(p + 1, "\r\n");
    }
    return true;
}

bool inilines_relative_path(const char *ini_path, const char *file, char *out, size_t size)
{
    const char *slash = strrchr(ini_path, '/');
    int dir_len = file[0] == '/' || slash == NULL ? 0 : (int)(slash - ini_path + 1);
    int n = snprintf(out, size, "%.*s%s", dir_len, ini_path, file);
    return n >= 0 && (size_t)n < size;
}
