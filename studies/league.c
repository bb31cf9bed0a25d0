/* Ratings of the agents of a set of games: the Bradley-Terry data of each ruleset gathered from
 * games.csv rows, fitted with ratings_bradley_terry, written as ratings.csv and a table. */
#include "studies/league.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/files.h"
#include "stats/ratings.h"

/* Union-find over players, to tell whether games link all of them. */
static int root_of(int *parent, int i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

/* True when the games (games[i*n+j] > 0 links i and j) form one connected graph. */
static bool linked(int n, const double *games)
{
    int *parent = xmalloc((size_t)n * sizeof *parent);
    for (int i = 0; i < n; i++) {
        parent[i] = i;
    }
    int parts = n;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (games[i * n + j] > 0) {
                int a = root_of(parent, i), b = root_of(parent, j);
                if (a != b) {
                    parent[a] = b;
                    parts--;
                }
            }
        }
    }
    free(parent);
    return parts == 1;
}

/* Fits n players; on a graph that does not link them all (or any failure) leaves the Elo
 * fields NaN and returns false. */
static bool fit(int n, const double *points, const double *games, double *elo, double *low,
                double *high, bool *prior)
{
    for (int i = 0; i < n; i++) {
        elo[i] = low[i] = high[i] = NAN;
    }
    *prior = false;
    if (n < 2 || !linked(n, games)) {
        return false;
    }
    Error ignored;
    if (ratings_bradley_terry(n, points, games, elo, low, high, prior, &ignored) != ST_OK) {
        for (int i = 0; i < n; i++) {
            elo[i] = low[i] = high[i] = NAN;
        }
        return false;
    }
    return true;
}

static int find_name(char (*names)[64], int n, const char *name)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

/* Highest overall Elo first, unrated last, then by name: a total order, so sorting is stable
 * whatever qsort does. */
static int compare_rating(const void *pa, const void *pb)
{
    const LeagueRating *a = pa, *b = pb;
    bool ra = !isnan(a->elo), rb = !isnan(b->elo);
    if (ra != rb) {
        return ra ? -1 : 1;
    }
    if (ra && a->elo != b->elo) {
        return a->elo > b->elo ? -1 : 1;
    }
    return strcmp(a->agent, b->agent);
}

/* Rates the rows of one ruleset (rows[i] with rules == name) into out[0..agents). */
/* The agents of ruleset `name`, in order of first appearance (caller frees *names). */
static int collect_names(const GameRow *rows, long count, const char *name, char (**out)[64])
{
    int cap = 16, n = 0;
    char(*names)[64] = xmalloc((size_t)cap * sizeof *names);
    for (long g = 0; g < count; g++) {
        if (strcmp(rows[g].rules, name) != 0) {
            continue;
        }
        const char *two[2] = {rows[g].attacker, rows[g].defender};
        for (int k = 0; k < 2; k++) {
            if (find_name(names, n, two[k]) < 0) {
                if (n == cap) {
                    cap *= 2;
                    names = xrealloc(names, (size_t)cap * sizeof *names);
                }
                snprintf(names[n++], sizeof names[0], "%s", two[k]);
            }
        }
    }
    *out = names;
    return n;
}

/* The head-to-head tables of one ruleset. Overall: players 0..n-1. By side: player i is agent i
 * attacking, n + i agent i defending (m = 2n). points[i*k+j] = what i scored against j. */
typedef struct {
    int n, m;
    double *pts, *gms;   /* overall, n x n, self-play left out */
    double *spts, *sgms; /* by side, m x m */
    long *side_games;    /* games of each side player */
    long *ordered;       /* ordered[i*n+j]: games of i attacking j */
} Tally;

