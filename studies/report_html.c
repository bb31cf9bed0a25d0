/* The HTML page of a report document (see report_html.h): its style sheet, and each block as
 * the elements tests/report.sh and the user guide (doc/report.md) describe. */
#include "studies/report_html.h"

#include <stdbool.h>
#include <string.h>

#include "formats/safetext.h"

static const char STYLE[] =
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n"
    "h1{border-bottom:2px solid #444}h2{border-bottom:1px solid #aaa;margin-top:2em}\n"
    "table.data{border-collapse:collapse;font-size:0.85em;margin:0.5em 0;display:block;"
    "overflow-x:auto;max-width:100%}\n"
    "table.data td,table.data th{border:1px solid #bbb;padding:2px 6px;text-align:right}\n"
    "table.data th{background:#eee}table.data td{white-space:nowrap}\n"
    "table.data td.t{text-align:left;white-space:normal}\n"
    "table.board{border-collapse:collapse;margin:0.5em 1em 0.5em 0;display:inline-table}\n"
    "table.board td{width:26px;height:26px;border:1px solid #8a7450;background:#e8d4a8;"
    "text-align:center;vertical-align:middle;padding:0}\n"
    "table.board th{font-size:0.7em;font-weight:normal;color:#555}\n"
    "table.board td.throne,table.board td.corner{background:#b58f55}\n"
    "span.a,span.d,span.k{display:inline-block;width:18px;height:18px;border-radius:50%}\n"
    "span.a{background:#222}span.d{background:#fff;border:1px solid #222;width:16px;"
    "height:16px}\n"
    "span.k{background:#fff;border:4px double #a00;width:10px;height:10px}\n"
    "img.figure{max-width:100%;border:1px solid #ccc}\n"
    "pre{background:#f6f6f6;padding:0.5em;overflow-x:auto}\n"
    "td.attackers{background:#f4d0d0}td.defenders{background:#d0dcf4}"
    "td.balanced{background:#d8f0d0}\n";

static void html(FILE *f, const char *text)
{
    Error ignored;
    /* HTML is never refused (safetext.h). */
    Status st = safetext_write(f, SAFETEXT_HTML, "report", text ? text : "", &ignored);
    (void)st;
}

static void put_spans(FILE *f, const ReportDocBlock *b)
{
    for (int i = 0; i < b->nspans; i++) {
        const ReportDocSpan *s = &b->spans[i];
        if (s->anchor)
            fprintf(f, "<a href=\"#%s\">", s->anchor);
        switch (s->kind) {
        case REPORTDOC_SPAN_TEXT:
            html(f, s->text);
            break;
        case REPORTDOC_SPAN_LITERAL:
            fputs(s->text, f);
            break;
        case REPORTDOC_SPAN_CODE:
            fputs("<code>", f);
            html(f, s->text);
            fputs("</code>", f);
            break;
        case REPORTDOC_SPAN_STRONG:
            fprintf(f, "<b>%s</b>", s->text);
            break;
        }
        if (s->anchor)
            fputs("</a>", f);
    }
}

static void put_cell(FILE *f, const ReportDocCell *c)
{
    static const char *const MARKS[] = {"", " attackers", " defenders", " balanced"};
    if (c->kind == REPORTDOC_CELL_NUMBER)
        fputs("<td>", f);
    else
        fprintf(f, "<td class=\"t%s\">", MARKS[c->mark]);
    if (c->kind == REPORTDOC_CELL_CODE)
        fputs("<code>", f);
    html(f, c->text);
    if (c->kind == REPORTDOC_CELL_CODE)
        fputs("</code>", f);
    fputs("</td>", f);
}

