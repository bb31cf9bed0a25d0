/* summary.csv and the balance table: the statistics of games.csv's rows gathered one row at a
 * time per (rules, attacker, defender) group, with Holm-adjusted verdicts and the comparison
 * with a baseline ruleset. See doc/formats.md, "Result files". */
#include "formats/summary.h"

#include <assert.h>
#include <csv.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "formats/files.h"
#include "stats/balance.h"
#include "stats/stats.h"

#define SUMMARY_HEADER                                                                             \
    "rules,attacker,defender,games,attacker_wins,defender_wins,draws,attacker_win_rate,"           \
    "attacker_win_low,attacker_win_high,draw_rate,attacker_score,attacker_score_low,"              \
    "attacker_score_high,balance_p,plies_mean,plies_median,plies_p10,plies_p90,"                   \
    "king_captured,king_escaped,encircled,draw_fort,repetition,no_moves,max_plies,"                \
    "illegal_move,engine_crash,engine_timeout,external,balance_p_holm,verdict,baseline,"           \
    "score_diff,score_diff_low,score_diff_high,diff_p,diff_p_holm,diff_verdict,distance,"          \
    "distance_low,distance_high,distance_rank,equivalence,distance_change,distance_change_low,"    \
    "distance_change_high,distance_change_p,closer_verdict"

#define WILSON_Z_95 1.959964 /* the two-sided 95% normal quantile */
#define LEVEL       0.05     /* the family-wise level of the verdicts (after Holm) */

static bool put_printf(FILE *f, const char *fmt, ...) PRINTF_LIKE(2, 3);

static bool put_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n >= 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Summaries                                                                                   */

/* Game lengths below this are counted in a histogram; longer ones (only a huge max_plies makes
 * them) are kept one by one and sorted when a percentile is asked. A group's histogram spans
 * only the lengths it has seen, so that a group of one game takes a few bytes, not 32 KB (an
 * experiment may have 262,144 groups). */
#define TALLY_DENSE_PLIES 4096

/* The statistics of one (rules, attacker, defender) group, gathered row by row: counts and a
 * histogram of game lengths, so that memory does not grow with the games. */
typedef struct {
    GameRow names; /* the group's names (moves NULL) */
    long games;
    long wins[4];                   /* by Winner */
    long reasons[END_REASON_COUNT]; /* by EndReason */
    int external;                   /* RESULTS_EXTERNAL_* bits of any of its rows */
    long long plies_sum;
    long *hist;            /* games of each length hist_lo..hist_lo + hist_len - 1; owned */
    int hist_lo, hist_len; /* within 0..TALLY_DENSE_PLIES - 1; hist_len 0 before any */
    int *long_plies;       /* the other lengths, unsorted */
    long long_count, long_cap;
    double win_rate, win_low, win_high, draw_rate, plies_mean;
    ScoreEstimate verdict; /* the balance verdict: attackers' score, interval, p-value */
    int median, p10, p90;
    double p_holm;         /* verdict.p_value after Holm over every group */
    long base;             /* the baseline ruleset's group of the same pairing, or -1 */
    ScoreDiff diff;        /* attackers' score minus the baseline's (when base >= 0) */
    double diff_p_holm;    /* diff.p_value after Holm over every compared group */
    BalanceDistance dist;  /* |attackers' score - 1/2| and its folded 95% interval */
    long rank;             /* 1 = closest to 1/2 among the groups of its pairing; 0 = none */
    BalanceChange change;  /* distance minus the baseline's (when base >= 0): the score
                              difference signed towards 1/2 when both scores lie on one side
                              of 1/2 (change_same_side), else MOVER; its verdict after Holm */
    bool change_same_side; /* the change is diff's (the same test, the same Holm p) */
    double change_p_holm;  /* change.p_value after Holm (diff_p_holm when change_same_side) */
    BalanceVerdict equiv;  /* within 1/2 +- BALANCE_MARGIN (TOST at LEVEL) */
} Group;

struct ResultsTally {
    Group *groups;
    long n, cap;
    long last;       /* the group of the last row: rows come in runs of one group */
    bool curve;      /* results_tally_set_curve: self-play groups alone carry verdicts */
    long *slots;     /* hash table of group index + 1 (0: empty), open addressing */
    size_t slot_cap; /* a power of two, at least twice n */
};

