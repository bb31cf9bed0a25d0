/* `tafl report`: one self-contained HTML page (figures embedded, no network), its Markdown
 * twin and one tidy CSV of every summary, made from one or more run directories (a run, a
 * curve, a merge, a tune, a training, or any other kind, shown generically). */
#ifndef TAFL_STUDIES_REPORT_H
#define TAFL_STUDIES_REPORT_H

#include "rules/common.h"

/* Where the report goes. html, md and csv are paths a user named (or the defaults the command
 * chose); each is written whole with files_write (a temporary file renamed into place). */
typedef struct {
    const char *html;
    const char *md;
    const char *csv;
} ReportOutputs;

/* Reads the n run directories dirs[0..n) (read-only: nothing in them is changed unless an
 * output path points there) and writes the report to out. Every text read from a directory
 * is escaped for its destination (safetext: SAFETEXT_HTML, SAFETEXT_MARKDOWN); figures are
 * embedded as base64 data: URIs in img elements (an SVG shown that way runs no script) after a
 * check of their first bytes; links and FIFOs in a directory are never followed or opened.
 * Fails with one line in err: ST_EINVAL "DIR: no such directory", "DIR: not a tafl run
 * directory (none of kind, setup, meta, summary.csv, tune.csv, train.csv)"; ST_EIO from
 * files_write naming the output path. Not thread-safe with a writer of the same directories. */
MUST_CHECK Status report_write(const char *const *dirs, int n, const ReportOutputs *out,
                               Error *err);

#endif
