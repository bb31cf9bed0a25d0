/* Recorded games and their replay against the rules. */
#include "rules/record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"

RecordGame *record_game_add(RecordGame **games, int *count, int line)
{
    /* Grows by doubling: the capacity is the next power of two at or above the count. */
    int n = *count;
    if ((n & (n - 1)) == 0)
        *games = xrealloc(*games, (size_t)(n ? 2 * n : 1) * sizeof **games);
    RecordGame *g = &(*games)[n];
    memset(g, 0, sizeof *g);
    g->line = line;
    g->end_line = line;
    g->lost[SIDE_ATTACKERS] = -1;
    g->lost[SIDE_DEFENDERS] = -1;
    g->number = -1;
    *count = n + 1;
    return g;
}

Status record_move_add(RecordGame *g, const char *text, size_t len, int line, Error *err)
{
    if (len >= sizeof g->moves[0].text) {
        error_set(err, "a move of %zu characters ('%.20s...'); at most %zu fit", len, text,
                  sizeof g->moves[0].text - 1);
        return ST_EPARSE;
    }
    if (g->count == g->capacity) {
        g->capacity = g->capacity ? 2 * g->capacity : 64;
        g->moves = xrealloc(g->moves, (size_t)g->capacity * sizeof *g->moves);
    }
    RecordMove *m = &g->moves[g->count++];
    memcpy(m->text, text, len);
    m->text[len] = '\0';
    m->line = line;
    g->end_line = line > g->end_line ? line : g->end_line;
    return ST_OK;
}

/* One line of f, its newline kept, into *text (grown by doubling, *cap its size): its length, or -1
 * at the end of the file with nothing read. Stops reading past RECORD_LINE_MAX + 1 bytes, the
 * length then over the limit, so that a file without newlines is not held whole. */
static ssize_t read_bounded(FILE *f, char **text, size_t *cap)
{
    size_t len = 0;
    int ch;
    while ((ch = getc(f)) != EOF) {
        if (len + 2 > *cap) {
            *cap = *cap ? 2 * *cap : 256;
            *text = xrealloc(*text, *cap);
        }
        (*text)[len++] = (char)ch;
        if (ch == '\n' || len > RECORD_LINE_MAX + 1)
            break;
    }
    if (len == 0)
        return -1;
    (*text)[len] = '\0';
    return (ssize_t)len;
}

Status record_read_lines(FILE *f, const char *name, RecordLineReader read, void *ctx,
                         RecordGame **games, int *count, Error *err)
{
    char *text = NULL;
    size_t cap = 0;
    ssize_t len;
    int line = 0;
    Status st = ST_OK;
    errno = 0;
    while (st == ST_OK && (len = read_bounded(f, &text, &cap)) >= 0) {
        line++;
        if ((size_t)len - (text[len - 1] == '\n') > RECORD_LINE_MAX) {
            error_set(err, "%s:%d: a line longer than %d bytes: not a games file", name, line,
                      RECORD_LINE_MAX);
            st = ST_EPARSE;
            break;
        }
        if (strlen(text) != (size_t)len) {
            error_set(err, "%s:%d: a NUL byte: not a games file", name, line);
            st = ST_EPARSE;
            break;
        }
        while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
            text[--len] = '\0';
        if ((st = read(ctx, text, line, err)) != ST_OK)
            error_prefix(err, "%s:", name);
    }
    if (st == ST_OK && ferror(f)) {
        error_set(err, "%s: cannot read: %s", name, strerror(errno));
        st = ST_EIO;
    }
    free(text);
    if (st != ST_OK) {
        record_games_free(*games, *count);
        *games = NULL;
        *count = 0;
    }
    return st;
}

void record_games_free(RecordGame *games, int count)
{
    if (!games)
        return;
    for (int i = 0; i < count; i++)
        free(games[i].moves);
    free(games);
}

Status record_start(const Rules *r, const RecordGame *g, GameState *s, Error *err)
{
    if (g->start[0] == '\0') {
        state_init(r, s);
        return ST_OK;
    }
    return otn_parse_position(r, g->start, r->opt.first, s, err);
}

