/* Design searches, what the study writes: the replay of a run's race from its games.csv,
 * design.csv, the figure, the knob and the table (see design.h). */
#include "studies/design.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/files.h"
#include "formats/keyvalue.h"
#include "formats/plot.h"
#include "rules/ruleset.h"
#include "stats/balance.h"
#include "stats/crossing.h"
#include "stats/stats.h"

Status design_replay(const Experiment *exp, const GameRow *rows, long count, DesignState *s,
                     Error *err)
{
    design_state_init(s, exp);
    long k = 0;
    while (s->phase != DESIGN_DONE && k < count) {
        int pairing = design_phase_pairing(s->phase);
        long per = s->to - s->from, need = 0;
        for (int i = 0; i < s->n; i++)
            need += design_state_plays(s, i, pairing) ? per : 0;
        long end = k + need;
        for (; k < end && k < count; k++) {
            int r = experiment_ruleset_index(exp, rows[k].rules);
            const char *agent = exp->agents[exp->pairings[pairing].attacker].name;
            if (r < 0 || !design_state_plays(s, r, pairing) ||
                strcmp(rows[k].attacker, agent) != 0 || strcmp(rows[k].defender, agent) != 0) {
                error_set(err,
                          "game %ld (%s, %s vs %s) is not one the search plays there: games.csv "
                          "is not this design's",
                          rows[k].game, rows[k].rules, rows[k].attacker, rows[k].defender);
                design_state_free(s);
                return ST_EINVAL;
            }
            design_state_add(s, r, pairing, rows[k].winner);
        }
        if (k < end)
            break; /* an unfinished run: the round in progress stays open */
        design_state_next(s, exp);
    }
    if (k < count) {
        error_set(err, "games.csv holds %ld games, more than the search plays (%ld)", count, k);
        design_state_free(s);
        return ST_EINVAL;
    }
    return ST_OK;
}

/* The value of `key = value` in a ruleset text (ruleset_format's), its length in *len; NULL
 * when the text has no such line or its value is empty. */
static const char *text_value(const char *text, const char *key, size_t *len)
{
    const char *v = keyvalue_find(text, key, KEYVALUE_ASSIGN, len);
    return v && *len > 0 ? v : NULL;
}

/* Appends "key=value" to buf for each key of `from` whose value in `other` differs (absent:
 * `missing` as the other's value when nonzero, else skipped). */
static void diff_keys(const char *from, const char *other, bool from_is_candidate, char *buf,
                      size_t size, size_t *used)
{
    for (const char *p = from; *p;) {
        size_t n = strcspn(p, "\n"), key = strcspn(p, " ");
        if (key < n && strncmp(p, "name ", 5) != 0) {
            size_t len;
            char name[128];
            snprintf(name, sizeof name, "%.*s", (int)key, p);
            const char *v = text_value(other, name, &len);
            bool same = v && len == n - key - 3 && memcmp(v, p + key + 3, len) == 0;
            if (!same && (from_is_candidate || v == NULL)) {
                /* A key the candidate lacks takes its default (ruleset_format leaves out
                 * limit_result = draw). */
                int k = snprintf(buf + *used, *used < size ? size - *used : 0, "%s%.*s=%.*s",
                                 *used ? " " : "", (int)key, p,
                                 from_is_candidate ? (int)(n - key - 3) : 7,
                                 from_is_candidate ? p + key + 3 : "default");
                *used += k > 0 ? (size_t)k : 0;
            }
        }
        p += n + (p[n] == '\n');
    }
}

void design_changes(const Experiment *exp, int i, char *buf, size_t size)
{
    char a[4096], b[4096];
    ruleset_format(&exp->rulesets[0], a, sizeof a);
    ruleset_format(&exp->rulesets[i], b, sizeof b);
    size_t used = 0;
    buf[0] = '\0';
    diff_keys(b, a, true, buf, size, &used);
    diff_keys(a, b, false, buf, size, &used);
    if (buf[0] == '\0')
        snprintf(buf, size, "base");
}

int design_knob_points(const Experiment *exp, const DesignState *s)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        n += design_is_knob_point(exp, i);
    return n;
}

