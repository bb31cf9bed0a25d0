/* `tafl solve`: the exact value of every position of a small ruleset by retrograde analysis
 * (solve/solve.h), and the value of its start with perfect play. */
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/dirlock.h"
#include "formats/files.h"
#include "harness/buildinfo.h"
#include "harness/membudget.h"
#include "harness/runner.h"
#include "solve/tablefile.h"

/* How far the values hold for the ruleset's own rules (doc/solve.md, "Repetition"). */
static const char *exactness(const Rules *r)
{
    const Ruleset *o = &r->opt;
    if (o->max_plies > 0)
        return "uncapped: the values ignore the ruleset's max_plies";
    /* seed 003 rule 8b needs five defenders besides the king */
    if (o->draw_fort && r->start_pos.defender_count >= 5)
        return "bound: wins and losses exact, a draw may be the attackers' win by draw_fort";
    switch (o->repetition) {
    case END_RULE_DRAW:
    case END_RULE_IGNORE:
        return "exact";
    case END_RULE_DEFENDERS_LOSE:
        return "bound: wins and losses exact, a draw may be the attackers' win by repetition";
    case END_RULE_DEFENDERS_NO_REPEAT:
        return "bound: wins and losses exact, a draw may be a win under defenders_no_repeat";
    default:
        return "bound: wins and losses exact, a draw may be either side's win by repetition";
    }
}

static void progress_line(void *ctx, const SolveClassStats *c)
{
    (void)ctx;
    fprintf(stderr,
            "tafl solve: class %d attackers %d defenders: %llu positions, %llu attackers' wins, "
            "%llu defenders' wins, %llu draws, longest %d plies, %d passes, %.2f s\n",
            c->attackers, c->defenders, (unsigned long long)c->positions,
            (unsigned long long)c->attackers_win, (unsigned long long)c->defenders_win,
            (unsigned long long)c->draws, c->longest, c->iterations, c->seconds);
}

/* summary.txt: `key value` lines, the same at any thread count (stdout adds meta's). */
static char *summary_text(const Rules *r, const SolveTables *t, int men, int openings, size_t *len)
{
    char *buf = NULL;
    FILE *f = xopen_memstream(&buf, len);
    GameState start;
    state_init(r, &start);
    SolveValue v = {SOLVE_DRAW, 0};
    bool held = solve_probe(t, &start, &v);
    const char *winner = held ? state_winner_name(solve_winner(&start, v)) : "draw";
    uint64_t positions = 0, aw = 0, dw = 0, draws = 0;
    int longest = 0;
    for (int i = 0; i < solve_class_count(t); i++) {
        const SolveClassStats *c = solve_class_stats(t, i);
        positions += c->positions;
        aw += c->attackers_win;
        dw += c->defenders_win;
        draws += c->draws;
        longest = c->longest > longest ? c->longest : longest;
    }
    fprintf(f, "ruleset %s\n", r->opt.name);
    fprintf(f, "start %s %s\n", r->opt.start, ruleset_side_name(r->opt.first));
    fprintf(f, "values %s\n", exactness(r));
    if (men < r->start_pos.attacker_count + r->start_pos.defender_count) {
        /* endgame tables: the start is not among them */
        fprintf(f, "men %d\n", men);
    } else {
        fprintf(f, "start_value %s\n", winner);
        fprintf(f, "start_plies %d\n", v.plies);
    }
    fprintf(f, "longest_forced_end %d\n", longest);
    fprintf(f, "classes %d\n", solve_class_count(t));
    fprintf(f, "positions %llu\n", (unsigned long long)positions);
    fprintf(f, "attackers_win %llu\n", (unsigned long long)aw);
    fprintf(f, "defenders_win %llu\n", (unsigned long long)dw);
    fprintf(f, "draws %llu\n", (unsigned long long)draws);
    double wdl[3];
    if (openings > 0 && solve_opening_outcomes(t, openings, wdl)) {
        /* What self-play with opening_plies = K would score with perfect play after it. */
        fprintf(f, "opening_plies %d\n", openings);
        fprintf(f, "opening_attackers_win %.6f\n", wdl[0]);
        fprintf(f, "opening_draw %.6f\n", wdl[1]);
        fprintf(f, "opening_defenders_win %.6f\n", wdl[2]);
        fprintf(f, "opening_attackers_score %.6f\n", wdl[0] + wdl[1] / 2);
    }
    fclose(f);
    return buf;
}

/* meta: what made the files and how long it took. */
static char *meta_text(int argc, char **argv, int threads, double seconds, size_t *len)
{
    char *buf = NULL, command[1024];
    FILE *f = xopen_memstream(&buf, len);
    cli_join_command(argc, argv, command, sizeof command);
    fprintf(f, "build %s\n", buildinfo_identity());
    fprintf(f, "command %s\n", command);
    fprintf(f, "threads %d\n", threads);
    fprintf(f, "seconds %.2f\n", seconds);
    fclose(f);
    return buf;
}

