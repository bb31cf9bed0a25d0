/* Bradley-Terry maximum-likelihood Elo ratings (Hunter 2004), their Fisher-information
 * intervals, and the logistic Elo <-> expected-score conversions. */
#include "stats/ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Elo points per natural-log unit of the Bradley-Terry strength: 400 / ln 10. */
static const double ELO_PER_NEPER = 400.0 / 2.302585092994045684;

double ratings_elo_from_score(double s)
{
    if (!(s >= 0 && s <= 1)) {
        return NAN;
    }
    if (s == 1) {
        return INFINITY;
    }
    if (s == 0) {
        return -INFINITY;
    }
    return -400.0 * log10(1.0 / s - 1.0);
}

double ratings_score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Counts are compared with this relative slack, so that sums of halves read from files pass. */
static bool nearly_equal(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

static Status check_counts(int n, const double *points, const double *games, Error *err)
{
    double total = 0;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            double g = games[i * n + j], pij = points[i * n + j], pji = points[j * n + i];
            if (!isfinite(g) || g < 0 || !nearly_equal(g, games[j * n + i])) {
                error_set(err, "ratings: players %d and %d: games %g and %g are not one count >= 0",
                          i, j, g, games[j * n + i]);
                return ST_EINVAL;
            }
            if (!isfinite(pij) || !isfinite(pji) || pij < 0 || pji < 0 ||
                !nearly_equal(pij + pji, g)) {
                error_set(err,
                          "ratings: players %d and %d: points %g + %g do not add up to %g games", i,
                          j, pij, pji, g);
                return ST_EINVAL;
            }
            total += g;
        }
    }
    if (total <= 0) {
        error_set(err, "ratings: no games were played");
        return ST_EINVAL;
    }
    return ST_OK;
}

/* Marks in seen[] every player reachable from player 0 along edges i -> j where
 * weight[i*n+j] > 0 (or weight[j*n+i] > 0 when reverse); returns how many were reached. */
static int reach(int n, const double *weight, bool reverse, bool *seen, int *stack)
{
    memset(seen, 0, (size_t)n * sizeof *seen);
    int top = 0, count = 1;
    seen[0] = true;
    stack[top++] = 0;
    while (top > 0) {
        int i = stack[--top];
        for (int j = 0; j < n; j++) {
            double w = reverse ? weight[j * n + i] : weight[i * n + j];
            if (j != i && !seen[j] && w > 0) {
                seen[j] = true;
                stack[top++] = j;
                count++;
            }
        }
    }
    return count;
}

/* Log-likelihood sum_{i != j} P_ij log(e^r_i / (e^r_i + e^r_j)), stable for large gaps. */
static double log_likelihood(int n, const double *pts, const double *r)
{
    double ll = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            if (j != i && pts[i * n + j] > 0) {
                double d = r[j] - r[i];
                double log1pexp = d > 0 ? d + log1p(exp(-d)) : log1p(exp(d));
                ll -= pts[i * n + j] * log1pexp;
            }
        }
    }
    return ll;
}

/* Probability that i beats j at strengths r: 1 / (1 + e^(r_j - r_i)). */
static double win_prob(const double *r, int i, int j)
{
    return 1.0 / (1.0 + exp(r[j] - r[i]));
}

/* inv = (I + J/n)^-1 where I is the observed information at r (a weighted graph Laplacian
 * with weights G_ij p_ij p_ji) and J the all-ones matrix. Since I·1 = 0, this equals
 * I^+ + J/n, I^+ being the Moore-Penrose pseudo-inverse. Gauss-Jordan with partial pivoting
 * on a (n x 2n scratch); false when a pivot vanishes (numerically disconnected). */
