/* The document `tafl report` builds from its run directories before any byte is written: a
 * list of blocks (headings, paragraphs, tables, lists, boards, figures, code) that
 * report_html.c and report_md.c each render to their format. The text in it is raw; the
 * renderers escape it (formats/safetext.h) unless a span or a cell is marked literal. */
#ifndef TAFL_STUDIES_REPORTDOC_H
#define TAFL_STUDIES_REPORTDOC_H

#include <stdbool.h>
#include <stddef.h>

/* A piece of a paragraph, a heading, a lead sentence or a summary. */
typedef enum {
    REPORTDOC_SPAN_TEXT,    /* text read from a directory: escaped in both formats */
    REPORTDOC_SPAN_LITERAL, /* the report's own words, written as they are in both formats */
    REPORTDOC_SPAN_CODE,    /* escaped; in a <code> element in HTML, plain in Markdown */
    REPORTDOC_SPAN_STRONG,  /* the report's own word, in <b> in HTML, plain in Markdown */
} ReportDocSpanKind;

typedef struct {
    ReportDocSpanKind kind;
    char *text;
    char *anchor; /* an id of the page the span links to in HTML (no link in Markdown), or NULL */
} ReportDocSpan;

/* How a table cell is shown in HTML (Markdown writes every cell the same way). */
typedef enum {
    REPORTDOC_CELL_TEXT,   /* left-aligned text (class "t") */
    REPORTDOC_CELL_NUMBER, /* the table's default alignment, right (the cells of a CSV shown whole)
                            */
    REPORTDOC_CELL_CODE,   /* left-aligned, in a <code> element (a hash) */
} ReportDocCellKind;

/* A verdict a cell is coloured by in HTML; only these words become class names. */
typedef enum {
    REPORTDOC_MARK_NONE,
    REPORTDOC_MARK_ATTACKERS,
    REPORTDOC_MARK_DEFENDERS,
    REPORTDOC_MARK_BALANCED,
} ReportDocMark;

typedef struct {
    ReportDocCellKind kind;
    ReportDocMark mark; /* with kind REPORTDOC_CELL_TEXT */
    bool literal;       /* a header written as it is (the report's own words), else escaped */
    char *text;
    char *md_text; /* what Markdown shows instead, or NULL for text */
} ReportDocCell;

typedef enum {
    REPORTDOC_STUDY,     /* one study's part: anchor, text (its title), aside (its kind) */
    REPORTDOC_STUDY_END, /* the end of that part */
    REPORTDOC_HEADING,   /* level 2 (a section, with an anchor) or 3; spans */
    REPORTDOC_PARA,      /* spans */
    REPORTDOC_QUOTE,     /* text quoted line by line, preformatted in HTML */
    REPORTDOC_COMMAND,   /* spans (the lead sentence), then text (a command line) */
    REPORTDOC_DETAILS,   /* spans (a summary), then text (code shown on demand in HTML) */
    REPORTDOC_LIST,      /* spans (a lead sentence, maybe none), then items */
    REPORTDOC_TABLE,     /* head (ncols cells), then rows of ncols cells */
    REPORTDOC_BOARD,     /* a start position: squares for HTML, text (its drawing) for Markdown */
    REPORTDOC_FIGURE,    /* an image (text: its name, aside: its caption), embedded in HTML,
                          * linked from Markdown */
} ReportDocKind;

/* Block flags. */
enum {
    /* Markdown: the paragraph or command is followed by a blank line; without it the next
     * block writes one where Markdown needs it (see report_md.h). */
    REPORTDOC_LOOSE = 1,
    /* The block is part of the HTML page only (a caption of what only HTML draws). */
    REPORTDOC_HTML_ONLY = 2,
    /* Markdown: a command is shown as a code span, not as escaped text. */
    REPORTDOC_MD_CODE = 4,
    /* A table's header row is written in Markdown only, which needs one (a key/value record). */
    REPORTDOC_HEAD_MD_ONLY = 8,
};

/* A square of a board: a piece (the low two bits) and what the square is. */
enum {
    REPORTDOC_SQ_EMPTY = 0,
    REPORTDOC_SQ_ATTACKER = 1,
    REPORTDOC_SQ_DEFENDER = 2,
    REPORTDOC_SQ_KING = 3,
    REPORTDOC_SQ_PIECE = 3, /* the mask of the piece */
    REPORTDOC_SQ_THRONE = 4,
    REPORTDOC_SQ_CORNER = 8, /* never with REPORTDOC_SQ_THRONE */
};

