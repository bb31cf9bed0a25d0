/* `tafl replay`: reads recorded games (OTN game records, or the move-list CSV of
 * copenhagen.csv), replays each against the rules and reports every disagreement, showing the
 * board after each move or at one ply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/boardtext.h"
#include "rules/csvgame.h"
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

/* Reads the games of path ("-": stdin) in the given format; EXIT_USAGE after the error. */
static int read_games(const char *path, const char *format, RecordGame **games, int *count)
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
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tafl replay: %s: cannot open\n", path);
        return EXIT_USAGE;
    }
    Error err = {{0}};
    const char *name = std_in ? "stdin" : path;
    Status st = csv ? csvgame_read(f, name, games, count, &err)
                    : otn_game_read(f, name, games, count, &err);
    if (!std_in)
        fclose(f);
    if (st != ST_OK) {
        fprintf(stderr, "tafl replay: %s\n", err.text);
        return EXIT_USAGE;
    }
    return 0;
}

/* The rules of game g: --rules, else the game's own rules string. 0 or EXIT_USAGE. */
static int game_rules(const char *path, const RecordGame *g, const Rules *given, Rules *r)
{
    if (given) {
        *r = *given;
        return 0;
    }
    if (g->rules[0] == '\0') {
        fprintf(stderr, "tafl replay: %s:%d: the game names no rules: give --rules R\n", path,
                g->line);
        return EXIT_USAGE;
    }
    Ruleset rs;
    Error err = {{0}};
    if (otn_parse_rules(g->rules, &rs, &err) != ST_OK || rules_compile(&rs, r, &err) != ST_OK) {
        fprintf(stderr, "tafl replay: %s:%d: rules: %s\n", path, g->line, err.text);
        return EXIT_USAGE;
    }
    return 0;
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
    long game = 0, ply = -1;
    if (cli_parse_options("replay", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("replay", "--game", game_arg, 1, 100000000, &game) ||
        cli_int_option("replay", "--ply", ply_arg, 0, 100000000, &ply))
        return EXIT_USAGE;
    if (!path)
        return cli_usage_error("replay", "needs a file of games (OTN game records or CSV)");
    if (quiet && ply_arg)
        return cli_usage_error("replay", "--quiet shows no board: leave out --ply");
    Rules given;
    if (rules_arg && !cli_load_rules("replay", rules_arg, &given))
        return EXIT_USAGE;
    RecordGame *games;
    int count;
    int status = read_games(path, format, &games, &count);
    if (status != 0)
        return status;
    if (game > count) {
        record_games_free(games, count);
        return cli_usage_error("replay", "--game %ld: %s holds %d games", game, path, count);
    }

    int agree = 0, disagree = 0;
    for (int i = game ? (int)game - 1 : 0; i < (game ? (int)game : count); i++) {
        const RecordGame *g = &games[i];
        Rules r;
        if ((status = game_rules(path, g, rules_arg ? &given : NULL, &r)) != 0)
            break;
        Show show = {.r = &r, .show_ply = quiet ? -2 : ply};
        RecordIssue issue;
        bool ok = record_replay(&r, g, show_position, &show, &issue);
        if (ply > show.plies)
            printf("ply %ld not reached: the replay ends at ply %d\n", ply, show.plies);
        printf("game %d (line %d): %d of %d plies replayed: ", i + 1, g->line, show.plies,
               g->count);
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
    if (status != 0)
        return status;
    printf("replayed %d games: %d agree, %d disagree\n", agree + disagree, agree, disagree);
    return disagree ? EXIT_FAILURE : EXIT_SUCCESS;
}
