/* Balance curves: the attackers' results of self-play along a ladder of agent strengths, for
 * each ruleset, as curve.csv and a figure (one line per ruleset, interval bands). */
#ifndef TAFL_STUDIES_CURVE_H
#define TAFL_STUDIES_CURVE_H

#include <stdbool.h>

#include "formats/experiment.h"
#include "formats/results.h"

/* The least Elo span of the strongest rungs over which their score's trend is fitted: below it
 * they share one Elo and the trend is not measured. */
#define CURVE_TREND_MIN_SPAN 1.0

/* One point of a curve: a ruleset and a rung of the ladder. */
typedef struct {
    const char *rules; /* borrowed from the experiment */
    const char *agent;
    int agent_index; /* into the experiment's agents */
    int rung;        /* the rung's place on the ladder, 0 = the weakest: by measured Elo when every
                        rung of the ruleset has one, else the agent's place in the file */
    double elo, elo_low, elo_high; /* Bradley-Terry Elo from the games between different
                                      agents on this ruleset, relative to `anchor` (0 there),
                                      and its 95% interval; NaN when not measured */
    const char *anchor; /* the rung whose Elo is 0 on this ruleset (borrowed), NULL without Elo:
                           the experiment's first greedy agent when it is rated here, else the
                           ruleset's weakest rung */
    long games, attacker_wins, defender_wins, draws;
    double win_rate, win_low, win_high;  /* attackers' win rate and its 95% Wilson interval */
    double score, score_low, score_high; /* attackers' score and its interval (stats_score) */
    double draw_rate;
} CurvePoint;

/* What the convergence verdict of a ruleset says, the first that applies:
 * not converged when some pair of the strongest rungs differs significantly (and they are not
 * shown equivalent); else each unmet condition (too few rungs, Elo not measured, too little Elo
 * span, one evaluation only); else converged when the equivalence tests say so; else
 * undetermined. */
typedef enum {
    CURVE_CONVERGED,
    CURVE_NOT_CONVERGED,
    CURVE_UNDETERMINED,   /* neither equivalent nor different: play more games */
    CURVE_FEW_RUNGS,      /* fewer rungs with self-play than converge_rungs */
    CURVE_NO_ELO,         /* the rungs are not all rated: no strength order, no Elo span */
    CURVE_SPAN_TOO_SMALL, /* the strongest rungs span less than converge_span Elo */
    CURVE_ONE_EVAL,       /* the strongest rungs all read one evaluation */
} CurveOutcome;

/* The direction of a curve's strongest rungs, apart from their value: ATTACKERS (or
 * DEFENDERS) when every one of them scores significantly above (below) 1/2, each rung's test
 * of score = 1/2 (stats_score) at 5% after Holm over them; MIXED when every one is significant
 * but not all on one side; UNDETERMINED when some is not. */
typedef enum {
    CURVE_SIDE_UNDETERMINED,
    CURVE_SIDE_ATTACKERS,
    CURVE_SIDE_DEFENDERS,
    CURVE_SIDE_MIXED,
} CurveSide;

/* The verdict of one ruleset's curve: do its strongest rungs agree on the attackers' score
 * (the value: the outcome), and which side do they favour, and does the score still move with
 * strength (the direction and the trend)? */
typedef struct {
    const char *rules; /* borrowed from the experiment */
    int rungs;         /* rungs with self-play games */
    bool measured;     /* the rungs are ordered by measured Elo (else by file order) */
    int top;           /* the strongest rungs compared: exp->converge_rungs, 0 with fewer */
    int first;         /* index in the points of the weakest of them */
    double score_min, score_max;            /* their attackers' scores (NaN when top = 0) */
    double spread, spread_low, spread_high; /* score_max - score_min and its 95% interval,
                                               simultaneous over the pairs (Bonferroni) */
    double p_equivalent;   /* the largest TOST p-value over the pairs (stats_equivalence_p) */
    double p_different;    /* the smallest Holm-adjusted p-value of "no difference" */
    double span;           /* Elo of the strongest minus the weakest of them (NaN unmeasured) */
    int families;          /* evaluation families among them (curve_family) */
    char family_text[256]; /* those families, "hand + playouts" */
    bool equivalent;       /* p_equivalent < 0.05: every pair within converge_width */
    bool different;        /* p_different < 0.05: some pair differs */
    bool span_ok;          /* span >= exp->converge_span */
    CurveSide side;        /* the direction of the top rungs (CurveSide) */
    double p_side;         /* the largest Holm-adjusted p of score = 1/2 over them (NaN: top 0) */
    double trend, trend_low, trend_high; /* the attackers' score's change per 100 Elo over the
                                            top rungs: weighted least squares, each score
                                            weighted by 1 / se^2 (se: its 95% interval's width
                                            / 2 z), the Elo taken as known; 95% interval
                                            slope -+ z / sqrt(sum w (x - mean x)^2). NaN when
                                            the rungs are not measured */
    CurveOutcome outcome;
} CurveVerdict;

