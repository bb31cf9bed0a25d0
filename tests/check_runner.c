/* The experiment runner: byte-identical output at any thread count and after any resume,
 * refusal to overwrite, errors that keep games.csv valid, and the stopping rules (SPRT, width). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/experiment.h"
#include "harness/race.h"
#include "harness/runner.h"
#include "rules/ruleset.h"
#include "stats/balance.h"
#include "stats/ratings.h"
#include "stats/stats.h"
#include "tests/tests.h"

static void assert_same_file(const char *a, const char *b)
{
    long na, nb;
    char *x = fixture_slurp(a, &na), *y = fixture_slurp(b, &nb);
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
    return runner_run(exp, &opt, NULL, err);
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
    char *text = fixture_slurp(games, &size);
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

/* ------------------------------------------------------------------------------------------
 * Stopping rules: the SPRT judges pairs in pair order and stops at the first pair that crosses
 * a bound, whatever the thread count; width-stopped runs play a prefix of each pairing's full
 * run and stop exactly where the interval rule says. */

/* runner_run with the stopping rule `kind` (and SPRT params p), its rows (when rows is not
 * NULL) and SPRT outcome handed back. */
static Status rows_run(const Experiment *e, const RunOptions *opt, RunStopKind kind,
                       const SprtParams *p, GameRow **rows, long *count, Error *err)
{
    RunOptions o = *opt;
    o.stop.kind = kind;
    if (p)
        o.stop.sprt = *p;
    RunResult res = {.keep_rows = rows != NULL};
    Status st = runner_run(e, &o, &res, err);
    if (st == ST_OK && rows) {
        *rows = res.rows;
        *count = res.count;
        res.rows = NULL;
    }
    runner_result_free(&res);
    return st;
}

static Status sprt_run(const Experiment *e, const RunOptions *opt, const SprtParams *p,
                       SprtOutcome *out, GameRow **rows, long *count, Error *err)
{
    RunOptions o = *opt;
    o.stop.kind = RUN_STOP_SPRT;
    o.stop.sprt = *p;
    RunResult res = {.keep_rows = rows != NULL};
    Status st = runner_run(e, &o, &res, err);
    *out = res.sprt;
    if (st == ST_OK && rows) {
        *rows = res.rows;
        *count = res.count;
        res.rows = NULL;
    }
    runner_result_free(&res);
    return st;
}

static Status width_run(const Experiment *e, const RunOptions *opt, GameRow **rows, long *count,
                        Error *err)
{
    return rows_run(e, opt, RUN_STOP_WIDTH, NULL, rows, count, err);
}

/* An experiment of one or two rulesets and the given agents (name, spec pairs), no pairings. */
static Experiment *make_exp(int rulesets, int agents, const char *const specs[][2], int games)
{
    Experiment *e = calloc(1, sizeof *e);
    snprintf(e->name, sizeof e->name, "seq-test");
    e->seed = 7;
    e->games = games;
    e->max_plies = 200;
    e->opening_plies = 4;
    e->check_every = RUNNER_CHECK_EVERY;
    const char *names[2] = {"brandubh", "ard-ri"};
    for (int i = 0; i < rulesets; i++) {
        e->rulesets[i] = *ruleset_preset_find(names[i]);
    }
    e->ruleset_count = rulesets;
    for (int i = 0; i < agents; i++) {
        snprintf(e->agents[i].name, sizeof e->agents[i].name, "%s", specs[i][0]);
        snprintf(e->agents[i].spec, sizeof e->agents[i].spec, "%s", specs[i][1]);
    }
    e->agent_count = agents;
    return e;
}

static Experiment *sprt_exp(int games)
{
    static const char *const specs[][2] = {{"ab", "alphabeta:depth=1"}, {"gr", "greedy"}};
    Experiment *e = make_exp(1, 2, specs, games);
    e->pairings[0] = (Pairing){0, 1};
    e->pairings[1] = (Pairing){1, 0};
    e->pairing_count = 2;
    return e;
}

static void run_sprt(const Experiment *e, const SprtParams *p, int threads, SprtOutcome *out,
                     GameRow **rows, long *count)
{
    RunOptions opt = {.threads = threads, .quiet = true};
    Error err = {{0}};
    ck_assert_msg(sprt_run(e, &opt, p, out, rows, count, &err) == ST_OK, "%s", err.text);
}

