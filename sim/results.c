/* The result files of a run: games.csv appended row by row and read back for a resume, and
 * summary.csv computed from the rows. Text fields are quoted by libcsv; see README "Result files".
 */
#include "sim/results.h"

#include <assert.h>
#include <csv.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/stats.h"

#define GAMES_HEADER                                                                               \
    "game,rules,attacker,defender,seed,winner,reason,plies,attackers_lost,defenders_lost,moves,"   \
    "external"
#define GAMES_FIELDS 12

#define SUMMARY_HEADER                                                                             \
    "rules,attacker,defender,games,attacker_wins,defender_wins,draws,attacker_win_rate,"           \
    "attacker_win_low,attacker_win_high,draw_rate,attacker_score,attacker_score_low,"              \
    "attacker_score_high,balance_p,plies_mean,plies_median,plies_p10,plies_p90,"                   \
    "king_captured,king_escaped,encircled,draw_fort,repetition,no_moves,max_plies,"                \
    "illegal_move,engine_crash,engine_timeout,external"

#define WILSON_Z_95 1.959964 /* the two-sided 95% normal quantile */
#define READ_CHUNK  65536
/* The longest line read back: some 20 million plies of moves. Without a bound a file with no
 * line feed (a device, a binary) would be buffered whole. */
#define LINE_MAX_BYTES (256L << 20)

/* The `external` column, indexed by RESULTS_EXTERNAL_* bits. */
static const char *const EXTERNAL_NAMES[4] = {"none", "attacker", "defender", "both"};

/* ------------------------------------------------------------------------------------------ */
/* Writing games.csv                                                                           */

/* How long finished rows may wait in the stdio buffer before they are flushed to the file. */
#define GAMES_FLUSH_SECONDS 1.0

