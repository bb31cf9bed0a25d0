/* The move-list CSV of recorded games (see csvgame.h). */
#include "rules/csvgame.h"

#include <stdlib.h>
#include <string.h>

/* Reads a count of captured pieces: a whole decimal number, at most 4 digits. */
static bool parse_count(const char *text, size_t len, int *out)
{
    if (len == 0 || len > 4)
        return false;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        v = v * 10 + (text[i] - '0');
    }
    *out = v;
    return true;
}

static bool parse_result(const char *text, RecordResult *out)
{
    static const struct {
        const char *word;
        RecordResult result;
    } words[] = {{"White", RECORD_RESULT_DEFENDERS},
                 {"Black", RECORD_RESULT_ATTACKERS},
                 {"Draw", RECORD_RESULT_DRAW},
                 {"Ongoing", RECORD_RESULT_ONGOING}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(text, words[i].word) == 0) {
            *out = words[i].result;
            return true;
        }
    }
    return false;
}

/* Where the games go. */
typedef struct {
    RecordGame **games;
    int *count;
} Games;

/* Reads one line (without its newline) into a new game; blank and '#' lines are skipped. */
static Status read_line(void *ctx, char *text, int line, Error *err)
{
    Games *to = ctx;
    RecordGame **games = to->games;
    int *count = to->count;
    if (text[0] == '\0' || text[0] == '#')
        return ST_OK;
    char *field[4];
    char *p = text;
    bool four = true;
    for (int i = 0; i < 4; i++) {
        field[i] = p;
        if (i == 3)
            break;
        char *comma = strchr(p, ',');
        if (!comma) {
            four = false;
            break;
        }
        *comma = '\0';
        p = comma + 1;
    }
    if (!four || strchr(field[3], ',')) {
        error_set(err,
                  "%d: expected 4 comma-separated fields (moves, two capture counts, "
                  "result)",
                  line);
        return ST_EPARSE;
    }
    RecordGame *g = record_game_add(games, count, line);
    /* Column 2 counts the pieces the attackers captured: the defenders' losses. */
    if (!parse_count(field[1], strlen(field[1]), &g->lost[SIDE_DEFENDERS]) ||
        !parse_count(field[2], strlen(field[2]), &g->lost[SIDE_ATTACKERS])) {
        error_set(err, "%d: the capture counts '%s' and '%s' must be whole numbers", line, field[1],
                  field[2]);
        return ST_EPARSE;
    }
    if (!parse_result(field[3], &g->result)) {
        error_set(err, "%d: result '%s' is not White, Black, Draw or Ongoing", line, field[3]);
        return ST_EPARSE;
    }
    for (p = field[0];;) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (len == 0)
            break;
        if (g->stopped) {
            error_set(err, "%d: '%.*s' after 'timeout', which ends the game", line, (int)len, p);
            return ST_EPARSE;
        }
        if (len == 7 && strncmp(p, "timeout", 7) == 0) {
            g->stopped = true;
        } else if (record_move_add(g, p, len, line, err) != ST_OK) {
            error_prefix(err, "%d: ", line);
            return ST_EPARSE;
        }
        p += len;
    }
    return ST_OK;
}

Status csvgame_read(FILE *f, const char *name, RecordGame **games, int *count, Error *err)
{
    *games = NULL;
    *count = 0;
    Games to = {games, count};
    return record_read_lines(f, name, read_line, &to, games, count, err);
}

/* csvgame_read_skipping's line reader: read_line, and a refused line reported and dropped. */
typedef struct {
    Games to;
    const char *name;
    int *malformed;
    CsvgameSkip skip;
    void *skip_ctx;
} Skipping;

static Status read_line_skipping(void *ctx, char *text, int line, Error *err)
{
    Skipping *s = ctx;
    int before = *s->to.count;
    Error why = {{0}};
    if (read_line(&s->to, text, line, &why) == ST_OK)
        return ST_OK;
    /* A game read_line began on this line is dropped whole. */
    while (*s->to.count > before) {
        (*s->to.count)--;
        free((*s->to.games)[*s->to.count].moves);
    }
    (*s->malformed)++;
    char message[sizeof why.text + 64];
    snprintf(message, sizeof message, "%s:%s", s->name, why.text);
    s->skip(s->skip_ctx, message);
    (void)err;
    return ST_OK;
}

Status csvgame_read_skipping(FILE *f, const char *name, RecordGame **games, int *count,
                             int *malformed, CsvgameSkip skip, void *ctx, Error *err)
{
    *games = NULL;
    *count = 0;
    *malformed = 0;
    Skipping s = {{games, count}, name, malformed, skip, ctx};
    return record_read_lines(f, name, read_line_skipping, &s, games, count, err);
}
