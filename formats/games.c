/* games.csv: rows appended by a buffered writer while a run plays, and read back (whole or
 * one row at a time) for a resume, a merge or a summary. Text fields are quoted by libcsv; see
 * doc/formats.md, "Result files". */
#include "formats/games.h"

#include <assert.h>
#include <csv.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/files.h"
#include "formats/rowcheck.h"

#define GAMES_HEADER                                                                               \
    "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,"   \
    "external"
#define GAMES_FIELDS 12

#define READ_CHUNK 65536
/* The longest line read back: some 20 million plies of moves. Without a bound a file with no
 * line feed (a device, a binary) would be buffered whole. */
#define LINE_MAX_BYTES (256L << 20)

/* The `external` column, indexed by RESULTS_EXTERNAL_* bits. */
static const char *const EXTERNAL_NAMES[4] = {"none", "attacker", "defender", "both"};

/* ------------------------------------------------------------------------------------------ */
/* Writing games.csv                                                                           */

/* How long finished rows may wait in the writer's buffer before they go to the file: a run
 * whose games take longer than this writes each row as it comes, as before; a fast one writes
 * at most 100 times a second instead of once a game. */
#define GAMES_FLUSH_SECONDS 0.01

/* Rows wait in the writer's buffer until it holds this many bytes or GAMES_FLUSH_SECONDS have
 * passed, and then go to the file whole, in one write. */
#define GAMES_BUFFER_BYTES 65536

struct GamesWriter {
    FILE *file;
    char *path;        /* owned copy, for messages */
    char *buf;         /* whole rows not yet written; owned */
    size_t len, cap;   /* bytes in buf, and its size */
    double last_flush; /* clock_seconds() of the last flush */
};

void results_free_rows(GameRow *rows, long count)
{
    if (rows == NULL) {
        return;
    }
    for (long i = 0; i < count; i++) {
        free(rows[i].moves);
    }
    free(rows);
}

static char *dup_string(const char *s)
{
    size_t len = strlen(s) + 1;
    char *copy = xmalloc(len);
    memcpy(copy, s, len);
    return copy;
}

const char *results_external_name(int external)
{
    return EXTERNAL_NAMES[external & 3];
}

bool results_put_text(FILE *f, const char *s)
{
    return csv_fwrite(f, s, strlen(s)) == 0;
}

/* Appends the decimal digits of v at p; returns the end. */
static char *put_u64(char *p, uint64_t v)
{
    char digits[20];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        *p++ = digits[--n];
    return p;
}

/* Appends the number v and a comma. */
static char *put_count(char *p, uint64_t v)
{
    p = put_u64(p, v);
    *p++ = ',';
    return p;
}

/* Appends s as libcsv's csv_fwrite writes it (always quoted, inner quotes doubled) and a comma.
 * The room needed is 2 * strlen(s) + 3. */
static char *put_quoted(char *p, const char *s)
{
    *p++ = '"';
    for (; *s; s++) {
        if (*s == '"')
            *p++ = '"';
        *p++ = *s;
    }
    *p++ = '"';
    *p++ = ',';
    return p;
}

/* Appends a fixed name (no comma, quote or newline) and the character after it. */
static char *put_name(char *p, const char *name, char after)
{
    while (*name)
        *p++ = *name++;
    *p++ = after;
    return p;
}

/* Appends one games.csv row, its newline included, to the writer's buffer. Numbers and the
 * fixed winner and reason names cannot hold a comma, quote or newline and are written bare; a
 * NULL moves is an empty unquoted field, so that "not recorded" and "" read back differently.
 * The bytes are those of the printf-and-csv_fwrite form this replaced (that form was
 * 15% of a random match). */
