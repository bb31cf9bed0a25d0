/* Progress on stderr: one line redrawn in place on a terminal, whole lines (one per update)
 * into a file or pipe, which a log reader can follow. */
#ifndef TAFL_HARNESS_PROGRESS_H
#define TAFL_HARNESS_PROGRESS_H

#include <stdbool.h>
#include <unistd.h>

static inline bool progress_in_place(void)
{
    return isatty(STDERR_FILENO) != 0;
}

/* What goes before an update: "\r" to redraw on a terminal, nothing otherwise. */
static inline const char *progress_lead(void)
{
    return progress_in_place() ? "\r" : "";
}

/* What goes after an update: blanks over a longer old line, or the end of a whole line. */
static inline const char *progress_tail(void)
{
    return progress_in_place() ? "   " : "\n";
}

/* What ends the progress once the work is done ("\n" on a terminal; nothing otherwise). */
static inline const char *progress_end(void)
{
    return progress_in_place() ? "\n" : "";
}

#endif
