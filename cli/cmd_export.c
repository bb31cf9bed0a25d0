/* `tafl export`: the games of a games.csv written with --record-moves (or record_moves = yes)
 * as OTN game records, each checked against the engine first. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/results.h"
#include "formats/rulesfile.h"
#include "harness/rowgame.h"
#include "harness/version.h"
#include "rules/otn_game.h"

/* The rules of a row: --rules, or the row's ruleset as its run directory kept it (else the
 * preset of that name); a game the harness stopped at its ply cap gets that cap as max_plies,
 * so the engine ends it the same way. */
static Status row_rules(const char *path, const GameRow *row, const Ruleset *given, Rules *r,
                        Error *err)
{
    Ruleset rs;
    if (given) {
        rs = *given;
    } else {
        Status st = rowgame_ruleset(path, row->rules, &rs, err);
        if (st != ST_OK)
            return st;
    }
    if (row->reason == END_MAX_PLIES)
        rs.max_plies = row->plies;
    return rules_compile(&rs, r, err);
}

/* Checks the row's moves against the engine (legal, ending as the row says) and reads them
 * into moves[] (room for the row's plies). Returns their number, or -1 with err set. */
static int row_moves(const GameRow *row, const Rules *r, Move *moves, Error *err)
{
    RecordGame *games = NULL;
    int count = 0;
    int n = 0;
    Status st = rowgame_record(row, 0, &games, &count, err);
    RecordGame *g = &games[0];
    for (; st == ST_OK && n < g->count; n++)
        st = otn_parse_move(r, g->moves[n].text, &moves[n], NULL, err);
    RecordIssue issue;
    if (st == ST_OK && !record_replay(r, g, NULL, NULL, &issue)) {
        if (issue.ply > 0)
            error_set(err, "ply %d: %s", issue.ply, issue.what);
        else
            error_set(err, "%s", issue.what);
        st = ST_EINVAL;
    }
    record_games_free(games, count);
    return st == ST_OK ? n : -1;
}

int cmd_export(int argc, char **argv)
{
    const char *rules_arg = NULL, *out_path = NULL, *dir = NULL;
    const Option opts[] = {
        {"--rules", &rules_arg, NULL}, {"--out", &out_path, NULL}, {"--dir", &dir, NULL}};
    const char *path = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts));
    if (cli_parse_options("export", argc, argv, opts, OPTION_COUNT(opts)))
        return EXIT_USAGE;
    if (!path)
        return cli_usage_error("export", "needs a games.csv");
    if (out_path && dir)
        return cli_usage_error("export", "--out and --dir exclude each other");
    if (dir && mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "tafl export: %s: cannot create: %s\n", dir, strerror(errno));
        return EXIT_FAILURE;
    }
    Ruleset given;
    Error err = {{0}};
    if (rules_arg && rulesfile_resolve(rules_arg, &given, &err) != ST_OK) {
        fprintf(stderr, "tafl export: %s\n", err.text);
        return EXIT_USAGE;
    }
    GameRow *rows = NULL;
    long count = 0, valid;
    if (results_games_read(path, &rows, &count, &valid, &err) != ST_OK) {
        fprintf(stderr, "tafl export: %s\n", err.text);
        return EXIT_USAGE;
    }
    /* --out FILE is written whole or not at all: a temporary file renamed into place. */
    char tmp_path[4096] = "";
    if (out_path)
        snprintf(tmp_path, sizeof tmp_path, "%s.tmp", out_path);
    FILE *out = out_path ? fopen(tmp_path, "w") : dir ? NULL : stdout;
    if (!out && !dir) {
        fprintf(stderr, "tafl export: %s: cannot create\n", out_path);
        results_free_rows(rows, count);
        return EXIT_FAILURE;
    }

    int status = EXIT_SUCCESS;
    long written = 0;
    char last_warned[64] = "";
    for (long i = 0; i < count && status == EXIT_SUCCESS; i++) {
        const GameRow *row = &rows[i];
        if (!row->moves)
            continue; /* not recorded */
        Rules r;
        Move *moves = xmalloc(((size_t)row->plies + 1) * sizeof *moves);
        int n = -1;
        if (row_rules(path, row, rules_arg ? &given : NULL, &r, &err) == ST_OK)
            n = row_moves(row, &r, moves, &err);
        char round[32], warnings[256];
        snprintf(round, sizeof round, "%ld", row->game);
        OtnGameTags tags = {.event = path,
                            .round = round,
                            .attackers = row->attacker,
                            .defenders = row->defender,
                            .variant = row->rules,
                            .compiler = "tafl-lab " TAFL_VERSION};
        FILE *game_out = out;
        char game_path[4096];
        if (dir && n >= 0) {
            /* OpenTafl opens one game record per file. */
            snprintf(game_path, sizeof game_path, "%s/game-%06ld.otn", dir, row->game);
            if (!(game_out = fopen(game_path, "w"))) {
                fprintf(stderr, "tafl export: %s: cannot create\n", game_path);
                free(moves);
                status = EXIT_FAILURE;
                break;
            }
        }
        Status st = n < 0 ? ST_EINVAL : otn_game_write(game_out, &r, &tags, moves, n, &err);
        if (game_out != out && fclose(game_out) != 0 && st == ST_OK) {
            error_set(&err, "%s: cannot write", game_path);
            st = ST_EIO;
        }
        if (st != ST_OK) {
            fprintf(stderr, "tafl export: %s: game %ld: %s\n", path, row->game, err.text);
            status = EXIT_FAILURE;
        } else {
            written++;
            /* Options the OTN rules string drops (the ply cap aside, which the termination
             * names): a replay needs --rules to know them. Said once per ruleset in a row. */
            Ruleset shown = r.opt;
            shown.max_plies = 0;
            char unused[OTN_RULES_MAX];
            otn_format_rules(&shown, unused, warnings);
            if (warnings[0] && strcmp(last_warned, row->rules) != 0) {
                fprintf(stderr,
                        "tafl export: warning: the OTN rules string of %s cannot express %s: "
                        "replay with --rules\n",
                        row->rules, warnings);
                snprintf(last_warned, sizeof last_warned, "%s", row->rules);
            }
        }
        free(moves);
    }
    results_free_rows(rows, count);
    if (out_path && fclose(out) != 0 && status == EXIT_SUCCESS) {
        fprintf(stderr, "tafl export: %s: cannot write\n", out_path);
        status = EXIT_FAILURE;
    }
    if (status == EXIT_SUCCESS && written == 0) {
        fprintf(stderr, "tafl export: %s holds no recorded moves (play with --record-moves)\n",
                path);
        status = EXIT_USAGE;
    }
    if (out_path && status == EXIT_SUCCESS && rename(tmp_path, out_path) != 0) {
        fprintf(stderr, "tafl export: %s: cannot rename %s over it: %s\n", out_path, tmp_path,
                strerror(errno));
        status = EXIT_FAILURE;
    }
    if (out_path && status != EXIT_SUCCESS)
        (void)unlink(tmp_path); /* no partial file left behind */
    return status;
}
