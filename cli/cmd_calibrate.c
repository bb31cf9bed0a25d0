/* `tafl calibrate GAMES`: how well evaluations predict the winners of recorded games
 * (tune/calibrate.h): a table of log-loss, Brier score and AUC, the calibration bins, and
 * with --out calibration.csv and a reliability figure. */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/files.h"
#include "formats/plot.h"
#include "formats/rulesfile.h"
#include "harness/rowgame.h"
#include "tune/calibrate.h"

#define MAX_EVALS 8

/* The games of path: a tafl-lab games.csv (rows with moves) or a move-list CSV; *unread the
 * lines or rows left out. None read is refused: there is nothing to score. */
static int read_games(const char *path, RecordGame **games, int *count, int *unread,
                      char *rules_name, size_t size)
{
    Error err = {{0}};
    if (rowgame_read_any(path, games, count, unread, rules_name, size, &err) != ST_OK) {
        fprintf(stderr, "tafl calibrate: %s\n", err.text);
        return EXIT_USAGE;
    }
    if (*count == 0) {
        fprintf(stderr,
                "tafl calibrate: %s: no games to score: %d line%s read, %d left out as not a "
                "game (want moves,captured,captured,result lines or a games.csv with moves)\n",
                path, *unread, *unread == 1 ? "" : "s", *unread);
        return EXIT_USAGE;
    }
    return 0;
}

/* The games calibrate_games left out, by why, after "what: " (c: any evaluation's; the games
 * and their replay do not depend on it). */
static void print_skipped(FILE *f, const char *what, const Calibration *c, int unread,
                          const char *rules)
{
    fprintf(f, "%s: %ld without a result, %ld that do not replay under %s", what, c->no_result,
            c->unreplayable, rules);
    if (c->unreplayable > 0)
        fprintf(f, " (first: %s)", c->unreplayable_why);
    fprintf(f, ", %ld with no position in the plies asked", c->no_positions);
    if (unread > 0)
        fprintf(f, "; %d line%s not a game", unread, unread == 1 ? "" : "s");
}

static Status write_files(const char *dir, char evals[][1024], const Calibration *c, int n,
                          const char *games, bool *plotted, Error *err)
{
    Status st = files_make_directory(dir, err);
    if (st != ST_OK)
        return st;
    char *csv = NULL, *data = NULL, *body = NULL;
    size_t csv_len, dl, bl;
    FILE *cf = xopen_memstream(&csv, &csv_len), *df = xopen_memstream(&data, &dl),
         *bf = xopen_memstream(&body, &bl);
    fprintf(cf, "eval,bin,predicted,observed,positions\n");
    for (int e = 0; e < n; e++) {
        fprintf(df, "$e%d << EOD\n", e);
        for (int b = 0; b < CALIBRATE_BINS; b++) {
            /* The evaluation's name is a path that may hold a comma or a quote: libcsv quotes
             * it, as games.csv's text fields are. */
            csv_fwrite(cf, evals[e], strlen(evals[e]));
            fprintf(cf, ",%d,%.4f,%.4f,%ld\n", b, c[e].bin_predicted[b], c[e].bin_observed[b],
                    c[e].bin_count[b]);
            if (c[e].bin_count[b] > 0)
                fprintf(df, "%.4f %.4f %ld\n", c[e].bin_predicted[b], c[e].bin_observed[b],
                        c[e].bin_count[b]);
        }
        fprintf(df, "EOD\n");
    }
    fprintf(bf, "set title ");
    plot_quote(bf, games);
    fprintf(bf, "\nset xlabel \"predicted P(attackers win)\"\nset ylabel \"observed attacker "
                "score\"\nset xrange [0:1]\nset yrange [0:1]\nset key left top\nset grid\n"
                "plot x with lines dt 2 title \"perfect\"");
    for (int e = 0; e < n; e++) {
        fprintf(bf, ", $e%d using 1:2 with linespoints lw 2 title ", e);
        char title[1200];
        snprintf(title, sizeof title, "%.900s (AUC %.3f, log-loss %.3f)", evals[e], c[e].auc,
                 c[e].log_loss);
        plot_quote(bf, title);
    }
    fputc('\n', bf);
    fclose(cf);
    fclose(df);
    fclose(bf);
    char path[4200];
    snprintf(path, sizeof path, "%s/calibration.csv", dir);
    st = files_write(path, csv, csv_len, err);
    if (st == ST_OK)
        st = plot_render(dir, "calibration", "tafl calibrate: reliability of evaluations", data,
                         body, plotted, err);
    free(csv);
    free(data);
    free(body);
    return st;
}

/* The scores of each evaluation, a line each. */
static void print_tables(char evals[][1024], const Calibration *cal, int n_evals)
{
    printf("%-40s %6s %9s %9s %8s %7s %6s\n", "eval", "games", "positions", "decisive", "log_loss",
           "brier", "auc");
    for (int e = 0; e < n_evals; e++)
        printf("%-40s %6ld %9ld %9ld %8.4f %7.4f %6.3f\n", evals[e], cal[e].games, cal[e].positions,
               cal[e].decisive, cal[e].log_loss, cal[e].brier, cal[e].auc);
}

