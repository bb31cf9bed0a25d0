/* A deliberately naive reference implementation of RULES.md sections 1-5 (a mailbox board,
 * loops, no bitboards, no hashing), written straight from the rules text so that the tests can
 * cross-check the real engine against it. Used only by tests; never fast, never clever. */
#ifndef TAFL_TESTS_REFRULES_H
#define TAFL_TESTS_REFRULES_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/ruleset.h"

#define REF_MAX_SIZE    19
#define REF_MAX_SQUARES (REF_MAX_SIZE * REF_MAX_SIZE)
#define REF_MAX_MOVES   (4 * REF_MAX_SQUARES)
/* Three pieces around the arrival square, or shieldwalls along two edges, plus the king. */
#define REF_MAX_CAPS    (2 * REF_MAX_SIZE)
#define REF_MAX_HISTORY 1024

/* Piece codes of RefState.board (the same numbers as rules/state.h's Piece). */
enum { REF_EMPTY = 0, REF_ATTACKER = 1, REF_DEFENDER = 2, REF_KING = 3 };

/* A position: board[row * size + file], row 0 the top row (OTN rank 1). */
typedef struct {
    int size;
    signed char board[REF_MAX_SQUARES]; /* REF_EMPTY .. REF_KING */
    int side;                           /* 0 attackers, 1 defenders to move */
    int winner;                         /* rules/state.h Winner */
    int reason;                         /* rules/state.h EndReason */
    int ply;                            /* plies played since the start */
    bool king_left_throne;              /* for throne_reentry = no */
} RefState;

/* One remembered position, for repetition and the draw fort. */
typedef struct {
    signed char board[REF_MAX_SQUARES];
    int side;                 /* side to move in that position */
    uint32_t sum;             /* a checksum of board and side: only a filter before memcmp */
    bool after_capture;       /* the move that made it captured something */
    bool after_defender_move; /* the move that made it was a defender move */
} RefEntry;

/* Every position since the game's start (entry 0 is the start). Large: allocate it. */
typedef struct {
    int length;
    RefEntry entries[REF_MAX_HISTORY];
} RefHistory;

/* Sets *s to rs's start (parsed from rs->start by a separate naive OTN reader) and *h to hold
 * just that position. Returns false when rs->start is not a valid record with exactly one
 * king for rs->size. */
bool ref_init(const Ruleset *rs, RefState *s, RefHistory *h);

/* Fills moves[i][0] = from, moves[i][1] = to (room for REF_MAX_MOVES; NULL: only count) with
 * the legal moves of the side to move, by square, then direction (up, down, left, right), then
 * distance; returns their number, 0 when the game is over. */
int ref_legal_moves(const Ruleset *rs, const RefState *s, int moves[][2]);

/* Plays a legal move: moves the piece, captures, then applies the end rules in RULES.md's
 * order. captured[] (room for REF_MAX_CAPS) receives the captured squares, the king's square
 * last when he is captured (he stays on the board, the game being over). */
void ref_apply(const Ruleset *rs, RefState *s, RefHistory *h, int from, int to, int *captured,
               int *ncaptured);

/* The number of legal move sequences of `depth` plies from s (1 at depth 0). h is restored. */
uint64_t ref_perft(const Ruleset *rs, const RefState *s, RefHistory *h, int depth);

#endif