static void assert_same_rows(const GameRow *a, long na, const GameRow *b, long nb)
{
    ck_assert_int_eq(na, nb);
    for (long i = 0; i < na; i++) {
        ck_assert_int_eq(a[i].game, b[i].game);
        ck_assert_str_eq(a[i].attacker, b[i].attacker);
        ck_assert_uint_eq(a[i].seed, b[i].seed);
        ck_assert_int_eq(a[i].winner, b[i].winner);
        ck_assert_int_eq(a[i].plies, b[i].plies);
    }
}

/* The SPRT recounted from its rows: pairs are (A attacks, B attacks) on one seed; the counts,
 * the LLR and the stop are those of judging the pairs one by one. */
START_TEST(test_sprt_stops_at_first_crossing_any_threads)
{
    Experiment *e = sprt_exp(2000);
    SprtParams p = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    SprtOutcome o1, o3;
    GameRow *r1, *r3;
    long n1, n3;
    run_sprt(e, &p, 1, &o1, &r1, &n1);
    run_sprt(e, &p, 3, &o3, &r3, &n3);
    assert_same_rows(r1, n1, r3, n3);
    ck_assert(memcmp(o1.counts, o3.counts, sizeof o1.counts) == 0);
    ck_assert_double_eq(o1.llr, o3.llr);
    ck_assert_int_ne(o1.decision, 0); /* depth 1 against greedy decides well before 2000 games */
    ck_assert_int_eq(n1, 2 * o1.pairs);

    long counts[5] = {0};
    for (long k = 0; k < o1.pairs; k++) {
        const GameRow *g1 = &r1[2 * k], *g2 = &r1[2 * k + 1];
        ck_assert_str_eq(g1->attacker, "ab");
        ck_assert_str_eq(g2->attacker, "gr");
        ck_assert_uint_eq(g1->seed, g2->seed);
        ck_assert_uint_eq(g1->seed, runner_game_seed(7, "brandubh", "ab", "gr", k));
        int twice = (g1->winner == WINNER_ATTACKERS ? 2
                     : g1->winner == WINNER_DRAW    ? 1
                                                    : 0) +
                    (g2->winner == WINNER_DEFENDERS ? 2
                     : g2->winner == WINNER_DRAW    ? 1
                                                    : 0);
        counts[twice]++;
        int decision = sprt_decision(&p, sprt_llr_pentanomial(&p, counts));
        ck_assert_int_eq(decision, k + 1 == o1.pairs ? o1.decision : 0);
    }
    ck_assert(memcmp(counts, o1.counts, sizeof counts) == 0);
    ck_assert_double_eq_tol(o1.llr, sprt_llr_pentanomial(&p, counts), 1e-12);
    double lower, upper, elo, low, high;
    sprt_bounds(&p, &lower, &upper);
    ck_assert_double_eq(o1.lower, lower);
    ck_assert_double_eq(o1.upper, upper);
    sprt_elo_pentanomial(counts, &elo, &low, &high);
    ck_assert_double_eq(o1.elo, elo);
    results_free_rows(r1, n1);
    results_free_rows(r3, n3);
    free(e);
}
END_TEST

/* Without a decision the SPRT ends at the game limit: games / 2 pairs. */
START_TEST(test_sprt_game_limit)
{
    Experiment *e = sprt_exp(11);
    SprtParams p = {.elo0 = -500, .elo1 = 500, .alpha = 0.01, .beta = 0.01};
    SprtOutcome o;
    GameRow *rows;
    long n;
    run_sprt(e, &p, 2, &o, &rows, &n);
    ck_assert_int_eq(o.pairs, 5);
    ck_assert_int_eq(n, 10);
    ck_assert_int_eq(o.decision, 0);
    results_free_rows(rows, n);

    /* Not two agents attacking each other: refused. */
    e->pairings[1] = (Pairing){0, 1};
    RunOptions opt = {.threads = 1, .quiet = true};
    Error err = {{0}};
    ck_assert_int_eq(sprt_run(e, &opt, &p, &o, NULL, NULL, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "two agents, each attacking the other"));
    free(e);
}
END_TEST