bool record_result_score(RecordResult result, float *score)
{
    switch (result) {
    case RECORD_RESULT_ATTACKERS:
        *score = 1.0f;
        return true;
    case RECORD_RESULT_DEFENDERS:
        *score = 0.0f;
        return true;
    case RECORD_RESULT_DRAW:
        *score = 0.5f;
        return true;
    default:
        return false;
    }
}

const char *record_result_name(RecordResult result)
{
    static const char *const names[] = {"unknown", "ongoing", "attackers", "defenders", "draw"};
    return (unsigned)result < sizeof names / sizeof names[0] ? names[result] : "?";
}

static void set_issue(RecordIssue *issue, int line, int ply, const char *fmt, ...)
    PRINTF_LIKE(4, 5);

static void set_issue(RecordIssue *issue, int line, int ply, const char *fmt, ...)
{
    issue->line = line;
    issue->ply = ply;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(issue->what, sizeof issue->what, fmt, ap);
    va_end(ap);
}

static RecordResult result_of(Winner w)
{
    return w == WINNER_ATTACKERS   ? RECORD_RESULT_ATTACKERS
           : w == WINNER_DEFENDERS ? RECORD_RESULT_DEFENDERS
                                   : RECORD_RESULT_DRAW;
}

/* Sorts a few squares and drops repeats (records may list a square twice); returns the count. */
static int as_set(uint16_t *sq, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sq[j - 1] > sq[j]; j--) {
            uint16_t t = sq[j];
            sq[j] = sq[j - 1];
            sq[j - 1] = t;
        }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || sq[k - 1] != sq[i])
            sq[k++] = sq[i];
    return k;
}

/* Writes squares as "d4/e3" ("none" when empty) into buf. */
static void squares_text(const Rules *r, const uint16_t *sq, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used + 6 < len; i++) {
        char name[8];
        otn_format_square(r, sq[i], name);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "/" : "", name);
    }
    if (n == 0)
        snprintf(buf, len, "none");
}

/* Compares the captures a move lists with those the engine made; false and an issue on a
 * difference. */
static bool captures_agree(const Rules *r, const GameState *after, const CaptureList *listed,
                           const CaptureList *made, const RecordMove *rm, int ply,
                           RecordIssue *issue)
{
    bool king_taken = after->reason == END_KING_CAPTURED;
    uint16_t want[RULES_MAX_CAPTURES], got[RULES_MAX_CAPTURES];
    int nwant = 0, ngot = 0;
    for (int i = 0; i < listed->count; i++)
        if (!(king_taken && listed->sq[i] == after->king))
            want[nwant++] = listed->sq[i];
    for (int i = 0; i < made->count; i++)
        if (!(king_taken && made->sq[i] == after->king))
            got[ngot++] = made->sq[i];
    nwant = as_set(want, nwant);
    ngot = as_set(got, ngot);
    if (nwant == ngot && memcmp(want, got, (size_t)ngot * sizeof got[0]) == 0)
        return true;
    char a[256], b[256];
    squares_text(r, want, nwant, a, sizeof a);
    squares_text(r, got, ngot, b, sizeof b);
    set_issue(issue, rm->line, ply, "'%s': the record lists captures %s, the engine takes %s",
              rm->text, a, b);
    return false;
}

