/* The result files of a run: games.csv appended row by row and read back for a resume, and
 * summary.csv computed from the rows. Text fields are quoted by libcsv; see README "Result files".
 */
#include "formats/results.h"

#include <assert.h>
#include <csv.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/files.h"
#include "formats/rowcheck.h"
#include "stats/balance.h"
#include "stats/stats.h"

#define GAMES_HEADER                                                                               \
    "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,"   \
    "external"
#define GAMES_FIELDS 12

#define SUMMARY_HEADER                                                                             \
    "rules,attacker,defender,games,attacker_wins,defender_wins,draws,attacker_win_rate,"           \
    "attacker_win_low,attacker_win_high,draw_rate,attacker_score,attacker_score_low,"              \
    "attacker_score_high,balance_p,plies_mean,plies_median,plies_p10,plies_p90,"                   \
    "king_captured,king_escaped,encircled,draw_fort,repetition,no_moves,max_plies,"                \
    "illegal_move,engine_crash,engine_timeout,external,balance_p_holm,verdict,baseline,"           \
    "score_diff,score_diff_low,score_diff_high,diff_p,diff_p_holm,diff_verdict,distance,"          \
    "distance_low,distance_high,distance_rank,equivalence,distance_change,distance_change_low,"    \
    "distance_change_high,distance_change_p,closer_verdict"

#define WILSON_Z_95 1.959964 /* the two-sided 95% normal quantile */
#define LEVEL       0.05     /* the family-wise level of the verdicts (after Holm) */
#define READ_CHUNK  65536
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

/* Writes a text field through libcsv's quoting: always quoted, inner quotes doubled. */
static bool put_text(FILE *f, const char *s)
{
    return csv_fwrite(f, s, strlen(s)) == 0;
}

static bool put_printf(FILE *f, const char *fmt, ...) PRINTF_LIKE(2, 3);

