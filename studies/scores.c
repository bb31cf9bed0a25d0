/* A plain run's figure (see scores.h): a datablock of scores and intervals, then one plot of
 * them with error bars, labelled by ruleset and pairing. */
#include "studies/scores.h"

#include <stdlib.h>
#include <string.h>

#include "formats/plot.h"
#include "stats/stats.h"

/* summary.c's quantile: the two-sided 95% normal quantile. */
#define SCORES_Z95 1.959964

typedef struct {
    const GameRow *first; /* the group's first row: its names */
    long wins, draws, losses;
} ScoreGroup;

static bool same_names(const GameRow *a, const GameRow *b)
{
    return strcmp(a->rules, b->rules) == 0 && strcmp(a->attacker, b->attacker) == 0 &&
           strcmp(a->defender, b->defender) == 0;
}

Status scores_write(const char *name, const GameRow *rows, long count, const char *dir,
                    bool *plotted, Error *err)
{
    *plotted = false;
    ScoreGroup *g = xcalloc(SCORES_MAX, sizeof *g);
    int n = 0;
    bool more = false;
    for (long i = 0; i < count; i++) {
        int k = 0;
        while (k < n && !same_names(g[k].first, &rows[i]))
            k++;
        if (k == n) {
            if (n == SCORES_MAX) {
                more = true;
                continue;
            }
            g[n++].first = &rows[i];
        }
        g[k].wins += rows[i].winner == WINNER_ATTACKERS;
        g[k].draws += rows[i].winner == WINNER_DRAW;
        g[k].losses += rows[i].winner == WINNER_DEFENDERS;
    }
    if (n == 0) {
        free(g);
        return ST_OK;
    }
    PlotScript ps;
    plot_script_open(&ps);
    fputs("$scores << EOD\n", ps.data);
    for (int k = 0; k < n; k++) {
        ScoreEstimate e;
        stats_score(g[k].wins, g[k].draws, g[k].losses, SCORES_Z95, &e);
        char label[256];
        snprintf(label, sizeof label, "%s: %s v %s", g[k].first->rules, g[k].first->attacker,
                 g[k].first->defender);
        fprintf(ps.data, "%d %.6f %.6f %.6f ", k + 1, e.score, e.low, e.high);
        plot_quote_data(ps.data, label);
        fputc('\n', ps.data);
    }
    fputs("EOD\n", ps.data);
    char title[512];
    snprintf(title, sizeof title,
             "%s: attackers' score per ruleset and pairing (attackers v defenders), 95%% "
             "intervals%s",
             name, more ? " (the first 200)" : "");
    fputs("set title ", ps.body);
    plot_quote(ps.body, title);
    fprintf(ps.body,
            "\nset ylabel \"attackers' score (wins + draws/2)\"\nset yrange [0:1]\n"
            "set xrange [0.5:%d.5]\nset grid ytics\nset key below\n"
            "set xtics rotate by -30 left font \",8\"\nset bmargin 8\n"
            "plot $scores using 1:2:3:4:xticlabels(5) with yerrorbars pt 7 lw 2 "
            "title \"attackers' score\", \\\n     0.5 with lines dt 2 lc rgb \"gray\" "
            "title \"balanced\"\n",
            n);
    free(g);
    char comment[300];
    snprintf(comment, sizeof comment, "attackers' scores of run %.200s", name);
    return plot_script_render(&ps, dir, "scores", comment, plotted, err);
}
