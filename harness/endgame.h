/* Endgames of recorded games played out: the positions a game reached that the endgame tables
 * call won or lost, and whether an agent converts them (tafl endgames, issue 51). */
#ifndef TAFL_HARNESS_ENDGAME_H
#define TAFL_HARNESS_ENDGAME_H

#include <stdint.h>

#include "agents/agent.h"
#include "rules/record.h"
#include "solve/solve.h"

/* A position of a recorded game that the tables hold and call won or lost. */
typedef struct {
    int game;        /* the game's index in its file's order, from 0 */
    long number;     /* the game's own number (RecordGame.number), -1 when none */
    int ply;         /* the moves of the record played to reach it */
    GameState start; /* the position */
    Winner winner;   /* who wins it with perfect play */
    int distance;    /* in plies, with perfect play (the fastest win, the longest defence) */
} EndgamePosition;

/* What a recorded game gave endgame_collect. */
typedef struct {
    int taken;        /* positions found */
    int without;      /* games that never reach a won or lost position of the tables */
    int unreplayable; /* games whose moves do not replay under the rules */
    char why[480];    /* the first of them: where and what differs */
} EndgameScan;

/* The first position of each of games[0..count), after at least one move, that t holds and
 * calls won or lost in at least min_distance plies (a draw by the tables is not taken: exact
 * only under some repetition rules), in file order, until `want` are found: into out (room for
 * want), how many into scan->taken. Thread-safe. */
void endgame_collect(const Rules *r, const SolveTables *t, const RecordGame *games, int count,
                     int want, int min_distance, EndgamePosition *out, EndgameScan *scan);

/* How a position played out. */
typedef struct {
    Winner result; /* WINNER_NONE when max_plies ran out first */
    int plies;     /* plies played from the position */
} EndgameOutcome;

/* Plays each of pos[0..n) out from its position, its tables' winner's side by agents made from
 * winning and the other side by agents made from losing, at most max_plies plies, with threads
 * OpenMP threads (each its own agents; position i's agents seeded from seed and i, so the
 * outcomes are the same at any thread count): out[i]. The repetition history starts at the
 * position. Thread-safe for distinct out. */
void endgame_play(const Rules *r, const EndgamePosition *pos, int n, const ResolvedAgent *winning,
                  const ResolvedAgent *losing, int max_plies, uint64_t seed, int threads,
                  EndgameOutcome *out);

#endif
