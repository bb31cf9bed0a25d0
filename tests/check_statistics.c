/* Statistics modules (stats/ratings.c, stats/sprt.c, stats/spsa.c) against values computed
 * independently: Bradley-Terry ratings and intervals, GSPRT log-likelihood ratios with
 * normalised Elo, and SPSA on a noisy quadratic with a known optimum.
 *
 * Intervals, differences and Holm's correction (stats/stats.c) are checked against values worked
 * by hand in the comments of their tests.
 *
 * Reference values come from two short pure-Python programs run while writing these tests
 * (python3, no libraries):
 * - Bradley-Terry: Hunter's (2004) MM update iterated to 1e-15 in log-strength, standard errors
 *   by inverting the observed information with player 0 fixed (Gauss-Jordan), then projecting
 *   the covariance onto the mean-zero parametrisation, Cov = P C P^T with P = I - J/n (a
 *   different route from the pseudo-inverse that stats/ratings.c uses).
 * - GSPRT: Van den Bergh, "Comments on Normalized Elo", section 4.1 (the MLE with a given
 *   t = (mu - 1/2)/sigma by the fixed point on the secular equation, solved by bisection to the
 *   last bit, iterated to 1e-15); LLR = N sum phat_i log(p1_i/p0_i), empty cells = 1e-3, t per
 *   pair = sqrt(2) elo ln(10)/800. Published checks: fastchess app/tests/sprt_test.cpp
 *   ("normalized pentanomial 1, 2" = 2.25, 3.01; "normalized trinomial 1, 2" = 0.92, 2.30, to
 *   2 decimals), and OpenBench's stats.py sample counts. */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "rules/rng.h"
#include "stats/balance.h"
#include "stats/ratings.h"
#include "stats/sprt.h"
#include "stats/spsa.h"
#include "stats/stats.h"
#include "tests/tests.h"

/* ---- ratings: Elo <-> score ---- */

START_TEST(test_elo_from_score)
{
    ck_assert_double_eq_tol(ratings_elo_from_score(0.5), 0.0, 1e-12);
    ck_assert_double_eq_tol(ratings_elo_from_score(0.75), 190.8485018879, 1e-9);
    ck_assert_double_eq_tol(ratings_elo_from_score(0.25), -190.8485018879, 1e-9);
    ck_assert(isinf(ratings_elo_from_score(1.0)) && ratings_elo_from_score(1.0) > 0);
    ck_assert(isinf(ratings_elo_from_score(0.0)) && ratings_elo_from_score(0.0) < 0);
    ck_assert(isnan(ratings_elo_from_score(1.5)));
    ck_assert(isnan(ratings_elo_from_score(-0.1)));
    ck_assert(isnan(ratings_elo_from_score(NAN)));
    ck_assert_double_eq_tol(ratings_score_from_elo(190.8485018879), 0.75, 1e-12);
    ck_assert_double_eq_tol(ratings_score_from_elo(0), 0.5, 1e-15);
    ck_assert_double_eq(ratings_score_from_elo(INFINITY), 1.0);
    ck_assert_double_eq(ratings_score_from_elo(-INFINITY), 0.0);
    for (double s = 0.01; s < 1; s += 0.07) {
        ck_assert_double_eq_tol(ratings_score_from_elo(ratings_elo_from_score(s)), s, 1e-12);
    }
}
END_TEST

/* ---- ratings: Bradley-Terry ---- */

static void check_bt(int n, const double *points, const double *games, const double *want_elo,
                     const double *want_low, const double *want_high, bool want_prior, double tol)
{
    double elo[8], low[8], high[8];
    bool prior = !want_prior;
    Error err = {{0}};
    ck_assert(n <= 8);
    Status st = ratings_bradley_terry(n, points, games, elo, low, high, &prior, &err);
    ck_assert_msg(st == ST_OK, "ratings failed: %s", err.text);
    ck_assert(prior == want_prior);
    double mean = 0;
    for (int i = 0; i < n; i++) {
        ck_assert_double_eq_tol(elo[i], want_elo[i], tol);
        ck_assert_double_eq_tol(low[i], want_low[i], tol);
        ck_assert_double_eq_tol(high[i], want_high[i], tol);
        mean += elo[i];
    }
    ck_assert_double_eq_tol(mean, 0.0, 1e-9);
}

START_TEST(test_bt_two_players)
{
    /* 30 points of 40 for player 1: 75% -> 190.85 Elo apart, +-95.42 around 0. */
    const double points[] = {0, 10, 30, 0};
    const double games[] = {0, 40, 40, 0};
    const double elo[] = {-95.424250944, 95.424250944};
    const double low[] = {-157.587222928, 33.261278960};
    const double high[] = {-33.261278960, 157.587222928};
    check_bt(2, points, games, elo, low, high, false, 1e-6);

    /* Four times the games, same score: same ratings, half the interval (se 15.858). */
    const double points4[] = {0, 40, 120, 0};
    const double games4[] = {0, 160, 160, 0};
    const double low4[] = {-126.505736936, 64.342764952};
    const double high4[] = {-64.342764952, 126.505736936};
    check_bt(2, points4, games4, elo, low4, high4, false, 1e-6);
    ck_assert_double_eq_tol(high4[1] - low4[1], (high[1] - low[1]) / 2, 1e-6);
}
END_TEST

START_TEST(test_bt_three_exact)
{
    /* Strengths 1 : 2 : 4 with every pair's score equal to its expectation, so the MLE is
     * exact: Elo 400 log10(2) = 120.41 apart. */
    const double points[] = {0, 10, 10, 20, 0, 10, 40, 20, 0};
    const double games[] = {0, 30, 50, 30, 0, 30, 50, 30, 0};
    const double elo[] = {-120.411998266, 0.0, 120.411998266};
    const double low[] = {-179.769164358, -62.162971984, 61.054832173};
    const double high[] = {-61.054832173, 62.162971984, 179.769164358};
    check_bt(3, points, games, elo, low, high, false, 1e-6);
}
END_TEST

/* Anchored at player 0 of a chain 0 - 1 - 2, each step won 9 of 10 and no 0 - 2 game: on a
 * tree the fit is exact per edge, 400 log10 9 = 381.697 Elo a step, so 0, 381.697, 763.394.
 * Each edge's information is 10 x 0.9 x 0.1 = 0.9, so Var(r1 - r0) = 1 / 0.9 and
 * Var(r2 - r0) = 2 / 0.9 (nepers^2): half-widths 1.959964 x (400 / ln 10) x sqrt(1 / 0.9) =
 * 358.898 and x sqrt(2 / 0.9) = 507.559; the anchor's interval is [0, 0]. */