/* Whether a group carries a balance verdict: every group, or in a curve the self-play ones
 * (an agent against itself); a curve's other groups are its ladder games, which measure the
 * rungs' strength and say nothing of the ruleset's balance. */
static bool is_verdict(const ResultsTally *t, const Group *gr)
{
    return !t->curve || strcmp(gr->names.attacker, gr->names.defender) == 0;
}

void results_tally_set_curve(ResultsTally *t, bool curve)
{
    t->curve = curve;
}

/* FNV-1a over the three names, each ended by its NUL. */
static size_t group_hash(const char *rules, const char *attacker, const char *defender)
{
    uint64_t h = FNV1A_BASIS;
    const char *part[3] = {rules, attacker, defender};
    for (int i = 0; i < 3; i++)
        h = fnv1a(h, part[i], strlen(part[i]) + 1);
    return (size_t)h;
}

static bool has_names(const GameRow *g, const char *rules, const char *attacker,
                      const char *defender)
{
    return strcmp(g->rules, rules) == 0 && strcmp(g->attacker, attacker) == 0 &&
           strcmp(g->defender, defender) == 0;
}

/* The group of these names, or -1: one probe sequence of the hash table, not a scan. */
static long find_group(const ResultsTally *t, const char *rules, const char *attacker,
                       const char *defender)
{
    if (t->slot_cap == 0)
        return -1;
    size_t mask = t->slot_cap - 1;
    for (size_t i = group_hash(rules, attacker, defender) & mask;; i = (i + 1) & mask) {
        long g = t->slots[i] - 1;
        if (g < 0)
            return -1;
        if (has_names(&t->groups[g].names, rules, attacker, defender))
            return g;
    }
}

static void put_slot(ResultsTally *t, long g)
{
    const GameRow *x = &t->groups[g].names;
    size_t mask = t->slot_cap - 1;
    size_t i = group_hash(x->rules, x->attacker, x->defender) & mask;
    while (t->slots[i] != 0)
        i = (i + 1) & mask;
    t->slots[i] = g + 1;
}

/* Keeps the table at most half full, so probe sequences stay short. */
static void grow_slots(ResultsTally *t)
{
    if ((size_t)(t->n + 1) * 2 <= t->slot_cap)
        return;
    free(t->slots);
    t->slot_cap = t->slot_cap ? 2 * t->slot_cap : 64;
    t->slots = xcalloc(t->slot_cap, sizeof *t->slots);
    for (long g = 0; g < t->n; g++)
        put_slot(t, g);
}

/* Counts one game of length plies (0 <= plies < TALLY_DENSE_PLIES) in the group's histogram,
 * widening its span when needed (by half its width at least, so widening is rare). */
static void hist_add(Group *gr, int plies)
{
    if (gr->hist_len == 0 || plies < gr->hist_lo || plies >= gr->hist_lo + gr->hist_len) {
        int lo = gr->hist_len ? gr->hist_lo : plies,
            hi = gr->hist_len ? lo + gr->hist_len : plies + 1;
        int slack = gr->hist_len / 2;
        if (plies < lo)
            lo = plies - slack < 0 ? 0 : plies - slack;
        if (plies >= hi)
            hi = plies + 1 + slack > TALLY_DENSE_PLIES ? TALLY_DENSE_PLIES : plies + 1 + slack;
        long *h = xcalloc((size_t)(hi - lo), sizeof *h);
        if (gr->hist_len)
            memcpy(h + (gr->hist_lo - lo), gr->hist, (size_t)gr->hist_len * sizeof *h);
        free(gr->hist);
        gr->hist = h;
        gr->hist_lo = lo;
        gr->hist_len = hi - lo;
    }
    gr->hist[plies - gr->hist_lo]++;
}

