/* `tafl train [FILE.ini] [options]`: learns an evaluation for a ruleset by self-play
 * (tune/train.h) and prints where the best one is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/files.h"
#include "harness/rundir.h"
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
    {"--gate-sprt", "gate_sprt"},
    {"--window", "window"},
    {"--model", "model"},
    {"--epochs", "epochs"},
    {"--name", "name"},
    {"--features", "features"},
    {"--score-weight", "score_weight"},
    {"--recorded-games", "recorded_games"},
    {"--init", "init"},
    {"--league", "league"},
    {"--league-games", "league_games"},
    {"--hidden", "hidden"},
    {"--learning-rate", "learning_rate"},
};
#define KEY_OPTION_COUNT ((int)(sizeof KEY_OPTIONS / sizeof KEY_OPTIONS[0]))

/* The command line as given (the training file first), for --dry-run's plan and meta. */
static void command_line(int argc, char **argv, const char *file, char *command, size_t size)
{
    int n = snprintf(command, size, "tafl train%s%s", file ? " " : "", file ? file : "");
    for (int i = 1; i < argc && n > 0 && (size_t)n < size; i++)
        n += snprintf(command + n, size - (size_t)n, " %s", argv[i]);
}

/* --dry-run: the games and an estimate of their time (harness/costest.h); nothing written. */
static int dry_run_train(const TrainFile *t, const TrainOptions *opt, int argc, char **argv,
                         const char *file)
{
    char command[4096];
    command_line(argc, argv, file, command, sizeof command);
    CostPlan *plan = costest_create();
    Rules rules;
    int threads = 1;
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (train_plan(t, opt, plan, &rules, &threads, &err) != ST_OK) {
        fprintf(stderr, "tafl train: %s\n", err.text);
        status = EXIT_USAGE; /* train_run's ruleset error is the caller's input too */
    } else {
        costest_measure(plan, threads);
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

/* --join ATTACKING,DEFENDING: one player-model file (agents/evalmodel.h) whose attacking agent
 * reads ATTACKING's weights and whose defending agent DEFENDING's (each hand, trained or a
 * linear FILE for rules), written to `out`. */
static int join_sides(const char *pair, const Ruleset *rs, const char *out)
{
    if (!out) {
        fprintf(stderr, "tafl train: --join needs --out FILE, the evaluation file to write\n");
        return EXIT_USAGE;
    }
    const char *comma = strchr(pair, ',');
    if (!comma || comma == pair || !comma[1] || strchr(comma + 1, ',')) {
        fprintf(stderr,
                "tafl train: --join wants ATTACKING,DEFENDING (two evaluations: hand, trained or "
                "a file), not '%s'\n",
                pair);
        return EXIT_USAGE;
    }
    Error err = {{0}};
    if (rundir_check_output(out, NULL, &err) != ST_OK) {
        fprintf(stderr, "tafl train: --join: %s\n", err.text);
        return EXIT_USAGE;
    }
    char names[2][1024];
    snprintf(names[0], sizeof names[0], "%.*s", (int)(comma - pair), pair);
    snprintf(names[1], sizeof names[1], "%s", comma + 1);
    Rules r;
    EvalModel *halves[2] = {NULL, NULL};
    Status st = rules_compile(rs, &r, &err);
    for (int h = 0; h < 2 && st == ST_OK; h++) {
        char *canonical = NULL;
        st = evalmodel_resolve(names[h], &r, &halves[h], &canonical, &err);
        free(canonical);
    }
    EvalModel *joined = xcalloc(1, sizeof *joined);
    if (st == ST_OK)
        st = evalmodel_join(&r, halves[0], halves[1], joined, &err);
    if (st == ST_OK) {
        char *text = evalmodel_format(&r, joined);
        st = files_write(out, text, strlen(text), &err);
        free(text);
    }
    free(halves[0]);
    free(halves[1]);
    free(joined);
    if (st != ST_OK) {
        fprintf(stderr, "tafl train: --join: %s\n", err.text);
        return st == ST_EINVAL || st == ST_EPARSE ? EXIT_USAGE : EXIT_FAILURE;
    }
    printf("wrote %s for %s: attackers read %s, defenders read %s\n", out, rs->name, names[0],
           names[1]);
    return EXIT_SUCCESS;
}

int cmd_train(int argc, char **argv)
{
    const char *threads_arg = NULL, *out = NULL, *join = NULL;
    const char *values[KEY_OPTION_COUNT] = {NULL};
    bool progress = false, resume = false, dry_run = false;
    Option opts[KEY_OPTION_COUNT + 6];
    int count = 0;
    opts[count++] = (Option){"--join", &join, NULL};
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
    if (join) {
        int status = join_sides(join, &t->rules, out);
        free(t);
        return status;
    }
    char command[4096];
    command_line(argc, argv, file, command, sizeof command);
    TrainOptions opt = {.threads = (int)threads,
                        .progress = progress,
                        .resume = resume,
                        .out_dir = out,
                        .command = command};
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
    /* The headline: one final match of the best against the hand-written evaluation, with its
     * interval (train.h), never a sum of the gates. */
    char best[256];
    if (t->model == EVALMODEL_PLAYER)
        snprintf(best, sizeof best,
                 "best attacking half from generation %d, defending half from generation %d",
                 r.best_generation, r.best_defending);
    else
        snprintf(best, sizeof best, "best from generation %d", r.best_generation);
    printf("trained %s for %s: %d generations, %s; against the hand-written evaluation (final "
           "match, %d games): score %.3f [%.3f, %.3f], %+.0f Elo [%+.0f, %+.0f]\n",
           t->name, t->rules.name, r.generations, best, r.final_games, r.final_score, r.final_low,
           r.final_high, r.final_elo, r.final_elo_low, r.final_elo_high);
    printf("best %s/best.eval\n", r.dir);
    if (!r.plotted)
        fprintf(stderr, "tafl train: gnuplot not found: wrote %s/train.gp but no plot\n", r.dir);
    free(t);
    return EXIT_SUCCESS;
}
