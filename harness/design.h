/* Design searches (experiment kind = design): a race over the rulesets of an experiment (a
 * [sweep]'s candidates) for the ones closest to 1/2, the survivors confirmed by a stronger agent,
 * and what the search writes: design.csv, its figure and a short table. */
#ifndef TAFL_HARNESS_DESIGN_H
#define TAFL_HARNESS_DESIGN_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/experiment.h"
#include "formats/results.h"
#include "rules/ruleset.h"
#include "stats/crossing.h"

/* The family-wise level of each racing step (Holm over the step's comparisons). */
#define DESIGN_ALPHA 0.05

/* Where a search stands. */
typedef enum {
    DESIGN_RACE,    /* rounds of the race agent (pairing 0) on every candidate still in */
    DESIGN_CONFIRM, /* one round of the confirming agent (pairing 1) on the survivors */
    DESIGN_DONE,
} DesignPhase;

/* Why the race ended. */
typedef enum {
    DESIGN_END_NONE,   /* not ended */
    DESIGN_END_ONE,    /* one candidate left */
    DESIGN_END_ROUNDS, /* every candidate still in played `games` games */
    DESIGN_END_BUDGET, /* the next round would pass the budget */
} DesignEnd;

/* The state of a search: the same whether games are being played (harness/runner.c) or read
 * back from games.csv (design_replay). Pure data; design_state_free releases it. */
typedef struct {
    int n;              /* candidates: the experiment's rulesets */
    long (*race)[3];    /* per candidate: attackers' wins, draws, losses of the race agent */
    long (*confirm)[3]; /* the same for the confirming agent */
    bool *alive;        /* still in the race */
    int *dropped;       /* the round that dropped it (1 = the first), 0 while in */
    double *p_holm;     /* its Holm-adjusted p against the best at its last step (NaN: none) */
    int best;           /* the best after the last step (least distance from 1/2) */
    int rounds;         /* race rounds judged */
    long race_games;    /* race games played */
    long from, to;      /* the round in progress plays each active candidate's games [from, to) */
    DesignPhase phase;  /* of the round in progress */
    DesignEnd end;      /* why the race ended */
} DesignState;

/* Starts a search of exp (kind = design: two rulesets at least, one or two pairings: race
 * agent, then the confirming one): every candidate in, the first race round. Caller frees. */
void design_state_init(DesignState *s, const Experiment *exp);

/* Frees what init allocated (not s). NULL-safe. */
void design_state_free(DesignState *s);

/* Counts one game of candidate `rules` played by pairing `pairing` (0 race, 1 confirm). */
void design_state_add(DesignState *s, int rules, int pairing, Winner winner);

/* Ends the round in progress (every game of it added): a race round drops the candidates shown
 * farther from 1/2 than the best (balance_race_step at DESIGN_ALPHA), then the race goes on,
 * or ends (one left, `games` reached, or the next round would pass exp->budget) and the
 * confirmation starts (with a second pairing) or the search is done. Then the next round's
 * [from, to) is set. Deterministic: a function of the counts alone. */
void design_state_next(DesignState *s, const Experiment *exp);

/* Whether candidate rules plays in the round in progress (pairing: 0 race, 1 confirm). */
bool design_state_plays(const DesignState *s, int rules, int pairing);

/* The pairing a round of this phase plays: 0 in the race, 1 in the confirmation. */
int design_phase_pairing(DesignPhase phase);

/* Checks exp can be searched: kind = design, at least two rulesets, one or two agents with
 * pairings exactly (race agent self-play) or (race, confirming agent self-play). ST_EINVAL
 * with one line naming the file and what is wrong. */
MUST_CHECK Status design_check(const Experiment *exp, Error *err);

/* Replays a search from the rows of its games.csv, in game order, into *s (initialised
 * here): the race's eliminations come out as they did when the games were played. Rows of
 * rulesets or agents the experiment does not have are ST_EINVAL naming the row. */
MUST_CHECK Status design_replay(const Experiment *exp, const GameRow *rows, long count,
                                DesignState *s, Error *err);

/* The changes of ruleset i of exp from its base (rulesets[0]): "key=value key=value" for
 * every option that differs ("base" for the base itself), into buf. Pure. */
void design_changes(const Experiment *exp, int i, char *buf, size_t size);

/* The move-limit knob of a search: the candidates that differ from the base only in a
 * max_plies > 0 with a limit_result other than draw (a [sweep]'s knob_limits), their race
 * games fitted by crossing_fit (logistic in the limit, Fieller's 95% interval of the limit
 * where the score is 1/2) into *out, the side the limit favours into *side. False when fewer
 * than two such candidates played or the fit fails. */
bool design_knob(const Experiment *exp, const DesignState *s, CrossingResult *out,
                 LimitResult *side);

/* Writes DIR/design.csv (header `candidate,changes,games,attacker_wins,draws,defender_wins,
 * score,score_low,score_high,distance,distance_low,distance_high,round_eliminated,p_holm,
 * confirm_games,confirm_score,confirm_low,confirm_high,confirm_distance,confirm_distance_low,
 * confirm_distance_high,verdict`, one row per candidate, ranked: survivors first by the distance
 * of their strongest agent's score, then the dropped by the round that dropped them, latest
 * first, then distance), and the figure DIR/design.gp, design.png and design.svg (candidates
 * ranked with 95% intervals of the score, 1/2 and the margin band); with a knob (design_knob),
 * DIR/knob.csv (`limit,games,attacker_wins,draws,defender_wins,score,score_low,score_high,
 * fitted`), DIR/crossing.csv (`limit_result,verdict,limit,limit_low,limit_high,isotonic,a,b`)
 * and the figure DIR/knob.gp, knob.png and knob.svg (score against the limit, the logistic fit
 * and the crossing with its interval); *plotted false when gnuplot is missing. ST_EIO naming the
 * file on failure. */
MUST_CHECK Status design_write(const Experiment *exp, const DesignState *s, const char *dir,
                               bool *plotted, Error *err);

/* The short table for people: why the race ended, each survivor with its score, interval,
 * distance and verdict, whether the confirming agent keeps the race's order, and the dropped
 * counted by round. */
void design_print(FILE *out, const Experiment *exp, const DesignState *s);

#endif
