/* Balance curves (harness/curve.c): the points of self-play along the ladder with their intervals,
 * curve.csv, and a figure that gnuplot actually draws. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/plot.h"
#include "harness/curve.h"
#include "tests/tests.h"

static Experiment *ladder(void)
{
    Experiment *e = calloc(1, sizeof *e);
    snprintf(e->name, sizeof e->name, "ladder");
    e->converge_width = 0.08;
    e->reference = NAN;
    e->kind = EXPERIMENT_CURVE;
    e->rulesets[0] = *ruleset_preset_find("brandubh");
    e->rulesets[1] = *ruleset_preset_find("tablut");
    e->ruleset_count = 2;
    const char *names[3] = {"weak", "mid", "strong"};
    for (int i = 0; i < 3; i++) {
        snprintf(e->agents[i].name, sizeof e->agents[i].name, "%s", names[i]);
        snprintf(e->agents[i].spec, sizeof e->agents[i].spec, "random");
        e->pairings[i] = (Pairing){i, i};
    }
    e->agent_count = 3;
    e->pairing_count = 3;
    return e;
}

static long add(GameRow *rows, long n, const char *rules, const char *att, const char *def,
                Winner w, int count)
{
    for (int i = 0; i < count; i++, n++) {
        memset(&rows[n], 0, sizeof rows[n]);
        snprintf(rows[n].rules, sizeof rows[n].rules, "%s", rules);
        snprintf(rows[n].attacker, sizeof rows[n].attacker, "%s", att);
        snprintf(rows[n].defender, sizeof rows[n].defender, "%s", def);
        rows[n].winner = w;
    }
    return n;
}

/* 8 attacker wins, 1 draw, 1 loss: win rate 0.8 [0.4902, 0.9433] (Wilson), score 0.85
 * [0.5598, 0.9582] (README's worked example, stats_score); rows of other pairings do not count. */
START_TEST(test_curve_points_from_self_play)
{
    Experiment *e = ladder();
    GameRow rows[64];
    long n = add(rows, 0, "tablut", "mid", "mid", WINNER_ATTACKERS, 8);
    n = add(rows, n, "tablut", "mid", "mid", WINNER_DRAW, 1);
    n = add(rows, n, "tablut", "mid", "mid", WINNER_DEFENDERS, 1);
    n = add(rows, n, "tablut", "mid", "weak", WINNER_DEFENDERS, 5);
    n = add(rows, n, "brandubh", "strong", "strong", WINNER_DEFENDERS, 4);
    n = add(rows, n, "brandubh", "weak", "weak", WINNER_ATTACKERS, 2);
    CurvePoint *p;
    int count;
    curve_points(e, rows, n, &p, &count);
    ck_assert_int_eq(count, 3);
    /* Rulesets in the experiment's order, then rungs in file order. */
    ck_assert_str_eq(p[0].rules, "brandubh");
    ck_assert_str_eq(p[0].agent, "weak");
    ck_assert_int_eq(p[0].rung, 0);
    ck_assert_double_eq(p[0].win_rate, 1.0);
    ck_assert_str_eq(p[1].agent, "strong");
    ck_assert_int_eq(p[1].rung, 2);
    ck_assert_double_eq(p[1].win_rate, 0.0);
    ck_assert_str_eq(p[2].rules, "tablut");
    ck_assert_str_eq(p[2].agent, "mid");
    ck_assert_int_eq(p[2].games, 10);
    ck_assert_int_eq(p[2].attacker_wins, 8);
    ck_assert_int_eq(p[2].draws, 1);
    ck_assert_double_eq_tol(p[2].win_rate, 0.8, 1e-12);
    ck_assert_double_eq_tol(p[2].win_low, 0.4902, 5e-5);
    ck_assert_double_eq_tol(p[2].win_high, 0.9433, 5e-5);
    ck_assert_double_eq_tol(p[2].score, 0.85, 1e-12);
    ck_assert_double_eq_tol(p[2].score_low, 0.5598, 5e-5);
    ck_assert_double_eq_tol(p[2].score_high, 0.9582, 5e-5);
    ck_assert_double_eq_tol(p[2].draw_rate, 0.1, 1e-12);
    free(p);
    free(e);
}
END_TEST

