/* `tafl run`: every game an experiment file describes; a curve's figure at the end. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/runstep.h"
#include "formats/experiment.h"
#include "formats/games.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "harness/bench.h"
#include "harness/runner.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"
#include "studies/curve.h"
#include "studies/design.h"
#include "studies/scores.h"

/* After the games of a kind = curve experiment: reads the run's games.csv (in out_dir, or
 * <output>/<name>), writes curve.csv, convergence.csv and the figure there, and prints each
 * ruleset's verdict. Returns the exit status, after printing any error. */
static int finish_curve(const Experiment *exp, const char *out_dir)
{
    char dir[EXPERIMENT_PATH_MAX * 2], games[EXPERIMENT_PATH_MAX * 2 + 16];
    if (out_dir) {
        snprintf(dir, sizeof dir, "%s", out_dir);
    } else {
        snprintf(dir, sizeof dir, "%s/%s", exp->output, exp->name);
    }
    snprintf(games, sizeof games, "%s/games.csv", dir);
    GameRow *rows = NULL;
    long count = 0, valid;
    CurvePoint *points = NULL;
    int n = 0;
    bool plotted = false;
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (results_games_read(games, &rows, &count, &valid, &err) != ST_OK) {
        status = EXIT_FAILURE;
    } else {
        curve_points(exp, rows, count, &points, &n);
        if (curve_write(exp, points, n, dir, &plotted, &err) != ST_OK) {
            status = EXIT_FAILURE;
        }
        for (int rs = 0; status == EXIT_SUCCESS && rs < exp->ruleset_count; rs++) {
            CurveVerdict v;
            char line[1024];
            curve_verdict(exp, rs, points, n, &v);
            curve_verdict_text(exp, &v, points, line, sizeof line);
            /* The study's answer: on stdout with the tables, so `> out.txt` keeps it. */
            printf("%s\n", line);
        }
    }
    if (status != EXIT_SUCCESS) {
        fprintf(stderr, "tafl run: %s\n", err.text);
    } else if (!plotted) {
        fprintf(stderr,
                "tafl run: gnuplot not found: wrote %s/curve.csv and curve.gp but no plot "
                "(install gnuplot, Debian: gnuplot-nox, and run `gnuplot curve.gp` there)\n",
                dir);
    } else {
        fprintf(stderr, "tafl run: balance curve in %s/curve.csv, curve.png and curve.svg\n", dir);
    }
    free(points);
    results_free_rows(rows, count);
    return status;
}

/* After the games of a plain run (kind = balance, not a shard): the figure of its scores from
 * the run's games.csv (scores.svg, scores.png), quietly none where gnuplot is missing.
 * Returns the exit status, after printing any error. */
static int finish_balance(const Experiment *exp, const char *out_dir)
{
    char dir[EXPERIMENT_PATH_MAX * 2], games[EXPERIMENT_PATH_MAX * 2 + 16];
    if (out_dir)
        snprintf(dir, sizeof dir, "%s", out_dir);
    else
        snprintf(dir, sizeof dir, "%s/%s", exp->output, exp->name);
    snprintf(games, sizeof games, "%s/games.csv", dir);
    GameRow *rows = NULL;
    long count = 0, valid;
    bool plotted = false;
    Error err = {{0}};
    Status st = results_games_read(games, &rows, &count, &valid, &err);
    if (st == ST_OK)
        st = scores_write(exp->name, rows, count, dir, &plotted, &err);
    results_free_rows(rows, count);
    if (st != ST_OK) {
        fprintf(stderr, "tafl run: %s\n", err.text);
        return EXIT_FAILURE;
    }
    /* Quietly: where the files are is said once, last (cmd_run); a figure gnuplot could not
     * draw is only missing, as a report's other figures are. */
    (void)plotted;
    return EXIT_SUCCESS;
}

/* After the games of a kind = design experiment: replays the search from the run's games.csv,
 * writes design.csv and its figure there and prints the short table. Returns the exit status,
 * after printing any error. */
static int finish_design(const Experiment *exp, const char *out_dir)
{
    char dir[EXPERIMENT_PATH_MAX * 2], games[EXPERIMENT_PATH_MAX * 2 + 16];
    if (out_dir)
        snprintf(dir, sizeof dir, "%s", out_dir);
    else
        snprintf(dir, sizeof dir, "%s/%s", exp->output, exp->name);
    snprintf(games, sizeof games, "%s/games.csv", dir);
    GameRow *rows = NULL;
    long count = 0, valid;
    bool plotted = false;
    Error err = {{0}};
    DesignState s;
    memset(&s, 0, sizeof s);
    Status st = results_games_read(games, &rows, &count, &valid, &err);
    if (st == ST_OK)
        st = design_replay(exp, rows, count, &s, &err);
    if (st == ST_OK)
        st = design_write(exp, &s, dir, &plotted, &err);
    if (st == ST_OK)
        design_print(stdout, exp, &s);
    design_state_free(&s);
    results_free_rows(rows, count);
    if (st != ST_OK) {
        fprintf(stderr, "tafl run: %s\n", err.text);
        return EXIT_FAILURE;
    }
    if (!plotted)
        fprintf(stderr,
                "tafl run: gnuplot not found: wrote %s/design.csv and design.gp but no plot "
                "(install gnuplot, Debian: gnuplot-nox, and run `gnuplot design.gp` there)\n",
                dir);
    else
        fprintf(stderr, "tafl run: design search in %s/design.csv, design.png and design.svg\n",
                dir);
    return EXIT_SUCCESS;
}

