/* `tafl train [FILE.ini] [options]`: learns an evaluation for a ruleset by self-play
 * (tune/train.h) and prints where the best one is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "tune/train.h"

/* Options that set a key of the training file, applied over it in this order. */
static const char *const KEY_OPTIONS[][2] = {
    {"--rules", "rules"},
    {"--seed", "seed"},
    {"--generations", "generations"},
    {"--games", "games"},
    {"--depth", "depth"},
    {"--gate-pairs", "gate_pairs"},
    {"--gate-depth", "gate_depth"},
    {"--window", "window"},
    {"--model", "model"},
    {"--epochs", "epochs"},
    {"--name", "name"},
    {"--features", "features"},
    {"--score-weight", "score_weight"},
    {"--recorded-games", "recorded_games"},
};
#define KEY_OPTION_COUNT ((int)(sizeof KEY_OPTIONS / sizeof KEY_OPTIONS[0]))

/* --dry-run: the games and an estimate of their time (harness/costest.h); nothing written. */
static int dry_run_train(const TrainFile *t, const TrainOptions *opt, int argc, char **argv,
                         const char *file)
{
    char command[4096];
    int n = snprintf(command, sizeof command, "tafl train%s%s", file ? " " : "", file ? file : "");
    for (int i = 1; i < argc && n > 0 && (size_t)n < sizeof command; i++)
        n += snprintf(command + n, sizeof command - (size_t)n, " %s", argv[i]);
    CostPlan *plan = costest_create();
    Rules rules;
    int threads = 1;
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (train_plan(t, opt, plan, &rules, &threads, &err) != ST_OK) {
        fprintf(stderr, "tafl train: %s\n", err.text);
        status = EXIT_USAGE; /* train_run's ruleset error is the caller's input too */
    } else {
        costest_measure(plan);
        costest_print(plan, command, threads, stdout);
        printf("not counted: the fit after each generation (%d epochs over the positions of %d "
               "generations)\n",
               t->epochs, t->window);
        if (opt->resume)
            printf("a resume plays only the generations its directory lacks: fewer than these\n");
    }
    costest_destroy(plan);
    return status;
}

int cmd_train(int argc, char **argv)
{
    const char *threads_arg = NULL, *out = NULL;
    const char *values[KEY_OPTION_COUNT] = {NULL};
    bool progress = false, resume = false, dry_run = false;
    Option opts[KEY_OPTION_COUNT + 5];
    int count = 0;
    opts[count++] = (Option){"--dry-run", NULL, &dry_run};
    opts[count++] = (Option){"--threads", &threads_arg, NULL};
    opts[count++] = (Option){"--out", &out, NULL};
    opts[count++] = (Option){"--progress", NULL, &progress};
    opts[count++] = (Option){"--resume", NULL, &resume};
    for (int i = 0; i < KEY_OPTION_COUNT; i++)
        opts[count++] = (Option){KEY_OPTIONS[i][0], &values[i], NULL};
    const char *file = cli_take_operand(&argc, argv, opts, count);
    long threads = 0;
    if (cli_parse_options("train", argc, argv, opts, count) ||
        cli_int_option("train", "--threads", threads_arg, 1, 1024, &threads))
        return EXIT_USAGE;
    TrainFile *t = xcalloc(1, sizeof *t);
    Error err = {{0}};
    Status st = ST_OK;
    if (file) {
        st = trainfile_load(file, t, &err);
    } else {
        trainfile_defaults(t);
    }
    bool named = file != NULL;
    for (int i = 0; i < KEY_OPTION_COUNT && st == ST_OK; i++) {
        if (values[i]) {
            st = trainfile_set(t, KEY_OPTIONS[i][1], values[i], NULL, KEY_OPTIONS[i][0], &err);
            named |= strcmp(KEY_OPTIONS[i][1], "name") == 0;
        }
    }
    if (st != ST_OK) {
        fprintf(stderr, "tafl train: %s\n", err.text);
        free(t);
        return EXIT_USAGE;
    }
    if (!named)
        snprintf(t->name, sizeof t->name, "train-%.50s", t->rules.name);
    TrainOptions opt = {
        .threads = (int)threads, .progress = progress, .resume = resume, .out_dir = out};
    if (dry_run) {
        int status = dry_run_train(t, &opt, argc, argv, file);
        free(t);
        return status;
    }
    TrainResult r;
    st = train_run(t, &opt, &r, &err);
    if (st != ST_OK) {
        fprintf(stderr, "tafl train: %s\n", err.text);
        free(t);
        return st == ST_EINVAL || st == ST_EPARSE ? EXIT_USAGE : EXIT_FAILURE;
    }
    printf("trained %s for %s: %d generations, best from generation %d (%+.0f Elo over the "
           "hand-written evaluation by the gates)\n",
           t->name, t->rules.name, r.generations, r.best_generation, r.elo);
    printf("best %s/best.eval\n", r.dir);
    if (!r.plotted)
        fprintf(stderr, "tafl train: gnuplot not found: wrote %s/train.gp but no plot\n", r.dir);
    free(t);
    return EXIT_SUCCESS;
}
