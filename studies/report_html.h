/* `tafl report`'s page: a report document (reportdoc.h) as one self-contained HTML page. */
#ifndef TAFL_STUDIES_REPORT_HTML_H
#define TAFL_STUDIES_REPORT_HTML_H

#include <stdio.h>

#include "studies/reportdoc.h"

/* Writes doc to f as polyglot markup (well-formed XML as well as HTML5) with its style sheet,
 * no script and no external reference: figures are base64 data: URIs. Every text span and
 * cell is escaped (SAFETEXT_HTML); literal ones are the report's own words. Errors stay in
 * f's error indicator. Thread-safe for distinct f. */
void report_html_write(FILE *f, const ReportDoc *doc);

#endif
