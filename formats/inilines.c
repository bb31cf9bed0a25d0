/* The numbered line reader for libinih. */
#include "formats/inilines.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#define UTF8_BOM "\xEF\xBB\xBF"

/* A byte no text file holds: C0 controls but tab, line feed and carriage return (vertical tab
 * and form feed are whitespace to libinih, so a binary file made of them read as a key ''). */
static bool is_control(int ch)
{
    return (ch >= 0 && ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') || ch == 0x7f;
}

IniLineResult inilines_read(FILE *f, char *str, int num, int *line, int *read_errno,
                            const char **body)
{
    /* fgets, byte by byte, so that a NUL byte is seen rather than taken for the line's end. */
    int n = 0, ch = EOF;
    bool binary = false;
    while (n < num - 1 && (ch = getc(f)) != EOF) {
        binary |= ch == '\0' || is_control(ch);
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
    if (binary)
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

bool inilines_next(IniRead *in, char *str, int num, const char *long_hint, IniLine *out)
{
    if (in->first.failed)
        return false;
    IniError *e = &in->first;
    const int *line = &in->line;
    const char *body = str;
    switch (inilines_read(in->file, str, num, &in->line, &in->read_errno, &body)) {
    case INI_LINE_END:
        return false;
    case INI_LINE_BINARY: {
        size_t i = 0;
        while (str[i] != '\0' && !is_control((unsigned char)str[i]))
            i++;
        if (str[i] == '\0')
            fail(e, *line, "a NUL byte: not a text file");
        else
            fail(e, *line, "a control byte 0x%02x at column %zu: not a text file",
                 (unsigned char)str[i], i + 1);
    }
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

FILE *inilines_open(const char *path, size_t max_path, Error *err)
{
    if (max_path > 0 && strlen(path) >= max_path) {
        error_set(err, "%.60s...: the path is longer than %zu characters", path, max_path - 1);
        return NULL;
    }
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        error_set(err, "%s: cannot open: %s", path, strerror(EISDIR));
        fclose(f);
        return NULL;
    }
    return f;
}

bool inilines_relative_path(const char *ini_path, const char *file, char *out, size_t size)
{
    const char *slash = strrchr(ini_path, '/');
    int dir_len = file[0] == '/' || slash == NULL ? 0 : (int)(slash - ini_path + 1);
    int n = snprintf(out, size, "%.*s%s", dir_len, ini_path, file);
    return n >= 0 && (size_t)n < size;
}

void inilines_fail_at(IniError *e, int line, Status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    inilines_fail(e, line, st, fmt, ap);
    va_end(ap);
}

Status inilines_parse(IniRead *in, ini_reader reader, ini_handler handler, void *ctx,
                      const char *sections, Error *err)
{
    int r = ini_parse_stream(reader, ctx, handler, ctx);
    if (in->read_errno != 0) {
        error_set(err, "%s: cannot read: %s", in->first.path, strerror(in->read_errno));
        return ST_EIO;
    }
    if (r > 0 && (!in->first.failed || r < in->first.line)) {
        error_set(err, "%s:%d: syntax error (expected key = value, %s or a ; comment)",
                  in->first.path, r, sections);
        return ST_EPARSE;
    }
    if (r < 0 && !in->first.failed) {
        error_set(err, "%s: libinih failed (%d)", in->first.path, r);
        return ST_EIO;
    }
    return ST_OK;
}

bool inilines_next_flat(IniRead *in, char *str, int num, IniLine *out, char *section, size_t size)
{
    section[0] = '\0';
    if (!inilines_next(in, str, num, "", out))
        return false;
    if (out->indented && !out->blank) {
        inilines_fail_at(&in->first, in->line, ST_EPARSE,
                         "indented line (a value must fit on its key's line)");
        return false;
    }
    if (!out->section)
        return true;
    if (!out->closed || out->name_length >= size) {
        inilines_fail_at(&in->first, in->line, ST_EPARSE,
                         "syntax error: '[' without ']' or a long section name");
        return false;
    }
    snprintf(section, size, "%.*s", (int)out->name_length, out->name);
    return true;
}
