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
#define COSTEST_GAMES_MAX 32
/* Games a line should end before the clock of its share holds it back (up to four shares). */
#define COSTEST_MIN_ENDED 3

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

/* Measures every line (costest_measure_lines of all, COSTEST_BUDGET_S): plays its agents
 * against each other from the start, move by move, on up to `threads` threads side by side
 * (at most the processors), from fixed seeds, timing each agent's moves (ms per move) and
 * keeping the length and result of the games that end. The budget's wall time is shared in
 * two passes: half of it evenly, then what is left among the lines still playing in
 * proportion to their cost a game (at most COSTEST_GAMES_MAX games a line; a line with fewer
 * than COSTEST_MIN_ENDED games ended may go on to four shares, the whole calibration to twice
 * the budget). When no game ends within
 * the share, the game length is taken from the ruleset's other lines or the ply cap (an upper
 * bound, said in the table). The times are this machine's, now. */
void costest_measure(CostPlan *p, int threads);

/* Measures the lines whose which[i] is true (NULL: all) that are not measured yet, sharing
 * budget_s of wall time as costest_measure shares COSTEST_BUDGET_S, at most games_max games a
 * line. A later call adds lines to an earlier one's: a design's confirmation, measured once
 * the race is simulated. */
void costest_measure_lines(CostPlan *p, const bool *which, double budget_s, int games_max,
                           int threads);

/* What the calibration found for line i (0 <= i < costest_count). */
typedef struct {
    bool measured;
    double sec_per_game; /* the estimate for one game, and its 95% interval */
    double sec_low, sec_high;
    long wdl[3]; /* the calibration games that ended: attackers' wins, draws, losses */
} CostLineInfo;

/* Pools line i's mean game length with line j's, as if j's mean were `weight` more games of
 * i (both measured, with games that ended; else nothing changes), and costs i's games again:
 * for a line of few, dear calibration games whose length the same ruleset's line of a cheaper
 * agent knows better (a design's confirmation and its race). */
void costest_pool_length(CostPlan *p, int i, int j, double weight);

int costest_count(const CostPlan *p);
void costest_line(const CostPlan *p, int i, CostLineInfo *out);

/* Sets line i's games (a caller's model of how many it plays: a design's race), and, for a
 * line not measured, the seconds of one game and their interval (sec_per_game < 0 leaves
 * them), marked '=' in the table. */
void costest_set_line(CostPlan *p, int i, long games, double sec_per_game, double sec_low,
                      double sec_high);

/* Replaces the total's sum over lines by a caller's model: seconds and its 95% interval, and
 * how they were found (appended to the total's line: "; 200 simulated races"). */
void costest_set_total(CostPlan *p, double seconds, double low, double high, const char *how);

/* Adds a run's fixed set-up to the total (the quick bench a run's meta records). The making
 * of each line's agents is counted by the calibration itself. */
void costest_add_fixed(CostPlan *p, double seconds);

/* The total's set-up part: the fixed seconds and the making of the lines' agents. */
double costest_setup_seconds(const CostPlan *p);

/* The threads' worth of processors a run on `threads` threads gets (after measuring): the
 * threads, but no more than the processors the machine's other work leaves, at least one. */
double costest_parallel(const CostPlan *p, int threads);

/* Prints the table (per line: games, plies per game, ms per move, seconds per game, seconds)
 * and the total: games, and the estimated wall time on `threads` threads with its 95%
 * interval (each line's seconds over min(threads, games, the processors the other work left
 * during the calibration, at least 1)), saying it is an estimate. what names the study ("tafl run
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