struct GamesWriter {
    FILE *file;
    char *path;        /* owned copy, for messages */
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

/* Writes one games.csv row, its newline included, without flushing. Numbers and the fixed
 * winner and reason names cannot hold a comma, quote or newline and are written bare; a NULL
 * moves is an empty unquoted field, so that "not recorded" and "" read back differently. The
 * row is built in one buffer and written with one fwrite (the moves, of any length, with a
 * second), the bytes of the printf-and-csv_fwrite form it replaced (issue 19: that form was 15%
 * of a random match). */
static bool put_game_row(FILE *f, const GameRow *row)
{
    assert(row->winner >= WINNER_ATTACKERS && row->winner <= WINNER_DRAW);
    assert(row->reason >= END_KING_CAPTURED && row->reason < END_REASON_COUNT);
    assert(row->external >= 0 && row->external < 4);
    assert(row->game >= 0 && row->plies >= 0);
    assert(row->attackers_lost >= 0 && row->defenders_lost >= 0);
    _Static_assert(sizeof row->rules == 64 && sizeof row->attacker == 64, "room in buf below");
    /* 3 numbers of at most 20 digits, 3 quoted names of at most 2 * 63 + 3, 3 ints of at most
     * 10 digits, two names of at most 16 and a comma each: well under 512. */
    char buf[512], *p = buf;
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
    bool ok = true;
    if (row->moves != NULL) {
        *p++ = '"';
        ok = fwrite(buf, 1, (size_t)(p - buf), f) == (size_t)(p - buf);
        /* Moves are OTN text: a quote never stands in one, but double any as libcsv would. */
        for (const char *m = row->moves; ok && *m;) {
            size_t run = strcspn(m, "\"");
            ok = fwrite(m, 1, run, f) == run;
            m += run;
            if (ok && *m == '"') {
                ok = fputs("\"\"", f) != EOF;
                m++;
            }
        }
        p = buf;
        *p++ = '"';
    }
    *p++ = ',';
    p = put_name(p, EXTERNAL_NAMES[row->external], '\n');
    return ok && fwrite(buf, 1, (size_t)(p - buf), f) == (size_t)(p - buf);
}

Status results_games_open(const char *path, GamesWriter **out, Error *err)
{
    *out = NULL;
    FILE *f = fopen(path, "a");
    if (f == NULL) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
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
    *out = w;
    return ST_OK;

fail_file:
    (void)fclose(f);
    return ST_EIO;
}

Status results_games_append(GamesWriter *w, const GameRow *row, Error *err)
{
    /* A flush a row was a write(2) a game: 8% of a random match (issue 19). Rows now leave
     * with the full stdio buffer or after GAMES_FLUSH_SECONDS, whichever comes first; the
     * clock is read once a row, never a move. A killed run loses about a second of games,
     * which --resume plays again to the same bytes. */
    bool ok = put_game_row(w->file, row);
    if (ok) {
        double now = clock_seconds();
        if (now - w->last_flush >= GAMES_FLUSH_SECONDS) {
            ok = fflush(w->file) == 0;
            w->last_flush = now;
        }
    }
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
    bool failed = fflush(w->file) != 0 || ferror(w->file);
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
    bool failed; /* an error is in *err; stop */
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
    row.game = (long)game;
    row.plies = (int)plies;
    row.attackers_lost = (int)alost;
    row.defenders_lost = (int)dlost;
    row.moves = f[10].null ? NULL : dup_string(f[10].text);
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
    *rows = NULL;
    *count = 0;
    *valid_bytes = 0;
    Status st = ST_OK;
    ReadCtx c;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.err = err;
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
        st = ST_EPARSE;
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
    } else {
        results_free_rows(c.rows, c.count);
        *valid_bytes = 0;
    }
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Summaries                                                                                   */

/* The statistics of one (rules, attacker, defender) group. */
typedef struct {
    const GameRow *first; /* the group's first row: its names */
    long games;
    long wins[4];                   /* by Winner */
    long reasons[END_REASON_COUNT]; /* by EndReason */
    int external;                   /* RESULTS_EXTERNAL_* bits of any of its rows */
    long long plies_sum;
    int *plies; /* game lengths, sorted by finish_groups */
    double win_rate, win_low, win_high, draw_rate, plies_mean;
    ScoreEstimate verdict; /* the balance verdict: attackers' score, interval, p-value */
    int median, p10, p90;
} Group;

static bool same_group(const GameRow *a, const GameRow *b)
{
    return strcmp(a->rules, b->rules) == 0 && strcmp(a->attacker, b->attacker) == 0 &&
           strcmp(a->defender, b->defender) == 0;
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the p-th percentile of n sorted values is the value at index ceil(p/100 n) - 1,
 * computed in integers so that no rounding can move it. */
static int percentile(const int *sorted, long n, int p)
{
    long idx = ((long)p * n + 99) / 100 - 1;
    return sorted[idx < 0 ? 0 : idx];
}

/* Groups the rows in order of first appearance and computes every statistic. Caller frees with
 * free_groups. */
static Group *make_groups(const GameRow *rows, long count, long *ngroups)
{
    Group *groups = NULL;
    long n = 0, cap = 0;
    long *of_row = xmalloc((size_t)(count > 0 ? count : 1) * sizeof *of_row);
    for (long i = 0; i < count; i++) {
        long g = 0;
        while (g < n && !same_group(groups[g].first, &rows[i])) {
            g++;
        }
        if (g == n) {
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                groups = xrealloc(groups, (size_t)cap * sizeof *groups);
            }
            memset(&groups[n], 0, sizeof groups[n]);
            groups[n].first = &rows[i];
            n++;
        }
        of_row[i] = g;
        groups[g].games++;
    }
    for (long g = 0; g < n; g++) {
        groups[g].plies = xmalloc((size_t)groups[g].games * sizeof(int));
        groups[g].games = 0;
    }
    for (long i = 0; i < count; i++) {
        Group *gr = &groups[of_row[i]];
        const GameRow *r = &rows[i];
        assert((unsigned)r->winner < 4 && (unsigned)r->reason < END_REASON_COUNT);
        gr->wins[r->winner]++;
        gr->reasons[r->reason]++;
        gr->external |= r->external;
        gr->plies_sum += r->plies;
        gr->plies[gr->games++] = r->plies;
    }
    for (long g = 0; g < n; g++) {
        Group *gr = &groups[g];
        double games = (double)gr->games;
        qsort(gr->plies, (size_t)gr->games, sizeof(int), compare_int);
        gr->win_rate = (double)gr->wins[WINNER_ATTACKERS] / games;
        stats_wilson((double)gr->wins[WINNER_ATTACKERS], games, WILSON_Z_95, &gr->win_low,
                     &gr->win_high);
        gr->draw_rate = (double)gr->wins[WINNER_DRAW] / games;
        stats_score(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW], gr->wins[WINNER_DEFENDERS],
                    WILSON_Z_95, &gr->verdict);
        gr->plies_mean = (double)gr->plies_sum / games;
        gr->median = percentile(gr->plies, gr->games, 50);
        gr->p10 = percentile(gr->plies, gr->games, 10);
        gr->p90 = percentile(gr->plies, gr->games, 90);
    }
    free(of_row);
    *ngroups = n;
    return groups;
}

