/* The crossing fit of a compensation knob (stats/crossing.c, issue 25 item 4) against values
 * computed by hand: two knob values make the logistic fit exact (logit s_i = a + b x_i), so a,
 * b, the information matrix and Fieller's interval follow in closed form. */
#include <math.h>
#include <string.h>

#include "stats/crossing.h"
#include "stats/stats.h"
#include "studies/knob.h"
#include "tests/tests.h"

#define TOL 1e-9

static CrossingResult fit_ok(const CrossingPoint *pts, int n)
{
    CrossingResult r;
    Error err = {{0}};
    ck_assert_msg(crossing_fit(pts, n, STATS_Z95, &r, &err) == ST_OK, "%s", err.text);
    return r;
}

/* x = 20: 30 wins of 100; x = 40: 70 of 100. logit 0.3 = -ln(7/3), logit 0.7 = ln(7/3), so
 * b = 2 ln(7/3) / 20 = 0.0847297860, a = -ln(7/3) - 20 b = -3 ln(7/3) = -2.5418935812 and the
 * score is 1/2 at x = -a / b = 30. Information, x centred at 30 (u = -10, +10), each point
 * weighing n p (1 - p) = 21: I = diag(42, 21 * 200), so V_cc = 1/42, V_cb = 0, V_bb = 1/4200.
 * Fieller: (b^2 - z^2 V_bb) u^2 <= z^2 V_cc, |u| <= z sqrt((1/42) / (b^2 - z^2 / 4200))
 * = 1.959964 sqrt(0.0238095 / (0.00717914 - 0.00091463)) = 3.8210271, so [26.1789729,
 * 33.8210271]. */
START_TEST(test_crossing_symmetric_two_points)
{
    CrossingPoint pts[] = {{40, 70, 0, 30}, {20, 30, 0, 70}}; /* any order */
    CrossingResult r = fit_ok(pts, 2);
    ck_assert_int_eq(r.verdict, CROSSING_OK);
    ck_assert_double_eq_tol(r.b, log(7.0 / 3) / 10, TOL);
    ck_assert_double_eq_tol(r.a, -3 * log(7.0 / 3), TOL);
    ck_assert_double_eq_tol(r.x, 30, TOL);
    ck_assert_double_eq_tol(r.var_b, 1.0 / 4200, TOL);
    ck_assert_double_eq_tol(r.low, 26.178972894087405, 1e-7);
    ck_assert_double_eq_tol(r.high, 33.82102710591259, 1e-7);
    ck_assert_double_eq_tol(crossing_score_at(&r, 30), 0.5, TOL);
    ck_assert_double_eq_tol(crossing_score_at(&r, 20), 0.3, TOL);
    /* The isotonic fit is the data (already increasing): 0.3 at 20, 0.7 at 40, 1/2 at 30. */
    ck_assert_double_eq_tol(r.iso_x, 30, TOL);
    ck_assert_double_eq(r.x_min, 20);
    ck_assert_double_eq(r.x_max, 40);
}
END_TEST

/* Five knob values scoring 0.9, 0.7, 0.5, 0.3, 0.1 (decreasing, as the attackers' score falls
 * when a cap they win comes later), with draws: symmetric about x = 30, so the fit crosses 1/2
 * at exactly 30 and Fieller's interval is symmetric about it. A draw counts half a win: the
 * same scores from wins and losses alone give the same fit. */
