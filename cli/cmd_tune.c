/* `tafl tune FILE.ini`: tunes numeric agent parameters (see tune/tuner.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "tune/tuner.h"

static void print_rows(const TuneFile *t, const TuneResult *r)
{
    printf("%9s", t->method == TUNE_SPSA ? "iteration" : "point");
    for (int i = 0; i < t->param_count; i++) {
        printf("  %10s", t->params[i].key);
    }
    printf("  %-22s  %6s\n", "tuning score [95%]", "games");
    for (int k = 0; k < r->count; k++) {
        const TuneRow *row = &r->rows[k];
        if (t->method == TUNE_SPSA && row->iteration == t->iterations) {
            printf("%9s", "final");
        } else {
            printf("%9d", row->iteration);
        }
        for (int i = 0; i < t->param_count; i++) {
            printf("  %10.4g", row->values[i]);
        }
        printf("  %.3f [%.3f, %.3f]    %6ld%s\n", row->score, row->low, row->high, row->games,
               k == r->best ? "  best" : "");
    }
}

/* --dry-run: the games and an estimate of their time (harness/costest.h); nothing written. */
static int dry_run_tune(const TuneFile *t, const TuneOptions *opt, const char *command)
{
    CostPlan *plan = costest_create();
    Rules rules;
    int threads = 1;
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (tuner_plan(t, opt, plan, &rules, &threads, &err) != ST_OK) {
        fprintf(stderr, "tafl tune: %s\n", err.text);
        status = EXIT_FAILURE; /* what the tuning itself exits with on these checks */
    } else {
        costest_measure(plan, threads);
        costest_print(plan, command, threads, stdout);
        if (opt->resume) {
            printf("a resume plays only the rows its directory lacks, and the evidence\n");
        }
    }
    costest_destroy(plan);
    return status;
}

int cmd_tune(int argc, char **argv)
{
    const char *file = NULL, *threads_arg = NULL, *out = NULL;
    bool progress = false, resume = false, dry_run = false;
    const Option opts[] = {{"--dry-run", NULL, &dry_run},
                           {"--threads", &threads_arg, NULL},
                           {"--out", &out, NULL},
                           {"--progress", NULL, &progress},
                           {"--resume", NULL, &resume}};
    char command[4096];
    cli_join_command(argc, argv, command, sizeof command);
    if (argc >= 2 && argv[1][0] != '-') {
        file = argv[1];
        argv++;
        argc--;
    }
    long threads = 0;
    if (cli_parse_options("tune", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("tune", "--threads", threads_arg, 1, 1024, &threads)) {
        return EXIT_USAGE;
    }
    if (!file) {
        return cli_usage_error("tune", "needs a tuning file");
    }
    TuneFile *t = xcalloc(1, sizeof *t);
    Error err = {{0}};
    if (tunefile_load(file, t, &err) != ST_OK) {
        fprintf(stderr, "tafl tune: %s\n", err.text);
        free(t);
        return EXIT_USAGE;
    }
    TuneOptions opt = {.threads = (int)threads,
                       .out_dir = out,
                       .write_files = true,
                       .progress = progress,
                       .resume = resume,
                       .command = command};
    if (dry_run) {
        int status = dry_run_tune(t, &opt, command);
        free(t);
        return status;
    }
    TuneResult r;
    int status = EXIT_SUCCESS;
    if (tuner_run(t, &opt, &r, &err) != ST_OK) {
        fprintf(stderr, "tafl tune: %s\n", err.text);
        status = r.bad_input ? EXIT_USAGE : EXIT_FAILURE;
    } else {
        print_rows(t, &r);
        printf("\n%s of %s against %s on %s; files in %s/\n",
               t->method == TUNE_SPSA ? "SPSA" : "grid", t->agent, t->opponent, t->rules.name,
               r.dir);
        if (!r.plotted) {
            fprintf(stderr,
                    "tafl tune: gnuplot not found: wrote %s/tune.gp but no plot (install "
                    "gnuplot, Debian: gnuplot-nox, and run `gnuplot tune.gp` there)\n",
                    r.dir);
        }
        tuner_print_evidence(stdout, t, &r);
        printf("best %s\n", r.spec);
    }
    free(r.rows);
    free(t);
    return status;
}
