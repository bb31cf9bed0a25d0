/* The crossing of a knob's fitted score with 1/2: logistic fit, Fieller's interval, isotonic
 * check (see crossing.h). */
#include "stats/crossing.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "stats/stats.h"

#define MAX_ITERATIONS 200
#define MAX_HALVINGS   60

/* One knob value, the points at it pooled: games n and fractional wins y = W + D/2. */
typedef struct {
    double x, n, y;
} Level;

static int by_x(const void *pa, const void *pb)
{
    const Level *a = pa, *b = pb;
    return (a->x > b->x) - (a->x < b->x);
}

/* log(1 + e^t) without overflow. */
static double softplus(double t)
{
    return t > 0 ? t + log1p(exp(-t)) : log1p(exp(t));
}

static double logistic(double t)
{
    return t >= 0 ? 1.0 / (1.0 + exp(-t)) : exp(t) / (1.0 + exp(t));
}

/* The binomial log-likelihood of c + b u over the levels (u = x - centre):
 * sum y log p + (n - y) log(1 - p) = -sum y softplus(-eta) + (n - y) softplus(eta). */
static double log_likelihood(const Level *lv, int m, double centre, double c, double b)
{
    double sum = 0;
    for (int i = 0; i < m; i++) {
        double eta = c + b * (lv[i].x - centre);
        sum -= lv[i].y * softplus(-eta) + (lv[i].n - lv[i].y) * softplus(eta);
    }
    return sum;
}

/* Fisher information sum n p (1 - p) (1, u)(1, u)^T at (c, b): i00, i01, i11. */
static void information(const Level *lv, int m, double centre, double c, double b, double info[3])
{
    info[0] = info[1] = info[2] = 0;
    for (int i = 0; i < m; i++) {
        double u = lv[i].x - centre;
        double p = logistic(c + b * u);
        double w = lv[i].n * p * (1 - p);
        info[0] += w;
        info[1] += w * u;
        info[2] += w * u * u;
    }
}

/* Newton's method on the concave log-likelihood, from the flat fit (c = logit of the overall
 * score, b = 0), each step halved until the likelihood does not fall. Returns the steps taken,
 * or -1 when the information matrix is singular or the steps do not settle. */
static int newton(const Level *lv, int m, double centre, double *c_out, double *b_out)
{
    double n = 0, y = 0;
    for (int i = 0; i < m; i++) {
        n += lv[i].n;
        y += lv[i].y;
    }
    double c = log(y / (n - y)), b = 0;
    double ll = log_likelihood(lv, m, centre, c, b);
    for (int it = 1; it <= MAX_ITERATIONS; it++) {
        double g0 = 0, g1 = 0, info[3];
        for (int i = 0; i < m; i++) {
            double u = lv[i].x - centre;
            double r = lv[i].y - lv[i].n * logistic(c + b * u);
            g0 += r;
            g1 += r * u;
        }
        information(lv, m, centre, c, b, info);
        double det = info[0] * info[2] - info[1] * info[1];
        if (!(det > 0))
            return -1;
        double dc = (info[2] * g0 - info[1] * g1) / det;
        double db = (info[0] * g1 - info[1] * g0) / det;
        double step = 1.0, next = ll;
        for (int h = 0; h < MAX_HALVINGS; h++, step /= 2) {
            next = log_likelihood(lv, m, centre, c + step * dc, b + step * db);
            if (next >= ll - 1e-12 * fabs(ll))
                break;
        }
        c += step * dc;
        b += step * db;
        ll = next;
        if (fabs(step * dc) <= 1e-12 * (1 + fabs(c)) && fabs(step * db) <= 1e-12 * (1 + fabs(b))) {
            *c_out = c;
            *b_out = b;
            return it;
        }
    }
    return -1;
}

/* Pool-adjacent-violators (Ayer et al. 1955; Barlow et al. 1972, "Statistical inference under
 * order restrictions"): the games-weighted least-squares fit to the level scores that is
 * non-decreasing (increasing) or non-increasing in x, written into fit[0..m). */
