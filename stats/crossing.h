/* Where a compensation knob balances a game: the attackers' score measured
 * at several values of a knob (a move limit, say) is fitted by a logistic regression in the
 * knob, and the value where the fitted score crosses 1/2 is reported with Fieller's interval;
 * an isotonic fit gives a second, model-free crossing as a check. Pure: thread-safe. */
#ifndef TAFL_STATS_CROSSING_H
#define TAFL_STATS_CROSSING_H

#include "rules/common.h"

/* The games played at one value of the knob, counted from the attackers' side. */
typedef struct {
    double x;      /* the knob's value (e.g. max_plies) */
    double wins;   /* attackers' wins (>= 0; counts, not necessarily whole) */
    double draws;  /* draws, each half a win */
    double losses; /* attackers' losses */
} CrossingPoint;

/* What the fit can say about the crossing. */
typedef enum {
    CROSSING_OK,           /* the fitted score crosses 1/2 inside [x_min, x_max] */
    CROSSING_OUT_OF_RANGE, /* it crosses outside the knob values played: x extrapolates */
    CROSSING_FLAT,         /* the slope is not significantly different from 0 at the chosen z
                              (Fieller's interval is unbounded; low, high are -inf and +inf) */
    CROSSING_SEPARATED,    /* the games separate (every win on one side of every loss, a
                              level with both at most): the likelihood has no maximum. [low,
                              high] brackets the crossing by the levels whose Wilson interval
                              at z lies wholly below or above 1/2: the last on the side the
                              score starts from, the first on the side it ends on; -inf or
                              +inf where no level is sure (no crossing within the levels
                              measured). x is the bracket's middle, NaN when it is open */
    CROSSING_ONE_RESULT,   /* every game scored 0 for the attackers, or every game 1: no
                              crossing to find (x, low, high NaN) */
} CrossingVerdict;

typedef struct {
    CrossingVerdict verdict;
    /* The fit logit(score(x)) = a + b x (NaN when SEPARATED or ONE_RESULT). */
    double a, b;
    /* Their covariance: the inverse Fisher information, times the dispersion when that is
     * above 1 (below). */
    double var_a, var_b, cov_ab;
    int iterations; /* Newton steps taken */
    /* Lack of fit: Pearson's X^2 = sum (y_i - n_i p_i)^2 / (n_i p_i (1 - p_i)) over the df =
     * (knob values - 2) degrees of freedom, its chi-square p-value (NaN when df = 0), and the
     * dispersion X^2 / df (1 when df = 0). */
    double pearson, fit_p, dispersion;
    int df;
    double x;         /* -a / b: the fitted score is 1/2 there (NaN when b = 0) */
    double low, high; /* Fieller's interval for x at z, or SEPARATED's bracket (low < high) */
    /* The isotonic (pool-adjacent-violators) fit, monotone in the direction of the logistic
     * slope (or of the jump), crossed by linear interpolation between the knob values: NaN
     * when the fitted steps do not reach 1/2 from both sides. */
    double iso_x;
    double x_min, x_max; /* the knob values played */
} CrossingResult;

/* Fits the n points (any order; several points may share an x). The score of a point is
 * (wins + draws / 2) / games; the fit maximises the binomial log-likelihood with that
 * fractional count of wins (the "fractional logit" of Papke and Wooldridge 1996: a draw counts
 * half a win and half a loss), by Newton's method from a flat start with step halving, on x
 * centred at the games-weighted mean so that the steps are well conditioned. The covariance is
 * the inverse of the binomial Fisher information sum n_i p_i (1 - p_i) (1, x_i)(1, x_i)^T, which
 * is conservative when there are draws (a game scored 0, 1/2 or 1 with mean p has variance
 * at most p (1 - p)). Where the model fits worse than binomial noise allows (dispersion
 * X^2 / df > 1: the score does not follow a logistic curve in the knob, or games vary more than
 * counted), the covariance is multiplied by the dispersion, the quasi-binomial remedy of
 * McCullagh and Nelder (1989, "Generalized Linear Models", 2nd ed., section 4.5), so that the
 * interval widens with the misfit; fit_p says how bad it is. The interval is Fieller's (Fieller
 * 1954, "Some problems in interval estimation", JRSS B 16): every x where a + b x is within z
 * standard errors of 0, that is (b^2 - z^2 V_bb) x^2 + 2 (a b - z^2 V_ab) x + a^2 - z^2 V_aa <= 0;
 * it is bounded exactly when b^2 > z^2 V_bb (else verdict FLAT). The fitted score is 1/2 at x only
 * when b != 0. z: the normal quantile of the interval (STATS_Z95 for 95%). Fails with ST_EINVAL and
 * one line in err when n < 2, a count is negative or not finite, an x is not finite, a point has no
 * games, or fewer than two distinct x values are given; *out is then unspecified. */
MUST_CHECK Status crossing_fit(const CrossingPoint *pts, int n, double z, CrossingResult *out,
                               Error *err);

/* The upper tail P(X > x) of a chi-square variable with df >= 1 degrees of freedom
 * (Abramowitz and Stegun 26.4.4 and 26.4.5: a finite sum for whole df). 1 for x <= 0. */
double crossing_chi2_upper(double x, int df);

/* The fitted logistic score at x, 1 / (1 + exp(-(a + b x))); NaN when the fit has none. */
double crossing_score_at(const CrossingResult *r, double x);

/* "ok", "out_of_range", "flat", "separated" or "one_result". */
const char *crossing_verdict_name(CrossingVerdict v);

#endif