static Experiment *width_exp(void)
{
    static const char *const specs[][2] = {{"rnd", "random"}, {"gr", "greedy"}};
    Experiment *e = make_exp(2, 2, specs, 120);
    e->pairings[0] = (Pairing){0, 0};
    e->pairings[1] = (Pairing){1, 1};
    e->pairings[2] = (Pairing){0, 1};
    e->pairing_count = 3;
    e->max_width = 0.2;
    e->check_every = 20;
    e->min_games = 40;
    return e;
}

/* The games a pairing plays under the width rule, from its full run: it stops at the first
 * check (every 20 games) from min_games on where its results are not all alike and its score
 * interval is narrower than max_width, or at the end. */
static long expected_stop(const GameRow *ref, long games, long every, long min_games, double width)
{
    long wdl[3] = {0};
    for (long k = 1; k <= games; k++) {
        Winner w = ref[k - 1].winner;
        wdl[w == WINNER_ATTACKERS ? 0 : w == WINNER_DRAW ? 1 : 2]++;
        ScoreEstimate est;
        stats_score(wdl[0], wdl[1], wdl[2], RATINGS_Z95, &est);
        bool varied = wdl[0] < k && wdl[1] < k && wdl[2] < k;
        if (k % every == 0 && k >= min_games && varied && est.high - est.low < width) {
            return k;
        }
    }
    return games;
}

/* Each pairing's games are the first games of its full run (same seeds, same results), it
 * stops exactly where the rule says, and the rows do not depend on the thread count. */
START_TEST(test_width_prefix_and_stop)
{
    Experiment *e = width_exp();
    RunOptions opt = {.threads = 2, .quiet = true};
    GameRow *rows, *full, *rows1;
    long n, nfull, n1;
    Error err = {{0}};
    ck_assert_msg(width_run(e, &opt, &rows, &n, &err) == ST_OK, "%s", err.text);
    opt.threads = 1;
    ck_assert_msg(width_run(e, &opt, &rows1, &n1, &err) == ST_OK, "%s", err.text);
    assert_same_rows(rows, n, rows1, n1);
    ck_assert_msg(rows_run(e, &opt, RUN_STOP_COUNT, NULL, &full, &nfull, &err) == ST_OK, "%s",
                  err.text);
    ck_assert_int_eq(nfull, 2 * 3 * 120);
    long early = 0;
    for (int rs = 0; rs < 2; rs++) {
        for (int pr = 0; pr < 3; pr++) {
            const char *rules = e->rulesets[rs].name;
            const char *att = e->agents[e->pairings[pr].attacker].name;
            const char *def = e->agents[e->pairings[pr].defender].name;
            /* In the full run a pairing's games are contiguous, in index order. */
            const GameRow *ref = &full[((long)rs * 3 + pr) * 120];
            long want = expected_stop(ref, 120, 20, e->min_games, e->max_width), k = 0;
            for (long i = 0; i < n; i++) {
                if (strcmp(rows[i].rules, rules) == 0 && strcmp(rows[i].attacker, att) == 0 &&
                    strcmp(rows[i].defender, def) == 0) {
                    ck_assert_uint_eq(rows[i].seed, ref[k].seed);
                    ck_assert_int_eq(rows[i].winner, ref[k].winner);
                    ck_assert_int_eq(rows[i].plies, ref[k].plies);
                    k++;
                }
            }
            ck_assert_msg(k == want, "%s %s vs %s: %ld games, want %ld", rules, att, def, k, want);
            early += want < 120;
        }
    }
    ck_assert_int_gt(early, 0); /* the test means something: some pairing stopped early */
    ck_assert_int_lt(early, 6); /* and some did not */
    for (long i = 0; i < n; i++) {
        ck_assert_int_eq(rows[i].game, i); /* numbered in play order */
    }
    results_free_rows(rows, n);
    results_free_rows(rows1, n1);
    results_free_rows(full, nfull);
    free(e);
}
END_TEST

/* Feeds `wins` attackers' wins and `losses` losses of candidate r, pairing p into s. */
static void feed(DesignState *s, int r, int p, int wins, int losses)
{
    for (int i = 0; i < wins; i++)
        design_state_add(s, r, p, WINNER_ATTACKERS);
    for (int i = 0; i < losses; i++)
        design_state_add(s, r, p, WINNER_DEFENDERS);
}