static void isotonic(const Level *lv, int m, bool increasing, double *fit)
{
    /* Blocks on a stack: value, weight and the number of levels each pools. */
    double *val = xmalloc((size_t)m * sizeof *val), *wt = xmalloc((size_t)m * sizeof *wt);
    int *len = xmalloc((size_t)m * sizeof *len);
    int top = 0;
    for (int i = 0; i < m; i++) {
        double s = lv[i].y / lv[i].n;
        val[top] = increasing ? s : -s;
        wt[top] = lv[i].n;
        len[top] = 1;
        top++;
        while (top > 1 && val[top - 2] > val[top - 1]) {
            double w = wt[top - 2] + wt[top - 1];
            val[top - 2] = (val[top - 2] * wt[top - 2] + val[top - 1] * wt[top - 1]) / w;
            wt[top - 2] = w;
            len[top - 2] += len[top - 1];
            top--;
        }
    }
    for (int k = 0, i = 0; k < top; k++)
        for (int j = 0; j < len[k]; j++)
            fit[i++] = increasing ? val[k] : -val[k];
    free(val);
    free(wt);
    free(len);
}

/* Where the monotone fit reaches 1/2: the middle of a run of levels fitted exactly 1/2, or the
 * linear interpolation between the two levels whose fits lie either side. NaN when the fit
 * stays on one side, or is 1/2 everywhere. */
static double isotonic_crossing(const Level *lv, int m, const double *fit)
{
    int first = -1, last = -1;
    for (int i = 0; i < m; i++) {
        if (fit[i] == 0.5) {
            if (first < 0)
                first = i;
            last = i;
        }
    }
    if (first >= 0)
        return first == 0 && last == m - 1 ? NAN : (lv[first].x + lv[last].x) / 2;
    for (int i = 0; i + 1 < m; i++) {
        double g0 = fit[i] - 0.5, g1 = fit[i + 1] - 0.5;
        if ((g0 < 0) != (g1 < 0))
            return lv[i].x + (lv[i + 1].x - lv[i].x) * (-g0 / (g1 - g0));
    }
    return NAN;
}

/* The bracket of a separated crossing (issue 54): a level is below 1/2 when its Wilson
 * interval at z (y of n) ends below 1/2, above when it starts above, and undecided otherwise;
 * the crossing lies after the last level on the side the score starts from and before the first
 * on the side it ends on, so an undecided level at either end leaves that side open (-inf or
 * +inf) and an undecided level between widens the bracket to its neighbours. increasing: the
 * score goes from the losses (low x) to the wins (high x). Never [x, x]: a level cannot be
 * both below and above. */
static void separated_bracket(const Level *lv, int m, bool increasing, double z, double *low,
                              double *high)
{
    *high = INFINITY;
    for (int i = 0; i < m && isinf(*high); i++) {
        double lo, hi;
        stats_wilson(lv[i].y, lv[i].n, z, &lo, &hi);
        if (increasing ? lo > 0.5 : hi < 0.5)
            *high = lv[i].x;
    }
    *low = -INFINITY;
    for (int i = m - 1; i >= 0 && isinf(*low); i--) {
        double lo, hi;
        stats_wilson(lv[i].y, lv[i].n, z, &lo, &hi);
        if (lv[i].x < *high && (increasing ? hi < 0.5 : lo > 0.5))
            *low = lv[i].x;
    }
}

static bool finite_count(double v)
{
    return isfinite(v) && v >= 0;
}