static Tally tally_games(const GameRow *rows, long count, const char *name, char (*names)[64],
                         int n)
{
    int m = 2 * n;
    Tally t = {n,
               m,
               xcalloc((size_t)n * n, sizeof(double)),
               xcalloc((size_t)n * n, sizeof(double)),
               xcalloc((size_t)m * m, sizeof(double)),
               xcalloc((size_t)m * m, sizeof(double)),
               xcalloc((size_t)m, sizeof(long)),
               xcalloc((size_t)n * n, sizeof(long))};
    for (long g = 0; g < count; g++) {
        const GameRow *r = &rows[g];
        if (strcmp(r->rules, name) != 0) {
            continue;
        }
        int a = find_name(names, n, r->attacker), d = find_name(names, n, r->defender);
        double s = r->winner == WINNER_ATTACKERS ? 1.0 : r->winner == WINNER_DRAW ? 0.5 : 0.0;
        int sa = a, sd = n + d;
        t.spts[sa * m + sd] += s;
        t.spts[sd * m + sa] += 1 - s;
        t.sgms[sa * m + sd] += 1;
        t.sgms[sd * m + sa] += 1;
        t.side_games[sa]++;
        t.side_games[sd]++;
        t.ordered[a * n + d]++;
        if (a != d) {
            t.pts[a * n + d] += s;
            t.pts[d * n + a] += 1 - s;
            t.gms[a * n + d] += 1;
            t.gms[d * n + a] += 1;
        }
    }
    return t;
}

static void tally_free(Tally *t)
{
    free(t->pts);
    free(t->gms);
    free(t->spts);
    free(t->sgms);
    free(t->side_games);
    free(t->ordered);
}

/* The overall fit into out[0..n-1] (elo: 3m doubles of scratch). */
static void rate_overall(const Tally *t, const char *name, char (*names)[64], double *elo,
                         LeagueRating *out)
{
    int n = t->n, m = t->m;
    bool balanced = true;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            balanced = balanced && t->ordered[i * n + j] == t->ordered[j * n + i];
        }
    }
    /* Only players with games enter a fit; the rest stay unrated. */
    double *low = elo + m, *high = elo + 2 * m;
    bool prior = false;
    bool overall_ok = fit(n, t->pts, t->gms, elo, low, high, &prior);
    for (int i = 0; i < n; i++) {
        LeagueRating *o = &out[i];
        memset(o, 0, sizeof *o);
        snprintf(o->rules, sizeof o->rules, "%s", name);
        snprintf(o->agent, sizeof o->agent, "%s", names[i]);
        double p = 0, games = 0;
        for (int j = 0; j < n; j++) {
            p += t->pts[i * n + j];
            games += t->gms[i * n + j];
        }
        o->games = (long)games;
        o->score = games > 0 ? p / games : NAN;
        o->elo = elo[i];
        o->low = low[i];
        o->high = high[i];
        o->prior = prior;
        o->overall_linked = overall_ok;
        o->balanced = balanced;
        o->attacker_games = t->side_games[i];
        o->defender_games = t->side_games[n + i];
    }
}

/* The side fit over the side players that played (compacted to 0..k-1) into out. */
static void rate_sides(const Tally *t, double *elo, LeagueRating *out)
{
    int n = t->n, m = t->m;
    double *low = elo + m, *high = elo + 2 * m;
    int *index = xmalloc((size_t)m * sizeof *index), k = 0;
    for (int i = 0; i < m; i++) {
        index[i] = t->side_games[i] > 0 ? k++ : -1;
    }
    double *cp = xcalloc((size_t)k * k, sizeof *cp), *cg = xcalloc((size_t)k * k, sizeof *cg);
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++) {
            if (index[i] >= 0 && index[j] >= 0) {
                cp[index[i] * k + index[j]] = t->spts[i * m + j];
                cg[index[i] * k + index[j]] = t->sgms[i * m + j];
            }
        }
    }
    /* Players without games cannot be linked: then no side rating at all. */
    bool side_prior = false;
    bool sides_ok = k == m && fit(k, cp, cg, elo, low, high, &side_prior);
    for (int i = 0; i < n; i++) {
        LeagueRating *o = &out[i];
        o->side_prior = sides_ok && side_prior;
        o->sides_linked = sides_ok;
        o->attacker_elo = sides_ok ? elo[i] : NAN;
        o->attacker_low = sides_ok ? low[i] : NAN;
        o->attacker_high = sides_ok ? high[i] : NAN;
        o->defender_elo = sides_ok ? elo[n + i] : NAN;
        o->defender_low = sides_ok ? low[n + i] : NAN;
        o->defender_high = sides_ok ? high[n + i] : NAN;
    }
    free(cg);
    free(cp);
    free(index);
}

