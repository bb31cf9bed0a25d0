/* Statistics for reporting results: binomial and win/draw/loss confidence intervals, differences
 * between two sets of games, the width stop of a balance run and Holm's multiple-test
 * correction. Pure functions: no state, thread-safe. */
#ifndef TAFL_STATS_STATS_H
#define TAFL_STATS_STATS_H

#include <stdbool.h>

/* The two-sided 95% normal quantile. */
#define STATS_Z95 1.959964

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
 * The interval is the score (Rao) interval of the trinomial mean: every s0 with
 * n (s - s0)^2 <= z^2 V(s0), where V(s0) = pW + pD/4 - s0^2 is the per-game variance under the
 * maximum-likelihood win / draw / loss rates constrained to score s0 (the restricted MLE, as
 * Miettinen and Nurminen 1985 use for two proportions). Without draws this is exactly the Wilson
 * interval (Wilson 1927); it never collapses to a point (all draws included) and the estimate
 * is never on its own bound unless it is 0 or 1. The test is the same statistic at s0 = 1/2,
 * where the restricted MLE keeps the observed draw rate d: z = (s - 1/2) / sqrt((1 - d) / 4n),
 * p = erfc(|z| / sqrt 2), so 1/2 lies inside the interval exactly when p >= the level. No
 * games: score 1/2, interval [0, 1], p = 1. */
void stats_score(long wins, long draws, long losses, double z, ScoreEstimate *out);

/* The default of stats_width_reached's min_games: the games a pairing plays at least before a
 * width stop may end it (also check_every's default, so one default round). */
#define STATS_MIN_GAMES 100

/* The width stop of a balance run: true when the pairing has played at least min_games games,
 * its outcomes are not all the same (a run of one outcome has no observed variance, so it is
 * no evidence of a narrow interval) and its stats_score interval at z is narrower than
 * max_width. */
bool stats_width_reached(long wins, long draws, long losses, long min_games, double max_width,
                         double z);

/* The mean per-game score of the first player over game pairs, from pentanomial counts
 * counts[0..4] = pairs scoring 0, 1/2, 1, 3/2, 2 (of 2): s = sum c_i (i/4) / N, and the
 * interval s -+ z se with se = sqrt(sum c_i (i/4 - s)^2) / N, the standard error of the mean of
 * the N pair scores / 2, clipped to [0, 1]. Pairs are the independent units, so the correlation
 * between the two games of a pair (same opening) is accounted for. No pairs: NaN. Pure. */
void stats_pair_score(const long counts[5], double z, double *score, double *low, double *high);

/* The difference between two independent sets of scores in [0, 1]. */
typedef struct {
    double diff;      /* mean of a - mean of b, as observed (NaN when either is empty) */
    double low, high; /* the interval at the given z, inside [-1, 1] */
    double p_value;   /* two-sided p-value of "no difference" */
    double centre;    /* the adjusted difference the interval and tests are centred on */
    double se;        /* its standard error (> 0) */
} ScoreDiff;

/* The difference of the attackers' score between two independent sets of games (wins, draws,
 * losses each). Interval and test add one win and one loss to each set (Agresti and Caffo
 * 2000, "adding two successes and two failures", here with draws scored 1/2): with
 * s~ = (W + D/2 + 1) / (n + 2) and v~ = (W + 1 + D/4) / (n + 2) - s~^2 per set,
 * se = sqrt(v~a / (na + 2) + v~b / (nb + 2)), the interval (s~a - s~b) -+ z se, clipped to
 * [-1, 1], and p = erfc(|s~a - s~b| / se / sqrt 2): 0 lies inside exactly when p >= the level,
 * and se > 0 always, so nothing collapses. `diff` is the plain observed difference. */
void stats_score_diff(const long a[3], const long b[3], double z, ScoreDiff *out);

/* The same for two sets of game pairs given by pentanomial counts (pair score i/4 for
 * counts[i]), the pairs being the units: one pair scoring 0 and one scoring 2 of 2 are added to
 * each set. */
void stats_pair_diff(const long a[5], const long b[5], double z, ScoreDiff *out);

/* The two one-sided tests of equivalence (Schuirmann 1987) of a difference d (from
 * stats_score_diff or stats_pair_diff: its centre d~ and standard error se) within a margin
 * width > 0: H0 |delta| >= width against H1 |delta| < width, with
 * p = max(Phi(-(d~ + width) / se), Phi(-(width - d~) / se)) = the larger of the two one-sided
 * p-values, written 0.5 erfc(x / sqrt 2). p < alpha exactly when the 1 - 2 alpha interval
 * d~ -+ z(1 - alpha) se lies inside (-width, width). Several such tests joined by "and" (every
 * pair equivalent) need no correction: the intersection-union test rejects at alpha when each
 * does, and its p-value is the largest of theirs (Berger and Hsu 1996). Pure. */
double stats_equivalence_p(const ScoreDiff *d, double width);

/* The normal quantile z with Phi(z) = p for 0 < p < 1 (by bisection on erfc, to the last
 * bits); -INFINITY at 0, +INFINITY at 1, NaN outside. Pure. */
double stats_normal_quantile(double p);

/* Holm's step-down adjustment (Holm 1979) of m p-values into adjusted[0..m) (may be p):
 * with p sorted ascending, p(1) <= ... <= p(m), adjusted p(i) = max over j <= i of
 * min(1, (m - j + 1) p(j)). Rejecting where adjusted < alpha keeps the family-wise error rate at
 * alpha. NaN entries are left NaN and not counted in m. Ties are ordered by index. */
void stats_holm(const double *p, long m, double *adjusted);

#endif