static bool information_inverse(int n, const double *gms, const double *r, double *a, double *inv)
{
    int w = 2 * n;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < w; j++) {
            a[i * w + j] = j < n ? 1.0 / n : (j - n == i ? 1.0 : 0.0);
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            if (j != i && gms[i * n + j] > 0) {
                double p = win_prob(r, i, j);
                double v = gms[i * n + j] * p * (1 - p);
                a[i * w + i] += v;
                a[i * w + j] -= v;
            }
        }
    }
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int k = c + 1; k < n; k++) {
            if (fabs(a[k * w + c]) > fabs(a[piv * w + c])) {
                piv = k;
            }
        }
        if (!(fabs(a[piv * w + c]) > 1e-300)) {
            return false;
        }
        if (piv != c) {
            for (int j = 0; j < w; j++) {
                double t = a[c * w + j];
                a[c * w + j] = a[piv * w + j];
                a[piv * w + j] = t;
            }
        }
        double d = a[c * w + c];
        for (int j = 0; j < w; j++) {
            a[c * w + j] /= d;
        }
        for (int k = 0; k < n; k++) {
            double f = a[k * w + c];
            if (k != c && f != 0) {
                for (int j = 0; j < w; j++) {
                    a[k * w + j] -= f * a[c * w + j];
                }
            }
        }
    }
    for (int i = 0; i < n; i++) {
        memcpy(inv + i * n, a + i * w + n, (size_t)n * sizeof *inv);
    }
    return true;
}

static void centre(int n, double *r)
{
    double mean = 0;
    for (int i = 0; i < n; i++) {
        mean += r[i];
    }
    mean /= n;
    for (int i = 0; i < n; i++) {
        r[i] -= mean;
    }
}

/* Hunter (2004), eq. (3): the MM update gamma_i <- W_i / sum_j G_ij / (gamma_i + gamma_j),
 * here in logs (r = ln gamma) and recentred each sweep; it increases the likelihood every
 * step. Stops at a change below 1e-6 or after 1000 sweeps: Newton finishes the job. */
static void mm_iterate(int n, const double *pts, const double *gms, double *r, double *next)
{
    for (int it = 0; it < 1000; it++) {
        double change = 0;
        for (int i = 0; i < n; i++) {
            double wins = 0, denom = 0;
            for (int j = 0; j < n; j++) {
                if (j != i && gms[i * n + j] > 0) {
                    wins += pts[i * n + j];
                    /* G_ij / (gamma_i + gamma_j), scaled by gamma_i to stay finite. */
                    denom += gms[i * n + j] / (1.0 + exp(r[j] - r[i]));
                }
            }
            next[i] = r[i] + log(wins) - log(denom);
        }
        centre(n, next);
        for (int i = 0; i < n; i++) {
            change = fmax(change, fabs(next[i] - r[i]));
            r[i] = next[i];
        }
        if (change < 1e-6) {
            break;
        }
    }
}

/* Newton's method on the concave log-likelihood restricted to sum r = 0: step = I^+ grad,
 * halved while the likelihood would fall. False when the information matrix is singular. */
static bool newton_iterate(int n, const double *pts, const double *gms, double *r, double *a,
                           double *inv, double *grad, double *trial)
{
    for (int it = 0; it < 100; it++) {
        if (!information_inverse(n, gms, r, a, inv)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            grad[i] = 0;
            for (int j = 0; j < n; j++) {
                if (j != i && gms[i * n + j] > 0) {
                    grad[i] += pts[i * n + j] - gms[i * n + j] * win_prob(r, i, j);
                }
            }
        }
        double step_max = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += inv[i * n + j] * grad[j];
            }
            a[i] = s; /* the step, kept in the scratch's first row */
            step_max = fmax(step_max, fabs(s));
        }
        if (step_max < 1e-13) {
            break;
        }
        double ll = log_likelihood(n, pts, r);
        double scale = 1;
        for (int half = 0; half < 40; half++, scale /= 2) {
            for (int i = 0; i < n; i++) {
                trial[i] = r[i] + scale * a[i];
            }
            centre(n, trial);
            if (log_likelihood(n, pts, trial) >= ll) {
                break;
            }
        }
        memcpy(r, trial, (size_t)n * sizeof *r);
    }
    return information_inverse(n, gms, r, a, inv);
}

/* The games of many players as a list of the pairs that played (i < j): the large-league path
 * works on it, so that a step costs one pass over the pairings, not n^2 or n^3. */
typedef struct {
    int i, j;
    double g, pij, pji; /* games, and what i and j scored against each other */
} Pairing;

/* Bradley-Terry for many players (n > RATINGS_EXACT_MAX): Hunter's MM algorithm (Hunter 2004,
 * "MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32(1), eq. (3)),
 * gamma_i <- W_i / sum_j G_ij / (gamma_i + gamma_j), in logs and recentred each sweep. Each
 * sweep is one pass over the pairings and raises the likelihood; it stops when no rating moves
 * by 1e-10 (2e-8 Elo) or after RATINGS_MM_SWEEPS sweeps. The interval is
 * r_i -/+ z / sqrt(I_ii), I_ii = sum_j G_ij p_ij p_ji the diagonal of the observed information:
 * the standard error of r_i were the other ratings known, a little narrower than the full
 * inverse (which costs n^3) gives. */
