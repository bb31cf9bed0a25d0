/* Figures through gnuplot: a script that holds its own data (datablocks) and draws one figure
 * twice, to BASE.png (the pngcairo terminal when the gnuplot at hand has it, else png) and to
 * BASE.svg, written to a directory and run there. */
#ifndef TAFL_FORMATS_PLOT_H
#define TAFL_FORMATS_PLOT_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/common.h"

/* True when a `gnuplot` executable is on PATH. Thread-safe. */
bool plot_available(void);

/* Writes text as a gnuplot string expression that gnuplot takes as text only: single-quoted
 * (no backquote command, macro or escape is expanded there), line breaks joined in as "\n"
 * (safetext_write, SAFETEXT_GNUPLOT). */
void plot_quote(FILE *f, const char *text);

/* Writes text as a double-quoted field of a datablock line (SAFETEXT_DATA). */
void plot_quote_data(FILE *f, const char *text);

/* Writes DIR/BASE.gp: a comment line, `data` (datablock definitions, may be ""), then `body`
 * (settings and one plot or multiplot) once for each terminal, each followed by `unset output`.
 * Then, when gnuplot is available, runs `gnuplot BASE.gp` in DIR, which writes BASE.png and
 * BASE.svg there (gnuplot's own complaints go to stderr). *drawn says whether it ran. ST_EIO
 * naming the file when the script cannot be written, or when gnuplot fails or leaves an
 * empty figure. Not thread-safe with other fork()s of the process. */
MUST_CHECK Status plot_render(const char *dir, const char *base, const char *comment,
                              const char *data, const char *body, bool *drawn, Error *err);

/* A figure's gnuplot text as it is written: datablocks to `data`, settings and the plot to
 * `body` (two memory streams), then rendered by plot_script_render. */
typedef struct {
    FILE *data, *body;
    char *data_text, *body_text;
    size_t data_len, body_len;
} PlotScript;

/* Opens both streams; a figure's text is small, so running out of memory here aborts with a
 * line on stderr. */
void plot_script_open(PlotScript *ps);

/* Closes both streams and renders their text as plot_render(dir, base, comment, ...) does;
 * the text is freed whatever the outcome. */
MUST_CHECK Status plot_script_render(PlotScript *ps, const char *dir, const char *base,
                                     const char *comment, bool *drawn, Error *err);

/* Closes both streams and frees their text, rendering nothing (a step before failed). */
void plot_script_discard(PlotScript *ps);

#endif
