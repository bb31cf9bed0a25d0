/* `tafl probe`: one position's exact value from a table file written by tafl solve --tables,
 * and with --moves the value of every legal move from it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "rules/history.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "solve/tablefile.h"

static const char *outcome_name(SolveOutcome o)
{
    return o == SOLVE_DRAW ? "draw" : o == SOLVE_WIN ? "win" : "loss";
}

void cli_print_solved_position(const SolveTables *t, const char *text, const GameState *s)
{
    SolveValue v;
    printf("position %s %s\n", text, ruleset_side_name((Side)s->side));
    if (!solve_probe(t, s, &v)) {
        printf("position_value none (a soldier on a restricted square or the king on an escape "
               "square: not a position of the game)\n");
        return;
    }
    printf("position_value %s\n", outcome_name(v.outcome));
    printf("position_plies %d\n", v.plies);
    printf("position_winner %s\n", state_winner_name(solve_winner(s, v)));
}

/* One line a legal move: `move TEXT win|loss|draw PLIES` for the side that makes it, the plies
 * counting the move itself; an end of the game by the engine's result. */
static void print_moves(const SolveTables *t, const GameState *s)
{
    const Rules *r = solve_rules(t);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    const Winner mine = s->side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
    History h;
    history_init(&h);
    for (int k = 0; k < n; k++) {
        GameState q = *s;
        CaptureList caps;
        history_clear(&h);
        history_push(&h, s->hash, s->fort_hash, false, false);
        state_apply(r, &q, &h, moves[k], &caps);
        SolveValue v = {SOLVE_DRAW, 0};
        if (state_is_over(&q))
            v.outcome = q.winner == WINNER_DRAW ? SOLVE_DRAW
                        : q.winner == mine      ? SOLVE_WIN
                                                : SOLVE_LOSS;
        else if (solve_probe(t, &q, &v))
            v.outcome = v.outcome == SOLVE_WIN    ? SOLVE_LOSS
                        : v.outcome == SOLVE_LOSS ? SOLVE_WIN
                                                  : SOLVE_DRAW;
        char text[64];
        otn_format_move(r, moves[k], &caps, text);
        printf("move %s %s %d\n", text, outcome_name(v.outcome),
               v.outcome == SOLVE_DRAW ? 0 : v.plies + 1);
    }
    history_free(&h);
}

int cmd_probe(int argc, char **argv)
{
    const char *rules_arg = NULL, *tables = NULL, *position = NULL, *side_arg = NULL;
    const char *check_arg = NULL, *seed_arg = NULL, *threads_arg = NULL;
    bool moves = false;
    const Option opts[] = {{"--rules", &rules_arg, NULL},   {"--tables", &tables, NULL},
                           {"--position", &position, NULL}, {"--side", &side_arg, NULL},
                           {"--moves", NULL, &moves},       {"--check", &check_arg, NULL},
                           {"--seed", &seed_arg, NULL},     {"--threads", &threads_arg, NULL}};
    long check = 0, seed = 1, threads = 0;
    if (cli_parse_options("probe", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("probe", "--check", check_arg, 1, 1000000000, &check) ||
        cli_int_option("probe", "--seed", seed_arg, 0, 2147483647, &seed) ||
        cli_int_option("probe", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads))
        return EXIT_USAGE;
    if (!rules_arg || !tables)
        return cli_usage_error("probe", "missing %s", !tables ? "--tables FILE" : "--rules R");
    Rules r;
    if (!cli_load_rules("probe", rules_arg, &r))
        return EXIT_USAGE;
    GameState s;
    if (cli_load_position("probe", &r, position, side_arg, &s) != 0)
        return EXIT_USAGE;
    if (state_is_over(&s))
        return cli_usage_error("probe", "--position is a game already over (%s)",
                               state_winner_name((Winner)s.winner));
    Error err;
    SolveTables *t = NULL;
    if (solve_tablefile_read(tables, &r, &t, &err) != ST_OK) {
        fprintf(stderr, "tafl probe: %s\n", err.text);
        return EXIT_USAGE;
    }
    int rc = EXIT_SUCCESS;
    const int men = s.attacker_count + s.defender_count;
    if (check > 0) {
        /* the tables against the engine: a damaged or wrongly built table shows here */
        uint64_t checked = 0;
        double t0 = clock_seconds();
        uint64_t bad =
            solve_check_sample(t, (uint64_t)check, (uint64_t)seed, (int)threads, &checked);
        printf("checked %llu positions drawn from %s against their successors: %llu "
               "inconsistent (%.1f s)\n",
               (unsigned long long)checked, tables, (unsigned long long)bad, clock_seconds() - t0);
        rc = bad ? EXIT_FAILURE : EXIT_SUCCESS;
    } else if (men > solve_max_men(t)) {
        fprintf(stderr,
                "tafl probe: --position has %d men besides the king: the tables of %s hold at "
                "most %d\n",
                men, tables, solve_max_men(t));
        rc = EXIT_USAGE;
    } else {
        cli_print_solved_position(t, position ? position : r.opt.start, &s);
        if (moves)
            print_moves(t, &s);
    }
    solve_destroy(t);
    return rc;
}