static bool same_group(const GameRow *a, const GameRow *b)
{
    return has_names(a, b->rules, b->attacker, b->defender);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the p-th percentile of the group's n game lengths in sorted order is the value
 * at index ceil(p/100 n) - 1, computed in integers so that no rounding can move it. The
 * histogram is walked in order; the long games, sorted, follow every dense one. */
static int percentile(const Group *gr, int p)
{
    long idx = ((long)p * gr->games + 99) / 100 - 1;
    idx = idx < 0 ? 0 : idx;
    for (int v = 0; v < gr->hist_len; v++) {
        if (idx < gr->hist[v]) {
            return gr->hist_lo + v;
        }
        idx -= gr->hist[v];
    }
    return gr->long_plies[idx];
}

ResultsTally *results_tally_create(void)
{
    ResultsTally *t = xcalloc(1, sizeof *t);
    return t;
}

void results_tally_add(ResultsTally *t, const GameRow *r)
{
    long g = t->last;
    if (g >= t->n || !same_group(&t->groups[g].names, r)) {
        g = find_group(t, r->rules, r->attacker, r->defender);
    }
    if (g < 0) {
        g = t->n;
        grow_slots(t);
        if (t->n == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 4;
            t->groups = xrealloc(t->groups, (size_t)t->cap * sizeof *t->groups);
        }
        memset(&t->groups[g], 0, sizeof t->groups[g]);
        memcpy(t->groups[g].names.rules, r->rules, sizeof r->rules);
        memcpy(t->groups[g].names.attacker, r->attacker, sizeof r->attacker);
        memcpy(t->groups[g].names.defender, r->defender, sizeof r->defender);
        t->n++;
        put_slot(t, g);
    }
    t->last = g;
    Group *gr = &t->groups[g];
    assert((unsigned)r->winner < 4 && (unsigned)r->reason < END_REASON_COUNT);
    gr->games++;
    gr->wins[r->winner]++;
    gr->reasons[r->reason]++;
    gr->external |= r->external;
    gr->plies_sum += r->plies;
    if (r->plies >= 0 && r->plies < TALLY_DENSE_PLIES) {
        hist_add(gr, r->plies);
        return;
    }
    if (gr->long_count == gr->long_cap) {
        gr->long_cap = gr->long_cap ? 2 * gr->long_cap : 16;
        gr->long_plies = xrealloc(gr->long_plies, (size_t)gr->long_cap * sizeof(int));
    }
    gr->long_plies[gr->long_count++] = r->plies;
}

void results_tally_destroy(ResultsTally *t)
{
    if (t == NULL) {
        return;
    }
    for (long g = 0; g < t->n; g++) {
        free(t->groups[g].long_plies);
        free(t->groups[g].hist);
    }
    free(t->slots);
    free(t->groups);
    free(t);
}

/* Computes every statistic of every group from its counts. */
static void finish_groups(ResultsTally *t)
{
    for (long g = 0; g < t->n; g++) {
        Group *gr = &t->groups[g];
        double games = (double)gr->games;
        if (gr->long_count > 1) {
            qsort(gr->long_plies, (size_t)gr->long_count, sizeof(int), compare_int);
        }
        gr->win_rate = (double)gr->wins[WINNER_ATTACKERS] / games;
        stats_wilson((double)gr->wins[WINNER_ATTACKERS], games, WILSON_Z_95, &gr->win_low,
                     &gr->win_high);
        gr->draw_rate = (double)gr->wins[WINNER_DRAW] / games;
        stats_score(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW], gr->wins[WINNER_DEFENDERS],
                    WILSON_Z_95, &gr->verdict);
        balance_distance(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW],
                         gr->wins[WINNER_DEFENDERS], WILSON_Z_95, &gr->dist);
        gr->equiv = balance_verdict(gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DRAW],
                                    gr->wins[WINNER_DEFENDERS], BALANCE_MARGIN, LEVEL);
        gr->plies_mean = (double)gr->plies_sum / games;
        gr->median = percentile(gr, 50);
        gr->p10 = percentile(gr, 10);
        gr->p90 = percentile(gr, 90);
    }
}

/* The groups' Holm-adjusted balance p-values and, for every group of another ruleset than
 * `baseline` whose pairing the baseline also played, the difference from the baseline's group
 * with its Holm-adjusted p-value (a second family). Groups without a verdict (is_verdict) are
 * in neither family: their p_holm is NaN and they have no baseline. */
