/* The steps `tafl match` and `tafl run` share (cli/runstep.c). */
#ifndef TAFL_CLI_RUNSTEP_H
#define TAFL_CLI_RUNSTEP_H

#include <stdbool.h>

#include "formats/experiment.h"
#include "harness/runner.h"

/* The stopping options of `tafl match` and `tafl run`: --sprt SPEC (match only: exp holds one
 * ruleset and two agents; the pairings are set here) or a width stop (--max-width W,
 * --check-every N, or exp->max_width from the file); any of the three texts may be NULL. Sets
 * *stop (and exp); returns 0, or the exit status of a usage error after printing it. */
int cli_stop_options(const char *command, Experiment *exp, const char *sprt, const char *max_width,
                     const char *check_every, bool games_given, RunStop *stop);

/* Runs exp with opt and prints the balance table (and the SPRT's report); with move_time, then
 * each agent's processor time a move on stderr (RunResult.agent_seconds). Returns the exit
 * status. */
int cli_run_and_report(const char *command, const Experiment *exp, const RunOptions *opt,
                       bool move_time);

/* --dry-run: checks exp and opt as the run would (runner_plan: same errors, nothing written),
 * calibrates the agents briefly and prints the games and the estimated time (harness/costest.h)
 * for `what` (the command as given). Returns the exit status: 0, or the run's own (1) after
 * printing the error. */
int cli_dry_run(const char *command, const Experiment *exp, const RunOptions *opt,
                const char *what);

#endif
