/* Balance curves (see curve.h). */
#include "studies/curve.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "formats/files.h"
#include "formats/plot.h"
#include "stats/ratings.h"
#include "stats/stats.h"

/* Orders one ruleset's points by Elo (stable: ties keep file order) and numbers the rungs by
 * that order; without Elo the rungs keep their place in the file. */
static void order_rungs(CurvePoint *p, int count, bool by_elo)
{
    if (!by_elo) {
        return;
    }
    for (int i = 1; i < count; i++) {
        CurvePoint key = p[i];
        int j = i - 1;
        while (j >= 0 && p[j].elo > key.elo) {
            p[j + 1] = p[j];
            j--;
        }
        p[j + 1] = key;
    }
    for (int i = 0; i < count; i++) {
        p[i].rung = i;
    }
}

static void fill_point(CurvePoint *p)
{
    double games = (double)p->games;
    p->win_rate = (double)p->attacker_wins / games;
    stats_wilson((double)p->attacker_wins, games, RATINGS_Z95, &p->win_low, &p->win_high);
    ScoreEstimate e;
    stats_score(p->attacker_wins, p->draws, p->defender_wins, RATINGS_Z95, &e);
    p->score = e.score;
    p->score_low = e.low;
    p->score_high = e.high;
    p->draw_rate = (double)p->draws / games;
}

/* The index of the experiment's first greedy agent (by its spec's type), or -1. */
static int greedy_agent(const Experiment *exp)
{
    for (int a = 0; a < exp->agent_count; a++) {
        const char *spec = exp->agents[a].spec;
        if (agent_spec_is(spec, "greedy")) {
            return a;
        }
    }
    return -1;
}

/* The Bradley-Terry Elo of every agent of exp on ruleset rs from the games between different
 * agents there (both sides summed, a draw half a point to each), anchored at the greedy agent
 * when it played such games, else at the weakest of them: elo[a] (and its interval) NaN for an
 * agent without such games, or for all when the games do not link the agents (no relative
 * rating exists). *anchor is the agent at 0, or -1. */
static void fit_elo(const Experiment *exp, int rs, const GameRow *rows, long count, double *elo,
                    double *low, double *high, int *anchor)
{
    int agents = exp->agent_count;
    int *player = xmalloc((size_t)agents * sizeof *player); /* agent -> player, or -1 */
    int *agent_of = xmalloc((size_t)agents * sizeof *agent_of);
    size_t nn = (size_t)agents * (size_t)agents;
    double *pts = xcalloc(nn, sizeof *pts), *gms = xcalloc(nn, sizeof *gms);
    double *e = xmalloc(3 * (size_t)agents * sizeof *e);
    *anchor = -1;
    for (int a = 0; a < agents; a++) {
        player[a] = -1;
        elo[a] = low[a] = high[a] = NAN;
    }
    int n = 0;
    for (long g = 0; g < count; g++) {
        const GameRow *r = &rows[g];
        int a = experiment_agent_index(exp, r->attacker),
            d = experiment_agent_index(exp, r->defender);
        if (a < 0 || d < 0 || a == d || experiment_ruleset_index(exp, r->rules) != rs) {
            continue;
        }
        int two[2] = {a, d};
        for (int k = 0; k < 2; k++) {
            if (player[two[k]] < 0) {
                agent_of[n] = two[k];
                player[two[k]] = n++;
            }
        }
        double att = r->winner == WINNER_ATTACKERS ? 1.0 : r->winner == WINNER_DRAW ? 0.5 : 0.0;
        int i = player[a], j = player[d];
        pts[i * agents + j] += att;
        pts[j * agents + i] += 1.0 - att;
        gms[i * agents + j] += 1;
        gms[j * agents + i] += 1;
    }
    /* The fit wants an n x n matrix: pack the rows of the players seen. */
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            pts[i * n + j] = pts[i * agents + j];
            gms[i * n + j] = gms[i * agents + j];
        }
    }
    int greedy = greedy_agent(exp);
    int origin = greedy >= 0 ? player[greedy] : -1;
    Error ignored = {{0}};
    double *el = e, *lo = e + agents, *hi = e + 2 * agents;
    bool ok = n >= 2 && ratings_bradley_terry_anchored(n, pts, gms, origin, el, lo, hi, NULL,
                                                       &ignored) == ST_OK;
    if (ok && origin < 0) {
        origin = 0;
        for (int i = 1; i < n; i++) {
            origin = el[i] < el[origin] ? i : origin; /* ties: the first seen */
        }
        ok = ratings_bradley_terry_anchored(n, pts, gms, origin, el, lo, hi, NULL, &ignored) ==
             ST_OK;
    }
    if (ok) {
        for (int i = 0; i < n; i++) {
            elo[agent_of[i]] = el[i];
            low[agent_of[i]] = lo[i];
            high[agent_of[i]] = hi[i];
        }
        *anchor = agent_of[origin];
    }
    free(e);
    free(gms);
    free(pts);
    free(agent_of);
    free(player);
}