static bool put_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n >= 0;
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
 * The bytes are those of the printf-and-csv_fwrite form this replaced (issue 19: that form was
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
    /* A flush a row was a write(2) a game: 8% of a random match (issue 19). Rows now leave,
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

/* ------------------------------------------------------------------------------------------ */
/* Summaries                                                                                   */

/* Game lengths below this are counted in a histogram; longer ones (only a huge max_plies makes
 * them) are kept one by one and sorted when a percentile is asked. A group's histogram spans
 * only the lengths it has seen, so that a group of one game takes a few bytes, not 32 KB (an
 * experiment may have 262,144 groups: issue 27). */
#define TALLY_DENSE_PLIES 4096

/* The statistics of one (rules, attacker, defender) group, gathered row by row: counts and a
 * histogram of game lengths, so that memory does not grow with the games. */
typedef struct {
    GameRow names; /* the group's names (moves NULL) */
    long games;
    long wins[4];                   /* by Winner */
    long reasons[END_REASON_COUNT]; /* by EndReason */
    int external;                   /* RESULTS_EXTERNAL_* bits of any of its rows */
    long long plies_sum;
    long *hist;            /* games of each length hist_lo..hist_lo + hist_len - 1; owned */
    int hist_lo, hist_len; /* within 0..TALLY_DENSE_PLIES - 1; hist_len 0 before any */
    int *long_plies;       /* the other lengths, unsorted */
    long long_count, long_cap;
    double win_rate, win_low, win_high, draw_rate, plies_mean;
    ScoreEstimate verdict; /* the balance verdict: attackers' score, interval, p-value */
    int median, p10, p90;
    double p_holm;        /* verdict.p_value after Holm over every group */
    long base;            /* the baseline ruleset's group of the same pairing, or -1 */
    ScoreDiff diff;       /* attackers' score minus the baseline's (when base >= 0) */
    double diff_p_holm;   /* diff.p_value after Holm over every compared group */
    BalanceDistance dist; /* |attackers' score - 1/2| and its folded 95% interval */
    long rank;            /* 1 = closest to 1/2 among the groups of its pairing; 0 = none */
    BalanceChange change; /* distance minus the baseline's (when base >= 0) */
    BalanceVerdict equiv; /* within 1/2 +- BALANCE_MARGIN (TOST at LEVEL) */
} Group;

struct ResultsTally {
    Group *groups;
    long n, cap;
    long last;       /* the group of the last row: rows come in runs of one group */
    bool curve;      /* results_tally_set_curve: self-play groups alone carry verdicts */
    long *slots;     /* hash table of group index + 1 (0: empty), open addressing */
    size_t slot_cap; /* a power of two, at least twice n */
};

/* Whether a group carries a balance verdict: every group, or in a curve the self-play ones
 * (an agent against itself); a curve's other groups are its ladder games, which measure the
 * rungs' strength and say nothing of the ruleset's balance. */
static bool is_verdict(const ResultsTally *t, const Group *gr)
{
    return !t->curve || strcmp(gr->names.attacker, gr->names.defender) == 0;
}

void results_tally_set_curve(ResultsTally *t, bool curve)
{
    t->curve = curve;
}

/* FNV-1a over the three names (Fowler, Noll, Vo), each ended by its NUL. */
static size_t group_hash(const char *rules, const char *attacker, const char *defender)
{
    uint64_t h = 14695981039346656037ULL;
    const char *part[3] = {rules, attacker, defender};
    for (int i = 0; i < 3; i++) {
        const unsigned char *p = (const unsigned char *)part[i];
        do {
            h = (h ^ *p) * 1099511628211ULL;
        } while (*p++);
    }
    return (size_t)h;
}

static bool has_names(const GameRow *g, const char *rules, const char *attacker,
                      const char *defender)
{
    return strcmp(g->rules, rules) == 0 && strcmp(g->attacker, attacker) == 0 &&
           strcmp(g->defender, defender) == 0;
}

/* The group of these names, or -1: one probe sequence of the hash table, not a scan. */
static long find_group(const ResultsTally *t, const char *rules, const char *attacker,
                       const char *defender)
{
    if (t->slot_cap == 0)
        return -1;
    size_t mask = t->slot_cap - 1;
    for (size_t i = group_hash(rules, attacker, defender) & mask;; i = (i + 1) & mask) {
        long g = t->slots[i] - 1;
        if (g < 0)
            return -1;
        if (has_names(&t->groups[g].names, rules, attacker, defender))
            return g;
    }
}

static void put_slot(ResultsTally *t, long g)
{
    const GameRow *x = &t->groups[g].names;
    size_t mask = t->slot_cap - 1;
    size_t i = group_hash(x->rules, x->attacker, x->defender) & mask;
    while (t->slots[i] != 0)
        i = (i + 1) & mask;
    t->slots[i] = g + 1;
}

/* Keeps the table at most half full, so probe sequences stay short. */
static void grow_slots(ResultsTally *t)
{
    if ((size_t)(t->n + 1) * 2 <= t->slot_cap)
        return;
    free(t->slots);
    t->slot_cap = t->slot_cap ? 2 * t->slot_cap : 64;
    t->slots = xcalloc(t->slot_cap, sizeof *t->slots);
    for (long g = 0; g < t->n; g++)
        put_slot(t, g);
}

/* Counts one game of length plies (0 <= plies < TALLY_DENSE_PLIES) in the group's histogram,
 * widening its span when needed (by half its width at least, so widening is rare). */
static void hist_add(Group *gr, int plies)
{
    if (gr->hist_len == 0 || plies < gr->hist_lo || plies >= gr->hist_lo + gr->hist_len) {
        int lo = gr->hist_len ? gr->hist_lo : plies,
            hi = gr->hist_len ? lo + gr->hist_len : plies + 1;
        int slack = gr->hist_len / 2;
        if (plies < lo)
            lo = plies - slack < 0 ? 0 : plies - slack;
        if (plies >= hi)
            hi = plies + 1 + slack > TALLY_DENSE_PLIES ? TALLY_DENSE_PLIES : plies + 1 + slack;
        long *h = xcalloc((size_t)(hi - lo), sizeof *h);
        if (gr->hist_len)
            memcpy(h + (gr->hist_lo - lo), gr->hist, (size_t)gr->hist_len * sizeof *h);
        free(gr->hist);
        gr->hist = h;
        gr->hist_lo = lo;
        gr->hist_len = hi - lo;
    }
    gr->hist[plies - gr->hist_lo]++;
}

static bool same_group(const GameRow *a, const GameRow *b)
{
    return has_names(a, b->rules, b->attacker, b->defender);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the p-th percentile of the group's n game lengths in sorted order is the value
 * at index ceil(p/100 n) - 1, computed in integers so that no rounding can move it. The
 * histogram is walked in order; the long games, sorted, follow every dense one. */
static int percentile(const Group *gr, int p)
{
    long idx = ((long)p * gr->games + 99) / 100 - 1;
    idx = idx < 0 ? 0 : idx;
    for (int v = 0; v < gr->hist_len; v++) {
        if (idx < gr->hist[v]) {
            return gr->hist_lo + v;
        }
        idx -= gr->hist[v];
    }
    return gr->long_plies[idx];
}

ResultsTally *results_tally_create(void)
{
    ResultsTally *t = xcalloc(1, sizeof *t);
    return t;
}

void results_tally_add(ResultsTally *t, const GameRow *r)
{
    long g = t->last;
    if (g >= t->n || !same_group(&t->groups[g].names, r)) {
        g = find_group(t, r->rules, r->attacker, r->defender);
    }
    if (g < 0) {
        g = t->n;
        grow_slots(t);
        if (t->n == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 4;
            t->groups = xrealloc(t->groups, (size_t)t->cap * sizeof *t->groups);
        }
        memset(&t->groups[g], 0, sizeof t->groups[g]);
        memcpy(t->groups[g].names.rules, r->rules, sizeof r->rules);
        memcpy(t->groups[g].names.attacker, r->attacker, sizeof r->attacker);
        memcpy(t->groups[g].names.defender, r->defender, sizeof r->defender);
        t->n++;
        put_slot(t, g);
    }
    t->last = g;
    Group *gr = &t->groups[g];
    assert((unsigned)r->winner < 4 && (unsigned)r->reason < END_REASON_COUNT);
    gr->games++;
    gr->wins[r->winner]++;
    gr->reasons[r->reason]++;
    gr->external |= r->external;
    gr->plies_sum += r->plies;
    if (r->plies >= 0 && r->plies < TALLY_DENSE_PLIES) {
        hist_add(gr, r->plies);
        return;
    }
    if (gr->long_count == gr->long_cap) {
        gr->long_cap = gr->long_cap ? 2 * gr->long_cap : 16;
        gr->long_plies = xrealloc(gr->long_plies, (size_t)gr->long_cap * sizeof(int));
    }
    gr->long_plies[gr->long_count++] = r->plies;
}

void results_tally_destroy(ResultsTally *t)
{
    if (t == NULL) {
        return;
    }
    for (long g = 0; g < t->n; g++) {
        free(t->groups[g].long_plies);
        free(t->groups[g].hist);
    }
    free(t->slots);
    free(t->groups);
    free(t);
}

/* Computes every statistic of every group from its counts. */
static void finish_groups(ResultsTally *t)
{
    for (long g = 0; g < t->n; g++) {
        Group *gr = &t->groups[g];
        double games = (double)gr->games;
        if (gr->long_count > 1) {
            qsort(gr->long_plies, (size_t)gr->long_count, sizeof(int), compare_int);
        }
        gr->win_rate = (double)gr->wins[WINNER_ATTACKERS] / games;
        stats_wilson((double)gr->wins[WINNER_ATTACKERS], games, WILSON_Z_95, &gr->win_low,
                     &gr->win_high);
        gr->draw_rate = (double)gr->wins[WINNER_DRAW] / games;
        stats_score(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW], gr->wins[WINNER_DEFENDERS],
                    WILSON_Z_95, &gr->verdict);
        balance_distance(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW],
                         gr->wins[WINNER_DEFENDERS], WILSON_Z_95, &gr->dist);
        gr->equiv = balance_verdict(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW],
                                    gr->wins[WINNER_DEFENDERS], BALANCE_MARGIN, LEVEL);
        gr->plies_mean = (double)gr->plies_sum / games;
        gr->median = percentile(gr, 50);
        gr->p10 = percentile(gr, 10);
        gr->p90 = percentile(gr, 90);
    }
}

