/* Statistics for reporting results: binomial confidence intervals. */
#ifndef TAFL_STATS_STATS_H
#define TAFL_STATS_STATS_H

/* The Wilson score interval (Wilson 1927) for `successes` of `trials` at normal quantile z
 * (1.959964 for 95%). With no trials the interval is [0, 1]. */
void stats_wilson(double successes, double trials, double z, double *low, double *high);

/* The attackers' score over a set of games (win 1, draw 1/2, loss 0) with its interval and a
 * two-sided test of "score = 1/2" (a balanced ruleset). */
typedef struct {
    double score; /* (wins + draws / 2) / games */
    double low;   /* the interval at the given z */
    double high;
    double p_value; /* two-sided p-value of score = 1/2 */
} ScoreEstimate;

/* Estimates the score from win / draw / loss counts with normal quantile z (1.959964 for 95%).
 * The interval inverts the score test with the draw rate d held at its observed value: the
 * s0 with (s - s0)^2 <= z^2 (s0 (1 - s0) - d/4) / n, the per-game variance of a score s0 when a
 * fraction d of games are draws. Without draws it is exactly the Wilson interval (Wilson 1927),
 * and it is consistent with the test: 1/2 lies inside the 95% interval exactly when p >= 0.05.
 * The test's z is (s - 1/2) / sqrt((1 - d) / 4n), p = erfc(|z| / sqrt 2). No games: score 1/2,
 * interval [0, 1], p = 1. */
void stats_score(long wins, long draws, long losses, double z, ScoreEstimate *out);

/* The mean per-game score of the first player over game pairs, from pentanomial counts
 * counts[0..4] = pairs scoring 0, 1/2, 1, 3/2, 2 (of 2): s = sum c_i (i/4) / N, and the
 * interval s -+ z se with se = sqrt(sum c_i (i/4 - s)^2) / N, the standard error of the mean of
 * the N pair scores / 2, clipped to [0, 1]. Pairs are the independent units, so the correlation
 * between the two games of a pair (same opening) is accounted for. No pairs: NaN. Pure. */
void stats_pair_score(const long counts[5], double z, double *score, double *low, double *high);

#endif
