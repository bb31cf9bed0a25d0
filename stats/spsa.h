/* Simultaneous perturbation stochastic approximation (Spall 1998): maximises a noisy objective
 * over p bounded parameters with two evaluations per iteration, seeded and reproducible. */
#ifndef TAFL_STATS_SPSA_H
#define TAFL_STATS_SPSA_H

#include <stdint.h>

/* The objective to maximise at theta[0..p-1]; may be noisy (its noise is its own business,
 * e.g. an Rng in ctx). Called twice per iteration, always with theta inside the bounds. */
typedef double (*SpsaObjective)(void *ctx, const double *theta, int p);

/* Called after iteration k (0-based) with the updated theta and the mean of the two
 * evaluations of that iteration (an estimate of the objective near the previous theta). */
typedef void (*SpsaTraceFn)(void *ctx, int k, const double *theta, int p, double estimate);

/* Gains a_k = a / (A + k + 1)^alpha and c_k = c / (k + 1)^gamma (Spall 1998, section III). */
typedef struct {
    int iterations;      /* number of iterations, >= 0 (two evaluations each) */
    double a;            /* step gain, > 0; choose so that a_0 times the gradient is a sane step */
    double c;            /* perturbation size, > 0: about the objective's noise level in theta */
    double A;            /* stability constant, >= 0; Spall: about 10% of the iterations */
    double alpha;        /* step decay exponent; Spall's practical value 0.602 */
    double gamma;        /* perturbation decay exponent; Spall's practical value 0.101 */
    const double *lower; /* p lower bounds, or NULL for none; borrowed for the call */
    const double *upper; /* p upper bounds (>= lower), or NULL for none; borrowed */
    uint64_t seed;       /* seeds the Rng that draws the +-1 perturbations */
    int first;           /* the iteration to begin at, 0..iterations (a resumed run): theta is
                            the point after iteration first - 1, and the perturbations of the
                            skipped iterations are drawn and dropped, so iteration k always
                            uses the same draws of the seed's stream */
} SpsaParams;

/* SpsaParams with Spall's exponents (alpha 0.602, gamma 0.101), no bounds, first 0, and the
 * given iterations, a, c, A and seed. */
SpsaParams spsa_params(int iterations, double a, double c, double A, uint64_t seed);

/* Runs SPSA from theta (in: the start, clamped to the bounds; out: the last iterate), p >= 1.
 * Each iteration draws delta in {-1, +1}^p, evaluates f at clamp(theta + c_k delta) and
 * clamp(theta - c_k delta), and sets theta = clamp(theta + a_k (y+ - y-) / (2 c_k delta)).
 * Iterations first..iterations - 1 run (first > 0 continues a cut run exactly: stopping after
 * iteration k and restarting with first = k + 1 from the theta trace saw gives the same calls).
 * trace may be NULL. The same params, start and objective give the same result: no clock,
 * no global state. Thread-safe if f and trace are. Bad params are assertion failures. */
void spsa_run(const SpsaParams *params, double *theta, int p, SpsaObjective f, void *ctx,
              SpsaTraceFn trace, void *trace_ctx);

#endif
