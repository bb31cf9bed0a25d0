/* The end of `tafl run` for a balance curve (kind = curve): curve.csv and its figure. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/commands.h"
#include "harness/curve.h"

int cmd_curve_finish(const Experiment *exp, const char *out_dir)
{
    char dir[EXPERIMENT_PATH_MAX * 2], games[EXPERIMENT_PATH_MAX * 2 + 16];
    if (out_dir) {
        snprintf(dir, sizeof dir, "%s", out_dir);
    } else {
        snprintf(dir, sizeof dir, "%s/%s", exp->output, exp->name);
    }
    snprintf(games, sizeof games, "%s/games.csv", dir);
    GameRow *rows = NULL;
    long count = 0, valid;
    CurvePoint *points = NULL;
    int n = 0;
    bool plotted = false;
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (results_games_read(games, &rows, &count, &valid, &err) != ST_OK) {
        status = EXIT_FAILURE;
    } else {
        curve_points(exp, rows, count, &points, &n);
        if (curve_write(exp, points, n, dir, &plotted, &err) != ST_OK) {
            status = EXIT_FAILURE;
        }
        for (int rs = 0; status == EXIT_SUCCESS && rs < exp->ruleset_count; rs++) {
            CurveVerdict v;
            char line[512];
            curve_verdict(exp, rs, points, n, &v);
            curve_verdict_text(&v, exp->converge_width, line, sizeof line);
            fprintf(stderr, "tafl run: %s\n", line);
        }
    }
    if (status != EXIT_SUCCESS) {
        fprintf(stderr, "tafl run: %s\n", err.text);
    } else if (!plotted) {
        fprintf(stderr,
                "tafl run: gnuplot not found: wrote %s/curve.csv and curve.gp but no plot "
                "(install gnuplot, Debian: gnuplot-nox, and run `gnuplot curve.gp` there)\n",
                dir);
    } else {
        fprintf(stderr, "tafl run: balance curve in %s/curve.csv, curve.png and curve.svg\n", dir);
    }
    free(points);
    results_free_rows(rows, count);
    return status;
}
