/* The line reader both INI parsers hand to libinih (ini_parse_stream): it numbers the lines,
 * which this libinih build does not pass to handlers, and refuses a line longer than libinih's
 * buffer, which libinih would silently split into two. */
#ifndef TAFL_SIM_INILINES_H
#define TAFL_SIM_INILINES_H

#include <stdio.h>

typedef enum {
    INI_LINE_OK,       /* a line is in the buffer */
    INI_LINE_END,      /* end of file, or a read error recorded in *read_errno */
    INI_LINE_TOO_LONG, /* the line does not fit the buffer of num bytes */
    INI_LINE_BINARY,   /* the line holds a NUL byte: not a text file (/dev/zero, an image) */
} IniLineResult;

/* Reads the next line of f into str (num bytes, as fgets) and counts it in *line. On a read
 * error sets *read_errno (never 0). *body points into str past a UTF-8 byte-order mark on the
 * first line (libinih skips one there too), so callers can look at the line as libinih does.
 * A NUL byte is INI_LINE_BINARY: fgets would hide it, and a stream of them (/dev/zero) would
 * read as empty lines forever. Thread-safe for distinct files. */
IniLineResult inilines_read(FILE *f, char *str, int num, int *line, int *read_errno,
                            const char **body);

#endif