START_TEST(test_bt_anchored)
{
    const double points[] = {0, 1, 0, 9, 0, 1, 0, 9, 0};
    const double games[] = {0, 10, 0, 10, 0, 10, 0, 10, 0};
    double elo[3], low[3], high[3];
    Error err = {{0}};
    ck_assert_int_eq(
        ratings_bradley_terry_anchored(3, points, games, 0, elo, low, high, NULL, &err), ST_OK);
    const double want[3] = {0, 381.697004, 763.394008}, half[3] = {0, 358.898086, 507.558541};
    for (int i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(elo[i], want[i], 1e-5);
        ck_assert_double_eq_tol(high[i] - elo[i], half[i], 1e-5);
        ck_assert_double_eq_tol(elo[i] - low[i], half[i], 1e-5);
    }
    /* Anchor -1 is the mean-0 fit: -381.697, 0, 381.697. */
    ck_assert_int_eq(
        ratings_bradley_terry_anchored(3, points, games, -1, elo, low, high, NULL, &err), ST_OK);
    ck_assert_double_eq_tol(elo[0], -381.697004, 1e-5);
    ck_assert_double_eq_tol(elo[1], 0, 1e-9);
    ck_assert_int_eq(
        ratings_bradley_terry_anchored(3, points, games, 3, elo, low, high, NULL, &err), ST_EINVAL);
    ck_assert_str_eq(err.text, "ratings: anchor 3 of 3 players");
}
END_TEST

START_TEST(test_bt_four_incomplete)
{
    /* Players 0 and 3 never met; draws give fractional points. */
    const double points[] = {0, 6.5, 3, 0, 3.5, 0, 4.5, 2, 7, 5.5, 0, 8, 0, 6, 4, 0};
    const double games[] = {0, 10, 10, 0, 10, 0, 10, 8, 10, 10, 0, 12, 0, 8, 12, 0};
    const double elo[] = {-17.713610950, -77.161474114, 78.274235491, 16.600849573};
    const double low[] = {-141.373032967, -178.785824756, -16.745409963, -107.468430190};
    const double high[] = {105.945811068, 24.462876528, 173.293880944, 140.670129337};
    check_bt(4, points, games, elo, low, high, false, 1e-6);
}
END_TEST

START_TEST(test_bt_prior)
{
    /* 10 wins of 10: the MLE is infinite; one virtual draw makes it 10.5 of 11, i.e.
     * elo_from_score(10.5/11) = 528.89 apart. */
    const double points[] = {0, 10, 0, 0};
    const double games[] = {0, 10, 10, 0};
    const double elo[] = {264.443858947, -264.443858947};
    const double low[] = {18.022077834, -510.865640059};
    const double high[] = {510.865640059, -18.022077834};
    check_bt(2, points, games, elo, low, high, true, 1e-6);
    ck_assert_double_eq_tol(2 * elo[0], ratings_elo_from_score(10.5 / 11), 1e-6);

    /* A chain 0 - 1 - 2 where player 2 lost every game. */
    const double pchain[] = {0, 3, 0, 1, 0, 4, 0, 0, 0};
    const double gchain[] = {0, 4, 0, 4, 0, 4, 0, 4, 0};
    const double echain[] = {225.359477337, 78.168763219, -303.528240556};
    const double lchain[] = {-53.376267560, -124.047399760, -659.566535361};
    const double hchain[] = {504.095222234, 280.384926199, 52.510054248};
    check_bt(3, pchain, gchain, echain, lchain, hchain, true, 1e-6);

    /* prior may be NULL. */
    double e[2], l[2], h[2];
    Error err = {{0}};
    ck_assert_int_eq(ratings_bradley_terry(2, points, games, e, l, h, NULL, &err), ST_OK);
}
END_TEST

static void check_bt_error(int n, const double *points, const double *games, const char *want)
{
    double elo[8], low[8], high[8];
    Error err = {{0}};
    Status st = ratings_bradley_terry(n, points, games, elo, low, high, NULL, &err);
    ck_assert_int_eq(st, ST_EINVAL);
    ck_assert_msg(strstr(err.text, want) != NULL, "error '%s' lacks '%s'", err.text, want);
}

START_TEST(test_bt_errors)
{
    /* Two separate pairs: {0, 1} and {2, 3}. */
    const double points[] = {0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1.5, 0, 0, 1.5, 0};
    const double games[] = {0, 3, 0, 0, 3, 0, 0, 0, 0, 0, 0, 3, 0, 0, 3, 0};
    check_bt_error(4, points, games, "disconnected");
    check_bt_error(4, points, games, "player 2");

    const double none[] = {0, 0, 0, 0};
    check_bt_error(2, none, none, "no games");
    check_bt_error(1, none, none, "at least 2");

    const double p2[] = {0, 1, 1, 0};
    const double asym[] = {0, 2, 3, 0};
    check_bt_error(2, p2, asym, "games 2 and 3");
    const double g2[] = {0, 3, 3, 0};
    check_bt_error(2, p2, g2, "do not add up");
    const double neg[] = {0, -1, 4, 0};
    check_bt_error(2, neg, g2, "players 0 and 1");
    const double inf[] = {0, INFINITY, 1, 0};
    check_bt_error(2, inf, g2, "players 0 and 1");
}
END_TEST

/* ---- SPRT ---- */

START_TEST(test_sprt_bounds_decision)
{
    SprtParams p = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    double lower, upper;
    sprt_bounds(&p, &lower, &upper);
    ck_assert_double_eq_tol(lower, -2.9444389792, 1e-9); /* log(0.05/0.95) */
    ck_assert_double_eq_tol(upper, 2.9444389792, 1e-9);
    p.alpha = 0.1;
    p.beta = 0.02;
    sprt_bounds(&p, &lower, &upper);
    ck_assert_double_eq_tol(lower, log(0.02 / 0.9), 1e-15);
    ck_assert_double_eq_tol(upper, log(0.98 / 0.1), 1e-15);
    ck_assert_int_eq(sprt_decision(&p, upper), 1);
    ck_assert_int_eq(sprt_decision(&p, upper + 1), 1);
    ck_assert_int_eq(sprt_decision(&p, lower), -1);
    ck_assert_int_eq(sprt_decision(&p, lower - 1), -1);
    ck_assert_int_eq(sprt_decision(&p, 0), 0);
    ck_assert_int_eq(sprt_decision(&p, upper - 1e-9), 0);
}
END_TEST