/* curve.csv holds one line per point; the figure is drawn (skipped without gnuplot). */
START_TEST(test_curve_write_csv_and_figure)
{
    Experiment *e = ladder();
    GameRow rows[64];
    long n = add(rows, 0, "tablut", "mid", "mid", WINNER_ATTACKERS, 8);
    n = add(rows, n, "tablut", "mid", "mid", WINNER_DRAW, 1);
    n = add(rows, n, "tablut", "mid", "mid", WINNER_DEFENDERS, 1);
    n = add(rows, n, "brandubh", "weak", "weak", WINNER_ATTACKERS, 3);
    n = add(rows, n, "brandubh", "mid", "mid", WINNER_DEFENDERS, 3);
    CurvePoint *p;
    int count;
    curve_points(e, rows, n, &p, &count);
    char dir[] = "/tmp/tafl-curve-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    bool plotted = false;
    Error err = {{0}};
    ck_assert_msg(curve_write(e, p, count, dir, &plotted, &err) == ST_OK, "%s", err.text);
    char path[128], line[512];
    snprintf(path, sizeof path, "%s/curve.csv", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "rules,rung,agent,games,attacker_wins,defender_wins,draws,"
                           "attacker_win_rate,attacker_win_low,attacker_win_high,attacker_score,"
                           "attacker_score_low,attacker_score_high,draw_rate,elo,elo_low,"
                           "elo_high\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    /* No games between the rungs: no Elo, empty fields. */
    ck_assert_str_eq(line, "\"brandubh\",0,\"weak\",3,3,0,0,1.0000,0.4385,1.0000,1.0000,0.4385,"
                           "1.0000,0.0000,,,\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"tablut\",1,\"mid\",10,8,1,1,0.8000,0.4902,0.9433,0.8500,0.5598,"
                           "0.9582,0.1000,,,\n");
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    remove(path);
    /* Two rungs only on each ruleset: no verdict. */
    snprintf(path, sizeof path, "%s/convergence.csv", dir);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "rules,rungs,ordered_by,top3_score_min,top3_score_max,width,verdict\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"brandubh\",2,file,,,0.0800,not converged\n");
    fclose(f);
    remove(path);
    const char *files[3] = {"curve.gp", "curve.png", "curve.svg"};
    for (int i = 0; i < 3; i++) {
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        if (i > 0 && !plot_available()) {
            fprintf(stderr, "check_curve: gnuplot not found: figure check skipped (make deps "
                            "installs gnuplot-nox)\n");
            break;
        }
        ck_assert_msg(stat(path, &sb) == 0 && sb.st_size > 0, "%s missing or empty", path);
        remove(path);
    }
    ck_assert_int_eq(plotted, plot_available());
    ck_assert_int_eq(rmdir(dir), 0);
    free(p);
    free(e);
}
END_TEST

/* Games between the rungs order them by Bradley-Terry Elo, whatever the file says: "weak"
 * beats "mid" 9-1 and "mid" beats "strong" 9-1 (both sides summed), so the measured ladder is
 * strong < mid < weak. By hand (ratings.h, Hunter's MM): a chain of two 9-1 results with no
 * direct game gives equal steps of 400 log10(9) = 381.7 Elo, mean 0: -381.7, 0, +381.7. */
START_TEST(test_curve_orders_rungs_by_elo)
{
    Experiment *e = ladder();
    e->ruleset_count = 1;
    GameRow rows[128];
    long n = add(rows, 0, "brandubh", "weak", "mid", WINNER_ATTACKERS, 5);
    n = add(rows, n, "brandubh", "mid", "weak", WINNER_DEFENDERS, 4);
    n = add(rows, n, "brandubh", "mid", "weak", WINNER_ATTACKERS, 1);
    n = add(rows, n, "brandubh", "mid", "strong", WINNER_ATTACKERS, 5);
    n = add(rows, n, "brandubh", "strong", "mid", WINNER_DEFENDERS, 4);
    n = add(rows, n, "brandubh", "strong", "mid", WINNER_ATTACKERS, 1);
    /* Self-play: attackers' scores 0.5, 0.55, 0.6 for strong, mid, weak. */
    n = add(rows, n, "brandubh", "strong", "strong", WINNER_ATTACKERS, 5);
    n = add(rows, n, "brandubh", "strong", "strong", WINNER_DEFENDERS, 5);
    n = add(rows, n, "brandubh", "mid", "mid", WINNER_ATTACKERS, 11);
    n = add(rows, n, "brandubh", "mid", "mid", WINNER_DEFENDERS, 9);
    n = add(rows, n, "brandubh", "weak", "weak", WINNER_ATTACKERS, 6);
    n = add(rows, n, "brandubh", "weak", "weak", WINNER_DEFENDERS, 4);
    CurvePoint *p;
    int count;
    curve_points(e, rows, n, &p, &count);
    ck_assert_int_eq(count, 3);
    ck_assert_str_eq(p[0].agent, "strong");
    ck_assert_str_eq(p[1].agent, "mid");
    ck_assert_str_eq(p[2].agent, "weak");
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(p[i].rung, i);
        ck_assert(p[i].elo_low < p[i].elo && p[i].elo < p[i].elo_high);
    }
    ck_assert_double_eq_tol(p[0].elo, -381.7, 0.1);
    ck_assert_double_eq_tol(p[1].elo, 0, 0.1);
    ck_assert_double_eq_tol(p[2].elo, 381.7, 0.1);

    /* Top three span 0.5..0.6: not converged at 0.08, converged at 0.1. */
    CurveVerdict v;
    curve_verdict(e, 0, p, count, &v);
    ck_assert_int_eq(v.rungs, 3);
    ck_assert(v.measured);
    ck_assert_double_eq_tol(v.score_min, 0.5, 1e-12);
    ck_assert_double_eq_tol(v.score_max, 0.6, 1e-12);
    ck_assert(!v.converged);
    char text[256];
    curve_verdict_text(&v, e->converge_width, text, sizeof text);
    ck_assert_str_eq(text, "brandubh: not converged: add stronger rungs (the strongest three by "
                           "Elo score 0.500..0.600 as attackers, wider than 0.08)");
    e->converge_width = 0.1;
    curve_verdict(e, 0, p, count, &v);
    ck_assert(v.converged);
    free(p);
    free(e);
}
END_TEST

Suite *curve_suite(void)
{
    Suite *s = suite_create("curve");
    TCase *tc = tcase_create("curve");
    tcase_add_test(tc, test_curve_points_from_self_play);
    tcase_add_test(tc, test_curve_write_csv_and_figure);
    tcase_add_test(tc, test_curve_orders_rungs_by_elo);
    suite_add_tcase(s, tc);
    return s;
}
