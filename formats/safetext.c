/* Text on its way into gnuplot scripts and records (see safetext.h). */
#include "formats/safetext.h"

#include <string.h>

static bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

/* 'text' for gnuplot: single quotes, where gnuplot 5 performs no backquote substitution and no
 * escape processing; the only special character inside is the quote itself, doubled. A line
 * break cannot be written inside single quotes, so it is joined in from a double-quoted "\n". */
static void put_gnuplot(FILE *f, const char *text)
{
    fputc('\'', f);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n' || *p == '\t') {
            fprintf(f, "'.\"%s\".'", *p == '\n' ? "\\n" : "\\t");
        } else if (*p == '\'') {
            fputs("''", f);
        } else {
            fputc(is_control(*p) ? '?' : *p, f);
        }
    }
    fputc('\'', f);
}

static void put_data(FILE *f, const char *text)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        fputc(*p == '"' ? '\'' : is_control(*p) ? ' ' : *p, f);
    }
    fputc('"', f);
}

static void put_note(FILE *f, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\r')
            fputs("\\r", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (is_control(*p))
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    }
}

Status safetext_write(FILE *f, SafeTextDest dest, const char *what, const char *text, Error *err)
{
    switch (dest) {
    case SAFETEXT_GNUPLOT:
        if (f)
            put_gnuplot(f, text);
        return ST_OK;
    case SAFETEXT_DATA:
        if (f)
            put_data(f, text);
        return ST_OK;
    case SAFETEXT_NOTE:
        if (f)
            put_note(f, text);
        return ST_OK;
    case SAFETEXT_RECORD:
        break;
    }
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (is_control(*p)) {
            error_set(err,
                      "%s: the value holds a %s at byte %zu: it cannot be recorded on one line "
                      "(no control characters)",
                      what, *p == '\n' ? "newline" : "control character",
                      (size_t)(p - (const unsigned char *)text) + 1);
            return ST_EINVAL;
        }
    }
    if (f)
        fputs(text, f);
    return ST_OK;
}

bool safetext_path_inside(const char *path)
{
    if (!path[0] || path[0] == '/')
        return false;
    const char *p = path;
    for (;;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        if (!p[n])
            return true;
        p += n + 1;
    }
}
