/* Elo ratings of several players from their head-to-head scores: Bradley-Terry maximum
 * likelihood with Fisher-information intervals, and the Elo <-> expected-score conversions. */
#ifndef TAFL_STATS_RATINGS_H
#define TAFL_STATS_RATINGS_H

#include <stdbool.h>

#include "rules/common.h"

/* Up to this many players, ratings_bradley_terry fits by Newton's method with the full inverse
 * of the information (n^3 a step); above it, by Hunter's MM algorithm with intervals from the
 * information's diagonal (one pass over the pairings a step). */
#define RATINGS_EXACT_MAX 256

/* The most MM sweeps of a large fit (each one pass over the pairings). */
#define RATINGS_MM_SWEEPS 20000

/* Normal quantile for two-sided 95% intervals. */
#define RATINGS_Z95 1.959964

/* Elo difference whose expected score is s: -400 log10(1/s - 1). +INFINITY at s = 1,
 * -INFINITY at s = 0, NaN outside [0, 1] or for NaN. Pure; thread-safe. */
double ratings_elo_from_score(double s);

/* Expected score at an Elo difference: 1 / (1 + 10^(-elo/400)); 1 at +INFINITY, 0 at -INFINITY.
 * Pure; thread-safe. */
double ratings_score_from_elo(double elo);

/* Bradley-Terry ratings of n players by maximum likelihood (Hunter 2004).
 *
 * points[i*n+j] is what player i scored against player j (win 1, draw 1/2, loss 0) and
 * games[i*n+j] the number of games between them: games is symmetric, 0 <= points[i*n+j] <=
 * games[i*n+j], points[i*n+j] + points[j*n+i] == games[i*n+j]; the diagonal is ignored. A draw
 * counts as half a win and half a loss.
 *
 * Writes elo[i] (400 log10 scale, mean 0 over the n players) and the 95% interval
 * [low[i], high[i]] = elo[i] -/+ RATINGS_Z95 * se[i], where se[i] is the standard error of
 * elo[i] from the observed Fisher information under the mean-zero constraint. All three arrays
 * have n entries and belong to the caller.
 *
 * For more than RATINGS_EXACT_MAX players the fit is Hunter's MM algorithm alone (to a change
 * below 1e-10, at most RATINGS_MM_SWEEPS sweeps) and se[i] is 1 / sqrt(I_ii), the diagonal of
 * the information: the error were the others' ratings known, slightly narrower than the full
 * inverse, which would cost n^3.
 *
 * When some player set scores nothing against (or everything against) the rest, the maximum
 * likelihood lies at infinity (Hunter 2004, Assumption 1); then every pair of players who
 * played gets one extra virtual draw (BayesElo's prior of virtual draws, Coulom) and *prior
 * (if not NULL) is set to true, else to false.
 *
 * Fails with ST_EINVAL, saying why in err, when n < 2, a count is negative, not finite or
 * inconsistent, there are no games, or the players do not form one connected comparison graph
 * (then no relative rating exists). Outputs are unspecified on failure. Thread-safe. */
MUST_CHECK Status ratings_bradley_terry(int n, const double *points, const double *games,
                                        double *elo, double *low, double *high, bool *prior,
                                        Error *err);

/* ratings_bradley_terry with the Elo scale anchored at player `anchor` (0 <= anchor < n):
 * elo[i] is player i's rating minus the anchor's (so elo[anchor] = 0, with the interval
 * [0, 0]), and its interval elo[i] -/+ RATINGS_Z95 * se, se the standard error of that
 * difference: Var(r_i - r_a) = P_ii + P_aa - 2 P_ia with P the pseudo-inverse of the observed
 * information (the same fit; only the origin and the intervals change). anchor < 0 is
 * ratings_bradley_terry (mean 0). Fails as ratings_bradley_terry, or ST_EINVAL for
 * anchor >= n. Thread-safe. */
MUST_CHECK Status ratings_bradley_terry_anchored(int n, const double *points, const double *games,
                                                 int anchor, double *elo, double *low, double *high,
                                                 bool *prior, Error *err);

#endif