static int rate_ruleset(const GameRow *rows, long count, const char *name, LeagueRating *out)
{
    char(*names)[64] = NULL;
    int n = collect_names(rows, count, name, &names);
    Tally t = tally_games(rows, count, name, names, n);
    double *elo = xmalloc(3 * (size_t)t.m * sizeof *elo);
    rate_overall(&t, name, names, elo, out);
    rate_sides(&t, elo, out);
    qsort(out, (size_t)n, sizeof *out, compare_rating);
    free(elo);
    tally_free(&t);
    free(names);
    return n;
}

Status league_rate(const GameRow *rows, long count, LeagueRating **out, long *n, Error *err)
{
    if (count <= 0) {
        error_set(err, "no games to rate");
        return ST_EINVAL;
    }
    /* At most two agents per row, so 2 * count entries always suffice. */
    LeagueRating *all = xcalloc((size_t)count * 2, sizeof *all);
    int cap = 4, rulesets = 0;
    char(*names)[64] = xmalloc((size_t)cap * sizeof *names);
    for (long g = 0; g < count; g++) {
        if (find_name(names, rulesets, rows[g].rules) < 0) {
            if (rulesets == cap) {
                cap *= 2;
                names = xrealloc(names, (size_t)cap * sizeof *names);
            }
            snprintf(names[rulesets++], sizeof names[0], "%s", rows[g].rules);
        }
    }
    long used = 0;
    for (int i = 0; i < rulesets; i++) {
        used += rate_ruleset(rows, count, names[i], all + used);
    }
    free(names);
    *out = all;
    *n = used;
    return ST_OK;
}

/* v, or +0 when it rounds to zero at `decimals` decimals: a rating is never "-0.0". */
static double unsigned_zero(double v, int decimals)
{
    return round(v * pow(10, decimals)) == 0 ? 0.0 : v;
}

/* ",v" with `decimals` decimals, or "," alone when v is NaN (not rated). */
static int put_number(FILE *f, int decimals, double v)
{
    if (isnan(v)) {
        return fputc(',', f) == EOF ? -1 : 0;
    }
    return fprintf(f, ",%.*f", decimals, unsigned_zero(v, decimals)) < 0 ? -1 : 0;
}

#define RATINGS_HEADER                                                                             \
    "rules,agent,games,score,elo,elo_low,elo_high,attacker_games,attacker_elo,attacker_elo_low,"   \
    "attacker_elo_high,defender_games,defender_elo,defender_elo_low,defender_elo_high,prior,"      \
    "side_prior"

static bool put_ratings(FILE *f, const LeagueRating *r, long n)
{
    bool ok = fputs(RATINGS_HEADER "\n", f) != EOF;
    for (long i = 0; ok && i < n; i++) {
        const LeagueRating *o = &r[i];
        ok = csv_fwrite(f, o->rules, strlen(o->rules)) == 0 && fputc(',', f) != EOF &&
             csv_fwrite(f, o->agent, strlen(o->agent)) == 0 && fprintf(f, ",%ld", o->games) > 0 &&
             put_number(f, 4, o->score) == 0 && put_number(f, 1, o->elo) == 0 &&
             put_number(f, 1, o->low) == 0 && put_number(f, 1, o->high) == 0 &&
             fprintf(f, ",%ld", o->attacker_games) > 0 && put_number(f, 1, o->attacker_elo) == 0 &&
             put_number(f, 1, o->attacker_low) == 0 && put_number(f, 1, o->attacker_high) == 0 &&
             fprintf(f, ",%ld", o->defender_games) > 0 && put_number(f, 1, o->defender_elo) == 0 &&
             put_number(f, 1, o->defender_low) == 0 && put_number(f, 1, o->defender_high) == 0 &&
             fprintf(f, ",%s,%s\n", o->prior ? "yes" : "no", o->side_prior ? "yes" : "no") > 0;
    }
    return ok;
}