void curve_points(const Experiment *exp, const GameRow *rows, long count, CurvePoint **points,
                  int *n)
{
    int agents = exp->agent_count, cells = exp->ruleset_count * agents;
    CurvePoint *all = xcalloc((size_t)cells + 1, sizeof *all);
    for (long g = 0; g < count; g++) {
        const GameRow *r = &rows[g];
        int rs = experiment_ruleset_index(exp, r->rules);
        int a = experiment_agent_index(exp, r->attacker),
            d = experiment_agent_index(exp, r->defender);
        if (rs < 0 || a < 0 || a != d) {
            continue;
        }
        CurvePoint *p = &all[rs * agents + a];
        p->games++;
        p->attacker_wins += r->winner == WINNER_ATTACKERS;
        p->defender_wins += r->winner == WINNER_DEFENDERS;
        p->draws += r->winner == WINNER_DRAW;
    }
    double *elo = xmalloc(3 * (size_t)(agents > 0 ? agents : 1) * sizeof *elo);
    double *low = elo + agents, *high = elo + 2 * agents;
    int used = 0;
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        int first = used, anchor;
        bool measured = true;
        fit_elo(exp, rs, rows, count, elo, low, high, &anchor);
        for (int a = 0; a < agents; a++) {
            CurvePoint p = all[rs * agents + a];
            if (p.games == 0) {
                continue;
            }
            p.rules = exp->rulesets[rs].name;
            p.agent = exp->agents[a].name;
            p.agent_index = a;
            p.rung = a;
            p.elo = elo[a];
            p.elo_low = low[a];
            p.elo_high = high[a];
            p.anchor = anchor >= 0 ? exp->agents[anchor].name : NULL;
            measured &= !isnan(p.elo);
            fill_point(&p);
            all[used++] = p;
        }
        order_rungs(all + first, used - first, measured);
    }
    free(elo);
    *points = all;
    *n = used;
}

/* A numeric parameter of an agent: its value in the spec, else its default; NaN when neither
 * can be had (an unknown type). */
static double spec_number(const char *type, const char *spec, const char *key)
{
    char text[64];
    if (agent_spec_value(spec, key, text, sizeof text)) {
        char *end;
        double v = strtod(text, &end);
        return end != text && *end == '\0' ? v : NAN;
    }
    AgentParamInfo info;
    Error ignored = {{0}};
    return agent_param_info(type, key, &info, &ignored) == ST_OK ? info.def : NAN;
}