static void put_game_row(GamesWriter *w, const GameRow *row)
{
    assert(row->winner >= WINNER_ATTACKERS && row->winner <= WINNER_DRAW);
    assert(row->reason >= END_KING_CAPTURED && row->reason < END_REASON_COUNT);
    assert(row->external >= 0 && row->external < 4);
    assert(row->game >= 0 && row->plies >= 0);
    assert(row->attackers_lost >= 0 && row->defenders_lost >= 0);
    _Static_assert(sizeof row->rules == 64 && sizeof row->attacker == 64, "room below");
    /* 3 numbers of at most 20 digits, 3 quoted names of at most 2 * 63 + 3, 3 ints of at most
     * 10 digits, two names of at most 16 and a comma each: well under 512; the moves take at
     * most twice their length (every quote doubled) and two quotes. */
    size_t need = 512 + (row->moves ? 2 * strlen(row->moves) + 2 : 0);
    if (w->len + need > w->cap) {
        w->cap = w->len + need > 2 * w->cap ? w->len + need : 2 * w->cap;
        w->buf = xrealloc(w->buf, w->cap);
    }
    char *p = w->buf + w->len;
    p = put_count(p, (uint64_t)row->game);
    p = put_quoted(p, row->rules);
    p = put_quoted(p, row->attacker);
    p = put_quoted(p, row->defender);
    p = put_count(p, row->seed);
    p = put_name(p, state_winner_name(row->winner), ',');
    p = put_name(p, state_reason_name(row->reason), ',');
    p = put_count(p, (uint64_t)row->plies);
    p = put_count(p, (uint64_t)row->attackers_lost);
    p = put_count(p, (uint64_t)row->defenders_lost);
    if (row->moves != NULL) {
        /* Moves are OTN text: a quote never stands in one, but double any as libcsv would. */
        *p++ = '"';
        for (const char *m = row->moves; *m; m++) {
            if (*m == '"')
                *p++ = '"';
            *p++ = *m;
        }
        *p++ = '"';
    }
    *p++ = ',';
    p = put_name(p, EXTERNAL_NAMES[row->external], '\n');
    w->len = (size_t)(p - w->buf);
}

/* Writes the buffered rows to the file and flushes it: whole rows only, in one write. */
static bool flush_rows(GamesWriter *w)
{
    bool ok = fwrite(w->buf, 1, w->len, w->file) == w->len && fflush(w->file) == 0;
    w->len = 0;
    w->last_flush = clock_seconds();
    return ok;
}

Status results_games_open(const char *path, GamesWriter **out, Error *err)
{
    *out = NULL;
    FILE *f;
    /* Never through a link, never blocked on a FIFO (files_open_append). */
    if (files_open_append(path, &f, err) != ST_OK)
        return ST_EIO;
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        error_set(err, "%s: cannot stat: %s", path, strerror(errno));
        goto fail_file;
    }
    /* A non-empty file is a resume: its header was checked by results_games_read. */
    if (st.st_size == 0) {
        if (fputs(GAMES_HEADER "\n", f) == EOF || fflush(f) != 0 || ferror(f)) {
            error_set(err, "%s: cannot write: %s", path, strerror(errno));
            goto fail_file;
        }
    }
    GamesWriter *w = xmalloc(sizeof *w);
    w->file = f;
    w->path = dup_string(path);
    w->last_flush = clock_seconds();
    w->cap = GAMES_BUFFER_BYTES + 1024;
    w->buf = xmalloc(w->cap);
    w->len = 0;
    *out = w;
    return ST_OK;

fail_file:
    (void)fclose(f);
    return ST_EIO;
}