static void compare_groups(ResultsTally *t, const char *baseline)
{
    Group *groups = t->groups;
    long n = t->n;
    double *p = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    for (long g = 0; g < n; g++) {
        p[g] = is_verdict(t, &groups[g]) ? groups[g].verdict.p_value : NAN;
    }
    stats_holm(p, n, p);
    for (long g = 0; g < n; g++) {
        Group *gr = &groups[g];
        gr->p_holm = p[g];
        gr->base = -1;
        p[g] = NAN;
        if (strcmp(gr->names.rules, baseline) == 0 || !is_verdict(t, gr)) {
            continue;
        }
        /* The baseline's group of the same pairing, by the hash table (a scan over every
         * group for each group was quadratic). */
        long b = find_group(t, baseline, gr->names.attacker, gr->names.defender);
        if (b >= 0) {
            const long *w = groups[g].wins, *v = groups[b].wins;
            long mine[3] = {w[WINNER_ATTACKERS], w[WINNER_DRAW], w[WINNER_DEFENDERS]};
            long base[3] = {v[WINNER_ATTACKERS], v[WINNER_DRAW], v[WINNER_DEFENDERS]};
            stats_score_diff(mine, base, WILSON_Z_95, &gr->diff);
            balance_change(mine, base, WILSON_Z_95, &gr->change);
            gr->base = b;
            p[g] = gr->diff.p_value;
        }
    }
    stats_holm(p, n, p);
    for (long g = 0; g < n; g++) {
        groups[g].diff_p_holm = p[g];
    }
    /* Closer to 1/2 than the baseline? Where both scores' intervals lie on one side of 1/2,
     * the change of distance is the score difference signed towards 1/2 (d = |s - 1/2| is
     * linear there): the question is the difference's, asked once, with its interval and its
     * Holm p. Elsewhere MOVER's change, its p Holm-adjusted over those comparisons alone. So
     * no two tables give one comparison two verdicts. */
    for (long g = 0; g < n; g++) {
        Group *gr = &groups[g];
        p[g] = NAN;
        gr->change_same_side = false;
        gr->change_p_holm = NAN;
        if (gr->base < 0)
            continue;
        const ScoreEstimate *a = &gr->verdict, *b = &groups[gr->base].verdict;
        bool below = a->high < 0.5 && b->high<0.5, above = a->low> 0.5 && b->low > 0.5;
        if (below || above) {
            double sign = above ? 1.0 : -1.0;
            gr->change_same_side = true;
            gr->change.change = sign * gr->diff.diff;
            gr->change.low = above ? gr->diff.low : -gr->diff.high;
            gr->change.high = above ? gr->diff.high : -gr->diff.low;
            gr->change.p_value = gr->diff.p_value;
            gr->change_p_holm = gr->diff_p_holm;
        } else {
            p[g] = gr->change.p_value;
        }
    }
    stats_holm(p, n, p);
    for (long g = 0; g < n; g++) {
        Group *gr = &groups[g];
        if (gr->base < 0)
            continue;
        if (!gr->change_same_side)
            gr->change_p_holm = p[g];
        gr->change.verdict = !(gr->change_p_holm < LEVEL) ? BALANCE_NO_DIFFERENCE
                             : gr->change.change < 0      ? BALANCE_CLOSER
                                                          : BALANCE_FARTHER;
    }
    free(p);
}

/* Orders groups by pairing (attacker, defender), then distance from 1/2, then first appearance. */
static int compare_rank(const void *x, const void *y)
{
    const Group *a = *(const Group *const *)x, *b = *(const Group *const *)y;
    int c = strcmp(a->names.attacker, b->names.attacker);
    if (c == 0)
        c = strcmp(a->names.defender, b->names.defender);
    if (c == 0)
        c = (a->dist.distance > b->dist.distance) - (a->dist.distance < b->dist.distance);
    return c != 0 ? c : (a > b) - (a < b);
}

/* Ranks the groups with a verdict of each pairing by distance from 1/2 (1 = closest; ties keep
 * the order of first appearance): a sort, not a scan per group (a run may have 262,144). */
