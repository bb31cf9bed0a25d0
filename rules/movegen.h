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

/* When m is not legal in s, writes why into buf (len bytes) for people ("the way is blocked at
 * d2", "only the king may stop on the throne d4") and returns true; false for a legal move.
 * Thread-safe. */
bool movegen_explain_illegal(const Rules *r, const GameState *s, Move m, char *buf, size_t len);

#endif