START_TEST(test_crossing_symmetric_decreasing_with_draws)
{
    CrossingPoint with_draws[] = {
        {10, 80, 20, 0}, {20, 60, 20, 20}, {30, 25, 50, 25}, {40, 20, 20, 60}, {50, 0, 20, 80}};
    CrossingPoint no_draws[] = {
        {10, 90, 0, 10}, {20, 70, 0, 30}, {30, 50, 0, 50}, {40, 30, 0, 70}, {50, 10, 0, 90}};
    CrossingResult r = fit_ok(with_draws, 5), q = fit_ok(no_draws, 5);
    ck_assert_int_eq(r.verdict, CROSSING_OK);
    ck_assert(r.b < 0);
    ck_assert_double_eq_tol(r.x, 30, 1e-9);
    ck_assert_double_eq_tol(30 - r.low, r.high - 30, 1e-7);
    ck_assert(r.low > 20 && r.high < 40);
    ck_assert_double_eq_tol(r.a, q.a, 1e-9);
    ck_assert_double_eq_tol(r.b, q.b, 1e-12);
    ck_assert_double_eq_tol(r.low, q.low, 1e-9);
    ck_assert_double_eq_tol(r.iso_x, 30, TOL); /* the point at 30 scores exactly 1/2 */
}
END_TEST

/* No crossing in range: x = 0 scores 0.1, x = 10 scores 0.2. b = (logit 0.2 - logit 0.1) / 10
 * = ln(2.25) / 10 = 0.0810930216, a = -ln 9, crossing at 10 ln 9 / ln 2.25 = 27.0951129, past
 * the values played. With 1000 games each: V_aa = 1 / (1000 * 0.1 * 0.9) = 1/90, V_ab = -1/900,
 * V_bb = (1/90 + 1/160) / 100 = 0.000173611; b^2 - z^2 V_bb = 0.00590916 > 0, and the roots of
 * 0.00590916 x^2 - 2 * 0.173911 x + 4.785113 are 21.9212625 and 36.9403507. With 100 games
 * each, z^2 V_bb = 0.0066693 > b^2 = 0.0065761: the slope is not significant, the interval
 * unbounded: flat. */
START_TEST(test_crossing_out_of_range_and_flat)
{
    CrossingPoint pts[] = {{0, 100, 0, 900}, {10, 200, 0, 800}};
    CrossingResult r = fit_ok(pts, 2);
    ck_assert_int_eq(r.verdict, CROSSING_OUT_OF_RANGE);
    ck_assert_double_eq_tol(r.x, 10 * log(9) / log(2.25), 1e-9);
    ck_assert_double_eq_tol(r.var_a, 1.0 / 90, 1e-12);
    ck_assert_double_eq_tol(r.cov_ab, -1.0 / 900, 1e-12);
    ck_assert_double_eq_tol(r.low, 21.92126252745767, 1e-7);
    ck_assert_double_eq_tol(r.high, 36.94035068377884, 1e-7);
    ck_assert(isnan(r.iso_x)); /* both scores below 1/2 */
    ck_assert_str_eq(crossing_verdict_name(r.verdict), "out_of_range");

    CrossingPoint few[] = {{0, 10, 0, 90}, {10, 20, 0, 80}};
    r = fit_ok(few, 2);
    ck_assert_int_eq(r.verdict, CROSSING_FLAT);
    ck_assert_double_eq_tol(r.x, 10 * log(9) / log(2.25), 1e-9);
    ck_assert(isinf(r.low) && r.low < 0 && isinf(r.high) && r.high > 0);

    /* The same score everywhere: b = 0, no crossing point at all. */
    CrossingPoint even[] = {{10, 50, 0, 50}, {20, 25, 50, 25}};
    r = fit_ok(even, 2);
    ck_assert_int_eq(r.verdict, CROSSING_FLAT);
    ck_assert_double_eq_tol(r.b, 0, 1e-12);
    ck_assert(isnan(r.x));
    ck_assert(isnan(r.iso_x)); /* 1/2 everywhere: no single crossing */
}
END_TEST

/* Perfect separation: every game lost at x <= 20, won at x >= 30. The likelihood grows without
 * bound as b does, so there is no fit; the crossing lies between 20 and 30. Quasi-complete:
 * lost at 10, won at 30, mixed at 20: the jump is at 20. */
