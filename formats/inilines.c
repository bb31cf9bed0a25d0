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

bool inilines_relative_path(const char *ini_path, const char *file, char *out, size_t size)
{
    const char *slash = strrchr(ini_path, '/');
    int dir_len = file[0] == '/' || slash == NULL ? 0 : (int)(slash - ini_path + 1);
    int n = snprintf(out, size, "%.*s%s", dir_len, ini_path, file);
    return n >= 0 && (size_t)n < size;
}