/* Each evaluation's calibration bins: mean predicted, observed score and positions. */
static void print_bins(char evals[][1024], const Calibration *cal, int n_evals)
{
    printf("\ncalibration (bins of predicted P: mean predicted / observed score / positions)\n");
    for (int e = 0; e < n_evals; e++) {
        printf("%s:", evals[e]);
        for (int b = 0; b < CALIBRATE_BINS; b++)
            if (cal[e].bin_count[b] > 0)
                printf(" %.2f/%.2f/%ld", cal[e].bin_predicted[b], cal[e].bin_observed[b],
                       cal[e].bin_count[b]);
        printf("\n");
    }
}

int cmd_calibrate(int argc, char **argv)
{
    const char *rules_arg = NULL, *eval_arg = NULL, *plies_arg = NULL, *out = NULL;
    bool held_out = false;
    const Option opts[] = {{"--held-out", NULL, &held_out},
                           {"--rules", &rules_arg, NULL},
                           {"--eval", &eval_arg, NULL},
                           {"--plies", &plies_arg, NULL},
                           {"--out", &out, NULL}};
    const char *path = cli_take_operand(&argc, argv, opts, OPTION_COUNT(opts));
    if (cli_parse_options("calibrate", argc, argv, opts, OPTION_COUNT(opts)))
        return EXIT_USAGE;
    if (!path)
        return cli_usage_error("calibrate", "needs a games file");
    /* --out makes one directory, never a whole path a typo invents: its parent must exist,
     * checked before the work. */
    Error out_err = {{0}};
    if (out && files_check_parent(out, &out_err) != ST_OK)
        return cli_usage_error("calibrate", "--out %s", out_err.text);
    int lo = 8, hi = 24;
    if (plies_arg) {
        char extra;
        if (sscanf(plies_arg, "%d-%d%c", &lo, &hi, &extra) != 2 || lo < 0 || hi < lo)
            return cli_usage_error("calibrate", "--plies '%s': want LO-HI, 0 <= LO <= HI",
                                   plies_arg);
    }
    char evals[MAX_EVALS][1024];
    int n_evals = 0;
    const char *list = eval_arg ? eval_arg : "hand,trained";
    while (*list) {
        size_t len = strcspn(list, ",");
        if (n_evals == MAX_EVALS || len == 0 || len >= sizeof evals[0])
            return cli_usage_error("calibrate", "--eval: want 1 to %d names, comma-separated",
                                   MAX_EVALS);
        memcpy(evals[n_evals], list, len);
        evals[n_evals++][len] = '\0';
        list += len + (list[len] == ',');
    }
    RecordGame *games = NULL;
    int count = 0, unread = 0;
    char row_rules[64];
    int status = read_games(path, &games, &count, &unread, row_rules, sizeof row_rules);
    Ruleset rs;
    Rules r;
    Error err = {{0}};
    if (status == 0) {
        Status st = rules_arg      ? rulesfile_resolve(rules_arg, &rs, &err)
                    : row_rules[0] ? rowgame_ruleset(path, row_rules, &rs, &err)
                                   : rulesfile_resolve("copenhagen", &rs, &err);
        if (st == ST_OK)
            st = rules_compile(&rs, &r, &err);
        if (st != ST_OK) {
            fprintf(stderr, "tafl calibrate: --rules: %s\n", err.text);
            status = EXIT_USAGE;
        }
    }
    /* --held-out: the games `tafl train`'s recorded_games never fits (index in the file's
     * games divisible by 10), moved to the front; every game stays in the array to be freed. */
    int scored = count;
    if (held_out && status == 0) {
        scored = 0;
        for (int k = 0; k < count; k++) {
            if (k % 10 != 0)
                continue;
            RecordGame keep = games[k];
            games[k] = games[scored];
            games[scored++] = keep;
        }
    }
    Calibration cal[MAX_EVALS];
    for (int e = 0; e < n_evals && status == 0; e++) {
        if (calibrate_games(&r, games, scored, evals[e], lo, hi, &cal[e], &err) != ST_OK) {
            fprintf(stderr, "tafl calibrate: %s\n", err.text);
            status = EXIT_USAGE;
        }
    }
    record_games_free(games, count);
    if (status != 0)
        return status;
    /* Which games score does not depend on the evaluation: the first one's counts say. */
    long skipped = cal[0].no_result + cal[0].unreplayable + cal[0].no_positions;
    if (cal[0].positions == 0) {
        char what[4400];
        snprintf(what, sizeof what,
                 "%s: nothing to score: %d game%s read (plies %d-%d), all %ld skipped", path,
                 scored, scored == 1 ? "" : "s", lo, hi, skipped);
        fputs("tafl calibrate: ", stderr);
        print_skipped(stderr, what, &cal[0], unread, r.opt.name);
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    printf("%s%s: %s, plies %d-%d, P(attackers win) = 1 / (1 + exp(-v / 40))\n", path,
           held_out ? " (held out: every tenth game from the first)" : "", r.opt.name, lo, hi);
    print_tables(evals, cal, n_evals);
    if (skipped > 0 || unread > 0) {
        char what[64];
        snprintf(what, sizeof what, "skipped %ld of %d games", skipped, scored);
        print_skipped(stdout, what, &cal[0], unread, r.opt.name);
        putchar('\n');
    }
    print_bins(evals, cal, n_evals);
    if (out) {
        bool plotted = false;
        if (write_files(out, evals, cal, n_evals, path, &plotted, &err) != ST_OK) {
            fprintf(stderr, "tafl calibrate: %s\n", err.text);
            return EXIT_FAILURE;
        }
        printf("files in %s/ (calibration.csv, calibration.gp%s)\n", out,
               plotted ? ", calibration.png, calibration.svg" : "");
    }
    return EXIT_SUCCESS;
}