void curve_family(const Experiment *exp, int a, char *buf, size_t size)
{
    const char *spec = exp->agents[a].spec;
    char type[32], value[EXPERIMENT_SPEC_MAX];
    size_t tlen = strcspn(spec, ":"); /* the agent's name, as agent_spec_is reads it */
    snprintf(type, sizeof type, "%.*s", (int)(tlen < sizeof type ? tlen : sizeof type - 1), spec);
    if (strcmp(type, "random") == 0) {
        snprintf(buf, size, "random");
    } else if (strcmp(type, "external") == 0) {
        /* An engine of its own: the same program is one family, whatever its time. */
        agent_spec_value(spec, "cmd", value, sizeof value);
        snprintf(buf, size, "external%s%s", value[0] ? " " : "", value);
    } else if (strcmp(type, "mcts") == 0 && spec_number(type, spec, "eval_plies") == -1 &&
               spec_number(type, spec, "minimax") == 0) {
        /* Playouts to the end, no cut-off scored by the evaluation and no minimax backups of
         * it (agents/mcts.c): nothing of the evaluation is read. */
        snprintf(buf, size, "playouts");
    } else if (strcmp(type, "alphabeta") == 0 || strcmp(type, "greedy") == 0 ||
               strcmp(type, "mcts") == 0) {
        if (!agent_spec_value(spec, "eval", value, sizeof value) || value[0] == '\0') {
            snprintf(value, sizeof value, "hand");
        }
        snprintf(buf, size, "%s", value);
    } else {
        snprintf(buf, size, "%s", type);
    }
}

void curve_line_family(const Experiment *exp, int a, char *buf, size_t size)
{
    const char *spec = exp->agents[a].spec;
    char family[EXPERIMENT_SPEC_MAX + 16];
    curve_family(exp, a, family, sizeof family);
    size_t tlen = strcspn(spec, ":");
    if (strncmp(family, spec, tlen) == 0 && (family[tlen] == '\0' || family[tlen] == ' ')) {
        snprintf(buf, size, "%s", family); /* random, external: the type is the family */
    } else {
        snprintf(buf, size, "%.*s (%s)", (int)tlen, spec, family);
    }
}

/* Verdicts are at 5%, two-sided for differences, one-sided each for the equivalence tests. */
#define VERDICT_LEVEL 0.05

/* The direction of the top k rungs (CurveSide): each rung's test of score = 1/2
 * (stats_score), Holm over the k; p_side the largest adjusted p. */
static void top_direction(const CurvePoint *top, int k, CurveVerdict *v)
{
    double p[EXPERIMENT_MAX_AGENTS] = {0};
    int above = 0, below = 0;
    for (int i = 0; i < k; i++) {
        ScoreEstimate e;
        stats_score(top[i].attacker_wins, top[i].draws, top[i].defender_wins, RATINGS_Z95, &e);
        p[i] = e.p_value;
        above += e.score > 0.5;
        below += e.score < 0.5;
    }
    stats_holm(p, k, p);
    v->p_side = 0;
    for (int i = 0; i < k; i++) {
        v->p_side = fmax(v->p_side, p[i]);
    }
    v->side = !(v->p_side < VERDICT_LEVEL) ? CURVE_SIDE_UNDETERMINED
              : above == k                 ? CURVE_SIDE_ATTACKERS
              : below == k                 ? CURVE_SIDE_DEFENDERS
                                           : CURVE_SIDE_MIXED;
}

/* The trend of the top k rungs' scores with their Elo (CurveVerdict.trend): weighted least
 * squares with known variances, x the Elo / 100, w = 1 / se^2 with se each score's 95%
 * interval width / (2 z) (the interval never collapses, so no weight is infinite): slope =
 * sum w (x - xw)(y - yw) / Sxx, Sxx = sum w (x - xw)^2, xw and yw the weighted means; its
 * standard error 1 / sqrt(Sxx). NaN without Elo or when the rungs share one Elo (within
 * CURVE_TREND_MIN_SPAN). */
static void top_trend(const CurvePoint *top, int k, CurveVerdict *v)
{
    v->trend = v->trend_low = v->trend_high = NAN;
    if (!v->measured) {
        return;
    }
    double sw = 0, sx = 0, sy = 0;
    double w[EXPERIMENT_MAX_AGENTS] = {0};
    for (int i = 0; i < k; i++) {
        double se = (top[i].score_high - top[i].score_low) / (2 * RATINGS_Z95);
        w[i] = 1 / (se * se);
        sw += w[i];
        sx += w[i] * top[i].elo / 100;
        sy += w[i] * top[i].score;
    }
    double xw = sx / sw, yw = sy / sw, sxx = 0, sxy = 0;
    for (int i = 0; i < k; i++) {
        double dx = top[i].elo / 100 - xw;
        sxx += w[i] * dx * dx;
        sxy += w[i] * dx * (top[i].score - yw);
    }
    /* Rungs within one Elo of each other (v->span: they are in Elo order) share one Elo: their
     * Elo differ by the fit's rounding (every game of them the same result), and a slope over
     * that is noise with an interval of 1e14 (tiny 5x5 games the defenders always win,
     * results/agreement-tiny5). */
    if (!(sxx > 0) || v->span < CURVE_TREND_MIN_SPAN) {
        return;
    }
    double half = RATINGS_Z95 / sqrt(sxx);
    v->trend = sxy / sxx;
    v->trend_low = v->trend - half;
    v->trend_high = v->trend + half;
}

