/* A knob's points read off a run's games and kept rulesets (see knob.h). */
#include "studies/knob.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/plot.h"
#include "formats/rowcheck.h"
#include "harness/rowgame.h"
#include "stats/stats.h"

/* The knob value of ruleset rs, or ST_EINVAL naming the ruleset and why it has none. */
static Status knob_value(const Ruleset *rs, const char *knob, double *x, Error *err)
{
    if (strcmp(knob, "max_plies") == 0) {
        if (rs->max_plies <= 0) {
            error_set(err, "ruleset %s: knob max_plies: the ruleset has no move limit", rs->name);
            return ST_EINVAL;
        }
        if (rs->limit_result == LIMIT_RESULT_DRAW) {
            error_set(err,
                      "ruleset %s: knob max_plies: limit_result is draw, so the limit gives "
                      "neither side anything (set limit_result = attackers or defenders)",
                      rs->name);
            return ST_EINVAL;
        }
        *x = rs->max_plies;
        return ST_OK;
    }
    if (strcmp(knob, "handicap") == 0) {
        int attackers = 0, defenders = 0;
        Status st = ruleset_removed(rs, &attackers, &defenders, err);
        if (st != ST_OK) {
            error_prefix(err, "ruleset %s: knob handicap: ", rs->name);
            return st;
        }
        *x = attackers - defenders;
        return ST_OK;
    }
    error_set(err, "unknown knob '%s' (knobs: %s)", knob, KNOB_NAMES);
    return ST_EINVAL;
}

const char *knob_axis_label(const char *knob)
{
    if (strcmp(knob, "handicap") == 0)
        return "handicap: attackers taken off minus defenders taken off (negative: defenders "
               "taken off)";
    if (strcmp(knob, "max_plies") == 0)
        return "max_plies: the move limit in plies";
    return knob;
}

bool knob_whole_note(const char *knob, double x, double low, double high, char *buf, size_t size)
{
    if (strcmp(knob, "handicap") != 0 || !isfinite(x) || size == 0)
        return false;
    /* + 0.0: a ceiling of -0.4 is -0, printed as 0. */
    double below = floor(x) + 0.0, above = ceil(x) + 0.0;
    /* Within a hundredth of a piece the estimate is read as whole. */
    if (x - below < 0.01 || above - x < 0.01)
        return false;
    int len = snprintf(buf, size,
                       "no whole number of pieces balances the game: 1/2 falls between a "
                       "handicap of %.0f and %.0f",
                       below, above);
    if (len < 0 || (size_t)len >= size)
        return true;
    if (isfinite(low) && isfinite(high) && ceil(low) <= floor(high))
        snprintf(buf + len, size - (size_t)len,
                 "; the whole handicaps within the interval: %.0f to %.0f", ceil(low), floor(high));
    else if (isfinite(low) && isfinite(high))
        snprintf(buf + len, size - (size_t)len, "; no whole handicap lies within the interval");
    return true;
}

Status knob_points(const GameRow *rows, long count, const char *games_path, const char *knob,
                   const char *agent, KnobPoint **out, int *n, KnobSkipped *skipped, Error *err)
{
    memset(skipped, 0, sizeof *skipped);
    /* Checked first, so that a misspelt knob is the error whatever the games hold. */
    Ruleset probe = *ruleset_default();
    probe.max_plies = 1;
    probe.limit_result = LIMIT_RESULT_ATTACKERS;
    double unused;
    Status st = knob_value(&probe, knob, &unused, err);
    if (st != ST_OK)
        return st;
    const char *chosen = agent;
    for (long i = 0; i < count && !chosen; i++)
        if (strcmp(rows[i].attacker, rows[i].defender) == 0)
            chosen = rows[i].attacker;
    for (long i = 0; i < count && !agent && chosen; i++) {
        if (strcmp(rows[i].attacker, rows[i].defender) == 0 &&
            strcmp(rows[i].attacker, chosen) != 0) {
            error_set(err, "%s: self-play games of %s and %s: name one with --agent", games_path,
                      chosen, rows[i].attacker);
            return ST_EINVAL;
        }
    }
    KnobPoint *pts = NULL;
    /* The kept ruleset of each point, for the ply cap's winner of its rows. */
    Ruleset *kept = NULL;
    int np = 0;
    for (long i = 0; i < count && st == ST_OK; i++) {
        const GameRow *row = &rows[i];
        if (strcmp(row->attacker, row->defender) != 0) {
            skipped->not_self_play++;
            continue;
        }
        if (!chosen || strcmp(row->attacker, chosen) != 0) {
            skipped->other_agent++;
            continue;
        }
        int k = 0;
        while (k < np && strcmp(pts[k].rules, row->rules) != 0)
            k++;
        if (k == np) {
            Ruleset rs;
            double x;
            st = rowgame_ruleset(games_path, row->rules, &rs, err);
            if (st == ST_OK)
                st = knob_value(&rs, knob, &x, err);
            for (int j = 0; j < np && st == ST_OK; j++) {
                if (pts[j].pt.x == x) {
                    error_set(err, "rulesets %s and %s have the same %s (%g): one point each",
                              pts[j].rules, row->rules, knob, x);
                    st = ST_EINVAL;
                }
            }
            /* A cap won by the attackers and one won by the defenders (or drawn) move the
             * score opposite ways: one curve cannot hold both (issue 54). */
            if (st == ST_OK && np > 0 && rs.limit_result != kept[0].limit_result) {
                error_set(err,
                          "rulesets %s and %s give the ply cap to different sides "
                          "(limit_result %s, %s): one knob holds one limit_result",
                          pts[0].rules, row->rules, ruleset_limit_result_name(kept[0].limit_result),
                          ruleset_limit_result_name(rs.limit_result));
                st = ST_EINVAL;
            }
            if (st != ST_OK)
                break;
            pts = xrealloc(pts, (size_t)(np + 1) * sizeof *pts);
            kept = xrealloc(kept, (size_t)(np + 1) * sizeof *kept);
            memset(&pts[np], 0, sizeof pts[np]);
            snprintf(pts[np].rules, sizeof pts[np].rules, "%s", row->rules);
            pts[np].pt.x = x;
            kept[np] = rs;
            np++;
        }
        /* A capped row whose winner is not its ruleset's limit_result was edited or comes
         * from another build: resume refuses it (harness/runner.c), and so does the fit. */
        char why[200];
        if (!rowcheck_limit_agrees(row, &kept[k], why, sizeof why)) {
            error_set(err, "%s:%ld: %s", games_path, i + 2, why);
            st = ST_EINVAL;
            break;
        }
        CrossingPoint *p = &pts[k].pt;
        if (row->winner == WINNER_ATTACKERS)
            p->wins++;
        else if (row->winner == WINNER_DEFENDERS)
            p->losses++;
        else
            p->draws++;
    }
    if (st == ST_OK && np == 0) {
        if (agent)
            error_set(err,
                      "%s: no self-play games of agent %s (%ld rows read, %ld not self-play, "
                      "%ld of other agents)",
                      games_path, agent, count, skipped->not_self_play, skipped->other_agent);
        else
            error_set(err, "%s: no self-play games (attacker = defender) in its %ld rows",
                      games_path, count);
        st = ST_EINVAL;
    }
    free(kept);
    if (st != ST_OK) {
        free(pts);
        return st;
    }
    *out = pts;
    *n = np;
    return ST_OK;
}

