/* A design search's cost, from races simulated on its calibration (see racecost.h). */
#include "harness/racecost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness/race.h"
#include "rules/rng.h"

/* A standard normal draw (Box and Muller 1958). */
static double normal_draw(Rng *rng)
{
    const double two_pi = 6.283185307179586;
    double u = 1.0 - rng_unit(rng), v = rng_unit(rng);
    return sqrt(-2.0 * log(u)) * cos(two_pi * v);
}

/* A Gamma(shape, 1) draw: Marsaglia and Tsang's squeeze (ACM TOMS 26(3), 2000) for shape >= 1,
 * and for shape < 1 a Gamma(shape + 1) draw times U^(1/shape), as they advise. */
static double gamma_draw(Rng *rng, double shape)
{
    if (shape < 1.0)
        return gamma_draw(rng, shape + 1.0) * pow(1.0 - rng_unit(rng), 1.0 / shape);
    double d = shape - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
    for (;;) {
        double x = normal_draw(rng), v = 1.0 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        double u = 1.0 - rng_unit(rng);
        if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
            return d * v;
    }
}

/* Outcome probabilities (attackers' win, draw, loss) drawn from the Dirichlet posterior of
 * counts wdl under a prior of one half each (Jeffreys'). */
static void outcome_draw(Rng *rng, const long wdl[3], double prob[3])
{
    double sum = 0;
    for (int k = 0; k < 3; k++) {
        prob[k] = gamma_draw(rng, (double)wdl[k] + 0.5);
        sum += prob[k];
    }
    for (int k = 0; k < 3; k++)
        prob[k] = sum > 0 ? prob[k] / sum : 1.0 / 3.0;
}

static Winner game_draw(Rng *rng, const double prob[3])
{
    double u = rng_unit(rng);
    return u < prob[0] ? WINNER_ATTACKERS : u < prob[0] + prob[1] ? WINNER_DRAW : WINNER_DEFENDERS;
}

/* One simulated search: the games it plays of each candidate, race and confirmation
 * (games[i * 2 + k]). */
static void simulate(const Experiment *exp, const long (*wdl)[3], Rng *rng, long *games)
{
    int n = exp->ruleset_count;
    double(*prob)[3] = xmalloc((size_t)n * sizeof *prob);
    for (int i = 0; i < n; i++)
        outcome_draw(rng, wdl[i], prob[i]);
    DesignState s;
    design_state_init(&s, exp);
    while (s.phase != DESIGN_DONE && s.from < s.to) {
        int pairing = design_phase_pairing(s.phase);
        for (int i = 0; i < n; i++) {
            if (!design_state_plays(&s, i, pairing))
                continue;
            for (long g = s.from; g < s.to; g++)
                design_state_add(&s, i, pairing, game_draw(rng, prob[i]));
            games[i * 2 + pairing] += s.to - s.from;
        }
        design_state_next(&s, exp);
    }
    design_state_free(&s);
    free(prob);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q quantile of the n values v (sorted in place). */
static double quantile(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    int i = (int)(q * (n - 1) + 0.5);
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

/* Calibrates the confirming agent (pairing 1) on the candidates that survive in a tenth of the
 * races or more, or the likeliest one, then gives every other candidate's confirmation the time
 * of its race game scaled as the calibrated ones are. */
static void cost_confirmation(CostPlan *p, const Experiment *exp, const long *games, int threads)
{
    int n = exp->ruleset_count, pc = exp->pairing_count;
    bool *which = xcalloc((size_t)costest_count(p), sizeof *which);
    int likeliest = 0;
    long most = -1;
    for (int i = 0; i < n; i++) {
        long survived = 0;
        for (int r = 0; r < RACECOST_RACES; r++)
            survived += games[((size_t)r * n + i) * 2 + 1] > 0;
        which[i * pc + 1] = survived * 10 >= RACECOST_RACES;
        if (survived > most) {
            most = survived;
            likeliest = i;
        }
    }
    which[likeliest * pc + 1] = true;
    costest_measure_lines(p, which, RACECOST_CONFIRM_S, COSTEST_GAMES_MAX, threads);
    /* The confirming agent's few games on a candidate say less of its game length than the
     * race agent's many: its mean is pooled with theirs. */
    for (int i = 0; i < n; i++)
        if (which[i * pc + 1])
            costest_pool_length(p, i * pc + 1, i * pc, RACECOST_POOL_GAMES);
    double conf = 0, race = 0;
    for (int i = 0; i < n; i++) {
        CostLineInfo c, a;
        costest_line(p, i * pc + 1, &c);
        costest_line(p, i * pc, &a);
        if (c.measured) {
            conf += c.sec_per_game;
            race += a.sec_per_game;
        }
    }
    double ratio = race > 0 ? conf / race : 1.0;
    for (int i = 0; i < n; i++) {
        CostLineInfo a;
        costest_line(p, i * pc, &a);
        costest_set_line(p, i * pc + 1, 0, ratio * a.sec_per_game, ratio * a.sec_low,
                         ratio * a.sec_high);
    }
    free(which);
}

/* Each race's wall seconds at the lines' central, low and high costs a game (mid, lo, hi: one
 * value a race), the set-up included, on par threads' worth. */
static void race_seconds(const CostPlan *p, int n, int pc, const long *games, double par,
                         double *mid, double *lo, double *hi)
{
    int lines = n * pc;
    CostLineInfo *cost = xmalloc((size_t)lines * sizeof *cost);
    for (int i = 0; i < lines; i++)
        costest_line(p, i, &cost[i]);
    double setup = costest_setup_seconds(p);
    for (int r = 0; r < RACECOST_RACES; r++) {
        mid[r] = lo[r] = hi[r] = setup;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < pc; k++) {
                const CostLineInfo *l = &cost[i * pc + k];
                double g = (double)games[((size_t)r * n + i) * 2 + k];
                mid[r] += g * l->sec_per_game / par;
                lo[r] += g * l->sec_low / par;
                hi[r] += g * l->sec_high / par;
            }
        }
    }
    free(cost);
}