/* The distinct families of the top rungs into v->family_text and v->families. */
static void top_families(const Experiment *exp, const CurvePoint *top, int k, CurveVerdict *v)
{
    char(*seen)[128] = xmalloc((size_t)k * sizeof *seen);
    v->families = 0;
    v->family_text[0] = '\0';
    for (int i = 0; i < k; i++) {
        char f[128];
        curve_family(exp, top[i].agent_index, f, sizeof f);
        bool known = false;
        for (int j = 0; j < v->families && !known; j++) {
            known = strcmp(seen[j], f) == 0;
        }
        if (!known) {
            size_t len = strlen(v->family_text);
            snprintf(v->family_text + len, sizeof v->family_text - len, "%s%s",
                     v->families ? " + " : "", f);
            memcpy(seen[v->families++], f, sizeof f);
        }
    }
    free(seen);
}

/* The pairwise tests among the top k rungs: the largest TOST p-value, the smallest
 * Holm-adjusted p of a difference, and the spread's interval. The spread is the largest
 * |difference| over the m pairs, so when every pair's 1 - 0.05/m interval holds (Bonferroni:
 * together at 95% or more), the true spread lies between the largest distance of an interval
 * from 0 and the largest |bound|. */
static void pair_tests(const CurvePoint *top, int k, double width, CurveVerdict *v)
{
    long m = (long)k * (k - 1) / 2, pair = 0;
    double *p = xmalloc((size_t)m * sizeof *p);
    double z = stats_normal_quantile(1 - VERDICT_LEVEL / 2 / (double)m);
    v->p_equivalent = 0;
    v->spread_low = v->spread_high = 0;
    for (int i = 0; i < k; i++) {
        for (int j = i + 1; j < k; j++, pair++) {
            const long a[3] = {top[j].attacker_wins, top[j].draws, top[j].defender_wins};
            const long b[3] = {top[i].attacker_wins, top[i].draws, top[i].defender_wins};
            ScoreDiff d;
            stats_score_diff(a, b, z, &d);
            p[pair] = d.p_value;
            v->p_equivalent = fmax(v->p_equivalent, stats_equivalence_p(&d, width));
            double near = d.low > 0 ? d.low : d.high < 0 ? -d.high : 0.0;
            v->spread_low = fmax(v->spread_low, near);
            v->spread_high = fmax(v->spread_high, fmax(fabs(d.low), fabs(d.high)));
        }
    }
    stats_holm(p, m, p);
    v->p_different = 1;
    for (long i = 0; i < m; i++) {
        v->p_different = fmin(v->p_different, p[i]);
    }
    free(p);
}