/* The groups' Holm-adjusted balance p-values and, for every group of another ruleset than
 * `baseline` whose pairing the baseline also played, the difference from the baseline's group
 * with its Holm-adjusted p-value (a second family). Groups without a verdict (is_verdict) are
 * in neither family: their p_holm is NaN and they have no baseline. */
static void compare_groups(ResultsTally *t, const char *baseline)
{
    Group *groups = t->groups;
    long n = t->n;
    double *p = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    for (long g = 0; g < n; g++) {
        p[g] = is_verdict(t, &groups[g]) ? groups[g].verdict.p_value : NAN;
    }
    stats_holm(p, n, p);
    for (long g = 0; g < n; g++) {
        Group *gr = &groups[g];
        gr->p_holm = p[g];
        gr->base = -1;
        p[g] = NAN;
        if (strcmp(gr->names.rules, baseline) == 0 || !is_verdict(t, gr)) {
            continue;
        }
        /* The baseline's group of the same pairing, by the hash table (a scan over every
         * group for each group was quadratic). */
        long b = find_group(t, baseline, gr->names.attacker, gr->names.defender);
        if (b >= 0) {
            const long *w = groups[g].wins, *v = groups[b].wins;
            long mine[3] = {w[WINNER_ATTACKERS], w[WINNER_DRAW], w[WINNER_DEFENDERS]};
            long base[3] = {v[WINNER_ATTACKERS], v[WINNER_DRAW], v[WINNER_DEFENDERS]};
            stats_score_diff(mine, base, WILSON_Z_95, &gr->diff);
            balance_change(mine, base, WILSON_Z_95, &gr->change);
            gr->base = b;
            p[g] = gr->diff.p_value;
        }
    }
    stats_holm(p, n, p);
    for (long g = 0; g < n; g++) {
        groups[g].diff_p_holm = p[g];
    }
    free(p);
}

