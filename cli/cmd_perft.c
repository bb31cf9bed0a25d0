/* `tafl perft`: counts the leaves of the legal move tree from a position (the move
 * generator's check against published counts). */
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
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "harness/bench.h"
#include "harness/runner.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"

int cmd_perft(int argc, char **argv)
{
    const char *rules_arg = "brandubh", *position = NULL, *side_arg = NULL, *depth_arg = NULL;
    bool divide = false;
    const Option opts[] = {{"--rules", &rules_arg, NULL},
                           {"--position", &position, NULL},
                           {"--side", &side_arg, NULL},
                           {"--depth", &depth_arg, NULL},
                           {"--divide", NULL, &divide}};
    long depth = -1;
    if (cli_parse_options("perft", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("perft", "--depth", depth_arg, 1, 30, &depth))
        return EXIT_USAGE;
    if (depth < 0)
        return cli_usage_error("perft", "missing --depth N");
    Rules r;
    if (!cli_load_rules("perft", rules_arg, &r))
        return EXIT_USAGE;
    GameState s;
    if (cli_load_position("perft", &r, position, side_arg, &s))
        return EXIT_USAGE;
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    if (divide)
        perft_divide(&r, &s, &hist, (int)depth, stdout);
    for (int d = 1; d <= depth; d++) {
        double t0 = clock_seconds();
        uint64_t n = perft(&r, &s, &hist, d);
        double t = clock_seconds() - t0;
        printf("%d %llu\n", d, (unsigned long long)n);
        fflush(stdout);
        fprintf(stderr, "depth %d: %.3f s, %.0f leaves/s\n", d, t, t > 0 ? (double)n / t : 0);
    }
    history_free(&hist);
    return EXIT_SUCCESS;
}
