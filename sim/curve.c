/* Balance curves (see curve.h). */
#include "sim/curve.h"

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/plot.h"
#include "sim/ratings.h"
#include "sim/stats.h"

void curve_points(const Experiment *exp, const GameRow *rows, long count, CurvePoint **points,
                  int *n)
{
    int cells = exp->ruleset_count * exp->agent_count;
    CurvePoint *all = xcalloc((size_t)cells + 1, sizeof *all);
    for (long g = 0; g < count; g++) {
        const GameRow *r = &rows[g];
        if (strcmp(r->attacker, r->defender) != 0) {
            continue;
        }
        int rs = 0, ag = 0;
        while (rs < exp->ruleset_count && strcmp(exp->rulesets[rs].name, r->rules) != 0) {
            rs++;
        }
        while (ag < exp->agent_count && strcmp(exp->agents[ag].name, r->attacker) != 0) {
            ag++;
        }
        if (rs == exp->ruleset_count || ag == exp->agent_count) {
            continue;
        }
        CurvePoint *p = &all[rs * exp->agent_count + ag];
        p->games++;
        p->attacker_wins += r->winner == WINNER_ATTACKERS;
        p->defender_wins += r->winner == WINNER_DEFENDERS;
        p->draws += r->winner == WINNER_DRAW;
    }
    int used = 0;
    for (int i = 0; i < cells; i++) {
        CurvePoint p = all[i];
        if (p.games == 0) {
            continue;
        }
        p.rules = exp->rulesets[i / exp->agent_count].name;
        p.agent = exp->agents[i % exp->agent_count].name;
        p.rung = i % exp->agent_count;
        double games = (double)p.games;
        p.win_rate = (double)p.attacker_wins / games;
        stats_wilson((double)p.attacker_wins, games, RATINGS_Z95, &p.win_low, &p.win_high);
        ScoreEstimate e;
        stats_score(p.attacker_wins, p.draws, p.defender_wins, RATINGS_Z95, &e);
        p.score = e.score;
        p.score_low = e.low;
        p.score_high = e.high;
        p.draw_rate = (double)p.draws / games;
        all[used++] = p;
    }
    *points = all;
    *n = used;
}

static Status write_csv(const CurvePoint *points, int n, const char *path, Error *err)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    fputs("rules,rung,agent,games,attacker_wins,defender_wins,draws,attacker_win_rate,"
          "attacker_win_low,attacker_win_high,attacker_score,attacker_score_low,"
          "attacker_score_high,draw_rate\n",
          f);
    for (int i = 0; i < n; i++) {
        const CurvePoint *p = &points[i];
        /* Names quoted by libcsv, as in summary.csv. */
        csv_fwrite(f, p->rules, strlen(p->rules));
        fprintf(f, ",%d,", p->rung);
        csv_fwrite(f, p->agent, strlen(p->agent));
        fprintf(f, ",%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n", p->games,
                p->attacker_wins, p->defender_wins, p->draws, p->win_rate, p->win_low, p->win_high,
                p->score, p->score_low, p->score_high, p->draw_rate);
    }
    if (ferror(f) | (fclose(f) != 0)) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        return ST_EIO;
    }
    return ST_OK;
}

/* One datablock per ruleset (its rungs in order), then the figure: the attackers' win rate
 * over the ladder, a band for its 95% interval and a line for each ruleset, 1/2 dashed. */
static void plot_text(const Experiment *exp, const CurvePoint *points, int n, FILE *data,
                      FILE *body)
{
    fputs("set title ", body);
    char title[EXPERIMENT_NAME_MAX + 64];
    snprintf(title, sizeof title, "%s: attackers' win rate in self-play, 95%% intervals",
             exp->name);
    plot_quote(body, title);
    fputs("\nset ylabel \"attackers' win rate\"\nset xlabel \"agent (self-play)\"\n"
          "set yrange [0:1]\nset grid\nset key outside right top\n"
          "set xtics rotate by 30 right\nset xtics (",
          body);
    for (int a = 0; a < exp->agent_count; a++) {
        if (a) {
            fputs(", ", body);
        }
        plot_quote(body, exp->agents[a].name);
        fprintf(body, " %d", a);
    }
    /* The whole ladder, even rungs without games (every tic inside the range). */
    fprintf(body, ")\nset xrange [-0.3:%.1f]\nplot ", exp->agent_count - 1 + 0.3);
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
            fprintf(data, "%d %.6f %.6f %.6f\n", points[i].rung, points[i].win_rate,
                    points[i].win_low, points[i].win_high);
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
        lines++;
    }
    fputs(", \\\n     0.5 with lines dt 2 lc rgb \"gray\" title \"balanced\"\n", body);
}

Status curve_write(const Experiment *exp, const CurvePoint *points, int n, const char *dir,
                   bool *plotted, Error *err)
{
    *plotted = false;
    char path[EXPERIMENT_PATH_MAX * 2 + 16];
    snprintf(path, sizeof path, "%s/curve.csv", dir);
    Status st = write_csv(points, n, path, err);
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
