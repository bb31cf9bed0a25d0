/* Balance curves (sim/curve.c): the points of self-play along the ladder with their intervals,
 * curve.csv, and a figure that gnuplot actually draws. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/curve.h"
#include "sim/plot.h"
#include "tests/tests.h"

static Experiment *ladder(void)
{
    Experiment *e = calloc(1, sizeof *e);
    snprintf(e->name, sizeof e->name, "ladder");
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
                           "attacker_score_low,attacker_score_high,draw_rate\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"brandubh\",0,\"weak\",3,3,0,0,1.0000,0.4385,1.0000,1.0000,0.4385,"
                           "1.0000,0.0000\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"tablut\",1,\"mid\",10,8,1,1,0.8000,0.4902,0.9433,0.8500,0.5598,"
                           "0.9582,0.1000\n");
    ck_assert_ptr_null(fgets(line, sizeof line, f));
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

Suite *curve_suite(void)
{
    Suite *s = suite_create("curve");
    TCase *tc = tcase_create("curve");
    tcase_add_test(tc, test_curve_points_from_self_play);
    tcase_add_test(tc, test_curve_write_csv_and_figure);
    suite_add_tcase(s, tc);
    return s;
}