/* Checks the points and pools them by x into a new sorted array of *m levels (caller frees). */
static Status pool_levels(const CrossingPoint *pts, int n, Level **out, int *m, Error *err)
{
    if (n < 2) {
        error_set(err, "a crossing needs at least two knob values, got %d point%s", n,
                  n == 1 ? "" : "s");
        return ST_EINVAL;
    }
    for (int i = 0; i < n; i++) {
        const CrossingPoint *p = &pts[i];
        if (!isfinite(p->x)) {
            error_set(err, "point %d: the knob value is not a finite number", i + 1);
            return ST_EINVAL;
        }
        if (!finite_count(p->wins) || !finite_count(p->draws) || !finite_count(p->losses)) {
            error_set(err, "point %d (x = %g): wins, draws and losses must be finite and >= 0",
                      i + 1, p->x);
            return ST_EINVAL;
        }
        if (p->wins + p->draws + p->losses <= 0) {
            error_set(err, "point %d (x = %g): no games", i + 1, p->x);
            return ST_EINVAL;
        }
    }
    Level *lv = xmalloc((size_t)n * sizeof *lv);
    for (int i = 0; i < n; i++) {
        lv[i].x = pts[i].x;
        lv[i].n = pts[i].wins + pts[i].draws + pts[i].losses;
        lv[i].y = pts[i].wins + pts[i].draws / 2;
    }
    qsort(lv, (size_t)n, sizeof *lv, by_x);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (k > 0 && lv[k - 1].x == lv[i].x) {
            lv[k - 1].n += lv[i].n;
            lv[k - 1].y += lv[i].y;
        } else {
            lv[k++] = lv[i];
        }
    }
    if (k < 2) {
        free(lv);
        error_set(err,
                  "a crossing needs at least two distinct knob values, all %d points have "
                  "x = %g",
                  n, pts[0].x);
        return ST_EINVAL;
    }
    *out = lv;
    *m = k;
    return ST_OK;
}

double crossing_chi2_upper(double x, int df)
{
    if (!(x > 0))
        return 1.0;
    double h = x / 2, sum, term;
    int i;
    if (df % 2 == 0) {
        /* 26.4.5: Q = e^{-h} sum_{i < df/2} h^i / i!. */
        sum = term = 1.0;
        for (i = 1; i < df / 2; i++) {
            term *= h / i;
            sum += term;
        }
        return exp(-h) * sum;
    }
    /* 26.4.4: Q = erfc(sqrt h) + e^{-h} sum_{i = 1}^{(df-1)/2} h^{i - 1/2} / Gamma(i + 1/2). */
    sum = 0;
    term = sqrt(h) / (1.7724538509055160273 / 2); /* h^{1/2} / Gamma(3/2), sqrt(pi) / 2 */
    for (i = 1; i <= (df - 1) / 2; i++) {
        sum += term;
        term *= h / (i + 0.5);
    }
    return erfc(sqrt(h)) + exp(-h) * sum;
}

/* Pearson's X^2 of the fit at (c, b), its degrees of freedom and p-value, and the dispersion
 * X^2 / df (McCullagh and Nelder 1989, section 4.5.2), into r. */
static void lack_of_fit(const Level *lv, int m, double centre, double c, double b,
                        CrossingResult *r)
{
    double x2 = 0;
    for (int i = 0; i < m; i++) {
        double p = logistic(c + b * (lv[i].x - centre));
        double e = lv[i].n * p;
        x2 += (lv[i].y - e) * (lv[i].y - e) / (e * (1 - p));
    }
    r->pearson = x2;
    r->df = m - 2;
    r->fit_p = r->df > 0 ? crossing_chi2_upper(x2, r->df) : NAN;
    r->dispersion = r->df > 0 ? x2 / r->df : 1.0;
}

/* Fieller's interval in the centred coordinate u, shifted back by centre. */
static void fieller(CrossingResult *r, double c, double b, double vcc, double vcb, double vbb,
                    double z, double centre)
{
    double z2 = z * z;
    double qa = b * b - z2 * vbb, qb = c * b - z2 * vcb, qc = c * c - z2 * vcc;
    if (!(qa > 0)) {
        r->low = -INFINITY;
        r->high = INFINITY;
        return;
    }
    /* The quadratic is <= 0 at u = -c/b (there it is -z^2 Var(c + b u)), so both roots exist. */
    double disc = sqrt(fmax(0.0, qb * qb - qa * qc));
    r->low = centre + (-qb - disc) / qa;
    r->high = centre + (-qb + disc) / qa;
}