/* What league_write_csv writes, for files_write_through. */
typedef struct {
    const LeagueRating *r;
    long n;
} RatingsTable;

static bool put_ratings_table(FILE *f, const void *ctx)
{
    const RatingsTable *t = ctx;
    return put_ratings(f, t->r, t->n);
}

Status league_write_csv(const char *path, const LeagueRating *r, long n, Error *err)
{
    RatingsTable t = {r, n};
    return files_write_through(path, put_ratings_table, &t, err);
}

/* "+12.3 [-40.1, +64.7]" or "-" when unrated, into buf. */
static void format_elo(char *buf, size_t size, double elo, double low, double high)
{
    if (isnan(elo)) {
        snprintf(buf, size, "-");
    } else {
        snprintf(buf, size, "%+.1f [%+.1f, %+.1f]", unsigned_zero(elo, 1), unsigned_zero(low, 1),
                 unsigned_zero(high, 1));
    }
}

void league_print(FILE *out, const LeagueRating *r, long n)
{
    int wr = 5, wa = 5;
    for (long i = 0; i < n; i++) {
        wr = (int)strlen(r[i].rules) > wr ? (int)strlen(r[i].rules) : wr;
        wa = (int)strlen(r[i].agent) > wa ? (int)strlen(r[i].agent) : wa;
    }
    fprintf(out, "%-*s  %-*s  %6s  %6s  %-26s  %6s  %-26s  %6s  %s\n", wr, "rules", wa, "agent",
            "games", "score", "Elo [95%]", "att", "as attacker [95%]", "def", "as defender [95%]");
    for (long i = 0; i < n; i++) {
        const LeagueRating *o = &r[i];
        char all[64], att[64], def[64], score[16];
        format_elo(all, sizeof all, o->elo, o->low, o->high);
        format_elo(att, sizeof att, o->attacker_elo, o->attacker_low, o->attacker_high);
        format_elo(def, sizeof def, o->defender_elo, o->defender_low, o->defender_high);
        if (isnan(o->score)) {
            snprintf(score, sizeof score, "-");
        } else {
            snprintf(score, sizeof score, "%.3f", o->score);
        }
        fprintf(out, "%-*s  %-*s  %6ld  %6s  %-26s  %6ld  %-26s  %6ld  %s\n", wr, o->rules, wa,
                o->agent, o->games, score, all, o->attacker_games, att, o->defender_games, def);
        bool last = i + 1 == n || strcmp(r[i + 1].rules, o->rules) != 0;
        if (!last) {
            continue;
        }
        if (!o->overall_linked) {
            fprintf(out,
                    "  %s: no overall Elo: the games between different agents do not link "
                    "every agent\n",
                    o->rules);
        } else if (!o->balanced) {
            fprintf(out,
                    "  %s: the schedule is unbalanced (some agents met more often on one side "
                    "than the other): the side advantage leaks into the overall Elo\n",
                    o->rules);
        }
        if (!o->sides_linked) {
            fprintf(out,
                    "  %s: no Elo by side: the games do not link every agent as attacker and "
                    "as defender (self-play or a round-robin of 3+ agents links them)\n",
                    o->rules);
        }
        if (o->prior || o->side_prior) {
            fprintf(out,
                    "  %s: some agent won or lost every game: one virtual draw per pairing "
                    "keeps the Elo finite\n",
                    o->rules);
        }
    }
}
