/* The experiment runner: byte-identical output at any thread count and after any resume,
 * refusal to overwrite, and errors that keep games.csv valid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/experiment.h"
#include "harness/runner.h"
#include "tests/tests.h"

static char *slurp(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)*size + 1);
    ck_assert_int_eq(fread(buf, 1, (size_t)*size, f), (size_t)*size);
    buf[*size] = '\0';
    fclose(f);
    return buf;
}

static void assert_same_file(const char *a, const char *b)
{
    long na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    ck_assert_msg(na == nb && memcmp(x, y, (size_t)na) == 0, "%s and %s differ", a, b);
    free(x);
    free(y);
}

static Experiment *load_small(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/runner/small.ini", fixture_data_dir());
    Experiment *exp = calloc(1, sizeof *exp);
    Error err = {{0}};
    ck_assert_msg(experiment_load(path, exp, &err) == ST_OK, "%s", err.text);
    return exp;
}

static Status run_into(const Experiment *exp, const char *dir, int threads, bool resume, Error *err)
{
    RunOptions opt = {
        .threads = threads, .out_dir = dir, .write_files = true, .resume = resume, .quiet = true};
    return runner_run(exp, &opt, NULL, NULL, err);
}

static void path_in(char *buf, size_t size, const char *dir, const char *file)
{
    snprintf(buf, size, "%s/%s", dir, file);
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_thread_count_does_not_change_output)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-runner-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    const int threads[] = {1, 2, 4};
    char dirs[3][600];
    for (int i = 0; i < 3; i++) {
        snprintf(dirs[i], sizeof dirs[i], "%s/t%d", base, threads[i]);
        Error err = {{0}};
        ck_assert_msg(run_into(exp, dirs[i], threads[i], false, &err) == ST_OK, "%s", err.text);
    }
    for (int i = 1; i < 3; i++) {
        char a[700], b[700];
        path_in(a, sizeof a, dirs[0], "games.csv");
        path_in(b, sizeof b, dirs[i], "games.csv");
        assert_same_file(a, b);
        path_in(a, sizeof a, dirs[0], "summary.csv");
        path_in(b, sizeof b, dirs[i], "summary.csv");
        assert_same_file(a, b);
    }
    /* 2 rulesets x (3 self + 6 round-robin pairings) x 4 games, plus the header. */
    char games[700];
    path_in(games, sizeof games, dirs[0], "games.csv");
    GameRow *rows;
    long count, valid;
    Error err;
    ck_assert_int_eq(results_games_read(games, &rows, &count, &valid, &err), ST_OK);
    ck_assert_int_eq(count, 2 * 9 * 4);
    ck_assert_str_eq(rows[4].attacker, "greedy-1");
    ck_assert_ptr_nonnull(rows[0].moves);
    results_free_rows(rows, count);
    remove_tree(base);
    free(exp);
}
END_TEST

/* Cuts games.csv after `keep` complete rows and appends a torn line, as a kill would. */
static void interrupt_after(const char *games, long keep)
{
    long size;
    char *text = slurp(games, &size);
    long offset = 0;
    for (long lines = 0; lines < keep + 1 && offset < size; offset++)
        if (text[offset] == '\n')
            lines++;
    FILE *f = fopen(games, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fwrite(text, 1, (size_t)offset, f), (size_t)offset);
    fputs("999,brandubh,\"rnd", f); /* a row cut off mid-write */
    fclose(f);
    free(text);
}

START_TEST(test_resume_after_interruption_equals_uninterrupted_run)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-resume-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char full[600], games_full[700], summary_full[700];
    snprintf(full, sizeof full, "%s/full", base);
    Error err = {{0}};
    ck_assert_msg(run_into(exp, full, 2, false, &err) == ST_OK, "%s", err.text);
    path_in(games_full, sizeof games_full, full, "games.csv");
    path_in(summary_full, sizeof summary_full, full, "summary.csv");

    const long stops[] = {0, 1, 17, 40, 71, 72};
    for (size_t k = 0; k < sizeof stops / sizeof stops[0]; k++) {
        char dir[600], games[700], summary[700];
        snprintf(dir, sizeof dir, "%s/stop%ld", base, stops[k]);
        ck_assert_msg(run_into(exp, dir, 2, false, &err) == ST_OK, "%s", err.text);
        path_in(games, sizeof games, dir, "games.csv");
        path_in(summary, sizeof summary, dir, "summary.csv");
        interrupt_after(games, stops[k]);
        unlink(summary);
        ck_assert_msg(run_into(exp, dir, 3, true, &err) == ST_OK, "stop %ld: %s", stops[k],
                      err.text);
        assert_same_file(games_full, games);
        assert_same_file(summary_full, summary);
    }
    remove_tree(base);
    free(exp);
}
END_TEST

