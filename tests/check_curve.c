/* Balance curves (studies/curve.c): the points of self-play along the ladder with their intervals,
 * curve.csv, and a figure that gnuplot actually draws. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/plot.h"
#include "studies/curve.h"
#include "tests/tests.h"

static Experiment *ladder(void)
{
    Experiment *e = calloc(1, sizeof *e);
    snprintf(e->name, sizeof e->name, "ladder");
    e->converge_width = 0.08;
    e->converge_rungs = 3;
    e->converge_span = 200;
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

static bool starts_with(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* 8 attacker wins, 1 draw, 1 loss: win rate 0.8 [0.4902, 0.9433] (Wilson), score 0.85
 * [0.5598, 0.9582] (doc/formats.md's worked example, stats_score); rows of other pairings do
 * not count. */
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
                           "elo_high,elo_anchor\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    /* No games between the rungs: no Elo, empty fields. */
    ck_assert_str_eq(line, "\"brandubh\",0,\"weak\",3,3,0,0,1.0000,0.4385,1.0000,1.0000,0.4385,"
                           "1.0000,0.0000,,,,\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "\"tablut\",1,\"mid\",10,8,1,1,0.8000,0.4902,0.9433,0.8500,0.5598,"
                           "0.9582,0.1000,,,,\n");
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    remove(path);
    /* Two rungs only on each ruleset: no comparison, the thresholds in their own columns. */
    snprintf(path, sizeof path, "%s/convergence.csv", dir);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "rules,rungs,ordered_by,top_rungs,top_agents,score_min,score_max,spread,"
                           "spread_low,spread_high,width,equivalence_p,difference_p,elo_span,"
                           "span_min,families,direction,direction_p,trend,trend_low,trend_high,"
                           "verdict\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(
        line, "\"brandubh\",2,file,0,\"\",,,,,,0.0800,,,,200.0,\"\",,,,,,\"too few rungs\"\n");
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
        ck_assert(i == 0 || (p[i].elo_low < p[i].elo && p[i].elo < p[i].elo_high));
    }
    /* No greedy agent: the weakest rung is the anchor, 0 Elo with the interval [0, 0]; the
     * others 381.7 and 2 x 381.7 = 763.4 above it. */
    ck_assert_double_eq_tol(p[0].elo, 0, 1e-9);
    ck_assert_double_eq_tol(p[0].elo_low, 0, 1e-9);
    ck_assert_double_eq_tol(p[0].elo_high, 0, 1e-9);
    ck_assert_double_eq_tol(p[1].elo, 381.7, 0.1);
    ck_assert_double_eq_tol(p[2].elo, 763.4, 0.1);
    ck_assert_str_eq(p[1].anchor, "strong");

    /* Top three 0.5, 0.55, 0.6 on 10-20 games: neither equivalent nor different, and all three
     * are random movers: the verdict names the one family. */
    CurveVerdict v;
    curve_verdict(e, 0, p, count, &v);
    ck_assert_int_eq(v.rungs, 3);
    ck_assert(v.measured);
    ck_assert_double_eq_tol(v.score_min, 0.5, 1e-12);
    ck_assert_double_eq_tol(v.score_max, 0.6, 1e-12);
    ck_assert_double_eq_tol(v.span, 763.4, 0.1);
    ck_assert(!v.equivalent && !v.different);
    ck_assert_int_eq(v.outcome, CURVE_ONE_EVAL);
    char text[1024];
    curve_verdict_text(e, &v, p, text, sizeof text);
    ck_assert_msg(starts_with(text,
                              "brandubh: one evaluation only: random (the strongest 3 by Elo: "
                              "strong mid weak; attackers' scores 0.500..0.600"),
                  "%s", text);
    free(p);
    free(e);
}
END_TEST

/* The verdict's cases, by hand. Three rungs a0 < a1 < a2 on brandubh, each neighbour pair
 * playing 10 games (5 a side) that the stronger wins `step` of: a chain, so Bradley-Terry fits
 * each step alone, 400 log10(step / (10 - step)) Elo: 9 of 10 -> 381.7 (span 763.4), 6 of 10
 * -> 70.4 (span 140.9). Then each rung's self-play: w attacker wins, l defender wins. */
typedef struct {
    const char *spec[3];
    int step;
    int self[3][2];
} VerdictCase;

