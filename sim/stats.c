/* Binomial confidence intervals. */
#include "sim/stats.h"

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