/* Orders groups by pairing (attacker, defender), then distance from 1/2, then first appearance. */
static int compare_rank(const void *x, const void *y)
{
    const Group *a = *(const Group *const *)x, *b = *(const Group *const *)y;
    int c = strcmp(a->names.attacker, b->names.attacker);
    if (c == 0)
        c = strcmp(a->names.defender, b->names.defender);
    if (c == 0)
        c = (a->dist.distance > b->dist.distance) - (a->dist.distance < b->dist.distance);
    return c != 0 ? c : (a > b) - (a < b);
}

/* Ranks the groups with a verdict of each pairing by distance from 1/2 (1 = closest; ties keep
 * the order of first appearance): a sort, not a scan per group (a run may have 262,144). */
static void rank_groups(ResultsTally *t)
{
    Group **order = xmalloc((size_t)(t->n > 0 ? t->n : 1) * sizeof *order);
    long k = 0;
    for (long g = 0; g < t->n; g++) {
        t->groups[g].rank = 0;
        if (is_verdict(t, &t->groups[g]))
            order[k++] = &t->groups[g];
    }
    qsort(order, (size_t)k, sizeof *order, compare_rank);
    for (long i = 0; i < k; i++) {
        bool same = i > 0 && strcmp(order[i]->names.attacker, order[i - 1]->names.attacker) == 0 &&
                    strcmp(order[i]->names.defender, order[i - 1]->names.defender) == 0;
        order[i]->rank = same ? order[i - 1]->rank + 1 : 1;
    }
    free(order);
}

/* The baseline of the comparisons: the given one, else the first row's ruleset (groups come
 * in order of first appearance). */
static const char *baseline_of(const ResultsTally *t, const char *baseline)
{
    return baseline ? baseline : t->n > 0 ? t->groups[0].names.rules : "";
}