static void check_penta(long ll, long ld, long dd, long wd, long ww, double elo0, double elo1,
                        double want, double tol)
{
    const long counts[5] = {ll, ld, dd, wd, ww};
    SprtParams p = {.elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05};
    double got = sprt_llr_pentanomial(&p, counts);
    ck_assert_msg(fabs(got - want) <= tol, "LLR [%ld %ld %ld %ld %ld] [%g, %g] = %.10f, want %.10f",
                  ll, ld, dd, wd, ww, elo0, elo1, got, want);
}

static void check_tri(long l, long d, long w, double elo0, double elo1, double want, double tol)
{
    const long counts[3] = {l, d, w};
    SprtParams p = {.elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05};
    double got = sprt_llr_trinomial(&p, counts);
    ck_assert_msg(fabs(got - want) <= tol, "LLR [%ld %ld %ld] [%g, %g] = %.10f, want %.10f", l, d,
                  w, elo0, elo1, got, want);
}

START_TEST(test_sprt_llr_reference)
{
    /* Python reference (see the top of this file), to 1e-6. */
    check_penta(365, 16618, 36229, 16974, 390, 0, 2, 2.2503677036, 1e-6);
    check_penta(127, 4883, 10712, 5150, 104, -1.75, 0.25, 3.0101541966, 1e-6);
    check_penta(39, 8843, 26675, 9240, 44, 0.5, 2.5, 2.9416752080, 1e-6); /* OpenBench R5 */
    check_penta(10, 20, 40, 25, 5, 0, 10, -0.2821129157, 1e-6);
    check_penta(5, 30, 50, 40, 15, 0, 10, 1.0762909707, 1e-6);
    check_penta(20, 30, 40, 10, 0, -5, 5, -2.2294298726, 1e-6); /* an empty cell */
    check_penta(0, 0, 0, 0, 104, 0, 5, 2.0949545276, 1e-6);     /* four empty cells */
    check_tri(36027, 68692, 36433, 0, 2, 0.9232934510, 1e-6);
    check_tri(10650, 20431, 10871, -1.75, 0.25, 2.2975004071, 1e-6);
    check_tri(22569, 44137, 22976, 0.5, 2.5, 1.0588254939, 1e-6); /* OpenBench R3 */
    check_tri(30, 40, 50, 0, 10, 0.6555167187, 1e-6);

    /* fastchess's published values (2 decimals): pentanomial counts there are
     * Stats(LL, LD, WL, DD, WD, WW) with WL and DD merged here. */
    check_penta(365, 16618, 36029 + 200, 16974, 390, 0, 2, 2.25, 0.01);
    check_penta(127, 4883, 10311 + 401, 5150, 104, -1.75, 0.25, 3.01, 0.01);
    check_tri(36027, 68692, 36433, 0, 2, 0.92, 0.01);
    check_tri(10650, 20431, 10871, -1.75, 0.25, 2.30, 0.01);
}
END_TEST

/* Hand-computed: s = sum c_i (i/4) / N, se = sqrt(sum c_i (i/4 - s)^2 / N^2), Elo of s and of
 * s -+ 1.959964 se. [1 2 3 2 1]: s = 1/2, se = sqrt(0.75) / 9 = 0.0962250, Elo 0 -+ 137.8574.
 * [0 1 2 3 4]: s = 3/4 (190.8485), se = sqrt(0.625) / 10 = 0.0790569, [66.8617, 391.4665]. */
START_TEST(test_sprt_elo_pentanomial)
{
    double s, s_low, s_high;
    const long pairs[5] = {1, 2, 3, 2, 1};
    stats_pair_score(pairs, RATINGS_Z95, &s, &s_low, &s_high);
    ck_assert_double_eq_tol(s, 0.5, 1e-15);
    ck_assert_double_eq_tol(s_low, 0.5 - 1.959964 * 0.0962250449, 1e-9);
    ck_assert_double_eq_tol(s_high, 0.5 + 1.959964 * 0.0962250449, 1e-9);

    double elo, low, high;
    const long even[5] = {1, 2, 3, 2, 1};
    sprt_elo_pentanomial(even, &elo, &low, &high);
    ck_assert_double_eq_tol(elo, 0, 1e-12);
    ck_assert_double_eq_tol(low, -137.8574390375, 1e-8);
    ck_assert_double_eq_tol(high, 137.8574390375, 1e-8);
    const long strong[5] = {0, 1, 2, 3, 4};
    sprt_elo_pentanomial(strong, &elo, &low, &high);
    ck_assert_double_eq_tol(elo, 190.8485018879, 1e-8);
    ck_assert_double_eq_tol(low, 66.8617169431, 1e-8);
    ck_assert_double_eq_tol(high, 391.4664795490, 1e-8);
    const long sweep[5] = {0, 0, 0, 0, 7}; /* every pair won twice: no finite upper end */
    sprt_elo_pentanomial(sweep, &elo, &low, &high);
    ck_assert(isinf(elo) && elo > 0 && isinf(high));
    const long none[5] = {0, 0, 0, 0, 0};
    sprt_elo_pentanomial(none, &elo, &low, &high);
    ck_assert(isnan(elo) && isnan(low) && isnan(high));
}
END_TEST

START_TEST(test_sprt_llr_properties)
{
    SprtParams p = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    const long zero[5] = {0, 0, 0, 0, 0};
    ck_assert_double_eq(sprt_llr_pentanomial(&p, zero), 0.0);
    const long zero3[3] = {0, 0, 0};
    ck_assert_double_eq(sprt_llr_trinomial(&p, zero3), 0.0);

    /* More winning pairs raise the LLR; more losing pairs lower it. */
    long c[5] = {10, 20, 40, 20, 10};
    double base = sprt_llr_pentanomial(&p, c);
    c[4] += 5;
    ck_assert(sprt_llr_pentanomial(&p, c) > base);
    c[4] -= 5;
    c[0] += 5;
    ck_assert(sprt_llr_pentanomial(&p, c) < base);

    /* A balanced, symmetric sample favours H0 (elo 0) over H1 (elo 10), ever more strongly
     * as it grows. */
    const long small[5] = {10, 20, 40, 20, 10};
    const long large[5] = {100, 200, 400, 200, 100};
    double s = sprt_llr_pentanomial(&p, small), l = sprt_llr_pentanomial(&p, large);
    ck_assert(s < 0 && l < s);
    ck_assert_double_eq_tol(l, 10 * s, 1e-9 * fabs(l)); /* no empty cell: LLR scales with N */
}
END_TEST

