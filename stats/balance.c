/* Distance from balance, its change between rulesets, the equivalence verdict and the racing
 * step (see balance.h). */
#include "stats/balance.h"

#include <math.h>
#include <stdlib.h>

#include "rules/common.h"
#include "stats/stats.h"

void balance_distance(long wins, long draws, long losses, double z, BalanceDistance *out)
{
    ScoreEstimate s;
    stats_score(wins, draws, losses, z, &s);
    out->score = s.score;
    out->score_low = s.low;
    out->score_high = s.high;
    out->distance = fabs(s.score - 0.5);
    double a = fabs(s.low - 0.5), b = fabs(s.high - 0.5);
    out->high = fmax(a, b);
    /* The fold: 1/2 inside the interval means a distance of 0 is not excluded. */
    out->low = s.low <= 0.5 && 0.5 <= s.high ? 0.0 : fmin(a, b);
}

/* The MOVER interval of d(a) - d(b) at z (balance.h). */
static void mover(const long a[3], const long b[3], double z, double *change, double *low,
                  double *high)
{
    BalanceDistance da, db;
    balance_distance(a[0], a[1], a[2], z, &da);
    balance_distance(b[0], b[1], b[2], z, &db);
    double d = da.distance - db.distance;
    *change = d;
    *low = d - sqrt((da.distance - da.low) * (da.distance - da.low) +
                    (db.high - db.distance) * (db.high - db.distance));
    *high = d + sqrt((da.high - da.distance) * (da.high - da.distance) +
                     (db.distance - db.low) * (db.distance - db.low));
}

void balance_change(const long a[3], const long b[3], double z, BalanceChange *out)
{
    double d;
    mover(a, b, z, &d, &out->low, &out->high);
    out->change = d;
    out->verdict = out->high < 0  ? BALANCE_CLOSER
                   : out->low > 0 ? BALANCE_FARTHER
                                  : BALANCE_NO_DIFFERENCE;
    if (d == 0) {
        out->p_value = 1.0;
        return;
    }
    /* z* where the bound nearest 0 reaches 0: at z = 0 both intervals are points (the score
     * interval of stats_score collapses to the estimate), so the bound is d itself; as z grows
     * the folded intervals widen to [0, 1/2] and the bound crosses 0. Beyond z = 40 the
     * p-value is below 1e-300: it is reported as 0. */
    double in = 0, out_z = 40, c, lo, hi;
    mover(a, b, out_z, &c, &lo, &hi);
    if ((d > 0 && lo > 0) || (d < 0 && hi < 0)) {
        out->p_value = 0.0;
        return;
    }
    for (int i = 0; i < 100; i++) {
        double mid = 0.5 * (in + out_z);
        /* Once in and out are neighbouring doubles the midpoint is one of them and the
         * remaining steps change nothing (about 56 are needed): stop there, same answer. */
        if (mid == in || mid == out_z)
            break;
        mover(a, b, mid, &c, &lo, &hi);
        if ((d > 0 && lo > 0) || (d < 0 && hi < 0)) {
            in = mid;
        } else {
            out_z = mid;
        }
    }
    out->p_value = erfc(0.5 * (in + out_z) / sqrt(2.0));
}

const char *balance_change_name(BalanceChangeVerdict v)
{
    switch (v) {
    case BALANCE_CLOSER:
        return "closer";
    case BALANCE_FARTHER:
        return "farther";
    default:
        return "no_difference";
    }
}

BalanceVerdict balance_verdict(long wins, long draws, long losses, double margin, double alpha)
{
    if (wins + draws + losses <= 0) {
        return BALANCE_UNDETERMINED;
    }
    ScoreEstimate tost, two;
    stats_score(wins, draws, losses, stats_normal_quantile(1 - alpha), &tost);
    stats_score(wins, draws, losses, stats_normal_quantile(1 - alpha / 2), &two);
    if (tost.low > 0.5 - margin && tost.high < 0.5 + margin) {
        return BALANCE_BALANCED;
    }
    if (two.low > 0.5 + margin || two.high < 0.5 - margin) {
        return BALANCE_NOT_BALANCED;
    }
    return BALANCE_UNDETERMINED;
}

const char *balance_verdict_name(BalanceVerdict v)
{
    switch (v) {
    case BALANCE_BALANCED:
        return "balanced";
    case BALANCE_NOT_BALANCED:
        return "not balanced";
    default:
        return "undetermined";
    }
}

int balance_race_step(const long (*wdl)[3], bool *alive, int n, double alpha, int *best,
                      double *p_holm)
{
    int b = -1, count = 0;
    double best_d = INFINITY;
    for (int i = 0; i < n; i++) {
        if (p_holm) {
            p_holm[i] = NAN;
        }
        if (!alive[i]) {
            continue;
        }
        count++;
        BalanceDistance d;
        balance_distance(wdl[i][0], wdl[i][1], wdl[i][2], STATS_Z95, &d);
        if (d.distance < best_d) { /* strict: ties keep the lowest index */
            best_d = d.distance;
            b = i;
        }
    }
    *best = b;
    if (count < 2) {
        return 0;
    }
    double *p = xmalloc((size_t)n * sizeof *p);
    bool *farther = xmalloc((size_t)n * sizeof *farther);
    for (int i = 0; i < n; i++) {
        p[i] = NAN;
        farther[i] = false;
        if (!alive[i] || i == b) {
            continue;
        }
        BalanceChange c;
        balance_change(wdl[i], wdl[b], STATS_Z95, &c);
        p[i] = c.p_value;
        farther[i] = c.change > 0;
    }
    stats_holm(p, n, p);
    int dropped = 0;
    for (int i = 0; i < n; i++) {
        if (p_holm) {
            p_holm[i] = p[i];
        }
        if (alive[i] && i != b && farther[i] && p[i] < alpha) {
            alive[i] = false;
            dropped++;
        }
    }
    free(farther);
    free(p);
    return dropped;
}