Status crossing_fit(const CrossingPoint *pts, int n, double z, CrossingResult *out, Error *err)
{
    Level *lv;
    int m;
    Status st = pool_levels(pts, n, &lv, &m, err);
    if (st != ST_OK)
        return st;
    CrossingResult r = {.verdict = CROSSING_OK,
                        .a = NAN,
                        .b = NAN,
                        .var_a = NAN,
                        .var_b = NAN,
                        .cov_ab = NAN,
                        .x = NAN,
                        .low = NAN,
                        .high = NAN,
                        .iso_x = NAN,
                        .pearson = NAN,
                        .fit_p = NAN,
                        .dispersion = NAN,
                        .x_min = lv[0].x,
                        .x_max = lv[m - 1].x};
    /* The likelihood has a finite maximum exactly when the levels with a win (y > 0) and those
     * with a loss (y < n) overlap: min over wins < max over losses and min over losses < max
     * over wins (Albert and Anderson 1984, "On the existence of maximum likelihood estimates in
     * logistic regression models", for one covariate). */
    double win_min = INFINITY, win_max = -INFINITY, loss_min = INFINITY, loss_max = -INFINITY;
    for (int i = 0; i < m; i++) {
        if (lv[i].y > 0) {
            win_min = fmin(win_min, lv[i].x);
            win_max = fmax(win_max, lv[i].x);
        }
        if (lv[i].y < lv[i].n) {
            loss_min = fmin(loss_min, lv[i].x);
            loss_max = fmax(loss_max, lv[i].x);
        }
    }
    double *fit = xmalloc((size_t)m * sizeof *fit);
    if (!isfinite(win_min) || !isfinite(loss_min)) {
        r.verdict = CROSSING_ONE_RESULT;
    } else if (loss_max <= win_min || win_max <= loss_min) {
        bool increasing = loss_max <= win_min;
        r.verdict = CROSSING_SEPARATED;
        separated_bracket(lv, m, increasing, z, &r.low, &r.high);
        r.x = isfinite(r.low) && isfinite(r.high) ? (r.low + r.high) / 2 : NAN;
        isotonic(lv, m, increasing, fit);
        r.iso_x = isotonic_crossing(lv, m, fit);
    } else {
        double centre = 0, games = 0;
        for (int i = 0; i < m; i++) {
            centre += lv[i].n * lv[i].x;
            games += lv[i].n;
        }
        centre /= games;
        double c, b;
        r.iterations = newton(lv, m, centre, &c, &b);
        if (r.iterations < 0) {
            free(fit);
            free(lv);
            error_set(err, "the logistic fit did not converge in %d Newton steps", MAX_ITERATIONS);
            return ST_EINVAL;
        }
        double info[3];
        information(lv, m, centre, c, b, info);
        double det = info[0] * info[2] - info[1] * info[1];
        lack_of_fit(lv, m, centre, c, b, &r);
        double scale = fmax(1.0, r.dispersion);
        double vcc = scale * info[2] / det, vcb = -scale * info[1] / det;
        double vbb = scale * info[0] / det;
        /* Back from u = x - centre: a = c - centre b. */
        r.a = c - centre * b;
        r.b = b;
        r.var_b = vbb;
        r.cov_ab = vcb - centre * vbb;
        r.var_a = vcc - 2 * centre * vcb + centre * centre * vbb;
        r.x = b != 0 ? centre - c / b : NAN;
        fieller(&r, c, b, vcc, vcb, vbb, z, centre);
        if (!isfinite(r.low) || !isfinite(r.high))
            r.verdict = CROSSING_FLAT;
        else if (!(r.x >= r.x_min && r.x <= r.x_max))
            r.verdict = CROSSING_OUT_OF_RANGE;
        isotonic(lv, m, b >= 0, fit);
        r.iso_x = isotonic_crossing(lv, m, fit);
    }
    free(fit);
    free(lv);
    *out = r;
    return ST_OK;
}

double crossing_score_at(const CrossingResult *r, double x)
{
    return isfinite(r->a) && isfinite(r->b) ? logistic(r->a + r->b * x) : NAN;
}

const char *crossing_verdict_name(CrossingVerdict v)
{
    static const char *const names[] = {"ok", "out_of_range", "flat", "separated", "one_result"};
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "?";
}