static void rank_groups(ResultsTally *t)
{
    Group **order = xmalloc((size_t)(t->n > 0 ? t->n : 1) * sizeof *order);
    long k = 0;
    for (long g = 0; g < t->n; g++) {
        t->groups[g].rank = 0;
        if (is_verdict(t, &t->groups[g]))
            order[k++] = &t->groups[g];
    }
    qsort(order, (size_t)k, sizeof *order, compare_rank);
    for (long i = 0; i < k; i++) {
        bool same = i > 0 && strcmp(order[i]->names.attacker, order[i - 1]->names.attacker) == 0 &&
                    strcmp(order[i]->names.defender, order[i - 1]->names.defender) == 0;
        order[i]->rank = same ? order[i - 1]->rank + 1 : 1;
    }
    free(order);
}

/* The baseline of the comparisons: the given one, else the first row's ruleset (groups come
 * in order of first appearance). */
static const char *baseline_of(const ResultsTally *t, const char *baseline)
{
    return baseline ? baseline : t->n > 0 ? t->groups[0].names.rules : "";
}

/* Every statistic of every group, then the comparisons with the baseline. */
static void finish_tally(ResultsTally *t, const char *baseline)
{
    finish_groups(t);
    compare_groups(t, baseline_of(t, baseline));
    rank_groups(t);
}

/* The balance verdict: the side the score leans to when its departure from 1/2 is significant
 * at LEVEL after Holm; else "balanced" only when the two one-sided tests show the score within
 * 1/2 +- BALANCE_MARGIN (gr->equiv, Schuirmann 1987), and "undetermined" when the games show
 * neither (no departure is not evidence of balance: 0 of 2 games is not significant either).
 * A significant lean smaller than the margin keeps its side. "ladder" for a curve's games
 * between different rungs (no verdict). */
static const char *balance_word(const Group *gr)
{
    if (isnan(gr->p_holm)) {
        return "ladder";
    }
    if (gr->p_holm < LEVEL) {
        return gr->verdict.score > 0.5 ? "attackers" : "defenders";
    }
    return gr->equiv == BALANCE_BALANCED ? "balanced" : "undetermined";
}

/* The comparison's verdict at LEVEL after Holm: the side the ruleset moves the score towards
 * (the unadjusted interval excludes 0 whenever the adjusted p is below LEVEL, so its sign is
 * the direction). */
static const char *diff_verdict(const Group *gr)
{
    if (!(gr->diff_p_holm < LEVEL)) {
        return "no_difference";
    }
    return gr->diff.low > 0 ? "attackers" : "defenders";
}

static bool has_rules(const ResultsTally *t, const char *name)
{
    for (long g = 0; g < t->n; g++) {
        if (strcmp(t->groups[g].names.rules, name) == 0) {
            return true;
        }
    }
    return false;
}

/* The tally of count rows. Caller destroys. */
static ResultsTally *tally_rows(const GameRow *rows, long count)
{
    ResultsTally *t = results_tally_create();
    for (long i = 0; i < count; i++) {
        results_tally_add(t, &rows[i]);
    }
    return t;
}

static bool put_summary(FILE *f, const Group *groups, long n)
{
    bool ok = fputs(SUMMARY_HEADER "\n", f) != EOF;
    for (long g = 0; ok && g < n; g++) {
        const Group *gr = &groups[g];
        ok = results_put_text(f, gr->names.rules) && fputc(',', f) != EOF &&
             results_put_text(f, gr->names.attacker) && fputc(',', f) != EOF &&
             results_put_text(f, gr->names.defender) &&
             put_printf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3g,%.2f,%d,%d,%d",
                        gr->games, gr->wins[WINNER_ATTACKERS], gr->wins[WINNER_DEFENDERS],
                        gr->wins[WINNER_DRAW], gr->win_rate, gr->win_low, gr->win_high,
                        gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
                        gr->verdict.p_value, gr->plies_mean, gr->median, gr->p10, gr->p90);
        for (EndReason r = END_KING_CAPTURED; ok && r < END_REASON_COUNT; r++) {
            ok = put_printf(f, ",%ld", gr->reasons[r]);
        }
        ok = ok && put_printf(f, ",%s", results_external_name(gr->external));
        ok = ok && (isnan(gr->p_holm) ? fputc(',', f) != EOF : put_printf(f, ",%.3g", gr->p_holm));
        ok = ok && put_printf(f, ",%s,", balance_word(gr));
        if (gr->base >= 0) {
            ok = ok && results_put_text(f, groups[gr->base].names.rules) &&
                 put_printf(f, ",%.4f,%.4f,%.4f,%.3g,%.3g,%s", gr->diff.diff, gr->diff.low,
                            gr->diff.high, gr->diff.p_value, gr->diff_p_holm, diff_verdict(gr));
        } else {
            ok = ok && fputs(",,,,,,", f) != EOF;
        }
        ok =
            ok && put_printf(f, ",%.4f,%.4f,%.4f,", gr->dist.distance, gr->dist.low, gr->dist.high);
        ok =
            ok && (gr->rank > 0 ? put_printf(f, "%ld,%s", gr->rank, balance_verdict_name(gr->equiv))
                                : fputc(',', f) != EOF);
        if (gr->base >= 0) {
            ok = ok && put_printf(f, ",%.4f,%.4f,%.4f,%.3g,%s", gr->change.change, gr->change.low,
                                  gr->change.high, gr->change_p_holm,
                                  balance_change_name(gr->change.verdict));
        } else {
            ok = ok && fputs(",,,,,", f) != EOF;
        }
        ok = ok && fputc('\n', f) != EOF;
    }
    return ok;
}

