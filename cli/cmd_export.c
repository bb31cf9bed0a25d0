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
#include "formats/files.h"
#include "formats/games.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "harness/rowgame.h"
#include "harness/rundir.h"
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

/* One export: the rows, where they go, and how it went. */
typedef struct {
    const char *path;     /* the games.csv */
    const GameRow *rows;  /* its rows */
    long count;           /* how many */
    const Ruleset *given; /* --rules, or NULL */
    const char *dir;      /* --dir: one file per game; NULL: one stream */
    int status;           /* EXIT_SUCCESS until a game fails */
    long written;         /* games exported */
} Export;

/* Exports every recorded game of e to out (or, with e->dir, each to DIR/game-NNNNNN.otn
 * through files_replace: never through a link, never into a FIFO, each file whole). False
 * when a game failed (said on stderr) or none was recorded: then a --out file is not put in
 * place. */
static bool export_games(FILE *out, const void *ctx)
{
    Export *e = (Export *)ctx; /* files_write_through hands its context back unchanged */
    Error err = {{0}};
    char last_warned[64] = "";
    for (long i = 0; i < e->count && e->status == EXIT_SUCCESS; i++) {
        const GameRow *row = &e->rows[i];
        if (!row->moves)
            continue; /* not recorded */
        Rules r;
        Move *moves = xmalloc(((size_t)row->plies + 1) * sizeof *moves);
        int n = -1;
        if (row_rules(e->path, row, e->given, &r, &err) == ST_OK)
            n = row_moves(row, &r, moves, &err);
        char round[32], warnings[256];
        snprintf(round, sizeof round, "%ld", row->game);
        OtnGameTags tags = {.event = e->path,
                            .round = round,
                            .attackers = row->attacker,
                            .defenders = row->defender,
                            .variant = row->rules,
                            .compiler = "tafl-lab " TAFL_VERSION};
        Status st = ST_EINVAL;
        if (n >= 0 && e->dir) {
            /* OpenTafl opens one game record per file. */
            char name[64], *text = NULL;
            size_t len = 0;
            FILE *mem = xopen_memstream(&text, &len);
            st = otn_game_write(mem, &r, &tags, moves, n, &err);
            fclose(mem);
            snprintf(name, sizeof name, "game-%06ld.otn", row->game);
            if (st == ST_OK)
                st = files_replace(e->dir, name, text, len, &err);
            free(text);
        } else if (n >= 0) {
            st = otn_game_write(out, &r, &tags, moves, n, &err);
        }
        if (st != ST_OK) {
            fprintf(stderr, "tafl export: %s: game %ld: %s\n", e->path, row->game, err.text);
            e->status = EXIT_FAILURE;
        } else {
            e->written++;
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
    if (e->status == EXIT_SUCCESS && e->written == 0) {
        fprintf(stderr, "tafl export: %s holds no recorded moves (play with --record-moves)\n",
                e->path);
        e->status = EXIT_USAGE;
    }
    return e->status == EXIT_SUCCESS;
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
    /* Output paths are checked before any work, as summarize does: a wrong one is bad input
     * (exit 2), never a failure after every game was replayed. */
    struct stat sb;
    if (dir && mkdir(dir, 0777) != 0 &&
        (errno != EEXIST || (stat(dir, &sb) == 0 && !S_ISDIR(sb.st_mode)))) {
        fprintf(stderr, "tafl export: %s: cannot create the directory: %s\n", dir,
                errno == EEXIST ? "a file of that name exists" : strerror(errno));
        return EXIT_USAGE;
    }
    Error err = {{0}};
    if (out_path && (outpath_check_replace(out_path, &err) != ST_OK ||
                     rundir_check_output(out_path, NULL, &err) != ST_OK)) {
        fprintf(stderr, "tafl export: %s\n", err.text);
        return EXIT_USAGE;
    }
    Ruleset given;
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
    Export e = {.path = path,
                .rows = rows,
                .count = count,
                .given = rules_arg ? &given : NULL,
                .dir = dir,
                .status = EXIT_SUCCESS};
    if (out_path) {
        /* --out FILE is written whole or not at all: a temporary file renamed into place. */
        if (files_write_through(out_path, export_games, &e, &err) != ST_OK &&
            e.status == EXIT_SUCCESS) {
            fprintf(stderr, "tafl export: %s\n", err.text);
            e.status = EXIT_FAILURE;
        }
    } else {
        (void)export_games(stdout, &e);
    }
    results_free_rows(rows, count);
    return e.status;
}