int cmd_run(int argc, char **argv)
{
    const char *file = NULL, *threads_arg = NULL, *out = NULL, *shard_arg = NULL;
    const char *width_arg = NULL, *every_arg = NULL, *min_arg = NULL;
    bool resume = false, progress = false, dry_run = false, move_time = false;
    const Option opts[] = {{"--dry-run", NULL, &dry_run},       {"--max-width", &width_arg, NULL},
                           {"--check-every", &every_arg, NULL}, {"--min-games", &min_arg, NULL},
                           {"--threads", &threads_arg, NULL},   {"--out", &out, NULL},
                           {"--resume", NULL, &resume},         {"--progress", NULL, &progress},
                           {"--shard", &shard_arg, NULL},       {"--move-time", NULL, &move_time}};
    if (argc >= 2 && argv[1][0] != '-') {
        file = argv[1];
        argv++;
        argc--;
    }
    long threads = 0, min_games = 0;
    if (cli_parse_options("run", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("run", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads) ||
        cli_int_option("run", "--min-games", min_arg, 1, 100000000, &min_games))
        return EXIT_USAGE;
    if (!file)
        return cli_usage_error("run", "needs an experiment file");
    Shard shard = {0, 0};
    if (shard_arg && !shard_parse(shard_arg, &shard))
        return cli_usage_error("run", "--shard '%s' must be I/N with 1 <= I <= N <= %d", shard_arg,
                               SHARD_MAX);
    Experiment *exp = xcalloc(1, sizeof *exp);
    Error err = {{0}};
    if (experiment_load(file, exp, &err) != ST_OK) {
        fprintf(stderr, "tafl run: %s\n", err.text);
        free(exp);
        return EXIT_USAGE;
    }
    if (exp->otn_warning)
        fprintf(stderr, "tafl run: warning: %s:%d: %s\n", file, exp->otn_warning_line,
                exp->otn_warning);
    if (min_arg)
        exp->min_games = (int)min_games;
    bool sequential = width_arg || every_arg || exp->max_width > 0;
    if (min_arg && !sequential) {
        free(exp);
        return cli_usage_error("run", "--min-games needs --max-width (or max_width in the file)");
    }
    /* A width stop decides after each round which games exist, and a curve is drawn from the
     * whole run: neither can be split by game number ahead of time. */
    if (shard_arg && (sequential || exp->kind == EXPERIMENT_CURVE)) {
        free(exp);
        return cli_usage_error("run", "--shard cannot split a run with a width stop (max_width, "
                                      "--max-width) or of kind = curve: run it whole");
    }
    /* A design's race decides after each round which candidates play on: its games are not
     * known ahead of time, so it cannot be split into shards; and it has its own stop. */
    if (exp->kind == EXPERIMENT_DESIGN && (shard_arg || sequential)) {
        free(exp);
        return cli_usage_error("run", "a design search (kind = design) races in rounds of "
                                      "check_every games and cannot take --shard, --max-width "
                                      "or max_width: run it whole");
    }
    char command[4096];
    cli_join_command(argc + 1, argv - 1, command, sizeof command); /* the file, then options */
    RunOptions opt = {.threads = (int)threads,
                      .out_dir = out,
                      .write_files = true,
                      .resume = resume,
                      .progress = progress,
                      .command = command,
                      .shard = shard};
    int status = cli_stop_options("run", exp, NULL, width_arg, every_arg, true, &opt.stop);
    if (status == 0 && exp->kind == EXPERIMENT_DESIGN)
        opt.stop.kind = RUN_STOP_RACE;
    if (status == 0 && dry_run) {
        status = cli_dry_run("run", exp, &opt, command);
        free(exp);
        return status;
    }
    if (status == 0)
        status = cli_run_and_report("run", exp, &opt, move_time);
    if (status == EXIT_SUCCESS && exp->kind == EXPERIMENT_CURVE)
        status = finish_curve(exp, out);
    if (status == EXIT_SUCCESS && exp->kind == EXPERIMENT_DESIGN)
        status = finish_design(exp, out);
    if (status == EXIT_SUCCESS && exp->kind == EXPERIMENT_BALANCE && !shard_arg)
        status = finish_balance(exp, out);
    if (status == EXIT_SUCCESS && fflush(stdout) == 0 && !ferror(stdout)) {
        /* The table went to stdout; where the files are is said once, last. A
         * table that could not be written is the one error line instead (cli/main.c). */
        if (out)
            fprintf(stderr, "tafl run: results in %s/: games.csv, summary.csv and meta\n", out);
        else
            fprintf(stderr, "tafl run: results in %s/%s/: games.csv, summary.csv and meta\n",
                    exp->output, exp->name);
    }
    free(exp);
    return status;
}
