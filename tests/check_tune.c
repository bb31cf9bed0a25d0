/* Tuning files (formats/tunefile.c), the tuner (tune/tuner.c) and plots (formats/plot.c): every
 * file error names file, line and key; grids hold the distinct values; identical agents score
 * exactly 1/2 on paired openings; results do not depend on threads; a plot is drawn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/plot.h"
#include "tests/tests.h"
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
             "check on 20 fresh pairs each: best 0.500, default (greedy) 0.500; difference +0.000 "
             "[-0.089, +0.089] (95%, Agresti-Caffo), p = 1: no significant difference from the "
             "default at 5%\n"
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
    suite_add_tcase(s, tc);
    return s;
}
