/* `tafl ratings`: Elo of every agent from the games of one or more games.csv files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/games.h"
#include "formats/outpath.h"
#include "studies/league.h"

/* Reads every file into one array of rows (moves dropped); prints the error and returns false
 * on failure. */
static bool read_all(char **files, int nfiles, GameRow **rows, long *count)
{
    GameRow *all = NULL;
    long total = 0;
    for (int i = 0; i < nfiles; i++) {
        GameRow *part = NULL;
        long n = 0, valid;
        Error err = {{0}};
        if (results_games_read(files[i], &part, &n, &valid, &err) != ST_OK) {
            fprintf(stderr, "tafl ratings: %s\n", err.text);
            results_free_rows(all, total);
            return false;
        }
        all = xrealloc(all, (size_t)(total + n + 1) * sizeof *all);
        for (long g = 0; g < n; g++) {
            free(part[g].moves);
            part[g].moves = NULL;
            all[total + g] = part[g];
        }
        total += n;
        free(part);
    }
    *rows = all;
    *count = total;
    return true;
}

int cmd_ratings(int argc, char **argv)
{
    const char *out = NULL;
    char **files = xmalloc((size_t)argc * sizeof *files);
    int nfiles = 0, status = EXIT_SUCCESS;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0) {
            if (i + 1 >= argc) {
                free(files);
                return cli_usage_error("ratings", "option --out needs a value");
            }
            out = argv[++i];
        } else if (strncmp(argv[i], "--", 2) == 0) {
            free(files);
            return cli_usage_error("ratings", "unknown option '%s'", argv[i]);
        } else {
            files[nfiles++] = argv[i];
        }
    }
    if (nfiles == 0) {
        free(files);
        return cli_usage_error("ratings", "needs at least one games.csv");
    }
    char path[OUTPATH_MAX];
    const char *slash = strrchr(files[0], '/');
    Error err = {{0}};
    Status st = out ? outpath_format(path, sizeof path, &err, "%s", out)
                    : outpath_format(path, sizeof path, &err, "%.*sratings.csv",
                                     slash ? (int)(slash - files[0] + 1) : 0, files[0]);
    if (st == ST_OK)
        st = outpath_check_replace(path, &err); /* never a device, a FIFO or a dangling link */
    GameRow *rows = NULL;
    long count = 0, n = 0;
    LeagueRating *ratings = NULL;
    if (st != ST_OK) {
        fprintf(stderr, "tafl ratings: %s\n", err.text);
        status = EXIT_USAGE;
    } else if (!read_all(files, nfiles, &rows, &count)) {
        status = EXIT_USAGE;
    } else if (league_rate(rows, count, &ratings, &n, &err) != ST_OK) {
        fprintf(stderr, "tafl ratings: %s\n", err.text);
        status = EXIT_USAGE;
    } else if (league_write_csv(path, ratings, n, &err) != ST_OK) {
        fprintf(stderr, "tafl ratings: %s\n", err.text);
        status = EXIT_FAILURE;
    } else {
        league_print(stdout, ratings, n);
    }
    free(ratings);
    results_free_rows(rows, count);
    free(files);
    return status;
}