static void fit_pairings(int n, const Pairing *pr, long count, double *r, double *vec)
{
    double *wins = vec, *denom = vec + n, *next = vec + 2 * n;
    memset(wins, 0, (size_t)n * sizeof *wins);
    for (long k = 0; k < count; k++) {
        wins[pr[k].i] += pr[k].pij;
        wins[pr[k].j] += pr[k].pji;
    }
    for (int i = 0; i < n; i++)
        r[i] = 0;
    for (int sweep = 0; sweep < RATINGS_MM_SWEEPS; sweep++) {
        memset(denom, 0, (size_t)n * sizeof *denom);
        for (long k = 0; k < count; k++) {
            /* G_ij / (gamma_i + gamma_j), scaled by gamma_i (and by gamma_j for j's sum). */
            double pi = 1.0 / (1.0 + exp(r[pr[k].j] - r[pr[k].i]));
            denom[pr[k].i] += pr[k].g * pi;
            denom[pr[k].j] += pr[k].g * (1.0 - pi);
        }
        for (int i = 0; i < n; i++)
            next[i] = r[i] + log(wins[i]) - log(denom[i]);
        centre(n, next);
        double change = 0;
        for (int i = 0; i < n; i++) {
            change = fmax(change, fabs(next[i] - r[i]));
            r[i] = next[i];
        }
        if (change < 1e-10)
            break;
    }
}

static Status fit_large(int n, const double *points, const double *games, double *elo, double *low,
                        double *high, bool *prior, Error *err)
{
    bool *seen = xmalloc((size_t)n * sizeof *seen);
    int *stack = xmalloc((size_t)n * sizeof *stack);
    Status st = ST_OK;
    /* reach() skips the diagonal, so the caller's matrices serve as they are. */
    if (reach(n, games, false, seen, stack) < n) {
        int lost = 0;
        while (seen[lost])
            lost++;
        error_set(err,
                  "ratings: the comparison graph is disconnected: no chain of games links "
                  "player 0 and player %d",
                  lost);
        free(stack);
        free(seen);
        return ST_EINVAL;
    }
    bool strong =
        reach(n, points, false, seen, stack) == n && reach(n, points, true, seen, stack) == n;
    free(stack);
    free(seen);
    long count = 0, cap = 1024;
    Pairing *pr = xmalloc((size_t)cap * sizeof *pr);
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            double g = games[(size_t)i * n + j];
            if (!(g > 0))
                continue;
            if (count == cap) {
                cap *= 2;
                pr = xrealloc(pr, (size_t)cap * sizeof *pr);
            }
            Pairing *p = &pr[count++];
            *p = (Pairing){i, j, g, points[(size_t)i * n + j], points[(size_t)j * n + i]};
            if (!strong) {
                /* The same virtual draw per pair that played as the exact path adds. */
                p->g += 1;
                p->pij += 0.5;
                p->pji += 0.5;
            }
        }
    }
    if (prior)
        *prior = !strong;
    double *r = xmalloc(4 * (size_t)n * sizeof *r), *info = r + n;
    fit_pairings(n, pr, count, r, r + n);
    memset(info, 0, (size_t)n * sizeof *info);
    for (long k = 0; k < count; k++) {
        double pi = 1.0 / (1.0 + exp(r[pr[k].j] - r[pr[k].i]));
        double v = pr[k].g * pi * (1.0 - pi);
        info[pr[k].i] += v;
        info[pr[k].j] += v;
    }
    for (int i = 0; i < n && st == ST_OK; i++) {
        if (!(info[i] > 1e-300)) {
            error_set(err, "ratings: the information of player %d vanishes (ratings too far apart)",
                      i);
            st = ST_EINVAL;
            break;
        }
        double se = ELO_PER_NEPER / sqrt(info[i]);
        elo[i] = ELO_PER_NEPER * r[i];
        low[i] = elo[i] - RATINGS_Z95 * se;
        high[i] = elo[i] + RATINGS_Z95 * se;
    }
    free(r);
    free(pr);
    return st;
}

