/* The generalised SPRT with normalised Elo (Michel Van den Bergh, "Comments on Normalized Elo",
 * https://www.cantate.be/Fishtest/normalized_elo_practical.pdf), as fastchess (sprt.cpp) and
 * OpenBench (stats.py, after Fishtest) compute it, and the parser of its CLI form. */
#include "stats/sprt.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "stats/ratings.h"
#include "stats/stats.h"

/* Normalised Elo per unit of t = (mu - 1/2) / sigma for one game: 800 / ln 10. */
static const double NELO_PER_T = 800.0 / 2.302585092994045684;

/* What an empty cell counts as (fastchess and OpenBench use the same 1e-3). */
static const double EMPTY_CELL = 1e-3;

enum { MAX_OUTCOMES = 5 };

void sprt_bounds(const SprtParams *p, double *lower, double *upper)
{
    *lower = log(p->beta / (1 - p->alpha));
    *upper = log((1 - p->beta) / p->alpha);
}

int sprt_decision(const SprtParams *p, double llr)
{
    double lower, upper;
    sprt_bounds(p, &lower, &upper);
    if (llr >= upper) {
        return 1;
    }
    if (llr <= lower) {
        return -1;
    }
    return 0;
}

static void mean_var(int k, const double *a, const double *p, double *mu, double *var)
{
    double m = 0, v = 0;
    for (int i = 0; i < k; i++) {
        m += p[i] * a[i];
    }
    for (int i = 0; i < k; i++) {
        v += p[i] * (a[i] - m) * (a[i] - m);
    }
    *mu = m;
    *var = v;
}

/* The distribution p on outcomes a[0..k-1] (scores in [0, 1]) that maximises
 * sum phat_i log p_i subject to (mu(p) - 1/2) / sigma(p) = t: Van den Bergh, section 4.1.
 * Fixed point from the uniform distribution: with
 *   phi_i = a_i - 1/2 - (t/2) sigma (1 + ((a_i - mu) / sigma)^2)          (mu, sigma of p)
 * solve sum phat_i phi_i / (1 + x phi_i) = 0 for x in (-1/max phi, -1/min phi), where the sum
 * falls strictly from +inf to -inf, by bisection to the last bit, and set
 * p_i = phat_i / (1 + x phi_i); repeat until p moves by less than 1e-13. If phi does not change
 * sign (only for |t| far beyond any Elo a test would use) the last p is kept. */
static void mle_normalized(int k, const double *a, const double *phat, double t, double *p)
{
    double phi[MAX_OUTCOMES];
    for (int i = 0; i < k; i++) {
        p[i] = 1.0 / k;
    }
    for (int it = 0; it < 1000; it++) {
        double mu, var;
        mean_var(k, a, p, &mu, &var);
        double sigma = sqrt(var);
        double phi_min = INFINITY, phi_max = -INFINITY;
        for (int i = 0; i < k; i++) {
            double z = (a[i] - mu) / sigma;
            phi[i] = a[i] - 0.5 - 0.5 * t * sigma * (1 + z * z);
            phi_min = fmin(phi_min, phi[i]);
            phi_max = fmax(phi_max, phi[i]);
        }
        if (!(phi_min < 0 && phi_max > 0)) {
            return;
        }
        double lo = -1 / phi_max, hi = -1 / phi_min, x = 0.5 * (lo + hi);
        for (int step = 0; step < 2000 && x > lo && x < hi; step++) {
            double f = 0;
            for (int i = 0; i < k; i++) {
                f += phat[i] * phi[i] / (1 + x * phi[i]);
            }
            if (f > 0) {
                lo = x;
            } else {
                hi = x;
            }
            x = 0.5 * (lo + hi);
        }
        double change = 0;
        for (int i = 0; i < k; i++) {
            double next = phat[i] / (1 + x * phi[i]);
            change = fmax(change, fabs(next - p[i]));
            p[i] = next;
        }
        if (change < 1e-13) {
            return;
        }
    }
}

/* LLR = N sum_i phat_i log(p1_i / p0_i), p0 and p1 the MLEs under t0 and t1 (Van den Bergh,
 * section 4; fastchess getLLR_normalized), N the number of pairs or games. */
static double llr_normalized(int k, const long *counts, double t0, double t1)
{
    double a[MAX_OUTCOMES], phat[MAX_OUTCOMES], p0[MAX_OUTCOMES], p1[MAX_OUTCOMES];
    double total = 0;
    long seen = 0;
    for (int i = 0; i < k; i++) {
        assert(counts[i] >= 0);
        seen += counts[i];
        phat[i] = counts[i] > 0 ? (double)counts[i] : EMPTY_CELL;
        total += phat[i];
        a[i] = (double)i / (k - 1);
    }
    if (seen == 0) {
        return 0;
    }
    for (int i = 0; i < k; i++) {
        phat[i] /= total;
    }
    mle_normalized(k, a, phat, t0, p0);
    mle_normalized(k, a, phat, t1, p1);
    double sum = 0;
    for (int i = 0; i < k; i++) {
        sum += phat[i] * (log(p1[i]) - log(p0[i]));
    }
    return total * sum;
}

