/* Text from people (names, labels, agent specs, paths, the command line) on its way into a
 * gnuplot script, a `key value` record, an HTML page, Markdown or a CSV field: the one place
 * that decides how each destination receives it, so that no text can run a command, a
 * formula, or add a line. */
#ifndef TAFL_FORMATS_SAFETEXT_H
#define TAFL_FORMATS_SAFETEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/common.h"

/* Where a text goes, and what is done to it there. */
typedef enum {
    /* A gnuplot string expression (titles, labels, key entries): single-quoted, where gnuplot
     * expands neither backquotes nor macros nor backslashes (gnuplot 5 manual, "Quote marks"
     * and "Substitution"), a quote doubled (''); a newline or tab is joined in as "\n" or "\t"
     * ('a'."\n".'b'), any other control character becomes '?'. Never refused. */
    SAFETEXT_GNUPLOT,
    /* A field of a gnuplot datablock (read as data, where gnuplot substitutes nothing), in
     * double quotes: a '"' becomes '\'', a control character a space. Never refused. */
    SAFETEXT_DATA,
    /* Text for people on one line (the command line in meta, a comment in a script): a
     * control character is written as \n, \r, \t or \xHH, so the line stays one line. Not
     * read back by tafl. Never refused. */
    SAFETEXT_NOTE,
    /* The value of a `key value` line that tafl reads back (setup, meta): written as it is,
     * and refused (ST_EINVAL) when it holds a control character, since a newline would end
     * the value and start a line of the writer's choosing. */
    SAFETEXT_RECORD,
    /* Text in an HTML (or XML) page, in an element or a double- or single-quoted attribute
     * (tafl report): & < > " ' become the character references &amp; &lt; &gt; &quot; &#39;
     * (HTML Living Standard, "Escaping a string", with the apostrophe added so that
     * single-quoted attributes are safe too); a newline and a tab stay, any other control
     * character, and any byte that does not belong to a well-formed UTF-8 sequence (RFC 3629,
     * section 4), becomes '?' (XML 1.0 allows neither). No text can open a tag, end an
     * attribute or start a reference. Never refused. */
    SAFETEXT_HTML,
    /* Text in a Markdown cell or paragraph (tafl report's twin): & < > as in SAFETEXT_HTML (a
     * Markdown renderer passes raw HTML through; quotes stay, since no tag can start), and
     * | ` * \ as &#124; &#96; &#42; &#92; and [ ] as the backslash escapes \[ \] (readable in
     * the raw file too), so that no text ends a table cell, makes a link, opens a code span or
     * changes the emphasis (CommonMark 0.30, "Entity and numeric character references" and
     * "Backslash escapes"; a backslash of the text is itself a reference, so it never escapes
     * what follows; an underscore inside a word emphasises nothing there),
     * and a newline or tab becomes a space: the text stays on its line. Never refused. */
    SAFETEXT_MARKDOWN,
    /* Text inside a Markdown code span (`...`; tafl report's command lines), where nothing is
     * a reference: a '`', which would end the span, becomes '\'', and a newline or any other
     * control character a space, since block structure is read before code spans (CommonMark
     * 0.30, "Code spans"): a line break in the span would let the next line start a heading or
     * an HTML block. Never refused. */
    SAFETEXT_MARKDOWN_CODE,
    /* One field of a CSV file that a spreadsheet may open (tafl report's report.csv): a field
     * starting with '=', '+', '-', '@', a tab or a carriage return, which a spreadsheet would
     * take for a formula, gets a leading "'" (OWASP, "CSV Injection"), unless it is a plain
     * decimal number ("-0.25", "+3", "1e-5"), which no spreadsheet runs; then a field holding
     * a comma, a quote or a line break is quoted, quotes doubled (RFC 4180, section 2). Never
     * refused. */
    SAFETEXT_CSV,
} SafeTextDest;

/* Writes text to f as dest receives it (see SafeTextDest). With f NULL, writes nothing and
 * only says whether dest accepts text. On refusal: ST_EINVAL, err naming `what` (the key or
 * option the text is for) and the offending byte's position. Thread-safe for distinct f. */
MUST_CHECK Status safetext_write(FILE *f, SafeTextDest dest, const char *what, const char *text,
                                 Error *err);

/* True when path, a path read from a record, names a place inside the directory it is
 * relative to: not empty, not absolute, and no component is "..". Names that merely contain
 * two dots ("v1..2.rules") are inside. Thread-safe. */
bool safetext_path_inside(const char *path);

#endif
