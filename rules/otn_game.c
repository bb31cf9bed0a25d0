/* OTN game records read and written (see otn_game.h). */
#include "rules/otn_game.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"

/* The reader's state between lines. The game being read is always the last one. */
typedef struct {
    RecordGame **games;
    int *count;
    int turn;   /* the last turn read in that game */
    bool half;  /* that turn held one move: the game's moves are over */
    bool ended; /* the game has a resignation */
} Reader;

/* The game being read, NULL before the first. */
static RecordGame *last(const Reader *rd)
{
    return *rd->count ? &(*rd->games)[*rd->count - 1] : NULL;
}

/* The game a tag, rules string or position belongs to: a new one once turns have begun. */
static RecordGame *current(Reader *rd, int line)
{
    if (!last(rd) || rd->turn > 0) {
        record_game_add(rd->games, rd->count, line);
        rd->turn = 0;
        rd->half = false;
        rd->ended = false;
    }
    return last(rd);
}

/* Copies text[0..len) into a field of size `size`; false when it does not fit. */
static bool copy_field(char *field, size_t size, const char *text, size_t len)
{
    if (len >= size)
        return false;
    memcpy(field, text, len);
    field[len] = '\0';
    return true;
}

static Status read_result(RecordGame *g, const char *v, size_t len, int line, Error *err)
{
    static const struct {
        const char *text;
        RecordResult result;
    } results[] = {{"1", RECORD_RESULT_ATTACKERS},
                   {"-1", RECORD_RESULT_DEFENDERS},
                   {"0", RECORD_RESULT_DRAW},
                   {"?", RECORD_RESULT_UNKNOWN}};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        if (strlen(results[i].text) == len && strncmp(v, results[i].text, len) == 0) {
            g->result = results[i].result;
            return ST_OK;
        }
    }
    error_set(err, "%d: tag 'result' value '%.*s' is not 1, -1, 0 or ?", line, (int)len, v);
    return ST_EPARSE;
}

/* One tag `[key:value]` of game g. */
static Status read_tag(RecordGame *g, const char *key, size_t klen, const char *v, size_t vlen,
                       int line, Error *err)
{
#define KEY_IS(name) (klen == strlen(name) && strncmp(key, name, klen) == 0)
    bool fits = true;
    if (KEY_IS("rules")) {
        fits = copy_field(g->rules, sizeof g->rules, v, vlen);
    } else if (KEY_IS("result")) {
        return read_result(g, v, vlen, line, err);
    } else if (KEY_IS("termination")) {
        for (EndReason r = END_KING_CAPTURED; r < END_MAX_PLIES; r++)
            if (strlen(state_reason_name(r)) == vlen && strncmp(v, state_reason_name(r), vlen) == 0)
                g->reason = r;
    } else if (KEY_IS("attackers")) {
        fits = copy_field(g->attackers, sizeof g->attackers, v, vlen);
    } else if (KEY_IS("defenders")) {
        fits = copy_field(g->defenders, sizeof g->defenders, v, vlen);
    } else if (KEY_IS("round")) {
        /* tafl export writes games.csv's `game` column here: the game's number. Other
         * writers' rounds ("1.2", "?") are kept as no number rather than refused. */
        long n = 0;
        size_t i = 0;
        while (i < vlen && i < 10 && v[i] >= '0' && v[i] <= '9')
            n = n * 10 + (v[i++] - '0');
        g->number = i > 0 && i == vlen ? n : -1;
    }
#undef KEY_IS
    if (!fits) {
        error_set(err, "%d: tag '%.*s' is %zu characters long, too long", line, (int)klen, key,
                  vlen);
        return ST_EPARSE;
    }
    return ST_OK;
}

/* A line of tags: "[key:value]" one or more times. */
static Status read_tags(Reader *rd, const char *p, int line, Error *err)
{
    RecordGame *g = current(rd, line);
    while (*p) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        const char *close = *p == '[' ? strchr(p, ']') : NULL;
        const char *colon = close ? memchr(p, ':', (size_t)(close - p)) : NULL;
        if (!colon) {
            error_set(err, "%d: expected a tag [key:value]", line);
            return ST_EPARSE;
        }
        Status st = read_tag(g, p + 1, (size_t)(colon - p - 1), colon + 1,
                             (size_t)(close - colon - 1), line, err);
        if (st != ST_OK)
            return st;
        p = close + 1;
    }
    return ST_OK;
}