Status knob_plot(const char *dir, const char *knob, const KnobPoint *pts, int n,
                 const CrossingResult *r, bool *drawn, Error *err)
{
    PlotScript ps;
    plot_script_open(&ps);
    FILE *df = ps.data, *bf = ps.body;
    fputs("$pts << EOD\n", df);
    for (int i = 0; i < n; i++) {
        const CrossingPoint *p = &pts[i].pt;
        ScoreEstimate e;
        stats_score((long)p->wins, (long)p->draws, (long)p->losses, STATS_Z95, &e);
        fprintf(df, "%.17g %.6f %.6f %.6f ", p->x, e.score, e.low, e.high);
        plot_quote_data(df, pts[i].rules);
        fputc('\n', df);
    }
    fputs("EOD\n", df);
    /* The title: what the fit says, in the words tafl crossing prints. */
    char title[512];
    int len = snprintf(title, sizeof title, "attackers' score against %s: %s", knob,
                       crossing_verdict_name(r->verdict));
    if (isfinite(r->x) && len > 0 && (size_t)len < sizeof title)
        len += snprintf(title + len, sizeof title - (size_t)len, ", 1/2 at %.2f", r->x);
    if (isfinite(r->low) && isfinite(r->high) && len > 0 && (size_t)len < sizeof title)
        len += snprintf(title + len, sizeof title - (size_t)len, " [%.2f, %.2f] (%s)", r->low,
                        r->high, r->verdict == CROSSING_SEPARATED ? "bracket" : "Fieller, 95%");
    if (isfinite(r->iso_x) && len > 0 && (size_t)len < sizeof title)
        snprintf(title + len, sizeof title - (size_t)len, "; isotonic %.2f", r->iso_x);
    double span = r->x_max - r->x_min, lo = r->x_min - 0.1 * span, hi = r->x_max + 0.1 * span;
    fputs("set title ", bf);
    plot_quote(bf, title);
    fputs("\nset xlabel ", bf);
    plot_quote(bf, knob_axis_label(knob));
    fprintf(bf,
            "\nset ylabel \"attackers' score (wins + draws/2)\"\nset yrange [0:1]\n"
            "set xrange [%.17g:%.17g]\nset grid\nset key below\nset samples 400\n",
            lo, hi);
    if (isfinite(r->low) && isfinite(r->high))
        fprintf(bf,
                "set object 1 rect from %.17g, graph 0 to %.17g, graph 1 behind "
                "fc rgb \"gray\" fs transparent solid 0.2 noborder\n",
                fmax(r->low, lo), fmin(r->high, hi));
    if (isfinite(r->x) && r->x >= lo && r->x <= hi)
        fprintf(bf, "set arrow 1 from %.17g, graph 0 to %.17g, graph 1 nohead dt 3 lw 2\n", r->x,
                r->x);
    fputs("plot $pts using 1:2:3:4 with yerrorbars pt 7 lw 2 title \"games, 95% intervals\", \\\n"
          "     $pts using 1:2:5 with labels offset 0,1.2 font \",8\" notitle",
          bf);
    if (isfinite(r->a) && isfinite(r->b))
        fprintf(bf,
                ", \\\n     1 / (1 + exp(-(%.17g + %.17g * x))) with lines lw 2 title "
                "\"logistic fit\"",
                r->a, r->b);
    fputs(", \\\n     0.5 with lines dt 2 lc rgb \"gray\" title \"balanced\"\n", bf);
    char comment[160];
    snprintf(comment, sizeof comment, "tafl crossing: the attackers' score against %s", knob);
    Status st = plot_script_render(&ps, dir, "crossing", comment, drawn, err);
    return st;
}
