/* SPSA (J. C. Spall, "Implementation of the simultaneous perturbation algorithm for stochastic
 * optimization", IEEE Trans. Aerospace and Electronic Systems 34(3), 1998), as a maximiser
 * over a box, with Bernoulli +-1 perturbations from a seeded Rng. */
#include "stats/spsa.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "rules/common.h"
#include "rules/rng.h"

SpsaParams spsa_params(int iterations, double a, double c, double A, uint64_t seed)
{
    return (SpsaParams){.iterations = iterations,
                        .a = a,
                        .c = c,
                        .A = A,
                        .alpha = 0.602,
                        .gamma = 0.101,
                        .lower = NULL,
                        .upper = NULL,
                        .seed = seed,
                        .first = 0};
}

static double clamp(const SpsaParams *sp, int i, double x)
{
    if (sp->lower && x < sp->lower[i]) {
        x = sp->lower[i];
    }
    if (sp->upper && x > sp->upper[i]) {
        x = sp->upper[i];
    }
    return x;
}

void spsa_run(const SpsaParams *params, double *theta, int p, SpsaObjective f, void *ctx,
              SpsaTraceFn trace, void *trace_ctx)
{
    assert(params && theta && f && p >= 1 && params->iterations >= 0);
    assert(params->a > 0 && params->c > 0 && params->A >= 0);
    assert(params->first >= 0 && params->first <= params->iterations);
    for (int i = 0; i < p; i++) {
        assert(!params->lower || !params->upper || params->lower[i] <= params->upper[i]);
        theta[i] = clamp(params, i, theta[i]);
    }

    Rng rng;
    rng_seed(&rng, params->seed);
    double *delta = xmalloc((size_t)p * sizeof *delta);
    double *plus = xmalloc((size_t)p * sizeof *plus);
    double *minus = xmalloc((size_t)p * sizeof *minus);

    /* Each iteration draws one value per 64 parameters; a resumed run drops the draws of the
     * iterations already done, so iteration k sees the same perturbation either way. */
    for (long n = (long)params->first * ((p + 63) / 64); n > 0; n--) {
        (void)rng_next(&rng);
    }
    for (int k = params->first; k < params->iterations; k++) {
        /* Spall 1998, eq. (1)-(2) and section III's gain sequences. */
        double ak = params->a / pow(params->A + k + 1, params->alpha);
        double ck = params->c / pow(k + 1, params->gamma);
        uint64_t bits = 0;
        for (int i = 0; i < p; i++) {
            if (i % 64 == 0) {
                bits = rng_next(&rng);
            }
            /* Symmetric Bernoulli +-1: Spall's recommended perturbation distribution. */
            delta[i] = (bits & 1) ? 1.0 : -1.0;
            bits >>= 1;
            /* Evaluating inside the box keeps f's domain; at a bound the estimate is one-sided
             * and biased towards the interior, which the clamp of the step then absorbs. */
            plus[i] = clamp(params, i, theta[i] + ck * delta[i]);
            minus[i] = clamp(params, i, theta[i] - ck * delta[i]);
        }
        double y_plus = f(ctx, plus, p);
        double y_minus = f(ctx, minus, p);
        for (int i = 0; i < p; i++) {
            /* ghat_i = (y+ - y-) / (2 c_k delta_i); ascend because f is maximised. */
            double ghat = (y_plus - y_minus) / (2 * ck * delta[i]);
            theta[i] = clamp(params, i, theta[i] + ak * ghat);
        }
        if (trace) {
            trace(trace_ctx, k, theta, p, 0.5 * (y_plus + y_minus));
        }
    }

    free(minus);
    free(plus);
    free(delta);
}
