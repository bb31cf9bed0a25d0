/* The cost of a study before it starts: the games a command would play, line by line,
 * and an estimate of the time they take from a short calibration of the agents on this machine
 * (doc/cost.md). Used by the --dry-run of run, match, tune and train. */
#ifndef TAFL_HARNESS_COSTEST_H
#define TAFL_HARNESS_COSTEST_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/common.h"
#include "rules/state.h"

/* Wall seconds the whole calibration may take, shared by its lines (each at least
 * COSTEST_LINE_MIN_S; a move already begun is always finished). */
#define COSTEST_BUDGET_S   2.0
#define COSTEST_LINE_MIN_S 0.05
/* Calibration games per line at most: enough for a mean length, cheap for fast agents. */
#define COSTEST_GAMES_MAX 8

typedef struct CostPlan CostPlan;

/* An empty plan. Caller owns it (costest_destroy). */
CostPlan *costest_create(void);

/* Adds a line of the study: `games` games of the rules r (compiled, borrowed until
 * costest_measure) with attacker and defender (agent specs) after opening_plies random plies;
 * label names the line in the table ("brandubh  mcts  greedy", "gate generation"); lines with
 * the same r, specs and opening are measured once. ST_EINVAL with agent_create's error for a
 * spec it refuses. */
MUST_CHECK Status costest_add(CostPlan *p, const char *label, const Rules *r, const char *attacker,
                              const char *defender, int opening_plies, long games, Error *err);

/* Measures every line: plays its agents against each other from the start, move by move, for
 * a share of COSTEST_BUDGET_S of wall time (at most COSTEST_GAMES_MAX games; a first game may
 * go on to four shares, the whole calibration to twice the budget), timing each agent's moves
 * (ms per move) and keeping the length of the games that end (plies per game).
 * When no game ends within the share, the game length is taken as the ply cap (an upper bound,
 * said in the table). Seeds are fixed; the times are this machine's, now. Not thread-safe. */
void costest_measure(CostPlan *p);

/* Prints the table (per line: games, plies per game, ms per move, seconds per game, seconds)
 * and the total: games, and the estimated wall time on `threads` threads (each line's seconds
 * over min(threads, games, the processors minus the load average, at least 1)), saying it is
 * an estimate. what names the study ("tafl run
 * experiments/x.ini"). */
void costest_print(const CostPlan *p, const char *what, int threads, FILE *out);

/* The plan's total games, and its estimated wall seconds on threads threads (after
 * costest_measure). */
long costest_games(const CostPlan *p);
double costest_seconds(const CostPlan *p, int threads);

void costest_destroy(CostPlan *p);

/* Writes a duration of s seconds for people ("45 s", "12 min", "3.4 h", "2.1 days"). */
void costest_format_duration(double s, char *buf, size_t size);

#endif