/* A turn line "N. MOVE [MOVE]" of the current game. */
static Status read_turn(Reader *rd, char *p, int line, Error *err)
{
    RecordGame *g = last(rd);
    if (!g) {
        error_set(err, "%d: a turn before any tag or rules string", line);
        return ST_EPARSE;
    }
    char *bracket = strchr(p, '['); /* commentary */
    if (bracket)
        *bracket = '\0';
    long turn = strtol(p, &p, 10);
    if (*p != '.' || turn != rd->turn + 1) {
        error_set(err, "%d: expected turn %d (\"%d. MOVE MOVE\")", line, rd->turn + 1,
                  rd->turn + 1);
        return ST_EPARSE;
    }
    if (rd->half || rd->ended) {
        error_set(err, "%d: turn %ld after the game's last move", line, turn);
        return ST_EPARSE;
    }
    rd->turn = (int)turn;
    p++;
    int moves = 0;
    for (;;) {
        p += strspn(p, " \t");
        size_t len = strcspn(p, " \t");
        if (len == 0)
            break;
        if (rd->ended || moves == 2) {
            error_set(err, "%d: '%.*s' after the turn's %s", line, (int)len, p,
                      rd->ended ? "resignation" : "two moves");
            return ST_EPARSE;
        }
        if (len == 3 && strncmp(p, "---", 3) == 0) {
            rd->ended = true;
            g->stopped = true;
        } else {
            Status st = record_move_add(g, p, len, line, err);
            if (st != ST_OK) {
                error_prefix(err, "%d: ", line);
                return st;
            }
            moves++;
        }
        p += len;
    }
    if (moves == 0 && !rd->ended) {
        error_set(err, "%d: turn %ld holds no move", line, turn);
        return ST_EPARSE;
    }
    rd->half = moves == 1;
    g->end_line = line;
    return ST_OK;
}

static Status read_line(void *ctx, char *text, int line, Error *err)
{
    Reader *rd = ctx;
    char *p = text + strspn(text, " \t");
    if (*p == '\0')
        return ST_OK;
    if (*p == '[') {
        /* Tags before a game's first turn; between turns, commentary unless it is a tag line
         * of the next game. */
        if (last(rd) && rd->turn > 0 && (strchr(p, '|') || !strchr(p, ':')))
            return ST_OK;
        return read_tags(rd, p, line, err);
    }
    if (strncmp(p, "dim:", 4) == 0) {
        RecordGame *g = current(rd, line);
        if (!copy_field(g->rules, sizeof g->rules, p, strcspn(p, "\r\n"))) {
            error_set(err, "%d: the rules string is too long", line);
            return ST_EPARSE;
        }
        return ST_OK;
    }
    if (*p == '/') {
        RecordGame *g = current(rd, line);
        size_t len = strcspn(p, " \t");
        if (!copy_field(g->start, sizeof g->start, p, len)) {
            error_set(err, "%d: the position record is too long", line);
            return ST_EPARSE;
        }
        return ST_OK;
    }
    if (isdigit((unsigned char)*p))
        return read_turn(rd, p, line, err);
    error_set(err, "%d: expected a tag, a rules string, a position or a turn \"N. MOVE MOVE\"",
              line);
    return ST_EPARSE;
}

Status otn_game_read(FILE *f, const char *name, RecordGame **games, int *count, Error *err)
{
    *games = NULL;
    *count = 0;
    Reader rd = {games, count, 0, false, false};
    return record_read_lines(f, name, read_line, &rd, games, count, err);
}

/* --- writing --- */

static void put_tag(FILE *out, const char *key, const char *value)
{
    if (value)
        fprintf(out, "[%s:%s]\n", key, value);
}

Status otn_game_write(FILE *out, const Rules *r, const OtnGameTags *tags, const Move *moves, int n,
                      Error *err)
{
    /* Play the game first: the tags need its end, and nothing is written for a bad game. */
    char(*text)[OTN_MOVE_RECORD_MAX] = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *text);
    GameState s;
    state_init(r, &s);
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    Status st = ST_OK;
    for (int i = 0; i < n; i++) {
        if (!movegen_is_legal_in_game(r, &s, &hist, moves[i])) {
            char a[8], b[8];
            otn_format_square(r, moves[i].from, a);
            otn_format_square(r, moves[i].to, b);
            error_set(err, "ply %d: %s-%s is not a legal move%s", i + 1, a, b,
                      state_is_over(&s) ? " (the game is over)" : "");
            st = ST_EINVAL;
            break;
        }
        bool king = moves[i].from == s.king;
        CaptureList caps;
        state_apply(r, &s, &hist, moves[i], &caps);
        otn_format_move_record(r, moves[i], king, &caps, &s, text[i]);
    }
    history_free(&hist);
    if (st == ST_OK) {
        static const char *const results[] = {"?", "1", "-1", "0"};
        put_tag(out, "event", tags->event);
        put_tag(out, "round", tags->round);
        put_tag(out, "attackers", tags->attackers);
        put_tag(out, "defenders", tags->defenders);
        put_tag(out, "variant", tags->variant);
        put_tag(out, "result", results[s.winner]);
        put_tag(out, "termination",
                state_is_over(&s) ? state_reason_name((EndReason)s.reason) : NULL);
        put_tag(out, "compiler", tags->compiler);
        char rules[OTN_RULES_MAX];
        otn_format_rules(&r->opt, rules, NULL);
        put_tag(out, "rules", rules);
        fputc('\n', out);
        for (int i = 0; i < n; i += 2)
            fprintf(out, "%d. %s%s%s\n", i / 2 + 1, text[i], i + 1 < n ? " " : "",
                    i + 1 < n ? text[i + 1] : "");
        fputc('\n', out);
        if (ferror(out)) {
            error_set(err, "cannot write the game record: %s", strerror(errno));
            st = ST_EIO;
        }
    }
    free(text);
    return st;
}
