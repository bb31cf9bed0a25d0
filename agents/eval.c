/* The static evaluation: material, the king's distance to escape, his open lines to an escape
 * square, attackers beside him and mobility, weighted from the attackers' view. */
#include "agents/eval.h"

#include <stdbool.h>
#include <stdlib.h>

#include "rules/movegen.h"

/* Defaults and their reasons: see EVAL_PARAM_INITIALIZERS in eval.h. */
const ParamSpec EVAL_PARAMS[EVAL_PARAM_COUNT] = {EVAL_PARAM_INITIALIZERS};

void eval_weights_from(const double *values, EvalWeights *w)
{
    w->attacker_material = values[0];
    w->defender_material = values[1];
    w->king_distance = values[2];
    w->king_open_lines = values[3];
    w->king_attackers = values[4];
    w->mobility = values[5];
}

static inline bool bit_test(const uint64_t *bits, int sq)
{
    return (bits[sq >> 6] >> (sq & 63)) & 1;
}

static inline bool is_corner(const Rules *r, int sq)
{
    return r->opt.corners && bit_test(r->corner, sq);
}

static inline bool is_throne(const Rules *r, int sq)
{
    return r->opt.throne && sq == r->throne_sq;
}

static inline bool is_escape(const Rules *r, int sq)
{
    return r->opt.escape == ESCAPE_CORNER ? bit_test(r->corner, sq) : bit_test(r->edge, sq);
}

static inline bool occupied(const GameState *s, int sq)
{
    return bit_test(s->attackers, sq) || bit_test(s->defenders, sq) || s->king == sq;
}

/* Manhattan distance from the king to the nearest escape square: a corner, or the nearest
 * edge. Cheaper than a move distance and monotone in it on an open board. */
static int king_distance(const Rules *r, int k)
{
    int n = r->size - 1;
    int row = k / r->size, col = k % r->size;
    int dr = row < n - row ? row : n - row;
    int dc = col < n - col ? col : n - col;
    if (r->opt.escape == ESCAPE_EDGE)
        return dr < dc ? dr : dc;
    return dr + dc;
}

/* Escape squares the king reaches in one move: walk each line over empty squares (through the
 * empty throne only when throne_pass lets the king) and count the line when it stops on an
 * escape square. A corner ends any line, so a corner square is always the last one walked. */
static int king_open_lines(const Rules *r, const GameState *s)
{
    int open = 0;
    for (int d = 0; d < RULES_DIRS; d++) {
        int sq = s->king;
        for (;;) {
            int next = r->neighbour[sq][d];
            if (next < 0 || occupied(s, next))
                break;
            sq = next;
            if (is_escape(r, sq)) {
                open++;
                break;
            }
            if (is_throne(r, sq) && r->opt.throne_pass == THRONE_PASS_NONE)
                break;
        }
    }
    return open;
}

/* Attackers beside the king, with a corner hostile to defenders and the empty throne hostile to
 * defenders standing for attackers, as in RULES.md section 4. */
static int king_attackers(const Rules *r, const GameState *s)
{
    int count = 0;
    bool corner_hostile = r->opt.corner_hostile == CORNER_HOSTILE_ALL ||
                          r->opt.corner_hostile == CORNER_HOSTILE_DEFENDERS;
    bool throne_hostile = r->opt.throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
    for (int d = 0; d < RULES_DIRS; d++) {
        int u = r->neighbour[s->king][d];
        if (u < 0)
            continue;
        if (bit_test(s->attackers, u))
            count++;
        else if (is_corner(r, u))
            count += corner_hostile;
        else if (is_throne(r, u)) /* the king is beside it, so it is empty */
            count += throne_hostile;
    }
    return count;
}

double eval_evaluate(const Rules *r, const GameState *s, const EvalWeights *w)
{
    double v = w->attacker_material * s->attacker_count - w->defender_material * s->defender_count +
               w->king_distance * king_distance(r, s->king) -
               w->king_open_lines * king_open_lines(r, s) +
               w->king_attackers * king_attackers(r, s);
    if (w->mobility != 0.0) {
        /* The other side's moves are counted on a copy with the side flipped; movegen_count
         * reads only the boards and the side, so the stale hash does not matter. */
        GameState other = *s;
        other.side = (uint8_t)(s->side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS);
        int own = movegen_count(r, s), theirs = movegen_count(r, &other);
        int att = s->side == SIDE_ATTACKERS ? own : theirs;
        int def = s->side == SIDE_ATTACKERS ? theirs : own;
        v += w->mobility * (att - def);
    }
    return s->side == SIDE_ATTACKERS ? v : -v;
}
