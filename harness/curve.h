/* Balance curves: the attackers' results of self-play along a ladder of agent strengths, for
 * each ruleset, as curve.csv and a figure (one line per ruleset, interval bands). */
#ifndef TAFL_HARNESS_CURVE_H
#define TAFL_HARNESS_CURVE_H

#include <stdbool.h>

#include "formats/experiment.h"
#include "formats/results.h"

/* One point of a curve: a ruleset and a rung of the ladder. */
typedef struct {
    const char *rules; /* borrowed from the experiment */
    const char *agent;
    int rung; /* the rung's place on the ladder, 0 = the weakest: by measured Elo when every
                 rung of the ruleset has one, else the agent's place in the file */
    double elo, elo_low, elo_high; /* Bradley-Terry Elo from the games between different
                                      agents on this ruleset (mean 0 over the rungs) and its
                                      95% interval; NaN when not measured */
    long games, attacker_wins, defender_wins, draws;
    double win_rate, win_low, win_high;  /* attackers' win rate and its 95% Wilson interval */
    double score, score_low, score_high; /* attackers' score and its interval (stats_score) */
    double draw_rate;
} CurvePoint;

/* Whether a curve's verdict stands: the attackers' scores of its strongest three rungs. */
typedef struct {
    const char *rules;           /* borrowed from the experiment */
    int rungs;                   /* rungs with self-play games */
    bool measured;               /* the rungs are ordered by measured Elo (else by file order) */
    double score_min, score_max; /* of the strongest three rungs (NaN with fewer than three) */
    bool converged;              /* three rungs or more, and score_max - score_min <= width */
} CurveVerdict;

/* The points of exp's curve from rows (games of exp): one per ruleset and agent that played
 * itself, rulesets in the experiment's order. Games between different agents (the ladder
 * pairings) give each rung its Bradley-Terry Elo (stats/ratings.h) on that ruleset, from both
 * sides; when every rung of a ruleset has one, its points are ordered by Elo (ties keep file
 * order), else by file order. A point without self-play games is left out. Caller frees
 * *points. */
void curve_points(const Experiment *exp, const GameRow *rows, long count, CurvePoint **points,
                  int *n);

/* The verdict of ruleset rs of exp from its points (as curve_points orders them): converged
 * when the strongest three rungs' attackers' scores lie within exp->converge_width. Pure. */
void curve_verdict(const Experiment *exp, int rs, const CurvePoint *points, int n,
                   CurveVerdict *out);

/* One line for people: "converged: ..." or "not converged: add stronger rungs ...". */
void curve_verdict_text(const CurveVerdict *v, double width, char *buf, size_t size);

/* Writes DIR/curve.csv (header `rules,rung,agent,games,attacker_wins,defender_wins,draws,
 * attacker_win_rate,attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,
 * attacker_score_high,draw_rate,elo,elo_low,elo_high`; Elo fields empty when not measured),
 * DIR/convergence.csv (`rules,rungs,ordered_by,top3_score_min,top3_score_max,width,verdict`,
 * verdict `converged` or `not converged`), and draws DIR/curve.gp, curve.png and curve.svg
 * (the attackers' score against Elo, or against the rung without Elo; plot_render; *plotted
 * false when gnuplot is missing). ST_EIO naming the file on failure. */
MUST_CHECK Status curve_write(const Experiment *exp, const CurvePoint *points, int n,
                              const char *dir, bool *plotted, Error *err);

#endif
