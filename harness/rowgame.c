/* tafl-lab's games.csv rows as game records, with the rulesets their run directory kept. */
#include "harness/rowgame.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/files.h"
#include "formats/keyvalue.h"
#include "formats/rulesfile.h"
#include "harness/runmeta.h"
#include "rules/csvgame.h"

#define PATH_LEN 2048

bool rowgame_is_results(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char head[16] = "";
    bool yes = fgets(head, sizeof head, f) && strncmp(head, "game,rules,", 11) == 0;
    fclose(f);
    return yes;
}

Status rowgame_ruleset(const char *games_path, const char *name, Ruleset *out, Error *err)
{
    char dir[PATH_LEN], path[PATH_LEN + 16];
    snprintf(dir, sizeof dir, "%s", games_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(path, sizeof path, "%s/%s", dir, RUNMETA_SETUP);
    size_t size;
    char *setup = files_read(path, &size);
    Status st = ST_EINVAL;
    bool found = false;
    for (int i = 1; setup && !found && i <= EXPERIMENT_MAX_RULESETS; i++) {
        char key[32], value[RULES_NAME_MAX + 8], file[PATH_LEN], rpath[PATH_LEN * 2];
        snprintf(key, sizeof key, "ruleset.%d", i);
        if (!keyvalue_copy(setup, key, KEYVALUE_RECORD, value, sizeof value))
            break;
        if (strcmp(value, name) != 0)
            continue;
        snprintf(key, sizeof key, "ruleset_file.%d", i);
        if (!keyvalue_copy(setup, key, KEYVALUE_RECORD, file, sizeof file))
            break;
        found = true;
        snprintf(rpath, sizeof rpath, "%s/%s", dir, file);
        st = rulesfile_read(rpath, out, err);
    }
    free(setup);
    if (found)
        return st;
    const Ruleset *preset = ruleset_preset_find(name);
    if (!preset) {
        error_set(err, "ruleset '%s' is neither in %s nor a preset: give --rules R", name, path);
        return ST_EINVAL;
    }
    *out = *preset;
    return ST_OK;
}

Status rowgame_record(const GameRow *row, int line, RecordGame **games, int *count, Error *err)
{
    RecordGame *g = record_game_add(games, count, line);
    g->unlisted = true;
    g->number = row->game;
    g->result = row->winner == WINNER_ATTACKERS   ? RECORD_RESULT_ATTACKERS
                : row->winner == WINNER_DEFENDERS ? RECORD_RESULT_DEFENDERS
                                                  : RECORD_RESULT_DRAW;
    g->reason = row->reason;
    g->lost[SIDE_ATTACKERS] = row->attackers_lost;
    g->lost[SIDE_DEFENDERS] = row->defenders_lost;
    int n = 0;
    for (const char *p = row->moves ? row->moves : ""; *p;) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (len == 0)
            break;
        if (n == row->plies) {
            error_set(err, "more moves than its %d plies", row->plies);
            return ST_EPARSE;
        }
        Status st = record_move_add(g, p, len, line, err);
        if (st != ST_OK)
            return st;
        n++;
        p += len;
    }
    return ST_OK;
}

static void skip_line(void *ctx, const char *message)
{
    (void)ctx;
    (void)message; /* a malformed line of a human corpus: left out */
}

Status rowgame_read_any(const char *path, RecordGame **games, int *count, int *unread,
                        char *rules_name, size_t size, Error *err)
{
    int ignored;
    if (!unread)
        unread = &ignored;
    *games = NULL;
    *count = 0;
    *unread = 0;
    rules_name[0] = '\0';
    if (rowgame_is_results(path)) {
        GameRow *rows = NULL;
        long n = 0, valid;
        Status st = results_games_read(path, &rows, &n, &valid, err);
        for (long k = 0; k < n && st == ST_OK; k++) {
            if (!rows[k].moves) {
                (*unread)++;
                continue;
            }
            Error why = {{0}};
            st = rowgame_record(&rows[k], (int)k + 2, games, count, &why);
            if (st != ST_OK)
                error_set(err, "%s:%ld: %s", path, k + 2, why.text);
            snprintf(rules_name, size, "%s", rows[k].rules);
        }
        results_free_rows(rows, n);
        if (st == ST_OK && *count == 0) {
            error_set(err, "%s holds no recorded moves (play with --record-moves)", path);
            st = ST_EINVAL;
        }
        if (st != ST_OK) {
            record_games_free(*games, *count);
            *games = NULL;
            *count = 0;
        }
        return st;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
    Status st = csvgame_read_skipping(f, path, games, count, unread, skip_line, NULL, err);
    fclose(f);
    return st;
}
