/* Legal move generation: listing, counting without listing, and picking the n-th move. */
#ifndef TAFL_RULES_MOVEGEN_H
#define TAFL_RULES_MOVEGEN_H

#include "rules/rng.h"
#include "rules/state.h"

/* Fills moves[] (room for RULES_MAX_MOVES) with the side to move's legal moves and returns
 * their number; 0 when the game is over. The order is fixed (soldiers before the king, then by
 * direction north, south, west, east, then by destination square), so a seeded choice
 * reproduces. Thread-safe. */
int movegen_legal(const Rules *r, const GameState *s, Move *moves);

/* The number of legal moves, computed without listing them. Equals movegen_legal's count. */
int movegen_count(const Rules *r, const GameState *s);

/* The n-th move (0 <= n < movegen_count) in movegen_legal's order, without listing. */
Move movegen_nth(const Rules *r, const GameState *s, int n);

/* Draws one legal move uniformly with one rng_below(count) call, without listing: the same move
 * as movegen_nth(r, s, rng_below(rng, count)). False (no draw made) when there is none. */
bool movegen_random(const Rules *r, const GameState *s, Rng *rng, Move *out);

/* True when side (not necessarily the side to move) has a legal move on this board. */
bool movegen_side_has_move(const Rules *r, const GameState *s, Side side);

/* True when m is among the side to move's legal moves. */
bool movegen_is_legal(const Rules *r, const GameState *s, Move m);

/* Why a move is not legal, for the notation layer to word (otn_explain_illegal). */
typedef enum {
    MOVE_LEGAL = 0,
    MOVE_GAME_OVER,      /* the game is over */
    MOVE_NO_PIECE,       /* no piece stands on the origin (*at) */
    MOVE_NOT_YOURS,      /* the origin (*at) holds a piece of the side not to move */
    MOVE_NOT_STRAIGHT,   /* not along one row or column (or no move at all) */
    MOVE_TARGET_TAKEN,   /* a piece stands on the destination (*at) */
    MOVE_BLOCKED,        /* a piece stands on the way, at *at */
    MOVE_THRONE_PASS,    /* the way crosses the throne (*at), which this piece may not pass */
    MOVE_CORNER_STOP,    /* a piece other than the king stops on a restricted corner (*at) */
    MOVE_THRONE_STOP,    /* a piece other than the king stops on the restricted throne (*at) */
    MOVE_THRONE_REENTRY, /* the king returns to the throne (*at) where the rules forbid it */
    MOVE_ILLEGAL         /* none of the above */
} MoveLegality;

/* Whether m is legal in s and, when not, the first reason in the order above (the game's end,
 * the origin, the line, the destination, the way, the stop); *at receives the square the
 * reason concerns (the destination when none). Thread-safe. */
MoveLegality movegen_legality(const Rules *r, const GameState *s, Move m, int *at);

#endif