bool design_knob(const Experiment *exp, const DesignState *s, CrossingResult *out,
                 LimitResult *side, int *skipped, Error *why)
{
    CrossingPoint *pts = xmalloc((size_t)(s->n > 0 ? s->n : 1) * sizeof *pts);
    int n = 0, first = -1;
    *skipped = 0;
    bool ok = true;
    for (int i = 0; i < s->n && ok; i++) {
        const long *w = s->race[i];
        if (!design_is_knob_point(exp, i))
            continue;
        if (w[0] + w[1] + w[2] == 0) {
            (*skipped)++;
            continue;
        }
        /* A limit won by the attackers and one won by the defenders move the score opposite
         * ways: one curve cannot hold both (issue 54). */
        if (first >= 0 && exp->rulesets[i].limit_result != exp->rulesets[first].limit_result) {
            error_set(why, "candidates %s and %s give the limit to different sides (%s, %s)",
                      exp->rulesets[first].name, exp->rulesets[i].name,
                      ruleset_limit_result_name(exp->rulesets[first].limit_result),
                      ruleset_limit_result_name(exp->rulesets[i].limit_result));
            ok = false;
            break;
        }
        if (first < 0)
            first = i;
        *side = exp->rulesets[i].limit_result;
        pts[n++] =
            (CrossingPoint){exp->rulesets[i].max_plies, (double)w[0], (double)w[1], (double)w[2]};
    }
    if (ok)
        ok = crossing_fit(pts, n, STATS_Z95, out, why) == ST_OK;
    free(pts);
    return ok;
}

/* One candidate's numbers: its strongest agent's games (the confirming agent's when it
 * played), for the ranking and the verdict. */
typedef struct {
    int index;
    bool confirmed; /* the confirming agent played it */
    const long *wdl;
    BalanceDistance d;
} Ranked;

static int compare_ranked(const void *x, const void *y, const DesignState *s)
{
    const Ranked *a = x, *b = y;
    bool ia = s->alive[a->index], ib = s->alive[b->index];
    if (ia != ib)
        return ia ? -1 : 1;
    if (!ia && s->dropped[a->index] != s->dropped[b->index])
        return s->dropped[a->index] > s->dropped[b->index] ? -1 : 1;
    if (a->d.distance != b->d.distance)
        return a->d.distance < b->d.distance ? -1 : 1;
    return a->index - b->index;
}

/* The candidates in design.csv's order (compare_ranked, by insertion: n is at most
 * EXPERIMENT_MAX_RULESETS and qsort has no context argument in C11). Caller frees. */