/* Every statistic of every group, then the comparisons with the baseline. */
static void finish_tally(ResultsTally *t, const char *baseline)
{
    finish_groups(t);
    compare_groups(t, baseline_of(t, baseline));
    rank_groups(t);
}

/* The balance verdict at LEVEL after Holm: the side the score leans to, when significant;
 * "ladder" for a curve's games between different rungs (no verdict). */
static const char *balance_word(const Group *gr)
{
    if (isnan(gr->p_holm)) {
        return "ladder";
    }
    if (!(gr->p_holm < LEVEL)) {
        return "balanced";
    }
    return gr->verdict.score > 0.5 ? "attackers" : "defenders";
}

/* The comparison's verdict at LEVEL after Holm: the side the ruleset moves the score towards
 * (the unadjusted interval excludes 0 whenever the adjusted p is below LEVEL, so its sign is
 * the direction). */
static const char *diff_verdict(const Group *gr)
{
    if (!(gr->diff_p_holm < LEVEL)) {
        return "no_difference";
    }
    return gr->diff.low > 0 ? "attackers" : "defenders";
}

static bool has_rules(const ResultsTally *t, const char *name)
{
    for (long g = 0; g < t->n; g++) {
        if (strcmp(t->groups[g].names.rules, name) == 0) {
            return true;
        }
    }
    return false;
}

/* The tally of count rows. Caller destroys. */
static ResultsTally *tally_rows(const GameRow *rows, long count)
{
    ResultsTally *t = results_tally_create();
    for (long i = 0; i < count; i++) {
        results_tally_add(t, &rows[i]);
    }
    return t;
}

static bool put_summary(FILE *f, const Group *groups, long n)
{
    bool ok = fputs(SUMMARY_HEADER "\n", f) != EOF;
    for (long g = 0; ok && g < n; g++) {
        const Group *gr = &groups[g];
        ok = put_text(f, gr->names.rules) && fputc(',', f) != EOF &&
             put_text(f, gr->names.attacker) && fputc(',', f) != EOF &&
             put_text(f, gr->names.defender) &&
             put_printf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3g,%.2f,%d,%d,%d",
                        gr->games, gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DEFENDERS],
                        gr->wins[WINNER_DRAW], gr->win_rate, gr->win_low, gr->win_high,
                        gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
                        gr->verdict.p_value, gr->plies_mean, gr->median, gr->p10, gr->p90);
        for (EndReason r = END_KING_CAPTURED; ok && r < END_REASON_COUNT; r++) {
            ok = put_printf(f, ",%ld", gr->reasons[r]);
        }
        ok = ok && put_printf(f, ",%s", EXTERNAL_NAMES[gr->external & 3]);
        ok = ok && (isnan(gr->p_holm) ? fputc(',', f) != EOF : put_printf(f, ",%.3g", gr->p_holm));
        ok = ok && put_printf(f, ",%s,", balance_word(gr));
        if (gr->base >= 0) {
            ok = ok && put_text(f, groups[gr->base].names.rules) &&
                 put_printf(f, ",%.4f,%.4f,%.4f,%.3g,%.3g,%s", gr->diff.diff, gr->diff.low,
                            gr->diff.high, gr->diff.p_value, gr->diff_p_holm, diff_verdict(gr));
        } else {
            ok = ok && fputs(",,,,,,", f) != EOF;
        }
        ok =
            ok && put_printf(f, ",%.4f,%.4f,%.4f,", gr->dist.distance, gr->dist.low, gr->dist.high);
        ok =
            ok && (gr->rank > 0 ? put_printf(f, "%ld,%s", gr->rank, balance_verdict_name(gr->equiv))
                                : fputc(',', f) != EOF);
        if (gr->base >= 0) {
            ok = ok && put_printf(f, ",%.4f,%.4f,%.4f,%.3g,%s", gr->change.change, gr->change.low,
                                  gr->change.high, gr->change.p_value,
                                  balance_change_name(gr->change.verdict));
        } else {
            ok = ok && fputs(",,,,,", f) != EOF;
        }
        ok = ok && fputc('\n', f) != EOF;
    }
    return ok;
}

