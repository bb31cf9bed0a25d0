/* Binomial confidence intervals. */
#include "stats/stats.h"

#include <math.h>

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

void stats_score(long wins, long draws, long losses, double z, ScoreEstimate *out)
{
    double n = (double)(wins + draws + losses);
    if (n <= 0) {
        *out = (ScoreEstimate){0.5, 0.0, 1.0, 1.0};
        return;
    }
    double s = ((double)wins + 0.5 * (double)draws) / n;
    double d = (double)draws / n;
    /* (1 + z^2/n) s0^2 - (2 s + z^2/n) s0 + s^2 + z^2 d / 4n = 0 */
    double k = z * z / n;
    double a = 1 + k, b = 2 * s + k, c = s * s + k * d / 4;
    double disc = fmax(0.0, b * b - 4 * a * c);
    /* A score s0 is only possible with the observed draws when d/2 <= s0 <= 1 - d/2. */
    out->score = s;
    out->low = fmax(d / 2, (b - sqrt(disc)) / (2 * a));
    out->high = fmin(1 - d / 2, (b + sqrt(disc)) / (2 * a));
    /* s solves the inequality exactly; keep rounding from putting it outside. */
    out->low = fmin(out->low, s);
    out->high = fmax(out->high, s);
    double var0 = (1 - d) / (4 * n);
    if (var0 <= 0) {
        out->p_value = 1.0; /* all draws: the score is exactly 1/2 */
        return;
    }
    double zt = (s - 0.5) / sqrt(var0);
    out->p_value = erfc(fabs(zt) / sqrt(2.0));
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