static Ranked *rank_all(const DesignState *s)
{
    Ranked *r = xmalloc((size_t)(s->n > 0 ? s->n : 1) * sizeof *r);
    for (int i = 0; i < s->n; i++) {
        Ranked x;
        memset(&x, 0, sizeof x);
        x.index = i;
        x.wdl = s->race[i];
        long c = s->confirm[i][0] + s->confirm[i][1] + s->confirm[i][2];
        if (c > 0) {
            x.confirmed = true;
            x.wdl = s->confirm[i];
        }
        balance_distance(x.wdl[0], x.wdl[1], x.wdl[2], STATS_Z95, &x.d);
        int j = i;
        while (j > 0 && compare_ranked(&x, &r[j - 1], s) < 0) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
    return r;
}

/* A candidate's verdict: "eliminated" when the race dropped it, else the equivalence test of
 * its strongest agent's games within the experiment's margin. */
static const char *verdict_of(const Experiment *exp, const DesignState *s, const Ranked *r)
{
    if (!s->alive[r->index])
        return "eliminated";
    return balance_verdict_name(
        balance_verdict(r->wdl[0], r->wdl[1], r->wdl[2], exp->margin, 0.05));
}

static void put_field(FILE *f, const char *text)
{
    csv_fwrite(f, text, strlen(text));
}

static Status write_csv(const Experiment *exp, const DesignState *s, const Ranked *r,
                        const char *dir, Error *err)
{
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    fputs("candidate,changes,games,attacker_wins,draws,defender_wins,score,score_low,score_high,"
          "distance,distance_low,distance_high,round_eliminated,p_holm,confirm_games,"
          "confirm_score,confirm_low,confirm_high,confirm_distance,confirm_distance_low,"
          "confirm_distance_high,verdict\n",
          f);
    for (int k = 0; k < s->n; k++) {
        int i = r[k].index;
        const long *w = s->race[i], *c = s->confirm[i];
        char changes[1024];
        design_changes(exp, i, changes, sizeof changes);
        put_field(f, exp->rulesets[i].name);
        fputc(',', f);
        put_field(f, changes);
        BalanceDistance d;
        balance_distance(w[0], w[1], w[2], STATS_Z95, &d);
        fprintf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,", w[0] + w[1] + w[2], w[0],
                w[1], w[2], d.score, d.score_low, d.score_high, d.distance, d.low, d.high);
        if (s->dropped[i] > 0)
            fprintf(f, "%d", s->dropped[i]);
        fputc(',', f);
        if (!isnan(s->p_holm[i]))
            fprintf(f, "%.3g", s->p_holm[i]);
        long cn = c[0] + c[1] + c[2];
        fprintf(f, ",%ld,", cn);
        if (cn > 0) {
            BalanceDistance e;
            balance_distance(c[0], c[1], c[2], STATS_Z95, &e);
            fprintf(f, "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,", e.score, e.score_low, e.score_high,
                    e.distance, e.low, e.high);
        } else {
            fputs(",,,,,,", f);
        }
        put_field(f, verdict_of(exp, s, &r[k]));
        fputc('\n', f);
    }
    return files_draft_replace(&draft, dir, "design.csv", err);
}

/* The figure: each candidate at its rank, its strongest agent's score with the 95% interval,
 * survivors filled and the dropped open, 1/2 and the margin band dashed, names below. */
static void plot_text(const Experiment *exp, const DesignState *s, const Ranked *r, FILE *data,
                      FILE *body)
{
    for (int set = 0; set < 2; set++) {
        fprintf(data, "$%s << EOD\n", set == 0 ? "in" : "out");
        for (int k = 0; k < s->n; k++) {
            if (s->alive[r[k].index] != (set == 0))
                continue;
            fprintf(data, "%d %.6f %.6f %.6f ", k + 1, r[k].d.score, r[k].d.score_low,
                    r[k].d.score_high);
            plot_quote_data(data, exp->rulesets[r[k].index].name);
            fputc('\n', data);
        }
        fputs("EOD\n", data);
    }
    char title[EXPERIMENT_NAME_MAX + 200];
    snprintf(title, sizeof title,
             "%s: candidates ranked, attackers' score with 95%% intervals\n(the confirming "
             "agent's games where it played; band: 1/2 +- %.2f)",
             exp->name, exp->margin);
    fputs("set title ", body);
    plot_quote(body, title);
    fprintf(body,
            "\nset ylabel \"attackers' score (wins + draws/2)\"\nset yrange [0:1]\n"
            "set xrange [0:%d]\nset xtics rotate by 60 right font \",%d\"\nset grid y\n"
            "set key top right box opaque\nset bmargin 14\n",
            s->n + 1, s->n > 24 ? 6 : 8);
    int counts[2] = {0, 0};
    for (int i = 0; i < s->n; i++)
        counts[s->alive[i] ? 0 : 1]++;
    fprintf(body,
            "plot 0.5 with lines dt 2 lc rgb \"gray\" title \"balanced\", \\\n"
            "     %.6f with lines dt 3 lc rgb \"gray\" notitle, \\\n"
            "     %.6f with lines dt 3 lc rgb \"gray\" notitle",
            0.5 - exp->margin, 0.5 + exp->margin);
    /* An empty datablock would make gnuplot warn: each set is drawn only when it has points. */
    if (counts[0] > 0)
        fputs(", \\\n     $in using 1:2:3:4:xtic(5) with yerrorbars pt 7 lc rgb \"#1f77b4\" "
              "title \"survivor\"",
              body);
    if (counts[1] > 0)
        fputs(", \\\n     $out using 1:2:3:4:xtic(5) with yerrorbars pt 6 lc rgb \"#999999\" "
              "title \"eliminated in the race\"",
              body);
    fputc('\n', body);
}