Status results_tally_write(ResultsTally *t, const char *path, Error *err)
{
    return results_tally_write_vs(t, path, NULL, err);
}

static bool put_tally(FILE *f, const void *ctx)
{
    const ResultsTally *t = ctx;
    return put_summary(f, t->groups, t->n);
}

Status results_tally_write_vs(ResultsTally *t, const char *path, const char *baseline, Error *err)
{
    if (baseline && !has_rules(t, baseline)) {
        error_set(err, "baseline '%s': no game of the file was played under that ruleset",
                  baseline);
        return ST_EINVAL;
    }
    finish_tally(t, baseline);
    return files_write_through(path, put_tally, t, err);
}

Status results_write_summary(const char *path, const GameRow *rows, long count, Error *err)
{
    return results_write_summary_vs(path, rows, count, NULL, err);
}

Status results_write_summary_vs(const char *path, const GameRow *rows, long count,
                                const char *baseline, Error *err)
{
    ResultsTally *t = tally_rows(rows, count);
    Status st = results_tally_write_vs(t, path, baseline, err);
    results_tally_destroy(t);
    return st;
}

/* Pads a name column to a width that fits every name in the table (a pure function of the
 * rows, like everything else here). */
static int name_width(const Group *groups, long n, size_t field, int min)
{
    int w = min;
    for (long g = 0; g < n; g++) {
        const char *name = (const char *)&groups[g].names + field;
        int len = (int)strlen(name);
        w = len > w ? len : w;
    }
    return w;
}

void results_tally_print(ResultsTally *t, FILE *out)
{
    results_tally_print_vs(t, out, NULL);
}

/* One line of the balance table; with the Holm-adjusted p and the verdict when `verdict`. */
static void print_group(FILE *out, const Group *gr, int wr, int wa, int wd, bool verdict)
{
    double games = (double)gr->games;
    fprintf(out, "%-*s  %-*s  %-*s  %6ld  %6.1f  %6.1f  %6.1f  %.3f [%.3f-%.3f]  %8.2g  %7.1f", wr,
            gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->games,
            100 * gr->win_rate, 100 * (double)gr->wins[WINNER_DEFENDERS] / games,
            100 * gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
            gr->verdict.p_value, gr->plies_mean);
    if (verdict) {
        fprintf(out, "  %8.2g  %s", gr->p_holm, balance_word(gr));
    }
    fputc('\n', out);
}

/* The groups with a verdict ranked by distance from 1/2 within each pairing (rank_groups), with
 * the equivalence verdict and, where there is a baseline, the change in distance from it. Only
 * when some pairing has two rulesets or more: one ruleset has nothing to rank. */
static void print_ranking(FILE *out, const ResultsTally *t, const char *baseline, int wr, int wa,
                          int wd)
{
    long n = t->n, most = 0;
    for (long g = 0; g < n; g++)
        most = t->groups[g].rank > most ? t->groups[g].rank : most;
    if (most < 2)
        return;
    Group **order = xmalloc((size_t)n * sizeof *order);
    long k = 0;
    for (long g = 0; g < n; g++)
        if (t->groups[g].rank > 0)
            order[k++] = &t->groups[g];
    qsort(order, (size_t)k, sizeof *order, compare_rank);
    fprintf(out,
            "\nrulesets by distance from balance |score - 1/2|, closest first within each pairing "
            "(95%% folded interval; equivalence: TOST within 1/2 +- %.2f; change from %s: "
            "MOVER interval):\n",
            BALANCE_MARGIN, baseline_of(t, baseline));
    fprintf(out, "%4s  %-*s  %-*s  %-*s  %-21s  %-12s  %-24s  %8s  %s\n", "rank", wr, "rules", wa,
            "attacker", wd, "defender", "distance [95%]", "equivalence", "change [95%]", "p",
            "verdict");
    for (long i = 0; i < k; i++) {
        const Group *gr = order[i];
        /* Padded only when the change follows: no line ends in blanks. */
        fprintf(out, "%4ld  %-*s  %-*s  %-*s  %.3f [%.3f-%.3f]  %-*s", gr->rank, wr,
                gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->dist.distance,
                gr->dist.low, gr->dist.high, gr->base >= 0 ? 12 : 0,
                balance_verdict_name(gr->equiv));
        if (gr->base >= 0)
            fprintf(out, "  %+.3f [%+.3f, %+.3f]  %8.2g  %s", gr->change.change, gr->change.low,
                    gr->change.high, gr->change.p_value, balance_change_name(gr->change.verdict));
        fputc('\n', out);
    }
    free(order);
}

