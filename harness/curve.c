/* Balance curves (see curve.h). */
#include "harness/curve.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/files.h"
#include "formats/plot.h"
#include "harness/league.h"
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

/* The Elo of agent on ruleset rules from league_rate's table; false (and NaN) when unrated. */
static bool rung_elo(const LeagueRating *ratings, long n, const char *rules, const char *agent,
                     CurvePoint *p)
{
    p->elo = p->elo_low = p->elo_high = NAN;
    for (long i = 0; i < n; i++) {
        if (strcmp(ratings[i].rules, rules) == 0 && strcmp(ratings[i].agent, agent) == 0) {
            p->elo = ratings[i].elo;
            p->elo_low = ratings[i].low;
            p->elo_high = ratings[i].high;
        }
    }
    return !isnan(p->elo);
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
    /* The rungs' strength: the same Bradley-Terry fit as tafl ratings, from the games between
     * different agents (self-play left out), per ruleset. */
    LeagueRating *ratings = NULL;
    long rated = 0;
    Error ignored = {{0}};
    if (count == 0 || league_rate(rows, count, &ratings, &rated, &ignored) != ST_OK) {
        rated = 0;
    }
    int used = 0;
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        int first = used;
        bool measured = true;
        for (int a = 0; a < agents; a++) {
            CurvePoint p = all[rs * agents + a];
            if (p.games == 0) {
                continue;
            }
            p.rules = exp->rulesets[rs].name;
            p.agent = exp->agents[a].name;
            p.rung = a;
            measured &= rung_elo(ratings, rated, p.rules, p.agent, &p);
            fill_point(&p);
            all[used++] = p;
        }
        order_rungs(all + first, used - first, measured);
    }
    free(ratings);
    *points = all;
    *n = used;
}

void curve_verdict(const Experiment *exp, int rs, const CurvePoint *points, int n,
                   CurveVerdict *out)
{
    const char *name = exp->rulesets[rs].name;
    *out = (CurveVerdict){name, 0, false, NAN, NAN, false};
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
    if (out->rungs < 3) {
        return;
    }
    /* The points of a ruleset are contiguous and weakest first: the last three are the top. */
    out->score_min = out->score_max = points[last].score;
    for (int i = last - 2; i <= last; i++) {
        out->score_min = fmin(out->score_min, points[i].score);
        out->score_max = fmax(out->score_max, points[i].score);
    }
    out->converged = out->score_max - out->score_min <= exp->converge_width + 1e-12;
}

void curve_verdict_text(const CurveVerdict *v, double width, char *buf, size_t size)
{
    if (v->rungs < 3) {
        snprintf(buf, size, "%s: not converged: %d rungs, the verdict needs three or more",
                 v->rules, v->rungs);
    } else if (v->converged) {
        snprintf(buf, size,
                 "%s: converged: the strongest three rungs%s score %.3f..%.3f as attackers "
                 "(within %.2f)",
                 v->rules, v->measured ? " (by Elo)" : "", v->score_min, v->score_max, width);
    } else {
        snprintf(buf, size,
                 "%s: not converged: add stronger rungs (the strongest three%s score "
                 "%.3f..%.3f as attackers, wider than %.2f)",
                 v->rules, v->measured ? " by Elo" : "", v->score_min, v->score_max, width);
    }
}

/* A file made in memory (open_memstream), written as DIR/NAME: f closed, then files_replace
 * (a temporary file renamed into place, never through a link or into a FIFO). */
typedef struct {
    FILE *f;
    char *text;
    size_t len;
} MemFile;

static void mem_open(MemFile *m)
{
    m->text = NULL;
    m->len = 0;
    m->f = open_memstream(&m->text, &m->len);
    if (!m->f) {
        fprintf(stderr, "out of memory for a file\n");
        abort();
    }
}

static Status mem_write(MemFile *m, const char *dir, const char *name, Error *err)
{
    Status st = ST_OK;
    if (ferror(m->f) | (fclose(m->f) != 0)) {
        error_set(err, "%s/%s: cannot write: %s", dir, name, strerror(errno));
        st = ST_EIO;
    }
    if (st == ST_OK)
        st = files_replace(dir, name, m->text, m->len, err);
    free(m->text);
    return st;
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
    MemFile m;
    mem_open(&m);
    FILE *f = m.f;
    fputs("rules,rung,agent,games,attacker_wins,defender_wins,draws,attacker_win_rate,"
          "attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,"
          "attacker_score_high,draw_rate,elo,elo_low,elo_high\n",
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
        fputc('\n', f);
    }
    return mem_write(&m, dir, "curve.csv", err);
}

