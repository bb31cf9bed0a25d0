/* The Markdown twin of a report document (see report_md.h): each block in CommonMark, with
 * the blank lines between blocks decided in one place (gap_before). */
#include "studies/report_md.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "formats/safetext.h"
#include "rules/common.h"

/* Where the text written so far ends. */
typedef struct {
    bool blank;   /* with a blank line */
    bool heading; /* the last block was a heading */
} MdState;

static void md(FILE *f, const char *text)
{
    Error ignored;
    /* Markdown is never refused (safetext.h). */
    Status st = safetext_write(f, SAFETEXT_MARKDOWN, "report", text ? text : "", &ignored);
    (void)st;
}

/* Inside a fence or a code span only '`' could end it: it becomes '\''. */
static void put_code(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++)
        fputc(*p == '`' ? '\'' : *p, f);
}

static void put_spans(FILE *f, const ReportDocBlock *b)
{
    for (int i = 0; i < b->nspans; i++) {
        const ReportDocSpan *s = &b->spans[i];
        if (s->kind == REPORTDOC_SPAN_TEXT || s->kind == REPORTDOC_SPAN_CODE)
            md(f, s->text);
        else
            fputs(s->text, f);
    }
}

static void put_cell(FILE *f, const ReportDocCell *c)
{
    const char *text = c->md_text ? c->md_text : c->text;
    fputs(" ", f);
    if (c->literal)
        fputs(text, f);
    else
        md(f, text);
    fputs(" |", f);
}

static void put_table(FILE *f, const ReportDocBlock *b)
{
    fputs("|", f);
    for (int i = 0; i < b->ncols; i++)
        put_cell(f, &b->head[i]);
    fputs("\n|", f);
    for (int i = 0; i < b->ncols; i++)
        fputs("---|", f);
    fputs("\n", f);
    for (int r = 0; r < b->nrows; r++) {
        fputs("|", f);
        for (int i = 0; i < b->ncols; i++)
            put_cell(f, &b->cells[r * b->ncols + i]);
        fputs("\n", f);
    }
}

/* Each line quoted; a line is cut at 1023 bytes. */
static void put_quote(FILE *f, const char *text)
{
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char buf[1024];
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
        fputs("> ", f);
        md(f, buf);
        fputs("\n", f);
        line = end ? end + 1 : line + n;
    }
}

/* Markdown has no details element: the summary becomes the sentence that leads to the
 * code, capitalised and ending with a colon. */
static void put_details(FILE *f, const ReportDocBlock *b)
{
    char *summary = NULL;
    size_t len = 0;
    FILE *s = xopen_memstream(&summary, &len);
    put_spans(s, b);
    fclose(s);
    if (summary[0])
        summary[0] = (char)toupper((unsigned char)summary[0]);
    fprintf(f, "%s:\n\n```\n", summary);
    put_code(f, b->text);
    fputs("```\n", f);
    free(summary);
}

static void put_figure(FILE *f, const ReportDocBlock *b)
{
    fputs("![", f);
    md(f, b->text);
    fputs("](<", f);
    /* A path in angle brackets: only '<', '>' and a line break (LF or CR) would end it; other
     * control characters are encoded too. */
    for (const char *p = b->link; *p; p++) {
        if (*p == '<' || *p == '>' || (unsigned char)*p < 0x20 || *p == 0x7f)
            fprintf(f, "%%%02X", (unsigned char)*p);
        else
            fputc(*p, f);
    }
    fputs(">)\n\n", f);
}

static void put_list(FILE *f, const ReportDocBlock *b)
{
    if (b->nspans > 0) {
        put_spans(f, b);
        fputs("\n\n", f);
    }
    for (int i = 0; i < b->nitems; i++) {
        fputs("- ", f);
        md(f, b->items[i]);
        fputs("\n", f);
    }
}

/* Whether a blank line goes before b (see report_md.h). */
static bool gap_before(const ReportDocBlock *b, MdState st)
{
    if (b->kind == REPORTDOC_STUDY || (b->kind == REPORTDOC_HEADING && b->level == 2))
        return true;
    if (b->kind == REPORTDOC_HEADING)
        return !st.blank || st.heading;
    return !st.blank;
}

/* Writes b; returns whether what it wrote ends with a blank line. */
static bool put_block(FILE *f, const ReportDocBlock *b)
{
    switch (b->kind) {
    case REPORTDOC_STUDY:
        fputs("## ", f);
        md(f, b->text);
        fputs(" (", f);
        md(f, b->aside);
        fputs(")\n", f);
        return false;
    case REPORTDOC_STUDY_END:
        return false;
    case REPORTDOC_HEADING:
        fputs(b->level == 2 ? "### " : "#### ", f);
        put_spans(f, b);
        fputs("\n\n", f);
        return true;
    case REPORTDOC_PARA:
        put_spans(f, b);
        fputs(b->flags & REPORTDOC_LOOSE ? "\n\n" : "\n", f);
        return b->flags & REPORTDOC_LOOSE;
    case REPORTDOC_QUOTE:
        put_quote(f, b->text);
        return false;
    case REPORTDOC_COMMAND:
        put_spans(f, b);
        fputs(" ", f);
        if (b->flags & REPORTDOC_MD_CODE) {
            Error ignored;
            fputs("`", f);
            /* On one line: a line break would let the directory's name start a block. */
            Status code_st = safetext_write(f, SAFETEXT_MARKDOWN_CODE, "report", b->text, &ignored);
            (void)code_st;
            fputs("`", f);
        } else {
            md(f, b->text);
        }
        fputs(b->flags & REPORTDOC_LOOSE ? "\n\n" : "\n", f);
        return b->flags & REPORTDOC_LOOSE;
    case REPORTDOC_DETAILS:
        put_details(f, b);
        return false;
    case REPORTDOC_LIST:
        put_list(f, b);
        return false;
    case REPORTDOC_TABLE:
        put_table(f, b);
        return false;
    case REPORTDOC_BOARD:
        fputs("```\n", f);
        put_code(f, b->text);
        fputs("```\n\n", f);
        return true;
    case REPORTDOC_FIGURE:
        put_figure(f, b);
        return true;
    }
    return false;
}

void report_md_write(FILE *f, const ReportDoc *doc)
{
    fputs("# ", f);
    md(f, reportdoc_title(doc));
    fputs("\n\n", f);
    MdState st = {.blank = true, .heading = false};
    for (int i = 0; i < reportdoc_count(doc); i++) {
        const ReportDocBlock *b = reportdoc_block(doc, i);
        if (b->flags & REPORTDOC_HTML_ONLY || b->kind == REPORTDOC_STUDY_END)
            continue;
        if (gap_before(b, st))
            fputs("\n", f);
        st.blank = put_block(f, b);
        st.heading = b->kind == REPORTDOC_HEADING || b->kind == REPORTDOC_STUDY;
    }
}
