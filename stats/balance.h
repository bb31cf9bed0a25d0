/* Balance as a distance: how far a ruleset's attackers' score lies from 1/2, whether a change
 * of rules brings it closer, whether it is shown balanced within a margin, and the racing step
 * of a design search. Pure functions: no state, thread-safe. */
#ifndef TAFL_STATS_BALANCE_H
#define TAFL_STATS_BALANCE_H

#include <stdbool.h>

/* The default margin of "balanced": the score within 1/2 +- 0.05. */
#define BALANCE_MARGIN 0.05

/* The distance of a score from 1/2 with its interval. */
typedef struct {
    double score, score_low, score_high; /* stats_score: estimate and interval at z */
    double distance;                     /* |score - 1/2| */
    double low, high;                    /* the interval of the distance, inside [0, 1/2] */
} BalanceDistance;

/* The distance from 1/2 of the attackers' score of wins / draws / losses (draws 1/2) at normal
 * quantile z. The interval is the score interval [L, U] of stats_score folded at 1/2: the image
 * of a confidence set under d(s) = |s - 1/2| is a confidence set for d(s) with at least the
 * same coverage, so the interval is [min d, max d] over [L, U]: [0, max(1/2 - L, U - 1/2)] when
 * 1/2 lies inside [L, U], else [min(|L - 1/2|, |U - 1/2|), max(...)]. Near 1/2, where |.| is
 * not smooth and the plain estimate is biased upwards, the lower bound is 0 rather than a
 * normal approximation that would exclude the truth. No games: distance 0, interval [0, 1/2].
 */
void balance_distance(long wins, long draws, long losses, double z, BalanceDistance *out);

/* Which of two rulesets is closer to 1/2. */
typedef enum {
    BALANCE_NO_DIFFERENCE, /* the interval of the change holds 0 */
    BALANCE_CLOSER,        /* a is closer to 1/2 than b: the whole interval is below 0 */
    BALANCE_FARTHER,       /* a is farther: the whole interval is above 0 */
} BalanceChangeVerdict;

/* The change in distance from 1/2 of a against b: d(a) - d(b) (negative: a is closer). */
typedef struct {
    double change;    /* d(a) - d(b) as observed */
    double low, high; /* its interval at z */
    double p_value;   /* two-sided p-value of "no change" (consistent with the interval) */
    BalanceChangeVerdict verdict; /* at the interval's level */
} BalanceChange;

/* The change of distance between two independent sets of games a and b (wins, draws, losses
 * each) at quantile z, by the method of variance estimates recovery (MOVER: Newcombe 1998,
 * method 10; Zou and Donner 2008) from the folded intervals of balance_distance:
 * low = D - sqrt((da - la)^2 + (ub - db)^2), high = D + sqrt((ua - da)^2 + (db - lb)^2), with
 * D = da - db. The folded intervals are asymmetric near 1/2, so the change needs no delta-method
 * derivative where |.| has none. The p-value inverts the interval: the level 2(1 - Phi(z*)) of
 * the z* at which its bound nearest 0 reaches 0 (bisection; the intervals widen with z), so
 * p < alpha exactly when the interval at z(1 - alpha/2) excludes 0. D = 0 gives p = 1. */
void balance_change(const long a[3], const long b[3], double z, BalanceChange *out);

/* The name of a verdict in tables and CSV: "closer", "farther", "no_difference". */
const char *balance_change_name(BalanceChangeVerdict v);

/* Whether a score is shown within 1/2 +- margin. */
typedef enum {
    BALANCE_UNDETERMINED, /* neither shown: play more games */
    BALANCE_BALANCED,     /* equivalence shown at level alpha (TOST) */
    BALANCE_NOT_BALANCED, /* shown outside the margin */
} BalanceVerdict;

/* The balance verdict of wins / draws / losses at level alpha (0.05) and margin (> 0): the two
 * one-sided tests of equivalence (Schuirmann 1987) reject |s - 1/2| >= margin at alpha exactly
 * when the 1 - 2 alpha score interval (stats_score at z(1 - alpha)) lies inside
 * (1/2 - margin, 1/2 + margin): BALANCED. NOT_BALANCED when the 1 - alpha interval (z(1 -
 * alpha/2)) lies wholly outside [1/2 - margin, 1/2 + margin] (the data pick the side, so each
 * side is tested at alpha / 2). Else UNDETERMINED. No games: UNDETERMINED. */
BalanceVerdict balance_verdict(long wins, long draws, long losses, double margin, double alpha);

/* "balanced", "not balanced", "undetermined". */
const char *balance_verdict_name(BalanceVerdict v);

/* One step of a race (Maron and Moore 1994, Hoeffding races; Birattari et al. 2002, F-Race)
 * among n candidates, wdl[i] = attackers' wins, draws, losses so far: among those with alive[i],
 * the best is the one of least distance from 1/2 (ties: the lowest index), written to *best;
 * every other alive candidate is compared with it by balance_change (two-sided p), the m p-values
 * are adjusted by Holm (1979) over the m = alive - 1 comparisons, and a candidate is dropped
 * (alive[i] set false) when it is farther than the best (change > 0) with adjusted p < alpha.
 * Returns the number dropped. Fewer than two alive: nothing happens (*best the one alive, or -1).
 * p_holm (may be NULL) receives each candidate's adjusted p (NaN for the best and the dead).
 * Scratch memory is allocated and freed inside. */
int balance_race_step(const long (*wdl)[3], bool *alive, int n, double alpha, int *best,
                      double *p_holm);

#endif
