/* Legal move generation for every board size: one bitboard implementation (board_impl.h)
 * instantiated per number of 64-bit words, chosen by the ruleset's board size. */
#include "rules/movegen.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "rules/bits.h"
#include "rules/movegen_impl.h"
#include "rules/rng.h"
#include "rules/zobrist.h"

#define NW     1
#define SUFFIX _w1
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX
#define NW     2
#define SUFFIX _w2
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX
#define NW     3
#define SUFFIX _w3
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX
#define NW     4
#define SUFFIX _w4
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX
#define NW     5
#define SUFFIX _w5
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX
#define NW     6
#define SUFFIX _w6
#include "rules/board_impl.h"
#undef NW
#undef SUFFIX

_Static_assert(RULES_WORDS == 6, "one instantiation per word count up to RULES_WORDS");

/* Calls the instantiation for r's word count. */
#define DISPATCH(r, fn, ...)                                                                       \
    switch ((r)->words) {                                                                          \
    case 1:                                                                                        \
        return fn##_w1(__VA_ARGS__);                                                               \
    case 2:                                                                                        \
        return fn##_w2(__VA_ARGS__);                                                               \
    case 3:                                                                                        \
        return fn##_w3(__VA_ARGS__);                                                               \
    case 4:                                                                                        \
        return fn##_w4(__VA_ARGS__);                                                               \
    case 5:                                                                                        \
        return fn##_w5(__VA_ARGS__);                                                               \
    default:                                                                                       \
        return fn##_w6(__VA_ARGS__);                                                               \
    }

int movegen_legal(const Rules *r, const GameState *s, Move *moves)
{
    if (state_is_over(s))
        return 0;
    DISPATCH(r, list_moves, r, s, moves);
}

int movegen_legal_to(const Rules *r, const GameState *s, const uint64_t *to, bool king_all,
                     Move *moves)
{
    if (state_is_over(s))
        return 0;
    DISPATCH(r, list_moves_to, r, s, to, king_all, moves);
}

int movegen_count(const Rules *r, const GameState *s)
{
    if (state_is_over(s))
        return 0;
    DISPATCH(r, count_moves, r, s);
}

Move movegen_nth(const Rules *r, const GameState *s, int n)
{
    assert(n >= 0 && n < movegen_count(r, s));
    DISPATCH(r, nth_move, r, s, n);
}

bool movegen_random(const Rules *r, const GameState *s, Rng *rng, Move *out)
{
    if (state_is_over(s))
        return false;
    DISPATCH(r, random_move, r, s, rng, out);
}

bool movegen_side_has_move(const Rules *r, const GameState *s, Side side)
{
    DISPATCH(r, side_has_move, r, s, side);
}

bool movegen_encircled(const Rules *r, const GameState *s)
{
    DISPATCH(r, encircled, r, s);
}

KingFlood movegen_king_flood(const Rules *r, const GameState *s)
{
    DISPATCH(r, king_flood, r, s);
}

int movegen_king_moves(const Rules *r, const GameState *s)
{
    DISPATCH(r, king_moves, r, s);
}

int movegen_edge_defenders(const Rules *r, const GameState *s)
{
    DISPATCH(r, edge_defenders, r, s);
}

bool movegen_is_legal(const Rules *r, const GameState *s, Move m)
{
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal(r, s, moves);
    for (int i = 0; i < n; i++)
        if (moves[i].from == m.from && moves[i].to == m.to)
            return true;
    return false;
}