Status results_tally_write(ResultsTally *t, const char *path, Error *err)
{
    return results_tally_write_vs(t, path, NULL, err);
}

static bool put_tally(FILE *f, const void *ctx)
{
    const ResultsTally *t = ctx;
    return put_summary(f, t->groups, t->n);
}

Status results_tally_write_vs(ResultsTally *t, const char *path, const char *baseline, Error *err)
{
    if (baseline && !has_rules(t, baseline)) {
        error_set(err, "baseline '%s': no game of the file was played under that ruleset",
                  baseline);
        return ST_EINVAL;
    }
    finish_tally(t, baseline);
    return files_write_through(path, put_tally, t, err);
}

Status results_write_summary(const char *path, const GameRow *rows, long count, Error *err)
{
    return results_write_summary_vs(path, rows, count, NULL, err);
}

Status results_write_summary_vs(const char *path, const GameRow *rows, long count,
                                const char *baseline, Error *err)
{
    ResultsTally *t = tally_rows(rows, count);
    Status st = results_tally_write_vs(t, path, baseline, err);
    results_tally_destroy(t);
    return st;
}

/* Pads a name column to a width that fits every name in the table (a pure function of the
 * rows, like everything else here). */
static int name_width(const Group *groups, long n, size_t field, int min)
{
    int w = min;
    for (long g = 0; g < n; g++) {
        const char *name = (const char *)&groups[g].names + field;
        int len = (int)strlen(name);
        w = len > w ? len : w;
    }
    return w;
}

void results_tally_print(ResultsTally *t, FILE *out)
{
    results_tally_print_vs(t, out, NULL);
}

/* One line of the balance table; with the Holm-adjusted p and the verdict when `verdict`. */
static void print_group(FILE *out, const Group *gr, int wr, int wa, int wd, bool verdict)
{
    double games = (double)gr->games;
    fprintf(out, "%-*s  %-*s  %-*s  %6ld  %6.1f  %6.1f  %6.1f  %.3f [%.3f-%.3f]  %8.2g  %7.1f", wr,
            gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->games,
            100 * gr->win_rate, 100 * (double)gr->wins[WINNER_DEFENDERS] / games,
            100 * gr->draw_rate, gr->verdict.score, gr->verdict.low, gr->verdict.high,
            gr->verdict.p_value, gr->plies_mean);
    if (verdict) {
        fprintf(out, "  %8.2g  %s", gr->p_holm, balance_word(gr));
    }
    fputc('\n', out);
}

/* The groups with a verdict ranked by distance from 1/2 within each pairing (rank_groups), with
 * the equivalence verdict and, where there is a baseline, the change in distance from it. Only
 * when some pairing has two rulesets or more: one ruleset has nothing to rank. */
