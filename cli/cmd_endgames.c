/* `tafl endgames`: the won and lost endgames recorded games reached, by the endgame tables,
 * played out by an agent with the tables and by the same agent without them: does it convert
 * what the tables say is won? (issue 51: the tables' worth to a player, and a check of them.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/files.h"
#include "harness/endgame.h"
#include "harness/rowgame.h"
#include "rules/otn.h"
#include "solve/tablefile.h"

#define ENDGAMES_DEFAULT_AGENT "alphabeta:depth=2"

/* The totals of one agent's play-outs. */
typedef struct {
    int converted, drawn, lost, capped;
    long plies;
} Tally;

static Tally tally(const EndgamePosition *pos, const EndgameOutcome *o, int n)
{
    Tally t = {0};
    for (int i = 0; i < n; i++) {
        t.converted += o[i].result == pos[i].winner;
        t.drawn += o[i].result == WINNER_DRAW;
        t.capped += o[i].result == WINNER_NONE;
        t.lost += o[i].result != pos[i].winner && o[i].result != WINNER_DRAW &&
                  o[i].result != WINNER_NONE;
        t.plies += o[i].plies;
    }
    return t;
}

static void print_tally(const char *what, const char *spec, Tally t, int n)
{
    printf("%s %s: converted %d of %d (%.1f%%), drawn %d, lost %d, unfinished %d, mean %.1f "
           "plies\n",
           what, spec, t.converted, n, n ? 100.0 * t.converted / n : 0.0, t.drawn, t.lost, t.capped,
           n ? (double)t.plies / n : 0.0);
}

static const char *result_name(Winner w)
{
    return w == WINNER_NONE ? "unfinished" : state_winner_name(w);
}

/* endgames.csv: one row a position. */
static bool put_rows(FILE *f, const Rules *r, const EndgamePosition *pos,
                     const EndgameOutcome *with, const EndgameOutcome *without, int n)
{
    fprintf(f, "game,number,ply,position,side,winner,distance,with_result,with_plies,"
               "without_result,without_plies\n");
    for (int i = 0; i < n; i++) {
        char text[OTN_POSITION_MAX];
        otn_format_position(r, &pos[i].start, text);
        fprintf(f, "%d,%ld,%d,%s,%s,%s,%d,%s,%d,%s,%d\n", pos[i].game, pos[i].number, pos[i].ply,
                text, ruleset_side_name((Side)pos[i].start.side), state_winner_name(pos[i].winner),
                pos[i].distance, result_name(with[i].result), with[i].plies,
                result_name(without[i].result), without[i].plies);
    }
    return !ferror(f);
}

typedef struct {
    const Rules *r;
    const EndgamePosition *pos;
    const EndgameOutcome *with, *without;
    int n;
} Rows;

static bool put_csv(FILE *f, const void *ctx)
{
    const Rows *rows = ctx;
    return put_rows(f, rows->r, rows->pos, rows->with, rows->without, rows->n);
}

/* Resolves spec (and spec,tb=TABLES when tables is not NULL) for r; prints the error. */
static ResolvedAgent *resolve(const char *spec, const char *tables, const Rules *r)
{
    char full[EXPERIMENT_SPEC_MAX + 1200];
    if (tables)
        snprintf(full, sizeof full, "%s%stb=%s", spec, strchr(spec, ':') ? "," : ":", tables);
    else
        snprintf(full, sizeof full, "%s", spec);
    ResolvedAgent *ra = NULL;
    Error err;
    if (agent_resolve(full, NULL, r, &ra, &err) != ST_OK) {
        fprintf(stderr, "tafl endgames: %s\n", err.text);
        return NULL;
    }
    return ra;
}