void curve_verdict(const Experiment *exp, int rs, const CurvePoint *points, int n,
                   CurveVerdict *out)
{
    const char *name = exp->rulesets[rs].name;
    *out = (CurveVerdict){.rules = name,
                          .score_min = NAN,
                          .score_max = NAN,
                          .spread = NAN,
                          .spread_low = NAN,
                          .spread_high = NAN,
                          .p_equivalent = NAN,
                          .p_different = NAN,
                          .span = NAN,
                          .p_side = NAN,
                          .trend = NAN,
                          .trend_low = NAN,
                          .trend_high = NAN,
                          .outcome = CURVE_FEW_RUNGS};
    int last = -1;
    out->measured = true;
    for (int i = 0; i < n; i++) {
        if (strcmp(points[i].rules, name) == 0) {
            out->rungs++;
            last = i;
            out->measured = out->measured && !isnan(points[i].elo);
        }
    }
    out->measured = out->measured && out->rungs > 0;
    int k = exp->converge_rungs;
    if (out->rungs < k || k < 2) {
        return;
    }
    /* The points of a ruleset are contiguous and weakest first: the last k are the top. */
    const CurvePoint *top = points + last - k + 1;
    out->top = k;
    out->first = last - k + 1;
    out->score_min = out->score_max = top[0].score;
    for (int i = 1; i < k; i++) {
        out->score_min = fmin(out->score_min, top[i].score);
        out->score_max = fmax(out->score_max, top[i].score);
    }
    out->spread = out->score_max - out->score_min;
    pair_tests(top, k, exp->converge_width, out);
    out->equivalent = out->p_equivalent < VERDICT_LEVEL;
    out->different = out->p_different < VERDICT_LEVEL;
    if (out->measured) {
        out->span = top[k - 1].elo - top[0].elo;
        out->span_ok = out->span >= exp->converge_span;
    }
    top_families(exp, top, k, out);
    top_direction(top, k, out);
    top_trend(top, k, out);
    /* Shown equivalent beats shown different: a difference smaller than the width that many
     * games make significant is still agreement within the stated width. */
    if (out->different && !out->equivalent) {
        out->outcome = CURVE_NOT_CONVERGED;
    } else if (!out->measured) {
        out->outcome = CURVE_NO_ELO;
    } else if (!out->span_ok) {
        out->outcome = CURVE_SPAN_TOO_SMALL;
    } else if (out->families < 2) {
        out->outcome = CURVE_ONE_EVAL;
    } else {
        out->outcome = out->equivalent ? CURVE_CONVERGED : CURVE_UNDETERMINED;
    }
}

const char *curve_outcome_name(CurveOutcome o)
{
    static const char *const names[] = {
        "converged",        "not converged",       "undetermined",       "too few rungs",
        "Elo not measured", "too little Elo span", "one evaluation only"};
    return names[o];
}

const char *curve_side_name(CurveSide s)
{
    static const char *const names[] = {"undetermined", "attackers", "defenders", "mixed"};
    return names[s];
}

/* Appends to buf (holding *len bytes) like printf; the text is cut at size. */
static void append(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= size) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

void curve_verdict_text(const Experiment *exp, const CurveVerdict *v, const CurvePoint *points,
                        char *buf, size_t size)
{
    buf[0] = '\0';
    if (v->top == 0) {
        snprintf(buf, size, "%s: too few rungs: %d < %d, the verdict compares the strongest %d",
                 v->rules, v->rungs, exp->converge_rungs, exp->converge_rungs);
        return;
    }
    append(buf, size, "%s: ", v->rules);
    const char *sep = "";
    if (v->outcome == CURVE_NOT_CONVERGED) {
        append(buf, size, "not converged: add stronger rungs");
        sep = "; also ";
    } else if (v->outcome == CURVE_CONVERGED) {
        append(buf, size, "converged");
    } else if (v->outcome == CURVE_UNDETERMINED) {
        append(buf, size, "undetermined: play more games");
    }
    /* Every unmet condition, whatever the outcome. */
    if (!v->measured) {
        append(buf, size, "%sElo not measured: no games between the rungs order them", sep);
        sep = "; ";
    } else if (!v->span_ok) {
        append(buf, size, "%stoo little Elo span: %.0f < %.0f", sep, v->span, exp->converge_span);
        sep = "; ";
    }
    if (v->families < 2) {
        append(buf, size, "%sone evaluation only: %s", sep, v->family_text);
    }
    append(buf, size, " (the strongest %d%s:", v->top, v->measured ? " by Elo" : " in file order");
    for (int i = 0; i < v->top; i++) {
        append(buf, size, " %s", points[v->first + i].agent);
    }
    append(buf, size,
           "; attackers' scores %.3f..%.3f, spread %.3f [%.3f, %.3f]; within %.2f: p %.2g; "
           "different: p %.2g (Holm); span %.0f Elo; evaluations: %s)",
           v->score_min, v->score_max, v->spread, v->spread_low, v->spread_high,
           exp->converge_width, v->p_equivalent, v->p_different, v->span, v->family_text);
    /* The direction apart from the value: the side every one of them favours, and whether
     * the score still moves with strength. */
    append(buf, size, "; direction: %s", curve_side_name(v->side));
    if (v->side == CURVE_SIDE_ATTACKERS || v->side == CURVE_SIDE_DEFENDERS) {
        append(buf, size, " (each of the strongest %d %s 1/2: p <= %.2g, Holm)", v->top,
               v->side == CURVE_SIDE_ATTACKERS ? "above" : "below", v->p_side);
    } else {
        append(buf, size, " (not every one of the strongest %d on one side of 1/2: p %.2g, Holm)",
               v->top, v->p_side);
    }
    if (isnan(v->trend)) {
        append(buf, size, "; trend not measured");
    } else {
        append(buf, size, "; trend %+.3f per 100 Elo [%+.3f, %+.3f] over them", v->trend,
               v->trend_low, v->trend_high);
    }
}