static void print_ranking(FILE *out, const ResultsTally *t, const char *baseline, int wr, int wa,
                          int wd)
{
    long n = t->n, most = 0;
    for (long g = 0; g < n; g++)
        most = t->groups[g].rank > most ? t->groups[g].rank : most;
    if (most < 2)
        return;
    Group **order = xmalloc((size_t)n * sizeof *order);
    long k = 0;
    for (long g = 0; g < n; g++)
        if (t->groups[g].rank > 0)
            order[k++] = &t->groups[g];
    qsort(order, (size_t)k, sizeof *order, compare_rank);
    fprintf(out,
            "\nrulesets by distance from balance |score - 1/2|, closest first within each pairing "
            "(95%% folded interval; equivalence: TOST within 1/2 +- %.2f; change from %s: where "
            "both scores lie on one side of 1/2 the difference above, signed towards 1/2, with "
            "its Holm p; else MOVER, p Holm-adjusted over those comparisons):\n",
            BALANCE_MARGIN, baseline_of(t, baseline));
    fprintf(out, "%4s  %-*s  %-*s  %-*s  %-21s  %-12s  %-24s  %8s  %s\n", "rank", wr, "rules", wa,
            "attacker", wd, "defender", "distance [95%]", "equivalence", "change [95%]", "p Holm",
            "verdict");
    for (long i = 0; i < k; i++) {
        const Group *gr = order[i];
        /* Padded only when the change follows: no line ends in blanks. */
        fprintf(out, "%4ld  %-*s  %-*s  %-*s  %.3f [%.3f-%.3f]  %-*s", gr->rank, wr,
                gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->dist.distance,
                gr->dist.low, gr->dist.high, gr->base >= 0 ? 12 : 0,
                balance_verdict_name(gr->equiv));
        if (gr->base >= 0)
            fprintf(out, "  %+.3f [%+.3f, %+.3f]  %8.2g  %s", gr->change.change, gr->change.low,
                    gr->change.high, gr->change_p_holm, balance_change_name(gr->change.verdict));
        fputc('\n', out);
    }
    free(order);
}

void results_tally_print_vs(ResultsTally *t, FILE *out, const char *baseline)
{
    finish_tally(t, baseline);
    const Group *groups = t->groups;
    long n = t->n;
    int wr = name_width(groups, n, offsetof(GameRow, rules), 5);
    int wa = name_width(groups, n, offsetof(GameRow, attacker), 8);
    int wd = name_width(groups, n, offsetof(GameRow, defender), 8);
    fprintf(out, "%-*s  %-*s  %-*s  %6s  %6s  %6s  %6s  %-21s  %8s  %7s  %8s  %s\n", wr, "rules",
            wa, "attacker", wd, "defender", "games", "att %", "def %", "draw %",
            "attacker score [95%]", "p(1/2)", "plies", "p Holm", "verdict");
    long compared = 0, ladder = 0;
    for (long g = 0; g < n; g++) {
        const Group *gr = &groups[g];
        if (!is_verdict(t, gr)) {
            ladder++;
            continue;
        }
        print_group(out, gr, wr, wa, wd, true);
        compared += gr->base >= 0;
    }
    if (ladder > 0) {
        /* A curve's games between different rungs: they measure strength (the rungs' Elo), so
         * they carry no balance verdict and are not in the Holm family above. */
        fprintf(out,
                "\nladder games (rung against rung: they measure the rungs' strength, no balance "
                "verdict, not in the Holm family):\n");
        fprintf(out, "%-*s  %-*s  %-*s  %6s  %6s  %6s  %6s  %-21s  %8s  %7s\n", wr, "rules", wa,
                "attacker", wd, "defender", "games", "att %", "def %", "draw %",
                "attacker score [95%]", "p(1/2)", "plies");
        for (long g = 0; g < n; g++) {
            if (!is_verdict(t, &groups[g])) {
                print_group(out, &groups[g], wr, wa, wd, false);
            }
        }
    }
    if (compared > 0) {
        fprintf(out,
                "\nattackers' score minus that under %s, same pairing (95%% interval, "
                "Agresti-Caffo; p Holm-adjusted over %ld comparison%s):\n",
                baseline_of(t, baseline), compared, compared > 1 ? "s" : "");
        fprintf(out, "%-*s  %-*s  %-*s  %-24s  %8s  %8s  %s\n", wr, "rules", wa, "attacker", wd,
                "defender", "difference [95%]", "p", "p Holm", "verdict");
        for (long g = 0; g < n; g++) {
            const Group *gr = &groups[g];
            if (gr->base < 0) {
                continue;
            }
            fprintf(out, "%-*s  %-*s  %-*s  %+.3f [%+.3f, %+.3f]  %8.2g  %8.2g  %s\n", wr,
                    gr->names.rules, wa, gr->names.attacker, wd, gr->names.defender, gr->diff.diff,
                    gr->diff.low, gr->diff.high, gr->diff.p_value, gr->diff_p_holm,
                    diff_verdict(gr));
        }
    }
    print_ranking(out, t, baseline, wr, wa, wd);
}

