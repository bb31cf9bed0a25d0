/* What a design search (kind = design) costs before it starts: its race is simulated on the
 * calibration's results, for the games each candidate would play and the time they take
 * (doc/cost.md). Used by the --dry-run of tafl run. */
#ifndef TAFL_HARNESS_RACECOST_H
#define TAFL_HARNESS_RACECOST_H

#include "formats/experiment.h"
#include "harness/costest.h"

/* Simulated races of a dry run: enough for the 2.5% and 97.5% quantiles of the time. */
#define RACECOST_RACES 200
/* The calibration of a design is longer than a run's (COSTEST_BUDGET_S): the race's rounds
 * turn on each candidate's outcomes, so the race agent plays up to RACECOST_RACE_GAMES games
 * a candidate in RACECOST_RACE_S seconds; the survivors' confirming games, the dearest of a
 * search, share RACECOST_CONFIRM_S (each line's first game may run to four shares, the whole
 * to twice the budget, as in costest_measure). */
#define RACECOST_RACE_S     6.0
#define RACECOST_RACE_GAMES 32
#define RACECOST_CONFIRM_S  4.0
/* The weight of the race agent's mean game length on a candidate in its confirming agent's,
 * in games of the confirming agent (costest_pool_length): a stronger agent changes the length
 * of a game less than a few dear calibration games vary. */
#define RACECOST_POOL_GAMES 4.0

/* Estimates the search of exp (design_check passed) whose plan p holds one line per candidate
 * and pairing, in the runner's order (candidate i's pairing k is line i * pairing_count + k),
 * on `threads` threads:
 * 1. calibrates the race agent's line of every candidate (RACECOST_RACE_S);
 * 2. simulates RACECOST_RACES races with design_state_next itself, each candidate's games
 *    drawn from outcome probabilities drawn in turn from the Dirichlet posterior of its
 *    calibration games (prior one half per outcome), so that the few games of a calibration
 *    widen the spread of the races as they should;
 * 3. calibrates the confirming agent on the candidates that survive in a tenth of the races
 *    or more (at least the likeliest; RACECOST_CONFIRM_S), their mean game length pooled
 *    with the race agent's on the same candidate (RACECOST_POOL_GAMES); another survivor's game
 *    costs its race game's time scaled as the calibrated ones are;
 * 4. sets each line's games to its mean over the races, and the plan's total to the races'
 *    mean seconds (the expected time: the races that keep a dear candidate are its long tail)
 *    with the interval from the 2.5% race at the lines' low costs to the 97.5% race at their
 *    high costs (costest_set_total).
 * Deterministic in the calibration's results. */
void racecost_estimate(CostPlan *p, const Experiment *exp, int threads);

#endif