/* The design search's state machine on a synthetic family (harness/race.h). Three
 * candidates, rounds of 20 games, at most 40. Round 1: a 10-10 (distance 0, folded Wilson
 * [0, 0.2007]), b 20-0 (0.5, [0.3389, 0.5]), c 11-9 (0.05). b against a: MOVER lower bound
 * 0.5 - sqrt(0.1611^2 + 0.2007^2) = 0.2426 > 0, far below 5% after Holm over 2; c's interval
 * holds 0. So b falls in round 1; a and c play round 2 (games [20, 40)), then the race ends at
 * its game limit and the survivors alone play the confirmation round of 10 games. With a
 * budget of 70 race games the second round (60 + 2 x 20 = 100) is not started. */
START_TEST(test_design_state_machine)
{
    static const char *const specs[][2] = {{"r", "random"}, {"g", "greedy"}};
    Experiment *e = make_exp(1, 2, specs, 40);
    for (int i = 0; i < 3; i++) {
        e->rulesets[i] = *ruleset_preset_find("brandubh");
        snprintf(e->rulesets[i].name, sizeof e->rulesets[i].name, "%c", 'a' + i);
    }
    e->ruleset_count = 3;
    e->kind = EXPERIMENT_DESIGN;
    e->check_every = 20;
    e->confirm_games = 10;
    e->margin = 0.05;
    e->pairings[0] = (Pairing){0, 0};
    e->pairings[1] = (Pairing){1, 1};
    e->pairing_count = 2;
    Error err = {{0}};
    ck_assert_msg(design_check(e, &err) == ST_OK, "%s", err.text);
    DesignState s;
    design_state_init(&s, e);
    ck_assert(s.phase == DESIGN_RACE && s.from == 0 && s.to == 20);
    feed(&s, 0, 0, 10, 10);
    feed(&s, 1, 0, 20, 0);
    feed(&s, 2, 0, 11, 9);
    design_state_next(&s, e);
    ck_assert_int_eq(s.rounds, 1);
    ck_assert_int_eq(s.best, 0);
    ck_assert(s.alive[0] && !s.alive[1] && s.alive[2]);
    ck_assert_int_eq(s.dropped[1], 1);
    ck_assert(s.phase == DESIGN_RACE && s.from == 20 && s.to == 40);
    ck_assert(design_state_plays(&s, 2, 0) && !design_state_plays(&s, 1, 0));
    feed(&s, 0, 0, 10, 10);
    feed(&s, 2, 0, 10, 10);
    design_state_next(&s, e);
    ck_assert(s.end == DESIGN_END_ROUNDS && s.phase == DESIGN_CONFIRM);
    ck_assert(s.from == 0 && s.to == 10);
    ck_assert(design_state_plays(&s, 0, 1) && !design_state_plays(&s, 1, 1) &&
              !design_state_plays(&s, 0, 0));
    ck_assert_int_eq(s.race_games, 100);
    feed(&s, 0, 1, 5, 5);
    feed(&s, 2, 1, 5, 5);
    design_state_next(&s, e);
    ck_assert(s.phase == DESIGN_DONE && !design_state_plays(&s, 0, 1));
    design_state_free(&s);

    e->budget = 70;
    design_state_init(&s, e);
    feed(&s, 0, 0, 10, 10);
    feed(&s, 1, 0, 20, 0);
    feed(&s, 2, 0, 11, 9);
    design_state_next(&s, e);
    ck_assert(s.end == DESIGN_END_BUDGET && s.phase == DESIGN_CONFIRM);
    design_state_free(&s);

    /* One agent: no confirmation; a search of one candidate left ends at once. */
    e->budget = 0;
    e->pairing_count = 1;
    e->agent_count = 1;
    design_state_init(&s, e);
    feed(&s, 0, 0, 10, 10);
    feed(&s, 1, 0, 20, 0);
    feed(&s, 2, 0, 20, 0);
    design_state_next(&s, e);
    ck_assert(s.end == DESIGN_END_ONE && s.phase == DESIGN_DONE);
    ck_assert(s.alive[0] && !s.alive[1] && !s.alive[2]);
    design_state_free(&s);
    /* Three agents are not a design. */
    e->agent_count = 3;
    ck_assert_int_eq(design_check(e, &err), ST_EINVAL);
    free(e);
}
END_TEST

