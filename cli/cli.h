/* Shared pieces of the `tafl` command line: option parsing, usage errors, loading the
 * rules and position a command names. Every function prints its own error to stderr. */
#ifndef TAFL_CLI_CLI_H
#define TAFL_CLI_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "agents/agent.h"
#include "formats/experiment.h"
#include "rules/common.h"
#include "rules/ruleset.h"
#include "rules/state.h"

/* Exit status for bad usage or bad input; 0 is success, 1 a failure while running. */
#define EXIT_USAGE 2

/* One option of a command: each takes a value, except flags. */
typedef struct {
    const char *name;   /* "--rules" */
    const char **value; /* where the value goes; NULL for a flag */
    bool *flag;         /* set for a flag */
} Option;

#define OPTION_COUNT(opts) ((int)(sizeof(opts) / sizeof((opts)[0])))

/* Prints "tafl COMMAND: message (see `tafl help COMMAND`)" and returns EXIT_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Reads a decimal integer in [min, max]; false on junk, overflow or range. */
bool cli_parse_int(const char *text, long min, long max, long *out);

/* "attackers" or "defenders"; false otherwise. */
bool cli_parse_side(const char *text, Side *side);

/* Reads argv[1..] against opts. Returns 0, or EXIT_USAGE after printing the error. */
int cli_parse_options(const char *command, int argc, char **argv, const Option *opts, int count);

/* Removes the first argument of argv[1..] that is neither an option of opts (one starting
 * with "--") nor an option's value, and returns it: a command's operand (a file, "-" for
 * stdin), wherever it stands. NULL when there is none. */
const char *cli_take_operand(int *argc, char **argv, const Option *opts, int count);

/* Reads an optional integer option (text may be NULL) into *out; 0 or EXIT_USAGE. */
int cli_int_option(const char *command, const char *name, const char *text, long min, long max,
                   long *out);

/* Resolves and compiles a --rules argument; prints the error and returns false on failure. */
bool cli_load_rules(const char *command, const char *arg, Rules *r);

/* Sets up *s from --position/--side (either may be NULL) for rules r; 0 or EXIT_USAGE. */
int cli_load_position(const char *command, const Rules *r, const char *position,
                      const char *side_arg, GameState *s);

/* After agent_choose: true when the agent gave no move (an external engine that made an
 * illegal move, stopped or did not answer), with its transcript's note saying how into buf
 * ("engine_crash: ..."; "" when there is none). */
bool cli_agent_failed(const Agent *agent, char *buf, size_t size);

/* The command line "tafl ARGV..." as one string (truncated to size), for run metadata. */
void cli_join_command(int argc, char **argv, char *buf, size_t size);

/* True when every agent of exp can play every ruleset of exp (agent_resolve: a bad spec, an
 * evaluation trained for other rules, an engine that would play them otherwise); else prints
 * "tafl COMMAND: why" and returns false. Bad specs are bad input, found before any game. */
bool cli_agents_play(const char *command, const Experiment *exp);

#endif
