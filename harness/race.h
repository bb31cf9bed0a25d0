/* The design search's state machine (experiment kind = design): a race over the rulesets of an
 * experiment (a [sweep]'s candidates) for the ones closest to 1/2, then the survivors confirmed
 * by a stronger agent. The runner stops on it; studies/design.h replays it and writes it out.
 * Its names keep the design_ prefix of the search they belong to. */
#ifndef TAFL_HARNESS_RACE_H
#define TAFL_HARNESS_RACE_H

#include <stdbool.h>

#include "formats/experiment.h"
#include "rules/common.h"
#include "rules/state.h"

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
 * back from games.csv (design_replay, studies/design.h). Pure data; design_state_free releases
 * it. */
typedef struct {
    int n;              /* candidates: the experiment's rulesets */
    long (*race)[3];    /* per candidate: attackers' wins, draws, losses of the race agent */
    long (*confirm)[3]; /* the same for the confirming agent */
    bool *alive;        /* still in the race */
    int *dropped;       /* the round that dropped it (1 = the first), 0 while in */
    double *p_holm;     /* its Holm-adjusted p against the best at its last step (NaN: none) */
    bool *knob;         /* a point of the move-limit knob (design_is_knob_point): the race
                           ranks the knob's limits apart from the rule changes */
    int best;           /* the best rule change after the last step (least distance from
                           1/2; -1: none) */
    int best_knob;      /* the best of the knob's limits after the last step (-1: none) */
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

/* Whether candidate i of exp is a point of the move-limit knob: the base (candidate 0) but for
 * a max_plies > 0 and a limit_result other than draw. */
bool design_is_knob_point(const Experiment *exp, int i);

/* Ends the round in progress (every game of it added): a race round drops the candidates shown
 * farther from 1/2 than the best of their group (balance_race_step at DESIGN_ALPHA, once over
 * the rule changes and once over the knob's limits: a knob that spans 1/2 has a limit near it
 * by construction, and raced against the rule changes it would drop every one), then the race
 * goes on, or ends (one left in each group, `games` reached, or the next round would pass
 * exp->budget) and the confirmation starts (with a second pairing) or the search is done.
 * Then the next round's [from, to) is set. Deterministic: a function of the counts alone. */
void design_state_next(DesignState *s, const Experiment *exp);

/* Whether candidate rules plays in the round in progress (pairing: 0 race, 1 confirm). */
bool design_state_plays(const DesignState *s, int rules, int pairing);

/* The pairing a round of this phase plays: 0 in the race, 1 in the confirmation. */
int design_phase_pairing(DesignPhase phase);

/* Checks exp can be searched: kind = design, at least two rulesets, one or two agents with
 * pairings exactly (race agent self-play) or (race, confirming agent self-play). ST_EINVAL
 * with one line naming the file and what is wrong. */
MUST_CHECK Status design_check(const Experiment *exp, Error *err);

#endif