/* The checks once every move is played. */
static bool end_agrees(const RecordGame *g, const GameState *s, const int *lost, RecordIssue *issue)
{
    int n = g->count;
    if (state_is_over(s)) {
        const char *why = state_reason_name((EndReason)s->reason);
        RecordResult engine = result_of((Winner)s->winner);
        if (g->result == RECORD_RESULT_ONGOING) {
            set_issue(issue, g->end_line, n,
                      "the record calls the game unfinished; the engine ended it here (%s by "
                      "%s)",
                      record_result_name(engine), why);
            return false;
        }
        if (g->result != RECORD_RESULT_UNKNOWN && g->result != engine) {
            set_issue(issue, g->end_line, n,
                      "the record's result is %s; the engine ended the game here: %s by %s",
                      record_result_name(g->result), record_result_name(engine), why);
            return false;
        }
        if (g->reason != END_NONE && g->reason != (EndReason)s->reason) {
            set_issue(issue, g->end_line, n,
                      "the record says the game ended by %s; the engine by %s",
                      state_reason_name(g->reason), why);
            return false;
        }
    } else if (g->reason != END_NONE) {
        set_issue(issue, g->end_line, n,
                  "the record says the game ended by %s; the engine goes on after the last move",
                  state_reason_name(g->reason));
        return false;
    }
    static const char *const side_names[] = {"attackers", "defenders"};
    for (int side = 0; side < 2; side++) {
        if (g->lost[side] >= 0 && g->lost[side] != lost[side]) {
            set_issue(issue, g->end_line, 0, "the record counts %d %s lost, its moves list %d",
                      g->lost[side], side_names[side], lost[side]);
            return false;
        }
    }
    return true;
}

bool record_replay(const Rules *r, const RecordGame *g, RecordVisit visit, void *ctx,
                   RecordIssue *issue)
{
    GameState s;
    Error err = {{0}};
    if (record_start(r, g, &s, &err) != ST_OK) {
        set_issue(issue, g->line, 0, "the start position: %s", err.text);
        return false;
    }
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    if (visit)
        visit(ctx, 0, NULL, (Move){0, 0}, &s, NULL);
    int lost[2] = {0, 0}; /* captures listed, by the side that lost them */
    int ended_at = 0;
    bool ok = true;
    for (int i = 0; ok && i < g->count; i++) {
        const RecordMove *rm = &g->moves[i];
        int ply = i + 1;
        Move m;
        CaptureList listed, made;
        OtnStatus status;
        if (state_is_over(&s)) {
            set_issue(issue, rm->line, ply,
                      "'%s': the game goes on after the engine ended it at ply %d (%s by %s)",
                      rm->text, ended_at, state_winner_name((Winner)s.winner),
                      state_reason_name((EndReason)s.reason));
            ok = false;
        } else if (otn_parse_move_record(r, rm->text, &m, &listed, &status, &err) != ST_OK) {
            set_issue(issue, rm->line, ply, "%s", err.text);
            ok = false;
        } else if (otn_explain_illegal(r, &s, &hist, m, err.text, sizeof err.text)) {
            set_issue(issue, rm->line, ply, "'%s' is not a legal move: %s", rm->text, err.text);
            ok = false;
        } else {
            Side mover = (Side)s.side;
            state_apply(r, &s, &hist, m, &made);
            if (listed.count < 0)
                listed.count = 0; /* a move that lists no capture made none */
            if (g->unlisted)
                listed = made;
            else
                ok = captures_agree(r, &s, &listed, &made, rm, ply, issue);
            /* The record's counts count its list entries, a square listed twice twice. */
            for (int k = 0; k < listed.count; k++)
                lost[mover == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS] +=
                    !(s.reason == END_KING_CAPTURED && listed.sq[k] == s.king);
            if (ok && status == OTN_STATUS_KING_CAPTURED && s.reason != END_KING_CAPTURED) {
                set_issue(issue, rm->line, ply, "'%s' is marked ++ but does not capture the king",
                          rm->text);
                ok = false;
            }
            if (ok && status == OTN_STATUS_KING_ESCAPED && s.reason != END_KING_ESCAPED) {
                set_issue(issue, rm->line, ply, "'%s' is marked -- but the king does not escape",
                          rm->text);
                ok = false;
            }
            if (state_is_over(&s) && ended_at == 0)
                ended_at = ply;
            if (ok && visit)
                visit(ctx, ply, rm, m, &s, &made);
        }
    }
    if (ok)
        ok = end_agrees(g, &s, lost, issue);
    history_free(&hist);
    return ok;
}
