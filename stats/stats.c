/* Confidence intervals and tests for reporting results (see stats.h). */
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>

#include "rules/common.h"

void stats_wilson(double successes, double trials, double z, double *low, double *high)
{
    if (trials <= 0) {
        *low = 0;
        *high = 1;
        return;
    }
    /* centre = (p + z^2/2n) / (1 + z^2/n); half = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n) */
    double p = successes / trials;
    double z2 = z * z;
    double denom = 1 + z2 / trials;
    double centre = (p + z2 / (2 * trials)) / denom;
    double half = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom;
    *low = fmax(0.0, centre - half);
    *high = fmin(1.0, centre + half);
}

/* The per-game variance of the score under the win / draw / loss rates of greatest likelihood
 * with mean score s0. With a = s0, b = 1 - s0 and u = pD/2 (so pW = a - u, pL = b - u), the
 * log-likelihood W log(a - u) + D log(2u) + L log(b - u) is concave in u, and its derivative
 * vanishes where n u^2 - (W b + D + L a) u + D a b = 0; the smaller root is the one in
 * [0, min(a, b)] (the quadratic is >= 0 at 0 and <= 0 at min(a, b)), taken in the form
 * 2c / (B + sqrt(B^2 - 4nc)) that stays exact when D = 0 (then u = 0: the binomial). */
static double restricted_variance(double w, double d, double l, double s0)
{
    double n = w + d + l, a = s0, b = 1 - s0;
    double big_b = w * b + d + l * a, c = d * a * b;
    double u = c > 0 ? 2 * c / (big_b + sqrt(fmax(0.0, big_b * big_b - 4 * n * c))) : 0.0;
    double pw = a - u, pd = 2 * u;
    return pw + pd / 4 - s0 * s0;
}

/* The score statistic n (s - s0)^2 / V(s0); infinite where V vanishes away from s. */
static double score_statistic(double w, double d, double l, double s, double s0)
{
    if (s == s0) {
        return 0.0;
    }
    double v = restricted_variance(w, d, l, s0);
    return v > 0 ? (w + d + l) * (s - s0) * (s - s0) / v : INFINITY;
}

/* The edge of {s0 : statistic <= z^2} between `in` (inside) and `out` (outside), by bisection to
 * the last bits (the set is an interval around s: checked on every count up to 12 each). */
static double score_edge(double w, double d, double l, double s, double z2, double in, double out)
{
    for (int i = 0; i < 100; i++) {
        double mid = 0.5 * (in + out);
        if (score_statistic(w, d, l, s, mid) <= z2) {
            in = mid;
        } else {
            out = mid;
        }
    }
    return in;
}

void stats_score(long wins, long draws, long losses, double z, ScoreEstimate *out)
{
    double n = (double)(wins + draws + losses);
    if (n <= 0) {
        *out = (ScoreEstimate){0.5, 0.0, 1.0, 1.0};
        return;
    }
    double w = (double)wins, d = (double)draws, l = (double)losses;
    double s = (w + 0.5 * d) / n, z2 = z * z;
    out->score = s;
    out->low = score_statistic(w, d, l, s, 0.0) <= z2 ? 0.0 : score_edge(w, d, l, s, z2, s, 0.0);
    out->high = score_statistic(w, d, l, s, 1.0) <= z2 ? 1.0 : score_edge(w, d, l, s, z2, s, 1.0);
    /* At s0 = 1/2 the restricted MLE keeps the observed draw rate: V = (1 - d/n) / 4. */
    double var0 = (1 - d / n) / (4 * n);
    if (var0 <= 0) {
        out->p_value = 1.0; /* all draws: the score is exactly 1/2 */
        return;
    }
    double zt = (s - 0.5) / sqrt(var0);
    out->p_value = erfc(fabs(zt) / sqrt(2.0));
}

bool stats_width_reached(long wins, long draws, long losses, long min_games, double max_width,
                         double z)
{
    long n = wins + draws + losses;
    if (n < min_games || n <= 0 || wins == n || draws == n || losses == n) {
        return false;
    }
    ScoreEstimate e;
    stats_score(wins, draws, losses, z, &e);
    return e.high - e.low < max_width;
}

void stats_pair_score(const long counts[5], double z, double *score, double *low, double *high)
{
    double n = 0, sum = 0;
    for (int i = 0; i < 5; i++) {
        n += (double)counts[i];
        sum += (double)counts[i] * i / 4.0;
    }
    if (n <= 0) {
        *score = *low = *high = NAN;
        return;
    }
    double s = sum / n, var = 0;
    for (int i = 0; i < 5; i++) {
        var += (double)counts[i] * (i / 4.0 - s) * (i / 4.0 - s);
    }
    double se = sqrt(var) / n;
    *score = s;
    *low = fmax(0.0, s - z * se);
    *high = fmin(1.0, s + z * se);
}