/* The knob's limits race apart from the rule changes. Candidates: the base a (brandubh capped
 * at 300 plies, the limit a draw), a rule change b (corners = no), and two knob points c, d
 * (the base with max_plies 40 and 80 won by the attackers); rounds of 40 games. Round 1:
 * a 40-0 (distance 0.5, folded Wilson [0.412, 0.5]), b 32-8 (0.3, [0.152, 0.395]), c 20-20
 * (0, [0, 0.148]), d 39-1. Raced as one family, c (whose knob can always be set near 1/2)
 * would drop b, the best rule change, with a and d. Apart, b is the best of the rule changes
 * and drops a (MOVER's lower bound 0.2 - sqrt(0.088^2 + 0.095^2) = 0.071 > 0), c the best of
 * the limits and drops d; one candidate is left in each group, which ends the race. */
START_TEST(test_design_knob_races_apart)
{
    static const char *const specs[][2] = {{"r", "random"}};
    Experiment *e = make_exp(1, 1, specs, 80);
    Ruleset base = *ruleset_preset_find("brandubh");
    base.max_plies = 300;
    base.limit_result = LIMIT_RESULT_DRAW;
    for (int i = 0; i < 4; i++) {
        e->rulesets[i] = base;
        snprintf(e->rulesets[i].name, sizeof e->rulesets[i].name, "%c", 'a' + i);
    }
    e->rulesets[1].corners = false;
    e->rulesets[2].max_plies = 40;
    e->rulesets[2].limit_result = LIMIT_RESULT_ATTACKERS;
    e->rulesets[3].max_plies = 80;
    e->rulesets[3].limit_result = LIMIT_RESULT_ATTACKERS;
    e->ruleset_count = 4;
    e->kind = EXPERIMENT_DESIGN;
    e->check_every = 40;
    e->margin = 0.05;
    e->pairings[0] = (Pairing){0, 0};
    e->pairing_count = 1;
    Error err = {{0}};
    ck_assert_msg(design_check(e, &err) == ST_OK, "%s", err.text);
    ck_assert(!design_is_knob_point(e, 0) && !design_is_knob_point(e, 1));
    ck_assert(design_is_knob_point(e, 2) && design_is_knob_point(e, 3));
    DesignState s;
    design_state_init(&s, e);
    feed(&s, 0, 0, 40, 0);
    feed(&s, 1, 0, 32, 8);
    feed(&s, 2, 0, 20, 20);
    feed(&s, 3, 0, 39, 1);
    /* The whole family in one race, as before the groups. */
    bool together[4] = {true, true, true, true};
    int best;
    balance_race_step((const long(*)[3])s.race, together, 4, DESIGN_ALPHA, &best, NULL);
    ck_assert_int_eq(best, 2);
    ck_assert(!together[0] && !together[1] && together[2] && !together[3]);
    design_state_next(&s, e);
    ck_assert_int_eq(s.best, 1);
    ck_assert_int_eq(s.best_knob, 2);
    ck_assert(!s.alive[0] && s.alive[1] && s.alive[2] && !s.alive[3]);
    ck_assert(s.dropped[0] == 1 && s.dropped[3] == 1);
    ck_assert(s.end == DESIGN_END_ONE && s.phase == DESIGN_DONE);
    design_state_free(&s);
    free(e);
}
END_TEST

Suite *runner_suite(void)
{
    Suite *s = suite_create("runner");
    TCase *tc = tcase_create("runner");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_thread_count_does_not_change_output);
    tcase_add_test(tc, test_design_knob_races_apart);
    tcase_add_test(tc, test_resume_after_interruption_equals_uninterrupted_run);
    tcase_add_test(tc, test_existing_results_are_never_overwritten);
    tcase_add_test(tc, test_output_path_that_is_a_file_is_an_error);
    tcase_add_test(tc, test_game_seed_depends_on_identity_only);
    tcase_add_test(tc, test_games_csv_that_is_a_directory_is_an_error);
    tcase_add_test(tc, test_failed_run_leaves_no_summary);
    tcase_add_test(tc, test_too_many_games_is_refused);
    tcase_add_test(tc, test_design_state_machine);
    suite_add_tcase(s, tc);
    TCase *stop = tcase_create("stopping");
    tcase_set_timeout(stop, 120);
    tcase_add_test(stop, test_sprt_stops_at_first_crossing_any_threads);
    tcase_add_test(stop, test_sprt_game_limit);
    tcase_add_test(stop, test_width_prefix_and_stop);
    suite_add_tcase(s, stop);
    return s;
}
