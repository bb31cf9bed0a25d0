/* Tuning files (formats/tunefile.c), the tuner (tune/tuner.c) and plots (formats/plot.c): every
 * file error names file, line and key; grids hold the distinct values; identical agents score
 * exactly 1/2 on paired openings; results do not depend on threads; a plot is drawn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/files.h"
#include "formats/plot.h"
#include "stats/spsa.h"
#include "tests/tests.h"
#include "tune/tunedir.h"
#include "tune/tuner.h"

/* Writes text to a fresh temporary file; its path goes to path (64 bytes). */
static void write_temp(const char *text, char *path)
{
    snprintf(path, 64, "/tmp/tafl-tune-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

static Status load_text(const char *text, TuneFile *t, Error *err, char *path)
{
    write_temp(text, path);
    Status st = tunefile_load(path, t, err);
    remove(path);
    return st;
}

#define HEAD "[tune]\nname = t\nagent = mcts:iterations=10\nopponent = greedy\n"

/* Each bad file and the end of its one-line error (after "PATH:"). */
static const struct {
    const char *text;
    const char *error;
} BAD[] = {
    {HEAD "colour = red\n",
     "5: key 'colour': unknown key (keys are name, seed, rules, agent, opponent, method, pairs, "
     "final_pairs, max_plies, opening_plies, iterations, a, c, A, alpha, gamma, points, output)"},
    {HEAD "pairs = 0\n", "5: key 'pairs': bad value '0' (expected an integer 1..1000000)"},
    {HEAD "method = anneal\n", "5: key 'method': bad value 'anneal' (expected spsa|grid)"},
    {HEAD "a = -1\n", "5: key 'a': bad value '-1' (expected a positive number)"},
    {HEAD "rules = chess\n", "5: key 'rules': "},
    {HEAD "name = u\n", "5: key 'name': given twice (first on line 2)"},
    {HEAD "[param.c]\nmin = 0\n", ":5: section '[param.c]': needs min and max"},
    {HEAD "[param.c]\nmin = 1\nmax = 0.5\n",
     ":5: section '[param.c]': min 1 and max 0.5 must satisfy 0 <= min < max <= 100"},
    {HEAD "[param.c]\nmin = 0.1\nmax = 1\nstart = 2\n",
     ":5: section '[param.c]': start 2 is outside [0.1, 1]"},
    {HEAD "[param.playout]\nmin = 0\nmax = 1\n",
     ":5: section '[param.playout]': agent mcts: playout is not numeric (it is a choice)"},
    {HEAD "[param.iters]\nmin = 1\nmax = 5\n", ":5: section '[param.iters]': agent mcts: unknown "
                                               "key 'iters' (keys: iterations=1000"},
    {HEAD "[param.iterations]\nmin = 1\nmax = 5\n",
     ":5: section '[param.iterations]': iterations is already set in agent = mcts:iterations=10 "
     "(line 3): leave it out there"},
    {HEAD "method = grid\n[param.c]\nmin=0\nmax=1\n[param.playout_plies]\nmin=0\nmax=9\n"
          "[param.max_nodes]\nmin=1000\nmax=9999\n",
     ":5: key 'method': grid takes one or two [param.KEY] sections, this file has 3"},
    {HEAD "[param.c]\nmin = 0\nmax = 1\n[param.c]\n",
     ":8: section '[param.c]': given twice (first on line 5)"},
    {HEAD "[params]\n",
     ":5: section '[params]': unknown section (sections are tune and param.KEY)"},
    {"name = t\n", ":1: key 'name': outside any section (keys go under [tune] or [param.KEY])"},
    {HEAD, ": no parameter to tune (a [param.KEY] section with min and max)"},
    {"[tune]\nagent = greedy\nopponent = greedy\n[param.mobility]\nmin=0\nmax=1\n",
     ": no name (name = ... under [tune])"},
    {"[tune]\nname = t\nagent = greedy\n", ": no opponent (opponent = SPEC under [tune])"},
    {"[tune]\nname = t\nagent = mcts:iters=5\nopponent = greedy\n[param.c]\nmin=0\nmax=1\n",
     ":3: key 'agent': agent mcts: unknown key 'iters'"},
    {"[tune]\nname = t\nagent = greedy\n   more\n",
     ":4: indented line (a value must fit on its key's line)"},
};

START_TEST(test_tunefile_errors_name_file_line_key)
{
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        TuneFile t;
        Error err = {{0}};
        char path[64];
        Status st = load_text(BAD[i].text, &t, &err, path);
        ck_assert_msg(st != ST_OK, "case %zu loaded", i);
        ck_assert_msg(strncmp(err.text, path, strlen(path)) == 0, "case %zu: '%s' lacks the path",
                      i, err.text);
        ck_assert_msg(strstr(err.text + strlen(path), BAD[i].error) == err.text + strlen(path) ||
                          (BAD[i].error[0] != ':' &&
                           strstr(err.text, BAD[i].error) == err.text + strlen(path) + 1),
                      "case %zu: got '%s', want '%s'", i, err.text, BAD[i].error);
        ck_assert_ptr_null(strchr(err.text, '\n'));
    }
}
END_TEST

START_TEST(test_tunefile_defaults)
{
    TuneFile t;
    Error err = {{0}};
    char path[64];
    ck_assert_msg(load_text(HEAD "iterations = 20\n[param.c]\nmin = 0.1\nmax = 1\n"
                                 "[param.playout_plies]\nmin = 300\nmax = 400\n",
                            &t, &err, path) == ST_OK,
                  "%s", err.text);
    ck_assert_int_eq(t.method, TUNE_SPSA);
    ck_assert_int_eq(t.pairs, 50);
    ck_assert_int_eq(t.final_pairs, 100);
    ck_assert_double_eq(t.A, 2.0); /* 10% of the iterations */
    ck_assert_double_eq(t.a, 0.5);
    ck_assert_double_eq(t.c, 0.1);
    ck_assert_str_eq(t.rules.name, "brandubh");
    ck_assert_int_eq(t.param_count, 2);
    ck_assert_double_eq(t.params[0].start, 0.7); /* mcts's default c, inside the range */
    ck_assert(!t.params[0].integer);
    ck_assert_double_eq(t.params[1].start, 350); /* default 200 is outside: the middle */
    ck_assert(t.params[1].integer);
}
END_TEST

START_TEST(test_tuner_spec)
{
    TuneFile t;
    memset(&t, 0, sizeof t);
    snprintf(t.agent, sizeof t.agent, "greedy");
    t.param_count = 2;
    snprintf(t.params[0].key, TUNE_KEY_MAX, "king_distance");
    snprintf(t.params[1].key, TUNE_KEY_MAX, "depth");
    t.params[1].integer = true;
    char spec[256];
    const double values[2] = {2.5, 3.4};
    tuner_spec(&t, values, spec, sizeof spec);
    ck_assert_str_eq(spec, "greedy:king_distance=2.5,depth=3");
    snprintf(t.agent, sizeof t.agent, "alphabeta:nodes=9");
    tuner_spec(&t, values, spec, sizeof spec);
    ck_assert_str_eq(spec, "alphabeta:nodes=9,king_distance=2.5,depth=3");
}
END_TEST

static void run_quiet(const TuneFile *t, int threads, TuneResult *r)
{
    TuneOptions opt = {.threads = threads, .quiet = true};
    Error err = {{0}};
    ck_assert_msg(tuner_run(t, &opt, r, &err) == ST_OK, "%s", err.text);
}

/* An integer grid keeps its distinct values; the point equal to the opponent scores exactly
 * 1/2, because both games of a pair are then the same game with the sides swapped. */
START_TEST(test_tuner_grid_pairs)
{
    TuneFile t;
    Error err = {{0}};
    char path[64];
    ck_assert_msg(load_text("[tune]\nname = g\nagent = alphabeta:tt_mb=1\n"
                            "opponent = alphabeta:depth=2,tt_mb=1\nmethod = grid\npoints = 9\n"
                            "pairs = 6\nmax_plies = 120\n[param.depth]\nmin = 1\nmax = 3\n",
                            &t, &err, path) == ST_OK,
                  "%s", err.text);
    TuneResult r;
    run_quiet(&t, 2, &r);
    ck_assert_int_eq(r.count, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(r.rows[i].iteration, i);
        ck_assert_double_eq(r.rows[i].values[0], i + 1);
        ck_assert_int_eq(r.rows[i].games, 12);
    }
    ck_assert_double_eq(r.rows[1].score, 0.5);
    ck_assert_double_eq(r.rows[1].low, 0.5);
    ck_assert_double_eq(r.rows[1].high, 0.5);
    int best = 0;
    for (int i = 1; i < 3; i++) {
        best = r.rows[i].score > r.rows[best].score ? i : best;
    }
    ck_assert_int_eq(r.best, best);
    ck_assert_ptr_nonnull(strstr(r.spec, "alphabeta:tt_mb=1,depth="));
    free(r.rows);
}
END_TEST

/* Issue 18's case: a grid whose every pair is split by side (greedy against itself is
 * deterministic, so both games of a pair are the same game with the sides swapped whatever the
 * parameter) named a best with no caveat. Now the best is checked against the default on 20
 * fresh pairs: both score exactly 1/2, and by hand (Agresti and Caffo 2000, one pair scoring 0
 * and one scoring 2 added to each): s~ = 11/22, v~ = (20 x 1/4 + 1)/22 - 1/4 = 0.0227273,
 * se = sqrt(2 v~ / 22) = 0.0454545, so difference 0 [-0.0890893, +0.0890893], p = 1: no
 * significant difference; the pairs of the check carry no information. (Two of the three
 * grid points tie at 1/2: with the tuned evaluation, king_distance = 8 moves the score.) */
START_TEST(test_tuner_best_needs_evidence)
{
    TuneFile t;
    Error err = {{0}};
    char path[64];
    ck_assert_msg(load_text("[tune]\nname = g\nagent = greedy\nopponent = greedy\nmethod = grid\n"
                            "points = 3\npairs = 20\nmax_plies = 60\nopening_plies = 0\n"
                            "[param.king_distance]\nmin = 0\nmax = 8\n",
                            &t, &err, path) == ST_OK,
                  "%s", err.text);
    TuneResult r;
    run_quiet(&t, 2, &r);
    ck_assert_int_eq(r.count, 3);
    const TuneEvidence *ev = &r.evidence;
    ck_assert_int_eq(ev->pairs, 20);
    ck_assert_int_eq(ev->best[2], 20);
    ck_assert_int_eq(ev->base[2], 20);
    ck_assert(ev->no_information);
    ck_assert_int_eq(ev->ties, 1);
    ck_assert_double_eq(ev->diff.diff, 0.0);
    ck_assert_double_eq_tol(ev->diff.low, -0.0890893, 1e-6);
    ck_assert_double_eq_tol(ev->diff.high, 0.0890893, 1e-6);
    ck_assert_double_eq_tol(ev->diff.p_value, 1.0, 1e-12);

    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    tuner_print_evidence(out, &t, &r);
    ck_assert_int_eq(fclose(out), 0);
    ck_assert_str_eq(
        buf, "best point: king_distance=0 (tied with 1 other point at 0.500: the grid cannot "
             "order them)\n"
             "tuning score 0.500 [0.500, 0.500]: the table's, over the 40 games of the search "
             "that chose it (biased upward: the highest of 3 points)\n"
             "check score on 20 fresh pairs each (games the search never saw: the unbiased one): "
             "best 0.500, default (greedy) 0.500; difference +0.000 [-0.089, +0.089] (95%, "
             "Agresti-Caffo), p = 1: no significant difference from the default at 5%\n"
             "warning: 2 of 3 rows had every pair score the same, so their intervals above have "
             "zero width: that is no evidence of precision\n"
             "warning: every pair of the check scored 1 of 2 (each game went to its side, or both "
             "were drawn): the games measure the sides, not the parameters; try more "
             "opening_plies, a longer max_plies or a more balanced ruleset\n");
    free(buf);
    free(r.rows);
}
END_TEST

/* SPSA: one row per iteration plus the final check; the same at any thread count. */
START_TEST(test_tuner_spsa_thread_invariant)
{
    TuneFile t;
    Error err = {{0}};
    char path[64];
    ck_assert_msg(load_text("[tune]\nname = s\nagent = greedy\nopponent = greedy\npairs = 6\n"
                            "iterations = 3\nfinal_pairs = 5\nmax_plies = 100\n"
                            "[param.king_distance]\nmin = 0\nmax = 20\n"
                            "[param.mobility]\nmin = 0\nmax = 5\nstart = 2\n",
                            &t, &err, path) == ST_OK,
                  "%s", err.text);
    TuneResult a, b;
    run_quiet(&t, 1, &a);
    run_quiet(&t, 3, &b);
    ck_assert_int_eq(a.count, 4);
    ck_assert_int_eq(a.best, 3);
    ck_assert_int_eq(a.rows[3].iteration, 3);
    ck_assert_int_eq(a.rows[3].games, 10);
    ck_assert_int_eq(a.rows[0].games, 24);         /* both points of iteration 0 */
    ck_assert_double_eq(a.rows[0].values[0], 0.7); /* greedy's default king_distance */
    ck_assert_double_eq(a.rows[0].values[1], 2);   /* start */
    ck_assert_int_eq(a.count, b.count);
    for (int i = 0; i < a.count; i++) {
        ck_assert_double_eq(a.rows[i].score, b.rows[i].score);
        ck_assert_double_eq(a.rows[i].values[0], b.rows[i].values[0]);
        ck_assert_double_eq(a.rows[i].values[1], b.rows[i].values[1]);
    }
    ck_assert_str_eq(a.spec, b.spec);
    /* The best's check against the default: final_pairs each, the same at any thread count. */
    ck_assert_int_eq(a.evidence.pairs, 5);
    ck_assert(memcmp(a.evidence.best, b.evidence.best, sizeof a.evidence.best) == 0);
    ck_assert(memcmp(a.evidence.base, b.evidence.base, sizeof a.evidence.base) == 0);
    ck_assert_double_eq(a.evidence.diff.p_value, b.evidence.diff.p_value);
    free(a.rows);
    free(b.rows);
}
END_TEST

/* A figure through gnuplot: both files exist and are not empty (skipped without gnuplot). */
START_TEST(test_plot_draws_png_and_svg)
{
    char dir[] = "/tmp/tafl-plot-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    bool drawn = false;
    Error err = {{0}};
    Status st = plot_render(dir, "fig", "a test", "$d << EOD\n0 0.5\n1 0.7\nEOD\n",
                            "set title \"x_y\"\nplot $d using 1:2 with lines title \"a\\\"b\"\n",
                            &drawn, &err);
    ck_assert_msg(st == ST_OK, "%s", err.text);
    char path[128];
    struct stat sb;
    snprintf(path, sizeof path, "%s/fig.gp", dir);
    ck_assert_int_eq(stat(path, &sb), 0);
    if (!plot_available()) {
        fprintf(stderr, "check_tune: gnuplot not found: plot test skipped (make deps installs "
                        "gnuplot-nox)\n");
        ck_assert(!drawn);
    } else {
        ck_assert(drawn);
        const char *ext[2] = {"png", "svg"};
        for (int i = 0; i < 2; i++) {
            snprintf(path, sizeof path, "%s/fig.%s", dir, ext[i]);
            ck_assert_int_eq(stat(path, &sb), 0);
            ck_assert_int_gt(sb.st_size, 1000);
            remove(path);
        }
    }
    snprintf(path, sizeof path, "%s/fig.gp", dir);
    remove(path);
    /* A script gnuplot rejects is an error, not a silent empty figure. */
    if (plot_available()) {
        st = plot_render(dir, "bad", "bad", "", "plot $nothing using 1:2\n", &drawn, &err);
        ck_assert_int_eq(st, ST_EIO);
        ck_assert_ptr_nonnull(strstr(err.text, "gnuplot failed"));
        snprintf(path, sizeof path, "%s/bad.gp", dir);
        remove(path);
        snprintf(path, sizeof path, "%s/bad.png", dir);
        remove(path);
    }
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- resuming (issue 17): a cut run goes on to the bytes of an uninterrupted one ---- */

/* A smooth objective without noise: a resumed run sees exactly the values a whole run does. */
static double bowl(void *ctx, const double *theta, int p)
{
    (void)ctx;
    double s = 0;
    for (int i = 0; i < p; i++) {
        s -= (theta[i] - 0.3 * (i + 1)) * (theta[i] - 0.3 * (i + 1));
    }
    return s;
}

typedef struct {
    int stop;            /* the iteration whose point is kept */
    double kept[3];      /* theta after iteration stop */
    double after[12][3]; /* theta after each iteration */
} Kept;

static void keep_theta(void *ctx, int k, const double *theta, int p, double estimate)
{
    Kept *kp = ctx;
    (void)estimate;
    memcpy(kp->after[k], theta, (size_t)p * sizeof *theta);
    if (k == kp->stop) {
        memcpy(kp->kept, theta, (size_t)p * sizeof *theta);
    }
}

/* Stopping SPSA after iteration 4 and starting again at 5 from the point it left gives the
 * iterates, to the bit, of one run of 12 iterations: iteration k's perturbation is the k-th of
 * the seed's stream either way. */
START_TEST(test_spsa_resume_exact)
{
    const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
    SpsaParams sp = spsa_params(12, 0.3, 0.1, 1, 99);
    sp.lower = lo;
    sp.upper = hi;
    double whole[3] = {0.9, 0.1, 0.5}, part[3] = {0.9, 0.1, 0.5};
    Kept a = {.stop = 4}, b = {.stop = -1};
    spsa_run(&sp, whole, 3, bowl, NULL, keep_theta, &a);
    memcpy(part, a.kept, sizeof part);
    sp.first = 5;
    spsa_run(&sp, part, 3, bowl, NULL, keep_theta, &b);
    ck_assert(memcmp(whole, part, sizeof whole) == 0);
    for (int k = 5; k < 12; k++) {
        ck_assert(memcmp(a.after[k], b.after[k], sizeof a.after[k]) == 0);
    }
    /* and the point did move, so the check means something */
    ck_assert(whole[0] != 0.9 || whole[1] != 0.1);
}
END_TEST

/* A tuning file written to dir/name (kept: the run copies it). */
static void load_kept(const char *dir, const char *text, TuneFile *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/tune-src.ini", dir);
    Error err = {{0}};
    ck_assert_int_eq(files_write(path, text, strlen(text), &err), ST_OK);
    ck_assert_msg(tunefile_load(path, t, &err) == ST_OK, "%s", err.text);
}

static Status run_into(const TuneFile *t, const char *out, int threads, bool resume, TuneResult *r,
                       Error *err)
{
    TuneOptions opt = {.threads = threads,
                       .out_dir = out,
                       .write_files = true,
                       .quiet = true,
                       .resume = resume,
                       .command = "check_tune"};
    return tuner_run(t, &opt, r, err);
}

static char *slurp(const char *dir, const char *file, size_t *size)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *text = files_read(path, size);
    ck_assert_msg(text != NULL, "%s: cannot read", path);
    return text;
}

/* Writes the first `keep` lines of text (and `torn` bytes of the next) to dir/file. */
static void cut_file(const char *dir, const char *file, const char *text, int keep, int torn)
{
    const char *p = text;
    for (int i = 0; i < keep && strchr(p, '\n'); i++) {
        p = strchr(p, '\n') + 1;
    }
    if ((size_t)torn > strlen(p)) {
        torn = (int)strlen(p);
    }
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    Error err = {{0}};
    ck_assert_int_eq(files_write(path, text, (size_t)(p - text) + (size_t)torn, &err), ST_OK);
}

static void remove_tree(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

#define SPSA_TEXT                                                                                  \
    "[tune]\nname = r\nagent = mcts:iterations=40\nopponent = mcts:iterations=40\npairs = 2\n"     \
    "iterations = 5\nfinal_pairs = 2\nmax_plies = 100\nopening_plies = 6\na = 2\n"                 \
    "[param.c]\nmin = 0.1\nmax = 2\n[param.playout_plies]\nmin = 5\nmax = 40\n"

/* Checks that a cut copy of the finished tuning in `whole` resumes to its bytes: tune.state
 * keeps `state_rows` whole rows and a torn part of the next, tune.csv `csv_rows` (a run killed
 * between the two files' lines has one more row in tune.state). */
static void check_resume(const TuneFile *t, const char *whole, const TuneResult *a, int state_rows,
                         int csv_rows, int threads)
{
    char cut[] = "/tmp/tafl-tune-cut-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(cut));
    size_t n;
    const char *copy[] = {"setup", "tune.ini", "meta"};
    for (int i = 0; i < 3; i++) {
        char *text = slurp(whole, copy[i], &n);
        cut_file(cut, copy[i], text, 1000000, 0);
        free(text);
    }
    char rules[256];
    snprintf(rules, sizeof rules, "%s/rulesets", cut);
    Error err = {{0}};
    ck_assert_int_eq(files_make_directories(rules, &err), ST_OK);
    char *text = slurp(whole, "rulesets/brandubh.rules", &n);
    cut_file(cut, "rulesets/brandubh.rules", text, 1000000, 0);
    free(text);
    char *state = slurp(whole, TUNEDIR_STATE, &n);
    char *csv = slurp(whole, TUNEDIR_CSV, &n);
    cut_file(cut, TUNEDIR_STATE, state, state_rows, 7);
    cut_file(cut, TUNEDIR_CSV, csv, csv_rows + 1, 3);

    TuneResult b;
    ck_assert_msg(run_into(t, cut, threads, true, &b, &err) == ST_OK, "%s", err.text);
    size_t m;
    char *state2 = slurp(cut, TUNEDIR_STATE, &m);
    ck_assert_str_eq(state2, state);
    char *csv2 = slurp(cut, TUNEDIR_CSV, &m);
    ck_assert_str_eq(csv2, csv);
    ck_assert_int_eq(b.count, a->count);
    ck_assert_int_eq(b.best, a->best);
    ck_assert_str_eq(b.spec, a->spec);
    ck_assert(memcmp(b.rows, a->rows, (size_t)a->count * sizeof *a->rows) == 0);
    ck_assert(memcmp(&b.evidence, &a->evidence, sizeof b.evidence) == 0);
    char *meta = slurp(cut, "meta", &m);
    char want[64];
    snprintf(want, sizeof want, "\nrows_resumed %d\n", state_rows);
    ck_assert_ptr_nonnull(strstr(meta, want));
    ck_assert_ptr_nonnull(strstr(meta, "\nstate finished\n"));
    free(meta);
    free(csv2);
    free(state2);
    free(csv);
    free(state);
    free(b.rows);
    remove_tree(cut);
}

/* SPSA cut after 2 iterations (and a torn third), or between the two files' lines, or with no
 * row at all, resumes at another thread count to the bytes of the whole run. */
START_TEST(test_tuner_spsa_resume_identical)
{
    char dir[] = "/tmp/tafl-tune-whole-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    TuneFile t;
    load_kept(dir, SPSA_TEXT, &t);
    char whole[300];
    snprintf(whole, sizeof whole, "%s/out", dir);
    TuneResult a;
    Error err = {{0}};
    ck_assert_msg(run_into(&t, whole, 1, false, &a, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(a.count, 6);
    /* the search moved, so the exact point in tune.state matters */
    ck_assert(a.rows[5].values[0] != a.rows[0].values[0]);
    check_resume(&t, whole, &a, 2, 2, 3);
    check_resume(&t, whole, &a, 3, 2, 2);
    check_resume(&t, whole, &a, 0, 0, 1);
    check_resume(&t, whole, &a, 5, 5, 2); /* only the final check is left */
    free(a.rows);
    remove_tree(dir);
}
END_TEST

START_TEST(test_tuner_grid_resume_identical)
{
    char dir[] = "/tmp/tafl-tune-grid-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    TuneFile t;
    load_kept(dir,
              "[tune]\nname = g\nagent = mcts:iterations=30\nopponent = mcts:iterations=30\n"
              "method = grid\npoints = 3\npairs = 2\nmax_plies = 80\n[param.c]\nmin = 0.2\n"
              "max = 2\n[param.playout_plies]\nmin = 5\nmax = 30\n",
              &t);
    char whole[300];
    snprintf(whole, sizeof whole, "%s/out", dir);
    TuneResult a;
    Error err = {{0}};
    ck_assert_msg(run_into(&t, whole, 2, false, &a, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(a.count, 9);
    check_resume(&t, whole, &a, 4, 3, 1);
    check_resume(&t, whole, &a, 9, 9, 1);
    free(a.rows);
    remove_tree(dir);
}
END_TEST

/* The directory records the tuning; a directory with rows needs --resume; a resume with other
 * settings is refused with one line naming the change, and no file changes. */
START_TEST(test_tuner_record_and_refusals)
{
    char dir[] = "/tmp/tafl-tune-rec-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    const char *text = "[tune]\nname = s\nagent = greedy\nopponent = greedy\npairs = 3\n"
                       "iterations = 2\nfinal_pairs = 2\nmax_plies = 60\nseed = 77\n"
                       "[param.king_distance]\nmin = 0\nmax = 20\n";
    TuneFile t;
    load_kept(dir, text, &t);
    char out[300];
    snprintf(out, sizeof out, "%s/out", dir);
    TuneResult a;
    Error err = {{0}};
    ck_assert_msg(run_into(&t, out, 1, false, &a, &err) == ST_OK, "%s", err.text);
    free(a.rows);
    size_t n;
    char *copy = slurp(out, TUNEDIR_FILE, &n);
    ck_assert_str_eq(copy, text);
    free(copy);
    char *rules = slurp(out, "rulesets/brandubh.rules", &n);
    ck_assert_ptr_nonnull(strstr(rules, "max_plies = 60\n"));
    free(rules);
    char *setup = slurp(out, "setup", &n);
    ck_assert_ptr_nonnull(strstr(setup, "\nseed 77\n"));
    ck_assert_ptr_nonnull(strstr(setup, "\npairs 3\n"));
    free(setup);
    char *meta = slurp(out, "meta", &n);
    const char *keys[] = {"tool tafl ",         "\ngit_revision ", "\nsource_hash ",
                          "\nbench_quick ",     "\nseed 77\n",     "\ncommand check_tune\n",
                          "\nthreads 1\n",      "\nstart ",        "\nend 2",
                          "\nstate finished\n", "\nrows_done 3\n"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        ck_assert_msg(strstr(meta, keys[i]) != NULL, "meta lacks '%s'", keys[i]);
    }
    free(meta);

    char *csv = slurp(out, TUNEDIR_CSV, &n), *state = slurp(out, TUNEDIR_STATE, &n);
    ck_assert_int_eq(run_into(&t, out, 1, false, &a, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "tune.csv already exists"));
    ck_assert_ptr_nonnull(strstr(err.text, "add --resume"));
    t.pairs = 4;
    ck_assert_int_eq(run_into(&t, out, 1, true, &a, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "resume refused: "));
    ck_assert_ptr_nonnull(strstr(err.text, "/out/setup: pairs was '3', now '4'"));
    ck_assert_ptr_null(strchr(err.text, '\n'));
    t.pairs = 3;
    t.params[0].max = 19;
    ck_assert_int_eq(run_into(&t, out, 1, true, &a, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "param.king_distance.max was '20', now '19'"));
    t.params[0].max = 20;
    t.rules.edge_fort = !t.rules.edge_fort;
    ck_assert_int_eq(run_into(&t, out, 1, true, &a, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "ruleset brandubh: edge_fort was"));
    t.rules.edge_fort = !t.rules.edge_fort;
    char *csv2 = slurp(out, TUNEDIR_CSV, &n), *state2 = slurp(out, TUNEDIR_STATE, &n);
    ck_assert_str_eq(csv2, csv);
    ck_assert_str_eq(state2, state);
    free(csv2);
    free(state2);
    /* the same settings go on (here: nothing is left but the check against the default) */
    ck_assert_msg(run_into(&t, out, 2, true, &a, &err) == ST_OK, "%s", err.text);
    csv2 = slurp(out, TUNEDIR_CSV, &n);
    ck_assert_str_eq(csv2, csv);
    free(csv2);
    free(a.rows);
    free(csv);
    free(state);
    remove_tree(dir);
}
END_TEST

Suite *tune_suite(void)
{
    Suite *s = suite_create("tune");
    TCase *tc = tcase_create("tune");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_tunefile_errors_name_file_line_key);
    tcase_add_test(tc, test_tunefile_defaults);
    tcase_add_test(tc, test_tuner_spec);
    tcase_add_test(tc, test_tuner_grid_pairs);
    tcase_add_test(tc, test_tuner_best_needs_evidence);
    tcase_add_test(tc, test_tuner_spsa_thread_invariant);
    tcase_add_test(tc, test_plot_draws_png_and_svg);
    tcase_add_test(tc, test_spsa_resume_exact);
    tcase_add_test(tc, test_tuner_spsa_resume_identical);
    tcase_add_test(tc, test_tuner_grid_resume_identical);
    tcase_add_test(tc, test_tuner_record_and_refusals);
    suite_add_tcase(s, tc);
    return s;
}