void results_print_table(FILE *out, const GameRow *rows, long count)
{
    results_print_table_vs(out, rows, count, NULL);
}

void results_print_table_vs(FILE *out, const GameRow *rows, long count, const char *baseline)
{
    ResultsTally *t = tally_rows(rows, count);
    results_tally_print_vs(t, out, baseline);
    results_tally_destroy(t);
}

/* The cells of one summary.csv line parsed by libcsv, for summary_compare. */
typedef struct {
    char **cells;
    int n, cap;
} LineCells;

static void line_cell(void *data, size_t len, void *ctx)
{
    LineCells *c = ctx;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->cells = xrealloc(c->cells, (size_t)c->cap * sizeof *c->cells);
    }
    char *cell = xmalloc(len + 1);
    if (len > 0)
        memcpy(cell, data, len);
    cell[len] = '\0';
    c->cells[c->n++] = cell;
}

static void line_cells_free(LineCells *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->cells[i]);
    free(c->cells);
    memset(c, 0, sizeof *c);
}

/* Splits the line text[0..len) into cells; false when libcsv cannot (out of memory, an open
 * quote). */
static bool line_split(const char *text, size_t len, LineCells *out)
{
    memset(out, 0, sizeof *out);
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT) != 0)
        return false;
    bool ok = csv_parse(&p, text, len, line_cell, NULL, out) == len &&
              csv_fini(&p, line_cell, NULL, out) == 0;
    csv_free(&p);
    return ok;
}

/* The next line of text (without its '\n') from *at; false at the end. */
static bool next_line(const char *text, size_t len, size_t *at, const char **line, size_t *line_len)
{
    if (*at >= len)
        return false;
    const char *nl = memchr(text + *at, '\n', len - *at);
    size_t end = nl ? (size_t)(nl - text) : len;
    *line = text + *at;
    *line_len = end - *at;
    *at = nl ? end + 1 : len;
    return true;
}

SummaryMatch summary_compare(const char *kept, size_t kept_len, const char *made, size_t made_len,
                             int *kept_cols, int *made_cols, long *line)
{
    *kept_cols = *made_cols = 0;
    *line = 0;
    size_t ka = 0, ma = 0;
    const char *kl, *ml;
    size_t kn, mn;
    bool prefix = false;
    for (long no = 1;; no++) {
        bool more_k = next_line(kept, kept_len, &ka, &kl, &kn);
        bool more_m = next_line(made, made_len, &ma, &ml, &mn);
        if (!more_k && !more_m)
            return prefix ? SUMMARY_SAME_PREFIX : SUMMARY_SAME;
        *line = no;
        if (more_k != more_m)
            return SUMMARY_DIFFERENT;
        if (kn == mn && memcmp(kl, ml, kn) == 0 && no > 1)
            continue;
        LineCells kc = {0}, mc = {0};
        bool ok = line_split(kl, kn, &kc) && line_split(ml, mn, &mc);
        if (ok && no == 1) {
            *kept_cols = kc.n;
            *made_cols = mc.n;
        }
        /* The kept line must be the first cells of the made one (all of them when equal). */
        ok = ok && kc.n == *kept_cols && mc.n == *made_cols && kc.n <= mc.n && kc.n > 0;
        for (int i = 0; ok && i < kc.n; i++)
            ok = strcmp(kc.cells[i], mc.cells[i]) == 0;
        line_cells_free(&kc);
        line_cells_free(&mc);
        if (!ok)
            return SUMMARY_DIFFERENT;
        if (*kept_cols < *made_cols)
            prefix = true;
        else if (!(kn == mn && memcmp(kl, ml, kn) == 0))
            return SUMMARY_DIFFERENT; /* as many cells, the same, yet other bytes (quoting) */
    }
}