/* The evaluation family of agent a of exp, from its spec, into buf: agents of one family read
 * the same position evaluation and so share its blind spots. alphabeta, greedy and mcts read
 * their `eval=` (absent or `hand`: "hand", the hand-written one; any other value is its own
 * family, named by it); mcts with eval_plies = -1 and minimax = 0 reads none: "playouts"; a
 * random mover "random"; an external engine "external CMD"; any other type its own name. */
void curve_family(const Experiment *exp, int a, char *buf, size_t size);

/* The figure's family of agent a of exp: its type and evaluation family, "alphabeta (hand)",
 * "mcts (playouts)"; a random mover "random", an external engine its curve_family. Rungs of
 * one line of the figure search alike and read one evaluation. */
void curve_line_family(const Experiment *exp, int a, char *buf, size_t size);

/* The points of exp's curve from rows (games of exp): one per ruleset and agent that played
 * itself, rulesets in the experiment's order. Games between different agents (the ladder
 * pairings) give each rung its Bradley-Terry Elo (stats/ratings.h) on that ruleset, from both
 * sides, anchored at the experiment's first greedy agent (0 on every ruleset where it is
 * rated, so curves of different rulesets share one axis) or else at the ruleset's weakest
 * rung; when every rung of a ruleset has one, its points are ordered by Elo (ties keep file
 * order), else by file order. A point without self-play games is left out. Caller frees
 * *points. */
void curve_points(const Experiment *exp, const GameRow *rows, long count, CurvePoint **points,
                  int *n);

/* The verdict of ruleset rs of exp from its points (as curve_points orders them), over its
 * strongest exp->converge_rungs rungs; see CurveOutcome. For each pair of them, the
 * difference of the attackers' scores (stats_score_diff, Agresti-Caffo) gives a test of "no
 * difference" (Holm over the pairs) and two one-sided tests of "within converge_width"
 * (stats_equivalence_p); all at 5%. Pure. */
void curve_verdict(const Experiment *exp, int rs, const CurvePoint *points, int n,
                   CurveVerdict *out);

/* The verdict's name in convergence.csv: "converged", "not converged", "undetermined",
 * "too few rungs", "Elo not measured", "too little Elo span", "one evaluation only". */
const char *curve_outcome_name(CurveOutcome o);

/* "attackers", "defenders", "mixed", "undetermined". */
const char *curve_side_name(CurveSide s);

/* One line for people: "RULES: VERDICT: why (the numbers); direction: SIDE (...); trend ...",
 * every unmet condition named, e.g. "brandubh: too little Elo span: 170 < 200; one evaluation
 * only: hand (...); direction: defenders (...); trend +0.010 per 100 Elo [-0.031, +0.051]".
 * The verdict is the value of the strongest rungs (do they agree?), the direction and trend
 * what side they favour and whether the score still moves with strength. */
void curve_verdict_text(const Experiment *exp, const CurveVerdict *v, const CurvePoint *points,
                        char *buf, size_t size);

/* Writes DIR/curve.csv (header `rules,rung,agent,games,attacker_wins,defender_wins,draws,
 * attacker_win_rate,attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,
 * attacker_score_high,draw_rate,elo,elo_low,elo_high,elo_anchor`; Elo fields empty when not
 * measured),
 * DIR/convergence.csv (one row per ruleset: `rules,rungs,ordered_by,top_rungs,top_agents,
 * score_min,score_max,spread,spread_low,spread_high,width,equivalence_p,difference_p,elo_span,
 * span_min,families,direction,direction_p,trend,trend_low,trend_high,verdict`, see CurveVerdict;
 * width and span_min are the thresholds; the trend per 100 Elo), and draws DIR/curve.gp,
 * curve.png and curve.svg (the attackers' score against Elo relative to the anchor, or against
 * the rung without Elo, one line per ruleset and family of rungs (curve_line_family), so that
 * rungs of different searches are not joined into one zig-zag; plot_render; *plotted false when
 * gnuplot is missing). ST_EIO naming the file on failure. */
MUST_CHECK Status curve_write(const Experiment *exp, const CurvePoint *points, int n,
                              const char *dir, bool *plotted, Error *err);

#endif
