/* `tafl crossing`: where a compensation knob balances a ruleset, from a run that played the
 * ruleset at several knob values (doc/knob.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/games.h"
#include "stats/crossing.h"
#include "stats/stats.h"
#include "studies/knob.h"

/* A bound of Fieller's interval: a number, or -inf / +inf. */
static void print_bound(double v)
{
    if (isinf(v))
        printf("%sinf", v < 0 ? "-" : "+");
    else
        printf("%.2f", v);
}

static void print_result(const char *knob, const KnobPoint *pts, int n, const CrossingResult *r)
{
    printf("%-24s %10s %6s %6s %6s %6s %7s %7s %7s\n", "rules", knob, "games", "wins", "draws",
           "losses", "score", "low", "high");
    for (int i = 0; i < n; i++) {
        const CrossingPoint *p = &pts[i].pt;
        ScoreEstimate e;
        stats_score((long)p->wins, (long)p->draws, (long)p->losses, STATS_Z95, &e);
        printf("%-24s %10g %6.0f %6.0f %6.0f %6.0f %7.3f %7.3f %7.3f\n", pts[i].rules, p->x,
               p->wins + p->draws + p->losses, p->wins, p->draws, p->losses, e.score, e.low,
               e.high);
    }
    if (strcmp(knob_axis_label(knob), knob) != 0)
        printf("(%s)\n", knob_axis_label(knob));
    printf("\nverdict %s\n", crossing_verdict_name(r->verdict));
    if (r->verdict == CROSSING_ONE_RESULT) {
        printf("every game had one result: no crossing\n");
        return;
    }
    if (r->verdict == CROSSING_SEPARATED) {
        /* The bracket is the levels sure to lie on either side of 1/2 (crossing.h); an open
         * end means that no level measured is sure there. */
        if (isfinite(r->low) && isfinite(r->high)) {
            printf("the games separate (no logistic fit): the attackers' score crosses 1/2 "
                   "between %s %g and %g, about %g\n",
                   knob, r->low, r->high, r->x);
        } else {
            /* Every level on one side: the bracket's closed end is the first or last level. */
            bool one_side =
                (isinf(r->low) && r->high == r->x_min) || (isinf(r->high) && r->low == r->x_max);
            printf("%s: the games separate (no logistic fit) and the attackers' score crosses "
                   "1/2, if anywhere, at %s in [",
                   one_side ? "no crossing within the levels measured"
                            : "the crossing is not bracketed by the levels measured",
                   knob);
            print_bound(r->low);
            printf(", ");
            print_bound(r->high);
            printf("]\n");
        }
        printf("(a level counts on one side when its score's 95%% interval lies wholly below or "
               "above 1/2)\n");
        return;
    }
    printf("logistic fit: logit(score) = %.6g %+.6g * %s (se %.3g, %.3g; %d Newton steps)\n", r->a,
           r->b, knob, sqrt(r->var_a), sqrt(r->var_b), r->iterations);
    if (r->df > 0)
        printf("lack of fit: Pearson X^2 %.2f on %d df, p = %.2g%s\n", r->pearson, r->df, r->fit_p,
               r->dispersion > 1 ? "; the interval is widened by the dispersion X^2/df" : "");
    printf("score 1/2 at %s = ", knob);
    if (isnan(r->x))
        printf("none (flat fit)");
    else
        printf("%.2f", r->x);
    printf(", 95%% interval (Fieller) [");
    print_bound(r->low);
    printf(", ");
    print_bound(r->high);
    printf("]%s\n", r->verdict == CROSSING_OUT_OF_RANGE ? ", outside the values played"
                    : r->verdict == CROSSING_FLAT ? ", unbounded: the slope is not significant"
                                                  : "");
    char whole[256];
    if (r->verdict != CROSSING_FLAT &&
        knob_whole_note(knob, r->x, r->low, r->high, whole, sizeof whole))
        printf("%s\n", whole);
    if (isnan(r->iso_x))
        printf("isotonic fit: does not reach 1/2\n");
    else
        printf("isotonic fit: 1/2 at %s = %.2f\n", knob, r->iso_x);
}

int cmd_crossing(int argc, char **argv)
{
    const char *knob = NULL, *agent = NULL, *plot = NULL;
    const Option opts[] = {
        {"--knob", &knob, NULL}, {"--agent", &agent, NULL}, {"--plot", &plot, NULL}};
    const char *games = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts));
    if (cli_parse_options("crossing", argc, argv, opts, OPTION_COUNT(opts)))
        return EXIT_USAGE;
    if (!games)
        return cli_usage_error("crossing", "needs a games.csv");
    if (!knob)
        knob = "max_plies";
    GameRow *rows = NULL;
    long count = 0, valid;
    Error err = {{0}};
    KnobPoint *pts = NULL;
    int n = 0;
    KnobSkipped skipped;
    CrossingResult r;
    Status st = results_games_read(games, &rows, &count, &valid, &err);
    if (st == ST_OK)
        st = knob_points(rows, count, games, knob, agent, &pts, &n, &skipped, &err);
    if (st == ST_OK) {
        CrossingPoint *cp = xmalloc((size_t)n * sizeof *cp);
        for (int i = 0; i < n; i++)
            cp[i] = pts[i].pt;
        st = crossing_fit(cp, n, STATS_Z95, &r, &err);
        if (st != ST_OK)
            error_prefix(&err, "%s: knob %s: ", games, knob);
        free(cp);
    }
    results_free_rows(rows, count);
    if (st != ST_OK) {
        fprintf(stderr, "tafl crossing: %s\n", err.text);
        free(pts);
        return EXIT_USAGE;
    }
    print_result(knob, pts, n, &r);
    if (skipped.not_self_play + skipped.other_agent > 0)
        printf("skipped %ld of %ld games: %ld not self-play, %ld of other agents\n",
               skipped.not_self_play + skipped.other_agent, count, skipped.not_self_play,
               skipped.other_agent);
    int status = EXIT_SUCCESS;
    bool drawn = false;
    if (plot && knob_plot(plot, knob, pts, n, &r, &drawn, &err) != ST_OK) {
        fprintf(stderr, "tafl crossing: %s\n", err.text);
        status = EXIT_FAILURE;
    } else if (plot) {
        printf("figure: %s/crossing.gp%s\n", plot,
               drawn ? " (.png and .svg drawn)" : " (gnuplot not found: not drawn)");
    }
    free(pts);
    return status;
}
