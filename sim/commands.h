/* The `tafl` subcommands that live outside sim/main.c. Each takes the command's own argv
 * (argv[0] is the command name) and returns the process exit status (0, 1 or EXIT_USAGE). */
#ifndef TAFL_SIM_COMMANDS_H
#define TAFL_SIM_COMMANDS_H

/* sim/cmd_merge.c: tafl merge DIR... [--out DIR] */
int cmd_merge(int argc, char **argv);

#endif
