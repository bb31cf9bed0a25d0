/* `tafl replay`: reads recorded games (OTN game records, or the move-list CSV of
 * copenhagen.csv), replays each against the rules and reports every disagreement, showing the
 * board after each move or at one ply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/boardtext.h"
#include "harness/rowgame.h"
#include "rules/csvgame.h"
#include "rules/otn.h"
#include "rules/otn_game.h"

/* What to show while a game replays. */
typedef struct {
    const Rules *r;
    long show_ply;  /* -1: every ply; -2: none; else that ply only */
    int plies;      /* plies replayed */
    GameState last; /* the position after them */
} Show;

static void show_position(void *ctx, int ply, const RecordMove *rm, Move m, const GameState *s,
                          const CaptureList *caps)
{
    Show *show = ctx;
    (void)m;
    (void)caps;
    show->plies = ply;
    show->last = *s;
    if (show->show_ply == -2 || (show->show_ply >= 0 && show->show_ply != ply))
        return;
    if (ply == 0)
        printf("ply 0: the start\n");
    else
        printf("ply %d: %s %s\n", ply,
               ruleset_side_name(s->side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS),
               rm->text);
    boardtext_print(stdout, show->r, s);
}

static void report_malformed(void *ctx, const char *message)
{
    (void)ctx;
    fprintf(stderr, "tafl replay: %s (skipped)\n", message);
}

/* The games read: records, and for a tafl-lab games.csv each game's ruleset name. */
typedef struct {
    RecordGame *games;
    int count;
    int malformed;                 /* lines left out */
    char (*rules)[RULES_NAME_MAX]; /* per game, a games.csv row's ruleset; NULL otherwise */
    int *capped; /* per game, its ply cap when it ended there (games.csv), else 0 */
} Games;

/* Reads tafl-lab's own games.csv: every row with moves becomes a game. EXIT_USAGE on error. */
static int read_results(const char *path, Games *out)
{
    GameRow *rows = NULL;
    long n = 0, valid;
    Error err = {{0}};
    if (results_games_read(path, &rows, &n, &valid, &err) != ST_OK) {
        fprintf(stderr, "tafl replay: %s\n", err.text);
        return EXIT_USAGE;
    }
    out->rules = xcalloc((size_t)n + 1, sizeof *out->rules);
    out->capped = xcalloc((size_t)n + 1, sizeof *out->capped);
    int status = 0;
    for (long k = 0; k < n && status == 0; k++) {
        if (!rows[k].moves)
            continue; /* played without --record-moves */
        int i = out->count;
        if (rowgame_record(&rows[k], (int)k + 2, &out->games, &out->count, &err) != ST_OK) {
            fprintf(stderr, "tafl replay: %s:%ld: %s\n", path, k + 2, err.text);
            status = EXIT_USAGE;
        }
        snprintf(out->rules[i], sizeof out->rules[i], "%s", rows[k].rules);
        out->capped[i] = rows[k].reason == END_MAX_PLIES ? rows[k].plies : 0;
    }
    results_free_rows(rows, n);
    if (status == 0 && out->count == 0) {
        fprintf(stderr, "tafl replay: %s holds no recorded moves (play with --record-moves)\n",
                path);
        status = EXIT_USAGE;
    }
    return status;
}

/* Reads the games of path ("-": stdin) in the given format; EXIT_USAGE after the error. A
 * move-list CSV line that cannot be read is reported as FILE:LINE and skipped. */
static int read_games(const char *path, const char *format, Games *out)
{
    bool csv;
    if (format) {
        if (strcmp(format, "csv") != 0 && strcmp(format, "otn") != 0)
            return cli_usage_error("replay", "--format '%s' must be otn or csv", format);
        csv = strcmp(format, "csv") == 0;
    } else {
        size_t len = strlen(path);
        csv = len > 4 && strcmp(path + len - 4, ".csv") == 0;
    }
    bool std_in = strcmp(path, "-") == 0;
    if (csv && !std_in && rowgame_is_results(path))
        return read_results(path, out);
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tafl replay: %s: cannot open\n", path);
        return EXIT_USAGE;
    }
    Error err = {{0}};
    const char *name = std_in ? "stdin" : path;
    Status st = csv ? csvgame_read_skipping(f, name, &out->games, &out->count, &out->malformed,
                                            report_malformed, NULL, &err)
                    : otn_game_read(f, name, &out->games, &out->count, &err);
    if (!std_in)
        fclose(f);
    if (st != ST_OK) {
        fprintf(stderr, "tafl replay: %s\n", err.text);
        return EXIT_USAGE;
    }
    return 0;
}

/* The rules of game i: --rules, else a games.csv row's ruleset (from its run directory), else
 * the game's own rules string. 0 or EXIT_USAGE. */
static int game_rules(const char *path, const Games *gs, int i, const Rules *given, Rules *r)
{
    const RecordGame *g = &gs->games[i];
    Ruleset rs;
    Error err = {{0}};
    if (given) {
        *r = *given;
        if (gs->capped && gs->capped[i]) {
            rs = given->opt;
            rs.max_plies = gs->capped[i];
            if (rules_compile(&rs, r, &err) != ST_OK) {
                fprintf(stderr, "tafl replay: %s:%d: rules: %s\n", path, g->line, err.text);
                return EXIT_USAGE;
            }
        }
        return 0;
    }
    if (gs->rules) {
        if (rowgame_ruleset(path, gs->rules[i], &rs, &err) != ST_OK) {
            fprintf(stderr, "tafl replay: %s:%d: %s\n", path, g->line, err.text);
            return EXIT_USAGE;
        }
        /* A game the harness stopped at its ply cap ends there under the engine too. */
        if (gs->capped[i])
            rs.max_plies = gs->capped[i];
    } else if (g->rules[0] == '\0') {
        fprintf(stderr, "tafl replay: %s:%d: the game names no rules: give --rules R\n", path,
                g->line);
        return EXIT_USAGE;
    } else if (otn_parse_rules(g->rules, &rs, &err) != ST_OK) {
        fprintf(stderr, "tafl replay: %s:%d: rules: %s\n", path, g->line, err.text);
        return EXIT_USAGE;
    }
    if (rules_compile(&rs, r, &err) != ST_OK) {
        fprintf(stderr, "tafl replay: %s:%d: rules: %s\n", path, g->line, err.text);
        return EXIT_USAGE;
    }
    return 0;
}

