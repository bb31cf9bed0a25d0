/* Runs that stop on the evidence (harness/sequential.c): the SPRT judges pairs in pair order and
 * stops at the first pair that crosses a bound, whatever the thread count; width-stopped runs
 * play a prefix of each pairing's full run and stop exactly where the interval rule says. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/sequential.h"
#include "rules/ruleset.h"
#include "stats/ratings.h"
#include "stats/stats.h"
#include "tests/tests.h"

/* An experiment of one or two rulesets and the given agents (name, spec pairs), no pairings. */
static Experiment *make_exp(int rulesets, int agents, const char *const specs[][2], int games)
{
    Experiment *e = calloc(1, sizeof *e);
    snprintf(e->name, sizeof e->name, "seq-test");
    e->seed = 7;
    e->games = games;
    e->max_plies = 200;
    e->opening_plies = 4;
    e->check_every = SEQUENTIAL_CHECK_EVERY;
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
    ck_assert_msg(sequential_sprt(e, &opt, p, out, rows, count, &err) == ST_OK, "%s", err.text);
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
    ck_assert_int_eq(sequential_sprt(e, &opt, &p, &o, NULL, NULL, &err), ST_EINVAL);
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
    e->max_width = 0.15;
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
    ck_assert_msg(sequential_width(e, &opt, &rows, &n, &err) == ST_OK, "%s", err.text);
    opt.threads = 1;
    ck_assert_msg(sequential_width(e, &opt, &rows1, &n1, &err) == ST_OK, "%s", err.text);
    assert_same_rows(rows, n, rows1, n1);
    ck_assert_msg(runner_run(e, &opt, &full, &nfull, &err) == ST_OK, "%s", err.text);
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

Suite *sequential_suite(void)
{
    Suite *s = suite_create("sequential");
    TCase *tc = tcase_create("stopping");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_sprt_stops_at_first_crossing_any_threads);
    tcase_add_test(tc, test_sprt_game_limit);
    tcase_add_test(tc, test_width_prefix_and_stop);
    suite_add_tcase(s, tc);
    return s;
}
