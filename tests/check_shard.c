/* Shards (harness/shard.c): the split by game number covers every game once, and merged shards give
 * the files of a single run byte for byte; merge refuses shards that are not one whole run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/experiment.h"
#include "harness/runner.h"
#include "harness/shard.h"
#include "tests/tests.h"

START_TEST(test_parse_accepts_only_i_of_n)
{
    Shard s;
    ck_assert(shard_parse("1/1", &s) && s.index == 1 && s.count == 1);
    ck_assert(shard_parse("3/3", &s) && s.index == 3 && s.count == 3);
    ck_assert(shard_parse("2/100000", &s) && s.index == 2 && s.count == SHARD_MAX);
    const char *bad[] = {
        "0/3",  "4/3", "3",  "1/0",   "-1/2", "+1/2",     " 1/2",
        "1/2 ", "1/",  "/2", "1/2/3", "a/b",  "1/100001", "99999999999999999999/3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!shard_parse(bad[i], &s), "'%s' was accepted", bad[i]);
}
END_TEST

START_TEST(test_split_covers_every_game_once)
{
    for (long n = 1; n <= 7; n++) {
        for (long total = 0; total <= 40; total++) {
            int seen[41] = {0};
            long sum = 0;
            for (long i = 1; i <= n; i++) {
                Shard s = {i, n};
                long count = shard_game_count(s, total);
                sum += count;
                for (long k = 0; k < count; k++) {
                    long g = shard_game(s, k);
                    ck_assert_msg(g >= 0 && g < total, "%ld/%ld of %ld: game %ld", i, n, total, g);
                    ck_assert_int_eq(g % n, i - 1); /* the split is by game number alone */
                    seen[g]++;
                }
            }
            ck_assert_int_eq(sum, total);
            for (long g = 0; g < total; g++)
                ck_assert_msg(seen[g] == 1, "N %ld, total %ld: game %ld played %d times", n, total,
                              g, seen[g]);
        }
    }
}
END_TEST

static Experiment *load_small(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/runner/small.ini", fixture_data_dir());
    Experiment *exp = calloc(1, sizeof *exp);
    Error err = {{0}};
    ck_assert_msg(experiment_load(path, exp, &err) == ST_OK, "%s", err.text);
    return exp;
}

static void run_shard(const Experiment *exp, const char *dir, long i, long n, int threads)
{
    RunOptions opt = {
        .threads = threads, .out_dir = dir, .write_files = true, .quiet = true, .shard = {i, n}};
    Error err = {{0}};
    ck_assert_msg(runner_run(exp, &opt, NULL, &err) == ST_OK, "%s", err.text);
}

static void assert_same_file(const char *dir_a, const char *dir_b, const char *name)
{
    char a[4096], b[4096];
    snprintf(a, sizeof a, "%s/%s", dir_a, name);
    snprintf(b, sizeof b, "%s/%s", dir_b, name);
    long na, nb;
    char *x = fixture_slurp(a, &na), *y = fixture_slurp(b, &nb);
    ck_assert_msg(na == nb && memcmp(x, y, (size_t)na) == 0, "%s and %s differ", a, b);
    free(x);
    free(y);
}

static bool exists(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat sb;
    return stat(path, &sb) == 0;
}

START_TEST(test_merged_shards_equal_a_single_run)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-shard-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char single[600], dirs[5][600];
    snprintf(single, sizeof single, "%s/single", base);
    RunOptions opt = {.threads = 2, .out_dir = single, .write_files = true, .quiet = true};
    Error err = {{0}};
    ck_assert_msg(runner_run(exp, &opt, NULL, &err) == ST_OK, "%s", err.text);

    /* 5 shards of 72 games, each at its own thread count, given to merge out of order. */
    const char *order[5];
    for (long i = 1; i <= 5; i++) {
        snprintf(dirs[i - 1], sizeof dirs[0], "%s/shard-%ld-of-5", base, i);
        run_shard(exp, dirs[i - 1], i, 5, (int)(i % 3) + 1);
        ck_assert(!exists(dirs[i - 1], "summary.csv")); /* a shard's games are not a whole */
        order[(i * 2) % 5] = dirs[i - 1];
    }
    GameRow *rows = NULL;
    long count = 0;
    ck_assert_msg(shard_merge(order, 5, base, &rows, &count, &err) == ST_OK, "%s", err.text);
    ck_assert_int_eq(count, 72);
    for (long g = 0; g < count; g++)
        ck_assert_int_eq(rows[g].game, g);
    results_free_rows(rows, count);
    assert_same_file(base, single, "games.csv");
    assert_same_file(base, single, "summary.csv");
    assert_same_file(base, single, "experiment.ini");

    /* More shards than games per shard, down to empty ones: 80 shards of 72 games. */
    char many[600];
    snprintf(many, sizeof many, "%s/many", base);
    const char **all = calloc(80, sizeof *all);
    char(*names)[700] = calloc(80, sizeof *names);
    for (long i = 1; i <= 80; i++) {
        snprintf(names[i - 1], sizeof names[0], "%s/s%ld", many, i);
        run_shard(exp, names[i - 1], i, 80, 1);
        all[i - 1] = names[i - 1];
    }
    ck_assert_msg(shard_merge(all, 80, many, NULL, NULL, &err) == ST_OK, "%s", err.text);
    assert_same_file(many, single, "games.csv");
    assert_same_file(many, single, "summary.csv");
    free(all);
    free(names);

    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
    free(exp);
}
END_TEST