MoveLegality movegen_legality(const Rules *r, const GameState *s, Move m, int *at)
{
    *at = m.to;
    if (movegen_is_legal(r, s, m))
        return MOVE_LEGAL;
    Piece p = state_piece_at(r, s, m.from);
    int n = r->size, step = 0;
    if (m.from / n == m.to / n && m.from != m.to)
        step = m.to > m.from ? 1 : -1;
    else if (m.from % n == m.to % n && m.from != m.to)
        step = m.to > m.from ? n : -n;
    bool corner = r->opt.corners && ((r->corner[m.to >> 6] >> (m.to & 63)) & 1);
    bool throne = r->opt.throne && m.to == r->throne_sq;
    if (state_is_over(s))
        return MOVE_GAME_OVER;
    if (p == PIECE_EMPTY || (p == PIECE_ATTACKER) != (s->side == SIDE_ATTACKERS)) {
        *at = m.from;
        return p == PIECE_EMPTY ? MOVE_NO_PIECE : MOVE_NOT_YOURS;
    }
    if (step == 0)
        return MOVE_NOT_STRAIGHT;
    if (state_piece_at(r, s, m.to) != PIECE_EMPTY)
        return MOVE_TARGET_TAKEN;
    bool may_pass = r->opt.throne_pass == THRONE_PASS_ALL ||
                    (p == PIECE_KING && r->opt.throne_pass == THRONE_PASS_KING);
    for (int sq = m.from + step; sq != m.to; sq += step) {
        *at = sq;
        if (state_piece_at(r, s, sq) != PIECE_EMPTY)
            return MOVE_BLOCKED;
        if (r->opt.throne && sq == r->throne_sq && !may_pass)
            return MOVE_THRONE_PASS;
    }
    *at = m.to;
    if ((corner || throne) && p != PIECE_KING)
        return corner ? MOVE_CORNER_STOP : MOVE_THRONE_STOP;
    if (throne && !r->opt.throne_reentry)
        return MOVE_THRONE_REENTRY;
    return MOVE_ILLEGAL;
}

/* --- the no-repeat rule (repetition = defenders_no_repeat) --- */

int movegen_recurrences(const Rules *r, const GameState *s, const History *hist, Move m)
{
    /* The board with one piece moved, the other side to move. */
    Piece p = state_piece_at(r, s, m.from);
    uint64_t after = s->hash ^ zobrist_piece(p, m.from) ^ zobrist_piece(p, m.to) ^ zobrist_side();
    return history_count_reply(hist, after);
}

bool movegen_repeats(const Rules *r, const GameState *s, const History *hist, Move m)
{
    if (!movegen_reads_history(r, s) || !hist || hist->length == 0)
        return false;
    /* A capture makes a position with fewer pieces than any since the last capture, so only a
     * quiet move can repeat; its position is the board with one piece moved, attackers to move.
     * The earliest it can recur is three entries back (each side moves away and back). */
    const HistoryEntry *newest = &hist->entries[hist->length - 1];
    if (newest->reversible < 3 || state_capture_count(r, s, m) > 0)
        return false;
    return movegen_recurrences(r, s, hist, m) > 0;
}

/* Drops from moves[0..n) those movegen_repeats forbids, keeping the order; returns the rest. */
static int drop_repeats(const Rules *r, const GameState *s, const History *hist, Move *moves, int n)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!movegen_repeats(r, s, hist, moves[i]))
            moves[kept++] = moves[i];
    return kept;
}

int movegen_legal_in_game(const Rules *r, const GameState *s, const History *hist, Move *moves)
{
    int n = movegen_legal(r, s, moves);
    return movegen_reads_history(r, s) ? drop_repeats(r, s, hist, moves, n) : n;
}

int movegen_count_in_game(const Rules *r, const GameState *s, const History *hist)
{
    if (!movegen_reads_history(r, s))
        return movegen_count(r, s);
    Move moves[RULES_MAX_MOVES];
    return movegen_legal_in_game(r, s, hist, moves);
}

bool movegen_random_in_game(const Rules *r, const GameState *s, const History *hist, Rng *rng,
                            Move *out)
{
    if (!movegen_reads_history(r, s))
        return movegen_random(r, s, rng, out);
    Move moves[RULES_MAX_MOVES];
    int n = movegen_legal_in_game(r, s, hist, moves);
    if (n == 0)
        return false;
    *out = moves[rng_below(rng, (uint32_t)n)];
    return true;
}

bool movegen_is_legal_in_game(const Rules *r, const GameState *s, const History *hist, Move m)
{
    return movegen_is_legal(r, s, m) && !movegen_repeats(r, s, hist, m);
}

MoveLegality movegen_legality_in_game(const Rules *r, const GameState *s, const History *hist,
                                      Move m, int *at)
{
    MoveLegality why = movegen_legality(r, s, m, at);
    if (why == MOVE_LEGAL && movegen_repeats(r, s, hist, m))
        return MOVE_REPEATS;
    return why;
}
