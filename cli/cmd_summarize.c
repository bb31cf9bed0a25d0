/* `tafl summarize`: summary.csv and the balance table rebuilt from a games.csv alone. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/runstep.h"
#include "formats/experiment.h"
#include "formats/games.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "formats/summary.h"
#include "harness/bench.h"
#include "harness/rundir.h"
#include "harness/runner.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"

int cmd_summarize(int argc, char **argv)
{
    const char *games = NULL, *out = NULL, *baseline = NULL;
    bool curve = false;
    const Option opts[] = {
        {"--out", &out, NULL}, {"--baseline", &baseline, NULL}, {"--curve", NULL, &curve}};
    if (argc >= 2 && argv[1][0] != '-') {
        games = argv[1];
        argv++;
        argc--;
    }
    if (cli_parse_options("summarize", argc, argv, opts, OPTION_COUNT(opts)))
        return EXIT_USAGE;
    if (!games)
        return cli_usage_error("summarize", "needs a games.csv");
    char path[OUTPATH_MAX];
    const char *slash = strrchr(games, '/');
    Error err = {{0}};
    Status st = out ? outpath_format(path, sizeof path, &err, "%s", out)
                    : outpath_format(path, sizeof path, &err, "%.*ssummary.csv",
                                     slash ? (int)(slash - games + 1) : 0, games);
    if (st == ST_OK)
        st = outpath_check_replace(path, &err); /* never a device, a FIFO or a dangling link */
    static const char *const OWN[] = {"summary.csv", NULL}; /* it rewrites a run's summary */
    if (st == ST_OK)
        st = rundir_check_output(path, OWN, &err);
    GameRow *rows = NULL;
    long count = 0, valid;
    if (st == ST_OK)
        st = results_games_read(games, &rows, &count, &valid, &err);
    if (st == ST_OK && count == 0) {
        /* A summary of nothing would look like the summary of a finished run. */
        error_set(&err, "%s: no games to summarize", games);
        st = ST_EINVAL;
    }
    /* With --curve, as `tafl run` writes a curve's: self-play rows alone carry verdicts. */
    ResultsTally *tally = results_tally_create();
    results_tally_set_curve(tally, curve);
    for (long i = 0; i < count; i++)
        results_tally_add(tally, &rows[i]);
    if (st == ST_OK)
        st = results_tally_write_vs(tally, path, baseline, &err);
    if (st != ST_OK) {
        fprintf(stderr, "tafl summarize: %s\n", err.text);
        results_tally_destroy(tally);
        results_free_rows(rows, count);
        return EXIT_USAGE;
    }
    results_tally_print_vs(tally, stdout, baseline);
    results_tally_destroy(tally);
    results_free_rows(rows, count);
    return EXIT_SUCCESS;
}