START_TEST(test_crossing_separation)
{
    CrossingPoint pts[] = {{10, 0, 0, 50}, {20, 0, 0, 50}, {30, 50, 0, 0}, {40, 50, 0, 0}};
    CrossingResult r = fit_ok(pts, 4);
    ck_assert_int_eq(r.verdict, CROSSING_SEPARATED);
    ck_assert_double_eq(r.low, 20);
    ck_assert_double_eq(r.high, 30);
    ck_assert_double_eq(r.x, 25);
    ck_assert(isnan(r.a) && isnan(r.b));
    ck_assert_double_eq_tol(r.iso_x, 25, TOL); /* 0 at 20, 1 at 30 */

    /* Won at 10, lost at 30, 1/2 at 20 (40 games: Wilson [0.352, 0.648] holds 1/2): the
     * crossing may lie anywhere between 10 and 30, not at 20 alone (issue 54). */
    CrossingPoint down[] = {{10, 40, 0, 0}, {20, 10, 20, 10}, {30, 0, 0, 40}};
    r = fit_ok(down, 3);
    ck_assert_int_eq(r.verdict, CROSSING_SEPARATED);
    ck_assert_double_eq(r.low, 10);
    ck_assert_double_eq(r.high, 30);
    ck_assert_double_eq(r.x, 20);
    ck_assert_double_eq_tol(r.iso_x, 20, TOL);

    CrossingPoint lost[] = {{10, 0, 0, 5}, {20, 0, 0, 5}};
    r = fit_ok(lost, 2);
    ck_assert_int_eq(r.verdict, CROSSING_ONE_RESULT);
    ck_assert(isnan(r.x) && isnan(r.low) && isnan(r.iso_x));
}
END_TEST

/* Issue 54: an overlap at one level is no bracket. Move limits 20, 40, 80 scoring 1/30, 0, 0
 * (decreasing: the wins are at 20 only): 1 of 30 has the Wilson interval [0.0059, 0.1667],
 * below 1/2, so every level is below 1/2 and the crossing, if any, lies below 20: (-inf, 20],
 * no point estimate, where the fit once said [20, 20]. 18 of 30 at 20 (Wilson [0.423, 0.754]
 * holds 1/2), 0 at 40 and 80: the score falls below 1/2 by 40, and may already be below it
 * before 20: (-inf, 40], where the fit once said "between 20 and 20". */
START_TEST(test_crossing_separation_unbracketed)
{
    CrossingPoint low[] = {{20, 1, 0, 29}, {40, 0, 0, 30}, {80, 0, 0, 30}};
    CrossingResult r = fit_ok(low, 3);
    ck_assert_int_eq(r.verdict, CROSSING_SEPARATED);
    ck_assert(isinf(r.low) && r.low < 0);
    ck_assert_double_eq(r.high, 20);
    ck_assert(isnan(r.x));

    CrossingPoint open[] = {{20, 18, 0, 12}, {40, 0, 0, 30}, {80, 0, 0, 30}};
    r = fit_ok(open, 3);
    ck_assert_int_eq(r.verdict, CROSSING_SEPARATED);
    ck_assert(isinf(r.low) && r.low < 0);
    ck_assert_double_eq(r.high, 40);
    ck_assert(isnan(r.x));

    /* Increasing, the undecided level at the top: won 3 of 5 at 30 (Wilson [0.231, 0.882]),
     * lost every game at 10 and 20: above 20, perhaps beyond 30: [20, +inf). */
    CrossingPoint up[] = {{10, 0, 0, 30}, {20, 0, 0, 30}, {30, 3, 0, 2}};
    r = fit_ok(up, 3);
    ck_assert_int_eq(r.verdict, CROSSING_SEPARATED);
    ck_assert_double_eq(r.low, 20);
    ck_assert(isinf(r.high) && r.high > 0);
    ck_assert(isnan(r.x));
    /* No interval of zero width comes out of a separation. */
    ck_assert(r.low < r.high);
}
END_TEST