static void put_table(FILE *f, const ReportDocBlock *b)
{
    fputs("<table class=\"data\">", f);
    if (!(b->flags & REPORTDOC_HEAD_MD_ONLY)) {
        fputs("<tr>", f);
        for (int i = 0; i < b->ncols; i++) {
            fputs("<th>", f);
            if (b->head[i].literal)
                fputs(b->head[i].text, f);
            else
                html(f, b->head[i].text);
            fputs("</th>", f);
        }
        fputs("</tr>", f);
    }
    fputs("\n", f);
    for (int r = 0; r < b->nrows; r++) {
        fputs("<tr>", f);
        for (int i = 0; i < b->ncols; i++)
            put_cell(f, &b->cells[r * b->ncols + i]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* The start position as a table: file letters above, rank numbers beside (as OTN names
 * squares and `tafl replay` draws them), throne and corners marked. */
static void put_board(FILE *f, const ReportDocBlock *b)
{
    static const char *const PIECES[] = {"", "<span class=\"a\"></span>",
                                         "<span class=\"d\"></span>", "<span class=\"k\"></span>"};
    fputs("<table class=\"board\"><tr><th></th>", f);
    for (int file = 0; file < b->size; file++)
        fprintf(f, "<th>%c</th>", 'a' + file);
    fputs("</tr>\n", f);
    for (int row = 0; row < b->size; row++) {
        fprintf(f, "<tr><th>%d</th>", row + 1);
        for (int file = 0; file < b->size; file++) {
            unsigned sq = b->squares[row * b->size + file];
            fprintf(f, "<td%s>",
                    sq & REPORTDOC_SQ_CORNER   ? " class=\"corner\""
                    : sq & REPORTDOC_SQ_THRONE ? " class=\"throne\""
                                               : "");
            fputs(PIECES[sq & REPORTDOC_SQ_PIECE], f);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* RFC 4648, section 4: the base 64 alphabet, '=' padding, no line breaks. */
static void put_base64(FILE *f, const unsigned char *p, size_t n)
{
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        fputc(A[v >> 18 & 63], f);
        fputc(A[v >> 12 & 63], f);
        fputc(i + 1 < n ? A[v >> 6 & 63] : '=', f);
        fputc(i + 2 < n ? A[v & 63] : '=', f);
    }
}

/* An SVG shown through an img element runs no script; the caller checked the first bytes. */
static void put_figure(FILE *f, const ReportDocBlock *b)
{
    fputs("<figure><img class=\"figure\" alt=\"", f);
    html(f, b->text);
    fprintf(f, "\" src=\"data:%s;base64,", b->type);
    put_base64(f, b->data, b->data_size);
    fputs("\"/><figcaption>", f);
    html(f, b->aside);
    fputs("</figcaption></figure>\n", f);
}

static void put_list(FILE *f, const ReportDocBlock *b)
{
    if (b->nspans > 0) {
        fputs("<p>", f);
        put_spans(f, b);
        fputs("</p>", f);
    }
    fputs("<ul>\n", f);
    for (int i = 0; i < b->nitems; i++) {
        fputs("<li>", f);
        html(f, b->items[i]);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

static void put_block(FILE *f, const ReportDocBlock *b)
{
    switch (b->kind) {
    case REPORTDOC_STUDY:
        fprintf(f, "<section id=\"%s\">\n<h1>", b->anchor);
        html(f, b->text);
        fputs(" <small>(", f);
        html(f, b->aside);
        fputs(")</small></h1>\n", f);
        break;
    case REPORTDOC_STUDY_END:
        fputs("</section>\n", f);
        break;
    case REPORTDOC_HEADING:
        fprintf(f, "<h%d", b->level);
        if (b->anchor)
            fprintf(f, " id=\"%s\"", b->anchor);
        fputs(">", f);
        put_spans(f, b);
        fprintf(f, "</h%d>\n", b->level);
        break;
    case REPORTDOC_PARA:
        fputs("<p>", f);
        put_spans(f, b);
        fputs("</p>\n", f);
        break;
    case REPORTDOC_QUOTE:
        fputs("<blockquote><pre>", f);
        html(f, b->text);
        fputs("</pre></blockquote>\n", f);
        break;
    case REPORTDOC_COMMAND:
        fputs("<p>", f);
        put_spans(f, b);
        fputs("</p>\n<pre>", f);
        html(f, b->text);
        fputs("</pre>\n", f);
        break;
    case REPORTDOC_DETAILS:
        fputs("<details><summary>", f);
        put_spans(f, b);
        fputs("</summary><pre>", f);
        html(f, b->text);
        fputs("</pre></details>\n", f);
        break;
    case REPORTDOC_LIST:
        put_list(f, b);
        break;
    case REPORTDOC_TABLE:
        put_table(f, b);
        break;
    case REPORTDOC_BOARD:
        put_board(f, b);
        break;
    case REPORTDOC_FIGURE:
        put_figure(f, b);
        break;
    }
}

void report_html_write(FILE *f, const ReportDoc *doc)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>", f);
    html(f, reportdoc_title(doc));
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", STYLE);
    for (int i = 0; i < reportdoc_count(doc); i++)
        put_block(f, reportdoc_block(doc, i));
    fputs("</body>\n</html>\n", f);
}
