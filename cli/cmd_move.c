/* `tafl move`: one agent's choice in a position, with its search statistics. */
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

int cmd_move(int argc, char **argv)
{
    const char *rules_arg = "brandubh", *position = NULL, *side_arg = NULL, *spec = NULL;
    const char *seed_arg = NULL;
    const Option opts[] = {{"--rules", &rules_arg, NULL},
                           {"--position", &position, NULL},
                           {"--side", &side_arg, NULL},
                           {"--agent", &spec, NULL},
                           {"--seed", &seed_arg, NULL}};
    long seed = 1;
    if (cli_parse_options("move", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("move", "--seed", seed_arg, 0, LONG_MAX, &seed))
        return EXIT_USAGE;
    if (!spec)
        return cli_usage_error("move", "missing --agent SPEC");
    Rules r;
    if (!cli_load_rules("move", rules_arg, &r))
        return EXIT_USAGE;
    GameState s;
    if (cli_load_position("move", &r, position, side_arg, &s))
        return EXIT_USAGE;
    if (movegen_count(&r, &s) == 0) {
        fprintf(stderr, "tafl move: the side to move has no legal move in this position\n");
        return EXIT_USAGE;
    }
    Agent *agent;
    Error err = {{0}};
    if (agent_create(spec, &r, (uint64_t)seed, &agent, &err) != ST_OK) {
        fprintf(stderr, "tafl move: %s\n", err.text);
        return EXIT_USAGE;
    }
    History hist;
    history_init(&hist);
    history_push(&hist, s.hash, s.fort_hash, false, false);
    Move m = agent_choose_timed(agent, &s, &hist);
    const AgentStats *st = agent_last_stats(agent);
    char why[512];
    if (cli_agent_failed(agent, why, sizeof why)) {
        fprintf(stderr, "tafl move: the engine gave no move: %s\n", why);
        history_free(&hist);
        agent_destroy(agent);
        return EXIT_FAILURE;
    }
    char text[OTN_MOVE_MAX], described[1024];
    otn_format_move(&r, m, NULL, text);
    agent_describe(agent, described, sizeof described);
    printf("move %s\nagent %s\nnodes %llu\ndepth %d\nscore %g\nseconds %.3f\n", text, described,
           (unsigned long long)st->nodes, st->depth, st->score, st->seconds);
    history_free(&hist);
    agent_destroy(agent);
    return EXIT_SUCCESS;
}
