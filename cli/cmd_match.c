/* `tafl match`: games between two agents on one ruleset, with an optional stopping rule. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/evalmodel.h"
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

/* A match names each agent by its spec (the name is in the tables and games.csv, and the game
 * seeds derive from it). A spec too long for a name is named by its first characters, `~` and
 * the FNV-1a of the whole spec: still one name per spec, and every spec that fits keeps the
 * name, so the seeds, of matches played before. */
static void agent_name_of_spec(const char *spec, char *name, size_t size)
{
    size_t len = strlen(spec);
    if (len < size) {
        snprintf(name, size, "%s", spec);
        return;
    }
    int keep = (int)size - 1 - 17; /* "~" and 16 hex digits */
    snprintf(name, size, "%.*s~%016" PRIx64, keep, spec, evalmodel_text_hash(spec, len));
}

int cmd_match(int argc, char **argv)
{
    const char *rules_arg = "brandubh", *attacker = NULL, *defender = NULL;
    const char *games_arg = NULL, *threads_arg = NULL, *seed_arg = NULL, *plies_arg = NULL;
    const char *opening_arg = NULL, *out = NULL;
    const char *sprt_arg = NULL, *width_arg = NULL, *every_arg = NULL, *min_arg = NULL;
    bool progress = false, record = false, resume = false, dry_run = false, move_time = false;
    const Option opts[] = {{"--sprt", &sprt_arg, NULL},
                           {"--max-width", &width_arg, NULL},
                           {"--check-every", &every_arg, NULL},
                           {"--min-games", &min_arg, NULL},
                           {"--rules", &rules_arg, NULL},
                           {"--attacker", &attacker, NULL},
                           {"--defender", &defender, NULL},
                           {"--games", &games_arg, NULL},
                           {"--threads", &threads_arg, NULL},
                           {"--seed", &seed_arg, NULL},
                           {"--max-plies", &plies_arg, NULL},
                           {"--opening-plies", &opening_arg, NULL},
                           {"--out", &out, NULL},
                           {"--record-moves", NULL, &record},
                           {"--resume", NULL, &resume},
                           {"--progress", NULL, &progress},
                           {"--move-time", NULL, &move_time},
                           {"--dry-run", NULL, &dry_run}};
    long games = 100, threads = 0, seed = 1, max_plies = 500, opening = 0, min_games = 0;
    if (cli_parse_options("match", argc, argv, opts, OPTION_COUNT(opts)) ||
        cli_int_option("match", "--min-games", min_arg, 1, 100000000, &min_games) ||
        cli_int_option("match", "--games", games_arg, 1, EXPERIMENT_GAMES_TOTAL_MAX, &games) ||
        cli_int_option("match", "--threads", threads_arg, 1, RUNNER_THREADS_MAX, &threads) ||
        cli_int_option("match", "--seed", seed_arg, 0, LONG_MAX, &seed) ||
        cli_int_option("match", "--max-plies", plies_arg, 0, 1000000000, &max_plies) ||
        cli_int_option("match", "--opening-plies", opening_arg, 0, 1000, &opening))
        return EXIT_USAGE;
    if (!attacker || !defender)
        return cli_usage_error("match", "needs --attacker SPEC and --defender SPEC");
    if (min_arg && !width_arg)
        return cli_usage_error("match", "--min-games needs --max-width");
    if (resume && !out)
        return cli_usage_error("match", "--resume needs --out DIR");
    if (strlen(attacker) >= EXPERIMENT_SPEC_MAX || strlen(defender) >= EXPERIMENT_SPEC_MAX)
        return cli_usage_error("match", "an agent spec is longer than %d characters",
                               EXPERIMENT_SPEC_MAX - 1);

    /* A match is an experiment of one ruleset and one pairing; agents are named by spec. */
    Experiment *exp = xcalloc(1, sizeof *exp);
    Error err = {{0}};
    int status = EXIT_SUCCESS;
    if (rulesfile_resolve(rules_arg, &exp->rulesets[0], &err) != ST_OK) {
        fprintf(stderr, "tafl match: %s\n", err.text);
        free(exp);
        return EXIT_USAGE;
    }
    snprintf(exp->name, sizeof exp->name, "match");
    exp->seed = (uint64_t)seed;
    exp->games = (int)games;
    exp->max_plies = (int)max_plies;
    exp->opening_plies = (int)opening;
    exp->record_moves = record;
    exp->min_games = (int)min_games;
    exp->ruleset_count = 1;
    const char *specs[2] = {attacker, defender};
    exp->agent_count = strcmp(attacker, defender) == 0 ? 1 : 2;
    for (int i = 0; i < exp->agent_count; i++) {
        agent_name_of_spec(specs[i], exp->agents[i].name, sizeof exp->agents[i].name);
        snprintf(exp->agents[i].spec, sizeof exp->agents[i].spec, "%s", specs[i]);
    }
    exp->pairings[0].attacker = 0;
    exp->pairings[0].defender = exp->agent_count - 1;
    exp->pairing_count = 1;

    if (!cli_agents_play("match", exp)) {
        free(exp);
        return EXIT_USAGE;
    }
    char command[4096];
    cli_join_command(argc, argv, command, sizeof command);
    RunOptions opt = {.threads = (int)threads,
                      .out_dir = out,
                      .write_files = out != NULL,
                      .resume = resume,
                      .progress = progress,
                      .command = command};
    status = cli_stop_options("match", exp, sprt_arg, width_arg, every_arg, games_arg != NULL,
                              &opt.stop);
    if (status == 0 && dry_run)
        status = cli_dry_run("match", exp, &opt, "tafl match");
    else if (status == 0)
        status = cli_run_and_report("match", exp, &opt, move_time);
    free(exp);
    return status;
}
