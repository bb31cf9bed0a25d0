/* `tafl report`'s Markdown twin: a report document (reportdoc.h) as CommonMark. */
#ifndef TAFL_STUDIES_REPORT_MD_H
#define TAFL_STUDIES_REPORT_MD_H

#include <stdio.h>

#include "studies/reportdoc.h"

/* Writes doc to f: the title as "#", a study as "##", its sections as "###" and their parts
 * as "####"; tables as pipe tables (with a header row always), code and boards fenced, figures
 * as image links, and what HTML alone shows (REPORTDOC_HTML_ONLY) left out. Text is escaped
 * (SAFETEXT_MARKDOWN); code and strong spans are plain text. Blank lines: a study's and a section's
 * heading always have one before them; a part's heading too, unless it follows a block other than a
 * heading that ended with one (a loose paragraph, REPORTDOC_LOOSE, a board, a figure); any other
 * block has one before it unless the text so far ends with one. Errors stay in f's error indicator.
 * Thread-safe for distinct f. */
void report_md_write(FILE *f, const ReportDoc *doc);

#endif