/* The experiment and points of a case. Caller frees both. */
static void case_points(const VerdictCase *vc, Experiment **exp, CurvePoint **points, int *count)
{
    Experiment *e = ladder();
    e->ruleset_count = 1;
    for (int i = 0; i < 3; i++) {
        snprintf(e->agents[i].name, sizeof e->agents[i].name, "a%d", i);
        snprintf(e->agents[i].spec, sizeof e->agents[i].spec, "%s", vc->spec[i]);
    }
    GameRow *rows = calloc(2000, sizeof *rows);
    long n = 0;
    for (int i = 0; i < 2; i++) {
        const char *lo = e->agents[i].name, *hi = e->agents[i + 1].name;
        int as_att = vc->step >= 5 ? 5 : vc->step, as_def = vc->step - as_att;
        n = add(rows, n, "brandubh", hi, lo, WINNER_ATTACKERS, as_att);
        n = add(rows, n, "brandubh", hi, lo, WINNER_DEFENDERS, 5 - as_att);
        n = add(rows, n, "brandubh", lo, hi, WINNER_DEFENDERS, as_def);
        n = add(rows, n, "brandubh", lo, hi, WINNER_ATTACKERS, 5 - as_def);
    }
    for (int i = 0; i < 3; i++) {
        const char *a = e->agents[i].name;
        n = add(rows, n, "brandubh", a, a, WINNER_ATTACKERS, vc->self[i][0]);
        n = add(rows, n, "brandubh", a, a, WINNER_DEFENDERS, vc->self[i][1]);
    }
    curve_points(e, rows, n, points, count);
    ck_assert_int_eq(*count, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq((*points)[i].agent, e->agents[i].name); /* a0 < a1 < a2 by Elo */
    }
    free(rows);
    *exp = e;
}

static void verdict_of(const VerdictCase *vc, CurveVerdict *v, char *text, size_t size)
{
    Experiment *e;
    CurvePoint *p;
    int count;
    case_points(vc, &e, &p, &count);
    curve_verdict(e, 0, p, count, v);
    curve_verdict_text(e, v, p, text, size);
    free(p);
    free(e);
}

/* The Agresti-Caffo difference of two self-play sets (stats.h): s~ = (W + 1) / (n + 2),
 * v~ = (W + 1) / (n + 2) - s~^2, se = sqrt(v~a / (na + 2) + v~b / (nb + 2)); TOST p =
 * max(Phi(-(d~ + 0.08) / se), Phi(-(0.08 - d~) / se)); Holm over the three pairs. */

/* Converged: 400 games of each rung at 200-200: s~ = 201/402 = 1/2, v~ = 1/4, se =
 * sqrt(2 x 0.25 / 402) = 0.0352673, d~ = 0 for every pair: TOST p = Phi(-0.08 / 0.0352673) =
 * Phi(-2.2684) = 0.011653 < 0.05; difference p = 1. Spread 0, its interval at the Bonferroni
 * z = Phi^-1(1 - 0.025 / 3) = 2.393980: [0, 2.393980 x 0.0352673] = [0, 0.084429]. Span 763.4
 * >= 200; families greedy (hand) and MCTS without the evaluation (playouts). */