/* classes.csv: one row a material class, in the order solved (no timings: the same file at
 * any thread count). */
static char *classes_csv(const SolveTables *t, size_t *len)
{
    char *buf = NULL;
    FILE *f = xopen_memstream(&buf, len);
    fprintf(f, "attackers,defenders,positions,attackers_win,defenders_win,draws,longest\n");
    for (int i = 0; i < solve_class_count(t); i++) {
        const SolveClassStats *c = solve_class_stats(t, i);
        fprintf(f, "%d,%d,%llu,%llu,%llu,%llu,%d\n", c->attackers, c->defenders,
                (unsigned long long)c->positions, (unsigned long long)c->attackers_win,
                (unsigned long long)c->defenders_win, (unsigned long long)c->draws, c->longest);
    }
    fclose(f);
    return buf;
}

/* --position/--side: the position (the start's when only --side is given) read and checked
 * before the solve, so that a position the tables cannot hold costs no time: more men than
 * the start's, or a game already over. 0 or EXIT_USAGE with one line. */
static int check_position(const Rules *r, int men, const char *position, const char *side_arg,
                          GameState *s)
{
    if (cli_load_position("solve", r, position, side_arg, s) != 0)
        return EXIT_USAGE;
    if (s->attacker_count > r->start_pos.attacker_count ||
        s->defender_count > r->start_pos.defender_count)
        return cli_usage_error("solve",
                               "--position has %d attackers and %d defenders besides the king: "
                               "the tables hold at most the start's %d and %d",
                               s->attacker_count, s->defender_count, r->start_pos.attacker_count,
                               r->start_pos.defender_count);
    if (s->attacker_count + s->defender_count > men)
        return cli_usage_error("solve",
                               "--position has %d men besides the king: the tables of --men %d "
                               "hold at most %d",
                               s->attacker_count + s->defender_count, men, men);
    if (state_is_over(s))
        return cli_usage_error("solve", "--position is a game already over (%s)",
                               state_winner_name((Winner)s->winner));
    return 0;
}

/* --out DIR: each class kept in DIR/tables/ once solved, and given back by --resume. */
typedef struct {
    const char *dir; /* DIR/tables */
    bool resume;
    int given_back;
} Kept;

static void class_name(const SolveTables *t, int i, char *buf, size_t size)
{
    const SolveClassStats *c = solve_class_stats(t, i);
    snprintf(buf, size, "class-%d-%d.tb", c->attackers, c->defenders);
}

typedef struct {
    const SolveTables *t;
    int i;
} OneClass;

static bool put_class(FILE *f, const void *ctx)
{
    const OneClass *one = ctx;
    return solve_tablefile_write_class(one->t, one->i, f);
}

static Status keep_class(void *ctx, const SolveTables *t, int i, Error *err)
{
    const Kept *k = ctx;
    char name[64];
    class_name(t, i, name, sizeof name);
    OneClass one = {t, i};
    return files_replace_with(k->dir, name, put_class, &one, err);
}

/* A class an earlier run kept, read back; one that cannot be (damaged, or another solve's) is
 * said and solved again. */