/* An Elo field: empty when not measured. */
static void write_elo(FILE *f, double v)
{
    if (!isnan(v)) {
        fprintf(f, "%.1f", v);
    }
}

static Status write_csv(const CurvePoint *points, int n, const char *dir, Error *err)
{
    FilesDraft m;
    files_draft_open(&m);
    FILE *f = m.f;
    fputs("rules,rung,agent,games,attacker_wins,defender_wins,draws,attacker_win_rate,"
          "attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,"
          "attacker_score_high,draw_rate,elo,elo_low,elo_high,elo_anchor\n",
          f);
    for (int i = 0; i < n; i++) {
        const CurvePoint *p = &points[i];
        /* Names quoted by libcsv, as in summary.csv. */
        csv_fwrite(f, p->rules, strlen(p->rules));
        fprintf(f, ",%d,", p->rung);
        csv_fwrite(f, p->agent, strlen(p->agent));
        fprintf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,", p->games,
                p->attacker_wins, p->defender_wins, p->draws, p->win_rate, p->win_low, p->win_high,
                p->score, p->score_low, p->score_high, p->draw_rate);
        write_elo(f, p->elo);
        fputc(',', f);
        write_elo(f, p->elo_low);
        fputc(',', f);
        write_elo(f, p->elo_high);
        fputc(',', f);
        if (p->anchor) {
            csv_fwrite(f, p->anchor, strlen(p->anchor));
        }
        fputc('\n', f);
    }
    return files_draft_replace(&m, dir, "curve.csv", err);
}

/* A number field of convergence.csv with `decimals` fixed decimals (or 3 significant digits
 * at -1, for p-values): empty when NaN. */
static void write_number(FILE *f, int decimals, double v)
{
    fputc(',', f);
    if (isnan(v)) {
        return;
    }
    if (decimals < 0) {
        fprintf(f, "%.3g", v);
    } else {
        fprintf(f, "%.*f", decimals, v);
    }
}