START_TEST(test_existing_results_are_never_overwritten)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-keep-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    Error err = {{0}};
    ck_assert_int_eq(run_into(exp, base, 1, false, &err), ST_OK);
    ck_assert_int_ne(run_into(exp, base, 1, false, &err), ST_OK);
    ck_assert_msg(strstr(err.text, "already holds games: add --resume") != NULL, "%s", err.text);

    /* Another experiment's games are refused on resume, naming what changed (issue 17). */
    exp->seed = 43;
    ck_assert_int_ne(run_into(exp, base, 1, true, &err), ST_OK);
    ck_assert_msg(strstr(err.text, "resume refused: ") != NULL &&
                      strstr(err.text, "seed was '42', now '43'") != NULL,
                  "%s", err.text);
    remove_tree(base);
    free(exp);
}
END_TEST

START_TEST(test_output_path_that_is_a_file_is_an_error)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-file-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char file[600];
    snprintf(file, sizeof file, "%s/plain", base);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    Error err = {{0}};
    ck_assert_int_ne(run_into(exp, file, 1, false, &err), ST_OK);
    ck_assert_msg(strstr(err.text, "is not a directory") != NULL, "%s", err.text);
    remove_tree(base);
    free(exp);
}
END_TEST

/* Issue 7: games.csv that is a directory is named as such (not "already holds games"). */
START_TEST(test_games_csv_that_is_a_directory_is_an_error)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-dirgames-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char games[600];
    path_in(games, sizeof games, base, "games.csv");
    ck_assert_int_eq(mkdir(games, 0777), 0);
    Error err = {{0}};
    ck_assert_int_eq(run_into(exp, base, 1, true, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "games.csv: exists and is not a regular file") != NULL, "%s",
                  err.text);
    remove_tree(base);
    free(exp);
}
END_TEST

/* Issue 7: a run that fails (here a full disk: games.csv is /dev/full) leaves neither a
 * summary.csv nor a meta, not even those of an earlier finished run of the directory. */
START_TEST(test_failed_run_leaves_no_summary)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-full-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char games[600], summary[600], meta[600];
    path_in(games, sizeof games, base, "games.csv");
    path_in(summary, sizeof summary, base, "summary.csv");
    path_in(meta, sizeof meta, base, "meta");
    Error err = {{0}};
    ck_assert_msg(run_into(exp, base, 2, false, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(unlink(games), 0);
    ck_assert_int_eq(symlink("/dev/full", games), 0);
    ck_assert_int_eq(run_into(exp, base, 2, true, &err), ST_EIO);
    ck_assert_msg(strstr(err.text, "games.csv: cannot write: No space left on device") != NULL,
                  "%s", err.text);
    struct stat sb;
    ck_assert_int_ne(stat(summary, &sb), 0);
    ck_assert_int_ne(stat(meta, &sb), 0);
    remove_tree(base);
    free(exp);
}
END_TEST

/* Issue 7: more games than one run holds is refused before anything is allocated or written. */
START_TEST(test_too_many_games_is_refused)
{
    Experiment *exp = load_small();
    exp->games = 100000000; /* 2 rulesets x 9 pairings of them */
    Error err = {{0}};
    ck_assert_int_eq(run_into(exp, "/nonexistent/never-made", 1, false, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "1800000000 games: a run plays 1..10000000");
    free(exp);
}
END_TEST

START_TEST(test_game_seed_depends_on_identity_only)
{
    uint64_t a = runner_game_seed(1, "brandubh", "x", "y", 0);
    ck_assert_uint_eq(a, runner_game_seed(1, "brandubh", "x", "y", 0));
    ck_assert_uint_ne(a, runner_game_seed(1, "brandubh", "x", "y", 1));
    ck_assert_uint_ne(a, runner_game_seed(1, "brandubh", "y", "x", 0));
    ck_assert_uint_ne(a, runner_game_seed(1, "ard-ri", "x", "y", 0));
    ck_assert_uint_ne(a, runner_game_seed(2, "brandubh", "x", "y", 0));
}
END_TEST

Suite *runner_suite(void)
{
    Suite *s = suite_create("runner");
    TCase *tc = tcase_create("runner");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_thread_count_does_not_change_output);
    tcase_add_test(tc, test_resume_after_interruption_equals_uninterrupted_run);
    tcase_add_test(tc, test_existing_results_are_never_overwritten);
    tcase_add_test(tc, test_output_path_that_is_a_file_is_an_error);
    tcase_add_test(tc, test_game_seed_depends_on_identity_only);
    tcase_add_test(tc, test_games_csv_that_is_a_directory_is_an_error);
    tcase_add_test(tc, test_failed_run_leaves_no_summary);
    tcase_add_test(tc, test_too_many_games_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