/* A set of k scores values[i] in [0, 1] seen counts[i] times: its plain mean, and the mean,
 * per-unit variance and size after adding one unit scoring 0 and one scoring 1 (Agresti and
 * Caffo 2000). */
typedef struct {
    double n, mean;         /* as observed (mean NaN when n = 0) */
    double n_adj, mean_adj; /* n + 2, and the mean with the two added units */
    double var_adj;         /* the per-unit variance of the n + 2 units (divisor n + 2) */
} Adjusted;

static Adjusted adjust(const long *counts, const double *values, int k)
{
    double n = 0, sum = 0, sum2 = 0;
    for (int i = 0; i < k; i++) {
        n += (double)counts[i];
        sum += (double)counts[i] * values[i];
        sum2 += (double)counts[i] * values[i] * values[i];
    }
    Adjusted a;
    a.n = n;
    a.mean = n > 0 ? sum / n : NAN;
    a.n_adj = n + 2;
    a.mean_adj = (sum + 1) / a.n_adj;
    a.var_adj = fmax(0.0, (sum2 + 1) / a.n_adj - a.mean_adj * a.mean_adj);
    return a;
}

static void diff_of(Adjusted a, Adjusted b, double z, ScoreDiff *out)
{
    out->diff = a.mean - b.mean;
    double d = a.mean_adj - b.mean_adj;
    /* var_adj > 0: the added 0 and 1 differ, so the variance never vanishes. */
    double se = sqrt(a.var_adj / a.n_adj + b.var_adj / b.n_adj);
    out->low = fmax(-1.0, d - z * se);
    out->high = fmin(1.0, d + z * se);
    out->p_value = erfc(fabs(d) / se / sqrt(2.0));
    out->centre = d;
    out->se = se;
}

void stats_score_diff(const long a[3], const long b[3], double z, ScoreDiff *out)
{
    static const double values[3] = {1.0, 0.5, 0.0}; /* win, draw, loss */
    diff_of(adjust(a, values, 3), adjust(b, values, 3), z, out);
}

void stats_pair_diff(const long a[5], const long b[5], double z, ScoreDiff *out)
{
    static const double values[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    diff_of(adjust(a, values, 5), adjust(b, values, 5), z, out);
}

double stats_equivalence_p(const ScoreDiff *d, double width)
{
    /* H0- delta <= -width: z = (d~ + width) / se; H0+ delta >= width: z = (width - d~) / se;
     * each one-sided p is Phi(-z) = erfc(z / sqrt 2) / 2. */
    double lower = 0.5 * erfc((d->centre + width) / d->se / sqrt(2.0));
    double upper = 0.5 * erfc((width - d->centre) / d->se / sqrt(2.0));
    return fmax(lower, upper);
}

double stats_normal_quantile(double p)
{
    if (!(p >= 0 && p <= 1)) {
        return NAN;
    }
    if (p == 0 || p == 1) {
        return p == 0 ? -INFINITY : INFINITY;
    }
    /* Phi(x) = erfc(-x / sqrt 2) / 2 rises with x; |z| < 40 for every double p in (0, 1). */
    double lo = -40, hi = 40;
    for (int i = 0; i < 200 && lo < hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) {
            break;
        }
        if (0.5 * erfc(-mid / sqrt(2.0)) < p) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return 0.5 * (lo + hi);
}

/* Orders indices by p-value, then by index, so ties keep a fixed order. */
typedef struct {
    double p;
    long index;
} Ranked;

static int compare_ranked(const void *x, const void *y)
{
    const Ranked *a = x, *b = y;
    if (a->p != b->p) {
        return a->p < b->p ? -1 : 1;
    }
    return (a->index > b->index) - (a->index < b->index);
}

void stats_holm(const double *p, long m, double *adjusted)
{
    Ranked *r = xmalloc((size_t)(m > 0 ? m : 1) * sizeof *r);
    long k = 0;
    for (long i = 0; i < m; i++) {
        if (!isnan(p[i])) {
            r[k++] = (Ranked){p[i], i};
        } else {
            adjusted[i] = NAN;
        }
    }
    qsort(r, (size_t)k, sizeof *r, compare_ranked);
    double running = 0;
    for (long j = 0; j < k; j++) {
        double q = fmin(1.0, (double)(k - j) * r[j].p);
        running = fmax(running, q);
        adjusted[r[j].index] = running;
    }
    free(r);
}
