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

/* The legal moves whose destination is in `to` (RULES_WORDS words), and every move of the king
 * when king_all: the moves of movegen_legal's list that qualify, in its order. Cheaper than
 * filtering that list when few destinations qualify (a quiescence search's captures and
 * threats). Ignores the history, as movegen_legal does. Thread-safe. */
int movegen_legal_to(const Rules *r, const GameState *s, const uint64_t *to, bool king_all,
                     Move *moves);

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

/* The king's slides over the board as it stands (the other pieces standing still): distance,
 * the fewest moves to an escape square (-1 when he reaches none); region, the squares he
 * reaches in any number of moves; escapes, the escape squares among them. He passes the throne
 * unless throne_pass is none and stops on it only with throne_reentry; a slide ends at an
 * escape square. Bitboard levels of a breadth-first search. And the attackers' cordon:
 * cordon_region, the squares joined to the king's by steps between neighbours over squares no
 * attacker holds (his own men, the throne and the corners pass: what the attackers' wall
 * encloses), and cordon_escapes, the escape squares among them (0: the attackers have closed
 * every way out, whatever the defenders do). Pure, thread-safe. */
typedef struct {
    int distance, region, escapes;
    int cordon_region, cordon_escapes;
} KingFlood;

KingFlood movegen_king_flood(const Rules *r, const GameState *s);

/* The number of squares the king can move to in one move on this board, whichever side is to
 * move: the defenders' legal moves from his square when they are to move and the game goes on
 * (the no-repeat rule, which reads the history, aside). Pure, thread-safe. */
int movegen_king_moves(const Rules *r, const GameState *s);

/* The defenders, king included, joined to an edge square by steps between neighbours (north,
 * south, west, east) over squares no attacker holds; 0 is the encirclement of RULES.md section
 * 5, whether or not the ruleset plays it. Bitboard fill; pure, thread-safe. */
int movegen_edge_defenders(const Rules *r, const GameState *s);

/* --- moves in a game: the rules that read the game's history ---
 * Under repetition = defenders_no_repeat (hnefatafl.org: "If white (the defender) would repeat
 * a board position, the move is not allowed.") a defenders' move that makes a position already
 * met since the last capture (board and side to move) is not legal. The functions below take
 * the game's history, which must end with s (History's newest entry is s; NULL reads as a game
 * that starts at s). For every other ruleset, and with the attackers to move, each equals its
 * plain counterpart above, draws included (the same rng calls). All are thread-safe. */

/* True when the legal moves in s can depend on the history: callers that list moves without a
 * history must then use the functions below. */
static inline bool movegen_reads_history(const Rules *r, const GameState *s)
{
    return r->opt.repetition == END_RULE_DEFENDERS_NO_REPEAT && s->side == SIDE_DEFENDERS;
}

/* How many times the position that the quiet move m (one that captures nothing) makes from s
 * has occurred in hist since the last capture; hist ends with s. Its third occurrence is when
 * this is 2. */
int movegen_recurrences(const Rules *r, const GameState *s, const History *hist, Move m);

/* True when m, a move on the board of s, would repeat a position of hist that the rules forbid
 * to repeat (the no-repeat rule above); false for any other ruleset or side. */
bool movegen_repeats(const Rules *r, const GameState *s, const History *hist, Move m);

/* movegen_legal less the moves movegen_repeats forbids, in the same order. */
int movegen_legal_in_game(const Rules *r, const GameState *s, const History *hist, Move *moves);

/* The number of movegen_legal_in_game's moves. */
int movegen_count_in_game(const Rules *r, const GameState *s, const History *hist);

/* One of movegen_legal_in_game's moves drawn uniformly (one rng_below call over their number);
 * false, no draw made, when there is none. */
bool movegen_random_in_game(const Rules *r, const GameState *s, const History *hist, Rng *rng,
                            Move *out);

/* True when m is among movegen_legal_in_game's moves. */
bool movegen_is_legal_in_game(const Rules *r, const GameState *s, const History *hist, Move m);

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
    MOVE_REPEATS,        /* a defenders' move that repeats a position (defenders_no_repeat) */
    MOVE_ILLEGAL         /* none of the above */
} MoveLegality;

/* Whether m is legal in s and, when not, the first reason in the order above (the game's end,
 * the origin, the line, the destination, the way, the stop); *at receives the square the
 * reason concerns (the destination when none). Thread-safe. */
MoveLegality movegen_legality(const Rules *r, const GameState *s, Move m, int *at);

/* movegen_legality in a game: MOVE_REPEATS when the move is legal on the board but
 * movegen_repeats forbids it. */
MoveLegality movegen_legality_in_game(const Rules *r, const GameState *s, const History *hist,
                                      Move m, int *at);

#endif