static void free_groups(Group *groups, long n)
{
    for (long g = 0; g < n; g++) {
        free(groups[g].plies);
    }
    free(groups);
}

static bool put_summary(FILE *f, const Group *groups, long n)
{
    bool ok = fputs(SUMMARY_HEADER "\n", f) != EOF;
    for (long g = 0; ok && g < n; g++) {
        const Group *gr = &groups[g];
        ok = put_text(f, gr->first->rules) && fputc(',', f) != EOF &&
             put_text(f, gr->first->attacker) && fputc(',', f) != EOF &&
             put_text(f, gr->first->defender) &&
             put_printf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3g,%.2f,%d,%d,%d",
                        gr->games, gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DEFENDERS],
                        gr->wins[WINNER_DRAW], gr->win_rate, gr->win_low, gr->win_high,
                        gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
                        gr->verdict.p_value, gr->plies_mean, gr->median, gr->p10, gr->p90);
        for (EndReason r = END_KING_CAPTURED; ok && r < END_REASON_COUNT; r++) {
            ok = put_printf(f, ",%ld", gr->reasons[r]);
        }
        ok = ok && put_printf(f, ",%s", EXTERNAL_NAMES[gr->external & 3]);
        ok = ok && fputc('\n', f) != EOF;
    }
    return ok;
}

Status results_write_summary(const char *path, const GameRow *rows, long count, Error *err)
{
    Status st = ST_OK;
    size_t len = strlen(path) + sizeof ".tmp";
    char *tmp = xmalloc(len);
    snprintf(tmp, len, "%s.tmp", path);
    long n;
    Group *groups = make_groups(rows, count, &n);
    FILE *f = fopen(tmp, "w");
    if (f == NULL) {
        error_set(err, "%s: cannot open: %s", tmp, strerror(errno));
        st = ST_EIO;
        goto free_all;
    }
    /* fsync before rename: the new name must never point at data still only in memory. */
    bool ok = put_summary(f, groups, n) && fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        error_set(err, "%s: cannot write: %s", tmp, strerror(saved));
        st = ST_EIO;
        (void)remove(tmp);
        goto free_all;
    }
    if (rename(tmp, path) != 0) {
        error_set(err, "%s: cannot rename %s over it: %s", path, tmp, strerror(errno));
        st = ST_EIO;
        (void)remove(tmp);
    }
free_all:
    free_groups(groups, n);
    free(tmp);
    return st;
}

/* Pads a name column to a width that fits every name in the table (a pure function of the
 * rows, like everything else here). */
static int name_width(const Group *groups, long n, size_t field, int min)
{
    int w = min;
    for (long g = 0; g < n; g++) {
        const char *name = (const char *)groups[g].first + field;
        int len = (int)strlen(name);
        w = len > w ? len : w;
    }
    return w;
}

void results_print_table(FILE *out, const GameRow *rows, long count)
{
    long n;
    Group *groups = make_groups(rows, count, &n);
    int wr = name_width(groups, n, offsetof(GameRow, rules), 5);
    int wa = name_width(groups, n, offsetof(GameRow, attacker), 8);
    int wd = name_width(groups, n, offsetof(GameRow, defender), 8);
    fprintf(out, "%-*s  %-*s  %-*s  %6s  %6s  %6s  %6s  %-21s  %8s  %7s\n", wr, "rules", wa,
            "attacker", wd, "defender", "games", "att %", "def %", "draw %", "attacker score [95%]",
            "p(1/2)", "plies");
    for (long g = 0; g < n; g++) {
        const Group *gr = &groups[g];
        double games = (double)gr->games;
        fprintf(out,
                "%-*s  %-*s  %-*s  %6ld  %6.1f  %6.1f  %6.1f  %.3f [%.3f-%.3f]  %8.2g  %7.1f\n", wr,
                gr->first->rules, wa, gr->first->attacker, wd, gr->first->defender, gr->games,
                100 * gr->win_rate, 100 * (double)gr->wins[WINNER_DEFENDERS] / games,
                100 * gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
                gr->verdict.p_value, gr->plies_mean);
    }
    free_groups(groups, n);
}