static bool load_class(void *ctx, SolveTables *t, int i)
{
    Kept *k = ctx;
    char name[64], path[PATH_MAX];
    class_name(t, i, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", k->dir, name);
    if (!k->resume || access(path, F_OK) != 0)
        return false;
    Error err;
    if (solve_tablefile_read_class(path, t, i, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: note: %s: solved again\n", err.text);
        return false;
    }
    k->given_back++;
    return true;
}

static void progress_hook(void *ctx, const SolveClassStats *c)
{
    (void)ctx;
    progress_line(NULL, c);
}

/* --out DIR made and locked, DIR/tables made; without --resume a DIR that holds an earlier
 * solve's classes is refused. 0 or EXIT_USAGE after one line. */
static int open_out(const char *out, bool resume, char *kept_dir, size_t size, DirLock **lock)
{
    Error err;
    snprintf(kept_dir, size, "%s/tables", out);
    if (files_make_directories(out, &err) != ST_OK || dirlock_acquire(out, lock, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        return EXIT_USAGE;
    }
    struct stat st;
    if (!resume && stat(kept_dir, &st) == 0) {
        dirlock_release(*lock);
        *lock = NULL;
        return cli_usage_error("solve",
                               "%s holds an earlier solve's classes: --resume to go on with "
                               "it, or another --out",
                               out);
    }
    if (stat(kept_dir, &st) != 0 && files_make_directory(kept_dir, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        dirlock_release(*lock);
        *lock = NULL;
        return EXIT_USAGE;
    }
    return 0;
}

/* Writes the tables to path (tafl solve --tables). */
static bool put_tables(FILE *f, const void *ctx)
{
    return solve_tablefile_write(ctx, f);
}

int cmd_solve(int argc, char **argv)
{
    const char *rules_arg = NULL, *out = NULL, *threads_arg = NULL, *openings_arg = NULL;
    const char *position = NULL, *side_arg = NULL, *men_arg = NULL, *tables = NULL;
    bool resume = false;
    const Option opts[] = {{"--rules", &rules_arg, NULL},     {"--out", &out, NULL},
                           {"--threads", &threads_arg, NULL}, {"--openings", &openings_arg, NULL},
                           {"--position", &position, NULL},   {"--side", &side_arg, NULL},
                           {"--men", &men_arg, NULL},         {"--tables", &tables, NULL},
                           {"--resume", NULL, &resume}};
    long threads = 0, openings = 0, men = -1;
    if (cli_parse_options("solve", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("solve", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads) ||
        cli_int_option("solve", "--openings", openings_arg, 1, SOLVE_OPENINGS_MAX, &openings) ||
        cli_int_option("solve", "--men", men_arg, 0, 2 * RULES_MAX_SQUARES, &men))
        return EXIT_USAGE;
    if (!rules_arg)
        return cli_usage_error("solve", "missing --rules R");
    if (resume && !out)
        return cli_usage_error("solve", "--resume needs --out DIR: the directory of the solve "
                                        "to go on with");
    Rules r;
    if (!cli_load_rules("solve", rules_arg, &r))
        return EXIT_USAGE;
    const int all_men = r.start_pos.attacker_count + r.start_pos.defender_count;
    if (men < 0 || men > all_men)
        men = all_men;
    if (openings > 0 && men < all_men)
        return cli_usage_error("solve",
                               "--openings needs the start in the tables: --men %ld "
                               "leaves out the start's %d men",
                               men, all_men);
    GameState asked;
    if ((position || side_arg) && check_position(&r, (int)men, position, side_arg, &asked) != 0)
        return EXIT_USAGE;
    Error err;
    SolvePlan plan;
    if (solve_plan(&r, (int)men, SOLVE_MAX_POSITIONS, &plan, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        return EXIT_USAGE;
    }
    if (membudget_check((uint64_t)plan.bytes, "the solve's tables and work", &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        return EXIT_USAGE;
    }
    if (tables && files_check_parent(tables, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        return EXIT_USAGE;
    }
    char kept_dir[PATH_MAX];
    DirLock *lock = NULL;
    if (out && open_out(out, resume, kept_dir, sizeof kept_dir, &lock) != 0)
        return EXIT_USAGE;
    fprintf(stderr,
            "tafl solve: %s: %.0f positions (%.0f entries, the symmetries folded) in %d "
            "classes, about %.0f MB\n",
            r.opt.name, plan.positions, plan.entries, plan.classes, plan.bytes / 1e6);
    double t0 = clock_seconds();
    SolveTables *t = NULL;
    Kept kept = {kept_dir, resume, 0};
    SolveHooks hooks = {progress_hook, out ? load_class : NULL, out ? keep_class : NULL, &kept};
    if (solve_build(&r, (int)men, (int)threads, SOLVE_MAX_POSITIONS, &hooks, &t, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        dirlock_release(lock);
        return EXIT_FAILURE;
    }
    if (kept.given_back > 0)
        fprintf(stderr, "tafl solve: %d classes read back from %s, the others solved\n",
                kept.given_back, kept_dir);
    double seconds = clock_seconds() - t0;
    size_t slen = 0, clen = 0, mlen = 0;
    char *summary = summary_text(&r, t, (int)men, (int)openings, &slen);
    char *csv = classes_csv(t, &clen);
    char *meta =
        meta_text(argc, argv, threads > 0 ? (int)threads : omp_get_max_threads(), seconds, &mlen);
    fputs(summary, stdout);
    if (position || side_arg)
        cli_print_solved_position(t, position ? position : r.opt.start, &asked);
    fputs(meta, stdout);
    int rc = EXIT_SUCCESS;
    if (tables && files_write_through(tables, put_tables, t, &err) != ST_OK) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        rc = EXIT_FAILURE;
    }
    if (out && (files_replace(out, "summary.txt", summary, slen, &err) != ST_OK ||
                files_replace(out, "classes.csv", csv, clen, &err) != ST_OK ||
                files_replace(out, "meta", meta, mlen, &err) != ST_OK)) {
        fprintf(stderr, "tafl solve: %s\n", err.text);
        rc = EXIT_FAILURE;
    }
    free(summary);
    free(csv);
    free(meta);
    solve_destroy(t);
    dirlock_release(lock);
    return rc;
}