static Status write_verdicts(const Experiment *exp, const CurvePoint *points, int n,
                             const char *dir, Error *err)
{
    FilesDraft m;
    files_draft_open(&m);
    FILE *f = m.f;
    fputs("rules,rungs,ordered_by,top_rungs,top_agents,score_min,score_max,spread,spread_low,"
          "spread_high,width,equivalence_p,difference_p,elo_span,span_min,families,direction,"
          "direction_p,trend,trend_low,trend_high,verdict\n",
          f);
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        CurveVerdict v;
        curve_verdict(exp, rs, points, n, &v);
        csv_fwrite(f, v.rules, strlen(v.rules));
        fprintf(f, ",%d,%s,%d,", v.rungs, v.measured ? "elo" : "file", v.top);
        char agents[EXPERIMENT_MAX_AGENTS * EXPERIMENT_NAME_MAX] = "";
        for (int i = 0; i < v.top; i++) {
            append(agents, sizeof agents, "%s%s", i ? " " : "", points[v.first + i].agent);
        }
        csv_fwrite(f, agents, strlen(agents));
        write_number(f, 4, v.score_min);
        write_number(f, 4, v.score_max);
        write_number(f, 4, v.spread);
        write_number(f, 4, v.spread_low);
        write_number(f, 4, v.spread_high);
        write_number(f, 4, exp->converge_width);
        write_number(f, -1, v.p_equivalent);
        write_number(f, -1, v.p_different);
        write_number(f, 1, v.span);
        write_number(f, 1, exp->converge_span);
        fputc(',', f);
        csv_fwrite(f, v.family_text, strlen(v.family_text));
        fputc(',', f);
        if (v.top > 0) {
            const char *side = curve_side_name(v.side);
            csv_fwrite(f, side, strlen(side));
        }
        write_number(f, -1, v.p_side);
        write_number(f, 4, v.trend);
        write_number(f, 4, v.trend_low);
        write_number(f, 4, v.trend_high);
        fputc(',', f);
        const char *name = curve_outcome_name(v.outcome);
        csv_fwrite(f, name, strlen(name));
        fputc('\n', f);
    }
    return files_draft_replace(&m, dir, "convergence.csv", err);
}

/* The x-axis label with Elo: which rung is 0 on every ruleset. */
static void elo_axis_label(const CurvePoint *points, int n, char *buf, size_t size)
{
    const char *anchor = n > 0 ? points[0].anchor : NULL;
    for (int i = 1; i < n && anchor; i++) {
        anchor = points[i].anchor && strcmp(points[i].anchor, anchor) == 0 ? anchor : NULL;
    }
    if (anchor) {
        snprintf(buf, size,
                 "rung strength: Bradley-Terry Elo relative to %s (0 on every ruleset), from "
                 "games between the rungs",
                 anchor);
    } else {
        snprintf(buf, size,
                 "rung strength: Bradley-Terry Elo relative to each ruleset's weakest rung, from "
                 "games between the rungs");
    }
}

/* Whether every point has an Elo: then the x-axis is Elo, else the rung. */
static bool all_measured(const CurvePoint *points, int n)
{
    for (int i = 0; i < n; i++) {
        if (isnan(points[i].elo)) {
            return false;
        }
    }
    return n > 0;
}

/* One datablock per ruleset (its rungs weakest first), then the figure: the attackers' score
 * against each rung's measured Elo (or its rung number), a band for its 95% interval, each
 * point labelled with its agent, 1/2 dashed, an optional reference line, and each ruleset's
 * convergence verdict in its key entry. */