/* The isotonic check pools violators: scores 0.2, 0.4, 0.3, 0.8 at 10..40 (100 games each)
 * become 0.2, 0.35, 0.35, 0.8, which reach 1/2 between 30 (0.35) and 40 (0.8) at
 * 30 + 10 * 0.15 / 0.45 = 33.333... Points at one x are pooled first: 40 and 0 wins of 50
 * at x = 20 are the 0.4 of 100. */
START_TEST(test_crossing_isotonic_pools)
{
    CrossingPoint pts[] = {
        {10, 20, 0, 80}, {20, 40, 0, 10}, {30, 30, 0, 70}, {40, 80, 0, 20}, {20, 0, 0, 50}};
    CrossingResult r = fit_ok(pts, 5);
    ck_assert_double_eq_tol(r.iso_x, 30 + 10 * 0.15 / 0.45, 1e-9);
    ck_assert(r.b > 0);
    ck_assert(r.x > 20 && r.x < 40);
}
END_TEST

/* Lack of fit: 20, 70, 60 wins of 100 at x = 10, 20, 30. The fit through 0.3, 0.5 and 0.7
 * (c = 0, b = ln(7/3) / 10 about the centre 20) solves the likelihood equations: residuals
 * -10, +20, -10 sum to 0, and so does -10 * -10 + 0 * 20 + 10 * -10. Pearson's X^2 =
 * 100/21 + 400/25 + 100/21 = 25.5238 on 1 df, p = erfc(sqrt(12.7619)) = 4.3696e-7. The
 * binomial Fieller interval would be [16.9747, 23.0253]; multiplied by the dispersion 25.52,
 * V_bb = 25.52 / 4200 makes b^2 - z^2 V_bb = 0.0071791 - 0.0233449 < 0: flat. */
START_TEST(test_crossing_lack_of_fit_widens)
{
    CrossingPoint pts[] = {{10, 20, 0, 80}, {20, 70, 0, 30}, {30, 60, 0, 40}};
    CrossingResult r = fit_ok(pts, 3);
    ck_assert_double_eq_tol(r.b, log(7.0 / 3) / 10, 1e-9);
    ck_assert_double_eq_tol(r.x, 20, 1e-9);
    ck_assert_int_eq(r.df, 1);
    ck_assert_double_eq_tol(r.pearson, 200.0 / 21 + 16, 1e-9);
    ck_assert_double_eq_tol(r.dispersion, 200.0 / 21 + 16, 1e-9);
    ck_assert_double_eq_tol(r.fit_p, 4.369572601107724e-07, 1e-15);
    ck_assert_int_eq(r.verdict, CROSSING_FLAT);
    /* Two points fit exactly: no degrees of freedom, no p, dispersion 1. */
    CrossingPoint two[] = {{20, 30, 0, 70}, {40, 70, 0, 30}};
    r = fit_ok(two, 2);
    ck_assert_int_eq(r.df, 0);
    ck_assert(isnan(r.fit_p));
    ck_assert_double_eq_tol(r.pearson, 0, 1e-12);
    ck_assert_double_eq(r.dispersion, 1);
}
END_TEST

/* The chi-square tail at the tabled 5% points (df 1..5) and in closed form: df 2 is e^{-x/2},
 * df 4 is e^{-x/2} (1 + x/2). */
START_TEST(test_crossing_chi2_upper)
{
    const double q95[] = {3.841459, 5.991465, 7.814728, 9.487729, 11.070498};
    for (int df = 1; df <= 5; df++)
        ck_assert_double_eq_tol(crossing_chi2_upper(q95[df - 1], df), 0.05, 1e-7);
    ck_assert_double_eq_tol(crossing_chi2_upper(3, 2), exp(-1.5), 1e-15);
    ck_assert_double_eq_tol(crossing_chi2_upper(26.55, 4), exp(-13.275) * 14.275, 1e-15);
    ck_assert_double_eq(crossing_chi2_upper(0, 3), 1);
}
END_TEST