typedef struct {
    ReportDocKind kind;
    unsigned flags; /* REPORTDOC_LOOSE, ... */
    int level;      /* a heading's: 2 or 3 */
    char *anchor;   /* the id of a study or a heading in HTML, or NULL */
    char *text;     /* see ReportDocKind */
    char *aside;    /* a study's kind, a figure's caption */
    ReportDocSpan *spans;
    int nspans;
    char **items; /* a list's, escaped */
    int nitems;
    ReportDocCell *head; /* a table's: ncols cells */
    int ncols;
    ReportDocCell *cells; /* a table's rows: nrows * ncols cells, row by row */
    int nrows;
    int size;               /* a board's width and height */
    unsigned char *squares; /* a board's size * size squares, rank 1 first */
    char *type;             /* a figure's media type (image/svg+xml, image/png) */
    unsigned char *data;    /* a figure's bytes */
    size_t data_size;
    char *link; /* a figure's path for Markdown, relative to the Markdown file */
} ReportDocBlock;

typedef struct ReportDoc ReportDoc;

/* A new empty document titled title. Caller owns; reportdoc_destroy frees. Out of memory is
 * fatal (xmalloc). Every function here is thread-safe for distinct documents. */
ReportDoc *reportdoc_create(const char *title);
/* NULL-safe. */
void reportdoc_destroy(ReportDoc *doc);

const char *reportdoc_title(const ReportDoc *doc);
int reportdoc_count(const ReportDoc *doc);
/* Block i, 0 <= i < reportdoc_count; borrowed, valid until the document changes. */
const ReportDocBlock *reportdoc_block(const ReportDoc *doc, int i);

/* Blocks, added at the end. The span, item, head, row and cell calls below add to the last
 * block, which must be of a kind that holds them (asserted). Every string is copied. */
void reportdoc_study(ReportDoc *doc, const char *anchor, const char *title, const char *kind);
void reportdoc_study_end(ReportDoc *doc);
void reportdoc_heading(ReportDoc *doc, int level, const char *anchor);
void reportdoc_para(ReportDoc *doc, unsigned flags);
void reportdoc_quote(ReportDoc *doc, const char *text);
void reportdoc_command(ReportDoc *doc, unsigned flags, const char *command);
void reportdoc_details(ReportDoc *doc, const char *code);
void reportdoc_list(ReportDoc *doc);
void reportdoc_table(ReportDoc *doc, unsigned flags);
/* squares: size * size values of REPORTDOC_SQ_*; drawing: the position as text. */
void reportdoc_board(ReportDoc *doc, int size, const unsigned char *squares, const char *drawing);
/* data (size bytes) is copied; caption is escaped in HTML; link is the Markdown target. */
void reportdoc_figure(ReportDoc *doc, const char *name, const char *type, const void *data,
                      size_t size, const char *caption, const char *link);

/* Spans of the last heading, paragraph, command, details or list. */
void reportdoc_text(ReportDoc *doc, const char *text);
void reportdoc_literal(ReportDoc *doc, const char *text);
void reportdoc_strong(ReportDoc *doc, const char *text);
/* A code span; linked to anchor in HTML when anchor is not NULL. */
void reportdoc_code(ReportDoc *doc, const char *text, const char *anchor);

/* An item of the last list. */
void reportdoc_item(ReportDoc *doc, const char *text);

/* A header cell of the last table (before its first row): the report's own words, written
 * as they are, md_text (or NULL for text) in Markdown; or a text read from a file, escaped. */
void reportdoc_head(ReportDoc *doc, const char *text, const char *md_text);
void reportdoc_head_text(ReportDoc *doc, const char *text);
/* A new row of the last table; then exactly ncols cells. */
void reportdoc_row(ReportDoc *doc);
void reportdoc_cell(ReportDoc *doc, ReportDocCellKind kind, const char *text);
/* A text cell shown as md_text in Markdown. */
void reportdoc_cell_md(ReportDoc *doc, const char *text, const char *md_text);
void reportdoc_cell_mark(ReportDoc *doc, ReportDocMark mark, const char *text);

#endif
