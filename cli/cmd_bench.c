/* `tafl bench`: the hot paths measured; the last line is the behaviour signature. */
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

int cmd_bench(int argc, char **argv)
{
    BenchScale scale = BENCH_FULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            scale = BENCH_QUICK;
        else
            return cli_usage_error("bench", "unknown option '%s'", argv[i]);
    }
    BenchSignature sig;
    bench_run(scale, stdout, &sig);
    return EXIT_SUCCESS;
}
