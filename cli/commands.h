/* The `tafl` subcommands that live outside cli/main.c. Each takes the command's own argv
 * (argv[0] is the command name) and returns the process exit status (0, 1 or EXIT_USAGE). */
#ifndef TAFL_CLI_COMMANDS_H
#define TAFL_CLI_COMMANDS_H

#include <stdbool.h>

#include "formats/experiment.h"
#include "harness/runner.h"
#include "solve/solve.h"

/* tafl ratings GAMES.csv... [--out ratings.csv] (cli/cmd_ratings.c) */
int cmd_ratings(int argc, char **argv);

/* tafl tune FILE.ini [--threads T] [--out DIR] [--progress] (cli/cmd_tune.c) */
int cmd_tune(int argc, char **argv);

/* tafl calibrate GAMES [options] (cli/cmd_calibrate.c) */
int cmd_calibrate(int argc, char **argv);

/* tafl train [FILE.ini] [options] (cli/cmd_train.c) */
int cmd_train(int argc, char **argv);

/* The commands of cli/cmd_<name>.c, one file each. Each takes the command's own argv
 * (argv[0] is the command name) and returns the process exit status. */
int cmd_rules(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_agents(int argc, char **argv);
int cmd_move(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_summarize(int argc, char **argv);

/* `tafl engine` (cli/cmd_engine.c): an agent as an OpenTafl Engine Protocol engine. */
int cmd_engine(int argc, char **argv);

int cmd_replay(int argc, char **argv); /* cli/cmd_replay.c */
int cmd_export(int argc, char **argv); /* cli/cmd_export.c */
int cmd_play(int argc, char **argv);   /* cli/cmd_play.c */

/* The agent behind tafl play's hint unless --hint names another. */
#define PLAY_HINT_DEFAULT "alphabeta:depth=3"
/* cli/cmd_crossing.c: tafl crossing GAMES.csv [--knob K] [--agent NAME] */
int cmd_crossing(int argc, char **argv);
/* cli/cmd_merge.c: tafl merge DIR... [--out DIR] */
int cmd_merge(int argc, char **argv);
/* cli/cmd_reproduce.c: tafl reproduce DIR [--out DIR2] [--threads T] */
int cmd_reproduce(int argc, char **argv);
/* cli/cmd_report.c: tafl report DIR... [--out FILE.html] [--md FILE.md] [--csv FILE.csv] */
int cmd_report(int argc, char **argv);
/* cli/cmd_solve.c: tafl solve --rules R [--out DIR] [--threads T] */
int cmd_solve(int argc, char **argv);
/* cli/cmd_endgames.c: tafl endgames --tables FILE --rules R --games GAMES [options] */
int cmd_endgames(int argc, char **argv);
/* cli/cmd_probe.c: tafl probe --tables FILE --rules R [--position P] [--moves] */
int cmd_probe(int argc, char **argv);
/* The position_* lines of position s (OTN text) from tables t: tafl solve --position and tafl
 * probe (cli/cmd_probe.c). */
void cli_print_solved_position(const SolveTables *t, const char *text, const GameState *s);

#endif
