/* The document model of `tafl report` (see reportdoc.h): blocks in a growing array, every
 * string copied, all of it freed by reportdoc_destroy. */
#include "studies/reportdoc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "rules/common.h"

struct ReportDoc {
    char *title;
    ReportDocBlock *blocks;
    int nblocks;
    int cap;
    int row_cells; /* cells given to the last table's last row */
};

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

ReportDoc *reportdoc_create(const char *title)
{
    ReportDoc *doc = xcalloc(1, sizeof *doc);
    doc->title = xstrdup(title);
    return doc;
}

static void free_cells(ReportDocCell *cells, int n)
{
    for (int i = 0; i < n; i++) {
        free(cells[i].text);
        free(cells[i].md_text);
    }
    free(cells);
}

static void free_block(ReportDocBlock *b)
{
    free(b->anchor);
    free(b->text);
    free(b->aside);
    for (int i = 0; i < b->nspans; i++) {
        free(b->spans[i].text);
        free(b->spans[i].anchor);
    }
    free(b->spans);
    for (int i = 0; i < b->nitems; i++)
        free(b->items[i]);
    free(b->items);
    free_cells(b->head, b->ncols);
    free_cells(b->cells, b->nrows * b->ncols);
    free(b->squares);
    free(b->type);
    free(b->data);
    free(b->link);
}

void reportdoc_destroy(ReportDoc *doc)
{
    if (!doc)
        return;
    for (int i = 0; i < doc->nblocks; i++)
        free_block(&doc->blocks[i]);
    free(doc->blocks);
    free(doc->title);
    free(doc);
}

const char *reportdoc_title(const ReportDoc *doc)
{
    return doc->title;
}

int reportdoc_count(const ReportDoc *doc)
{
    return doc->nblocks;
}

const ReportDocBlock *reportdoc_block(const ReportDoc *doc, int i)
{
    assert(i >= 0 && i < doc->nblocks);
    return &doc->blocks[i];
}

