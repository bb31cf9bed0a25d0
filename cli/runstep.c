/* The steps `tafl match` and `tafl run` share: their stopping options, and running an
 * experiment with its balance table and SPRT report. */
#include "cli/runstep.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/experiment.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "formats/summary.h"
#include "harness/bench.h"
#include "harness/racecost.h"
#include "harness/runmeta.h"
#include "harness/runner.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"

/* Games of an SPRT when --games is not given: 10,000 pairs. */
#define SPRT_DEFAULT_GAMES 20000

static void print_sprt(FILE *out, const Experiment *exp, const SprtOutcome *o)
{
    const char *a = exp->agents[exp->pairings[0].attacker].name;
    const char *b = exp->agents[exp->pairings[0].defender].name;
    const SprtParams *p = &o->params;
    fprintf(out, "\nSPRT of %s (A) against %s (B): elo0=%g elo1=%g alpha=%g beta=%g\n", a, b,
            p->elo0, p->elo1, p->alpha, p->beta);
    fprintf(out, "pairs %ld (games %ld), pentanomial LL LD WL+DD WD WW: %ld %ld %ld %ld %ld\n",
            o->pairs, 2 * o->pairs, o->counts[0], o->counts[1], o->counts[2], o->counts[3],
            o->counts[4]);
    fprintf(out, "LLR %.3f, bounds [%.3f, %.3f]\n", o->llr, o->lower, o->upper);
    if (isnan(o->elo))
        fprintf(out, "Elo of A: -\n");
    else
        fprintf(out, "Elo of A: %+.1f [%+.1f, %+.1f] (95%%, from the pairs)\n", o->elo, o->elo_low,
                o->elo_high);
    if (o->decision > 0)
        fprintf(out, "decision: H1 accepted (A's normalised Elo is %g rather than %g)\n", p->elo1,
                p->elo0);
    else if (o->decision < 0)
        fprintf(out, "decision: H0 accepted (A's normalised Elo is %g rather than %g)\n", p->elo0,
                p->elo1);
    else
        fprintf(out, "decision: none (the game limit came first)\n");
}

/* The stopping options of `tafl match` and `tafl run`: --sprt SPEC (match only: exp holds one
 * ruleset and two agents; the pairings are set here) or a width stop (--max-width W,
 * --check-every N, or exp->max_width from the file); any of the three texts may be NULL. Sets
 * *stop (and exp); returns 0, or the exit status of a usage error after printing it. */
int cli_stop_options(const char *command, Experiment *exp, const char *sprt, const char *max_width,
                     const char *check_every, bool games_given, RunStop *stop)
{
    stop->kind = RUN_STOP_COUNT;
    if (max_width) {
        char *end;
        errno = 0;
        double w = strtod(max_width, &end);
        if (errno || end == max_width || *end || !(w > 0 && w <= 1))
            return cli_usage_error(command, "--max-width '%s' must be a number in (0, 1]",
                                   max_width);
        exp->max_width = w;
    }
    long every = exp->check_every > 0 ? exp->check_every : RUNNER_CHECK_EVERY;
    if (cli_int_option(command, "--check-every", check_every, 1, 100000000, &every))
        return EXIT_USAGE;
    exp->check_every = (int)every;
    if (check_every && !(exp->max_width > 0))
        return cli_usage_error(command, "--check-every needs --max-width");
    if (exp->max_width > 0)
        stop->kind = RUN_STOP_WIDTH;
    if (!sprt)
        return 0;
    Error err = {{0}};
    if (exp->max_width > 0)
        return cli_usage_error(command, "--sprt and --max-width do not go together");
    if (sprt_parse(sprt, &stop->sprt, &err) != ST_OK) {
        const char *why = strncmp(err.text, "sprt: ", 6) == 0 ? err.text + 6 : err.text;
        return cli_usage_error(command, "--sprt: %s", why);
    }
    if (exp->agent_count != 2)
        return cli_usage_error(command, "--sprt needs two different agents");
    if (!games_given)
        exp->games = SPRT_DEFAULT_GAMES;
    else if (exp->games < 2)
        return cli_usage_error(command, "--sprt plays game pairs: --games must be at least 2");
    /* A attacks B, then B attacks A on the same opening. */
    exp->pairings[0] = (Pairing){0, 1};
    exp->pairings[1] = (Pairing){1, 0};
    exp->pairing_count = 2;
    stop->kind = RUN_STOP_SPRT;
    return 0;
}