/* Whether the file numbers its games (any game carries a number). */
static bool numbered(const RecordGame *games, int count)
{
    for (int i = 0; i < count; i++)
        if (games[i].number >= 0)
            return true;
    return false;
}

/* Game i's number: the file's own, or its place from 1 in a file that numbers none. */
static long game_number(const RecordGame *games, bool by_number, int i)
{
    return by_number ? games[i].number : i + 1;
}

/* The index of the game numbered n, or -1. */
static int find_game(const RecordGame *games, int count, bool by_number, long n)
{
    for (int i = 0; i < count; i++)
        if (game_number(games, by_number, i) == n)
            return i;
    return -1;
}

int cmd_replay(int argc, char **argv)
{
    const char *rules_arg = NULL, *format = NULL, *game_arg = NULL, *ply_arg = NULL;
    bool quiet = false;
    const Option opts[] = {{"--rules", &rules_arg, NULL},
                           {"--format", &format, NULL},
                           {"--game", &game_arg, NULL},
                           {"--ply", &ply_arg, NULL},
                           {"--quiet", NULL, &quiet}};
    const char *path = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts));
    long game = -1, ply = -1;
    if (cli_parse_options("replay", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("replay", "--game", game_arg, 0, 100000000, &game) ||
        cli_int_option("replay", "--ply", ply_arg, 0, 100000000, &ply))
        return EXIT_USAGE;
    if (!path)
        return cli_usage_error("replay", "needs a file of games (OTN game records or CSV)");
    if (quiet && ply_arg)
        return cli_usage_error("replay", "--quiet shows no board: leave out --ply");
    Rules given;
    if (rules_arg && !cli_load_rules("replay", rules_arg, &given))
        return EXIT_USAGE;
    Games gs = {0};
    int status = read_games(path, format, &gs);
    RecordGame *games = gs.games;
    int count = gs.count;
    /* --game N: one numbering everywhere, the number the file gives a game (games.csv's
     * `game` column, the [round:] tag tafl export writes from it); a file that numbers no game
     * (a move-list CSV, another program's OTN) counts its games from 1. */
    int from = 0, to = count;
    bool by_number = numbered(games, count);
    if (status == 0 && game_arg) {
        from = find_game(games, count, by_number, game);
        to = from + 1;
        if (from < 0)
            status = by_number
                         ? cli_usage_error("replay", "--game %ld: %s holds no game numbered %ld",
                                           game, path, game)
                         : cli_usage_error("replay", "--game %ld: %s holds %d games, from 1", game,
                                           path, count);
    }
    if (status != 0) {
        record_games_free(games, count);
        free(gs.rules);
        free(gs.capped);
        return status;
    }

    int agree = 0, disagree = 0;
    bool warned = false;
    for (int i = from; i < to; i++) {
        const RecordGame *g = &games[i];
        Rules r;
        if ((status = game_rules(path, &gs, i, rules_arg ? &given : NULL, &r)) != 0)
            break;
        /* A record's own rules string: a game OpenTafl played under tfr:l had its repeater
         * win, which the replay (the notation spec's meaning) calls a loss. Said once. */
        const char *warning = !rules_arg && !gs.rules ? otn_rules_warning(g->rules) : NULL;
        if (warning && !warned) {
            fprintf(stderr, "tafl replay: warning: %s:%d: %s\n", path, g->line, warning);
            warned = true;
        }
        Show show = {.r = &r, .show_ply = quiet ? -2 : ply};
        RecordIssue issue;
        bool ok = record_replay(&r, g, show_position, &show, &issue);
        if (ply > show.plies)
            printf("ply %ld not reached: the replay ends at ply %d\n", ply, show.plies);
        printf("game %ld (line %d): %d of %d plies replayed: ", game_number(games, by_number, i),
               g->line, show.plies, g->count);
        if (ok) {
            agree++;
            const GameState *s = &show.last;
            if (state_is_over(s))
                printf("agrees: %s by %s", state_winner_name((Winner)s->winner),
                       state_reason_name((EndReason)s->reason));
            else
                printf("agrees: no end by rule");
            printf(" (the record: %s%s)\n", record_result_name(g->result),
                   g->stopped ? ", stopped off the board" : "");
        } else {
            disagree++;
            printf("DISAGREES\n%s:%d: ", path, issue.line);
            if (issue.ply > 0)
                printf("ply %d: ", issue.ply);
            printf("%s\n", issue.what);
        }
    }
    record_games_free(games, count);
    free(gs.rules);
    free(gs.capped);
    if (status != 0)
        return status;
    printf("replayed %d games: %d agree, %d disagree, %d malformed; %d read\n", agree + disagree,
           agree, disagree, gs.malformed, count + gs.malformed);
    return disagree || gs.malformed ? EXIT_FAILURE : EXIT_SUCCESS;
}
