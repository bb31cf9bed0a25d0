/* `tafl reproduce DIR`: plays a finished run again from what its directory records (setup,
 * rulesets/, meta) and says whether games.csv and summary.csv come out byte-identical. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/files.h"
#include "formats/summary.h"
#include "harness/buildinfo.h"
#include "harness/runmeta.h"

#define PATH_LEN 2048

/* The two files to compare, DIR/name (the kept one) and OUT/name (the one made again), read
 * whole with their paths; on a failure to read either, prints the one line that says so and
 * returns false (nothing left to free). */
typedef struct {
    char kept_path[PATH_LEN + 64], made_path[PATH_LEN + 64];
    char *kept, *made;
    size_t kept_len, made_len;
} FilePair;

static bool read_pair(const char *dir, const char *out, const char *name, FilePair *p)
{
    snprintf(p->kept_path, sizeof p->kept_path, "%s/%s", dir, name);
    snprintf(p->made_path, sizeof p->made_path, "%s/%s", out, name);
    p->kept = files_read(p->kept_path, &p->kept_len);
    int kept_err = errno;
    p->made = files_read(p->made_path, &p->made_len);
    if (p->kept && p->made)
        return true;
    printf("%s: cannot compare: %s: %s\n", name, !p->kept ? p->kept_path : p->made_path,
           strerror(!p->kept ? kept_err : errno));
    free(p->kept);
    free(p->made);
    return false;
}

/* Compares DIR/name with OUT/name byte for byte and prints one line; true when identical. */
static bool compare_file(const char *dir, const char *out, const char *name)
{
    FilePair p;
    if (!read_pair(dir, out, name, &p))
        return false;
    const char *x = p.kept, *y = p.made;
    size_t na = p.kept_len, nb = p.made_len;
    bool same = false;
    if (na == nb && memcmp(x, y, na) == 0) {
        printf("%s: byte-identical (%zu bytes)\n", name, na);
        same = true;
    } else {
        size_t i = 0, line = 1;
        while (i < na && i < nb && x[i] == y[i]) {
            if (x[i] == '\n')
                line++;
            i++;
        }
        printf("%s: DIFFERS from line %zu (%zu bytes against %zu): %s and %s\n", name, line, na, nb,
               p.kept_path, p.made_path);
    }
    free(p.kept);
    free(p.made);
    return same;
}

/* Compares DIR/summary.csv with OUT/summary.csv and prints one line; true when they agree:
 * byte for byte, or, for a summary.csv kept from before columns were added at its end, in
 * every column it has (formats/summary.h, summary_compare). */
static bool compare_summary(const char *dir, const char *out, bool *older_schema)
{
    *older_schema = false;
    FilePair p;
    if (!read_pair(dir, out, "summary.csv", &p))
        return false;
    const char *x = p.kept, *y = p.made;
    size_t na = p.kept_len, nb = p.made_len;
    bool same = false;
    int kept_cols, made_cols;
    long line;
    switch (summary_compare(x, na, y, nb, &kept_cols, &made_cols, &line)) {
    case SUMMARY_SAME:
        printf("summary.csv: byte-identical (%zu bytes)\n", na);
        same = true;
        break;
    case SUMMARY_SAME_PREFIX:
        printf("summary.csv: identical in the %d columns it keeps (written before the last "
               "%d of today's %d were added)\n",
               kept_cols, made_cols - kept_cols, made_cols);
        same = true;
        *older_schema = true;
        break;
    case SUMMARY_DIFFERENT:
        printf("summary.csv: DIFFERS from line %ld (%zu bytes against %zu): %s and %s\n", line, na,
               nb, p.kept_path, p.made_path);
        break;
    }
    free(p.kept);
    free(p.made);
    return same;
}

/* Says, before any game, when this binary is not the one that made dir. */
static void check_build(const char *dir)
{
    char was[1024], bench[RUNMETA_BENCH_MAX], was_bench[RUNMETA_BENCH_MAX];
    if (!runmeta_meta_value(dir, "build", was, sizeof was)) {
        fprintf(stderr,
                "tafl reproduce: note: %s/meta records no build: cannot tell whether "
                "this binary made the run\n",
                dir);
        return;
    }
    if (strcmp(was, buildinfo_identity()) != 0)
        fprintf(stderr,
                "tafl reproduce: note: the binary differs: %s was made by build %s, this is "
                "build %s\n",
                dir, was, buildinfo_identity());
    runmeta_bench_signature(bench);
    if (runmeta_meta_value(dir, "bench_quick", was_bench, sizeof was_bench) &&
        strcmp(was_bench, bench) != 0)
        fprintf(stderr,
                "tafl reproduce: note: the bench signature differs (%s then, %s now): this "
                "binary plays differently, expect other games\n",
                was_bench, bench);
}