static void check_sprt_parse_error(const char *text, Status want, const char *msg)
{
    SprtParams p = {.elo0 = 1, .elo1 = 2, .alpha = 0.1, .beta = 0.2};
    Error err = {{0}};
    ck_assert_int_eq(sprt_parse(text, &p, &err), want);
    ck_assert_msg(strstr(err.text, msg) != NULL, "'%s': error '%s' lacks '%s'", text, err.text,
                  msg);
    ck_assert(p.elo0 == 1 && p.elo1 == 2 && p.alpha == 0.1 && p.beta == 0.2); /* unchanged */
}

START_TEST(test_sprt_parse)
{
    SprtParams p;
    Error err = {{0}};
    ck_assert_int_eq(sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05", &p, &err), ST_OK);
    ck_assert(p.elo0 == 0 && p.elo1 == 10 && p.alpha == 0.05 && p.beta == 0.05);
    ck_assert_int_eq(sprt_parse("elo1=2.5, elo0=-1.75 ,beta=0.1", &p, &err), ST_OK);
    ck_assert(p.elo0 == -1.75 && p.elo1 == 2.5 && p.alpha == 0.05 && p.beta == 0.1);

    check_sprt_parse_error("elo0=0,elo1=10,gamma=1", ST_EPARSE, "'gamma'");
    check_sprt_parse_error("elo0=0", ST_EPARSE, "'elo1' is required");
    check_sprt_parse_error("elo1=5", ST_EPARSE, "'elo0' is required");
    check_sprt_parse_error("", ST_EPARSE, "unknown key ''");
    check_sprt_parse_error("elo0=0,elo1=10,", ST_EPARSE, "unknown key ''");
    check_sprt_parse_error("elo0=abc,elo1=10", ST_EPARSE, "'elo0'");
    check_sprt_parse_error("elo0=1e999,elo1=10", ST_EPARSE, "'elo0'");
    check_sprt_parse_error("elo0,elo1=10", ST_EPARSE, "'elo0'");
    check_sprt_parse_error("elo0=,elo1=10", ST_EPARSE, "'elo0'");
    check_sprt_parse_error("elo0=0,elo1=10,elo0=1", ST_EPARSE, "'elo0' given twice");
    check_sprt_parse_error("elo0=5,elo1=5", ST_EINVAL, "'elo1'");
    check_sprt_parse_error("elo0=5,elo1=0", ST_EINVAL, "'elo1'");
    check_sprt_parse_error("elo0=0,elo1=5,alpha=0.5", ST_EINVAL, "'alpha'");
    check_sprt_parse_error("elo0=0,elo1=5,alpha=0", ST_EINVAL, "'alpha'");
    check_sprt_parse_error("elo0=0,elo1=5,beta=-0.1", ST_EINVAL, "'beta'");
    check_sprt_parse_error("elo0=0,elo1=5,beta=nan", ST_EPARSE, "'beta'");
}
END_TEST

/* ---- SPSA ---- */

/* -(x-3)^2 - (y+1)^2 plus uniform noise in [-noise, noise) from its own seeded stream;
 * records whether every evaluation stayed inside [lo, hi]. */
typedef struct {
    Rng rng;
    double noise;
    const double *lo, *hi;
    bool inside;
    int evaluations;
} Quadratic;

static double quadratic(void *ctx, const double *theta, int p)
{
    Quadratic *q = ctx;
    ck_assert_int_eq(p, 2);
    for (int i = 0; i < p && q->lo; i++) {
        q->inside = q->inside && theta[i] >= q->lo[i] && theta[i] <= q->hi[i];
    }
    q->evaluations++;
    double dx = theta[0] - 3, dy = theta[1] + 1;
    return -(dx * dx) - dy * dy + q->noise * (2 * rng_unit(&q->rng) - 1);
}

typedef struct {
    int calls;
    bool in_order, inside;
    const double *lo, *hi;
} Trace;

static void trace_fn(void *ctx, int k, const double *theta, int p, double estimate)
{
    Trace *t = ctx;
    t->in_order = t->in_order && k == t->calls;
    t->calls++;
    ck_assert(isfinite(estimate));
    for (int i = 0; i < p && t->lo; i++) {
        t->inside = t->inside && theta[i] >= t->lo[i] && theta[i] <= t->hi[i];
    }
}

static void run_quadratic(uint64_t seed, const double *lo, const double *hi, double theta[2],
                          Quadratic *q, Trace *t)
{
    SpsaParams sp = spsa_params(2000, 0.5, 0.5, 100, seed);
    sp.lower = lo;
    sp.upper = hi;
    *q = (Quadratic){.noise = 0.5, .lo = lo, .hi = hi, .inside = true};
    rng_seed(&q->rng, seed ^ 0x5eedULL);
    *t = (Trace){.in_order = true, .inside = true, .lo = lo, .hi = hi};
    theta[0] = 0;
    theta[1] = 0;
    spsa_run(&sp, theta, 2, quadratic, q, trace_fn, t);
}

START_TEST(test_spsa_converges)
{
    const double lo[] = {-10, -10}, hi[] = {10, 10};
    for (uint64_t seed = 1; seed <= 5; seed++) {
        double theta[2];
        Quadratic q;
        Trace t;
        run_quadratic(seed, lo, hi, theta, &q, &t);
        /* Over seeds 1..1000 the worst error was 0.12; these five are well inside. */
        ck_assert_msg(fabs(theta[0] - 3) < 0.15 && fabs(theta[1] + 1) < 0.15,
                      "seed %llu: theta (%g, %g), want (3, -1)", (unsigned long long)seed, theta[0],
                      theta[1]);
        ck_assert_int_eq(q.evaluations, 4000);
        ck_assert_int_eq(t.calls, 2000);
        ck_assert(t.in_order);
    }
}
END_TEST

START_TEST(test_spsa_deterministic)
{
    const double lo[] = {-10, -10}, hi[] = {10, 10};
    double a[2], b[2], c[2];
    Quadratic q;
    Trace t;
    run_quadratic(42, lo, hi, a, &q, &t);
    run_quadratic(42, lo, hi, b, &q, &t);
    run_quadratic(43, lo, hi, c, &q, &t);
    ck_assert(memcmp(a, b, sizeof a) == 0);
    ck_assert(memcmp(a, c, sizeof a) != 0);
}
END_TEST

START_TEST(test_spsa_bounds)
{
    /* The optimum (3, -1) lies outside x <= 2: the run ends on that bound, and no evaluation
     * or iterate leaves the box. */
    const double lo[] = {-1, -2}, hi[] = {2, 0.5};
    double theta[2];
    Quadratic q;
    Trace t;
    run_quadratic(7, lo, hi, theta, &q, &t);
    ck_assert(q.inside);
    ck_assert(t.inside);
    ck_assert_double_eq(theta[0], 2.0);
    ck_assert_double_eq_tol(theta[1], -1.0, 0.1);

    /* A start outside the box is clamped first; no iterations leave it there. */
    SpsaParams sp = spsa_params(0, 1, 1, 0, 1);
    sp.lower = lo;
    sp.upper = hi;
    double start[2] = {5, -7};
    spsa_run(&sp, start, 2, quadratic, &q, NULL, NULL);
    ck_assert(start[0] == 2 && start[1] == -2);
}
END_TEST

/* ---- the attackers' score interval (stats/stats.c) ----
 * Hand values, z = 1.959964, z^2 = 3.841459:
 * - no draws: the Wilson interval. All n wins: [n / (n + z^2), 1]; n = 3: 3 / 6.841459 =
 *   0.438503, p = erfc(0.5 / sqrt(1/12) / sqrt 2) = erfc(1.224745) = 0.083265. All losses:
 *   the mirror, [0, 0.561497]. 39-0-1: [0.871186, 0.995573] (Wilson, from the formula).
 * - all n draws: above 1/2 the restricted MLE puts pW = 2 s0 - 1, pD = 2 - 2 s0, so
 *   V = (s0 - 1/2)(1 - s0) and n (s0 - 1/2)^2 / V <= z^2 gives s0 <= (1/2 + z^2/n) / (1 + z^2/n):
 *   n = 3: 1.780486 / 2.280486 = 0.780749; n = 40: 0.596037 / 1.096037 = 0.543811; the low end
 *   mirrors it; p = 1.
 * - issue 18's case: 4 wins, 36 draws, 0 losses (s = 0.55) gave [0.501, 0.550] (the estimate on
 *   its own bound). Now [0.501808, 0.615259], p = erfc(2 / sqrt 2) = 0.045500 with
 *   z = 0.05 / sqrt(0.1 / 160) = 2. The bounds come from a separate Python program that finds
 *   the restricted MLE by golden-section search on the likelihood (not the quadratic used here)
 *   and bisects on s0; 2-30-8 -> [0.344414, 0.502879], 10-5-1 -> [0.588805, 0.893639]. */
START_TEST(test_score_interval_hand_values)
{
    const double z = STATS_Z95;
    const struct {
        long w, d, l;
        double score, low, high, p;
    } cases[] = {
        {3, 0, 0, 1.0, 0.438503, 1.0, 0.083265},        {0, 0, 3, 0.0, 0.0, 0.561497, 0.083265},
        {40, 0, 0, 1.0, 40 / (40 + 3.841459), 1.0, -1}, {39, 0, 1, 0.975, 0.871186, 0.995573, -1},
        {1, 0, 39, 0.025, 0.004427, 0.128814, -1},      {0, 3, 0, 0.5, 1 - 0.780749, 0.780749, 1.0},
        {0, 40, 0, 0.5, 1 - 0.543811, 0.543811, 1.0},   {0, 1, 0, 0.5, 0.103275, 0.896725, 1.0},
        {4, 36, 0, 0.55, 0.501808, 0.615259, 0.045500}, {2, 30, 8, 0.425, 0.344414, 0.502879, -1},
        {10, 5, 1, 0.78125, 0.588805, 0.893639, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ScoreEstimate e;
        stats_score(cases[i].w, cases[i].d, cases[i].l, z, &e);
        ck_assert_double_eq_tol(e.score, cases[i].score, 1e-12);
        ck_assert_msg(fabs(e.low - cases[i].low) < 2e-6 && fabs(e.high - cases[i].high) < 2e-6,
                      "%ld-%ld-%ld: [%.6f, %.6f]", cases[i].w, cases[i].d, cases[i].l, e.low,
                      e.high);
        if (cases[i].p >= 0) {
            ck_assert_double_eq_tol(e.p_value, cases[i].p, 2e-6);
        }
        /* Never a point, and the estimate is on a bound only at 0 or 1. */
        ck_assert(e.high - e.low > 0.01);
        ck_assert(e.score == 0 || e.score == 1 || (e.low < e.score && e.score < e.high));
    }
}
END_TEST

/* The width stop: never before min_games, never on one outcome only (issue 18: three drawn
 * games stopped a run asking for width 0.05), else when the interval is narrow enough. 50-0-50
 * is Wilson's 0.5 -+ z sqrt(0.0025 + z^2/40000) / (1 + z^2/100) = 0.5 -+ 0.096169: width
 * 0.192337. */
START_TEST(test_width_stop)
{
    const double z = STATS_Z95;
    ck_assert(!stats_width_reached(0, 3, 0, 1, 0.05, z));
    ck_assert(!stats_width_reached(0, 3000, 0, 1, 0.05, z)); /* width 0.0013, but no variance */
    ck_assert(!stats_width_reached(3000, 0, 0, 1, 0.05, z));
    ck_assert(!stats_width_reached(0, 0, 3000, 1, 0.05, z));
    ck_assert(!stats_width_reached(0, 0, 0, 0, 1.0, z));
    ck_assert(stats_width_reached(50, 0, 50, 100, 0.1924, z));
    ck_assert(!stats_width_reached(50, 0, 50, 100, 0.1923, z));
    ck_assert(!stats_width_reached(50, 0, 50, 101, 0.1924, z)); /* too few games */
    ck_assert(stats_width_reached(1, 2998, 1, STATS_MIN_GAMES, 0.05, z));
}
END_TEST

/* Differences (Agresti and Caffo 2000: one win and one loss added to each set), by hand:
 * - 40 draws vs 40 draws: s~ = 21/42 = 1/2, v~ = (1 + 10)/42 - 1/4 = 0.0119048,
 *   se = sqrt(2 v~ / 42) = 0.0238095, interval -+0.0466658, p = 1.
 * - 30-0-10 vs 10-0-30: s~ = 31/42 and 11/42, v~ = (31/42)(11/42) = 0.193311 each,
 *   se = sqrt(2 v~ / 42) = 0.0959442, d~ = 20/42 = 0.476190: [0.288144, 0.664237],
 *   p = erfc(0.476190 / 0.0959442 / sqrt 2) = 6.934e-7; the observed difference is 0.5.
 * - 4-36-0 vs 40 draws: s~a = 23/42, v~a = 14/42 - (23/42)^2 = 0.0334467, se = 0.0328605,
 *   d~ = 2/42: [-0.016786, 0.112024], p = 0.147299; observed 0.05.
 * - pairs: 20 split pairs vs 20 split pairs: s~ = 11/22, v~ = 6/22 - 1/4 = 0.0227273,
 *   se = sqrt(2 v~ / 22) = 0.0454545, interval -+0.0890893, p = 1. [1 4 180 10 5] vs
 *   [2 6 185 5 2]: [-0.003135, 0.040264], p = 0.093583 (the same Python program). */
START_TEST(test_score_diff_hand_values)
{
    const double z = STATS_Z95;
    ScoreDiff d;
    const long draws40[3] = {0, 40, 0}, strong[3] = {30, 0, 10}, weak[3] = {10, 0, 30};
    const long case1[3] = {4, 36, 0};
    stats_score_diff(draws40, draws40, z, &d);
    ck_assert_double_eq_tol(d.diff, 0, 1e-15);
    ck_assert_double_eq_tol(d.low, -0.0466658, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.0466658, 1e-6);
    ck_assert_double_eq_tol(d.p_value, 1.0, 1e-12);
    stats_score_diff(strong, weak, z, &d);
    ck_assert_double_eq_tol(d.diff, 0.5, 1e-15);
    ck_assert_double_eq_tol(d.low, 0.288144, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.664237, 1e-6);
    ck_assert_double_eq_tol(d.p_value, 6.934e-7, 1e-9);
    stats_score_diff(weak, strong, z, &d); /* the mirror */
    ck_assert_double_eq_tol(d.diff, -0.5, 1e-15);
    ck_assert_double_eq_tol(d.low, -0.664237, 1e-6);
    stats_score_diff(case1, draws40, z, &d);
    ck_assert_double_eq_tol(d.diff, 0.05, 1e-12);
    ck_assert_double_eq_tol(d.low, -0.016786, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.112024, 1e-6);
    ck_assert_double_eq_tol(d.p_value, 0.147299, 1e-6);

    const long split[5] = {0, 0, 20, 0, 0};
    stats_pair_diff(split, split, z, &d);
    ck_assert_double_eq_tol(d.diff, 0, 1e-15);
    ck_assert_double_eq_tol(d.high, 0.0890893, 1e-6);
    ck_assert_double_eq_tol(d.low, -0.0890893, 1e-6);
    ck_assert_double_eq_tol(d.p_value, 1.0, 1e-12);
    const long pa[5] = {1, 4, 180, 10, 5}, pb[5] = {2, 6, 185, 5, 2};
    stats_pair_diff(pa, pb, z, &d);
    ck_assert_double_eq_tol(d.low, -0.003135, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.040264, 1e-6);
    ck_assert_double_eq_tol(d.p_value, 0.093583, 1e-6);
    /* An empty set: the observed difference is unknown, the interval still defined. */
    const long none[3] = {0, 0, 0};
    stats_score_diff(none, draws40, z, &d);
    ck_assert(isnan(d.diff) && d.low < 0 && d.high > 0);
}
END_TEST

/* Two one-sided tests (Schuirmann 1987), by hand from the differences above (width 0.08):
 * - 40 draws vs 40 draws: d~ = 0, se = 0.0466658 / 1.959964 = 0.0238095; both tests give
 *   Phi(-0.08 / 0.0238095) = Phi(-3.36) = 3.8971e-4.
 * - 4-36-0 vs 40 draws: d~ = 2/42 = 0.0476190, se = 0.0328603: the upper test
 *   Phi(-(0.08 - 0.047619) / 0.0328603) = Phi(-0.98541) = 0.162210 is the larger.
 * - strong vs weak (d~ 0.476): Phi((0.476 - 0.08) / 0.0959) -> 0.99997 (far outside).
 * The quantile: Phi^-1(0.975) = 1.959964, Phi^-1(1 - 0.025 / 3) = 2.393980 (the Bonferroni
 * z of three pairs), Phi^-1(1/2) = 0. */
START_TEST(test_equivalence)
{
    const double z = STATS_Z95;
    ScoreDiff d;
    const long draws40[3] = {0, 40, 0}, case1[3] = {4, 36, 0};
    const long strong[3] = {30, 0, 10}, weak[3] = {10, 0, 30};
    stats_score_diff(draws40, draws40, z, &d);
    ck_assert_double_eq_tol(d.centre, 0, 1e-15);
    ck_assert_double_eq_tol(d.se, 0.0238095, 1e-7);
    ck_assert_double_eq_tol(stats_equivalence_p(&d, 0.08), 3.8971e-4, 1e-8);
    stats_score_diff(case1, draws40, z, &d);
    ck_assert_double_eq_tol(d.centre, 2.0 / 42, 1e-12);
    ck_assert_double_eq_tol(stats_equivalence_p(&d, 0.08), 0.162210, 1e-6);
    stats_score_diff(draws40, case1, z, &d); /* the mirror: the lower test, the same p */
    ck_assert_double_eq_tol(stats_equivalence_p(&d, 0.08), 0.162210, 1e-6);
    stats_score_diff(strong, weak, z, &d);
    ck_assert(stats_equivalence_p(&d, 0.08) > 0.9999);
    /* p < alpha exactly when the 90% interval lies inside (-width, width): at the width where
     * the interval's upper end touches it, p is 0.05. */
    stats_score_diff(case1, draws40, z, &d);
    double edge = d.centre + stats_normal_quantile(0.95) * d.se;
    ck_assert_double_eq_tol(stats_equivalence_p(&d, edge), 0.05, 1e-9);
    ck_assert_double_eq_tol(stats_normal_quantile(0.975), 1.959964, 1e-6);
    ck_assert_double_eq_tol(stats_normal_quantile(1 - 0.025 / 3), 2.393980, 1e-6);
    ck_assert_double_eq_tol(stats_normal_quantile(0.5), 0, 1e-12);
    ck_assert(isinf(stats_normal_quantile(1)) && stats_normal_quantile(1) > 0);
    ck_assert(isnan(stats_normal_quantile(1.5)));
}
END_TEST

/* Holm (1979), by hand: p = {0.01, 0.04, 0.03, 0.005}, m = 4, sorted 0.005, 0.01, 0.03, 0.04:
 * 4 x 0.005 = 0.02, 3 x 0.01 = 0.03, 2 x 0.03 = 0.06, 1 x 0.04 = 0.04 -> running max 0.06. */
START_TEST(test_holm)
{
    const double p[4] = {0.01, 0.04, 0.03, 0.005};
    double adj[4];
    stats_holm(p, 4, adj);
    ck_assert_double_eq_tol(adj[0], 0.03, 1e-15);
    ck_assert_double_eq_tol(adj[1], 0.06, 1e-15);
    ck_assert_double_eq_tol(adj[2], 0.06, 1e-15);
    ck_assert_double_eq_tol(adj[3], 0.02, 1e-15);
    /* NaN is no test: m = 2; 2 x 0.5 caps at 1, and 0.6 takes the running maximum. In place. */
    double q[3] = {0.5, NAN, 0.6};
    stats_holm(q, 3, q);
    ck_assert_double_eq(q[0], 1.0);
    ck_assert(isnan(q[1]));
    ck_assert_double_eq(q[2], 1.0);
    /* Ties: equal adjusted values whatever the order. */
    const double t[3] = {0.02, 0.02, 0.5};
    stats_holm(t, 3, adj);
    ck_assert_double_eq_tol(adj[0], 0.06, 1e-15);
    ck_assert_double_eq_tol(adj[1], 0.06, 1e-15);
    ck_assert_double_eq_tol(adj[2], 0.5, 1e-15);
    stats_holm(p, 0, adj); /* nothing to do */
}
END_TEST

/* ---- balance: distance from 1/2, its change, the equivalence verdict, the race ---- */

/* Without draws stats_score is the Wilson interval: for k wins of n = 100 at z = 1.959964,
 * centre = (k/n + z^2/2n) / (1 + z^2/n), half = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n).
 * 80/100: centre 0.819207/1.038415 = 0.788902, half 0.077731: [0.711171, 0.866633], so the
 * distance 0.3 has the folded interval [0.211171, 0.366633].
 * 50/100: [0.403832, 0.596168] holds 1/2: distance 0 in [0, 0.096168].
 * 40/100: [0.309401, 0.497997] stops short of 1/2: distance 0.1 in [0.002003, 0.190599]. */
START_TEST(test_balance_distance_hand_values)
{
    BalanceDistance d;
    balance_distance(80, 0, 20, STATS_Z95, &d);
    ck_assert_double_eq_tol(d.distance, 0.3, 1e-12);
    ck_assert_double_eq_tol(d.low, 0.211171, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.366633, 1e-6);
    balance_distance(20, 0, 80, STATS_Z95, &d); /* the mirror image: the same distance */
    ck_assert_double_eq_tol(d.low, 0.211171, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.366633, 1e-6);
    balance_distance(50, 0, 50, STATS_Z95, &d);
    ck_assert_double_eq(d.distance, 0.0);
    ck_assert_double_eq(d.low, 0.0);
    ck_assert_double_eq_tol(d.high, 0.096168, 1e-6);
    balance_distance(40, 0, 60, STATS_Z95, &d);
    ck_assert_double_eq_tol(d.low, 0.002003, 1e-6);
    ck_assert_double_eq_tol(d.high, 0.190599, 1e-6);
    balance_distance(0, 0, 0, STATS_Z95, &d); /* no games: nothing known */
    ck_assert_double_eq(d.low, 0.0);
    ck_assert_double_eq(d.high, 0.5);
}
END_TEST

/* MOVER from the folded intervals above. a = 55/100: Wilson [0.452446, 0.643855], distance
 * 0.05 in [0, 0.143855]; b = 80/100: 0.3 in [0.211171, 0.366633]. D = -0.25,
 * low = -0.25 - sqrt(0.05^2 + 0.066633^2) = -0.25 - 0.083306 = -0.333306,
 * high = -0.25 + sqrt(0.093855^2 + 0.088829^2) = -0.25 + 0.129226 = -0.120774: closer.
 * a = 60/100 (0.1 in [0.002003, 0.190599] as 40/100), b = 50/100 (0 in [0, 0.096168]):
 * low = 0.1 - sqrt(0.097997^2 + 0.096168^2) = -0.037302, high = 0.1 + 0.090599 = 0.190599:
 * no difference. The p-values invert the interval: z* where the bound reaches 0, found by
 * bisection in a short Python transcription of the same formulas: 1.590e-4 and 0.154885. */
START_TEST(test_balance_change_hand_values)
{
    long a[3] = {55, 0, 45}, b[3] = {80, 0, 20}, c[3] = {60, 0, 40}, e[3] = {50, 0, 50};
    BalanceChange ch;
    balance_change(a, b, STATS_Z95, &ch);
    ck_assert_double_eq_tol(ch.change, -0.25, 1e-12);
    ck_assert_double_eq_tol(ch.low, -0.333306, 1e-6);
    ck_assert_double_eq_tol(ch.high, -0.120774, 1e-6);
    ck_assert_int_eq(ch.verdict, BALANCE_CLOSER);
    ck_assert_str_eq(balance_change_name(ch.verdict), "closer");
    ck_assert_double_eq_tol(ch.p_value, 1.590e-4, 2e-7);
    balance_change(b, a, STATS_Z95, &ch); /* the other way round: farther, same p */
    ck_assert_int_eq(ch.verdict, BALANCE_FARTHER);
    ck_assert_double_eq_tol(ch.low, 0.120774, 1e-6);
    ck_assert_double_eq_tol(ch.p_value, 1.590e-4, 2e-7);
    balance_change(c, e, STATS_Z95, &ch);
    ck_assert_double_eq_tol(ch.low, -0.037302, 1e-6);
    ck_assert_double_eq_tol(ch.high, 0.190599, 1e-6);
    ck_assert_int_eq(ch.verdict, BALANCE_NO_DIFFERENCE);
    ck_assert_str_eq(balance_change_name(ch.verdict), "no_difference");
    ck_assert_double_eq_tol(ch.p_value, 0.154885, 1e-5);
    balance_change(e, e, STATS_Z95, &ch); /* no change at all */
    ck_assert_double_eq(ch.p_value, 1.0);
    /* The p-value agrees with the interval at every level: p < 0.05 exactly when it excludes 0 */
    for (long w = 0; w <= 40; w += 4) {
        long x[3] = {w, 2, 40 - w}, y[3] = {20, 0, 20};
        balance_change(x, y, STATS_Z95, &ch);
        ck_assert_int_eq(ch.p_value < 0.05, ch.verdict != BALANCE_NO_DIFFERENCE);
    }
}
END_TEST

/* TOST at alpha = 0.05, margin 0.05. 500/1000: the 90% Wilson interval (z = 1.644854) is
 * 0.5 -+ 1.644854 sqrt(0.25/1000 + z^2/4e6)/(1 + z^2/1000) = 0.5 -+ 0.025972, inside
 * (0.45, 0.55): balanced. 80/100: the 95% interval [0.711, 0.867] lies above 0.55: not
 * balanced. 55/100: the 90% interval [0.468, 0.629] crosses 0.55 and the 95% one holds 0.5:
 * undetermined. 540/1000: 90% [0.514, 0.566] crosses 0.55, 95% [0.509, 0.571] too:
 * undetermined; 600/1000: 95% [0.569, 0.630] lies above 0.55: not balanced. */
START_TEST(test_balance_verdict_tost)
{
    ck_assert_int_eq(balance_verdict(500, 0, 500, 0.05, 0.05), BALANCE_BALANCED);
    ck_assert_int_eq(balance_verdict(400, 200, 400, 0.05, 0.05), BALANCE_BALANCED);
    ck_assert_int_eq(balance_verdict(80, 0, 20, 0.05, 0.05), BALANCE_NOT_BALANCED);
    ck_assert_int_eq(balance_verdict(20, 0, 80, 0.05, 0.05), BALANCE_NOT_BALANCED);
    ck_assert_int_eq(balance_verdict(55, 0, 45, 0.05, 0.05), BALANCE_UNDETERMINED);
    ck_assert_int_eq(balance_verdict(540, 0, 460, 0.05, 0.05), BALANCE_UNDETERMINED);
    ck_assert_int_eq(balance_verdict(600, 0, 400, 0.05, 0.05), BALANCE_NOT_BALANCED);
    /* A wider margin takes 540/1000 in: its 90% interval [0.514, 0.566] is inside 0.5 -+ 0.1 */
    ck_assert_int_eq(balance_verdict(540, 0, 460, 0.10, 0.05), BALANCE_BALANCED);
    ck_assert_int_eq(balance_verdict(0, 0, 0, 0.05, 0.05), BALANCE_UNDETERMINED);
    ck_assert_str_eq(balance_verdict_name(BALANCE_NOT_BALANCED), "not balanced");
}
END_TEST

/* A synthetic family of five candidates, 100 games each without draws, wins 50, 80, 52, 30
 * and 65. The best is 50/100 (distance 0). The raw p-values of the changes against it (as in
 * test_balance_change_hand_values): 80: 8.136e-6, 52: 0.777247, 30: 0.003801, 65: 0.031620.
 * Holm over m = 4, ascending: 4 x 8.136e-6 = 3.25e-5, 3 x 0.003801 = 0.011402,
 * 2 x 0.031620 = 0.063239, 0.777247: 80 and 30 are dropped; 65 stays (raw p 0.032 < 0.05, but
 * not after the correction), and 52 stays. A second step on the survivors (m = 2) drops
 * nothing more: 65 against 50 has raw p 0.0316 x 2 = 0.063. */
START_TEST(test_balance_race_step)
{
    const long wdl[5][3] = {{50, 0, 50}, {80, 0, 20}, {52, 0, 48}, {30, 0, 70}, {65, 0, 35}};
    bool alive[5] = {true, true, true, true, true};
    double p[5];
    int best = -2;
    ck_assert_int_eq(balance_race_step(wdl, alive, 5, 0.05, &best, p), 2);
    ck_assert_int_eq(best, 0);
    ck_assert(alive[0] && !alive[1] && alive[2] && !alive[3] && alive[4]);
    ck_assert(isnan(p[0]));
    ck_assert_double_eq_tol(p[1], 4 * 8.136e-6, 1e-7);
    ck_assert_double_eq_tol(p[3], 3 * 0.003801, 1e-5);
    ck_assert_double_eq_tol(p[4], 2 * 0.031620, 1e-5);
    ck_assert_double_eq_tol(p[2], 0.777247, 1e-5);
    ck_assert_int_eq(balance_race_step(wdl, alive, 5, 0.05, &best, p), 0);
    ck_assert(alive[0] && alive[2] && alive[4]);
    ck_assert(isnan(p[1]) && isnan(p[3]));
    /* One alive: nothing to race. */
    bool one[5] = {false, false, true, false, false};
    ck_assert_int_eq(balance_race_step(wdl, one, 5, 0.05, &best, NULL), 0);
    ck_assert_int_eq(best, 2);
    /* Ties on distance keep the lowest index: 30/100 and 70/100 are both 0.2 away */
    const long tie[2][3] = {{70, 0, 30}, {30, 0, 70}};
    bool both[2] = {true, true};
    ck_assert_int_eq(balance_race_step(tie, both, 2, 0.05, &best, NULL), 0);
    ck_assert_int_eq(best, 0);
}
END_TEST

Suite *statistics_suite(void)
{
    Suite *s = suite_create("statistics");
    TCase *tc = tcase_create("ratings");
    tcase_add_test(tc, test_elo_from_score);
    tcase_add_test(tc, test_bt_two_players);
    tcase_add_test(tc, test_bt_three_exact);
    tcase_add_test(tc, test_bt_four_incomplete);
    tcase_add_test(tc, test_bt_anchored);
    tcase_add_test(tc, test_bt_prior);
    tcase_add_test(tc, test_bt_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("sprt");
    tcase_add_test(tc, test_sprt_bounds_decision);
    tcase_add_test(tc, test_sprt_llr_reference);
    tcase_add_test(tc, test_sprt_llr_properties);
    tcase_add_test(tc, test_sprt_elo_pentanomial);
    tcase_add_test(tc, test_sprt_parse);
    suite_add_tcase(s, tc);
    tc = tcase_create("spsa");
    tcase_add_test(tc, test_spsa_converges);
    tcase_add_test(tc, test_spsa_deterministic);
    tcase_add_test(tc, test_spsa_bounds);
    suite_add_tcase(s, tc);
    tc = tcase_create("intervals");
    tcase_add_test(tc, test_score_interval_hand_values);
    tcase_add_test(tc, test_width_stop);
    tcase_add_test(tc, test_score_diff_hand_values);
    tcase_add_test(tc, test_holm);
    tcase_add_test(tc, test_equivalence);
    suite_add_tcase(s, tc);
    tc = tcase_create("balance");
    tcase_add_test(tc, test_balance_distance_hand_values);
    tcase_add_test(tc, test_balance_change_hand_values);
    tcase_add_test(tc, test_balance_verdict_tost);
    tcase_add_test(tc, test_balance_race_step);
    suite_add_tcase(s, tc);
    return s;
}