void racecost_estimate(CostPlan *p, const Experiment *exp, int threads)
{
    int n = exp->ruleset_count, pc = exp->pairing_count;
    bool *which = xcalloc((size_t)costest_count(p), sizeof *which);
    for (int i = 0; i < n; i++)
        which[i * pc] = true;
    costest_measure_lines(p, which, RACECOST_RACE_S, RACECOST_RACE_GAMES, threads);
    free(which);
    long(*wdl)[3] = xmalloc((size_t)n * sizeof *wdl);
    for (int i = 0; i < n; i++) {
        CostLineInfo a;
        costest_line(p, i * pc, &a);
        memcpy(wdl[i], a.wdl, sizeof wdl[i]);
    }
    /* games[(race * n + candidate) * 2 + pairing] */
    long *games = xcalloc((size_t)RACECOST_RACES * (size_t)n * 2, sizeof *games);
    /* Each race draws from its own generator, seeded by its number: the same races on any
     * number of threads. */
#pragma omp parallel for schedule(dynamic) num_threads(threads > 0 ? threads : 1)
    for (int r = 0; r < RACECOST_RACES; r++) {
        Rng rng;
        rng_seed(&rng, rng_mix(0x7ace0c057ULL ^ exp->seed, (uint64_t)r));
        simulate(exp, (const long(*)[3])wdl, &rng, games + (size_t)r * n * 2);
    }
    if (pc > 1)
        cost_confirmation(p, exp, games, threads);
    double *mid = xmalloc(RACECOST_RACES * sizeof *mid), *lo = xmalloc(RACECOST_RACES * sizeof *lo),
           *hi = xmalloc(RACECOST_RACES * sizeof *hi);
    race_seconds(p, n, pc, games, costest_parallel(p, threads), mid, lo, hi);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < pc; k++) {
            double sum = 0;
            for (int r = 0; r < RACECOST_RACES; r++)
                sum += (double)games[((size_t)r * n + i) * 2 + k];
            costest_set_line(p, i * pc + k, (long)(sum / RACECOST_RACES + 0.5), -1, 0, 0);
        }
    }
    char how[200];
    snprintf(how, sizeof how,
             "; games: the mean of %d races simulated on the calibration's results, the "
             "interval over them too",
             RACECOST_RACES);
    double mean = 0;
    for (int r = 0; r < RACECOST_RACES; r++)
        mean += mid[r] / RACECOST_RACES;
    costest_set_total(p, mean, quantile(lo, RACECOST_RACES, 0.025),
                      quantile(hi, RACECOST_RACES, 0.975), how);
    free(mid);
    free(lo);
    free(hi);
    free(games);
    free(wdl);
}