START_TEST(test_verdict_converged)
{
    VerdictCase vc = {{"greedy", "mcts:iterations=50,eval_plies=-1,minimax=0", "alphabeta:depth=2"},
                      9,
                      {{200, 200}, {200, 200}, {200, 200}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert_int_eq(v.outcome, CURVE_CONVERGED);
    ck_assert_double_eq_tol(v.p_equivalent, 0.011653, 1e-6);
    ck_assert_double_eq_tol(v.p_different, 1.0, 1e-12);
    ck_assert_double_eq_tol(v.spread, 0, 1e-12);
    ck_assert_double_eq_tol(v.spread_low, 0, 1e-12);
    ck_assert_double_eq_tol(v.spread_high, 0.084429, 1e-6);
    ck_assert_double_eq_tol(v.span, 763.4, 0.1);
    ck_assert_int_eq(v.families, 2);
    ck_assert_str_eq(v.family_text, "hand + playouts");
    ck_assert_str_eq(curve_outcome_name(v.outcome), "converged");
    /* No side: every p is 1. The trend: each score 0.5 with the Wilson interval [0.451235,
     * 0.548765], se = 0.097530 / (2 x 1.959964) = 0.0248808, w = 1615.37 alike; x = 0, 3.817,
     * 7.634 (Elo / 100): Sxx = 1615.37 x 2 x 3.817^2 = 47069.4, slope 0 -+ 1.959964 /
     * sqrt(47069.4) = 0 -+ 0.009034. */
    ck_assert_int_eq(v.side, CURVE_SIDE_UNDETERMINED);
    ck_assert_double_eq_tol(v.p_side, 1.0, 1e-12);
    ck_assert_double_eq_tol(v.trend, 0, 1e-12);
    ck_assert_double_eq_tol(v.trend_low, -0.009034, 1e-6);
    ck_assert_double_eq_tol(v.trend_high, 0.009034, 1e-6);
    ck_assert_msg(strstr(text, "; direction: undetermined (not every one of the strongest 3 on "
                               "one side of 1/2: p 1, Holm); trend +0.000 per 100 Elo [-0.009, "
                               "+0.009] over them") != NULL,
                  "%s", text);
    ck_assert_msg(starts_with(text, "brandubh: converged (the strongest 3 by Elo: a0 a1 a2; "
                                    "attackers' scores 0.500..0.500, spread 0.000 [0.000, "
                                    "0.084]; within 0.08: p 0.012; different: p 1 (Holm); span "
                                    "763 Elo; evaluations: hand + playouts)"),
                  "%s", text);
}
END_TEST

/* The direction apart from the value, by hand: the converged case's ladder (x = 0, 3.817,
 * 7.634 hundred Elo), self-play 10-90, 20-80 and 5-95 of 100 games. Each score's test: z =
 * (s - 1/2) / sqrt(1/400), p = erfc(|z| / sqrt 2): 1.244e-15, 1.973e-9, 2.257e-19; Holm:
 * 2 x 1.244e-15, 1.973e-9, 3 x 2.257e-19: the largest 1.973e-9 < 0.05, all below 1/2:
 * defenders. The trend: Wilson intervals [0.055229, 0.174366], [0.133367, 0.288829],
 * [0.021544, 0.111750], se = width / (2 x 1.959964) = 0.0303925, 0.0396595, 0.0230124, w =
 * 1082.60, 635.78, 1888.33; weighted means x 4.66968, y 0.0914497; Sxx = 40661.7, Sxy =
 * -334.089: slope -0.008216, half-width 1.959964 / sqrt(40661.7) = 0.009720: [-0.017936,
 * +0.001503]. Then 90-10, 10-90, 90-10: each p 1.244e-15 (Holm 3.733e-15), but on both
 * sides: mixed. */
START_TEST(test_verdict_direction)
{
    VerdictCase vc = {{"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta:depth=2"},
                      9,
                      {{10, 90}, {20, 80}, {5, 95}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert_int_eq(v.side, CURVE_SIDE_DEFENDERS);
    ck_assert_str_eq(curve_side_name(v.side), "defenders");
    ck_assert_double_eq_tol(v.p_side, 1.973175e-9, 1e-14);
    ck_assert_double_eq_tol(v.trend, -0.008216, 1e-6);
    ck_assert_double_eq_tol(v.trend_low, -0.017936, 1e-6);
    ck_assert_double_eq_tol(v.trend_high, 0.001503, 1e-6);
    ck_assert_msg(strstr(text, "; direction: defenders (each of the strongest 3 below 1/2: p <= "
                               "2e-09, Holm); trend -0.008 per 100 Elo [-0.018, +0.002] over "
                               "them") != NULL,
                  "%s", text);
    VerdictCase up = vc;
    for (int i = 0; i < 3; i++) {
        up.self[i][0] = vc.self[i][1];
        up.self[i][1] = vc.self[i][0];
    }
    verdict_of(&up, &v, text, sizeof text);
    ck_assert_int_eq(v.side, CURVE_SIDE_ATTACKERS);
    ck_assert_double_eq_tol(v.trend, 0.008216, 1e-6);
    VerdictCase mixed = {{"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta:depth=2"},
                         9,
                         {{90, 10}, {10, 90}, {90, 10}}};
    verdict_of(&mixed, &v, text, sizeof text);
    ck_assert_int_eq(v.side, CURVE_SIDE_MIXED);
    ck_assert_double_eq_tol(v.p_side, 3.732576e-15, 1e-20);
    ck_assert_str_eq(curve_side_name(v.side), "mixed");
}
END_TEST

/* The figure draws one line per family of rungs: alpha-beta at depth 1 and 2 around an MCTS
 * rung by Elo are one line of two points, the MCTS rung a line of its own, not one zig-zag
 * through all three. */
START_TEST(test_curve_figure_one_line_per_family)
{
    VerdictCase vc = {{"alphabeta:depth=1", "mcts:iterations=10", "alphabeta:depth=2"},
                      9,
                      {{5, 5}, {5, 5}, {5, 5}}};
    Experiment *e;
    CurvePoint *p;
    int count;
    case_points(&vc, &e, &p, &count);
    char family[128];
    curve_line_family(e, 0, family, sizeof family);
    ck_assert_str_eq(family, "alphabeta (hand)");
    curve_line_family(e, 1, family, sizeof family);
    ck_assert_str_eq(family, "mcts (hand)");
    snprintf(e->agents[1].spec, sizeof e->agents[1].spec, "random");
    curve_line_family(e, 1, family, sizeof family);
    ck_assert_str_eq(family, "random");
    snprintf(e->agents[1].spec, sizeof e->agents[1].spec, "%s", vc.spec[1]);
    char dir[] = "/tmp/tafl-curve-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    bool plotted = false;
    Error err = {{0}};
    ck_assert_msg(curve_write(e, p, count, dir, &plotted, &err) == ST_OK, "%s", err.text);
    char path[128];
    snprintf(path, sizeof path, "%s/curve.gp", dir);
    char *gp = fixture_slurp(path, NULL);
    /* The alpha-beta block holds a0 and a2 (Elo 0 and 763.4), the MCTS block a1 alone. */
    const char *ab = strstr(gp, "$r0f0 << EOD\n"), *mc = strstr(gp, "$r0f1 << EOD\n");
    ck_assert_ptr_nonnull(ab);
    ck_assert_ptr_nonnull(mc);
    ck_assert_ptr_null(strstr(gp, "$r0f2 << EOD"));
    ck_assert_msg(starts_with(strchr(ab, '\n') + 1, "0.000 ") &&
                      strstr(ab, "\"a2\"\nEOD\n$r0f1") != NULL,
                  "%s", gp);
    ck_assert_msg(starts_with(strchr(mc, '\n') + 1, "381.") && strstr(mc, "\"a1\"\nEOD\n"), "%s",
                  gp);
    ck_assert_ptr_nonnull(
        strstr(gp, "with linespoints pt 7 lw 2 lt 1 title 'brandubh: alphabeta (hand)'"));
    ck_assert_ptr_nonnull(
        strstr(gp, "with linespoints pt 7 lw 2 lt 2 title 'brandubh: mcts (hand)'"));
    free(gp);
    const char *files[3] = {"curve.gp", "curve.png", "curve.svg"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/curve.csv", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/convergence.csv", dir);
    remove(path);
    ck_assert_int_eq(rmdir(dir), 0);
    free(p);
    free(e);
}
END_TEST

/* Not converged: a0 20-80 (0.2), a1 and a2 50-50 (0.5), 100 games each. a1 - a0: s~ 21/102 and
 * 51/102, d~ = 30/102 = 0.294118, se = 0.0636700, p = erfc(0.294118 / 0.0636700 / sqrt 2) =
 * 3.8484e-6, twice (a2 - a0); a2 - a1: p = 1. Holm: 3 x 3.8484e-6 = 1.15452e-5 < 0.05. TOST p
 * of a1 - a0: Phi(-(0.08 - 0.294118) / 0.06367) = 0.999614. The span (140.9 < 200) is named
 * too. */
START_TEST(test_verdict_not_converged)
{
    VerdictCase vc = {
        {"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta"}, 6, {{20, 80}, {50, 50}, {50, 50}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert_int_eq(v.outcome, CURVE_NOT_CONVERGED);
    ck_assert_double_eq_tol(v.p_different, 1.15452e-5, 1e-9);
    ck_assert_double_eq_tol(v.p_equivalent, 0.999614, 1e-6);
    ck_assert_double_eq_tol(v.spread, 0.3, 1e-12);
    ck_assert(v.spread_low > 0); /* the interval excludes no spread at all */
    ck_assert_msg(starts_with(text, "brandubh: not converged: add stronger rungs; also too little "
                                    "Elo span: 141 < 200 (the strongest 3 by Elo"),
                  "%s", text);
}
END_TEST

/* Undetermined: 20 games each, a0 10-10, a1 11-9, a2 9-11. a2 - a1: s~ 10/22 and 12/22, d~ =
 * -0.0909091, se = 0.150131, TOST p = Phi(-(0.08 - 0.0909091) / 0.150131) = 0.528963 (the
 * largest); differences p 0.762548, 0.762548, 0.544827, Holm: all 1. */
START_TEST(test_verdict_undetermined)
{
    VerdictCase vc = {{"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta:eval=trained"},
                      9,
                      {{10, 10}, {11, 9}, {9, 11}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert_int_eq(v.outcome, CURVE_UNDETERMINED);
    ck_assert_double_eq_tol(v.p_equivalent, 0.528963, 1e-6);
    ck_assert_double_eq_tol(v.p_different, 1.0, 1e-12);
    ck_assert_int_eq(v.families, 3);
    ck_assert_str_eq(v.family_text, "hand + playouts + trained");
    ck_assert_msg(starts_with(text, "brandubh: undetermined: play more games (the strongest 3"),
                  "%s", text);
}
END_TEST

/* Too little Elo span: the converged case's games, but each step 6 of 10: 2 x 70.4 = 140.9
 * Elo < 200, so agreement says little about more strength. */
START_TEST(test_verdict_span_too_small)
{
    VerdictCase vc = {{"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta:depth=2"},
                      6,
                      {{200, 200}, {200, 200}, {200, 200}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert(v.equivalent);
    ck_assert_int_eq(v.outcome, CURVE_SPAN_TOO_SMALL);
    ck_assert_double_eq_tol(v.span, 140.9, 0.1);
    ck_assert_str_eq(curve_outcome_name(v.outcome), "too little Elo span");
    ck_assert_msg(starts_with(text, "brandubh: too little Elo span: 141 < 200 (the strongest 3"),
                  "%s", text);
}
END_TEST

/* Rungs that share one Elo but for the fit's rounding (every game of the strongest the same
 * result: results/agreement-tiny5's 5x5 rulesets) have no trend: a slope over 1e-9 Elo came out
 * with an interval of 1e14. Ten Elo apart, the same scores have one. */
START_TEST(test_verdict_trend_needs_elo_apart)
{
    VerdictCase vc = {{"greedy", "mcts:eval_plies=-1,minimax=0", "alphabeta:depth=2"},
                      5,
                      {{0, 200}, {1, 199}, {0, 200}}};
    Experiment *e;
    CurvePoint *p;
    int count;
    case_points(&vc, &e, &p, &count);
    for (int i = 0; i < count; i++)
        p[i].elo = p[i].elo_low = p[i].elo_high = 1e-9 * i;
    CurveVerdict v;
    char text[1024];
    curve_verdict(e, 0, p, count, &v);
    curve_verdict_text(e, &v, p, text, sizeof text);
    ck_assert_msg(isnan(v.trend) && isnan(v.trend_low) && isnan(v.trend_high), "trend %g [%g, %g]",
                  v.trend, v.trend_low, v.trend_high);
    ck_assert_msg(strstr(text, "; trend not measured"), "%s", text);
    for (int i = 0; i < count; i++)
        p[i].elo = p[i].elo_low = p[i].elo_high = 5.0 * i;
    curve_verdict(e, 0, p, count, &v);
    ck_assert_msg(!isnan(v.trend) && v.trend_high - v.trend_low < 100, "trend %g [%g, %g]", v.trend,
                  v.trend_low, v.trend_high);
    free(p);
    free(e);
}
END_TEST

/* One evaluation only: the converged case's games, but greedy, alpha-beta and MCTS whose
 * playouts are cut off and scored by the hand-written evaluation (eval_plies default 2) all
 * read it: one family. Its minimax backups read it too: eval_plies = -1 alone is not enough. */
START_TEST(test_verdict_one_evaluation)
{
    VerdictCase vc = {{"greedy", "mcts:eval_plies=-1", "alphabeta:depth=2,eval=hand"},
                      9,
                      {{200, 200}, {200, 200}, {200, 200}}};
    CurveVerdict v;
    char text[1024];
    verdict_of(&vc, &v, text, sizeof text);
    ck_assert(v.equivalent && v.span_ok);
    ck_assert_int_eq(v.outcome, CURVE_ONE_EVAL);
    ck_assert_int_eq(v.families, 1);
    ck_assert_msg(starts_with(text, "brandubh: one evaluation only: hand (the strongest 3"), "%s",
                  text);
}
END_TEST

/* The families read from agent specs. */
START_TEST(test_curve_families)
{
    Experiment *e = ladder();
    const char *cases[][2] = {
        {"greedy", "hand"},
        {"alphabeta:depth=3,eval=hand", "hand"},
        {"alphabeta:eval=weights.txt,depth=3", "weights.txt"},
        {"mcts:iterations=100", "hand"},
        {"mcts:eval_plies=-1,minimax=0", "playouts"},
        {"mcts:eval_plies=-1,minimax=0.5", "hand"},
        {"mcts:eval_plies=0,minimax=0", "hand"},
        {"random", "random"},
        {"external:cmd=java -jar OpenTafl.jar,movetime_ms=2000", "external java -jar OpenTafl.jar"},
        /* A command holds commas: it is cut where the agent cuts it, not at the first one. */
        {"external:cmd=engine --sizes 7,9 --quiet,movetime_ms=2000",
         "external engine --sizes 7,9 --quiet"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char family[128];
        snprintf(e->agents[0].spec, sizeof e->agents[0].spec, "%s", cases[i][0]);
        curve_family(e, 0, family, sizeof family);
        ck_assert_msg(strcmp(family, cases[i][1]) == 0, "%s: %s", cases[i][0], family);
    }
    free(e);
}
END_TEST

/* Greedy is 0 on every ruleset when it is a rung, whatever its place: the same games with
 * greedy in the middle put it at 0 and the others at -/+381.7. */
START_TEST(test_curve_greedy_anchor)
{
    VerdictCase vc = {{"random", "greedy", "alphabeta"}, 9, {{5, 5}, {5, 5}, {5, 5}}};
    Experiment *e = ladder();
    e->ruleset_count = 1;
    for (int i = 0; i < 3; i++) {
        snprintf(e->agents[i].name, sizeof e->agents[i].name, "a%d", i);
        snprintf(e->agents[i].spec, sizeof e->agents[i].spec, "%s", vc.spec[i]);
    }
    GameRow rows[64];
    long n = add(rows, 0, "brandubh", "a1", "a0", WINNER_ATTACKERS, 5);
    n = add(rows, n, "brandubh", "a0", "a1", WINNER_DEFENDERS, 4);
    n = add(rows, n, "brandubh", "a0", "a1", WINNER_ATTACKERS, 1);
    n = add(rows, n, "brandubh", "a2", "a1", WINNER_ATTACKERS, 5);
    n = add(rows, n, "brandubh", "a1", "a2", WINNER_DEFENDERS, 4);
    n = add(rows, n, "brandubh", "a1", "a2", WINNER_ATTACKERS, 1);
    for (int i = 0; i < 3; i++) {
        n = add(rows, n, "brandubh", e->agents[i].name, e->agents[i].name, WINNER_DRAW, 2);
    }
    CurvePoint *p;
    int count;
    curve_points(e, rows, n, &p, &count);
    ck_assert_int_eq(count, 3);
    ck_assert_double_eq_tol(p[0].elo, -381.7, 0.1);
    ck_assert_double_eq_tol(p[1].elo, 0, 1e-9);
    ck_assert_double_eq_tol(p[2].elo, 381.7, 0.1);
    /* a0 - a1 rests on their 10 games alone (a chain): information 10 x 0.9 x 0.1 = 0.9, se
     * sqrt(1 / 0.9) nepers = 183.11 Elo, half-width 1.959964 x 183.11 = 358.9. */
    ck_assert_double_eq_tol(p[0].elo_high - p[0].elo, 358.9, 0.1);
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq(p[i].anchor, "a1");
    }
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
    tcase_add_test(tc, test_verdict_converged);
    tcase_add_test(tc, test_verdict_not_converged);
    tcase_add_test(tc, test_verdict_undetermined);
    tcase_add_test(tc, test_verdict_span_too_small);
    tcase_add_test(tc, test_verdict_trend_needs_elo_apart);
    tcase_add_test(tc, test_verdict_one_evaluation);
    tcase_add_test(tc, test_curve_families);
    tcase_add_test(tc, test_curve_greedy_anchor);
    tcase_add_test(tc, test_verdict_direction);
    tcase_add_test(tc, test_curve_figure_one_line_per_family);
    suite_add_tcase(s, tc);
    return s;
}