static Status write_verdicts(const Experiment *exp, const CurvePoint *points, int n,
                             const char *dir, Error *err)
{
    MemFile m;
    mem_open(&m);
    FILE *f = m.f;
    fputs("rules,rungs,ordered_by,top3_score_min,top3_score_max,width,verdict\n", f);
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        CurveVerdict v;
        curve_verdict(exp, rs, points, n, &v);
        csv_fwrite(f, v.rules, strlen(v.rules));
        fprintf(f, ",%d,%s,", v.rungs, v.measured ? "elo" : "file");
        if (v.rungs >= 3) {
            fprintf(f, "%.4f,%.4f", v.score_min, v.score_max);
        } else {
            fputc(',', f);
        }
        fprintf(f, ",%.4f,%s\n", exp->converge_width, v.converged ? "converged" : "not converged");
    }
    return mem_write(&m, dir, "convergence.csv", err);
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
    FILE *tf = open_memstream(&title, &title_len);
    if (!tf) {
        fprintf(stderr, "out of memory for a plot\n");
        abort();
    }
    fprintf(tf, "%s: attackers' score in self-play, 95%% intervals", exp->name);
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        CurveVerdict v;
        curve_verdict(exp, rs, points, n, &v);
        fprintf(tf, "\n%s: %s", v.rules, v.converged ? "converged" : "not converged");
        if (v.rungs >= 3) {
            fprintf(tf, " (strongest three: %.3f-%.3f, width %.2f)", v.score_min, v.score_max,
                    exp->converge_width);
        } else {
            fprintf(tf, " (fewer than three rungs)");
        }
    }
    fclose(tf);
    fputs("set title ", body);
    plot_quote(body, title);
    free(title);
    fprintf(body,
            "\nset ylabel \"attackers' score (wins + draws/2)\"\nset xlabel \"%s\"\n"
            "set yrange [0:1]\nset grid\nset key below\n",
            by_elo ? "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
                   : "rung (file order; no games between the rungs)");
    fputs("plot ", body);
    int lines = 0;
    for (int rs = 0; rs < exp->ruleset_count; rs++) {
        bool any = false;
        for (int i = 0; i < n; i++) {
            if (points[i].rules != exp->rulesets[rs].name) {
                continue;
            }
            if (!any) {
                fprintf(data, "$r%d << EOD\n", rs);
                any = true;
            }
            fprintf(data, "%.3f %.6f %.6f %.6f ", by_elo ? points[i].elo : (double)points[i].rung,
                    points[i].score, points[i].score_low, points[i].score_high);
            plot_quote(data, points[i].agent);
            fputc('\n', data);
        }
        if (!any) {
            continue;
        }
        fputs("EOD\n", data);
        fprintf(body,
                "%s$r%d using 1:3:4 with filledcurves fs transparent solid 0.15 lt %d "
                "notitle, \\\n     $r%d using 1:2 with linespoints pt 7 lw 2 lt %d title ",
                lines ? ", \\\n     " : "", rs, lines + 1, rs, lines + 1);
        plot_quote(body, exp->rulesets[rs].name);
        fprintf(body, ", \\\n     $r%d using 1:2:5 with labels offset 0,1 font \",8\" notitle", rs);
        lines++;
    }
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
    char *data = NULL, *body = NULL;
    size_t data_len, body_len;
    FILE *df = open_memstream(&data, &data_len), *bf = open_memstream(&body, &body_len);
    if (!df || !bf) {
        fprintf(stderr, "out of memory for a plot\n");
        abort();
    }
    plot_text(exp, points, n, df, bf);
    fclose(df);
    fclose(bf);
    char comment[EXPERIMENT_NAME_MAX + 64];
    snprintf(comment, sizeof comment, "balance curve of experiment %s", exp->name);
    st = plot_render(dir, "curve", comment, data, body, plotted, err);
    free(data);
    free(body);
    return st;
}