Status results_games_append(GamesWriter *w, const GameRow *row, Error *err)
{
    /* A flush a row was a write(2) a game: 8% of a random match. Rows now leave,
     * whole, when GAMES_BUFFER_BYTES have gathered or a row comes GAMES_FLUSH_SECONDS after
     * the last write; the clock is read once a row, never a move. Rows not yet written when
     * the run is killed are games that --resume plays again, to the same bytes. */
    put_game_row(w, row);
    bool ok = true;
    if (w->len >= GAMES_BUFFER_BYTES || clock_seconds() - w->last_flush >= GAMES_FLUSH_SECONDS)
        ok = flush_rows(w);
    if (!ok || ferror(w->file)) {
        error_set(err, "%s: cannot write: %s", w->path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

Status results_games_close(GamesWriter *w, Error *err)
{
    if (w == NULL) {
        return ST_OK;
    }
    Status st = ST_OK;
    bool failed = !flush_rows(w) || ferror(w->file);
    int saved = errno;
    if (fclose(w->file) != 0 && !failed) {
        failed = true;
        saved = errno;
    }
    if (failed) {
        error_set(err, "%s: cannot write: %s", w->path, strerror(saved));
        st = ST_EIO;
    }
    free(w->path);
    free(w->buf);
    free(w);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading games.csv                                                                           */

/* One field of the row being parsed: a growable copy of its bytes, NUL-terminated. */
typedef struct {
    char *text;
    size_t len, cap;
    bool null; /* an empty unquoted field (CSV_EMPTY_IS_NULL) */
} Field;

/* The state of one read, shared with libcsv's callbacks. */
typedef struct {
    const char *path;
    Field fields[GAMES_FIELDS];
    int field_count; /* fields of the current row, possibly more than GAMES_FIELDS */
    bool row_done;   /* the row callback fired during the last csv_parse call */
    long row_line;   /* the line the current row starts on (1-based) */
    GameRow *rows;
    long count, cap;
    ResultsRowFn each; /* when set, each row goes to it instead of to rows */
    void *each_ctx;
    Status each_status; /* what each returned when it failed */
    bool failed;        /* an error is in *err; stop */
    Error *err;
} ReadCtx;

static void read_fail(ReadCtx *c, long line, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Records the first error as "FILE:LINE: <what>". */
static void read_fail(ReadCtx *c, long line, const char *fmt, ...)
{
    if (c->failed) {
        return;
    }
    char what[sizeof c->err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    error_set(c->err, "%s:%ld: %s", c->path, line, what);
    c->failed = true;
}

static void on_field(void *data, size_t len, void *ctx)
{
    ReadCtx *c = ctx;
    int i = c->field_count++;
    if (c->failed || i >= GAMES_FIELDS) {
        return; /* too many fields: reported at the end of the row */
    }
    Field *f = &c->fields[i];
    f->null = data == NULL;
    if (len + 1 > f->cap) {
        f->cap = len + 1 > 2 * f->cap ? len + 1 : 2 * f->cap;
        f->text = xrealloc(f->text, f->cap);
    }
    if (len > 0) {
        memcpy(f->text, data, len);
    }
    f->text[len] = '\0';
    f->len = len;
}

/* A decimal number of digits only (no sign, no blanks), at most max. */
static bool parse_number(const Field *f, uint64_t max, uint64_t *out)
{
    if (f->len == 0 || f->len > 20) {
        return false;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < f->len; i++) {
        char ch = f->text[i];
        if (ch < '0' || ch > '9') {
            return false;
        }
        unsigned digit = (unsigned)(ch - '0');
        if (v > (UINT64_MAX - digit) / 10) {
            return false;
        }
        v = v * 10 + digit;
    }
    if (v > max) {
        return false;
    }
    *out = v;
    return true;
}

static bool parse_name(const Field *f, char *out, size_t size)
{
    if (f->len >= size || memchr(f->text, '\0', f->len) != NULL) {
        return false;
    }
    memcpy(out, f->text, f->len + 1);
    return true;
}

static bool parse_winner(const char *s, Winner *out)
{
    for (Winner w = WINNER_ATTACKERS; w <= WINNER_DRAW; w++) {
        if (strcmp(s, state_winner_name(w)) == 0) {
            *out = w;
            return true;
        }
    }
    return false;
}

static bool parse_external(const char *s, int *out)
{
    for (int i = 0; i < 4; i++) {
        if (strcmp(s, EXTERNAL_NAMES[i]) == 0) {
            *out = i;
            return true;
        }
    }
    return false;
}

static bool parse_reason(const char *s, EndReason *out)
{
    for (EndReason r = END_KING_CAPTURED; r < END_REASON_COUNT; r++) {
        if (strcmp(s, state_reason_name(r)) == 0) {
            *out = r;
            return true;
        }
    }
    return false;
}

/* Checks the fields of a complete row and appends it to c->rows. */
static void take_row(ReadCtx *c)
{
    static const char *const names[GAMES_FIELDS] = {
        "game",   "rules", "attacker",       "defender",       "seed",  "winner",
        "reason", "plies", "attackers_lost", "defenders_lost", "moves", "external"};
    long line = c->row_line;
    if (c->field_count != GAMES_FIELDS) {
        read_fail(c, line, "expected %d fields, found %d", GAMES_FIELDS, c->field_count);
        return;
    }
    GameRow row;
    memset(&row, 0, sizeof row);
    uint64_t game, plies, alost, dlost;
    const Field *f = c->fields;
    int bad = -1; /* index of the first bad field */
    if (!parse_number(&f[0], LONG_MAX, &game)) {
        bad = 0;
    } else if (!parse_name(&f[1], row.rules, sizeof row.rules)) {
        bad = 1;
    } else if (!parse_name(&f[2], row.attacker, sizeof row.attacker)) {
        bad = 2;
    } else if (!parse_name(&f[3], row.defender, sizeof row.defender)) {
        bad = 3;
    } else if (!parse_number(&f[4], UINT64_MAX, &row.seed)) {
        bad = 4;
    } else if (!parse_winner(f[5].text, &row.winner)) {
        bad = 5;
    } else if (!parse_reason(f[6].text, &row.reason)) {
        bad = 6;
    } else if (!parse_number(&f[7], INT_MAX, &plies)) {
        bad = 7;
    } else if (!parse_number(&f[8], INT_MAX, &alost)) {
        bad = 8;
    } else if (!parse_number(&f[9], INT_MAX, &dlost)) {
        bad = 9;
    } else if (memchr(f[10].text, '\0', f[10].len) != NULL) {
        bad = 10;
    } else if (!parse_external(f[11].text, &row.external)) {
        bad = 11;
    }
    if (bad >= 0) {
        const char *want = bad >= 1 && bad <= 3 ? " (at most 63 bytes)" : "";
        if (bad == 5) {
            want = " (attackers, defenders or draw)";
        } else if (bad == 6) {
            want = " (king_captured, king_escaped, encircled, draw_fort, repetition, "
                   "no_moves, max_plies, illegal_move, engine_crash or engine_timeout)";
        } else if (bad == 11) {
            want = " (none, attacker, defender or both)";
        } else if (bad == 0 || bad == 4 || (bad >= 7 && bad <= 9)) {
            want = " (a non-negative decimal integer in range)";
        }
        read_fail(c, line, "field %d '%s': bad value '%.40s'%s", bad + 1, names[bad], f[bad].text,
                  want);
        return;
    }
    char why[200];
    if (!rowcheck_consistent(&row, why, sizeof why)) { /* an edited result, say */
        read_fail(c, line, "the row does not agree with itself: %s", why);
        return;
    }
    row.game = (long)game;
    row.plies = (int)plies;
    row.attackers_lost = (int)alost;
    row.defenders_lost = (int)dlost;
    row.moves = f[10].null ? NULL : dup_string(f[10].text);
    if (c->each) {
        Status st = c->each(&row, c->count++, c->each_ctx, c->err);
        free(row.moves);
        if (st != ST_OK) {
            c->failed = true;
            c->each_status = st;
        }
        return;
    }
    if (c->count == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->rows = xrealloc(c->rows, (size_t)c->cap * sizeof *c->rows);
    }
    c->rows[c->count++] = row;
}

static void on_row(int term, void *ctx)
{
    (void)term;
    ReadCtx *c = ctx;
    if (!c->failed) {
        take_row(c);
    }
    c->field_count = 0;
    c->row_done = true;
}

/* Only a line feed ends a row, as only a line feed is counted in valid_bytes; no byte is a
 * blank to trim, so fields read back exactly as written. */
static int is_term_lf(unsigned char ch)
{
    return ch == CSV_LF;
}

static int is_space_none(unsigned char ch)
{
    (void)ch;
    return 0;
}

/* Appends bytes to a growable line buffer. */
static void line_append(char **buf, size_t *len, size_t *cap, const char *src, size_t n)
{
    if (*len + n > *cap) {
        *cap = *len + n > 2 * *cap ? *len + n : 2 * *cap;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *len, src, n);
    *len += n;
}

/* Handles one physical line of the file, its '\n' included: the header check on line 1, else
 * the bytes go to libcsv. Returns true when the line completes a row (or is the header). */
static bool feed_line(ReadCtx *c, struct csv_parser *p, const char *line, size_t len, long lineno)
{
    if (lineno == 1) {
        if (len != sizeof GAMES_HEADER || memcmp(line, GAMES_HEADER "\n", len) != 0) {
            read_fail(c, 1, "not a tafl-lab games.csv (schema %d) header", RESULTS_SCHEMA_VERSION);
            return false;
        }
        return true;
    }
    c->row_done = false;
    if (csv_parse(p, line, len, on_field, on_row, c) != len) {
        read_fail(c, lineno, "malformed CSV: %s", csv_strerror(csv_error(p)));
        return false;
    }
    return c->row_done;
}

static Status read_stream(FILE *f, const char *path, ResultsRowFn each, void *each_ctx,
                          GameRow **rows, long *count, long *valid_bytes, Error *err);

Status results_games_read(const char *path, GameRow **rows, long *count, long *valid_bytes,
                          Error *err)
{
    *rows = NULL;
    *count = 0;
    *valid_bytes = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
    Status st = results_games_read_stream(f, path, rows, count, valid_bytes, err);
    (void)fclose(f);
    return st;
}

Status results_games_read_stream(FILE *f, const char *path, GameRow **rows, long *count,
                                 long *valid_bytes, Error *err)
{
    return read_stream(f, path, NULL, NULL, rows, count, valid_bytes, err);
}

Status results_games_scan(const char *path, ResultsRowFn each, void *ctx, long *count,
                          long *valid_bytes, Error *err)
{
    *count = 0;
    *valid_bytes = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
    GameRow *none;
    Status st = read_stream(f, path, each, ctx, &none, count, valid_bytes, err);
    (void)fclose(f);
    return st;
}

/* Reads rows from f into *rows, or hands each to `each` (then *rows is NULL); see
 * results_games_read and results_games_scan. */
static Status read_stream(FILE *f, const char *path, ResultsRowFn each, void *each_ctx,
                          GameRow **rows, long *count, long *valid_bytes, Error *err)
{
    *rows = NULL;
    *count = 0;
    *valid_bytes = 0;
    Status st = ST_OK;
    ReadCtx c;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.err = err;
    c.each = each;
    c.each_ctx = each_ctx;
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_REPALL_NL | CSV_EMPTY_IS_NULL) != 0) {
        error_set(err, "%s: libcsv failed to start", path);
        return ST_EIO;
    }
    csv_set_term_func(&p, is_term_lf);
    csv_set_space_func(&p, is_space_none);
    /* A field's buffer grows 64 KiB at a time, not libcsv's 128 bytes: a long field (up to
     * LINE_MAX_BYTES) would otherwise cost a copy of the field per 128 bytes wherever realloc
     * cannot grow in place (the sanitizers' allocator). */
    csv_set_blk_size(&p, (size_t)1 << 16);

    /* Bytes are handed to libcsv one whole line at a time, so that the bytes after the last
     * '\n' (a torn row, or a line inside an open quote) never reach it: libcsv would report a
     * row there at csv_fini, which is never called with callbacks. */
    char *chunk = xmalloc(READ_CHUNK);
    char *line = NULL;
    size_t line_len = 0, line_cap = 0;
    long lineno = 1; /* the line being assembled */
    long offset = 0; /* of the first byte of the line being assembled */
    c.row_line = 2;  /* the first row starts after the header */
    bool header = false;
    bool line_nul = false; /* the line being assembled holds a NUL byte */
    size_t n;
    while (!c.failed && (n = fread(chunk, 1, READ_CHUNK, f)) > 0) {
        const char *at = chunk, *end = chunk + n;
        while (!c.failed && at < end) {
            const char *nl = memchr(at, '\n', (size_t)(end - at));
            size_t piece = nl == NULL ? (size_t)(end - at) : (size_t)(nl + 1 - at);
            /* A NUL byte is refused in a complete line only: a torn last line may end in
             * zeros where a crash left blocks unwritten, and is dropped like any torn line. */
            line_nul |= memchr(at, '\0', piece) != NULL;
            if ((long)(line_len + piece) > LINE_MAX_BYTES) {
                read_fail(&c, lineno, "line longer than %ld bytes", LINE_MAX_BYTES);
                break;
            }
            line_append(&line, &line_len, &line_cap, at, piece);
            if (nl == NULL) {
                break;
            }
            if (line_nul) {
                read_fail(&c, lineno, "a NUL byte: not a text file");
                break;
            }
            at = nl + 1;
            bool done = feed_line(&c, &p, line, line_len, lineno);
            offset += (long)line_len;
            lineno++;
            line_len = 0;
            if (done) {
                header = true;
                *valid_bytes = offset;
                c.row_line = lineno;
            }
        }
    }
    if (!c.failed && ferror(f)) {
        error_set(err, "%s: cannot read: %s", path, strerror(errno));
        st = ST_EIO;
    } else if (!c.failed && !header) {
        /* No complete first line: an empty file, or a header cut short by a crash while it was
         * written, is a file with no rows; anything else is not ours. */
        if (line_len > sizeof GAMES_HEADER - 1 ||
            (line_len > 0 && memcmp(line, GAMES_HEADER, line_len) != 0)) {
            read_fail(&c, 1, "not a tafl-lab games.csv (schema %d) header", RESULTS_SCHEMA_VERSION);
        }
    }
    if (c.failed) {
        st = c.each_status != ST_OK ? c.each_status : ST_EPARSE;
    }
    free(line);
    free(chunk);
    for (int i = 0; i < GAMES_FIELDS; i++) {
        free(c.fields[i].text);
    }
    csv_free(&p);
    if (st == ST_OK) {
        *rows = c.rows;
        *count = c.count;
    } else if (each) {
        *count = c.count;
        *valid_bytes = 0;
    } else {
        results_free_rows(c.rows, c.count);
        *valid_bytes = 0;
    }
    return st;
}
