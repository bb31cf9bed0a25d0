/* What the INI parsers (experiments, ruleset files, tuning files) share: the line reader they
 * hand to libinih (ini_parse_stream), which numbers the lines, which this libinih build does not
 * pass to handlers, and refuses a line longer than libinih's buffer, which libinih would
 * silently split into two; the first-error record; paths relative to the INI file. */
#ifndef TAFL_FORMATS_INILINES_H
#define TAFL_FORMATS_INILINES_H

#include <ini.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/common.h"

typedef enum {
    INI_LINE_OK,       /* a line is in the buffer */
    INI_LINE_END,      /* end of file, or a read error recorded in *read_errno */
    INI_LINE_TOO_LONG, /* the line does not fit the buffer of num bytes */
    INI_LINE_BINARY,   /* the line holds a NUL or another control byte (not tab, LF, CR):
                          not a text file (/dev/zero, an image) */
} IniLineResult;

/* Reads the next line of f into str (num bytes, as fgets) and counts it in *line. On a read
 * error sets *read_errno (never 0). *body points into str past a UTF-8 byte-order mark on the
 * first line (libinih skips one there too), so callers can look at the line as libinih does.
 * A NUL byte (or a control byte but tab, LF, CR) is INI_LINE_BINARY: fgets would hide a NUL, and a
 * stream of them (/dev/zero) would read as empty lines forever. Thread-safe for distinct files. */
IniLineResult inilines_read(FILE *f, char *str, int num, int *line, int *read_errno,
                            const char **body);

/* The first error of one parse: later ones are dropped, so the message names the first
 * problem in the file. */
typedef struct {
    const char *path; /* the INI file, for messages */
    Error *err;       /* where the message goes */
    bool failed;      /* an error is in *err */
    int line;         /* its line; 0 when it concerns the whole file */
    Status status;    /* its status */
} IniError;

/* What every INI reader hands libinih with its own state: the file, the number of the line
 * last handed over (this libinih build passes none to handlers), a read error's errno (0 when
 * none) and the first error. */
typedef struct {
    FILE *file;
    int line;
    int read_errno;
    IniError first;
} IniRead;

/* One line as the three INI readers look at it before libinih parses it. */
typedef struct {
    const char *text;   /* the line past leading blanks (and a first line's byte-order mark) */
    bool indented;      /* it starts with a blank */
    bool blank;         /* nothing but blanks, or a comment (';' or '#') */
    bool section;       /* a section header: text starts with '[' */
    bool closed;        /* a header with its ']' */
    const char *name;   /* a closed header's name (not NUL-terminated), else the text after '[' */
    size_t name_length; /* its length (to the end of the line when not closed) */
} IniLine;

/* The line reader every INI parser hands to libinih, less its dialect: reads the next line of
 * in->file into str (num bytes) and counts it in in->line (inilines_read), and describes it in
 * *out. False once an error is recorded in in->first, at the end of the file (a read error in
 * in->read_errno) and after recording, at the line, "a NUL byte: not a text file" or "line
 * longer than N characters<long_hint>" (long_hint may be ""). Thread-safe for distinct files. */
bool inilines_next(IniRead *in, char *str, int num, const char *long_hint, IniLine *out);

/* inilines_next for files whose values fit on their key's line (tuning and training files): an
 * indented line is refused ("indented line (a value must fit on its key's line)"), and a section
 * header's name goes into section (size bytes; "" for any other line), a header without its ']'
 * or with a longer name refused ("syntax error: '[' without ']' or a long section name"). */
bool inilines_next_flat(IniRead *in, char *str, int num, IniLine *out, char *section, size_t size);

/* Records "PATH:LINE: <text>" (line 0: "PATH: <text>") with status st in e, unless e already
 * holds an error. */
void inilines_fail(IniError *e, int line, Status st, const char *fmt, va_list ap) PRINTF_LIKE(4, 0);

/* inilines_fail with the text's arguments given directly. */
void inilines_fail_at(IniError *e, int line, Status st, const char *fmt, ...) PRINTF_LIKE(4, 5);

/* Runs libinih over in->file with reader and handler (both given ctx) and says how the parse
 * itself ended: ST_EIO "PATH: cannot read: why" after a read error; ST_EPARSE "PATH:LINE: syntax
 * error (expected key = value, <sections> or a ; comment)" for a line libinih could not parse
 * before the first error the reader or handler recorded (libinih goes on after such a line,
 * they stop at their first error: the earlier is reported); ST_EIO when libinih itself failed;
 * ST_OK otherwise, the recorded error (in->first) being the caller's to look at. */
MUST_CHECK Status inilines_parse(IniRead *in, ini_reader reader, ini_handler handler, void *ctx,
                                 const char *sections, Error *err);

/* Opens the INI file at path for reading: NULL with "PATH: cannot open: why" in err when it
 * cannot be opened or is a directory (which fopen lets pass), or, when max_path > 0, with
 * "PATH...: the path is longer than N characters" when path holds max_path bytes or more.
 * Caller fcloses. Thread-safe. */
FILE *inilines_open(const char *path, size_t max_path, Error *err);

/* Writes file into out (size bytes) as a path relative to the directory of the INI file at
 * ini_path, unless file is absolute or ini_path names no directory. False when it does not fit. */
bool inilines_relative_path(const char *ini_path, const char *file, char *out, size_t size);

#endif
