/* Agent ratings from games (studies/league.c) against hand-computed values.
 *
 * The data set: agents a and b, four games in each of the four pairings. a vs a: 2 attacker
 * wins, 2 defender wins; a attacking b: 3 attacker wins, 1 loss; b attacking a: 1 win, 3
 * losses; b vs b: 1 win, 1 loss, 2 draws. Overall a scores 6 of 8 against b, so the
 * Bradley-Terry MLE for two players is elo_a - elo_b = 400 log10(6/2): +-95.4243 with mean 0.
 * By side, a-attacking = a-defending = +95.4243 and b's two = -95.4243 satisfy every likelihood
 * equation exactly (each pairing's expected score equals its observed score: 1/2, 3/4, 1/4,
 * 1/2), so they are the MLE. Intervals: 1.959964 * (400 / ln 10) * sqrt((I^+)_ii), I the
 * information matrix (weights G p (1 - p)); worked out by hand-written Python, both with the
 * pseudo-inverse and by fixing one player and projecting (the same numbers): 139.0006 overall,
 * 205.1647 by side (a 4-cycle with weights 1, 3/4, 1, 3/4). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "studies/league.h"
#include "tests/tests.h"

static long add_games(GameRow *rows, long n, const char *rules, const char *att, const char *def,
                      Winner w, int count)
{
    for (int i = 0; i < count; i++) {
        GameRow *r = &rows[n];
        memset(r, 0, sizeof *r);
        r->game = n;
        snprintf(r->rules, sizeof r->rules, "%s", rules);
        snprintf(r->attacker, sizeof r->attacker, "%s", att);
        snprintf(r->defender, sizeof r->defender, "%s", def);
        r->winner = w;
        r->reason = w == WINNER_DRAW ? END_MAX_PLIES : END_KING_CAPTURED;
        r->plies = 10;
        n++;
    }
    return n;
}

/* The data set of the file comment, for ruleset `rules`, appended at rows[n]. */
static long add_two_agents(GameRow *rows, long n, const char *rules)
{
    n = add_games(rows, n, rules, "a", "a", WINNER_ATTACKERS, 2);
    n = add_games(rows, n, rules, "a", "a", WINNER_DEFENDERS, 2);
    n = add_games(rows, n, rules, "a", "b", WINNER_ATTACKERS, 3);
    n = add_games(rows, n, rules, "a", "b", WINNER_DEFENDERS, 1);
    n = add_games(rows, n, rules, "b", "a", WINNER_ATTACKERS, 1);
    n = add_games(rows, n, rules, "b", "a", WINNER_DEFENDERS, 3);
    n = add_games(rows, n, rules, "b", "b", WINNER_ATTACKERS, 1);
    n = add_games(rows, n, rules, "b", "b", WINNER_DEFENDERS, 1);
    return add_games(rows, n, rules, "b", "b", WINNER_DRAW, 2);
}

START_TEST(test_league_two_agents_hand_computed)
{
    GameRow rows[16];
    long count = add_two_agents(rows, 0, "brandubh");
    LeagueRating *r = NULL;
    long n = 0;
    Error err = {{0}};
    ck_assert_int_eq(league_rate(rows, count, &r, &n, &err), ST_OK);
    ck_assert_int_eq(n, 2);
    const double elo = 95.4242509439, half = 139.0006310395, side_half = 205.1647161596;
    ck_assert_str_eq(r[0].agent, "a"); /* best first */
    ck_assert_str_eq(r[1].agent, "b");
    for (int i = 0; i < 2; i++) {
        double sign = i == 0 ? 1 : -1;
        ck_assert_int_eq(r[i].games, 8);
        ck_assert_double_eq_tol(r[i].score, i == 0 ? 0.75 : 0.25, 1e-12);
        ck_assert_double_eq_tol(r[i].elo, sign * elo, 1e-6);
        ck_assert_double_eq_tol(r[i].low, sign * elo - half, 1e-5);
        ck_assert_double_eq_tol(r[i].high, sign * elo + half, 1e-5);
        ck_assert_int_eq(r[i].attacker_games, 8);
        ck_assert_int_eq(r[i].defender_games, 8);
        ck_assert_double_eq_tol(r[i].attacker_elo, sign * elo, 1e-6);
        ck_assert_double_eq_tol(r[i].defender_elo, sign * elo, 1e-6);
        ck_assert_double_eq_tol(r[i].attacker_high - r[i].attacker_elo, side_half, 1e-5);
        ck_assert_double_eq_tol(r[i].defender_elo - r[i].defender_low, side_half, 1e-5);
        ck_assert(r[i].balanced && r[i].overall_linked && r[i].sides_linked);
        ck_assert(!r[i].prior && !r[i].side_prior);
    }
    free(r);
}
END_TEST

