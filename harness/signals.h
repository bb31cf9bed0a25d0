/* How tafl ends when told to stop (SIGTERM, SIGINT, SIGHUP): every engine process group it
 * started is stopped at once, and a run that is writing games ends cleanly (only whole rows,
 * a line on how to resume, exit status 128 + the signal's number: 143, 130, 129).
 *
 * The state the handler shares with the program is process-wide (a handler receives no
 * argument): two sig_atomic_t flags here and the table of engine groups (agents/pgroups.h). */
#ifndef TAFL_HARNESS_SIGNALS_H
#define TAFL_HARNESS_SIGNALS_H

#include <stdbool.h>

#include "rules/common.h"

/* How many stop signals there are (SIGTERM, SIGINT, SIGHUP). */
#define SIGNALS_STOP_COUNT 3

/* Installs the handler for SIGTERM, SIGINT and SIGHUP (cli/main.c, once, before any thread).
 * Unless a run has said it stops cleanly (signals_cooperate), the handler stops the engines,
 * restores the default action and raises the signal again, so the process ends as it always
 * did. A second signal always ends the process at once. A signal that whoever started tafl
 * ignores (nohup's SIGHUP, the SIGINT of a script's `&`) stays ignored: its number is written
 * to ignored (room for SIGNALS_STOP_COUNT), and the count is returned. */
int signals_install(int ignored[SIGNALS_STOP_COUNT]);

/* Writes into buf (size n, always terminated) the one line a long command prints at start-up
 * when stop signals are ignored (count of them in ignored, from signals_install): which ones,
 * why, and which signal stops it instead. Writes "" when count is 0. */
void signals_describe_ignored(char *buf, size_t n, const int *ignored, int count);

/* A run that checks signals_stop_requested() between games (and moves) and then ends cleanly
 * says so with true before it plays, and false after. Async-signal-safe. */
void signals_cooperate(bool on);

/* True once a stop signal arrived while a run cooperates: play no further move, write no row
 * that was not finished before it. Async-signal-safe, thread-safe. */
bool signals_stop_requested(void);

/* The stop signal that arrived (SIGTERM, SIGINT, SIGHUP), or 0. Thread-safe. */
int signals_caught(void);

/* "SIGTERM", "SIGINT", "SIGHUP", or "a signal". */
const char *signals_name(int sig);

/* Sets err to the one line a run that stopped on a signal ends with: which signal, where the
 * whole rows are (games_path, kept rows; NULL or "" when the run writes no file) and how to go
 * on (--resume). */
void signals_describe_stop(Error *err, const char *games_path, long kept);

#endif