/* merge fails with st and a message containing needle, and leaves no summary.csv. */
static void assert_merge_fails(const char *const *dirs, int n, const char *out, Status st,
                               const char *needle)
{
    Error err = {{0}};
    ck_assert_int_eq(shard_merge(dirs, n, out, NULL, NULL, &err), st);
    ck_assert_msg(strstr(err.text, needle) != NULL, "'%s' lacks '%s'", err.text, needle);
    ck_assert_msg(strchr(err.text, '\n') == NULL, "not one line: %s", err.text);
    ck_assert(!exists(out, "summary.csv"));
}

START_TEST(test_merge_refuses_what_is_not_one_run)
{
    Experiment *exp = load_small();
    char base[] = "/tmp/tafl-shardbad-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(base));
    char d[4][600], out[600];
    for (int i = 0; i < 4; i++)
        snprintf(d[i], sizeof d[i], "%s/d%d", base, i);
    snprintf(out, sizeof out, "%s/out", base);
    run_shard(exp, d[0], 1, 2, 1);
    run_shard(exp, d[1], 2, 2, 2);
    exp->seed = 43;
    run_shard(exp, d[2], 2, 2, 1); /* another experiment's shard 2/2 */
    exp->seed = 42;
    run_shard(exp, d[3], 2, 3, 1); /* a shard of another split */

    const char *missing[] = {d[0]};
    assert_merge_fails(missing, 1, out, ST_EINVAL, "shard 2/2 is missing");
    const char *twice[] = {d[0], d[0]};
    assert_merge_fails(twice, 2, out, ST_EINVAL, "are both shard 1/2");
    const char *mixed[] = {d[0], d[2]};
    assert_merge_fails(mixed, 2, out, ST_EINVAL, "their experiment name or seed differ");
    const char *split[] = {d[0], d[3]};
    assert_merge_fails(split, 2, out, ST_EINVAL, "their number of shards differ");

    /* Results are never overwritten: a directory whose games.csv holds games is refused. */
    const char *both[] = {d[0], d[1]};
    assert_merge_fails(both, 2, d[0], ST_EINVAL, "games.csv already holds games");
    Error err = {{0}};
    ck_assert_msg(shard_merge(both, 2, out, NULL, NULL, &err) == ST_OK, "%s", err.text);
    char summary[700];
    snprintf(summary, sizeof summary, "%s/summary.csv", out);
    ck_assert_int_eq(unlink(summary), 0);
    assert_merge_fails(both, 2, out, ST_EINVAL, "games.csv already holds games");

    /* An unfinished shard: no meta yet (a run writes it at the end), or a torn last line. */
    char path[700];
    snprintf(path, sizeof path, "%s/meta", d[1]);
    char saved[700];
    snprintf(saved, sizeof saved, "%s/meta.saved", base);
    ck_assert_int_eq(rename(path, saved), 0);
    assert_merge_fails(both, 2, out, ST_EINVAL, "no meta: not a finished shard");
    ck_assert_int_eq(rename(saved, path), 0);
    snprintf(path, sizeof path, "%s/games.csv", d[1]);
    FILE *f = fopen(path, "a");
    ck_assert_ptr_nonnull(f);
    fputs("99,\"bran", f);
    fclose(f);
    assert_merge_fails(both, 2, out, ST_EINVAL, "ends in an unfinished line");
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
    free(exp);
}
END_TEST

Suite *shard_suite(void)
{
    Suite *s = suite_create("shard");
    TCase *tc = tcase_create("shard");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_parse_accepts_only_i_of_n);
    tcase_add_test(tc, test_split_covers_every_game_once);
    tcase_add_test(tc, test_merged_shards_equal_a_single_run);
    tcase_add_test(tc, test_merge_refuses_what_is_not_one_run);
    suite_add_tcase(s, tc);
    return s;
}