int cmd_endgames(int argc, char **argv)
{
    const char *rules_arg = NULL, *tables = NULL, *games_arg = NULL, *agent = NULL;
    const char *opponent = NULL, *positions_arg = NULL, *plies_arg = NULL, *threads_arg = NULL;
    const char *seed_arg = NULL, *out = NULL, *distance_arg = NULL;
    const Option opts[] = {{"--rules", &rules_arg, NULL},
                           {"--tables", &tables, NULL},
                           {"--games", &games_arg, NULL},
                           {"--agent", &agent, NULL},
                           {"--opponent", &opponent, NULL},
                           {"--positions", &positions_arg, NULL},
                           {"--max-plies", &plies_arg, NULL},
                           {"--threads", &threads_arg, NULL},
                           {"--seed", &seed_arg, NULL},
                           {"--out", &out, NULL},
                           {"--min-distance", &distance_arg, NULL}};
    long want = 200, max_plies = 200, threads = 0, seed = 1, min_distance = 1;
    if (cli_parse_options("endgames", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("endgames", "--positions", positions_arg, 1, 1000000, &want) ||
        cli_int_option("endgames", "--max-plies", plies_arg, 1, 100000, &max_plies) ||
        cli_int_option("endgames", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads) ||
        cli_int_option("endgames", "--seed", seed_arg, 0, 2147483647, &seed) ||
        cli_int_option("endgames", "--min-distance", distance_arg, 1, SOLVE_MAX_PLIES,
                       &min_distance))
        return EXIT_USAGE;
    if (!rules_arg || !tables || !games_arg)
        return cli_usage_error("endgames", "missing %s",
                               !tables      ? "--tables FILE"
                               : !games_arg ? "--games GAMES"
                                            : "--rules R");
    agent = agent ? agent : ENDGAMES_DEFAULT_AGENT;
    opponent = opponent ? opponent : agent;
    if (agent_spec_value(agent, "tb", NULL, 0))
        return cli_usage_error("endgames",
                               "--agent %s names tb= itself: the tables are added "
                               "for one of its two runs",
                               agent);
    Rules r;
    if (!cli_load_rules("endgames", rules_arg, &r))
        return EXIT_USAGE;
    Error err = {{0}};
    if (out && files_check_parent(out, &err) != ST_OK) {
        fprintf(stderr, "tafl endgames: %s\n", err.text);
        return EXIT_USAGE;
    }
    SolveTables *t = NULL;
    if (solve_tablefile_read(tables, &r, &t, &err) != ST_OK) {
        fprintf(stderr, "tafl endgames: %s\n", err.text);
        return EXIT_USAGE;
    }
    RecordGame *games = NULL;
    int count = 0, unread = 0, rc = EXIT_USAGE;
    char rules_name[RULES_NAME_MAX];
    ResolvedAgent *with = NULL, *without = NULL, *other = NULL;
    EndgamePosition *pos = NULL;
    EndgameOutcome *o_with = NULL, *o_without = NULL;
    if (rowgame_read_any(games_arg, &games, &count, &unread, rules_name, sizeof rules_name, &err) !=
        ST_OK) {
        fprintf(stderr, "tafl endgames: %s\n", err.text);
        goto release;
    }
    if (!(with = resolve(agent, tables, &r)) || !(without = resolve(agent, NULL, &r)) ||
        !(other = resolve(opponent, NULL, &r)))
        goto release;
    pos = xcalloc((size_t)want, sizeof *pos);
    EndgameScan scan;
    endgame_collect(&r, t, games, count, (int)want, (int)min_distance, pos, &scan);
    const int n = scan.taken;
    printf("games %d of %d read from %s: %d reach a won or lost position of the tables%s, %d "
           "do not, %d do not replay under %s",
           scan.taken + scan.without + scan.unreplayable, count, games_arg, n,
           min_distance > 1 ? " far enough from the end" : "", scan.without, scan.unreplayable,
           r.opt.name);
    if (scan.unreplayable > 0)
        printf(" (first: %s)", scan.why);
    printf("\n");
    if (n == 0) {
        fprintf(stderr,
                "tafl endgames: %s: no game reaches a position the tables call won or "
                "lost\n",
                games_arg);
        goto release;
    }
    long distance = 0;
    for (int i = 0; i < n; i++)
        distance += pos[i].distance;
    printf("positions %d, mean distance %.1f plies with perfect play (at least %ld)\n", n,
           (double)distance / n, min_distance);
    o_with = xcalloc((size_t)n, sizeof *o_with);
    o_without = xcalloc((size_t)n, sizeof *o_without);
    endgame_play(&r, pos, n, with, other, (int)max_plies, (uint64_t)seed, (int)threads, o_with);
    endgame_play(&r, pos, n, without, other, (int)max_plies, (uint64_t)seed, (int)threads,
                 o_without);
    char spec[EXPERIMENT_SPEC_MAX + 1200];
    snprintf(spec, sizeof spec, "%s%stb=%s", agent, strchr(agent, ':') ? "," : ":", tables);
    print_tally("with tables", spec, tally(pos, o_with, n), n);
    print_tally("without", agent, tally(pos, o_without, n), n);
    printf("opponent %s, at most %ld plies\n", opponent, max_plies);
    rc = EXIT_SUCCESS;
    if (out) {
        Rows rows = {&r, pos, o_with, o_without, n};
        if (files_write_through(out, put_csv, &rows, &err) != ST_OK) {
            fprintf(stderr, "tafl endgames: %s\n", err.text);
            rc = EXIT_FAILURE;
        }
    }
release:
    free(o_with);
    free(o_without);
    free(pos);
    agent_resolved_free(with);
    agent_resolved_free(without);
    agent_resolved_free(other);
    record_games_free(games, count);
    solve_destroy(t);
    return rc;
}