void results_tally_print_vs(ResultsTally *t, FILE *out, const char *baseline)
{
    finish_tally(t, baseline);
    const Group *groups = t->groups;
    long n = t->n;
    int wr = name_width(groups, n, offsetof(GameRow, rules), 5);
    int wa = name_width(groups, n, offsetof(GameRow, attacker), 8);
    int wd = name_width(groups, n, offsetof(GameRow, defender), 8);
    fprintf(out, "%-*s  %-*s  %-*s  %6s  %6s  %6s  %6s  %-21s  %8s  %7s  %8s  %s\n", wr, "rules",
            wa, "attacker", wd, "defender", "games", "att %", "def %", "draw %",
            "attacker score [95%]", "p(1/2)", "plies", "p Holm", "verdict");
    long compared = 0, ladder = 0;
    for (long g = 0; g < n; g++) {
        const Group *gr = &groups[g];
        if (!is_verdict(t, gr)) {
            ladder++;
            continue;
        }
        print_group(out, gr, wr, wa, wd, true);
        compared += gr->base >= 0;
    }
    if (ladder > 0) {
        /* A curve's games between different rungs: they measure strength (the rungs' Elo), so
         * they carry no balance verdict and are not in the Holm family above. */
        fprintf(out,
                "\nladder games (rung against rung: they measure the rungs' strength, no balance "
                "verdict, not in the Holm family):\n");
        fprintf(out, "%-*s  %-*s  %-*s  %6s  %6s  %6s  %6s  %-21s  %8s  %7s\n", wr, "rules", wa,
                "attacker", wd, "defender", "games", "att %", "def %", "draw %",
                "attacker score [95%]", "p(1/2)", "plies");
        for (long g = 0; g < n; g++) {
            if (!is_verdict(t, &groups[g])) {
                print_group(out, &groups[g], wr, wa, wd, false);
            }
        }
    }
    if (compared > 0) {
        fprintf(out,
                "\nattackers' score minus that under %s, same pairing (95%% interval, "
                "Agresti-Caffo; p Holm-adjusted over %ld comparison%s):\n",
                baseline_of(t, baseline), compared, compared > 1 ? "s" : "");
        fprintf(out, "%-*s  %-*s  %-*s  %-24s  %8s  %8s  %s\n", wr, "rules", wa, "attacker", wd,
                "defender", "difference [95%]", "p", "p Holm", "verdict");
        for (long g = 0; g < n; g++) {
            const Group *gr = &groups[g];
            if (gr->base < 0) {
                continue;
            }
            fprintf(out, "%-*s  %-*s  %-*s  %+.3f [%+.3f, %+.3f]  %8.2g  %8.2g  %s\n", wr,
                    gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->diff.diff,
                    gr->diff.low, gr->diff.high, gr->diff.p_value, gr->diff_p_holm,
                    diff_verdict(gr));
        }
    }
    print_ranking(out, t, baseline, wr, wa, wd);
}

void results_print_table(FILE *out, const GameRow *rows, long count)
{
    results_print_table_vs(out, rows, count, NULL);
}

void results_print_table_vs(FILE *out, const GameRow *rows, long count, const char *baseline)
{
    ResultsTally *t = tally_rows(rows, count);
    results_tally_print_vs(t, out, baseline);
    results_tally_destroy(t);
}