double sprt_llr_pentanomial(const SprtParams *p, const long counts[5])
{
    /* Normalised Elo is defined per game; a pair of games has sqrt(2) times its t
     * (Van den Bergh, section 3; fastchess and OpenBench scale the same way). */
    double s = sqrt(2.0) / NELO_PER_T;
    return llr_normalized(5, counts, s * p->elo0, s * p->elo1);
}

void sprt_elo_pentanomial(const long counts[5], double *elo, double *low, double *high)
{
    double s, s_low, s_high;
    stats_pair_score(counts, RATINGS_Z95, &s, &s_low, &s_high);
    *elo = ratings_elo_from_score(s);
    *low = ratings_elo_from_score(s_low);
    *high = ratings_elo_from_score(s_high);
}

double sprt_llr_trinomial(const SprtParams *p, const long counts[3])
{
    return llr_normalized(3, counts, p->elo0 / NELO_PER_T, p->elo1 / NELO_PER_T);
}

/* The keys of the CLI form, in the order they are listed in errors. */
static const struct {
    const char *name;
    size_t offset;
} SPRT_KEYS[] = {
    {"elo0", offsetof(SprtParams, elo0)},
    {"elo1", offsetof(SprtParams, elo1)},
    {"alpha", offsetof(SprtParams, alpha)},
    {"beta", offsetof(SprtParams, beta)},
};
enum { SPRT_NKEYS = sizeof SPRT_KEYS / sizeof SPRT_KEYS[0] };

/* Parses the number in [s, end) (surrounding blanks allowed) into *value. */
static bool parse_number(const char *s, const char *end, double *value)
{
    char buf[64];
    while (s < end && isspace((unsigned char)*s)) {
        s++;
    }
    while (end > s && isspace((unsigned char)end[-1])) {
        end--;
    }
    size_t len = (size_t)(end - s);
    if (len == 0 || len >= sizeof buf) {
        return false;
    }
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *stop;
    errno = 0;
    double v = strtod(buf, &stop);
    if (*stop != '\0' || errno != 0 || !isfinite(v)) {
        return false;
    }
    *value = v;
    return true;
}

Status sprt_parse(const char *text, SprtParams *out, Error *err)
{
    SprtParams p = {.elo0 = 0, .elo1 = 0, .alpha = 0.05, .beta = 0.05};
    bool given[SPRT_NKEYS] = {false};
    const char *s = text;
    for (;;) {
        const char *end = strchr(s, ',');
        if (!end) {
            end = s + strlen(s);
        }
        const char *eq = memchr(s, '=', (size_t)(end - s));
        const char *key = s, *key_end = eq ? eq : end;
        while (key < key_end && isspace((unsigned char)*key)) {
            key++;
        }
        while (key_end > key && isspace((unsigned char)key_end[-1])) {
            key_end--;
        }
        int klen = (int)(key_end - key);
        int idx = -1;
        for (int i = 0; i < SPRT_NKEYS; i++) {
            if (strlen(SPRT_KEYS[i].name) == (size_t)klen &&
                strncmp(SPRT_KEYS[i].name, key, (size_t)klen) == 0) {
                idx = i;
            }
        }
        if (idx < 0) {
            error_set(err, "sprt: unknown key '%.*s' (keys: elo0, elo1, alpha, beta)", klen, key);
            return ST_EPARSE;
        }
        if (given[idx]) {
            error_set(err, "sprt: key '%s' given twice", SPRT_KEYS[idx].name);
            return ST_EPARSE;
        }
        double v;
        if (!eq || !parse_number(eq + 1, end, &v)) {
            error_set(err, "sprt: key '%s': expected '%s=NUMBER', got '%.*s'", SPRT_KEYS[idx].name,
                      SPRT_KEYS[idx].name, (int)(end - s), s);
            return ST_EPARSE;
        }
        given[idx] = true;
        *(double *)((char *)&p + SPRT_KEYS[idx].offset) = v;
        if (*end == '\0') {
            break;
        }
        s = end + 1;
    }
    for (int i = 0; i < 2; i++) {
        if (!given[i]) {
            error_set(err, "sprt: key '%s' is required", SPRT_KEYS[i].name);
            return ST_EPARSE;
        }
    }
    if (!(p.elo0 < p.elo1)) {
        error_set(err, "sprt: key 'elo1': %g must be greater than elo0 = %g", p.elo1, p.elo0);
        return ST_EINVAL;
    }
    if (!(p.alpha > 0 && p.alpha < 0.5)) {
        error_set(err, "sprt: key 'alpha': %g is not in (0, 0.5)", p.alpha);
        return ST_EINVAL;
    }
    if (!(p.beta > 0 && p.beta < 0.5)) {
        error_set(err, "sprt: key 'beta': %g is not in (0, 0.5)", p.beta);
        return ST_EINVAL;
    }
    *out = p;
    return ST_OK;
}