/* knob.csv, crossing.csv and the knob's figure (design.h). */
static Status write_knob(const Experiment *exp, const DesignState *s, const CrossingResult *c,
                         LimitResult side, const char *dir, bool *plotted, Error *err)
{
    FilesDraft draft;
    files_draft_open(&draft);
    FILE *f = draft.f;
    PlotScript ps;
    plot_script_open(&ps);
    FILE *df = ps.data, *bf = ps.body;
    fputs("limit,games,attacker_wins,draws,defender_wins,score,score_low,score_high,fitted\n", f);
    fputs("$knob << EOD\n", df);
    for (int i = 0; i < s->n; i++) {
        const long *w = s->race[i];
        if (!design_is_knob_point(exp, i) || w[0] + w[1] + w[2] == 0)
            continue;
        BalanceDistance d;
        balance_distance(w[0], w[1], w[2], STATS_Z95, &d);
        int x = exp->rulesets[i].max_plies;
        fprintf(f, "%d,%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,", x, w[0] + w[1] + w[2], w[0], w[1], w[2],
                d.score, d.score_low, d.score_high);
        double fit = crossing_score_at(c, x);
        if (!isnan(fit))
            fprintf(f, "%.4f", fit);
        fputc('\n', f);
        fprintf(df, "%d %.6f %.6f %.6f\n", x, d.score, d.score_low, d.score_high);
    }
    fputs("EOD\n", df);
    Status st = files_draft_replace(&draft, dir, "knob.csv", err);
    files_draft_open(&draft);
    f = draft.f;
    fprintf(f, "limit_result,verdict,limit,limit_low,limit_high,isotonic,a,b\n%s,%s,",
            ruleset_limit_result_name(side), crossing_verdict_name(c->verdict));
    const double v[6] = {c->x, c->low, c->high, c->iso_x, c->a, c->b};
    for (int k = 0; k < 6; k++) {
        if (!isnan(v[k]) && !isinf(v[k]))
            fprintf(f, k < 4 ? "%.2f" : "%.6g", v[k]);
        fputc(k < 5 ? ',' : '\n', f);
    }
    if (st == ST_OK)
        st = files_draft_replace(&draft, dir, "crossing.csv", err);
    else
        files_draft_discard(&draft);
    char title[EXPERIMENT_NAME_MAX + 256];
    snprintf(title, sizeof title,
             "%s: the move-limit knob (a game reaching the limit goes to the %s)\nlogistic fit: "
             "score 1/2 at %.1f, 95%% Fieller interval [%.1f, %.1f] (%s)",
             exp->name, ruleset_limit_result_name(side), c->x, c->low, c->high,
             crossing_verdict_name(c->verdict));
    fputs("set title ", bf);
    plot_quote(bf, title);
    fprintf(bf,
            "\nset xlabel \"move limit (max_plies)\"\nset ylabel \"attackers' score "
            "(wins + draws/2)\"\nset yrange [0:1]\nset xrange [%g:%g]\nset grid\nset key "
            "below\n",
            c->x_min - 5, c->x_max + 5);
    bool band = !isnan(c->low) && !isinf(c->low) && !isnan(c->high) && !isinf(c->high);
    if (band)
        fprintf(bf,
                "set object 1 rect from %.6f, graph 0 to %.6f, graph 1 fc rgb \"#ffcc80\" "
                "fs transparent solid 0.3 noborder behind\n",
                c->low, c->high);
    fputs("plot 0.5 with lines dt 2 lc rgb \"gray\" title \"balanced\", \\\n"
          "     $knob using 1:2:3:4 with yerrorbars pt 7 lc rgb \"#1f77b4\" title "
          "\"race games, 95% intervals\"",
          bf);
    if (!isnan(c->a) && !isnan(c->b))
        fprintf(bf,
                ", \\\n     1 / (1 + exp(-(%.10g + %.10g * x))) with lines lw 2 lc rgb "
                "\"#d62728\" title \"logistic fit\"",
                c->a, c->b);
    if (!isnan(c->x) && c->x >= c->x_min - 5 && c->x <= c->x_max + 5)
        fprintf(bf,
                ", \\\n     '+' using (%.6f):(0.5) with points pt 9 ps 2 lc rgb \"black\" "
                "title \"crossing (band: its interval)\"",
                c->x);
    fputc('\n', bf);
    if (st == ST_OK) {
        char comment[EXPERIMENT_NAME_MAX + 64];
        snprintf(comment, sizeof comment, "move-limit knob of experiment %s", exp->name);
        st = plot_script_render(&ps, dir, "knob", comment, plotted, err);
    } else {
        plot_script_discard(&ps);
    }
    return st;
}