/* What keeps a run directory from being played again here, before any game: an SPRT match
 * (its stopping rule is not in the setup), a bad shard line, an external engine without
 * allow_engines (a run directory is something people send each other: replaying it must not
 * start a program it names unless asked to), an evaluation it recorded that cannot be found.
 * Fills *shard and the evaluations the run played (*pins, runmeta_load_evals). */
static Status check_replayable(const char *dir, const Experiment *exp, bool allow_engines,
                               Shard *shard, char ***pins, Error *err)
{
    char sprt[64], shard_text[64];
    if (runmeta_meta_value(dir, "sprt_decision", sprt, sizeof sprt)) {
        error_set(err,
                  "%s is an SPRT match: its stopping rule is not in the setup, so it cannot be "
                  "reproduced yet (see `tafl help reproduce`)",
                  dir);
        return ST_EINVAL;
    }
    if (runmeta_meta_value(dir, "shard", shard_text, sizeof shard_text) &&
        !shard_parse(shard_text, shard)) {
        error_set(err, "%s/meta: bad shard '%s' (see `tafl help reproduce`)", dir, shard_text);
        return ST_EINVAL;
    }
    for (int i = 0; i < exp->agent_count && !allow_engines; i++) {
        if (agent_spec_is(exp->agents[i].spec, "external")) {
            error_set(err,
                      "%s/setup: agent %s is an external engine and would start the program its "
                      "spec names (%s); add --allow-engines to run it",
                      dir, exp->agents[i].name, exp->agents[i].spec);
            return ST_EINVAL;
        }
    }
    /* The evaluations the run played, found before any game: a recorded file or hash that
     * cannot be found is refused here rather than another evaluation played. */
    return runmeta_load_evals(dir, exp, pins, err);
}

int cmd_reproduce(int argc, char **argv)
{
    const char *out = NULL, *threads_arg = NULL;
    bool progress = false, allow_engines = false;
    const Option opts[] = {{"--out", &out, NULL},
                           {"--threads", &threads_arg, NULL},
                           {"--progress", NULL, &progress},
                           {"--allow-engines", NULL, &allow_engines}};
    const char *dir = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts));
    long threads = 0;
    if (cli_parse_options("reproduce", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("reproduce", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads))
        return EXIT_USAGE;
    if (!dir)
        return cli_usage_error("reproduce", "needs a run directory");
    char out_dir[PATH_LEN];
    snprintf(out_dir, sizeof out_dir, "%s", out ? out : "");
    if (!out)
        snprintf(out_dir, sizeof out_dir, "%s/reproduced", dir);
    if (strcmp(out_dir, dir) == 0)
        return cli_usage_error("reproduce", "--out must not be the run directory itself");

    Experiment *exp = xcalloc(1, sizeof *exp);
    Error err = {{0}};
    Shard shard = {0, 0};
    char **pins = NULL;
    if (runmeta_load(dir, exp, &err) != ST_OK ||
        check_replayable(dir, exp, allow_engines, &shard, &pins, &err) != ST_OK) {
        fprintf(stderr, "tafl reproduce: %s\n", err.text);
        free(exp);
        return EXIT_USAGE;
    }
    check_build(dir);
    char command[4096];
    cli_join_command(argc, argv, command, sizeof command);
    RunOptions opt = {.threads = (int)threads,
                      .out_dir = out_dir,
                      .write_files = true,
                      .progress = progress,
                      .quiet = !progress,
                      .command = command,
                      .shard = shard,
                      .stop.kind = exp->kind == EXPERIMENT_DESIGN ? RUN_STOP_RACE
                                   : exp->max_width > 0           ? RUN_STOP_WIDTH
                                                                  : RUN_STOP_COUNT,
                      .eval_pins = (const char *const *)pins};
    RunResult res = {0};
    Status st = runner_run(exp, &opt, &res, &err);
    runmeta_evals_free(exp, pins);
    free(exp);
    long count = res.count;
    runner_result_free(&res);
    if (st != ST_OK) {
        fprintf(stderr, "tafl reproduce: %s\n", err.text);
        return EXIT_FAILURE;
    }
    /* A study shipped without its games.csv (a curve keeps its tables and summary) is judged
     * by what it kept: its summary.csv, recomputed from every game played again. */
    char kept[PATH_LEN + 16];
    snprintf(kept, sizeof kept, "%s/games.csv", dir);
    bool games_kept = access(kept, F_OK) == 0 || shard.count > 0;
    bool same = true;
    if (games_kept)
        same = compare_file(dir, out_dir, "games.csv");
    else
        printf("games.csv: not kept in %s: summary.csv, made from every game, decides\n", dir);
    bool older_schema = false;
    if (shard.count == 0)
        same = compare_summary(dir, out_dir, &older_schema) && same;
    printf("%s: %ld games played again into %s: %s\n", dir, count, out_dir,
           !same          ? "NOT reproduced"
           : older_schema ? "reproduced (summary.csv in the columns it keeps)"
                          : "reproduced, byte-identical");
    return same ? EXIT_SUCCESS : EXIT_FAILURE;
}