int cli_dry_run(const char *command, const Experiment *exp, const RunOptions *opt, const char *what)
{
    CostPlan *plan = costest_create();
    Rules *rules = NULL;
    int threads = 1;
    Error err = {{0}};
    if (runner_plan(exp, opt, plan, &rules, &threads, &err) != ST_OK) {
        fprintf(stderr, "tafl %s: %s\n", command, err.text);
        costest_destroy(plan);
        return EXIT_FAILURE; /* what the run itself would exit with on these checks */
    }
    /* A run that writes its directory records the quick bench in meta: part of its time. */
    if (opt->write_files) {
        double start = clock_seconds();
        char bench[RUNMETA_BENCH_MAX];
        runmeta_bench_signature(bench);
        costest_add_fixed(plan, clock_seconds() - start);
    }
    if (opt->stop.kind == RUN_STOP_RACE)
        racecost_estimate(plan, exp, threads);
    else
        costest_measure(plan, threads);
    costest_print(plan, what, threads, stdout);
    if (opt->stop.kind == RUN_STOP_RACE)
        printf("a design search: the race drops candidates round by round and confirms the "
               "survivors; each line's games are its mean over the simulated races\n");
    else if (opt->stop.kind != RUN_STOP_COUNT)
        printf("a stopping rule (%s) ends the run when it decides: these are the most games it "
               "plays, and the time the longest it takes\n",
               opt->stop.kind == RUN_STOP_SPRT ? "SPRT" : "max_width");
    if (opt->resume)
        printf("a resume plays only the games its directory lacks: fewer than these\n");
    costest_destroy(plan);
    free(rules);
    return EXIT_SUCCESS;
}

/* Runs exp with opt and prints the balance table (and the SPRT's report); returns the exit
 * status. */
/* --move-time: each agent's mean processor time a move in the games just played, and the
 * ratio of the first two, on stderr (a measurement of this machine, so never on stdout or in a
 * file). What a user sets node budgets by when comparing searches at equal time. */
static void print_move_time(const char *command, const Experiment *exp, const RunResult *res)
{
    double ms[EXPERIMENT_MAX_AGENTS];
    fflush(stdout); /* after the table, where both go to one terminal */
    for (int i = 0; i < exp->agent_count; i++) {
        long n = res->agent_moves[i];
        ms[i] = n > 0 ? 1000.0 * res->agent_seconds[i] / (double)n : 0.0;
        if (n > 0)
            fprintf(stderr, "tafl %s: move time: %s: %.2f ms a move (%ld moves, processor time)\n",
                    command, exp->agents[i].name, ms[i], n);
        else
            fprintf(stderr, "tafl %s: move time: %s: no move played in this session\n", command,
                    exp->agents[i].name);
    }
    if (exp->agent_count >= 2 && ms[0] > 0 && ms[1] > 0)
        fprintf(stderr, "tafl %s: move time: %s over %s: %.3f\n", command, exp->agents[0].name,
                exp->agents[1].name, ms[0] / ms[1]);
}

int cli_run_and_report(const char *command, const Experiment *exp, const RunOptions *opt,
                       bool move_time)
{
    RunResult res = {0};
    Error err = {{0}};
    if (runner_run(exp, opt, &res, &err) != ST_OK) {
        fprintf(stderr, "tafl %s: %s\n", command, err.text);
        return res.foreign_dir || res.needs_resume || res.settings_changed ? EXIT_USAGE
                                                                           : EXIT_FAILURE;
    }
    results_tally_print(res.tally, stdout);
    if (opt->stop.kind == RUN_STOP_SPRT)
        print_sprt(stdout, exp, &res.sprt);
    if (move_time)
        print_move_time(command, exp, &res);
    runner_result_free(&res);
    return EXIT_SUCCESS;
}
