/* `tafl agents`: every agent with its parameters, defaults, ranges and meaning. */
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

int cmd_agents(int argc, char **argv)
{
    if (argc > 1)
        return cli_usage_error("agents", "unexpected argument '%s'", argv[1]);
    agent_print_catalogue(stdout);
    return EXIT_SUCCESS;
}