Status design_write(const Experiment *exp, const DesignState *s, const char *dir, bool *plotted,
                    Error *err)
{
    *plotted = false;
    Ranked *r = rank_all(s);
    Status st = write_csv(exp, s, r, dir, err);
    if (st == ST_OK && s->n > 0) {
        PlotScript ps;
        plot_script_open(&ps);
        plot_text(exp, s, r, ps.data, ps.body);
        char comment[EXPERIMENT_NAME_MAX + 64];
        snprintf(comment, sizeof comment, "design search of experiment %s", exp->name);
        st = plot_script_render(&ps, dir, "design", comment, plotted, err);
    }
    free(r);
    CrossingResult c;
    LimitResult side = LIMIT_RESULT_DRAW;
    bool knob_plotted = false;
    int skipped;
    Error why = {{0}};
    if (st == ST_OK && design_knob(exp, s, &c, &side, &skipped, &why)) {
        st = write_knob(exp, s, &c, side, dir, &knob_plotted, err);
        *plotted = *plotted && knob_plotted;
    }
    return st;
}

static const char *end_text(DesignEnd e, bool knob)
{
    switch (e) {
    case DESIGN_END_ONE:
        return knob ? "one rule change and one limit left" : "one candidate left";
    case DESIGN_END_ROUNDS:
        return "every survivor played its games";
    case DESIGN_END_BUDGET:
        return "the next round would pass the budget";
    default:
        return "not finished";
    }
}

