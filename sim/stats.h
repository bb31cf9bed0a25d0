/* Statistics for reporting results: binomial confidence intervals. */
#ifndef TAFL_SIM_STATS_H
#define TAFL_SIM_STATS_H

/* The Wilson score interval (Wilson 1927) for `successes` of `trials` at normal quantile z
 * (1.959964 for 95%). With no trials the interval is [0, 1]. */
void stats_wilson(double successes, double trials, double z, double *low, double *high);

#endif
