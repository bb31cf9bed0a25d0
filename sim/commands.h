/* The `tafl` subcommands that live outside sim/main.c. Each takes the command's own argv
 * (argv[0] is the command name) and returns the process exit status (0, 1 or EXIT_USAGE). */
#ifndef TAFL_SIM_COMMANDS_H
#define TAFL_SIM_COMMANDS_H

int cmd_replay(int argc, char **argv); /* sim/cmd_replay.c */
int cmd_export(int argc, char **argv); /* sim/cmd_export.c */
int cmd_play(int argc, char **argv);   /* sim/cmd_play.c */

/* The agent behind tafl play's hint unless --hint names another. */
#define PLAY_HINT_DEFAULT "alphabeta:depth=3"

#endif