static void plot_text(const Experiment *exp, const CurvePoint *points, int n, FILE *data,
                      FILE *body)
{
    bool by_elo = all_measured(points, n);
    /* The title carries each ruleset's verdict, one line each. */
    char *title = NULL;
    size_t title_len;
    FILE *tf = xopen_memstream(&title, &title_len);
    fprintf(tf, "%s: attackers' score in self-play, 95%% intervals", exp->name);
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        CurveVerdict v;
        curve_verdict(exp, rs, points, n, &v);
        fprintf(tf, "\n%s: %s", v.rules, curve_outcome_name(v.outcome));
        if (v.top > 0) {
            fprintf(tf, " (strongest %d: spread %.3f [%.3f, %.3f], width %.2f", v.top, v.spread,
                    v.spread_low, v.spread_high, exp->converge_width);
            if (!isnan(v.span)) {
                fprintf(tf, ", %.0f Elo", v.span);
            }
            /* The direction on a line of its own: it is not the value's verdict. */
            fprintf(tf, ")\n%s: direction %s", v.rules, curve_side_name(v.side));
            if (!isnan(v.trend)) {
                fprintf(tf, ", trend %+.3f per 100 Elo [%+.3f, %+.3f] among the strongest %d",
                        v.trend, v.trend_low, v.trend_high, v.top);
            }
        } else {
            fprintf(tf, " (fewer than %d rungs)", exp->converge_rungs);
        }
    }
    fclose(tf);
    fputs("set title ", body);
    plot_quote(body, title);
    free(title);
    char xlabel[EXPERIMENT_NAME_MAX + 160];
    if (by_elo) {
        elo_axis_label(points, n, xlabel, sizeof xlabel);
    } else {
        snprintf(xlabel, sizeof xlabel, "rung (file order; no games between the rungs)");
    }
    fputs("\nset ylabel \"attackers' score (wins + draws/2)\"\nset xlabel ", body);
    plot_quote(body, xlabel);
    fputs("\nset yrange [0:1]\nset grid\nset key below\n", body);
    fputs("plot ", body);
    /* One line per ruleset and family of rungs (curve_line_family): rungs that search alike
     * and read one evaluation are joined, others not, so that alpha-beta and MCTS rungs
     * interleaved by Elo do not draw one zig-zag. Families in order of their first rung. */
    int lines = 0;
    char(*family)[EXPERIMENT_SPEC_MAX + 64] = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *family);
    for (int i = 0; i < n; i++) {
        curve_line_family(exp, points[i].agent_index, family[i], sizeof family[i]);
    }
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        for (int i = 0; i < n; i++) {
            bool first = points[i].rules == exp->rulesets[rs].name;
            for (int j = 0; j < i && first; j++) {
                first =
                    points[j].rules != exp->rulesets[rs].name || strcmp(family[j], family[i]) != 0;
            }
            if (!first) {
                continue;
            }
            fprintf(data, "$r%df%d << EOD\n", rs, i);
            for (int j = i; j < n; j++) {
                if (points[j].rules != exp->rulesets[rs].name ||
                    strcmp(family[j], family[i]) != 0) {
                    continue;
                }
                fprintf(data, "%.3f %.6f %.6f %.6f ",
                        by_elo ? points[j].elo : (double)points[j].rung, points[j].score,
                        points[j].score_low, points[j].score_high);
                plot_quote_data(data, points[j].agent);
                fputc('\n', data);
            }
            fputs("EOD\n", data);
            fprintf(body,
                    "%s$r%df%d using 1:3:4 with filledcurves fs transparent solid 0.15 lt %d "
                    "notitle, \\\n     $r%df%d using 1:2 with linespoints pt 7 lw 2 lt %d title ",
                    lines ? ", \\\n     " : "", rs, i, lines + 1, rs, i, lines + 1);
            char key[EXPERIMENT_NAME_MAX + EXPERIMENT_SPEC_MAX + 80];
            snprintf(key, sizeof key, "%s: %s", exp->rulesets[rs].name, family[i]);
            plot_quote(body, key);
            fprintf(body,
                    ", \\\n     $r%df%d using 1:2:5 with labels offset 0,1 font \",8\" notitle", rs,
                    i);
            lines++;
        }
    }
    free(family);
    fputs(", \\\n     0.5 with lines dt 2 lc rgb \"gray\" title \"balanced\"", body);
    if (!isnan(exp->reference)) {
        char label[sizeof exp->reference_label + 48];
        snprintf(label, sizeof label, "%s (%.3f)",
                 exp->reference_label[0] ? exp->reference_label : "reference", exp->reference);
        fprintf(body, ", \\\n     %.6f with lines dt 4 lw 2 lc rgb \"black\" title ",
                exp->reference);
        plot_quote(body, label);
    }
    fputc('\n', body);
}

Status curve_write(const Experiment *exp, const CurvePoint *points, int n, const char *dir,
                   bool *plotted, Error *err)
{
    *plotted = false;
    Status st = write_csv(points, n, dir, err);
    if (st == ST_OK) {
        st = write_verdicts(exp, points, n, dir, err);
    }
    if (st != ST_OK || n == 0) {
        return st;
    }
    PlotScript ps;
    plot_script_open(&ps);
    plot_text(exp, points, n, ps.data, ps.body);
    char comment[EXPERIMENT_NAME_MAX + 64];
    snprintf(comment, sizeof comment, "balance curve of experiment %s", exp->name);
    return plot_script_render(&ps, dir, "curve", comment, plotted, err);
}