START_TEST(test_crossing_bad_input)
{
    const struct {
        CrossingPoint pts[2];
        int n;
        const char *error;
    } bad[] = {
        {{{10, 1, 0, 1}}, 1, "a crossing needs at least two knob values, got 1 point"},
        {{{10, 1, 0, 1}, {10, 2, 0, 1}},
         2,
         "a crossing needs at least two distinct knob values, all 2 points have x = 10"},
        {{{10, 1, 0, 1}, {20, -1, 0, 1}},
         2,
         "point 2 (x = 20): wins, draws and losses must be finite and >= 0"},
        {{{10, 1, 0, 1}, {20, 0, 0, 0}}, 2, "point 2 (x = 20): no games"},
        {{{NAN, 1, 0, 1}, {20, 1, 0, 0}}, 2, "point 1: the knob value is not a finite number"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CrossingResult r;
        Error err = {{0}};
        ck_assert_int_eq(crossing_fit(bad[i].pts, bad[i].n, STATS_Z95, &r, &err), ST_EINVAL);
        ck_assert_str_eq(err.text, bad[i].error);
    }
}
END_TEST

/* A handicap counts whole pieces: a crossing at 2.5 says that no whole number balances the
 * game, and which whole handicaps the interval holds; a whole estimate, or the move limit,
 * says nothing. The axis label says what a negative handicap means. */
START_TEST(test_knob_handicap_whole_pieces)
{
    char buf[256];
    ck_assert(knob_whole_note("handicap", 2.5, 1.7, 3.2, buf, sizeof buf));
    ck_assert_str_eq(buf, "no whole number of pieces balances the game: 1/2 falls between a "
                          "handicap of 2 and 3; the whole handicaps within the interval: 2 to 3");
    ck_assert(knob_whole_note("handicap", -0.4, -0.8, -0.1, buf, sizeof buf));
    ck_assert_str_eq(buf, "no whole number of pieces balances the game: 1/2 falls between a "
                          "handicap of -1 and 0; no whole handicap lies within the interval");
    ck_assert(knob_whole_note("handicap", 1.5, -INFINITY, 4, buf, sizeof buf));
    ck_assert_str_eq(buf, "no whole number of pieces balances the game: 1/2 falls between a "
                          "handicap of 1 and 2");
    ck_assert(!knob_whole_note("handicap", 2.0, 1.5, 2.5, buf, sizeof buf));
    ck_assert(!knob_whole_note("handicap", 1.995, 1.5, 2.5, buf, sizeof buf));
    ck_assert(!knob_whole_note("handicap", NAN, 1.5, 2.5, buf, sizeof buf));
    ck_assert(!knob_whole_note("max_plies", 80.5, 70, 90, buf, sizeof buf));
    ck_assert(strstr(knob_axis_label("handicap"), "negative: defenders taken off") != NULL);
}
END_TEST

Suite *crossing_suite(void)
{
    Suite *s = suite_create("crossing");
    TCase *tc = tcase_create("fit");
    tcase_add_test(tc, test_crossing_symmetric_two_points);
    tcase_add_test(tc, test_crossing_symmetric_decreasing_with_draws);
    tcase_add_test(tc, test_crossing_out_of_range_and_flat);
    tcase_add_test(tc, test_crossing_separation);
    tcase_add_test(tc, test_crossing_separation_unbracketed);
    tcase_add_test(tc, test_crossing_isotonic_pools);
    tcase_add_test(tc, test_crossing_lack_of_fit_widens);
    tcase_add_test(tc, test_crossing_chi2_upper);
    tcase_add_test(tc, test_crossing_bad_input);
    tcase_add_test(tc, test_knob_handicap_whole_pieces);
    suite_add_tcase(s, tc);
    return s;
}