void design_print(FILE *out, const Experiment *exp, const DesignState *s)
{
    Ranked *r = rank_all(s);
    int alive = 0;
    for (int i = 0; i < s->n; i++)
        alive += s->alive[i];
    fprintf(out,
            "\ndesign search %s: %d candidates, %d race rounds of %s (%ld games), %s; %d "
            "survivor%s%s%s\n",
            exp->name, s->n, s->rounds, exp->agents[0].name, s->race_games,
            end_text(s->end, design_knob_points(exp, s) > 0), alive, alive == 1 ? "" : "s",
            exp->pairing_count > 1 ? ", confirmed by " : "",
            exp->pairing_count > 1 ? exp->agents[1].name : "");
    int wn = 9;
    for (int i = 0; i < s->n; i++)
        if (s->alive[i] && (int)strlen(exp->rulesets[i].name) > wn)
            wn = (int)strlen(exp->rulesets[i].name);
    fprintf(out, "%4s  %-*s  %6s  %-21s  %-21s  %s\n", "rank", wn, "candidate", "games",
            "score [95%]", "distance [95%]", "verdict");
    for (int k = 0; k < s->n && s->alive[r[k].index]; k++) {
        const Ranked *x = &r[k];
        long games = x->wdl[0] + x->wdl[1] + x->wdl[2];
        fprintf(out, "%4d  %-*s  %6ld  %.3f [%.3f-%.3f]  %.3f [%.3f-%.3f]  %s\n", k + 1, wn,
                exp->rulesets[x->index].name, games, x->d.score, x->d.score_low, x->d.score_high,
                x->d.distance, x->d.low, x->d.high, verdict_of(exp, s, x));
    }
    int knob_points = design_knob_points(exp, s);
    if (knob_points > 0)
        fprintf(out,
                "the race ranks the move-limit knob's %d limit%s apart from the %d rule "
                "change%s (the base among them): best rule change %s, best limit %s\n",
                knob_points, knob_points == 1 ? "" : "s", s->n - knob_points,
                s->n - knob_points == 1 ? "" : "s",
                s->best >= 0 ? exp->rulesets[s->best].name : "none",
                s->best_knob >= 0 ? exp->rulesets[s->best_knob].name : "none");
    if (exp->pairing_count > 1 && alive > 1) {
        /* Does the stronger agent keep the race's order? A pair of survivors is discordant when
         * the race and the confirmation order them strictly the opposite way (ties agree with
         * anything): Kendall's count of discordant pairs. */
        long pairs = 0, discordant = 0;
        for (int a = 0; a < s->n; a++) {
            for (int b = a + 1; b < s->n; b++) {
                if (!s->alive[a] || !s->alive[b])
                    continue;
                BalanceDistance ra, rb, ca, cb;
                balance_distance(s->race[a][0], s->race[a][1], s->race[a][2], STATS_Z95, &ra);
                balance_distance(s->race[b][0], s->race[b][1], s->race[b][2], STATS_Z95, &rb);
                balance_distance(s->confirm[a][0], s->confirm[a][1], s->confirm[a][2], STATS_Z95,
                                 &ca);
                balance_distance(s->confirm[b][0], s->confirm[b][1], s->confirm[b][2], STATS_Z95,
                                 &cb);
                double x = ra.distance - rb.distance, y = ca.distance - cb.distance;
                pairs++;
                discordant += (x < 0 && y > 0) || (x > 0 && y < 0);
            }
        }
        fprintf(out, "the race's order of the survivors %s under %s (%ld of %ld pairs reversed)\n",
                discordant == 0 ? "holds" : "does not hold", exp->agents[1].name, discordant,
                pairs);
    }
    CrossingResult c;
    LimitResult side = LIMIT_RESULT_DRAW;
    int skipped = 0;
    Error why = {{0}};
    bool knob = design_knob(exp, s, &c, &side, &skipped, &why);
    if (knob && c.verdict == CROSSING_ONE_RESULT)
        fprintf(out,
                "move-limit knob: no balancing limit: every game at limits %g..%g had one result "
                "(the attackers' score is 0 or 1 throughout)\n",
                c.x_min, c.x_max);
    else if (knob && c.verdict == CROSSING_SEPARATED)
        /* No fit: the bracket of the levels sure to lie either side of 1/2, open (inf) where
         * no level is sure, never one value (stats/crossing.h). */
        fprintf(out,
                "balancing move limit (a game reaching it goes to the %s): the games separate "
                "(no logistic fit), the crossing lies in [%.1f, %.1f]%s (limits %g..%g)\n",
                ruleset_limit_result_name(side), c.low, c.high,
                isfinite(c.low) && isfinite(c.high) ? "" : ": not bracketed by the limits measured",
                c.x_min, c.x_max);
    else if (knob)
        fprintf(out,
                "balancing move limit (a game reaching it goes to the %s): %.1f, 95%% interval "
                "[%.1f, %.1f] (logistic fit, Fieller; isotonic %.1f; %s; limits %g..%g)\n",
                ruleset_limit_result_name(side), c.x, c.low, c.high, c.iso_x,
                crossing_verdict_name(c.verdict), c.x_min, c.x_max);
    else if (design_knob_points(exp, s) > 0)
        fprintf(out, "move-limit knob: no balancing limit: %s\n", why.text);
    if (skipped > 0)
        fprintf(out, "move-limit knob: %d limit%s without games left out\n", skipped,
                skipped == 1 ? "" : "s");
    int dropped = s->n - alive;
    if (dropped > 0) {
        fprintf(out, "eliminated: %d (", dropped);
        for (int round = 1, first = 1; round <= s->rounds; round++) {
            int fell = 0;
            for (int i = 0; i < s->n; i++)
                fell += s->dropped[i] == round;
            if (fell > 0) {
                fprintf(out, "%sround %d: %d", first ? "" : ", ", round, fell);
                first = 0;
            }
        }
        fprintf(out, "); design.csv lists every candidate\n");
    }
    free(r);
}
