/* Balance curves: the attackers' results of self-play along a ladder of agent strengths, for
 * each ruleset, as curve.csv and a figure (one line per ruleset, interval bands). */
#ifndef TAFL_SIM_CURVE_H
#define TAFL_SIM_CURVE_H

#include <stdbool.h>

#include "sim/experiment.h"
#include "sim/results.h"

/* One point of a curve: a ruleset and a rung of the ladder. */
typedef struct {
    const char *rules; /* borrowed from the experiment */
    const char *agent;
    int rung; /* the agent's place in the file, 0 = the first (weakest, by convention) */
    long games, attacker_wins, defender_wins, draws;
    double win_rate, win_low, win_high;  /* attackers' win rate and its 95% Wilson interval */
    double score, score_low, score_high; /* attackers' score and its interval (stats_score) */
    double draw_rate;
} CurvePoint;

/* The points of exp's curve from rows (games of exp): one per ruleset and agent that played
 * itself, rulesets in the experiment's order, then agents in file order; rows of other
 * pairings are ignored and a point without games is left out. Caller frees *points. */
void curve_points(const Experiment *exp, const GameRow *rows, long count, CurvePoint **points,
                  int *n);

/* Writes DIR/curve.csv (header `rules,rung,agent,games,attacker_wins,defender_wins,draws,
 * attacker_win_rate,attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,
 * attacker_score_high,draw_rate`) and draws DIR/curve.gp, curve.png and curve.svg (plot_render;
 * *plotted false when gnuplot is missing). ST_EIO naming the file on failure. */
MUST_CHECK Status curve_write(const Experiment *exp, const CurvePoint *points, int n,
                              const char *dir, bool *plotted, Error *err);

#endif
