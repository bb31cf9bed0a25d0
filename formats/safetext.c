/* Text on its way into gnuplot scripts, records, pages and CSV fields (see safetext.h). */
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

/* The length of the well-formed UTF-8 sequence at p (RFC 3629, section 4: no overlong form,
 * no surrogate, nothing above U+10FFFF), or 0 when the bytes there are not one. */
static int utf8_length(const unsigned char *p)
{
    if (p[0] < 0x80)
        return 1;
    int n = p[0] >= 0xc2 && p[0] <= 0xdf   ? 2
            : p[0] >= 0xe0 && p[0] <= 0xef ? 3
            : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4
                                           : 0;
    for (int i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f) ||
        (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] > 0x8f))
        return 0;
    return n;
}

/* HTML text (markdown: also as Markdown text on one line); see SafeTextDest. */
static void put_html(FILE *f, const char *text, bool markdown)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        int n = utf8_length(p);
        if (n == 0) {
            fputc('?', f);
            p++;
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, (size_t)n, f);
            p += n;
            continue;
        }
        unsigned char c = *p++;
        /* In Markdown a quote is text: raw HTML, where it would matter, cannot start. */
        const char *ref = c == '&'                 ? "&amp;"
                          : c == '<'               ? "&lt;"
                          : c == '>'               ? "&gt;"
                          : c == '"' && !markdown  ? "&quot;"
                          : c == '\'' && !markdown ? "&#39;"
                                                   : NULL;
        if (ref)
            fputs(ref, f);
        else if (markdown && (c == '[' || c == ']'))
            fprintf(f, "\\%c", c); /* a backslash escape reads as itself in raw text too */
        else if (markdown && strchr("|`*\\", c))
            fprintf(f, "&#%d;", c);
        else if (markdown && (c == '\n' || c == '\t'))
            fputc(' ', f);
        else
            fputc(is_control(c) && c != '\n' && c != '\t' ? '?' : c, f);
    }
}

static void put_markdown_code(FILE *f, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        fputc(*p == '`' ? '\'' : is_control(*p) ? ' ' : *p, f);
}

/* A plain decimal number: [+-]digits[.digits][(e|E)[+-]digits], at least one digit before or
 * after the point. What a spreadsheet reads as a number, not as a formula. */
static bool is_plain_number(const char *p)
{
    if (*p == '+' || *p == '-')
        p++;
    size_t whole = strspn(p, "0123456789");
    p += whole;
    size_t frac = 0;
    if (*p == '.') {
        p++;
        frac = strspn(p, "0123456789");
        p += frac;
    }
    if (whole + frac == 0)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        size_t exp = strspn(p, "0123456789");
        if (exp == 0)
            return false;
        p += exp;
    }
    return *p == '\0';
}

/* A CSV field: formula injection first (OWASP, "CSV Injection": a field starting with = + - @
 * tab or CR is prefixed with a single quote, which spreadsheets show and do not evaluate), then
 * RFC 4180 quoting. */
static void put_csv(FILE *f, const char *text)
{
    bool formula = text[0] && strchr("=+-@\t\r", text[0]) && !is_plain_number(text);
    bool quoted = strpbrk(text, ",\"\r\n") != NULL;
    if (quoted)
        fputc('"', f);
    if (formula)
        fputc('\'', f);
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            fputc('"', f);
        fputc(*p, f);
    }
    if (quoted)
        fputc('"', f);
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
    case SAFETEXT_HTML:
        if (f)
            put_html(f, text, false);
        return ST_OK;
    case SAFETEXT_MARKDOWN:
        if (f)
            put_html(f, text, true);
        return ST_OK;
    case SAFETEXT_MARKDOWN_CODE:
        if (f)
            put_markdown_code(f, text);
        return ST_OK;
    case SAFETEXT_CSV:
        if (f)
            put_csv(f, text);
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