static ReportDocBlock *add(ReportDoc *doc, ReportDocKind kind, unsigned flags)
{
    if (doc->nblocks == doc->cap) {
        doc->cap = doc->cap ? 2 * doc->cap : 64;
        doc->blocks = xrealloc(doc->blocks, (size_t)doc->cap * sizeof *doc->blocks);
    }
    ReportDocBlock *b = &doc->blocks[doc->nblocks++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->flags = flags;
    doc->row_cells = 0;
    return b;
}

static ReportDocBlock *last(ReportDoc *doc)
{
    assert(doc->nblocks > 0);
    return &doc->blocks[doc->nblocks - 1];
}

void reportdoc_study(ReportDoc *doc, const char *anchor, const char *title, const char *kind)
{
    ReportDocBlock *b = add(doc, REPORTDOC_STUDY, 0);
    b->anchor = xstrdup(anchor);
    b->text = xstrdup(title);
    b->aside = xstrdup(kind);
}

void reportdoc_study_end(ReportDoc *doc)
{
    add(doc, REPORTDOC_STUDY_END, 0);
}

void reportdoc_heading(ReportDoc *doc, int level, const char *anchor)
{
    assert(level == 2 || level == 3);
    ReportDocBlock *b = add(doc, REPORTDOC_HEADING, 0);
    b->level = level;
    b->anchor = dup_or_null(anchor);
}

void reportdoc_para(ReportDoc *doc, unsigned flags)
{
    add(doc, REPORTDOC_PARA, flags);
}

void reportdoc_quote(ReportDoc *doc, const char *text)
{
    add(doc, REPORTDOC_QUOTE, 0)->text = xstrdup(text);
}

void reportdoc_command(ReportDoc *doc, unsigned flags, const char *command)
{
    add(doc, REPORTDOC_COMMAND, flags)->text = xstrdup(command);
}

void reportdoc_details(ReportDoc *doc, const char *code)
{
    add(doc, REPORTDOC_DETAILS, 0)->text = xstrdup(code);
}

void reportdoc_list(ReportDoc *doc)
{
    add(doc, REPORTDOC_LIST, 0);
}

void reportdoc_table(ReportDoc *doc, unsigned flags)
{
    add(doc, REPORTDOC_TABLE, flags);
}

void reportdoc_board(ReportDoc *doc, int size, const unsigned char *squares, const char *drawing)
{
    ReportDocBlock *b = add(doc, REPORTDOC_BOARD, 0);
    b->size = size;
    b->squares = xmalloc((size_t)(size * size) + 1);
    memcpy(b->squares, squares, (size_t)(size * size));
    b->text = xstrdup(drawing);
}

void reportdoc_figure(ReportDoc *doc, const char *name, const char *type, const void *data,
                      size_t size, const char *caption, const char *link)
{
    ReportDocBlock *b = add(doc, REPORTDOC_FIGURE, 0);
    b->text = xstrdup(name);
    b->type = xstrdup(type);
    b->data = xmalloc(size + 1);
    memcpy(b->data, data, size);
    b->data_size = size;
    b->aside = xstrdup(caption);
    b->link = xstrdup(link);
}

static void span(ReportDoc *doc, ReportDocSpanKind kind, const char *text, const char *anchor)
{
    ReportDocBlock *b = last(doc);
    assert(b->kind == REPORTDOC_HEADING || b->kind == REPORTDOC_PARA ||
           b->kind == REPORTDOC_COMMAND || b->kind == REPORTDOC_DETAILS ||
           b->kind == REPORTDOC_LIST);
    b->spans = xrealloc(b->spans, (size_t)(b->nspans + 1) * sizeof *b->spans);
    b->spans[b->nspans++] =
        (ReportDocSpan){.kind = kind, .text = xstrdup(text), .anchor = dup_or_null(anchor)};
}

void reportdoc_text(ReportDoc *doc, const char *text)
{
    span(doc, REPORTDOC_SPAN_TEXT, text, NULL);
}

void reportdoc_literal(ReportDoc *doc, const char *text)
{
    span(doc, REPORTDOC_SPAN_LITERAL, text, NULL);
}

void reportdoc_strong(ReportDoc *doc, const char *text)
{
    span(doc, REPORTDOC_SPAN_STRONG, text, NULL);
}

void reportdoc_code(ReportDoc *doc, const char *text, const char *anchor)
{
    span(doc, REPORTDOC_SPAN_CODE, text, anchor);
}

void reportdoc_item(ReportDoc *doc, const char *text)
{
    ReportDocBlock *b = last(doc);
    assert(b->kind == REPORTDOC_LIST);
    b->items = xrealloc(b->items, (size_t)(b->nitems + 1) * sizeof *b->items);
    b->items[b->nitems++] = xstrdup(text);
}

static void head(ReportDoc *doc, bool literal, const char *text, const char *md_text)
{
    ReportDocBlock *b = last(doc);
    assert(b->kind == REPORTDOC_TABLE && b->nrows == 0);
    b->head = xrealloc(b->head, (size_t)(b->ncols + 1) * sizeof *b->head);
    b->head[b->ncols++] = (ReportDocCell){.kind = REPORTDOC_CELL_TEXT,
                                          .literal = literal,
                                          .text = xstrdup(text),
                                          .md_text = dup_or_null(md_text)};
}

void reportdoc_head(ReportDoc *doc, const char *text, const char *md_text)
{
    head(doc, true, text, md_text);
}

void reportdoc_head_text(ReportDoc *doc, const char *text)
{
    head(doc, false, text, NULL);
}

void reportdoc_row(ReportDoc *doc)
{
    ReportDocBlock *b = last(doc);
    assert(b->kind == REPORTDOC_TABLE);
    assert(b->nrows == 0 || doc->row_cells == b->ncols);
    b->nrows++;
    b->cells = xrealloc(b->cells, (size_t)(b->nrows * b->ncols + 1) * sizeof *b->cells);
    /* Zeroed, so that a row left short frees nothing it does not hold. */
    memset(&b->cells[(b->nrows - 1) * b->ncols], 0, (size_t)b->ncols * sizeof *b->cells);
    doc->row_cells = 0;
}

static void cell(ReportDoc *doc, ReportDocCell c)
{
    ReportDocBlock *b = last(doc);
    assert(b->kind == REPORTDOC_TABLE && b->nrows > 0 && doc->row_cells < b->ncols);
    b->cells[(b->nrows - 1) * b->ncols + doc->row_cells++] = c;
}

void reportdoc_cell(ReportDoc *doc, ReportDocCellKind kind, const char *text)
{
    cell(doc, (ReportDocCell){.kind = kind, .text = xstrdup(text)});
}

void reportdoc_cell_md(ReportDoc *doc, const char *text, const char *md_text)
{
    cell(doc, (ReportDocCell){
                  .kind = REPORTDOC_CELL_TEXT, .text = xstrdup(text), .md_text = xstrdup(md_text)});
}

void reportdoc_cell_mark(ReportDoc *doc, ReportDocMark mark, const char *text)
{
    cell(doc, (ReportDocCell){.kind = REPORTDOC_CELL_TEXT, .mark = mark, .text = xstrdup(text)});
}