/* Each ruleset is rated on its own games, in order of first appearance. */
START_TEST(test_league_rulesets_apart)
{
    GameRow rows[40];
    long count = add_two_agents(rows, 0, "tablut");
    count = add_games(rows, count, "brandubh", "x", "y", WINNER_ATTACKERS, 1);
    count = add_games(rows, count, "brandubh", "y", "x", WINNER_DEFENDERS, 1);
    count = add_games(rows, count, "brandubh", "x", "y", WINNER_DEFENDERS, 1);
    count = add_games(rows, count, "brandubh", "y", "x", WINNER_ATTACKERS, 1);
    LeagueRating *r = NULL;
    long n = 0;
    Error err = {{0}};
    ck_assert_int_eq(league_rate(rows, count, &r, &n, &err), ST_OK);
    ck_assert_int_eq(n, 4);
    ck_assert_str_eq(r[0].rules, "tablut");
    ck_assert_str_eq(r[2].rules, "brandubh");
    ck_assert_double_eq_tol(r[0].elo, 95.4242509439, 1e-6);
    /* x and y: 2 of 4 each, so both 0; tied Elo falls back to name order. */
    ck_assert_str_eq(r[2].agent, "x");
    ck_assert_str_eq(r[3].agent, "y");
    ck_assert_double_eq_tol(r[2].elo, 0, 1e-9);
    ck_assert(r[2].balanced);
    /* No self-play between two agents: x-attacking meets only y-defending and y-attacking only
     * x-defending, two separate pairs, so there is no rating by side. */
    ck_assert(!r[2].sides_linked && isnan(r[2].attacker_elo) && isnan(r[3].defender_high));
    free(r);
}
END_TEST

/* A schedule that meets on one side only is flagged; an agent who wins everything gets the
 * virtual draws; an agent in self-play only leaves the overall graph unlinked. */
START_TEST(test_league_flags)
{
    GameRow rows[16];
    long count = add_games(rows, 0, "brandubh", "p", "q", WINNER_ATTACKERS, 3);
    count = add_games(rows, count, "brandubh", "q", "p", WINNER_DEFENDERS, 1);
    LeagueRating *r = NULL;
    long n = 0;
    Error err = {{0}};
    ck_assert_int_eq(league_rate(rows, count, &r, &n, &err), ST_OK);
    ck_assert_int_eq(n, 2);
    ck_assert(!r[0].balanced && r[0].prior && r[0].overall_linked);
    ck_assert_str_eq(r[0].agent, "p");
    ck_assert(r[0].elo > 0 && isfinite(r[0].elo));
    free(r);

    count = add_games(rows, count, "brandubh", "s", "s", WINNER_DRAW, 2);
    ck_assert_int_eq(league_rate(rows, count, &r, &n, &err), ST_OK);
    ck_assert_int_eq(n, 3);
    ck_assert(!r[0].overall_linked && isnan(r[0].elo) && isnan(r[2].elo));
    ck_assert_str_eq(r[2].agent, "s"); /* unrated, sorted by name: p, q, s */
    ck_assert(isnan(r[2].score));
    free(r);

    ck_assert_int_eq(league_rate(rows, 0, &r, &n, &err), ST_EINVAL);
}
END_TEST

START_TEST(test_league_csv)
{
    GameRow rows[16];
    long count = add_two_agents(rows, 0, "brandubh");
    LeagueRating *r = NULL;
    long n = 0;
    Error err = {{0}};
    ck_assert_int_eq(league_rate(rows, count, &r, &n, &err), ST_OK);
    char path[] = "/tmp/tafl-league-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(league_write_csv(path, r, n, &err), ST_OK);
    FILE *f = fopen(path, "r");
    char line[512];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "rules,agent,games,score,elo,elo_low,elo_high,attacker_games,"
                           "attacker_elo,attacker_elo_low,attacker_elo_high,defender_games,"
                           "defender_elo,defender_elo_low,defender_elo_high,prior,side_prior\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"brandubh\",\"a\",8,0.7500,95.4,-43.6,234.4,8,95.4,-109.7,300.6,8,"
                           "95.4,-109.7,300.6,no,no\n");
    fclose(f);
    close(fd);
    remove(path);
    ck_assert_int_eq(league_write_csv("/nonexistent-dir/ratings.csv", r, n, &err), ST_EIO);
    ck_assert_ptr_nonnull(strstr(err.text, "/nonexistent-dir/ratings.csv.tmp"));
    free(r);
}
END_TEST

Suite *league_suite(void)
{
    Suite *s = suite_create("league");
    TCase *tc = tcase_create("ratings");
    tcase_add_test(tc, test_league_two_agents_hand_computed);
    tcase_add_test(tc, test_league_rulesets_apart);
    tcase_add_test(tc, test_league_flags);
    tcase_add_test(tc, test_league_csv);
    suite_add_tcase(s, tc);
    return s;
}