Status ratings_bradley_terry(int n, const double *points, const double *games, double *elo,
                             double *low, double *high, bool *prior, Error *err)
{
    return ratings_bradley_terry_anchored(n, points, games, -1, elo, low, high, prior, err);
}

Status ratings_bradley_terry_anchored(int n, const double *points, const double *games, int anchor,
                                      double *elo, double *low, double *high, bool *prior,
                                      Error *err)
{
    if (anchor >= n) {
        error_set(err, "ratings: anchor %d of %d players", anchor, n);
        return ST_EINVAL;
    }
    if (n < 2) {
        error_set(err, "ratings: %d player%s; at least 2 are needed", n, n == 1 ? "" : "s");
        return ST_EINVAL;
    }
    Status st = check_counts(n, points, games, err);
    if (st != ST_OK) {
        return st;
    }
    if (n > RATINGS_EXACT_MAX) {
        return fit_large(n, points, games, elo, low, high, prior, err);
    }

    size_t nn = (size_t)n * (size_t)n;
    double *pts = xmalloc(nn * sizeof *pts);
    double *gms = xmalloc(nn * sizeof *gms);
    double *a = xmalloc(2 * nn * sizeof *a);
    double *inv = xmalloc(nn * sizeof *inv);
    double *vec = xmalloc(4 * (size_t)n * sizeof *vec); /* r, next, grad, trial */
    bool *seen = xmalloc((size_t)n * sizeof *seen);
    int *stack = xmalloc((size_t)n * sizeof *stack);
    double *r = vec, *next = vec + n, *grad = vec + 2 * n, *trial = vec + 3 * n;

    for (size_t k = 0; k < nn; k++) {
        size_t i = k / (size_t)n, j = k % (size_t)n;
        pts[k] = i == j ? 0 : points[k];
        gms[k] = i == j ? 0 : games[k];
    }

    if (reach(n, gms, false, seen, stack) < n) {
        int lost = 0;
        while (seen[lost]) {
            lost++;
        }
        error_set(err,
                  "ratings: the comparison graph is disconnected: no chain of games links "
                  "player 0 and player %d",
                  lost);
        st = ST_EINVAL;
        goto free_all;
    }

    /* The MLE is finite iff the graph "i scored against j" is strongly connected (Hunter 2004,
     * Assumption 1, after Ford 1957). Otherwise one virtual draw per pair that played makes
     * it so (BayesElo's prior of virtual draws); the estimate is then a posterior mode. */
    bool strong = reach(n, pts, false, seen, stack) == n && reach(n, pts, true, seen, stack) == n;
    if (!strong) {
        for (size_t k = 0; k < nn; k++) {
            if (gms[k] > 0) {
                pts[k] += 0.5;
                gms[k] += 1;
            }
        }
    }
    if (prior) {
        *prior = !strong;
    }

    for (int i = 0; i < n; i++) {
        r[i] = 0;
    }
    mm_iterate(n, pts, gms, r, next);
    if (!newton_iterate(n, pts, gms, r, a, inv, grad, trial)) {
        error_set(err, "ratings: the information matrix is singular (ratings too far apart)");
        st = ST_EINVAL;
        goto free_all;
    }

    /* Var(r_i - mean r) = (I^+)_ii = inv_ii - 1/n (see information_inverse); against an
     * anchor a, Var(r_i - r_a) = P_ii + P_aa - 2 P_ia, where the J/n parts of inv cancel. */
    double origin = anchor >= 0 ? r[anchor] : 0.0;
    for (int i = 0; i < n; i++) {
        r[i] -= origin;
    }
    for (int i = 0; i < n; i++) {
        double var = anchor >= 0
                         ? inv[i * n + i] + inv[anchor * n + anchor] - 2 * inv[i * n + anchor]
                         : inv[i * n + i] - 1.0 / n;
        var = fmax(0.0, var);
        double se = ELO_PER_NEPER * sqrt(var);
        elo[i] = ELO_PER_NEPER * r[i];
        low[i] = elo[i] - RATINGS_Z95 * se;
        high[i] = elo[i] + RATINGS_Z95 * se;
    }
    st = ST_OK;

free_all:
    free(stack);
    free(seen);
    free(vec);
    free(inv);
    free(a);
    free(gms);
    free(pts);
    return st;
}
